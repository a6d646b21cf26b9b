"""The pen the face is drawn with: face units onto the panel's pixels, in the palette's colours.

Lines keep an even width at any panel size (rounded at their ends and at sharp corners, mitred
where they bend gently); `arc`, `star` and `box` give the point lists the parts are made of.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import ImageDraw

STROKE: Final = 0.045  # line width in face units (never below one pixel)

Point = tuple[float, float]


@dataclass(frozen=True)
class Pen:
    """Draws in face units onto the panel; knows the palette's paper, ink and accent."""

    draw: ImageDraw.ImageDraw
    left: float
    top: float
    scale: float
    paper: int
    ink: int
    accent: int

    def at(self, x: float, y: float) -> Point:
        return self.left + x * self.scale, self.top + y * self.scale

    def width(self, weight: float = 1.0) -> int:
        return max(1, round(STROKE * weight * self.scale))

    def stroke(self, points: Sequence[Point], weight: float = 1.0, fill: int | None = None) -> None:
        """A line of even width through the points, rounded at its ends and at sharp corners."""
        colour = self.ink if fill is None else fill
        width = self.width(weight)
        pixels = [self.at(x, y) for x, y in points]
        if width <= 2:
            self.draw.line(pixels, fill=colour, width=width)
            return
        for run in _smooth_runs(pixels):
            self.draw.polygon(_outline(run, width / 2), fill=colour)
            r = (width - 1) / 2
            for x, y in (run[0], run[-1]):
                self.draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)

    def blob(self, cx: float, cy: float, rx: float, ry: float, fill: int | None = None) -> None:
        """A filled ellipse."""
        x0, y0 = self.at(cx - rx, cy - ry)
        x1, y1 = self.at(cx + rx, cy + ry)
        self.draw.ellipse((x0, y0, x1, y1), fill=self.ink if fill is None else fill)

    def ring(self, cx: float, cy: float, rx: float, ry: float, weight: float = 1.0) -> None:
        """An ellipse outline whose line is centred on the given radii."""
        width = self.width(weight)
        grow = width / 2 / self.scale
        x0, y0 = self.at(cx - rx - grow, cy - ry - grow)
        x1, y1 = self.at(cx + rx + grow, cy + ry + grow)
        self.draw.ellipse((x0, y0, x1, y1), outline=self.ink, width=width)

    def shape(self, points: Sequence[Point], fill: int | None = None) -> None:
        """A filled polygon."""
        colour = self.ink if fill is None else fill
        self.draw.polygon([self.at(x, y) for x, y in points], fill=colour, outline=colour)


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _smooth_runs(pixels: Sequence[Point]) -> list[list[Point]]:
    """The polyline split at corners sharper than about 45 degrees (those get round joins)."""
    runs = [[pixels[0]]]
    for i in range(1, len(pixels)):
        runs[-1].append(pixels[i])
        if i < len(pixels) - 1:
            a = _unit(pixels[i][0] - pixels[i - 1][0], pixels[i][1] - pixels[i - 1][1])
            b = _unit(pixels[i + 1][0] - pixels[i][0], pixels[i + 1][1] - pixels[i][1])
            if a[0] * b[0] + a[1] * b[1] < 0.7:
                runs.append([pixels[i]])
    return runs


def _outline(run: Sequence[Point], half: float) -> list[Point]:
    """The polygon around a gently bending polyline, `half` pixels to either side (mitred)."""
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(run):
        before = run[max(i - 1, 0)]
        after = run[min(i + 1, len(run) - 1)]
        tx, ty = _unit(after[0] - before[0], after[1] - before[1])
        sx, sy = _unit(run[i][0] - before[0], run[i][1] - before[1]) if i else (tx, ty)
        miter = half / max(0.5, tx * sx + ty * sy)
        left.append((x - ty * miter, y + tx * miter))
        right.append((x + ty * miter, y - tx * miter))
    return left + right[::-1]


def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> list[Point]:
    """Points along an ellipse, angles in degrees clockwise from east (y grows downwards)."""
    steps = max(6, round(abs(end - start) / 12))
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def star(cx: float, cy: float, outer: float, inner: float, tips: int) -> list[Point]:
    """A star with the first tip pointing up."""
    return [
        (
            cx + (outer if i % 2 == 0 else inner) * math.cos(math.pi * (i / tips - 0.5)),
            cy + (outer if i % 2 == 0 else inner) * math.sin(math.pi * (i / tips - 0.5)),
        )
        for i in range(2 * tips)
    ]


def box(left: float, top: float, right: float, bottom: float) -> list[Point]:
    return [(left, top), (right, top), (right, bottom), (left, bottom)]
