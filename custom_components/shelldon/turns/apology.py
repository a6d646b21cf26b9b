"""When the brain fails: the owner still gets an answer, in the pet's own words, and the log
says so once (and once more when it can think again)."""

from __future__ import annotations

import logging
from typing import Final

from ..brain.turn import REFUSED, BrainAuthError, BrainError, Reply, TurnResult
from ..core.language.words import phrase

_LOGGER = logging.getLogger(__name__)

CAUSES: Final = (
    "auth",
    "rate_limited",
    "overloaded",
    "timeout",
    "network",
    "ai_task_unavailable",
    "ai_task_failed",
    REFUSED,
)
# The apologies in English, by cause (each language's are in core/words,
# "apology.<cause>").
APOLOGIES: Final[dict[str, str]] = {cause: phrase(f"apology.{cause}") for cause in CAUSES}
DEFAULT_APOLOGY: Final = phrase("apology.default")


def apology(err: BrainError, language: str = "en") -> TurnResult:
    """An owner always gets an answer: an in-character apology, in the language the owner
    wrote in."""
    cause = "auth" if isinstance(err, BrainAuthError) else err.cause
    key = f"apology.{cause}" if cause in CAUSES else "apology.default"
    return TurnResult(
        Reply(
            intent=f"apologise: my brain failed ({err.cause})",
            say=phrase(key, language),
        ),
        brain="apology",
        tools=err.tools,  # what the home did before it failed is still the pet's doing
    )


class Troubles:
    """Why the brain last failed, until it works again; each change said once in the log."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cause: str | None = None

    def failed(self, err: BrainError) -> None:
        """A turn failed: a warning when the cause is new. A model that declined one turn
        (its safety classifier) is working: that is an info line, and no trouble."""
        if err.cause == REFUSED:
            _LOGGER.info("%s: the model declined a turn; answering without it", self.name)
            return
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
