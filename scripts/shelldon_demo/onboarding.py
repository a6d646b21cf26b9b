"""Onboarding and logging in, as the frontend does them, over the REST API.

The owner is made (or logged in) and the remaining onboarding steps are finished. The demo's
own folders start with the core-config step done and its settings saved (config.write_config),
so the integrations that step would start, which cannot work offline, are never tried; where
they were (a folder made otherwise), their entries are removed afterwards. Home Assistant's own
notice that a Python-environment install is deprecated is dismissed on the owner's behalf (the
banner says so), and a listening address left pending is confirmed (2026.11).
"""

from __future__ import annotations

import json
import time
from typing import Any

from .api import Api, ApiError, WebsocketError, websocket_command
from .const import OWNER_NAME, PASSWORD, USERNAME, DemoError

# Onboarding's core_config step starts config flows for these; offline and without pip only
# shopping_list can work, so the others log import errors once and google_translate leaves an
# entry that cannot set up (gTTS is not installed). The demo's folders skip that (see above);
# elsewhere it removes such entries.
ONBOARDING_DOMAINS = ("google_translate", "met", "radio_browser")
# What those flows log while they fail (muted on the console during the first run).
ONBOARDING_NOISE = (
    "loading flow for integration",
    "Task exception was never retrieved",
    "for google_translate",
)


def client_id(port: int) -> str:
    """The OAuth client id the frontend itself would use."""
    return f"http://localhost:{port}/"


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
        api.onboarding_flows_started = True
    if not done.get("analytics"):
        api.post("/api/onboarding/analytics")
    if not done.get("integration"):
        api.post("/api/onboarding/integration", {"client_id": cid, "redirect_uri": cid})
    return tokens


def remove_failed_onboarding_entries(api: Api, settle: float = 10) -> list[str]:
    """Delete the entries onboarding created that cannot set up offline; returns their domains.

    Waits (up to `settle` seconds) for google_translate's onboarding entry to finish setting up,
    when this run's onboarding started those flows.
    """
    deadline = time.monotonic() + settle
    while True:
        entries = api.get("/api/config/config_entries/entry")
        if not api.onboarding_flows_started:
            break
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


def confirm_http_config(api: Api, port: int) -> bool:
    """Confirm the listening address the demo wrote, as the owner's Confirm button would.

    2026.11 moves `http:` from YAML into its storage as a trial, asks the owner to confirm it,
    and otherwise reverts five minutes later (restarting on port 8123, on every interface).
    The demo wrote the trial (its --host and --port), so it confirms it; releases without the
    setting, or with nothing pending for this port, are left alone. Returns whether it did.
    """
    try:
        http = websocket_command(api, {"type": "http/config"})
    except WebsocketError as err:
        if err.code == "unknown_command":
            return False
        raise
    pending = http.get("pending") or {}
    if http.get("active_config_type") != "pending" or pending.get("server_port") != port:
        return False
    websocket_command(api, {"type": "http/config/promote"})
    return True


INSTALL_NOTICE = ("homeassistant", "deprecated_method")  # "…installation method is deprecated"


def dismiss_install_notice(api: Api, grace: float = 10, limit: float = 120) -> bool:
    """Dismiss Home Assistant's repair saying its Core (Python environment) install is deprecated.

    Home Assistant (2025.5 and later) raises it just after it has started, on every install in
    a Python virtual environment, which is how the demo runs it: it is about the demo's
    machinery, not the pet. Dismissing it, as the owner's Ignore would, keeps it under
    Settings > Repairs > Show ignored. Waits for it up to `grace` seconds once Home Assistant
    runs (`limit` in all); returns whether it was dismissed now.
    """
    config = api.get("/api/config")
    if tuple(int(part) for part in config["version"].split(".")[:2]) < (2025, 5):
        return False
    started = time.monotonic()
    running_since: float | None = None
    while True:
        issues = websocket_command(api, {"type": "repairs/list_issues"})["issues"]
        notice = next((i for i in issues if (i["domain"], i["issue_id"]) == INSTALL_NOTICE), None)
        if notice is not None:
            if notice.get("ignored"):
                return False
            domain, issue_id = INSTALL_NOTICE
            message = {"type": "repairs/ignore_issue", "domain": domain, "issue_id": issue_id}
            websocket_command(api, {**message, "ignore": True})
            return True
        now = time.monotonic()
        if running_since is None and api.get("/api/config").get("state") == "RUNNING":
            running_since = now
        if (running_since is not None and now - running_since > grace) or now - started > limit:
            return False
        time.sleep(0.25)
