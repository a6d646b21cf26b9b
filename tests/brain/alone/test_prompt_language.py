"""The turn prompt names the language to answer in, and the cached prefix never moves for it."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from custom_components.shelldon.brain.prompt import (
    LANGUAGE_LINE,
    build_prompt,
    changing_text,
    question_text,
    stable_text,
)
from custom_components.shelldon.brain.turn import Identity, Machine, PromptLine, TurnRequest
from custom_components.shelldon.core.turn_kind import TurnKind

PIP = Identity("Pip", "- Be kind.", "Ein kleiner Krebs, der gern Tee trinkt.", "the flat")
MACHINE = Machine(
    local_time=datetime(2026, 11, 30, 14, 7, tzinfo=UTC),
    feeling="content",
    valence=0.1,
    arousal=0.0,
    energy=0.5,
    power_mode="lively",
    on_battery=False,
    charge=None,
    turns_left=12,
    daily_turns=12,
    tokens_today=0,
)


def request(kind: TurnKind = TurnKind.OWNER, language: str = "en") -> TurnRequest:
    messages = (PromptLine("message", "assist", "Sam", "owner", "Wie spät ist es?"),)
    return TurnRequest(
        kind=kind,
        identity=PIP,
        machine=MACHINE,
        messages=messages if kind is TurnKind.OWNER else (),
        goal="[g1] Mama anrufen" if kind is TurnKind.REACH_OUT else None,
        language=language,
    )


def test_a_request_answers_in_english_unless_told() -> None:
    assert TurnRequest(kind=TurnKind.OWNER, identity=PIP, machine=MACHINE).language == "en"
    assert question_text(request(), None).endswith(LANGUAGE_LINE.format(language="English"))


@pytest.mark.parametrize(
    ("tag", "called"),
    [
        ("de", "German"),
        ("fr", "French"),
        ("es", "Spanish"),
        ("nl", "Dutch"),
        ("pt-BR", "Brazilian Portuguese"),
        ("ja", "Japanese"),
        ("xx-YY", "xx-YY"),
    ],
)
@pytest.mark.parametrize("kind", [k for k in TurnKind if k is not TurnKind.DREAM])
def test_the_question_names_the_language_for_any_tag(kind: TurnKind, tag: str, called: str) -> None:
    assert changing_text(request(kind, tag)).endswith(LANGUAGE_LINE.format(language=called))


def test_the_language_line_says_files_keep_their_own_language() -> None:
    line = question_text(request(language="de"), None)
    assert "in German" in line
    assert "A file you edit keeps the language it is written in." in line


@pytest.mark.parametrize("kind", list(TurnKind))
def test_the_stable_part_is_the_same_in_every_language(kind: TurnKind) -> None:
    prompts = [build_prompt(request(kind, tag)) for tag in ("en", "de", "fr", "es", "nl", "pt-BR")]
    assert len({p.stable for p in prompts}) == 1, "the cached prefix never moves for a language"
    assert len({p.changing for p in prompts}) == len(prompts), "the changing part names it"


def test_only_the_language_line_changes_between_languages() -> None:
    english, german = changing_text(request()), changing_text(request(language="de"))
    assert english.replace("in English:", "in German:") == german


def test_turns_of_one_language_share_their_stable_part_byte_for_byte() -> None:
    first = build_prompt(request(TurnKind.OWNER, "de"))
    later = build_prompt(
        replace(request(TurnKind.OWNER, "de"), machine=replace(MACHINE, energy=0.2))
    )
    assert first.stable == later.stable == stable_text(request())


def test_the_persona_stays_in_the_owners_words() -> None:
    assert PIP.persona in build_prompt(request(language="fr")).stable


def test_the_dream_keeps_its_facts_in_the_owners_language() -> None:
    prompt = build_prompt(request(TurnKind.DREAM, "de"))
    assert prompt.changing.endswith("Intent first. Write the facts in German.")
    assert build_prompt(request(TurnKind.DREAM, "nl")).stable == prompt.stable
