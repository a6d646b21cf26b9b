"""The heart re-plans once a moment: a message that both moves the mind's cadence and wakes it
arms the one timer once, when the event loop is free, and ticks the mind once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.core.activity import CADENCE_S, Activity
from custom_components.shelldon.core.signals import SignalKind
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.runtime.heart import MIN_REARM
from tests.common import async_live_for, async_setup_pet, local

MESSAGE = {"room": "assist", "sender": "owner", "about": "owner said something"}


@pytest.fixture
async def pet(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> Anatomy:
    """A pet two hours after it woke: nobody spoke, so its mind has settled."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_for(hass, freezer, pet, timedelta(hours=2))
    assert pet.parts.mind.state is not Activity.ENGAGED
    return pet


@pytest.fixture
def arms(pet: Anatomy, monkeypatch: pytest.MonkeyPatch) -> Callable[[], list[Any]]:
    """Start counting: every time the one timer is armed from then on."""

    def count() -> list[Any]:
        heart, armed = pet.workings.heart, []
        arm = heart.arm

        def counted() -> None:
            armed.append(heart.armed_at)
            arm()

        monkeypatch.setattr(heart, "arm", counted)
        return armed

    return count


async def test_a_message_moves_the_cadence_and_wakes_the_mind_in_one_re_plan(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, arms: Callable[[], list[Any]]
) -> None:
    mind, heart = pet.parts.mind, pet.workings.heart
    armed, ticks = arms(), mind.ticks

    mind.post(SignalKind.OWNER_MESSAGE, MESSAGE)
    mind.post(SignalKind.OWNER_MESSAGE, MESSAGE)  # a second in the same moment asks nothing more
    assert mind.state is Activity.ENGAGED  # the mind moved at once …
    assert (armed, mind.ticks) == ([], ticks)  # … the timer waits for the loop to be free
    await hass.async_block_till_done()

    assert len(armed) == 1, "one re-plan for the new cadence and both wakes"
    # At the engaged cadence its tick is due already: the timer fires at once, not a tick now.
    assert heart.armed_at is not None
    assert heart.armed_at - heart.clock.utcnow() <= MIN_REARM
    assert mind.ticks == ticks
    await async_live_for(hass, freezer, pet, MIN_REARM)
    assert mind.ticks == ticks + 1


async def test_a_fact_wakes_a_dormant_mind_with_one_tick_and_one_arming(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, arms: Callable[[], list[Any]]
) -> None:
    mind = pet.parts.mind
    await async_live_for(hass, freezer, pet, timedelta(seconds=30))  # between two of its ticks
    armed, ticks = arms(), mind.ticks
    heart = pet.workings.heart
    due = heart.next_tick()
    assert due is not None
    assert due - heart.clock.utcnow() > timedelta(seconds=CADENCE_S[Activity.ENGAGED])

    mind.post(SignalKind.PRESENCE, {"about": "someone came home"})
    mind.post(SignalKind.SHELF_DROP, {"about": "a document on the shelf"})
    assert (armed, mind.ticks) == ([], ticks)
    await hass.async_block_till_done()

    assert mind.ticks == ticks + 1, "the mind ticked once, early, for both facts"
    assert len(armed) == 1, "and the timer was armed once, after it"


async def test_a_chatty_owner_never_makes_the_mind_tick_faster_than_engaged(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, arms: Callable[[], list[Any]]
) -> None:
    mind = pet.parts.mind
    mind.post(SignalKind.OWNER_MESSAGE, MESSAGE)
    await hass.async_block_till_done()
    armed, ticks = arms(), mind.ticks

    freezer.tick(timedelta(seconds=2))  # its next tick is due within the engaged cadence
    mind.post(SignalKind.OWNER_MESSAGE, MESSAGE)
    await hass.async_block_till_done()

    assert (mind.ticks, armed) == (ticks, []), "no early tick, and the timer stands"


async def test_a_stopped_heart_is_not_re_planned(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, arms: Callable[[], list[Any]]
) -> None:
    mind, heart = pet.parts.mind, pet.workings.heart
    heart.stop()
    armed, ticks = arms(), mind.ticks

    mind.post(SignalKind.OWNER_MESSAGE, MESSAGE)
    await hass.async_block_till_done()

    assert (mind.ticks, armed, heart.armed_at) == (ticks, [], None)
