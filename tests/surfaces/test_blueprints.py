"""The blueprints: Home Assistant's own machinery loads them, and they work inside a running one.

Each blueprint is copied into the test Home Assistant's `blueprints/automation/shelldon/`,
instantiated with `use_blueprint` into an automation, and driven: a mood change colours a
mocked light, an arrival nudges a real pet, a reach-out event speaks through a mocked TTS.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import voluptuous as vol
from freezegun.api import FrozenDateTimeFactory
from homeassistant.components.automation.config import AUTOMATION_BLUEPRINT_SCHEMA
from homeassistant.components.blueprint.models import Blueprint
from homeassistant.components.light import LIGHT_TURN_ON_SCHEMA
from homeassistant.core import CoreState, HomeAssistant, ServiceCall
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from homeassistant.util import yaml as yaml_util
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.shelldon.core.faces import STARTER_FACES
from custom_components.shelldon.core.state import NUDGE_DELTAS, NudgeKind
from custom_components.shelldon.ports.const import DOMAIN
from custom_components.shelldon.services import NUDGE_SCHEMA
from tests.common import async_setup_pet, local

BLUEPRINTS = Path(__file__).parents[2] / "blueprints"
SHELLDON_BLUEPRINTS = BLUEPRINTS / "automation" / "shelldon"
REQUIRED = object()

# What the README tells owners: every input of every blueprint, with its default.
INPUTS: dict[str, dict[str, Any]] = {
    "mood_light.yaml": {
        "mood_sensor": "sensor.shelldon_mood",
        "light": REQUIRED,
        "brightness": 100,
        "only_when_on": False,
    },
    "welcome_home_nudge.yaml": {
        "people": REQUIRED,
        "pet": "",
        "kind": "excited",
    },
    "pet_reach_out_tts.yaml": {
        "tts_entity": REQUIRED,
        "media_player": REQUIRED,
        "speak_only": True,
        "pet": "",
    },
}

# The mood light's looks, as the README describes them.
LOOKS: dict[str, tuple[tuple[int, int, int], int]] = {
    "content": ((255, 180, 107), 60),
    "sleepy": ((255, 138, 40), 8),
    "grumpy": ((255, 40, 20), 55),
    "excited": ((255, 200, 40), 100),
    "curious": ((80, 180, 255), 70),
    "low_battery": ((255, 100, 0), 12),
}
FALLBACK_LOOK = ((255, 224, 190), 50)

TTS_SPEAK_SCHEMA = cv.make_entity_service_schema(
    {
        vol.Required("media_player_entity_id"): cv.comp_entity_ids,
        vol.Required("message"): cv.string,
        vol.Optional("cache"): cv.boolean,
        vol.Optional("language"): cv.string,
        vol.Optional("options"): dict,
    }
)


def _load(name: str) -> Blueprint:
    data = yaml_util.load_yaml(SHELLDON_BLUEPRINTS / name)
    return Blueprint(data, expected_domain="automation", schema=AUTOMATION_BLUEPRINT_SCHEMA)


def _selector(blueprint: Blueprint, key: str) -> dict[str, Any]:
    return blueprint.inputs[key]["selector"]


# ------------------------------------------------------------------ the files themselves


def test_every_blueprint_is_described() -> None:
    found = sorted(p.relative_to(BLUEPRINTS).as_posix() for p in BLUEPRINTS.rglob("*.yaml"))
    expected = sorted(f"automation/shelldon/{name}" for name in INPUTS)
    assert found == expected, "every YAML under blueprints/ is a described shelldon automation"


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_loads_with_home_assistants_blueprint_machinery(name: str) -> None:
    blueprint = _load(name)
    assert blueprint.domain == "automation"
    assert blueprint.name.startswith("shelldon — ")
    assert blueprint.metadata["description"]
    assert blueprint.metadata["source_url"].endswith(f"/blueprints/automation/shelldon/{name}")
    assert blueprint.validate() is None, "runs on the oldest Home Assistant shelldon supports"
    used = yaml_util.extract_inputs(blueprint.data)
    assert used == set(blueprint.inputs), "every input is declared and every input is used"


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_inputs_are_what_the_readme_says(name: str) -> None:
    blueprint = _load(name)
    assert set(blueprint.inputs) == set(INPUTS[name])
    for key, default in INPUTS[name].items():
        spec = blueprint.inputs[key]
        assert spec["name"] and spec["description"], key
        if default is REQUIRED:
            assert "default" not in spec, f"{key} is required"
        else:
            assert spec["default"] == default, key


def test_mood_light_selectors_and_looks() -> None:
    blueprint = _load("mood_light.yaml")
    entity = _selector(blueprint, "mood_sensor")["entity"]
    assert entity.pop("reorder", False) is False, "2026.x adds reorder: false; nothing else"
    assert entity == {"filter": [{"integration": DOMAIN, "domain": ["sensor"]}], "multiple": False}
    assert _selector(blueprint, "light")["entity"]["filter"] == [{"domain": ["light"]}]
    assert _selector(blueprint, "brightness")["number"]["min"] == 1
    assert _selector(blueprint, "brightness")["number"]["max"] == 100
    looks = blueprint.data["variables"]["looks"]
    assert set(looks) == {face.name for face in STARTER_FACES}, "one look per starter face"
    assert {k: (tuple(v["rgb_color"]), v["brightness_pct"]) for k, v in looks.items()} == LOOKS
    fallback = blueprint.data["variables"]["fallback"]
    assert (tuple(fallback["rgb_color"]), fallback["brightness_pct"]) == FALLBACK_LOOK


def test_welcome_home_selectors() -> None:
    blueprint = _load("welcome_home_nudge.yaml")
    people = _selector(blueprint, "people")["entity"]
    assert people["filter"] == [{"domain": ["person"]}]
    assert people["multiple"] is True
    assert _selector(blueprint, "pet") == {"config_entry": {"integration": DOMAIN}}
    options = _selector(blueprint, "kind")["select"]["options"]
    assert {o["value"] for o in options} == {k.value for k in NudgeKind}


def test_reach_out_selectors() -> None:
    blueprint = _load("pet_reach_out_tts.yaml")
    assert _selector(blueprint, "tts_entity")["entity"]["filter"] == [{"domain": ["tts"]}]
    assert _selector(blueprint, "media_player")["entity"]["filter"] == [
        {"domain": ["media_player"]}
    ]
    assert _selector(blueprint, "speak_only") == {"boolean": {}}
    assert _selector(blueprint, "pet") == {"config_entry": {"integration": DOMAIN}}


# ------------------------------------------------------------------ inside Home Assistant


def _install_blueprints(config_dir: str) -> None:
    target = Path(config_dir) / "blueprints" / "automation" / "shelldon"
    target.mkdir(parents=True, exist_ok=True)
    for source in SHELLDON_BLUEPRINTS.glob("*.yaml"):
        shutil.copyfile(source, target / source.name)


async def _automate(hass: HomeAssistant, *uses: tuple[str, str, dict[str, Any]]) -> None:
    """Set up `automation` with one automation per (alias, blueprint, inputs); all must be on."""
    await hass.async_add_executor_job(_install_blueprints, hass.config.config_dir)
    config = [
        {
            "id": alias,
            "alias": alias,
            "use_blueprint": {"path": f"shelldon/{name}", "input": inputs},
        }
        for alias, name, inputs in uses
    ]
    assert await async_setup_component(hass, "automation", {"automation": config})
    await hass.async_block_till_done()
    for alias, _name, _inputs in uses:
        state = hass.states.get(f"automation.{alias}")
        assert state is not None, alias
        assert state.state == "on", f"{alias} failed to instantiate: {state.attributes}"


def _mock_light(hass: HomeAssistant) -> list[ServiceCall]:
    return async_mock_service(
        hass, "light", "turn_on", schema=cv.make_entity_service_schema(LIGHT_TURN_ON_SCHEMA)
    )


def _look(call: ServiceCall) -> tuple[tuple[int, ...], int]:
    return (tuple(call.data["rgb_color"]), call.data["brightness_pct"])


async def test_mood_light_goes_dim_and_warm_when_the_pet_gets_sleepy(hass: HomeAssistant) -> None:
    hass.states.async_set("sensor.shelldon_mood", "content")
    calls = _mock_light(hass)
    await _automate(hass, ("mood_light", "mood_light.yaml", {"light": "light.desk"}))
    assert calls == [], "nothing happens until the mood changes"

    hass.states.async_set("sensor.shelldon_mood", "sleepy")
    await hass.async_block_till_done()
    assert len(calls) == 1
    assert calls[0].data["entity_id"] == ["light.desk"]
    assert _look(calls[0]) == ((255, 138, 40), 8)


@pytest.mark.parametrize(
    ("mood", "look"), [*LOOKS.items(), ("sparkly", FALLBACK_LOOK), ("party_hat", FALLBACK_LOOK)]
)
async def test_mood_light_has_a_look_for_every_mood(
    hass: HomeAssistant, mood: str, look: tuple[tuple[int, int, int], int]
) -> None:
    hass.states.async_set("sensor.pebble_mood", "thinking_of_nothing")
    calls = _mock_light(hass)
    await _automate(
        hass,
        (
            "mood_light",
            "mood_light.yaml",
            {"mood_sensor": "sensor.pebble_mood", "light": "light.shelf"},
        ),
    )
    hass.states.async_set("sensor.pebble_mood", mood, {"valence": 0.1})
    await hass.async_block_till_done()
    assert [(_look(c), c.data["entity_id"]) for c in calls] == [(look, ["light.shelf"])]


async def test_mood_light_scales_brightness_and_never_goes_below_one(hass: HomeAssistant) -> None:
    calls = _mock_light(hass)
    await _automate(
        hass, ("mood_light", "mood_light.yaml", {"light": "light.desk", "brightness": 5})
    )
    for mood in ("excited", "sleepy", "content"):
        hass.states.async_set("sensor.shelldon_mood", mood)
        await hass.async_block_till_done()
    assert [c.data["brightness_pct"] for c in calls] == [5, 1, 3]


async def test_mood_light_ignores_attribute_updates_and_unavailability(
    hass: HomeAssistant,
) -> None:
    hass.states.async_set("sensor.shelldon_mood", "content", {"valence": 0.0})
    calls = _mock_light(hass)
    await _automate(hass, ("mood_light", "mood_light.yaml", {"light": "light.desk"}))
    hass.states.async_set("sensor.shelldon_mood", "content", {"valence": 0.2})
    hass.states.async_set("sensor.shelldon_mood", "unavailable")
    hass.states.async_set("sensor.shelldon_mood", "unknown")
    await hass.async_block_till_done()
    assert calls == []
    hass.states.async_set("sensor.shelldon_mood", "grumpy")
    await hass.async_block_till_done()
    assert [_look(c) for c in calls] == [LOOKS["grumpy"]]


async def test_mood_light_can_leave_a_light_that_is_off_alone(hass: HomeAssistant) -> None:
    hass.states.async_set("light.desk", "off")
    calls = _mock_light(hass)
    await _automate(
        hass, ("mood_light", "mood_light.yaml", {"light": "light.desk", "only_when_on": True})
    )
    hass.states.async_set("sensor.shelldon_mood", "excited")
    await hass.async_block_till_done()
    assert calls == [], "the pet never switches the light on"
    hass.states.async_set("light.desk", "on")
    hass.states.async_set("sensor.shelldon_mood", "curious")
    await hass.async_block_till_done()
    assert [_look(c) for c in calls] == [LOOKS["curious"]]


async def test_mood_light_catches_up_when_home_assistant_starts(hass: HomeAssistant) -> None:
    hass.states.async_set("sensor.shelldon_mood", "grumpy")
    calls = _mock_light(hass)
    hass.set_state(CoreState.not_running)
    try:
        await _automate(hass, ("mood_light", "mood_light.yaml", {"light": "light.desk"}))
        assert calls == []
        await hass.async_start()  # start, its startup jobs (2026.x arms triggers there), started
        await hass.async_block_till_done()
    finally:
        hass.set_state(CoreState.running)
    assert [_look(c) for c in calls] == [LOOKS["grumpy"]]


async def test_mood_light_default_is_the_real_pets_mood_sensor(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    entry = er.async_get(hass).async_get("sensor.shelldon_mood")
    assert entry is not None
    assert (entry.platform, entry.domain) == (DOMAIN, "sensor"), "it matches the input's filter"
    calls = _mock_light(hass)
    await _automate(hass, ("mood_light", "mood_light.yaml", {"light": "light.desk"}))
    before = hass.states.get("sensor.shelldon_mood").state

    pet.workings.personality.apply({"mood.valence": -0.8})
    await hass.async_block_till_done()
    after = hass.states.get("sensor.shelldon_mood").state
    assert after != before
    assert [_look(c) for c in calls] == [LOOKS[after]]


async def test_welcome_home_calls_nudge_with_the_chosen_kind(hass: HomeAssistant) -> None:
    calls = async_mock_service(hass, DOMAIN, "nudge", schema=NUDGE_SCHEMA)
    hass.states.async_set("person.alice", "not_home")
    hass.states.async_set("person.bob", "not_home")
    await _automate(
        hass,
        (
            "welcome_home",
            "welcome_home_nudge.yaml",
            {"people": ["person.alice", "person.bob"], "kind": "calm"},
        ),
    )
    hass.states.async_set("person.alice", "home")
    await hass.async_block_till_done()
    assert [c.data for c in calls] == [{"kind": "calm"}], "no pet given: no config_entry_id"

    hass.states.async_set("person.alice", "home", {"gps_accuracy": 5})
    hass.states.async_set("person.alice", "Work")
    await hass.async_block_till_done()
    assert len(calls) == 1, "staying home or leaving is not an arrival"
    hass.states.async_set("person.bob", "home")
    await hass.async_block_till_done()
    assert len(calls) == 2


async def test_welcome_home_passes_the_chosen_pet(hass: HomeAssistant) -> None:
    calls = async_mock_service(hass, DOMAIN, "nudge", schema=NUDGE_SCHEMA)
    hass.states.async_set("person.alice", "not_home")
    await _automate(
        hass,
        (
            "welcome_home",
            "welcome_home_nudge.yaml",
            {"people": ["person.alice"], "pet": "0123456789abcdef"},
        ),
    )
    hass.states.async_set("person.alice", "home")
    await hass.async_block_till_done()
    assert [c.data for c in calls] == [{"kind": "excited", "config_entry_id": "0123456789abcdef"}]


async def test_welcome_home_ignores_a_restart(hass: HomeAssistant) -> None:
    calls = async_mock_service(hass, DOMAIN, "nudge", schema=NUDGE_SCHEMA)
    hass.states.async_set("person.alice", "unavailable")
    await _automate(hass, ("welcome_home", "welcome_home_nudge.yaml", {"people": ["person.alice"]}))
    hass.states.async_set("person.alice", "home")
    await hass.async_block_till_done()
    assert calls == []


async def test_welcome_home_moves_a_real_pet(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    assert pet.workings.personality.state.mood.valence == 0.0
    hass.states.async_set("person.alice", "not_home")
    await _automate(hass, ("welcome_home", "welcome_home_nudge.yaml", {"people": ["person.alice"]}))
    hass.states.async_set("person.alice", "home")
    await hass.async_block_till_done()
    valence, arousal = NUDGE_DELTAS[NudgeKind.EXCITED]
    assert (valence, arousal) == (0.1, 0.3), "the excited nudge, from the seed table"
    assert pet.workings.personality.state.mood.valence == pytest.approx(valence)
    assert pet.workings.personality.state.mood.arousal == pytest.approx(arousal)
    assert float(hass.states.get("sensor.shelldon_arousal").state) == pytest.approx(arousal)


async def test_welcome_home_nudges_only_the_chosen_pet_of_two(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    other = MockConfigEntry(
        domain=DOMAIN, title="Pebble", unique_id="pebble", data={"name": "Pebble"}
    )
    other.add_to_hass(hass)
    await async_setup_pet(hass, config_entry)
    hass.states.async_set("person.alice", "not_home")
    await _automate(
        hass,
        (
            "welcome_home",
            "welcome_home_nudge.yaml",
            {"people": ["person.alice"], "pet": other.entry_id, "kind": "calm"},
        ),
    )
    hass.states.async_set("person.alice", "home")
    await hass.async_block_till_done()
    assert other.runtime_data.pet.anatomy.workings.personality.state.mood.arousal == pytest.approx(
        -0.3
    )
    assert config_entry.runtime_data.pet.anatomy.workings.personality.state.mood.arousal == 0.0


async def test_an_arrival_nudges_the_pet_and_the_light_follows(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    """The owner's story end to end: Alice comes home, the pet perks up, the lamp follows."""
    freezer.move_to(local(2026, 11, 30, 7, 0))
    await async_setup_pet(hass, config_entry)
    assert hass.states.get("sensor.shelldon_mood").state == "content"
    calls = _mock_light(hass)
    hass.states.async_set("person.alice", "not_home")
    await _automate(
        hass,
        ("welcome_home", "welcome_home_nudge.yaml", {"people": ["person.alice"]}),
        ("mood_light", "mood_light.yaml", {"light": "light.desk"}),
    )
    hass.states.async_set("person.alice", "home")
    await hass.async_block_till_done()
    # An excited nudge from a calm, neutral pet (valence +0.1, arousal +0.3) reads as curious.
    assert hass.states.get("sensor.shelldon_mood").state == "curious"
    assert [_look(c) for c in calls] == [LOOKS["curious"]]


