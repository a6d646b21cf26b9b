"""The pet's voice: a line said aloud through the owner's speaker.

A media player speaks through a text-to-speech engine (`tts.speak`). An Assist satellite
announces (`assist_satellite.announce`), unless the line asks the owner something and the
satellite can hold a conversation: then it starts one (`assist_satellite.start_conversation`),
so the owner answers aloud and the satellite's pipeline hands the answer to its conversation
agent (the pet, when that agent is `conversation.shelldon`). A companion that is missing or
failed to set up (no tts, no satellite) or a call that fails costs only the speaking: the caller
sends a message instead, and the reason is said once in the log until speaking works again.
"""

from __future__ import annotations

import logging
import re
from enum import StrEnum
from typing import Any, Final

from homeassistant.const import ATTR_SUPPORTED_FEATURES
from homeassistant.core import HomeAssistant

from ..ports import Dials
from ..ports.const import CONF_SPEAKER, CONF_TTS_ENTITY

_LOGGER = logging.getLogger(__name__)

SATELLITE: Final = "assist_satellite"
# AssistSatelliteEntityFeature.START_CONVERSATION (the same bit on every supported release)
CAN_START_CONVERSATION: Final = 2
# A question mark (Latin, full-width, Arabic) with nothing but punctuation, emoji or space after
_ENDS_ASKING: Final = re.compile(r"[?\uff1f\u061f]\W*$")


class Voicing(StrEnum):
    """How a line was said aloud (the action that said it)."""

    START_CONVERSATION = "start_conversation"
    ANNOUNCE = "announce"
    TTS = "tts"


def asks_something(line: str) -> bool:
    """Whether the line ends by asking the owner something (its last sentence is a question)."""
    return _ENDS_ASKING.search(line) is not None


class Voice:
    """Says a line aloud, or says why it could not."""

    def __init__(self, hass: HomeAssistant, name: str, dials: Dials) -> None:
        self.hass = hass
        self.name = name
        self.dials = dials
        self._trouble: str | None = None  # why speaking fails, logged once

    @property
    def configured(self) -> bool:
        """A speaker is set in the options."""
        return bool(self.dials.get(CONF_SPEAKER))

    async def async_say(self, text: str, *, asks: bool = False) -> Voicing | None:
        """Aloud through the configured speaker (as a question the owner can answer aloud,
        when `asks` and the speaker is a satellite that can); how, or None if it could not."""
        speaker = self.dials.get(CONF_SPEAKER)
        if not speaker:
            return None
        data: dict[str, Any]
        if speaker.startswith(f"{SATELLITE}."):
            domain = SATELLITE
            if asks and self._converses(speaker):
                voicing = Voicing.START_CONVERSATION
                data = {"entity_id": speaker, "start_message": text}
            else:
                voicing = Voicing.ANNOUNCE
                data = {"entity_id": speaker, "message": text}
            service = voicing.value
        else:
            tts = self.dials.get(CONF_TTS_ENTITY) or next(
                (s.entity_id for s in self.hass.states.async_all("tts")), None
            )
            if tts is None:
                self._cannot(speaker, "no text-to-speech engine is set up")
                return None
            domain, service, voicing = "tts", "speak", Voicing.TTS
            data = {"entity_id": tts, "media_player_entity_id": speaker, "message": text}
        if not self.hass.services.has_service(domain, service):
            self._cannot(speaker, f"{domain} is not set up")
            return None
        try:
            await self.hass.services.async_call(domain, service, data, blocking=True)
        except Exception as err:
            self._cannot(speaker, str(err) or type(err).__name__)
            return None
        if self._trouble is not None:
            self._trouble = None
            _LOGGER.info("%s can speak through %s again", self.name, speaker)
        return voicing

    def _converses(self, satellite: str) -> bool:
        """The satellite says it can start a conversation (a plain one only announces)."""
        state = self.hass.states.get(satellite)
        features = state.attributes.get(ATTR_SUPPORTED_FEATURES, 0) if state else 0
        return isinstance(features, int) and bool(features & CAN_START_CONVERSATION)

    def _cannot(self, speaker: str, why: str) -> None:
        if self._trouble != why:
            self._trouble = why
            _LOGGER.warning(
                "%s cannot speak through %s (%s); it sends a message instead until it can",
                self.name,
                speaker,
                why,
            )
