"""The pet's reach-outs and its decisions not to interrupt, in the logbook.

A change of mood is the mood sensor's own state change, which the logbook shows as it shows any
entity's ("changed to Curious"): `shelldon_mood_changed` stays a bus event for automations and
is not described again, so each change is one line. The thinking sensor flips on and off with
every message; an owner who does not want those lines excludes it with the logbook's own
`exclude:` configuration (the README says how; the demo does), and its history stays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from homeassistant.components.logbook.const import (
    LOGBOOK_ENTRY_ENTITY_ID,
    LOGBOOK_ENTRY_MESSAGE,
    LOGBOOK_ENTRY_NAME,
)
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.helpers import entity_registry as er

from .core.language.tags import owners
from .core.language.words import phrase
from .core.markup import plain
from .core.secrets.scrub import scrub
from .ports.const import (
    CONF_LANGUAGE,
    DOMAIN,
    EVENT_DECISION,
    EVENT_REACH_OUT,
)

MAX_SHOWN = 160


def _short(value: Any) -> str:
    """A field of an event as the logbook shows it: short, scrubbed (the pet scrubbed it when it
    fired the event; an automation may fire one too) and plain text."""
    text = " ".join(plain(scrub(str(value or "")[: MAX_SHOWN * 4])).split())
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


@callback
def async_describe_events(
    hass: HomeAssistant,
    async_describe_event: Callable[[str, str, Callable[[Event], dict[str, str]]], None],
) -> None:
    """Describe shelldon's events."""

    def entry(event: Event, key: str, **values: str) -> dict[str, str]:
        """One of the pet's phrases, in the pet's language (its options page's, or Home
        Assistant's)."""
        config_entry = hass.config_entries.async_get_entry(event.data.get("entry_id", ""))
        chosen = config_entry.options.get(CONF_LANGUAGE) if config_entry else None
        speaks = owners(chosen, hass.config.language)
        if values.get("about") == "":  # a decision that names nothing
            values["about"] = phrase("logbook.reaching_out", speaks)
        message = phrase(key, speaks, **values)
        described = {
            LOGBOOK_ENTRY_NAME: config_entry.title if config_entry else "shelldon",
            LOGBOOK_ENTRY_MESSAGE: message,
        }
        if config_entry is not None and (
            entity_id := er.async_get(hass).async_get_entity_id(
                "sensor", DOMAIN, f"{config_entry.entry_id}_mood"
            )
        ):
            described[LOGBOOK_ENTRY_ENTITY_ID] = entity_id
        return described

    @callback
    def describe_reach_out(event: Event) -> dict[str, str]:
        key = "logbook.said_aloud" if event.data.get("outcome") == "speak" else "logbook.sent"
        return entry(event, key, text=_short(event.data.get("message")))

    @callback
    def describe_decision(event: Event) -> dict[str, str]:
        about, reason = _short(event.data.get("about")), _short(event.data.get("reason"))
        return entry(event, "journal.held_back", about=about, reason=reason)

    async_describe_event(DOMAIN, EVENT_REACH_OUT, describe_reach_out)
    async_describe_event(DOMAIN, EVENT_DECISION, describe_decision)
