"""Reading the pet's battery: PiSugar entities in, one `PowerState` out.

There is no official PiSugar integration, so owners point the pet at any battery-level sensor
and any charging/plugged entity. `unavailable` or `unknown` means the charge is unknown; a
charging entity that reads neither on nor off leaves the pet assumed on battery (conservative).
"""

from __future__ import annotations

from collections.abc import Callable

from homeassistant.const import STATE_UNAVAILABLE, STATE_UNKNOWN
from homeassistant.core import (
    CALLBACK_TYPE,
    Event,
    EventStateChangedData,
    HomeAssistant,
    callback,
)
from homeassistant.helpers.event import async_track_state_change_event

from ..core.power import PLUGGED_IN, BackoffLevel, PowerState, backoff_level
from ..ports import Dials
from ..ports.const import CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY, CONF_LOW_BATTERY

CHARGING_ON = frozenset({"on", "true", "charging", "plugged", "plugged_in", "yes", "1"})
CHARGING_OFF = frozenset({"off", "false", "discharging", "not_charging", "unplugged", "no", "0"})


def read_charge(hass: HomeAssistant, entity_id: str | None) -> float | None:
    """The battery level in percent, or None when unknown."""
    if not entity_id or (state := hass.states.get(entity_id)) is None:
        return None
    if state.state in (STATE_UNAVAILABLE, STATE_UNKNOWN):
        return None
    try:
        charge = float(state.state)
    except ValueError:
        return None
    return charge if 0.0 <= charge <= 100.0 else None


def read_plugged(hass: HomeAssistant, entity_id: str | None) -> bool | None:
    """True when charging/plugged in, False when not, None when unknown."""
    if not entity_id or (state := hass.states.get(entity_id)) is None:
        return None
    value = state.state.strip().lower()
    if value in CHARGING_ON:
        return True
    if value in CHARGING_OFF:
        return False
    return None


def read_power(
    hass: HomeAssistant, battery_entity: str | None, charging_entity: str | None
) -> PowerState:
    """The pet's power reading from the configured entities (plugged in when none are set)."""
    if not battery_entity and not charging_entity:
        return PLUGGED_IN
    charge = read_charge(hass, battery_entity)
    if read_plugged(hass, charging_entity):
        return PowerState(on_battery=False, charge=charge)
    return PowerState(on_battery=True, charge=charge)


class Battery:
    """The pet's battery, as its PiSugar entities report it (followed, never polled)."""

    def __init__(
        self,
        hass: HomeAssistant,
        dials: Dials,
        on_change: Callable[[PowerState, BackoffLevel, PowerState, BackoffLevel], None],
    ) -> None:
        self.hass = hass
        self.dials = dials
        self.on_change = on_change  # (power, level, before, level before)
        self.power = PLUGGED_IN
        self.level = BackoffLevel.LIVELY
        self._unsub: CALLBACK_TYPE | None = None

    def read(self) -> None:
        """Read the entities now."""
        self.power = read_power(
            self.hass, self.dials.get(CONF_BATTERY_ENTITY), self.dials.get(CONF_CHARGING_ENTITY)
        )
        self.level = backoff_level(self.power, float(self.dials[CONF_LOW_BATTERY]))

    def watch(self) -> None:
        """Follow the entities the options name (again, when they change)."""
        self.stop()
        watched = [
            e
            for e in (self.dials.get(CONF_BATTERY_ENTITY), self.dials.get(CONF_CHARGING_ENTITY))
            if e
        ]
        if watched:
            self._unsub = async_track_state_change_event(self.hass, watched, self._on_entity)

    def stop(self) -> None:
        """Stop following."""
        if self._unsub is not None:
            self._unsub()
            self._unsub = None

    @callback
    def _on_entity(self, _event: Event[EventStateChangedData]) -> None:
        before = (self.power, self.level)
        self.read()
        if (self.power, self.level) != before:
            self.on_change(self.power, self.level, *before)
