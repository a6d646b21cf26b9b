"""The mind's mechanics: signals, activity states, the token governor, the situation, the world
model, the trace, scrubbing, the speak_up and dream actions, the journal, rotation, bounds.

A real Home Assistant in simulated time; the real Anthropic SDK against a scripted model (HTTP
mocked) where a model is needed, the offline brain where it is not. Every assertion reads what
an owner could read: sensors, events, action responses and the files in the vault. The battery
of multi-day scenarios lives in test_mind_scenarios.py; nothing here repeats it.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import Context, HomeAssistant, ServiceCall
from homeassistant.helpers.event import async_track_state_change_event
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    async_capture_events,
)

from custom_components.shelldon.core import world as world_module
from custom_components.shelldon.mind.mind import MAX_AGENDA
from custom_components.shelldon.ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    CONF_PROACTIVE_IDLE_MIN,
    CONF_TOKEN_CAP,
    DOMAIN,
    EVENT_DECISION,
    EVENT_REACH_OUT,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.vault import journal as journal_module
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
PHONE = "notify.mobile_app_phone"
ALEX = "person.alex"
BATTERY = "sensor.pisugar_level"
CHARGING = "binary_sensor.pisugar_charging"
SECRETS = "my password is hunter2 and my card is 4111 1111 1111 1111, mail me at a@b.com"


# ---------------------------------------------------------------------- fixtures and helpers


pet_entry = partial(make_pet_entry, thinking=True, texts_alex=True)


async def settle(hass: HomeAssistant) -> None:
    """Let the listeners run, then the mind's early wake (a call_soon, which
    async_block_till_done does not wait for on its own), then what it started."""
    for _ in range(3):
        await hass.async_block_till_done()


async def sense(hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy) -> None:
    """Let the mind tick once (an arrival wakes it, or it is due within seconds anyway)."""
    await settle(hass)
    await async_live_for(hass, freezer, pet, timedelta(seconds=11))


async def call(hass: HomeAssistant, service: str) -> dict[str, Any]:
    response = await hass.services.async_call(
        DOMAIN, service, {}, blocking=True, return_response=True
    )
    await hass.async_block_till_done()
    return response


async def set_state(hass: HomeAssistant, entity_id: str, state: str, **attrs: Any) -> None:
    hass.states.async_set(entity_id, state, attrs)
    await settle(hass)


def vault(root: Path) -> Path:
    return root / VAULT


def jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def trace(root: Path) -> list[dict[str, Any]]:
    return jsonl(vault(root) / "trace/ticks.jsonl")


def signals(root: Path) -> list[dict[str, Any]]:
    return jsonl(vault(root) / "signals.jsonl")


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((vault(root) / "journal").glob("*.md")))


def activity(hass: HomeAssistant) -> str:
    return hass.states.get("sensor.shelldon_activity").state


def activity_attrs(hass: HomeAssistant) -> dict[str, Any]:
    return dict(hass.states.get("sensor.shelldon_activity").attributes)


def mind_gap(pet: Anatomy) -> float:
    """Seconds between the mind's last tick and its next, as the scheduler plans it."""
    job = pet.workings.heart.scheduler.jobs["mind"]
    due = pet.workings.heart.scheduler.due_at(
        job,
        pet.clock.now(),
        pet.workings.personality.state.last_interaction_at,
        pet.organs.battery.level,
    )
    return (due - job.last_run).total_seconds()


def activity_log(hass: HomeAssistant) -> list[str]:
    """Every state sensor.shelldon_activity takes from now on."""
    seen: list[str] = []

    def on_change(event: Any) -> None:
        new = event.data["new_state"]
        if new is not None and (not seen or seen[-1] != new.state):
            seen.append(new.state)

    async_track_state_change_event(hass, ["sensor.shelldon_activity"], on_change)
    return seen


def drifts(root: Path) -> list[str]:
    return [r["drift"] for r in trace(root) if r.get("drift")]


# ---------------------------------------------------------------------- signals


