"""The Anthropic HTTP API, stood in for on loopback, so the real SDK runs end to end.

The stand-in (tests/anthropic_server.py) is a real HTTP server on 127.0.0.1 answering
`GET /v1/models` and `POST /v1/messages` below the SDK's HTTP library, whichever that is (httpx
for SDK 0.x, httpx2 for 2.x); the `messages_api` fixture (tests/conftest.py) starts it and points
the SDK at it with ANTHROPIC_BASE_URL. The product never streams, so neither does the stand-in.
Here: what the API answers (the models, a reply, an error), the scripted model that answers each
kind of turn, the billing that follows the cache rules, and `scripted()` for a block of a test.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from homeassistant.util import dt as dt_util

from custom_components.shelldon.core.caching import CacheEntry, Ttl, cached_usage
from custom_components.shelldon.core.tokens import Usage
from tests.anthropic_server import (
    ANSWERS,
    DISCONNECT,
    MESSAGES_PATH,
    MODELS_PATH,
    NOT_HTTP,
    Answer,
    Call,
    Disconnect,
    MessagesApi,
    NotHttp,
    Route,
    TooSlow,
    json_answer,
)

__all__ = [
    "API",
    "DISCONNECT",
    "KEY",
    "MESSAGES_PATH",
    "MODELS",
    "MODELS_PATH",
    "NOT_HTTP",
    "Answer",
    "Billing",
    "Call",
    "Disconnect",
    "MessagesApi",
    "NotHttp",
    "Route",
    "ScriptedModel",
    "TooSlow",
    "api_error",
    "error_body",
    "json_answer",
    "mock_models",
    "reachable",
    "reply_message",
    "scripted",
    "sent_bodies",
]

API = "https://api.anthropic.com"  # where the SDK goes when nothing points it elsewhere
KEY = "sk-ant-api03-test-key-not-a-real-one"

MODELS = {
    "data": [
        {
            "type": "model",
            "id": "claude-haiku-4-5",
            "display_name": "Claude Haiku 4.5",
            "created_at": "2025-10-01T00:00:00Z",
        },
        {
            "type": "model",
            "id": "claude-sonnet-4-5",
            "display_name": "Claude Sonnet 4.5",
            "created_at": "2025-09-29T00:00:00Z",
        },
    ],
    "has_more": False,
    "first_id": "claude-haiku-4-5",
    "last_id": "claude-sonnet-4-5",
}


def error_body(kind: str, message: str) -> dict[str, Any]:
    """An API error body."""
    return {"type": "error", "error": {"type": kind, "message": message}}


def api_error(status: int, kind: str, message: str = "nope") -> Answer:
    """An API error answer (401 authentication_error, 429 rate_limit_error, ...)."""
    return json_answer(error_body(kind, message), status)


def reply_message(
    reply: dict[str, Any],
    *,
    input_tokens: int = 300,
    output_tokens: int = 60,
    cache_read: int = 0,
    cache_write: int = 2000,
) -> dict[str, Any]:
    """A Messages API response whose content is one call of the reply tool."""
    return {
        "id": "msg_test",
        "type": "message",
        "role": "assistant",
        "model": "claude-haiku-4-5",
        "content": [{"type": "tool_use", "id": "toolu_test", "name": "reply", "input": reply}],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": cache_write,
            "cache_read_input_tokens": cache_read,
        },
    }


def sent_bodies(route: Route) -> list[dict[str, Any]]:
    """The JSON bodies the SDK sent to a route."""
    return [call.json for call in route.calls]


# ---------------------------------------------------------------------------------- scripts


def mock_models(api: MessagesApi, status: int = 200) -> Route:
    """GET /v1/models: the two models, or (any other status) the key refused."""
    if status == 200:
        return api.models.mock(return_value=json_answer(MODELS))
    refused = api_error(status, "authentication_error", "invalid x-api-key")
    return api.models.mock(return_value=refused)


KIND_MARKERS = {
    "owner": "\nTraffic.",
    "proactive": "\nWake.",
    "reach_out": "\nReach out.",
    "dream": "\nDream.",
    "flush": "\nFlush:",
}


CHARS_PER_TOKEN = 3.6  # how the fake API counts tokens (prose and JSON, in English)
# Anthropic's newer tokenizer (Claude 4.7 and later, the 5.x family) counts about 30% more.
NEWER_TOKENIZER = ("claude-haiku-5", "claude-sonnet-5", "claude-opus-5", "claude-fable-5")
NEWER_TOKENIZER += ("claude-opus-4-7", "claude-opus-4-8")


def tokens_of(text: str, model: str = "") -> int:
    """Tokens, as the fake API counts them for a model."""
    newer = any(model.startswith(family) for family in NEWER_TOKENIZER)
    return math.ceil(len(text) * (1.3 if newer else 1.0) / CHARS_PER_TOKEN)


@dataclass
class Billing:
    """The usage the API would report for each request under the published cache rules: the
    prefix (tools, then system) is cached only when marked, past the model's minimum, and read
    while its five minutes (refreshed by every hit) last; everything else is uncached input.
    Time is Home Assistant's (simulated in tests)."""

    clock: Callable[[], float] = field(default=lambda: dt_util.utcnow().timestamp())
    held: dict[str, CacheEntry] = field(default_factory=dict)  # prefix digest -> entry
    calls: list[tuple[str, Usage, bool]] = field(default_factory=list)  # kind, usage, marked

    def bill(self, kind: str, body: dict[str, Any], reply: dict[str, Any]) -> Usage:
        system = body.get("system") or []
        prefix = json.dumps(body.get("tools", []), ensure_ascii=False) + "".join(
            block.get("text", "") for block in system
        )
        marked = any("cache_control" in block for block in system)
        digest = hashlib.sha256(prefix.encode()).hexdigest()
        model = body["model"]
        usage, entry = cached_usage(
            prefix_tokens=tokens_of(prefix, model),
            rest_tokens=tokens_of(json.dumps(body["messages"], ensure_ascii=False), model),
            output_tokens=tokens_of(json.dumps(reply, ensure_ascii=False), model),
            model=model,
            marked=marked,
            ttl=Ttl.FIVE_MINUTES,
            now_s=self.clock(),
            held=self.held.get(digest),
        )
        if entry is not None:
            self.held[digest] = entry
        self.calls.append((kind, usage, marked))
        return usage


