"""A client for Home Assistant's REST API (urllib only) and its websocket API (aiohttp).

Plus the polling the demo and the tests share: wait for the HTTP server, for an entity's
state, for a config entry to load. aiohttp comes with Home Assistant; only websocket commands
(settings with no REST endpoint) need it.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import log_tail
from .const import DemoError

if TYPE_CHECKING:
    from .process import HassProcess


class ApiError(DemoError):
    """An HTTP call answered with an error status."""

    def __init__(self, method: str, url: str, status: int, body: str) -> None:
        super().__init__(f"{method} {url} -> HTTP {status}: {body[:500]}")
        self.status = status
        self.body = body


class WebsocketError(DemoError):
    """A websocket command answered with an error; `code` is Home Assistant's error code."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Api:
    """Home Assistant's REST API at base_url (http://127.0.0.1:PORT), with an optional token."""

    base_url: str
    token: str | None = None
    timeout: float = 15
    # Set by `onboard` when it finished onboarding's core-config step, which starts the flows of
    # the integrations onboarding offers (see `remove_failed_onboarding_entries`).
    onboarding_flows_started: bool = False

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        form: dict[str, str] | None = None,
        auth: bool = True,
    ) -> tuple[int, bytes, dict[str, str]]:
        """One HTTP call; returns (status, body, headers) and never raises on 4xx/5xx."""
        url = self.base_url.rstrip("/") + path
        headers = {"Accept": "application/json"}
        data = None
        if json_body is not None:
            data = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if auth and self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        req = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.status, resp.read(), dict(resp.headers)
        except urllib.error.HTTPError as err:
            return err.code, err.read(), dict(err.headers or {})

    def json(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        form: dict[str, str] | None = None,
        auth: bool = True,
    ) -> Any:
        """A call that must succeed; returns the decoded JSON."""
        status, raw, _ = self.request(method, path, json_body=body, form=form, auth=auth)
        if status >= 400:
            raise ApiError(method, path, status, raw.decode(errors="replace"))
        return json.loads(raw) if raw else None

    def get(self, path: str) -> Any:
        """GET, JSON."""
        return self.json("GET", path)

    def post(self, path: str, body: Any = None) -> Any:
        """POST JSON, JSON back."""
        return self.json("POST", path, {} if body is None else body)

    def state(self, entity_id: str) -> dict[str, Any] | None:
        """An entity's state object, or None if Home Assistant does not know it (yet)."""
        status, raw, _ = self.request("GET", f"/api/states/{entity_id}")
        if status == 404:
            return None
        if status >= 400:
            raise ApiError("GET", f"/api/states/{entity_id}", status, raw.decode(errors="replace"))
        return json.loads(raw)

    def image(self, entity_id: str) -> tuple[str, bytes]:
        """An image entity's picture through /api/image_proxy (bearer token)."""
        path = f"/api/image_proxy/{entity_id}"
        status, raw, headers = self.request("GET", path)
        if status >= 400:
            raise ApiError("GET", path, status, raw.decode(errors="replace"))
        return headers.get("Content-Type", ""), raw


def wait_for_api(
    api: Api, hass: HassProcess | None = None, timeout: float = 90, config_dir: Path | None = None
) -> float:
    """Wait until the HTTP server answers /api/onboarding; returns the seconds it took."""
    started = time.monotonic()
    last_error = ""
    while time.monotonic() - started < timeout:
        if hass is not None and hass.poll() is not None:
            raise DemoError(
                f"Home Assistant exited with code {hass.poll()} before its API answered.\n"
                f"--- console ---\n{hass.output_tail()}\n"
                f"--- home-assistant.log ---\n{log_tail(config_dir or hass.config_dir)}"
            )
        try:
            # The server starts once the frontend (hence onboarding) is set up; after
            # onboarding /api/onboarding is no longer registered and answers 404.
            status, _, _ = api.request("GET", "/api/onboarding", auth=False)
            if status in (200, 404):
                return time.monotonic() - started
            last_error = f"HTTP {status}"
        except (OSError, urllib.error.URLError) as err:
            last_error = str(err)
        time.sleep(0.25)
    tail = log_tail(config_dir) if config_dir else ""
    raise DemoError(
        f"Home Assistant's API did not answer in {timeout:.0f} s ({last_error})\n{tail}"
    )


def call_service(api: Api, domain: str, service: str, data: dict[str, Any]) -> Any:
    """Call an action (service) over REST."""
    return api.post(f"/api/services/{domain}/{service}", data)


async def _async_websocket(api: Api, message: dict[str, Any]) -> Any:
    import aiohttp  # installed with Home Assistant; only the websocket API needs it

    url = api.base_url.replace("http", "ws", 1).rstrip("/") + "/api/websocket"
    timeout = aiohttp.ClientTimeout(total=api.timeout)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.ws_connect(url) as ws,
    ):
        await ws.receive_json()  # auth_required
        await ws.send_json({"type": "auth", "access_token": api.token})
        auth = await ws.receive_json()
        if auth.get("type") != "auth_ok":
            raise DemoError(f"websocket authentication failed: {auth}")
        await ws.send_json({"id": 1, **message})
        while True:
            reply = await ws.receive_json()
            if reply.get("id") == 1 and reply.get("type") == "result":
                break
    if not reply.get("success"):
        error = reply.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        raise WebsocketError(f"websocket {message['type']} failed: {error}", code)
    return reply.get("result")


def websocket_command(api: Api, message: dict[str, Any]) -> Any:
    """One websocket API command (some settings have no REST endpoint); returns its result."""
    return asyncio.run(_async_websocket(api, message))


def wait_for_entry_loaded(api: Api, entry_id: str, timeout: float = 30) -> dict[str, Any]:
    """Poll until a config entry is loaded (e.g. after the reload an options change causes)."""
    deadline = time.monotonic() + timeout
    while True:
        entries = {e["entry_id"]: e for e in api.get("/api/config/config_entries/entry")}
        entry = entries.get(entry_id)
        if entry is not None and entry["state"] == "loaded":
            return entry
        if entry is not None and entry["state"] in ("setup_error", "setup_retry", "failed_unload"):
            raise DemoError(f"the pet's entry is in state {entry['state']}: {entry.get('reason')}")
        if time.monotonic() > deadline:
            state = entry["state"] if entry else "missing"
            raise DemoError(f"the pet's entry is not loaded after {timeout:.0f} s ({state})")
        time.sleep(0.25)


def wait_for_state(
    api: Api,
    entity_id: str,
    timeout: float = 30,
    ready: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[str, Any]:
    """Poll /api/states until the entity exists (and `ready(state)` holds, if given)."""
    deadline = time.monotonic() + timeout
    last: dict[str, Any] | None = None
    while True:
        last = api.state(entity_id)
        if last is not None and (ready is None or ready(last)):
            return last
        if time.monotonic() > deadline:
            raise DemoError(f"{entity_id} did not show up in {timeout:.0f} s (last: {last})")
        time.sleep(0.25)


def wait_for_states(
    api: Api, entity_ids: Iterable[str], timeout: float = 30
) -> dict[str, dict[str, Any]]:
    """All of these entities, as soon as each exists."""
    deadline = time.monotonic() + timeout
    return {
        eid: wait_for_state(api, eid, max(1.0, deadline - time.monotonic())) for eid in entity_ids
    }
