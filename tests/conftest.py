"""Fixtures shared by the suite: a real Home Assistant with shelldon loaded."""

from __future__ import annotations

import gc
import os
from collections.abc import Generator
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import patch

import freezegun
import freezegun.api
import pytest
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

# Bind the `custom_components` package to this repository before the harness mounts its own.
from custom_components.shelldon.ports.basics import HomeClock
from custom_components.shelldon.ports.const import CONF_NAME, DOMAIN
from tests.anthropic_mock import KEY, MessagesApi, json_answer, mock_models, reply_message

pytest_plugins = ["pytest_homeassistant_custom_component"]

# Packages whose reading of the clock no test depends on, and that call into no test or
# Home Assistant code that reads it: when a test freezes time, freezegun leaves their modules as
# they are instead of looking through each of them for a clock to swap, and they see real time.
# Each is named with its dot, as freezegun matches the start of a module's name (`requests.` is
# not `requests_mock`, which calls back into tests); pytest and pluggy are not among them: they
# call the tests.
freezegun.configure(
    extend_ignore_list=[
        f"{package}."
        for package in (
            "botocore",
            "boto3",
            "certifi",
            "charset_normalizer",
            "coverage",
            "cryptography",
            "idna",
            "ifaddr",
            "numpy",
            "PIL",
            "requests",
            "sqlalchemy",
            "urllib3",
            "yaml",
            "zeroconf",
        )
    ]
)


@pytest.fixture(autouse=True, scope="session")
def plain_clock() -> Generator[None]:
    """The pet's clock hands out Home Assistant's time, frozen or not, as plain datetimes.

    A frozen clock's datetimes run every sum, difference and change of zone through Python
    (in the day-long tests, about a tenth of their time); the pet's arithmetic on its times
    starts from its clock, so it is handed the same instant, in the same zone, as a plain one.
    """

    def plain(moment: datetime) -> datetime:
        return freezegun.api.real_datetime(
            *moment.timetuple()[:6], moment.microsecond, moment.tzinfo, fold=moment.fold
        )

    with (
        patch.object(HomeClock, "now", lambda _clock: plain(dt_util.now())),
        patch.object(HomeClock, "utcnow", lambda _clock: plain(dt_util.utcnow())),
    ):
        yield


@pytest.fixture(autouse=True, scope="session")
def warm_anthropic_models() -> None:
    """Let the SDK build its lazily built pydantic response models with the real datetime.

    Built for the first time while freezegun has swapped `datetime.datetime` out, they fail with
    PydanticSchemaGenerationError; warming them once, before any test freezes time, avoids it.
    The SDK's sync client asks a stand-in of the API on loopback (sockets are on meanwhile).
    """
    import socket

    import anthropic
    import pytest_socket

    blocked = socket.socket
    pytest_socket.enable_socket()
    try:
        with MessagesApi() as api:
            mock_models(api)
            api.messages.mock(return_value=json_answer(reply_message({"intent": "warm up"})))
            client = anthropic.Anthropic(api_key=KEY, base_url=api.base_url, max_retries=0)
            client.models.list(limit=100)
            client.messages.create(
                model="claude-haiku-4-5",
                max_tokens=10,
                messages=[{"role": "user", "content": "hi"}],
            )
            client.close()
    finally:
        socket.socket = blocked
    assert not api.errors, api.errors


@pytest.fixture
def messages_api(
    hass: HomeAssistant, socket_enabled: None, monkeypatch: pytest.MonkeyPatch
) -> Generator[MessagesApi]:
    """The Anthropic API, stood in for on 127.0.0.1 until the test ends (tests/anthropic_mock.py).

    The SDK finds it through ANTHROPIC_BASE_URL; it starts with no routes (a request no route
    takes is disconnected): script them, e.g. `mock_models(messages_api)` and
    `messages_api.messages.mock(return_value=json_answer(reply_message({...})))`, or
    `ScriptedModel(...).attach(messages_api)`. A script that raised fails the test.
    (A sync fixture, so that `scripted()` can start it from inside a running test.)
    """
    api = MessagesApi(hass).start()
    monkeypatch.setenv("ANTHROPIC_BASE_URL", api.base_url)
    for name in ("NO_PROXY", "no_proxy"):  # a proxy of the machine never sees loopback
        monkeypatch.setenv(name, ",".join(filter(None, [os.environ.get(name), "127.0.0.1"])))
    MessagesApi.active = api
    try:
        yield api
    finally:
        MessagesApi.active = None
        hass.loop.run_until_complete(api.aclose())
    if api.errors:
        pytest.fail(f"the Anthropic stand-in failed: {api.errors!r}")


