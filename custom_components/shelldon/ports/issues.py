"""Repair issues, raised the one way: tied to the pet's entry where Home Assistant can do that
(2026.11 and later remove an entry's issues with it and hide them while it is disabled)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir

from ..core.markup import plain
from ..core.secrets.scrub import scrub
from .const import DOMAIN

MODEL_RETIRED: Final = "model_retired"
_TAKES_ENTRY: Final = "config_entry_id" in inspect.signature(ir.async_create_issue).parameters


def create_issue(
    hass: HomeAssistant,
    issue_id: str,
    entry_id: str,
    *,
    translation_key: str,
    placeholders: dict[str, str],
    severity: ir.IssueSeverity = ir.IssueSeverity.WARNING,
    fixable: bool = False,
    data: dict[str, str | int | float | None] | None = None,
    scrubber: Callable[[str], str] = scrub,
) -> None:
    """Create (or replace) one of a pet's repair issues. Its placeholders are scrubbed (with
    the pet's own scrubber, where it is handed one) and made plain text: Home Assistant renders
    an issue as Markdown."""
    placeholders = {key: plain(scrubber(value)) for key, value in placeholders.items()}
    extra = {"config_entry_id": entry_id} if _TAKES_ENTRY else {}
    ir.async_create_issue(
        hass,
        DOMAIN,
        issue_id,
        is_fixable=fixable,
        is_persistent=False,
        severity=severity,
        translation_key=translation_key,
        translation_placeholders=placeholders,
        data=data,
        **extra,
    )


def delete_issue(hass: HomeAssistant, issue_id: str) -> None:
    """Remove one of a pet's repair issues (nothing happens if it is not there)."""
    ir.async_delete_issue(hass, DOMAIN, issue_id)


def key_rejected(hass: HomeAssistant, entry_id: str, name: str) -> None:
    """The model provider refused the pet's key: the owner must act."""
    create_issue(
        hass,
        f"api_key_rejected_{entry_id}",
        entry_id,
        severity=ir.IssueSeverity.ERROR,
        translation_key="api_key_rejected",
        placeholders={"name": name},
    )


def goals_overflow(hass: HomeAssistant, entry_id: str, name: str, left: int, limit: int) -> None:
    """goals.md holds more open goals than the pet keeps: the first `limit` were taken, `left`
    were not (none: the issue goes)."""
    issue_id = f"goals_overflow_{entry_id}"
    if not left:
        delete_issue(hass, issue_id)
        return
    create_issue(
        hass,
        issue_id,
        entry_id,
        translation_key="goals_overflow",
        placeholders={"name": name, "left": str(left), "limit": str(limit)},
    )


def model_retired(
    hass: HomeAssistant, entry_id: str, name: str, model: str, why: str, until: str = ""
) -> None:
    """The pet's model is listed as deprecated by the SDK (`why` "deprecated", retired on
    `until`) or the API no longer knows it ("not_found"): a fixable issue that picks another."""
    create_issue(
        hass,
        f"{MODEL_RETIRED}_{entry_id}",
        entry_id,
        severity=ir.IssueSeverity.ERROR if why == "not_found" else ir.IssueSeverity.WARNING,
        translation_key=f"{MODEL_RETIRED}_{why}",
        placeholders={"name": name, "model": model, "until": until or "?"},
        fixable=True,
        data={"entry_id": entry_id, "model": model},
    )
