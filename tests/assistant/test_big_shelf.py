"""A 10 MB shelf: every answer stays one voice-sized page, however much the shelf holds."""

from __future__ import annotations

import json
from pathlib import Path

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.core.asking import ANSWER_BYTES, page_start
from custom_components.shelldon.vault.walk import MAX_DOC_BYTES
from tests.assistant.conftest import Ask
from tests.assistant.test_assistant_api import read_shelf, write
from tests.common import async_setup_pet, local

DOCS = 5
DOC_BYTES = 2_000_000  # five of them: 10 MB, each under the shelf's per-document limit
WORDS = [
    "harbour",
    "lantern",
    "copper",
    "meadow",
    "thistle",
    "quartz",
    "willow",
    "ember",
    "saffron",
    "drift",
]


def document(number: int) -> str:
    """About DOC_BYTES of Markdown: sections of paragraphs, the kettle in some of them."""
    parts = [f"# Almanac volume {number}\n"]
    paragraph = 0
    while sum(len(p) + 2 for p in parts) < DOC_BYTES - 2_000:
        if paragraph % 40 == 0:
            parts.append(f"## Chapter {paragraph // 40}")
        words = [WORDS[(paragraph * 7 + i * 3) % len(WORDS)] for i in range(60)]
        if paragraph % 25 == 0:
            words[30:30] = ["descale", "the", "kettle", "with", "citric", "acid"]
        parts.append(" ".join(words).capitalize() + ".")
        paragraph += 1
    return "\n\n".join(parts) + "\n"


async def test_a_ten_megabyte_shelf_answers_in_pages_of_at_most_two_kilobytes(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    config_entry: MockConfigEntry,
    ask: Ask,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    docs = [f"knowledge/reference/almanac-{n}.md" for n in range(DOCS)]
    text = document(0)
    assert len(text.encode()) <= MAX_DOC_BYTES
    for doc in docs:
        write(tmp_path, doc, text)
    on_shelf = sum((tmp_path / "shelldon/shelldon" / doc).stat().st_size for doc in docs)
    assert on_shelf >= 9_900_000
    await async_setup_pet(hass, config_entry)
    await read_shelf(hass, freezer, docs)

    sizes: list[int] = []
    passages = 0
    token: str | None = None
    while True:
        more = {"next_page": token} if token else {}
        answer = await ask("SearchShelf", query="descale kettle", **more)
        sizes.append(len(json.dumps(answer, ensure_ascii=False).encode()))
        passages += len(answer["passages"])
        assert all(p["file"] in docs and len(p["span"]) == 2 for p in answer["passages"])
        token = answer.get("next_page")
        if token is None:
            break
        assert page_start(token) == passages
    assert passages == answer["total"] > 1
    assert max(sizes) <= ANSWER_BYTES
    for tool in ("GetPromises", "GetMoodAndDay"):
        size = len(json.dumps(await ask(tool), ensure_ascii=False).encode())
        assert size <= ANSWER_BYTES
    print(  # the figures for the record (pytest -s)
        f"\nshelf {on_shelf / 1e6:.1f} MB: {passages} passages in {len(sizes)} pages, "
        f"largest page {max(sizes)} B"
    )
