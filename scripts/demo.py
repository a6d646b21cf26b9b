"""Run a real Home Assistant with shelldon loaded and a demo pet configured.

`scripts/run` calls this after preparing the virtual environment. The first run writes a small
offline configuration into `.demo/config`, links this repository's integration into it, boots
Home Assistant, completes onboarding over the REST API (owner `demo` / `shelldon-demo`), adds a pet
named Shelldon, points it at two stand-in PiSugar entities and makes it the Assist button's
assistant. Later runs only start Home Assistant: the pet and everything the owner changed persist
in the config folder.

The pieces are plain functions so `tests/e2e` drives the same code. The REST helpers use only
the standard library (urllib); the one websocket command (Assist pipelines have no REST
endpoint) uses aiohttp, which comes with Home Assistant.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zoneinfo
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
INTEGRATION_DIR = REPO / "custom_components" / "shelldon"
DEFAULT_CONFIG_DIR = REPO / ".demo" / "config"
DEFAULT_PORT = 8123
DEFAULT_HOST = "127.0.0.1"

OWNER_NAME = "Demo owner"
USERNAME = "demo"
PASSWORD = "shelldon-demo"
PET_NAME = "Shelldon"
BATTERY_ENTITY = "sensor.pisugar_battery"
CHARGING_ENTITY = "binary_sensor.pisugar_power_plugged"
LOW_BATTERY_THRESHOLD = 20
LEVEL_HELPER = "input_number.pisugar_demo_level"
PLUGGED_HELPER = "input_boolean.pisugar_demo_plugged"

MOOD_ENTITY = "sensor.shelldon_mood"
FACE_ENTITY = "image.shelldon_face"
AGENT_ENTITY = "conversation.shelldon"
# The entities every run waits for (the banner lists whatever else the pet has).
PET_ENTITIES = (
    MOOD_ENTITY,
    "sensor.shelldon_power_mode",
    "sensor.shelldon_energy",
    "sensor.shelldon_valence",
    "sensor.shelldon_arousal",
    "sensor.shelldon_turns_today",
    "sensor.shelldon_turns_left_today",
    "sensor.shelldon_last_interaction",
    FACE_ENTITY,
    "switch.shelldon_initiative",
)

STATE_FILE = ".shelldon-demo.json"
HTTP_INCLUDE = "shelldon_demo_http.yaml"
RESTART_EXIT_CODE = 100  # Home Assistant exits with this when the owner asks for a restart.

# Onboarding's core_config step starts config flows for these; offline and without pip only
# shopping_list can work, so the others log import errors once and google_translate leaves an
# entry that cannot set up (gTTS is not installed). The demo removes such entries.
ONBOARDING_DOMAINS = ("google_translate", "met", "radio_browser")
# Console lines not worth echoing: Home Assistant's camera helper always misses the system
# libturbojpeg, and tts (for Assist) the ffmpeg binary: both harmless for a text-only demo.
# The onboarding flows above fail as described.
ALWAYS_MUTED = ("libturbojpeg", "[haffmpeg.core] FFmpeg fails")
ONBOARDING_NOISE = (
    "loading flow for integration",
    "Task exception was never retrieved",
    "for google_translate",
)

# Integrations that need nothing beyond the pinned virtual environment (no pip at run time, no
# network): the frontend with everything it pulls in (onboarding, config panels, lovelace,
# websocket API, repairs, diagnostics, ...), Assist's text conversation, people, the recorder
# with history and logbook (SQLite, installed with Home Assistant), helpers and templates for
# the stand-in PiSugar, notify, and assist_pipeline so the frontend's Assist button can talk to
# the pet (text only: it logs once that there is no ffmpeg binary, which only voice needs).
# `default_config:` is not used: several of its members (bluetooth, dhcp, ssdp, usb, stream,
# go2rtc, mobile_app) need packages the venv lacks or pins at other versions, so Home Assistant
# would try to pip-install them on every boot. It runs with --skip-pip all the same.
CONFIG_HEADER = "# Written by shelldon's scripts/demo.py"
CONFIGURATION_YAML = """\
# Written by shelldon's scripts/demo.py on the first run; edit freely, it is never overwritten.
# Everything here works offline with the packages of the project's virtual environment.
homeassistant:
  name: Shelldon demo
{time_zone}
# Where Home Assistant listens: rewritten on every run from --host / --port.
http: !include {http_include}

