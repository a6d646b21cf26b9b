"""The Anthropic HTTP API, mocked with respx so the real SDK runs end to end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import respx

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


class ScriptedModel:
    """A respx side effect that answers each turn kind with a scripted reply, and remembers asks.

    `replies[kind]` is a reply dict, an httpx.Response (a failure), a callable (request body
    -> either), or a list of replies given in order (the last one repeats); kinds are owner,
    proactive, reach_out, dream, flush. Unscripted kinds get a silent reply.
    """

    def __init__(self, **replies: Any) -> None:
        self.replies = replies
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
        return json_response(reply_message(reply))


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
