"""The Home Assistant client against a stand-in websocket and REST server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from types import SimpleNamespace

import aiohttp
import pytest
from shelldon_pi.errors import NotAdmin, TokenRefused, Unreachable
from shelldon_pi.link import CLOSED, MISSING, Link, describe, entity_state

from tests.pi.fakes import HOST, LOOPBACK, TOKEN, FakeHomeAssistant, face_png

FACE = "image.shelldon_face"
pytestmark = LOOPBACK


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ({"a": {FACE: {"s": "2025-01-01T00:00:00+00:00", "a": {}}}}, "2025-01-01T00:00:00+00:00"),
        ({"a": {}}, None),  # absent from an add: no news (the first event is judged apart)
        ({"a": {"image.other_face": {"s": "x"}}}, None),
        ({"c": {FACE: {"+": {"s": "later", "lc": 1.0}}}}, "later"),
        ({"c": {FACE: {"+": {"a": {"access_token": "rotated"}}}}}, None),  # attributes only
        ({"c": {FACE: {"+": {"lu": 2.0}, "-": {"a": ["face"]}}}}, None),
        ({"c": {FACE: {"-": {"a": ["x"]}}}}, None),
        ({"c": {"image.other_face": {"+": {"s": "x"}}}}, None),
        ({"r": [FACE]}, MISSING),
        ({"r": ["image.other_face"]}, None),
        ({"a": {FACE: {"s": "unavailable"}}}, "unavailable"),
        ({"a": {FACE: "garbage"}}, None),
        ({"a": {FACE: {"s": 12}}}, None),
        ({}, None),
    ],
)
def test_entity_state(event: dict, expected: object) -> None:
    assert entity_state(event, FACE) == expected


@pytest.fixture
async def ha() -> AsyncIterator[FakeHomeAssistant]:
    server = await FakeHomeAssistant().start()
    yield server
    await server.stop()


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client:
        yield client


def link_to(ha: FakeHomeAssistant, session: aiohttp.ClientSession, token: str = TOKEN) -> Link:
    return Link(session, ha.url, f"ws://{HOST}:{ha.port}/api/websocket", token)


async def test_connect_subscribe_and_follow(
    ha: FakeHomeAssistant, session: aiohttp.ClientSession
) -> None:
    ha.set_face(FACE, face_png(1), "t1")
    link = link_to(ha, session)
    await link.connect()
    assert link.ha_version == "2025.4.4"
    events = await link.subscribe({"type": "subscribe_entities", "entity_ids": [FACE]})
    first = await asyncio.wait_for(events.get(), 2)
    assert entity_state(first, FACE) == "t1"
    ha.set_face(FACE, face_png(2), "t2")
    assert entity_state(await asyncio.wait_for(events.get(), 2), FACE) == "t2"
    ha.touch_attributes(FACE)
    assert entity_state(await asyncio.wait_for(events.get(), 2), FACE) is None
    assert await link.fetch_image(FACE) == face_png(2)
    config = await link.command({"type": "get_config"})
    assert config["state"] == "RUNNING"
    await link.close()
    assert await asyncio.wait_for(events.get(), 2) is CLOSED
    with pytest.raises(Unreachable):
        await link.command({"type": "get_config"})


async def test_a_refused_token(ha: FakeHomeAssistant, session: aiohttp.ClientSession) -> None:
    link = link_to(ha, session, token="wrong")
    with pytest.raises(TokenRefused) as caught:
        await link.connect()
    message = str(caught.value)
    assert message.startswith(
        "the token was refused: make a long-lived access token in your Home Assistant profile"
    )
    assert "Invalid access token or password" in message
    assert caught.value.exit_code == 2


async def test_a_failing_command(ha: FakeHomeAssistant, session: aiohttp.ClientSession) -> None:
    link = link_to(ha, session)
    await link.connect()
    with pytest.raises(Unreachable, match="Unknown command"):
        await link.command({"type": "no_such_thing"})
    await link.close()


async def test_fetch_errors(ha: FakeHomeAssistant, session: aiohttp.ClientSession) -> None:
    link = link_to(ha, session)
    with pytest.raises(LookupError):
        await link.fetch_image(FACE)
    ha.set_face(FACE, face_png(1))
    ha.image_status = 500
    with pytest.raises(Unreachable, match="HTTP 500"):
        await link.fetch_image(FACE)
    ha.image_status = None
    bad = link_to(ha, session, token="wrong")
    with pytest.raises(TokenRefused):
        await bad.fetch_image(FACE)


async def test_post_state(ha: FakeHomeAssistant, session: aiohttp.ClientSession) -> None:
    link = link_to(ha, session)
    body = {"state": "84", "attributes": {"device_class": "battery"}}
    await link.post_state("sensor.shelldon_pi_battery", body)
    assert ha.latest("sensor.shelldon_pi_battery") == body
    ha.admin = False
    with pytest.raises(NotAdmin, match="administrators only"):
        await link.post_state("sensor.shelldon_pi_battery", body)


async def test_the_server_drops_the_connection(
    ha: FakeHomeAssistant, session: aiohttp.ClientSession
) -> None:
    link = link_to(ha, session)
    await link.connect()
    events = await link.subscribe({"type": "subscribe_entities", "entity_ids": [FACE]})
    await events.get()  # the initial states
    await ha.drop_connections()
    assert await asyncio.wait_for(events.get(), 2) is CLOSED
    await asyncio.wait_for(link.closed.wait(), 2)
    await link.close()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


async def test_nothing_listening(session: aiohttp.ClientSession) -> None:
    port = closed_port()
    link = Link(session, f"http://{HOST}:{port}", f"ws://{HOST}:{port}/api/websocket", TOKEN)
    with pytest.raises(Unreachable, match="connection refused"):
        await link.connect()
    with pytest.raises(Unreachable, match="connection refused"):
        await link.fetch_image(FACE)


async def test_not_home_assistant(session: aiohttp.ClientSession) -> None:
    from aiohttp import web

    app = web.Application()
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, HOST, 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        link = Link(session, f"http://{HOST}:{port}", f"ws://{HOST}:{port}/api/websocket", TOKEN)
        with pytest.raises(Unreachable, match="HTTP 404 at /api/websocket"):
            await link.connect()
    finally:
        await runner.cleanup()


def test_describe_a_name_that_does_not_resolve() -> None:
    key = SimpleNamespace(host="nowhere.invalid", port=8123, ssl=True)
    cause = socket.gaierror(-2, "Name or service not known")
    err = aiohttp.ClientConnectorError(key, cause)  # type: ignore[arg-type]
    assert describe(err) == (
        "the name nowhere.invalid does not resolve (check --url, or use an IP address)"
    )
    assert describe(TimeoutError()) == "no answer (timed out)"
