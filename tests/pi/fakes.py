"""Stand-ins for the Pi body's tests and benchmarks: Home Assistant's websocket and REST API
(the parts shelldon-pi uses), and pisugar-server's TCP API. Loopback only.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import socketserver
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiohttp import WSMsgType, web
from PIL import Image, ImageDraw

HOST = "127.0.0.1"
PI_DIR = Path(__file__).resolve().parents[2] / "pi"  # the package shelldon_pi lives here
TOKEN = "good-token"
HA_VERSION = "2025.4.4"


def face_png(number: int, size: tuple[int, int] = (250, 122)) -> bytes:
    """A distinct 1-bit face PNG per number (a bar pattern, so every number differs)."""
    image = Image.new("1", size, 255)
    draw = ImageDraw.Draw(image)
    draw.ellipse((10, 10, size[1] - 10, size[1] - 10), outline=0, width=3)
    for bit in range(16):
        if number >> bit & 1:
            x = size[1] + bit * 7
            draw.rectangle((x, 20, x + 4, size[1] - 20), fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@dataclass
class Entity:
    """A state as Home Assistant's state machine keeps it."""

    state: str
    attributes: dict[str, Any] = field(default_factory=dict)

    def compressed(self) -> dict[str, Any]:
        return {"s": self.state, "a": self.attributes, "c": "ctx", "lc": time.time()}


