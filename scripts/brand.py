"""Draw the integration's brand images from the pet's own face renderer.

Home Assistant (2026.x) serves a custom integration's `brand/` folder for its integration and
device pages. The icon is the content face on a little E-Ink panel, centred on a square; the
logo is the panel alone, at its landscape shape. Ink is black on transparent, white on
transparent for the dark variants. `python scripts/brand.py` writes them;
tests/runtime/test_current_release.py checks the committed files are exactly what this draws.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image, ImageDraw

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from custom_components.shelldon.body.face.portrait import render_face  # noqa: E402
from custom_components.shelldon.core.faces import STARTER_FACES  # noqa: E402

BRAND_DIR = REPO / "custom_components" / "shelldon" / "brand"
# name -> (width, height); @2x are the same pictures at twice the pixels.
SIZES = {
    "icon.png": (256, 256),
    "icon@2x.png": (512, 512),
    "logo.png": (256, 128),
    "logo@2x.png": (512, 256),
}


def draw(width: int, height: int, *, dark: bool = False) -> bytes:
    """One brand image: the content face on a little E-Ink panel, transparent around it."""
    look = next(face.look for face in STARTER_FACES if face.name == "content")
    ink = (255, 255, 255, 255) if dark else (0, 0, 0, 255)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    border = max(2, width // 40)
    panel_w = width - border
    panel_h = min(height - border, panel_w // 2) if width == height else height - border
    left, top = (width - panel_w) // 2, (height - panel_h) // 2
    box = (left, top, left + panel_w - 1, top + panel_h - 1)
    pen.rounded_rectangle(box, radius=panel_h // 6, outline=ink, width=border)
    inner = (panel_w - 4 * border, panel_h - 4 * border)
    face = Image.open(io.BytesIO(render_face(look, *inner, "bw"))).convert("L")
    mask = face.point(lambda value: 255 - value)  # ink (black) is what is drawn
    image.paste(Image.new("RGBA", inner, ink), (left + 2 * border, top + 2 * border), mask)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def images() -> dict[str, bytes]:
    """Every brand file, light and dark."""
    out = {}
    for name, (width, height) in SIZES.items():
        out[name] = draw(width, height)
        out[f"dark_{name}"] = draw(width, height, dark=True)
    return out


def main() -> None:
    BRAND_DIR.mkdir(exist_ok=True)
    for name, data in images().items():
        (BRAND_DIR / name).write_bytes(data)
        print(f"wrote {BRAND_DIR / name} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