async def test_every_arrival_is_one_line_in_signals_jsonl(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    hass.states.async_set(BATTERY, "80")
    hass.states.async_set(CHARGING, "on")
    model = ScriptedModel(owner={"intent": "greet back", "say": "Hi Alex!"})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(
            hass, pet_entry(hass, **{CONF_BATTERY_ENTITY: BATTERY, CONF_CHARGING_ENTITY: CHARGING})
        )
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
        assert trace(tmp_path), "the mind has ticked"
        assert signals(tmp_path) == [], "waking up is not an arrival"
        await tell(hass, freezer, "Hello there")
    assert [s["kind"] for s in signals(tmp_path)] == ["owner_message", "turn_committed"]
    message, committed = signals(tmp_path)
    assert message["data"]["sender"] == "automation"
    assert committed["data"]["heard"] == "Hello there"
    assert committed["data"]["said"] == "Hi Alex!"

    await set_state(hass, ALEX, "not_home", friendly_name="Alex")
    await set_state(hass, BATTERY, "70")  # plugged in: the charge changes no level
    await set_state(hass, CHARGING, "off")  # unplugged: lively -> eased
    await set_state(hass, BATTERY, "60")  # still eased
    await set_state(hass, BATTERY, "10")  # eased -> low
    await async_live_for(hass, freezer, pet, timedelta(seconds=30))

    lines = signals(tmp_path)
    assert [s["kind"] for s in lines] == [
        "owner_message",
        "turn_committed",
        "presence",
        "power",
        "power",
    ]
    presence = lines[2]["data"]
    assert (presence["entity"], presence["to"], presence["from"]) == (ALEX, "not_home", "home")
    assert [s["data"]["level"] for s in lines[3:]] == ["eased", "low"]
    assert all(s["data"]["on_battery"] for s in lines[3:])
    seqs = [s["seq"] for s in lines]
    assert seqs == sorted(set(seqs)), "one line per arrival, in order"


# ---------------------------------------------------------------------- activity states


async def test_engaged_then_idle_after_three_quiet_minutes_then_dormant_after_an_hour(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(owner={"intent": "chat", "say": "Hi!"})
    freezer.move_to(local(2026, 11, 30, 9, 59))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        job = pet.workings.heart.scheduler.jobs["mind"]
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 0))
        assert activity(hass) == "idle", "nobody has spoken yet: its hour counts from waking"
        assert job.cadence.period_s == 60

        await tell(hass, freezer, "Good morning")
        assert activity(hass) == "engaged"
        assert job.cadence.period_s == 10
        attrs = activity_attrs(hass)
        assert attrs["since"] == dt_util.as_utc(local(2026, 11, 30, 10, 0)).isoformat()
        assert attrs["tick_seconds"] == 10
        assert attrs["token_pressure"] == round(2360 / 200_000, 3), "one scripted turn's tokens"
        assert attrs["interruptions_today"] == 0

        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 2, 50))
        assert activity(hass) == "engaged", "not yet three quiet minutes"
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 3, 15))
        assert activity(hass) == "idle"
        assert job.cadence.period_s == 60
        since = datetime.fromisoformat(activity_attrs(hass)["since"])
        assert local(2026, 11, 30, 10, 3) <= since <= local(2026, 11, 30, 10, 3, 10)
        assert activity_attrs(hass)["tick_seconds"] == 60

        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 59))
        assert activity(hass) == "idle", "not yet an hour without the owner"
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 2))
        assert activity(hass) == "dormant"
        assert job.cadence.period_s == 900
        assert activity_attrs(hass)["tick_seconds"] == 900
        assert mind_gap(pet) == 900

    assert "engaged -> idle: the conversation went quiet" in drifts(tmp_path)
    assert "idle -> dormant: an hour without the owner" in drifts(tmp_path)


async def test_at_night_a_finished_day_is_dreamt_on_until_it_is_folded(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(
        owner={
            "intent": "keep the fact",
            "say": "I'll keep that.",
            "remember": ["Alex's sister is called Ada"],
        },
        dream={"intent": "keep Ada", "remember": ["Alex has a sister called Ada"]},
    )
    freezer.move_to(local(2026, 11, 30, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        states = activity_log(hass)
        await tell(hass, freezer, "Remember that my sister is called Ada")
        assert "noted: Alex's sister is called Ada" in journal(tmp_path), "notes go in the journal"
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 1, 55))
        assert activity(hass) == "dormant", "a finished day waits, but the night window is shut"
        assert pet.parts.mind.dreamer.backlog() == ["2026-11-30"]
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 3, 0))

    assert states[:3] == ["engaged", "idle", "dormant"]
    assert "dream" in states, "the night window opened on a finished day"
    assert states[-1] == "dormant", "folded: back to dormant"
    assert model.kinds().count("dream") == 1
    dream_request = next(body for kind, body in model.calls if kind == "dream")
    assert "noted: Alex's sister is called Ada" in dream_request["messages"][0]["content"]
    assert pet.parts.mind.folded_until == "2026-11-30"
    assert pet.parts.mind.dreamer.backlog() == []
    facts = (vault(tmp_path) / "memory/facts.md").read_text()
    assert "- Alex has a sister called Ada (2026-11-30)" in facts
    assert "dormant -> dream: the night window opened" in drifts(tmp_path)
    assert "dream -> dormant: nothing left to dream on" in drifts(tmp_path)
    text = journal(tmp_path)
    assert "drifted off to dream: the night window opened" in text
    assert "slept on it: folded 2026-11-30 into what I keep (1 facts)" in text
    assert "woke from dreaming: nothing left to dream on" in text


