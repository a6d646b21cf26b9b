"""How mood becomes a face: the starter table, first-match selection, the closed table schema."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.faces import (
    BROWS,
    EXTRAS,
    EYES,
    LIFECYCLE_LOOKS,
    MOUTHS,
    POWER_LEVELS,
    STARTER_FACES,
    Face,
    FaceTableError,
    Look,
    face_table_to_data,
    parse_face_table,
    select_face,
)
from custom_components.shelldon.core.power import BackoffLevel
from tests.core._support import PROPERTY, energy_level, unit


def _name(valence: float, arousal: float, energy: float = 0.5, power: str | None = None) -> str:
    return select_face(STARTER_FACES, valence, arousal, energy, power).name


def _starter_data() -> dict[str, Any]:
    return copy.deepcopy(face_table_to_data(STARTER_FACES))


CONTENT: dict[str, Any] = {"name": "content", "look": {"eyes": "happy", "mouth": "smile"}}


def _table(*faces: dict[str, Any]) -> dict[str, Any]:
    return {"faces": [*copy.deepcopy(list(faces)), copy.deepcopy(CONTENT)]}


def _face(**fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": "cozy",
        "feeling": "cozy",
        "when": {"energy": [0.0, 0.3]},
        "look": {"eyes": "half", "brows": "relaxed", "mouth": "smile", "extra": "blush"},
    }
    entry.update(fields)
    return entry


# --- the starter table -------------------------------------------------------------------


def test_starter_table_order() -> None:
    assert [face.name for face in STARTER_FACES] == [
        "low_battery",
        "sleepy",
        "grumpy",
        "excited",
        "curious",
        "content",
    ]


def test_starter_boxes_are_the_documented_ones() -> None:
    faces = {face.name: face for face in STARTER_FACES}
    assert faces["low_battery"].power == frozenset({"low"})
    assert faces["sleepy"].arousal == (-1.0, -0.3)
    assert faces["grumpy"].valence == (-1.0, -0.3)
    assert (faces["excited"].valence, faces["excited"].arousal) == ((0.3, 1.0), (0.3, 1.0))
    assert faces["curious"].arousal == (0.15, 1.0)
    content = faces["content"]
    assert content.valence == (-1.0, 1.0)
    assert content.arousal == (-1.0, 1.0)
    assert content.energy == (0.0, 1.0)
    assert content.power is None


def test_only_the_last_starter_face_is_the_catch_all() -> None:
    assert [face.catch_all for face in STARTER_FACES] == [False] * 5 + [True]


def test_starter_looks_use_only_the_vocabulary() -> None:
    for face in STARTER_FACES:
        assert face.look.eyes in EYES
        assert face.look.brows in BROWS
        assert face.look.mouth in MOUTHS
        assert face.look.extra in EXTRAS


def test_lifecycle_looks_are_thinking_and_reply() -> None:
    assert set(LIFECYCLE_LOOKS) == {"thinking", "reply"}
    assert not {face.name for face in STARTER_FACES} & set(LIFECYCLE_LOOKS)


@pytest.mark.parametrize(
    ("valence", "arousal", "expected"),
    [
        (0.0, 0.0, "content"),
        (0.0, -0.5, "sleepy"),
        (-0.5, 0.0, "grumpy"),
        (-0.5, -0.5, "sleepy"),  # sleepy is listed before grumpy
        (0.5, 0.5, "excited"),  # excited is listed before curious
        (0.0, 0.5, "curious"),
        (0.29, 0.5, "curious"),
        (0.5, 0.2, "curious"),
        (-0.5, 0.5, "grumpy"),  # grumpy is listed before curious
        (1.0, -1.0, "sleepy"),
        (0.29, 0.14, "content"),
        (-0.29, -0.29, "content"),
    ],
)
def test_select_face_is_first_match(valence: float, arousal: float, expected: str) -> None:
    assert _name(valence, arousal) == expected


@pytest.mark.parametrize(
    ("valence", "arousal", "expected"),
    [
        (0.0, -0.3, "sleepy"),
        (0.0, -0.2999, "content"),
        (0.0, -1.0, "sleepy"),
        (-0.3, 0.0, "grumpy"),
        (-0.2999, 0.0, "content"),
        (-1.0, 0.0, "grumpy"),
        (0.3, 0.3, "excited"),
        (1.0, 1.0, "excited"),
        (0.2999, 0.3, "curious"),
        (0.3, 0.2999, "curious"),
        (0.0, 0.15, "curious"),
        (0.0, 0.1499, "content"),
    ],
)
def test_box_boundaries_are_inclusive(valence: float, arousal: float, expected: str) -> None:
    assert _name(valence, arousal) == expected


@pytest.mark.parametrize("power", ["low", BackoffLevel.LOW])
@pytest.mark.parametrize(("valence", "arousal"), [(0.0, 0.0), (0.8, 0.8), (-1.0, -1.0)])
def test_low_battery_face_wins_at_low_power(valence: float, arousal: float, power: str) -> None:
    assert _name(valence, arousal, power=power) == "low_battery"


@pytest.mark.parametrize("power", [None, "lively", "eased", BackoffLevel.EASED])
def test_low_battery_face_only_at_low_power(power: str | None) -> None:
    assert _name(0.0, 0.0, power=power) == "content"
    assert _name(0.0, -0.5, power=power) == "sleepy"


def test_starter_faces_ignore_energy() -> None:
    for energy in (0.0, 0.5, 1.0):
        assert _name(0.0, -0.5, energy) == "sleepy"
        assert _name(0.0, 0.0, energy) == "content"


def test_select_face_falls_back_to_the_last_face() -> None:
    picky = Face("picky", "picky", Look(), valence=(0.9, 1.0))
    fallback = Face("fallback", "meh", Look(), valence=(0.95, 1.0))
    assert select_face((picky, fallback), 0.0, 0.0, 0.5).name == "fallback"


def test_face_holds_checks_every_range_and_power() -> None:
    face = Face(
        "f",
        "f",
        Look(),
        valence=(0.0, 0.5),
        arousal=(-0.5, 0.0),
        energy=(0.2, 0.4),
        power=frozenset({"eased"}),
    )
    assert face.holds(0.25, -0.25, 0.3, "eased")
    assert not face.holds(0.25, -0.25, 0.3, "lively")
    assert not face.holds(0.25, -0.25, 0.3, None)
    assert not face.holds(0.6, -0.25, 0.3, "eased")
    assert not face.holds(0.25, 0.1, 0.3, "eased")
    assert not face.holds(0.25, -0.25, 0.5, "eased")
    assert face.holds(0.0, -0.5, 0.2, "eased")
    assert face.holds(0.5, 0.0, 0.4, "eased")


# --- parse_face_table: what it accepts ----------------------------------------------------


def test_starter_table_round_trips_through_plain_data() -> None:
    parsed = parse_face_table(face_table_to_data(STARTER_FACES))
    assert parsed == STARTER_FACES
    assert [face.catch_all for face in parsed] == [face.catch_all for face in STARTER_FACES]
    assert face_table_to_data(parsed) == face_table_to_data(STARTER_FACES)


def test_plain_data_omits_full_ranges_and_keeps_conditions() -> None:
    data = face_table_to_data(STARTER_FACES)
    entries = {entry["name"]: entry for entry in data["faces"]}
    assert set(data) == {"faces"}
    assert entries["low_battery"]["when"] == {"power": ["low"]}
    assert entries["sleepy"]["when"] == {"arousal": [-1.0, -0.3]}
    assert entries["excited"]["when"] == {"valence": [0.3, 1.0], "arousal": [0.3, 1.0]}
    assert "when" not in entries["content"]
    assert entries["content"]["look"] == {
        "eyes": "happy",
        "brows": "relaxed",
        "mouth": "smile",
        "extra": "none",
    }


def test_custom_table_with_an_owner_added_face() -> None:
    data = _starter_data()
    data["faces"].insert(
        1,
        _face(when={"energy": [0.0, 0.3], "power": ["lively", "eased"]}),
    )
    faces = parse_face_table(data)
    assert [face.name for face in faces][:3] == ["low_battery", "cozy", "sleepy"]
    cozy = faces[1]
    assert cozy == Face(
        "cozy",
        "cozy",
        Look(eyes="half", brows="relaxed", mouth="smile", extra="blush"),
        energy=(0.0, 0.3),
        power=frozenset({"lively", "eased"}),
    )
    assert select_face(faces, 0.0, -0.5, 0.2, "lively").name == "cozy"
    assert select_face(faces, 0.0, -0.5, 0.2, "low").name == "low_battery"
    assert select_face(faces, 0.0, -0.5, 0.2, None).name == "sleepy"
    assert select_face(faces, 0.0, -0.5, 0.6, "lively").name == "sleepy"
    assert parse_face_table(face_table_to_data(faces)) == faces


def test_a_single_catch_all_face_is_a_valid_table() -> None:
    (only,) = parse_face_table({"faces": [CONTENT]})
    assert only.catch_all
    assert select_face((only,), -1.0, 1.0, 0.0, "low").name == "content"


def test_optional_parts_default_and_feeling_defaults_to_the_name() -> None:
    (face,) = parse_face_table(
        {"faces": [{"name": "very_calm", "look": {"eyes": "closed", "mouth": "flat"}}]}
    )
    assert face.feeling == "very calm"
    assert face.look == Look(eyes="closed", brows="none", mouth="flat", extra="none")


def test_feeling_is_stripped() -> None:
    (face,) = parse_face_table({"faces": [{**CONTENT, "feeling": "  at ease  "}]})
    assert face.feeling == "at ease"


def test_integer_and_degenerate_ranges_are_accepted() -> None:
    faces = parse_face_table(
        _table(_face(when={"valence": [0, 1], "arousal": [0.2, 0.2], "energy": [1, 1]}))
    )
    assert faces[0].valence == (0.0, 1.0)
    assert faces[0].arousal == (0.2, 0.2)
    assert faces[0].energy == (1.0, 1.0)
    assert isinstance(faces[0].valence[0], float)


def test_empty_when_makes_a_catch_all() -> None:
    (face,) = parse_face_table({"faces": [{**CONTENT, "when": {}}]})
    assert face.catch_all


def test_every_vocabulary_word_is_accepted() -> None:
    for part, words in (("eyes", EYES), ("brows", BROWS), ("mouth", MOUTHS), ("extra", EXTRAS)):
        for word in words:
            look = {"eyes": "open", "mouth": "smile", part: word}
            (face,) = parse_face_table({"faces": [{"name": "x", "look": look}]})
            assert getattr(face.look, part) == word


def test_every_power_level_is_accepted() -> None:
    faces = parse_face_table(_table(_face(when={"power": sorted(POWER_LEVELS)})))
    assert faces[0].power == frozenset({"lively", "eased", "low"})


def test_face_table_error_is_a_value_error() -> None:
    assert issubclass(FaceTableError, ValueError)


# --- parse_face_table: what it refuses ----------------------------------------------------

Mutation = Callable[[dict[str, Any]], Any]


def _set(index: int, key: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        data["faces"][index][key] = value
        return data

    return mutate


def _when(index: int, **conditions: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        data["faces"][index].setdefault("when", {}).update(conditions)
        return data

    return mutate


def _look(index: int, **parts: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        data["faces"][index]["look"].update(parts)
        return data

    return mutate


def _drop_look(index: int, part: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        del data["faces"][index]["look"][part]
        return data

    return mutate


def _del(index: int, key: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        del data["faces"][index][key]
        return data

    return mutate


def _append(entry: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        data["faces"].append(entry)
        return data

    return mutate


def _insert(entry: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> dict[str, Any]:
        data["faces"].insert(0, entry)
        return data

    return mutate


REJECTED: dict[str, Mutation] = {
    # the top level
    "not-a-mapping-list": lambda data: data["faces"],
    "not-a-mapping-none": lambda data: None,
    "not-a-mapping-str": lambda data: "faces:",
    "extra-top-level-key": lambda data: {**data, "version": 1},
    "no-faces-key": lambda data: {},
    "wrong-top-level-key": lambda data: {"face": data["faces"]},
    "faces-not-a-list": lambda data: {"faces": {"content": data["faces"][-1]}},
    "faces-a-tuple": lambda data: {"faces": tuple(data["faces"])},
    "faces-a-string": lambda data: {"faces": "content"},
    "empty-list": lambda data: {"faces": []},
    "face-not-a-mapping": _insert("sleepy"),
    "face-none": _insert(None),
    # fields
    "unknown-face-field": _set(1, "colour", "blue"),
    "unknown-face-field-typo": _set(1, "look_", {}),
    "unknown-condition": _when(1, mood=[0.0, 1.0]),
    "unknown-condition-typo": _when(1, valance=[0.0, 1.0]),
    "when-not-a-mapping": _set(1, "when", "always"),
    "when-a-non-empty-list": _set(1, "when", ["valence"]),
    "look-missing": _del(1, "look"),
    "look-not-a-mapping": _set(1, "look", "sleepy"),
    "unknown-look-part": _look(1, nose="button"),
    "eyes-outside-vocabulary": _look(1, eyes="laser"),
    "brows-outside-vocabulary": _look(1, brows="angry"),
    "mouth-outside-vocabulary": _look(1, mouth="tongue"),
    "extra-outside-vocabulary": _look(1, extra="hat"),
    "eyes-none-word": _look(1, eyes="none"),
    "eyes-wrong-case": _look(1, eyes="Open"),
    "eyes-missing": _drop_look(1, "eyes"),
    "mouth-missing": _drop_look(1, "mouth"),
    "part-not-a-string": _look(1, mouth=3),
    # names
    "name-missing": _del(1, "name"),
    "name-empty": _set(1, "name", ""),
    "name-uppercase": _set(1, "name", "Sleepy"),
    "name-leading-digit": _set(1, "name", "1sleepy"),
    "name-leading-underscore": _set(1, "name", "_sleepy"),
    "name-space": _set(1, "name", "so sleepy"),
    "name-dash": _set(1, "name", "so-sleepy"),
    "name-too-long": _set(1, "name", "a" * 33),
    "name-not-a-string": _set(1, "name", 7),
    "duplicate-names": _set(2, "name", "sleepy"),
    "duplicate-catch-all-name": _set(0, "name", "content"),
    "reserved-thinking": _set(1, "name", "thinking"),
    "reserved-reply": _set(1, "name", "reply"),
    "reserved-catch-all": _set(5, "name", "reply"),
    # feeling
    "feeling-empty": _set(1, "feeling", ""),
    "feeling-blank": _set(1, "feeling", "   "),
    "feeling-not-a-string": _set(1, "feeling", 5),
    "feeling-too-long": _set(1, "feeling", "x" * 41),
    # ranges
    "range-reversed": _when(1, arousal=[-0.3, -1.0]),
    "range-below-bounds": _when(1, valence=[-1.5, 0.0]),
    "range-above-bounds": _when(1, arousal=[0.0, 1.1]),
    "energy-below-zero": _when(1, energy=[-0.1, 0.5]),
    "energy-above-one": _when(1, energy=[0.5, 1.5]),
    "range-one-number": _when(1, valence=[0.1]),
    "range-three-numbers": _when(1, valence=[0.1, 0.2, 0.3]),
    "range-scalar": _when(1, valence=0.5),
    "range-string": _when(1, valence="0.1,0.2"),
    "range-strings": _when(1, valence=["0", "1"]),
    "range-none": _when(1, valence=None),
    "range-booleans": _when(1, valence=[False, True]),
    "range-one-boolean": _when(1, energy=[0, True]),
    "range-nan": _when(1, valence=[math.nan, 0.5]),
    "range-inf": _when(1, valence=[-math.inf, 0.5]),
    "range-a-mapping": _when(1, valence={"low": 0.0, "high": 1.0}),
    # power
    "power-a-string": _when(1, power="low"),
    "power-empty": _when(1, power=[]),
    "power-unknown-level": _when(1, power=["asleep"]),
    "power-wrong-case": _when(1, power=["LOW"]),
    "power-boolean": _when(1, power=[True]),
    "power-a-tuple": _when(1, power=("low",)),
    "power-a-mapping": _when(1, power={"low": True}),
    # the catch-all
    "last-face-conditional": lambda data: {"faces": data["faces"][:-1]},
    "last-face-power-only": _when(5, power=["lively", "eased", "low"]),
    "last-face-full-range": _when(5, valence=[-1.0, 1.0]),
    "catch-all-missing-after-custom": _append(_face()),
}


@pytest.mark.parametrize("mutation", list(REJECTED.values()), ids=list(REJECTED))
def test_parse_face_table_rejects_a_broken_table(mutation: Mutation) -> None:
    with pytest.raises(FaceTableError):
        parse_face_table(mutation(_starter_data()))


def test_rejection_message_names_the_face() -> None:
    with pytest.raises(FaceTableError, match="sleepy"):
        parse_face_table(_look(1, eyes="laser")(_starter_data()))
    with pytest.raises(FaceTableError, match="face 2"):
        parse_face_table(_set(1, "name", "Sleepy")(_starter_data()))


def test_name_with_trailing_newline_is_rejected() -> None:
    with pytest.raises(FaceTableError):
        parse_face_table(_table(_face(name="cozy\n")))


def test_unhashable_power_entry_is_a_face_table_error() -> None:
    with pytest.raises(FaceTableError):
        parse_face_table(_table(_face(when={"power": [["low"]]})))


def test_unhashable_look_part_is_a_face_table_error() -> None:
    with pytest.raises(FaceTableError):
        parse_face_table(_table(_face(look={"eyes": ["open"], "mouth": "smile"})))


@pytest.mark.parametrize("when", [[], "", 0, False], ids=["list", "str", "zero", "false"])
def test_falsy_non_mapping_when_is_rejected(when: Any) -> None:
    with pytest.raises(FaceTableError):
        parse_face_table({"faces": [{**CONTENT, "when": when}]})


# --- properties --------------------------------------------------------------------------

powers = st.sampled_from([None, "lively", "eased", "low"])


@PROPERTY
@given(valence=unit, arousal=unit, energy=energy_level, power=powers)
def test_select_face_always_returns_the_first_holding_face_of_the_table(
    valence: float, arousal: float, energy: float, power: str | None
) -> None:
    face = select_face(STARTER_FACES, valence, arousal, energy, power)
    assert face in STARTER_FACES
    index = STARTER_FACES.index(face)
    assert face.holds(valence, arousal, energy, power)
    assert not any(f.holds(valence, arousal, energy, power) for f in STARTER_FACES[:index])


custom_tables = st.lists(
    st.builds(
        lambda name, lo, width, part: _face(
            name=name,
            when={"valence": [lo, min(1.0, lo + width)]},
            look={"eyes": part, "mouth": "smile"},
        ),
        name=st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(
            lambda name: name not in {"content", "thinking", "reply"}
        ),
        lo=st.floats(min_value=-1.0, max_value=1.0),
        width=st.floats(min_value=0.0, max_value=2.0),
        part=st.sampled_from(sorted(EYES)),
    ),
    max_size=5,
    unique_by=lambda entry: entry["name"],
).map(lambda entries: _table(*entries))


@PROPERTY
@given(data=custom_tables, valence=unit, arousal=unit, energy=energy_level, power=powers)
def test_select_face_returns_a_face_from_any_parsed_table(
    data: dict[str, Any], valence: float, arousal: float, energy: float, power: str | None
) -> None:
    faces = parse_face_table(data)
    assert parse_face_table(face_table_to_data(faces)) == faces
    face = select_face(faces, valence, arousal, energy, power)
    assert face in faces
    assert face.holds(valence, arousal, energy, power)
