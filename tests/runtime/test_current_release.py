"""What Home Assistant changed by 2026.11, and how shelldon follows it, on every tested release.

Options apply live (no update listener, no reload, nothing in the log); the pet starts when an
optional companion fails to set up and loses only what it gives; repair issues go with the entry
where Home Assistant can tie them; reauth and reconfigure abort with shelldon's own words; the
manifest, hacs.json, the brand folder and the translations agree with the rules owners' Home
Assistant applies.
"""

from __future__ import annotations

import inspect
import io
import json
import logging
import re
import sys
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.components import assist_satellite, tts
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import issue_registry as ir
from homeassistant.setup import async_setup_component
from PIL import Image, ImageChops
from pytest_homeassistant_custom_component.common import (
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.ports.const import (
    CONF_NOTIFY_TARGETS,
    CONF_PRESENCE,
    CONF_PROACTIVE_IDLE_MIN,
    CONF_SPEAKER,
    DOMAIN,
    EVENT_REACH_OUT,
)
from tests.common import async_setup_pet, local, make_pet_entry

REPO = Path(__file__).resolve().parents[2]
INTEGRATION = REPO / "custom_components" / "shelldon"
sys.path.insert(0, str(REPO / "scripts"))
import brand  # noqa: E402

MARKETPLACE_KEYS = {
    "name",
    "homeassistant",
    "content_in_root",
    "filename",
    "zip_release",
    "hacs",
    "hide_default_branch",
    "persistent_directory",
}
HACS_ONLY_KEYS = {"render_readme", "country"}  # older HACS reads them; the Marketplace ignores them
MINIMUM = "2025.4.4"


def shelldon_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING
        and ("shelldon" in r.name or "shelldon" in r.getMessage())
        and "has not been tested by Home Assistant" not in r.getMessage()
    ]


# ---------------------------------------------------------------------- companions


async def test_the_pet_starts_when_tts_and_satellites_fail_and_loses_only_speaking(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        patch.object(tts, "async_setup", return_value=False),
        patch.object(assist_satellite, "async_setup", return_value=False),
    ):
        assert not await async_setup_component(hass, "tts", {})
        assert not await async_setup_component(hass, "assist_satellite", {})
    hass.states.async_set("person.alex", "home")
    hass.states.async_set("media_player.desk", "idle")
    phone = async_mock_service(hass, "notify", "mobile_app_phone")
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = make_pet_entry(
        hass,
        **{
            CONF_NOTIFY_TARGETS: ["notify.mobile_app_phone"],
            CONF_PRESENCE: ["person.alex"],
            CONF_SPEAKER: "media_player.desk",
            CONF_PROACTIVE_IDLE_MIN: 24 * 60,
        },
    )
    await async_setup_pet(hass, entry)
    assert entry.state is ConfigEntryState.LOADED, "the pet lives without its companions"

    for _ in range(2):
        freezer.tick(3600)
        await hass.services.async_call(DOMAIN, "speak_up", {}, blocking=True, return_response=True)
        await hass.async_block_till_done()

    assert [e.data["outcome"] for e in reach_outs] == ["suggest", "suggest"]
    assert len(phone) == 2, "what it could not say aloud went out as a message"
    said = [m for m in shelldon_warnings(caplog) if "cannot speak" in m]
    assert len(said) == 1, f"said once in the log: {said}"


# ---------------------------------------------------------------------- options, live