async def test_with_initiative_off_the_night_passes_without_dreaming(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """Offline brain; initiative off: a finished day waits, but the pet starts nothing itself."""
    freezer.move_to(local(2026, 11, 30, 20, 0))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await hass.services.async_call(
        "switch", "turn_off", {"entity_id": "switch.shelldon_initiative"}, blocking=True
    )
    reply = await tell(hass, freezer, "remember that the boiler is serviced in March")
    assert reply["reply"] == "Got it, I'll remember that."
    states = activity_log(hass)
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 7, 0))
    assert "dream" not in states
    assert activity(hass) == "dormant"
    assert pet.parts.mind.dreamer.backlog() == ["2026-11-30"], "nothing was folded"
    assert not (vault(tmp_path) / "memory/facts.md").exists()


async def test_a_night_that_runs_out_of_budget_leaves_a_backlog(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(
        owner={"intent": "keep it", "say": "Noted.", "remember": ["a thing worth keeping"]},
        dream={"intent": "keep it", "remember": ["Alex keeps things"]},
    )
    freezer.move_to(local(2026, 11, 27, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, dream_tokens_per_night=2000))
        await commands(hass).async_set_initiative(False)  # three days pile up
        for day in (27, 28, 29):
            await async_live_until(hass, freezer, pet, local(2026, 11, day, 20, 0))
            await tell(hass, freezer, f"On the {day}th I planted tulips")
        await commands(hass).async_set_initiative(True)
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
        assert pet.parts.mind.folded_until == "2026-11-27", (
            "one day fit tonight's budget; oldest first"
        )
        assert pet.parts.mind.dreamer.backlog() == ["2026-11-28", "2026-11-29"]
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 7, 0))
    assert pet.parts.mind.folded_until == "2026-11-28", "the next night picks up where it stopped"


async def test_on_battery_the_mind_ticks_three_times_slower(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    hass.states.async_set(BATTERY, "80")
    hass.states.async_set(CHARGING, "off")
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(
        hass,
        pet_entry(
            hass, thinking=False, **{CONF_BATTERY_ENTITY: BATTERY, CONF_CHARGING_ENTITY: CHARGING}
        ),
    )
    assert hass.states.get("sensor.shelldon_power_mode").state == "eased"
    await tell(hass, freezer, "Hello")
    assert pet.workings.heart.scheduler.jobs["mind"].cadence.period_s == 10
    assert mind_gap(pet) == 30
    assert activity_attrs(hass)["tick_seconds"] == 30
    await async_live_for(hass, freezer, pet, timedelta(hours=3))
    assert activity(hass) == "dormant"
    assert mind_gap(pet) == 2700
    assert activity_attrs(hass)["tick_seconds"] == 2700

    await set_state(hass, CHARGING, "on")
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert mind_gap(pet) == 900, "plugged in: back to the plain cadence"


async def test_a_message_late_in_a_dormant_sleep_is_not_taken_for_the_machine_sleeping(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 13, 1))  # an hour after waking
    assert activity(hass) == "dormant"
    last_tick = pet.workings.heart.scheduler.jobs["mind"].last_run
    freezer.move_to(last_tick + timedelta(minutes=12))  # inside the 15-minute sleep, awake
    await tell(hass, freezer, "Hello")
    assert activity(hass) == "engaged"
    assert not any("suspend_gap" in r.get("sensed", []) for r in trace(tmp_path))
    assert "the machine slept" not in journal(tmp_path)


# ---------------------------------------------------------------------- the token governor


