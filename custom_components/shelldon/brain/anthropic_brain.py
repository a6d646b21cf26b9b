"""The Anthropic brain: one structured reply per turn, the stable prefix cached where it pays.

The reply is a tool call whose schema puts `intent` first, forced where the model allows it
(`model_rules`; elsewhere offered and asked for by the prompt). The stable part of the prompt
(tools and system) comes first and is byte-identical from turn to turn; the changing part is
one small user message. The stable part carries a cache breakpoint only where the model's rules
let it pay (`core.caching`): past the model's minimum cacheable length, and in a conversation
(or moments after one), never on a turn of the pet's own hours from any other. The breakpoint
is explicit on the system block: the automatic mode (a top-level `cache_control`) would move it
to the last block, the changing message, and write a new entry on every call. A turn is bounded
by a timeout and by a ceiling on rounds (a reply that does not fit the schema is sent back once
or twice with the reason). Failures become `BrainAuthError` (the owner must act) or
`BrainUnavailable` (passing), carrying whatever usage was already billed.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import time
from collections.abc import Callable
from typing import Any, Final

import anthropic

from ..core.caching import TTL_SECONDS, CachePlan, Ttl, plan_cache
from ..core.home import MAX_TOOL_ROUNDS, ToolCall, Verdict
from ..core.tokens import Usage
from ..core.turn_kind import TurnKind
from .model_rules import CHARS_PER_TOKEN, ModelRules, rules_for
from .prompt import HOME_GUIDE, REPLY_TOOL, build_prompt
from .tool_rounds import REFUSALS, answer_calls, refused, result_block
from .turn import (
    REFUSED,
    BrainAuthError,
    BrainError,
    BrainUnavailable,
    ReplyError,
    TurnRequest,
    TurnResult,
    parse_reply,
)

DEFAULT_MODEL: Final = "claude-haiku-4-5"
TURN_TIMEOUT_S: Final = 45.0
MAX_ROUNDS: Final = 3

_LOGGER = logging.getLogger(__name__)


def usage_of(response_usage: Any) -> Usage:
    """Our Usage from the SDK's."""
    return Usage(
        input=int(getattr(response_usage, "input_tokens", 0) or 0),
        cache_write=int(getattr(response_usage, "cache_creation_input_tokens", 0) or 0),
        cache_read=int(getattr(response_usage, "cache_read_input_tokens", 0) or 0),
        output=int(getattr(response_usage, "output_tokens", 0) or 0),
    )


CACHE_MARK: Final = {"type": "ephemeral"}  # a five-minute breakpoint


REPLY_CHOICE: Final = {"type": "tool", "name": REPLY_TOOL["name"]}
ANY_TOOL: Final = {"type": "any"}


def request_body(
    request: TurnRequest, model: str, rules: ModelRules | None = None
) -> dict[str, Any]:
    """The Messages API request for a turn (also what the benchmarks measure): the tools and
    the system blocks first (the stable prefix), then the turn's one message. An owner turn with
    the home's tools adds them (sorted, so the same in every turn of a conversation) and the
    API's prompt to that prefix, and lets the model call any tool; every other turn may call the
    reply tool only (forced where the model allows it, `model_rules`)."""
    rules = rules or rules_for(model)
    prompt = build_prompt(request)
    system = [{"type": "text", "text": prompt.stable}]
    tools: list[dict[str, Any]] = [REPLY_TOOL]
    forced: dict[str, Any] = REPLY_CHOICE
    if (home := request.home) is not None:
        system.append({"type": "text", "text": f"{HOME_GUIDE}\n\n{home.prompt.strip()}"})
        tools = [*home.specs, REPLY_TOOL]
        forced = ANY_TOOL
    body = {
        "model": model,
        "system": system,
        "tools": tools,
        "messages": [{"role": "user", "content": prompt.changing}],
    }
    return rules.apply(body, forced)


