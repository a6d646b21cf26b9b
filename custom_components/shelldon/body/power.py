"""Reading the pet's battery: PiSugar entities in, one `PowerState` out.

There is no official PiSugar integration, so owners point the pet at any battery-level sensor
and any charging/plugged entity. `unavailable` or `unknown` means the charge is unknown; a
charging entity that reads neither on nor off leaves the pet assumed on battery (conservative).
"""

from __future__ import annotations

from homeassistant.const import STATE_UNAVAILABLE, STATE_UNKNOWN
from homeassistant.core import HomeAssistant

from ..core.power import PLUGGED_IN, PowerState

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
