"""Wiring one pet: each part is built with the narrow things it uses, and nothing more.

In dependency order: what it shows (the coordinator), its tasks and the checkpoint's writer, its
files (journal, versions, goal book, shelf, recall, the proposals), its organs (the face, the
slot, the battery, the household, the messenger, the one door out, health), its personality, the
one timer and the one admission, then the parts that think (`runtime.thinking`), and last what
carries out the owner's commands. It returns the pet's `Anatomy`.

A few callables are handed before what they call is built, because the pet's life runs in a
circle (the mind hears the body and the files, the body is shown, what is shown and what is
checkpointed read the whole pet, health reads the turns): they are the lambdas that name one of
the parts declared at the top of `wire`, and none of them is called before the pet wakes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.util import slugify

from ..body.battery import Battery
from ..body.door import Door
from ..body.face.keeper import FaceKeeper
from ..body.health import Health
from ..body.household import Household
from ..body.messenger import Messenger
from ..body.outward import Outward
from ..body.voice import Voice
from ..brain import Brain
from ..core.goals import MAX_OPEN
from ..core.language.tags import owners
from ..core.power import BackoffLevel, PowerState
from ..core.signals import SignalKind
from ..mind.mind import Mind
from ..needs.motivation import Motivation
from ..ports import Basics, Clock, Dials
from ..ports.const import (
    CONF_LANGUAGE,
    CONF_NAME,
    CONF_NOTIFY_TARGETS,
    CONF_SHELF_VECTORS,
    DEFAULT_NAME,
    DEFAULT_OPTIONS,
    DOMAIN,
)
from ..ports.issues import goals_overflow
from ..turns.turns import Turns
from ..vault.faces import face_table_stamp, read_face_table
from ..vault.goals import GoalBook
from ..vault.journal import Journal
from ..vault.proposals import Proposals
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from ..vault.vault import Vault, new_scrubber
from ..vault.versions import Versions
from .admission import Admission
from .anatomy import Anatomy, Files, Organs, Parts, Workings
from .answers import Answers, day_text
from .arbiter import Arbiter
from .bodily import Bodily
from .checkpoint import Checkpoint
from .continuity import Continuity
from .coordinator import PetCoordinator
from .heart import Heart
from .lifecycle import kept
from .nudges import Nudges
from .personality import Personality
from .promise_changes import PromiseChanges
from .rhythm import Rhythm
from .saving import Held, Saving
from .snapshot import inner_state, snapshot
from .tasks import Tasks
from .thinking import Living, think
from .watcher import Watcher


def wire(
    hass: HomeAssistant,
    entry: ConfigEntry[Any],
    brain: Brain,
    *,
    clock: Clock,
) -> Anatomy:
    """Build one pet's parts, each handed its doors."""
    entry_id = entry.entry_id
    executor = hass.async_add_executor_job
    name: str = entry.data.get(CONF_NAME, DEFAULT_NAME)
    dials = Dials({**DEFAULT_OPTIONS, **entry.options})
    scrubber = new_scrubber()  # one for everything the pet writes and publishes
    store = Checkpoint(hass, entry_id, scrubber)
    vault = Vault(Path(hass.config.path(DOMAIN, slugify(name) or "pet")), scrubber)
    # Built further down, and called by what is built before them once the pet wakes: the
    # circle of its life (the whole pet is read for what it shows and what it checkpoints).
    anatomy: Anatomy
    health: Health  # what fails on the disk, anywhere
    personality: Personality
    heart: Heart
    continuity: Continuity  # the vault's history in trouble
    rhythm: Rhythm  # the goal timer follows the goal book
    watcher: Watcher  # a file the pet changed itself
    turns: Turns  # health reads how the model fails
    motivation: Motivation
    mind: Mind  # the facts every part posts

    # What it shows, through the coordinator (read whole, once the pet is up).
    coordinator = PetCoordinator(
        hass, entry, build=lambda: snapshot(anatomy), inner=lambda: inner_state(anatomy)
    )
    show = coordinator.show
    outward = Outward(hass, scrubber)
    tasks = Tasks(hass, entry, name, lambda what, why: health.storage(what, why))
    spawn = tasks.spawn
    saving = Saving(
        hass,
        store,
        name=name,
        held=Held(state=lambda: personality.state, snapshot=lambda: kept(anatomy)),
        spawn=spawn,
        started=lambda: heart.started,
        utcnow=clock.utcnow,
        on_trouble=lambda why: health.storage("checkpoint", why),
    )

    def changed(*, save: bool = True) -> None:
        """Something beyond the personality changed: show it, and save it on the checkpoint
        cadence. Bookkeeping (`save=False`) never causes a write of its own."""
        if save:
            saving.mark()
        show()

    post = lambda kind, data=None: mind.post(kind, data)  # noqa: E731
    basics = Basics(
        name=name, entry_id=entry_id, clock=clock, dials=dials, spawn=spawn, changed=changed
    )

    # Its files.
    def journal_trouble(why: str | None) -> None:  # from the executor, to the loop
        hass.loop.call_soon_threadsafe(health.storage, "journal", why)

    def versions_trouble(trouble: str | None) -> None:  # from the executor, to the loop
        hass.loop.call_soon_threadsafe(continuity.history_issue, trouble)

    recall = Recall(vault, name, on_diary=show)  # a new journal line: the calendar shows it
    journal = Journal(
        vault,
        name,
        clock,
        language=lambda: owners(dials[CONF_LANGUAGE], hass.config.language),
        on_line=recall.add_line,
        on_trouble=journal_trouble,
    )
    versions = Versions(
        vault,
        on_trouble=versions_trouble,
    )
    goals = GoalBook(
        hass,
        vault,
        name,
        clock,
        spawn,
        on_change=lambda: rhythm.goals_changed(),
        on_trouble=lambda why: health.storage("goal book", why),
        on_overflow=lambda left: goals_overflow(hass, entry_id, name, left, MAX_OPEN),
    )
    proposals = Proposals(
        hass,
        basics=basics,
        vault=vault,
        versions=versions,
        post=post,
        files_changed=lambda rel: watcher.changed(rel),
        words=journal.words,
    )
    files = Files(
        scrubber,
        vault,
        journal,
        versions,
        goals,
        Shelf(vault, vectors=bool(dials[CONF_SHELF_VECTORS])),
        recall,
        proposals,
    )

    # Its organs.
    face = FaceKeeper(
        hass,
        basics=basics,
        read_table=lambda: read_face_table(vault),
        table_stamp=lambda: face_table_stamp(vault),
        fire=outward.fire,
    )

    def power_changed(
        power: PowerState, level: BackoffLevel, before: PowerState, level_before: BackoffLevel
    ) -> None:  # the battery moved: the mind hears of a new level or plug, the face follows
        if level is not level_before or power.on_battery != before.on_battery:
            plugged = "unplugged" if power.on_battery else "plugged in"
            about = f"{plugged}, {level.value}"
            data = {"level": level.value, "on_battery": power.on_battery, "about": about}
            mind.post(SignalKind.POWER, data)
        face.follow(personality.state, level)
        show()
        heart.arm()

    arbiter = Arbiter(face.slot_changed, show)  # a turn took the slot, or gave it back
    battery = Battery(
        hass,
        dials,
        power_changed,
    )
    household = Household(
        hass,
        dials=dials,
        clock=clock,
        post=post,
        seen=lambda entity, state, at: mind.believe(f"presence:{entity}", state, at, "presence"),
        words=journal.words,
    )
    messenger = Messenger(
        hass,
        name,
        list(dials[CONF_NOTIFY_TARGETS]),
        on_change=changed,
        shown=outward.shown,
        words=journal.words,
    )
    door = Door(
        basics=basics,
        journal=journal,
        voice=Voice(hass, name, dials),
        messenger=messenger,
        household=household,
        outward=outward,
    )
    health = Health(
        hass,
        basics=basics,
        vault_root=vault.root,
        save_failed=lambda: saving.failing,
        history_trouble=lambda: versions.trouble,
        brain_failure=lambda: turns.failure,
        scrubber=scrubber,
        words=journal.words,
    )
    organs = Organs(arbiter, battery, face, household, messenger, door, health, outward)

    # Its personality, the one timer, and the one way in for a turn the pet starts itself.
    personality = Personality(
        dials,
        follow=lambda state: face.follow(state, battery.level),
        show=show,
        utcnow=clock.utcnow,
    )

    def after_beat(persist: bool) -> None:  # the jobs ran: saved soon if they must, shown
        if persist:
            saving.mark()
        coordinator.release()

    heart = Heart(
        hass,
        clock=clock,
        personality=personality,
        battery=battery,
        before_run=coordinator.hold,
        after_run=after_beat,
    )
    admission = Admission(arbiter=arbiter, personality=personality, battery=battery)
    # Its parts that think, and the situation they keep in the vault.
    turns, motivation, watcher, mind, continuity = think(
        hass,
        entry,
        brain,
        basics,
        files,
        organs,
        Living(
            saving, heart, admission, personality, Bodily(name, personality, organs, heart, clock)
        ),
        post=post,
    )
    rhythm = Rhythm(
        heart,
        personality,
        clock,
        mind,
        save_due=saving.due,
        prunes=(lambda now: messenger.prune(now), goals.prune, mind.prune),
    )
    nudges = Nudges(personality, clock, face=face, battery=battery, shown=coordinator)

    def promises_changed() -> None:  # the goal timer follows, and the list shows it
        rhythm.goals_changed()
        show()

    answers = Answers(  # what other assistants are told (Home Assistant's LLM API)
        basics=basics,
        scrubber=scrubber,
        journal=journal,
        shown=lambda: coordinator.data,
        recall=lambda about, most: recall.index.search(about, limit=most, relative=0.3),
        shelf=lambda query, most: files.shelf.search(query, limit=most),
        read_day=lambda day: executor(day_text, vault, day),
        roots=(str(vault.root), hass.config.config_dir),
    )
    parts = Parts(
        turns,
        motivation,
        mind,
        watcher,
        answers,
        nudges,
        PromiseChanges(goals, journal, clock, changed=promises_changed),
    )
    workings = Workings(
        personality, saving, tasks, heart, rhythm, admission, coordinator, continuity
    )
    anatomy = Anatomy(hass, entry, clock, dials, files, organs, workings, parts)
    return anatomy  # the snapshot and the checkpoint read it whole
