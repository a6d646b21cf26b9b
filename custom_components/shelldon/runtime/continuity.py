"""Continuity: the vault's `situation.md` is the pet's reality layer, kept as things happen.

On waking, the picture frozen there at shutdown is compared with the one seen now; any drift is
one journal line ("woke to a changed world: …"). The history's troubles become a repair issue.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from homeassistant.core import callback

from ..core.world import Belief, drift
from ..issues import create_issue, delete_issue
from ..mind.loop import SITUATION_FILE
from ..vault.files import VaultError, reason
from ..vault.journal import BELIEFS_FILE

if TYPE_CHECKING:
    from .pet import Pet

BELIEFS_READ = 2000  # lines of the belief log read back at start


class Continuity:
    """What the pet knew when it stopped, and what it sees on waking."""

    def __init__(self, pet: Pet) -> None:
        self.pet = pet
        self.written = ""  # situation.md as last written

    def read(self) -> tuple[str, list[Belief]]:
        """Blocking, at start: situation.md and the tail of the belief log."""
        vault = self.pet.vault
        try:
            situation = vault.read_text(SITUATION_FILE) if vault.exists(SITUATION_FILE) else ""
        except (OSError, VaultError):
            situation = ""
        beliefs: list[Belief] = []
        try:
            lines = vault.read_text(BELIEFS_FILE).splitlines() if vault.exists(BELIEFS_FILE) else []
        except (OSError, VaultError):
            lines = []
        for line in lines[-BELIEFS_READ:]:
            try:
                belief = Belief.from_dict(json.loads(line))
            except ValueError:
                continue
            if belief is not None:
                beliefs.append(belief)
        return situation, beliefs

    def reconcile(self) -> None:
        """The frozen picture against the one seen on waking: any drift is one journal line."""
        pet = self.pet
        if not self.written:
            return  # a first start: nothing to compare
        changes = drift(self.written, pet.mind.situation_file(pet.clock.now()))
        if pet.turns.unflushed:
            changes.append("my last conversation was still open")
        if changes:
            pet.journal.journal(
                pet.clock.now(), None, "woke to a changed world: " + "; ".join(changes)
            )
        self.refresh()

    def refresh(self) -> None:
        """Write situation.md when the picture changed (a write that fails is tried again at
        the next refresh, and said as a repair issue meanwhile)."""
        pet = self.pet
        text = pet.mind.situation_file(pet.clock.now())
        if text != self.written:
            self.written = text
            pet.spawn(self._async_write(text))

    async def _async_write(self, text: str) -> None:
        pet = self.pet
        try:
            await pet.hass.async_add_executor_job(pet.vault.write_text, SITUATION_FILE, text)
        except (OSError, VaultError) as err:
            if self.written == text:
                self.written = ""  # not on disk: the next refresh writes it again
            pet.health.storage("situation file", reason(err))
        else:
            pet.health.storage("situation file", None)

    @callback
    def history_issue(self, trouble: str | None) -> None:
        """The vault's history cannot record (a repair issue), or can again (it goes)."""
        pet = self.pet
        issue = f"history_{pet.entry.entry_id}"
        if trouble is None:
            delete_issue(pet.hass, issue)
            return
        create_issue(
            pet.hass,
            issue,
            pet.entry.entry_id,
            translation_key="history_broken",
            placeholders={"name": pet.name, "vault": str(pet.vault.root), "why": trouble},
            scrubber=pet.scrubber,
        )
