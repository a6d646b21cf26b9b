"""Run by the Python of the Home Assistant the demo starts (never imported by the demo itself).

Before Home Assistant boots, this writes the settings a new owner's first hour would otherwise
find missing or deprecated, into the storage files Home Assistant itself keeps them in, in its
own format (its own storage versions and schema, read from the installed package):

- `.storage/core.config` (when there is none): the home, as onboarding's core-config step saves
  it (`config/core/update`): name, location, units, time zone, currency, country, language.
- `.storage/onboarding` (when there is none): onboarding's core-config step marked done. Finishing
  that step also starts the flows of the integrations onboarding offers (Met.no, Radio Browser,
  Google Translate TTS), which need packages and a network the offline demo does not have and
  would only fill the log with errors; the settings that step saves are the file above.
- `.storage/http` (Home Assistant 2026.x, which keeps the HTTP settings there and raises a repair
  for `http:` in YAML): the listening address and port as the confirmed ("stable") settings,
  with the YAML migration marked done; the owner's other HTTP settings are kept.

Prints one JSON line: the Home Assistant version and whether it keeps HTTP settings in storage
(where it does not, the demo writes an `http:` include instead).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _save(path: Path, key: str, version: int, minor: int, data: Any) -> None:
    """A storage file as Home Assistant's `Store` writes it (atomically)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"version": version, "minor_version": minor, "key": key, "data": data}
    temporary = path.with_name(f".{path.name}.demo-tmp")
    temporary.write_text(json.dumps(document, indent=4, ensure_ascii=False), encoding="utf-8")
    temporary.replace(path)


def _load(path: Path) -> dict[str, Any] | None:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def core_config(storage: Path, home: dict[str, Any]) -> bool:
    """The home's settings, unless Home Assistant keeps some already."""
    from homeassistant import core_config

    path = storage / core_config.CORE_STORAGE_KEY
    if path.exists():
        return False
    data = {
        "latitude": home["latitude"],
        "longitude": home["longitude"],
        "elevation": home["elevation"],
        "unit_system_v2": home["unit_system"],
        "location_name": home["location_name"],
        "time_zone": home["time_zone"],
        "external_url": None,
        "internal_url": None,
        "currency": home["currency"],
        "country": home["country"],
        "language": home["language"],
        "radius": home["radius"],
    }
    _save(
        path,
        core_config.CORE_STORAGE_KEY,
        core_config.CORE_STORAGE_VERSION,
        core_config.CORE_STORAGE_MINOR_VERSION,
        data,
    )
    return True


def onboarding(storage: Path) -> bool:
    """Onboarding's core-config step done (its settings are written above), unless begun."""
    from homeassistant.components import onboarding as module
    from homeassistant.components.onboarding.const import STEP_CORE_CONFIG

    path = storage / module.STORAGE_KEY
    if path.exists():
        return False
    _save(path, module.STORAGE_KEY, module.STORAGE_VERSION, 1, {"done": [STEP_CORE_CONFIG]})
    return True


def http(storage: Path, host: str, port: int) -> bool | None:
    """The listening address in the HTTP settings' storage; None where YAML is the only way."""
    try:
        from homeassistant.components.http import config
        from homeassistant.util import dt as dt_util

        schema = config.HTTP_STORAGE_SCHEMA
        keys = (config.KEY_STABLE, config.KEY_PENDING, config.KEY_YAML_MIGRATION_DONE)
    except (ImportError, AttributeError):
        return None
    meta = (
        config.HTTP_CONFIG_CREATED_AT,
        config.HTTP_CONFIG_ERROR,
        config.HTTP_CONFIG_ERROR_MESSAGE,
    )
    path = storage / config.STORAGE_KEY
    stored = _load(path)
    stable: dict[str, Any] = {}
    if stored and stored.get("version") == config.STORAGE_VERSION:
        earlier = (stored.get("data") or {}).get(config.KEY_STABLE) or {}
        stable = {k: v for k, v in earlier.items() if k not in meta}
    wanted = json.loads(
        json.dumps(schema({**stable, "server_host": [host], "server_port": port}), default=str)
    )
    if (
        stored
        and stable == wanted
        and stored["data"].get(config.KEY_PENDING) is None
        and stored["data"].get(config.KEY_YAML_MIGRATION_DONE) is True
    ):
        return True  # as wanted already: the file (and its created_at) stays as it is
    stable_slot = {
        **wanted,
        config.HTTP_CONFIG_CREATED_AT: dt_util.utcnow().isoformat(),
        config.HTTP_CONFIG_ERROR: None,
        config.HTTP_CONFIG_ERROR_MESSAGE: None,
    }
    # No pending trial: it would replace this address on the next start, then revert.
    data = dict(zip(keys, (stable_slot, None, True), strict=True))
    _save(path, config.STORAGE_KEY, config.STORAGE_VERSION, config.STORAGE_MINOR_VERSION, data)
    return True


def main() -> int:
    request = json.loads(sys.argv[1])
    storage = Path(request["config_dir"]) / ".storage"
    from homeassistant.const import __version__

    report: dict[str, Any] = {"version": __version__}
    if request.get("home") is not None:
        report["core_config"] = core_config(storage, request["home"])
        report["onboarding"] = onboarding(storage)
    report["http_storage"] = http(storage, request["host"], request["port"]) is not None
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