def _reach_out(entry_id: str, outcome: str, message: str = "You left the window open.") -> dict:
    return {
        "entry_id": entry_id,
        "message": message,
        "outcome": outcome,
        "reason": "rain is coming",
        "factors": {"salience": 0.8},
    }


async def _tts_setup(hass: HomeAssistant, **inputs: Any) -> list[ServiceCall]:
    calls = async_mock_service(hass, "tts", "speak", schema=TTS_SPEAK_SCHEMA)
    await _automate(
        hass,
        (
            "reach_out_tts",
            "pet_reach_out_tts.yaml",
            {"tts_entity": "tts.piper", "media_player": "media_player.kitchen", **inputs},
        ),
    )
    return calls


async def test_reach_out_is_spoken(hass: HomeAssistant) -> None:
    calls = await _tts_setup(hass)
    hass.bus.async_fire("shelldon_reach_out", _reach_out("abc", "speak"))
    await hass.async_block_till_done()
    assert len(calls) == 1
    assert calls[0].data["entity_id"] == ["tts.piper"]
    assert calls[0].data["media_player_entity_id"] == ["media_player.kitchen"]
    assert calls[0].data["message"] == "You left the window open."


async def test_a_suggestion_stays_quiet_when_only_speak_is_on(hass: HomeAssistant) -> None:
    calls = await _tts_setup(hass, speak_only=True)
    hass.bus.async_fire("shelldon_reach_out", _reach_out("abc", "suggest"))
    await hass.async_block_till_done()
    assert calls == []


