"""DREAM: finished journal days are folded into what the pet keeps, oldest first, never today.

A real Home Assistant in simulated time; the real Anthropic SDK against a scripted model (a
stand-in of the API on loopback). Journal days are written as the owner would find them in the vault
(`### HH:MM [who] text` under a heading) before the pet wakes, so each test controls exactly
which finished days wait. Assertions read what an owner could read: memory/facts.md, the
journal, the action's response, and the requests the model was sent.
"""

from __future__ import annotations

import json
import math
import re
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.brain.anthropic_brain import estimate_tokens
from custom_components.shelldon.core.defaults import DREAM_COST
from custom_components.shelldon.ports.const import (
    CONF_DREAM_TOKENS,
    DOMAIN,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.vault.recall import FACT_WEIGHT
from tests.anthropic_mock import (
    Answer,
    ScriptedModel,
    api_error,
    json_answer,
    reply_message,
    scripted,
)
from tests.common import async_live_for, async_live_until, async_setup_pet, local, make_pet_entry

VAULT = Path("shelldon/shelldon")
TOKENS_PER_CALL = 300 + 60 + 2000  # what one scripted reply bills (input, output, cache write)
DAY = re.compile(r"The journal of (\d{4}-\d\d-\d\d), distilled:")

# Three finished days, each with something worth keeping (and the pet's routine noise).
DAYS: dict[str, list[tuple[str, str, str]]] = {
    "2026-11-26": [
        ("09:12", "Alex", "My sister Ada is visiting next week"),
        ("09:12", "shelldon", "How lovely! I hope the visit goes well."),
        ("09:13", "shelldon", "noticed: Alex left"),
    ],
    "2026-11-27": [
        ("18:40", "Alex", "I finally repotted the fern into the blue pot"),
        ("18:40", "shelldon", "The fern must be thrilled."),
    ],
    "2026-11-28": [
        ("08:05", "Alex", "Dentist on Friday, I am dreading it"),
        ("08:05", "shelldon", "noted: Alex has a dentist appointment on Friday"),
        ("08:06", "shelldon", "chose silence (nothing to add)"),
    ],
}
FACTS = {
    "2026-11-26": ["Alex's sister Ada visits in early December"],
    "2026-11-27": ["Alex repotted the fern into the blue pot"],
    "2026-11-28": ["Alex dreads the dentist appointment on Friday"],
}


# ---------------------------------------------------------------------- fixtures and helpers


pet_entry = partial(make_pet_entry, thinking=True, entry_id="01JSHELLDONDREAMTEST0000001")


def vault(root: Path) -> Path:
    return root / VAULT


def write_day(root: Path, day: str, lines: list[tuple[str, str, str]]) -> None:
    """A journal day as the pet writes it."""
    path = vault(root) / "journal" / f"{day}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(f"### {at} [{who}] {text}\n" for at, who, text in lines)
    path.write_text(f"# Shelldon's journal, {day}\n\n{body}")


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((vault(root) / "journal").glob("*.md")))


def facts(root: Path) -> list[str]:
    path = vault(root) / "memory/facts.md"
    return [line for line in path.read_text().splitlines() if line] if path.exists() else []


def dream_days(model: ScriptedModel) -> list[str]:
    """The day each dream request was about, in order."""
    return [
        DAY.search(body["messages"][0]["content"])[1]
        for kind, body in model.calls
        if kind == "dream"
    ]


def keep_by_day(body: dict[str, Any]) -> dict[str, Any]:
    """The dream keeps the one fact of a day the test wrote (nothing of the pet's own days)."""
    day = DAY.search(body["messages"][0]["content"])[1]
    return {"intent": f"keep what mattered on {day}", "say": "", "remember": FACTS.get(day, [])}


def mine(days: list[str]) -> list[str]:
    """The days the test wrote (the pet's own acts make journal days of their own)."""
    return [day for day in days if day in DAYS]


class NightLedger:
    """Every dream request, stamped with the night it belongs to (from 12:00 to 12:00)."""

    def __init__(self) -> None:
        self.nights: list[str] = []

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        self.nights.append((dt_util.now() - timedelta(hours=12)).date().isoformat())
        return keep_by_day(body)

    def spent(self) -> dict[str, int]:
        """Tokens billed by dream requests, per night."""
        out: dict[str, int] = {}
        for night in self.nights:
            out[night] = out.get(night, 0) + TOKENS_PER_CALL
        return out


