"""Home Assistant's surfaces see the pet through two things only: its coordinator's plain data,
and a few commands. No surface imports a part of the pet or reaches through the pet into one;
one change of the pet writes each entity's state once, and a tick that changes nothing writes
nothing."""

from __future__ import annotations

import ast
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Event, HomeAssistant, StateMachine
from homeassistant.helpers import entity_registry as er

import custom_components.shelldon as package
from custom_components.shelldon.ports.const import DOMAIN
from tests.common import async_live_for, async_setup_pet, async_tell, local, make_pet_entry

pytestmark = pytest.mark.loop_debug  # asyncio checks what crosses threads here too

ROOT = Path(package.__file__).parent
SURFACES = (
    "__init__",
    "binary_sensor",
    "config_flow",
    "conversation",
    "diagnostics",
    "entity",
    "image",
    "logbook",
    "options_flow",
    "repairs",
    "sensor",
    "services",
    "switch",
    "todo",
)
PARTS = ("mind", "turns", "needs", "body", "vault")
COMMANDS = {
    "coordinator",  # what the runtime data holds: the coordinator, and the pet's commands
    "pet",
    "answers",
    "initiative",
    "async_nudge",
    "async_tell",
    "async_speak_up",
    "async_dream",
    "async_edit",
    "async_set_initiative",
    "async_change_promise",
}


def _tree(name: str) -> ast.Module:
    path = ROOT / f"{name}.py"
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _pet_expressions(node: ast.AST) -> bool:
    """An expression that is the running pet: `pet`, `self.pet`, `self._pet`, `….runtime_data`."""
    if isinstance(node, ast.Name):
        return node.id == "pet"
    if isinstance(node, ast.Attribute):
        return node.attr in ("pet", "_pet", "runtime_data")
    if isinstance(node, ast.Call):  # resolve_pet(call.hass, call)
        return isinstance(node.func, ast.Name) and node.func.id == "resolve_pet"
    return False


def members_used() -> dict[str, set[str]]:
    """The members of the pet each surface module uses."""
    used: dict[str, set[str]] = {}
    for name in SURFACES:
        found = {
            node.attr
            for node in ast.walk(_tree(name))
            if isinstance(node, ast.Attribute) and _pet_expressions(node.value)
        }
        used[name] = found
    return used


LIFECYCLE = {"async_start", "async_stop"}  # the integration's setup wakes and stops the pet


def test_surfaces_use_only_the_pets_commands_and_its_coordinator() -> None:
    used = set().union(*members_used().values()) - LIFECYCLE
    assert used <= COMMANDS, f"surfaces reach into the pet: {sorted(used - COMMANDS)}"
    assert len(used) <= 12
    assert {"coordinator", "async_tell", "async_nudge"} <= used, "the test sees the surfaces"


@pytest.mark.parametrize("name", SURFACES)
def test_no_surface_imports_a_part_of_the_pet(name: str) -> None:
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            top = node.module.split(".")[0]
            assert top not in PARTS, f"{name}.py imports {node.module}"


def test_a_surface_reaching_into_a_part_would_be_seen() -> None:
    tree = ast.parse("pet.parts.mind.state\nentry.runtime_data.pet.anatomy.files\n")
    found = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and _pet_expressions(node.value)
    }
    assert found == {"parts", "pet", "anatomy"}


# --------------------------------------------------------------- one write per change


def _writes(hass: HomeAssistant, entry_id: str) -> dict[str, int]:
    """Count the state writes of each of the pet's entities, from now on."""
    ours = {
        entity.entity_id
        for entity in er.async_entries_for_config_entry(er.async_get(hass), entry_id)
    }
    counted: dict[str, int] = dict.fromkeys(ours, 0)

    def count(event: Event) -> None:
        if event.data["entity_id"] in counted:
            counted[event.data["entity_id"]] += 1

    hass.bus.async_listen(EVENT_STATE_CHANGED, count)
    return counted


async def test_one_nudge_writes_each_entity_that_shows_it_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = make_pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    mood_before = hass.states.get("sensor.shelldon_mood")
    writes = _writes(hass, entry.entry_id)
    await hass.services.async_call(
        DOMAIN, "nudge", {"kind": "excited"}, blocking=True, return_response=True
    )
    await hass.async_block_till_done()

    assert max(writes.values()) == 1, {k: v for k, v in writes.items() if v > 1}
    assert writes["sensor.shelldon_valence"] == 1 and writes["sensor.shelldon_arousal"] == 1
    mood = hass.states.get("sensor.shelldon_mood")
    assert mood is not None and mood_before is not None
    assert mood.attributes["arousal"] > mood_before.attributes["arousal"]
    face = hass.states.get("image.shelldon_face")
    assert face is not None and face.attributes["face"] == pet.organs.face.display
    assert writes["switch.shelldon_initiative"] == 0, "what did not change is not written"


