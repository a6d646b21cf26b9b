"""The pet's voice: a line said aloud through the owner's speaker.

A media player speaks through a text-to-speech engine (`tts.speak`); an Assist satellite
announces (`assist_satellite.announce`). A companion that is missing or failed to set up (no tts,
no satellite) costs only the speaking: the caller sends a message instead, and the reason is
said once in the log until speaking works again.
"""

from __future__ import annotations

import logging
from typing import Any

from homeassistant.core import HomeAssistant

from ..const import CONF_SPEAKER, CONF_TTS_ENTITY
from ..ports import Dials

_LOGGER = logging.getLogger(__name__)


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

    async def async_say(self, text: str) -> bool:
        """Aloud through the configured speaker; False if it could not be done."""
        speaker = self.dials.get(CONF_SPEAKER)
        if not speaker:
            return False
        if speaker.startswith("assist_satellite."):
            domain, service = "assist_satellite", "announce"
            data: dict[str, Any] = {"entity_id": speaker, "message": text}
        else:
            tts = self.dials.get(CONF_TTS_ENTITY) or next(
                (s.entity_id for s in self.hass.states.async_all("tts")), None
            )
            if tts is None:
                return self._cannot(speaker, "no text-to-speech engine is set up")
            domain, service = "tts", "speak"
            data = {"entity_id": tts, "media_player_entity_id": speaker, "message": text}
        if not self.hass.services.has_service(domain, service):
            return self._cannot(speaker, f"{domain} is not set up")
        try:
            await self.hass.services.async_call(domain, service, data, blocking=True)
        except Exception as err:
            return self._cannot(speaker, str(err) or type(err).__name__)
        if self._trouble is not None:
            self._trouble = None
            _LOGGER.info("%s can speak through %s again", self.name, speaker)
        return True

    def _cannot(self, speaker: str, why: str) -> bool:
        if self._trouble != why:
            self._trouble = why
            _LOGGER.warning(
                "%s cannot speak through %s (%s); it sends a message instead until it can",
                self.name,
                speaker,
                why,
            )
        return False
