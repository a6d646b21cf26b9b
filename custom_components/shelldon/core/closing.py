"""Whether a conversation that ended is worth a closing turn of the model, decided locally.

A closing (flush) turn exists to keep what the conversation left: facts the answers did not
keep, a thread the pet was in the middle of, words a failed turn never took in. Most talk leaves
nothing of the kind — "good night", "the tea was lovely" — and every message was already
answered (and what it held kept) by its own turn; a call then buys nothing. So each owner
message is recorded with what its answer did, and the closing turn runs only when something is
left: a message that holds something durable (a name, a date or time, a plan, a person, a
"remember") whose answer kept nothing, or an answer that failed. What the words are never decides
it: a conversation whose every message was answered and whose names, times and plans were kept
closes without a call, whether its last line asked something or not (a question of the pet's
is in the history, and its next conversation sees it). Nothing is dropped either way: every
message is in the journal and the history, whatever this decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

MAX_HELD: Final = 40  # messages of one conversation remembered here (the rest are in the journal)

_WORDS: Final = (
    r"remember|don'?t forget|remind|birthday|anniversary|appointment|interview|exam|deadline|"
    r"allergic|allergy|favou?rite|prefer|hate|moving|married|pregnant|new job|password|"
    r"tomorrow|tonight|next week|next month|this weekend|on (?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|june|"
    r"july|august|september|october|november|december"
)
_KINSHIP: Final = (
    r"\b(?:my|our)\s+(?:wife|husband|partner|girlfriend|boyfriend|sister|brother|mum|mom|"
    r"mother|dad|father|son|daughter|kids?|children|baby|friend|boss|colleague|neighbou?r|"
    r"doctor|dog|cat|grand\w+|aunt|uncle|cousin)\b"
)
SIGNALS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("a time", re.compile(r"\b\d{1,2}(?::\d{2}|\s?(?:am|pm)|h\b)|\b\d{1,2}\.\d{2}\b", re.I)),
    ("a date or a number", re.compile(r"\b\d{1,4}(?:st|nd|rd|th)?\b", re.I)),
    ("a plan or a person", re.compile(rf"\b(?:{_WORDS})\b", re.I)),
    ("someone of theirs", re.compile(_KINSHIP, re.I)),
    ("about themselves", re.compile(r"\bI(?:'m| am| have| was| will|'ll| work| live)\b")),
)
# A capitalised word inside a sentence is taken for a name (a person, a place).
_NAME: Final = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]{2,}\b")
PERSONAL: Final = ("a name", "someone of theirs", "about themselves")
_SMALL_TALK: Final = re.compile(
    r"^\W*(?:hi|hello|hey|good (?:morning|night|evening|afternoon)|thanks?(?: you)?|"
    r"bye|see you|ok(?:ay)?|yes|no|sure|cool|nice|lol)\W*$",
    re.I,
)


def keepable(text: str) -> str | None:
    """What in an owner's message might be worth keeping (for the reason), or None."""
    if _SMALL_TALK.match(text):
        return None
    if found := _NAME.search(text):
        return f"a name ({found.group(0)})"
    for what, pattern in SIGNALS:
        if pattern.search(text):
            return what
    return None


@dataclass(frozen=True)
class Heard:
    """One owner message of the conversation, and what its answer did (not its words: those
    are in the journal; here only what might be worth keeping in it)."""

    signal: str | None  # what `keepable` found in it
    answered: bool  # the turn ran and its reply was read
    remembered: bool  # the reply kept a fact
    acted: bool = False  # it promised, settled, asked, edited, or a reminder was filed
    asked_back: bool = False  # the reply's say asks the owner something it did not record

    @property
    def kept(self) -> bool:
        """Whether its answer kept what it held: someone of the owner's (a name, a person,
        themselves) only as a fact remembered; a time, a date or a plan by any keeping act."""
        if self.signal is not None and self.signal.startswith(PERSONAL):
            return self.remembered
        return self.remembered or self.acted


@dataclass
class Conversation:
    """The conversation in progress, as far as closing it goes."""

    heard: list[Heard] = field(default_factory=list)

    def add(self, heard: Heard) -> None:
        """One more message and its answer (the oldest fall away past MAX_HELD)."""
        self.heard = [*self.heard, heard][-MAX_HELD:]

    def clear(self) -> None:
        """The conversation is closed."""
        self.heard = []

    def to_list(self) -> list[dict[str, Any]]:
        """Plain data for the checkpoint."""
        return [
            {
                "signal": h.signal,
                "answered": h.answered,
                "remembered": h.remembered,
                "acted": h.acted,
                "asked_back": h.asked_back,
            }
            for h in self.heard
        ]

    @classmethod
    def from_list(cls, data: Any) -> Conversation:
        """Back from the checkpoint (anything unreadable is skipped)."""
        heard = []
        for item in data if isinstance(data, list) else []:
            if isinstance(item, dict):
                signal = item.get("signal")
                heard.append(
                    Heard(
                        signal[:80] if isinstance(signal, str) else None,
                        item.get("answered") is not False,
                        item.get("remembered") is True,
                        item.get("acted") is True,
                        item.get("asked_back") is True,
                    )
                )
        return cls(heard[-MAX_HELD:])


@dataclass(frozen=True)
class Closing:
    """Whether the closing turn is worth a call, and why (written to the journal)."""

    worth: bool
    reason: str


def worth_closing(conversation: Conversation) -> Closing:
    """Decide from what was said and what the answers did; see the module's docstring."""
    heard = conversation.heard
    if not heard:
        return Closing(False, "nothing was said")
    if failed := [h for h in heard if not h.answered]:
        return Closing(True, f"{len(failed)} message(s) never answered by the model")
    for h in heard:
        if not h.kept and h.signal is not None:
            return Closing(True, f"something to keep: {h.signal}")
    return Closing(False, "every message was answered and what it held was kept")


def hear(text: str, *, answered: bool, remembered: bool, acted: bool, say: str, asks: int) -> Heard:
    """What to record of an owner message and its answer."""
    return Heard(keepable(text), answered, remembered, acted, asks_back(say, asks))


def asks_back(say: str, recorded_asks: int) -> bool:
    """Whether a reply asks the owner something without recording it as a question."""
    return recorded_asks == 0 and say.rstrip().endswith("?")
