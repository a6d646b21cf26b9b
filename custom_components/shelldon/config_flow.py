"""Setting a pet up, and the dial board (options) where its owner tunes it."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import anthropic
import voluptuous as vol
from homeassistant.components.binary_sensor import BinarySensorDeviceClass
from homeassistant.config_entries import (
    SOURCE_RECONFIGURE,
    ConfigFlow,
    ConfigFlowResult,
    OptionsFlow,
)
from homeassistant.const import ATTR_DEVICE_CLASS
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import selector
from homeassistant.util import slugify

from .brain.ai_task_brain import AI_TASK_DOMAIN, async_generate_data_fn
from .brain.anthropic_brain import DEFAULT_MODEL
from .brain.anthropic_client import async_client, async_list_models
from .const import (
    CONF_ACT_THRESHOLD,
    CONF_AI_TASK_ENTITY,
    CONF_API_KEY,
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_DREAM_IDLE_H,
    CONF_DREAM_TOKENS,
    CONF_ESPHOME_ACTION,
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    CONF_LOW_BATTERY,
    CONF_MODEL,
    CONF_NAME,
    CONF_NEEDS,
    CONF_NOTIFY_TARGETS,
    CONF_OFFLINE,
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
    DEFAULT_NAME,
    DEFAULT_OPTIONS,
    DOMAIN,
    PALETTES,
)

if TYPE_CHECKING:  # named for the checker only: the flow never loads the pet's runtime
    from .runtime import ShelldonConfigEntry

BATTERY_DOMAINS = ["sensor", "input_number"]
CHARGING_DOMAINS = ["binary_sensor", "sensor", "input_boolean", "switch"]
ESPHOME_ACTION = re.compile(r"^esphome\.[a-z0-9_]+$")
OPTION_STEPS = ["body", "panel", "spending", "reach", "initiative", "memory"]
SPEAKER_DOMAINS = ["media_player", "assist_satellite"]
_LOGGER = logging.getLogger(__name__)
KEY_SELECTOR = selector.TextSelector(
    selector.TextSelectorConfig(type=selector.TextSelectorType.PASSWORD)
)
AI_TASK_SELECTOR = selector.EntitySelector(selector.EntitySelectorConfig(domain=AI_TASK_DOMAIN))


def _number(
    lo: float, hi: float, unit: str | None = None, step: float = 1
) -> selector.NumberSelector:
    config = selector.NumberSelectorConfig(
        min=lo, max=hi, step=step, mode=selector.NumberSelectorMode.BOX
    )
    if unit:
        config["unit_of_measurement"] = unit
    return selector.NumberSelector(config)


async def _async_models(
    hass: HomeAssistant, api_key: str
) -> tuple[list[tuple[str, str]], str | None]:
    """The models a key can use, or an error key (invalid_auth, cannot_connect, unknown)."""
    try:
        return await async_list_models(await async_client(hass, api_key)), None
    except (anthropic.AuthenticationError, anthropic.PermissionDeniedError):
        return [], "invalid_auth"
    except anthropic.APIConnectionError:
        return [], "cannot_connect"
    except Exception:  # anything else is reported as unknown, never a crashed flow
        _LOGGER.exception("Unexpected error while checking the API key")
        return [], "unknown"


def _model_schema(models: list[tuple[str, str]], current: str | None) -> vol.Schema:
    ids = [model_id for model_id, _ in models]
    default = current or (DEFAULT_MODEL if DEFAULT_MODEL in ids or not ids else ids[0])
    return vol.Schema(
        {
            vol.Required(CONF_MODEL, default=default): selector.SelectSelector(
                selector.SelectSelectorConfig(
                    options=[selector.SelectOptionDict(value=i, label=n) for i, n in models],
                    custom_value=True,
                    mode=selector.SelectSelectorMode.DROPDOWN,
                )
            )
        }
    )


class ShelldonConfigFlow(ConfigFlow, domain=DOMAIN):
    """Name a new pet, and optionally give it a brain."""

    VERSION = 1

    def __init__(self) -> None:
        self._data: dict[str, Any] = {}
        self._models: list[tuple[str, str]] = []

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """The pet's name and, optionally, an Anthropic API key or an AI Task entity."""
        errors: dict[str, str] = {}
        if user_input is not None:
            name = user_input[CONF_NAME].strip()
            api_key = (user_input.get(CONF_API_KEY) or "").strip()
            ai_task = (user_input.get(CONF_AI_TASK_ENTITY) or "").strip()
            if not any(ch.isalnum() for ch in name):
                errors[CONF_NAME] = "invalid_name"
            elif brain_error := _ai_task_error(self.hass, api_key, ai_task):
                errors[brain_error[0]] = brain_error[1]
            else:
                await self.async_set_unique_id(slugify(name))
                self._abort_if_unique_id_configured()
                self._data = {CONF_NAME: name}
                if ai_task:
                    self._data[CONF_AI_TASK_ENTITY] = ai_task
                if not api_key:
                    return self.async_create_entry(title=name, data=self._data)
                self._models, error = await _async_models(self.hass, api_key)
                if error:
                    errors["base"] = error
                else:
                    self._data[CONF_API_KEY] = api_key
                    return await self.async_step_model()
        fields: dict[vol.Marker, Any] = {
            vol.Required(CONF_NAME): selector.TextSelector(),
            vol.Optional(CONF_API_KEY): KEY_SELECTOR,
            **await self._ai_task_field(),
        }
        return self.async_show_form(
            step_id="user",
            data_schema=self.add_suggested_values_to_schema(
                vol.Schema(fields),
                {
                    CONF_NAME: DEFAULT_NAME,
                    **{
                        k: v
                        for k, v in (user_input or {}).items()
                        if k in (CONF_NAME, CONF_AI_TASK_ENTITY)
                    },
                },
            ),
            errors=errors,
        )

    async def async_step_model(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Which Claude model the pet thinks with."""
        if user_input is not None:
            data = {**self._data, CONF_MODEL: user_input[CONF_MODEL].strip() or DEFAULT_MODEL}
            if self.source == SOURCE_RECONFIGURE:
                return self.async_update_reload_and_abort(
                    self._get_reconfigure_entry(), data=data, reason="reconfigure_successful"
                )
            return self.async_create_entry(title=data[CONF_NAME], data=data)
        current = None
        if self.source == SOURCE_RECONFIGURE:
            current = self._get_reconfigure_entry().data.get(CONF_MODEL)
        return self.async_show_form(
            step_id="model", data_schema=_model_schema(self._models, current)
        )

    async def async_step_reauth(self, entry_data: Mapping[str, Any]) -> ConfigFlowResult:
        """The model provider refused the key."""
        return await self.async_step_reauth_confirm()

    async def async_step_reauth_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """A new key for the same pet."""
        errors: dict[str, str] = {}
        entry = self._get_reauth_entry()
        if user_input is not None:
            api_key = user_input[CONF_API_KEY].strip()
            _, error = await _async_models(self.hass, api_key)
            if error:
                errors["base"] = error
            else:
                return self.async_update_reload_and_abort(
                    entry,
                    data_updates={CONF_API_KEY: api_key, CONF_OFFLINE: False},
                    reason="reauth_successful",
                )
        return self.async_show_form(
            step_id="reauth_confirm",
            data_schema=vol.Schema({vol.Required(CONF_API_KEY): KEY_SELECTOR}),
            description_placeholders={"name": entry.title},
            errors=errors,
        )

    async def async_step_reconfigure(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Change the key or the model, choose an AI Task entity, or the offline brain."""
        errors: dict[str, str] = {}
        entry = self._get_reconfigure_entry()
        if user_input is not None:
            offline = bool(user_input.get(CONF_OFFLINE))
            new_key = (user_input.get(CONF_API_KEY) or "").strip()
            ai_task = (user_input.get(CONF_AI_TASK_ENTITY) or "").strip()
            api_key = new_key or entry.data.get(CONF_API_KEY)
            self._data = {**entry.data, CONF_OFFLINE: offline}
            if not offline:  # the offline brain keeps the others for later; any other choice
                self._data.pop(CONF_AI_TASK_ENTITY, None)  # replaces the AI Task entity
            brain_error = None if offline else _ai_task_error(self.hass, new_key, ai_task)
            if brain_error:
                errors[brain_error[0]] = brain_error[1]
            elif not offline and ai_task:
                self._data[CONF_AI_TASK_ENTITY] = ai_task
                for key in (CONF_API_KEY, CONF_MODEL):  # one brain at a time
                    self._data.pop(key, None)
                return self.async_update_reload_and_abort(
                    entry, data=self._data, reason="reconfigure_successful"
                )
            elif offline or not api_key:
                self._data.pop(CONF_MODEL, None) if not api_key else None
                return self.async_update_reload_and_abort(
                    entry, data=self._data, reason="reconfigure_successful"
                )
            else:
                self._models, error = await _async_models(self.hass, api_key)
                if error:
                    errors["base"] = error
                else:
                    self._data[CONF_API_KEY] = api_key
                    return await self.async_step_model()
        return self.async_show_form(
            step_id="reconfigure",
            data_schema=self.add_suggested_values_to_schema(
                vol.Schema(
                    {
                        vol.Optional(CONF_API_KEY): KEY_SELECTOR,
                        **await self._ai_task_field(),
                        vol.Optional(CONF_OFFLINE, default=False): selector.BooleanSelector(),
                    }
                ),
                {
                    CONF_OFFLINE: bool(entry.data.get(CONF_OFFLINE, False)),
                    **{
                        k: v
                        for k, v in {**entry.data, **(user_input or {})}.items()
                        if k == CONF_AI_TASK_ENTITY and v
                    },
                },
            ),
            description_placeholders={"brain": _brain_name(entry.data)},
            errors=errors,
        )

    async def _ai_task_field(self) -> dict[vol.Marker, Any]:
        """The AI Task entity field, on a Home Assistant that has AI Task."""
        if await async_generate_data_fn(self.hass) is None:
            return {}
        return {vol.Optional(CONF_AI_TASK_ENTITY): AI_TASK_SELECTOR}

    @staticmethod
    @callback
    def async_get_options_flow(config_entry: ShelldonConfigEntry) -> ShelldonOptionsFlow:
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
            for key in (CONF_SPEAKER, CONF_TTS_ENTITY):
                if (entity := user_input.get(key)) and not _entity_known(self.hass, entity):
                    errors[key] = "entity_not_found"
            presence = user_input.get(CONF_PRESENCE) or []
            if any(not _entity_known(self.hass, e) for e in presence):
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


def _ai_task_error(hass: HomeAssistant, api_key: str, ai_task: str) -> tuple[str, str] | None:
    """(field, error) when the brain asked for cannot be had: one brain, an entity that exists."""
    if not ai_task:
        return None
    if api_key:
        return "base", "key_or_ai_task"
    if not _entity_known(hass, ai_task):
        return CONF_AI_TASK_ENTITY, "entity_not_found"
    return None


def _brain_name(data: Mapping[str, Any]) -> str:
    """Which brain an entry's data gives the pet, in the words of the reconfigure page."""
    if data.get(CONF_OFFLINE):
        return "offline"
    if entity_id := data.get(CONF_AI_TASK_ENTITY):
        return f"AI Task ({entity_id})"
    return "Anthropic" if data.get(CONF_API_KEY) else "offline"


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