async def test_over_the_token_cap_musing_stops_a_promise_is_kept_plainly_the_owner_answered(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(
        owner={"intent": "agree", "say": "Sure."},
        reach_out={"intent": "remind Alex", "say": "Time to water the plants!"},
        proactive={"intent": "say hello", "say": "Hello!"},
    )
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, **{CONF_TOKEN_CAP: 1000}))
        await tell(hass, freezer, "Remind me to water the plants at 5pm")
        assert [g.text for g in pet.files.goals.open_goals()] == ["water the plants"]
        assert activity_attrs(hass)["token_pressure"] == 2.36, "one turn spent 2360 tokens"
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 14, 10))
        assert activity(hass) == "dormant"
        # (the scrubber hides the word after "token" even here: see the report)
        assert any(d.startswith("idle -> dormant: today's token") for d in drifts(tmp_path))

        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 16, 59))
        assert reach_outs == [] and phone == [], "nothing early, no musing over the cap"
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 17, 30))
        # A promise is kept whatever the pet spent: in its own plain words, with no model call.
        [kept] = reach_outs
        assert kept.data["promise"] == "g1"
        assert dt_util.as_local(kept.time_fired) == local(2026, 11, 30, 17, 0)
        assert [call.data["message"] for call in phone] == ["Your reminder: water the plants"]
        assert "reach_out" not in model.kinds() and "proactive" not in model.kinds()
        assert pet.files.goals.open_goals() == []

        reply = await tell(hass, freezer, "Are you still there?")
    assert reply == {"reply": "Sure.", "intent": "agree", "ok": True}
    assert activity(hass) == "engaged", "conversation is never blocked"
    assert model.kinds().count("owner") == 2


# ---------------------------------------------------------------------- the situation


async def test_situation_md_tells_who_is_home_who_spoke_the_state_and_the_next_goal(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(owner={"intent": "agree", "say": "Sure."})
    situation = vault(tmp_path) / "situation.md"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, **{CONF_PROACTIVE_IDLE_MIN: 24 * 60}))
        freezer.move_to(local(2026, 11, 30, 14, 5))
        await tell(hass, freezer, "Remind me to water the plants at 5pm")
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 15, 30))
        assert situation.read_text().splitlines() == [
            "# Shelldon's situation",
            "",
            "- Alex: home (since 14:00).",
            "- My owner last spoke to me at 14:05.",
            "- My mind is dormant.",
            '- 1 open goal(s); next: "water the plants" due 17:00.',
        ]
        stamp = situation.stat().st_mtime_ns
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 16, 30))
        assert situation.stat().st_mtime_ns == stamp, "nothing happened: nothing rewritten"

        await set_state(hass, ALEX, "not_home", friendly_name="Alex")
        assert "- Alex: away (since 16:30)." in situation.read_text().splitlines()

        freezer.move_to(local(2026, 11, 30, 16, 40))
        await tell(hass, freezer, "What's on?")

    first, second = (body for kind, body in model.calls if kind == "owner")
    prompt = first["messages"][0]["content"]
    assert "\n- Situation:\n  - Alex: home (5 min ago).\n" in prompt
    assert "\n  - My owner last spoke to me " in prompt
    assert "\n  - My mind is engaged.\n" in prompt, "the owner's message engaged it at once"
    prompt = second["messages"][0]["content"]
    situation_block = prompt.split("\n- Situation:\n", 1)[1]
    assert situation_block.startswith("  - Alex: away (10 min ago).\n")
    assert '  - 1 open goal(s); next: "water the plants" due 17:00.' in situation_block
    assert "  - My mind is engaged.\n" in situation_block


# ---------------------------------------------------------------------- the world model


