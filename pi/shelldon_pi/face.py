"""The pictures: the face made ready for a panel, and the "no connection" face drawn here.

Pure Pillow, no I/O: bytes in, images out. The service runs these in a worker thread.
"""

from __future__ import annotations

import hashlib
import io
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from .words import offline_words

# The colours a panel can show; "any" keeps the picture as it came (png: panels).
PALETTES: Final = ("bw", "bwr", "any")
WHITE: Final = (255, 255, 255)
BLACK: Final = (0, 0, 0)
RED: Final = (255, 0, 0)
MAX_PNG_BYTES: Final = 8 * 1024 * 1024
MAX_PIXELS: Final = 4000 * 4000  # larger than any panel; refuses decompression bombs early
DEFAULT_SIZE: Final = (250, 122)  # the 2.13" panel, shelldon's default face size


class BadPicture(ValueError):
    """The bytes are not a picture this service will draw."""


def decode(png: bytes) -> Image.Image:
    """The face PNG, decoded (and checked to be a reasonable size)."""
    if len(png) > MAX_PNG_BYTES:
        raise BadPicture(f"the picture is {len(png)} bytes, more than any face needs")
    try:
        with Image.open(io.BytesIO(png)) as image:
            width, height = image.size
            if width * height > MAX_PIXELS or width < 1 or height < 1:
                raise BadPicture(f"the picture is {width}×{height}: no panel is that big")
            image.load()
            return image.copy()
    except BadPicture:
        raise
    except (OSError, ValueError, Image.DecompressionBombError) as err:
        raise BadPicture(f"not a picture ({err})") from None


def fit(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The picture on a white page of `size`: scaled to fit, centred (letterboxed)."""
    rgb = image.convert("RGB")
    if rgb.size == size:
        return rgb
    width, height = size
    scale = min(width / rgb.width, height / rgb.height)
    scaled = (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale)))
    # NEAREST keeps 1-bit line art crisp at whole scales; a panel is all hard edges anyway.
    resized = rgb.resize(scaled, Image.Resampling.NEAREST if scale >= 1 else Image.Resampling.BOX)
    page = Image.new("RGB", size, WHITE)
    page.paste(resized, ((width - scaled[0]) // 2, (height - scaled[1]) // 2))
    return page


def _bwr_palette() -> Image.Image:
    palette = Image.new("P", (1, 1))
    palette.putpalette([*WHITE, *BLACK, *RED] + [0, 0, 0] * 253)
    return palette


def to_palette(image: Image.Image, palette: str) -> Image.Image:
    """The picture in the panel's colours: 1-bit ("bw"), white/black/red ("bwr"), or as is."""
    if palette == "any":
        return image
    if palette == "bw":
        # A threshold, not dithering: faces are line art, and dither would speckle them.
        return image.convert("L").point(lambda v: 255 if v >= 128 else 0).convert("1")
    if palette == "bwr":
        rgb = image.convert("RGB")
        # Red: strong red, weak green and blue; everything else goes to black or white.
        return rgb.quantize(palette=_bwr_palette(), dither=Image.Dither.NONE)
    raise ValueError(f"unknown palette {palette!r}")


def prepare(png: bytes, size: tuple[int, int] | None, palette: str) -> Image.Image:
    """The face PNG as the panel will show it (size None: the picture's own size)."""
    image = decode(png)
    if size is not None:
        image = fit(image, size)
    return to_palette(image, palette)


def digest(image: Image.Image) -> str:
    """A fingerprint of the pixels (two renders of the same face give the same one)."""
    h = hashlib.sha256()
    h.update(f"{image.mode}:{image.width}x{image.height}:".encode())
    if image.mode == "P":
        h.update(bytes(image.getpalette() or []))
    h.update(image.tobytes())
    return h.hexdigest()


def layers(image: Image.Image) -> tuple[Image.Image, Image.Image | None]:
    """1-bit black and red layers (0 = ink) as Waveshare's two-colour drivers take them."""
    if image.mode != "P":
        return image.convert("1"), None
    indices = image.tobytes()
    black = bytes(0 if i == 1 else 255 for i in indices)
    red = bytes(0 if i == 2 else 255 for i in indices)
    size = image.size
    return (
        Image.frombytes("L", size, black).convert("1"),
        Image.frombytes("L", size, red).convert("1"),
    )


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=max(8, size))
    except (TypeError, OSError, ImportError):  # Pillow without FreeType: the bitmap font
        return ImageFont.load_default()


def _text_width(draw: ImageDraw.ImageDraw, text: str, font: object) -> int:
    left, _, right, _ = draw.textbbox((0, 0), text, font=font)  # type: ignore[arg-type]
    return int(right - left)


def offline_face(
    size: tuple[int, int] | None, palette: str, since: str, language: str = "en"
) -> Image.Image:
    """The face shown while Home Assistant is away: a pet with crossed-out eyes, a flat mouth,
    an unplugged cable, and the words "no connection" in the owner's language (drawn here, so
    it needs no network)."""
    width, height = size or DEFAULT_SIZE
    page = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(page)
    unit = min(width / 2.6, height)
    line = max(1, round(unit * 0.04))
    accent = RED if palette == "bwr" else BLACK
    # The face, on the left.
    cx, cy, r = unit * 0.5, height * 0.5, unit * 0.4
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=BLACK, width=line)
    eye = r * 0.18
    for ex in (cx - r * 0.38, cx + r * 0.38):
        ey = cy - r * 0.2
        draw.line((ex - eye, ey - eye, ex + eye, ey + eye), fill=BLACK, width=line)
        draw.line((ex - eye, ey + eye, ex + eye, ey - eye), fill=BLACK, width=line)
    draw.line((cx - r * 0.35, cy + r * 0.42, cx + r * 0.35, cy + r * 0.42), fill=BLACK, width=line)
    # An unplugged plug under the words.
    left = cx + r + unit * 0.12
    room = max(1.0, width - left - unit * 0.06)
    title, to_whom, since_line = offline_words(language, since)
    font_size = max(8, round(height * 0.2))
    font = _font(font_size)
    while font_size > 8 and _text_width(draw, title, font) > room:
        font_size -= 1
        font = _font(font_size)
    small = _font(max(8, round(font_size * 0.55)))
    draw.text((left, height * 0.16), title, fill=BLACK, font=font)
    draw.text((left, height * 0.16 + font_size * 1.25), to_whom, fill=BLACK, font=small)
    draw.text(
        (left, height * 0.16 + font_size * 1.25 + font_size * 0.75),
        since_line,
        fill=BLACK,
        font=small,
    )
    plug_y = height * 0.8
    plug = max(3.0, unit * 0.08)
    draw.line((left, plug_y, left + room * 0.35, plug_y), fill=BLACK, width=line)
    draw.rectangle(
        (left + room * 0.35, plug_y - plug, left + room * 0.35 + plug * 1.5, plug_y + plug),
        outline=BLACK,
        width=line,
    )
    socket_x = left + room * 0.35 + plug * 4.5
    draw.rectangle(
        (socket_x, plug_y - plug * 1.3, socket_x + plug * 1.2, plug_y + plug * 1.3),
        fill=accent,
    )
    return to_palette(page, palette)
