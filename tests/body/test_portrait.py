"""The portrait draws every part of every look, crisply, inside any panel size, in its palette."""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import combinations

import pytest
from PIL import Image, ImageOps

from custom_components.shelldon.body.face.portrait import render_face
from custom_components.shelldon.core.faces import (
    BROWS,
    EXTRAS,
    EYES,
    LIFECYCLE_LOOKS,
    MOUTHS,
    STARTER_FACES,
    Look,
)

PRESETS = [(250, 122), (296, 128), (400, 300), (800, 480)]
ODD_SIZES = [(33, 97), (1000, 200), (2000, 2000), (32, 32)]
PALETTES = ["bw", "bwr"]
BWR_PALETTE = [255, 255, 255, 0, 0, 0, 255, 0, 0]
PARTS = {"eyes": EYES, "brows": BROWS, "mouth": MOUTHS, "extra": EXTRAS}
NAMED_LOOKS = {face.name: face.look for face in STARTER_FACES} | LIFECYCLE_LOOKS
RED_EXTRAS = {"battery", "sparkles", "blush"}


def _every_part_value() -> list[tuple[str, str]]:
    return [(part, value) for part, values in PARTS.items() for value in sorted(values)]


def _covering_looks() -> list[Look]:
    """Few looks that between them use every value of every part."""
    columns = {part: sorted(values) for part, values in PARTS.items()}
    rows = max(len(values) for values in columns.values())
    return [
        Look(**{part: values[i % len(values)] for part, values in columns.items()})
        for i in range(rows)
    ]


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _ink_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    """Bounding box of everything that is not white paper."""
    if image.mode == "1":
        return ImageOps.invert(image.convert("L")).getbbox()
    return image.getbbox()  # palette index 0 is white


def _assert_well_formed(image: Image.Image, size: tuple[int, int], palette: str) -> None:
    assert image.format == "PNG"
    assert image.size == size
    if palette == "bw":
        assert image.mode == "1"
        assert {value for _, value in image.getcolors()} <= {0, 255}
    else:
        assert image.mode == "P"
        assert image.getpalette() == BWR_PALETTE
        assert {index for _, index in image.getcolors()} <= {0, 1, 2}


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize(("part", "value"), _every_part_value())
def test_every_part_value_renders_at_every_preset(part: str, value: str, palette: str) -> None:
    look = replace(Look(), **{part: value})
    for size in PRESETS:
        image = _decode(render_face(look, *size, palette=palette))
        _assert_well_formed(image, size, palette)
        assert _ink_box(image) is not None


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("part", sorted(PARTS))
@pytest.mark.parametrize(
    "baseline",
    [Look(), Look(eyes="closed", brows="relaxed", mouth="flat", extra="dots")],
    ids=["default", "other"],
)
def test_each_value_of_a_part_draws_differently(part: str, palette: str, baseline: Look) -> None:
    pixels = {
        value: _decode(render_face(replace(baseline, **{part: value}), 250, 122, palette)).tobytes()
        for value in sorted(PARTS[part])
    }
    for (a, pixels_a), (b, pixels_b) in combinations(pixels.items(), 2):
        assert pixels_a != pixels_b, f"{part}={a} and {part}={b} look the same"


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("size", PRESETS)
def test_named_faces_are_pairwise_distinct(size: tuple[int, int], palette: str) -> None:
    pixels = {
        name: _decode(render_face(look, *size, palette)).tobytes()
        for name, look in NAMED_LOOKS.items()
    }
    assert len(pixels) == 8
    for (a, pixels_a), (b, pixels_b) in combinations(pixels.items(), 2):
        assert pixels_a != pixels_b, f"{a} and {b} look the same"


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("size", PRESETS + ODD_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_ink_stays_inside_a_margin(size: tuple[int, int], palette: str) -> None:
    width, height = size
    margin = max(1, round(0.01 * min(size)))
    for look in [*_covering_looks(), *NAMED_LOOKS.values()]:
        image = _decode(render_face(look, width, height, palette))
        _assert_well_formed(image, size, palette)
        box = _ink_box(image)
        assert box is not None, look
        left, top, right, bottom = box
        assert left >= margin and top >= margin, (look, box)
        assert right <= width - margin and bottom <= height - margin, (look, box)


@pytest.mark.parametrize("size", PRESETS + ODD_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_face_is_centred(size: tuple[int, int]) -> None:
    symmetric = Look(eyes="wide", brows="relaxed", mouth="small_o", extra="none")
    box = _ink_box(_decode(render_face(symmetric, *size)))
    assert box is not None
    left, _, right, _ = box
    assert abs(left - (size[0] - right)) <= max(2, size[0] // 100)


@pytest.mark.parametrize("size", [(250, 122), (296, 128), (1000, 200)])
def test_face_fills_the_height_of_wide_panels(size: tuple[int, int]) -> None:
    tall = Look(eyes="wide", brows="raised", mouth="grin", extra="none")
    box = _ink_box(_decode(render_face(tall, *size)))
    assert box is not None
    assert box[3] - box[1] >= 0.6 * size[1]


@pytest.mark.parametrize(("part", "value"), _every_part_value())
def test_red_marks_exactly_the_accents(part: str, value: str) -> None:
    look = replace(Look(), **{part: value})
    colours = {index for _, index in _decode(render_face(look, 250, 122, "bwr")).getcolors()}
    assert (2 in colours) == (look.extra in RED_EXTRAS)
    assert 1 in colours


@pytest.mark.parametrize("name", ["low_battery", "excited"])
def test_accented_faces_use_red(name: str) -> None:
    for size in PRESETS:
        image = _decode(render_face(NAMED_LOOKS[name], *size, "bwr"))
        assert 2 in {index for _, index in image.getcolors()}


def test_same_look_same_bytes() -> None:
    look = NAMED_LOOKS["curious"]
    assert render_face(look, 296, 128, "bwr") == render_face(look, 296, 128, "bwr")


@pytest.mark.parametrize("palette", ["", "BW", "rgb", "bwy", "red"])
def test_unknown_palette_is_refused(palette: str) -> None:
    with pytest.raises(ValueError, match="palette"):
        render_face(Look(), 250, 122, palette)


@pytest.mark.parametrize(
    ("width", "height"), [(31, 122), (250, 31), (2001, 480), (800, 2001), (0, 0), (-250, 122)]
)
def test_size_out_of_range_is_refused(width: int, height: int) -> None:
    with pytest.raises(ValueError, match="width|height"):
        render_face(Look(), width, height)


@pytest.mark.parametrize("width", [250.0, True, "250"])
def test_size_must_be_whole_pixels(width: object) -> None:
    with pytest.raises(ValueError, match="width"):
        render_face(Look(), width, 122)  # type: ignore[arg-type]


@pytest.mark.parametrize("part", sorted(PARTS))
def test_unknown_part_value_is_refused(part: str) -> None:
    with pytest.raises(ValueError, match=part):
        render_face(replace(Look(), **{part: "tentacles"}), 250, 122)
