"""What leaves the pet for Home Assistant: one scrubber at every door out.

Events on the bus, persistent notifications, messages to phones, words for a speaker: each is
scrubbed with the pet's own scrubber (the shapes of secrets, and every secret it hid before),
and whatever can end up where Markdown or HTML is rendered (an event an automation forwards, a
notification) is made plain text first. Entities,
repair issues and diagnostics use the same scrubber (`Pet.scrubber`).
"""

from __future__ import annotations

from typing import Any, Final

from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant

from ..core.markup import plain
from ..core.secrets.scrub import Scrubber, scrub_data

OWN: Final = frozenset({"outcome", "reason", "kind", "voice"})  # fixed words of the pet's own


class Outward:
    """The pet's doors out, scrubbed."""

    def __init__(self, hass: HomeAssistant, scrubber: Scrubber) -> None:
        self.hass = hass
        self.scrub = scrubber

    def fire(self, event_type: str, data: dict[str, Any]) -> None:
        """An event on the bus, every string in it scrubbed, and plain text (automations forward
        it to places that render markup) but for the pet's own words that automations compare
        (why, and how a line went out) and the entry id it is about."""
        shown = {
            k: v if k == "entry_id" else scrub_data(v, self.scrub if k in OWN else self.shown)
            for k, v in data.items()
        }
        self.hass.bus.async_fire(event_type, shown)

    def said(self, text: str) -> str:
        """Words to be heard (a speaker, an Assist answer): scrubbed."""
        return self.scrub(text)

    def shown(self, text: str) -> str:
        """Words to be shown where markup is rendered (a notification): scrubbed, plain."""
        return plain(self.scrub(text))

    def notification(self, text: str, *, title: str, notification_id: str) -> None:
        """A persistent notification in Home Assistant."""
        persistent_notification.async_create(
            self.hass, self.shown(text), title=self.shown(title), notification_id=notification_id
        )
