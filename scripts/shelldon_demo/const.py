"""The demo's fixed names: where things are, the owner's login, the pet's entity ids.

Also its one error type and its status line, which every other module of the demo uses.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INTEGRATION_DIR = REPO / "custom_components" / "shelldon"
DASHBOARD_FILE = REPO / "dashboards" / "shelldon.yaml"
DEFAULT_CONFIG_DIR = REPO / ".demo" / "config"
DEFAULT_PORT = 8123
DEFAULT_HOST = "127.0.0.1"

OWNER_NAME = "Demo owner"
USERNAME = "demo"
PASSWORD = "shelldon-demo"
PET_NAME = "Shelldon"
BATTERY_ENTITY = "sensor.pisugar_battery"
CHARGING_ENTITY = "binary_sensor.pisugar_power_plugged"
LOW_BATTERY_THRESHOLD = 20
LEVEL_HELPER = "input_number.pisugar_demo_level"
PLUGGED_HELPER = "input_boolean.pisugar_demo_plugged"

MOOD_ENTITY = "sensor.shelldon_mood"
FACE_ENTITY = "image.shelldon_face"
AGENT_ENTITY = "conversation.shelldon"
# The entities every run waits for (the banner lists whatever else the pet has).
PET_ENTITIES = (
    MOOD_ENTITY,
    "sensor.shelldon_power_mode",
    "sensor.shelldon_energy",
    "sensor.shelldon_valence",
    "sensor.shelldon_arousal",
    "sensor.shelldon_turns_today",
    "sensor.shelldon_turns_left_today",
    "sensor.shelldon_last_interaction",
    FACE_ENTITY,
    "switch.shelldon_initiative",
)


class DemoError(RuntimeError):
    """Something the demo cannot recover from; the message says what and where to look."""


def log(message: str) -> None:
    """One status line on the terminal."""
    print(f"shelldon-demo: {message}", flush=True)
