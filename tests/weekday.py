"""A typical weekday with the defaults, replayed through Home Assistant (for a test and a bench).

Alex is home in the morning and the evening and away 08:30–17:30; seven messages in three
conversations, one reminder ("call mum at 18:00"); then the night, to 09:00 the next day. With
`light`, the pet may use Assist (Home Assistant's own LLM API) and Alex also asks it, at 19:01,
to switch on the desk lamp: one owner turn of two calls (the tool, then the reply). The
model is faked at the HTTP layer (the real SDK runs) and answers as a sensible model would; its
usage is what the API would report for each request under the cache rules (`Billing`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.shelldon.core.caching import billed_input
from custom_components.shelldon.core.tokens import Usage
from custom_components.shelldon.ports.const import CONF_LLM_HASS_API, DOMAIN, EVENT_REACH_OUT
from tests.anthropic_mock import KEY, Billing, ScriptedModel, json_answer, reply_message, scripted
from tests.common import async_live_until, async_setup_pet, async_tell, local

DAY = (2026, 12, 2)  # a Wednesday
# (hour, minute, what Alex says); the gaps inside a conversation are a minute or two.
CONVERSATIONS = (
    (
        (7, 30, "good morning! remind me to call mum at 18:00"),
        (7, 31, "the tea was lovely today"),
        (7, 33, "what's on your mind this morning?"),
    ),
    ((19, 0, "home at last; dinner was pasta"), (19, 2, "did you have a quiet day?")),
    ((21, 30, "my sister Ada visits on Saturday"), (21, 31, "good night")),
)
MESSAGES = sum(len(c) for c in CONVERSATIONS)


def user_text(body: dict[str, Any]) -> str:
    content = body["messages"][0]["content"]
    return content if isinstance(content, str) else json.dumps(content)


def new_message(body: dict[str, Any]) -> str:
    """The owner's new message in an owner turn's prompt."""
    for row in user_text(body).splitlines():
        if row.startswith("{") and '"kind":"message"' in row:
            return str(json.loads(row)["text"])
    return ""


EVENING = ("home at last", "did you have a quiet day", "good night")


LAMP = "switch on the desk lamp"


def tool_results(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool results of a request's last message (none in a turn's first call)."""
    content = body["messages"][-1]["content"]
    return [] if isinstance(content, str) else [b for b in content if b["type"] == "tool_result"]


def lamp(billing: Billing, body: dict[str, Any]) -> Any:
    """The lamp turn, as a sensible model plays it: the tool first (billed like any call),
    then the reply saying what it did."""
    if tool_results(body):
        return {"intent": "tell Alex the lamp is on", "say": "The desk lamp is on."}
    name = next(t["name"] for t in body["tools"] if t["name"].endswith("HassTurnOn"))
    call = {"type": "tool_use", "id": "toolu_lamp", "name": name, "input": {"name": "Desk lamp"}}
    usage = billing.bill("owner", body, call["input"])
    message = reply_message(
        {},
        input_tokens=usage.input,
        output_tokens=usage.output,
        cache_read=usage.cache_read,
        cache_write=usage.cache_write,
    )
    return json_answer({**message, "content": [call]})


def answer(body: dict[str, Any], questions: bool = False) -> dict[str, Any]:
    """What a sensible model says to each message; with `questions`, its evening lines end in a
    question back to Alex (a conversation whose every message was answered and kept still closes
    without a call). Asked for a reminder, it also promises it, as models do: the goal book keeps
    one goal."""
    said = new_message(body)
    if "remind me" in said:
        return {
            "intent": "confirm the reminder my goal book filed",
            "say": "I'll remind you.",
            "promise": [{"what": "remind Alex to call mum", "due_in_hours": 10.5}],
        }
    if questions and any(words in said for words in EVENING):
        return {"intent": "answer Alex and ask back", "say": "That sounds nice. How was yours?"}
    if "Ada" in said:
        return {
            "intent": "keep a fact about Alex's family",
            "say": "How lovely! I'll remember.",
            "remember": ["Alex's sister Ada visits on Saturday."],
        }
    if "good night" in said:
        return {"intent": "wish Alex a good night", "say": "Good night, sleep well."}
    return {"intent": "answer Alex", "say": "That sounds nice."}


def sensible(billing: Billing, questions: bool = False, lamp_fails: Any = None) -> ScriptedModel:
    """A sensible model; with `lamp_fails`, what the API answers once the lamp is on."""

    def owner(body: dict[str, Any]) -> Any:
        if new_message(body) == LAMP:
            if lamp_fails is not None and tool_results(body):
                return lamp_fails
            return lamp(billing, body)
        return answer(body, questions)

    return ScriptedModel(
        billing=billing,
        owner=owner,
        reach_out={"intent": "keep my word about the call", "say": "Time to call your mum!"},
        proactive={"intent": "nothing needs Alex now", "say": ""},
        flush={"intent": "keep what is left", "say": "", "remember": []},
        dream={"intent": "keep the durable", "say": "", "remember": ["Alex likes tea."]},
    )


