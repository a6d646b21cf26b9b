"""Sensors: how the pet feels, what it has spent, how it is powered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from homeassistant.components.sensor import (
    SensorDeviceClass,
    SensorEntity,
    SensorEntityDescription,
    SensorStateClass,
)
from homeassistant.const import PERCENTAGE, EntityCategory
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .core.activity import Activity
from .core.power import BackoffLevel
from .core.ten_needs import DEFAULT_NEEDS
from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.pet import Pet

PARALLEL_UPDATES = 0


@dataclass(frozen=True, kw_only=True)
class PetSensorDescription(SensorEntityDescription):
    """A sensor is a row: what it reads off the pet."""

    value_fn: Callable[[Pet], str | int | float | datetime | None]
    attrs_fn: Callable[[Pet], dict[str, Any]] | None = None
    options_fn: Callable[[Pet], list[str]] | None = None


def _mood_attrs(pet: Pet) -> dict[str, Any]:
    return {
        "valence": round(pet.state.mood.valence, 3),
        "arousal": round(pet.state.mood.arousal, 3),
        "energy": round(pet.state.energy, 3),
        "feeling": pet.mood_face.feeling,
    }


def _tokens_attrs(pet: Pet) -> dict[str, Any]:
    usage = pet.turns.tokens.today(pet.clock.now())
    return {
        "input_uncached": usage.input,
        "input_cache_write": usage.cache_write,
        "input_cache_read": usage.cache_read,
        "output": usage.output,
        "billed_input_equivalent": round(usage.billed_input),
        "brain": pet.turns.brain.name,
        **({"tokens_reported": False} if pet.turns.brain.name == "ai_task" else {}),
    }


def _activity_attrs(pet: Pet) -> dict[str, Any]:
    mind = pet.mind
    record = mind.last_record
    return {
        "since": mind.state_since.isoformat(),
        "tick_seconds": round(mind.cadence_s * pet.stretch),
        "token_pressure": round(mind.token_pressure, 3),
        "interruptions_today": pet.door.interruptions_today(pet.clock.now()),
        "last_choice": ((record.choice or {}).get("about") if record else None) or "none",
    }


def _execution_rate(pet: Pet) -> float | None:
    rate = pet.motivation.state.execution_rate
    return None if rate is None else round(rate * 100, 1)


def _execution_attrs(pet: Pet) -> dict[str, Any]:
    state = pet.motivation.state
    return {
        "proposed": state.proposed,
        "resolved_with_evidence": state.resolved,
        "deferred": state.deferred,
        "self_reports": state.self_reports,
        "pending": sorted(state.pending),
        "deferred_because": dict(pet.motivation.deferred_because),
    }


def _last_said_attrs(pet: Pet) -> dict[str, Any]:
    said = pet.turns.last_said or {}
    return {"text": said.get("text"), "kind": said.get("kind"), "at": said.get("at")}


MAX_LISTED = 20  # items an attribute lists (the count is the state)


def _promises_attrs(pet: Pet) -> dict[str, Any]:
    goals = pet.goals.open_goals()
    return {
        "promises": [
            {
                "id": g.id,
                "kind": g.kind.value,
                "text": g.text,
                "due": g.due.isoformat() if g.due else None,
            }
            for g in sorted(goals, key=lambda g: (g.due is None, g.due or g.made_at))[:MAX_LISTED]
        ]
    }


def _edits_attrs(pet: Pet) -> dict[str, Any]:
    return {
        "edits": [
            {"id": p.id, "path": p.path, "reason": p.reason, "repair": REPAIRS_PATH}
            for p in list(pet.soul.pending.values())[:MAX_LISTED]
        ]
    }


REPAIRS_PATH = "/config/repairs"

SENSORS: tuple[PetSensorDescription, ...] = (
    PetSensorDescription(
        key="mood",
        translation_key="mood",
        device_class=SensorDeviceClass.ENUM,
        value_fn=lambda pet: pet.mood_face.name,
        attrs_fn=_mood_attrs,
        options_fn=lambda pet: [face.name for face in pet.faces],
    ),
    PetSensorDescription(
        key="valence",
        translation_key="valence",
        state_class=SensorStateClass.MEASUREMENT,
        suggested_display_precision=2,
        value_fn=lambda pet: round(pet.state.mood.valence, 3),
    ),
    PetSensorDescription(
        key="arousal",
        translation_key="arousal",
        state_class=SensorStateClass.MEASUREMENT,
        suggested_display_precision=2,
        value_fn=lambda pet: round(pet.state.mood.arousal, 3),
    ),
    PetSensorDescription(
        key="energy",
        translation_key="energy",
        native_unit_of_measurement=PERCENTAGE,
        state_class=SensorStateClass.MEASUREMENT,
        suggested_display_precision=0,
        value_fn=lambda pet: round(pet.state.energy * 100, 1),
    ),
    PetSensorDescription(
        key="turns_today",
        translation_key="turns_today",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="turns",
        value_fn=lambda pet: pet.turns_today,
    ),
    PetSensorDescription(
        key="turns_left_today",
        translation_key="turns_left_today",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="turns",
        value_fn=lambda pet: pet.turns_left_today,
    ),
    PetSensorDescription(
        key="power_mode",
        translation_key="power_mode",
        device_class=SensorDeviceClass.ENUM,
        entity_category=EntityCategory.DIAGNOSTIC,
        options=[level.value for level in BackoffLevel],
        value_fn=lambda pet: pet.level.value,
        attrs_fn=lambda pet: {
            "on_battery": pet.power.on_battery,
            "charge": pet.power.charge,
        },
    ),
    PetSensorDescription(
        key="tokens_today",
        translation_key="tokens_today",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="tokens",
        value_fn=lambda pet: pet.turns.tokens.today(pet.clock.now()).total,
        attrs_fn=_tokens_attrs,
    ),
    PetSensorDescription(
        key="last_said",
        translation_key="last_said",
        value_fn=lambda pet: pet.scrubber.cut((pet.turns.last_said or {}).get("text", ""), 255)
        or None,
        attrs_fn=_last_said_attrs,
    ),
    PetSensorDescription(
        key="activity",
        translation_key="activity",
        device_class=SensorDeviceClass.ENUM,
        options=[state.value for state in Activity],
        value_fn=lambda pet: pet.mind.state.value,
        attrs_fn=_activity_attrs,
    ),
    PetSensorDescription(
        key="top_need",
        translation_key="top_need",
        device_class=SensorDeviceClass.ENUM,
        options=[need.name for need in DEFAULT_NEEDS],
        value_fn=lambda pet: pet.motivation.top_need,
        attrs_fn=lambda pet: pet.motivation.attributes(),
    ),
    PetSensorDescription(
        key="execution_rate",
        translation_key="execution_rate",
        entity_category=EntityCategory.DIAGNOSTIC,
        native_unit_of_measurement=PERCENTAGE,
        state_class=SensorStateClass.MEASUREMENT,
        value_fn=_execution_rate,
        attrs_fn=_execution_attrs,
    ),
    PetSensorDescription(
        key="open_promises",
        translation_key="open_promises",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="promises",
        value_fn=lambda pet: len(pet.goals.open_goals()),
        attrs_fn=_promises_attrs,
    ),
    PetSensorDescription(
        key="pending_edits",
        translation_key="pending_edits",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="edits",
        value_fn=lambda pet: len(pet.soul.pending),
        attrs_fn=_edits_attrs,
    ),
    PetSensorDescription(
        key="last_interaction",
        translation_key="last_interaction",
        device_class=SensorDeviceClass.TIMESTAMP,
        value_fn=lambda pet: pet.last_interaction,
    ),
)


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """One sensor per row."""
    async_add_entities(PetSensor(entry.runtime_data, description) for description in SENSORS)


class PetSensor(PetEntity, SensorEntity):
    """A sensor reading one thing off the pet."""

    entity_description: PetSensorDescription

    def shown(self) -> Any:
        """State, attributes and options."""
        return (self.native_value, self.extra_state_attributes, self.options)

    @property
    def native_value(self) -> str | int | float | datetime | None:
        """The value read off the pet (a text scrubbed: the recorder keeps every state)."""
        value = self.entity_description.value_fn(self.pet)
        return self.pet.scrubber(value) if isinstance(value, str) else value

    @property
    def extra_state_attributes(self) -> dict[str, Any] | None:
        """Extra detail, where the row has some, every text in it scrubbed."""
        if self.entity_description.attrs_fn is None:
            return None
        attributes: dict[str, Any] = self.pet.scrubber.data(
            self.entity_description.attrs_fn(self.pet)
        )
        return attributes

    @property
    def options(self) -> list[str] | None:
        """Enum options (the mood's follow the owner's face table)."""
        if self.entity_description.options_fn is not None:
            return self.entity_description.options_fn(self.pet)
        return self.entity_description.options
