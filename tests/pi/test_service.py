"""The whole service against the stand-ins: face in, picture out, battery in, restarts."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from PIL import Image
from shelldon_pi import service
from shelldon_pi.config import Config, parse_config
from shelldon_pi.errors import NotAdmin, PetNotFound, TokenRefused
from shelldon_pi.panel import PngPanel
from shelldon_pi.service import Body

from tests.pi.fakes import (
    HOST,
    LOOPBACK,
    TOKEN,
    FakeHomeAssistant,
    FakePiSugar,
    face_png,
    wait_until,
)

pytestmark = LOOPBACK
FACE = "image.shelldon_face"
BATTERY = "sensor.shelldon_pi_battery"
PLUGGED = "binary_sensor.shelldon_pi_plugged"


def pixels(data: bytes | Path) -> bytes:
    raw = data.read_bytes() if isinstance(data, Path) else data
    with Image.open(io.BytesIO(raw)) as image:
        return image.convert("RGB").tobytes()


def shows(path: Path, png: bytes) -> bool:
    try:
        return pixels(path) == pixels(png)
    except (OSError, ValueError):
        return False


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reconnect after 50 ms instead of 1, 2, 4... s (the policy is tested on its own)."""
    monkeypatch.setattr(service, "backoff", lambda attempt, **_: 0.05)
    monkeypatch.setattr(service, "MISSING_CHECK_S", 0.1)


@pytest.fixture
async def ha() -> AsyncIterator[FakeHomeAssistant]:
    server = await FakeHomeAssistant().start()
    yield server
    await server.stop()


@pytest.fixture
async def sugar() -> AsyncIterator[FakePiSugar]:
    server = await FakePiSugar().start()
    yield server
    await server.stop()


def make_config(ha: FakeHomeAssistant, png: Path, *extra: str, token: str = TOKEN) -> Config:
    argv = ["--url", ha.url, "--token", token, "--panel", f"png:{png}", *extra]
    return parse_config(argv, env={})


@contextlib.asynccontextmanager
async def running(config: Config, sugar: FakePiSugar | None = None) -> AsyncIterator[Body]:
    from shelldon_pi.pisugar import PiSugar

    panel = PngPanel(config.png_path or Path("face.png"))
    panel.open()
    async with aiohttp.ClientSession() as session:
        body = Body(config, panel, session, pisugar=PiSugar(HOST, sugar.port) if sugar else None)
        task = asyncio.create_task(body.run())
        try:
            yield body
        finally:
            if task.done():
                task.result()
            await body.shutdown()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def test_draws_the_face_and_each_new_one(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: shows(png, face_png(1)))
        ha.set_face(FACE, face_png(2))
        await wait_until(lambda: body.draws == 2 and shows(png, face_png(2)))
        assert body.shown.partials == 1  # full on start, then partial


