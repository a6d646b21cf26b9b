"""Run a real Home Assistant with shelldon loaded and a demo pet configured.

`scripts/run` runs `scripts/demo.py`, which calls `main` here after the virtual environment is
prepared. The first run writes a small offline configuration into `.demo/config`, links this
repository's integration into it, boots Home Assistant, completes onboarding over the REST API
(owner `demo` / `shelldon-demo`), adds a pet named Shelldon, points it at two stand-in PiSugar
entities, makes it the Assist button's assistant and its dashboard (dashboards/shelldon.yaml)
the default one. Later runs only start Home Assistant (and refresh the dashboard while the owner
has not edited it): the pet and everything the owner changed persist in the config folder.

One module per concern, imported one way (const <- home <- config <- process/api <- onboarding,
pet, dashboard <- first_run <- cli):

- `const`: paths, the login, the pet's entity ids, `DemoError`, `log`;
- `home`: this machine's time zone, and the home onboarding would make of it (country, place,
  units, currency);
- `config`: the config folder (configuration.yaml, Home Assistant's own settings written by
  `hass_side.py` in its own Python, the integration's link, the demo's own state file, the
  log's tail, free ports);
- `process`: the `hass` child process;
- `api`: the REST client (urllib only), websocket commands (aiohttp, which comes with Home
  Assistant) and the polling helpers;
- `onboarding`: the owner, logging in, onboarding's leftovers, Home Assistant's install notice;
- `pet`: adding the pet, its options, the Assist pipeline, talking to it;
- `dashboard`: the pet's dashboard as the default one (its own on 2026.x, the Overview before);
- `first_run`: the steps a fresh config folder goes through, each once;
- `cli`: the command line, the banner, the run loop.

Everything is re-exported here, so `tests/e2e` (through scripts/demo.py, its `demo` fixture)
drives the same code as `demo.X`.
"""

from __future__ import annotations

from .api import (
    Api,
    ApiError,
    WebsocketError,
    call_service,
    wait_for_api,
    wait_for_entry_loaded,
    wait_for_state,
    wait_for_states,
    websocket_command,
)
from .cli import WATCHED, banner, home_line, main, parse_args, run
from .config import (
    CONFIG_HEADER,
    CONFIGURATION_YAML,
    HTTP_INCLUDE,
    STATE_FILE,
    free_port,
    hass_python,
    link_integration,
    load_state,
    log_tail,
    port_in_use,
    reset_config_dir,
    save_state,
    write_config,
    write_hass_settings,
)
from .const import (
    AGENT_ENTITY,
    BATTERY_ENTITY,
    CHARGING_ENTITY,
    DASHBOARD_FILE,
    DEFAULT_CONFIG_DIR,
    DEFAULT_HOST,
    DEFAULT_PORT,
    FACE_ENTITY,
    INTEGRATION_DIR,
    LEVEL_HELPER,
    LOW_BATTERY_THRESHOLD,
    MOOD_ENTITY,
    OWNER_NAME,
    PASSWORD,
    PET_ENTITIES,
    PET_NAME,
    PLUGGED_HELPER,
    REPO,
    USERNAME,
    DemoError,
    log,
)
from .dashboard import (
    OVERVIEW_PANEL,
    PET_DASHBOARD,
    dashboard_config,
    dashboard_exists,
    fingerprint,
    install_dashboard,
    load_dashboard,
    make_default,
    pet_dashboard_url_path,
    system_core_settings,
)
from .first_run import configure_demo, install_pet_dashboard
from .home import home_settings, local_time_zone, zone_place
from .onboarding import (
    INSTALL_NOTICE,
    ONBOARDING_DOMAINS,
    ONBOARDING_NOISE,
    client_id,
    confirm_http_config,
    dismiss_install_notice,
    exchange_code,
    login,
    onboard,
    onboarding_status,
    remove_failed_onboarding_entries,
)
from .pet import (
    add_pet,
    converse,
    make_pet_the_assistant,
    mood_ready,
    pet_entity_ids,
    pet_entries,
    set_body_options,
)
from .process import ALWAYS_MUTED, RESTART_EXIT_CODE, HassProcess

__all__ = [
    "AGENT_ENTITY",
    "ALWAYS_MUTED",
    "BATTERY_ENTITY",
    "CHARGING_ENTITY",
    "CONFIGURATION_YAML",
    "CONFIG_HEADER",
    "DASHBOARD_FILE",
    "DEFAULT_CONFIG_DIR",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "FACE_ENTITY",
    "HTTP_INCLUDE",
    "INSTALL_NOTICE",
    "INTEGRATION_DIR",
    "LEVEL_HELPER",
    "LOW_BATTERY_THRESHOLD",
    "MOOD_ENTITY",
    "ONBOARDING_DOMAINS",
    "ONBOARDING_NOISE",
    "OVERVIEW_PANEL",
    "OWNER_NAME",
    "PASSWORD",
    "PET_DASHBOARD",
    "PET_ENTITIES",
    "PET_NAME",
    "PLUGGED_HELPER",
    "REPO",
    "RESTART_EXIT_CODE",
    "STATE_FILE",
    "USERNAME",
    "WATCHED",
    "Api",
    "ApiError",
    "DemoError",
    "HassProcess",
    "WebsocketError",
    "add_pet",
    "banner",
    "call_service",
    "client_id",
    "configure_demo",
    "confirm_http_config",
    "converse",
    "dashboard_config",
    "dashboard_exists",
    "dismiss_install_notice",
    "exchange_code",
    "fingerprint",
    "free_port",
    "hass_python",
    "home_line",
    "home_settings",
    "install_dashboard",
    "install_pet_dashboard",
    "link_integration",
    "load_dashboard",
    "load_state",
    "local_time_zone",
    "log",
    "log_tail",
    "login",
    "main",
    "make_default",
    "make_pet_the_assistant",
    "mood_ready",
    "onboard",
    "onboarding_status",
    "parse_args",
    "pet_dashboard_url_path",
    "pet_entity_ids",
    "pet_entries",
    "port_in_use",
    "remove_failed_onboarding_entries",
    "reset_config_dir",
    "run",
    "save_state",
    "set_body_options",
    "system_core_settings",
    "wait_for_api",
    "wait_for_entry_loaded",
    "wait_for_state",
    "wait_for_states",
    "websocket_command",
    "write_config",
    "write_hass_settings",
    "zone_place",
]