def prompt_tokens(body: dict[str, Any]) -> float:
    """The input-token estimate of one request: characters of system, tools and messages / 3.5."""
    system = "".join(block["text"] for block in body["system"])
    tools = json.dumps(body["tools"])
    messages = "".join(
        m["content"] if isinstance(m["content"], str) else json.dumps(m["content"])
        for m in body["messages"]
    )
    return (len(system) + len(tools) + len(messages)) / 3.5


async def dream_now(hass: HomeAssistant) -> dict[str, Any]:
    response = await hass.services.async_call(
        DOMAIN, "dream", {}, blocking=True, return_response=True
    )
    await hass.async_block_till_done()
    return response


async def restart(hass: HomeAssistant, entry: MockConfigEntry) -> Anatomy:
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    return await async_setup_pet(hass, entry)


# ---------------------------------------------------------------------- oldest first


async def test_finished_days_fold_oldest_first_one_a_night_each_journaled_with_its_facts(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    # Written out of order on disk: the order must come from the dates, not the directory.
    for day in ("2026-11-28", "2026-11-26", "2026-11-27"):
        write_day(tmp_path, day, DAYS[day])
    model = ScriptedModel()
    ledger = NightLedger()
    model.replies["dream"] = ledger
    freezer.move_to(local(2026, 11, 29, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, **{CONF_DREAM_TOKENS: 2000}))
        assert pet.parts.mind.dreamer.backlog() == ["2026-11-26", "2026-11-27", "2026-11-28"]
        folded = []
        for month, day in ((11, 30), (12, 1), (12, 2)):
            await async_live_until(hass, freezer, pet, local(2026, month, day, 7, 0))
            folded.append(pet.parts.mind.folded_until)

    assert folded == ["2026-11-26", "2026-11-27", "2026-11-28"], "one a night, oldest first"
    asked = dream_days(model)
    assert mine(asked) == ["2026-11-26", "2026-11-27", "2026-11-28"]
    assert len(asked) == len(set(asked)), "no day is dreamt twice"
    assert asked == sorted(asked)
    assert all(count == 1 for count in [ledger.nights.count(n) for n in set(ledger.nights)])
    assert not any(day in pet.parts.mind.dreamer.backlog() for day in DAYS)
    assert facts(tmp_path) == [f"- {FACTS[day][0]} ({day})" for day in sorted(FACTS)]
    text = journal(tmp_path)
    positions = [
        text.index(f"slept on it: folded {day} into what I keep (1 facts)") for day in sorted(DAYS)
    ]
    assert positions == sorted(positions)
    # What the dream was shown: the owner's words and the pet's notes, not its routine acts.
    first = next(body for kind, body in model.calls if kind == "dream")["messages"][0]["content"]
    assert "09:12 [Alex] My sister Ada is visiting next week" in first
    assert "noticed: Alex left" not in first


# ---------------------------------------------------------------------- never today


async def test_the_dream_action_with_only_today_in_the_journal_has_nothing_to_do(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    write_day(tmp_path, "2026-11-30", [("09:00", "Alex", "My sister Ada is visiting next week")])
    model = ScriptedModel(dream=keep_by_day)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        result = await dream_now(hass)
    assert result == {"ok": True, "days": [], "facts": 0, "reason": "nothing to consolidate"}
    assert model.calls == [], "no model call at all"
    assert pet.parts.mind.folded_until is None
    assert facts(tmp_path) == []


async def test_at_two_in_the_morning_yesterday_is_folded_but_the_live_day_is_not(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    write_day(tmp_path, "2026-11-27", DAYS["2026-11-27"])
    # The owner talked past midnight: the live day already has words worth keeping.
    write_day(tmp_path, "2026-11-28", [("00:30", "Alex", "Dentist on Friday, I am dreading it")])
    model = ScriptedModel(dream=keep_by_day)
    freezer.move_to(local(2026, 11, 28, 1, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await async_live_until(hass, freezer, pet, local(2026, 11, 28, 5, 59))
        assert dream_days(model) == ["2026-11-27"]
        assert pet.parts.mind.folded_until == "2026-11-27"
        assert pet.parts.mind.dreamer.backlog() == []
        assert await dream_now(hass) == {
            "ok": True,
            "days": [],
            "facts": 0,
            "reason": "nothing to consolidate",
        }
        await async_live_until(hass, freezer, pet, local(2026, 11, 28, 23, 59))
    assert "2026-11-28" not in dream_days(model), "the live day was never sent"
    assert facts(tmp_path) == [f"- {FACTS['2026-11-27'][0]} (2026-11-27)"]
    assert "folded 2026-11-28" not in journal(tmp_path)


# ---------------------------------------------------------------------- resumable


async def test_a_restart_resumes_the_dream_where_it_stopped(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    for day, lines in DAYS.items():
        write_day(tmp_path, day, lines)
    model = ScriptedModel(dream=keep_by_day)
    entry = pet_entry(hass, **{CONF_DREAM_TOKENS: 2000})
    freezer.move_to(local(2026, 11, 29, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, entry)
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
        assert pet.parts.mind.folded_until == "2026-11-26"

        pet = await restart(hass, entry)
        assert pet.parts.mind.folded_until == "2026-11-26", "progress persists"
        assert pet.parts.mind.dreamer.backlog()[:2] == ["2026-11-27", "2026-11-28"]
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 7, 0))

    assert pet.parts.mind.folded_until == "2026-11-27"
    asked = dream_days(model)
    assert mine(asked) == ["2026-11-26", "2026-11-27"]
    assert len(asked) == len(set(asked)), "no day was dreamt twice"
    assert facts(tmp_path) == [
        f"- {FACTS['2026-11-26'][0]} (2026-11-26)",
        f"- {FACTS['2026-11-27'][0]} (2026-11-27)",
    ]


async def test_a_night_whose_dream_fails_gives_up_once_and_the_next_night_folds_the_day(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """An overloaded API at night: one journal line, no retry loop, no day lost."""
    write_day(tmp_path, "2026-11-28", DAYS["2026-11-28"])
    overloaded = api_error(529, "overloaded_error", "Overloaded")
    model = ScriptedModel(dream=overloaded)
    freezer.move_to(local(2026, 11, 29, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
        failed_night = model.kinds().count("dream")
        text = journal(tmp_path)
        assert pet.parts.mind.folded_until is None
        assert pet.parts.mind.dreamer.backlog()[-1] == "2026-11-28", "the day still waits"
        model.replies["dream"] = keep_by_day
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 7, 0))

    assert 1 <= failed_night <= 3, f"{failed_night} dream requests in a failing night"
    assert text.count("could not dream on 2026-11-28 tonight") == 1
    assert text.count("drifted off to dream") <= 1, "no flapping between dream and dormant"
    assert (
        pet.parts.mind.folded_until == "2026-11-29"
        or "2026-11-28" not in pet.parts.mind.dreamer.backlog()
    )
    assert f"- {FACTS['2026-11-28'][0]} (2026-11-28)" in facts(tmp_path)


async def test_a_day_the_model_declines_to_dream_on_is_not_asked_again_nor_holds_the_rest_back(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, caplog: Any
) -> None:
    """A model's safety classifier may decline a request (`stop_reason` "refusal"): asked
    again, it would decline again. So the day is set aside, once, in the journal's words, and
    stays there unfolded; the days after it are folded as ever, through a restart."""
    for day in ("2026-11-27", "2026-11-28"):
        write_day(tmp_path, day, DAYS[day])
    declined = {**reply_message({}, input_tokens=700, output_tokens=2), "content": []}
    declined["stop_reason"] = "refusal"

    def dream(body: dict[str, Any]) -> Any:
        if DAY.search(body["messages"][0]["content"])[1] == "2026-11-27":
            return json_answer(declined)
        return keep_by_day(body)

    model = ScriptedModel(dream=dream)
    freezer.move_to(local(2026, 11, 29, 20, 0))
    with scripted(model):
        entry = pet_entry(hass, **{CONF_DREAM_TOKENS: 2000})  # one fold a night at most
        pet = await async_setup_pet(hass, entry)
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
        assert mine(dream_days(model)) == ["2026-11-27"]
        assert "2026-11-27" not in pet.parts.mind.dreamer.backlog(), "set aside, not retried"
        pet = await restart(hass, entry)
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 7, 0))

    assert mine(dream_days(model)) == ["2026-11-27", "2026-11-28"], "each asked once"
    assert facts(tmp_path) == [f"- {FACTS['2026-11-28'][0]} (2026-11-28)"]
    text = journal(tmp_path)
    assert text.count("the model declined to dream on 2026-11-27") == 1
    assert "could not dream on 2026-11-27" not in text
    assert "I finally repotted the fern into the blue pot" in text, "the day itself stays"
    assert not [r for r in caplog.records if r.levelname == "WARNING" and "shelldon" in r.name], (
        "a model that declined one request is not broken"
    )


# ---------------------------------------------------------------------- the night's budget


class BilledNights:
    """Dream requests billed as the real API would roughly bill them (the prompt's characters
    over 3.5, a short reply, nothing cached), with the pet's own estimate of each, per night."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, int, int]] = []  # (night, estimated, billed)

    def __call__(self, body: dict[str, Any]) -> Answer:
        night = (dt_util.now() - timedelta(hours=12)).date().isoformat()
        billed_input = math.ceil(len(json.dumps(body)) / 3.5)
        self.requests.append((night, estimate_tokens(body), billed_input + 60))
        return json_answer(
            reply_message(
                keep_by_day(body), input_tokens=billed_input, output_tokens=60, cache_write=0
            )
        )

    def spent(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for night, _, billed in self.requests:
            out[night] = out.get(night, 0) + billed
        return out


async def test_a_night_folds_only_what_fits_its_allowance_and_leaves_the_rest_for_the_next(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    for day, lines in DAYS.items():
        write_day(tmp_path, day, lines)
    allowance = 2000  # one day's fold fits (about 1,500 estimated), two do not
    model = ScriptedModel()
    nights = BilledNights()
    model.replies["dream"] = nights
    freezer.move_to(local(2026, 11, 29, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, **{CONF_DREAM_TOKENS: allowance}))
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
        assert mine(dream_days(model)) == ["2026-11-26"], "the second fold would not have fit"
        assert pet.parts.mind.folded_until == "2026-11-26"
        assert pet.parts.mind.dreamer.backlog()[:2] == ["2026-11-27", "2026-11-28"], (
            "the rest waits"
        )
        night, spent = pet.parts.mind.dreamer.dream_spent
        assert night == "2026-11-29", "the night is named after the evening it began"
        assert spent == nights.spent()["2026-11-29"] <= allowance
        text = journal(tmp_path)
        assert text.count("stopped dreaming for tonight: 2026-11-27 would take about") == 1
        assert "left of tonight's allowance; it waits" in text
        assert pet.workings.personality.state.budget.turns_used == DREAM_COST, (
            "one dream's turns tonight"
        )

        await async_live_until(hass, freezer, pet, local(2026, 12, 3, 7, 0))
    assert mine(dream_days(model)) == ["2026-11-26", "2026-11-27", "2026-11-28"]
    for night, tokens in nights.spent().items():
        assert tokens <= allowance, f"the night of {night} overran: {tokens}"
    for _, estimated, billed in nights.requests:
        assert billed <= estimated, "the estimate is cautious"


async def test_a_day_too_large_for_any_night_is_not_folded_and_costs_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    for day, lines in DAYS.items():
        write_day(tmp_path, day, lines)
    model = ScriptedModel()
    freezer.move_to(local(2026, 11, 29, 20, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, **{CONF_DREAM_TOKENS: 500}))
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 7, 0))
    assert model.kinds().count("dream") == 0, "no request the allowance could not pay for"
    assert pet.parts.mind.folded_until is None
    assert pet.workings.personality.state.budget.turns_used == 0, (
        "the dream's turns were given back"
    )
    assert journal(tmp_path).count("stopped dreaming for tonight: 2026-11-26") == 1


# ---------------------------------------------------------------------- deduplicated


async def test_a_fact_already_kept_is_not_kept_again_in_other_words_or_case(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    (vault(tmp_path) / "memory").mkdir(parents=True)
    (vault(tmp_path) / "memory/facts.md").write_text("- Alex's sister is called Ada (2026-11-20)\n")
    write_day(
        tmp_path,
        "2026-11-29",
        [
            ("10:00", "Alex", "Ada, my sister, is coming over"),
            ("10:05", "Alex", "I started cello lessons today"),
        ],
    )
    model = ScriptedModel(
        dream={
            "intent": "keep what is new",
            "say": "",
            "remember": [
                "ALEX'S SISTER IS CALLED ADA.",
                "Ada is called Alex's sister",
                "Alex is learning the cello",
                "alex is LEARNING the cello!",
            ],
        }
    )
    freezer.move_to(local(2026, 11, 30, 9, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        result = await dream_now(hass)
    assert result == {"ok": True, "days": ["2026-11-29"], "facts": 1}
    assert facts(tmp_path) == [
        "- Alex's sister is called Ada (2026-11-20)",
        "- Alex is learning the cello (2026-11-29)",
    ]
    dream = model.calls[0][1]["messages"][0]["content"]
    assert "What is already kept:\n- Alex's sister is called Ada\n" in dream
    assert "slept on it: folded 2026-11-29 into what I keep (1 facts)" in journal(tmp_path)


# ---------------------------------------------------------------------- tokens sent


def long_day() -> list[tuple[str, str, str]]:
    """500 varied lines: the owner and the pet talking all day, and the pet's routine acts."""
    topics = ["the fern", "the kettle", "a podcast", "the rain", "lunch", "the bus", "a book"]
    lines = []
    for n in range(500):
        at = f"{7 + n * 15 // 500:02d}:{n * 15 * 60 // 500 % 60:02d}"
        topic = topics[n % len(topics)]
        if n % 5 == 4:
            lines.append((at, "shelldon", f"noticed: Alex moved near {topic} ({n})"))
        elif n % 2 == 0:
            lines.append((at, "Alex", f"Line {n}: thinking about {topic} again, item {n * 7}"))
        else:
            lines.append((at, "shelldon", f"Reply {n}: {topic} sounds nice, note {n * 3}"))
    return lines


async def test_a_five_hundred_line_day_is_folded_in_one_request_under_four_thousand_tokens(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    write_day(tmp_path, "2026-11-29", long_day())
    model = ScriptedModel(
        dream={"intent": "keep little", "say": "", "remember": ["Alex likes tea"]}
    )
    freezer.move_to(local(2026, 11, 30, 9, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        result = await dream_now(hass)
    assert result["days"] == ["2026-11-29"] and result["ok"] is True
    assert model.kinds() == ["dream"], "one request for the whole day"
    body = model.calls[0][1]
    assert prompt_tokens(body) < 4000
    assert pet.parts.mind.folded_until == "2026-11-29"


async def test_on_a_long_day_what_the_pet_noted_in_the_evening_still_reaches_the_dream(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    day = long_day()
    day.append(("22:30", "shelldon", "noted: Alex's sister Ada moves to Lisbon in March"))
    day.append(("22:31", "Alex", "Ada is moving to Lisbon in March!"))
    write_day(tmp_path, "2026-11-29", day)
    model = ScriptedModel(dream={"intent": "keep little", "say": "", "remember": []})
    freezer.move_to(local(2026, 11, 30, 9, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        await dream_now(hass)
    assert model.kinds() == ["dream"]
    sent = model.calls[0][1]["messages"][0]["content"]
    assert prompt_tokens(model.calls[0][1]) < 4000
    assert "noted: Alex's sister Ada moves to Lisbon in March" in sent


# ---------------------------------------------------------------------- recalled twice as strongly


async def test_a_kept_fact_is_recalled_ahead_of_the_raw_journal_line_saying_the_same(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    fact = "Alex's sister Ada plays the cello in an orchestra"
    write_day(
        tmp_path,
        "2026-11-29",
        [
            ("10:00", "Alex", "Ada plays the cello, Ada plays the cello in an orchestra now"),
            ("10:00", "shelldon", "How wonderful."),
        ],
    )
    model = ScriptedModel(
        dream={"intent": "keep Ada's cello", "say": "", "remember": [fact]},
        owner={"intent": "answer about Ada", "say": "She does!"},
    )
    freezer.move_to(local(2026, 11, 30, 9, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        assert (await dream_now(hass))["facts"] == 1
        await async_live_for(hass, freezer, pet, timedelta(minutes=5))
        question = "Does Ada still play the cello in the orchestra?"
        await hass.services.async_call(
            DOMAIN, "tell", {"message": question}, blocking=True, return_response=True
        )
        # Without its weight, the raw line would rank first: it says the words twice.
        hits = pet.files.recall.index.search(question, limit=10)
        kept = next(h for h in hits if h.chunk.doc == "memory/facts.md")
        raw = next(
            h for h in hits if h.chunk.doc == "journal/2026-11-29.md" and "Ada" in h.chunk.text
        )
        assert raw.score >= kept.score / FACT_WEIGHT, (
            "the test's premise: the raw line scores higher"
        )

    prompt = next(body for kind, body in model.calls if kind == "owner")["messages"][0]["content"]
    recalled = prompt.split("- What you recall that may matter here:\n", 1)[1].split("\n- ", 1)[0]
    lines = recalled.splitlines()
    fact_line = f"  - (a fact kept from 2026-11-29) {fact}"
    raw_line = (
        "  - (journal 2026-11-29) 10:00 [Alex] Ada plays the cello, "
        "Ada plays the cello in an orchestra now"
    )
    assert fact_line in lines and raw_line in lines
    assert lines.index(fact_line) < lines.index(raw_line)
