"""Continuity: the vault's `situation.md` is the pet's reality layer, kept as things happen.

On waking, the picture frozen there at shutdown is compared with the one seen now; any drift is
one journal line ("woke to a changed world: …"). The history's troubles become a repair issue.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from homeassistant.core import HomeAssistant, callback

from ..body.health import Health
from ..core.secrets.scrub import Scrubber
from ..core.world import Belief, drift
from ..mind.mind import SITUATION_FILE
from ..ports import Basics, JournalLines
from ..ports.issues import create_issue, delete_issue
from ..vault.journal import BELIEFS_FILE
from ..vault.vault import Vault, VaultError, reason

BELIEFS_READ = 2000  # lines of the belief log read back at start
# The last line of situation.md while a conversation left open over a restart waits to close,
# once the journal has said so.
OPEN_TOLD = "<!-- the open conversation is in the journal -->"


def _told_open(situation: str) -> bool:
    return situation.rstrip().endswith(OPEN_TOLD)


class Continuity:
    """What the pet knew when it stopped, and what it sees on waking."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        basics: Basics,
        vault: Vault,
        journal: JournalLines,
        health: Health,
        scrubber: Scrubber,
        situation: Callable[[datetime], str],
        conversation_open: Callable[[], bool],
    ) -> None:
        self.hass = hass
        self.name = basics.name
        self.entry_id = basics.entry_id
        self.vault = vault
        self.journal = journal
        self.clock = basics.clock
        self.spawn = basics.spawn
        self.health = health
        self.scrubber = scrubber
        self.situation = situation  # situation.md as it would be written now
        self.conversation_open = conversation_open
        self.written = ""  # situation.md as last written
        self.told_open = False  # the journal said this start found the conversation open

    def read(self) -> tuple[str, list[Belief]]:
        """Blocking, at start: situation.md and the tail of the belief log."""
        vault = self.vault
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
        if not self.written:
            return  # a first start: nothing to compare
        changes = drift(self.written, self.situation(self.clock.now()), self.journal.language())
        if self.conversation_open():
            # Said once: the situation then says it was told, and the next start stays quiet
            # about the same open conversation (until it closes and another is left open).
            if not _told_open(self.written):
                changes.append(self.journal.words("journal.conversation_open"))
            self.told_open = True
        if changes:
            self.journal.entry(self.clock.now(), "journal.woke_changed", changes="; ".join(changes))
        self.refresh()

    def refresh(self) -> None:
        """Write situation.md when the picture changed (a write that fails is tried again at
        the next refresh, and said as a repair issue meanwhile)."""
        text = self.situation(self.clock.now())
        if self.told_open and self.conversation_open():
            text = text.rstrip("\n") + f"\n\n{OPEN_TOLD}\n"
        else:
            self.told_open = False
        if text != self.written:
            self.written = text
            self.spawn(self._async_write(text))

    async def _async_write(self, text: str) -> None:
        try:
            await self.hass.async_add_executor_job(self.vault.write_text, SITUATION_FILE, text)
        except (OSError, VaultError) as err:
            if self.written == text:
                self.written = ""  # not on disk: the next refresh writes it again
            self.health.storage("situation file", reason(err))
        else:
            self.health.storage("situation file", None)

    @callback
    def history_issue(self, trouble: str | None) -> None:
        """The vault's history cannot record (a repair issue), or can again (it goes)."""
        issue = f"history_{self.entry_id}"
        if trouble is None:
            delete_issue(self.hass, issue)
            return
        create_issue(
            self.hass,
            issue,
            self.entry_id,
            translation_key="history_broken",
            placeholders={"name": self.name, "vault": str(Path(self.vault.root)), "why": trouble},
            scrubber=self.scrubber,
        )
