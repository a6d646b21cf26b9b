"""The ESPHome example: the panel pulls the face from Home Assistant and exposes refresh_face.

A light check with no network and no esphome package: the file is parsed with a YAML loader
that accepts ESPHome's tags; `esphome config` itself is run by hand (see the file's header).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

EXAMPLES = Path(__file__).parents[2] / "examples"
FACE_PATH = "/api/image_proxy/image.shelldon_face"


class Tagged:
    """An ESPHome tag (`!secret name`, `!lambda code`, …) kept as data."""

    def __init__(self, tag: str, value: Any) -> None:
        self.tag = tag
        self.value = value

    def __repr__(self) -> str:
        return f"{self.tag} {self.value!r}"


class ESPHomeLoader(yaml.SafeLoader):
    """A safe loader that keeps any `!tag` as a `Tagged` value instead of failing."""


def _tagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Tagged:
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    return Tagged("!" + suffix, value)


ESPHomeLoader.add_multi_constructor("!", _tagged)


def _load(name: str) -> Any:
    return yaml.load((EXAMPLES / name).read_text(encoding="utf-8"), Loader=ESPHomeLoader)


@pytest.fixture(scope="module")
def config() -> dict[str, Any]:
    return _load("esphome-eink.yaml")


def _substitute(config: dict[str, Any], value: str) -> str:
    """Expand `${name}` substitutions the way ESPHome does."""
    subs = config.get("substitutions", {})
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: str(subs[m.group(1) or m.group(2)]), value)


def _online_images(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Online images in either form: `image: - platform: online_image` or `online_image:`."""
    images = [i for i in config.get("image", []) if i.get("platform") == "online_image"]
    return images + list(config.get("online_image", []))


def _secret_name(value: Any) -> str:
    assert isinstance(value, Tagged), f"{value!r} should come from secrets.yaml"
    assert value.tag == "!secret"
    return value.value


def _walk(node: Any) -> list[Any]:
    """Every value in a nested YAML structure."""
    if isinstance(node, dict):
        return [node, *(v for child in node.values() for v in _walk(child))]
    if isinstance(node, list):
        return [node, *(v for child in node for v in _walk(child))]
    return [node]


def test_the_face_is_pulled_from_home_assistant_with_a_bearer_token(
    config: dict[str, Any],
) -> None:
    images = _online_images(config)
    assert len(images) == 1
    image = images[0]
    url = _substitute(config, image["url"])
    assert url.startswith("http")
    assert url.endswith(FACE_PATH)
    assert image["format"] == "PNG"
    assert image["type"] == "BINARY"
    assert _secret_name(image["request_headers"]["Authorization"]) == "ha_bearer"
    assert image.get("update_interval") not in (None, "never"), "re-fetched on an interval too"


def test_the_display_is_a_waveshare_2_13_drawn_landscape_from_the_face(
    config: dict[str, Any],
) -> None:
    (display,) = config["display"]
    assert display["platform"] == "waveshare_epaper"
    assert display["model"] in {"2.13inv2", "2.13inv3"}, "the 250×122 Waveshare 2.13 panels"
    assert display["rotation"] in (90, 270), "the panel is 122×250 natively: landscape is turned"
    for pin in ("cs_pin", "dc_pin", "busy_pin", "reset_pin"):
        assert pin in display
    assert {"clk_pin", "mosi_pin"} <= set(config["spi"])
    image_id = _online_images(config)[0]["id"]
    assert f"id({image_id})" in display["lambda"], "the face is drawn"
    assert "it.image(0, 0," in display["lambda"], "full screen, from the corner"
    resize = _online_images(config)[0]["resize"]
    assert resize == "250x122"


def test_refresh_face_downloads_the_face_and_the_display_follows(config: dict[str, Any]) -> None:
    assert _substitute(config, config["esphome"]["name"]) == "desk-panel", (
        "Home Assistant names the action esphome.desk_panel_refresh_face"
    )
    actions = {a["action"]: a for a in config["api"]["actions"]}
    assert "refresh_face" in actions
    image = _online_images(config)[0]
    display = config["display"][0]
    assert {"component.update": image["id"]} in actions["refresh_face"]["then"]
    # Once the download has finished, the display redraws.
    finished = _walk(image["on_download_finished"])
    assert {"component.update": display["id"]} in finished


def test_the_comments_tell_the_owner_what_to_set(config: dict[str, Any]) -> None:
    text = (EXAMPLES / "esphome-eink.yaml").read_text(encoding="utf-8")
    assert "esphome.desk_panel_refresh_face" in text
    assert "ESPHome refresh action" in text, "the option's label in shelldon's panel options"
    assert "Long-lived access tokens" in text
    assert "Bearer " in text


def test_every_secret_has_an_example(config: dict[str, Any]) -> None:
    used = {v.value for v in _walk(config) if isinstance(v, Tagged) and v.tag == "!secret"}
    example = _load("secrets.example.yaml")
    assert used <= set(example), f"missing from secrets.example.yaml: {used - set(example)}"
    assert example["ha_bearer"].startswith("Bearer "), "the whole header value"
