"""The face made ready for a panel, and the "no connection" face."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from shelldon_pi import face as pictures

from tests.pi.fakes import face_png, values


def png_of(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def bwr_face(size: tuple[int, int] = (250, 122)) -> Image.Image:
    """Like the integration's black/white/red faces: a P image, palette white, black, red."""
    image = Image.new("P", size, 0)
    image.putpalette([255, 255, 255, 0, 0, 0, 255, 0, 0])
    for x in range(20, 60):
        image.putpixel((x, 30), 1)
        image.putpixel((x, 60), 2)
    return image


def test_a_face_of_the_panels_size_is_kept_pixel_for_pixel() -> None:
    png = face_png(5)
    image = pictures.prepare(png, (250, 122), "bw")
    assert image.mode == "1"
    assert image.size == (250, 122)
    original = Image.open(io.BytesIO(png)).convert("1")
    assert image.tobytes() == original.tobytes()


def test_png_panels_keep_the_picture_as_it_came() -> None:
    face = bwr_face()
    image = pictures.prepare(png_of(face), None, "any")
    assert image.size == face.size
    assert image.convert("RGB").tobytes() == face.convert("RGB").tobytes()


def test_a_smaller_face_is_letterboxed_on_white() -> None:
    small = Image.new("1", (125, 122), 0)  # all black, half the width
    image = pictures.prepare(png_of(small), (250, 122), "bw")
    assert image.size == (250, 122)
    assert image.getpixel((0, 61)) == 255  # white bars left and right
    assert image.getpixel((249, 61)) == 255
    assert image.getpixel((125, 61)) == 0  # the face in the middle


def test_a_larger_face_is_scaled_down_to_fit() -> None:
    big = Image.new("1", (800, 480), 0)
    image = pictures.prepare(png_of(big), (250, 122), "bw")
    assert image.size == (250, 122)
    # 800×480 scaled to 122 high is 203 wide, centred: bars of about 23 px each side.
    assert image.getpixel((5, 61)) == 255
    assert image.getpixel((125, 61)) == 0


def test_black_white_red_on_a_red_panel() -> None:
    image = pictures.prepare(png_of(bwr_face()), (250, 122), "bwr")
    assert image.mode == "P"
    assert image.getpixel((30, 30)) == 1  # black
    assert image.getpixel((30, 60)) == 2  # red
    assert image.getpixel((100, 100)) == 0  # white
    black, red = pictures.layers(image)
    assert red is not None
    assert black.getpixel((30, 30)) == 0 and red.getpixel((30, 30)) == 255
    assert black.getpixel((30, 60)) == 255 and red.getpixel((30, 60)) == 0
    assert black.getpixel((100, 100)) == 255 and red.getpixel((100, 100)) == 255


def test_red_on_a_black_and_white_panel_turns_black() -> None:
    image = pictures.prepare(png_of(bwr_face()), (250, 122), "bw")
    assert image.getpixel((30, 60)) == 0


def test_grey_is_thresholded_not_dithered() -> None:
    grey = Image.new("L", (40, 40), 100)
    grey.paste(200, (20, 0, 40, 40))
    image = pictures.prepare(png_of(grey), None, "bw")
    assert values(image.crop((0, 0, 20, 40))) == {0}
    assert values(image.crop((20, 0, 40, 40))) == {255}


def test_digest_follows_the_pixels_not_the_file() -> None:
    a = pictures.prepare(face_png(1), None, "bw")
    again = pictures.prepare(png_of(Image.open(io.BytesIO(face_png(1)))), None, "bw")
    other = pictures.prepare(face_png(2), None, "bw")
    assert pictures.digest(a) == pictures.digest(again)
    assert pictures.digest(a) != pictures.digest(other)
    assert pictures.digest(a) != pictures.digest(a.convert("L"))


@pytest.mark.parametrize(
    "data",
    [b"", b"not a png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 20],
)
def test_what_is_not_a_picture_is_refused(data: bytes) -> None:
    with pytest.raises(pictures.BadPicture):
        pictures.decode(data)


def test_huge_pictures_are_refused() -> None:
    with pytest.raises(pictures.BadPicture, match="bytes"):
        pictures.decode(b"x" * (pictures.MAX_PNG_BYTES + 1))
    huge = Image.new("1", (5000, 4000), 255)
    with pytest.raises(pictures.BadPicture, match="no panel is that big"):
        pictures.decode(png_of(huge))


@pytest.mark.parametrize(
    ("size", "palette", "mode"),
    [
        ((250, 122), "bw", "1"),
        ((296, 128), "bwr", "P"),
        (None, "any", "RGB"),
        ((800, 480), "bw", "1"),
    ],
)
def test_the_no_connection_face(size: tuple[int, int] | None, palette: str, mode: str) -> None:
    image = pictures.offline_face(size, palette, "14:05")
    assert image.mode == mode
    assert image.size == (size or pictures.DEFAULT_SIZE)
    grey = image.convert("L").histogram()
    inked = sum(grey[:128])
    assert 0.01 < inked / sum(grey) < 0.5  # a drawing, not a blank or a black page
    assert pictures.digest(image) != pictures.digest(pictures.offline_face(size, palette, "14:06"))


def test_the_no_connection_face_has_red_on_a_red_panel() -> None:
    image = pictures.offline_face((250, 122), "bwr", "09:00")
    assert 2 in values(image)
