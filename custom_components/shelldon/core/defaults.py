"""Every dial the pet's policies use, in one table (the seeds' numbers)."""

from __future__ import annotations

from datetime import time
from typing import Final

# Reflexes (seed 000).
DRIFT_RATE: Final = 0.1
EPSILON: Final = 1e-3
IDLE_SETTLE_AFTER_S: Final = 300
VALENCE_REST: Final = 0.0
ENERGY_REST: Final = 0.5
NIGHT_AROUSAL: Final = -0.5  # 22:00-06:00 local
DAY_AROUSAL: Final = 0.5  # 10:00-16:00 local
SHOULDER_AROUSAL: Final = 0.0
NIGHT_START_HOUR: Final = 22
NIGHT_END_HOUR: Final = 6
DAY_START_HOUR: Final = 10
DAY_END_HOUR: Final = 16

# Nudges.
NUDGE_COOLDOWN_S: Final = 10

# Spend budget.
DAILY_TURN_BUDGET: Final = 12
COOLDOWN_S: Final = 30 * 60

# Power.
LOW_BATTERY_THRESHOLD: Final = 20.0
STRETCH_LIVELY: Final = 1.0
STRETCH_EASED: Final = 3.0
STRETCH_LOW: Final = 6.0
LOW_WAKE_EVERY_S: Final = 30 * 60  # on LOW, at most one wake-up a dormant reflex beat (5 min × 6)

# Job cadences.
REFLEX_PERIOD_S: Final = 60
CHECKPOINT_PERIOD_S: Final = 5 * 60
PRUNE_PERIOD_S: Final = 60 * 60
VAULT_WATCH_PERIOD_S: Final = 60
PROACTIVE_IDLE_S: Final = 60 * 60
DREAM_IDLE_S: Final = 6 * 60 * 60
PROACTIVE_COST: Final = 1
DREAM_COST: Final = 3
FLUSH_AFTER_S: Final = 10 * 60  # owner silence that ends a conversation
REPLY_FACE_S: Final = 8  # how long the reply face lingers after a turn that spoke

# The mind (seed 003).
ACT_THRESHOLD: Final = 0.4
INTERRUPT_THRESHOLD: Final = 0.75
INTERRUPTION_CAP: Final = 3
DAILY_TOKEN_CAP: Final = 200_000
DREAM_NIGHT_TOKENS: Final = 40_000  # what one night of consolidation may spend

# Quiet hours (local).
QUIET_START: Final = time(22, 0)
QUIET_END: Final = time(9, 0)

# The panel.
PANEL_WIDTH: Final = 250
PANEL_HEIGHT: Final = 122
PANEL_PALETTE: Final = "bw"
