"""The browser the dashboard tests and the screenshot script look through: Debian's headless
Chromium driven over its DevTools protocol, logged in to a real Home Assistant with the owner's
tokens, and what the page is judged by (no pytest here: bench/dashboard_shots.py runs it in the
product's own environment)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium")
REPO = Path(__file__).resolve().parents[2]
DASHBOARD = REPO / "dashboards" / "shelldon.yaml"
BENCH_SCREENSHOT = REPO / "bench" / "results" / "dashboard.png"
BENCH_PHONE_SCREENSHOT = REPO / "bench" / "results" / "dashboard-phone.png"
VIEWPORT = (1440, 1800)
PHONE = (390, 844)  # a phone's width, in CSS pixels
PANEL_ASPECT = 250 / 122  # the default panel: a 2.13" E-Ink display
# The flags these machines need (root, no GPU, a closed network: no background connections).
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-port=0",
)

# Runs in the page: everything the test judges, collected through every shadow root.
REPORT_JS = r"""
(() => {
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const deepText = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    let out = "";
    if (node.shadowRoot) for (const c of node.shadowRoot.childNodes) out += deepText(c);
    for (const c of node.childNodes) out += deepText(c);
    return out;
  };
  const squash = (s) => s.replace(/\s+/g, " ").trim().slice(0, 300);
  const cards = {};
  const problems = [];
  const markdown = [];
  const tiles = [];
  const gauges = [];
  const truncated = [];
  let charts = 0;
  let face = null;
  for (const el of all) {
    const tag = el.localName;
    if (/^hui-.+-card$/.test(tag)) cards[tag] = (cards[tag] || 0) + 1;
    if (tag.startsWith("state-history-chart-") || tag === "statistics-chart") charts += 1;
    if (tag === "ha-gauge") gauges.push(squash(deepText(el)));
    if (tag === "hui-tile-card" || tag === "hui-entities-card") {
      // Text cut short with an ellipsis: a label that does not fit its card.
      const inside = [];
      const collect = (root) => {
        for (const e of root.querySelectorAll("*")) {
          inside.push(e);
          if (e.shadowRoot) collect(e.shadowRoot);
        }
      };
      collect(el.shadowRoot || el);
      for (const e of inside) {
        if (getComputedStyle(e).textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1
            && squash(e.textContent)) truncated.push(tag + ": " + squash(e.textContent));
      }
    }
    if (tag === "hui-error-card") problems.push("error card: " + squash(deepText(el)));
    if (tag === "hui-warning" || tag === "hui-warning-element")
      problems.push("warning: " + squash(deepText(el)));
    if (tag === "ha-alert" && ["error", "warning"].includes(el.getAttribute("alert-type")))
      problems.push("alert: " + squash(deepText(el)));
    if (tag === "hui-markdown-card") markdown.push(squash(deepText(el)));
    if (tag === "hui-tile-card") tiles.push(squash(deepText(el)));
    if (tag === "hui-picture-entity-card" && face === null) {
      const found = [];
      const collect = (root) => {
        for (const e of root.querySelectorAll("*")) {
          if (e.localName === "img") found.push(e);
          if (e.shadowRoot) collect(e.shadowRoot);
        }
      };
      collect(el.shadowRoot || el);
      const img = found[0];
      if (img) {
        const box = img.getBoundingClientRect();
        face = {complete: img.complete, natural: [img.naturalWidth, img.naturalHeight],
                box: [box.width, box.height], src: img.src.split("?")[0]};
      } else face = {complete: false, natural: [0, 0], box: [0, 0], src: ""};
    }
  }
  const dialogs = all
    .filter((el) => /dialog/.test(el.localName) && (el.open === true || el.hasAttribute("open")))
    .map((el) => el.localName + ": " + squash(deepText(el)).slice(0, 120));
  const bottom = Math.max(0, ...all.filter((el) => /^hui-.+-card$/.test(el.localName))
    .map((el) => el.getBoundingClientRect().bottom + window.scrollY));
  const page = squash(deepText(document.body));
  return JSON.stringify({path: location.pathname, cards, problems, markdown, tiles, charts,
                         gauges, truncated, face, dialogs, bottom, width: innerWidth,
                         page: page.slice(0, 200)});
})()
"""


def expected_cards(config: dict[str, Any]) -> Counter[str]:
    """The cards the dashboard file asks for, as the custom elements Home Assistant renders."""
    found: Counter[str] = Counter()

    def visit(cards: list[dict[str, Any]]) -> None:
        for card in cards:
            found[f"hui-{card['type']}-card"] += 1
            visit(card.get("cards") or [])

    for view in config["views"]:
        visit(view.get("cards") or [])
        for section in view.get("sections") or []:
            visit(section.get("cards") or [])
    return found


def words(text: str) -> str:
    """Text reduced to its words, so markdown rendering does not matter when comparing."""
    return " ".join(re.findall(r"\w+", text)).lower()


def markdown_contents(config: dict[str, Any]) -> list[str]:
    """Every markdown card's template, in the file's order."""
    found: list[str] = []

    def visit(cards: list[dict[str, Any]]) -> None:
        for card in cards:
            if card["type"] == "markdown":
                found.append(card["content"])
            visit(card.get("cards") or [])

    for view in config["views"]:
        visit(view.get("cards") or [])
        for section in view.get("sections") or []:
            visit(section.get("cards") or [])
    return found


# Stand-ins with items, for the lists the fresh pet has none of yet: the dashboard's own
# templates are rendered against them (the pet's sensors are left alone).
STAND_INS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "sensor.shelldon_pending_edits": (
        "sensor.dashboard_test_edits",
        "1",
        {
            "edits": [
                {
                    "id": "e1",
                    "path": "soul/PERSONA.md",
                    "reason": "I like mornings more than I said",
                    "repair": "/config/repairs",
                }
            ]
        },
    ),
    "sensor.shelldon_top_need": (
        "sensor.dashboard_test_needs",
        "connection",
        {"connection_tension": 2.0, "expression_tension": 1.0, "security_tension": 0.0},
    ),
}


# A tie (the tensions are rounded to two places): the sensor chose closure.
TIE = (
    "sensor.dashboard_test_tie",
    "closure",
    {"connection_tension": 0.26, "closure_tension": 0.26, "security_tension": 0.1},
)


def render_with_stand_ins(
    api: Any, content: str, stand_ins: dict[str, tuple[str, str, dict[str, Any]]] = STAND_INS
) -> str:
    """A markdown card's template rendered by Home Assistant against the stand-ins."""
    for real_id, (stand_in, _, _) in stand_ins.items():
        content = content.replace(real_id, stand_in)
    status, raw, _ = api.request("POST", "/api/template", json_body={"template": content})
    assert status == 200, f"the template did not render (HTTP {status}): {raw[:300]!r}"
    return raw.decode()


