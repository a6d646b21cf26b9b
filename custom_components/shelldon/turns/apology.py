"""When the brain fails: the owner still gets an answer, in the pet's own words, and the log
says so once (and once more when it can think again)."""

from __future__ import annotations

import logging
from typing import Final

from ..brain.turn import BrainAuthError, BrainError, Reply, TurnResult

_LOGGER = logging.getLogger(__name__)

APOLOGIES: Final[dict[str, str]] = {
    "auth": (
        "My thinking connection was refused. Could you check the Anthropic key in my settings? "
        "I'll answer simply until then."
    ),
    "rate_limited": "Sorry, my thoughts are stuck in a queue. Ask me again in a minute?",
    "overloaded": "Sorry, the place I think with is crowded right now. Try me again soon?",
    "timeout": "Sorry, I lost my train of thought. Could you say that again?",
    "network": "Sorry, I can't reach my thinking place right now. I'm still here, though.",
    "ai_task_unavailable": (
        "The AI Task I think with isn't there right now. Could you check it in my settings? "
        "I'm still here, though."
    ),
    "ai_task_failed": "Sorry, the AI Task I think with stumbled. Could you say that again?",
}
DEFAULT_APOLOGY: Final = "Sorry, something went wrong in my head. Could you try again?"


def apology(err: BrainError) -> TurnResult:
    """An owner always gets an answer: an in-character apology."""
    cause = "auth" if isinstance(err, BrainAuthError) else err.cause
    return TurnResult(
        Reply(
            intent=f"apologise: my brain failed ({err.cause})",
            say=APOLOGIES.get(cause, DEFAULT_APOLOGY),
        ),
        brain="apology",
    )


class Troubles:
    """Why the brain last failed, until it works again; each change said once in the log."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cause: str | None = None

    def failed(self, err: BrainError) -> None:
        """A turn failed: a warning when the cause is new."""
        if err.cause != self.cause:
            self.cause = err.cause
            _LOGGER.warning(
                "%s could not think (%s); answering without the model", self.name, err.cause
            )

    def recovered(self) -> None:
        """A turn worked: an info line when it had been failing."""
        if self.cause is not None:
            _LOGGER.info("%s can think again", self.name)
            self.cause = None
