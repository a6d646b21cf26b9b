"""Building what the pet shows (`runtime.shown.PetData`) from the parts that own each figure,
once when something changed, and the pet's inner state for the diagnostics download.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache
from typing import Any, Final

from ..core.budget import turns_used_today
from ..core.diary import latest, shelf_acts
from ..core.goals import GoalState
from ..core.markup import plain
from ..core.power import STRETCH
from ..core.secrets.scrub import cut, scrub_data
from .anatomy import Anatomy
from .shown import MAX_LISTED, JournalDay, PetData, Promise

LAST_SAID_MAX: Final = 255  # a state holds at most 255 characters
REPAIRS_PATH: Final = "/config/repairs"
MAX_KEPT: Final = 50  # goals done lately that the to-do list shows ticked off


def snapshot(pet: Anatomy) -> PetData:
    """The pet as its surfaces show it now."""
    now = pet.clock.now()
    state, mood_face, power = (
        pet.workings.personality.state,
        pet.organs.face.mood_face,
        pet.organs.battery.power,
    )

    def shown(text: str) -> str:  # what an entity shows: scrubbed, and plain text
        return plain(pet.files.scrubber(text))

    def scrub(value: Any) -> Any:
        return scrub_data(value, shown)

    usage = pet.parts.turns.tokens.today(now)
    said = pet.parts.turns.last_said or {}
    open_goals = sorted(
        pet.files.goals.open_goals(), key=lambda g: (g.due is None, g.due or g.made_at, g.id)
    )
    promises = tuple(
        Promise(g.id, g.kind.value, shown(g.text), g.due, g.made_at) for g in open_goals
    )
    done = sorted(
        (g for g in pet.files.goals.items if g.state is GoalState.DONE),
        key=lambda g: (g.settled_at or g.made_at, g.id),
        reverse=True,
    )
    kept = tuple(
        Promise(g.id, g.kind.value, shown(g.text), g.due, g.made_at, done=True)
        for g in done[:MAX_KEPT]
    )
    edits = tuple(
        scrub({"id": p.id, "path": p.path, "reason": p.reason, "repair": REPAIRS_PATH})
        for p in pet.files.proposals.pending.values()
    )
    motivation = pet.parts.motivation.state
    rate = motivation.execution_rate
    decisions = scrub(list(pet.files.journal.decisions))
    days = journal_days(pet)
    return PetData(
        name=pet.name,
        mood=mood_face.name,
        moods=tuple(face.name for face in pet.organs.face.faces),
        mood_attributes={
            "valence": round(state.mood.valence, 3),
            "arousal": round(state.mood.arousal, 3),
            "energy": round(state.energy * 100, 1),  # percent, as sensor.<pet>_energy
            "feeling": mood_face.feeling,
        },
        valence=round(state.mood.valence, 3),
        arousal=round(state.mood.arousal, 3),
        energy=round(state.energy * 100, 1),
        turns_today=turns_used_today(state.budget, now),
        turns_left_today=pet.workings.personality.budget.turns_left(state.budget, now),
        power_mode=pet.organs.battery.level.value,
        power_attributes={"on_battery": power.on_battery, "charge": power.charge},
        tokens_today=usage.total,
        token_attributes={
            "input_uncached": usage.input,
            "input_cache_write": usage.cache_write,
            "input_cache_read": usage.cache_read,
            "output": usage.output,
            "billed_input_equivalent": round(usage.billed_input),
            "brain": pet.parts.turns.brain.name,
            **({"tokens_reported": False} if pet.parts.turns.brain.name == "ai_task" else {}),
        },
        last_said=cut(said.get("text") or "", LAST_SAID_MAX, shown) or None,
        last_said_attributes=scrub(
            {"text": said.get("text"), "kind": said.get("kind"), "at": said.get("at")}
        ),
        activity=pet.parts.mind.state.value,
        activity_attributes={
            "since": pet.parts.mind.state_since.isoformat(),
            "tick_seconds": round(pet.parts.mind.cadence_s * STRETCH[pet.organs.battery.level]),
            "token_pressure": round(pet.parts.mind.token_pressure, 3),
            "interruptions_today": pet.organs.door.interruptions_today(now),
            "assistant_calls_today": pet.parts.answers.calls_today(now),
            # the latest real choice (a tick that rests chooses nothing, and changes nothing)
            "last_choice": (decisions[-1]["about"] if decisions else None) or "none",
            "decisions": decisions,  # scrubbed above, once
        },
        top_need=pet.parts.motivation.top_need,
        need_attributes=pet.parts.motivation.attributes(),
        execution_rate=None if rate is None else round(rate * 100, 1),
        execution_attributes={
            "proposed": motivation.proposed,
            "resolved_with_evidence": motivation.resolved,
            "deferred": motivation.deferred,
            "self_reports": motivation.self_reports,
            "pending": sorted(motivation.pending),
            "deferred_because": dict(pet.parts.motivation.deferred_because),
        },
        promises=promises,
        kept=kept,
        edits=edits,
        last_interaction=state.last_interaction_at,
        face=pet.organs.face.display,
        face_png=pet.organs.face.png,
        face_updated=pet.organs.face.updated,
        thinking=pet.organs.arbiter.busy,
        waiting=pet.organs.arbiter.waiting,
        initiative=pet.workings.personality.initiative,
        journal=days,
        shelf=sum(1 for seen in pet.files.shelf.seen.values() if seen.get("status") == "read"),
        shelf_attributes=shelf_attributes(pet, days),
    )


def journal_days(pet: Anatomy) -> tuple[JournalDay, ...]:
    """The journal's last days: what the pet did each day, and how much it talked."""
    words = pet.files.journal.words
    out = []
    for day in pet.files.recall.diary.days(pet.clock.now().date()):
        kept, earlier = latest(day.did)
        lines = ([words("diary.earlier", count=earlier)] if earlier else []) + kept
        summary = words("diary.summary", did=len(day.did), talk=day.said + day.heard)
        out.append(JournalDay(date.fromisoformat(day.day), summary, "\n".join(lines)))
    return tuple(out)