def failed_commands(config_dir: Path) -> list[str]:
    """Websocket commands Home Assistant failed to answer, each with the error it ended in."""
    try:
        lines = (config_dir / "home-assistant.log").read_text(errors="replace").splitlines()
    except OSError:
        return []
    found = []
    for index, line in enumerate(lines):
        if "Error handling message" in line:
            after = lines[index + 1 : index + 200]
            cause = next((x for x in after if re.match(r"^[\w.]+(Error|Exception)\b", x)), "")
            found.append(f"{line.split('] ', 2)[-1][:120]} -> {cause}")
    return found


class Chromium:
    """Headless Chromium with one page, driven over the DevTools protocol (websocket)."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.profile = folder / "chromium-profile"
        self.log_path = folder / "chromium.log"
        self.binary = binary
        self.scratch = Path(tempfile.mkdtemp(prefix="shelldon-chromium-"))
        self.proc: subprocess.Popen[bytes] | None = None
        self._ids = iter(range(1, 1_000_000))

    @contextlib.contextmanager
    def running(self) -> Iterator[Chromium]:
        """Start the browser; always stop it (its whole process group) afterwards."""
        self.profile.mkdir(parents=True)
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                [
                    self.binary,
                    *CHROMIUM_FLAGS,
                    f"--user-data-dir={self.profile}",
                    f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
                    "about:blank",
                ],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                # Its scratch folders (org.chromium.*, with a socket whose path must be
                # short) in a folder of its own, removed when it stops.
                env={**os.environ, "TMPDIR": str(self.scratch)},
                start_new_session=True,
            )
        try:
            yield self
        finally:
            self.stop()
            shutil.rmtree(self.scratch, ignore_errors=True)

    def stop(self) -> None:
        """SIGTERM the browser's process group; SIGKILL it if it lingers."""
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def log_tail(self, lines: int = 20) -> str:
        """The end of the browser's own output."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no chromium log)"
        return "\n".join(text.splitlines()[-lines:])

    def page_socket(self, timeout: float = 20) -> str:
        """The page's DevTools websocket (the port is in the profile's DevToolsActivePort)."""
        deadline = time.monotonic() + timeout
        marker = self.profile / "DevToolsActivePort"
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"chromium exited ({self.proc.returncode}):\n{self.log_tail()}"
                )
            if marker.exists() and marker.read_text().strip():
                port = int(marker.read_text().split()[0])
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as r:
                    targets = json.loads(r.read())
                pages = [t for t in targets if t.get("type") == "page"]
                if pages:
                    return pages[0]["webSocketDebuggerUrl"]
            time.sleep(0.1)
        raise AssertionError(f"chromium's DevTools did not answer in {timeout:.0f} s")

    async def send(self, ws: Any, method: str, **params: Any) -> dict[str, Any]:
        """One DevTools command; events in between are ignored."""
        message_id = next(self._ids)
        await ws.send_json({"id": message_id, "method": method, "params": params})
        while True:
            reply = await ws.receive_json()
            if reply.get("id") == message_id:
                if "error" in reply:
                    raise AssertionError(f"DevTools {method} failed: {reply['error']}")
                return reply.get("result") or {}

    async def evaluate(self, ws: Any, expression: str) -> Any:
        """Run JavaScript in the page; its (JSON-able) value."""
        result = await self.send(ws, "Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"JavaScript failed: {result['exceptionDetails']}")
        return result["result"].get("value")


def hass_tokens(base_url: str, client_id: str, tokens: dict[str, Any]) -> str:
    """What the frontend keeps in localStorage `hassTokens` after it logs in."""
    return json.dumps(
        {
            "hassUrl": base_url,
            "clientId": client_id,
            "access_token": tokens["access_token"],
            "refresh_token": tokens["refresh_token"],
            "token_type": tokens["token_type"],
            "expires_in": tokens["expires_in"],
            "expires": int(time.time() * 1000) + tokens["expires_in"] * 1000,
        }
    )


async def look_at_the_dashboard(
    browser: Chromium,
    url: str,
    tokens_json: str,
    ready: Any,
    screenshot: Path,
    within: float = 30,
    viewport: tuple[int, int] = VIEWPORT,
) -> dict[str, Any]:
    """Open `url` logged in at `viewport` (CSS pixels; under 600 wide, as a phone), wait until
    `ready(report)` holds (or time out), screenshot the whole dashboard."""
    import aiohttp  # installed with Home Assistant

    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(browser.page_socket(), max_msg_size=0) as ws,
    ):
        await browser.send(ws, "Page.enable")
        await browser.send(
            ws,
            "Emulation.setDeviceMetricsOverride",
            width=viewport[0],
            height=viewport[1],
            deviceScaleFactor=1,
            mobile=viewport[0] < 600,
        )
        await browser.send(
            ws,
            "Page.addScriptToEvaluateOnNewDocument",
            source=f"localStorage.setItem('hassTokens', {json.dumps(tokens_json)});",
        )
        await browser.send(ws, "Page.navigate", url=url)
        deadline = time.monotonic() + within
        report: dict[str, Any] = {}
        while time.monotonic() < deadline:
            with contextlib.suppress(AssertionError):  # mid-navigation: no context yet
                report = json.loads(await browser.evaluate(ws, REPORT_JS))
                if ready(report):
                    await asyncio.sleep(1.5)  # charts and late cards settle
                    report = json.loads(await browser.evaluate(ws, REPORT_JS))
                    break
            await asyncio.sleep(0.5)
        height = int(report.get("bottom") or 0) + 32
        if height > viewport[1]:  # the whole dashboard in the picture
            await browser.send(
                ws,
                "Emulation.setDeviceMetricsOverride",
                width=viewport[0],
                height=height,
                deviceScaleFactor=1,
                mobile=viewport[0] < 600,
            )
            await asyncio.sleep(1)
        shot = await browser.send(ws, "Page.captureScreenshot", format="png")
        screenshot.write_bytes(base64.b64decode(shot["data"]))
        return report
