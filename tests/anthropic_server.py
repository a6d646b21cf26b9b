"""An HTTP API stood in for on loopback, below whatever HTTP library the client uses.

`MessagesApi` is a real HTTP server (a ThreadingHTTPServer on 127.0.0.1, an ephemeral port, one
request per connection) with routes (a method, a path, optionally an API key) and a script per
route, much as respx has: `route.mock(return_value=...)`, or `route.mock(side_effect=...)` with a
list (one answer per call, in order) or a callable (the recorded `Call` -> an answer, or a
coroutine of one). An answer is an `Answer` (a status and a body: `json_answer`) or a failure no
status can say: `DISCONNECT` (the connection closes unanswered: a network failure, as the client
sees it), `NOT_HTTP` (bytes that are not HTTP) or `TooSlow(seconds)` (no answer in time).

Bound to Home Assistant, scripts run on its event loop, never on the server's threads, so they
may await and may touch Home Assistant. Every request is recorded (`api.calls`, `route.calls`).
The Anthropic side of it (the models, replies, the scripted model) is tests/anthropic_mock.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import inspect
import json
import socketserver
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar
from urllib.parse import urlsplit

from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import async_fire_time_changed

MODELS_PATH = "/v1/models"
MESSAGES_PATH = "/v1/messages"


# ---------------------------------------------------------------------------------- answers


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: a status, a body and its content type (None: no such header)."""

    status: int = 200
    body: bytes = b""
    content_type: str | None = "application/json"
    headers: tuple[tuple[str, str], ...] = ()


class Disconnect:
    """The connection closes with no answer at all: a network failure, as the client sees it."""

    def __repr__(self) -> str:
        return "DISCONNECT"


class NotHttp:
    """Bytes that are not HTTP (a broken proxy, say), then the connection closes."""

    def __repr__(self) -> str:
        return "NOT_HTTP"


DISCONNECT = Disconnect()
NOT_HTTP = NotHttp()


@dataclass(frozen=True)
class TooSlow:
    """No answer in time: Home Assistant's clock runs `seconds` on while the request waits (every
    timer due by then fires, the client's own time limits among them), then the connection
    closes unanswered."""

    seconds: float


ANSWERS = (Answer, Disconnect, NotHttp, TooSlow)


def json_answer(body: Any, status: int = 200) -> Answer:
    """A JSON answer as the API sends it: ASCII, so even a lone surrogate travels escaped."""
    return Answer(status, json.dumps(body).encode())


# ---------------------------------------------------------------------------------- requests


class Headers(dict[str, str]):
    """A request's headers, by lower-case name (looked up in any case)."""

    def __getitem__(self, name: str) -> str:
        return super().__getitem__(name.lower())

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        return super().get(name.lower(), default)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and super().__contains__(name.lower())


@dataclass
class Call:
    """One request the stand-in received."""

    method: str
    path: str
    query: str
    headers: Headers
    content: bytes

    @property
    def json(self) -> Any:
        """The body, parsed (None when there is none)."""
        return json.loads(self.content) if self.content else None

    @property
    def key(self) -> str | None:
        """The API key it was sent with: in x-api-key (SDK 0.x) or as a bearer token (2.x)."""
        if key := self.headers.get("x-api-key"):
            return str(key)
        scheme, _, token = (self.headers.get("authorization") or "").partition(" ")
        return token.strip() or None if scheme.lower() == "bearer" else None


_UNSET: Any = object()


class Route:
    """Requests of one method and path (and, if given, one API key), and what they get.

    Unscripted, a route answers 200 with an empty body (as a bare respx route did).
    """

    def __init__(self, method: str, path: str, key: str | None = None) -> None:
        self.method = method
        self.path = path
        self.key = key
        self.calls: list[Call] = []
        self.return_value: Any = Answer(200, b"", None)
        self.side_effect: Any = None
        self._queue: list[Any] | None = None

    def __repr__(self) -> str:
        return f"<Route {self.method} {self.path}{f' for {self.key}' if self.key else ''}>"

    @property
    def call_count(self) -> int:
        return len(self.calls)

    def mock(self, return_value: Any = _UNSET, side_effect: Any = _UNSET) -> Route:
        """Script the route: `return_value` answers every call; `side_effect`, when set, wins: a
        list (one answer per call, in order), a callable (the Call -> an answer, or a coroutine
        of one) or an answer. Like respx, each call of `mock` replaces both."""
        self.return_value = Answer(200, b"", None) if return_value is _UNSET else return_value
        self.side_effect = None if side_effect is _UNSET else side_effect
        self._queue = list(side_effect) if isinstance(side_effect, list | tuple) else None
        return self

    def matches(self, call: Call) -> bool:
        return (
            call.method == self.method
            and call.path == self.path
            and (self.key is None or call.key == self.key)
        )

    def script_for(self, call: Call) -> Any:
        """What this call gets, before it is resolved into an answer."""
        if self._queue is not None:
            if not self._queue:
                raise AssertionError(f"{self} was called more often than its script says")
            return self._queue.pop(0)
        if self.side_effect is not None:
            return self.side_effect
        return self.return_value


