"""Repair flows: the owner rules on an edit the pet proposed to its own identity."""

from __future__ import annotations

import voluptuous as vol
from homeassistant import data_entry_flow
from homeassistant.components.repairs import RepairsFlow
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import selector

from .core.markup import fenced, plain

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
        pet = entry.runtime_data
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


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """The flow for one proposal's repair issue."""
    data = data or {}
    return EditProposalFlow(str(data.get("entry_id", "")), str(data.get("edit_id", "")))
