"""How far a behaviour travels through the code: the integration's rooms (files) and folders a
nudge, an Assist message and a speak-up walk through, on the event loop, from the call to the
entities.

A profiler hook follows every frame of `custom_components/shelldon` on the loop's thread. A walk
is IN a room while a frame of that file runs (or waits, suspended, in a coroutine that will
resume): a call down to a helper and back is a visit to the helper, not leaving the room. It
ENTERS a room when a frame of it starts while none runs and the walk was last in another room
(two calls in a row into one room, such as a helper called twice, are one stay there), so
"entered again" means the walk had gone through other rooms and came back. Folders are counted
the same way. Figures:
- files run: every module whose code ran, the arrival and what follows it included;
- to the push: the rooms entered from the call up to the coordinator's first `show` (the one
  snapshot, which reads every part once by design), the coordinator included;
- entered again: how many of those entries came back to a room the walk had left;
- folder entries: the most times the walk came into any one folder before the push.

Only the public surface is used (actions and Assist), so the same file measures any version.
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from types import FrameType
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.setup import async_setup_component

from custom_components import shelldon as package
from tests.common import async_live_for, async_setup_pet, local, make_pet_entry

ROOT = Path(package.__file__).parent
DOMAIN = "shelldon"


def folder_of(rel: str) -> str:
    return rel.rsplit("/", 1)[0] if "/" in rel else "."


class Walk:
    """The rooms and folders of the integration a behaviour enters on one thread, in order."""

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.rooms: list[str] = []  # each entry into a room, up to the push
        self.folders: list[str] = []  # each entry into a folder, up to the push
        self._arrived = False
        self._in_room: Counter[str] = Counter()  # frames of each file running or suspended
        self._in_folder: Counter[str] = Counter()
        self._frames: dict[int, FrameType] = {}  # started already (held, so no id is reused)
        self._thread = threading.get_ident()

    def _hook(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event not in ("call", "return") or threading.get_ident() != self._thread:
            return
        path = frame.f_code.co_filename
        if not path.startswith(str(ROOT)):
            return
        rel = str(Path(path).relative_to(ROOT))
        folder = folder_of(rel)
        if event == "return":  # a frame ended, or a coroutine was suspended (it resumes later)
            self._in_room[rel] = max(0, self._in_room[rel] - 1)
            self._in_folder[folder] = max(0, self._in_folder[folder] - 1)
            return
        resumed = id(frame) in self._frames
        self._frames[id(frame)] = frame
        self.files.add(rel)
        if rel == "runtime/coordinator.py" and frame.f_code.co_name == "show":
            if not self._arrived and not self._in_room[rel] and self.rooms[-1:] != [rel]:
                self.rooms.append(rel)
            self._arrived = True
        if not resumed and not self._arrived:
            if not self._in_room[rel] and self.rooms[-1:] != [rel]:
                self.rooms.append(rel)
            if not self._in_folder[folder] and self.folders[-1:] != [folder]:
                self.folders.append(folder)
        self._in_room[rel] += 1
        self._in_folder[folder] += 1

    async def run(self, work: Callable[[], Awaitable[Any]]) -> None:
        sys.setprofile(self._hook)
        try:
            await work()
        finally:
            sys.setprofile(None)


def report(record: Any, what: str, walk: Walk, *, rooms_at_most: int, again: str = "") -> None:
    """The walk's figures, with the targets of the issue that asked for short ways through: a
    nudge in at most 8 rooms and none entered twice; a message or a reach-out in at most 15,
    no folder entered more than twice."""
    rooms = set(walk.rooms)
    folder, most = Counter(walk.folders).most_common(1)[0]
    record(f"walk {what}: files run", len(walk.files), "files")
    record(f"walk {what}: rooms to the push", len(rooms), "files", f"<= {rooms_at_most}")
    record(f"walk {what}: rooms entered again", len(walk.rooms) - len(rooms), "", again)
    record(f"walk {what}: most entries into one folder ({folder})", most, "entries", "<= 2")
    print(f"\n{what}, rooms to the push: {' > '.join(walk.rooms)}")
    print(f"{what}, folders to the push: {' > '.join(walk.folders)}")


async def _pet(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> Any:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    return pet


async def test_walk_of_a_nudge(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    await _pet(hass, freezer)
    walk = Walk()

    async def nudge() -> None:
        await hass.services.async_call(
            DOMAIN, "nudge", {"kind": "excited"}, blocking=True, return_response=True
        )

    await walk.run(nudge)
    report(record, "nudge", walk, rooms_at_most=8, again="0")


async def test_walk_of_an_assist_message(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    assert await async_setup_component(hass, "conversation", {})
    await _pet(hass, freezer)
    walk = Walk()

    async def say() -> None:
        await conversation.async_converse(
            hass, "How are you today?", None, Context(), agent_id="conversation.shelldon"
        )

    await walk.run(say)
    report(record, "Assist message", walk, rooms_at_most=15)


async def test_walk_of_a_speak_up(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    await _pet(hass, freezer)
    walk = Walk()

    async def speak_up() -> None:
        await hass.services.async_call(DOMAIN, "speak_up", {}, blocking=True, return_response=True)

    await walk.run(speak_up)
    report(record, "speak-up (a reach-out)", walk, rooms_at_most=15)
