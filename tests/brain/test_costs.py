"""What a typical weekday costs, as the API bills it: the model faked at the HTTP layer reports
usage from each request under the published cache rules (the prefix's minimum per model, five
minutes refreshed by each hit, reads at 0.1x and writes at 1.25x).

Seven messages in three conversations and a reminder make at most nine calls: one per message,
the reminder, and the night's dream. A conversation whose answers kept what it held is closed
without a call; the pet's own turns are unmarked (a write hours from any read would cost more);
on Claude Haiku 4.5 the prefix is under the 4,096-token minimum, so nothing is marked at all;
on Claude Sonnet 4.5 the conversations read it at a tenth. The constitution and the persona go
whole on every turn. The tokens sensor reports exactly what the API reported.
"""

from __future__ import annotations

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant

from tests.weekday import CONVERSATIONS, MESSAGES, async_weekday

CEILING = {"claude-haiku-4-5": 24_000, "claude-sonnet-4-5": 18_000}  # billed input equivalents
OWN_CEILING = 5_000  # of them, on the pet's own initiative


@pytest.mark.parametrize("model", sorted(CEILING))
async def test_a_weekday_costs_what_it_should(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, model: str
) -> None:
    day = await async_weekday(hass, freezer, model)

    kinds = day.kinds()
    assert kinds.count("owner") == MESSAGES, "every message answered, once"
    assert len(kinds) <= 9, kinds
    assert "flush" not in kinds, "each conversation's answers kept what it held"
    closed = "closed the conversation: every message was answered and what it held was kept"
    assert day.journal.count(closed) == 3, "each closing decided locally, and said so"
    for _, _, text in (line for talk in CONVERSATIONS for line in talk):
        assert text in day.journal, "nothing the owner said is dropped"
    assert kinds.count("reach_out") == 1 and kinds.count("dream") == 1, kinds
    assert [r["message"] for r in day.reach_outs] == ["Time to call your mum!"], "kept its word"

    assert day.billed() <= CEILING[model], f"{day.billed():,.0f} billed on {model}"
    assert day.billed(own=True) <= OWN_CEILING, f"{day.billed(own=True):,.0f} on its own"

    marked = {kind for kind, _, mark in day.calls if mark}
    if model == "claude-haiku-4-5":
        assert marked == set(), "under Haiku's 4,096-token minimum nothing is marked"
    else:
        assert marked == {"owner"}, "only conversations are marked; the pet's own turns are not"
        reads = [usage for kind, usage, _ in day.calls if usage.cache_read]
        assert len(reads) == MESSAGES - 3, "every message after a conversation's first reads it"

    constitution, persona = day.soul
    for kind, system in day.systems:
        if kind != "dream":  # the night's fold has a small prompt of its own
            assert constitution in system and persona in system, f"{kind}: the soul, whole"

    sensor, billed = day.sensor_at_night, day.billed_by_then
    assert (
        sensor["input_uncached"],
        sensor["input_cache_write"],
        sensor["input_cache_read"],
        sensor["output"],
    ) == (billed.input, billed.cache_write, billed.cache_read, billed.output)
    assert sensor["billed_input_equivalent"] == round(billed.billed_input)
    assert int(sensor["state"]) == billed.total