# ---------------------------------------------------------------------------------- the server


class _Handler(BaseHTTPRequestHandler):
    """One connection: read the request, have the stand-in answer it, close."""

    protocol_version = "HTTP/1.1"
    timeout = 30  # a socket that stalls mid-request never keeps a thread (or a teardown) forever
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the tests read the recorded calls instead."""

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def _body(self) -> bytes:
        if "chunked" in (self.headers.get("transfer-encoding") or "").lower():
            chunks = []
            while size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16):
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                pass  # trailers
            return b"".join(chunks)
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length else b""

    def _serve(self) -> None:
        self.close_connection = True  # one request per connection: nothing lingers in a pool
        parts = urlsplit(self.path)
        call = Call(
            method=self.command,
            path=parts.path,
            query=parts.query,
            headers=Headers((name.lower(), value) for name, value in self.headers.items()),
            content=self._body(),
        )
        answer = self.server.api.dispatch(call)
        if isinstance(answer, Disconnect):
            return
        if isinstance(answer, NotHttp):
            self.wfile.write(b"\x00\x01 this is not HTTP \xff\r\n\r\n")
            return
        self.send_response(answer.status)
        if answer.content_type:
            self.send_header("Content-Type", answer.content_type)
        for name, value in answer.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(answer.body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(answer.body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # MessagesApi joins the connection threads itself

    def __init__(self, api: MessagesApi) -> None:
        self.api = api
        super().__init__(("127.0.0.1", 0), _Handler)

    def server_bind(self) -> None:
        """Bind without HTTPServer's reverse lookup of the host name (no DNS in tests)."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self.process_request_thread,
            args=(request, client_address),
            name="anthropic-stand-in-connection",
            daemon=True,
        )
        self.api.track(thread)
        thread.start()

    def handle_error(self, request: Any, client_address: Any) -> None:
        err = sys.exc_info()[1]
        if not isinstance(err, ConnectionError | TimeoutError):  # a client that left is fine
            self.api.errors.append(err or RuntimeError("unknown error in the stand-in"))


