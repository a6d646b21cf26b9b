"""Why a turn happens: a word the brain, the turns and the mind all use."""

from __future__ import annotations

from enum import StrEnum


class TurnKind(StrEnum):
    """Why a turn happens."""

    OWNER = "owner"  # the owner said something
    PROACTIVE = "proactive"  # the pet speaks up on its own
    REACH_OUT = "reach_out"  # the pet follows up on a goal
    DREAM = "dream"  # consolidation
    FLUSH = "flush"  # a conversation ended: keep what matters
