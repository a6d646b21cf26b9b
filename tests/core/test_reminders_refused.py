"""A "remind me" that is refused or asked about files nothing: "don't remind me to call mum",
"please do not remind me … at 5", "no need to remind me …", "you don't need to remind me about
the bins anymore", "never remind me …", "I do not want you to remind me …", "did you remind me
…?" (as "erinnere mich nicht daran", "ne me rappelle pas", "no me recuerdes" and "herinner me
er niet aan" never did). "Remind me not to eat the cake" is a reminder to not eat it. "Don't
remind me to call mum any more", "cancel the reminder about the dentist" (and "erinnere mich
nicht mehr daran, …", "annule le rappel de …", "no me recuerdes …", "herinner me er niet meer
aan …") name the promise to let go. "Actually, make it 6pm", "no, at 6", "6pm instead" (and
"lieber um 18 Uhr", "plutôt à 18h", "mejor a las 6", "maak er 6 uur van") correct the time just
said."""

from __future__ import annotations

from datetime import datetime

import pytest

from custom_components.shelldon.core.commitments import parse_move, parse_remind_me
from custom_components.shelldon.core.language.questions import lets_go
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


# --- letting a promise go ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "errand"),
    [
        ("don't remind me to call mum", "call mum"),
        ("no need to remind me about the bins anymore", "the bins"),
        ("stop reminding me to drink water", "drink water"),
        ("cancel the reminder to call mum", "call mum"),
        ("Cancel my reminder about the dentist, please.", "the dentist"),
        ("never mind the reminder about the plumber", "the plumber"),
        ("Erinnere mich nicht mehr daran, Mama anzurufen", "Mama anzurufen"),
        ("Lösche die Erinnerung an den Zahnarzt", "den Zahnarzt"),
        ("Ne me rappelle pas d'appeler maman", "appeler maman"),
        ("Annule le rappel de la réunion", "la réunion"),
        ("No me recuerdes llamar a mamá", "llamar a mamá"),
        ("Cancela el recordatorio de la reunión", "la reunión"),
        ("Herinner me er niet meer aan mama te bellen", "mama te bellen"),
        ("Annuleer de herinnering aan de tandarts", "de tandarts"),
        # its clause only: what follows a comma is another request
        ("never mind the reminder about the plumber, remind me to call Ana", "the plumber"),
    ],
)
def test_a_promise_let_go_names_its_errand(said: str, errand: str) -> None:
    assert lets_go(said) == errand


@pytest.mark.parametrize(
    "said",
    ["remind me to call mum", "I never remind myself", "the reminder was nice", "forget it"],
)
def test_what_lets_nothing_go(said: str) -> None:
    assert lets_go(said) is None


# --- a time corrected at once --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "hour"),
    [
        ("actually, make it 6pm", 18),
        ("no, at 6", 18),
        ("No, remind me at 6", 18),
        ("6pm instead", 18),
        ("change it to 7:30", 19),
        ("lieber um 18 Uhr", 18),
        ("mach 18 Uhr daraus", 18),
        ("plutôt à 18h", 18),
        ("mejor a las 6", 18),
        ("maak er 6 uur van", 18),
    ],
)
def test_a_correction_names_the_new_time(said: str, hour: int) -> None:
    moved = parse_move(said, MON)
    assert moved is not None and (moved.hour, moved.date()) == (hour, MON.date())


@pytest.mark.parametrize(
    "said",
    [
        "no thanks",
        "actually I have to go",
        "no, I will be home at 7 with the kids",
        "instead of that",
        "make it a double",
    ],
)
def test_what_corrects_no_time(said: str) -> None:
    assert parse_move(said, MON) is None