async def test_saving_an_options_page_applies_live_with_nothing_in_the_log(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = make_pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    created = er.async_get(hass).async_get("sensor.shelldon_mood")
    assert created is not None
    flow = await hass.config_entries.options.async_init(entry.entry_id)
    flow = await hass.config_entries.options.async_configure(
        flow["flow_id"], {"next_step_id": "spending"}
    )
    result = await hass.config_entries.options.async_configure(
        flow["flow_id"],
        {
            "daily_turn_budget": 5,
            "cooldown_minutes": 45,
            "daily_token_cap": 50_000,
            "quiet_start": "21:00:00",
            "quiet_end": "08:00:00",
        },
    )
    await hass.async_block_till_done()

    assert result["type"] == "create_entry"
    assert entry.runtime_data.pet.anatomy is pet, "the same pet: no reload"
    assert (
        pet.workings.personality.budget.daily_turns == 5
        and pet.workings.personality.budget.cooldown_s == 45 * 60
    )
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "5"
    assert er.async_get(hass).async_get("sensor.shelldon_mood") == created
    assert not entry.update_listeners, "no update listener (it breaks in 2026.12)"
    assert shelldon_warnings(caplog) == []


# ---------------------------------------------------------------------- flows and issues


async def test_repair_issues_go_with_the_entry_where_home_assistant_ties_them(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = make_pet_entry(hass, entry_id="01JSHELLDONCURRENTRELEASE01")
    (tmp_path / "shelldon" / "shelldon").mkdir(parents=True)
    (tmp_path / "shelldon" / "shelldon" / ".git").write_text("gitdir: /elsewhere\n")
    await async_setup_pet(hass, entry)
    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"history_{entry.entry_id}")
    assert issue is not None
    if "config_entry_id" in inspect.signature(ir.async_create_issue).parameters:
        assert issue.config_entry_id == entry.entry_id  # type: ignore[attr-defined]


async def test_reauth_and_reconfigure_abort_in_shelldons_own_words() -> None:
    source = (INTEGRATION / "config_flow.py").read_text()
    calls = re.findall(r"async_update_reload_and_abort\((.*?)\n\s*\)", source, re.S)
    assert calls and all("reason=" in call for call in calls)
    aborts = json.loads((INTEGRATION / "translations" / "en.json").read_text())["config"]["abort"]
    for reason in re.findall(r'reason="([a-z_]+)"', source):
        assert reason in aborts, reason


# ---------------------------------------------------------------------- what owners install


def test_the_manifest_requirement_never_fights_core_anthropic() -> None:
    manifest = json.loads((INTEGRATION / "manifest.json").read_text())
    (requirement,) = manifest["requirements"]
    assert requirement == "anthropic>=0.47.2", "no upper bound: core pins 0.47.2 … 2.3.0"
    # The pet lives on the owner's box and needs no network by default (the offline brain); a
    # language model is an option, so the integration page must not say "Requires Internet".
    assert manifest["iot_class"] == "calculated"
    optional = {"tts", "assist_satellite", "esphome", "mobile_app"}
    assert not optional & set(
        manifest.get("dependencies", []) + manifest.get("after_dependencies", [])
    )


def test_hacs_json_is_what_the_marketplace_and_hacs_read() -> None:
    hacs = json.loads((REPO / "hacs.json").read_text())
    assert set(hacs) <= MARKETPLACE_KEYS | HACS_ONLY_KEYS, set(hacs) - MARKETPLACE_KEYS
    assert hacs["name"] == "shelldon"
    assert hacs["homeassistant"] == MINIMUM, "the oldest release the suite runs on"
    assert hacs["content_in_root"] is False
    assert (REPO / "custom_components" / "shelldon" / "manifest.json").exists()
    assert isinstance(hacs.get("hacs", ""), str)
    readme = (REPO / "README.md").read_text()
    assert f"Home Assistant {MINIMUM}" in readme


def test_the_brand_folder_is_the_pets_own_face_at_the_sizes_home_assistant_serves() -> None:
    drawn = brand.images()
    folder = INTEGRATION / "brand"
    assert {p.name for p in folder.iterdir()} == set(drawn)
    for name, data in drawn.items():
        with Image.open(folder / name) as kept, Image.open(io.BytesIO(data)) as fresh:
            # Pixels, not bytes (encoders differ by Pillow), and a few of them may: Pillow's
            # rasteriser rounds a rounded corner differently from one release to the next.
            assert kept.size == fresh.size, f"{name}: run python scripts/brand.py"
            changed = ImageChops.difference(kept.getchannel("A"), fresh.getchannel("A"))
            differing = sum(changed.histogram()[1:])  # pixels whose alpha differs
            assert differing <= kept.size[0] * kept.size[1] // 1000, f"{name}: {differing} px"
        with Image.open(folder / name) as image:
            width, height = brand.SIZES[name.removeprefix("dark_")]
            assert image.size == (width, height) and image.mode == "RGBA"
            alpha = image.getchannel("A")
            assert alpha.getextrema() == (0, 255), "ink on a transparent ground"


def _strings(value: Any, path: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings(v, f"{path}.{k}")]
    return [(path, value)] if isinstance(value, str) else []


def test_translations_pass_hassfests_rules() -> None:
    strings = _strings(json.loads((INTEGRATION / "translations" / "en.json").read_text()))
    html = [(p, s) for p, s in strings if re.search(r"<[a-z].*?>", s)]
    quoted = [(p, s) for p, s in strings if re.search(r"'\{[^}]+\}'", s)]
    assert html == [] and quoted == []


def test_every_error_a_flow_can_show_is_translated() -> None:
    text = json.loads((INTEGRATION / "translations" / "en.json").read_text())
    errors = set(text["config"]["error"]) | set(text["options"]["error"])
    source = "".join(p.read_text() for p in INTEGRATION.rglob("*.py"))
    shown = set(re.findall(r'errors\[[^\]]+\] = "([a-z_]+)"', source))
    assert shown <= errors, shown - errors
    fix = text["issues"]["edit_proposal"]["fix_flow"]["error"]
    raised = set(
        re.findall(
            r'translation_key="([a-z_]+)"', (INTEGRATION / "vault" / "proposals.py").read_text()
        )
    )
    assert raised <= set(fix) | {"edit_proposal"}, raised - set(fix)
