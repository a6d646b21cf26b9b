"""Mind figures: a resting tick, an appraisal, ticks per day by state, a week of life, bytes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from bench.timing import Stopwatch, per_call_us
from custom_components.shelldon.core.appraisal import Impulses, appraise, decide
from custom_components.shelldon.core.goals import Goal, GoalKind, Provenance, Strategy
from custom_components.shelldon.core.signals import Signal, SignalKind
from custom_components.shelldon.ports.const import DOMAIN
from tests.anthropic_mock import KEY, ScriptedModel, scripted
from tests.common import async_live_for, async_live_until, async_setup_pet, local


def test_appraisal_cost(record: Any) -> None:
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    goals = [
        Goal(
            f"g{i}",
            f"follow up on thing {i}",
            GoalKind.REACH_OUT,
            Provenance.PROMISE,
            Strategy.SINGLE_MINDED,
            now - timedelta(hours=i % 30),
            now + timedelta(hours=(i % 48) - 12),
        )
        for i in range(100)
    ]
    kinds = [SignalKind.PRESENCE, SignalKind.POWER, SignalKind.SURPRISE, SignalKind.SHELF_DROP]
    signals = [Signal(kinds[i % 4], now, {"about": f"thing {i}"}, i) for i in range(100)]

    def once() -> None:
        decide(appraise(signals, goals, Impulses(muse=True), now), 0.4)

    record("appraisal over 100 goals and 100 signals", per_call_us(once, number=200), "µs")
    quiet = Impulses()
    record(
        "appraisal of a resting pet (nothing waiting)",
        per_call_us(lambda: decide(appraise([], [], quiet, now), 0.4)),
        "µs",
    )


async def test_resting_tick_cost(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_for(hass, freezer, pet, timedelta(hours=3))  # settled and dormant
    mind = pet.parts.mind
    cost = per_call_us(lambda: mind.tick(pet.clock.now()), number=500)
    record("one resting tick (the whole SENSE..REGULATE pass)", cost, "µs", "< 200")


async def _week(hass: HomeAssistant, freezer: FrozenDateTimeFactory, root: Path) -> dict[str, Any]:
    """Seven days: talk on weekdays (promises, reminders), away at the weekend, a night off."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    async_mock_service(hass, "notify", "mobile_app_phone")
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        data={"name": "Shelldon", "api_key": KEY, "model": "claude-haiku-4-5"},
        options={
            "notify_targets": ["notify.mobile_app_phone"],
            "presence_entities": ["person.alex"],
        },
    )
    entry.add_to_hass(hass)
    model = ScriptedModel(
        owner={
            "intent": "keep Alex company",
            "say": "Good luck today! I'll ask how it went this evening.",
            "remember": ["Alex works on a big project this week"],
        },
        reach_out={"intent": "keep my word", "say": "How did it go today?"},
        proactive={"intent": "say hello", "say": "Hello from the desk!"},
        dream={"intent": "keep the week", "remember": ["Alex had a busy week"]},
        flush={"intent": "nothing to keep", "say": ""},
    )
    freezer.move_to(local(2026, 11, 30, 7, 0))
    counts: dict[str, int] = {}
    with scripted(model):
        pet = await async_setup_pet(hass, entry)
        wakes = 0
        for day in range(7):
            start = local(2026, 11, 30, 8, 0) + timedelta(days=day)
            if day < 5:  # weekdays: a chat in the morning and in the evening
                wakes += await async_live_until(hass, freezer, pet, start)
                await hass.services.async_call(
                    DOMAIN, "tell", {"message": "Morning! Busy day ahead."}, blocking=True
                )
                hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
                wakes += await async_live_until(hass, freezer, pet, start + timedelta(hours=11))
                hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
                await hass.services.async_call(
                    DOMAIN, "tell", {"message": "Home again."}, blocking=True
                )
            else:
                hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
            wakes += await async_live_until(hass, freezer, pet, start + timedelta(hours=24))
        await pet.parts.mind.async_flush_all()
        counts = {"wakes": wakes, "model_calls": len(model.calls), "ticks": pet.parts.mind.ticks}
    vault = root / "shelldon/shelldon"
    counts["journal_bytes"] = sum(p.stat().st_size for p in (vault / "journal").glob("*.md"))
    counts["trace_bytes"] = sum(p.stat().st_size for p in (vault / "trace").glob("ticks.jsonl*"))
    return counts


async def test_a_week_of_the_battery(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, record: Any
) -> None:
    with Stopwatch() as watch:
        counts = await _week(hass, freezer, tmp_path)
    record("7 simulated days of life inside Home Assistant", watch.seconds, "s", "< 10")
    record("  mind ticks per simulated day (mixed week)", counts["ticks"] / 7, "ticks")
    record("  timer wake-ups per simulated day (all jobs)", counts["wakes"] / 7, "wakes")
    record("  model calls in the week", counts["model_calls"], "calls")
    record("  journal bytes per day", counts["journal_bytes"] / 7, "bytes")
    record("  trace bytes per day", counts["trace_bytes"] / 7, "bytes")


async def test_ticks_per_day_in_each_state(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    """Mind ticks per day spent in each state, against the state's own cadence."""
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, config_entry)
    job = pet.workings.heart.scheduler.jobs["mind"]
    ticks: dict[str, int] = {}
    seconds: dict[str, float] = {}
    last: list[Any] = [pet.clock.utcnow(), pet.parts.mind.state.value]
    original = job.run

    def counting(now: datetime) -> None:
        at = pet.clock.utcnow()
        state = pet.parts.mind.state.value
        seconds[last[1]] = seconds.get(last[1], 0.0) + (at - last[0]).total_seconds()
        ticks[state] = ticks.get(state, 0) + 1
        original(now)
        last[:] = [at, pet.parts.mind.state.value]

    job.run = counting
    for minutes in (2, 30):  # a chatty owner, then an owner who drops by every half hour
        end = pet.clock.utcnow() + timedelta(hours=6)
        while pet.clock.utcnow() < end:
            await hass.services.async_call(DOMAIN, "tell", {"message": "still here"}, blocking=True)
            await async_live_for(hass, freezer, pet, timedelta(minutes=minutes))
    await async_live_for(hass, freezer, pet, timedelta(hours=30))  # then away
    for state in ("engaged", "idle", "dormant"):
        if seconds.get(state):
            per_day = ticks.get(state, 0) * 86400 / seconds[state]
            cadence = {"engaged": 10, "idle": 60, "dormant": 900}[state]
            record(f"mind ticks per day spent {state}", per_day, "ticks", f"<= {86400 // cadence}")