frontend:
config:
conversation:
person:
recorder:
history:
logbook:
system_health:
notify:
# The Assist button (text chat); the demo makes the pet the preferred assistant.
assist_pipeline:

logger:
  default: warning
  logs:
    custom_components.shelldon: info

# Stand-ins for a PiSugar: drag the level, flip the plug, watch the pet's power mode.
input_number:
  pisugar_demo_level:
    name: PiSugar demo level
    min: 0
    max: 100
    step: 1
    initial: 80
    unit_of_measurement: "%"
    mode: slider
    icon: mdi:battery

input_boolean:
  pisugar_demo_plugged:
    name: PiSugar demo plugged in
    initial: true
    icon: mdi:power-plug

template:
  - sensor:
      - name: PiSugar battery
        unique_id: shelldon_demo_pisugar_battery
        device_class: battery
        unit_of_measurement: "%"
        state_class: measurement
        state: "{{{{ states('{level}') | float(0) | round(0) | int }}}}"
    binary_sensor:
      - name: PiSugar power plugged
        unique_id: shelldon_demo_pisugar_power_plugged
        device_class: plug
        state: "{{{{ is_state('{plugged}', 'on') }}}}"
"""


class DemoError(RuntimeError):
    """Something the demo cannot recover from; the message says what and where to look."""


def log(message: str) -> None:
    """One status line on the terminal."""
    print(f"shelldon-demo: {message}", flush=True)


# --- configuration folder ---------------------------------------------------------------------


def local_time_zone() -> str | None:
    """The machine's IANA time zone name, if it can be told (so quiet hours mean local time)."""
    tz = os.environ.get("TZ", "").lstrip(":")
    candidates = [tz] if "/" in tz and not tz.startswith("/") else []
    with contextlib.suppress(OSError):
        target = str(Path("/etc/localtime").resolve())
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    with contextlib.suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    for name in candidates:
        try:
            zoneinfo.ZoneInfo(name)
        except (ValueError, zoneinfo.ZoneInfoNotFoundError):
            continue
        return name
    return None


def write_config(
    config_dir: Path,
    port: int = DEFAULT_PORT,
    host: str = DEFAULT_HOST,
    time_zone: str | None = None,
) -> None:
    """Create the config folder: configuration.yaml once, the http include on every run."""
    config_dir.mkdir(parents=True, exist_ok=True)
    configuration = config_dir / "configuration.yaml"
    if not configuration.exists():
        tz = time_zone if time_zone is not None else local_time_zone()
        configuration.write_text(
            CONFIGURATION_YAML.format(
                time_zone=f"  time_zone: {tz}" if tz else "",
                http_include=HTTP_INCLUDE,
                level=LEVEL_HELPER,
                plugged=PLUGGED_HELPER,
            ),
            encoding="utf-8",
        )
    (config_dir / HTTP_INCLUDE).write_text(
        "# Rewritten by scripts/demo.py on every run (--host / --port).\n"
        f"server_host: {host}\nserver_port: {port}\n",
        encoding="utf-8",
    )


def link_integration(config_dir: Path, source: Path = INTEGRATION_DIR) -> Path:
    """Symlink this repository's integration into `<config>/custom_components/shelldon`."""
    target = config_dir / "custom_components" / "shelldon"
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink():
        if target.resolve() == source.resolve():
            return target
        target.unlink()
    elif target.exists():
        raise DemoError(f"{target} exists and is not a link to {source}; move it away first")
    target.symlink_to(source, target_is_directory=True)
    return target


