"""The panels: a PNG file (png:PATH), or a Waveshare E-Ink HAT through `waveshare-epaper`.

Thin shells: they put an image on the glass (or in a file) and know nothing about when.
Everything here blocks (SPI transfers, a busy pin, file writes), so the service calls it from
a worker thread. The driver is imported only when a panel model is asked for.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PIL import Image

from .errors import PanelError
from .face import layers
from .policy import Refresh, Timing

_LOGGER = logging.getLogger(__name__)
DRIVER_PACKAGE = "waveshare-epaper"
DRIVER_MODULE = "epaper"
INSTALL_HINT = "pip install 'shelldon-pi[waveshare]'"


class Panel(Protocol):
    """Something that shows a picture."""

    name: str
    size: tuple[int, int] | None  # what to fit the face to (None: keep the face's size)
    palette: str  # "bw", "bwr" or "any"
    timing: Timing

    def open(self) -> None:
        """Check the panel is there and wake it; raises PanelError."""

    def show(self, image: Image.Image, refresh: Refresh) -> None:
        """Put the picture on the panel."""

    def close(self) -> None:
        """Let the panel sleep (E-Ink keeps the picture without power)."""


@dataclass(frozen=True)
class Model:
    """A Waveshare panel this service knows how to drive well."""

    title: str
    size: tuple[int, int]  # landscape: the face size to set in the pet's panel options
    palette: str
    min_interval_s: float  # about one full refresh: the panel is busy that long
    partial: str | None = None  # the driver's partial-refresh method
    base: str | None = None  # the method that draws a full refresh partial ones build on


# Refresh times from Waveshare's specifications (full / partial): 2.13" V3/V4 2 s / 0.3 s,
# 2.9" V2 3 s / 0.3 s, 4.2" V2 4 s / 0.4 s, 7.5" V2 5 s, the black/white/red ones about 15 s.
MODELS: dict[str, Model] = {
    "epd2in13_V4": Model(
        'Waveshare 2.13" V4', (250, 122), "bw", 2.0, "displayPartial", "displayPartBaseImage"
    ),
    "epd2in13_V3": Model(
        'Waveshare 2.13" V3', (250, 122), "bw", 2.0, "displayPartial", "displayPartBaseImage"
    ),
    "epd2in13b_V4": Model('Waveshare 2.13" B V4 (red)', (250, 122), "bwr", 15.0),
    "epd2in9_V2": Model(
        'Waveshare 2.9" V2', (296, 128), "bw", 3.0, "display_Partial", "display_Base"
    ),
    "epd2in9b_V4": Model('Waveshare 2.9" B V4 (red)', (296, 128), "bwr", 15.0),
    "epd2in7_V2": Model('Waveshare 2.7" V2', (264, 176), "bw", 6.0),
    "epd4in2_V2": Model('Waveshare 4.2" V2', (400, 300), "bw", 4.0, "display_Partial", "display"),
    "epd7in5_V2": Model('Waveshare 7.5" V2', (800, 480), "bw", 5.0),
}
GENERIC_MIN_INTERVAL_S = 15.0  # a model not in the table: full refreshes, slowly


PNG_MODE = 0o644  # the owner writes, everyone reads


class PngPanel:
    """`--panel png:PATH`: the picture goes into a file (written whole, then renamed)."""

    palette = "any"
    size: tuple[int, int] | None = None

    def __init__(self, path: Path, full_every: int = 10) -> None:
        self.path = path
        self.name = f"png:{path}"
        self.timing = Timing(min_interval_s=0.0, partial=True, full_every=full_every)

    def open(self) -> None:
        """The folder must exist and be writable."""
        folder = self.path.parent
        if not folder.is_dir():
            raise PanelError(f"--panel png:{self.path}: the folder {folder} does not exist")
        if self.path.is_dir():
            raise PanelError(f"--panel png:{self.path} is a folder: give a file name")
        try:
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".shelldon-pi-check."):
                pass
        except OSError as err:
            raise PanelError(
                f"--panel png:{self.path}: cannot write in {folder} ({err.strerror})"
            ) from None

    def show(self, image: Image.Image, refresh: Refresh) -> None:
        """Write the picture atomically, so a reader never sees half a file."""
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        try:
            # mkstemp makes a file only its owner reads; the picture is for another program
            # (a viewer, a web server) to show, as any file written the ordinary way would be.
            os.fchmod(fd, PNG_MODE)
            with os.fdopen(fd, "wb") as out:
                image.save(out, format="PNG")
            Path(tmp).replace(self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(tmp).unlink()
            raise

    def close(self) -> None:
        """Nothing to put to sleep."""


class WavesharePanel:
    """A Waveshare E-Ink HAT through the `waveshare-epaper` driver (its `epaper` module)."""

    def __init__(self, model: str, full_every: int = 10) -> None:
        self.model = model
        self.name = model
        self.known = MODELS.get(model)
        self.full_every = full_every
        self.size = self.known.size if self.known else None
        self.palette = self.known.palette if self.known else "bw"
        self.timing = self._timing()
        self._epd: Any = None
        self._two_colour = self.palette == "bwr"

    def _timing(self) -> Timing:
        if self.known is None:
            return Timing(GENERIC_MIN_INTERVAL_S, partial=False, full_every=1)
        return Timing(
            self.known.min_interval_s,
            partial=self.known.partial is not None,
            full_every=self.full_every if self.known.partial else 1,
        )

    def open(self) -> None:
        """Import the driver, find the model, wake the panel; one clear line when missing."""
        try:
            epaper = importlib.import_module(DRIVER_MODULE)
        except ImportError as err:
            missing = getattr(err, "name", None) or DRIVER_MODULE
            raise PanelError(
                f"the panel driver is not installed ({missing} is missing): {INSTALL_HINT}"
            ) from None
        known = _driver_models(epaper)
        if known is not None and self.model not in known:
            close = [m for m in known if m.lower().startswith(self.model.lower()[:7])][:6]
            hint = f" (close: {', '.join(close)})" if close else ""
            raise PanelError(f"--panel {self.model}: {DRIVER_PACKAGE} has no such model{hint}")
        if not any(Path("/dev").glob("spidev*")):
            raise PanelError(
                f"--panel {self.model}: there is no SPI device (/dev/spidev0.0): turn SPI on "
                "(sudo raspi-config nonint do_spi 0) and reboot"
            )
        try:
            module = epaper.epaper(self.model)
            epd = module.EPD()
        except ImportError as err:
            raise PanelError(
                f"--panel {self.model}: the driver needs {getattr(err, 'name', err)} "
                f"(on a Raspberry Pi: {INSTALL_HINT})"
            ) from None
        except Exception as err:
            raise PanelError(
                f"--panel {self.model}: no panel there ({_short(err)}): is the HAT seated, "
                "and SPI on (sudo raspi-config nonint do_spi 0, then reboot)?"
            ) from None
        if self.known is None:
            self._adopt(epd)
        self._epd = epd
        self._init()

    def _adopt(self, epd: Any) -> None:
        """A model outside the table: its size from the driver, full refreshes only."""
        width, height = int(epd.width), int(epd.height)
        self.size = (max(width, height), min(width, height))
        try:
            params = inspect.signature(epd.display).parameters
        except (TypeError, ValueError):
            params = {}
        self._two_colour = len(params) >= 2
        self.palette = "bwr" if self._two_colour else "bw"
        try:
            needs = [
                p
                for p in inspect.signature(epd.init).parameters.values()
                if p.default is inspect.Parameter.empty
            ]
        except (TypeError, ValueError):
            needs = []
        if needs:
            raise PanelError(
                f"--panel {self.model}: this model's driver needs settings shelldon-pi does "
                f"not know; use one of {', '.join(MODELS)} or png:PATH"
            )
        _LOGGER.info(
            "%s is not one of the tested models: full refreshes only, at most every %.0f s",
            self.model,
            GENERIC_MIN_INTERVAL_S,
        )

    def _init(self) -> None:
        try:
            result = self._epd.init()
        except Exception as err:
            raise PanelError(
                f"--panel {self.model}: the panel does not answer ({_short(err)}): is the HAT "
                "seated, and SPI on (sudo raspi-config nonint do_spi 0)?"
            ) from None
        if result not in (None, 0):
            raise PanelError(
                f"--panel {self.model}: the panel does not answer: is the HAT seated, and "
                "SPI on (sudo raspi-config nonint do_spi 0)?"
            )

    def show(self, image: Image.Image, refresh: Refresh) -> None:
        """A full refresh re-initialises the panel and lays a new base; a partial one draws
        only what changed (on the models that can)."""
        epd = self._epd
        if epd is None:
            raise PanelError(f"--panel {self.model}: the panel was not opened")
        black, red = layers(image)
        if self._two_colour:
            red_layer = red if red is not None else Image.new("1", black.size, 255)
            epd.display(epd.getbuffer(black), epd.getbuffer(red_layer))
            return
        buffer = epd.getbuffer(black)
        known = self.known
        if refresh is Refresh.PARTIAL and known is not None and known.partial:
            getattr(epd, known.partial)(buffer)
            return
        self._init()  # a partial refresh leaves the controller in partial mode
        if known is not None and known.base:
            getattr(epd, known.base)(buffer)
        else:
            epd.display(buffer)

    def close(self) -> None:
        """Deep sleep: the panel keeps the picture and draws next to no power."""
        if self._epd is None:
            return
        try:
            self._epd.sleep()
        except Exception as err:
            _LOGGER.warning("could not put the panel to sleep: %s", _short(err))
        self._epd = None


def _driver_models(epaper: Any) -> list[str] | None:
    try:
        return list(epaper.modules())
    except Exception:
        return None


def _short(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return (text[0] if text else type(err).__name__)[:120]


def open_panel(panel: str, png_path: Path | None, full_every: int) -> Panel:
    """The panel the command line asked for, opened; raises PanelError."""
    chosen: Panel
    if panel == "png":
        assert png_path is not None
        chosen = PngPanel(png_path, full_every)
    else:
        chosen = WavesharePanel(panel, full_every)
    chosen.open()
    return chosen
