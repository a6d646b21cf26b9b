"""Whether a finished conversation is worth a closing turn: decided locally, from what was said."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.closing import (
    MAX_HELD,
    Conversation,
    hear,
    keepable,
    worth_closing,
)


@pytest.mark.parametrize(
    "text",
    [
        "good night",
        "Good morning!",
        "thanks",
        "the tea was lovely today",
        "home at last; dinner was pasta",
        "did you have a quiet day?",
        "what's the weather like?",
    ],
)
def test_small_talk_holds_nothing_to_keep(text: str) -> None:
    assert keepable(text) is None


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("my sister Ada visits on Saturday", "a name (Ada)"),
        ("the dentist is at 14:30", "a time"),
        ("remember that the boiler man comes", "a plan or a person"),
        ("my boss wants the report", "someone of theirs"),
        ("I'm allergic to peanuts", "a plan or a person"),
        ("I work nights now", "about themselves"),
        ("we moved in 2019", "a date or a number"),
    ],
)
def test_what_might_be_worth_keeping_is_named(text: str, found: str) -> None:
    assert keepable(text) == found


def talk(*messages: tuple[str, bool], say: str = "Noted!", asks: int = 0) -> Conversation:
    conversation = Conversation()
    for text, kept in messages:
        conversation.add(
            hear(text, answered=True, remembered=kept, acted=False, say=say, asks=asks)
        )
    return conversation


def test_a_conversation_whose_answers_kept_what_it_held_needs_no_closing_call() -> None:
    closing = worth_closing(
        talk(("good morning! remind me to call mum at 18:00", True), ("the tea was lovely", False))
    )
    assert not closing.worth
    assert "answered" in closing.reason


def test_something_durable_that_no_answer_kept_is_worth_a_call() -> None:
    closing = worth_closing(talk(("good night", False), ("my sister Ada comes tomorrow", False)))
    assert closing.worth
    assert closing.reason == "something to keep: a name (Ada)"


def test_a_failed_answer_is_worth_a_call_so_nothing_said_is_lost() -> None:
    conversation = Conversation()
    conversation.add(
        hear("the tea was lovely", answered=False, remembered=False, acted=False, say="", asks=0)
    )
    assert worth_closing(conversation).worth


def test_ending_on_a_question_is_no_reason_for_a_call() -> None:
    """Whatever the words: every message answered and nothing durable left unkept closes
    locally (the pet's question is in the history; its next conversation sees it)."""
    assert not worth_closing(talk(("hello", False), say="How did it go?")).worth
    recorded = talk(("hello", False), say="How did it go?", asks=1)
    assert not worth_closing(recorded).worth
    owner_asks = talk(("What did you do all day?", False), say="I dozed. And you?")
    assert not worth_closing(owner_asks).worth, "a question to the pet leaves no plan open"


def test_nothing_said_is_not_worth_a_call() -> None:
    assert not worth_closing(Conversation()).worth


def test_the_record_holds_no_words_and_survives_the_checkpoint() -> None:
    conversation = talk(("my card is 4111 1111 1111 1111", False), ("thanks", True))
    data = conversation.to_list()
    assert "4111" not in repr(data), "what was said stays in the journal, not here"
    back = Conversation.from_list(data)
    assert back == conversation
    assert worth_closing(back) == worth_closing(conversation)
    assert Conversation.from_list("garbage").heard == []
    assert Conversation.from_list([{"answered": "x"}, 3]).heard[0].answered is True


def test_a_long_conversation_is_bounded() -> None:
    conversation = talk(*[("ok", True)] * (MAX_HELD + 10))
    assert len(conversation.heard) == MAX_HELD


def test_someone_of_the_owners_is_kept_only_by_a_fact_remembered() -> None:
    promised = Conversation()
    promised.add(
        hear(
            "my sister Ada says it will rain on Saturday",
            answered=True,
            remembered=False,
            acted=True,  # it promised to look up the weather: Ada is still unkept
            say="I'll look it up.",
            asks=0,
        )
    )
    assert worth_closing(promised).worth
    filed = Conversation()
    filed.add(
        hear(
            "remind me to call mum at 18:00",
            answered=True,
            remembered=False,
            acted=True,  # the reminder was filed: the time is kept
            say="I'll remind you.",
            asks=0,
        )
    )
    assert not worth_closing(filed).worth
