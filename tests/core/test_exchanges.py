"""The recent conversation: a bounded window of exchanges, markers for self-started turns."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.exchanges import (
    MAX_TEXT,
    WINDOW,
    Exchange,
    Exchanges,
    Line,
    Role,
    marker,
)

AT = "2024-01-10T11:00:00+00:00"


def _line(text: str, role: Role = Role.OWNER, sender: str = "alice") -> Line:
    return Line(AT, "assist", sender, role, text)


def _exchange(n: int, *, said: bool = True, kind: str = "owner") -> Exchange:
    reply = _line(f"reply {n}", Role.PET, "shelldon") if said else None
    return Exchange(_line(f"message {n}"), reply, kind)


def test_marker_text() -> None:
    assert marker("Shelldon") == "(shelldon spoke up on its own)"
    assert marker("Mr Pickles") == "(mr pickles spoke up on its own)"


def test_window_default() -> None:
    assert WINDOW == 12
    assert Exchanges().window == WINDOW


def test_window_bound_on_add() -> None:
    history = Exchanges(window=3)
    for n in range(5):
        history.add(_exchange(n))
    assert [e.heard.text for e in history.exchanges] == ["message 2", "message 3", "message 4"]


def test_window_bound_on_construction() -> None:
    history = Exchanges([_exchange(n) for n in range(20)])
    assert len(history.exchanges) == WINDOW
    assert history.exchanges[0].heard.text == "message 8"


def test_lines_in_order_with_markers() -> None:
    history = Exchanges()
    history.add(_exchange(1))
    history.add(
        Exchange(
            Line(AT, "notification", "shelldon", Role.MARKER, marker("Shelldon")),
            _line("the plants look thirsty", Role.PET, "shelldon"),
            "reach_out",
        )
    )
    history.add(_exchange(2, said=False))  # the pet chose not to answer
    assert [(line.role, line.text) for line in history.lines()] == [
        (Role.OWNER, "message 1"),
        (Role.PET, "reply 1"),
        (Role.MARKER, "(shelldon spoke up on its own)"),
        (Role.PET, "the plants look thirsty"),
        (Role.OWNER, "message 2"),
    ]


def test_empty_history() -> None:
    assert Exchanges().lines() == []
    assert Exchanges().to_list() == []


def test_to_dict() -> None:
    assert _exchange(1).to_dict() == {
        "heard": {
            "at": AT,
            "room": "assist",
            "sender": "alice",
            "role": "owner",
            "text": "message 1",
        },
        "said": {
            "at": AT,
            "room": "assist",
            "sender": "shelldon",
            "role": "pet",
            "text": "reply 1",
        },
        "kind": "owner",
    }
    assert _exchange(1, said=False).to_dict()["said"] is None


def test_round_trip() -> None:
    history = Exchanges([_exchange(1), _exchange(2, said=False, kind="proactive")])
    back = Exchanges.from_list(history.to_list())
    assert back.exchanges == history.exchanges
    assert back.lines() == history.lines()


def test_from_list_skips_damaged_items() -> None:
    good = _exchange(1).to_dict()
    no_role = {**good, "heard": {**good["heard"], "role": "ghost"}}
    bad_said = {**good, "said": {"text": "half a line"}}
    said_not_dict = {**good, "said": "hello"}
    no_heard = {"said": good["said"], "kind": "owner"}
    missing_field = {**good, "heard": {k: v for k, v in good["heard"].items() if k != "sender"}}
    data = [good, no_role, bad_said, said_not_dict, no_heard, missing_field, "junk", 3, None]
    back = Exchanges.from_list(data)
    assert [e.to_dict() for e in back.exchanges] == [good]


def test_from_list_defaults_the_kind() -> None:
    data = _exchange(1).to_dict()
    del data["kind"]
    assert Exchanges.from_list([data]).exchanges[0].kind == "owner"


@pytest.mark.parametrize("data", [None, "junk", {}, 42])
def test_from_list_of_garbage_is_empty(data) -> None:
    assert Exchanges.from_list(data).exchanges == []


def test_from_list_bounds_text_and_window() -> None:
    long = _exchange(1).to_dict()
    long["heard"]["text"] = "x" * (MAX_TEXT + 50)
    back = Exchanges.from_list([long] + [_exchange(n).to_dict() for n in range(4)], window=2)
    assert len(back.exchanges) == 2
    assert back.window == 2
    one = Exchanges.from_list([long])
    assert len(one.exchanges[0].heard.text) == MAX_TEXT


def test_from_list_text_is_a_string() -> None:
    data = _exchange(1).to_dict()
    data["heard"]["text"] = 42
    assert Exchanges.from_list([data]).exchanges[0].heard.text == "42"


def test_role_values() -> None:
    assert [r.value for r in Role] == ["owner", "pet", "marker"]