async def test_the_world_model_answers_what_was_believed_when_across_a_restart(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    entry = pet_entry(hass, thinking=False)
    freezer.move_to(local(2026, 11, 30, 9, 0))
    pet = await async_setup_pet(hass, entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 0))
    await set_state(hass, ALEX, "not_home", friendly_name="Alex")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 12, 0))
    await set_state(hass, ALEX, "home", friendly_name="Alex")
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))

    subject = f"presence:{ALEX}"
    world = pet.parts.mind.world
    assert world.query(subject, at=local(2026, 11, 30, 9, 30)).value == "home"
    assert world.query(subject, at=local(2026, 11, 30, 11, 0)).value == "not_home"
    assert world.query(subject).value == "home"
    logged = [b for b in jsonl(vault(tmp_path) / "world/beliefs.jsonl") if b["subject"] == subject]
    assert [b["value"] for b in logged] == ["home", "not_home", "home"]
    assert datetime.fromisoformat(logged[1]["at"]) == local(2026, 11, 30, 10, 0)

    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    pet = await async_setup_pet(hass, entry)
    world = pet.parts.mind.world
    assert world.query(subject, at=local(2026, 11, 30, 11, 0)).value == "not_home"
    assert world.query(subject, at=local(2026, 11, 30, 9, 30)).value == "home"
    assert world.query(subject).value == "home"
    again = [b for b in jsonl(vault(tmp_path) / "world/beliefs.jsonl") if b["subject"] == subject]
    assert len(again) == 3, "a restart with Alex still home believes nothing new"


@pytest.mark.parametrize("comes_back", [True, False], ids=["back", "not-back"])
async def test_back_in_twenty_minutes_is_met_quietly_or_becomes_a_surprise(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    comes_back: bool,
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 30))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await tell(hass, freezer, "I'll be back in 20 minutes")
    if comes_back:
        await async_live_for(hass, freezer, pet, timedelta(minutes=10))
        await tell(hass, freezer, "I'm back!")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 14, 30))

    text = journal(tmp_path)
    if comes_back:
        assert "as I expected: my owner back" in text
        assert "it didn't happen" not in text
    else:
        assert "as I expected" not in text
        assert text.count("my owner back by 13:20; it didn't happen") == 1, text


