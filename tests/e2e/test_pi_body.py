"""The Pi body against a real Home Assistant: `python -m shelldon_pi` on loopback.

Boots `hass` with the demo's offline configuration (scripts/demo.py, as test_real_hass.py
does), adds the pet, makes a long-lived token over the websocket API, and starts the Pi
service as a subprocess with `--panel png:PATH` and a stand-in pisugar-server on 127.0.0.1.
Then: the picture on "the panel" is the face; a nudge that changes the face redraws it within
5 s; the battery at 15 % unplugged, once picked on the Battery page, makes the pet's power
mode `low`; Home Assistant restarted, the service reconnects and the battery entities are
back; a clean stop leaves them `unavailable`.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

from tests.e2e.test_real_hass import RealHass
from tests.pi.fakes import PI_DIR, PiSugarState, ThreadedPiSugar

BATTERY = "sensor.shelldon_pi_battery"
PLUGGED = "binary_sensor.shelldon_pi_plugged"
POWER_MODE = "sensor.shelldon_power_mode"
REDRAW_WITHIN_S = 5.0
BUDGET_S = 150
NUDGES = ("excited", "positive", "calm", "negative", "excited", "calm", "positive", "negative")


class PiBody:
    """`python -m shelldon_pi` as a child process, its output kept for failure messages."""

    def __init__(self, *args: str) -> None:
        self.args = args
        self.proc: subprocess.Popen[str] | None = None
        self.lines: deque[str] = deque(maxlen=400)
        self._reader: threading.Thread | None = None

    def start(self) -> PiBody:
        env = {**os.environ, "PYTHONPATH": str(PI_DIR), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "shelldon_pi", *self.args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self._reader = threading.Thread(target=self._drain, name="shelldon-pi-output")
        self._reader.start()
        return self

    def _drain(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def said(self, text: str) -> int:
        """How many output lines contain `text`."""
        return sum(text in line for line in list(self.lines))

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 15) -> int | None:
        """SIGTERM and wait (SIGKILL if it hangs); the exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self._reader is not None:
            self._reader.join(5)
            self._reader = None
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return self.proc.returncode

    def tail(self, count: int = 40) -> str:
        return "\n".join(list(self.lines)[-count:])


@contextlib.contextmanager
def phase(real: RealHass, body: PiBody | None, name: str) -> Iterator[None]:
    """RealHass.phase, with the end of shelldon-pi's output added to a failure."""
    try:
        with real.phase(name):
            yield
    except pytest.fail.Exception as err:
        if body is None:
            raise
        code = body.proc.poll() if body.proc else None
        state = "running" if code is None else f"exited with {code}"
        raise pytest.fail.Exception(
            f"{err}\n--- shelldon-pi ({state}), last lines ---\n{body.tail()}", pytrace=False
        ) from None


