"""The Anthropic HTTP API, mocked with respx so the real SDK runs end to end."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import respx
from homeassistant.util import dt as dt_util

from custom_components.shelldon.core.caching import CacheEntry, Ttl, cached_usage
from custom_components.shelldon.core.tokens import Usage

API = "https://api.anthropic.com"
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


def error_body(kind: str, message: str) -> dict[str, Any]:
    """An API error body."""
    return {"type": "error", "error": {"type": kind, "message": message}}


def mock_models(router: respx.MockRouter, status: int = 200) -> respx.Route:
    """GET /v1/models."""
    if status == 200:
        return router.get(f"{API}/v1/models").mock(return_value=httpx.Response(200, json=MODELS))
    return router.get(f"{API}/v1/models").mock(
        return_value=httpx.Response(
            status, json=error_body("authentication_error", "invalid x-api-key")
        )
    )


def sent_bodies(route: respx.Route) -> list[dict[str, Any]]:
    """The JSON bodies the SDK sent to a route."""
    return [json.loads(call.request.content) for call in route.calls]


KIND_MARKERS = {
    "owner": "\nTraffic.",
    "proactive": "\nWake.",
    "reach_out": "\nReach out.",
    "dream": "\nDream.",
    "flush": "\nFlush:",
}


CHARS_PER_TOKEN = 3.6  # how the fake API counts tokens (prose and JSON, in English)


def tokens_of(text: str) -> int:
    """Tokens, as the fake API counts them."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


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
        usage, entry = cached_usage(
            prefix_tokens=tokens_of(prefix),
            rest_tokens=tokens_of(json.dumps(body["messages"], ensure_ascii=False)),
            output_tokens=tokens_of(json.dumps(reply, ensure_ascii=False)),
            model=body["model"],
            marked=marked,
            ttl=Ttl.FIVE_MINUTES,
            now_s=self.clock(),
            held=self.held.get(digest),
        )
        if entry is not None:
            self.held[digest] = entry
        self.calls.append((kind, usage, marked))
        return usage


class ScriptedModel:
    """A respx side effect that answers each turn kind with a scripted reply, and remembers asks.

    `replies[kind]` is a reply dict, an httpx.Response (a failure), a callable (request body
    -> either), or a list of replies given in order (the last one repeats); kinds are owner,
    proactive, reach_out, dream, flush. Unscripted kinds get a silent reply.
    """

    def __init__(self, billing: Billing | None = None, **replies: Any) -> None:
        self.replies = replies
        self.billing = billing  # usage from the request under the cache rules (else fixed)
        self.calls: list[tuple[str, dict[str, Any]]] = []

    @staticmethod
    def kind_of(body: dict[str, Any]) -> str:
        content = body["messages"][0]["content"]
        return next((k for k, marker in KIND_MARKERS.items() if marker in content), "unknown")

    def prompts(self, kind: str) -> list[str]:
        """The user messages of the turns of one kind, in order."""
        return [body["messages"][0]["content"] for k, body in self.calls if k == kind]

    def attach(self, router: respx.MockRouter) -> ScriptedModel:
        """Answer the Messages API on a router a test set up itself."""
        router.post(f"{API}/v1/messages").mock(side_effect=self)
        return self

    def kinds(self) -> list[str]:
        """The kinds of turn the model was asked for, in order."""
        return [kind for kind, _ in self.calls]

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        kind = self.kind_of(body)
        self.calls.append((kind, body))
        reply = self.replies.get(kind, {"intent": f"a quiet {kind} turn", "say": ""})
        if isinstance(reply, list):
            seen = sum(1 for k, _ in self.calls[:-1] if k == kind)
            reply = reply[min(seen, len(reply) - 1)]
        if callable(reply):
            reply = reply(body)
        if isinstance(reply, httpx.Response):  # an API failure, scripted
            return reply
        if self.billing is None:
            return json_response(reply_message(reply))
        usage = self.billing.bill(kind, body, reply)
        return json_response(
            reply_message(
                reply,
                input_tokens=usage.input,
                output_tokens=usage.output,
                cache_read=usage.cache_read,
                cache_write=usage.cache_write,
            )
        )


def json_response(body: dict[str, Any], status: int = 200) -> httpx.Response:
    """A JSON response as the API sends it: ASCII, so even a lone surrogate travels escaped."""
    return httpx.Response(
        status, content=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )


@contextmanager
def scripted(model: ScriptedModel) -> Iterator[respx.MockRouter]:
    """The Anthropic API, answered by `model`."""
    with respx.mock(assert_all_called=False) as router:
        mock_models(router)
        model.attach(router)
        yield router
