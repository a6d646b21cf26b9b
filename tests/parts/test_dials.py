"""The dials: every part reads the same live options, and none can change them but the
runtime, as a whole."""

from __future__ import annotations

import pytest

from custom_components.shelldon.ports import Dials


def test_a_dial_is_read_as_from_a_dict_and_replaced_only_as_a_whole() -> None:
    dials = Dials({"quiet_start": "22:00:00", "quiet_end": "07:00:00", "daily_turns": 3})
    assert dials["daily_turns"] == 3 and dials.get("nothing") is None
    assert dials.quiet_hours.start.hour == 22
    held = dials  # a part holds the same object, and sees the new values
    assert dials.replace({"quiet_start": "23:00:00", "quiet_end": "07:00:00", "extra": 1}) == {
        "quiet_start",
        "daily_turns",
        "extra",
    }
    assert held.time_of("quiet_start").hour == 23 and "daily_turns" not in held
    assert held.quiet_hours.start.hour == 23  # read once per set of options, never stale


def test_the_quiet_hours_are_read_once_until_the_options_are_replaced() -> None:
    dials = Dials({"quiet_start": "22:00:00", "quiet_end": "07:00:00"})
    assert dials.quiet_hours is dials.quiet_hours  # parsed once, not on every tick
    dials.replace({"quiet_start": "21:30:00", "quiet_end": "06:45:00"})
    assert (dials.quiet_hours.start.hour, dials.quiet_hours.start.minute) == (21, 30)
    assert (dials.quiet_hours.end.hour, dials.quiet_hours.end.minute) == (6, 45)
    dials.replace({"quiet_start": "21:30:00", "quiet_end": "06:45:00", "daily_turns": 5})
    assert dials.quiet_hours.end.minute == 45  # other dials changing keeps them right


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.__setitem__("daily_turns", 99),
        lambda d: d.__delitem__("daily_turns"),
        lambda d: d.update(daily_turns=99),
        lambda d: d.setdefault("new", 1),
        lambda d: d.pop("daily_turns"),
        lambda d: d.popitem(),
        lambda d: d.clear(),
    ],
)
def test_a_part_cannot_change_a_dial(change: object) -> None:
    dials = Dials({"daily_turns": 3})
    with pytest.raises(TypeError, match="replace"):
        change(dials)  # type: ignore[operator]
    assert dials == {"daily_turns": 3}
