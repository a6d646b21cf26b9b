"""What each Claude model accepts of a turn's request: forced tool use, the thinking setting,
room for thinking in the reply's cap; and how many characters make one of its tokens.

Anthropic's migration pages (read 2026-12-06) say that on Claude Sonnet 5.5, Opus 5.5 and
Fable 5.1 forced tool use (`tool_choice` of type `any` or `tool`) returns an error, so there the
pet offers its tools with `auto` and its prompt asks for the reply tool. Sonnet 5.5 thinks up
front by default; `between_tools` is its lowest setting (a pet's turn is short). Opus 5.5 and
Fable 5.1 always think (adaptive; `disabled` is refused): they are asked for the lowest effort,
and their cap leaves room for the thinking.

A model not in the table gets what every other Claude model accepts. If it refuses a part of
the request all the same (a 400 that names `tool_choice`, `thinking` or the effort), the brain
drops that part for the rest of its life (`ModelRules.without`), so a model released after this
table works from its second request on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Final

REPLY_CAP: Final = 700  # tokens: a reply is a few sentences and a few facts
THINKING_CAP: Final = 2_000  # tokens: a model that always thinks also thinks within the cap
CHARS_PER_TOKEN: Final = 3.5  # a cautious estimate for English prose and JSON
# Claude 4.7 and later (the 5.x family) count the same text as about 30% more tokens (Anthropic's
# Haiku 5.5 and Sonnet 5 pages): the estimate follows.
NEWER_CHARS_PER_TOKEN: Final = round(CHARS_PER_TOKEN / 1.3, 2)


@dataclass(frozen=True, slots=True)
class ModelRules:
    """What a turn's request may ask of one model."""

    forcing: bool = True  # the reply tool (or some tool) may be forced
    thinking: dict[str, str] | None = None  # the thinking setting sent (None: the model's own)
    effort: str | None = None  # `output_config.effort` sent (None: the model's default)
    max_tokens: int = REPLY_CAP
    chars_per_token: float = CHARS_PER_TOKEN  # for estimates made without asking the API

    def choice(self, forced: dict[str, Any]) -> dict[str, Any]:
        """The `tool_choice` to send for the one the turn would force."""
        return dict(forced) if self.forcing else {"type": "auto"}

    def apply(self, body: dict[str, Any], forced: dict[str, Any]) -> dict[str, Any]:
        """The request's model-dependent parts set as these rules have them (in place); the
        effort travels as an extra field, which every SDK release the pet runs on sends as is."""
        body["max_tokens"] = self.max_tokens
        body["tool_choice"] = self.choice(forced)
        body.pop("thinking", None)
        body.pop("extra_body", None)
        if self.thinking is not None:
            body["thinking"] = dict(self.thinking)
        if self.effort is not None:
            body["extra_body"] = {"output_config": {"effort": self.effort}}
        return body

    def without(self, refused: str) -> tuple[ModelRules, str] | None:
        """These rules without the part an API error refused (`refused`: the API's message),
        and that part's name; None if the message is about another part of the request (the
        messages, say: a thinking block out of place is no reason to stop sending `thinking`)
        or names nothing the rules could drop."""
        if _ABOUT_OTHER.match(refused):
            return None
        if self.forcing and "tool_choice" in refused:
            return replace(self, forcing=False), "forced tool use"
        if self.thinking is not None and "thinking" in refused:
            return replace(self, thinking=None), "the thinking setting"
        if self.effort is not None and ("effort" in refused or "output_config" in refused):
            return replace(self, effort=None), "the effort"
        return None


# An error message about another part of the request starts with that part's path (read once
# from its start: nothing to backtrack into).
_ABOUT_OTHER: Final = re.compile(r"\W*+(?:messages|system|tools|max_tokens)\b")
_NEWER: Final = ModelRules(chars_per_token=NEWER_CHARS_PER_TOKEN)
# Always thinking, a turn asks for the least of it (where up-front thinking was turned off
# before, Anthropic's pages say to lower the effort instead), and the cap leaves room for it.
_ALWAYS_THINKS: Final = replace(_NEWER, forcing=False, effort="low", max_tokens=THINKING_CAP)
# Model family (the id's prefix, dated suffixes aside) -> its rules; the first match wins.
RULES: Final[tuple[tuple[str, ModelRules], ...]] = (
    ("claude-sonnet-5-5", replace(_NEWER, forcing=False, thinking={"type": "between_tools"})),
    ("claude-opus-5-5", _ALWAYS_THINKS),
    ("claude-fable-5-1", _ALWAYS_THINKS),
    ("claude-haiku-5", _NEWER),
    ("claude-sonnet-5", _NEWER),
    ("claude-opus-5", _NEWER),
    ("claude-fable-5", _NEWER),
    ("claude-opus-4-8", _NEWER),
    ("claude-opus-4-7", _NEWER),
)


def rules_for(model: str) -> ModelRules:
    """The rules of a model id (one not in the table: the common ones)."""
    return next((rules for family, rules in RULES if model.startswith(family)), ModelRules())
