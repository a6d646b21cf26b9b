"""The command line and the environment, checked before anything runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from shelldon_pi.config import (
    DEFAULT_PANEL,
    check_pisugar,
    check_url,
    parse_config,
    slugify,
)
from shelldon_pi.errors import ConfigError

BASE = ["--url", "http://ha.local:8123", "--token", "abc"]


def test_defaults() -> None:
    config = parse_config(BASE, env={})
    assert config.url == "http://ha.local:8123"
    assert config.token == "abc"
    assert config.pet == "shelldon"
    assert config.face_entity == "image.shelldon_face"
    assert config.battery_entity == "sensor.shelldon_pi_battery"
    assert config.plugged_entity == "binary_sensor.shelldon_pi_plugged"
    assert config.panel == DEFAULT_PANEL
    assert config.png_path is None
    assert config.pisugar is None
    assert config.websocket_url == "ws://ha.local:8123/api/websocket"


def test_everything_from_the_environment() -> None:
    env = {
        "SHELLDON_URL": "https://ha.example.org/",
        "SHELLDON_TOKEN": "  'Bearer tok'  ",
        "SHELLDON_PET": "Mr Shell",
        "SHELLDON_PANEL": "png:/tmp/face.png",
        "SHELLDON_PISUGAR": "127.0.0.1:8423",
    }
    config = parse_config([], env=env)
    assert config.url == "https://ha.example.org"
    assert config.websocket_url == "wss://ha.example.org/api/websocket"
    assert config.token == "tok"
    assert config.pet_name == "Mr Shell"
    assert config.face_entity == "image.mr_shell_face"
    assert config.panel == "png"
    assert config.png_path == Path("/tmp/face.png")
    assert config.pisugar == ("127.0.0.1", 8423)


def test_the_command_line_wins_over_the_environment() -> None:
    config = parse_config([*BASE, "--pet", "Bob"], env={"SHELLDON_PET": "Alice"})
    assert config.pet == "bob"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Shelldon", "shelldon"),
        ("Mr Shell", "mr_shell"),
        ("  Crème brûlée ", "creme_brulee"),
        ("R2-D2", "r2_d2"),
        ("shelldon", "shelldon"),
        ("a__b", "a_b"),
    ],
)
def test_slugify_like_home_assistant(name: str, slug: str) -> None:
    assert slugify(name) == slug


@pytest.mark.parametrize(
    ("argv", "env", "says"),
    [
        (["--token", "abc"], {}, "no Home Assistant address"),
        (["--url", "ha.local:8123", "--token", "abc"], {}, "is not an http:// or https://"),
        (["--url", "ftp://ha.local", "--token", "abc"], {}, "is not an http:// or https://"),
        (["--url", "http://ha.local:port", "--token", "abc"], {}, "port that is not a number"),
        (["--url", "http://ha.local:8123/api", "--token", "abc"], {}, "ends in /api"),
        (["--url", "http://ha.local/?x=1", "--token", "abc"], {}, "query"),
        (["--url", "http://ha.local"], {}, "no token: make a long-lived access token"),
        (["--url", "http://ha.local", "--token", "  "], {}, "no token"),
        (["--url", "http://ha.local", "--token", "ab c"], {}, "spaces or line breaks"),
        ([*BASE, "--pet", "!!!"], {}, "no letters or digits"),
        ([*BASE, "--panel", "png:"], {}, "needs a file name"),
        ([*BASE, "--panel", "inky_phat"], {}, "neither a Waveshare model"),
        ([*BASE, "--pisugar", ":8423"], {}, "needs a host"),
        ([*BASE, "--pisugar", "pi:port"], {}, "the port must be a number"),
        ([*BASE, "--pisugar", "pi:70000"], {}, "1..65535"),
    ],
)
def test_bad_values_say_what_to_fix(argv: list[str], env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError, match=says) as caught:
        parse_config(argv, env=env)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("flag", ["--full-every", "--offline-after", "--battery-every"])
@pytest.mark.parametrize("value", ["0", "-3", "x"])
def test_numbers_must_be_positive(flag: str, value: str) -> None:
    with pytest.raises(SystemExit) as caught:
        parse_config([*BASE, flag, value], env={})
    assert caught.value.code == 2


def test_tuning_options() -> None:
    config = parse_config(
        [*BASE, "--full-every", "3", "--offline-after", "1.5", "--battery-every", "0.2", "-v"],
        env={},
    )
    assert (config.full_every, config.offline_after_s, config.battery_every_s) == (3, 1.5, 0.2)
    assert config.verbose


def test_pisugar_address_forms() -> None:
    assert check_pisugar("127.0.0.1:8423") == ("127.0.0.1", 8423)
    assert check_pisugar("pisugar.local") == ("pisugar.local", 8423)
    assert check_pisugar("[::1]:9000") == ("::1", 9000)


def test_url_keeps_a_base_path() -> None:
    assert check_url("https://example.org/ha/") == "https://example.org/ha"
