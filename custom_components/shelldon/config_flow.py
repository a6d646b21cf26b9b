"""Setting a pet up, and the dial board (options) where its owner tunes it."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import anthropic
import voluptuous as vol
from homeassistant.config_entries import (
    SOURCE_RECONFIGURE,
    ConfigFlow,
    ConfigFlowResult,
)
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import selector
from homeassistant.util import slugify

from .brain.ai_task_brain import AI_TASK_DOMAIN, async_generate_data_fn
from .brain.anthropic_brain import DEFAULT_MODEL
from .brain.anthropic_client import async_client, async_list_models
from .options_flow import ShelldonOptionsFlow, entity_known
from .ports.const import (
    CONF_AI_TASK_ENTITY,
    CONF_API_KEY,
    CONF_MODEL,
    CONF_NAME,
    CONF_OFFLINE,
    DEFAULT_NAME,
    DOMAIN,
)

if TYPE_CHECKING:  # named for the checker only: the flow never loads the pet's runtime
    from .runtime import ShelldonConfigEntry

_LOGGER = logging.getLogger(__name__)
KEY_SELECTOR = selector.TextSelector(
    selector.TextSelectorConfig(type=selector.TextSelectorType.PASSWORD)
)
AI_TASK_SELECTOR = selector.EntitySelector(selector.EntitySelectorConfig(domain=AI_TASK_DOMAIN))


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

    async def _async_key_checked(
        self, api_key: str, errors: dict[str, str]
    ) -> ConfigFlowResult | None:
        """A key that lists its models goes on to the model page; one that does not says why
        in `errors` (None: show the form again)."""
        self._models, error = await _async_models(self.hass, api_key)
        if error:
            errors["base"] = error
            return None
        self._data[CONF_API_KEY] = api_key
        return await self.async_step_model()

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
                if (models := await self._async_key_checked(api_key, errors)) is not None:
                    return models
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
                if not api_key:
                    self._data.pop(CONF_MODEL, None)  # no key: no model to remember
                return self.async_update_reload_and_abort(
                    entry, data=self._data, reason="reconfigure_successful"
                )
            elif (models := await self._async_key_checked(api_key, errors)) is not None:
                return models
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


def _ai_task_error(hass: HomeAssistant, api_key: str, ai_task: str) -> tuple[str, str] | None:
    """(field, error) when the brain asked for cannot be had: one brain, an entity that exists."""
    if not ai_task:
        return None
    if api_key:
        return "base", "key_or_ai_task"
    if not entity_known(hass, ai_task):
        return CONF_AI_TASK_ENTITY, "entity_not_found"
    return None


def _brain_name(data: Mapping[str, Any]) -> str:
    """Which brain an entry's data gives the pet, in the words of the reconfigure page."""
    if data.get(CONF_OFFLINE):
        return "offline"
    if entity_id := data.get(CONF_AI_TASK_ENTITY):
        return f"AI Task ({entity_id})"
    return "Anthropic" if data.get(CONF_API_KEY) else "offline"
