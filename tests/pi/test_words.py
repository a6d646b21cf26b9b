"""The words the Pi body draws itself, in the owner's language (--language, else Home
Assistant's own, read over the websocket; English when neither says one it speaks)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from shelldon_pi import face as pictures
from shelldon_pi import service
from shelldon_pi.config import Config, parse_config
from shelldon_pi.errors import ConfigError
from shelldon_pi.panel import PngPanel
from shelldon_pi.service import Body
from shelldon_pi.words import WORDS, offline_words

from tests.pi.fakes import LOOPBACK, TOKEN, FakeHomeAssistant, face_png, wait_until

pytestmark = LOOPBACK  # the service tests below talk to a stand-in on 127.0.0.1
FACE = "image.shelldon_face"
BASE = ["--url", "http://ha.local:8123", "--token", "abc"]


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ("no connection", "to Home Assistant", "since 14:05")),
        ("de", ("keine Verbindung", "zu Home Assistant", "seit 14:05")),
        ("fr", ("pas de connexion", "à Home Assistant", "depuis 14:05")),
        ("es", ("sin conexión", "con Home Assistant", "desde las 14:05")),
        ("nl", ("geen verbinding", "met Home Assistant", "sinds 14:05")),
        ("de-CH", ("keine Verbindung", "zu Home Assistant", "seit 14:05")),
        ("ja", ("no connection", "to Home Assistant", "since 14:05")),
    ],
)
def test_the_no_connection_words(language: str, lines: tuple[str, str, str]) -> None:
    assert offline_words(language, "14:05") == lines


def test_spanish_one_oclock_is_singular() -> None:
    assert offline_words("es", "01:05")[2] == "desde la 01:05"


def test_every_language_has_all_three_lines() -> None:
    assert set(WORDS) == {"en", "de", "fr", "es", "nl"}
    for words in WORDS.values():
        assert all(words) and "{time}" in words.since


def test_the_face_is_drawn_in_the_language() -> None:
    drawn = {
        language: pictures.digest(pictures.offline_face((250, 122), "bw", "14:05", language))
        for language in WORDS
    }
    assert len(set(drawn.values())) == len(WORDS), "each language draws its own words"
    english = pictures.offline_face((250, 122), "bw", "14:05")
    assert pictures.digest(english) == drawn["en"], "English unless told"


def test_the_language_option() -> None:
    assert parse_config(BASE, env={}).language is None, "by default: Home Assistant's"
    assert parse_config([*BASE, "--language", "de"], env={}).language == "de"
    assert parse_config(BASE, env={"SHELLDON_LANGUAGE": "pt-BR"}).language == "pt-BR"
    assert parse_config([*BASE, "--language", "fr"], env={"SHELLDON_LANGUAGE": "de"}).language == (
        "fr"
    )
    with pytest.raises(ConfigError, match="language tag"):
        parse_config([*BASE, "--language", "deutsch!"], env={})


# --- the running service --------------------------------------------------------------------


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "backoff", lambda attempt, **_: 0.05)


@pytest.fixture
async def ha() -> AsyncIterator[FakeHomeAssistant]:
    server = await FakeHomeAssistant().start()
    yield server
    await server.stop()


@contextlib.asynccontextmanager
async def running(config: Config) -> AsyncIterator[Body]:
    panel = PngPanel(config.png_path or Path("face.png"))
    panel.open()
    async with aiohttp.ClientSession() as session:
        body = Body(config, panel, session)
        task = asyncio.create_task(body.run())
        try:
            yield body
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def config_for(ha: FakeHomeAssistant, png: Path, *extra: str) -> Config:
    argv = ["--url", ha.url, "--token", TOKEN, "--panel", f"png:{png}", *extra]
    return parse_config([*argv, "--offline-after", "0.3"], env={})


async def test_home_assistants_language_is_learned_and_drawn_when_it_is_away(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    ha.language = "de"
    ha.set_face(FACE, face_png(1))
    png = tmp_path / "face.png"
    async with running(config_for(ha, png)) as body:
        await wait_until(lambda: body.draws == 1)
        assert body.language == "de"
        await ha.stop()
        await wait_until(lambda: body.draws == 2, within=3)
        offline = body._offline_picture()
        expected = pictures.offline_face((250, 122), "any", body._down_wall.strftime("%H:%M"), "de")
        assert offline.digest == "offline:" + pictures.digest(expected)


async def test_the_option_wins_over_home_assistants_language(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    ha.language = "de"
    ha.set_face(FACE, face_png(1))
    async with running(config_for(ha, tmp_path / "face.png", "--language", "fr")) as body:
        await wait_until(lambda: body.draws == 1)
        assert body.language == "fr"


async def test_no_language_from_home_assistant_keeps_english(
    ha: FakeHomeAssistant, tmp_path: Path
) -> None:
    ha.language = ""
    ha.set_face(FACE, face_png(1))
    async with running(config_for(ha, tmp_path / "face.png")) as body:
        await wait_until(lambda: body.draws == 1)
        assert body.language == "en"
