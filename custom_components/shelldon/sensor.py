"""Sensors: how the pet feels, what it has spent, how it is powered."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
from .core.needs.ten_needs import DEFAULT_NEEDS
from .core.power import BackoffLevel
from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.shown import MAX_LISTED, PetData

PARALLEL_UPDATES = 0


@dataclass(frozen=True, kw_only=True)
class PetSensorDescription(SensorEntityDescription):
    """A sensor is a row: what it reads off the pet's snapshot."""

    value_fn: Callable[[PetData], str | int | float | datetime | None]
    attrs_fn: Callable[[PetData], Mapping[str, Any]] | None = None
    options_fn: Callable[[PetData], list[str]] | None = None


def _promises_attrs(data: PetData) -> dict[str, Any]:
    return {
        "promises": [
            {
                "id": p.id,
                "kind": p.kind,
                "text": p.text,
                "due": p.due.isoformat() if p.due else None,
            }
            for p in data.promises[:MAX_LISTED]
        ]
    }


SENSORS: tuple[PetSensorDescription, ...] = (
    PetSensorDescription(
        key="mood",
        translation_key="mood",
        device_class=SensorDeviceClass.ENUM,
        value_fn=lambda data: data.mood,
        attrs_fn=lambda data: data.mood_attributes,
        options_fn=lambda data: list(data.moods),
    ),
    PetSensorDescription(
        key="valence",
        translation_key="valence",
        state_class=SensorStateClass.MEASUREMENT,
        suggested_display_precision=2,
        value_fn=lambda data: data.valence,
    ),
    PetSensorDescription(
        key="arousal",
        translation_key="arousal",
        state_class=SensorStateClass.MEASUREMENT,
        suggested_display_precision=2,
        value_fn=lambda data: data.arousal,
    ),
    PetSensorDescription(
        key="energy",
        translation_key="energy",
        native_unit_of_measurement=PERCENTAGE,
        state_class=SensorStateClass.MEASUREMENT,
        suggested_display_precision=0,
        value_fn=lambda data: data.energy,
    ),
    PetSensorDescription(
        key="turns_today",
        translation_key="turns_today",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="turns",
        value_fn=lambda data: data.turns_today,
    ),
    PetSensorDescription(
        key="turns_left_today",
        translation_key="turns_left_today",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="turns",
        value_fn=lambda data: data.turns_left_today,
    ),
    PetSensorDescription(
        key="power_mode",
        translation_key="power_mode",
        device_class=SensorDeviceClass.ENUM,
        entity_category=EntityCategory.DIAGNOSTIC,
        options=[level.value for level in BackoffLevel],
        value_fn=lambda data: data.power_mode,
        attrs_fn=lambda data: data.power_attributes,
    ),
    PetSensorDescription(
        key="tokens_today",
        translation_key="tokens_today",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="tokens",
        value_fn=lambda data: data.tokens_today,
        attrs_fn=lambda data: data.token_attributes,
    ),
    PetSensorDescription(
        key="last_said",
        translation_key="last_said",
        value_fn=lambda data: data.last_said,
        attrs_fn=lambda data: data.last_said_attributes,
    ),
    PetSensorDescription(
        key="activity",
        translation_key="activity",
        device_class=SensorDeviceClass.ENUM,
        options=[state.value for state in Activity],
        value_fn=lambda data: data.activity,
        attrs_fn=lambda data: data.activity_attributes,
    ),
    PetSensorDescription(
        key="top_need",
        translation_key="top_need",
        device_class=SensorDeviceClass.ENUM,
        options=[need.name for need in DEFAULT_NEEDS],
        value_fn=lambda data: data.top_need,
        attrs_fn=lambda data: data.need_attributes,
    ),
    PetSensorDescription(
        key="execution_rate",
        translation_key="execution_rate",
        entity_category=EntityCategory.DIAGNOSTIC,
        native_unit_of_measurement=PERCENTAGE,
        state_class=SensorStateClass.MEASUREMENT,
        value_fn=lambda data: data.execution_rate,
        attrs_fn=lambda data: data.execution_attributes,
    ),
    PetSensorDescription(
        key="open_promises",
        translation_key="open_promises",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="promises",
        value_fn=lambda data: len(data.promises),
        attrs_fn=_promises_attrs,
    ),
    PetSensorDescription(
        key="pending_edits",
        translation_key="pending_edits",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="edits",
        value_fn=lambda data: len(data.edits),
        attrs_fn=lambda data: {"edits": list(data.edits[:MAX_LISTED])},
    ),
    PetSensorDescription(
        key="shelf",
        translation_key="shelf",
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement="documents",
        value_fn=lambda data: data.shelf,
        attrs_fn=lambda data: data.shelf_attributes or {},
    ),
    PetSensorDescription(
        key="last_interaction",
        translation_key="last_interaction",
        device_class=SensorDeviceClass.TIMESTAMP,
        value_fn=lambda data: data.last_interaction,
    ),
)


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """One sensor per row."""
    coordinator = entry.runtime_data.coordinator
    async_add_entities(PetSensor(coordinator, description) for description in SENSORS)


class PetSensor(PetEntity, SensorEntity):
    """A sensor reading one thing off the pet's snapshot (already scrubbed)."""

    platform_domain = "sensor"

    entity_description: PetSensorDescription

    def shown(self) -> tuple[object, ...]:
        """Its value, its detail and its options, as the snapshot has them."""
        description, data = self.entity_description, self.coordinator.data
        return (
            description.value_fn(data),
            description.attrs_fn(data) if description.attrs_fn else None,
            description.options_fn(data) if description.options_fn else None,
        )

    @property
    def native_value(self) -> str | int | float | datetime | None:
        """The value read off the snapshot."""
        return self.entity_description.value_fn(self.coordinator.data)

    @property
    def extra_state_attributes(self) -> dict[str, Any] | None:
        """Extra detail, where the row has some."""
        if self.entity_description.attrs_fn is None:
            return None
        return dict(self.entity_description.attrs_fn(self.coordinator.data))

    @property
    def options(self) -> list[str] | None:
        """Enum options (the mood's follow the owner's face table)."""
        if self.entity_description.options_fn is not None:
            return self.entity_description.options_fn(self.coordinator.data)
        return self.entity_description.options
