"""Setting a pet up, and the dial board (options) where its owner tunes it."""

from __future__ import annotations

import re
from typing import Any

import voluptuous as vol
from homeassistant.components.binary_sensor import BinarySensorDeviceClass
from homeassistant.config_entries import (
    ConfigEntry,
    ConfigFlow,
    ConfigFlowResult,
    OptionsFlow,
)
from homeassistant.const import ATTR_DEVICE_CLASS
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import selector
from homeassistant.util import slugify

from .const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_ESPHOME_ACTION,
    CONF_LOW_BATTERY,
    CONF_NAME,
    CONF_PANEL_HEIGHT,
    CONF_PANEL_PALETTE,
    CONF_PANEL_WIDTH,
    CONF_QUIET_END,
    CONF_QUIET_START,
    DEFAULT_NAME,
    DEFAULT_OPTIONS,
    DOMAIN,
    PALETTES,
)

BATTERY_DOMAINS = ["sensor", "input_number"]
CHARGING_DOMAINS = ["binary_sensor", "sensor", "input_boolean", "switch"]
ESPHOME_ACTION = re.compile(r"^esphome\.[a-z0-9_]+$")
OPTION_STEPS = ["body", "panel", "spending"]


def _number(lo: float, hi: float, unit: str | None = None) -> selector.NumberSelector:
    config = selector.NumberSelectorConfig(
        min=lo, max=hi, step=1, mode=selector.NumberSelectorMode.BOX
    )
    if unit:
        config["unit_of_measurement"] = unit
    return selector.NumberSelector(config)


class ShelldonConfigFlow(ConfigFlow, domain=DOMAIN):
    """Name a new pet."""

    VERSION = 1

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """The only question: what the pet is called."""
        errors: dict[str, str] = {}
        if user_input is not None:
            name = user_input[CONF_NAME].strip()
            if not any(ch.isalnum() for ch in name):
                errors[CONF_NAME] = "invalid_name"
            else:
                await self.async_set_unique_id(slugify(name))
                self._abort_if_unique_id_configured()
                return self.async_create_entry(title=name, data={CONF_NAME: name})
        return self.async_show_form(
            step_id="user",
            data_schema=vol.Schema(
                {vol.Required(CONF_NAME, default=DEFAULT_NAME): selector.TextSelector()}
            ),
            errors=errors,
        )

    @staticmethod
    @callback
    def async_get_options_flow(config_entry: ConfigEntry) -> ShelldonOptionsFlow:
        """The dial board."""
        return ShelldonOptionsFlow()


