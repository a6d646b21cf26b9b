"""Setting a pet up, unloading it and reloading it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.components.sensor import ATTR_OPTIONS, ATTR_STATE_CLASS
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import (
    ATTR_DEVICE_CLASS,
    ATTR_FRIENDLY_NAME,
    ATTR_UNIT_OF_MEASUREMENT,
    STATE_OFF,
    STATE_ON,
    STATE_UNKNOWN,
    EntityCategory,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import device_registry as dr
from homeassistant.helpers import entity_registry as er
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.ports.const import DOMAIN
from tests.common import async_setup_pet, local


async def test_setup_creates_the_pet_and_its_entities(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    pet = await async_setup_pet(hass, config_entry)
    assert config_entry.state is ConfigEntryState.LOADED
    assert pet.workings.heart.armed_at is not None, "the pet's one timer is armed"
    for entity_id in (
        "sensor.shelldon_mood",
        "sensor.shelldon_valence",
        "sensor.shelldon_arousal",
        "sensor.shelldon_energy",
        "sensor.shelldon_turns_today",
        "sensor.shelldon_turns_left_today",
        "sensor.shelldon_power_mode",
        "sensor.shelldon_last_interaction",
        "image.shelldon_face",
        "switch.shelldon_initiative",
    ):
        assert hass.states.get(entity_id) is not None, entity_id
    assert hass.services.has_service(DOMAIN, "nudge")


async def test_unload_stops_the_timer_and_checkpoints_what_changed(
    hass: HomeAssistant, config_entry: MockConfigEntry, save_counter: list
) -> None:
    pet = await async_setup_pet(hass, config_entry)
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "positive"}, blocking=True)
    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    assert config_entry.state is ConfigEntryState.NOT_LOADED
    assert pet.workings.heart.armed_at is None
    assert save_counter, "the nudge reached the checkpoint on unload"
    assert save_counter[-1]["personality"]["mood"]["valence"] == 0.3
    assert hass.states.get("sensor.shelldon_mood").state == "unavailable"


async def test_reload_keeps_the_mood(hass: HomeAssistant, config_entry: MockConfigEntry) -> None:
    await async_setup_pet(hass, config_entry)
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "negative"}, blocking=True)
    assert await hass.config_entries.async_reload(config_entry.entry_id)
    await hass.async_block_till_done()
    assert config_entry.runtime_data.pet.anatomy.workings.personality.state.mood.valence == -0.3
    assert float(hass.states.get("sensor.shelldon_valence").state) == -0.3


async def test_two_pets_live_side_by_side(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    other = MockConfigEntry(
        domain=DOMAIN, title="Pebble", unique_id="pebble", data={"name": "Pebble"}
    )
    other.add_to_hass(hass)
    await async_setup_pet(hass, config_entry)  # sets up every shelldon entry
    assert other.state is ConfigEntryState.LOADED
    assert hass.states.get("sensor.pebble_mood") is not None
    assert hass.states.get("sensor.shelldon_mood") is not None
    assert (
        config_entry.runtime_data.pet.anatomy.files.vault.root
        != other.runtime_data.pet.anatomy.files.vault.root
    )


# ---------------------------------------------------------------------- the public surface
# DESIGN.md, "The public surface": what a freshly set-up default pet shows. Owners' dashboards and
# automations read these ids, states, units, classes and categories; each row pins one entity.

SET_UP_AT = (2026, 11, 30, 12, 0)  # local noon: no quiet hours, no night


@dataclass(frozen=True)
class Row:
    """What one entity of a fresh default pet shows."""

    key: str  # the unique id is <entry_id>_<key>
    state: str
    name: str  # friendly name: "<pet> <translated name>"
    translation_key: str | None
    unit: str | None = None
    device_class: str | None = None
    state_class: str | None = None
    category: EntityCategory | None = None
    options: tuple[str, ...] | None = None  # enum sensors
    attrs: dict[str, Any] = field(default_factory=dict)  # attributes automations read


NEEDS = (
    "security",
    "integrity",
    "coherence",
    "closure",
    "autonomy",
    "connection",
    "competence",
    "understanding",
    "recognition",
    "expression",
)

SURFACE: dict[str, Row] = {
    "sensor.shelldon_mood": Row(
        key="mood",
        state="content",
        name="Shelldon Mood",
        translation_key="mood",
        device_class="enum",
        options=("content", "sleepy", "grumpy", "excited", "curious", "low_battery"),
        attrs={"valence": 0.0, "arousal": 0.0, "energy": 50.0, "feeling": "content"},
    ),
    "sensor.shelldon_valence": Row(
        key="valence",
        state="0.0",
        name="Shelldon Valence",
        translation_key="valence",
        state_class="measurement",
    ),
    "sensor.shelldon_arousal": Row(
        key="arousal",
        state="0.0",
        name="Shelldon Arousal",
        translation_key="arousal",
        state_class="measurement",
    ),
    "sensor.shelldon_energy": Row(
        key="energy",
        state="50.0",
        name="Shelldon Energy",
        translation_key="energy",
        unit="%",
        state_class="measurement",
    ),
    "sensor.shelldon_turns_today": Row(
        key="turns_today",
        state="0",
        name="Shelldon Turns today",
        translation_key="turns_today",
        unit="turns",
        state_class="measurement",
    ),
    "sensor.shelldon_turns_left_today": Row(
        key="turns_left_today",
        state="12",  # the default daily turn budget
        name="Shelldon Turns left today",
        translation_key="turns_left_today",
        unit="turns",
        state_class="measurement",
    ),
    "sensor.shelldon_tokens_today": Row(
        key="tokens_today",
        state="0",
        name="Shelldon Tokens today",
        translation_key="tokens_today",
        unit="tokens",
        state_class="measurement",
        attrs={
            "input_uncached": 0,
            "input_cache_write": 0,
            "input_cache_read": 0,
            "output": 0,
            "billed_input_equivalent": 0,
            "brain": "offline",
        },
    ),
    "sensor.shelldon_power_mode": Row(
        key="power_mode",
        state="lively",
        name="Shelldon Power mode",
        translation_key="power_mode",
        device_class="enum",
        category=EntityCategory.DIAGNOSTIC,
        options=("lively", "eased", "low"),
        attrs={"on_battery": False, "charge": None},
    ),
    "sensor.shelldon_activity": Row(
        key="activity",
        state="idle",
        name="Shelldon Activity",
        translation_key="activity",
        device_class="enum",
        options=("engaged", "idle", "dormant", "dream"),
        attrs={
            "since": "2026-11-30T20:00:00+00:00",  # set up at local noon (US/Pacific in tests)
            "tick_seconds": 60,
            "token_pressure": 0.0,
            "interruptions_today": 0,
            "assistant_calls_today": 0,
            "last_choice": "none",  # no choice yet (translated as a state of the attribute)
            "decisions": [],
        },
    ),
    "sensor.shelldon_last_interaction": Row(
        key="last_interaction",
        state=STATE_UNKNOWN,
        name="Shelldon Last interaction",
        translation_key="last_interaction",
        device_class="timestamp",
    ),
    "sensor.shelldon_last_said": Row(
        key="last_said",
        state=STATE_UNKNOWN,
        name="Shelldon Last said",
        translation_key="last_said",
        attrs={"text": None, "kind": None, "at": None},
    ),
    "sensor.shelldon_top_need": Row(
        key="top_need",
        state="security",  # every need equally satisfied: the first in the pyramid
        name="Shelldon Top need",
        translation_key="top_need",
        device_class="enum",
        options=NEEDS,
        # only the documented <need>_tension (and _satisfaction), no bare <need> keys
        attrs=dict.fromkeys((f"{n}_tension" for n in NEEDS), 0.25) | {"pending": []},
    ),
    "sensor.shelldon_execution_rate": Row(
        key="execution_rate",
        state=STATE_UNKNOWN,  # nothing proposed yet
        name="Shelldon Execution rate",
        translation_key="execution_rate",
        unit="%",
        state_class="measurement",
        category=EntityCategory.DIAGNOSTIC,
        attrs={
            "proposed": 0,
            "resolved_with_evidence": 0,
            "deferred": 0,
            "self_reports": 0,
            "pending": [],
        },
    ),
    "sensor.shelldon_open_promises": Row(
        key="open_promises",
        state="0",
        name="Shelldon Open promises",
        translation_key="open_promises",
        unit="promises",
        state_class="measurement",
        attrs={"promises": []},
    ),
    "sensor.shelldon_shelf": Row(
        key="shelf",
        state="0",
        name="Shelldon Shelf",
        translation_key="shelf",
        unit="documents",
        state_class="measurement",
        attrs={"documents": [], "last_read": []},
    ),
    "calendar.shelldon_journal": Row(
        key="journal",
        state="off",  # nothing in today's journal yet
        name="Shelldon Journal",
        translation_key="journal",
    ),
    "sensor.shelldon_pending_edits": Row(
        key="pending_edits",
        state="0",
        name="Shelldon Pending edits",
        translation_key="pending_edits",
        unit="edits",
        state_class="measurement",
        attrs={"edits": []},
    ),
    "image.shelldon_face": Row(
        key="face",
        state="2026-11-30T20:00:00+00:00",  # drawn when the pet was set up
        name="Shelldon Face",
        translation_key="face",
        attrs={"face": "content"},
    ),
    "binary_sensor.shelldon_thinking": Row(
        key="thinking",
        state=STATE_OFF,
        name="Shelldon Thinking",
        translation_key="thinking",
        device_class="running",
        attrs={"waiting": 0},
    ),
    "switch.shelldon_initiative": Row(
        key="initiative",
        state=STATE_ON,
        name="Shelldon Initiative",
        translation_key="initiative",
        category=EntityCategory.CONFIG,
    ),
    "todo.shelldon_promises": Row(
        key="promises",
        state="0",  # open promises: none yet
        name="Shelldon Promises",
        translation_key="promises",
    ),
    "conversation.shelldon": Row(
        key="conversation",
        state=STATE_UNKNOWN,
        name="Shelldon",  # the pet itself: no entity name of its own
        translation_key=None,
    ),
}


def _surface_problems(hass: HomeAssistant, entry: MockConfigEntry) -> list[str]:
    """Every way the pet's entities differ from SURFACE (empty when they match)."""
    registry = er.async_get(hass)
    problems: list[str] = []
    for entity_id, row in SURFACE.items():
        entity = registry.async_get(entity_id)
        state = hass.states.get(entity_id)
        if entity is None or state is None:
            problems.append(f"{entity_id}: missing (registry {entity}, state {state})")
            continue

        def check(what: str, got: Any, want: Any, entity_id: str = entity_id) -> None:
            if got != want:
                problems.append(f"{entity_id}: {what} is {got!r}, expected {want!r}")

        check("unique_id", entity.unique_id, f"{entry.entry_id}_{row.key}")
        check("config entry", entity.config_entry_id, entry.entry_id)
        check("has_entity_name", entity.has_entity_name, True)
        check("translation_key", entity.translation_key, row.translation_key)
        check("state", state.state, row.state)
        check("friendly_name", state.attributes.get(ATTR_FRIENDLY_NAME), row.name)
        check("entity_category", entity.entity_category, row.category)
        check("registry device_class", entity.original_device_class, row.device_class)
        check("device_class", state.attributes.get(ATTR_DEVICE_CLASS), row.device_class)
        check("registry unit", entity.unit_of_measurement, row.unit)
        check("unit_of_measurement", state.attributes.get(ATTR_UNIT_OF_MEASUREMENT), row.unit)
        check("state_class", state.attributes.get(ATTR_STATE_CLASS), row.state_class)
        check(
            "registry state_class",
            (entity.capabilities or {}).get(ATTR_STATE_CLASS),
            row.state_class,
        )
        options = state.attributes.get(ATTR_OPTIONS)
        check(
            "options", None if options is None else set(options), row.options and set(row.options)
        )
        check(
            "registry options",
            None
            if (entity.capabilities or {}).get(ATTR_OPTIONS) is None
            else set(entity.capabilities[ATTR_OPTIONS]),
            row.options and set(row.options),
        )
        for name, value in row.attrs.items():
            if name not in state.attributes:
                problems.append(f"{entity_id}: attribute {name!r} is missing")
            else:
                check(f"attribute {name!r}", state.attributes[name], value)
    return problems


