"""Scrubber and shelf figures on adversarial input: nothing a reply or a document holds can stall
Home Assistant.

- The scrubber on 64 KB of the worst input for each of its patterns: runs and alternations of
  every punctuation character and of letters and digits, and repetitions of every key word its
  patterns start from; plain (the shapes) and with a full taint (512 remembered secrets). The
  figure is the worst time per KB, and which input it was.
- The shelf on pathological documents (a 1 MB first line, 1 MB of headings, 1 MB without a
  newline): index bytes per document byte (a heading copied into every blurb once made a
  document 177 times its size).
- A turn through Home Assistant whose reply is the attack (an edit of 64 KB of dashes, with the
  same run as its reason, and 64 KB of key words): the worst event-loop stall while it runs,
  from a probe that sleeps 5 ms and records how late it wakes (real time, no frozen clock).
"""

from __future__ import annotations

import asyncio
import json
import random
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from homeassistant.core import HomeAssistant

from bench.timing import real_perf_counter
from custom_components.shelldon.core.secrets.scrub import Scrubber, Taint, scrub
from custom_components.shelldon.vault.catalogue import volume_file, write_volume
from custom_components.shelldon.vault.vault import Vault
from custom_components.shelldon.vault.walk import read_volume
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_setup_pet, async_tell, make_pet_entry

SIZE = 64 * 1024
KEY_WORDS = (
    "password ",
    "password: ",
    "password for the ",
    "pass=",
    "NAME_PASSWORD=",
    "pin ",
    "code is ",
    "alarm ",
    "ssid ",
    "wifi key ",
    "clé wifi ",
    "token ",
    "api_key=",
    "user a pass ",
    "login: b / ",
    "Bearer ",
    "Basic ",
    "https://",
    "https://a:",
    "://",
    "?key=",
    "&sig=",
    "eyJ",
    "eyJaaaaaaaaaaa.",
    "-----BEGIN PRIVATE KEY-----",
    "Cookie: a=",
    "sk-",
    "AKIA",
    "iban ",
    "DE89 ",
    "+49 ",
    "00",
    "4111 ",
    "123-45-",
    "a@",
    "a.",
    "A_",
    "a_b",
)


def _adversarial() -> Iterator[tuple[str, str]]:
    for char in string.punctuation + " \t\n\u00a0\u2009":
        yield f"run of {char!r}", char * SIZE
        for other in "aZ9 ":
            if other != char:
                yield f"{char!r} and {other!r}", (char + other) * (SIZE // 2)
    for run in ("a", "Z", "9", "aZ", "a9", "aZ9_-"):
        yield f"run of {run!r}", (run * SIZE)[:SIZE]
    for word in KEY_WORDS:
        yield f"{word!r} repeated", (word * (SIZE // len(word) + 1))[:SIZE]


def _seconds(scrub_text: object, text: str) -> float:
    assert callable(scrub_text)
    start = real_perf_counter()
    scrub_text(text)
    return real_perf_counter() - start


def _full_taint() -> Scrubber:
    scrubber = Scrubber(Taint(b"k" * 16))
    for number in range(512):
        scrubber.learn_from(
            f"password: secret-{number:04d}-xyz and card 4111 1111 1111 {number:04d}"
        )
    return scrubber


def test_the_scrubber_is_linear_on_its_worst_inputs(record: object) -> None:
    assert callable(record)
    tainted = _full_taint()
    worst = {"shapes": (0.0, ""), "with a full taint": (0.0, "")}
    for name, text in _adversarial():
        for label, scrubber in (("shapes", scrub), ("with a full taint", tainted)):
            per_kb = _seconds(scrubber, text) * 1000 / (len(text) / 1024)
            if per_kb > worst[label][0]:
                worst[label] = (per_kb, name)
    for label, (per_kb, name) in worst.items():
        record(f"scrub 64 KB, worst ({label}): {name}", per_kb, "ms/KB", "linear")
    # Secrets of many lengths, and a text of single characters that never repeats itself: every
    # token starts a window of each length (the letters' worst case).
    lengths = _full_taint()
    for size in range(4, 24):
        lengths.learn_from(f"my password is {'q' * (size - 1)}7")
    draw = random.Random(7)
    for name, alphabet in (("letters", string.ascii_lowercase), ("digits", string.digits)):
        text = " ".join(draw.choice(alphabet) for _ in range(SIZE // 2))
        per_kb = _seconds(lengths, text) * 1000 / (len(text) / 1024)
        record(f"scrub 64 KB of single {name}, 20 lengths remembered", per_kb, "ms/KB", "linear")
    two_mb = "On 2026-12-01 Alex walked 12 km; password: hunter2hunter2 was said once.\n" * 28_000
    record("scrub 2 MB of prose with secrets", _seconds(scrub, two_mb), "s", "")


PATHOLOGICAL = {
    "a 1 MB first line": "# " + "heading " * 131_000 + "\n\nA short body.\n",
    "1 MB of headings": "".join(f"# heading {n} " + "x" * 40 + "\n\n" for n in range(17_500)),
    "1 MB without a newline": "word " * 209_715,
}


@pytest.mark.parametrize("name", PATHOLOGICAL)
def test_a_pathological_document_is_indexed_within_a_small_multiple(
    tmp_path: Path, record: object, name: str
) -> None:
    assert callable(record)
    vault = Vault(tmp_path / "vault")
    doc = "knowledge/reference/doc.md"
    text = PATHOLOGICAL[name]
    path = vault.path(doc)
    path.parent.mkdir(parents=True)
    path.write_text(text)
    start = real_perf_counter()
    volume, stamp, why = read_volume(vault, doc, None)
    assert why is None and stamp is not None
    write_volume(vault, doc, (volume, stamp))
    took = real_perf_counter() - start
    index = vault.path(volume_file(doc)).stat().st_size
    record(f"shelf index of {name}", index / len(text.encode()), "× doc", "small multiple")
    record(f"shelf read and index of {name}", took, "s", "")
    json.loads(vault.path(volume_file(doc)).read_text())  # a volume that reads back


async def test_a_turn_with_an_adversarial_reply_never_stalls_the_loop(
    hass: HomeAssistant, record: object
) -> None:
    assert callable(record)
    attacks = {
        "64 KB of dashes, and as the reason": ("-" * SIZE, "-" * SIZE),
        "64 KB of key words": (("password: x " * (SIZE // 12))[:SIZE], "pin 1234 " * 100),
        "64 KB of ssid and phone runs": (("ssid +49 " * (SIZE // 9))[:SIZE], "ssid " * 400),
    }
    model = ScriptedModel(
        owner=[
            {
                "intent": "grow",
                "say": "Mm.",
                "edit": [{"path": "soul/PERSONA.md", "content": content, "reason": reason}],
            }
            for content, reason in attacks.values()
        ]
    )
    lags: list[float] = []
    running = True

    async def probe() -> None:
        while running:
            start = real_perf_counter()
            await asyncio.sleep(0.005)
            lags.append(real_perf_counter() - start - 0.005)

    with scripted(model):
        pet = await async_setup_pet(hass, make_pet_entry(hass, thinking=True))
        await hass.async_block_till_done()
        watcher = asyncio.ensure_future(probe())
        for name in attacks:
            lags.clear()
            response = await async_tell(hass, f"change who you are ({name})")
            await hass.async_block_till_done()
            assert response["ok"]
            record(f"worst loop stall, turn with {name}", max(lags or [0.0]) * 1000, "ms", "≤ 50")
        running = False
        await watcher
    assert len(pet.files.proposals.pending) == len(attacks)
