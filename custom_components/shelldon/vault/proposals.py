"""The one door from the pet's wishes to its own files: apply, queue for the owner, or refuse.

An edit the pet asks for in a reply is classified (core.selfedit): a working product
(memory, world, goals) is written at once; an identity surface (persona, faces, needs) or anything
unrecognised waits for the owner with its full content and reason, as a Home Assistant repair
issue whose fix flow shows the change and offers approve or reject (also the admin-only actions
`shelldon.approve_edit` / `shelldon.reject_edit`); the constitution is refused, not even queued.
The ruling returns to the mind as a signal. Every applied edit can be undone (versions.py).
"""

from __future__ import annotations

import asyncio
import difflib
import logging
from collections.abc import Callable
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError

from ..core.language.words import english, retold
from ..core.readback import mapping, whole
from ..core.selfedit import MAX_CONTENT, Proposal, Surface, classify, digest, normalise
from ..core.signals import SignalKind
from ..core.text import clean, shorten
from ..ports import Basics, Post, Words
from ..ports.const import DOMAIN
from ..ports.issues import create_issue, delete_issue
from .vault import Vault, VaultError, reason
from .versions import Versions

_LOGGER = logging.getLogger(__name__)

PREVIEW_LINES: Final = 40
MAX_PENDING: Final = 20
REASON_MAX: Final = 300
KEEP_RULED: Final = 50  # rulings remembered, so a second approval is told what became of it


class _StaleError(Exception):
    """The file changed under a waiting proposal."""


def issue_id(entry_id: str, edit_id: str) -> str:
    """The repair issue of one proposal."""
    return f"edit_{entry_id}_{edit_id}"


