"""The command line (and the same settings from the environment), checked once at start.

Every value is validated here, before anything touches the network or the panel, so a typo
stops the service with one line instead of a retry loop.
"""

from __future__ import annotations

import argparse
import os
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from . import __version__
from .errors import ConfigError
from .words import TAG

DEFAULT_PET = "Shelldon"
DEFAULT_PANEL = "epd2in13_V4"
PISUGAR_PORT = 8423
DEFAULT_OFFLINE_AFTER_S = 300.0
DEFAULT_FULL_EVERY = 10
DEFAULT_BATTERY_EVERY_S = 5.0
ENV = {
    "url": "SHELLDON_URL",
    "token": "SHELLDON_TOKEN",
    "pet": "SHELLDON_PET",
    "panel": "SHELLDON_PANEL",
    "pisugar": "SHELLDON_PISUGAR",
    "language": "SHELLDON_LANGUAGE",
}
_MODEL = re.compile(r"^epd[0-9a-z_]+$", re.IGNORECASE)


@dataclass(frozen=True)
class Config:
    """Everything the service needs to know, checked."""

    url: str  # http(s)://host:port[/base], no trailing slash
    token: str
    pet_name: str
    pet: str  # the slug in entity ids: image.<pet>_face
    panel: str  # a driver model name, or "png"
    png_path: Path | None
    pisugar: tuple[str, int] | None
    offline_after_s: float = DEFAULT_OFFLINE_AFTER_S
    full_every: int = DEFAULT_FULL_EVERY
    battery_every_s: float = DEFAULT_BATTERY_EVERY_S
    verbose: bool = False
    language: str | None = None  # the words it draws itself; None: Home Assistant's language

    @property
    def face_entity(self) -> str:
        """The pet's face: image.<pet>_face."""
        return f"image.{self.pet}_face"

    @property
    def battery_entity(self) -> str:
        """The battery level this service puts into Home Assistant."""
        return f"sensor.{self.pet}_pi_battery"

    @property
    def plugged_entity(self) -> str:
        """The plugged-in state this service puts into Home Assistant."""
        return f"binary_sensor.{self.pet}_pi_plugged"

    @property
    def websocket_url(self) -> str:
        """Home Assistant's websocket API."""
        scheme, rest = self.url.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/api/websocket"


def slugify(name: str) -> str:
    """The object-id form of a pet's name, as Home Assistant makes it ("Mr Shell" -> mr_shell)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_")


def check_url(raw: str) -> str:
    """Home Assistant's address: http(s)://host[:port][/path], without a trailing slash."""
    url = raw.strip().rstrip("/")
    if not url:
        raise ConfigError(
            "no Home Assistant address: pass --url (or SHELLDON_URL), e.g. "
            "--url http://homeassistant.local:8123"
        )
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(
            f"--url {raw!r} is not an http:// or https:// address: "
            "write it like http://homeassistant.local:8123"
        )
    try:
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        raise ConfigError(f"--url {raw!r} has a port that is not a number") from None
    if parts.query or parts.fragment:
        raise ConfigError(f"--url {raw!r} has a ?query or #fragment: give only the address")
    if parts.path.rstrip("/").endswith("/api"):
        raise ConfigError(f"--url {raw!r} ends in /api: give Home Assistant's address only")
    return url


def check_token(raw: str) -> str:
    """The long-lived access token, stripped of what copying often adds."""
    token = raw.strip().strip("\"'")
    if token.lower().startswith("bearer "):
        token = token[7:].strip()
    if not token:
        raise ConfigError(
            "no token: make a long-lived access token in your Home Assistant profile "
            "(Security tab) and pass it with --token or SHELLDON_TOKEN"
        )
    if any(ch.isspace() for ch in token):
        raise ConfigError("the token has spaces or line breaks in it: paste it on one line")
    return token


def check_panel(raw: str) -> tuple[str, Path | None]:
    """A driver model name (epd2in13_V4, ...) or png:PATH."""
    value = raw.strip()
    if value.lower().startswith("png:"):
        path = value[4:].strip()
        if not path:
            raise ConfigError("--panel png: needs a file name, e.g. --panel png:/tmp/face.png")
        return "png", Path(path).expanduser()
    if not _MODEL.match(value):
        raise ConfigError(
            f"--panel {raw!r} is neither a Waveshare model (e.g. epd2in13_V4) nor png:PATH"
        )
    return value, None


