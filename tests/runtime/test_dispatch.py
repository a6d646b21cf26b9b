"""The one way in for every turn the pet starts itself: initiative, battery, budget, the slot.

A job of the pet's heart asks the admission now and then, as the mind does when it acts."""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.core.scheduler import CostTier, Interval, Job
from custom_components.shelldon.ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.common import async_live_for, async_live_until, async_setup_pet, local


class Recorder:
    """A job that asks the pet's one admission for a turn now and then, and records what it
    was told (an admitted turn ends at once, giving the slot back)."""

    def __init__(self, pet: Anatomy, *, cost: int = 1, essential: bool = False) -> None:
        self.pet = pet
        self.cost = cost
        self.essential = essential
        self.admitted: list[tuple[str, datetime]] = []
        self.decisions: list[tuple[str, str]] = []

    def __call__(self, now: datetime) -> None:
        answer = self.pet.workings.admission.admit(self.cost, now, essential=self.essential)
        self.decisions.append((answer.decision.value, answer.reason))
        if answer.ok:
            self.admitted.append(("musing", now))
            self.pet.workings.admission.release()


def ask_every(pet: Anatomy, period_s: float, recorder: Recorder, name: str = "musing") -> Job:
    """A job of the pet's heart that asks the admission every `period_s`."""
    job = pet.workings.heart.add(Job(name, Interval(period_s), CostTier.REFLEX, run=recorder))
    pet.workings.heart.arm()
    return job


async def pet_with_job(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    *,
    essential: bool = False,
    cost: int = 1,
    period_s: float = 10 * 60,
) -> tuple[Anatomy, Recorder]:
    pet = await async_setup_pet(hass, entry)
    recorder = Recorder(pet, cost=cost, essential=essential)
    ask_every(pet, period_s, recorder)
    return pet, recorder


@pytest.fixture
def pet_options() -> dict[str, Any]:
    # The mind's own musing would share the budget; keep it out of these measurements.
    return {CONF_DAILY_TURNS: 3, CONF_COOLDOWN_MIN: 30, "proactive_idle_minutes": 24 * 60}


async def test_admitted_turns_respect_the_cooldown_and_the_daily_budget(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet, recorder = await pet_with_job(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 23, 0))

    times = [now for _, now in recorder.admitted]
    assert len(times) == 3, "the daily budget of three"
    gaps = [b - a for a, b in pairwise(times)]
    assert all(gap >= timedelta(minutes=30) for gap in gaps), "the cooldown holds"
    assert hass.states.get("sensor.shelldon_turns_today").state == "3"
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "0"
    assert pet.workings.personality.state.budget.date == "2026-11-30"

    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 0, 20))
    after_midnight = [now for _, now in recorder.admitted[3:]]
    assert len(after_midnight) == 1, "the local day rolled over: a fresh budget"
    assert hass.states.get("sensor.shelldon_turns_today").state == "1"
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "2"


async def test_a_deferred_turn_comes_back_when_the_cooldown_ends(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet, recorder = await pet_with_job(hass, config_entry, period_s=60)
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))
    assert len(recorder.admitted) == 1
    while len(recorder.admitted) == 1:
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert "defer" in {decision for decision, _ in recorder.decisions}
    gap = recorder.admitted[1][1] - recorder.admitted[0][1]
    assert timedelta(minutes=30) <= gap <= timedelta(minutes=31)


async def test_initiative_off_starts_nothing_but_the_pet_still_lives(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 21, 0))
    pet, recorder = await pet_with_job(hass, config_entry)
    await hass.services.async_call(
        "switch", "turn_off", {"entity_id": "switch.shelldon_initiative"}, blocking=True
    )
    assert hass.states.get("switch.shelldon_initiative").state == "off"
    await async_live_for(hass, freezer, pet, timedelta(hours=3))
    assert recorder.admitted == []
    assert pet.workings.personality.state.mood.arousal < -0.4, "reflexes keep running"
    assert hass.states.get("sensor.shelldon_turns_today").state == "0"

    await hass.services.async_call(
        "switch", "turn_on", {"entity_id": "switch.shelldon_initiative"}, blocking=True
    )
    await async_live_for(hass, freezer, pet, timedelta(minutes=11))
    assert len(recorder.admitted) == 1


async def test_the_initiative_switch_survives_a_restart(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    await hass.services.async_call(
        "switch", "turn_off", {"entity_id": "switch.shelldon_initiative"}, blocking=True
    )
    assert await hass.config_entries.async_reload(config_entry.entry_id)
    await hass.async_block_till_done()
    assert hass.states.get("switch.shelldon_initiative").state == "off"


@pytest.mark.parametrize(
    ("charge", "essential", "admitted"),
    [("10", True, 0), ("10", False, 0), ("60", False, 0), ("60", True, 1)],
)
async def test_the_battery_gate_comes_before_the_budget(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    charge: str,
    essential: bool,
    admitted: int,
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    entry = MockConfigEntry(
        domain="shelldon",
        unique_id="shelldon",
        data={"name": "Shelldon"},
        options={CONF_BATTERY_ENTITY: "sensor.bat", CONF_CHARGING_ENTITY: "binary_sensor.plug"},
    )
    entry.add_to_hass(hass)
    hass.states.async_set("sensor.bat", charge)
    hass.states.async_set("binary_sensor.plug", "off")
    pet, recorder = await pet_with_job(hass, entry, essential=essential)
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert len(recorder.admitted) == admitted
    if not admitted:
        assert pet.workings.coordinator.data.turns_today == 0, (
            "a battery-skipped turn never reaches the budget"
        )
        assert recorder.decisions and all("battery" in why for _, why in recorder.decisions)


async def test_a_busy_slot_defers_instead_of_queueing(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, config_entry)
    assert pet.organs.arbiter.try_take()  # an owner turn is in flight
    recorder = Recorder(pet)
    ask_every(pet, 60, recorder)
    await async_live_for(hass, freezer, pet, timedelta(seconds=5))
    assert recorder.admitted == []
    assert recorder.decisions == [("defer", "a turn is in flight")], "deferred, not queued"
    assert pet.workings.coordinator.data.turns_today == 0, "nothing was spent on a deferred turn"
    assert pet.workings.heart.armed_at - dt_util.utcnow() <= timedelta(seconds=60)

    pet.organs.arbiter.release()
    await async_live_for(hass, freezer, pet, timedelta(seconds=61))
    assert len(recorder.admitted) == 1
    assert pet.workings.coordinator.data.turns_today == 1


async def test_a_heavy_turn_needs_room_for_its_whole_cost(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, config_entry)
    pet.workings.personality.apply({"budget.date": "2026-11-30", "budget.turns_used": 1})
    recorder = Recorder(pet, cost=3)
    ask_every(pet, 10 * 60, recorder, name="dream")
    await async_live_for(hass, freezer, pet, timedelta(hours=2))
    assert recorder.admitted == [], "1 used + 3 > 3"
    assert pet.workings.heart.scheduler.jobs["dream"].last_run is not None, (
        "it came due and was skipped"
    )
