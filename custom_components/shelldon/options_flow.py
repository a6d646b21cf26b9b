"""The dial board: the options pages where the owner tunes a pet, each applied live."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import voluptuous as vol
from homeassistant.components.binary_sensor import BinarySensorDeviceClass
from homeassistant.config_entries import (
    ConfigFlowResult,
    OptionsFlow,
)
from homeassistant.const import ATTR_DEVICE_CLASS
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import llm, selector

from .core.language.tags import is_tag
from .ports.const import (
    CONF_ACT_THRESHOLD,
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_DREAM_IDLE_H,
    CONF_DREAM_TOKENS,
    CONF_ESPHOME_ACTION,
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    CONF_LANGUAGE,
    CONF_LLM_HASS_API,
    CONF_LOW_BATTERY,
    CONF_NEEDS,
    CONF_NOTIFY_TARGETS,
    CONF_PANEL_HEIGHT,
    CONF_PANEL_PALETTE,
    CONF_PANEL_WIDTH,
    CONF_PRESENCE,
    CONF_PROACTIVE_IDLE_MIN,
    CONF_QUIET_END,
    CONF_QUIET_START,
    CONF_SHELF_VECTORS,
    CONF_SPEAKER,
    CONF_TOKEN_CAP,
    CONF_TTS_ENTITY,
    DEFAULT_OPTIONS,
    LANGUAGE_AUTO,
    LANGUAGE_CHOICES,
    PALETTES,
)

if TYPE_CHECKING:  # named for the checker only: the flow never loads the pet's runtime
    pass

BATTERY_DOMAINS = ["sensor", "input_number"]
CHARGING_DOMAINS = ["binary_sensor", "sensor", "input_boolean", "switch"]
ESPHOME_ACTION = re.compile(r"^esphome\.[a-z0-9_]+$")
OPTION_STEPS = ["body", "panel", "spending", "reach", "initiative", "memory", "home"]
SPEAKER_DOMAINS = ["media_player", "assist_satellite"]


def _number(
    lo: float, hi: float, unit: str | None = None, step: float = 1
) -> selector.NumberSelector:
    config = selector.NumberSelectorConfig(
        min=lo, max=hi, step=step, mode=selector.NumberSelectorMode.BOX
    )
    if unit:
        config["unit_of_measurement"] = unit
    return selector.NumberSelector(config)


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
            user_input[CONF_TOKEN_CAP] = int(user_input[CONF_TOKEN_CAP])
            if user_input[CONF_QUIET_START] == user_input[CONF_QUIET_END]:
                errors[CONF_QUIET_END] = "quiet_hours_empty"
            if not errors:
                return self._save(user_input)
        current = {**self._current(), **(user_input or {})}
        schema = vol.Schema(
            {
                vol.Required(CONF_DAILY_TURNS): _number(0, 200),
                vol.Required(CONF_COOLDOWN_MIN): _number(0, 1440, unit="min"),
                vol.Required(CONF_TOKEN_CAP): _number(1000, 10_000_000, unit="tokens"),
                vol.Required(CONF_QUIET_START): selector.TimeSelector(),
                vol.Required(CONF_QUIET_END): selector.TimeSelector(),
            }
        )
        return self.async_show_form(
            step_id="spending",
            data_schema=self.add_suggested_values_to_schema(schema, current),
            errors=errors,
        )

    async def async_step_reach(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Where the pet's own lines go, and who it watches for at home."""
        errors: dict[str, str] = {}
        if user_input is not None:
            user_input = {**user_input}
            targets = [t.strip() for t in user_input.get(CONF_NOTIFY_TARGETS, []) if t.strip()]
            if any(not _target_known(self.hass, t) for t in targets):
                errors[CONF_NOTIFY_TARGETS] = "unknown_notify_target"
            user_input[CONF_NOTIFY_TARGETS] = targets
            chosen = str(user_input.get(CONF_LANGUAGE) or LANGUAGE_AUTO).strip()
            if chosen != LANGUAGE_AUTO and not is_tag(chosen):
                errors[CONF_LANGUAGE] = "unknown_language"
            user_input[CONF_LANGUAGE] = chosen
            for key in (CONF_SPEAKER, CONF_TTS_ENTITY):
                if (entity := user_input.get(key)) and not entity_known(self.hass, entity):
                    errors[key] = "entity_not_found"
            presence = user_input.get(CONF_PRESENCE) or []
            if any(not entity_known(self.hass, e) for e in presence):
                errors[CONF_PRESENCE] = "entity_not_found"
            if not errors:
                return self._save(user_input, (CONF_SPEAKER, CONF_TTS_ENTITY, CONF_PRESENCE))
        current = {**self._current(), **(user_input or {})}
        schema = vol.Schema(
            {
                vol.Optional(CONF_NOTIFY_TARGETS): selector.SelectSelector(
                    selector.SelectSelectorConfig(
                        options=_notify_choices(self.hass), multiple=True, custom_value=True
                    )
                ),
                vol.Optional(CONF_SPEAKER): selector.EntitySelector(
                    selector.EntitySelectorConfig(domain=SPEAKER_DOMAINS)
                ),
                vol.Optional(CONF_TTS_ENTITY): selector.EntitySelector(
                    selector.EntitySelectorConfig(domain="tts")
                ),
                vol.Optional(CONF_PRESENCE): selector.EntitySelector(
                    selector.EntitySelectorConfig(domain="person", multiple=True)
                ),
                vol.Optional(CONF_LANGUAGE): selector.SelectSelector(
                    selector.SelectSelectorConfig(
                        options=list(LANGUAGE_CHOICES),
                        custom_value=True,
                        translation_key=CONF_LANGUAGE,
                        mode=selector.SelectSelectorMode.DROPDOWN,
                    )
                ),
            }
        )
        return self.async_show_form(
            step_id="reach",
            data_schema=self.add_suggested_values_to_schema(schema, current),
            errors=errors,
        )

    async def async_step_initiative(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """When the pet acts on its own, and when it may interrupt."""
        errors: dict[str, str] = {}
        if user_input is not None:
            user_input = {**user_input}
            for key in (CONF_PROACTIVE_IDLE_MIN, CONF_DREAM_IDLE_H, CONF_INTERRUPTION_CAP):
                user_input[key] = int(user_input[key])
            if user_input[CONF_INTERRUPT_THRESHOLD] < user_input[CONF_ACT_THRESHOLD]:
                errors[CONF_INTERRUPT_THRESHOLD] = "interrupt_below_act"
            if not errors:
                return self._save(user_input)
        current = {**self._current(), **(user_input or {})}
        schema = vol.Schema(
            {
                vol.Required(CONF_PROACTIVE_IDLE_MIN): _number(5, 24 * 60, unit="min"),
                vol.Required(CONF_DREAM_IDLE_H): _number(1, 72, unit="h"),
                vol.Required(CONF_ACT_THRESHOLD): _number(0.05, 1.0, step=0.05),
                vol.Required(CONF_INTERRUPT_THRESHOLD): _number(0.05, 1.0, step=0.05),
                vol.Required(CONF_INTERRUPTION_CAP): _number(0, 20),
                vol.Required(CONF_NEEDS): selector.BooleanSelector(),
            }
        )
        return self.async_show_form(
            step_id="initiative",
            data_schema=self.add_suggested_values_to_schema(schema, current),
            errors=errors,
        )

    async def async_step_memory(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """How the pet dreams and searches its shelf."""
        if user_input is not None:
            return self._save({**user_input, CONF_DREAM_TOKENS: int(user_input[CONF_DREAM_TOKENS])})
        schema = vol.Schema(
            {
                vol.Required(CONF_DREAM_TOKENS): _number(2000, 1_000_000, unit="tokens"),
                vol.Required(CONF_SHELF_VECTORS): selector.BooleanSelector(),
            }
        )
        return self.async_show_form(
            step_id="memory",
            data_schema=self.add_suggested_values_to_schema(schema, self._current()),
        )

    async def async_step_home(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Control Home Assistant: the LLM APIs whose tools the pet may use in a conversation
        (none by default; several where the release merges them)."""
        several = hasattr(llm, "MergedAPI")
        apis = [
            selector.SelectOptionDict(value=api.id, label=api.name)
            for api in llm.async_get_apis(self.hass)
        ]
        known = {option["value"] for option in apis}
        if user_input is not None:
            value = user_input.get(CONF_LLM_HASS_API) or []
            chosen = [v for v in ([value] if isinstance(value, str) else value) if v in known]
            return self._save({CONF_LLM_HASS_API: chosen}, (CONF_LLM_HASS_API,))
        current = [v for v in self._current().get(CONF_LLM_HASS_API, []) if v in known]
        if several:
            field: Any = selector.SelectSelector(
                selector.SelectSelectorConfig(
                    options=apis, multiple=True, mode=selector.SelectSelectorMode.LIST
                )
            )
        else:  # one API at a time on this release; "none" is no choice
            apis = [selector.SelectOptionDict(value="none", label="No control"), *apis]
            field = selector.SelectSelector(selector.SelectSelectorConfig(options=apis))
        suggested = current if several else (current[0] if current else "none")
        schema = vol.Schema({vol.Optional(CONF_LLM_HASS_API): field})
        return self.async_show_form(
            step_id="home",
            data_schema=self.add_suggested_values_to_schema(schema, {CONF_LLM_HASS_API: suggested}),
        )


def _notify_choices(hass: HomeAssistant) -> list[str]:
    entities = [state.entity_id for state in hass.states.async_all("notify")]
    services = [f"notify.{name}" for name in hass.services.async_services_for_domain("notify")]
    return sorted(
        set(entities)
        | {
            s
            for s in services
            if s not in {"notify.send_message", "notify.persistent_notification"}
        }
    )


def _target_known(hass: HomeAssistant, target: str) -> bool:
    domain, _, name = target.partition(".")
    if domain != "notify" or not name:
        return False
    return hass.states.get(target) is not None or hass.services.has_service(domain, name)


def entity_known(hass: HomeAssistant, entity_id: str) -> bool:
    return (
        hass.states.get(entity_id) is not None
        or er.async_get(hass).async_get(entity_id) is not None
    )


def _validate_body(hass: HomeAssistant, user_input: dict[str, Any]) -> dict[str, str]:
    errors: dict[str, str] = {}
    battery = user_input.get(CONF_BATTERY_ENTITY)
    charging = user_input.get(CONF_CHARGING_ENTITY)
    # The entity selectors already refuse other domains.
    if battery and not entity_known(hass, battery):
        errors[CONF_BATTERY_ENTITY] = "entity_not_found"
    if charging:
        state = hass.states.get(charging)
        if not entity_known(hass, charging):
            errors[CONF_CHARGING_ENTITY] = "entity_not_found"
        elif (
            charging.startswith("binary_sensor.")
            and state is not None
            and state.attributes.get(ATTR_DEVICE_CLASS) == BinarySensorDeviceClass.BATTERY
        ):
            errors[CONF_CHARGING_ENTITY] = "charging_is_low_battery"
    return errors
