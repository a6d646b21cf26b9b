"""The pure rules: when a tool of the home may run, and what today's models cache."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.caching import CONSERVATIVE_MINIMUM, minimum_cacheable
from custom_components.shelldon.core.home import Verdict, asks_to_act, is_read_only, judge


@pytest.mark.parametrize(
    "text",
    [
        "switch on the desk lamp",
        "please turn off the kitchen light",
        "Schalte die Schreibtischlampe ein",
        "allume la lampe du bureau",
        "enciende la lámpara del escritorio",
        "zet de bureaulamp aan",
    ],
)
def test_a_request_to_act_in_each_language(text: str) -> None:
    assert asks_to_act(text)


@pytest.mark.parametrize(
    "text",
    [
        "is the kitchen window open?",
        "what does my note about the front door say?",
        "Ist das Küchenfenster offen?",
        "good morning!",
        "",
    ],
)
def test_a_question_or_a_chat_asks_for_no_change(text: str) -> None:
    assert not asks_to_act(text)


def test_a_change_runs_only_in_the_owners_turn_when_asked_and_named() -> None:
    def verdict(args: dict[str, object], words: str, owners: bool = True) -> Verdict:
        return judge("HassTurnOn", args, changes=True, owners_turn=owners, owner_words=words)

    assert verdict({"name": "Desk lamp"}, "switch on the desk lamp") is Verdict.RAN
    assert verdict({"name": "Desk lamp"}, "what is on my desk?") is Verdict.NOT_ASKED
    assert verdict({"name": "Front door"}, "switch on the desk lamp") is Verdict.NOT_NAMED
    assert verdict({"domain": ["lock"]}, "switch on the desk lamp") is Verdict.NOT_NAMED
    assert verdict({"area": "Kitchen"}, "turn off the lights in the kitchen") is Verdict.RAN
    assert verdict({"name": "Desk lamp"}, "switch on the desk lamp", False) is (
        Verdict.NOT_OWNERS_TURN
    )
    read = judge("GetLiveContext", {}, changes=False, owners_turn=True, owner_words="hi")
    assert read is Verdict.RAN
    assert judge("GetLiveContext", {}, changes=False, owners_turn=False, owner_words="hi") is (
        Verdict.NOT_OWNERS_TURN
    )


def test_a_tool_that_does_not_say_it_only_reads_is_taken_to_change_the_home() -> None:
    assert is_read_only("GetLiveContext", None)
    assert not is_read_only("HassTurnOn", None)
    assert not is_read_only("some_script", None)
    assert not is_read_only("GetLiveContext", False), "what a tool declares wins"
    assert is_read_only("weather_forecast", True)


@pytest.mark.parametrize(
    ("model", "minimum"),
    [
        ("claude-haiku-4-5", 4096),
        ("claude-sonnet-4-6", 2048),
        ("claude-sonnet-4-5-20250929", 1024),
        ("claude-haiku-5-5", CONSERVATIVE_MINIMUM),
        ("claude-sonnet-5-5", CONSERVATIVE_MINIMUM),
        ("claude-sonnet-5", CONSERVATIVE_MINIMUM),
        ("claude-opus-5-5", CONSERVATIVE_MINIMUM),
        ("claude-opus-5", CONSERVATIVE_MINIMUM),
    ],
)
def test_todays_models_in_the_one_table(model: str, minimum: int) -> None:
    assert minimum_cacheable(model) == minimum
