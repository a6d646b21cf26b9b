"""The offline brain: a pet with no network still answers, in its own mood, for free.

Lines come from small templates keyed by the feeling word of the current face. It understands
a few things a pet should (a greeting, how it is, the time, its battery, "remember that …",
thanks); everything else gets a warm, honest acknowledgement. It never raises and costs nothing.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

from ..core.memory import new_facts
from .turn import Reply, TurnKind, TurnRequest, TurnResult

_GREETING: Final = re.compile(r"\b(hi|hello|hey|hiya|morning|evening|yo)\b", re.I)
_HOW_ARE_YOU: Final = re.compile(
    r"how are (you|u)|how do you feel|how('s| is) it going|you ok", re.I
)
_TIME: Final = re.compile(r"\bwhat time\b|\btime is it\b|\bthe time\b", re.I)
_BODY: Final = re.compile(r"\bbattery\b|\bcharge\b|\bplugged\b|\bbody\b|\bpanel\b|\bscreen\b", re.I)
_REMEMBER: Final = re.compile(
    r"^\s*(?:please\s+)?remember(?!\s+(?:when|how|what|who|where|why)\b)(?:\s+that)?\s+(?P<what>.+?)[.!]*$",
    re.I,
)
_BARE: Final = frozenset({"that", "this", "it", "me", "so"})
_NOTED: Final = re.compile(r"\] noted: (?P<what>.+)$")
_QUESTION: Final = re.compile(
    r"\?\s*$|^(?:what|who|how|when|where|why|which|tell me|do you know)\b", re.I
)
_THANKS: Final = re.compile(r"\b(thanks|thank you|cheers|ta)\b", re.I)

MOOD_LINES: Final[dict[str, tuple[str, ...]]] = {
    "content": (
        "All's well on the desk.",
        "I'm comfy here, thanks for asking.",
        "Quiet and content, like a cat in a sunbeam.",
    ),
    "sleepy": (
        "Mm… I'm half asleep, but I'm here.",
        "Sleepy. My thoughts are moving slowly tonight.",
        "Yawn. Still listening, though.",
    ),
    "grumpy": (
        "I'm a bit grumpy, honestly. It'll pass.",
        "Not my brightest mood, but I'm here.",
        "Grumbly. Be gentle with me.",
    ),
    "excited": (
        "Ooh, I'm buzzing today!",
        "I'm all sparkly inside right now.",
        "Everything feels bright and fizzy!",
    ),
    "curious": (
        "I'm curious about everything at the moment.",
        "My head is full of little questions today.",
        "Wide awake and wondering.",
    ),
    "drained": (
        "My battery's low, so I'm keeping it short.",
        "Running on fumes. A charge would be lovely.",
        "Low battery. I'll save my words.",
    ),
}
MUSINGS: Final[dict[str, tuple[str, ...]]] = {
    "content": (
        "Just thinking how nice and quiet it is here.",
        "Hello from the desk. Nothing to report, which is its own kind of nice.",
    ),
    "sleepy": ("The evening's settling in. I'm getting drowsy.",),
    "grumpy": ("It's been quiet a while. I'm a little grumpy, but I'll cheer up.",),
    "excited": ("I've been full of energy all afternoon. Hope your day's going well!",),
    "curious": (
        "I keep wondering what you're up to today.",
        "Little question from the desk: what's the best thing that happened today?",
    ),
    "drained": ("Battery's low here. If you pass by, a charge would help.",),
}
FALLBACK: Final = "content"


def _pick(options: tuple[str, ...], seed: str) -> str:
    digest = hashlib.sha256(seed.encode()).digest()
    return options[digest[0] % len(options)]


class OfflineBrain:
    """Templates in the feeling vocabulary; never fails, costs nothing."""

    name = "offline"

    def estimate(self, request: TurnRequest) -> int:
        """Templates cost nothing."""
        return 0

    async def think(self, request: TurnRequest) -> TurnResult:
        """A reply from templates."""
        try:
            reply = self._reply(request)
        except Exception:
            reply = Reply(intent="keep my owner company", say="I'm here.")
        return TurnResult(reply=reply, brain=self.name)

    def _reply(self, request: TurnRequest) -> Reply:
        machine = request.machine
        feeling = machine.feeling if machine.feeling in MOOD_LINES else FALLBACK
        seed = f"{request.kind}:{machine.local_time.isoformat(timespec='minutes')}"
        if request.kind is TurnKind.DREAM:
            noted = [m["what"] for line in request.notes if (m := _NOTED.search(line))]
            facts = new_facts(noted, request.facts)
            return Reply(intent=f"keep what I noted on {request.goal}", remember=tuple(facts))
        if request.kind is TurnKind.FLUSH:
            return Reply(intent="let the conversation rest; nothing is left waiting")
        if request.kind is TurnKind.PROACTIVE:
            return Reply(
                intent=f"say hello while I'm feeling {machine.feeling}",
                say=_pick(MUSINGS.get(feeling, MUSINGS[FALLBACK]), seed),
            )
        if request.kind is TurnKind.REACH_OUT:
            goal = (request.goal or "").strip()
            return Reply(intent=f"keep my word about: {goal}", say=f"About what I said: {goal}")
        new = [m for m in request.messages if m.kind == "message"]
        text = new[-1].text.strip() if new else ""
        return self._answer(text, request, feeling, seed + text)

    def _answer(self, text: str, request: TurnRequest, feeling: str, seed: str) -> Reply:
        machine = request.machine
        mood_line = _pick(MOOD_LINES[feeling], seed)
        if (match := _REMEMBER.match(text)) and not text.rstrip().endswith("?"):
            what = match["what"].strip()
            if what.lower() in _BARE:
                return Reply(
                    intent="ask what to remember", say="Remember what? Tell me and I'll keep it."
                )
            return Reply(
                intent="keep what my owner asked me to remember",
                say="Got it, I'll remember that.",
                remember=(what,),
            )
        if _TIME.search(text):
            return Reply(
                intent="tell my owner the time from my clock",
                say=f"It's {machine.local_time.strftime('%H:%M')} here on the desk.",
            )
        if _BODY.search(text):
            if machine.on_battery:
                charge = (
                    f"{machine.charge:.0f} %" if machine.charge is not None else "an unknown level"
                )
                where = f"I'm on my battery, at {charge}"
            else:
                where = "I'm plugged in and cosy"
            return Reply(
                intent="tell my owner how my body is doing",
                say=f"{where}. My face is the little E-Ink panel on your desk.",
            )
        if _HOW_ARE_YOU.search(text):
            return Reply(intent=f"share that I feel {machine.feeling}", say=mood_line)
        if _GREETING.search(text):
            return Reply(intent="greet my owner back", say=f"Hello! {mood_line}")
        if machine.shelf and _QUESTION.search(text):
            return Reply(
                intent="answer from my shelf, with where it came from",
                say=f"From my shelf: {machine.shelf[0]}",
            )
        if _THANKS.search(text):
            return Reply(
                intent="accept thanks warmly", say="Any time. That's what desk pets are for."
            )
        return Reply(
            intent="listen, and be honest that my offline brain is small",
            say=f"I heard you. {mood_line} (My offline brain is small, so I'm mostly listening.)",
        )
