"""Every door out of a pet, as text: where the hardening tests look for a secret that must
never be seen (its states and attributes, the events, persistent notifications, the vault's
files, their names and their history, the diagnostics)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from homeassistant.const import MATCH_ALL
from homeassistant.core import Event, HomeAssistant, callback
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.diagnostics import async_get_config_entry_diagnostics

VAULT = Path("shelldon/shelldon")


def heard(hass: HomeAssistant) -> list[Event]:
    """Every event fired from now on (but Home Assistant's own log of the actions asked)."""
    events: list[Event] = []

    @callback
    def _heard(event: Event) -> None:
        if event.event_type != "call_service":
            events.append(event)

    hass.bus.async_listen(MATCH_ALL, _heard)
    return events


def dumped(value: Any) -> str:
    return json.dumps(value, default=str, ensure_ascii=False)


def history(root: Path) -> str:
    """The vault's whole history: every commit's message and patch."""
    return subprocess.run(
        ["git", "-C", str(root / VAULT), "log", "-p", "--all", "--format=%s%n%b"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout


async def async_everything_shown(
    hass: HomeAssistant, entry: MockConfigEntry, root: Path, events: list[Event]
) -> dict[str, str]:
    """Every place a secret could be seen, as text, by where it is."""
    states = [[s.entity_id, s.state, dict(s.attributes)] for s in hass.states.async_all()]
    shown = {
        "states": dumped(states),
        "events": dumped([[e.event_type, e.data] for e in events]),
        "notifications": dumped(hass.data.get("persistent_notification") or {}),
        "history": history(root),
        "diagnostics": dumped(await async_get_config_entry_diagnostics(hass, entry)),
    }
    names = []
    for path in (root / VAULT).rglob("*"):
        if ".git" not in path.parts:
            names.append(str(path.relative_to(root / VAULT)))
            if path.is_file():
                shown[f"file {names[-1]}"] = path.read_text(errors="replace")
    shown["file names"] = "\n".join(names)
    return shown
