"""Repair flows: the owner rules on an edit the pet proposed to its own identity, and picks a
current model when the pet's own is deprecated or gone."""

from __future__ import annotations

import anthropic
import voluptuous as vol
from homeassistant import data_entry_flow
from homeassistant.components.repairs import RepairsFlow
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import selector

from .brain.anthropic_client import async_client, async_list_models, retirement
from .core.markup import fenced, plain
from .ports.const import CONF_API_KEY, CONF_MODEL
from .ports.issues import MODEL_RETIRED, delete_issue

DECISION = "decision"


class EditProposalFlow(RepairsFlow):
    """Shows the proposed change; approve applies it, reject leaves the file untouched."""

    def __init__(self, entry_id: str, edit_id: str) -> None:
        self.entry_id = entry_id
        self.edit_id = edit_id

    async def async_step_init(
        self, user_input: dict[str, str] | None = None
    ) -> data_entry_flow.FlowResult:
        """The change, and the choice."""
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None or entry.state is not ConfigEntryState.LOADED:
            return self.async_abort(reason="pet_not_loaded")
        pet = entry.runtime_data.pet
        try:
            preview = await pet.async_edit(self.edit_id)
        except ServiceValidationError:
            return self.async_abort(reason="edit_gone")
        errors: dict[str, str] = {}
        if user_input is not None and DECISION in user_input:  # not the flow's opening data
            try:
                await pet.async_edit(self.edit_id, str(user_input[DECISION]))
            except ServiceValidationError as err:  # changed underneath, or could not be written
                errors["base"] = err.translation_key or "edit_failed"
            else:
                return self.async_create_entry(data={})
        return self.async_show_form(
            step_id="init",
            data_schema=vol.Schema(
                {
                    vol.Required(DECISION): selector.SelectSelector(
                        selector.SelectSelectorConfig(
                            options=["approve", "reject"], translation_key="edit_decision"
                        )
                    )
                }
            ),
            errors=errors,
            description_placeholders={  # the model's words, shown as text and never rendered
                "name": plain(entry.title),
                "path": plain(preview.path),
                "reason": plain(preview.reason),
                "diff": fenced(preview.diff),
            },
        )


class ModelFlow(RepairsFlow):
    """Picks a current model (one the key may use that the SDK does not list as deprecated);
    the pet wakes again with it."""

    def __init__(self, entry_id: str, issue_id: str) -> None:
        self.entry_id = entry_id
        self.issue_id = issue_id

    async def async_step_init(
        self, user_input: dict[str, str] | None = None
    ) -> data_entry_flow.FlowResult:
        """The models to choose from, and the choice."""
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None or not entry.data.get(CONF_API_KEY):
            return self.async_abort(reason="pet_not_loaded")
        try:
            client = await async_client(self.hass, str(entry.data[CONF_API_KEY]))
            models = [m for m in await async_list_models(client) if retirement(m[0]) is None]
        except anthropic.APIError:
            return self.async_abort(reason="cannot_connect")
        current = str(entry.data.get(CONF_MODEL, ""))
        choices = {model_id: label for model_id, label in models if model_id != current}
        if not choices:
            return self.async_abort(reason="no_other_model")
        if user_input is not None and user_input.get(CONF_MODEL) in choices:
            data = {**entry.data, CONF_MODEL: user_input[CONF_MODEL]}
            self.hass.config_entries.async_update_entry(entry, data=data)
            delete_issue(self.hass, self.issue_id)
            self.hass.config_entries.async_schedule_reload(entry.entry_id)
            return self.async_create_entry(data={})
        options = [selector.SelectOptionDict(value=k, label=v) for k, v in choices.items()]
        return self.async_show_form(
            step_id="init",
            data_schema=vol.Schema(
                {
                    vol.Required(CONF_MODEL, default=options[0]["value"]): selector.SelectSelector(
                        selector.SelectSelectorConfig(options=options)
                    )
                }
            ),
            description_placeholders={
                "name": plain(entry.title),
                "model": plain(current),
                "until": plain(retirement(current) or "?"),
            },
        )


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """The flow for one repair issue: a proposal's, or the retired model's."""
    data = data or {}
    if issue_id.startswith(MODEL_RETIRED):
        return ModelFlow(str(data.get("entry_id", "")), issue_id)
    return EditProposalFlow(str(data.get("entry_id", "")), str(data.get("edit_id", "")))
