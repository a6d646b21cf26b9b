"""The needs take turns: a quiet week at home, nobody talking, and every need gets its hours.

Seed 004's promise is equal rotation at homeostasis and a hierarchy only in crisis. A need whose
acts had nothing to act on was never proposed, so never satisfied, and held the top for good
(closure for 40 of 48 hours). Now each need has an honest, checkable act even in an empty home
(closure reviews its open loops and finds none; the review, in the journal, is the evidence).
A real Home Assistant in simulated time, the offline brain, Alex home and silent.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant

from custom_components.shelldon.ports.const import DOMAIN
from tests.common import async_live_until, async_setup_pet, local, make_pet_entry

HOURS = 7 * 24


async def test_a_quiet_week_rotates_the_needs(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    start = local(2026, 11, 30, 0, 0)
    freezer.move_to(start)
    pet = await async_setup_pet(
        hass,
        make_pet_entry(
            hass, entry_id="01JSHELLDONNEEDSWEEK000001", presence_entities=["person.alex"]
        ),
    )
    leaders: list[str] = []
    for hour in range(1, HOURS + 1):
        await async_live_until(hass, freezer, pet, start + timedelta(hours=hour))
        leaders.append(hass.states.get(f"sensor.{DOMAIN}_top_need").state)

    counts = Counter(leaders)
    assert len(counts) >= 6, f"only {sorted(counts)} ever led"
    top, hours = counts.most_common(1)[0]
    assert hours <= 0.4 * HOURS, f"{top} led {hours} of {HOURS} hours"
    state = pet.parts.motivation.state
    assert state.execution_rate is not None and state.execution_rate > 0.7, (
        f"execution rate {state.execution_rate}"
    )
    assert (
        pet.workings.coordinator.data.turns_today <= pet.workings.personality.budget.daily_turns
    ), "the needs' acts kept to the budget"
