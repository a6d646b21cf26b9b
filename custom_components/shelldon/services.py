"""Actions: the owner's and automations' levers on the pet."""

from __future__ import annotations

import inspect
from typing import Any, Final

import voluptuous as vol
from homeassistant.components.api import APIDomainServicesView
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import (
    HomeAssistant,
    ServiceCall,
    ServiceResponse,
    SupportsResponse,
    callback,
)
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.service import async_register_admin_service

from .core.state import NudgeKind
from .core.text import shorten
from .ports import Asker
from .ports.const import (
    ATTR_CONFIG_ENTRY_ID,
    ATTR_EDIT_ID,
    ATTR_KIND,
    ATTR_MESSAGE,
    DOMAIN,
    SERVICE_APPROVE_EDIT,
    SERVICE_DREAM,
    SERVICE_NUDGE,
    SERVICE_REJECT_EDIT,
    SERVICE_SPEAK_UP,
    SERVICE_TELL,
)
from .runtime import ShelldonConfigEntry
from .runtime.pet import Pet, async_said_by


class UnknownNudgeError(ServiceValidationError, vol.Invalid):
    """A nudge kind outside the closed set, for a Home Assistant whose REST API answers only a
    schema error (not a ServiceValidationError) with 400 rather than 500 (2025.x)."""

    def __init__(self, **translation: Any) -> None:
        ServiceValidationError.__init__(self, **translation)
        self._msg = self._error_message = "not a nudge kind"
        self._path = [ATTR_KIND]
        self.error_type = None


def _rest_says_why() -> bool:
    """Whether the REST API answers a ServiceValidationError with 400 and its words."""
    try:
        return "ServiceValidationError" in inspect.getsource(APIDomainServicesView.post)
    except (OSError, TypeError):
        return False


_NUDGE_ERROR: Final = ServiceValidationError if _rest_says_why() else UnknownNudgeError


def nudge_kind(value: object) -> str:
    """A nudge kind, or the translated error that lists them (the closed set is checked in the
    schema, so every caller, REST included, gets a 400: in the pet's own words wherever Home
    Assistant's REST API passes them on)."""
    kind = cv.string(value)
    if kind not in set(NudgeKind):
        raise _NUDGE_ERROR(
            translation_domain=DOMAIN,
            translation_key="unknown_nudge",
            translation_placeholders={
                "kind": shorten(kind, 40),
                "kinds": ", ".join(k.value for k in NudgeKind),
            },
        )
    return kind


_NUDGE_FIELDS = vol.Schema(
    {
        vol.Optional(ATTR_CONFIG_ENTRY_ID): cv.string,
        vol.Required(ATTR_KIND): cv.string,
    }
)


def NUDGE_SCHEMA(data: Any) -> dict[str, Any]:  # noqa: N802 - a schema, named as one
    """The nudge action's schema. The kind is checked after the fields, outside any voluptuous
    schema object (one would wrap the error and lose its translation): it reaches the caller
    as raised."""
    checked: dict[str, Any] = _NUDGE_FIELDS(data)
    nudge_kind(checked[ATTR_KIND])
    return checked


TELL_SCHEMA = vol.Schema(
    {
        vol.Optional(ATTR_CONFIG_ENTRY_ID): cv.string,
        vol.Required(ATTR_MESSAGE): cv.string,
    }
)
MAX_MESSAGE = 2000


def resolve_pet(hass: HomeAssistant, call: ServiceCall) -> Pet:
    """The pet an action is for: the named entry, or the only pet there is."""
    entry_id = call.data.get(ATTR_CONFIG_ENTRY_ID)
    if entry_id:
        entry: ShelldonConfigEntry | None = hass.config_entries.async_get_entry(entry_id)
        if entry is None or entry.domain != DOMAIN:
            raise ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key="pet_not_found",
                translation_placeholders={"entry_id": shorten(entry_id, 40)},
            )
        if entry.state is not ConfigEntryState.LOADED:
            raise ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key="pet_not_loaded",
                translation_placeholders={"name": entry.title},
            )
        return entry.runtime_data.pet
    loaded: list[ShelldonConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
    if not loaded:
        raise ServiceValidationError(translation_domain=DOMAIN, translation_key="no_pet")
    if len(loaded) > 1:
        raise ServiceValidationError(translation_domain=DOMAIN, translation_key="pet_ambiguous")
    return loaded[0].runtime_data.pet


async def _async_nudge(call: ServiceCall) -> ServiceResponse:
    kind = NudgeKind(nudge_kind(call.data[ATTR_KIND]))  # a schema a test double bypassed
    result = await resolve_pet(call.hass, call).async_nudge(kind)
    return {
        "applied": result.applied,
        "reason": result.reason,
        "mood": result.mood,
        "valence": result.valence,
        "arousal": result.arousal,
    }


async def _async_tell(call: ServiceCall) -> ServiceResponse:
    message = call.data[ATTR_MESSAGE].strip()
    if not message or len(message) > MAX_MESSAGE:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="bad_message",
            translation_placeholders={"limit": str(MAX_MESSAGE)},
        )
    pet = resolve_pet(call.hass, call)
    sender, trusted = await async_said_by(call.hass, call.context, "automation")
    asker = Asker(context=call.context)  # the home's tools as this caller may use them
    outcome = await pet.async_tell(
        message, room="automation", sender=sender, asker=asker, trusted=trusted
    )
    return {"reply": outcome.say, "intent": outcome.intent, "ok": outcome.ok}  # scrubbed


PET_SCHEMA = vol.Schema({vol.Optional(ATTR_CONFIG_ENTRY_ID): cv.string})
EDIT_SCHEMA = vol.Schema(
    {vol.Optional(ATTR_CONFIG_ENTRY_ID): cv.string, vol.Required(ATTR_EDIT_ID): cv.string}
)


async def _async_approve_edit(call: ServiceCall) -> None:
    await resolve_pet(call.hass, call).async_edit(call.data[ATTR_EDIT_ID], "approve")


async def _async_reject_edit(call: ServiceCall) -> None:
    await resolve_pet(call.hass, call).async_edit(call.data[ATTR_EDIT_ID], "reject")


async def _async_speak_up(call: ServiceCall) -> ServiceResponse:
    return await resolve_pet(call.hass, call).async_speak_up()


async def _async_dream(call: ServiceCall) -> ServiceResponse:
    return await resolve_pet(call.hass, call).async_dream()


@callback
def async_setup_services(hass: HomeAssistant) -> None:
    """Register the actions once, for every pet."""
    hass.services.async_register(
        DOMAIN,
        SERVICE_NUDGE,
        _async_nudge,
        # Home Assistant calls any callable schema; its hint names only voluptuous' classes.
        schema=NUDGE_SCHEMA,  # type: ignore[arg-type]
        supports_response=SupportsResponse.OPTIONAL,
    )
    hass.services.async_register(
        DOMAIN,
        SERVICE_TELL,
        _async_tell,
        schema=TELL_SCHEMA,
        supports_response=SupportsResponse.OPTIONAL,
    )
    async_register_admin_service(
        hass, DOMAIN, SERVICE_APPROVE_EDIT, _async_approve_edit, schema=EDIT_SCHEMA
    )
    async_register_admin_service(
        hass, DOMAIN, SERVICE_REJECT_EDIT, _async_reject_edit, schema=EDIT_SCHEMA
    )
    for name, handler in ((SERVICE_SPEAK_UP, _async_speak_up), (SERVICE_DREAM, _async_dream)):
        hass.services.async_register(
            DOMAIN, name, handler, schema=PET_SCHEMA, supports_response=SupportsResponse.OPTIONAL
        )
