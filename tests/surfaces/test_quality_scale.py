"""The quality scale, as far as a test can see it: quality_scale.yaml decides every rule, and the
code does what the rules it claims ask for (parallel updates declared, entity names, translated
errors, icons, the typed-package marker). The redaction of the API key from diagnostics is
tests/surfaces/test_diagnostics.py's; here only that the key is among what is redacted."""

from __future__ import annotations

import ast
import importlib
import json
import tomllib
from pathlib import Path
from typing import Any

import yaml
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.entity_platform import async_get_platforms
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon import PLATFORMS
from custom_components.shelldon.diagnostics import TO_REDACT
from custom_components.shelldon.ports.const import CONF_API_KEY, DOMAIN
from tests.common import async_setup_pet

REPO = Path(__file__).resolve().parents[2]
INTEGRATION = REPO / "custom_components" / DOMAIN

# Home Assistant 2026.11's 54 rules, by tier.
RULES = {
    "bronze": {
        "action-setup",
        "appropriate-polling",
        "brands",
        "common-modules",
        "config-flow",
        "config-flow-test-coverage",
        "dependency-transparency",
        "docs-actions",
        "docs-conditions",
        "docs-high-level-description",
        "docs-installation-instructions",
        "docs-removal-instructions",
        "docs-triggers",
        "entity-event-setup",
        "entity-unique-id",
        "has-entity-name",
        "runtime-data",
        "test-before-configure",
        "test-before-setup",
        "unique-config-entry",
    },
    "silver": {
        "action-exceptions",
        "config-entry-unloading",
        "docs-configuration-parameters",
        "docs-installation-parameters",
        "entity-unavailable",
        "integration-owner",
        "log-when-unavailable",
        "parallel-updates",
        "reauthentication-flow",
        "test-coverage",
    },
    "gold": {
        "devices",
        "diagnostics",
        "discovery",
        "discovery-update-info",
        "docs-data-update",
        "docs-examples",
        "docs-known-limitations",
        "docs-supported-devices",
        "docs-supported-functions",
        "docs-troubleshooting",
        "docs-use-cases",
        "dynamic-devices",
        "entity-category",
        "entity-device-class",
        "entity-disabled-by-default",
        "entity-translations",
        "exception-translations",
        "icon-translations",
        "reconfiguration-flow",
        "repair-issues",
        "stale-devices",
    },
    "platinum": {"async-dependency", "inject-websession", "strict-typing"},
}


def _decisions() -> dict[str, tuple[str, str | None]]:
    rules = yaml.safe_load((INTEGRATION / "quality_scale.yaml").read_text())["rules"]
    decided: dict[str, tuple[str, str | None]] = {}
    for rule, value in rules.items():
        if isinstance(value, str):
            decided[rule] = (value, None)
        else:
            decided[rule] = (value["status"], value.get("comment"))
    return decided


def _translations() -> list[dict[str, Any]]:
    """translations/en.json, and strings.json where there is one: each must hold every key."""
    files = [INTEGRATION / "translations" / "en.json", INTEGRATION / "strings.json"]
    return [json.loads(path.read_text()) for path in files if path.exists()]


def _calls(module: str) -> list[ast.Call]:
    tree = ast.parse((INTEGRATION / module).read_text())
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def _keyword(call: ast.Call, name: str) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == name and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return None


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def test_every_rule_of_the_scale_is_decided_and_every_exemption_says_why() -> None:
    decided = _decisions()
    every = set().union(*RULES.values())
    assert len(every) == 54
    assert set(decided) == every, (every - set(decided), set(decided) - every)
    statuses = {rule: status for rule, (status, _) in decided.items()}
    undecided = {rule for rule, status in statuses.items() if status not in {"done", "exempt"}}
    assert undecided == set(), "every rule is done or exempt, none left open"
    unexplained = [
        rule
        for rule, (status, comment) in decided.items()
        if status != "done" and not (comment and comment.strip())
    ]
    assert unexplained == [], "an exemption without a reason"


def test_every_entity_platform_declares_its_parallel_updates() -> None:
    for platform in PLATFORMS:
        module = importlib.import_module(f"custom_components.{DOMAIN}.{platform.value}")
        assert isinstance(getattr(module, "PARALLEL_UPDATES", None), int), platform.value


