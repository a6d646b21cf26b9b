"""A thin client of Home Assistant: one websocket session (auth, commands, subscriptions) and
the two REST calls the service needs (the face PNG, posting a state), all with one token.

`entity_state` (pure) reads the compressed state messages of `subscribe_entities`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import ssl
from collections.abc import Mapping
from typing import Any, Final

import aiohttp

from .errors import NotAdmin, TokenRefused, Unreachable

_LOGGER = logging.getLogger(__name__)
CONNECT_TIMEOUT_S: Final = 15.0
COMMAND_TIMEOUT_S: Final = 30.0
HEARTBEAT_S: Final = 30.0  # a ping every 30 s notices a dead Wi-Fi within a minute
MAX_MESSAGE: Final = 16 * 1024 * 1024
MAX_IMAGE: Final = 8 * 1024 * 1024
CLOSED: Final = object()  # put on subscription queues when the connection ends


class Missing:
    """The entity is not (or no longer) in Home Assistant."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = Missing()


def entity_state(event: Mapping[str, Any], entity_id: str) -> str | Missing | None:
    """What a `subscribe_entities` event says about one entity's state.

    Returns the new state string, MISSING when the entity was removed (or is absent from the
    first event, which lists every subscribed entity that exists), or None when the event
    does not change the state (e.g. only an attribute such as the face's rotating
    access_token changed).
    """
    added = event.get("a")
    if isinstance(added, Mapping) and entity_id in added:
        value = added[entity_id]
        state = value.get("s") if isinstance(value, Mapping) else None
        return state if isinstance(state, str) else None
    changed = event.get("c")
    if isinstance(changed, Mapping) and isinstance(diff := changed.get(entity_id), Mapping):
        plus = diff.get("+")
        if isinstance(plus, Mapping) and isinstance(plus.get("s"), str):
            return str(plus["s"])
        return None
    removed = event.get("r")
    if isinstance(removed, list) and entity_id in removed:
        return MISSING
    return None


def describe(err: BaseException) -> str:
    """What went wrong with the network, in words an owner can act on."""
    if isinstance(err, aiohttp.WSServerHandshakeError):
        if err.status == 404:
            return "HTTP 404 at /api/websocket: is --url Home Assistant's own address?"
        return f"Home Assistant answered HTTP {err.status}"
    if isinstance(err, aiohttp.ClientConnectorCertificateError | ssl.SSLCertVerificationError):
        return "its TLS certificate is not trusted (a self-signed certificate? use http://)"
    if isinstance(err, aiohttp.ClientConnectorError):
        cause = err.os_error
        if isinstance(cause, socket.gaierror):
            return f"the name {err.host} does not resolve (check --url, or use an IP address)"
        if isinstance(cause, ConnectionRefusedError):
            return "connection refused (is Home Assistant running, and is the port right?)"
        return f"cannot connect ({cause.strerror or cause})"
    if isinstance(err, TimeoutError):
        return "no answer (timed out)"
    if isinstance(err, aiohttp.ServerDisconnectedError):
        return "the connection dropped"
    if isinstance(err, ssl.SSLError):
        return f"TLS failed ({err.reason or err})"
    if isinstance(err, aiohttp.ClientError | OSError):
        return str(err) or type(err).__name__
    return f"{type(err).__name__}: {err}"