async def test_a_nudge_is_one_push_of_the_coordinator_with_its_new_face(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """The mood and the face it selects reach the entities together: one snapshot, whose
    picture is already the new face (never the new mood beside the old face)."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    coordinator = pet.workings.coordinator
    before = coordinator.data
    pushed: list[tuple[str, str, bytes | None]] = []
    coordinator.async_add_listener(
        lambda: pushed.append(
            (coordinator.data.mood, coordinator.data.face, coordinator.data.face_png)
        )
    )
    for kind in ("excited", "calm"):
        # Its beats up to now are behind it (none is overdue during the nudge).
        await async_live_for(hass, freezer, pet, timedelta(seconds=11))
        pushed.clear()
        result = await hass.services.async_call(
            DOMAIN, "nudge", {"kind": kind}, blocking=True, return_response=True
        )
        assert len(pushed) == 1, f"one push for the nudge {kind}: {[p[:2] for p in pushed]}"
        await hass.async_block_till_done()
        assert len(pushed) == 1, "nothing follows it: the picture came with the mood"
        mood, face, png = pushed[0]
        assert mood == result["mood"] != before.mood, "the mood moved"
        assert face == mood, "the picture shown is the new mood's face"
        assert png is not None and png != before.face_png
        before = coordinator.data


async def test_a_show_asked_while_a_nudge_draws_its_face_waits_for_the_face(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Whoever asks the coordinator to show the pet while a nudge's face is still being drawn
    (a beat of its timer, a turn taking the slot) shows nothing yet: the one push comes when the
    picture is ready, with the new mood and its face."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    coordinator, face = pet.workings.coordinator, pet.organs.face
    before = coordinator.data
    pushed: list[tuple[str, str]] = []
    coordinator.async_add_listener(
        lambda: pushed.append((coordinator.data.mood, coordinator.data.face))
    )
    drawing = face._async_draw
    asked_meanwhile: list[int] = []

    async def draw_while_another_asks(*, quiet: bool = False) -> None:
        coordinator.show()  # someone else asks in the middle of the nudge
        asked_meanwhile.append(len(pushed))
        await drawing(quiet=quiet)

    face._async_draw = draw_while_another_asks  # type: ignore[method-assign]
    result = await hass.services.async_call(
        DOMAIN, "nudge", {"kind": "excited"}, blocking=True, return_response=True
    )
    await hass.async_block_till_done()
    assert asked_meanwhile == [0], "the face was drawn, and the show asked then pushed nothing"
    assert pushed == [(result["mood"], result["mood"])] and result["mood"] != before.mood


async def test_a_tick_that_changes_nothing_writes_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """A settled pet at night: the mind ticks, nothing it shows moves, no entity is written."""
    freezer.move_to(local(2026, 12, 1, 3, 0))
    entry = make_pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(hours=2))  # settle into its night
    pet.workings.heart.run_now("mind")  # a tick now: the needs fade to this instant, and are shown
    shown = pet.workings.coordinator.data
    writes = _writes(hass, entry.entry_id)
    pet.workings.heart.run_now("mind")  # the same instant: nothing it shows can have moved
    await hass.async_block_till_done()

    changed = {
        name: (getattr(shown, name), getattr(pet.workings.coordinator.data, name))
        for name in shown.__dataclass_fields__
        if getattr(shown, name) != getattr(pet.workings.coordinator.data, name)
    }
    assert pet.workings.coordinator.data is shown, f"no new snapshot was handed on: {changed}"
    assert sum(writes.values()) == 0, {k: v for k, v in writes.items() if v}


async def test_an_afternoon_writes_each_entity_only_with_news(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the pet's wakes hands the entities a new snapshot (its energy drifts, its needs
    fade); an entity writes only when what it shows moved, never the state it already holds."""
    assert hass.loop.get_debug(), "this module keeps asyncio's debug mode (loop_debug)"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = make_pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=10))
    registry = er.async_get(hass)
    ours = {e.entity_id for e in er.async_entries_for_config_entry(registry, entry.entry_id)}
    written: Counter[str] = Counter()
    repeated: Counter[str] = Counter()
    write = StateMachine.async_set_internal

    def counting(
        states: StateMachine, entity_id: str, new_state: str, attributes: Any, *args: Any
    ) -> None:
        if entity_id in ours:
            written[entity_id] += 1
            held = hass.states.get(entity_id)
            if held is not None and (held.state, dict(held.attributes)) == (
                new_state,
                dict(attributes or {}),
            ):
                repeated[entity_id] += 1
        write(states, entity_id, new_state, attributes, *args)

    monkeypatch.setattr(StateMachine, "async_set_internal", counting)
    await async_tell(hass, "Good afternoon! How are you?")
    await hass.services.async_call(
        DOMAIN, "nudge", {"kind": "excited"}, blocking=True, return_response=True
    )
    wakes = await async_live_for(hass, freezer, pet, timedelta(hours=3))

    assert wakes > 30 and written["sensor.shelldon_top_need"] > 0, "the afternoon was lived"
    assert written["sensor.shelldon_last_interaction"] >= 1, "the conversation was shown"
    assert not repeated, f"writes that showed nothing new: {dict(repeated)}"
    assert written["switch.shelldon_initiative"] == 0, "the switch never moved"
