"""The pet's mind for every assistant: a Home Assistant LLM API named after the pet.

Any conversation agent the owner has (and, on 2026.11, an outside assistant through Home
Assistant's MCP server at /api/mcp/<API ID>) may use its tools: the promises, adding one (the
same command as the to-do list: one request, one promise), what the pet remembers about a
subject, what its shelf says, its mood and its day. Each answer comes from the pet's runtime
(`runtime.answers`): scrubbed, without a path of the host, one page of at most 2 KB. Who may
read what is `core.asking`'s; every call is journaled and counted on the activity sensor.

One API per pet, its id stable for the pet's life: `shelldon` for a pet first named Shelldon,
`shelldon_<its first name>` otherwise. Results are `llm.ToolResult` where the release has it
(plain data on 2025.4), read tools are annotated read-only where it has annotations.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date, datetime
from typing import Any, Final

import voluptuous as vol
from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import device_registry as dr
from homeassistant.helpers import llm
from homeassistant.loader import IntegrationNotFound, async_get_integration
from homeassistant.util import dt as dt_util

from .core.asking import Reader, Topic, may, page_start
from .core.commitments import errand_of
from .core.errands import same_errand
from .ports.const import DOMAIN
from .runtime import ShelldonConfigEntry
from .runtime.pet import Pet, PromiseChange
from .runtime.shown import Promise

# What the release has: results and annotations came with 2026.x; 2025.4 takes plain data.
TOOL_RESULT: Final[Any] = getattr(llm, "ToolResult", None)
ANNOTATIONS: Final[Any] = getattr(llm, "ToolAnnotations", None)
MCP: Final = "mcp_server"
NEXT_PAGE: Final = "next_page"
PAGE = vol.Optional(NEXT_PAGE, description="the next_page token of an earlier answer")

PROMPT: Final = (
    "{name} is a small desk pet living in this home, with promises it keeps, a memory of its "
    "owner and a shelf of documents. Ask its tools when the user wants something of {name}: "
    "its promises (and to add one: a reminder at a time, in the user's words), what it "
    "remembers about someone or something (each memory with the day it comes from), what its "
    "shelf says (cite each passage by its file and heading), its mood and what it did today. "
    "Answers are short pages; pass next_page to read on. Say what the tools say, briefly."
)
GUEST_PROMPT: Final = " This user may not read {name}'s memory or journal: do not ask for them."


def api_id(entry: ShelldonConfigEntry) -> str:
    """The pet's API id: from its unique id (the name it was first given), never renamed."""
    first = entry.unique_id or entry.entry_id
    return DOMAIN if first == DOMAIN else f"{DOMAIN}_{first}"


@callback
def async_register_pet_api(hass: HomeAssistant, entry: ShelldonConfigEntry) -> Callable[[], None]:
    """Offer the pet's API to every assistant; returns its unregister."""
    return llm.async_register_api(hass, PetAPI(hass, entry))


class PetAPI(llm.API):
    """The pet's tools, for one call's context (who asks decides what may be read)."""

    def __init__(self, hass: HomeAssistant, entry: ShelldonConfigEntry) -> None:
        super().__init__(hass=hass, id=api_id(entry), name=entry.runtime_data.coordinator.data.name)
        self.entry = entry

    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """The tools for this context, with the prompt that explains them."""
        runtime = self.entry.runtime_data
        name = runtime.coordinator.data.name
        reader, user = await _reader(self.hass, llm_context)
        asker = Asker(runtime.pet, reader, await _who(self.hass, llm_context, user))
        prompt = PROMPT.format(name=name)
        if not may(reader, Topic.MEMORY):
            prompt += GUEST_PROMPT.format(name=name)
        tools: list[llm.Tool] = [
            GetPromises(asker),
            AddPromise(asker),
            GetMemories(asker),
            SearchShelf(asker),
            GetMoodAndDay(asker),
        ]
        return llm.APIInstance(api=self, api_prompt=prompt, llm_context=llm_context, tools=tools)


class Asker:
    """One caller, as the tools of an API instance ask the pet for it."""

    def __init__(self, pet: Pet, reader: Reader, who: str) -> None:
        self.pet = pet
        self.reader = reader
        self.who = who


class PetTool(llm.Tool):
    """A tool of the pet's: arguments checked, failures told as an error result."""

    integration = DOMAIN
    read_only: bool = True
    # The pet's answer (args, the page's start): each tool below gives its own.
    answer: Callable[[dict[str, Any], int], Awaitable[dict[str, Any]]]

    def __init__(self, asker: Asker) -> None:
        self.asker = asker
        if ANNOTATIONS is not None:
            self.annotations = ANNOTATIONS(
                read_only=self.read_only,
                destructive=False,
                idempotent=True,  # reading; and one request is one promise however often
                open_world=False,
            )

    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> Any:
        """Check the arguments, ask the pet, hand back its answer."""
        try:
            args = self.parameters(tool_input.tool_args)
        except vol.Invalid as err:
            return _result({"error": f"invalid arguments: {err}"}, error=True)
        start = page_start(args.get(NEXT_PAGE))
        if start is None:
            return _result({"error": "unknown next_page token"}, error=True)
        try:
            answer = await self.answer(args, start)
        except HomeAssistantError as err:
            return _result({"error": str(err) or type(err).__name__}, error=True)
        return _result(answer)