async def test_only_a_new_state_fetches_and_only_new_pixels_draw(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        fetched = ha.image_requests
        ha.touch_attributes(FACE)  # the access token rotates: not a new face
        await asyncio.sleep(0.2)
        assert ha.image_requests == fetched
        ha.set_face(FACE, face_png(1))  # re-rendered, same pixels (e.g. after a restart)
        await wait_until(lambda: ha.image_requests == fetched + 1)
        await asyncio.sleep(0.2)
        assert body.draws == 1


async def test_a_burst_of_faces_ends_on_the_last(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(0))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        for n in range(1, 30):
            ha.set_face(FACE, face_png(n))
        await wait_until(lambda: shows(png, face_png(29)))


async def test_unavailable_keeps_the_face(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        ha.set_face(FACE, face_png(1), state="unavailable")  # the pet reloading
        await asyncio.sleep(0.2)
        assert body.draws == 1 and shows(png, face_png(1))


async def test_survives_a_restart_and_redraws_only_if_the_face_changed(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        port = ha.port
        await ha.stop()
        await wait_until(lambda: body.link is None)
        await ha.start(port)
        await wait_until(lambda: body.generation == 2)
        await asyncio.sleep(0.2)
        assert body.draws == 1  # the same face: nothing to redraw
        await ha.stop()
        ha.set_face(FACE, face_png(2))  # changed while the Pi could not see it
        await ha.start(port)
        await wait_until(lambda: body.draws == 2 and shows(png, face_png(2)))
        assert body.generation == 3


async def test_survives_a_network_drop(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        await ha.drop_connections()
        await wait_until(lambda: body.generation == 2)
        ha.set_face(FACE, face_png(3))
        await wait_until(lambda: shows(png, face_png(3)))


async def test_the_no_connection_face(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png, "--offline-after", "0.3")) as body:
        await wait_until(lambda: body.draws == 1)
        port = ha.port
        await ha.stop()
        await wait_until(lambda: body.draws == 2, within=3)
        assert not shows(png, face_png(1))
        with Image.open(png) as offline:
            assert offline.size == (250, 122)  # the last face's size
        await ha.start(port)
        await wait_until(lambda: body.draws == 3 and shows(png, face_png(1)))  # back: the face


async def test_never_connected_shows_the_no_connection_face(tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    config = parse_config(
        [
            "--url",
            f"http://{HOST}:9",
            "--token",
            TOKEN,
            "--panel",
            f"png:{png}",
            "--offline-after",
            "0.2",
        ],
        env={},
    )
    async with running(config) as body:
        await wait_until(lambda: body.draws == 1, within=3)
        assert png.exists() and body.link is None


async def test_a_refused_token_stops_the_service(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    panel = PngPanel(tmp_path / "face.png")
    async with aiohttp.ClientSession() as session:
        body = Body(make_config(ha, tmp_path / "face.png", token="nope"), panel, session)
        with pytest.raises(TokenRefused):
            await asyncio.wait_for(body.run(), 5)
    assert ha.connections == 0


async def test_a_wrong_pet_name_lists_the_faces(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    ha.set_face(FACE, face_png(1))
    ha.set_face("image.bob_face", face_png(2))
    config = make_config(ha, tmp_path / "face.png", "--pet", "Shelly")
    panel = PngPanel(tmp_path / "face.png")
    async with aiohttp.ClientSession() as session:
        with pytest.raises(PetNotFound) as caught:
            await asyncio.wait_for(Body(config, panel, session).run(), 5)
    assert str(caught.value) == (
        "image.shelly_face is not in Home Assistant (faces there: image.bob_face, "
        "image.shelldon_face): pass the pet's name with --pet, as in image.<pet>_face"
    )


async def test_waits_for_the_pet_while_home_assistant_starts(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    png = tmp_path / "face.png"
    ha.state = "NOT_RUNNING"
    async with running(make_config(ha, png)) as body:
        await asyncio.sleep(0.4)  # no face yet, Home Assistant still starting: keep waiting
        ha.state = "RUNNING"
        ha.set_face(FACE, face_png(4))
        await wait_until(lambda: shows(png, face_png(4)))
        assert body.seen_face


async def test_a_pet_that_goes_away_and_comes_back(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    async with running(make_config(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        ha.remove(FACE)  # the integration reloads
        await asyncio.sleep(0.3)  # seen before: no error, just waiting
        ha.set_face(FACE, face_png(5))
        await wait_until(lambda: shows(png, face_png(5)))


async def test_a_failing_fetch_is_tried_again(ha: FakeHomeAssistant, tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    ha.image_status = 500
    async with running(make_config(ha, png)):
        await wait_until(lambda: ha.image_requests >= 2)
        ha.image_status = None
        await wait_until(lambda: shows(png, face_png(1)))


async def test_battery_in_home_assistant_and_back_after_a_restart(
    ha: FakeHomeAssistant, sugar: FakePiSugar, tmp_path: Path
) -> None:
    png = tmp_path / "face.png"
    ha.set_face(FACE, face_png(1))
    config = make_config(ha, png, "--pisugar", f"{HOST}:{sugar.port}", "--battery-every", "0.05")
    async with running(config, sugar):
        await wait_until(lambda: ha.latest(BATTERY) and ha.latest(PLUGGED))
        assert ha.latest(BATTERY) == {
            "state": "84",
            "attributes": {
                "device_class": "battery",
                "unit_of_measurement": "%",
                "state_class": "measurement",
                "friendly_name": "Shelldon Pi battery",
            },
        }
        assert ha.latest(PLUGGED) == {
            "state": "on",
            "attributes": {"device_class": "plug", "friendly_name": "Shelldon Pi plugged in"},
        }
        sugar.state.level, sugar.state.plugged = 15.0, False
        await wait_until(lambda: ha.entities[BATTERY].state == "15")
        await wait_until(lambda: ha.entities[PLUGGED].state == "off")
        await asyncio.sleep(0.1)  # let a poll that straddled the change finish
        posts = len(ha.posted)
        await asyncio.sleep(0.3)
        assert len(ha.posted) == posts  # unchanged: nothing re-sent within the minute
        port = ha.port
        await ha.stop()
        assert BATTERY not in ha.entities  # Home Assistant forgot the REST-posted states
        await ha.start(port)
        await wait_until(lambda: BATTERY in ha.entities and PLUGGED in ha.entities)
        assert (ha.entities[BATTERY].state, ha.entities[PLUGGED].state) == ("15", "off")
    # A clean stop tells Home Assistant the body is gone.
    assert (ha.entities[BATTERY].state, ha.entities[PLUGGED].state) == (
        "unavailable",
        "unavailable",
    )


async def test_pisugar_server_away_makes_the_battery_unavailable(
    ha: FakeHomeAssistant, sugar: FakePiSugar, tmp_path: Path
) -> None:
    ha.set_face(FACE, face_png(1))
    config = make_config(
        ha, tmp_path / "f.png", "--pisugar", f"{HOST}:{sugar.port}", "--battery-every", "0.05"
    )
    async with running(config, sugar):
        await wait_until(lambda: BATTERY in ha.entities and ha.entities[BATTERY].state == "84")
        await sugar.stop()
        await wait_until(lambda: ha.entities[BATTERY].state == "unavailable")
        await wait_until(lambda: ha.entities[PLUGGED].state == "unavailable")


async def test_a_token_that_may_not_post_states(
    ha: FakeHomeAssistant, sugar: FakePiSugar, tmp_path: Path
) -> None:
    ha.admin = False
    ha.set_face(FACE, face_png(1))
    config = make_config(ha, tmp_path / "f.png", "--pisugar", f"{HOST}:{sugar.port}")
    panel = PngPanel(tmp_path / "f.png")
    from shelldon_pi.pisugar import PiSugar

    async with aiohttp.ClientSession() as session:
        body = Body(config, panel, session, pisugar=PiSugar(HOST, sugar.port))
        with pytest.raises(NotAdmin):
            await asyncio.wait_for(body.run(), 5)
