"""How far a behaviour travels through the code: the integration's files a nudge, an Assist
message and a speak-up run through, on the event loop, from the call to the entities.

A profiler hook records each call into a function of `custom_components/shelldon` on the loop's
thread, in order (a coroutine that resumes after an await is not entered again: it never left).
Figures per behaviour:
- files: distinct modules whose code ran;
- on the way: the same, leaving out the arrival: what runs inside the coordinator's `show`
  (the one snapshot, which reads every part once by design, and the entities reading it);
- to the push: the files that ran before the first `show` began (the walk to the entities,
  without what the behaviour goes on to do once they show it, such as the events it fires);
- folder entries: how often the walk came into a folder from another one (the most for any one
  folder is the "entered twice" figure).

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


class Walk:
    """The integration's files entered on one thread, in order."""

    def __init__(self) -> None:
        self.files: list[str] = []
        self.on_the_way: list[str] = []
        self.to_the_push: list[str] = []
        self._arrived = False
        self._arrival_depth = 0
        self._frames: dict[int, FrameType] = {}  # entered already (held, so no id is reused)
        self._thread = threading.get_ident()

    def _hook(self, frame: FrameType, event: str, _arg: Any) -> None:
        if threading.get_ident() != self._thread:
            return
        path = frame.f_code.co_filename
        if not path.startswith(str(ROOT)):
            return
        rel = str(Path(path).relative_to(ROOT))
        arrival = rel == "runtime/coordinator.py" and frame.f_code.co_name == "show"
        if event == "call":
            if id(frame) in self._frames:
                return  # a coroutine resuming: it was entered once
            self._frames[id(frame)] = frame
            if arrival:
                self._arrival_depth += 1
                self._arrived = True
            if not self._arrived and (not self.to_the_push or self.to_the_push[-1] != rel):
                self.to_the_push.append(rel)
            if not self.files or self.files[-1] != rel:
                self.files.append(rel)
            if not self._arrival_depth and (not self.on_the_way or self.on_the_way[-1] != rel):
                self.on_the_way.append(rel)
        elif event == "return" and arrival:
            self._arrival_depth -= 1

    async def run(self, work: Callable[[], Awaitable[Any]]) -> None:
        sys.setprofile(self._hook)
        try:
            await work()
        finally:
            sys.setprofile(None)


def folders(files: list[str]) -> Counter[str]:
    """How often the walk came into each folder from another one."""
    entered: Counter[str] = Counter()
    last = None
    for rel in files:
        folder = rel.rsplit("/", 1)[0] if "/" in rel else "."
        if folder != last:
            entered[folder] += 1
        last = folder
    return entered


def report(record: Any, what: str, walk: Walk) -> None:
    everything, on_the_way = set(walk.files), set(walk.on_the_way)
    entries = folders(walk.on_the_way)
    record(f"walk {what}: files run", len(everything), "files")
    record(f"walk {what}: files on the way (to the coordinator's show)", len(on_the_way), "files")
    record(
        f"walk {what}: files to the first push (before the first show began)",
        len(set(walk.to_the_push)),
        "files",
    )
    most = entries.most_common(1)[0] if entries else ("", 0)
    record(f"walk {what}: most entries into one folder ({most[0]})", most[1], "entries")
    print(f"\n{what}, to the push: {' > '.join(walk.to_the_push)}")
    print(f"{what}, on the way: {' > '.join(walk.on_the_way)}")


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
    report(record, "nudge", walk)


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
    report(record, "Assist message", walk)


async def test_walk_of_a_speak_up(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    await _pet(hass, freezer)
    walk = Walk()

    async def speak_up() -> None:
        await hass.services.async_call(DOMAIN, "speak_up", {}, blocking=True, return_response=True)

    await walk.run(speak_up)
    report(record, "speak-up (an unasked reach-out)", walk)