async def test_a_world_that_changed_while_the_pet_was_off_is_one_journal_line_on_waking(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """Continuity: situation.md froze "Alex: home" at shutdown; Alex left while the pet was
    off; on start the drift is journaled once, and a start with nothing changed says nothing."""
    entry = pet_entry(hass, thinking=False)
    freezer.move_to(local(2026, 11, 30, 9, 0))
    pet = await async_setup_pet(hass, entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 0))
    assert "- Alex: home (since 09:00)." in (vault(tmp_path) / "situation.md").read_text()
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()

    freezer.move_to(local(2026, 11, 30, 13, 0))
    hass.states.async_set(ALEX, "not_home", {"friendly_name": "Alex"})  # nobody was watching
    pet = await async_setup_pet(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    text = journal(tmp_path)
    assert text.count("woke to a changed world: Alex was home, now away") == 1
    assert "- Alex: away (since 13:00)." in (vault(tmp_path) / "situation.md").read_text()

    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    pet = await async_setup_pet(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    assert journal(tmp_path).count("woke to a changed world") == 1, "no drift, no line"


async def test_after_the_belief_log_rotates_a_restart_still_knows_who_is_home(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(journal_module, "ROTATE_AT", 300)  # a year of chatter, in four lines
    entry = pet_entry(hass, thinking=False)
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, entry)
    for n in range(4):
        await tell(hass, freezer, f"Hello {n}")
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert (vault(tmp_path) / "world/beliefs.jsonl.1").exists()
    assert pet.parts.mind.world.query(f"presence:{ALEX}").value == "home"

    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    pet = await async_setup_pet(hass, entry)
    await sense(hass, freezer, pet)
    assert hass.states.get(ALEX).state == "home"
    assert pet.parts.mind.world.query(f"presence:{ALEX}") is not None
    assert "- Alex: home (since 12:00)." in (vault(tmp_path) / "situation.md").read_text()


async def test_many_other_beliefs_never_push_out_who_is_home(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(world_module, "MAX_BELIEFS", 3)  # 2000 messages, in three
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    for n in range(3):
        await tell(hass, freezer, f"Hello {n}")
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert pet.parts.mind.world.query(f"presence:{ALEX}") is not None
    assert "- Alex: home (since 12:00)." in (vault(tmp_path) / "situation.md").read_text()


# ---------------------------------------------------------------------- the trace


async def test_a_silent_decision_is_traced_with_its_factors_verbatim(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """Alex is away in the afternoon: a musing scores under the interrupt threshold."""
    hass.states.async_set(ALEX, "not_home", {"friendly_name": "Alex"})
    decisions = async_capture_events(hass, EVENT_DECISION)
    freezer.move_to(local(2026, 11, 30, 13, 0))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 14, 10))

    assert len(decisions) == 1
    event = decisions[0].data
    assert event["outcome"] == "silent"
    assert event["reason"] == "not worth interrupting (0.70 < 0.75)"
    records = [r for r in trace(tmp_path) if r.get("interrupt")]
    assert len(records) == 1
    record = records[0]
    assert {"tick", "at", "state", "sensed", "scores", "choice", "runners_up", "done"} <= set(
        record
    )
    assert record["choice"]["act"] == "muse"
    assert record["done"] == "chose not to interrupt: not worth interrupting (0.70 < 0.75)"
    assert record["interrupt"]["outcome"] == "silent"
    assert record["interrupt"]["factors"] == event["factors"]
    assert record["interrupt"]["score"] == event["score"]
    assert set(record["interrupt"]["factors"]) >= {
        "relevance",
        "time_sensitivity",
        "license",
        "availability",
        "welcome",
    }
    assert record["interrupt"]["factors"]["availability"] == 0.6, "away: a text can wait"
    assert phone == []
    assert "thought about saying hello; chose not to interrupt (not worth" in journal(tmp_path)


async def test_resting_ticks_fold_into_one_record_and_a_resting_pet_writes_nothing(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    entry = pet_entry(hass, thinking=False)
    freezer.move_to(local(2026, 11, 30, 11, 0))
    pet = await async_setup_pet(hass, entry)
    await commands(hass).async_set_initiative(
        False
    )  # nothing of its own to do: a pet that only rests
    await tell(hass, freezer, "Hello")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 14, 0))
    assert activity(hass) == "dormant"

    records = trace(tmp_path)
    eventful = [r for r in records if not r.get("rest")]
    assert eventful, "the conversation and the drifts are eventful ticks"
    for record in eventful:
        assert {"tick", "at", "state", "sensed", "scores", "choice", "runners_up", "done"} <= set(
            record
        )
    assert any("owner_message" in r["sensed"] for r in eventful)
    rests = [r for r in records if r.get("rest")]
    assert rests, "runs of resting ticks are folded"
    for rest in rests:
        assert {"rest", "ticks", "from", "to", "state", "first_tick"} <= set(rest)
        # A folded run is still a whole tick record (its last tick), so every line reads alike.
        assert {"tick", "at", "sensed", "scores", "choice", "runners_up", "done"} <= set(rest)
        assert rest["choice"] is None and rest["done"] == "rested" and rest["at"] == rest["to"]
        assert rest["tick"] - rest["first_tick"] + 1 == rest["ticks"]
        assert rest["ticks"] >= 1 and rest["from"] <= rest["to"]
    assert sum(r["ticks"] for r in rests) > len(eventful)

    files = [vault(tmp_path) / name for name in ("trace/ticks.jsonl", "signals.jsonl")]
    files += list((vault(tmp_path) / "journal").glob("*.md"))
    before = {f: f.stat().st_size for f in files}
    ticks_before = pet.parts.mind.ticks
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 16, 0))
    assert pet.parts.mind.ticks - ticks_before == 8, "two dormant hours, a tick every 15 minutes"
    assert {f: f.stat().st_size for f in files} == before, "resting writes nothing"

    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    last = trace(tmp_path)[-1]
    assert last["rest"] is True and last["state"] == "dormant"
    assert last["ticks"] >= 8
    assert (
        local(2026, 11, 30, 15, 45)
        <= datetime.fromisoformat(last["to"])
        <= local(2026, 11, 30, 16, 0)
    ), "the run up to the last tick before the unload"


# ---------------------------------------------------------------------- scrubbing


