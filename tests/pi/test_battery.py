"""pisugar-server's replies, the two entities, and when Home Assistant hears of them."""

from __future__ import annotations

import pytest
from shelldon_pi.battery import (
    HEARTBEAT_S,
    NO_READING,
    Reading,
    Sent,
    entity_states,
    level_state,
    parse_flag,
    parse_level,
    parse_lines,
    parse_reading,
    plugged_state,
    should_send,
)

T0 = 500.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("battery: 84.31\n", {"battery": "84.31"}),
        ("battery: 84.31\r\n", {"battery": "84.31"}),
        ("  battery :   84.31   \r\n", {"battery": "84.31"}),
        ("battery:84.31", {"battery": "84.31"}),
        ("Battery: 84.31\n", {"battery": "84.31"}),
        (
            "battery: 84.31\nbattery_power_plugged: true\n",
            {"battery": "84.31", "battery_power_plugged": "true"},
        ),
        ("single\ndouble\nbattery: 50\n", {"battery": "50"}),  # button events first
        ("Invalid request.\n", {}),
        ("", {}),
        ("\n\n\r\n", {}),
        (": 12\n", {}),  # no key
        ("battery: 10\nbattery: 11\n", {"battery": "11"}),  # the last answer wins
        ("model: PiSugar 3\n", {"model": "PiSugar 3"}),
        ("battery_v: 3.9:extra\n", {"battery_v": "3.9:extra"}),  # only the first colon splits
        ("battery: 84.31\x00\n", {"battery": "84.31"}),
    ],
)
def test_parse_lines(text: str, expected: dict[str, str]) -> None:
    assert parse_lines(text) == expected


def test_parse_lines_takes_a_list_of_lines_too() -> None:
    assert parse_lines(["battery: 1\r\n", "battery_power_plugged: false\n"]) == {
        "battery": "1",
        "battery_power_plugged": "false",
    }


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("84.31", 84.31),
        ("0", 0.0),
        ("100", 100.0),
        ("100.0", 100.0),
        (" 15 ", 15.0),
        ("15%", 15.0),
        ("15 %", 15.0),
        ("-1", None),
        ("100.5", None),
        ("nan", None),
        ("inf", None),
        ("", None),
        ("lots", None),
        ("84,31", None),
        (None, None),
    ],
)
def test_parse_level(value: str | None, expected: float | None) -> None:
    assert parse_level(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("true", True),
        ("True", True),
        (" TRUE ", True),
        ("false", False),
        ("False", False),
        ("1", True),
        ("0", False),
        ("", None),
        ("maybe", None),
        ("charging", None),
        (None, None),
    ],
)
def test_parse_flag(value: str | None, expected: bool | None) -> None:
    assert parse_flag(value) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("battery: 84.31\nbattery_power_plugged: true\n", Reading(84.31, True)),
        ("battery: 15\r\nbattery_power_plugged: false\r\n", Reading(15.0, False)),
        ("battery: 15\n", Reading(15.0, None)),
        ("battery_power_plugged: false\n", Reading(None, False)),
        ("Invalid request.\nInvalid request.\n", NO_READING),
        ("battery: \nbattery_power_plugged: \n", NO_READING),
        ("battery: 250\nbattery_power_plugged: yes\n", Reading(None, True)),
        ("long\nbattery: 99.9\nsingle\nbattery_power_plugged: true\n", Reading(99.9, True)),
    ],
)
def test_parse_reading(text: str, expected: Reading) -> None:
    assert parse_reading(text) == expected


def test_reading_known() -> None:
    assert not NO_READING.known
    assert Reading(level=1.0).known
    assert Reading(plugged=False).known


@pytest.mark.parametrize(
    ("level", "state"),
    [(84.31, "84"), (84.5, "84"), (84.51, "85"), (15.0, "15"), (0.0, "0"), (100.0, "100")],
)
def test_level_state_is_a_whole_percent(level: float, state: str) -> None:
    assert level_state(level) == state


def test_unknown_values_are_unavailable() -> None:
    assert level_state(None) == "unavailable"
    assert plugged_state(None) == "unavailable"
    assert plugged_state(True) == "on"
    assert plugged_state(False) == "off"


def test_entity_states_are_what_the_battery_page_can_pick() -> None:
    battery, plugged = entity_states(
        Reading(15.2, False),
        "sensor.shelldon_pi_battery",
        "binary_sensor.shelldon_pi_plugged",
        "Shelldon",
    )
    assert battery.entity_id == "sensor.shelldon_pi_battery"
    assert battery.body() == {
        "state": "15",
        "attributes": {
            "device_class": "battery",
            "unit_of_measurement": "%",
            "state_class": "measurement",
            "friendly_name": "Shelldon Pi battery",
        },
    }
    assert plugged.entity_id == "binary_sensor.shelldon_pi_plugged"
    # device class plug (not battery, which Home Assistant reads as "low" and the page refuses)
    assert plugged.body() == {
        "state": "off",
        "attributes": {"device_class": "plug", "friendly_name": "Shelldon Pi plugged in"},
    }


def test_entity_states_when_pisugar_server_is_silent() -> None:
    battery, plugged = entity_states(NO_READING, "sensor.a", "binary_sensor.b", "A")
    assert (battery.state, plugged.state) == ("unavailable", "unavailable")
    assert battery.attributes["device_class"] == "battery"


def test_send_the_first_reading() -> None:
    assert should_send(None, Reading(80.0, True), generation=1, now=T0)
    assert should_send(None, NO_READING, generation=1, now=T0)


def test_do_not_resend_an_unchanged_reading_within_the_minute() -> None:
    sent = Sent(("80", "on"), generation=1, at=T0)
    for later in (T0, T0 + 5, T0 + HEARTBEAT_S - 0.1):
        assert not should_send(sent, Reading(80.2, True), 1, later)


def test_resend_once_a_minute() -> None:
    sent = Sent(("80", "on"), generation=1, at=T0)
    assert should_send(sent, Reading(80.0, True), 1, T0 + HEARTBEAT_S)
    assert not should_send(sent, Reading(80.0, True), 1, T0 + 30, heartbeat_s=31)
    assert should_send(sent, Reading(80.0, True), 1, T0 + 31, heartbeat_s=31)


@pytest.mark.parametrize(
    "reading",
    [
        Reading(79.4, True),
        Reading(80.0, False),
        Reading(None, True),
        Reading(80.0, None),
        NO_READING,
    ],
)
def test_send_on_change(reading: Reading) -> None:
    sent = Sent(("80", "on"), generation=1, at=T0)
    assert should_send(sent, reading, 1, T0 + 1)


def test_send_again_on_every_new_connection() -> None:
    # Home Assistant forgets REST-posted states when it restarts: a new connection re-posts.
    sent = Sent(("80", "on"), generation=1, at=T0)
    assert should_send(sent, Reading(80.0, True), 2, T0 + 1)
