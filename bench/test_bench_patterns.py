"""Every pattern's worst input at the project's size: 64 KB of each seed the suite's linear-time
checks use (reminders in five languages, several reminders in one message, told values, those
after them and those before their key, a bare or set-off code and a value inside prose, digits
named by what they open, the taint's letters), read by the same readers, timed here rather than
in the suite.

For each family: the most CPU one 64 KB input costs, per KB, and the worst ratio of 64 KB to
16 KB (a linear reading costs about 4 times as much; a quadratic one 16). The suite's own check
(tests/core/_support.assert_linear, at 8 and 32 KB) fails a pattern at 8.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bench.timing import thread_cpu
from custom_components.shelldon.core.reminders import parse_reminders
from custom_components.shelldon.core.secrets.scrub import scrub
from tests.core import test_reminders_languages as languages
from tests.core import test_reminders_several as several
from tests.core import test_secrets_before as before
from tests.core import test_secrets_inside as inside
from tests.core import test_secrets_more as more
from tests.core import test_secrets_opens as opens
from tests.core import test_taint_letters as letters
from tests.core import test_values_told as told

SMALL, BIG = 16 * 1024, 64 * 1024


def _families() -> Iterator[tuple[str, Callable[[str], object], list[str]]]:
    yield "reminders, five languages", languages.read_every_way, languages.ADVERSARIAL
    yield (
        "several reminders a message",
        lambda text: parse_reminders(text, several.MON),
        several.SEEDS,
    )
    yield "told values", scrub, told.SEEDS
    yield "more values a sentence tells", scrub, more.SEEDS
    yield "values said before their key", scrub, before.SEEDS
    yield "a bare or set-off code, a value inside prose", scrub, inside.SEEDS
    yield "digits named by what they open", scrub, opens.SEEDS
    for name, lengths in (("few", range(4, 12)), ("many", range(4, 60))):
        hide = letters.full_taint(lengths).taint.hide
        yield f"taint letters ({name} lengths)", hide, letters.ADVERSARIAL


def _cpu(read: Callable[[str], object], text: str) -> float:
    """The best of two readings, in the thread's own CPU seconds."""
    best = float("inf")
    for _ in range(2):
        started = thread_cpu()
        read(text)
        best = min(best, thread_cpu() - started)
    return best


def _of(seed: str, size: int) -> str:
    return (seed * (size // len(seed) + 1))[:size]


def test_every_pattern_seed_at_64_kb(record: object) -> None:
    assert callable(record)
    for family, read, seeds in _families():
        worst_ms, worst_ratio, worst_seed = 0.0, 0.0, ""
        for seed in seeds:
            small, big = _cpu(read, _of(seed, SMALL)), _cpu(read, _of(seed, BIG))
            ratio = big / max(small, 1e-4)
            if big * 1000 / 64 > worst_ms:
                worst_ms, worst_seed = big * 1000 / 64, seed
            worst_ratio = max(worst_ratio, ratio)
        record(f"{family}: worst 64 KB ({worst_seed.strip()[:14]!r})"[:58], worst_ms, "ms/KB")
        record(f"{family}: worst 64 KB / 16 KB ({len(seeds)} seeds)"[:58], worst_ratio, "x", "< 8")