class Link:
    """One authenticated websocket connection to Home Assistant, and REST with the same token."""

    def __init__(self, session: aiohttp.ClientSession, url: str, ws_url: str, token: str) -> None:
        self.session = session
        self.url = url
        self.ws_url = ws_url
        self._token = token
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self._next_id = 1
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._queues: dict[int, asyncio.Queue[Any]] = {}
        self.ha_version = ""
        self.closed = asyncio.Event()

    @property
    def headers(self) -> dict[str, str]:
        """The REST API's bearer header."""
        return {"Authorization": f"Bearer {self._token}"}

    async def connect(self) -> None:
        """Open the websocket and authenticate; raises TokenRefused or Unreachable."""
        try:
            ws = await asyncio.wait_for(
                self.session.ws_connect(
                    self.ws_url, heartbeat=HEARTBEAT_S, max_msg_size=MAX_MESSAGE
                ),
                CONNECT_TIMEOUT_S,
            )
        except aiohttp.WSServerHandshakeError as err:
            if err.status in (401, 403):
                raise TokenRefused(f"HTTP {err.status}") from None
            raise Unreachable(describe(err)) from None
        except (aiohttp.ClientError, OSError, TimeoutError) as err:
            raise Unreachable(describe(err)) from None
        self._ws = ws
        try:
            hello = await self._receive_direct()
            if hello.get("type") != "auth_required":
                raise Unreachable(f"this is not Home Assistant's websocket API ({hello!r:.80})")
            await ws.send_json({"type": "auth", "access_token": self._token})
            answer = await self._receive_direct()
        except BaseException:
            await ws.close()
            raise
        if answer.get("type") == "auth_invalid":
            await ws.close()
            raise TokenRefused(str(answer.get("message") or "").strip().rstrip("."))
        if answer.get("type") != "auth_ok":
            await ws.close()
            raise Unreachable(f"unexpected answer to auth: {answer!r:.80}")
        self.ha_version = str(answer.get("ha_version") or "")
        self._reader = asyncio.create_task(self._read(), name="shelldon-pi websocket")

    async def _receive_direct(self) -> dict[str, Any]:
        assert self._ws is not None
        try:
            msg = await asyncio.wait_for(self._ws.receive(), CONNECT_TIMEOUT_S)
        except TimeoutError:
            raise Unreachable("Home Assistant did not greet on its websocket (timed out)") from None
        if msg.type != aiohttp.WSMsgType.TEXT:
            raise Unreachable("the websocket closed during authentication")
        data = json.loads(msg.data)
        if not isinstance(data, dict):
            raise Unreachable("unexpected websocket message during authentication")
        return data

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for msg in self._ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                try:
                    data = json.loads(msg.data)
                except ValueError:
                    continue
                for item in data if isinstance(data, list) else [data]:
                    if isinstance(item, dict):
                        self._dispatch(item)
        except (aiohttp.ClientError, OSError) as err:
            _LOGGER.debug("websocket read failed: %s", err)
        finally:
            self._end()

    def _dispatch(self, item: dict[str, Any]) -> None:
        ident = item.get("id")
        if not isinstance(ident, int):
            return
        if item.get("type") == "result":
            future = self._pending.pop(ident, None)
            if future is not None and not future.done():
                future.set_result(item)
        elif item.get("type") == "event" and ident in self._queues:
            self._queues[ident].put_nowait(item.get("event"))

    def _end(self) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(Unreachable("the connection dropped"))
        self._pending.clear()
        for queue in self._queues.values():
            queue.put_nowait(CLOSED)
        self.closed.set()

    async def _send(self, payload: dict[str, Any]) -> tuple[int, asyncio.Future[Any]]:
        if self._ws is None or self.closed.is_set():
            raise Unreachable("not connected")
        ident = self._next_id
        self._next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[ident] = future
        try:
            await self._ws.send_json({**payload, "id": ident})
        except (aiohttp.ClientError, OSError, RuntimeError) as err:
            self._pending.pop(ident, None)
            raise Unreachable(describe(err)) from None
        return ident, future

    async def command(self, payload: dict[str, Any]) -> Any:
        """One command; its result (raises Unreachable if it fails or the link drops)."""
        _, future = await self._send(payload)
        reply = await asyncio.wait_for(future, COMMAND_TIMEOUT_S)
        if not reply.get("success"):
            error = reply.get("error") or {}
            raise Unreachable(f"{payload['type']} failed: {error.get('message') or error}")
        return reply.get("result")

    async def subscribe(self, payload: dict[str, Any]) -> asyncio.Queue[Any]:
        """A subscription; its events arrive on the queue, then CLOSED when the link ends."""
        queue: asyncio.Queue[Any] = asyncio.Queue()
        ident, future = await self._send(payload)
        self._queues[ident] = queue
        reply = await asyncio.wait_for(future, COMMAND_TIMEOUT_S)
        if not reply.get("success"):
            self._queues.pop(ident, None)
            error = reply.get("error") or {}
            raise Unreachable(f"{payload['type']} failed: {error.get('message') or error}")
        return queue

    async def close(self) -> None:
        """Close the websocket (the reader ends and wakes everyone waiting)."""
        if self._ws is not None:
            with contextlib.suppress(aiohttp.ClientError, OSError, RuntimeError):
                await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        self._end()

    async def fetch_image(self, entity_id: str) -> bytes:
        """The entity's picture through /api/image_proxy, with the bearer token.

        Raises TokenRefused on 401, LookupError on 404, Unreachable otherwise.
        """
        path = f"/api/image_proxy/{entity_id}"
        try:
            async with self.session.get(
                self.url + path,
                headers=self.headers,
                timeout=aiohttp.ClientTimeout(total=COMMAND_TIMEOUT_S),
            ) as resp:
                if resp.status == 401:
                    raise TokenRefused("HTTP 401 on the face picture")
                if resp.status == 404:
                    raise LookupError(entity_id)
                if resp.status != 200:
                    raise Unreachable(f"HTTP {resp.status} for {path}")
                if (resp.content_length or 0) > MAX_IMAGE:
                    raise Unreachable(f"{path} is {resp.content_length} bytes: not a face")
                data = await resp.content.read(MAX_IMAGE + 1)
                if len(data) > MAX_IMAGE:
                    raise Unreachable(f"{path} is over {MAX_IMAGE} bytes: not a face")
                return data
        except (aiohttp.ClientError, OSError, TimeoutError) as err:
            raise Unreachable(describe(err)) from None

    async def post_state(self, entity_id: str, body: dict[str, Any]) -> None:
        """POST /api/states/<entity_id> (admin only); raises NotAdmin, TokenRefused, Unreachable."""
        path = f"/api/states/{entity_id}"
        try:
            async with self.session.post(
                self.url + path,
                headers=self.headers,
                json=body,
                timeout=aiohttp.ClientTimeout(total=COMMAND_TIMEOUT_S),
            ) as resp:
                if resp.status == 401:
                    # The websocket accepted this token, so it is valid: the user is no admin.
                    raise NotAdmin
                if resp.status == 403:
                    raise NotAdmin
                if resp.status not in (200, 201):
                    text = (await resp.text())[:120]
                    raise Unreachable(f"HTTP {resp.status} for {path}: {text}")
        except (aiohttp.ClientError, OSError, TimeoutError) as err:
            raise Unreachable(describe(err)) from None
