"""The pet's dashboard (dashboards/shelldon.yaml) as the demo's default dashboard.

Where Home Assistant keeps the default dashboard as a system setting (2026.x: otherwise it
opens its own "Home" dashboard), the file becomes a dashboard of its own, `/shelldon-pet`,
made the default. Where each browser chooses (2025.x, starting on the Overview), it becomes
the Overview. Either way it is saved over the websocket API, as pasting it into the raw
configuration editor would. The owner's own work is never overwritten: the file is installed
while the dashboard is new or still holds the copy an earlier run installed (so it follows the
repository until edited), and a pet dashboard the owner deleted stays deleted.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .api import Api, WebsocketError, websocket_command
from .const import DASHBOARD_FILE

OVERVIEW_PANEL = "lovelace"  # the Overview's url path
PET_DASHBOARD = "shelldon-pet"  # the url path of the pet's own dashboard (2026.x)
PET_DASHBOARD_ENTRY = {
    "url_path": PET_DASHBOARD,
    "title": "Shelldon",
    "icon": "mdi:turtle",
    "show_in_sidebar": True,
    "require_admin": False,
}


def load_dashboard(path: Path = DASHBOARD_FILE) -> dict[str, Any]:
    """The dashboard file as the JSON Home Assistant stores (plain YAML: no tags)."""
    import yaml  # installed with Home Assistant

    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(config, dict) or not isinstance(config.get("views"), list):
        raise ValueError(f"{path} is not a dashboard (no list of views)")
    return config


def fingerprint(config: Any) -> str:
    """A short hash of a dashboard configuration, to tell our copy from the owner's edits."""
    text = json.dumps(config, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def system_core_settings(api: Api) -> dict[str, Any] | None:
    """The frontend's system-wide `core` settings (2026.x), or None where there are none."""
    try:
        reply = websocket_command(api, {"type": "frontend/get_system_data", "key": "core"})
    except WebsocketError as err:
        if err.code == "unknown_command":
            return None
        raise
    return (reply or {}).get("value") or {}


def pet_dashboard_url_path(api: Api) -> str | None:
    """Where the demo puts the pet's dashboard: its own (2026.x) or the Overview (None)."""
    return None if system_core_settings(api) is None else PET_DASHBOARD


def dashboard_config(api: Api, url_path: str | None) -> dict[str, Any] | None:
    """A dashboard's saved configuration, or None while Home Assistant generates it."""
    message: dict[str, Any] = {"type": "lovelace/config"}
    if url_path is not None:
        message["url_path"] = url_path
    try:
        return websocket_command(api, message)
    except WebsocketError as err:
        if err.code == "config_not_found":
            return None
        raise


def dashboard_exists(api: Api, url_path: str) -> bool:
    """Whether a storage dashboard with this url path exists."""
    listing = websocket_command(api, {"type": "lovelace/dashboards/list"})
    return any(item.get("url_path") == url_path for item in listing)


def make_default(api: Api, url_path: str) -> bool:
    """Make a dashboard the system's default unless the owner chose one; returns whether it is."""
    core = system_core_settings(api) or {}
    chosen = core.get("default_panel")
    if chosen is None:
        websocket_command(
            api,
            {
                "type": "frontend/set_system_data",
                "key": "core",
                "value": {**core, "default_panel": url_path},
            },
        )
        return True
    return chosen == url_path


def install_dashboard(
    api: Api, installed: str | None = None, path: Path = DASHBOARD_FILE
) -> str | None:
    """Install the file as the default dashboard unless the owner made that place their own.

    `installed` is the fingerprint of the copy an earlier run saved; returns the fingerprint of
    the copy installed now, or None when the owner's dashboard (or its absence) was respected.
    """
    wanted = load_dashboard(path)
    url_path = pet_dashboard_url_path(api)
    if url_path is not None and not dashboard_exists(api, url_path):
        if installed is not None:  # we made it once, and the owner deleted it
            return None
        websocket_command(api, {"type": "lovelace/dashboards/create", **PET_DASHBOARD_ENTRY})
    current = dashboard_config(api, url_path)
    if current is not None and fingerprint(current) not in (installed, fingerprint(wanted)):
        return None
    if current is None or fingerprint(current) != fingerprint(wanted):
        message: dict[str, Any] = {"type": "lovelace/config/save", "config": wanted}
        if url_path is not None:
            message["url_path"] = url_path
        websocket_command(api, message)
    if url_path is not None:
        make_default(api, url_path)
    return fingerprint(wanted)
