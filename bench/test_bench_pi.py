"""The Pi body: face change → picture written (ms), and the service's memory after an hour.

`python -m shelldon_pi --panel png:PATH` runs as a subprocess against the stand-in Home
Assistant of tests/pi (websocket + image proxy + REST on 127.0.0.1) and a stand-in
pisugar-server. The hour is compressed: 3,600 face changes (one a second for an hour, each
waited for until drawn) and the battery read every 20 ms (well over the 720 reads of an hour
at the default 5 s). Memory is the subprocess's VmRSS from /proc/<pid>/status, read against a
Pi Zero 2 W (512 MB RAM, shared with the OS and pisugar-server): the target is under 60 MB.
These figures come from this machine (x86_64); a Pi Zero 2 W is several times slower per core.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bench.timing import per_call_us, real_perf_counter
from tests.pi.fakes import (
    HOST,
    LOOPBACK,
    PI_DIR,
    TOKEN,
    FakeHomeAssistant,
    FakePiSugar,
    face_png,
)

if str(PI_DIR) not in sys.path:
    sys.path.insert(0, str(PI_DIR))

from shelldon_pi.policy import Refresh, Shown, Timing, decide, drawn

pytestmark = LOOPBACK
FACE = "image.shelldon_face"
LATENCY_CHANGES = 300
HOUR_CHANGES = 3600
RSS_TARGET = "< 60 MB (Pi Zero 2 W: 512 MB)"


# No Home Assistant in this process: these replace the suite's autouse fixtures (which
# request `hass`) for this file, as tests/pi/conftest.py does for the tests.
@pytest.fixture(autouse=True)
def auto_enable_custom_integrations() -> None:
    """No Home Assistant here."""


@pytest.fixture(autouse=True)
def core_components() -> None:
    """No Home Assistant here."""


@pytest.fixture(autouse=True)
def isolated_config_dir(tmp_path: Path) -> Path:
    """Each benchmark gets its own folder."""
    return tmp_path


def status_kb(pid: int, field: str) -> int:
    """A field of /proc/<pid>/status in kB (VmRSS: resident now, VmHWM: the peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


async def start_service(ha: FakeHomeAssistant, png: Path, *extra: str) -> Any:
    env = {**os.environ, "PYTHONPATH": str(PI_DIR)}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "shelldon_pi",
        *("--url", ha.url, "--token", TOKEN, "--panel", f"png:{png}", *extra),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )


async def written_after(png: Path, last_ns: int, within: float = 5.0) -> int:
    """Poll (every 0.2 ms) until the panel file is replaced; its new mtime."""
    deadline = real_perf_counter() + within
    while True:
        try:
            mtime = png.stat().st_mtime_ns
        except FileNotFoundError:
            mtime = 0
        if mtime != last_ns and mtime:
            return mtime
        if real_perf_counter() > deadline:
            raise AssertionError(f"the panel was not redrawn within {within} s")
        await asyncio.sleep(0.0002)


async def stop(process: Any) -> None:
    if process.returncode is None:
        process.terminate()
        await asyncio.wait_for(process.wait(), 15)


async def test_face_change_to_picture_written(record: Any, tmp_path: Path) -> None:
    ha = await FakeHomeAssistant().start()
    png = tmp_path / "panel.png"
    ha.set_face(FACE, face_png(0))
    process = await start_service(ha, png)
    try:
        last = await written_after(png, 0, within=20)
        latencies = []
        for n in range(1, LATENCY_CHANGES + 1):
            ha.set_face(FACE, face_png(n))
            sent = real_perf_counter()
            last = await written_after(png, last)
            latencies.append((real_perf_counter() - sent) * 1000)
    finally:
        await stop(process)
        await ha.stop()
    latencies.sort()
    record("Pi body: face change → picture written, median", statistics.median(latencies), "ms")
    record(
        "Pi body: face change → picture written, 95th pct",
        latencies[int(len(latencies) * 0.95) - 1],
        "ms",
    )
    record(
        "Pi body: face change → picture written, worst",
        latencies[-1],
        "ms",
        f"< 5000 (e2e bound), {LATENCY_CHANGES} changes",
    )


async def test_memory_after_an_hour_of_changes(record: Any, tmp_path: Path) -> None:
    ha = await FakeHomeAssistant().start()
    sugar = await FakePiSugar().start()
    png = tmp_path / "panel.png"
    ha.set_face(FACE, face_png(0))
    process = await start_service(
        ha, png, "--pisugar", f"{HOST}:{sugar.port}", "--battery-every", "0.02"
    )
    started = time.monotonic()
    try:
        last = await written_after(png, 0, within=20)
        rss_start = status_kb(process.pid, "VmRSS")
        rss_half = rss_start
        for n in range(1, HOUR_CHANGES + 1):
            ha.set_face(FACE, face_png(n))
            last = await written_after(png, last)
            if n == HOUR_CHANGES // 2:
                rss_half = status_kb(process.pid, "VmRSS")
        await asyncio.sleep(0.5)
        rss_end = status_kb(process.pid, "VmRSS")
        peak = status_kb(process.pid, "VmHWM")
        reads = sugar.state.requests // 2
    finally:
        await stop(process)
        await sugar.stop()
        await ha.stop()
    seconds = time.monotonic() - started
    record("Pi body: RSS after the first face", rss_start / 1024, "MB", RSS_TARGET)
    record("Pi body: RSS after a compressed hour of changes", rss_end / 1024, "MB", RSS_TARGET)
    record("Pi body: peak RSS (VmHWM) over that hour", peak / 1024, "MB", RSS_TARGET)
    record("  growth, first face → half an hour", (rss_half - rss_start) / 1024, "MB")
    record("  growth, half an hour → an hour", (rss_end - rss_half) / 1024, "MB", "≈ 0 (no leak)")
    record(f"  the compressed hour: {HOUR_CHANGES} faces drawn, in", seconds, "s")
    record("  battery reads (pisugar-server) in it", reads, "reads", "≥ 720 (an hour at 5 s)")


def test_refresh_policy_cost(record: Any) -> None:
    timing = Timing(min_interval_s=2.0, partial=True, full_every=10)
    shown = drawn(Shown(), "a", Refresh.FULL, 100.0)
    record(
        "Pi body: one refresh decision (policy.decide)",
        per_call_us(lambda: decide(shown, "b", 103.0, timing)),
        "µs",
    )
