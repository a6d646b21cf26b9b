"""Names the rest of the integration shares: the domain, option keys, events."""

from __future__ import annotations

from typing import Final

from ..core import defaults as d
from ..core.language import tags as language

DOMAIN: Final = "shelldon"
DEFAULT_NAME: Final = "Shelldon"
STORAGE_VERSION: Final = 1
STORAGE_MINOR_VERSION: Final = 1

# Entry data.
CONF_NAME: Final = "name"
CONF_API_KEY: Final = "api_key"
CONF_MODEL: Final = "model"
CONF_OFFLINE: Final = "offline"
CONF_AI_TASK_ENTITY: Final = "ai_task_entity"  # an AI Task entity the owner set up

# Options: the pet's body.
CONF_BATTERY_ENTITY: Final = "battery_entity"
CONF_CHARGING_ENTITY: Final = "charging_entity"
CONF_LOW_BATTERY: Final = "low_battery_threshold"
CONF_PANEL_WIDTH: Final = "panel_width"
CONF_PANEL_HEIGHT: Final = "panel_height"
CONF_PANEL_PALETTE: Final = "panel_palette"
CONF_ESPHOME_ACTION: Final = "esphome_action"
# Options: speaking first.
CONF_NOTIFY_TARGETS: Final = "notify_targets"
CONF_PROACTIVE_IDLE_MIN: Final = "proactive_idle_minutes"
CONF_DREAM_IDLE_H: Final = "dream_idle_hours"
CONF_SPEAKER: Final = "speaker"
CONF_TTS_ENTITY: Final = "tts_entity"
CONF_PRESENCE: Final = "presence_entities"
CONF_ACT_THRESHOLD: Final = "act_threshold"
CONF_INTERRUPT_THRESHOLD: Final = "interrupt_threshold"
CONF_INTERRUPTION_CAP: Final = "interruption_cap"
CONF_SHELF_VECTORS: Final = "shelf_vectors"
CONF_NEEDS: Final = "needs_enabled"
CONF_DREAM_TOKENS: Final = "dream_tokens_per_night"
# Options: spending.
CONF_TOKEN_CAP: Final = "daily_token_cap"
CONF_DAILY_TURNS: Final = "daily_turn_budget"
CONF_COOLDOWN_MIN: Final = "cooldown_minutes"
CONF_QUIET_START: Final = "quiet_start"
CONF_QUIET_END: Final = "quiet_end"
CONF_LLM_HASS_API: Final = "llm_hass_api"  # Home Assistant's own key: the LLM APIs chosen
CONF_LANGUAGE: Final = "language"  # the owner's language, or "auto": Home Assistant's
LANGUAGE_AUTO: Final = language.AUTO
LANGUAGE_CHOICES: Final = (LANGUAGE_AUTO, "en", "de", "fr", "es", "nl")

PALETTES: Final = ("bw", "bwr")
PANEL_PRESETS: Final = ((250, 122), (296, 128), (400, 300), (800, 480))

DEFAULT_OPTIONS: Final = {
    CONF_LOW_BATTERY: d.LOW_BATTERY_THRESHOLD,
    CONF_PANEL_WIDTH: d.PANEL_WIDTH,
    CONF_PANEL_HEIGHT: d.PANEL_HEIGHT,
    CONF_PANEL_PALETTE: d.PANEL_PALETTE,
    CONF_DAILY_TURNS: d.DAILY_TURN_BUDGET,
    CONF_COOLDOWN_MIN: d.COOLDOWN_S // 60,
    CONF_QUIET_START: d.QUIET_START.strftime("%H:%M:%S"),
    CONF_QUIET_END: d.QUIET_END.strftime("%H:%M:%S"),
    CONF_NOTIFY_TARGETS: [],
    CONF_LANGUAGE: LANGUAGE_AUTO,
    CONF_PROACTIVE_IDLE_MIN: d.PROACTIVE_IDLE_S // 60,
    CONF_DREAM_IDLE_H: d.DREAM_IDLE_S // 3600,
    CONF_PRESENCE: [],
    CONF_ACT_THRESHOLD: d.ACT_THRESHOLD,
    CONF_INTERRUPT_THRESHOLD: d.INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP: d.INTERRUPTION_CAP,
    CONF_TOKEN_CAP: d.DAILY_TOKEN_CAP,
    CONF_SHELF_VECTORS: False,
    CONF_NEEDS: True,
    CONF_DREAM_TOKENS: d.DREAM_NIGHT_TOKENS,
}

# Bus events.
EVENT_MOOD_CHANGED: Final = "shelldon_mood_changed"
EVENT_TURN_FINISHED: Final = "shelldon_turn_finished"
EVENT_REACH_OUT: Final = "shelldon_reach_out"
EVENT_DECISION: Final = "shelldon_decision"

# Services.
SERVICE_NUDGE: Final = "nudge"
SERVICE_TELL: Final = "tell"
SERVICE_SPEAK_UP: Final = "speak_up"
SERVICE_DREAM: Final = "dream"
SERVICE_APPROVE_EDIT: Final = "approve_edit"
SERVICE_REJECT_EDIT: Final = "reject_edit"
ATTR_EDIT_ID: Final = "edit_id"
ATTR_MESSAGE: Final = "message"
ATTR_CONFIG_ENTRY_ID: Final = "config_entry_id"
ATTR_KIND: Final = "kind"
