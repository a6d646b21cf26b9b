"""The panels: png:PATH, and the Waveshare driver (faked: no HAT here)."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from shelldon_pi import panel as panels
from shelldon_pi.errors import PanelError
from shelldon_pi.policy import Refresh

from tests.pi.fakes import values
from tests.pi.test_face import bwr_face


def test_png_panel_writes_the_picture(tmp_path: Path) -> None:
    path = tmp_path / "face.png"
    panel = panels.open_panel("png", path, 10)
    image = bwr_face()
    panel.show(image, Refresh.FULL)
    with Image.open(path) as written:
        assert written.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    assert [p.name for p in tmp_path.iterdir()] == ["face.png"]  # no temporary file left
    assert panel.timing.min_interval_s == 0.0
    assert panel.size is None and panel.palette == "any"


def test_png_panel_file_is_readable_by_the_program_that_shows_it(tmp_path: Path) -> None:
    path = tmp_path / "face.png"
    panels.open_panel("png", path, 10).show(Image.new("1", (10, 10), 0), Refresh.FULL)
    assert path.stat().st_mode & 0o777 == 0o644  # not mkstemp's -rw-------


def test_png_panel_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "face.png"
    panel = panels.open_panel("png", path, 10)
    panel.show(Image.new("1", (10, 10), 0), Refresh.FULL)
    first = path.stat().st_ino
    panel.show(Image.new("1", (10, 10), 255), Refresh.PARTIAL)
    assert path.stat().st_ino != first  # a rename, never a rewrite in place
    with Image.open(path) as written:
        assert values(written) == {255}


def test_png_panel_in_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(PanelError, match="does not exist") as caught:
        panels.open_panel("png", tmp_path / "nope" / "face.png", 10)
    assert caught.value.exit_code == 3


def test_png_panel_on_a_folder(tmp_path: Path) -> None:
    with pytest.raises(PanelError, match="is a folder"):
        panels.open_panel("png", tmp_path, 10)


def test_without_the_driver_the_panel_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "epaper", None)  # import epaper -> ImportError
    with pytest.raises(PanelError, match=r"pip install 'shelldon-pi\[waveshare\]'") as caught:
        panels.open_panel("epd2in13_V4", None, 10)
    assert caught.value.exit_code == 3


class FakeEPD:
    """Records what the service asks of a Waveshare driver."""

    def __init__(self, width: int = 122, height: int = 250, fail_init: bool = False) -> None:
        self.width, self.height = width, height
        self.calls: list[str] = []
        self.fail_init = fail_init

    def init(self) -> int:
        self.calls.append("init")
        return -1 if self.fail_init else 0

    def getbuffer(self, image: Image.Image) -> bytes:
        assert image.mode == "1"
        assert {image.size, image.size[::-1]} == {
            (self.width, self.height),
            (self.height, self.width),
        }
        return image.tobytes()

    def display(self, image: bytes) -> None:
        self.calls.append("display")

    def displayPartial(self, image: bytes) -> None:
        self.calls.append("displayPartial")

    def displayPartBaseImage(self, image: bytes) -> None:
        self.calls.append("displayPartBaseImage")

    def sleep(self) -> None:
        self.calls.append("sleep")


class FakeRedEPD(FakeEPD):
    def display(self, black: bytes, red: bytes) -> None:  # type: ignore[override]
        self.calls.append("display(black, red)")


def fake_driver(monkeypatch: pytest.MonkeyPatch, epd: FakeEPD, models: list[str]) -> None:
    module = types.ModuleType("epaper")

    def epaper(model: str) -> Any:
        assert model in models
        return types.SimpleNamespace(EPD=lambda: epd)

    module.epaper = epaper  # type: ignore[attr-defined]
    module.modules = lambda: models  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "epaper", module)
    real_glob = Path.glob
    monkeypatch.setattr(
        Path,
        "glob",
        lambda self, pattern: iter([Path("/dev/spidev0.0")])
        if str(self) == "/dev" and pattern == "spidev*"
        else real_glob(self, pattern),
    )


def test_waveshare_full_then_partial_then_full(monkeypatch: pytest.MonkeyPatch) -> None:
    epd = FakeEPD()
    fake_driver(monkeypatch, epd, ["epd2in13_V4"])
    panel = panels.open_panel("epd2in13_V4", None, 10)
    assert panel.size == (250, 122) and panel.palette == "bw"
    assert panel.timing.partial and panel.timing.min_interval_s == 2.0
    image = Image.new("1", (250, 122), 255)
    panel.show(image, Refresh.FULL)
    panel.show(image, Refresh.PARTIAL)
    panel.show(image, Refresh.PARTIAL)
    panel.show(image, Refresh.FULL)
    panel.close()
    assert epd.calls == [
        "init",  # open
        "init",
        "displayPartBaseImage",  # a full refresh lays the base partial ones build on
        "displayPartial",
        "displayPartial",
        "init",
        "displayPartBaseImage",
        "sleep",
    ]


def test_waveshare_red_panel_gets_two_layers(monkeypatch: pytest.MonkeyPatch) -> None:
    epd = FakeRedEPD()
    fake_driver(monkeypatch, epd, ["epd2in13b_V4"])
    panel = panels.open_panel("epd2in13b_V4", None, 10)
    assert panel.palette == "bwr" and not panel.timing.partial
    assert panel.timing.min_interval_s == 15.0
    panel.show(bwr_face(), Refresh.FULL)
    assert epd.calls == ["init", "display(black, red)"]


def test_waveshare_model_outside_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    epd = FakeEPD(width=152, height=296)
    fake_driver(monkeypatch, epd, ["epd2in6x"])
    panel = panels.open_panel("epd2in6x", None, 10)
    assert panel.size == (296, 152)
    assert not panel.timing.partial and panel.timing.full_every == 1
    panel.show(Image.new("1", (296, 152), 255), Refresh.FULL)
    assert epd.calls == ["init", "init", "display"]


def test_waveshare_model_the_driver_does_not_have(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_driver(monkeypatch, FakeEPD(), ["epd2in13_V3", "epd2in13_V4"])
    with pytest.raises(PanelError, match=r"no such model \(close: epd2in13_V3, epd2in13_V4\)"):
        panels.open_panel("epd2in13_V9", None, 10)


def test_waveshare_panel_that_does_not_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_driver(monkeypatch, FakeEPD(fail_init=True), ["epd2in13_V4"])
    with pytest.raises(PanelError, match="does not answer: is the HAT seated"):
        panels.open_panel("epd2in13_V4", None, 10)


def test_waveshare_without_spi(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_driver(monkeypatch, FakeEPD(), ["epd2in13_V4"])
    monkeypatch.setattr(Path, "glob", lambda self, pattern: iter([]))
    with pytest.raises(PanelError, match="turn SPI on"):
        panels.open_panel("epd2in13_V4", None, 10)


def test_waveshare_driver_that_fails_to_load(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_driver(monkeypatch, FakeEPD(), ["epd2in13_V4"])

    def broken(model: str) -> Any:
        raise RuntimeError("GPIO busy")

    monkeypatch.setattr(sys.modules["epaper"], "epaper", broken)
    with pytest.raises(PanelError, match=r"no panel there \(GPIO busy\)"):
        panels.open_panel("epd2in13_V4", None, 10)


def test_every_known_model_is_landscape_with_a_sane_spacing() -> None:
    for name, model in panels.MODELS.items():
        assert name.startswith("epd")
        assert model.size[0] >= model.size[1]
        assert model.palette in ("bw", "bwr")
        assert 1.0 <= model.min_interval_s <= 30.0
        assert (model.partial is None) == (model.base is None)
