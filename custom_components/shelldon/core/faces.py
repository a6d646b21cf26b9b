"""How mood becomes a face: a first-match table of mood boxes.

Each face owns a box of mood space (valence, arousal, energy ranges, and optionally the power
levels it shows at) and a look built from a closed vocabulary of parts the panel knows how to
draw. `select_face` returns the first face whose box holds the mood; the last face is the
catch-all. The table is data the owner may edit (`faces.yaml` in the vault); `parse_face_table`
checks it against the closed schema and refuses it whole, with a reason, on any mistake.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

EYES: Final = frozenset(
    {"open", "wide", "happy", "closed", "half", "narrow", "sparkle", "up", "wink"}
)
BROWS: Final = frozenset({"none", "relaxed", "raised", "furrowed", "worried", "quirked"})
MOUTHS: Final = frozenset({"smile", "grin", "flat", "frown", "open", "small_o", "wavy", "smirk"})
EXTRAS: Final = frozenset(
    {"none", "zzz", "battery", "sparkles", "question", "dots", "sweat", "blush", "note"}
)
POWER_LEVELS: Final = frozenset({"lively", "eased", "low"})

_RANGES: Final = {"valence": (-1.0, 1.0), "arousal": (-1.0, 1.0), "energy": (0.0, 1.0)}
_NAME: Final = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_FACE_KEYS: Final = frozenset({"name", "feeling", "when", "look"})
_WHEN_KEYS: Final = frozenset({*_RANGES, "power"})
_LOOK_KEYS: Final = frozenset({"eyes", "brows", "mouth", "extra"})


class FaceTableError(ValueError):
    """The face table does not fit the schema; the message says where."""


@dataclass(frozen=True)
class Look:
    """The parts of a face, each from a closed vocabulary."""

    eyes: str = "open"
    brows: str = "none"
    mouth: str = "smile"
    extra: str = "none"


@dataclass(frozen=True)
class Face:
    """A named face, the feeling word it stands for, the mood box it owns and how it looks."""

    name: str
    feeling: str
    look: Look
    valence: tuple[float, float] = (-1.0, 1.0)
    arousal: tuple[float, float] = (-1.0, 1.0)
    energy: tuple[float, float] = (0.0, 1.0)
    power: frozenset[str] | None = None
    catch_all: bool = field(default=False, compare=False)

    def holds(self, valence: float, arousal: float, energy: float, power: str | None) -> bool:
        """Whether the mood (and power level) is inside this face's box."""
        if self.power is not None and power not in self.power:
            return False
        return (
            self.valence[0] <= valence <= self.valence[1]
            and self.arousal[0] <= arousal <= self.arousal[1]
            and self.energy[0] <= energy <= self.energy[1]
        )


STARTER_FACES: Final[tuple[Face, ...]] = (
    Face(
        "low_battery",
        "drained",
        Look(eyes="half", brows="worried", mouth="wavy", extra="battery"),
        power=frozenset({"low"}),
    ),
    Face(
        "sleepy",
        "sleepy",
        Look(eyes="closed", brows="relaxed", mouth="small_o", extra="zzz"),
        arousal=(-1.0, -0.3),
    ),
    Face(
        "grumpy",
        "grumpy",
        Look(eyes="narrow", brows="furrowed", mouth="frown", extra="none"),
        valence=(-1.0, -0.3),
    ),
    Face(
        "excited",
        "excited",
        Look(eyes="sparkle", brows="raised", mouth="grin", extra="sparkles"),
        valence=(0.3, 1.0),
        arousal=(0.3, 1.0),
    ),
    Face(
        "curious",
        "curious",
        Look(eyes="wide", brows="quirked", mouth="small_o", extra="question"),
        arousal=(0.15, 1.0),
    ),
    Face(
        "content",
        "content",
        Look(eyes="happy", brows="relaxed", mouth="smile", extra="none"),
        catch_all=True,
    ),
)

# The turn lifecycle owns the screen while a turn is in flight (thinking), then briefly (reply).
LIFECYCLE_LOOKS: Final[dict[str, Look]] = {
    "thinking": Look(eyes="up", brows="quirked", mouth="flat", extra="dots"),
    "reply": Look(eyes="open", brows="raised", mouth="open", extra="none"),
}


def select_face(
    faces: Sequence[Face],
    valence: float,
    arousal: float,
    energy: float,
    power: str | None = None,
) -> Face:
    """The first face whose box holds the mood, else the last (the catch-all)."""
    for face in faces:
        if face.holds(valence, arousal, energy, power):
            return face
    return faces[-1]


