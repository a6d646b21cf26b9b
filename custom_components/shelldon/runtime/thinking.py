"""Wiring the pet's parts that think: its turns, its needs, its mind (with the keeper of its
promises), the watcher of its vault, and the situation it keeps there. Each is handed the
narrow things it uses; they reach each other only through what is handed here.

Within these parts the circle of a life closes too: a turn reads the mind's present, the
needs read the mind, the mind refreshes the situation file. Those lambdas name a part built
further down, and none of them is called before the pet wakes.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant

from ..body.battery import Battery
from ..body.face.keeper import FaceKeeper
from ..body.home_api import HomeApi
from ..brain import Brain
from ..brain.anthropic_brain import DEFAULT_MODEL
from ..mind.keeper import Keeper
from ..mind.means import Means, MindFiles
from ..mind.mind import Mind
from ..mind.situation import situation_file
from ..needs.motivation import Motivation
from ..ports import Basics, Post
from ..ports.const import CONF_MODEL
from ..ports.issues import key_rejected, model_retired
from ..turns.senses import Senses, Tells, TurnFiles
from ..turns.turns import Turns
from .admission import Admission
from .anatomy import Files, Organs
from .bodily import Bodily
from .continuity import Continuity
from .heart import Heart
from .needs_window import NeedsWindow
from .personality import Personality
from .saving import Saving
from .watcher import Watcher


class Living(NamedTuple):
    """What keeps the pet alive, as its thinking parts are handed it."""

    saving: Saving
    heart: Heart
    admission: Admission
    personality: Personality
    body: Bodily  # the body as the parts may read it, and the one door to the personality


class Thinking(NamedTuple):
    """The parts that think, as built."""

    turns: Turns
    motivation: Motivation
    watcher: Watcher
    mind: Mind
    continuity: Continuity


def think(
    hass: HomeAssistant,
    entry: ConfigEntry[Any],
    brain: Brain,
    basics: Basics,
    files: Files,
    organs: Organs,
    living: Living,
    *,
    post: Post,
) -> Thinking:
    """Build the parts that think."""
    name, clock, dials, spawn = basics.name, basics.clock, basics.dials, basics.spawn
    saving, heart, admission, personality, body = living
    face, battery = organs.face, organs.battery
    executor = hass.async_add_executor_job
    motivation: Motivation  # the needs hear what a turn witnessed
    watcher: Watcher
    mind: Mind  # a turn reads its present
    continuity: Continuity  # the mind refreshes the situation file

    def interacted() -> None:  # the owner spoke: the idle clock restarts, the timer re-plans
        personality.interacted()
        heart.arm()

    def spoke() -> None:  # the turn in flight said something: the reply face lingers after it
        face.linger_reply = True

    def key_refused() -> None:  # a repair issue, and reauthentication
        key_rejected(hass, entry.entry_id, name)
        entry.async_start_reauth(hass)

    def model_refused(why: str) -> None:  # an issue whose fix picks a current model
        model = str(entry.data.get(CONF_MODEL) or DEFAULT_MODEL)
        model_retired(hass, entry.entry_id, name, model, why)

    turns = Turns(
        basics=basics,
        brain=brain,
        body=body,
        files=TurnFiles(
            journal=files.journal,
            goals=files.goals,
            vault=files.vault,
            recall=files.recall,
            shelf=lambda: files.shelf,
            proposals=files.proposals,
        ),
        slot=organs.arbiter,
        senses=Senses(
            situation=lambda now, promises=True: mind.situation(
                now, for_prompt=True, promises=promises
            ),
            unsaid=lambda: mind.reacher.take_held(),
            today=lambda: files.recall.told_today(clock.now().date()),
            open_home=HomeApi(hass, dials, files.scrubber).async_open,
            home=hass.config.location_name or "home",
        ),
        tells=Tells(
            post=post,
            witnessed=lambda need, evidence: motivation.witnessed(need, evidence),
            interacted=interacted,
            save_soon=saving.soon,
            spoke=spoke,
            key_rejected=key_refused,
            fire=organs.outward.fire,
            model_refused=model_refused,
        ),
        executor=executor,
    )
    # The needs roll their dice from the pet's own name: repeatable, and different per pet.
    motivation = Motivation(
        basics=basics,
        body=body,
        view=NeedsWindow(files, organs, saving, dials, clock, turns, lambda: mind),
        goals=files.goals,
        journal=files.journal,
        vault=files.vault,
        seed=entry.unique_id or entry.entry_id,
    )
    watcher = Watcher(
        hass,
        files,
        clock,
        motivation,
        spawn=spawn,
        post=post,
        folded_until=lambda: mind.folded_until,
        reload=lambda rel: _reload(rel, face, personality, battery, turns),
    )
    keeper = Keeper(  # the promises, given at their time whatever else the pet does
        clock=clock,
        dials=dials,
        goals=files.goals,
        door=organs.door,
        admission=admission,
        turns=turns,
        spawn=spawn,
        changed=basics.changed,
    )
    mind = Mind(
        basics=basics,
        body=body,
        heart=heart,
        household=organs.household,
        files=MindFiles(
            journal=files.journal,
            goals=files.goals,
            shelf=lambda: files.shelf,
            versions=files.versions,
            journal_days=lambda: watcher.journal_days,
            watch_vault=watcher.look,
            refresh_situation=lambda: continuity.refresh(),
        ),
        means=Means(turns=turns, admission=admission, door=organs.door, needs=motivation),
        keeper=keeper,
        executor=executor,
    )
    continuity = Continuity(
        hass,
        basics=basics,
        vault=files.vault,
        journal=files.journal,
        health=organs.health,
        scrubber=files.scrubber,
        situation=lambda now: situation_file(name, mind.situation(now, for_prompt=False)),
        conversation_open=lambda: turns.unflushed,
    )
    return Thinking(turns, motivation, watcher, mind, continuity)


async def _reload(
    rel: str, face: FaceKeeper, personality: Personality, battery: Battery, turns: Turns
) -> None:
    """A file the face or the turns read changed: they read it again."""
    if rel.startswith("soul/"):
        await turns.async_load_soul()
    else:
        await face.async_check_table(personality.state, battery.level)
