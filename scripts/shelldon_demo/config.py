"""The demo's config folder: configuration.yaml, Home Assistant's own settings, the integration.

Home Assistant's settings are written where it keeps them itself, before it starts (see
`hass_side.py`, run by its own Python): the home (time zone, country, units, location) and, on
2026.x, the listening address in its HTTP settings' storage; releases before that take an
`http:` include instead. Also what earlier runs did (`.shelldon-demo.json`), wiping a folder this
script made, the end of Home Assistant's log, and free loopback ports.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from .const import (
    DEFAULT_CONFIG_DIR,
    DEFAULT_HOST,
    DEFAULT_PORT,
    INTEGRATION_DIR,
    LEVEL_HELPER,
    PLUGGED_HELPER,
    DemoError,
    log,
)
from .home import home_settings

STATE_FILE = ".shelldon-demo.json"
HTTP_INCLUDE = "shelldon_demo_http.yaml"

# Integrations that need nothing beyond the pinned virtual environment (no pip at run time, no
# network): the frontend with everything it pulls in (onboarding, config panels, lovelace,
# websocket API, repairs, diagnostics, ...), Assist's text conversation, people, the recorder
# with history and logbook (SQLite, installed with Home Assistant), helpers and templates for
# the stand-in PiSugar, notify, and assist_pipeline so the frontend's Assist button can talk to
# the pet (text only; its tts needs an ffmpeg binary, which scripts/run adds to its Debian root).
# `default_config:` is not used: several of its members (bluetooth, dhcp, ssdp, usb, stream,
# go2rtc, mobile_app) need packages the venv lacks or pins at other versions, so Home Assistant
# would try to pip-install them on every boot. It runs with --skip-pip all the same.
# No `homeassistant:` keys: the home (name, time zone, country, units, location) is in Home
# Assistant's own storage, as onboarding leaves it, so Settings > System > General can edit it.
CONFIG_HEADER = "# Written by shelldon's scripts/demo.py"
CONFIGURATION_YAML = """\
# Written by shelldon's scripts/demo.py on the first run; edit freely, it is never overwritten.
# Everything here works offline with the packages of the project's virtual environment.
# The home (time zone, country, units, location) is set in Settings > System > General.
{http}
frontend:
config:
conversation:
person:
recorder:
history:
# The thinking sensor flips on and off with every message: its history stays, the logbook
# leaves those lines out (the pet's own lines, its reach-outs and decisions, stay in).
logbook:
  exclude:
    entities:
      - binary_sensor.shelldon_thinking
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
# Where Home Assistant listens, on releases that read it from YAML only (before 2026.x).
HTTP_YAML = f"""\
# Where Home Assistant listens: rewritten on every run from --host / --port.
http: !include {HTTP_INCLUDE}
"""
# On 2026.x the address lives in Home Assistant's HTTP settings (.storage/http, rewritten on
# every run from --host / --port); `http:` in YAML would raise a deprecation repair there.
HTTP_STORED = """\
# Where Home Assistant listens is in its own HTTP settings, rewritten on every run from --host
# and --port (an `http:` key here would be deprecated YAML: Home Assistant keeps them itself).
"""
# What earlier demos wrote (before the address moved to Home Assistant's storage on 2026.x).
OLD_HTTP_LINES = (
    "# Where Home Assistant listens: rewritten on every run from --host / --port.\n"
    f"http: !include {HTTP_INCLUDE}\n"
)


def hass_python() -> str:
    """The Python of the Home Assistant the demo starts (the end-to-end tests run a real
    2026.11.0 from its own environment beside the test harness's); this Python by default."""
    return os.environ.get("SHELLDON_HASS_PYTHON") or sys.executable


def write_hass_settings(
    config_dir: Path, port: int, host: str, home: dict[str, Any] | None
) -> dict[str, Any]:
    """Home Assistant's own settings, written by its own Python (`hass_side.py`): the home
    (when `home` is given and none is stored) and the listening address where it stores it."""
    request = {"config_dir": str(config_dir), "host": host, "port": port, "home": home}
    script = Path(__file__).with_name("hass_side.py")
    result = subprocess.run(
        [hass_python(), str(script), json.dumps(request)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    if result.returncode != 0:
        raise DemoError(
            f"could not write Home Assistant's settings in {config_dir}:\n{result.stderr[-2000:]}"
        )
    return json.loads(result.stdout.strip().splitlines()[-1])


def write_config(
    config_dir: Path,
    port: int = DEFAULT_PORT,
    host: str = DEFAULT_HOST,
    time_zone: str | None = None,
) -> dict[str, Any]:
    """Prepare the config folder for a start of Home Assistant.

    configuration.yaml is written once; on a folder the demo made, Home Assistant's own
    settings too: the home (once: this machine's time zone, or `time_zone`, and what follows
    from it) and, on every run, the listening address (--host / --port). Returns what
    `hass_side.py` reported (the Home Assistant version, whether it stores its HTTP settings).
    """
    config_dir.mkdir(parents=True, exist_ok=True)
    configuration = config_dir / "configuration.yaml"
    fresh = not configuration.exists()
    ours = fresh or configuration.read_text(encoding="utf-8", errors="replace").startswith(
        CONFIG_HEADER
    )
    report: dict[str, Any] = {"http_storage": False}
    if ours:
        report = write_hass_settings(config_dir, port, host, home_settings(time_zone))
    stored = bool(report.get("http_storage"))
    if fresh:
        configuration.write_text(
            CONFIGURATION_YAML.format(
                http=HTTP_STORED if stored else HTTP_YAML,
                level=LEVEL_HELPER,
                plugged=PLUGGED_HELPER,
            ),
            encoding="utf-8",
        )
    include = config_dir / HTTP_INCLUDE
    if not stored:
        include.write_text(
            "# Rewritten by scripts/demo.py on every run (--host / --port).\n"
            f"server_host: {host}\nserver_port: {port}\n",
            encoding="utf-8",
        )
    elif ours and OLD_HTTP_LINES in (text := configuration.read_text(encoding="utf-8")):
        # A folder an earlier demo made: its include is what Home Assistant now calls deprecated.
        configuration.write_text(text.replace(OLD_HTTP_LINES, HTTP_STORED), encoding="utf-8")
        include.unlink(missing_ok=True)
        log(f"moved the listening address from {HTTP_INCLUDE} into Home Assistant's settings")
    return report


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