class Proposals:
    """Proposed edits of one pet, and the owner's rulings on them."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        basics: Basics,
        vault: Vault,
        versions: Versions,
        post: Post,
        files_changed: Callable[[str], None],
        words: Words = english,
    ) -> None:
        self.hass = hass
        self.words = words  # the journal's account of each edit, in the owner's language
        self.name = basics.name
        self.entry_id = basics.entry_id
        self.vault = vault
        self.versions = versions
        self.clock = basics.clock
        self.post = post
        self.changed = basics.changed
        self.files_changed = files_changed
        self.pending: dict[str, Proposal] = {}
        self.ruled: dict[str, str] = {}  # id -> approved or rejected, the latest few
        self._next = 1
        self._ruling = asyncio.Lock()  # one ruling at a time: an id is applied once

    def to_dict(self) -> dict[str, Any]:
        """For the checkpoint: the waiting proposals, and the next id (ids are never reused)."""
        return {
            "next": self._next,
            "pending": [p.to_dict() for p in self.pending.values()],
            "ruled": dict(self.ruled),
        }

    def restore(self, data: Any) -> None:
        """Back from the checkpoint; re-raise the repair issue of each waiting proposal. (An
        older checkpoint kept only the list of waiting proposals.)"""
        kept = mapping(data)
        items = data if isinstance(data, list) else kept.get("pending")
        self.ruled = {
            k: v
            for k, v in mapping(kept.get("ruled")).items()
            if isinstance(k, str) and v in ("approved", "rejected")
        }
        for item in items if isinstance(items, list) else []:
            proposal = Proposal.from_dict(item)
            if (
                proposal is not None
                and proposal.state == "pending"
                and classify(proposal.path) not in (Surface.CONSTITUTION, Surface.MACHINERY)
            ):
                self.pending[proposal.id] = proposal
        numbers = [int(p[1:]) for p in [*self.pending, *self.ruled] if p[1:].isdigit()]
        self._next = max(whole(kept.get("next"), 1), max(numbers, default=0) + 1)
        for proposal in self.pending.values():
            self._raise_issue(proposal, "")

    # ------------------------------------------------------------------ proposing

    async def async_propose(self, path: str, content: str, why: str) -> str:
        """Handle one edit the pet asked for; returns a journal-ready account of what happened.
        Nothing in it can fail the turn: a path the file system refuses is a refused edit,
        said in plain words (never a path of the host)."""
        scrubbed = self.vault.scrubber
        why = scrubbed.cut(" ".join(clean(why[: REASON_MAX * 4]).split()), REASON_MAX)
        words = self.words
        why = why or words("edit.no_reason")
        surface = classify(path)
        if surface is Surface.CONSTITUTION:
            _LOGGER.info("%s asked to edit its constitution; refused", self.name)
            return words("edit.constitution")
        if surface is Surface.MACHINERY:
            shown = shorten(scrubbed.cut(path, 80))
            _LOGGER.info("%s asked to edit %s, the vault's machinery; refused", self.name, shown)
            return words("edit.machinery", path=shown)
        if scrubbed(path) != path:  # a file's name is a door out too (the vault, its history)
            _LOGGER.info("%s asked to edit a file named with a secret; refused", self.name)
            return words("edit.secret_path")
        try:
            rel = str(self.vault.relative(normalise(path)))
        except VaultError as err:
            return words("edit.outside", reason=retold(reason(err), words))
        if len(content) > MAX_CONTENT or len(content.encode(errors="replace")) > MAX_CONTENT:
            return words("edit.too_large", path=rel, size=MAX_CONTENT // 1024)
        # What the owner is shown is what would be written; a large text is scrubbed off the loop.
        content = await self.hass.async_add_executor_job(self.vault.safe_text, content)
        try:
            if surface is Surface.WORKING:
                await self.hass.async_add_executor_job(self._write, rel, content)
                self.files_changed(rel)
                return words("edit.edited", path=rel, why=why)
            if len(self.pending) >= MAX_PENDING:
                return words("edit.too_many", path=rel, count=MAX_PENDING)
            current = await self.hass.async_add_executor_job(self._current, rel)
        except (OSError, VaultError) as err:
            return words("edit.failed", path=rel, reason=retold(reason(err), words))
        proposal = Proposal(
            id=f"p{self._next}",
            path=rel,
            content=content,
            reason=why,
            made_at=self.clock.utcnow().isoformat(),
            base=digest(current) if current is not None else "",
        )
        self._next += 1
        self.pending[proposal.id] = proposal
        self._raise_issue(proposal, current or "")
        self.changed()
        kind = words("edit.unrecognised") if surface is Surface.UNKNOWN else rel
        return words("edit.proposed", path=kind, id=proposal.id, why=why)

    def _current(self, rel: str) -> str | None:
        """The file as it is now (None: not there yet); VaultError for a path no file can have
        here (a part of it a file, a name too long, a folder in its place)."""
        path = self.vault.path(rel)
        if path.is_dir():
            raise VaultError(f"{rel}: that is a folder, not a file")
        return self.vault.read_text(rel) if path.is_file() else None

    def _write(self, rel: str, content: str) -> None:
        self.versions.keep_previous(rel, self.clock.utcnow())
        self.vault.write_text(rel, content)

    def diff(self, proposal: Proposal, current: str) -> str:
        """The proposed change as a unified diff (cut for a dialog)."""
        lines = list(
            difflib.unified_diff(
                current.splitlines(),
                proposal.content.splitlines(),
                fromfile=f"{proposal.path} (now)",
                tofile=f"{proposal.path} (proposed)",
                lineterm="",
            )
        )
        if len(lines) > PREVIEW_LINES:
            lines = [*lines[:PREVIEW_LINES], f"… ({len(lines) - PREVIEW_LINES} more lines)"]
        return "\n".join(lines) or "(no change)"

    def _raise_issue(self, proposal: Proposal, current: str) -> None:
        entry_id = self.entry_id
        create_issue(
            self.hass,
            issue_id(entry_id, proposal.id),
            entry_id,
            fixable=True,
            translation_key="edit_proposal",
            placeholders={
                "name": self.name,
                "edit_id": proposal.id,
                "path": proposal.path,
                "reason": proposal.reason,
            },
            data={"entry_id": entry_id, "edit_id": proposal.id},
            scrubber=self.vault.scrubber,
        )

    async def async_preview(self, edit_id: str) -> tuple[Proposal, str]:
        """A waiting proposal and its diff against the file as it is now."""
        proposal = self._get(edit_id)
        current = await self.hass.async_add_executor_job(self._current, proposal.path)
        return proposal, self.diff(proposal, current or "")

    # ------------------------------------------------------------------ ruling

    def _get(self, edit_id: str) -> Proposal:
        proposal = self.pending.get(edit_id)
        if proposal is not None:
            return proposal
        shown = {"edit_id": shorten(edit_id, 40), "name": self.name}
        if (ruling := self.ruled.get(edit_id)) is not None:
            raise ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key=f"edit_already_{ruling}",
                translation_placeholders=shown,
            )
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="unknown_edit",
            translation_placeholders=shown,
        )

    async def async_approve(self, edit_id: str) -> None:
        """Apply a waiting proposal, keep the history, tell the mind. Rulings are taken one at
        a time, so an id is applied once (a second approval is told it was); a proposal made
        against a file the owner has edited since is refused (it would overwrite their edit)."""
        async with self._ruling:
            proposal = self._get(edit_id)
            try:
                await self.hass.async_add_executor_job(self._apply, proposal)
            except _StaleError as err:
                raise ServiceValidationError(
                    translation_domain=DOMAIN,
                    translation_key="edit_stale",
                    translation_placeholders={
                        "edit_id": shorten(edit_id, 40),
                        "path": proposal.path,
                        "name": self.name,
                    },
                ) from err
            except (OSError, VaultError) as err:
                raise ServiceValidationError(
                    translation_domain=DOMAIN,
                    translation_key="edit_failed",
                    translation_placeholders={
                        "edit_id": shorten(edit_id, 40),
                        "error": shorten(reason(err), 200),
                    },
                ) from err
            self._settle(proposal, "approved")
        self.files_changed(proposal.path)

    def _apply(self, proposal: Proposal) -> None:
        if classify(proposal.path) in (Surface.CONSTITUTION, Surface.MACHINERY):
            raise VaultError(f"{shorten(proposal.path)}: not a file the pet may change")
        current = self._current(proposal.path)
        if (digest(current) if current is not None else "") != proposal.base:
            raise _StaleError(proposal.path)
        self._write(proposal.path, proposal.content)
        self.versions.record(f"self-edit: {proposal.path} ({proposal.id}, approved)")

    async def async_reject(self, edit_id: str) -> None:
        """Drop a waiting proposal: the surface is left exactly as it was."""
        async with self._ruling:
            self._settle(self._get(edit_id), "rejected")

    def _settle(self, proposal: Proposal, ruling: str) -> None:
        del self.pending[proposal.id]
        self.ruled[proposal.id] = ruling
        while len(self.ruled) > KEEP_RULED:
            del self.ruled[next(iter(self.ruled))]
        delete_issue(self.hass, issue_id(self.entry_id, proposal.id))
        self.post(
            SignalKind.RULING,
            {
                "edit": proposal.id,
                "path": proposal.path,
                "ruling": ruling,
                "about": f"my owner {ruling} {proposal.id}",
            },
        )
        self.changed()

    def clear_issues(self) -> None:
        """On unload: the repair issues go (they come back with the pet)."""
        for edit_id in self.pending:
            delete_issue(self.hass, issue_id(self.entry_id, edit_id))
