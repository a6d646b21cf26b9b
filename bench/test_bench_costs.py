"""What a typical weekday costs, billed by the published rules, for the default model and the
newest Haiku and Sonnet; and the same day with a desk lamp switched on through Assist.

The weekday of `tests/weekday.py` (seven messages in three conversations, one reminder, the
night's dream) through a real Home Assistant, the real SDK, and a fake API that reports usage
from each request under the cache rules: uncached input 1x, cache writes 1.25x (five minutes),
reads 0.1x, nothing cached under the model's minimum (`core.caching`; the 5.x minimums are an
assumption, see there). Prices are list prices per million tokens (input, output): Haiku 4.5
$1/$5 and Sonnet 5.5 $2/$10 from Anthropic's model pages; Haiku 5.5 $0.10/$0.50 as third-party
price lists quote Anthropic's pricing page (its own page was not found). Cache reads are priced
at 0.1x everywhere, though Sonnet 5.5 is reported to read at 0.05x since 2026-10-07 (so its
figure is an upper bound). Tokens are counted at 3.6 characters each (30% more on the 5.x
models, whose newer tokenizer counts the same text so), and the fake's replies are shorter than
a real model's, so output is a floor.
"""

from __future__ import annotations

from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant

from tests.weekday import async_weekday

PRICES = {  # $ per MTok: input, output
    "claude-haiku-4-5": (1.0, 5.0),  # the default
    "claude-haiku-5-5": (0.10, 0.50),
    "claude-sonnet-5-5": (2.0, 10.0),
}
# The same day's bound, in each tokenizer's tokens (the newer one counts 30% more).
TARGETS = {"claude-haiku-4-5": "≤ 24,000", "claude-haiku-5-5": "≤ 31,200"}


@pytest.mark.parametrize("questions", [False, True], ids=["plain answers", "answers that ask back"])
@pytest.mark.parametrize("model", sorted(PRICES))
async def test_weekday_costs(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, model: str, questions: bool, record: Any
) -> None:
    day = await async_weekday(hass, freezer, model, questions=questions)
    kinds = day.kinds()
    if questions:  # the evening's lines end in a question: no closing call for that
        record(f"{model}: model calls, answers that ask back", len(kinds), "calls", "≤ 9")
        record(f"{model}:   closing calls", kinds.count("flush"), "calls", "0")
        return
    record(f"{model}: model calls on the weekday", len(kinds), "calls", "≤ 9")
    record(f"{model}:   answering the owner", kinds.count("owner"), "calls", "7")
    record(f"{model}: billed input on the weekday", day.billed(), "tokens", TARGETS.get(model, ""))
    record(f"{model}:   on its own initiative", day.billed(own=True), "tokens", "≤ 5,000")
    reads = sum(usage.cache_read for _, usage, _ in day.calls)
    writes = sum(usage.cache_write for _, usage, _ in day.calls)
    record(f"{model}:   read from the cache", reads, "tokens")
    record(f"{model}:   written to the cache", writes, "tokens")
    per_input, per_output = PRICES[model]
    dollars = (day.billed() * per_input + day.output() * per_output) / 1e6
    record(f"{model}: list price of the weekday", dollars * 100, "cents")
    record(f"{model}: list price of 30 such days", dollars * 30, "$")


@pytest.mark.parametrize("model", sorted(PRICES))
async def test_weekday_with_a_light_switched_on(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, model: str, record: Any
) -> None:
    """Assist's tools and prompt ride in the cached prefix of every owner turn of the day."""
    day = await async_weekday(hass, freezer, model, light=True)
    kinds = day.kinds()
    assert day.lamp_on == 1
    record(f"{model} + lamp: model calls on the weekday", len(kinds), "calls", "≤ 11")
    record(f"{model} + lamp:   answering the owner", kinds.count("owner"), "calls", "9")
    record(f"{model} + lamp: billed input on the weekday", day.billed(), "tokens")
    record(f"{model} + lamp:   on its own initiative", day.billed(own=True), "tokens", "≤ 5,000")
    reads = sum(usage.cache_read for _, usage, _ in day.calls)
    writes = sum(usage.cache_write for _, usage, _ in day.calls)
    record(f"{model} + lamp:   read from the cache", reads, "tokens")
    record(f"{model} + lamp:   written to the cache", writes, "tokens")
    per_input, per_output = PRICES[model]
    dollars = (day.billed() * per_input + day.output() * per_output) / 1e6
    record(f"{model} + lamp: list price of the weekday", dollars * 100, "cents")
