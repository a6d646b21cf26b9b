"""Wiring one pet: each part is built with the narrow things it uses, and nothing more.

The doors out and the coordinator first, the files (journal, versions, goal book, shelf, recall,
the proposals), then the body
(the slot, the battery, the face, the household, the messenger, the one door out, health), the
one timer and the one admission, and last the parts (turns, needs, mind), which reach each other
only through what is handed to them here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..body.battery import Battery
from ..body.door import Door
from ..body.face import FaceKeeper
from ..body.health import Health
from ..body.home_api import HomeApi
from ..body.household import Household
from ..body.messenger import Messenger
from ..body.outward import Outward
from ..body.voice import Voice
from ..brain import Brain
from ..const import CONF_NOTIFY_TARGETS, CONF_SHELF_VECTORS
from ..core.diary import told
from ..core.goals import MAX_OPEN
from ..issues import goals_overflow
from ..mind.keeper import Keeper
from ..mind.means import Means, MindFiles
from ..mind.mind import Mind
from ..mind.situation import situation_file
from ..needs.motivation import Motivation
from ..ports import Basics
from ..turns.senses import Senses, Tells, TurnFiles
from ..turns.turns import Turns
from ..vault.faces import face_table_stamp, read_face_table
from ..vault.goals import GoalBook
from ..vault.proposals import Proposals
from ..vault.recall import Recall
from ..vault.records import Records
from ..vault.shelf import Shelf
from ..vault.versions import Versions
from .admission import Admission
from .answers import Answers, day_text
from .arbiter import Arbiter
from .continuity import Continuity
from .coordinator import PetCoordinator
from .heart import Heart
from .snapshot import inner_state, snapshot
from .views import Bodily, NeedsWindow
from .watcher import Watcher

if TYPE_CHECKING:
    from .life import Life


def today_told(pet: Life) -> list[str]:
    """What the pet did today, told briefly from its journal (for "what did you do today?")."""
    day = pet.recall.diary.day(pet.clock.now().date())
    return told(day.did) if day is not None else []


def wire(pet: Life, brain: Brain) -> None:
    """Build the pet's parts and hand each its doors."""
    hass, entry = pet.hass, pet.entry
    entry_id = entry.entry_id
    executor = hass.async_add_executor_job
    basics = Basics(
        name=pet.name,
        entry_id=entry_id,
        clock=pet.clock,
        dials=pet.dials,
        spawn=pet.spawn,
        changed=pet.mark_changed,
    )

    # Its doors out: one scrubber for all of them; what it shows, through the coordinator.
    pet.outward = outward = Outward(hass, pet.scrubber)
    pet.coordinator = PetCoordinator(
        hass, entry, build=lambda: snapshot(pet), inner=lambda: inner_state(pet)
    )

    # Its files.
    pet.journal = Records(pet.vault, pet.name, pet.clock, language=pet.language)

    def journal_trouble(why: str | None) -> None:  # from the executor, to the loop
        hass.loop.call_soon_threadsafe(pet.health.storage, "journal", why)

    pet.journal.on_trouble = journal_trouble
    pet.history = Versions(pet.vault, on_trouble=pet.on_history_trouble)
    pet.goals = GoalBook(
        hass,
        pet.vault,
        pet.name,
        pet.clock,
        pet.spawn,
        on_change=pet.goals_changed,
        on_trouble=lambda why: pet.health.storage("goal book", why),
        on_overflow=lambda left: goals_overflow(hass, entry_id, pet.name, left, MAX_OPEN),
    )
    pet.shelf = Shelf(pet.vault, vectors=bool(pet.dials[CONF_SHELF_VECTORS]))
    pet.recall = Recall(pet.vault, pet.name)
    pet.journal.on_line = pet.recall.add_line
    pet.recall.diary.on_change = pet.show  # a new journal line: the calendar shows it
    pet.soul = Proposals(
        hass,
        basics=basics,
        vault=pet.vault,
        history=pet.history,
        post=pet.post,
        files_changed=lambda rel: pet.watch.changed(rel),
        words=pet.journal.words,
    )
    pet.watch = Watcher(pet)
    pet.answers = Answers(  # what other assistants are told (Home Assistant's LLM API)
        basics=basics,
        scrubber=pet.scrubber,
        journal=pet.journal,
        shown=lambda: pet.coordinator.data,
        recall=lambda about, most: pet.recall.index.search(about, limit=most, relative=0.3),
        shelf=lambda query, most: pet.shelf.search(query, limit=most),
        read_day=lambda day: executor(day_text, pet.vault, day),
        roots=(str(pet.vault.root), hass.config.config_dir),
    )

    # Its body.
    pet.arbiter = Arbiter(pet.on_slot_change)
    pet.battery = Battery(hass, pet.dials, pet.on_power_change)
    pet.face = FaceKeeper(
        hass,
        basics=basics,
        read_table=lambda: read_face_table(pet.vault),
        table_stamp=lambda: face_table_stamp(pet.vault),
        fire=outward.fire,
    )
    pet.household = Household(
        hass,
        dials=pet.dials,
        clock=pet.clock,
        post=pet.post,
        seen=lambda entity, state, at: pet.mind.believe(
            f"presence:{entity}", state, at, "presence"
        ),
        words=pet.journal.words,
    )
    pet.messenger = Messenger(
        hass,
        pet.name,
        list(pet.dials[CONF_NOTIFY_TARGETS]),
        on_change=pet.mark_changed,
        shown=outward.shown,
        words=pet.journal.words,
    )
    pet.door = Door(
        basics=basics,
        journal=pet.journal,
        voice=Voice(hass, pet.name, pet.dials),
        messenger=pet.messenger,
        household=pet.household,
        outward=outward,
    )
    pet.health = Health(
        hass,
        basics=basics,
        vault_root=pet.vault.root,
        save_failed=lambda: pet.saving.failing,
        history_trouble=lambda: pet.history.trouble,
        brain_failure=lambda: pet.turns.failure,
        scrubber=pet.scrubber,
        words=pet.journal.words,
    )

    # The one timer, and the one way in for a turn the pet starts itself.
    pet.heart = Heart(
        hass,
        clock=pet.clock,
        last_interaction=lambda: pet.state.last_interaction_at,
        level=lambda: pet.battery.level,
        initiative=lambda: pet.initiative,
        after_run=pet.after_beat,
    )
    pet.admission = Admission(
        arbiter=pet.arbiter,
        budget=lambda: pet.turn_budget,
        state=lambda: pet.state,
        level=lambda: pet.battery.level,
        initiative=lambda: pet.initiative,
        apply=pet.apply,
    )
    body = Bodily(pet)  # what the parts may read of the body (never the pet itself)

    # Its parts.
    pet.turns = Turns(
        basics=basics,
        brain=brain,
        body=body,
        files=TurnFiles(
            journal=pet.journal,
            goals=pet.goals,
            vault=pet.vault,
            recall=pet.recall,
            shelf=lambda: pet.shelf,
            soul=pet.soul,
        ),
        slot=pet.arbiter,
        senses=Senses(
            situation=lambda now, promises=True: pet.mind.situation(
                now, for_prompt=True, promises=promises
            ),
            unsaid=lambda: pet.mind.reacher.take_held(),
            today=lambda: today_told(pet),
            open_home=HomeApi(hass, pet.dials, pet.scrubber).async_open,
            home=hass.config.location_name or "home",
        ),
        tells=Tells(
            post=pet.post,
            witnessed=lambda need, evidence: pet.motivation.witnessed(need, evidence),
            interacted=pet.record_interaction,
            save_soon=pet.save_soon,
            spoke=pet.spoke,
            key_rejected=pet.key_refused,
            fire=outward.fire,
            model_refused=pet.model_refused,
        ),
        executor=executor,
    )
    # The needs roll their dice from the pet's own name: repeatable, and different per pet.
    pet.motivation = Motivation(
        basics=basics,
        body=body,
        view=NeedsWindow(pet),
        goals=pet.goals,
        journal=pet.journal,
        vault=pet.vault,
        seed=entry.unique_id or entry.entry_id,
    )
    keeper = Keeper(  # the promises, given at their time whatever else the pet does
        clock=pet.clock,
        dials=pet.dials,
        goals=pet.goals,
        door=pet.door,
        admission=pet.admission,
        turns=pet.turns,
        spawn=pet.spawn,
        changed=pet.mark_changed,
    )
    pet.mind = Mind(
        basics=basics,
        body=body,
        heart=pet.heart,
        household=pet.household,
        files=MindFiles(
            journal=pet.journal,
            goals=pet.goals,
            shelf=lambda: pet.shelf,
            history=pet.history,
            journal_days=lambda: pet.watch.journal_days,
            watch_vault=pet.watch.look,
            refresh_situation=lambda: pet.continuity.refresh(),
        ),
        means=Means(
            turns=pet.turns,
            admission=pet.admission,
            door=pet.door,
            needs=pet.motivation,
        ),
        keeper=keeper,
        executor=executor,
    )
    pet.continuity = Continuity(
        hass,
        basics=basics,
        vault=pet.vault,
        journal=pet.journal,
        health=pet.health,
        scrubber=pet.scrubber,
        situation=lambda now: situation_file(pet.name, pet.mind.situation(now, for_prompt=False)),
        conversation_open=lambda: pet.turns.unflushed,
    )