# What the API refuses of a model, as Anthropic's migration pages say (2026-12-06): forced tool
# use (`tool_choice` any or tool) on these families, and a thinking setting a model does not take.
REFUSES_FORCING = ("claude-sonnet-5-5", "claude-opus-5-5", "claude-fable-5-1")
THINKING_TAKEN = {
    "claude-sonnet-5-5": ("adaptive", "between_tools"),  # thinks unless told between_tools
    "claude-opus-5-5": ("adaptive",),  # always thinks
    "claude-fable-5-1": ("adaptive",),
}


def _family(model: str, families: Any) -> str | None:
    return next((family for family in families if model.startswith(family)), None)


class ScriptedModel:
    """A script for POST /v1/messages that answers each turn kind with a scripted reply, and
    remembers asks.

    `replies[kind]` is a reply dict, an answer (a failure: `api_error(...)`, `DISCONNECT`, ...),
    a callable (request body -> either), or a list of replies given in order (the last one
    repeats); kinds are owner, proactive, reach_out, dream, flush. Unscripted kinds get a silent
    reply.

    It keeps the API's rules for the model asked: a request a model refuses (forced tool use
    where `refuses_forcing` names its family, a thinking setting it does not take) is answered
    with the API's 400 and is no turn; a model that thinks opens each answer with a thinking
    block, and refuses a request that does not hand each of them back, unchanged, before the
    tool call it came with.
    """

    def __init__(
        self,
        billing: Billing | None = None,
        refuses_forcing: tuple[str, ...] = REFUSES_FORCING,
        **replies: Any,
    ) -> None:
        self.replies = replies
        self.billing = billing  # usage from the request under the cache rules (else fixed)
        self.refuses_forcing = refuses_forcing
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.refused: list[dict[str, Any]] = []  # requests answered with a 400
        self._thoughts: set[str] = set()  # the signatures of the thinking blocks it gave

    def _refusal(self, body: dict[str, Any]) -> str | None:
        """Why the API refuses this request for its model, or None."""
        model = str(body.get("model", ""))
        forced = body.get("tool_choice", {}).get("type") in {"any", "tool"}
        if forced and _family(model, self.refuses_forcing):
            return "tool_choice: forced tool use is not supported for this model; use auto"
        family = _family(model, THINKING_TAKEN)
        asked = body.get("thinking", {}).get("type")
        if family and asked is not None and asked not in THINKING_TAKEN[family]:
            return f'"thinking.type.{asked}" is not supported for this model'
        if not family or asked == "between_tools":
            return None  # no answer of its opened with a thinking block
        for message in body.get("messages", []):
            if message["role"] == "assistant":  # every answer opened with one
                first = message["content"][0] if message["content"] else {}
                if first.get("type") != "thinking" or first.get("signature") not in self._thoughts:
                    return "messages: an assistant turn must start with its thinking block"
        return None

    def _thinks(self, body: dict[str, Any], answer: Any) -> Any:
        """The answer, opened by a thinking block where the model thinks (its text omitted, as
        the API's default display has it); told `between_tools`, only between tool calls."""
        thinks = _family(str(body.get("model", "")), THINKING_TAKEN)
        if thinks is None or not isinstance(answer, Answer) or answer.status != 200:
            return answer
        last = body["messages"][-1]["content"]
        after_tools = not isinstance(last, str) and any(
            block.get("type") == "tool_result" for block in last
        )
        if body.get("thinking", {}).get("type") == "between_tools" and not after_tools:
            return answer
        try:
            message = json.loads(answer.body)
        except ValueError:  # a garbled answer, scripted: it stays garbled
            return answer
        signature = f"sig-{len(self._thoughts)}"
        self._thoughts.add(signature)
        thought = {"type": "thinking", "thinking": "", "signature": signature}
        return json_answer({**message, "content": [thought, *message["content"]]})

    @staticmethod
    def kind_of(body: dict[str, Any]) -> str:
        content = body["messages"][0]["content"]
        return next((k for k, marker in KIND_MARKERS.items() if marker in content), "unknown")

    def prompts(self, kind: str) -> list[str]:
        """The user messages of the turns of one kind, in order."""
        return [body["messages"][0]["content"] for k, body in self.calls if k == kind]

    def attach(self, api: MessagesApi) -> ScriptedModel:
        """Answer the Messages API of a stand-in a test set up itself."""
        api.messages.mock(side_effect=self)
        return self

    def kinds(self) -> list[str]:
        """The kinds of turn the model was asked for, in order."""
        return [kind for kind, _ in self.calls]

    def __call__(self, call: Call) -> Any:
        body = call.json
        if (why := self._refusal(body)) is not None:
            self.refused.append(body)
            return api_error(400, "invalid_request_error", why)
        return self._thinks(body, self._answer(body))

    def _answer(self, body: dict[str, Any]) -> Any:
        kind = self.kind_of(body)
        self.calls.append((kind, body))
        reply = self.replies.get(kind, {"intent": f"a quiet {kind} turn", "say": ""})
        if isinstance(reply, list):
            seen = sum(1 for k, _ in self.calls[:-1] if k == kind)
            reply = reply[min(seen, len(reply) - 1)]
        if callable(reply):
            reply = reply(body)
        if isinstance(reply, ANSWERS):  # an API failure (or a whole answer), scripted
            return reply
        if self.billing is None:
            return json_answer(reply_message(reply))
        usage = self.billing.bill(kind, body, reply)
        return json_answer(
            reply_message(
                reply,
                input_tokens=usage.input,
                output_tokens=usage.output,
                cache_read=usage.cache_read,
                cache_write=usage.cache_write,
            )
        )


@contextmanager
def reachable(api: MessagesApi | None = None) -> Iterator[MessagesApi]:
    """The stand-in for the block: `api`, or the `messages_api` fixture's (started here if the
    test has not asked for it). After the block the API is gone: requests are disconnected."""
    if api is None and (api := MessagesApi.active) is None:
        if MessagesApi.on_demand is None:
            raise RuntimeError("the Anthropic stand-in needs the messages_api fixture")
        api = MessagesApi.on_demand()
    api.unreachable(False)
    try:
        yield api
    finally:
        api.unreachable()


@contextmanager
def scripted(model: ScriptedModel, api: MessagesApi | None = None) -> Iterator[MessagesApi]:
    """The Anthropic API, answered by `model`, for the block (see `reachable`)."""
    with reachable(api) as stand_in:
        mock_models(stand_in)
        model.attach(stand_in)
        yield stand_in
