"""Motivation figures: one needs evaluation, and thirty days of life with needs on and off."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from bench.timing import Stopwatch, per_call_us
from custom_components.shelldon.core.needs.needs import Pyramid
from custom_components.shelldon.core.needs.needs_state import NeedsState
from custom_components.shelldon.core.needs.ten_needs import DEFAULT_NEEDS
from custom_components.shelldon.ports.const import CONF_NEEDS, DOMAIN
from tests.common import async_live_until, async_setup_pet, local


def test_one_needs_evaluation(record: Any) -> None:
    pyramid = Pyramid()
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    state = NeedsState.fresh(DEFAULT_NEEDS, now, satisfaction=2.2)
    rng = random.Random(1)
    clock = [now]

    def evaluate() -> None:
        clock[0] += timedelta(minutes=30)
        pyramid.choose(state, clock[0], rng)
        state.pending.clear()

    record(
        "one needs evaluation (decay, tensions, choice)",
        per_call_us(evaluate, number=2000),
        "µs",
        "< 50",
    )
    record("tensions of all ten needs", per_call_us(lambda: pyramid.tensions(state)), "µs")


async def _thirty_days(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, needs: bool
) -> tuple[float, Any]:
    entry = MockConfigEntry(
        domain=DOMAIN, unique_id="shelldon", data={"name": "Shelldon"}, options={CONF_NEEDS: needs}
    )
    entry.add_to_hass(hass)
    freezer.move_to(local(2026, 11, 1, 8, 0))
    pet = await async_setup_pet(hass, entry)
    with Stopwatch() as watch:
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 8, 0))
    return watch.seconds, pet.parts.motivation.state


async def test_thirty_days_with_needs(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    seconds, state = await _thirty_days(hass, freezer, needs=True)
    record("30 simulated days with needs on", seconds, "s")
    record("  need actions proposed in 30 days", state.proposed, "actions")
    rate = state.execution_rate
    record(
        "  execution rate (resolved with evidence / proposed)",
        100 * (rate or 0),
        "%",
        "> 70 healthy",
    )


async def test_thirty_days_without_needs(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    seconds, _ = await _thirty_days(hass, freezer, needs=False)
    record("30 simulated days with needs off", seconds, "s", "needs on within +20 %")