@dataclass
class Day:
    """What the weekday cost, as the fake API billed it."""

    model: str
    calls: list[tuple[str, Usage, bool]] = field(default_factory=list)
    reach_outs: list[dict[str, Any]] = field(default_factory=list)
    sensor_at_night: dict[str, Any] = field(default_factory=dict)  # tokens today, at 21:45
    billed_by_then: Usage = field(default_factory=Usage)
    systems: list[tuple[str, str]] = field(default_factory=list)  # (kind, system text) per call
    soul: tuple[str, str] = ("", "")  # the constitution and the persona, as the pet holds them
    journal: str = ""  # the days' journals, as written
    lamp_on: int = 0  # light.turn_on calls Home Assistant ran
    bodies: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (kind, request)
    refused: list[dict[str, Any]] = field(default_factory=list)  # requests the API refused

    def kinds(self) -> list[str]:
        return [kind for kind, _, _ in self.calls]

    def billed(self, *, own: bool | None = None) -> float:
        """Billed input-token equivalents (all calls, or only the pet's own initiative)."""
        return sum(
            billed_input(usage)
            for kind, usage, _ in self.calls
            if own is None or (kind != "owner") == own
        )

    def output(self) -> int:
        return sum(usage.output for _, usage, _ in self.calls)


def pet_entry(hass: HomeAssistant, model: str, light: bool = False) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        entry_id="01JSHELLDONWEEKDAYCOSTS0001",
        data={"name": "Shelldon", "api_key": KEY, "model": model},
        options={
            "notify_targets": ["notify.mobile_app_phone"],
            "presence_entities": ["person.alex"],
            **({CONF_LLM_HASS_API: [llm.LLM_API_ASSIST]} if light else {}),
        },
    )
    entry.add_to_hass(hass)
    return entry


async def async_desk_lamp(hass: HomeAssistant) -> list[ServiceCall]:
    """A desk lamp exposed to Assist; every light.turn_on Home Assistant ran."""
    assert await async_setup_component(hass, "intent", {})
    hass.states.async_set("light.desk_lamp", "off", {"friendly_name": "Desk lamp"})
    async_expose_entity(hass, "conversation", "light.desk_lamp", True)
    return async_mock_service(hass, "light", "turn_on")


async def async_weekday(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    model: str,
    *,
    questions: bool = False,
    light: bool = False,
    refusing: tuple[str, ...] | None = None,
    lamp_fails: Any = None,
) -> Day:
    """Live the weekday (with `light`, a lamp switched on in the evening); what it cost. With
    `refusing`, the API refuses forced tool use on those model families (else as it does); with
    `lamp_fails`, the API's answer once the lamp is on (the turn fails after the tool ran)."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    lamp_calls = await async_desk_lamp(hass) if light else []
    async_mock_service(hass, "notify", "mobile_app_phone")
    day = Day(model)
    hass.bus.async_listen(EVENT_REACH_OUT, lambda event: day.reach_outs.append(dict(event.data)))
    billing = Billing()
    model_api = sensible(billing, questions, lamp_fails)
    if refusing is not None:
        model_api.refuses_forcing = refusing
    freezer.move_to(local(*DAY, 7, 0))
    with scripted(model_api):
        pet = await async_setup_pet(hass, pet_entry(hass, model, light))
        for conversation in CONVERSATIONS:
            for hour, minute, text in conversation:
                await async_live_until(hass, freezer, pet, local(*DAY, hour, minute))
                await async_tell(hass, text)
                if light and hour == 19 and minute == 0:
                    await async_live_until(hass, freezer, pet, local(*DAY, 19, 1))
                    await async_tell(hass, LAMP)
            if conversation is CONVERSATIONS[0]:
                await async_live_until(hass, freezer, pet, local(*DAY, 8, 30))
                hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
                await async_live_until(hass, freezer, pet, local(*DAY, 17, 30))
                hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
        await async_live_until(hass, freezer, pet, local(*DAY, 21, 45))
        state = hass.states.get(f"sensor.{DOMAIN}_tokens_today")
        day.sensor_at_night = {"state": state.state, **state.attributes} if state else {}
        day.billed_by_then = sum((usage for _, usage, _ in billing.calls), Usage())
        year, month, date = DAY
        await async_live_until(hass, freezer, pet, local(year, month, date + 1, 9, 0))
        await hass.async_block_till_done()
    day.calls = list(billing.calls)
    day.lamp_on = len(lamp_calls)
    day.bodies, day.refused = list(model_api.calls), list(model_api.refused)
    day.systems = [
        (kind, "".join(block["text"] for block in body["system"])) for kind, body in model_api.calls
    ]
    day.soul = (
        pet.parts.turns.identity.constitution.strip(),
        pet.parts.turns.identity.persona.strip(),
    )
    journals = sorted(Path(hass.config.path("shelldon", "shelldon", "journal")).glob("*.md"))
    day.journal = "".join(path.read_text(encoding="utf-8") for path in journals)
    return day
