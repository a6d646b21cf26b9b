"""The pet's LLM API over MCP: a real Home Assistant 2026.11 with its MCP server, an outside
client speaking JSON-RPC over HTTP with a long-lived token.

Boots `hass` as tests/e2e/test_real_hass.py does, adds the pet and the MCP server through the
config-flow REST API, then, as an outside assistant would: initializes, lists the pet's tools at
/api/mcp/<API ID>, adds a promise (it appears once on the to-do list) and reads the promises;
and at /api/mcp, with the server set to serve only the pet's API read-only, finds only the
read tools. Skipped where the Home Assistant under test has no such MCP server (2025.4).
"""

from __future__ import annotations

import itertools
import json
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.e2e.test_real_hass import UNTESTED_CUSTOM, RealHass

API_ID = "shelldon"  # the pet first named Shelldon
PROMISES_LIST = "todo.shelldon_promises"
READ_TOOLS = {"GetPromises", "GetMemories", "SearchShelf", "GetMoodAndDay"}
PROTOCOL = "2025-06-18"
VERSION_CHECK = (
    "import sys, homeassistant.const as c\n"
    "from homeassistant.components.mcp_server import http\n"
    "import mcp\n"
    "ok = c.MAJOR_VERSION * 100 + c.MINOR_VERSION >= 202611\n"
    "ok = ok and hasattr(http, 'ModelContextProtocolStreamableApiView')\n"
    "sys.exit(0 if ok else 3)\n"
)


def serves_mcp_per_api(demo: ModuleType) -> bool:
    """Whether the Home Assistant under test serves each LLM API at /api/mcp/<API ID>."""
    done = subprocess.run(
        [demo.hass_python(), "-c", VERSION_CHECK], capture_output=True, timeout=120, check=False
    )
    return done.returncode == 0


class McpClient:
    """A small MCP client over Streamable HTTP (stateless: one JSON-RPC request per POST)."""

    def __init__(self, demo: ModuleType, base_url: str, token: str, path: str) -> None:
        self.api = demo.Api(base_url, token=token)
        self.path = path
        self.ids = itertools.count(1)

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """One request; its result (an error fails the test)."""
        body = {"jsonrpc": "2.0", "id": next(self.ids), "method": method, "params": params or {}}
        status, raw, _ = self.api.request("POST", self.path, json_body=body)
        assert status == 200, f"{method}: HTTP {status}: {raw[:300]!r}"
        answer = json.loads(raw)
        assert "error" not in answer, answer
        result: dict[str, Any] = answer["result"]
        return result

    def notify(self, method: str) -> int:
        """A notification: no answer but its HTTP status."""
        status, _, _ = self.api.request(
            "POST", self.path, json_body={"jsonrpc": "2.0", "method": method}
        )
        return status

    def call(self, tool: str, **args: Any) -> tuple[dict[str, Any] | str, bool]:
        """A tool's answer (decoded when it is JSON) and whether it is an error."""
        result = self.send("tools/call", {"name": tool, "arguments": args})
        text = result["content"][0]["text"]
        try:
            return json.loads(text), bool(result.get("isError"))
        except json.JSONDecodeError:
            return text, bool(result.get("isError"))


def add_mcp_server(api: Any, api_id: str) -> str:
    """The MCP server through its config flow, then its options: only the pet's API, read-only."""
    step = api.post("/api/config/config_entries/flow", {"handler": "mcp_server"})
    if step.get("type") == "form":
        step = api.post(f"/api/config/config_entries/flow/{step['flow_id']}", {})
    assert step.get("type") == "create_entry", step
    entry_id: str = step["result"]["entry_id"]
    form = api.post("/api/config/config_entries/options/flow", {"handler": entry_id})
    assert form.get("type") == "form", form
    done = api.post(
        f"/api/config/config_entries/options/flow/{form['flow_id']}",
        {"all_llm_apis": False, "llm_hass_api": [api_id], "require_admin": True, "read_only": True},
    )
    assert done.get("type") == "create_entry", done
    return entry_id


