"""`python -m shelldon_pi` as the owner runs it: bad input gives one line that says what to fix;
the network is retried, the configuration never."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.pi.fakes import (
    HOST,
    LOOPBACK,
    PI_DIR,
    TOKEN,
    FakeHomeAssistant,
    FakePiSugar,
    face_png,
    wait_until,
)

pytestmark = LOOPBACK
FACE = "image.shelldon_face"


@pytest.fixture
async def ha() -> AsyncIterator[FakeHomeAssistant]:
    server = await FakeHomeAssistant().start()
    server.set_face(FACE, face_png(1))
    yield server
    await server.stop()


async def start(*args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONPATH": str(PI_DIR), "PYTHONUNBUFFERED": "1"}
    for name in ("SHELLDON_URL", "SHELLDON_TOKEN", "SHELLDON_PET", "SHELLDON_PANEL"):
        env.pop(name, None)
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "shelldon_pi",
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )


async def finish(process: asyncio.subprocess.Process, within: float = 15) -> tuple[int, list[str]]:
    _, err = await asyncio.wait_for(process.communicate(), within)
    assert process.returncode is not None
    return process.returncode, err.decode().splitlines()


def errors(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("shelldon-pi: error:")]


async def test_a_wrong_token(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    process = await start("--url", ha.url, "--token", "wrong", "--panel", f"png:{tmp_path}/f.png")
    code, lines = await finish(process)
    assert code == 2
    assert errors(lines) == [
        "shelldon-pi: error: the token was refused: make a long-lived access token in your "
        "Home Assistant profile (Security tab) and pass it with --token or SHELLDON_TOKEN "
        "(Invalid access token or password)"
    ]
    assert ha.connections == 0


async def test_a_wrong_pet_name(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    process = await start(
        "--url", ha.url, "--token", TOKEN, "--pet", "Shelly", "--panel", f"png:{tmp_path}/f.png"
    )
    code, lines = await finish(process)
    assert code == 2
    assert errors(lines) == [
        "shelldon-pi: error: image.shelly_face is not in Home Assistant (faces there: "
        "image.shelldon_face): pass the pet's name with --pet, as in image.<pet>_face"
    ]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


async def test_an_unreachable_url_is_retried(tmp_path: Path) -> None:
    url = f"http://{HOST}:{closed_port()}"
    process = await start("--url", url, "--token", TOKEN, "--panel", f"png:{tmp_path}/f.png")
    assert process.stderr is not None
    seen: list[str] = []
    try:
        async with asyncio.timeout(10):  # 1 s, then 2 s: still trying after the first retry
            while not any("retrying in 2 s" in s for s in seen):
                seen.append((await process.stderr.readline()).decode().rstrip())
        assert process.returncode is None, "it gave up on the network"
    finally:
        process.send_signal(signal.SIGTERM)
        code, rest = await finish(process)
    assert code == 0
    assert (
        f"shelldon-pi: warning: cannot reach Home Assistant at {url}: connection refused "
        "(is Home Assistant running, and is the port right?); retrying in 1 s"
    ) in seen
    assert not errors(seen + rest)


@pytest.mark.skipif(
    importlib.util.find_spec("epaper") is not None, reason="the panel driver is installed here"
)
async def test_a_panel_that_is_not_there(tmp_path: Path) -> None:
    process = await start("--url", "http://127.0.0.1:1", "--token", TOKEN, "--panel", "epd2in13_V4")
    code, lines = await finish(process)
    assert code == 3
    assert errors(lines) == [
        "shelldon-pi: error: the panel driver is not installed (epaper is missing): "
        "pip install 'shelldon-pi[waveshare]'"
    ]


async def test_a_png_panel_in_a_missing_folder(tmp_path: Path) -> None:
    png = tmp_path / "nope" / "f.png"
    process = await start("--url", "http://127.0.0.1:1", "--token", TOKEN, "--panel", f"png:{png}")
    code, lines = await finish(process)
    assert code == 3
    assert errors(lines) == [
        f"shelldon-pi: error: --panel png:{png}: the folder {png.parent} does not exist"
    ]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--url", "homeassistant:8123", "--token", TOKEN], "is not an http:// or https://"),
        (["--url", "http://ha:8123"], "no token: make a long-lived access token"),
        (["--url", "http://ha:8123", "--token", TOKEN, "--pisugar", "pi:x"], "must be a number"),
    ],
)
async def test_bad_arguments(args: list[str], says: str) -> None:
    code, lines = await finish(await start(*args))
    assert code == 2
    assert len(lines) == 1 and says in lines[0], lines


async def test_a_clean_stop_marks_the_battery_unavailable(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    sugar = await FakePiSugar().start()
    png = tmp_path / "f.png"
    process = await start(
        *("--url", ha.url, "--token", TOKEN, "--panel", f"png:{png}"),
        *("--pisugar", f"{HOST}:{sugar.port}", "--battery-every", "0.1"),
    )
    try:
        await wait_until(
            lambda: "binary_sensor.shelldon_pi_plugged" in ha.entities and png.exists(), within=10
        )
        assert ha.entities["sensor.shelldon_pi_battery"].state == "84"
        process.send_signal(signal.SIGTERM)
        code, lines = await finish(process)
    finally:
        await sugar.stop()
    assert code == 0, lines
    assert ha.entities["sensor.shelldon_pi_battery"].state == "unavailable"
    assert ha.entities["binary_sensor.shelldon_pi_plugged"].state == "unavailable"
    assert "shelldon-pi: drew the face (full refresh)" in lines
    assert not errors(lines)