@pytest.fixture(autouse=True)
def anthropic_stand_in_on_demand(request: pytest.FixtureRequest) -> Generator[None]:
    """`scripted()` and `reachable()` start `messages_api` themselves in a test that did not."""
    MessagesApi.on_demand = partial(request.getfixturevalue, "messages_api")
    yield
    MessagesApi.on_demand = None


@pytest.fixture(autouse=True)
def home_assistant_where_used(request: pytest.FixtureRequest) -> None:
    """A test that uses `hass` (itself or through a fixture) gets it as a real one is: shelldon
    loadable from this repository, the core integration set up, its own config folder, and the
    event loop as in production. A test that does not use it starts no Home Assistant.

    The harness turns asyncio's debug mode on for every test; it records a traceback each time a
    task or a timer is made, a sixth of the suite's CPU in the days the pet lives. Home
    Assistant's own checks of which thread calls it do not depend on it, and stay. A module
    marked `loop_debug` keeps it (the busiest paths: an afternoon with a conversation and a
    nudge, the SDK through the stand-in API).
    """
    if "hass" in request.fixturenames:
        for name in ("auto_enable_custom_integrations", "core_components", "isolated_config_dir"):
            request.getfixturevalue(name)
        if request.node.get_closest_marker("loop_debug") is None:
            request.getfixturevalue("hass").loop.set_debug(False)


@pytest.fixture
def auto_enable_custom_integrations(enable_custom_integrations: None) -> None:
    """Let Home Assistant load shelldon from this repository."""


@pytest.fixture
async def core_components(hass: HomeAssistant) -> None:
    """The core integration Assist depends on (as in a real Home Assistant)."""
    assert await async_setup_component(hass, "homeassistant", {})


@pytest.fixture
def isolated_config_dir(hass: HomeAssistant, tmp_path: Path) -> Path:
    """Each test's pet writes its vault under its own folder."""
    hass.config.config_dir = str(tmp_path)
    return tmp_path


@pytest.fixture
def pet_options() -> dict[str, Any]:
    """Options for the pet under test (tests override this fixture)."""
    return {}


@pytest.fixture
def config_entry(hass: HomeAssistant, pet_options: dict[str, Any]) -> MockConfigEntry:
    """A pet named Shelldon."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={CONF_NAME: "Shelldon"},
        options=pet_options,
    )
    entry.add_to_hass(hass)
    return entry


@pytest.fixture
def save_counter() -> Generator[list[Any]]:
    """Every checkpoint write, recorded."""
    from custom_components.shelldon.runtime.checkpoint import Checkpoint

    saved: list[Any] = []
    original = Checkpoint.async_save

    async def counting_save(self: Checkpoint, data: Any) -> None:
        saved.append(data)
        await original(self, data)

    with patch.object(Checkpoint, "async_save", counting_save):
        yield saved


@pytest.fixture
def phone(hass: HomeAssistant) -> list[ServiceCall]:
    """Alex (person.alex) is home; every notification notify.mobile_app_phone received."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    return async_mock_service(hass, "notify", "mobile_app_phone")


# The longest tests start first, so that with `-n 2` neither worker is left with one of them at
# the end while the other idles.
LONGEST_FIRST = (
    "tests/mind/test_promises_week.py",
    "tests/needs/test_needs_week.py",
    "tests/runtime/test_life.py",
    "tests/hardening/test_hardening_three_secrets.py",
    "tests/surfaces/test_inner_life.py",
    "tests/e2e/",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the longest tests to the front (otherwise in collection order)."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        return next(
            (i for i, p in enumerate(LONGEST_FIRST) if path.startswith(p)), len(LONGEST_FIRST)
        )

    items.sort(key=rank)


def pytest_collection_finish() -> None:
    """Everything imported and collected so far lives for the whole run: it is set aside from
    the collector (`gc.freeze`), so the harness's collection after each test module (its
    `garbage_collection` fixture) walks only what the tests made, not Home Assistant's modules."""
    gc.collect()
    gc.freeze()