class GetPromises(PetTool):
    """The open promises, then the ones kept lately."""

    name = "GetPromises"
    description = (
        "The pet's open promises (reminders it will give at their time), soonest due first, "
        "then those it kept lately."
    )
    parameters = vol.Schema({PAGE: str})

    async def answer(self, args: dict[str, Any], start: int) -> dict[str, Any]:
        """The promises page."""
        pet, asker = self.asker.pet, self.asker
        pet.answers.asked(asker.who, Topic.PROMISES, "journal.asked_promises")
        return pet.answers.promises(start)


class AddPromise(PetTool):
    """A new promise, exactly as if the owner had typed it into the to-do list."""

    name = "AddPromise"
    description = (
        "Ask the pet to keep a promise: a reminder it gives at its time, in the user's words "
        "('put the bins out at 6pm'). One request is one promise: asking twice files it once."
    )
    parameters = vol.Schema(
        {
            vol.Required("text", description="what to remind of, with its time if said"): str,
            vol.Optional("due", description="ISO 8601 date or date-time, if not in the text"): str,
        }
    )
    read_only = False

    async def answer(self, args: dict[str, Any], start: int) -> dict[str, Any]:
        """File it through the to-do list's own command; say what became of it."""
        pet, asker = self.asker.pet, self.asker
        text = str(args["text"])
        due = _due(args.get("due"))
        pet.answers.asked(asker.who, Topic.ADD_PROMISE, "journal.asked_promise", text=text)
        before = pet.answers.open_ids()
        await pet.async_change_promise(PromiseChange("add", text=text, due=due))
        said = errand_of(text, dt_util.now())
        wanted = due if isinstance(due, datetime) else said.due

        def matches(promise: Promise) -> bool:
            return same_errand(said.what, promise.text, wanted, promise.due)

        return pet.answers.filed(before, matches)


class GetMemories(PetTool):
    """What the pet remembers about a subject."""

    name = "GetMemories"
    description = (
        "What the pet remembers about someone or something: facts it kept and recent journal "
        "lines, each with the day it comes from."
    )
    parameters = vol.Schema(
        {vol.Required("about", description="a person, a thing, a subject"): str, PAGE: str}
    )

    async def answer(self, args: dict[str, Any], start: int) -> dict[str, Any]:
        """One page of memories (none for a reader who may not read them)."""
        pet, asker = self.asker.pet, self.asker
        about = str(args["about"])
        allowed = may(asker.reader, Topic.MEMORY)
        key = "journal.asked_memory" if allowed else "journal.asked_memory_refused"
        pet.answers.asked(asker.who, Topic.MEMORY, key, about=about)
        return pet.answers.remembers(about, asker.reader, start)


class SearchShelf(PetTool):
    """What the documents on the pet's shelf say."""

    name = "SearchShelf"
    description = (
        "Search the documents on the pet's shelf: passages, best first, each with its file, "
        "heading and character span to cite."
    )
    parameters = vol.Schema({vol.Required("query", description="what to look for"): str, PAGE: str})

    async def answer(self, args: dict[str, Any], start: int) -> dict[str, Any]:
        """One page of passages."""
        pet, asker = self.asker.pet, self.asker
        query = str(args["query"])
        pet.answers.asked(asker.who, Topic.SHELF, "journal.asked_shelf", about=query)
        return pet.answers.shelf(query, start)


class GetMoodAndDay(PetTool):
    """The pet's mood now and what it did today."""

    name = "GetMoodAndDay"
    description = (
        "The pet's mood now (its feeling, valence, arousal, energy, activity) and what it did "
        "today: its journal's lines, newest first."
    )
    parameters = vol.Schema({PAGE: str})

    async def answer(self, args: dict[str, Any], start: int) -> dict[str, Any]:
        """The mood, and one page of today's journal."""
        pet, asker = self.asker.pet, self.asker
        pet.answers.asked(asker.who, Topic.MOOD, "journal.asked_day")
        return await pet.answers.async_day(asker.reader, start)


def _result(data: dict[str, Any], *, error: bool = False) -> Any:
    """What the release expects a tool to return."""
    if TOOL_RESULT is not None:
        return TOOL_RESULT(data=data, error=error)
    return data


def _due(text: Any) -> date | datetime | None:
    """A due date or date-time as ISO 8601, local when it names no zone."""
    if not text:
        return None
    when = dt_util.parse_datetime(str(text))
    if when is not None:
        return dt_util.as_local(when) if when.tzinfo else when
    day = dt_util.parse_date(str(text))
    if day is None:
        raise HomeAssistantError(f"due is not an ISO 8601 date or date-time: {text}")
    return day


async def _reader(hass: HomeAssistant, llm_context: llm.LLMContext) -> tuple[Reader, str | None]:
    """Whom the call is made for, and the user's name if there is one."""
    context = llm_context.context
    if context is None or not context.user_id:
        return Reader.HOUSE, None
    user = await hass.auth.async_get_user(context.user_id)
    if user is None:
        return Reader.GUEST, None  # a user that is gone is told the least
    return (Reader.ADMIN if user.is_admin else Reader.GUEST), user.name


async def _who(hass: HomeAssistant, llm_context: llm.LLMContext, user: str | None) -> str:
    """The caller as the journal names it: the device asked through, else the agent, else the
    integration; and the user it asks for."""
    name = ""
    if llm_context.device_id:
        device = dr.async_get(hass).async_get(llm_context.device_id)
        name = (device.name_by_user or device.name or "") if device else ""
    if not name and (agent := getattr(llm_context, "agent_id", None)):
        state = hass.states.get(agent)
        name = state.name if state else str(agent)
    if not name:
        platform = llm_context.platform
        try:
            name = "MCP" if platform == MCP else (await async_get_integration(hass, platform)).name
        except IntegrationNotFound:
            name = platform
    return f"{name}, {user}" if user else name
