"""The pisugar-server client against a stand-in on 127.0.0.1."""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import AsyncIterator

import pytest
from shelldon_pi import pisugar
from shelldon_pi.battery import NO_READING, Reading
from shelldon_pi.pisugar import PiSugar

from tests.pi.fakes import HOST, LOOPBACK, FakePiSugar, PiSugarState

pytestmark = LOOPBACK


@pytest.fixture
async def server() -> AsyncIterator[FakePiSugar]:
    fake = await FakePiSugar().start()
    yield fake
    await fake.stop()


async def test_reads_level_and_plug(server: FakePiSugar) -> None:
    client = PiSugar(HOST, server.port)
    assert await client.read() == Reading(84.31, True)
    server.state.level, server.state.plugged = 15, False
    assert await client.read() == Reading(15.0, False)
    assert server.state.requests == 4  # two commands per poll


@pytest.mark.parametrize(
    "state",
    [
        PiSugarState(line_end="\r\n"),
        PiSugarState(noise=["single", "double"]),  # button events on the same connection
        PiSugarState(noise=["", "   "]),
    ],
)
async def test_tolerates_what_servers_send(state: PiSugarState) -> None:
    fake = await FakePiSugar(state).start()
    try:
        assert await PiSugar(HOST, fake.port).read() == Reading(84.31, True)
    finally:
        await fake.stop()


async def test_a_server_that_says_nothing_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pisugar, "REPLY_TIMEOUT_S", 0.2)  # each question waits this long in vain
    fake = await FakePiSugar(PiSugarState(level=float("nan"))).start()
    fake.state.answer = lambda line: "Invalid request.\n"  # type: ignore[method-assign]
    try:
        assert await PiSugar(HOST, fake.port).read() == NO_READING
    finally:
        await fake.stop()


async def test_a_silent_server_times_out(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(pisugar, "REPLY_TIMEOUT_S", 0.2)
    fake = await FakePiSugar(PiSugarState(silent=True)).start()
    try:
        started = asyncio.get_running_loop().time()
        assert await PiSugar(HOST, fake.port).read() == NO_READING
        assert asyncio.get_running_loop().time() - started < 2
    finally:
        await fake.stop()


async def test_nothing_listening_reads_unavailable_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port = sock.getsockname()[1]
    client = PiSugar(HOST, port)
    with caplog.at_level(logging.WARNING, logger="shelldon_pi"):
        assert await client.read() == NO_READING
        assert await client.read() == NO_READING
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [
        f"pisugar-server at {HOST}:{port} does not answer (connection refused): is it running "
        "(systemctl status pisugar-server)? The battery reads unavailable"
    ]
