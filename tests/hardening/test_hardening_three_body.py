"""Hardened, round three (the body): a checkpoint the disk refuses, a nearly empty battery at
night, and the drift of a pet that restarted; through a real Home Assistant in simulated time.

The checkpoint tests write to the real disk (the harness keeps Home Assistant's stores in a dict
otherwise): a folder is put where the file should be, as an owner's mishap or a bad restore
would. The night tests run the real Anthropic SDK against a scripted stand-in of the API.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.storage import Store
from homeassistant.util import dt as dt_util

from custom_components.shelldon.core.budget import Decision
from custom_components.shelldon.core.defaults import CHECKPOINT_PERIOD_S, DREAM_COST
from custom_components.shelldon.ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    DOMAIN,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.runtime.saving import RETRY_FIRST, RETRY_MOST
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import (
    async_live_for,
    async_live_until,
    async_setup_pet,
    commands,
    local,
    make_pet_entry,
)
from tests.common import async_tell_and_tick as tell

VAULT = Path("shelldon/shelldon")
ENTRY_ID = "01JSHELLDONHARDENING0000003"
BATTERY = "sensor.pisugar_battery"
PLUGGED = "binary_sensor.pisugar_power_plugged"
offline_entry = partial(make_pet_entry, entry_id=ENTRY_ID)
thinking_entry = partial(
    make_pet_entry,
    thinking=True,
    entry_id=ENTRY_ID,
    **{CONF_BATTERY_ENTITY: BATTERY, CONF_CHARGING_ENTITY: PLUGGED},
)

# Home Assistant's own storage, as it is before the harness puts a dict in its place.
REAL_WRITE = Store._async_write_data
REAL_LOAD = Store._async_load


@contextmanager
def on_disk() -> Iterator[None]:
    """Stores read and write real files (under the test's own config folder)."""
    with (
        patch.object(Store, "_async_write_data", REAL_WRITE),
        patch.object(Store, "_async_load", REAL_LOAD),
    ):
        yield


def checkpoint(hass: HomeAssistant) -> Path:
    return Path(hass.config.path(".storage", f"{DOMAIN}.{ENTRY_ID}"))


def health(hass: HomeAssistant) -> ir.IssueEntry | None:
    return ir.async_get(hass).async_get_issue(DOMAIN, f"health_{ENTRY_ID}")


def backoff_steps(span: timedelta) -> int:
    """How many retries the back-off allows in `span` (30 s, 1 min, 2 min, … 15 min at most)."""
    steps, waited, gap = 0, timedelta(0), RETRY_FIRST
    while waited + gap <= span:
        steps, waited, gap = steps + 1, waited + gap, min(RETRY_MOST, gap * 2)
    return steps


async def nudge(hass: HomeAssistant, kind: str) -> None:
    await hass.services.async_call(DOMAIN, "nudge", {"kind": kind}, blocking=True)


# ------------------------------------------------------------------ a checkpoint the disk refuses


async def test_a_folder_where_the_checkpoint_goes_is_known_said_once_and_everything_kept(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """Store logs "Error writing config" and returns as if it had written; the pet knows: a
    repair issue within a minute, no error per save, fewer and fewer tries, and the write that
    gets through holds everything said meanwhile."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with on_disk():
        pet: Anatomy = await async_setup_pet(hass, offline_entry(hass))
        path = checkpoint(hass)
        assert path.is_file(), "written at once on the first start"
        path.unlink()
        path.mkdir()  # in the way from now on
        tries: list[dict[str, Any]] = []
        pet.workings.saving.store.async_save = _counting(
            pet.workings.saving.store.async_save, tries
        )  # type: ignore[method-assign]
        caplog.clear()
        caplog.set_level(logging.DEBUG, logger="custom_components.shelldon")
        trouble = dt_util.utcnow()

        await tell(hass, freezer, "note 0 while the checkpoint is stuck")
        stuck = health(hass)
        assert stuck is not None, "a repair issue within a minute of the trouble"
        assert dt_util.utcnow() - trouble < timedelta(minutes=1)
        assert "checkpoint" in stuck.translation_placeholders["problems"]
        assert "folder" in stuck.translation_placeholders["problems"]
        await nudge(hass, "positive")
        for number in range(1, 10):  # ten minutes of changes
            await async_live_for(hass, freezer, pet, timedelta(seconds=49))
            await tell(hass, freezer, f"note {number} while the checkpoint is stuck")
        span = dt_util.utcnow() - trouble

        errors = [
            r
            for r in caplog.records
            if r.levelno >= logging.ERROR
            and r.name.startswith(("custom_components.shelldon", "homeassistant.helpers.storage"))
        ]
        said = [
            r
            for r in caplog.records
            if r.name.startswith("custom_components.shelldon") and "checkpoint" in r.getMessage()
        ]
        assert errors == [], "no ERROR from shelldon or Store, on any save"
        steps = backoff_steps(span)
        assert 2 <= len(tries) <= steps + 1, f"{len(tries)} tries in {span}: backing off"
        assert len(said) <= len(tries), "at most one line per try"
        assert not any("Error writing config" in r.getMessage() for r in caplog.records)
        assert health(hass) is not None

        path.rmdir()  # the owner clears the way
        await async_live_for(hass, freezer, pet, RETRY_MOST)
        assert path.is_file()
        written = json.loads(path.read_text())
        assert written["key"] == f"{DOMAIN}.{ENTRY_ID}" and written["version"] == 1
        text = json.dumps(written, ensure_ascii=False)
        assert all(f"note {n} while the checkpoint is stuck" in text for n in range(10))
        assert written["data"]["personality"] == tries[-1]["personality"]
        assert written["data"]["personality"]["mood"]["valence"] > 0.05, "the nudge is in it"
        assert health(hass) is None, "written again: the issue goes"

        assert await hass.config_entries.async_unload(pet.entry.entry_id)
        await hass.async_block_till_done()
        restored: Anatomy = await async_setup_pet(hass, pet.entry)
        assert restored is not pet
        assert restored.workings.personality.state.mood.valence == pytest.approx(
            pet.workings.personality.state.mood.valence
        )
        kept = json.dumps(restored.parts.turns.to_dict(), ensure_ascii=False)
        assert "note 9 while the checkpoint is stuck" in kept, "the owner's exchange survived"


def _counting(save: Any, tries: list[dict[str, Any]]) -> Any:
    async def counted(data: dict[str, Any]) -> None:
        tries.append(data)
        await save(data)

    return counted


# ------------------------------------------------------------------ a night on 8 % battery


def write_day(root: Path, day: str) -> None:
    path = root / VAULT / "journal" / f"{day}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"# Shelldon's journal, {day}\n\n### 09:12 [Alex] I repotted the fern into the blue pot\n"
    )


def keep(_body: dict[str, Any]) -> dict[str, Any]:
    return {"intent": "keep what mattered", "say": "", "remember": ["Alex repotted the fern"]}


def ticks(root: Path) -> list[dict[str, Any]]:
    path = root / VAULT / "trace/ticks.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def mind_ticks(records: list[dict[str, Any]]) -> int:
    """Ticks the trace stands for (a run of resting ticks is one line with its count)."""
    return sum(int(r.get("ticks", 1)) for r in records)


async def a_night(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    root: Path,
    *,
    charge: str,
    plugged: str,
    spent_by_one: bool = False,
) -> tuple[Anatomy, ScriptedModel, int, list[dict[str, Any]]]:
    """Three finished days to fold; the pet is set up at 23:00 (it has just woken: it is
    idle for an hour) and lives to 07:00, the owner silent; the timer's wake-ups and the trace
    lines of that night."""
    for day in ("2026-11-26", "2026-11-27", "2026-11-28"):
        write_day(root, day)
    hass.states.async_set(BATTERY, charge, {"unit_of_measurement": "%", "device_class": "battery"})
    hass.states.async_set(PLUGGED, plugged, {"device_class": "plug"})
    model = ScriptedModel(dream=keep)
    freezer.move_to(local(2026, 11, 29, 23, 0))
    with scripted(model):
        pet: Anatomy = await async_setup_pet(hass, thinking_entry(hass))
        if spent_by_one:  # the new day's budget is spent by one o'clock
            await async_live_until(hass, freezer, pet, local(2026, 11, 30, 1, 0))
            used = pet.workings.personality.budget.daily_turns
            pet.workings.personality.apply({"budget.date": "2026-11-30", "budget.turns_used": used})
        before = len(ticks(root))
        wakes = await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
        await pet.parts.mind.async_flush_all()
        await hass.async_block_till_done()
    return pet, model, wakes, ticks(root)[before:]


async def test_a_night_at_eight_percent_on_battery_sleeps_without_dreaming(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """At 8 % on battery the dream would be refused (battery backoff): the pet never enters
    DREAM, never tries a dream, and wakes at the stretched rhythm, at most every half hour."""
    pet, model, wakes, night = await a_night(hass, freezer, tmp_path, charge="8", plugged="off")

    assert hass.states.get("sensor.shelldon_power_mode").state == "low"
    assert pet.workings.admission.check(DREAM_COST, pet.clock.now()).decision is Decision.SKIP
    assert pet.parts.mind.dreamer.backlog(), "days were waiting all night"
    assert wakes <= 16, f"{wakes} wake-ups in eight hours"
    assert len(night) <= 16 and mind_ticks(night) <= 16, f"{mind_ticks(night)} ticks traced"
    assert all(r["state"] != "dream" for r in night), "no DREAM the admission would refuse"
    assert not any("dream" in str(r.get("choice")) for r in night)
    assert "dream" not in model.kinds(), "no dream turn attempted"
    assert pet.parts.mind.folded_until is None


async def test_the_same_night_plugged_in_still_dreams(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    pet, model, _wakes, night = await a_night(hass, freezer, tmp_path, charge="8", plugged="on")

    assert hass.states.get("sensor.shelldon_power_mode").state == "lively"
    assert any(r["state"] == "dream" for r in night)
    assert "dream" in model.kinds()
    assert pet.parts.mind.folded_until is not None, "a day was folded"


async def test_a_night_whose_day_budget_is_spent_does_not_dream_either(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """Plugged in, but the new day's self-started turns are used up: the budget would refuse
    the night's first fold, so the pet does not enter DREAM for it."""
    pet, model, _wakes, night = await a_night(
        hass, freezer, tmp_path, charge="80", plugged="on", spent_by_one=True
    )

    assert pet.workings.admission.check(DREAM_COST, pet.clock.now()).decision is Decision.SKIP
    assert all(r["state"] != "dream" for r in night)
    assert "dream" not in model.kinds()
    assert pet.parts.mind.folded_until is None


# ------------------------------------------------------------------ the drift after a restart


async def test_after_a_restart_the_drift_reaches_the_checkpoint_and_a_settled_pet_writes_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, save_counter: list[dict[str, Any]]
) -> None:
    freezer.move_to(local(2026, 11, 30, 20, 0))
    entry = offline_entry(hass)
    pet: Anatomy = await async_setup_pet(hass, entry)
    await commands(hass).async_set_initiative(
        False
    )  # only the reflexes move it: the owner is silent
    await nudge(hass, "positive")
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    assert save_counter[-1]["personality"]["mood"]["valence"] == pytest.approx(0.3)

    pet = await async_setup_pet(hass, entry)  # a fresh pet from the checkpoint
    assert pet.workings.personality.state.mood.valence == pytest.approx(0.3)
    saves = len(save_counter)
    await async_live_for(hass, freezer, pet, timedelta(seconds=CHECKPOINT_PERIOD_S))

    assert len(save_counter) > saves, "the drift reached the checkpoint within its interval"
    drifted = save_counter[-1]["personality"]["mood"]["valence"]
    assert drifted < 0.3, "what was written is the drift"
    saves = len(save_counter)
    await async_live_for(hass, freezer, pet, timedelta(seconds=CHECKPOINT_PERIOD_S))
    assert len(save_counter) > saves, "…and again an interval later, while it drifts"
    assert save_counter[-1]["personality"]["mood"]["valence"] < drifted

    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 2, 0))  # settled by now
    saves = len(save_counter)
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert len(save_counter) == saves, "a settled pet writes nothing"
