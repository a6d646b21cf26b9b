"""When a tool of the owner's home may run: only in the owner's own turn, and only as asked.

A model's tool call is untrusted, like its reply: a shelf passage, a remembered line or a tool's
result can put words in its mouth. So a call that reads the home (a state, the live context)
runs in any owner turn, and a call that changes the home runs only when the owner's own message
is a request to act and names what the call changes (its `name` or `area`, word for word as the
owner said it). A turn of the pet's own (a musing, a reach-out, a promise kept, the closing turn,
a dream) runs no tool at all, whatever the model asks. Every call, run or refused, is recorded
with its verdict. The owner turn's tool rounds are bounded (`MAX_TOOL_ROUNDS`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

MAX_TOOL_ROUNDS: Final = 4  # model calls that may end in tool calls, per owner turn

# Tools known to only read, for releases whose tools do not say so (before tool annotations);
# any other tool is taken to change the home.
READ_ONLY_TOOLS: Final = frozenset(
    {
        "GetLiveContext",
        "GetDateTime",
        "HassGetState",
        "HassGetWeather",
        "HassGetCurrentDate",
        "HassGetCurrentTime",
        "calendar_get_events",
        "todo_get_items",
    }
)
TARGET_ARGS: Final = ("name", "area", "floor")  # what a call names as its target

# Words that make a message a request to act, in the five languages the pet speaks (stems: a
# word of the message that starts with one counts). "Is the window open?" asks, never acts.
ACT_WORDS: Final = (
    # en
    "turn", "switch", "set", "open", "close", "shut", "lock", "unlock", "start", "stop",
    "dim", "brighten", "activate", "deactivate", "enable", "disable", "put", "make", "run",
    "pause", "resume", "play", "raise", "lower", "toggle",
    # de
    "schalt", "mach", "öffne", "schließ", "schliess", "sperr", "entsperr", "stell", "dimm",
    "starte", "stopp", "aktivier", "deaktivier",
    # fr
    "allume", "éteins", "eteins", "ouvre", "ferme", "verrouille", "déverrouille", "mets",
    "règle", "regle", "lance", "arrête", "arrete", "active", "désactive", "baisse", "monte",
    # es
    "enciende", "apaga", "abre", "cierra", "bloquea", "desbloquea", "pon", "ajusta",
    "activa", "desactiva", "baja", "sube", "inicia", "para",
    # nl
    "zet", "doe", "schakel", "open", "sluit", "vergrendel", "ontgrendel", "dim", "activeer",
    "deactiveer", "start", "stop",
)  # fmt: skip
QUESTION_STARTS: Final = (
    # a message that starts like a question asks about the home, whatever verb follows
    "is", "are", "was", "what", "which", "how", "did", "does", "do you",
    "ist", "sind", "war", "was", "welche", "wie",
    "est-ce", "quel", "quelle", "comment",
    "está", "esta", "están", "estan", "qué", "que", "cuál", "cual", "cómo", "como",
    "staat", "zijn", "wat", "welke", "hoe",
)  # fmt: skip
_WORD: Final = re.compile(r"[\w'-]+", re.UNICODE)


class Verdict(StrEnum):
    """What became of one tool call the model asked for."""

    RAN = "ran"
    FAILED = "failed"  # it ran, and the home said no (unknown name, not exposed, …)
    NOT_OWNERS_TURN = "not_owners_turn"  # a turn of the pet's own: no tool at all
    NOT_ASKED = "not_asked"  # it changes the home, and the owner asked for nothing to change
    NOT_NAMED = "not_named"  # it changes something the owner's message did not name
    UNKNOWN = "unknown"  # no such tool was offered
    OVER_ROUNDS = "over_rounds"  # past the turn's tool rounds
    WITH_REPLY = "with_reply"  # asked for alongside the final reply: never run


REFUSED: Final = frozenset(
    {Verdict.NOT_OWNERS_TURN, Verdict.NOT_ASKED, Verdict.NOT_NAMED, Verdict.UNKNOWN}
)


@dataclass(frozen=True)
class ToolCall:
    """One tool call a model asked for, and its verdict (for the journal, event and trace)."""

    name: str
    args: Mapping[str, Any]
    verdict: Verdict
    changes: bool  # the tool changes the home (not a read)

    @property
    def ran(self) -> bool:
        """It was handed to the home (whatever the home answered)."""
        return self.verdict in (Verdict.RAN, Verdict.FAILED)


def words_of(text: str) -> list[str]:
    """The words of a text, folded for comparison."""
    return [w.strip("'-") for w in _WORD.findall(text.casefold()) if w.strip("'-")]


def asks_to_act(text: str) -> bool:
    """The owner's message asks for something in the home to change ("switch on the desk lamp",
    "mach das Licht aus"); a question about the home ("is the window open?") does not."""
    found = words_of(text)
    if not found:
        return False
    lead = " ".join(found[:2])
    if text.strip().endswith("?") and any(
        lead == start or lead.startswith(start + " ") for start in QUESTION_STARTS
    ):
        return False
    return any(word.startswith(stem) for word in found for stem in ACT_WORDS)


def _values(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [v for v in value if isinstance(v, str)]
    return []


def named_in(args: Mapping[str, Any], text: str) -> bool:
    """Every target the call names (its name, area, floor) is in the owner's words, all of its
    words; a call that names no target changes nothing the owner named."""
    said = set(words_of(text))
    targets = [t for key in TARGET_ARGS for t in _values(args.get(key))]
    return bool(targets) and all(
        (parts := words_of(target)) and all(part in said for part in parts) for target in targets
    )


def judge(
    name: str, args: Mapping[str, Any], *, changes: bool, owners_turn: bool, owner_words: str
) -> Verdict:
    """Whether a call may run (RAN: hand it to the home), or why not."""
    if not owners_turn:
        return Verdict.NOT_OWNERS_TURN
    if not changes:
        return Verdict.RAN
    if not asks_to_act(owner_words):
        return Verdict.NOT_ASKED
    if not named_in(args, owner_words):
        return Verdict.NOT_NAMED
    return Verdict.RAN


def bare(name: str) -> str:
    """A tool's name without the namespace a release may put before it
    ("intent__HassTurnOn" -> "HassTurnOn")."""
    return name.rsplit("__", 1)[-1]


def is_read_only(name: str, declared: bool | None) -> bool:
    """A tool reads only: as it declares (tool annotations, where the release has them), else
    by the known names; anything else is taken to change the home."""
    return declared if declared is not None else bare(name) in READ_ONLY_TOOLS
