"""Photograph the demo's dashboard: desktop and phone, in the pet's first minute and after an
hour of its life. Run through `scripts/screenshots` (the release environment, Debian's
`chromium`); the pictures go to bench/results/ (git-ignored), never into a commit.

The hour is simulated by what an hour of an owner's life brings, sent within a few minutes of
real time (a real Home Assistant keeps real time): a greeting, a reminder, "back in an hour",
a document on the shelf, a nudge, a proposed reach-out, "what did you do today?", and the
pet's own ticks in between. It starts a fresh demo in a temporary folder and stops it after.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "scripts")]

import shelldon_demo as demo  # noqa: E402

from tests.e2e.browser import (  # noqa: E402
    PHONE,
    VIEWPORT,
    Chromium,
    hass_tokens,
    look_at_the_dashboard,
)

RESULTS = REPO / "bench" / "results"
SHELF_DOC = """# Petrichor

Petrichor is the earthy smell of rain on dry ground. The word was coined in 1964 from the
Greek petra, stone, and ichor, the fluid in the veins of the gods.
"""
AN_HOUR = (
    "Good morning Shelldon!",
    "Remind me to put the bins out at 6pm",
    "I'm off to the shop, back in an hour",
    "I'm back! What did you do today?",
    "What's petrichor?",
)


def say(text: str) -> None:
    print(f"screenshots: {text}", file=sys.stderr, flush=True)


def shoot(api: Any, port: int, tokens: dict[str, Any], folder: Path, name: str) -> list[Path]:
    """The dashboard at a desktop's and a phone's width."""
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("no chromium: apt-get install -y chromium")
    shots = []
    for label, viewport in (("desktop", VIEWPORT), ("phone", PHONE)):
        path = RESULTS / f"dashboard-{name}-{label}.png"
        browser = Chromium(chromium, folder / f"{name}-{label}")
        ready: Callable[[dict[str, Any]], bool] = lambda r: len(r.get("gauges") or []) >= 3  # noqa: E731
        with browser.running():
            asyncio.run(
                look_at_the_dashboard(
                    browser,
                    api.base_url + "/",
                    hass_tokens(api.base_url, demo.client_id(port), tokens),
                    ready,
                    path,
                    viewport=viewport,
                )
            )
        say(f"{path.relative_to(REPO)}")
        shots.append(path)
    return shots


def an_hour(api: Any, config_dir: Path, minutes: float) -> None:
    """What an hour brings, spread over `minutes` of real time."""
    shelf = next(config_dir.glob("shelldon/*/knowledge/reference"), None)
    if shelf is not None:
        (shelf / "petrichor.md").write_text(SHELF_DOC, encoding="utf-8")
    pause = minutes * 60 / (len(AN_HOUR) + 2)
    for text in AN_HOUR[:3]:
        say(f"owner: {text}")
        say(f"pet:   {demo.converse(api, text)}")
        time.sleep(pause)
    api.post("/api/services/shelldon/nudge", {"kind": "positive"})
    api.post("/api/services/shelldon/speak_up", {})
    time.sleep(pause)
    for text in AN_HOUR[3:]:
        say(f"owner: {text}")
        say(f"pet:   {demo.converse(api, text)}")
        time.sleep(pause)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="real minutes the hour takes")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="shelldon-shots-"))
    config_dir, port = folder / "config", demo.free_port()
    api = demo.Api(f"http://127.0.0.1:{port}")
    process = demo.HassProcess(config_dir)
    started = time.monotonic()
    try:
        demo.write_config(config_dir, port, "127.0.0.1")
        demo.link_integration(config_dir)
        process.start()
        demo.wait_for_api(api, process, timeout=120, config_dir=config_dir)
        demo.configure_demo(config_dir, api, port)
        demo.wait_for_state(api, demo.MOOD_ENTITY, 60, ready=demo.mood_ready)
        say(f"the pet is ready ({time.monotonic() - started:.1f} s after the start)")
        tokens = demo.login(api, port)
        shoot(api, port, tokens, folder, "first-minute")
        an_hour(api, config_dir, args.minutes)
        shoot(api, port, demo.login(api, port), folder, "after-an-hour")
    finally:
        process.stop(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