def load_state(config_dir: Path) -> dict[str, Any]:
    """What earlier runs did (onboarding done, the pet's entry id, ...)."""
    try:
        return json.loads((config_dir / STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def save_state(config_dir: Path, state: dict[str, Any]) -> None:
    """Remember what this run did."""
    path = config_dir / STATE_FILE
    path.write_text(json.dumps(state, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def reset_config_dir(config_dir: Path) -> None:
    """Wipe a demo config folder (only one this script made, or the default one)."""
    if not config_dir.exists():
        return
    configuration = config_dir / "configuration.yaml"
    ours = (config_dir / STATE_FILE).exists() or (
        configuration.exists()
        and configuration.read_text(encoding="utf-8", errors="replace").startswith(CONFIG_HEADER)
    )
    if not ours and config_dir.resolve() != DEFAULT_CONFIG_DIR.resolve():
        raise DemoError(f"refusing to wipe {config_dir}: it was not made by scripts/demo.py")
    shutil.rmtree(config_dir)


def log_tail(config_dir: Path, lines: int = 40) -> str:
    """The end of home-assistant.log, for error messages."""
    path = config_dir / "home-assistant.log"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return f"(no {path})"
    return "\n".join(text.splitlines()[-lines:])


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    """Whether something already answers on host:port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


# --- the Home Assistant process ---------------------------------------------------------------


def _die_with_parent() -> Callable[[], None] | None:
    """Linux: have the kernel SIGTERM Home Assistant if this script (or a test run) dies abruptly.

    prctl is looked up here, before the fork: the child must not import anything.
    """
    if sys.platform != "linux":
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def preexec() -> None:  # pragma: no cover - runs in the child between fork and exec
        prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG

    return preexec


@dataclass
class HassProcess:
    """A `hass --config DIR` child: its own process group, output drained into a ring buffer.

    Home Assistant writes its full log to `<config>/home-assistant.log`; its console output
    (the same lines, plus anything printed before logging starts) is kept in `recent`, and
    errors are echoed to the terminal when `echo` is set.
    """

    config_dir: Path
    echo: Callable[[str], None] | None = None
    extra_args: tuple[str, ...] = ()
    proc: subprocess.Popen[str] | None = None
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=200))
    muted: list[str] = field(default_factory=lambda: list(ALWAYS_MUTED))
    _reader: threading.Thread | None = None

    def start(self) -> HassProcess:
        """Start Home Assistant (pip disabled: everything it needs is in the venv)."""
        cmd = [
            # The Home Assistant release under test (the end-to-end tests run a real 2026.11.0
            # from its own environment beside the test harness's); this Python by default.
            os.environ.get("SHELLDON_HASS_PYTHON") or sys.executable,
            "-m",
            "homeassistant",
            "--config",
            str(self.config_dir),
            "--log-file",
            str(self.config_dir / "home-assistant.log"),
            "--log-no-color",
            "--skip-pip",
            *self.extra_args,
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=env,
            cwd=str(self.config_dir),
            start_new_session=True,  # Ctrl-C reaches only us; we forward one clean SIGTERM
            preexec_fn=_die_with_parent(),  # noqa: PLW1509
        )
        self._reader = threading.Thread(target=self._drain, name="hass-output", daemon=True)
        self._reader.start()
        return self

    def _drain(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.rstrip("\n")
            self.recent.append(line)
            if (
                self.echo is not None
                and (" ERROR " in line or " CRITICAL " in line)
                and not any(pattern in line for pattern in self.muted)
            ):
                self.echo(_shorten(line))

    @property
    def pid(self) -> int | None:
        """The child's process id."""
        return self.proc.pid if self.proc else None

    def poll(self) -> int | None:
        """The exit code, or None while it runs."""
        return self.proc.poll() if self.proc else None

    def wait(self, timeout: float | None = None) -> int:
        """Wait for Home Assistant to exit."""
        assert self.proc is not None
        return self.proc.wait(timeout)

    def stop(self, timeout: float = 60) -> int | None:
        """SIGTERM, wait for a clean shutdown; SIGKILL only if it hangs."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        if self._reader is not None:
            self._reader.join(10)
            self._reader = None
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return self.proc.returncode

    def kill(self) -> int | None:
        """SIGKILL at once (a second Ctrl-C)."""
        if self.proc is None:
            return None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        return self.stop(timeout=10)

    def output_tail(self, lines: int = 30) -> str:
        """The last console lines (useful when it died before writing its log)."""
        return "\n".join(list(self.recent)[-lines:])


def _shorten(line: str, width: int = 200) -> str:
    # "2025-01-01 12:00:00.123 ERROR (MainThread) [x.y] message" -> "ERROR [x.y] message"
    parts = line.split(" ", 4)
    if len(parts) == 5 and parts[3].startswith("("):
        line = f"{parts[2]} {parts[4]}"
    return "hass: " + (line if len(line) <= width else line[: width - 1] + "…")


# --- REST helpers (urllib only) ---------------------------------------------------------------


class ApiError(DemoError):
    """An HTTP call answered with an error status."""

    def __init__(self, method: str, url: str, status: int, body: str) -> None:
        super().__init__(f"{method} {url} -> HTTP {status}: {body[:500]}")
        self.status = status
        self.body = body


@dataclass
class Api:
    """Home Assistant's REST API at base_url (http://127.0.0.1:PORT), with an optional token."""

    base_url: str
    token: str | None = None
    timeout: float = 15

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


def client_id(port: int) -> str:
    """The OAuth client id the frontend itself would use."""
    return f"http://localhost:{port}/"


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


def exchange_code(api: Api, code: str, port: int) -> dict[str, Any]:
    """Trade an authorization code for tokens at /auth/token."""
    return api.json(
        "POST",
        "/auth/token",
        form={"grant_type": "authorization_code", "code": code, "client_id": client_id(port)},
        auth=False,
    )


def login(
    api: Api, port: int, username: str = USERNAME, password: str = PASSWORD
) -> dict[str, Any]:
    """Log in like the frontend does (login flow, then /auth/token); returns the tokens."""
    cid = client_id(port)
    flow = api.json(
        "POST",
        "/auth/login_flow",
        {"client_id": cid, "handler": ["homeassistant", None], "redirect_uri": cid},
        auth=False,
    )
    result = api.json(
        "POST",
        f"/auth/login_flow/{flow['flow_id']}",
        {"client_id": cid, "username": username, "password": password},
        auth=False,
    )
    if result.get("type") != "create_entry":
        raise DemoError(f"login as {username!r} failed: {result.get('errors') or result}")
    tokens = exchange_code(api, result["result"], port)
    api.token = tokens["access_token"]
    return tokens


def onboarding_status(api: Api) -> dict[str, bool]:
    """Which onboarding steps are done ({} once onboarding is over: the view is gone)."""
    status, raw, _ = api.request("GET", "/api/onboarding", auth=False)
    if status == 404:
        return {}
    if status >= 400:
        raise ApiError("GET", "/api/onboarding", status, raw.decode(errors="replace"))
    return {step["step"]: step["done"] for step in json.loads(raw)}


def onboard(
    api: Api,
    port: int,
    *,
    name: str = OWNER_NAME,
    username: str = USERNAME,
    password: str = PASSWORD,
    language: str = "en",
) -> dict[str, Any]:
    """Finish whatever onboarding is left (owner, core config, analytics, integration).

    Returns the owner's tokens; `api.token` is set to the access token.
    """
    done = onboarding_status(api)
    if not done:
        return login(api, port, username, password)
    cid = client_id(port)
    if not done.get("user"):
        created = api.json(
            "POST",
            "/api/onboarding/users",
            {
                "client_id": cid,
                "name": name,
                "username": username,
                "password": password,
                "language": language,
            },
            auth=False,
        )
        tokens = exchange_code(api, created["auth_code"], port)
        api.token = tokens["access_token"]
    else:
        tokens = login(api, port, username, password)
    if not done.get("core_config"):
        api.post("/api/onboarding/core_config")
    if not done.get("analytics"):
        api.post("/api/onboarding/analytics")
    if not done.get("integration"):
        api.post("/api/onboarding/integration", {"client_id": cid, "redirect_uri": cid})
    return tokens


def pet_entries(api: Api) -> list[dict[str, Any]]:
    """shelldon's config entries."""
    return api.get("/api/config/config_entries/entry?domain=shelldon")


def _schema_fields(step: dict[str, Any]) -> set[str]:
    return {item.get("name") for item in step.get("data_schema") or []}


def _defaults(step: dict[str, Any]) -> dict[str, Any]:
    """Answers for a form whose every required field has a default or a suggested value."""
    answer: dict[str, Any] = {}
    for item in step.get("data_schema") or []:
        suggested = (item.get("description") or {}).get("suggested_value")
        if "default" in item:
            answer[item["name"]] = item["default"]
        elif suggested is not None:
            answer[item["name"]] = suggested
        elif item.get("required"):
            raise DemoError(f"step {step.get('step_id')!r} needs {item['name']!r}: {step}")
    return answer


def add_pet(api: Api, name: str = PET_NAME, api_key: str | None = None) -> dict[str, Any]:
    """Add a pet through the config-flow REST API; returns the new config entry (JSON).

    The API key goes in only if the form has an `api_key` field; later steps (e.g. the model)
    take their defaults. A refused key is reported and the pet is created on the offline brain.
    """
    step = api.post("/api/config/config_entries/flow", {"handler": "shelldon"})
    if step.get("type") != "form":
        raise DemoError(f"shelldon's config flow did not show a form: {step}")
    flow = f"/api/config/config_entries/flow/{step['flow_id']}"
    answer: dict[str, Any] = {"name": name}
    if api_key and "api_key" in _schema_fields(step):
        answer["api_key"] = api_key
    result = api.post(flow, answer)
    if result.get("type") == "form" and result.get("step_id") == "user" and "api_key" in answer:
        log(f"the API key did not work ({result.get('errors')}); the pet uses its offline brain")
        result = api.post(flow, {"name": name})
    for _ in range(5):  # further steps (the model, ...): their defaults
        if result.get("type") != "form" or result.get("errors"):
            break
        result = api.post(flow, _defaults(result))
    if result.get("type") != "create_entry":
        raise DemoError(f"adding the pet failed: {result}")
    return result["result"]


def set_body_options(
    api: Api,
    entry_id: str,
    battery_entity: str = BATTERY_ENTITY,
    charging_entity: str = CHARGING_ENTITY,
    low_battery_threshold: int = LOW_BATTERY_THRESHOLD,
) -> dict[str, Any]:
    """Options flow: init (menu) -> body -> the PiSugar entities and the low threshold."""
    menu = api.post("/api/config/config_entries/options/flow", {"handler": entry_id})
    if menu.get("type") != "menu" or "body" not in (menu.get("menu_options") or []):
        raise DemoError(f"shelldon's options flow did not offer the 'body' page: {menu}")
    flow = f"/api/config/config_entries/options/flow/{menu['flow_id']}"
    form = api.post(flow, {"next_step_id": "body"})
    if form.get("type") != "form":
        raise DemoError(f"the 'body' options page did not show a form: {form}")
    result = api.post(
        flow,
        {
            "battery_entity": battery_entity,
            "charging_entity": charging_entity,
            "low_battery_threshold": low_battery_threshold,
        },
    )
    if result.get("type") != "create_entry":
        raise DemoError(f"setting the pet's body options failed: {result}")
    return result


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
        raise DemoError(f"websocket {message['type']} failed: {reply.get('error')}")
    return reply.get("result")


def websocket_command(api: Api, message: dict[str, Any]) -> Any:
    """One websocket API command (some settings have no REST endpoint); returns its result."""
    return asyncio.run(_async_websocket(api, message))


def make_pet_the_assistant(api: Api, agent: str = AGENT_ENTITY, name: str = PET_NAME) -> str:
    """Make the frontend's Assist button talk to the pet; returns the pipeline id.

    Creates an Assist pipeline whose conversation agent is the pet (text only) and makes it
    the preferred one (websocket API: pipelines have no REST endpoint).
    """
    language = api.get("/api/config").get("language") or "en"
    listing = websocket_command(api, {"type": "assist_pipeline/pipeline/list"})
    pipeline_id = next(
        (p["id"] for p in listing["pipelines"] if p["conversation_engine"] == agent), None
    )
    if pipeline_id is None:
        created = websocket_command(
            api,
            {
                "type": "assist_pipeline/pipeline/create",
                "name": name,
                "language": language,
                "conversation_engine": agent,
                "conversation_language": language,
                "stt_engine": None,
                "stt_language": None,
                "tts_engine": None,
                "tts_language": None,
                "tts_voice": None,
                "wake_word_entity": None,
                "wake_word_id": None,
            },
        )
        pipeline_id = created["id"]
    websocket_command(
        api, {"type": "assist_pipeline/pipeline/set_preferred", "pipeline_id": pipeline_id}
    )
    return pipeline_id


def converse(api: Api, text: str, agent: str = AGENT_ENTITY) -> str:
    """Say something to the pet over REST; returns what it answers."""
    result = api.post(
        "/api/conversation/process", {"text": text, "agent_id": agent, "language": "en"}
    )
    return result["response"]["speech"]["plain"]["speech"]


def remove_failed_onboarding_entries(api: Api, settle: float = 10) -> list[str]:
    """Delete the entries onboarding created that cannot set up offline; returns their domains.

    Waits (up to `settle` seconds) for google_translate's onboarding entry to finish setting up.
    """
    deadline = time.monotonic() + settle
    while True:
        entries = api.get("/api/config/config_entries/entry")
        pending = [
            e
            for e in entries
            if e["domain"] in ONBOARDING_DOMAINS
            and e["state"] in ("not_loaded", "setup_in_progress")
        ]
        seen = {e["domain"] for e in entries}
        if ("google_translate" in seen and not pending) or time.monotonic() > deadline:
            break
        time.sleep(0.25)
    removed = []
    for entry in entries:
        if entry["domain"] in ONBOARDING_DOMAINS and entry["state"] != "loaded":
            api.json("DELETE", f"/api/config/config_entries/entry/{entry['entry_id']}")
            removed.append(entry["domain"])
    return removed


def mood_ready(state: dict[str, Any]) -> bool:
    """The mood sensor has a value (not unavailable/unknown, e.g. mid-reload)."""
    return state.get("state") not in ("unavailable", "unknown")


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


def configure_demo(
    config_dir: Path, api: Api, port: int, api_key: str | None = None
) -> dict[str, Any]:
    """First run: onboarding, the pet, its body options. Later runs: just log in.

    Progress is kept in `<config>/.shelldon-demo.json`, so an interrupted first run picks up
    where it stopped and the owner's later changes (even deleting the pet) are respected.
    """
    state = load_state(config_dir)
    if not state.get("onboarded"):
        log("first run: onboarding (owner 'demo')")
        onboard(api, port)
        state["onboarded"] = True
        save_state(config_dir, state)
    else:
        login(api, port)
    if not state.get("entry_id"):
        existing = pet_entries(api)
        if existing:
            entry = existing[0]
        else:
            log(f"adding the pet {PET_NAME!r} through the config flow")
            entry = add_pet(api, PET_NAME, api_key)
        state["entry_id"] = entry["entry_id"]
        save_state(config_dir, state)
    if not state.get("options_set"):
        wait_for_state(api, BATTERY_ENTITY)
        wait_for_state(api, CHARGING_ENTITY)
        log(f"pointing the pet at {BATTERY_ENTITY} and {CHARGING_ENTITY}")
        set_body_options(api, state["entry_id"])
        wait_for_entry_loaded(api, state["entry_id"])
        state["options_set"] = True
        save_state(config_dir, state)
    if not state.get("assistant_set"):
        try:
            wait_for_state(api, AGENT_ENTITY, timeout=10)
            make_pet_the_assistant(api)
            log(f"the Assist button now talks to the pet ({AGENT_ENTITY})")
        except Exception as err:  # best effort: the pet works without it
            log(f"could not make the pet the preferred assistant (the API still works): {err}")
        state["assistant_set"] = True
        save_state(config_dir, state)
    if not state.get("onboarding_cleaned"):
        removed = remove_failed_onboarding_entries(api)
        if removed:
            log(
                f"removed onboarding's {', '.join(removed)} entry: it needs packages "
                "the offline demo does not install"
            )
        state["onboarding_cleaned"] = True
        save_state(config_dir, state)
    return state


# --- the command ------------------------------------------------------------------------------


def pet_entity_ids(api: Api) -> list[str]:
    """Every entity of the pet (by its default object ids, shelldon_*)."""
    ids = [state["entity_id"] for state in api.get("/api/states")]
    return sorted(eid for eid in ids if eid.split(".", 1)[1].split("_", 1)[0] == "shelldon")


def banner(port: int, host: str, entity_ids: Iterable[str] = PET_ENTITIES) -> str:
    """What the owner needs to know."""
    url = f"http://localhost:{port}"
    lan = ""
    if host in ("0.0.0.0", "::"):
        lan = f"\n  (listening on all interfaces: http://<this machine>:{port} from the LAN)"
    entities = "\n".join(f"    {eid}" for eid in entity_ids)
    return f"""
  Home Assistant with shelldon is running.

  Open    {url}{lan}
  Log in  {USERNAME} / {PASSWORD}

  The pet's entities (Settings > Devices & services > shelldon, or Developer tools > States):
{entities}
  The face PNG: {url}/api/image_proxy/{FACE_ENTITY} (with a bearer token)

  Talk to it: the Assist button (top right of the Overview), or POST /api/conversation/process
  with agent_id {AGENT_ENTITY}.

  Stand-in PiSugar: drag {LEVEL_HELPER} and flip {PLUGGED_HELPER},
  then watch sensor.shelldon_power_mode (low threshold {LOW_BATTERY_THRESHOLD} %).

  Log     home-assistant.log in the config folder
  Stop    Ctrl-C
"""


WATCHED = (MOOD_ENTITY, "sensor.shelldon_power_mode", BATTERY_ENTITY, CHARGING_ENTITY)


def _status_line(api: Api, port: int) -> str | None:
    """The watched states on one line; logs in again when the access token (30 min) expires."""
    for attempt in (1, 2):
        try:
            return _read_status(api)
        except ApiError as err:
            if err.status != 401 or attempt == 2:
                return None
            with contextlib.suppress(OSError, DemoError):
                login(api, port)
        except (OSError, DemoError):
            return None
    return None


def _read_status(api: Api) -> str:
    parts = []
    for eid in WATCHED:
        state = api.state(eid)
        value = state["state"] if state else "—"
        unit = (state or {}).get("attributes", {}).get("unit_of_measurement", "")
        parts.append(f"{eid.split('.', 1)[1]}={value}{unit if unit == '%' else ''}")
    return "  ".join(parts)


class _Stop(Exception):  # a signal, not an error
    pass


def _raise_stop(signum: int, _frame: Any) -> None:
    raise _Stop(signum)


def run(args: argparse.Namespace) -> int:
    """Boot, configure on the first run, then watch until Ctrl-C (or verify and stop)."""
    config_dir = Path(args.config).expanduser().resolve()
    if port_in_use(args.port):
        raise DemoError(
            f"port {args.port} is already in use (another Home Assistant?); try --port N"
        )
    if args.reset:
        log(f"--reset: wiping {config_dir}")
        reset_config_dir(config_dir)
    write_config(config_dir, args.port, args.host)
    link_integration(config_dir)
    api = Api(f"http://127.0.0.1:{args.port}")
    echo = None if args.quiet else log
    # Explicit, so Ctrl-C works even where SIGINT started out ignored (e.g. `scripts/run &`).
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _raise_stop)
    hass = HassProcess(config_dir, echo=echo)
    started = time.monotonic()
    log(f"starting Home Assistant in {config_dir} (log: {config_dir / 'home-assistant.log'})")
    hass.start()
    try:
        took = wait_for_api(api, hass, args.timeout, config_dir)
        log(f"Home Assistant answers after {took:.1f} s")
        hass.muted.extend(ONBOARDING_NOISE)
        configure_demo(config_dir, api, args.port, os.environ.get("ANTHROPIC_API_KEY") or None)
        del hass.muted[len(ALWAYS_MUTED) :]
        try:
            wait_for_state(api, MOOD_ENTITY, timeout=30, ready=mood_ready)
            states = wait_for_states(api, PET_ENTITIES, timeout=30)
        except DemoError as err:
            raise DemoError(
                f"{err}\nshelldon did not come up; the log says:\n{log_tail(config_dir)}"
            ) from err
        log(
            f"pet ready after {time.monotonic() - started:.1f} s: "
            f"mood={states[MOOD_ENTITY]['state']} "
            f"power_mode={states['sensor.shelldon_power_mode']['state']}"
        )
        if args.check:
            log(f"--check: {MOOD_ENTITY} exists; stopping")
            return 0
        if not args.no_browser_info:
            entity_ids = pet_entity_ids(api) or list(PET_ENTITIES)
            print(banner(args.port, args.host, entity_ids), flush=True)
        last_line = None
        while True:
            code = hass.poll()
            if code == RESTART_EXIT_CODE:
                log("Home Assistant asked for a restart; starting it again")
                hass.stop()
                hass = HassProcess(config_dir, echo=echo).start()
                wait_for_api(api, hass, args.timeout, config_dir)
                login(api, args.port)
                continue
            if code is not None:
                log(f"Home Assistant exited with code {code}")
                return code
            line = None if args.quiet else _status_line(api, args.port)
            if line and line != last_line:
                log(line)
                last_line = line
            time.sleep(2)
    except (KeyboardInterrupt, _Stop):
        print(flush=True)
        log("stopping Home Assistant…")
        return 0
    finally:
        try:
            code = hass.stop()
        except (KeyboardInterrupt, _Stop):
            log("interrupted again: killing Home Assistant")
            code = hass.kill()
        log(f"Home Assistant stopped (exit code {code})")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="scripts/run",
        description="Run a real Home Assistant with shelldon and a demo pet.",
    )
    parser.add_argument(
        "--config",
        default=str(DEFAULT_CONFIG_DIR),
        help="config folder (default: .demo/config in the repository)",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="HTTP port (8123)")
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="address to listen on (127.0.0.1; 0.0.0.0 exposes the demo login to the LAN)",
    )
    parser.add_argument("--reset", action="store_true", help="wipe the demo config folder first")
    parser.add_argument(
        "--check",
        action="store_true",
        help="boot, configure, verify sensor.shelldon_mood over REST, stop (exit 0 if fine)",
    )
    parser.add_argument(
        "--no-browser-info", action="store_true", help="do not print the URL/login banner"
    )
    parser.add_argument(
        "--quiet", action="store_true", help="no status lines while running, no echoed errors"
    )
    parser.add_argument(
        "--timeout", type=float, default=120, help="seconds to wait for Home Assistant's API"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point for scripts/run."""
    args = parse_args(argv)
    try:
        return run(args)
    except DemoError as err:
        log(f"error: {err}")
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