async def test_secrets_never_reach_the_journal_the_signals_or_the_trace(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    # The reply promises to follow up in the same words, so they reach the trace's scores too.
    promise = "remind Alex the password is hunter2, card 4111 1111 1111 1111, mail to a@b.com"
    model = ScriptedModel(
        owner={
            "intent": "keep it safe",
            "say": "I won't repeat that.",
            "promise": [{"what": promise, "due_in_hours": 1}],
        }
    )
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await tell(hass, freezer, SECRETS.capitalize())
        await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    assert [g.text for g in pet.files.goals.open_goals()] == [
        "remind Alex the password is [secret], card [card], mail to [email]"
    ], "goals.md is scrubbed too"

    files = {
        "journal": journal(tmp_path),
        "signals": (vault(tmp_path) / "signals.jsonl").read_text(),
        "trace": (vault(tmp_path) / "trace/ticks.jsonl").read_text(),
    }
    for name, text in files.items():
        for original in ("hunter2", "4111 1111 1111 1111", "a@b.com"):
            assert original not in text, f"{original} reached the {name}"
        if name == "trace":  # a promise is no candidate: the trace names it by its id
            continue
        for marker in ("[secret]", "[card]", "[email]"):
            assert marker in text, f"no {marker} in the {name}"
    assert (
        "[automation] My password is [secret] and my card is [card], mail me at [email]"
        in files["journal"]
    )


# ---------------------------------------------------------------------- shelldon.speak_up


async def test_speak_up_in_the_afternoon_suggests_delivers_and_returns_the_decision(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    model = ScriptedModel(proactive={"intent": "say hello", "say": "Hello from the desk!"})
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        decision = await call(hass, "speak_up")

    assert decision["outcome"] == "suggest"
    assert decision["reason"] == "no speaker; a message will wait"
    assert decision["message"] == "Hello from the desk!"
    assert decision["score"] == 0.78
    assert decision["factors"] == {
        "relevance": 0.6,
        "time_sensitivity": 0.6,
        "license": 1.0,
        "availability": 1.0,
        "welcome": 1.0,
        "hours_since_last": None,
    }
    assert [c.data["message"] for c in phone] == ["Hello from the desk!"]
    assert len(reach_outs) == 1
    event = reach_outs[0].data
    assert event["outcome"] == "suggest" and event["message"] == "Hello from the desk!"
    assert event["factors"] == decision["factors"]
    assert model.kinds() == ["proactive"]
    assert pet.organs.door.interruptions_today(pet.clock.now()) == 1
    assert activity_attrs(hass)["interruptions_today"] == 1


async def test_speak_up_with_initiative_off_skips(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await hass.services.async_call(
        "switch", "turn_off", {"entity_id": "switch.shelldon_initiative"}, blocking=True
    )
    answer = await call(hass, "speak_up")
    assert (answer["outcome"], answer["reason"]) == ("skip", "initiative is off")
    assert "message" not in answer, "no turn was had"
    assert phone == []


async def test_speak_up_in_quiet_hours_stays_silent_and_says_so(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    decisions = async_capture_events(hass, EVENT_DECISION)
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 23, 0))
    await async_setup_pet(hass, pet_entry(hass, thinking=False))
    decision = await call(hass, "speak_up")
    assert decision["outcome"] == "silent" and decision["reason"] == "quiet hours"
    assert set(decision["factors"]) >= {"relevance", "availability", "welcome"}
    assert len(decisions) == 1
    assert decisions[0].data["reason"] == "quiet hours"
    assert decisions[0].data["factors"] == decision["factors"]
    assert reach_outs == [] and phone == []
    assert "thought about saying hello; chose not to interrupt (quiet hours)" in journal(tmp_path)


async def test_the_daily_cap_counts_speak_up_deliveries(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 13, 0))
    pet = await async_setup_pet(
        hass,
        pet_entry(
            hass,
            thinking=False,
            **{
                CONF_INTERRUPT_THRESHOLD: 0.5,
                CONF_INTERRUPTION_CAP: 2,
                CONF_PROACTIVE_IDLE_MIN: 24 * 60,
            },
        ),
    )
    outcomes = []
    for hour in (13, 14, 15):
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, hour, 1))
        outcomes.append(await call(hass, "speak_up"))
        if hour < 15:
            assert activity_attrs(hass)["interruptions_today"] == hour - 12
    assert [o["outcome"] for o in outcomes] == ["suggest", "suggest", "silent"]
    assert outcomes[2]["reason"] == "daily interruption cap (2) reached"
    assert outcomes[2]["score"] == 0.0
    assert len(phone) == 2
    assert activity_attrs(hass)["interruptions_today"] == 2

    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 13, 0))
    assert activity_attrs(hass)["interruptions_today"] == 0, "a new day, a fresh count"
    assert (await call(hass, "speak_up"))["outcome"] == "suggest"


# ---------------------------------------------------------------------- shelldon.dream