class MessagesApi:
    """The Anthropic API on 127.0.0.1: routes, their scripts, and every call received.

    Bound to Home Assistant (the `messages_api` fixture), scripts run on its event loop and
    `TooSlow` runs its clock; unbound (the SDK's sync client, no loop), scripts run on the
    connection's thread and may not await.
    """

    active: ClassVar[MessagesApi | None] = None  # the one the `messages_api` fixture started
    on_demand: ClassVar[Callable[[], MessagesApi] | None] = None  # starts that fixture

    def __init__(self, hass: HomeAssistant | None = None) -> None:
        self.hass = hass
        self.routes: list[Route] = []
        self.calls: list[Call] = []  # every request, in order
        self.unrouted: list[Call] = []  # requests no route took (they were disconnected)
        self.errors: list[BaseException] = []  # scripts that raised, or the server's own faults
        self._loop: asyncio.AbstractEventLoop | None = hass.loop if hass is not None else None
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closing = False
        self._gone = False
        self._waiting: set[concurrent.futures.Future[Any]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._connections: list[threading.Thread] = []

    # ------------------------------------------------------------------ routes

    def route(self, method: str, path: str, *, key: str | None = None) -> Route:
        """The route for a method and path (and an API key, if given), made on first use. A
        request goes to the route for its key if there is one, else to the route for any key."""
        for route in self.routes:
            if (route.method, route.path, route.key) == (method, path, key):
                return route
        route = Route(method, path, key)
        self.routes.append(route)
        return route

    @property
    def models(self) -> Route:
        """GET /v1/models, for any key."""
        return self.route("GET", MODELS_PATH)

    @property
    def messages(self) -> Route:
        """POST /v1/messages, for any key."""
        return self.route("POST", MESSAGES_PATH)

    def models_for(self, key: str) -> Route:
        """GET /v1/models sent with one API key."""
        return self.route("GET", MODELS_PATH, key=key)

    def unreachable(self, gone: bool = True) -> None:
        """From now on (until called with False) every request is disconnected, as if the API
        were gone; requests are still recorded."""
        self._gone = gone

    def _route_for(self, call: Call) -> Route | None:
        candidates = [route for route in self.routes if route.matches(call)]
        keyed = [route for route in candidates if route.key is not None]
        return (keyed or candidates or [None])[0]

    # ------------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start the stand-in first"
        return f"http://127.0.0.1:{self._server.server_port}"

    def start(self) -> MessagesApi:
        """Listen on an ephemeral port of 127.0.0.1 (sockets must be enabled)."""
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="anthropic-stand-in",
            daemon=True,
        )
        self._thread.start()
        return self

    def track(self, thread: threading.Thread) -> None:
        with self._lock:
            self._connections = [t for t in self._connections if t.is_alive()]
            self._connections.append(thread)

    def _stop_answering(self) -> list[asyncio.Task[Any]]:
        """Refuse new requests; release the ones waiting on a script (they are disconnected)."""
        with self._lock:
            self._closing = True
            waiting = list(self._waiting)
        for future in waiting:
            _settle(future, DISCONNECT)
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        return tasks

    def _shut_down(self) -> None:
        """Blocking: stop listening and wait for every connection's thread to end."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=10)
        with self._lock:
            connections = list(self._connections)
        for thread in connections:
            thread.join(timeout=10)
            if thread.is_alive():
                self.errors.append(RuntimeError("a connection of the stand-in did not end"))

    async def aclose(self) -> None:
        """Stop, from the event loop the scripts run on: their pending coroutines are cancelled
        and awaited, and the threads are joined off the loop."""
        if tasks := self._stop_answering():
            await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.get_running_loop().run_in_executor(None, self._shut_down)

    def close(self) -> None:
        """Stop, from a thread with no running loop (pending script coroutines are cancelled)."""
        self._stop_answering()
        self._shut_down()

    def __enter__(self) -> MessagesApi:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ answering

    def dispatch(self, call: Call) -> Any:
        """On a connection's thread: the answer to a request (its script runs on the loop)."""
        if self._loop is None:
            with self._lock:
                if self._closing:
                    return DISCONNECT
            try:
                return self._answer_now(call)
            except Exception as err:  # reported at teardown
                return self._fault(err)
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        with self._lock:
            if self._closing:
                return DISCONNECT
            self._waiting.add(future)
        try:
            self._loop.call_soon_threadsafe(self._begin, call, future)
        except RuntimeError:  # the loop is closed
            _settle(future, DISCONNECT)
        try:
            return future.result()
        finally:
            with self._lock:
                self._waiting.discard(future)

    def _begin(self, call: Call, future: concurrent.futures.Future[Any]) -> None:
        """On the loop: answer a request in a task of its own."""
        if future.done():
            return
        task = asyncio.ensure_future(self._answer(call))
        self._tasks.add(task)

        def finished(task: asyncio.Task[Any]) -> None:
            self._tasks.discard(task)
            if task.cancelled():
                _settle(future, DISCONNECT)
            elif (err := task.exception()) is not None:
                _settle(future, self._fault(err))
            else:
                _settle(future, task.result())

        task.add_done_callback(finished)

    def _take(self, call: Call) -> Any:
        """Record a request; what it gets, unresolved."""
        self.calls.append(call)
        route = self._route_for(call)
        if route is None:
            self.unrouted.append(call)
            return DISCONNECT
        route.calls.append(call)
        return DISCONNECT if self._gone else route.script_for(call)

    async def _answer(self, call: Call) -> Any:
        answer = self._take(call)
        while not isinstance(answer, ANSWERS):
            if not callable(answer):
                raise TypeError(f"not an answer: {answer!r}")
            answer = answer(call)
            if inspect.isawaitable(answer):
                answer = await answer
        if isinstance(answer, TooSlow):
            if self.hass is None:
                raise TypeError("TooSlow needs the stand-in bound to Home Assistant")
            async_fire_time_changed(self.hass, dt_util.utcnow() + timedelta(seconds=answer.seconds))
            await asyncio.sleep(0)  # the client's time limit acts before the connection closes
            return DISCONNECT
        return answer

    def _answer_now(self, call: Call) -> Any:
        answer = self._take(call)
        while not isinstance(answer, ANSWERS):
            if not callable(answer):
                raise TypeError(f"not an answer: {answer!r}")
            answer = answer(call)
            if inspect.isawaitable(answer):
                raise TypeError("a stand-in with no event loop cannot await a script")
        if isinstance(answer, TooSlow):
            raise TypeError("TooSlow needs the stand-in bound to Home Assistant")
        return answer

    def _fault(self, err: BaseException) -> Answer:
        """A script that raised: the test fails at teardown; the client gets a 500 meanwhile."""
        self.errors.append(err)
        body = {
            "type": "error",
            "error": {"type": "api_error", "message": f"a script raised {err!r}"},
        }
        return json_answer(body, 500)


def _settle(future: concurrent.futures.Future[Any], value: Any) -> None:
    with contextlib.suppress(concurrent.futures.InvalidStateError):  # released at teardown
        future.set_result(value)
