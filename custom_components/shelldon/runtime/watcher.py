"""Watching the vault: what the owner edited, which finished days are worth a dream, the shelf.

A cheap size-and-mtime scan, off the event loop, at most once a minute (the mind's SENSE asks).
A file the owner (or an approved edit) changed is followed at once by the part that keeps it;
a document dropped on the shelf is a signal for the mind.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from datetime import date
from typing import Any, Final, Protocol

from homeassistant.core import HomeAssistant

from ..core.dream import backlog, distill
from ..core.goals import GoalState
from ..core.signals import SignalKind
from ..needs.motivation import NEEDS_FILE, Motivation
from ..ports import Clock, Post, Spawn
from ..vault.faces import FACES_FILE
from ..vault.goals import GOALS_FILE, GoalBook
from ..vault.journal import Journal
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from ..vault.vault import Vault
from ..vault.versions import Versions


class Files(Protocol):
    """The pet's files, as their watcher follows them (`runtime.anatomy.Files`)."""

    @property
    def vault(self) -> Vault:
        """The vault."""
        ...

    @property
    def versions(self) -> Versions:
        """The vault's own history."""
        ...

    @property
    def goals(self) -> GoalBook:
        """The goal book."""
        ...

    @property
    def shelf(self) -> Shelf:
        """The shelf (swapped whole when its vectors are turned on or off)."""
        ...

    @property
    def recall(self) -> Recall:
        """What the pet remembers."""
        ...

    @property
    def journal(self) -> Journal:
        """The journal."""
        ...


WATCHED_FILES: Final = (
    FACES_FILE,
    GOALS_FILE,
    NEEDS_FILE,
    "soul/PERSONA.md",
    "soul/CONSTITUTION.md",
    "memory/facts.md",
)
Stamp = tuple[float, int]


class Watcher:
    """What changed in one pet's vault since it last looked."""

    def __init__(
        self,
        hass: HomeAssistant,
        files: Files,
        clock: Clock,
        motivation: Motivation,
        *,
        spawn: Spawn,
        post: Post,
        folded_until: Callable[[], str | None],
        reload: Callable[[str], Awaitable[None]],
    ) -> None:
        self._hass = hass
        self._files = files
        self._clock = clock
        self._motivation = motivation
        self._spawn = spawn
        self._post = post
        self._folded_until = folded_until  # every journal day up to this one is folded
        self._reload = reload  # the face table or a soul file changed: read it again
        self.journal_days: set[str] = set()  # finished days worth dreaming on
        self._stamps: dict[str, Any] = {}
        # journal day -> ((mtime, size), worth dreaming on?): a day is read again only if changed
        self._day_verdicts: dict[str, tuple[Stamp, bool]] = {}

    def prepare(self, folded_until: str | None, today: date) -> None:
        """Blocking, at start: the history, the needs, the shelf's index, recall, the stamps."""
        files = self._files
        files.versions.ensure()
        self._motivation.load_file()
        files.shelf.load()
        files.recall.load(today)
        self._stamps = self.scan(folded_until, today)
        self.journal_days = set(self._stamps["journal"])

    def scan(self, folded_until: str | None, today: date) -> dict[str, Any]:
        """Blocking: stamps of the files the owner may edit, the finished journal days with
        something worth dreaming on, the shelf."""
        vault, name = self._files.vault, self._files.journal.pet_name
        journal = vault.path("journal")
        stamps: dict[str, Stamp] = {}
        if journal.is_dir():
            for entry in os.scandir(journal):
                if entry.name.endswith(".md") and entry.is_file(follow_symlinks=False):
                    info = entry.stat(follow_symlinks=False)
                    stamps[entry.name.removesuffix(".md")] = (info.st_mtime, info.st_size)
        days, verdicts = [], {}
        for day in backlog(stamps, folded_until, today):
            known = self._day_verdicts.get(day)
            if known is not None and known[0] == stamps[day]:
                worth = known[1]
            else:
                worth = bool(distill(vault.read_text(f"journal/{day}.md"), name))
            verdicts[day] = (stamps[day], worth)
            if worth:
                days.append(day)
        self._day_verdicts = verdicts
        return {
            "files": {rel: vault.mtime_size(rel) for rel in WATCHED_FILES},
            "journal": days,
            "shelf": self._files.shelf.scan(),
        }

    def look(self) -> None:
        """Look for changes (off the loop)."""
        self._spawn(self._async_look())

    async def _async_look(self) -> None:
        files = self._files
        stamps = await self._hass.async_add_executor_job(
            self.scan, self._folded_until(), self._clock.now().date()
        )
        before = self._stamps.get("files", {})
        if stamps.get("files") != before or stamps.get("shelf") != self._stamps.get("shelf"):
            files.versions.owner_edited()
        self._stamps = stamps
        self.journal_days = set(stamps["journal"])
        for rel, stamp in stamps["files"].items():
            if before.get(rel) != stamp:
                await self.async_changed(rel)
        for change in files.shelf.changes(stamps["shelf"]):
            if change.change != "removed":
                self._motivation.context("understanding")  # something new to read
            self._post(
                SignalKind.SHELF_DROP,
                {
                    "doc": change.doc,
                    "change": change.change,
                    "about": f"{change.doc} ({change.change})",
                },
            )

    def changed(self, rel: str) -> None:
        """The pet itself changed a file: follow it at once."""
        self._spawn(self.async_changed(rel))

    async def async_changed(self, rel: str) -> None:
        """Follow one changed file."""
        files, now = self._files, self._clock.now
        if rel == FACES_FILE or rel.startswith("soul/"):
            await self._reload(rel)
        elif rel == NEEDS_FILE:
            await self._hass.async_add_executor_job(self._motivation.load_file)
        elif rel == GOALS_FILE:
            for goal in await files.goals.async_load():
                key = (
                    "journal.owner_done"
                    if goal.state is GoalState.DONE
                    else "journal.owner_dropped"
                )
                files.journal.entry(now(), key, id=goal.id, text=goal.text)
        elif rel.startswith("memory/"):
            await self._hass.async_add_executor_job(files.recall.load, now().date())
