"""The pet's eyes on the household: the people (`person.*`) the options name, home or away.

Their states are followed (never polled); each change is a fact posted to the mind (came home,
left, is at work), and the present picture is home, away or unknown. What was last seen is kept
across restarts, so waking is compared with what was there before.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from homeassistant.const import STATE_HOME, STATE_UNAVAILABLE, STATE_UNKNOWN
from homeassistant.core import CALLBACK_TYPE, Event, EventStateChangedData, HomeAssistant, callback
from homeassistant.helpers.event import async_track_state_change_event

from ..core.language.words import english
from ..core.salience import Presence
from ..core.signals import SignalKind
from ..ports import Clock, Dials, Post, Words
from ..ports.const import CONF_PRESENCE

Seen = Callable[[str, str, datetime], None]  # (entity, state, when): what is there at the start


def known(state: str) -> bool:
    """A state that says where someone is."""
    return state not in (STATE_UNAVAILABLE, STATE_UNKNOWN)


class Household:
    """Who is home, as the pet sees it."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        dials: Dials,
        clock: Clock,
        post: Post,
        seen: Seen,
        words: Words = english,
    ) -> None:
        self.hass = hass
        self.words = words  # what a change is about, in the owner's language
        self.dials = dials
        self.clock = clock
        self.post = post
        self.seen = seen
        self.states: dict[str, str] = {}
        self._unsub: CALLBACK_TYPE | None = None

    @property
    def people(self) -> list[str]:
        """The presence entities the options name."""
        return list(self.dials.get(CONF_PRESENCE) or [])

    def to_dict(self) -> dict[str, str]:
        """For the checkpoint."""
        return dict(self.states)

    def restore(self, data: Any) -> None:
        """What was last seen, from the checkpoint."""
        if isinstance(data, dict):
            self.states = {str(k): str(v) for k, v in data.items()}

    def watch(self) -> None:
        """Follow the people the options name (again, when they change)."""
        self.stop()
        now = self.clock.utcnow()
        for entity_id in self.people:
            state = self.hass.states.get(entity_id)
            if state is not None and known(state.state):
                self.states[entity_id] = state.state
                self.seen(entity_id, state.state, now)
        if self.people:
            self._unsub = async_track_state_change_event(self.hass, self.people, self._on_change)

    def stop(self) -> None:
        """Stop following."""
        if self._unsub is not None:
            self._unsub()
            self._unsub = None

    @callback
    def _on_change(self, event: Event[EventStateChangedData]) -> None:
        new = event.data["new_state"]
        if new is None or not known(new.state):
            return
        entity_id = event.data["entity_id"]
        before = self.states.get(entity_id)
        if before == new.state:
            return
        self.states[entity_id] = new.state
        name = new.attributes.get("friendly_name") or entity_id
        if new.state == STATE_HOME:
            about = self.words("about.came_home", name=name)
        elif before == STATE_HOME:
            about = self.words("about.left", name=name)
        else:
            about = self.words("about.is_at", name=name, place=new.state)
        self.post(
            SignalKind.PRESENCE,
            {"entity": entity_id, "to": new.state, "from": before, "about": about},
        )

    @property
    def state(self) -> Presence:
        """Home, away, or unknown (no presence entities)."""
        people = self.people
        found = [s for e, s in self.states.items() if e in people]
        if not found:
            return Presence.UNKNOWN
        return Presence.HOME if any(s == STATE_HOME for s in found) else Presence.AWAY

    def name_of(self, entity_id: str) -> str:
        """A person's friendly name."""
        state = self.hass.states.get(entity_id)
        return state.attributes.get("friendly_name", entity_id) if state else entity_id
