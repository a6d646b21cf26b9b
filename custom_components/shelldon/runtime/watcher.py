"""Watching the vault: what the owner edited, which finished days are worth a dream, the shelf.

A cheap size-and-mtime scan, off the event loop, at most once a minute (the mind's SENSE asks).
A file the owner (or an approved edit) changed is followed at once by the part that keeps it;
a document dropped on the shelf is a signal for the mind.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable
from datetime import date
from typing import Any, Final, Protocol

from homeassistant.core import HomeAssistant

from ..core.dream import backlog, distill
from ..core.goals import GoalState
from ..core.power import BackoffLevel
from ..core.signals import SignalKind
from ..core.state import PersonalityState
from ..needs.motivation import NEEDS_FILE, Motivation
from ..ports import Clock, Journal
from ..vault.faces import FACES_FILE
from ..vault.files import Vault
from ..vault.goals import GOALS_FILE, GoalBook
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from ..vault.versions import Versions


class Watched(Protocol):
    """What the watcher follows changed files with (the pet, as its files' keeper sees it)."""

    @property
    def name(self) -> str:
        """Its name."""
        ...

    @property
    def hass(self) -> HomeAssistant:
        """Its hass."""
        ...

    @property
    def clock(self) -> Clock:
        """Its clock."""
        ...

    @property
    def vault(self) -> Vault:
        """Its vault."""
        ...

    @property
    def history(self) -> Versions:
        """Its history."""
        ...

    @property
    def goals(self) -> GoalBook:
        """Its goals."""
        ...

    @property
    def shelf(self) -> Shelf:
        """Its shelf."""
        ...

    @property
    def recall(self) -> Recall:
        """Its recall."""
        ...

    @property
    def motivation(self) -> Motivation:
        """Its motivation."""
        ...

    @property
    def state(self) -> PersonalityState:
        """The personality (the face follows it)."""
        ...

    @property
    def journal(self) -> Journal:
        """Where what the owner ruled on is said."""
        ...

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run work as a tracked task."""
        ...

    def post(self, kind: SignalKind, data: dict[str, Any] | None = None) -> Any:
        """A fact for the mind."""
        ...

    def folded_until(self) -> str | None:
        """Every journal day up to this one is folded."""
        ...

    def power_level(self) -> BackoffLevel:
        """The battery's backoff level now."""
        ...

    async def async_face_table_changed(self) -> None:
        """The face table was edited: the face follows it."""
        ...

    async def async_soul_changed(self) -> None:
        """A soul file was edited: the turns read it again."""
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

    def __init__(self, pet: Watched) -> None:
        self.pet = pet
        self.journal_days: set[str] = set()  # finished days worth dreaming on
        self._stamps: dict[str, Any] = {}
        # journal day -> ((mtime, size), worth dreaming on?): a day is read again only if changed
        self._day_verdicts: dict[str, tuple[Stamp, bool]] = {}

    def prepare(self, folded_until: str | None, today: date) -> None:
        """Blocking, at start: the history, the needs, the shelf's index, recall, the stamps."""
        pet = self.pet
        pet.history.ensure()
        pet.motivation.load_file()
        pet.shelf.load()
        pet.recall.load(today)
        self._stamps = self.scan(folded_until, today)
        self.journal_days = set(self._stamps["journal"])

    def scan(self, folded_until: str | None, today: date) -> dict[str, Any]:
        """Blocking: stamps of the files the owner may edit, the finished journal days with
        something worth dreaming on, the shelf."""
        vault, name = self.pet.vault, self.pet.name
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
            "shelf": self.pet.shelf.scan(),
        }

    def look(self) -> None:
        """Look for changes (off the loop)."""
        self.pet.spawn(self._async_look())

    async def _async_look(self) -> None:
        pet = self.pet
        stamps = await pet.hass.async_add_executor_job(
            self.scan, pet.folded_until(), pet.clock.now().date()
        )
        before = self._stamps.get("files", {})
        if stamps.get("files") != before or stamps.get("shelf") != self._stamps.get("shelf"):
            pet.history.owner_edited()
        self._stamps = stamps
        self.journal_days = set(stamps["journal"])
        for rel, stamp in stamps["files"].items():
            if before.get(rel) != stamp:
                await self.async_changed(rel)
        for change in pet.shelf.changes(stamps["shelf"]):
            if change.change != "removed":
                pet.motivation.context("understanding")  # something new to read
            pet.post(
                SignalKind.SHELF_DROP,
                {
                    "doc": change.doc,
                    "change": change.change,
                    "about": f"{change.doc} ({change.change})",
                },
            )

    def changed(self, rel: str) -> None:
        """The pet itself changed a file: follow it at once."""
        self.pet.spawn(self.async_changed(rel))

    async def async_changed(self, rel: str) -> None:
        """Follow one changed file."""
        pet = self.pet
        if rel == FACES_FILE:
            await pet.async_face_table_changed()
        elif rel == NEEDS_FILE:
            await pet.hass.async_add_executor_job(pet.motivation.load_file)
        elif rel.startswith("soul/"):
            await pet.async_soul_changed()
        elif rel == GOALS_FILE:
            for goal in await pet.goals.async_load():
                key = (
                    "journal.owner_done"
                    if goal.state is GoalState.DONE
                    else "journal.owner_dropped"
                )
                pet.journal.entry(pet.clock.now(), key, id=goal.id, text=goal.text)
        elif rel.startswith("memory/"):
            await pet.hass.async_add_executor_job(pet.recall.load, pet.clock.now().date())
