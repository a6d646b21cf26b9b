"""The demo's config folder: configuration.yaml, the http include, the link to the integration.

Also what earlier runs did (`.shelldon-demo.json`), wiping a folder this script made, the end of
Home Assistant's log, and free loopback ports.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import zoneinfo
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
)

STATE_FILE = ".shelldon-demo.json"
HTTP_INCLUDE = "shelldon_demo_http.yaml"

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