def shelf_attributes(pet: Anatomy, days: tuple[JournalDay, ...]) -> dict[str, Any]:
    """The shelf's documents (a few), and what the pet last read from it."""
    documents = [
        {"name": doc, "status": seen.get("status"), "passages": seen.get("chunks")}
        for doc, seen in sorted(pet.files.shelf.seen.items())
        if seen.get("status") != "refused"
    ][:MAX_LISTED]
    read = [
        f"{day.day.isoformat()} {line}" for day in days for line in _shelf_acts(day.description)
    ]
    shown: dict[str, Any] = pet.files.scrubber.data(
        {"documents": documents, "last_read": read[-3:]}
    )
    return shown


def inner_state(pet: Anatomy) -> dict[str, Any]:
    """The pet's inner state and why it behaves so, scrubbed: what the diagnostics download
    adds to what the entities show (built when it is asked for, not on every change)."""
    now = pet.clock.now()
    scrubbed: dict[str, Any] = pet.files.scrubber.data(_inner(pet, now))
    return scrubbed


def _inner(pet: Anatomy, now: datetime) -> dict[str, Any]:
    heart = pet.workings.heart
    next_wake = heart.next_wake
    brain = pet.parts.turns.brain
    return {
        "pet": {
            "state": pet.workings.personality.state.to_dict(),
            "face": pet.organs.face.mood_face.name,
            "display": pet.organs.face.display,
            "faces": [face.name for face in pet.organs.face.faces],
            "power": {
                "on_battery": pet.organs.battery.power.on_battery,
                "charge": pet.organs.battery.power.charge,
                "level": pet.organs.battery.level.value,
            },
            "initiative": pet.workings.personality.initiative,
            "turn_in_flight": pet.organs.arbiter.busy,
            "turns_today": turns_used_today(pet.workings.personality.state.budget, now),
            "turns_left_today": pet.workings.personality.budget.turns_left(
                pet.workings.personality.state.budget, now
            ),
            "next_wake": next_wake.isoformat() if next_wake else None,
            "jobs": {
                name: {
                    "tier": job.tier.value,
                    "cost": job.cost,
                    "last_run": job.last_run.isoformat() if job.last_run else None,
                }
                for name, job in heart.scheduler.jobs.items()
            },
            "last_outcomes": [
                {"job": o.job, "decision": o.decision.value, "reason": o.reason}
                for o in heart.last_outcomes
            ],
            "vault": str(pet.files.vault.root),
        },
        "turns": {
            "brain": brain.name,
            # The Anthropic brain's model, or the AI Task entity the brain thinks with.
            "model": getattr(brain, "model", None) or getattr(brain, "entity_id", None),
            "history_exchanges": len(pet.parts.turns.exchanges.exchanges),
            "dream_backlog": pet.parts.mind.dreamer.backlog(),
            "folded_until": pet.parts.mind.folded_until,
            "shelf": {doc: seen.get("status") for doc, seen in pet.files.shelf.seen.items()},
            "proposals": [
                {"id": p.id, "path": p.path} for p in pet.files.proposals.pending.values()
            ],
            "history": "git" if pet.files.versions.uses_git else "versions folder",
            "open_goals": [
                {
                    "id": g.id,
                    "kind": g.kind.value,
                    "from": g.provenance.value,
                    "due": g.due.isoformat() if g.due else None,
                }
                for g in pet.files.goals.open_goals()
            ],
            "tokens_today": pet.parts.turns.tokens.to_dict(),
            "last_intent": pet.parts.turns.last_intent,
            "last_outcome": pet.parts.turns.last_outcome,
            "notify_targets": pet.organs.messenger.targets,
            "pending_replies": len(pet.organs.messenger.pending),
        },
    }


@lru_cache(maxsize=32)
def _shelf_acts(description: str) -> tuple[str, ...]:
    """A day's acts that read the shelf (a day's description changes only when it grows)."""
    return tuple(shelf_acts(description.splitlines()))
