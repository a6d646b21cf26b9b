"""Scrubber figures for the shapes of issue 29: values that run to the end of their clause,
webhook addresses, and a taint whose three pools are full (passphrases of eight words, so each
secret holds its whole, its runs of words and its made-up words).

- The worst time per KB over 64 KB of each adversarial input, with the shapes alone and with
  the full taint.
- The time per KB of 64 KB of ordinary prose with the full taint (what every state and file
  written costs), and the size of the checkpoint's taint section.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from bench.timing import real_perf_counter
from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from custom_components.shelldon.core.secrets.taint import POOL_SIZES

SIZE = 64 * 1024
UNITS = (
    "password is a ",
    "password is ab ",
    "password: ",
    "my password is correct horse battery staple ",
    "das Passwort lautet rote Katze ",
    "la contraseña es gato azul ",
    "code is 1234 ",
    "pin 1 ",
    "password is x y z w v u t s r q p o n m ",
    "password: a.b.c.d ",
    "password: a, ",
    "wifi key: x - ",
    "https://hooks.slack.com/services/",
    "https://h/services/T0/",
    "/api/webhook/",
    "/api/webhook/x",
    "https://x/webhooks/1/",
    "/services/",
    "hooks ",
    "://",
    "?token=abc&",
)
PROSE = (
    "On 2026-12-01 at 10:30 Alex walked 12 km in the rain, then said the horse was correct "
    "about the battery, and we talked about https://example.com/services/pricing again.\n"
)


def _inputs() -> Iterator[tuple[str, str]]:
    for unit in UNITS:
        yield f"{unit!r} repeated", (unit * (SIZE // len(unit) + 1))[:SIZE]
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit "
    yield "passphrase words, no key", (words * (SIZE // len(words) + 1))[:SIZE]


def _full_taint() -> Scrubber:
    scrubber = Scrubber(Taint(b"k" * 16))
    for pool in Pool:
        for number in range(POOL_SIZES[pool]):
            words = " ".join(f"w{number}x{pool.value}{n}" for n in range(8))
            scrubber.learn_from(f"my password is {words}.", pool)
    return scrubber


def _per_kb(scrub_text: object, text: str) -> float:
    assert callable(scrub_text)
    start = real_perf_counter()
    scrub_text(text)
    return (real_perf_counter() - start) * 1000 / (len(text) / 1024)


def test_the_scrubber_on_the_shapes_of_issue_29(record: object) -> None:
    assert callable(record)
    tainted = _full_taint()
    record("taint hashes remembered (three pools full)", len(tainted.taint), "hashes", "")
    taint_bytes = len(json.dumps(tainted.to_dict()))
    record("checkpoint taint section, three pools full", taint_bytes / 1024, "KB", "")
    worst = {"shapes": (0.0, ""), "with a full taint": (0.0, "")}
    for name, text in _inputs():
        for label, scrubber in (("shapes", scrub), ("with a full taint", tainted)):
            per_kb = _per_kb(scrubber, text)
            if per_kb > worst[label][0]:
                worst[label] = (per_kb, name)
    for label, (per_kb, name) in worst.items():
        record(f"scrub 64 KB, worst ({label}): {name}"[:58], per_kb, "ms/KB", "linear")
    prose = (PROSE * (SIZE // len(PROSE) + 1))[:SIZE]
    record("scrub 64 KB of prose, shapes only", _per_kb(scrub, prose), "ms/KB", "")
    record("scrub 64 KB of prose, full taint", _per_kb(tainted, prose), "ms/KB", "")
