"""shelldon.speak_up answers with its decision, whichever gate decided: every answer says why,
and carries gate 2's factors, the same the shelldon_decision event carries."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import async_capture_events

from custom_components.shelldon.core.budget import Budget
from custom_components.shelldon.core.defaults import PROACTIVE_COST
from custom_components.shelldon.ports.const import (
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    CONF_QUIET_START,
    DOMAIN,
    EVENT_DECISION,
)
from tests.common import async_live_for, async_setup_pet, local, make_pet_entry

FACTORS = {"relevance", "time_sensitivity", "license", "availability", "welcome"}


async def speak_up(hass: HomeAssistant) -> dict[str, Any]:
    response = await hass.services.async_call(
        DOMAIN, "speak_up", {}, blocking=True, return_response=True
    )
    await hass.async_block_till_done()
    return response


def scored(answer: dict[str, Any]) -> None:
    assert answer["reason"]
    assert set(answer["factors"]) >= FACTORS, answer
    assert isinstance(answer["score"], float)


async def test_a_speak_up_inside_the_cooldown_is_deferred_with_its_reason_factors_and_retry(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    await async_setup_pet(hass, make_pet_entry(hass, **{CONF_COOLDOWN_MIN: 30}))
    assert (await speak_up(hass))["outcome"] == "suggest"

    freezer.tick(timedelta(minutes=5))
    answer = await speak_up(hass)
    assert (answer["outcome"], answer["reason"]) == ("defer", "cooling down")
    scored(answer)
    assert answer["factors"]["license"] < 1.0, "five minutes after a line, little license"
    assert dt_util.parse_datetime(answer["retry_at"]) == local(2026, 11, 30, 10, 30)


async def test_a_speak_up_with_todays_turns_spent_is_skipped_with_its_reason_and_factors(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = make_pet_entry(hass, **{CONF_DAILY_TURNS: 1, CONF_COOLDOWN_MIN: 1})
    pet = await async_setup_pet(hass, entry)
    assert (await speak_up(hass))["outcome"] == "suggest"
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    answer = await speak_up(hass)
    assert answer["outcome"] == "skip"
    assert answer["reason"].startswith("daily budget spent")
    scored(answer)
    assert "message" not in answer, "no turn was had"


async def test_past_the_cap_the_answer_is_the_decision_event(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    decisions = async_capture_events(hass, EVENT_DECISION)
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = make_pet_entry(hass, **{CONF_INTERRUPTION_CAP: 1, CONF_COOLDOWN_MIN: 1})
    pet = await async_setup_pet(hass, entry)
    assert (await speak_up(hass))["outcome"] == "suggest"
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    capped = await speak_up(hass)
    assert capped["outcome"] == "silent"
    assert capped["reason"] == "daily interruption cap (1) reached"
    scored(capped)
    assert decisions[-1].data["factors"] == capped["factors"]


async def test_in_quiet_hours_the_answer_is_the_decision_event(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    decisions = async_capture_events(hass, EVENT_DECISION)
    freezer.move_to(local(2026, 11, 30, 23, 30))
    await async_setup_pet(hass, make_pet_entry(hass))
    hushed = await speak_up(hass)
    assert (hushed["outcome"], hushed["reason"]) == ("silent", "quiet hours")
    scored(hushed)
    assert decisions[-1].data["factors"] == hushed["factors"]
    assert decisions[-1].data["reason"] == hushed["reason"]


async def test_quiet_hours_moved_in_the_options_hold_the_very_next_line(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """The pet reads its quiet hours once per set of options (every tick asks for them): an
    owner who moves them is obeyed by the next line, in both directions, with nothing stale."""
    freezer.move_to(local(2026, 11, 30, 20, 30))
    entry = make_pet_entry(hass, **{CONF_COOLDOWN_MIN: 30, CONF_INTERRUPT_THRESHOLD: 0.3})
    pet = await async_setup_pet(hass, entry)
    assert pet.dials.quiet_hours.start.hour == 22  # read already, by the pet's own ticks
    assert (await speak_up(hass))["outcome"] == "suggest"

    freezer.tick(timedelta(minutes=31))  # 21:01, past the cooldown
    hass.config_entries.async_update_entry(
        entry, options={**entry.options, CONF_QUIET_START: "21:00:00"}
    )
    await hass.async_block_till_done()
    hushed = await speak_up(hass)
    assert (hushed["outcome"], hushed["reason"]) == ("silent", "quiet hours")

    hass.config_entries.async_update_entry(
        entry, options={**entry.options, CONF_QUIET_START: "22:00:00"}
    )
    await hass.async_block_till_done()
    answer = await speak_up(hass)
    assert answer["outcome"] == "suggest", answer


async def test_a_speak_up_weighs_the_budget_once_and_charges_it_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, **{CONF_COOLDOWN_MIN: 30}))
    weighed: list[int] = []
    evaluate = Budget.evaluate

    def counted(self: Budget, budget: Any, cost: int, now: Any) -> Any:
        weighed.append(cost)
        return evaluate(self, budget, cost, now)

    monkeypatch.setattr(Budget, "evaluate", counted)
    used = pet.workings.personality.state.budget.turns_used

    assert (await speak_up(hass))["outcome"] == "suggest"

    # Gate 1 weighed it before gate 2, and the admission let in what it weighed: once.
    assert weighed == [PROACTIVE_COST]
    assert pet.workings.personality.state.budget.turns_used == used + PROACTIVE_COST
