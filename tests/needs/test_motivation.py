"""Motivation, lived: ten needs propose acts through the same gates as everything the pet does.

A real Home Assistant in simulated time. The needs' sensors, the vault's audit.log (one scrubbed
JSON line per satisfaction change), the journal lines the acts write, the execution rate, and
the gates a needs-driven reach-out still has to pass: initiative, the daily turn budget, quiet
hours, the token governor, and the one hello per quiet stretch. The security need's health check
raises a repair issue; needs.yaml is the owner's to edit and the pet's only to propose. The
offline brain where no model is needed, the real Anthropic SDK against a scripted model (a
stand-in of the API on loopback) where a model call must be counted.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import yaml
from freezegun.api import FrozenDateTimeFactory
from homeassistant.const import EntityCategory
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import issue_registry as ir
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    async_capture_events,
)

from custom_components.shelldon.core.dream import distill
from custom_components.shelldon.core.needs.needs import Change, Pyramid, tension
from custom_components.shelldon.core.needs.needs_file import parse_needs
from custom_components.shelldon.core.needs.needs_state import FLOOR, NeedsState, Pending
from custom_components.shelldon.core.needs.ten_needs import DEFAULT_NEEDS
from custom_components.shelldon.needs.motivation import CYCLE
from custom_components.shelldon.ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_DAILY_TURNS,
    CONF_TOKEN_CAP,
    DOMAIN,
    EVENT_DECISION,
    EVENT_REACH_OUT,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_for, async_live_until, async_setup_pet, local, make_pet_entry
from tests.common import async_tell_and_tick as tell

VAULT = Path("shelldon/shelldon")
ENTRY_ID = "01JSHELLDONNEEDSTEST000001"  # the needs' dice are seeded with it
PHONE = "notify.mobile_app_phone"
ALEX = "person.alex"
BATTERY = "sensor.pisugar_level"
CHARGING = "binary_sensor.pisugar_charging"
NAMES = [n.name for n in DEFAULT_NEEDS]
TOP_NEED = "sensor.shelldon_top_need"
EXECUTION_RATE = "sensor.shelldon_execution_rate"
# What the needs' own acts write in the journal (the offline brain's and the mind's lines aside).
ACT_LINES = (
    "checked my health:",
    "compared my persona with my constitution:",
    "my plan:",
    "tested my shelf:",
    "tested my memory:",
    "looked back at what my owner said of me:",
    "a musing:",
    "browsed my shelf",
    "read back my checkpoint:",
    "reread my constitution:",
    "tidied what I believe:",
    "looked over my",
    "looked back at what I chose:",
    "thought of my owner",
    "drew ",
    "went over what I know:",
    "counted what I kept:",
    "my mood in words:",
)
SECRETS = (
    "evidence with sk-ant-api03-Zx9QwErTyUiOp1234567890AbCdEfGh 4111 1111 1111 1111 "
    "a@b.com password: hunter2"
)


# ---------------------------------------------------------------------- fixtures and helpers


pet_entry = partial(make_pet_entry, entry_id=ENTRY_ID, texts_alex=True)


async def initiative(hass: HomeAssistant, on: bool) -> None:
    await hass.services.async_call(
        "switch",
        "turn_on" if on else "turn_off",
        {"entity_id": "switch.shelldon_initiative"},
        blocking=True,
    )
    await hass.async_block_till_done()


def starve(pet: Anatomy, *needs: str) -> None:
    """Put needs at the floor (they will act at the next cycle: the probability there is 1)."""
    for need in needs:
        pet.parts.motivation.state.satisfaction[need] = FLOOR


def only(pet: Anatomy, **chosen: str) -> None:
    """Leave each named need one action (need=action), switching its other off (weight 0),
    as an owner can in needs.yaml."""
    pet.parts.motivation.pyramid = parse_needs(
        {
            "needs": {
                need: {
                    "weights": {
                        a.name: 0 for a in Pyramid().by_name(need).actions if a.name != action
                    }
                }
                for need, action in chosen.items()
            }
        }
    )


def cycle_now(pet: Anatomy) -> None:
    """Let the next tick be a needs cycle (instead of waiting out the half hour)."""
    pet.parts.motivation.last_cycle = None


def vault(root: Path) -> Path:
    return root / VAULT


def journal(root: Path) -> str:
    folder = vault(root) / "journal"
    return "".join(p.read_text() for p in sorted(folder.glob("*.md"))) if folder.is_dir() else ""


def jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def audit(root: Path) -> list[dict[str, Any]]:
    return jsonl(vault(root) / "audit.log")


def acts_for(root: Path, need: str) -> list[dict[str, Any]]:
    """The trace records of ticks that acted on `need`."""
    return [
        r
        for r in jsonl(vault(root) / "trace/ticks.jsonl")
        if (r.get("choice") or {}).get("ref") == f"need:{need}"
    ]


def act_lines(root: Path) -> list[str]:
    return [line for line in journal(root).splitlines() if any(a in line for a in ACT_LINES)]


def counts(pet: Anatomy) -> tuple[int, int, int, int]:
    state = pet.parts.motivation.state
    return state.proposed, state.resolved, state.deferred, state.self_reports


# ---------------------------------------------------------------------- the sensors


async def test_the_top_need_sensor_shows_every_needs_satisfaction_and_tension(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    state = hass.states.get(TOP_NEED)
    assert state is not None and state.state in NAMES
    assert state.attributes["options"] == NAMES, "an enum of the ten needs"
    expected = {f"{n}_{k}" for n in NAMES for k in ("satisfaction", "tension")} | {"pending"}
    assert expected <= set(state.attributes)
    assert all(state.attributes[f"{n}_satisfaction"] == 2.5 for n in NAMES), "a fresh pet"
    assert all(state.attributes[f"{n}_tension"] == 0.25 for n in NAMES), "all equal at rest"

    only(pet, security="health_check")
    starve(pet, "security")
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))
    state = hass.states.get(TOP_NEED)
    assert state.state == "security", "the most tense need (it acted, but is still the lowest)"
    attrs = state.attributes
    assert attrs["security_satisfaction"] == pytest.approx(1.5, abs=0.01), "floor + a mid act"
    assert attrs["autonomy_satisfaction"] > 2.5, "the cross-impact of security"
    for need in DEFAULT_NEEDS:
        assert attrs[f"{need.name}_tension"] == pytest.approx(
            tension(attrs[f"{need.name}_satisfaction"], need.importance), abs=0.05
        )
    assert attrs["pending"] == sorted(pet.parts.motivation.state.pending)

    entity = er.async_get(hass).async_get(TOP_NEED)
    assert entity is not None and entity.entity_category is None


async def test_the_execution_rate_is_a_diagnostic_percentage_with_its_counts(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    entity = er.async_get(hass).async_get(EXECUTION_RATE)
    assert entity is not None and entity.entity_category is EntityCategory.DIAGNOSTIC
    assert hass.states.get(EXECUTION_RATE).state == "unknown", "nothing proposed yet"

    only(pet, security="health_check")
    starve(pet, "security")  # a health check: resolved with evidence at once
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 14, 0))
    state = hass.states.get(EXECUTION_RATE)
    proposed, resolved, deferred, self_reports = counts(pet)
    assert proposed >= 2 and resolved >= 1, counts(pet)
    assert state.attributes["unit_of_measurement"] == "%"
    assert float(state.state) == round(100 * resolved / proposed, 1)
    assert state.attributes["proposed"] == proposed
    assert state.attributes["resolved_with_evidence"] == resolved
    assert state.attributes["deferred"] == deferred
    assert state.attributes["self_reports"] == self_reports
    assert proposed == resolved + deferred + self_reports + len(
        pet.parts.motivation.state.pending
    ), "every proposal ends exactly one way, or is still pending"


# ---------------------------------------------------------------------- a day of needs


async def test_over_a_day_the_needs_act_and_every_change_is_one_audit_line(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    changes: list[Change] = []
    resolve = Pyramid.resolve

    def spy(self: Pyramid, state: NeedsState, need: str, *args: Any, **kwargs: Any) -> Any:
        found = resolve(self, state, need, *args, **kwargs)
        changes.extend(found)
        return found

    monkeypatch.setattr(Pyramid, "resolve", spy)
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    only(pet, security="health_check")
    starve(pet, "security")
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 8, 0))

    lines = audit(tmp_path)
    assert len(lines) >= 4, lines
    assert [(a["need"], a["before"], a["after"], a["reason"]) for a in lines] == [
        (c.need, round(c.before, 3), round(c.after, 3), c.reason) for c in changes
    ], "one line per satisfaction change, in order"
    for line in lines:
        assert set(line) == {"at", "need", "before", "after", "impact", "reason"}
        assert line["impact"] == pytest.approx(line["after"] - line["before"], abs=0.002)
        assert line["need"] in NAMES
        assert FLOOR <= line["before"] < line["after"] <= 3.0
        assert datetime.fromisoformat(line["at"]).tzinfo is not None
    reasons = [a["reason"] for a in lines]
    assert "health_check: journal line written" in reasons
    assert "cross-impact of security" in reasons

    text = journal(tmp_path)
    for line in ("checked my health: all well", "my mood in words: ", "my plan: "):
        assert line in text, f"no {line!r} in the journal"
    marked = [c for c in changes if not c.reason.startswith("cross-impact")]
    assert len({c.need for c in marked}) >= 3, marked
    assert len(act_lines(tmp_path)) >= len(marked), "each act with evidence wrote its line"

    proposed, resolved, deferred, self_reports = counts(pet)
    assert resolved >= len(marked)
    assert proposed == resolved + deferred + self_reports + len(pet.parts.motivation.state.pending)
    rate = hass.states.get(EXECUTION_RATE)
    assert float(rate.state) == round(100 * resolved / proposed, 1)
    assert not [r for r in reasons if r.startswith("read_shelf")], (
        "an empty shelf: nothing read, so nothing marked for reading (its other act stood in)"
    )


async def test_the_audit_log_is_scrubbed(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    motivation = pet.parts.motivation
    motivation.state.pending["expression"] = Pending(
        "expression", "muse", pet.clock.utcnow(), False
    )
    motivation.resolve("expression", SECRETS)
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))

    text = (vault(tmp_path) / "audit.log").read_text()
    for secret in ("sk-ant-api03", "Zx9QwErTy", "4111 1111 1111 1111", "a@b.com", "hunter2"):
        assert secret not in text, f"{secret} reached the audit log"
    first = json.loads(text.splitlines()[0])
    assert first["need"] == "expression"
    assert first["reason"] == "muse: evidence with [token] [card] [email] password: [secret]"
    assert audit(tmp_path)[1]["reason"] == "cross-impact of expression", "its cross-impact next"


# ---------------------------------------------------------------------- the gates


async def test_with_initiative_off_no_need_proposes_or_acts_all_day(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await initiative(hass, False)
    starve(pet, *NAMES)  # every need would act at once
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 8, 0))

    assert counts(pet) == (0, 0, 0, 0), "nothing proposed"
    assert pet.parts.motivation.state.pending == {}
    assert set(pet.parts.motivation.state.satisfaction.values()) == {FLOOR}, "nothing marked"
    assert act_lines(tmp_path) == [], "no act of a need reached the journal"
    assert audit(tmp_path) == []
    assert phone == []
    assert hass.states.get(EXECUTION_RATE).state == "unknown"
    assert not any(acts_for(tmp_path, need) for need in NAMES)

    # A need already waiting when initiative went off may not reach out either.
    motivation = pet.parts.motivation
    motivation.state.pending["connection"] = Pending("connection", "reach_out", pet.clock.utcnow())
    motivation.offered["connection"] = pet.clock.utcnow()
    await async_live_for(hass, freezer, pet, timedelta(minutes=20))
    assert [r["done"] for r in acts_for(tmp_path, "connection")] == [
        "muse: skip (initiative is off)"
    ]
    assert "connection" not in motivation.state.pending, "deferred"
    assert phone == []


async def test_with_the_turn_budget_spent_a_needs_reach_out_is_deferred_and_costs_nothing(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(proactive={"intent": "say hello", "say": "Hello!"})
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 9, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True, **{CONF_DAILY_TURNS: 0}))
        await initiative(hass, False)  # two quiet hours: the owner is away long enough
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 0))
        await initiative(hass, True)
        only(pet, connection="reach_out")
        starve(pet, "connection")
        cycle_now(pet)
        await async_live_for(hass, freezer, pet, timedelta(minutes=5))
        acts = acts_for(tmp_path, "connection")
        assert [r["done"] for r in acts] == ["muse: skip (daily budget spent (0 of 0 turns used))"]
        assert "connection" not in pet.parts.motivation.state.pending
        assert pet.parts.motivation.state.deferred == 1
        assert pet.parts.motivation.state.satisfaction["connection"] < 1.0, "deferred marks nothing"

        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 20, 0))
    assert model.calls == [], "no model call"
    assert phone == [] and reach_outs == [], "no notification"
    assert pet.workings.coordinator.data.turns_today == 0


async def test_in_quiet_hours_a_needs_reach_out_is_a_silent_decision(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    decisions = async_capture_events(hass, EVENT_DECISION)
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 21, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await initiative(hass, False)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 23, 0))
    await initiative(hass, True)
    only(pet, connection="reach_out")
    starve(pet, "connection")
    cycle_now(pet)
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    assert [r["done"] for r in acts_for(tmp_path, "connection")] == [
        "chose not to interrupt: quiet hours"
    ]
    assert len(decisions) == 1
    event = decisions[0].data
    assert (event["outcome"], event["reason"], event["about"]) == (
        "silent",
        "quiet hours",
        "saying hello",
    )
    assert event["entry_id"] == ENTRY_ID
    assert "connection" not in pet.parts.motivation.state.pending
    assert pet.parts.motivation.state.deferred == 1, "silence is a deferral, not evidence"
    assert "thought about saying hello; chose not to interrupt (quiet hours)" in journal(tmp_path)

    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 8, 30))
    assert phone == [] and reach_outs == [], "nothing is delivered in quiet hours"
    assert all(d.data["outcome"] == "silent" for d in decisions)


async def test_over_the_token_cap_no_need_is_proposed_until_the_day_turns(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    model = ScriptedModel(owner={"intent": "chat", "say": "Hi!"})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True, **{CONF_TOKEN_CAP: 1000}))
        await initiative(hass, False)
        await tell(hass, freezer, "Hello there")  # 2360 tokens: pressure 2.36
        assert pet.parts.mind.token_pressure >= 1.0
        await initiative(hass, True)
        starve(pet, *NAMES)  # every need would act at once
        cycle_now(pet)
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 23, 0))
        assert counts(pet) == (0, 0, 0, 0), "no proposal under token pressure"
        assert pet.parts.motivation.state.pending == {}

        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 0, 0) + CYCLE)
    assert pet.parts.motivation.state.proposed >= 1, "a new day: the needs speak again"
    assert model.kinds()[0] == "owner"


# ---------------------------------------------------------------------- one hello per stretch


async def test_the_connection_need_waits_for_the_idle_time_and_never_greets_twice(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    only(pet, connection="reach_out")
    starve(pet, "connection")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 59))
    assert phone == [], "not before an hour of quiet"
    assert [r["done"] for r in acts_for(tmp_path, "connection")] == [
        "connection: my owner was here recently"
    ], "the need tried, and held back"

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))
    assert len(phone) == 1, "an hour of quiet: one hello (the musing impulse's)"
    for hour in range(12, 18):  # the need keeps starving, and keeps asking
        starve(pet, "connection")
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, hour, 0))
    assert len(phone) == 1, "one hello per quiet stretch, whoever asks"
    done = [r["done"] for r in acts_for(tmp_path, "connection")]
    assert "connection: I already said hello in this quiet stretch" in done, done


async def test_a_needs_driven_hello_is_the_stretchs_one_hello(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await initiative(hass, False)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 30))
    await initiative(hass, True)
    only(pet, connection="reach_out")
    starve(pet, "connection")
    cycle_now(pet)  # the need and the musing impulse are both due: the starving need wins
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    assert [r["done"] for r in acts_for(tmp_path, "connection")] == ["started a proactive turn"]
    assert len(phone) == 1 and len(reach_outs) == 1
    assert reach_outs[0].data["outcome"] == "suggest"
    assert "reach_out: notification suggest" in [a["reason"] for a in audit(tmp_path)]
    assert pet.parts.motivation.state.satisfaction["connection"] > 2.0, "evidence: it was delivered"

    for hour in range(13, 19):
        starve(pet, "connection")
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, hour, 0))
    assert len(phone) == 1, "the musing impulse does not greet again, nor does the need"
    records = jsonl(vault(tmp_path) / "trace/ticks.jsonl")
    assert not any((r.get("choice") or {}).get("act") == "muse" for r in records)


# ---------------------------------------------------------------------- every action, for real


ACTIONS = [(n.name, a.name) for n in DEFAULT_NEEDS for a in n.actions]
# What each action does in a morning with a document on the shelf, a reminder filed and the
# owner's thanks in the journal: done with evidence, or put off with its reason.
DEFERRED = {
    "reach_out": "my owner was here recently",  # a hello waits for an hour of quiet
    # a promise is kept at its time, never followed up early: the reminder is no open loop
    "follow_up": "no open goal or promise",
}
NOTHING_TO_DO_IT_ON = {
    "consolidate",  # only while dreaming, on a finished day
    "review_choices",  # nothing chosen yet
}


@pytest.mark.parametrize(("need", "action"), ACTIONS)
async def test_every_action_is_done_for_real_or_put_off_with_a_reason(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    need: str,
    action: str,
) -> None:
    freezer.move_to(local(2026, 11, 30, 9, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await initiative(hass, False)  # nothing of its own until the stage is set
    shelf = vault(tmp_path) / "knowledge/reference"
    shelf.mkdir(parents=True, exist_ok=True)
    (shelf / "tides.md").write_text("Spring tides come twice a month, at new and full moon.\n")
    await tell(hass, freezer, "Remind me to water the plants at 18:00. Thank you, well done!")
    await async_live_for(hass, freezer, pet, timedelta(minutes=20))
    assert pet.files.shelf.index.chunks, "the document is on the shelf"
    await initiative(hass, True)
    before = journal(tmp_path).splitlines()
    only(pet, **{need: action})
    starve(pet, need)
    assert (action in pet.parts.motivation.cannot_do()) is (action in NOTHING_TO_DO_IT_ON)
    cycle_now(pet)
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    state = pet.parts.motivation.state
    if action in NOTHING_TO_DO_IT_ON:  # another need has its turn
        assert not acts_for(tmp_path, need), "not even proposed"
        assert need not in state.pending
        assert not [
            a
            for a in audit(tmp_path)
            if a["need"] == need and not a["reason"].startswith("cross-impact")
        ]
        return
    assert acts_for(tmp_path, need), "the need was proposed and acted on"
    assert need not in state.pending, "resolved or put off, not left hanging"
    marked = [a["reason"] for a in audit(tmp_path) if a["need"] == need]
    if action in DEFERRED:
        assert pet.parts.motivation.deferred_because[need] == DEFERRED[action]
        assert marked == [], "a deferral marks nothing"
        return
    assert len(marked) == 1 and marked[0].startswith(f"{action}: "), marked
    assert state.satisfaction[need] > FLOOR, "evidence marked satisfaction"
    new = [line for line in journal(tmp_path).splitlines() if line not in before]
    acts = [line for line in new if any(a in line for a in ACT_LINES)]
    assert len(acts) == 1, new
    assert distill("\n".join(new), pet.name) == [], "its own acts are not dreamt on"


# ---------------------------------------------------------------------- security's health check


async def test_the_health_check_raises_and_clears_a_repair_issue(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    hass.states.async_set(BATTERY, "unavailable")
    hass.states.async_set(CHARGING, "on")
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(
        hass, pet_entry(hass, **{CONF_BATTERY_ENTITY: BATTERY, CONF_CHARGING_ENTITY: CHARGING})
    )
    issue_id = f"health_{ENTRY_ID}"
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is None
    only(pet, security="health_check")
    starve(pet, "security")
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    issue = ir.async_get(hass).async_get_issue(DOMAIN, issue_id)
    assert issue is not None
    assert issue.translation_key == "health"
    assert issue.severity is ir.IssueSeverity.WARNING
    problem = f"my battery sensor {BATTERY} is not answering"
    assert issue.translation_placeholders["problems"] == problem
    assert f"checked my health: {problem}" in journal(tmp_path)

    hass.states.async_set(BATTERY, "80")
    await hass.async_block_till_done()
    starve(pet, "security")
    await async_live_for(hass, freezer, pet, CYCLE + timedelta(minutes=1))  # the next cycle
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is None, "recovered: cleared"
    assert "checked my health: all well" in journal(tmp_path)
    assert len(acts_for(tmp_path, "security")) == 2


# ---------------------------------------------------------------------- needs.yaml


async def test_needs_yaml_is_seeded_and_the_owners_edit_is_picked_up(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    path = vault(tmp_path) / "needs.yaml"
    text = path.read_text()
    assert text.startswith("# shelldon's needs")
    data = yaml.safe_load(text)
    assert parse_needs(data) == Pyramid(), "the seeded file is the defaults"
    assert data["needs"]["security"] == {
        "importance": 10,
        "decay_hours": 168,
        "weights": {"health_check": 1.0, "verify_checkpoint": 0.7},
    }

    data["needs"]["expression"]["importance"] = 9
    data["needs"]["expression"]["weights"]["muse"] = 0
    data["needs"]["understanding"]["decay_hours"] = 6
    path.write_text("# mine now\n" + yaml.safe_dump(data, sort_keys=False))
    await async_live_for(hass, freezer, pet, timedelta(minutes=16))
    pyramid = pet.parts.motivation.pyramid
    assert pyramid.by_name("expression").importance == 9
    assert [a.name for a in pyramid.by_name("expression").usable()] == ["describe_mood"]
    assert pyramid.by_name("understanding").decay_hours == 6.0
    assert pyramid.by_name("security") == Pyramid().by_name("security"), "the rest as it was"

    caplog.clear()
    with caplog.at_level(logging.WARNING):
        path.write_text("needs: [this is not, a mapping\n")
        await async_live_for(hass, freezer, pet, timedelta(minutes=16))
    assert pet.parts.motivation.pyramid == Pyramid(), "a broken file: the defaults"
    assert any("needs.yaml is not usable" in r.getMessage() for r in caplog.records)

    caplog.clear()
    with caplog.at_level(logging.WARNING):
        path.write_text("needs:\n  hunger:\n    importance: 3\n")
        await async_live_for(hass, freezer, pet, timedelta(minutes=16))
    assert pet.parts.motivation.pyramid == Pyramid()
    assert any("unknown need(s): hunger" in r.getMessage() for r in caplog.records)


async def test_a_reply_asking_to_edit_needs_yaml_waits_for_approval(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    wanted = "needs:\n  connection:\n    importance: 10\n    decay_hours: 1\n"
    model = ScriptedModel(
        owner={
            "intent": "want more company",
            "say": "I'd like to need you more.",
            "edit": [{"path": "needs.yaml", "content": wanted, "reason": "I miss you"}],
        }
    )
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        path = vault(tmp_path) / "needs.yaml"
        before = path.read_bytes()
        await tell(hass, freezer, "Would you change anything about what you need?")
        await async_live_for(hass, freezer, pet, timedelta(minutes=20))

    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"edit_{ENTRY_ID}_p1")
    assert issue is not None, "the edit waits for the owner as a repair issue"
    assert issue.translation_placeholders["path"] == "needs.yaml"
    assert path.read_bytes() == before, "never written directly"
    assert pet.parts.motivation.pyramid == Pyramid()
    assert pet.files.proposals.pending["p1"].content == wanted


# ---------------------------------------------------------------------- night and day


async def test_needs_fade_at_half_speed_in_the_owners_night(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await initiative(hass, False)  # nothing acts: pure decay
    pet.parts.motivation.state = NeedsState.fresh(
        pet.parts.motivation.pyramid.needs, dt_util.utcnow()
    )
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 22, 0))
    motivation = pet.parts.motivation
    afternoon = motivation.pyramid.satisfaction_at(motivation.state, dt_util.now())["expression"]
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 6, 0))
    state = hass.states.get("sensor.shelldon_top_need")
    # The sensor is as fresh as the pet's last wake (every five minutes when it is dormant).
    assert state.attributes["expression_satisfaction"] == pytest.approx(afternoon - 0.5, abs=0.02)
    night = (
        afternoon
        - motivation.pyramid.satisfaction_at(motivation.state, dt_util.now())["expression"]
    )
    assert (2.5 - afternoon, night) == pytest.approx((1.0, 0.5)), (
        "eight hours of afternoon and evening: a full unit; eight hours of night: half"
    )
    before = motivation.state.to_dict()
    for _ in range(3):
        motivation.top_need  # noqa: B018
        motivation.attributes()
    assert motivation.state.to_dict() == before, "reading the needs changes nothing"