def pixels(data: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size, image.convert("RGB").tobytes()


def panel_shows_face(api: Any, face_entity: str, png: Path) -> bool:
    """The picture on the panel (the file) has exactly the face's pixels."""
    try:
        on_panel = pixels(png.read_bytes())
    except (OSError, ValueError):
        return False
    _, face = api.image(face_entity)
    return on_panel == pixels(face)


def wait_until(check: Any, timeout: float, what: str, step: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(step)


def changed_at(state: dict[str, Any]) -> float:
    """A state's last_changed as a POSIX time."""
    return datetime.fromisoformat(state["last_changed"]).timestamp()


@pytest.mark.e2e
@pytest.mark.enable_socket
@pytest.mark.allow_hosts(["127.0.0.1"])
@pytest.mark.usefixtures("socket_enabled")
def test_the_pi_body_draws_the_face_and_brings_the_battery(
    demo: ModuleType, tmp_path: Path
) -> None:
    """Face to the panel, battery to Home Assistant, through a restart, all over loopback."""
    started = time.monotonic()
    real = RealHass(demo, tmp_path / "config")
    api = real.api
    png = tmp_path / "panel.png"
    body: PiBody | None = None
    redraw_ms = float("nan")
    face = demo.FACE_ENTITY
    sugar = ThreadedPiSugar(PiSugarState(level=80.0, plugged=True))
    with sugar:
        try:
            with phase(real, body, "boot"):
                demo.write_config(real.config_dir, real.port, "127.0.0.1", time_zone="UTC")
                demo.link_integration(real.config_dir)
                real.process.start()
                demo.wait_for_api(api, real.process, timeout=60, config_dir=real.config_dir)

            with phase(real, body, "onboarding, the pet, a long-lived token"):
                demo.onboard(api, real.port)
                entry_id = demo.add_pet(api, "Shelldon")["entry_id"]
                demo.remove_failed_onboarding_entries(api)
                demo.wait_for_state(api, face, 30, ready=demo.mood_ready)
                token = demo.websocket_command(
                    api,
                    {
                        "type": "auth/long_lived_access_token",
                        "client_name": "shelldon-pi (e2e)",
                        "lifespan": 1,
                    },
                )
                assert isinstance(token, str) and token, token

            body = PiBody(
                *("--url", api.base_url, "--token", token, "--pet", "Shelldon"),
                *("--panel", f"png:{png}", "--pisugar", f"127.0.0.1:{sugar.port}"),
                *("--battery-every", "1"),
            )
            with phase(real, body, "shelldon-pi starts and draws the face"):
                body.start()
                wait_until(lambda: panel_shows_face(api, face, png), 20, "the panel shows the face")
                assert body.said("drew the face (full refresh)") >= 1

            with phase(real, body, "a nudge that changes the face redraws the panel"):
                before = api.state(face)
                new_state = None
                for kind in NUDGES:
                    demo.call_service(api, "shelldon", "nudge", {"kind": kind})
                    with contextlib.suppress(demo.DemoError):
                        new_state = demo.wait_for_state(
                            api, face, 3, ready=lambda s: s["state"] != before["state"]
                        )
                        break
                assert new_state is not None, f"no nudge changed the face ({before})"
                wait_until(
                    lambda: panel_shows_face(api, face, png), 10, "the panel shows the new face"
                )
                redraw_s = png.stat().st_mtime - changed_at(new_state)
                assert redraw_s <= REDRAW_WITHIN_S, f"redrawn {redraw_s:.2f} s after the change"
                redraw_ms = redraw_s * 1000

            with phase(real, body, "the battery entities"):
                battery = real.wait_for(BATTERY, "80")
                assert battery["attributes"]["device_class"] == "battery"
                assert battery["attributes"]["unit_of_measurement"] == "%"
                assert battery["attributes"]["state_class"] == "measurement"
                plugged = real.wait_for(PLUGGED, "on")
                assert plugged["attributes"]["device_class"] == "plug"

            with phase(real, body, "15 % unplugged, picked on the Battery page: low"):
                sugar.state.level, sugar.state.plugged = 15.0, False
                real.wait_for(BATTERY, "15")
                real.wait_for(PLUGGED, "off")
                demo.set_body_options(
                    api, entry_id, battery_entity=BATTERY, charging_entity=PLUGGED
                )
                demo.wait_for_entry_loaded(api, entry_id)
                real.wait_for(POWER_MODE, "low", timeout=20)
                # The drained face follows, and so does the panel.
                wait_until(lambda: panel_shows_face(api, face, png), 15, "the panel follows")

            with phase(real, body, "Home Assistant restarts; the service reconnects"):
                connected_before = body.said("connected to Home Assistant")
                assert real.process.stop(timeout=30) == 0
                wait_until(lambda: body.said("lost Home Assistant"), 15, "the service noticed")
                real.process = demo.HassProcess(real.config_dir)
                real.process.start()
                demo.wait_for_api(api, real.process, timeout=60, config_dir=real.config_dir)
                demo.login(api, real.port)
                wait_until(
                    lambda: body.said("connected to Home Assistant") > connected_before,
                    75,
                    "the service reconnected",
                )
                real.wait_for(BATTERY, "15", timeout=30)
                real.wait_for(PLUGGED, "off", timeout=30)
                real.wait_for(POWER_MODE, "low", timeout=30)
                wait_until(lambda: panel_shows_face(api, face, png), 20, "the panel, after")
                assert body.running()

            with phase(real, body, "a clean stop of the service"):
                assert body.stop() == 0
                real.wait_for(BATTERY, "unavailable")
                real.wait_for(PLUGGED, "unavailable")
                assert not [line for line in body.lines if ": error:" in line], body.tail()
        finally:
            if body is not None:
                body.stop()
            with real.phase("stopping Home Assistant"):
                exit_code = real.process.stop(timeout=30)
    assert exit_code == 0, f"Home Assistant exited with {exit_code}"

    total = time.monotonic() - started
    summary = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in real.timings.items())
    print(
        f"\ne2e (Pi body): {total:.1f} s in all ({summary}); face change → panel {redraw_ms:.0f} ms"
    )
    assert total < BUDGET_S, f"the end-to-end run took {total:.0f} s (budget {BUDGET_S} s)"
