"""What the demo does to a fresh config folder, step by step, each step once.

Progress is kept in `<config>/.shelldon-demo.json`, so an interrupted first run picks up where
it stopped, and the owner's later changes (even deleting the pet) are respected.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .api import Api, wait_for_entry_loaded, wait_for_state
from .config import load_state, save_state
from .const import AGENT_ENTITY, BATTERY_ENTITY, CHARGING_ENTITY, DASHBOARD_FILE, PET_NAME, log
from .dashboard import OVERVIEW_PANEL, install_dashboard, pet_dashboard_url_path
from .onboarding import (
    confirm_http_config,
    dismiss_install_notice,
    login,
    onboard,
    remove_failed_onboarding_entries,
)
from .pet import add_pet, make_pet_the_assistant, pet_entries, set_body_options


def configure_demo(
    config_dir: Path, api: Api, port: int, api_key: str | None = None
) -> dict[str, Any]:
    """First run: onboarding, the pet, its body options. Later runs: log in, and keep the
    pet's dashboard up to date while the owner has not edited it.

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
    try:  # every run, cheap: nothing pending, nothing done
        if confirm_http_config(api, port):
            log(f"confirmed Home Assistant's new HTTP settings (port {port}, as the demo wrote)")
    except Exception as err:  # best effort: Home Assistant would ask the owner instead
        log(f"could not confirm Home Assistant's HTTP settings (it will ask you): {err}")
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
    if state.get("dashboard") != OWNERS_DASHBOARD:  # every run: it follows the repository's file
        install_pet_dashboard(api, config_dir, state)
    if not state.get("install_notice"):
        try:
            if dismiss_install_notice(api):
                log(
                    "dismissed Home Assistant's notice that a Python-environment install is "
                    "deprecated (it is about how the demo runs Home Assistant)"
                )
                state["install_notice"] = "dismissed"
            else:
                state["install_notice"] = "none"
        except Exception as err:  # best effort: it only stays in Repairs
            log(f"could not dismiss Home Assistant's install notice (see Repairs): {err}")
        save_state(config_dir, state)
    return state


OWNERS_DASHBOARD = "owner's own"  # the owner edited or deleted it: never touched again


def install_pet_dashboard(api: Api, config_dir: Path, state: dict[str, Any]) -> None:
    """dashboards/shelldon.yaml as the default dashboard (best effort: the pet works without)."""
    earlier = state.get("dashboard")
    try:
        installed = install_dashboard(api, earlier)
    except Exception as err:  # best effort, like the assistant
        log(f"could not install the pet's dashboard ({DASHBOARD_FILE.name}): {err}")
        return
    if installed is None:
        log("left the dashboard as you made it (the pet's own is in dashboards/shelldon.yaml)")
        state["dashboard"] = OWNERS_DASHBOARD
        state.pop("dashboard_url", None)
    elif installed != earlier:
        where = pet_dashboard_url_path(api) or OVERVIEW_PANEL
        log(f"the pet's dashboard (dashboards/shelldon.yaml) is the default dashboard: /{where}")
        state["dashboard"] = installed
        state["dashboard_url"] = f"/{where}"
    save_state(config_dir, state)
