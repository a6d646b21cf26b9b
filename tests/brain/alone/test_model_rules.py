"""What a turn's request may ask of each Claude model (`brain.model_rules`), read as a table and
as what is dropped when a model refuses a part of a request."""

from __future__ import annotations

import time

import pytest

from custom_components.shelldon.brain.model_rules import (
    CHARS_PER_TOKEN,
    NEWER_CHARS_PER_TOKEN,
    REPLY_CAP,
    THINKING_CAP,
    ModelRules,
    rules_for,
)

REPLY = {"type": "tool", "name": "reply"}
AUTO = {"type": "auto"}


@pytest.mark.parametrize(
    "model", ["claude-haiku-4-5", "claude-sonnet-4-5-20250929", "claude-opus-5", "claude-sonnet-5"]
)
def test_a_model_that_takes_forced_tools_is_asked_for_the_reply_tool(model: str) -> None:
    rules = rules_for(model)
    assert rules.choice(REPLY) == REPLY
    assert rules.thinking is None and rules.max_tokens == REPLY_CAP


@pytest.mark.parametrize("model", ["claude-sonnet-5-5", "claude-sonnet-5-5-20260928"])
def test_sonnet_5_5_is_offered_its_tools_and_thinks_only_between_them(model: str) -> None:
    rules = rules_for(model)
    assert rules.choice(REPLY) == AUTO and rules.choice({"type": "any"}) == AUTO
    assert rules.thinking == {"type": "between_tools"}
    assert rules.max_tokens == REPLY_CAP


@pytest.mark.parametrize(
    "model", ["claude-opus-5-5", "claude-opus-5-5-20260922", "claude-fable-5-1"]
)
def test_a_model_that_always_thinks_has_room_for_it_and_no_setting_it_refuses(model: str) -> None:
    rules = rules_for(model)
    assert rules.choice(REPLY) == AUTO
    assert rules.thinking is None, "its own adaptive thinking: `disabled` is refused"
    assert rules.effort == "low", "the least thinking, where it cannot be turned off"
    assert rules.max_tokens == THINKING_CAP > REPLY_CAP


def test_a_refusal_naming_tool_choice_drops_forcing_and_nothing_else() -> None:
    rules = ModelRules()
    dropped = rules.without("tool_choice: forced tool use is not supported for this model")
    assert dropped == (ModelRules(forcing=False), "forced tool use")
    fewer, _ = dropped
    assert fewer.choice(REPLY) == AUTO
    assert fewer.without("tool_choice: still refused") is None, "nothing left to drop: a failure"


def test_a_refusal_naming_thinking_drops_the_setting_sent() -> None:
    rules = rules_for("claude-sonnet-5-5")
    dropped = rules.without('"thinking.type.between_tools" is not supported for this model')
    assert dropped is not None and dropped[1] == "the thinking setting"
    assert dropped[0].thinking is None and not dropped[0].forcing
    assert ModelRules().without('"thinking.type.disabled" is not supported') is None


@pytest.mark.parametrize(
    "message",
    [
        "overloaded",
        "max_tokens: too large",
        "invalid x-api-key",
        # about the messages, though they name thinking or a tool choice: nothing is dropped
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found "
        "`tool_use`. When `thinking` is enabled, a final `assistant` message must start with a "
        "thinking block",
        "messages.2: a tool_result block must follow its tool_use (tool_choice auto)",
        "tools.0.input_schema: the effort field is not valid here",
    ],
)
def test_any_other_refusal_drops_nothing(message: str) -> None:
    assert ModelRules().without(message) is None
    assert rules_for("claude-sonnet-5-5").without(message) is None
    assert rules_for("claude-opus-5-5").without(message) is None


def test_the_rules_set_each_model_dependent_part_of_a_request_and_clear_what_they_drop() -> None:
    body = {"model": "m", "thinking": {"type": "disabled"}, "extra_body": {"x": 1}}
    always = rules_for("claude-opus-5-5")
    assert always.apply(body, REPLY) == {
        "model": "m",
        "max_tokens": THINKING_CAP,
        "tool_choice": AUTO,
        "extra_body": {"output_config": {"effort": "low"}},
    }
    dropped = always.without("output_config.effort: 'low' is not supported for this model")
    assert dropped is not None and dropped[1] == "the effort" and dropped[0].effort is None
    assert "extra_body" not in dropped[0].apply(body, REPLY)
    sonnet = rules_for("claude-sonnet-5-5").apply({}, REPLY)
    assert sonnet["thinking"] == {"type": "between_tools"} and "extra_body" not in sonnet
    assert ModelRules().apply({}, REPLY) == {"max_tokens": REPLY_CAP, "tool_choice": REPLY}


@pytest.mark.parametrize(
    ("model", "chars"),
    [
        ("claude-haiku-4-5", CHARS_PER_TOKEN),
        ("claude-sonnet-4-5-20250929", CHARS_PER_TOKEN),
        ("claude-opus-4-6", CHARS_PER_TOKEN),
        ("claude-opus-4-7", NEWER_CHARS_PER_TOKEN),
        ("claude-haiku-5-5", NEWER_CHARS_PER_TOKEN),
        ("claude-sonnet-5", NEWER_CHARS_PER_TOKEN),
        ("claude-sonnet-5-5", NEWER_CHARS_PER_TOKEN),
        ("claude-opus-5-5-20260922", NEWER_CHARS_PER_TOKEN),
        ("claude-fable-5-1", NEWER_CHARS_PER_TOKEN),
        ("some-model-of-tomorrow", CHARS_PER_TOKEN),
    ],
)
def test_the_newer_tokenizer_counts_about_thirty_percent_more(model: str, chars: float) -> None:
    assert rules_for(model).chars_per_token == chars
    assert round(CHARS_PER_TOKEN / NEWER_CHARS_PER_TOKEN, 1) == 1.3


def _cpu(message: str) -> float:
    """The thread's CPU to read one refusal, best of three."""
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        ModelRules().without(message)
        rules_for("claude-opus-5-5").without(message)
        best = min(best, time.thread_time() - start)
    return best


@pytest.mark.parametrize("seed", ["`", " ", '"', "`messages", '"thinking.', "tool_choice "])
def test_a_64_kilobyte_refusal_is_read_in_linear_time(seed: str) -> None:
    """An API error's message is read from its start; four times the text costs about four
    times the CPU (the thread's own, so a loaded machine does not change the ratio)."""
    small, big = ((seed * (size // len(seed) + 1))[:size] + "x" for size in (16384, 65536))
    assert _cpu(big) < 8 * _cpu(small) + 0.05, "superlinear in the message's length"
