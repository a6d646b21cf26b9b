"""The command `scripts/run` runs: boot, configure on the first run, print the banner, watch.

Status lines follow the pet's mood and power while Home Assistant runs; Ctrl-C stops it
cleanly (a second Ctrl-C kills it), and a restart the owner asks for starts it again.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .api import Api, ApiError, wait_for_api, wait_for_state, wait_for_states
from .config import link_integration, log_tail, port_in_use, reset_config_dir, write_config
from .const import (
    AGENT_ENTITY,
    BATTERY_ENTITY,
    CHARGING_ENTITY,
    DEFAULT_CONFIG_DIR,
    DEFAULT_HOST,
    DEFAULT_PORT,
    FACE_ENTITY,
    LEVEL_HELPER,
    LOW_BATTERY_THRESHOLD,
    MOOD_ENTITY,
    PASSWORD,
    PET_ENTITIES,
    PLUGGED_HELPER,
    USERNAME,
    DemoError,
    log,
)
from .first_run import configure_demo
from .onboarding import ONBOARDING_NOISE, login
from .pet import mood_ready, pet_entity_ids
from .process import ALWAYS_MUTED, RESTART_EXIT_CODE, HassProcess


def home_line(config: dict[str, Any]) -> str:
    """The home Home Assistant runs in (from /api/config), for the banner."""
    units = "US customary" if (config.get("unit_system") or {}).get("length") == "mi" else "metric"
    parts = [config.get("time_zone") or "UTC", config.get("country") or "no country", units]
    return ", ".join(parts) + " units"


def banner(
    port: int,
    host: str,
    entity_ids: Iterable[str] = PET_ENTITIES,
    dashboard_url: str | None = None,
    *,
    home: str | None = None,
    notice_dismissed: bool = False,
) -> str:
    """What the owner needs to know."""
    url = f"http://localhost:{port}"
    notes = ""
    if dashboard_url:
        notes += f"\n          (the pet's dashboard, {url}{dashboard_url}, is the default)"
    if host in ("0.0.0.0", "::"):
        notes += f"\n  (listening on all interfaces: http://<this machine>:{port} from the LAN)"
    entities = "\n".join(f"    {eid}" for eid in entity_ids)
    where = ""
    if home:
        where += f"\n  Home    {home} (Settings > System > General)"
    if notice_dismissed:
        where += (
            "\n  Repairs none from the demo. Home Assistant's notice that a Python-environment"
            "\n          install is deprecated is about how the demo runs it: dismissed for you"
            "\n          (Settings > Repairs > ⋮ > Show ignored repairs)"
        )
    return f"""
  Home Assistant with shelldon is running.

  Open    {url}{notes}
  Log in  {USERNAME} / {PASSWORD}{where}

  The pet's entities (Settings > Devices & services > shelldon, or Developer tools > States):
{entities}
  The face PNG: {url}/api/image_proxy/{FACE_ENTITY} (with a bearer token)

  Talk to it: Assist, the speech-bubble button at the top right of the dashboard (on a phone, in
  its ⋮ menu; or press A), or POST /api/conversation/process with agent_id {AGENT_ENTITY}.

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
        state = configure_demo(
            config_dir, api, args.port, os.environ.get("ANTHROPIC_API_KEY") or None
        )
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
            text = banner(
                args.port,
                args.host,
                entity_ids,
                state.get("dashboard_url"),
                home=home_line(api.get("/api/config")),
                notice_dismissed=state.get("install_notice") == "dismissed",
            )
            print(text, flush=True)
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