async def test_by_default_only_what_the_pet_chose_to_speak_is_said(hass: HomeAssistant) -> None:
    calls = await _tts_setup(hass)
    hass.bus.async_fire("shelldon_reach_out", _reach_out("abc", "suggest"))
    hass.bus.async_fire("shelldon_reach_out", _reach_out("abc", "speak", "Hello!"))
    await hass.async_block_till_done()
    assert [c.data["message"] for c in calls] == ["Hello!"]


async def test_suggestions_are_said_too_when_only_speak_is_off(hass: HomeAssistant) -> None:
    calls = await _tts_setup(hass, speak_only=False)
    hass.bus.async_fire("shelldon_reach_out", _reach_out("abc", "suggest", "Tea?"))
    await hass.async_block_till_done()
    assert [c.data["message"] for c in calls] == ["Tea?"]


async def test_reach_out_filters_by_pet_and_skips_empty_messages(hass: HomeAssistant) -> None:
    calls = await _tts_setup(hass, pet="pebble_entry")
    hass.bus.async_fire("shelldon_reach_out", _reach_out("shelldon_entry", "speak", "Not me"))
    hass.bus.async_fire("shelldon_reach_out", _reach_out("pebble_entry", "speak", "   "))
    hass.bus.async_fire("shelldon_reach_out", _reach_out("pebble_entry", "speak", "Me!"))
    await hass.async_block_till_done()
    assert [c.data["message"] for c in calls] == ["Me!"]
