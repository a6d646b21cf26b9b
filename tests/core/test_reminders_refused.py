"""A "remind me" that is refused or asked about files nothing: "don't remind me to call mum",
"please do not remind me … at 5", "no need to remind me …", "you don't need to remind me about
the bins anymore", "never remind me …", "I do not want you to remind me …", "did you remind me
…?" (as "erinnere mich nicht daran", "ne me rappelle pas", "no me recuerdes" and "herinner me
er niet aan" never did). "Remind me not to eat the cake" is a reminder to not eat it."""

from __future__ import annotations

from datetime import datetime

import pytest

from custom_components.shelldon.core.promises.commitments import parse_remind_me
from tests.core._support import AMS

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)


@pytest.mark.parametrize(
    "said",
    [
        "don't remind me to call mum",
        "Don’t remind me about the bins",
        "please do not remind me to call mum at 5",
        "no need to remind me to call mum",
        "you don't need to remind me about the bins anymore",
        "never remind me to call mum again",
        "I do not want you to remind me to call mum",
        "Did you remind me to call mum?",
        "Erinnere mich nicht daran, Mama anzurufen",
        "Ne me rappelle pas d'appeler maman",
        "No me recuerdes llamar a mamá",
        "Herinner me er niet aan mama te bellen",
    ],
)
def test_a_refused_reminder_files_nothing(said: str) -> None:
    assert parse_remind_me(said, MON) is None


@pytest.mark.parametrize(
    ("said", "due"),
    [
        ("remind me to call mum at 5", datetime(2024, 1, 8, 17, 0, tzinfo=AMS)),
        ("I don't know, remind me to call mum at 5", datetime(2024, 1, 8, 17, 0, tzinfo=AMS)),
        ("please remind me to call mum at 5", datetime(2024, 1, 8, 17, 0, tzinfo=AMS)),
    ],
)
def test_a_negation_elsewhere_refuses_nothing(said: str, due: datetime) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None and (reminder.what, reminder.due) == ("call mum", due)


@pytest.mark.parametrize(
    ("said", "due"),
    [
        ("remind me not to eat the cake", None),
        ("remind me at 5 not to eat the cake", datetime(2024, 1, 8, 17, 0, tzinfo=AMS)),
    ],
)
def test_remind_me_not_to_is_a_reminder_to_not(said: str, due: datetime | None) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None
    assert (reminder.what, reminder.link, reminder.due) == ("not eat the cake", "to", due)
