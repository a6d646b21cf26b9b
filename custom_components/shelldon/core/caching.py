"""The prompt cache's rules, and what a call is billed under them (Anthropic's published terms).

A `cache_control` breakpoint caches the prefix up to it: for five minutes (refreshed on each
hit), or an hour at a higher write price. A prefix shorter than the model's minimum cacheable
length is not cached at all, silently (both counters stay zero): 4,096 tokens on Claude Haiku
4.5 and Opus 4.5/4.6, 2,048 on Sonnet 4.6 and Haiku 3.x, 1,024 on Sonnet 4.5, Opus 4.1/4 and
Sonnet 4; an unknown model is assumed to need the most. For the 5.x family (Haiku 5.5, Sonnet 5
and 5.5, Opus 5 and 5.5) no minimum was found in Anthropic's own documentation when this table
was written (2026-12-06; only third-party pages quote figures), so the table assumes the
highest published one, 4,096: a prefix marked below a model's true minimum costs nothing extra
(it is simply not cached), so the assumption can only leave a saving unclaimed. Reads bill 0.1x
the input price, writes 1.25x (five minutes) or 2x (an hour). So caching pays only for turns
seconds or minutes apart, with a prefix past the minimum; the pet asks for it only then.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .tokens import CACHE_READ_WEIGHT, CACHE_WRITE_WEIGHT, Usage

CACHE_WRITE_1H_WEIGHT: Final = 2.0
CONSERVATIVE_MINIMUM: Final = 4096  # an unknown model: assume the most
# Model family (the id's prefix, dated suffixes aside) -> minimum cacheable prefix, in tokens.
MINIMUM_CACHEABLE: Final[tuple[tuple[str, int], ...]] = (
    # 5.x: not published by Anthropic where we looked; the highest published minimum, assumed
    ("claude-haiku-5-5", CONSERVATIVE_MINIMUM),
    ("claude-sonnet-5-5", CONSERVATIVE_MINIMUM),
    ("claude-sonnet-5", CONSERVATIVE_MINIMUM),
    ("claude-opus-5-5", CONSERVATIVE_MINIMUM),
    ("claude-opus-5", CONSERVATIVE_MINIMUM),
    # 4.x and 3.x: Anthropic's prompt caching page
    ("claude-haiku-4-5", 4096),
    ("claude-opus-4-6", 4096),
    ("claude-opus-4-5", 4096),
    ("claude-sonnet-4-6", 2048),
    ("claude-sonnet-4-5", 1024),
    ("claude-opus-4-1", 1024),
    ("claude-opus-4", 1024),
    ("claude-sonnet-4", 1024),
    ("claude-3-7-sonnet", 1024),
    ("claude-3-5-haiku", 2048),
    ("claude-3-haiku", 2048),
)


class Ttl(StrEnum):
    """How long a cache write lives."""

    FIVE_MINUTES = "5m"
    ONE_HOUR = "1h"


WARM_MARGIN_S: Final = 15  # a write about to expire is not counted on
TTL_SECONDS: Final[dict[Ttl, int]] = {Ttl.FIVE_MINUTES: 300, Ttl.ONE_HOUR: 3600}
WRITE_WEIGHT: Final[dict[Ttl, float]] = {
    Ttl.FIVE_MINUTES: CACHE_WRITE_WEIGHT,
    Ttl.ONE_HOUR: CACHE_WRITE_1H_WEIGHT,
}


def minimum_cacheable(model: str) -> int:
    """The shortest prefix the model caches (the longest family name that fits wins)."""
    for family, minimum in sorted(MINIMUM_CACHEABLE, key=lambda f: -len(f[0])):
        if model == family or model.startswith(family + "-") or model.startswith(family + "@"):
            return minimum
    return CONSERVATIVE_MINIMUM


@dataclass(frozen=True)
class CachePlan:
    """Whether a call marks its stable prefix for the cache, and why (for the trace)."""

    mark: bool
    reason: str
    ttl: Ttl = Ttl.FIVE_MINUTES


def plan_cache(
    *, prefix_tokens: int, model: str, conversation: bool, since_cached_s: float | None
) -> CachePlan:
    """Mark the prefix only when it can be cached at all and the mark will pay: in a
    conversation (the owner's next message is minutes away and reads it at a tenth), or when
    the write of a turn moments ago is still alive (this call reads it). A turn of the pet's
    own, hours from any other, would pay the write premium for nothing, so it is not marked.
    The hour-long write (2x) would pay only for calls more than five minutes but under an hour
    apart, read at least twice; the pet's own turns are never that regular, so it is not used.
    """
    minimum = minimum_cacheable(model)
    if prefix_tokens < minimum:
        return CachePlan(False, f"prefix {prefix_tokens} < {minimum}: {model} caches none")
    if (
        since_cached_s is not None
        and since_cached_s < TTL_SECONDS[Ttl.FIVE_MINUTES] - WARM_MARGIN_S
    ):
        return CachePlan(True, "the last turn's write is still alive: this call reads it")
    if conversation:
        return CachePlan(True, "a conversation: the next turn reads it")
    return CachePlan(False, "no other call expected while a write would live")


def billed_input(usage: Usage, ttl: Ttl = Ttl.FIVE_MINUTES) -> float:
    """Input as billed, in uncached-token equivalents (reads 0.1x; writes 1.25x or 2x)."""
    return (
        usage.input + CACHE_READ_WEIGHT * usage.cache_read + WRITE_WEIGHT[ttl] * usage.cache_write
    )


@dataclass
class CacheEntry:
    """A prefix the (emulated) cache holds."""

    tokens: int
    expires_at: float


def cached_usage(
    *,
    prefix_tokens: int,
    rest_tokens: int,
    output_tokens: int,
    model: str,
    marked: bool,
    ttl: Ttl,
    now_s: float,
    held: CacheEntry | None,
) -> tuple[Usage, CacheEntry | None]:
    """What one call is billed under the rules, and what the cache holds after it (for tests
    and benchmarks that stand in for the API: `now_s` is any monotonic clock in seconds)."""
    if not marked or prefix_tokens < minimum_cacheable(model):
        return Usage(input=prefix_tokens + rest_tokens, output=output_tokens), held
    if held is not None and held.tokens == prefix_tokens and now_s < held.expires_at:
        refreshed = CacheEntry(prefix_tokens, now_s + TTL_SECONDS[ttl])  # a hit refreshes it
        return Usage(input=rest_tokens, cache_read=prefix_tokens, output=output_tokens), refreshed
    written = CacheEntry(prefix_tokens, now_s + TTL_SECONDS[ttl])
    return Usage(input=rest_tokens, cache_write=prefix_tokens, output=output_tokens), written
