"""Draw Shelldon's face as a PNG for an E-Ink panel, from a `Look` of closed-vocabulary parts.

Every part value has its own drawing; all geometry scales from the panel size and stays inside it,
and the pixels only ever hold the palette's colours (1-bit black/white, or white/black/red).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from PIL import Image, ImageDraw

from ...core.faces import BROWS, EXTRAS, EYES, MOUTHS, Look
from .pen import Pen, arc, box, star

PALETTES: Final = frozenset({"bw", "bwr"})
MIN_SIDE: Final = 32
MAX_SIDE: Final = 2000

# White, black, red: the bwr palette indices are 0, 1, 2 in this order.
_BWR_PALETTE: Final = (255, 255, 255, 0, 0, 0, 255, 0, 0)

# The face lives in a box of face units: 1 unit tall, _ASPECT units wide, with a panel margin.
_ASPECT: Final = 1.8
_MARGIN: Final = 0.03  # of the panel's shorter side, at least one pixel
_CENTRE_X: Final = _ASPECT / 2
_EYE_DX: Final = 0.32
_EYE_Y: Final = 0.47
_MOUTH_Y: Final = 0.8
_BROW_GAP: Final = 0.08  # between the top of an eye and its brow
_CORNER_X: Final = _ASPECT - 0.18  # the centre of the top-right corner that most extras use

EyeDrawer = Callable[[Pen, float, float, int], None]
BrowDrawer = Callable[[Pen, float, float, int], None]
MouthDrawer = Callable[[Pen, float, float], None]
ExtraDrawer = Callable[[Pen], None]


@dataclass(frozen=True)
class _Eyes:
    """How to draw an eye, and how far it reaches above its centre (the brows sit above that)."""

    draw: EyeDrawer
    reach: float


# Eyes: each draws one eye centred at (cx, cy); side is -1 for the left eye, +1 for the right.


def _eye_open(pen: Pen, cx: float, cy: float, side: int) -> None:
    pen.blob(cx, cy, 0.115, 0.16)
    pen.blob(cx + 0.04, cy - 0.065, 0.038, 0.038, fill=pen.paper)


def _eye_wide(pen: Pen, cx: float, cy: float, side: int) -> None:
    pen.ring(cx, cy, 0.15, 0.18)
    pen.blob(cx, cy + 0.01, 0.07, 0.08)


def _eye_happy(pen: Pen, cx: float, cy: float, side: int) -> None:
    pen.stroke(arc(cx, cy + 0.06, 0.125, 0.12, 190, 350), weight=1.3)


def _eye_closed(pen: Pen, cx: float, cy: float, side: int) -> None:
    pen.stroke(arc(cx, cy - 0.02, 0.125, 0.07, 10, 170), weight=1.3)


def _eye_half(pen: Pen, cx: float, cy: float, side: int) -> None:
    inner, outer = (cx - side * 0.15, cy - 0.015), (cx + side * 0.15, cy + 0.035)
    pen.blob(cx, cy, 0.115, 0.16)
    pen.shape([(inner[0], cy - 0.2), (outer[0], cy - 0.2), outer, inner], fill=pen.paper)
    pen.stroke([inner, outer], weight=1.2)


def _eye_narrow(pen: Pen, cx: float, cy: float, side: int) -> None:
    outer, inner = (cx + side * 0.15, cy - 0.02), (cx - side * 0.14, cy + 0.06)
    lower = [
        (
            inner[0] + (outer[0] - inner[0]) * t,
            inner[1] + (outer[1] - inner[1]) * t + 0.09 * math.sin(math.pi * t),
        )
        for t in (i / 12 for i in range(1, 12))
    ]
    pen.shape([outer, inner, *lower])
    pen.stroke([outer, inner], weight=1.3)


def _eye_sparkle(pen: Pen, cx: float, cy: float, side: int) -> None:
    pen.shape(star(cx, cy + 0.015, 0.19, 0.08, 5))


def _eye_up(pen: Pen, cx: float, cy: float, side: int) -> None:
    pen.ring(cx, cy, 0.135, 0.17)
    pen.blob(cx + 0.055, cy - 0.075, 0.065, 0.065)


def _eye_wink(pen: Pen, cx: float, cy: float, side: int) -> None:
    (_eye_open if side < 0 else _eye_happy)(pen, cx, cy, side)


# Brows: each draws the brow over one eye, its lowest point at `base`.


def _brow_none(pen: Pen, cx: float, base: float, side: int) -> None:
    return


def _brow_relaxed(pen: Pen, cx: float, base: float, side: int) -> None:
    pen.stroke(arc(cx, base + 0.02, 0.11, 0.045, 205, 335), weight=1.0)


def _brow_raised(pen: Pen, cx: float, base: float, side: int) -> None:
    pen.stroke(arc(cx, base - 0.02, 0.11, 0.075, 200, 340), weight=1.0)


def _brow_furrowed(pen: Pen, cx: float, base: float, side: int) -> None:
    pen.stroke([(cx + side * 0.15, base - 0.1), (cx - side * 0.1, base)], weight=1.4)


def _brow_worried(pen: Pen, cx: float, base: float, side: int) -> None:
    pen.stroke([(cx - side * 0.1, base - 0.09), (cx + side * 0.14, base)], weight=1.1)


def _brow_quirked(pen: Pen, cx: float, base: float, side: int) -> None:
    if side > 0:
        _brow_raised(pen, cx, base - 0.04, side)
    else:
        pen.stroke([(cx - 0.11, base), (cx + 0.1, base)], weight=1.0)


# Mouths: each draws the mouth centred at (cx, cy).


def _mouth_smile(pen: Pen, cx: float, cy: float) -> None:
    pen.stroke(arc(cx, cy - 0.07, 0.15, 0.11, 15, 165), weight=1.2)


def _mouth_grin(pen: Pen, cx: float, cy: float) -> None:
    top, rx, ry = cy - 0.08, 0.18, 0.16
    pen.shape(arc(cx, top, rx, ry, 0, 180))
    edge = pen.width() / pen.scale
    band = top + 0.05

    def half_width(y: float) -> float:
        return (rx - edge) * math.sqrt(max(0.0, 1 - ((y - top) / (ry - edge)) ** 2))

    pen.shape(
        [
            (cx - half_width(top + edge), top + edge),
            (cx + half_width(top + edge), top + edge),
            (cx + half_width(band), band),
            (cx - half_width(band), band),
        ],
        fill=pen.paper,
    )


def _mouth_flat(pen: Pen, cx: float, cy: float) -> None:
    pen.stroke([(cx - 0.11, cy), (cx + 0.11, cy)], weight=1.2)


def _mouth_frown(pen: Pen, cx: float, cy: float) -> None:
    pen.stroke(arc(cx, cy + 0.07, 0.14, 0.1, 200, 340), weight=1.2)


def _mouth_open(pen: Pen, cx: float, cy: float) -> None:
    pen.blob(cx, cy, 0.09, 0.1)


def _mouth_small_o(pen: Pen, cx: float, cy: float) -> None:
    pen.ring(cx, cy, 0.045, 0.055)


def _mouth_wavy(pen: Pen, cx: float, cy: float) -> None:
    pen.stroke(
        [
            (cx + 0.15 * (i / 12 * 2 - 1), cy - 0.025 * math.sin(3 * math.pi * i / 12))
            for i in range(13)
        ],
        weight=1.1,
    )


def _mouth_smirk(pen: Pen, cx: float, cy: float) -> None:
    start, bend, end = (cx - 0.12, cy - 0.01), (cx + 0.04, cy + 0.06), (cx + 0.13, cy - 0.06)
    pen.stroke(
        [
            (
                (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * bend[0] + t**2 * end[0],
                (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * bend[1] + t**2 * end[1],
            )
            for t in (i / 10 for i in range(11))
        ],
        weight=1.2,
    )


# Extras: each decorates the face box, mostly its top-right corner (clear of the eyes and brows).


def _extra_none(pen: Pen) -> None:
    return


def _z(pen: Pen, cx: float, cy: float, half: float) -> None:
    corners = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
    pen.stroke([(cx + dx * half, cy + dy * half) for dx, dy in corners], weight=0.8)


def _extra_zzz(pen: Pen) -> None:
    _z(pen, _CORNER_X - 0.1, 0.36, 0.035)
    _z(pen, _CORNER_X - 0.02, 0.23, 0.045)
    _z(pen, _CORNER_X + 0.08, 0.09, 0.055)


def _extra_battery(pen: Pen) -> None:
    left, right, top, bottom = _CORNER_X - 0.13, _CORNER_X + 0.1, 0.08, 0.22
    inset = 0.04
    pen.shape(box(left + inset, top + inset, left + inset + 0.045, bottom - inset), fill=pen.accent)
    outline = box(left, top, right, bottom)
    pen.stroke([*outline, outline[0]], weight=0.8)
    pen.shape(box(right, top + 0.04, right + 0.04, bottom - 0.04))


def _extra_sparkles(pen: Pen) -> None:
    for cx, cy, size in (
        (_CORNER_X + 0.04, 0.14, 0.1),
        (_CORNER_X - 0.1, 0.34, 0.055),
        (0.16, 0.16, 0.075),
    ):
        pen.shape(star(cx, cy, size, size * 0.3, 4), fill=pen.accent)


def _extra_question(pen: Pen) -> None:
    x = _CORNER_X
    pen.stroke([*arc(x, 0.13, 0.07, 0.065, 180, 400), (x, 0.24), (x, 0.27)], weight=1.0)
    pen.blob(x, 0.345, 0.03, 0.03)


def _extra_dots(pen: Pen) -> None:
    for cx, cy, r in (
        (_CORNER_X - 0.12, 0.3, 0.025),
        (_CORNER_X - 0.01, 0.2, 0.035),
        (_CORNER_X + 0.1, 0.09, 0.045),
    ):
        pen.blob(cx, cy, r, r)


def _extra_sweat(pen: Pen) -> None:
    cx, cy, r = _CORNER_X - 0.09, 0.26, 0.055
    pen.shape([(cx, cy - 0.14), *arc(cx, cy, r, r, -25, 205)])


def _extra_blush(pen: Pen) -> None:
    for side in (-1, 1):
        cx = _CENTRE_X + side * (_EYE_DX + 0.05)
        for dx in (-0.055, 0.0, 0.055):
            pen.stroke(
                [(cx + dx - 0.025, 0.76), (cx + dx + 0.025, 0.68)], weight=0.7, fill=pen.accent
            )


def _extra_note(pen: Pen) -> None:
    x = _CORNER_X + 0.03
    pen.blob(x - 0.045, 0.31, 0.05, 0.038)
    pen.stroke([(x, 0.3), (x, 0.07)], weight=0.8)
    pen.stroke([(x, 0.07), (x + 0.04, 0.1), (x + 0.08, 0.16), (x + 0.07, 0.21)], weight=0.8)


_EYES: Final[Mapping[str, _Eyes]] = MappingProxyType(
    {
        "open": _Eyes(_eye_open, 0.16),
        "wide": _Eyes(_eye_wide, 0.2),
        "happy": _Eyes(_eye_happy, 0.09),
        "closed": _Eyes(_eye_closed, 0.04),
        "half": _Eyes(_eye_half, 0.05),
        "narrow": _Eyes(_eye_narrow, 0.05),
        "sparkle": _Eyes(_eye_sparkle, 0.17),
        "up": _Eyes(_eye_up, 0.19),
        "wink": _Eyes(_eye_wink, 0.16),
    }
)
_BROWS: Final[Mapping[str, BrowDrawer]] = MappingProxyType(
    {
        "none": _brow_none,
        "relaxed": _brow_relaxed,
        "raised": _brow_raised,
        "furrowed": _brow_furrowed,
        "worried": _brow_worried,
        "quirked": _brow_quirked,
    }
)
_MOUTHS: Final[Mapping[str, MouthDrawer]] = MappingProxyType(
    {
        "smile": _mouth_smile,
        "grin": _mouth_grin,
        "flat": _mouth_flat,
        "frown": _mouth_frown,
        "open": _mouth_open,
        "small_o": _mouth_small_o,
        "wavy": _mouth_wavy,
        "smirk": _mouth_smirk,
    }
)
_EXTRAS: Final[Mapping[str, ExtraDrawer]] = MappingProxyType(
    {
        "none": _extra_none,
        "zzz": _extra_zzz,
        "battery": _extra_battery,
        "sparkles": _extra_sparkles,
        "question": _extra_question,
        "dots": _extra_dots,
        "sweat": _extra_sweat,
        "blush": _extra_blush,
        "note": _extra_note,
    }
)


def _check(look: Look, width: int, height: int, palette: str) -> None:
    if palette not in PALETTES:
        raise ValueError(f"palette must be one of {', '.join(sorted(PALETTES))}, not {palette!r}")
    for name, side in (("width", width), ("height", height)):
        if isinstance(side, bool) or not isinstance(side, int) or not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError(f"{name} must be a whole number of pixels in {MIN_SIDE}..{MAX_SIDE}")
    for part, value, vocabulary in (
        ("eyes", look.eyes, EYES),
        ("brows", look.brows, BROWS),
        ("mouth", look.mouth, MOUTHS),
        ("extra", look.extra, EXTRAS),
    ):
        if value not in vocabulary:
            raise ValueError(f"unknown {part} {value!r}")


def render_face(look: Look, width: int, height: int, palette: str = "bw") -> bytes:
    """PNG bytes of the face."""
    _check(look, width, height, palette)
    if palette == "bw":
        image = Image.new("1", (width, height), 255)
        paper, ink, accent = 255, 0, 0
    else:
        image = Image.new("P", (width, height), 0)
        image.putpalette(_BWR_PALETTE)
        paper, ink, accent = 0, 1, 2
    margin = max(1.0, _MARGIN * min(width, height))
    scale = min((width - 2 * margin) / _ASPECT, height - 2 * margin)
    pen = Pen(
        draw=ImageDraw.Draw(image),
        left=(width - _ASPECT * scale) / 2,
        top=(height - scale) / 2,
        scale=scale,
        paper=paper,
        ink=ink,
        accent=accent,
    )
    eyes = _EYES[look.eyes]
    for side in (-1, 1):
        eye_x = _CENTRE_X + side * _EYE_DX
        eyes.draw(pen, eye_x, _EYE_Y, side)
        _BROWS[look.brows](pen, eye_x, _EYE_Y - eyes.reach - _BROW_GAP, side)
    _MOUTHS[look.mouth](pen, _CENTRE_X, _MOUTH_Y)
    _EXTRAS[look.extra](pen)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