def check_pisugar(raw: str) -> tuple[str, int]:
    """HOST:PORT (or HOST, port 8423) of pisugar-server's TCP API."""
    value = raw.strip()
    host, sep, port_text = value.rpartition(":")
    if not sep:
        host, port_text = value, str(PISUGAR_PORT)
    host = host.strip("[]")
    if not host:
        raise ConfigError(f"--pisugar {raw!r} needs a host, e.g. --pisugar 127.0.0.1:8423")
    try:
        port = int(port_text)
    except ValueError:
        raise ConfigError(f"--pisugar {raw!r}: the port must be a number, e.g. 8423") from None
    if not 0 < port < 65536:
        raise ConfigError(f"--pisugar {raw!r}: the port must be in 1..65535")
    return host, port


def check_language(raw: str) -> str:
    """A language tag such as de, fr-CA or pt-BR."""
    value = raw.strip()
    if not TAG.fullmatch(value):
        raise ConfigError(
            f"--language {raw!r} is not a language tag: write it like en, de, fr, es or nl"
        )
    return value


def _positive(kind: Callable[[str], float], what: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number, not {text!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{what} must be above 0, not {text!r}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    """The command line; every setting also reads an environment variable (see ENV)."""
    parser = argparse.ArgumentParser(
        prog="shelldon-pi",
        description=(
            "shelldon's body: draws the pet's face (image.<pet>_face) on an E-Ink panel and "
            "puts the PiSugar battery into Home Assistant. Each option can also be set "
            "in the environment (SHELLDON_URL, SHELLDON_TOKEN, SHELLDON_PET, SHELLDON_PANEL, "
            "SHELLDON_PISUGAR, SHELLDON_LANGUAGE), which keeps the token out of the process list."
        ),
    )
    parser.add_argument("--url", help="Home Assistant's address, e.g. http://homeassistant:8123")
    parser.add_argument("--token", help="a long-lived access token (your profile, Security tab)")
    parser.add_argument(
        "--pet", help=f"the pet's name, as in image.<pet>_face (default: {DEFAULT_PET})"
    )
    parser.add_argument(
        "--panel",
        help=(
            f"a Waveshare model such as {DEFAULT_PANEL} (the default), or png:PATH to write "
            "the picture to a file instead"
        ),
    )
    parser.add_argument(
        "--pisugar",
        metavar="HOST:PORT",
        help="pisugar-server's TCP address, e.g. 127.0.0.1:8423 (leave out: no battery)",
    )
    parser.add_argument(
        "--language",
        help=(
            "the language of the words it draws itself, e.g. the 'no connection' face (en, de, "
            "fr, es, nl; default: Home Assistant's language)"
        ),
    )
    parser.add_argument(
        "--full-every",
        type=_positive(int, "--full-every"),
        default=DEFAULT_FULL_EVERY,
        metavar="N",
        help=f"every Nth redraw is a full refresh, against ghosting (default {DEFAULT_FULL_EVERY})",
    )
    parser.add_argument(
        "--offline-after",
        type=_positive(float, "--offline-after"),
        default=DEFAULT_OFFLINE_AFTER_S,
        metavar="SECONDS",
        help="show the 'no connection' face after this long without Home Assistant (300)",
    )
    parser.add_argument(
        "--battery-every",
        type=_positive(float, "--battery-every"),
        default=DEFAULT_BATTERY_EVERY_S,
        metavar="SECONDS",
        help="how often to read pisugar-server (5); Home Assistant hears of changes at once",
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="log every step")
    parser.add_argument("--version", action="version", version=f"shelldon-pi {__version__}")
    return parser


def parse_config(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> Config:
    """Parse and check the command line; raises ConfigError with the one line to print."""
    environ = os.environ if env is None else env
    args = build_parser().parse_args(argv)

    def pick(name: str) -> str:
        value = getattr(args, name)
        return value if value is not None else environ.get(ENV[name], "")

    url = check_url(pick("url"))
    token = check_token(pick("token"))
    pet_name = pick("pet").strip() or DEFAULT_PET
    pet = slugify(pet_name)
    if not pet:
        raise ConfigError(f"--pet {pet_name!r} has no letters or digits: give the pet's name")
    panel, png_path = check_panel(pick("panel") or DEFAULT_PANEL)
    pisugar_text = pick("pisugar").strip()
    pisugar = check_pisugar(pisugar_text) if pisugar_text else None
    language_text = pick("language").strip()
    return Config(
        url=url,
        token=token,
        pet_name=pet_name,
        pet=pet,
        panel=panel,
        png_path=png_path,
        pisugar=pisugar,
        offline_after_s=float(args.offline_after),
        full_every=int(args.full_every),
        battery_every_s=float(args.battery_every),
        verbose=bool(args.verbose),
        language=check_language(language_text) if language_text else None,
    )