class FakeHomeAssistant:
    """The websocket API (auth, subscribe_entities, get_states, get_config), the image proxy
    and POST /api/states, on 127.0.0.1."""

    def __init__(self, *, admin: bool = True, running: bool = True) -> None:
        self.tokens = {TOKEN}
        self.admin = admin
        self.state = "RUNNING" if running else "NOT_RUNNING"
        self.language = "en"  # Home Assistant's language, as /api/config says it
        self.entities: dict[str, Entity] = {}
        self.images: dict[str, bytes] = {}
        self.posted: list[tuple[str, dict[str, Any]]] = []
        self.image_requests = 0
        self.image_status: int | None = None  # force an HTTP status on the image proxy
        self.sent_at: dict[str, float] = {}  # face state -> perf_counter when its change went out
        self._subscriptions: list[tuple[web.WebSocketResponse, int, set[str]]] = []
        self._sockets: set[web.WebSocketResponse] = set()
        self.connections = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- lifecycle

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/api/websocket", self._websocket)
        app.router.add_get("/api/image_proxy/{entity_id}", self._image)
        app.router.add_post("/api/states/{entity_id}", self._post_state)
        return app

    async def start(self, port: int = 0) -> FakeHomeAssistant:
        self._runner = web.AppRunner(self.app(), handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        """Like Home Assistant stopping: every connection closes, REST-posted states vanish."""
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close()
        self._subscriptions.clear()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for entity_id in [e for e, _ in self.posted]:
            self.entities.pop(entity_id, None)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    # --- what tests do

    def set_face(self, entity_id: str, png: bytes, state: str | None = None) -> str:
        """A new face: the picture and a new state (its time), pushed to subscribers."""
        stamp = state or f"2025-01-01T00:00:{len(self.sent_at):06d}+00:00"
        self.images[entity_id] = png
        old = self.entities.get(entity_id)
        attributes = {"access_token": "abc", "friendly_name": "Face", "face": "content"}
        self.entities[entity_id] = Entity(stamp, attributes)
        if old is None:
            self._push(entity_id, {"a": {entity_id: self.entities[entity_id].compressed()}})
        else:
            self._push(entity_id, {"c": {entity_id: {"+": {"s": stamp, "lc": time.time()}}}})
        self.sent_at[stamp] = time.perf_counter()
        return stamp

    def touch_attributes(self, entity_id: str) -> None:
        """Only an attribute changes (the image's access_token rotates every 5 minutes)."""
        self._push(entity_id, {"c": {entity_id: {"+": {"a": {"access_token": "xyz"}}}}})

    def remove(self, entity_id: str) -> None:
        self.entities.pop(entity_id, None)
        self._push(entity_id, {"r": [entity_id]})

    async def drop_connections(self) -> None:
        """A network drop: the websocket closes, the server stays."""
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close()

    def _push(self, entity_id: str, event: dict[str, Any]) -> None:
        for ws, ident, wanted in list(self._subscriptions):
            if ws.closed or (wanted and entity_id not in wanted):
                continue
            message = {"id": ident, "type": "event", "event": event}
            asyncio.get_running_loop().create_task(_send(ws, message))

    # --- the server

    def _authorized(self, request: web.Request) -> bool:
        header = request.headers.get("Authorization", "")
        return header.startswith("Bearer ") and header[7:] in self.tokens

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await ws.send_json({"type": "auth_required", "ha_version": HA_VERSION})
            auth = await ws.receive_json()
            if auth.get("type") != "auth" or auth.get("access_token") not in self.tokens:
                await ws.send_json(
                    {"type": "auth_invalid", "message": "Invalid access token or password"}
                )
                await ws.close()
                return ws
            await ws.send_json({"type": "auth_ok", "ha_version": HA_VERSION})
            self.connections += 1
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._command(ws, json.loads(msg.data))
        finally:
            self._sockets.discard(ws)
            self._subscriptions = [s for s in self._subscriptions if s[0] is not ws]
        return ws

    async def _command(self, ws: web.WebSocketResponse, msg: dict[str, Any]) -> None:
        ident, kind = msg["id"], msg["type"]
        if kind == "subscribe_entities":
            wanted = set(msg.get("entity_ids") or [])
            self._subscriptions.append((ws, ident, wanted))
            await ws.send_json({"id": ident, "type": "result", "success": True, "result": None})
            present = {
                e: v.compressed() for e, v in self.entities.items() if not wanted or e in wanted
            }
            await ws.send_json({"id": ident, "type": "event", "event": {"a": present}})
        elif kind == "get_config":
            result = {"state": self.state, "version": HA_VERSION, "language": self.language}
            await ws.send_json({"id": ident, "type": "result", "success": True, "result": result})
        elif kind == "get_states":
            result = [
                {"entity_id": e, "state": v.state, "attributes": v.attributes}
                for e, v in self.entities.items()
            ]
            await ws.send_json({"id": ident, "type": "result", "success": True, "result": result})
        else:
            error = {"code": "unknown_command", "message": "Unknown command."}
            await ws.send_json({"id": ident, "type": "result", "success": False, "error": error})

    async def _image(self, request: web.Request) -> web.Response:
        self.image_requests += 1
        if not self._authorized(request):
            return web.Response(status=401, text="401: Unauthorized")
        if self.image_status is not None:
            return web.Response(status=self.image_status)
        png = self.images.get(request.match_info["entity_id"])
        if png is None:
            return web.Response(status=404)
        return web.Response(body=png, content_type="image/png")

    async def _post_state(self, request: web.Request) -> web.Response:
        if not self._authorized(request) or not self.admin:
            return web.Response(status=401, text="401: Unauthorized")
        entity_id = request.match_info["entity_id"]
        body = await request.json()
        created = entity_id not in self.entities
        self.entities[entity_id] = Entity(str(body["state"]), dict(body.get("attributes") or {}))
        self.posted.append((entity_id, body))
        self._push(entity_id, {"a": {entity_id: self.entities[entity_id].compressed()}})
        return web.json_response({"entity_id": entity_id}, status=201 if created else 200)

    def latest(self, entity_id: str) -> dict[str, Any] | None:
        """The last body posted for an entity."""
        for posted_id, body in reversed(self.posted):
            if posted_id == entity_id:
                return body
        return None


async def _send(ws: web.WebSocketResponse, message: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):
        await ws.send_json(message)


# --- pisugar-server ---------------------------------------------------------------------------


@dataclass
class PiSugarState:
    """What the fake pisugar-server reports."""

    level: float = 84.31
    plugged: bool = True
    line_end: str = "\n"
    noise: list[str] = field(default_factory=list)  # extra lines sent before each answer
    silent: bool = False  # accept connections, never answer
    requests: int = 0

    def answer(self, line: str) -> str:
        self.requests += 1
        command = line.strip()
        end = self.line_end
        before = "".join(f"{n}{end}" for n in self.noise)
        if command == "get battery":
            return f"{before}battery: {self.level}{end}"
        if command == "get battery_power_plugged":
            return f"{before}battery_power_plugged: {'true' if self.plugged else 'false'}{end}"
        return f"Invalid request.{end}"


class FakePiSugar:
    """pisugar-server's TCP API on 127.0.0.1, on the test's event loop."""

    def __init__(self, state: PiSugarState | None = None) -> None:
        self.state = state or PiSugarState()
        self._server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> FakePiSugar:
        self._server = await asyncio.start_server(self._client, HOST, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while line := await reader.readline():
                if self.state.silent:
                    continue
                writer.write(self.state.answer(line.decode()).encode())
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()


class ThreadedPiSugar:
    """The same fake in a thread, for tests that are not async (the end-to-end test)."""

    def __init__(self, state: PiSugarState | None = None) -> None:
        self.state = state or PiSugarState()
        fake = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                for raw in self.rfile:
                    self.wfile.write(fake.state.answer(raw.decode()).encode())

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self._server = Server((HOST, 0), Handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-pisugar")

    def __enter__(self) -> ThreadedPiSugar:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)


async def wait_until(check: Callable[[], Any], within: float = 5.0, step: float = 0.01) -> Any:
    """Poll `check` until it returns something truthy; fail after `within` seconds."""
    deadline = time.monotonic() + within
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {within} s: {check}")
        await asyncio.sleep(step)


# Tests that open loopback sockets. The Home Assistant harness disables sockets before every
# test; pytest-socket's `socket_enabled` fixture turns them back on, and `allow_hosts` (with the
# harness) keeps every connection on 127.0.0.1.
LOOPBACK = [
    pytest.mark.enable_socket,
    pytest.mark.allow_hosts([HOST]),
    pytest.mark.usefixtures("socket_enabled"),
]


def values(image: Image.Image) -> set[int]:
    """The pixel values a single-band picture holds (from its histogram: the same on every
    Pillow release)."""
    return {value for value, count in enumerate(image.histogram()) if count}
