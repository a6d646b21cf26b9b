"""The demo pet: added through the config flow, its body options set through the options flow,
made the Assist button's assistant, talked to; and reading which entities are its.
"""

from __future__ import annotations

from typing import Any

from .api import Api, websocket_command
from .const import (
    AGENT_ENTITY,
    BATTERY_ENTITY,
    CHARGING_ENTITY,
    LOW_BATTERY_THRESHOLD,
    PET_NAME,
    DemoError,
    log,
)


def pet_entries(api: Api) -> list[dict[str, Any]]:
    """shelldon's config entries."""
    return api.get("/api/config/config_entries/entry?domain=shelldon")


def _schema_fields(step: dict[str, Any]) -> set[str]:
    return {item.get("name") for item in step.get("data_schema") or []}


def _defaults(step: dict[str, Any]) -> dict[str, Any]:
    """Answers for a form whose every required field has a default or a suggested value."""
    answer: dict[str, Any] = {}
    for item in step.get("data_schema") or []:
        suggested = (item.get("description") or {}).get("suggested_value")
        if "default" in item:
            answer[item["name"]] = item["default"]
        elif suggested is not None:
            answer[item["name"]] = suggested
        elif item.get("required"):
            raise DemoError(f"step {step.get('step_id')!r} needs {item['name']!r}: {step}")
    return answer


def add_pet(api: Api, name: str = PET_NAME, api_key: str | None = None) -> dict[str, Any]:
    """Add a pet through the config-flow REST API; returns the new config entry (JSON).

    The API key goes in only if the form has an `api_key` field; later steps (e.g. the model)
    take their defaults. A refused key is reported and the pet is created on the offline brain.
    """
    step = api.post("/api/config/config_entries/flow", {"handler": "shelldon"})
    if step.get("type") != "form":
        raise DemoError(f"shelldon's config flow did not show a form: {step}")
    flow = f"/api/config/config_entries/flow/{step['flow_id']}"
    answer: dict[str, Any] = {"name": name}
    if api_key and "api_key" in _schema_fields(step):
        answer["api_key"] = api_key
    result = api.post(flow, answer)
    if result.get("type") == "form" and result.get("step_id") == "user" and "api_key" in answer:
        log(f"the API key did not work ({result.get('errors')}); the pet uses its offline brain")
        result = api.post(flow, {"name": name})
    for _ in range(5):  # further steps (the model, ...): their defaults
        if result.get("type") != "form" or result.get("errors"):
            break
        result = api.post(flow, _defaults(result))
    if result.get("type") != "create_entry":
        raise DemoError(f"adding the pet failed: {result}")
    return result["result"]


def set_body_options(
    api: Api,
    entry_id: str,
    battery_entity: str = BATTERY_ENTITY,
    charging_entity: str = CHARGING_ENTITY,
    low_battery_threshold: int = LOW_BATTERY_THRESHOLD,
) -> dict[str, Any]:
    """Options flow: init (menu) -> body -> the PiSugar entities and the low threshold."""
    menu = api.post("/api/config/config_entries/options/flow", {"handler": entry_id})
    if menu.get("type") != "menu" or "body" not in (menu.get("menu_options") or []):
        raise DemoError(f"shelldon's options flow did not offer the 'body' page: {menu}")
    flow = f"/api/config/config_entries/options/flow/{menu['flow_id']}"
    form = api.post(flow, {"next_step_id": "body"})
    if form.get("type") != "form":
        raise DemoError(f"the 'body' options page did not show a form: {form}")
    result = api.post(
        flow,
        {
            "battery_entity": battery_entity,
            "charging_entity": charging_entity,
            "low_battery_threshold": low_battery_threshold,
        },
    )
    if result.get("type") != "create_entry":
        raise DemoError(f"setting the pet's body options failed: {result}")
    return result


def make_pet_the_assistant(api: Api, agent: str = AGENT_ENTITY, name: str = PET_NAME) -> str:
    """Make the frontend's Assist button talk to the pet; returns the pipeline id.

    Creates an Assist pipeline whose conversation agent is the pet (text only) and makes it
    the preferred one (websocket API: pipelines have no REST endpoint).
    """
    language = api.get("/api/config").get("language") or "en"
    listing = websocket_command(api, {"type": "assist_pipeline/pipeline/list"})
    pipeline_id = next(
        (p["id"] for p in listing["pipelines"] if p["conversation_engine"] == agent), None
    )
    if pipeline_id is None:
        created = websocket_command(
            api,
            {
                "type": "assist_pipeline/pipeline/create",
                "name": name,
                "language": language,
                "conversation_engine": agent,
                "conversation_language": language,
                "stt_engine": None,
                "stt_language": None,
                "tts_engine": None,
                "tts_language": None,
                "tts_voice": None,
                "wake_word_entity": None,
                "wake_word_id": None,
            },
        )
        pipeline_id = created["id"]
    websocket_command(
        api, {"type": "assist_pipeline/pipeline/set_preferred", "pipeline_id": pipeline_id}
    )
    return pipeline_id


def converse(api: Api, text: str, agent: str = AGENT_ENTITY) -> str:
    """Say something to the pet over REST; returns what it answers."""
    result = api.post(
        "/api/conversation/process", {"text": text, "agent_id": agent, "language": "en"}
    )
    return result["response"]["speech"]["plain"]["speech"]


def mood_ready(state: dict[str, Any]) -> bool:
    """The mood sensor has a value (not unavailable/unknown, e.g. mid-reload)."""
    return state.get("state") not in ("unavailable", "unknown")


def pet_entity_ids(api: Api) -> list[str]:
    """Every entity of the pet (by its default object ids, shelldon_*)."""
    ids = [state["entity_id"] for state in api.get("/api/states")]
    return sorted(eid for eid in ids if eid.split(".", 1)[1].split("_", 1)[0] == "shelldon")