def estimate_tokens(body: dict[str, Any], chars_per_token: float = CHARS_PER_TOKEN) -> int:
    """What a request body would cost at most: its text over the model's characters per token,
    plus the cap on the reply (no API call: counting would cost a round trip)."""
    return math.ceil(len(json.dumps(body, ensure_ascii=False)) / chars_per_token) + int(
        body["max_tokens"]
    )


def prefix_of(body: dict[str, Any]) -> str:
    """The stable prefix of a request as the cache sees it: the tools, then the system."""
    return json.dumps(
        [body["tools"], *(block["text"] for block in body["system"])], ensure_ascii=False
    )


class AnthropicBrain:
    """Talks to Claude through the official SDK."""

    name = "anthropic"
    acts_on_home = True  # an owner turn may be handed the home's tools

    def __init__(
        self,
        client: anthropic.AsyncAnthropic,
        model: str = DEFAULT_MODEL,
        *,
        timeout_s: float = TURN_TIMEOUT_S,
        max_rounds: int = MAX_ROUNDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self.model = model
        self.timeout_s = timeout_s
        self.max_rounds = max_rounds
        self.clock = clock  # seconds, for the cache's five minutes (Home Assistant's time)
        self._cached: tuple[str, float] | None = None  # (the prefix's digest, when last cached)
        self.rules = rules_for(model)  # less, once the model refused a part of a request

    def estimate(self, request: TurnRequest) -> int:
        """At most what one round of this request would cost (estimated, not counted)."""
        body = request_body(request, self.model, self.rules)
        return estimate_tokens(body, self.rules.chars_per_token)

    def plan(self, body: dict[str, Any], kind: TurnKind) -> tuple[CachePlan, str]:
        """Whether a turn's request marks its prefix for the cache, and the prefix's digest."""
        prefix = prefix_of(body)
        digest = hashlib.sha256(prefix.encode("utf-8")).hexdigest()
        since = None
        if self._cached is not None and self._cached[0] == digest:
            since = self.clock() - self._cached[1]
        plan = plan_cache(
            prefix_tokens=math.ceil(len(prefix) / self.rules.chars_per_token),
            model=self.model,
            conversation=kind is TurnKind.OWNER,
            since_cached_s=since,
        )
        return plan, digest

    def _kept(self, plan: CachePlan, digest: str, usage: Usage) -> None:
        """After a call: when the cache (as the API reports it) last held this prefix."""
        if plan.mark and (usage.cache_write or usage.cache_read):
            self._cached = (digest, self.clock())
        elif (
            self._cached is not None
            and self.clock() - self._cached[1] >= TTL_SECONDS[Ttl.FIVE_MINUTES]
        ):
            self._cached = None

    async def think(self, request: TurnRequest) -> TurnResult:
        """One turn, within the timeout, the round ceiling and (an owner turn with the home's
        tools) the tool rounds. A turn that fails still says which tools it called."""
        calls: list[ToolCall] = []
        try:
            return await self._think(request, calls)
        except BrainError as err:
            err.tools = tuple(calls)
            raise

    async def _think(self, request: TurnRequest, calls: list[ToolCall]) -> TurnResult:
        body = request_body(request, self.model, self.rules)
        forced = REPLY_CHOICE if request.home is None else ANY_TOOL
        plan, digest = self.plan(body, request.kind)
        if plan.mark:
            body["system"][-1]["cache_control"] = dict(CACHE_MARK)
        usage = Usage()
        cause = "bad_reply"
        fits = tool_rounds = 0
        try:
            async with asyncio.timeout(self.timeout_s):
                while fits < self.max_rounds:
                    try:
                        response = await self.client.messages.create(**body)
                    except anthropic.BadRequestError as err:
                        if (fewer := self.rules.without(_api_message(err))) is None:
                            raise
                        self.rules, part = fewer  # the model refuses it: never asked again
                        self.rules.apply(body, forced)
                        _LOGGER.info(
                            "%s refused %s; asked without it until Home Assistant restarts",
                            self.model,
                            part,
                        )
                        continue
                    used = usage_of(response.usage)
                    self._kept(plan, digest, used)
                    usage = usage + used  # every round is billed, so every round counts
                    if response.stop_reason == "refusal":  # its safety classifier: asked again,
                        raise BrainUnavailable(REFUSED, usage)  # it would refuse again
                    uses = [b for b in response.content if b.type == "tool_use"]
                    call = next((b for b in uses if b.name == REPLY_TOOL["name"]), None)
                    others = [b for b in uses if b.name != REPLY_TOOL["name"]]
                    said = [b.model_dump(exclude_none=True) for b in response.content]
                    if call is None and others:
                        home = request.home
                        tool_rounds += home is not None
                        over = tool_rounds > MAX_TOOL_ROUNDS
                        if home is None or over:
                            fits += 1  # a tool it may not call now: an answer that does not fit
                        results = await answer_calls(home, others, calls, over=over)
                        if home is None or tool_rounds >= MAX_TOOL_ROUNDS:
                            forced = REPLY_CHOICE
                            body["tool_choice"] = self.rules.choice(forced)
                        body["messages"] = [
                            *body["messages"],
                            {"role": "assistant", "content": said},
                            {"role": "user", "content": results},
                        ]
                        continue
                    calls.extend(refused(b, Verdict.WITH_REPLY) for b in others)
                    fits += 1
                    try:
                        if call is None:
                            raise ReplyError("answer with the reply tool (named reply) only")
                        if response.stop_reason == "max_tokens":
                            cause = "cut_off"
                            raise ReplyError(
                                "it was cut off at the length limit; say less, in fewer words"
                            )
                        reply = parse_reply(call.input)
                    except ReplyError as err:
                        body["messages"] = [
                            *body["messages"],
                            {"role": "assistant", "content": said},
                            _retry_message(call.id if call else None, str(err), others),
                        ]
                        continue
                    return TurnResult(
                        reply=reply,
                        usage=usage,
                        brain=self.name,
                        rounds=fits + tool_rounds,
                        tools=tuple(calls),
                    )
        except BrainUnavailable:
            raise  # decided inside (the model declined the turn)
        except TimeoutError as err:
            raise BrainUnavailable("timeout", usage) from err
        except anthropic.AuthenticationError as err:
            raise BrainAuthError("auth", usage) from err
        except anthropic.PermissionDeniedError as err:
            raise BrainAuthError("permission", usage) from err
        except anthropic.RateLimitError as err:
            raise BrainUnavailable("rate_limited", usage) from err
        except anthropic.APITimeoutError as err:
            raise BrainUnavailable("timeout", usage) from err
        except anthropic.APIConnectionError as err:
            raise BrainUnavailable("network", usage) from err
        except anthropic.NotFoundError as err:
            raise BrainUnavailable("model_not_found", usage) from err
        except anthropic.APIStatusError as err:
            cause = "overloaded" if err.status_code == 529 else f"http_{err.status_code}"
            raise BrainUnavailable(cause, usage) from err
        except anthropic.APIError as err:  # a response the SDK could not read, and the like
            raise BrainUnavailable("bad_response", usage) from err
        except Exception as err:  # never a crashed turn: the owner still gets an apology
            _LOGGER.exception("Unexpected error while thinking")
            raise BrainUnavailable("unknown", usage) from err
        raise BrainUnavailable(cause, usage)


def _api_message(err: anthropic.APIStatusError) -> str:
    """What the API said was wrong (its error's message), else the SDK's whole text."""
    body = err.body if isinstance(err.body, dict) else {}
    error = body.get("error")
    message = error.get("message") if isinstance(error, dict) else None
    return message if isinstance(message, str) else str(err)


def _retry_message(tool_use_id: str | None, problem: str, others: list[Any]) -> dict[str, Any]:
    text = f"That reply did not fit: {problem}. Call the reply tool again, intent first."
    answered = [result_block(b.id, REFUSALS[Verdict.WITH_REPLY], error=True) for b in others]
    if tool_use_id is None and not answered:
        return {"role": "user", "content": text}
    if tool_use_id is None:
        return {"role": "user", "content": [*answered, {"type": "text", "text": text}]}
    return {"role": "user", "content": [result_block(tool_use_id, text, error=True), *answered]}