async def test_a_fresh_pet_shows_the_public_surface(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(*SET_UP_AT))
    await async_setup_pet(hass, config_entry)
    problems = _surface_problems(hass, config_entry)
    assert not problems, "\n".join(problems)


async def test_the_pet_has_exactly_these_entities_on_one_device(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(*SET_UP_AT))
    await async_setup_pet(hass, config_entry)
    entities = er.async_entries_for_config_entry(er.async_get(hass), config_entry.entry_id)
    assert {e.entity_id for e in entities} == set(SURFACE)

    devices = dr.async_entries_for_config_entry(dr.async_get(hass), config_entry.entry_id)
    assert len(devices) == 1
    device = devices[0]
    assert device.name == "Shelldon", "the device is named after the pet"
    assert device.identifiers == {(DOMAIN, config_entry.entry_id)}
    assert device.entry_type is dr.DeviceEntryType.SERVICE
    assert {e.device_id for e in entities} == {device.id}


async def test_the_mood_reads_the_face_and_its_numbers(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    """The mood's attributes follow the pet (a nudge moves them), not only their first value."""
    freezer.move_to(local(*SET_UP_AT))
    await async_setup_pet(hass, config_entry)
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "negative"}, blocking=True)
    await hass.async_block_till_done()
    mood = hass.states.get("sensor.shelldon_mood")
    assert mood.attributes["valence"] == -0.3
    assert float(hass.states.get("sensor.shelldon_valence").state) == -0.3
    assert mood.state in mood.attributes[ATTR_OPTIONS]
    assert mood.attributes["energy"] == 50.0, "percent, as the energy sensor"
    assert hass.states.get("sensor.shelldon_energy").state == "50.0"


def test_every_enum_state_and_entity_name_is_translated() -> None:
    """Owners see translated names and states: every row's name and every enum option."""
    strings = json.loads(
        (Path(__file__).parents[2] / "custom_components/shelldon/translations/en.json").read_text()
    )["entity"]
    problems = []
    for entity_id, row in SURFACE.items():
        if row.translation_key is None:
            continue
        platform = entity_id.split(".")[0]
        translated = strings.get(platform, {}).get(row.translation_key, {})
        if row.name != f"Shelldon {translated.get('name')}":
            problems.append(f"{entity_id}: name {translated.get('name')!r}")
        for option in row.options or ():
            if option not in translated.get("state", {}):
                problems.append(f"{entity_id}: state {option!r} has no translation")
    assert not problems, "\n".join(problems)