class ShelldonOptionsFlow(OptionsFlow):
    """Pages of dials: the pet's body, its panel, what it may spend."""

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Choose a page."""
        return self.async_show_menu(step_id="init", menu_options=OPTION_STEPS)

    def _current(self) -> dict[str, Any]:
        return {**DEFAULT_OPTIONS, **self.config_entry.options}

    def _save(self, user_input: dict[str, Any], optional: tuple[str, ...] = ()) -> ConfigFlowResult:
        options = {**self.config_entry.options, **user_input}
        for key in optional:
            if not user_input.get(key):
                options.pop(key, None)
        return self.async_create_entry(data=options)

    async def async_step_body(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """The PiSugar battery and charging entities, and when the battery counts as low."""
        errors: dict[str, str] = {}
        if user_input is not None:
            errors = _validate_body(self.hass, user_input)
            if not errors:
                return self._save(user_input, (CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY))
        current = {**self._current(), **(user_input or {})}
        schema = vol.Schema(
            {
                vol.Optional(CONF_BATTERY_ENTITY): selector.EntitySelector(
                    selector.EntitySelectorConfig(domain=BATTERY_DOMAINS)
                ),
                vol.Optional(CONF_CHARGING_ENTITY): selector.EntitySelector(
                    selector.EntitySelectorConfig(domain=CHARGING_DOMAINS)
                ),
                vol.Required(CONF_LOW_BATTERY): _number(1, 99, unit="%"),
            }
        )
        return self.async_show_form(
            step_id="body",
            data_schema=self.add_suggested_values_to_schema(schema, current),
            errors=errors,
        )

    async def async_step_panel(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """The E-Ink panel's size and colours, and the ESPHome action that refreshes it."""
        errors: dict[str, str] = {}
        if user_input is not None:
            user_input = {**user_input}
            user_input[CONF_PANEL_WIDTH] = int(user_input[CONF_PANEL_WIDTH])
            user_input[CONF_PANEL_HEIGHT] = int(user_input[CONF_PANEL_HEIGHT])
            action = (user_input.get(CONF_ESPHOME_ACTION) or "").strip()
            if action:
                user_input[CONF_ESPHOME_ACTION] = action
                if not ESPHOME_ACTION.match(action):
                    errors[CONF_ESPHOME_ACTION] = "invalid_esphome_action"
                elif not self.hass.services.has_service(*action.split(".", 1)):
                    errors[CONF_ESPHOME_ACTION] = "unknown_esphome_action"
            if not errors:
                return self._save(user_input, (CONF_ESPHOME_ACTION,))
        current = {**self._current(), **(user_input or {})}
        schema = vol.Schema(
            {
                vol.Required(CONF_PANEL_WIDTH): _number(32, 2000, unit="px"),
                vol.Required(CONF_PANEL_HEIGHT): _number(32, 2000, unit="px"),
                vol.Required(CONF_PANEL_PALETTE): selector.SelectSelector(
                    selector.SelectSelectorConfig(
                        options=list(PALETTES), translation_key="panel_palette"
                    )
                ),
                vol.Optional(CONF_ESPHOME_ACTION): selector.TextSelector(),
            }
        )
        return self.async_show_form(
            step_id="panel",
            data_schema=self.add_suggested_values_to_schema(schema, current),
            errors=errors,
        )

    async def async_step_spending(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """The daily turn budget, the cooldown between self-started turns, and quiet hours."""
        errors: dict[str, str] = {}
        if user_input is not None:
            user_input = {**user_input}
            user_input[CONF_DAILY_TURNS] = int(user_input[CONF_DAILY_TURNS])
            user_input[CONF_COOLDOWN_MIN] = int(user_input[CONF_COOLDOWN_MIN])
            if user_input[CONF_QUIET_START] == user_input[CONF_QUIET_END]:
                errors[CONF_QUIET_END] = "quiet_hours_empty"
            if not errors:
                return self._save(user_input)
        current = {**self._current(), **(user_input or {})}
        schema = vol.Schema(
            {
                vol.Required(CONF_DAILY_TURNS): _number(0, 200),
                vol.Required(CONF_COOLDOWN_MIN): _number(0, 1440, unit="min"),
                vol.Required(CONF_QUIET_START): selector.TimeSelector(),
                vol.Required(CONF_QUIET_END): selector.TimeSelector(),
            }
        )
        return self.async_show_form(
            step_id="spending",
            data_schema=self.add_suggested_values_to_schema(schema, current),
            errors=errors,
        )


def _entity_known(hass: HomeAssistant, entity_id: str) -> bool:
    return (
        hass.states.get(entity_id) is not None
        or er.async_get(hass).async_get(entity_id) is not None
    )


def _validate_body(hass: HomeAssistant, user_input: dict[str, Any]) -> dict[str, str]:
    errors: dict[str, str] = {}
    battery = user_input.get(CONF_BATTERY_ENTITY)
    charging = user_input.get(CONF_CHARGING_ENTITY)
    # The entity selectors already refuse other domains.
    if battery and not _entity_known(hass, battery):
        errors[CONF_BATTERY_ENTITY] = "entity_not_found"
    if charging:
        state = hass.states.get(charging)
        if not _entity_known(hass, charging):
            errors[CONF_CHARGING_ENTITY] = "entity_not_found"
        elif (
            charging.startswith("binary_sensor.")
            and state is not None
            and state.attributes.get(ATTR_DEVICE_CLASS) == BinarySensorDeviceClass.BATTERY
        ):
            errors[CONF_CHARGING_ENTITY] = "charging_is_low_battery"
    return errors
