"""The pet's health: what it finds wrong with its own body, raised as a repair issue.

Its need for security checks here (seed 004's watchdog): the checkpoint could not be written,
the vault is not writable, the history cannot record, the thinking place is unreachable, a
battery entity is not answering. Anything found is one repair issue the owner can read; a clean
bill of health takes it away. The pet never fails silently.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

from homeassistant.core import HomeAssistant

from ..core.language.words import ENGLISH, english, retold
from ..ports import Basics, Words
from ..ports.const import CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY
from ..ports.issues import create_issue, delete_issue

_LOGGER = logging.getLogger(__name__)


class Health:
    """The body's self-check."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        basics: Basics,
        vault_root: Path,
        save_failed: Callable[[], bool],
        history_trouble: Callable[[], str | None],
        brain_failure: Callable[[], str | None],
        scrubber: Callable[[str], str],
        words: Words = english,
    ) -> None:
        self.hass = hass
        self.words = words  # what it finds, in the owner's language
        self.name = basics.name
        self.entry_id = basics.entry_id
        self.dials = basics.dials
        self.vault_root = vault_root
        self._save_failed = save_failed
        self._history_trouble = history_trouble
        self._brain_failure = brain_failure
        self._scrubber = scrubber
        self._storage: dict[str, str] = {}  # what cannot be written now, and why

    def storage(self, what: str, why: str | None) -> None:
        """One of the pet's files cannot be written (why, in plain words), or can again (None):
        the repair issue says so at once, and the log once."""
        if self._storage.get(what) == why:
            return
        if why is None:
            self._storage.pop(what, None)
            _LOGGER.info("%s's %s can be written again", self.name, what)
        else:
            if what not in self._storage:
                _LOGGER.warning("%s's %s cannot be written (%s)", self.name, what, why)
            self._storage[what] = why
        self.problems()

    def problems(self) -> list[str]:
        """What is wrong now (a repair issue says it, or goes when nothing is)."""
        words, found = self.words, []
        if self._save_failed() and "checkpoint" not in self._storage:
            found.append(words("health.checkpoint"))
        for what, why in self._storage.items():
            named = f"health.what_{what.replace(' ', '_')}"  # "my journal", "meine Dateien"
            shown = words(named) if named in ENGLISH else what
            found.append(words("health.storage", what=shown, why=retold(why, words)))
        if not os.access(self.vault_root, os.W_OK):
            found.append(words("health.vault"))
        if (trouble := self._history_trouble()) is not None:
            found.append(words("health.history", trouble=trouble))
        if (failure := self._brain_failure()) is not None:
            found.append(words("health.brain", failure=failure))
        for entity_id in (
            self.dials.get(CONF_BATTERY_ENTITY),
            self.dials.get(CONF_CHARGING_ENTITY),
        ):
            state = self.hass.states.get(entity_id) if entity_id else None
            if entity_id and (state is None or state.state in ("unavailable", "unknown")):
                found.append(words("health.battery", entity=entity_id))
        issue = f"health_{self.entry_id}"
        if found:
            create_issue(
                self.hass,
                issue,
                self.entry_id,
                translation_key="health",
                placeholders={"name": self.name, "problems": "; ".join(found)},
                scrubber=self._scrubber,
            )
        else:
            delete_issue(self.hass, issue)
        return found