def _range(value: Any, key: str, where: str) -> tuple[float, float]:
    lo_bound, hi_bound = _RANGES[key]
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise FaceTableError(f"{where}: {key} must be a pair of numbers like [-1.0, 0.3]")
    lo, hi = float(value[0]), float(value[1])
    if not lo_bound <= lo <= hi <= hi_bound:
        raise FaceTableError(f"{where}: {key} must lie within [{lo_bound}, {hi_bound}], low first")
    return lo, hi


def _part(look: Mapping[str, Any], key: str, allowed: frozenset[str], where: str) -> str:
    value = look.get(key, "none" if key in {"brows", "extra"} else None)
    if not isinstance(value, str) or value not in allowed:
        raise FaceTableError(f"{where}: look.{key} must be one of {', '.join(sorted(allowed))}")
    return str(value)


def _face(entry: Any, index: int) -> Face:
    where = f"face {index + 1}"
    if not isinstance(entry, Mapping):
        raise FaceTableError(f"{where}: must be a mapping")
    unknown = set(entry) - _FACE_KEYS
    if unknown:
        raise FaceTableError(f"{where}: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    name = entry.get("name")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise FaceTableError(f"{where}: name must be lowercase letters, digits and _")
    where = f"face '{name}'"
    if name in LIFECYCLE_LOOKS:
        raise FaceTableError(f"{where}: the name is reserved for the turn lifecycle")
    feeling = entry.get("feeling", name.replace("_", " "))
    if not isinstance(feeling, str) or not feeling.strip() or len(feeling) > 40:
        raise FaceTableError(f"{where}: feeling must be a short word")
    when = entry.get("when", {})
    if when is None:
        when = {}
    if not isinstance(when, Mapping):
        raise FaceTableError(f"{where}: when must be a mapping")
    unknown = set(when) - _WHEN_KEYS
    if unknown:
        raise FaceTableError(
            f"{where}: unknown condition(s) {', '.join(sorted(map(str, unknown)))}"
        )
    look = entry.get("look")
    if not isinstance(look, Mapping):
        raise FaceTableError(f"{where}: look is required (eyes, brows, mouth, extra)")
    unknown = set(look) - _LOOK_KEYS
    if unknown:
        raise FaceTableError(
            f"{where}: unknown look part(s) {', '.join(sorted(map(str, unknown)))}"
        )
    power = when.get("power")
    if power is not None and (
        not isinstance(power, list)
        or not power
        or not all(isinstance(level, str) and level in POWER_LEVELS for level in power)
    ):
        raise FaceTableError(f"{where}: power must be a list of {', '.join(sorted(POWER_LEVELS))}")
    ranges = {key: _range(when[key], key, where) for key in _RANGES if key in when}
    return Face(
        name=name,
        feeling=feeling.strip(),
        look=Look(
            eyes=_part(look, "eyes", EYES, where),
            brows=_part(look, "brows", BROWS, where),
            mouth=_part(look, "mouth", MOUTHS, where),
            extra=_part(look, "extra", EXTRAS, where),
        ),
        power=frozenset(power) if power is not None else None,
        catch_all=not when,
        **ranges,
    )


def parse_face_table(data: Any) -> tuple[Face, ...]:
    """Faces from plain data (the parsed faces.yaml); FaceTableError on any mistake."""
    if not isinstance(data, Mapping) or set(data) != {"faces"}:
        raise FaceTableError("the file must hold one key, faces, with a list of faces")
    entries = data["faces"]
    if not isinstance(entries, list) or not entries:
        raise FaceTableError("faces must be a non-empty list")
    faces = tuple(_face(entry, index) for index, entry in enumerate(entries))
    names = [face.name for face in faces]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise FaceTableError(f"face names must be unique: {', '.join(duplicates)}")
    if not faces[-1].catch_all:
        raise FaceTableError("the last face must be the catch-all (a face with no conditions)")
    return faces


def face_table_to_data(faces: Iterable[Face]) -> dict[str, Any]:
    """Plain data for faces.yaml (the inverse of parse_face_table)."""
    out = []
    for face in faces:
        when: dict[str, Any] = {}
        for key, (lo_bound, hi_bound) in _RANGES.items():
            lo, hi = getattr(face, key)
            if (lo, hi) != (lo_bound, hi_bound):
                when[key] = [lo, hi]
        if face.power is not None:
            when["power"] = sorted(face.power)
        entry: dict[str, Any] = {"name": face.name, "feeling": face.feeling}
        if when:
            entry["when"] = when
        entry["look"] = {
            "eyes": face.look.eyes,
            "brows": face.look.brows,
            "mouth": face.look.mouth,
            "extra": face.look.extra,
        }
        out.append(entry)
    return {"faces": out}