async def test_every_entity_of_a_set_up_pet_is_named_by_its_device_and_translated(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    entities = [e for p in async_get_platforms(hass, DOMAIN) for e in p.entities.values()]
    assert {e.platform.domain for e in entities} == {p.value for p in PLATFORMS}
    registry = er.async_get(hass)
    (english,) = _translations()[:1]
    icons = json.loads((INTEGRATION / "icons.json").read_text())["entity"]
    for entity in entities:
        domain = entity.platform.domain
        assert entity.has_entity_name, entity.entity_id
        assert entity.unique_id and entity.unique_id.startswith(config_entry.entry_id)
        assert entity.device_info is not None, entity.entity_id
        entry = registry.async_get(entity.entity_id)
        assert entry is not None and entry.disabled_by is None, entity.entity_id
        key = entity.translation_key
        if key is None:  # the conversation agent is the pet itself: the device's name
            assert domain == "conversation" and entity.name is None
            continue
        assert key in english["entity"][domain], f"{entity.entity_id}: no name for {key}"
        assert key in icons[domain], f"{entity.entity_id}: no icon for {key}"


def test_every_error_and_abort_a_flow_shows_is_translated() -> None:
    """The config flow's errors and aborts, the options pages' errors, the repair flow's
    aborts."""
    tree = ast.parse((INTEGRATION / "config_flow.py").read_text())
    pages = ast.parse((INTEGRATION / "options_flow.py").read_text())
    shown: dict[str, set[str]] = {"config": set(), "options": set()}
    for section, module in (("config", tree), ("options", pages)):
        for node in ast.walk(module):  # errors[field] = "key"
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.targets[0], ast.Subscript)
                and isinstance(node.value, ast.Constant)
            ):
                shown[section].add(str(node.value.value))
    # The key check's errors come back from a helper, not as literals in the flow.
    checked = next(n for n in ast.walk(tree) if getattr(n, "name", "") == "_async_models")
    for node in ast.walk(checked):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            error = node.value.elts[-1]
            if isinstance(error, ast.Constant) and error.value:
                shown["config"].add(str(error.value))
    aborts = {r for c in _calls("config_flow.py") if (r := _keyword(c, "reason"))}
    aborts.add("already_configured")  # _abort_if_unique_id_configured's reason
    fix_aborts = {r for c in _calls("repairs.py") if (r := _keyword(c, "reason"))}
    assert shown["config"] >= {"invalid_name", "invalid_auth", "cannot_connect", "unknown"}
    assert shown["options"] and aborts and fix_aborts
    for text in _translations():
        assert shown["config"] <= set(text["config"]["error"])
        assert shown["options"] <= set(text["options"]["error"])
        assert aborts <= set(text["config"]["abort"]), aborts - set(text["config"]["abort"])
        fixes = [i["fix_flow"] for i in text["issues"].values() if "fix_flow" in i]
        told = {reason for fix_flow in fixes for reason in fix_flow.get("abort", {})}
        assert fix_aborts <= told, fix_aborts - told


def test_every_error_an_action_raises_is_translated() -> None:
    raised = {
        key
        for module in ("services.py", "vault/proposals.py")
        for call in _calls(module)
        if _called(call).lower().endswith("error") and (key := _keyword(call, "translation_key"))
    }
    assert raised >= {"pet_not_found", "no_pet", "unknown_nudge", "bad_message", "edit_stale"}
    for text in _translations():
        assert raised <= set(text["exceptions"]), raised - set(text["exceptions"])


def test_every_action_has_an_icon_and_a_translated_name() -> None:
    actions = set(yaml.safe_load((INTEGRATION / "services.yaml").read_text()))
    icons = json.loads((INTEGRATION / "icons.json").read_text())["services"]
    assert actions <= set(icons), actions - set(icons)
    for text in _translations():
        assert actions <= set(text["services"]), actions - set(text["services"])


def test_diagnostics_redact_the_api_key() -> None:
    assert CONF_API_KEY in TO_REDACT  # that it is gone from the output: test_diagnostics.py


def test_the_package_is_typed_and_checked_strictly() -> None:
    assert (INTEGRATION / "py.typed").is_file()
    mypy = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["files"] == [f"custom_components/{DOMAIN}"]