async def test_dream_folds_the_finished_days_now_and_reports_them(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    model = ScriptedModel(
        owner={"intent": "keep it", "say": "Noted.", "remember": ["Alex's sister is Ada"]},
        dream={"intent": "keep Ada", "remember": ["Alex has a sister called Ada"]},
    )
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await tell(hass, freezer, "My sister is called Ada")
        today = await call(hass, "dream")
        assert today == {"ok": True, "days": [], "facts": 0, "reason": "nothing to consolidate"}
        assert model.kinds() == ["owner"], "never today's live journal; no model call"

        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 9, 0))
        pet.parts.mind.dreamer.folded_until = None  # as if the night had been too short
        pet.parts.watcher.journal_days.add("2026-11-30")
        result = await call(hass, "dream")
        assert result == {"ok": True, "days": ["2026-11-30"], "facts": 0} or result["days"] == [
            "2026-11-30"
        ]
    facts = (vault(tmp_path) / "memory/facts.md").read_text()
    assert facts.count("Alex has a sister called Ada") == 1, "folded once, deduplicated"
    assert "slept on it: folded 2026-11-30 into what I keep" in journal(tmp_path)


# ---------------------------------------------------------------------- the journal


async def test_the_conversation_and_the_pets_acts_share_one_journal_per_local_day(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    user = await hass.auth.async_create_user("Alex")
    freezer.move_to(local(2026, 11, 30, 23, 50))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await tell(hass, freezer, "Hello", Context(user_id=user.id))
    await set_state(hass, ALEX, "not_home", friendly_name="Alex")
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 0, 10))
    await tell(hass, freezer, "hello from an automation")
    await async_live_for(hass, freezer, pet, timedelta(seconds=20))

    folder = vault(tmp_path) / "journal"
    assert sorted(p.name for p in folder.glob("*.md")) == ["2026-11-30.md", "2026-12-01.md"]
    monday = (folder / "2026-11-30.md").read_text().splitlines()
    assert monday[0] == "# Shelldon's journal, 2026-11-30"
    assert "### 23:50 [Alex] Hello" in monday
    assert any(line.startswith("### 23:50 [shelldon] Hello!") for line in monday)
    assert "### 23:50 [shelldon] noticed: Alex left" in monday
    tuesday = (folder / "2026-12-01.md").read_text().splitlines()
    assert tuesday[0] == "# Shelldon's journal, 2026-12-01"
    assert tuesday.count(tuesday[0]) == 1
    assert "### 00:10 [automation] hello from an automation" in tuesday
    assert not any("23:50" in line for line in tuesday)


# ---------------------------------------------------------------------- rotation and bounds


async def test_the_trace_rotates_and_keeps_only_so_many_old_files(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(journal_module, "ROTATE_AT", 400)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    folder = vault(tmp_path) / "trace"
    seen: set[str] = set()
    for flip in range(12):
        await set_state(hass, ALEX, "not_home" if flip % 2 == 0 else "home", friendly_name="Alex")
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
        names = {p.name for p in folder.iterdir()}
        seen |= names
        assert names <= {"ticks.jsonl", "ticks.jsonl.1", "ticks.jsonl.2"}
    assert seen == {"ticks.jsonl", "ticks.jsonl.1", "ticks.jsonl.2"}
    assert journal_module.KEEP_ROTATED == 2
    for path in folder.iterdir():
        assert jsonl(path), "each rotated file is whole lines of records"
    signal_files = {p.name for p in vault(tmp_path).glob("signals.jsonl*")}
    assert signal_files == {"signals.jsonl", "signals.jsonl.1", "signals.jsonl.2"}


async def test_a_flood_of_presence_signals_keeps_the_agenda_bounded(
    hass: HomeAssistant, phone: list[ServiceCall], freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, pet_entry(hass, thinking=False))
    await sense(hass, freezer, pet)
    for flip in range(200):
        hass.states.async_set(ALEX, "not_home" if flip % 2 == 0 else "home")
    await sense(hass, freezer, pet)
    assert pet.parts.mind.inbox == [], "the burst was sensed"
    assert pet.parts.mind.seq >= 200
    assert len(pet.parts.mind.agenda) <= MAX_AGENDA
    newest = max(s.seq for s in pet.parts.mind.agenda)
    assert newest == pet.parts.mind.seq, "the newest arrivals are the ones kept"
    peak = len(pet.parts.mind.agenda)
    for _ in range(30):
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
        peak = max(peak, len(pet.parts.mind.agenda))
    assert peak <= MAX_AGENDA
    assert len(pet.parts.mind.to_dict()["agenda"]) <= MAX_AGENDA