@pytest.mark.e2e
@pytest.mark.enable_socket
@pytest.mark.allow_hosts(["127.0.0.1"])
@pytest.mark.usefixtures("socket_enabled")
def test_an_outside_assistant_lists_and_calls_the_pets_tools_over_mcp(
    demo: ModuleType, tmp_path: Path
) -> None:
    if not serves_mcp_per_api(demo):
        pytest.skip("this Home Assistant serves no LLM API over MCP at /api/mcp/<API ID>")
    real = RealHass(demo, tmp_path / "config")
    api = real.api
    try:
        with real.phase("boot, onboarding, the pet"):
            demo.write_config(real.config_dir, real.port, "127.0.0.1", time_zone="UTC")
            demo.link_integration(real.config_dir)
            real.process.start()
            demo.wait_for_api(api, real.process, timeout=60, config_dir=real.config_dir)
            demo.onboard(api, real.port)
            demo.add_pet(api, "Shelldon")
            demo.wait_for_state(api, demo.MOOD_ENTITY, 30, ready=demo.mood_ready)

        with real.phase("a long-lived token and the MCP server"):
            token = demo.websocket_command(
                api,
                {"type": "auth/long_lived_access_token", "client_name": "mcp", "lifespan": 30},
            )
            assert isinstance(token, str) and token
            add_mcp_server(api, API_ID)

        with real.phase("the pet's tools at /api/mcp/<API ID>"):
            client = McpClient(demo, api.base_url, token, f"/api/mcp/{API_ID}")
            hello = client.send(
                "initialize",
                {
                    "protocolVersion": PROTOCOL,
                    "capabilities": {},
                    "clientInfo": {"name": "shelldon-e2e", "version": "1"},
                },
            )
            assert hello["serverInfo"]["name"] == "home-assistant", hello
            assert client.notify("notifications/initialized") == 202
            tools = {t["name"]: t for t in client.send("tools/list")["tools"]}
            assert set(tools) == READ_TOOLS | {"AddPromise"}, tools
            for name, tool in tools.items():
                assert tool["annotations"]["readOnlyHint"] is (name in READ_TOOLS), tool
            assert "text" in tools["AddPromise"]["inputSchema"]["properties"]

        with real.phase("adding a promise and reading it back over MCP"):
            filed, error = client.call("AddPromise", text="water the ferns at 6pm")
            assert not error and isinstance(filed, dict) and filed["filed"] is True, filed
            again, _ = client.call("AddPromise", text="water the ferns at 6pm")
            assert isinstance(again, dict) and again["filed"] is False, again
            real.wait_for(PROMISES_LIST, "1")  # one open item: one request, one promise
            listed, error = client.call("GetPromises")
            assert not error and isinstance(listed, dict), listed
            assert [p["text"] for p in listed["promises"]] == ["water the ferns"], listed
            day, error = client.call("GetMoodAndDay")
            assert not error and isinstance(day, dict) and day["mood"], day
            assert len(json.dumps(day, ensure_ascii=False).encode()) <= 2048

        with real.phase("read-only mode at /api/mcp: no tool that writes"):
            read_only = McpClient(demo, api.base_url, token, "/api/mcp")
            names = {t["name"] for t in read_only.send("tools/list")["tools"]}
            assert names == READ_TOOLS, names
            refused, error = read_only.call("AddPromise", text="feed the cat at 7pm")
            assert error, refused
            real.wait_for(PROMISES_LIST, "1")
    finally:
        with real.phase("stopping Home Assistant"):
            exit_code = real.process.stop(timeout=30)
    assert exit_code == 0, (
        f"Home Assistant exited with {exit_code}\n{demo.log_tail(real.config_dir)}"
    )
    log = (real.config_dir / "home-assistant.log").read_text(encoding="utf-8", errors="replace")
    complaints = [
        line
        for line in log.splitlines()
        if any(level in line for level in (" WARNING ", " ERROR "))
        and "shelldon" in line
        and UNTESTED_CUSTOM not in line
    ]
    assert not complaints, "warnings or errors about shelldon:\n" + "\n".join(complaints)
