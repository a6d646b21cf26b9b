"""Foundation figures: reflex and scheduler cost, face rendering, days of reflex life, writes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from bench.timing import Stopwatch, per_call_us
from custom_components.shelldon.body.face.portrait import render_face
from custom_components.shelldon.core import defaults as d
from custom_components.shelldon.core.faces import LIFECYCLE_LOOKS, STARTER_FACES
from custom_components.shelldon.core.power import BackoffLevel
from custom_components.shelldon.core.reflexes import compute_reflex_patch
from custom_components.shelldon.core.scheduler import (
    CostTier,
    Idle,
    Interval,
    Job,
    Scheduler,
)
from custom_components.shelldon.core.state import PersonalityState
from tests.common import async_live_for, async_setup_pet, commands, local

TZ = ZoneInfo("Europe/Amsterdam")


def _life(days: int) -> tuple[int, int]:
    """Live `days` of reflex life in the pure core; returns (wakes, dirty checkpoints)."""
    start = datetime(2026, 11, 30, 0, 0, tzinfo=TZ)
    state = PersonalityState()
    writes = 0

    def reflex(now: datetime) -> None:
        patch = compute_reflex_patch(state, now)
        if patch:
            state.apply_patch(patch)

    def checkpoint(_now: datetime) -> None:
        nonlocal writes
        if state.dirty:
            writes += 1
            state.mark_clean()

    scheduler = Scheduler(started_at=start)
    scheduler.add(Job("reflex", Interval(d.REFLEX_PERIOD_S), CostTier.REFLEX, run=reflex))
    scheduler.add(
        Job("checkpoint", Interval(d.CHECKPOINT_PERIOD_S), CostTier.REFLEX, run=checkpoint)
    )
    scheduler.add(Job("prune", Interval(d.PRUNE_PERIOD_S), CostTier.REFLEX, run=lambda now: None))
    scheduler.add(Job("proactive", Idle(d.PROACTIVE_IDLE_S), CostTier.TURN))
    end = start + timedelta(days=days)
    now, wakes = start, 0
    while now < end:
        scheduler.tick(now, None, BackoffLevel.LIVELY)
        wakes += 1
        now = scheduler.next_due(now, None, BackoffLevel.LIVELY) or end
    return wakes, writes


def test_reflex_patch_cost(record: Any) -> None:
    state = PersonalityState()
    state.apply_patch({"mood.valence": 0.7, "mood.arousal": 0.4, "energy": 0.9})
    now = datetime(2026, 11, 30, 23, 0, tzinfo=TZ)
    record(
        "reflex patch, drifting pet",
        per_call_us(lambda: compute_reflex_patch(state, now)),
        "µs",
        "< 20",
    )
    settled = PersonalityState()
    settled.apply_patch({"mood.arousal": -0.5})
    record(
        "reflex patch, settled pet ({})",
        per_call_us(lambda: compute_reflex_patch(settled, now)),
        "µs",
        "< 20",
    )


def test_next_due_cost(record: Any) -> None:
    start = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    scheduler = Scheduler(started_at=start)
    for name, period in (("reflex", 60), ("checkpoint", 300), ("prune", 3600), ("vault_watch", 60)):
        scheduler.add(
            Job(name, Interval(period), CostTier.REFLEX, run=lambda now: None, last_run=start)
        )
    scheduler.add(Job("proactive", Idle(3600), CostTier.TURN))
    scheduler.add(Job("dream", Idle(6 * 3600), CostTier.TURN, cost=3))
    now = start + timedelta(seconds=30)
    cost = per_call_us(lambda: scheduler.next_due(now, start, BackoffLevel.EASED))
    record("next-due computation, 6 jobs", cost, "µs")


@pytest.mark.parametrize("size", [(250, 122), (296, 128), (400, 300), (800, 480)])
def test_face_render_cost(record: Any, size: tuple[int, int]) -> None:
    looks = [face.look for face in STARTER_FACES] + list(LIFECYCLE_LOOKS.values())
    target = {(250, 122): "< 15", (800, 480): "< 60"}.get(size, "")
    for palette in ("bw", "bwr"):
        worst = max(
            per_call_us(
                lambda look=look, p=palette: render_face(look, *size, p), repeat=3, number=20
            )
            for look in looks
        )
        record(
            f"face render {size[0]}x{size[1]} {palette} (slowest face)", worst / 1000, "ms", target
        )


def test_thirty_days_of_reflex_life(record: Any) -> None:
    with Stopwatch() as watch:
        wakes, writes = _life(30)
    record("30 simulated days of reflex life (core)", watch.seconds, "s", "< 5")
    record("  wake-ups per simulated day (core)", wakes / 30, "wakes")


async def _writes_in_a_day(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    saves: list,
    root: Path,
    nudges: int,
    *,
    initiative: bool = False,
) -> tuple[int, int, float]:
    """(checkpoint saves, vault files touched, seconds) over one simulated day."""
    freezer.move_to(local(2026, 11, 30, 0, 0))
    pet = await async_setup_pet(hass, entry)
    await commands(hass).async_set_initiative(initiative)
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    before = {p: p.stat().st_mtime for p in root.rglob("*") if p.is_file()}
    saves.clear()
    with Stopwatch() as watch:
        for _ in range(nudges):
            await hass.services.async_call("shelldon", "nudge", {"kind": "positive"}, blocking=True)
            await async_live_for(hass, freezer, pet, timedelta(hours=24 / max(nudges, 1)))
        if not nudges:
            await async_live_for(hass, freezer, pet, timedelta(hours=24))
    after = {p: p.stat().st_mtime for p in root.rglob("*") if p.is_file()}
    vault_writes = sum(1 for p, m in after.items() if before.get(p) != m and ".git" not in p.parts)
    return len(saves), vault_writes, watch.seconds


async def test_disk_writes_per_day_settled(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
    tmp_path: Path,
    record: Any,
) -> None:
    """Settled: nobody there and nothing of its own to do (initiative off)."""
    saves, files, seconds = await _writes_in_a_day(
        hass, config_entry, freezer, save_counter, tmp_path, 0
    )
    record("disk writes per simulated day, settled pet", saves + files, "writes", "0")
    record("1 simulated day inside Home Assistant", seconds, "s")


async def test_disk_writes_per_day_alone_with_its_needs(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
    tmp_path: Path,
    record: Any,
) -> None:
    """The defaults (initiative on): its needs act and journal; the checkpoint rides along."""
    saves, files, _ = await _writes_in_a_day(
        hass, config_entry, freezer, save_counter, tmp_path, 0, initiative=True
    )
    record("checkpoint saves per simulated day, left alone, needs on", saves, "saves")
    record("  vault files touched that day (git's own files aside)", files, "files")


async def test_disk_writes_per_day_nudged(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
    tmp_path: Path,
    record: Any,
) -> None:
    saves, files, _ = await _writes_in_a_day(hass, config_entry, freezer, save_counter, tmp_path, 6)
    record("disk writes per simulated day, nudged 6 times", saves + files, "writes")
