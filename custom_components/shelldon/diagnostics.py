"""Diagnostics: what the pet is and why it behaves so, with every secret redacted."""

from __future__ import annotations

from typing import Any

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.core import HomeAssistant

from .const import CONF_API_KEY
from .runtime import ShelldonConfigEntry

TO_REDACT = {CONF_API_KEY}


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: ShelldonConfigEntry
) -> dict[str, Any]:
    """The entry, its options and the pet's inner state, every string in it scrubbed."""
    pet = entry.runtime_data
    found: dict[str, Any] = pet.scrubber.data(_diagnostics(entry))
    return found


def _diagnostics(entry: ShelldonConfigEntry) -> dict[str, Any]:
    pet = entry.runtime_data
    next_wake = pet.next_wake
    return {
        "entry": {
            "data": async_redact_data(dict(entry.data), TO_REDACT),
            "options": async_redact_data(dict(entry.options), TO_REDACT),
        },
        "pet": {
            "state": pet.state.to_dict(),
            "face": pet.mood_face.name,
            "display": pet.display,
            "faces": [face.name for face in pet.faces],
            "power": {
                "on_battery": pet.power.on_battery,
                "charge": pet.power.charge,
                "level": pet.level.value,
            },
            "initiative": pet.initiative,
            "turn_in_flight": pet.turn_in_flight,
            "turns_today": pet.turns_today,
            "turns_left_today": pet.turns_left_today,
            "next_wake": next_wake.isoformat() if next_wake else None,
            "jobs": {
                name: {
                    "tier": job.tier.value,
                    "cost": job.cost,
                    "last_run": job.last_run.isoformat() if job.last_run else None,
                }
                for name, job in pet.scheduler.jobs.items()
            },
            "last_outcomes": [
                {"job": o.job, "decision": o.decision.value, "reason": o.reason}
                for o in pet.last_outcomes
            ],
            "vault": str(pet.vault.root),
        },
        "turns": {
            "brain": pet.turns.brain.name,
            # The Anthropic brain's model, or the AI Task entity the brain thinks with.
            "model": getattr(pet.turns.brain, "model", None)
            or getattr(pet.turns.brain, "entity_id", None),
            "history_exchanges": len(pet.turns.history.exchanges),
            "dream_backlog": pet.mind.dream_backlog(),
            "folded_until": pet.mind.folded_until,
            "shelf": {doc: seen.get("status") for doc, seen in pet.shelf.seen.items()},
            "proposals": [{"id": p.id, "path": p.path} for p in pet.soul.pending.values()],
            "history": "git" if pet.history.uses_git else "versions folder",
            "open_goals": [
                {
                    "id": g.id,
                    "kind": g.kind.value,
                    "from": g.provenance.value,
                    "due": g.due.isoformat() if g.due else None,
                }
                for g in pet.goals.open_goals()
            ],
            "tokens_today": pet.turns.tokens.to_dict(),
            "last_intent": pet.turns.last_intent,
            "last_outcome": pet.turns.last_outcome,
            "notify_targets": pet.messenger.targets,
            "pending_replies": len(pet.messenger.pending),
        },
    }
