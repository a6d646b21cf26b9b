"""Home Assistant's pytest plugin fails a test that leaves a task or a timer behind. The folders
that need no Home Assistant run without the plugin (scripts/test: `-p no:homeassistant`); their
conftests import `nothing_left_behind`, which makes the same check then."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import AsyncIterator

import pytest


@pytest.fixture(autouse=True)
async def nothing_left_behind(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    """No task nor timer outlives the test (timers only warn where `expected_lingering_timers`
    says so, as under the plugin)."""
    if request.config.pluginmanager.has_plugin("homeassistant"):
        yield  # the plugin checks
        return
    loop = asyncio.get_running_loop()
    before = asyncio.all_tasks(loop)
    yield
    tasks = asyncio.all_tasks(loop) - before - {asyncio.current_task()}
    timers = [timer for timer in getattr(loop, "_scheduled", []) if not timer.cancelled()]
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.wait(tasks)
    for timer in timers:
        timer.cancel()
    assert not tasks, f"lingering tasks after the test: {tasks!r}"
    if timers and _timers_may_linger(request):
        warnings.warn(f"lingering timers after the test: {timers!r}", stacklevel=1)
        return
    assert not timers, f"lingering timers after the test: {timers!r}"


def _timers_may_linger(request: pytest.FixtureRequest) -> bool:
    try:
        return bool(request.getfixturevalue("expected_lingering_timers"))
    except pytest.FixtureLookupError:
        return False
