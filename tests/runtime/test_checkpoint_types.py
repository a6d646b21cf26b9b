"""Restoring a checkpoint whose sections hold values of the wrong type.

DESIGN.md: restore tolerates a missing, corrupt, truncated or schema-mismatched checkpoint; it warns
and starts from defaults, never raises. Here each case damages one section (or one field of it) of
an otherwise valid checkpoint: the pet must still set up, live a simulated day without an error,
fall back to defaults for what was damaged, and keep everything valid in the other sections.
(On the minimum release each damaged case lives an hour of that day: see HOURS_LIVED.)
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Generator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest.mock import ANY

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.common import ON_MINIMUM, async_live_for

# Noon in the tests' zone (US/Pacific), 20:00 UTC. (Not `local()`: the module is imported before
# Home Assistant's test zone is set, and EARLIER must stay an hour before it.)
NOW = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
EARLIER = "2026-11-30T19:00:00+00:00"  # an hour before NOW
TODAY = "2026-11-30"
PHONE = "notify.mobile_app_phone"


def valid_checkpoint() -> dict[str, Any]:
    """A checkpoint with something recognisable, and valid, in every section."""
    line = {"at": EARLIER, "room": "assist", "sender": "owner", "role": "owner", "text": "hi"}
    return {
        "personality": {
            "schema": 1,
            "mood": {"valence": -0.4, "arousal": 0.1},
            "energy": 0.7,
            "last_interaction": EARLIER,
            "budget": {"date": TODAY, "turns_used": 3, "last_turn_at": EARLIER},
        },
        "jobs": {},
        "initiative": True,
        "turns": {
            "history": [
                {
                    "heard": line,
                    "said": line | {"sender": "Shelldon", "role": "pet", "text": "hello"},
                    "kind": "owner",
                }
            ],
            "tokens": {
                "date": TODAY,
                "input": 100,
                "cache_write": 10,
                "cache_read": 5,
                "output": 20,
            },
            "last_intent": "greet the owner",
            "last_outcome": "ok",
            "last_said": {"text": "hello", "kind": "reply", "at": EARLIER},
            "last_mark": {},
            "unflushed": False,
            "goal_serial": 4,
        },
        "replies": {"reply-1": {"target": PHONE, "sent_at": EARLIER}},
        "mind": {
            "state": "idle",
            "state_since": EARLIER,
            "seq": 42,
            "ticks": 17,
            "last_tick_at": EARLIER,
            "planned_gap_s": 60.0,
            "interruptions": [TODAY, 1],
            "last_reach_out_at": EARLIER,
            "considered": {},
            "mused_for": None,
            "signalled_due": [],
            "folded_until": "2026-11-28",
            "dream_spent": ["2026-11-29", 1234],
            "agenda": [],
            "expectations": [],
            "beliefs": [],
            "presence": {"person.alex": "home"},
        },
        "proposals": {
            "next": 4,
            "pending": [
                {
                    "id": "p3",
                    "path": "soul/PERSONA.md",
                    "content": "# Persona\nI like rain.\n",
                    "reason": "I noticed I like rain",
                    "made_at": EARLIER,
                    "base": "",
                    "state": "pending",
                }
            ],
            "ruled": {"p2": "approved"},
        },
        "needs": {
            "state": {
                "satisfaction": {"security": 2.0},
                "updated": EARLIER,
                "last_acted": {},
                "action_chosen": {},
                "floor_since": {},
                "pending": {},
                "surplus": 0.0,
                "boredom": 0.0,
                "echo_at": None,
                "context": {},
                "resting": {},
                "counts": [5, 2, 1, 0],
            },
            "last_cycle": None,
            "offered": {},
            "deferred_because": {"closure": "no time"},
        },
        "assistants": {"day": TODAY, "calls": {"memory": 2, "promises": 1}},
    }


def kept(pet: Anatomy) -> dict[str, Any]:
    """What each section of valid_checkpoint() leaves on a freshly restored pet."""
    now = pet.clock.now()
    needs = pet.parts.motivation.state
    return {
        "personality": (
            round(pet.workings.personality.state.mood.valence, 3),
            round(pet.workings.personality.state.energy, 3),
            pet.workings.personality.state.last_interaction,
            pet.workings.personality.state.budget.turns_used,
        ),
        "initiative": pet.workings.personality.initiative,
        "turns": (
            pet.parts.turns.tokens.today(now).total,
            (pet.parts.turns.last_said or {}).get("text"),
            pet.parts.turns.last_intent,
            pet.files.goals.serial,
            len(pet.parts.turns.exchanges.exchanges),
        ),
        "replies": sorted(pet.organs.messenger.pending),
        "mind": (
            pet.parts.mind.seq,
            pet.parts.mind.ticks,
            pet.parts.mind.folded_until,
            pet.parts.mind.dreamer.dream_spent,
            pet.organs.door.interruptions,
            pet.organs.household.states,
        ),
        "proposals": sorted(pet.files.proposals.pending),
        "needs": (
            (needs.proposed, needs.resolved, needs.deferred, needs.self_reports),
            dict(pet.parts.motivation.deferred_because),
        ),
        "assistants": pet.parts.answers.calls_today(now),
    }


VALID_KEPT: dict[str, Any] = {
    "personality": (-0.4, 0.7, EARLIER, 3),
    "initiative": True,
    "turns": (135, "hello", "greet the owner", 4, 1),
    "replies": ["reply-1"],
    "mind": (42, 17, "2026-11-28", ("2026-11-29", 1234), (TODAY, 1), {"person.alex": "home"}),
    "proposals": ["p3"],
    "needs": ((5, 2, 1, 0), {"closure": "no time"}),
    "assistants": 3,
}


@dataclass(frozen=True)
class Damage:
    """One damaged section (or one field of it), and what the pet should make of it."""

    section: str
    value: Any  # the whole section, or (with `field`) the value of one field in it
    field: str | None = None
    # What kept()[section] should be: by default the defaults for a whole damaged section, and
    # the valid markers for a damaged field (which kept() may not show; see `check`).
    expect: Any = None
    check: Callable[[Anatomy], bool] | None = None  # the damaged field is back at its default

    def apply(self, data: dict[str, Any]) -> dict[str, Any]:
        """The checkpoint with this damage done."""
        data = copy.deepcopy(data)
        if self.field is None:
            data[self.section] = self.value
        else:
            data[self.section][self.field] = self.value
        return data

    def expected(self) -> Any:
        """kept()[section] after restoring the damaged checkpoint."""
        if self.expect is not None:
            return self.expect
        return DEFAULT_KEPT[self.section] if self.field is None else VALID_KEPT[self.section]


DEFAULT_KEPT: dict[str, Any] = {
    "personality": (0.0, 0.5, None, 0),
    "initiative": True,
    "turns": (0, None, None, 0, 0),
    "replies": [],
    "mind": (0, 0, None, (None, 0), (None, 0), {}),
    "proposals": [],
    "needs": ((0, 0, 0, 0), {}),
    "assistants": 0,
}

NAIVE = "2026-11-30T11:00:00"  # an instant without a zone: not a valid checkpoint instant
PROPOSAL = valid_checkpoint()["proposals"]["pending"][0]
NEEDS_STATE = valid_checkpoint()["needs"]["state"]
VALID_MIND = VALID_KEPT["mind"]
VALID_TURNS = VALID_KEPT["turns"]
VALID_NEEDS = VALID_KEPT["needs"]


def _mind(**changes: Any) -> tuple[Any, ...]:
    fields = ("seq", "ticks", "folded_until", "dream_spent", "interruptions", "presence")
    values = dict(zip(fields, VALID_MIND, strict=True)) | changes
    return tuple(values[f] for f in fields)


def _turns(**changes: Any) -> tuple[Any, ...]:
    fields = ("tokens", "said", "intent", "serial", "history")
    values = dict(zip(fields, VALID_TURNS, strict=True)) | changes
    return tuple(values[f] for f in fields)


def _aware(instants: Any) -> bool:
    return all(at.tzinfo is not None for at in instants)


DAMAGES: dict[str, Damage] = {
    # ---------------------------------------------------------------- personality
    "personality-string": Damage("personality", "x"),
    "personality-fields": Damage(
        "personality",
        {
            "schema": 1,
            "mood": [0.1, 0.2],
            "energy": "high",
            "last_interaction": 5,
            "budget": {"date": 20261130, "turns_used": "3", "last_turn_at": []},
        },
    ),
    # ---------------------------------------------------------------- initiative
    "initiative-null": Damage(
        "initiative",
        None,
    ),
    "initiative-list": Damage(
        "initiative",
        [],
    ),
    "initiative-string": Damage("initiative", "off"),  # truthy: on, which is also the default
    # ---------------------------------------------------------------- turns
    "turns-list": Damage("turns", [1, 2]),
    "turns-string": Damage("turns", "x"),
    "turns-every-field": Damage(
        "turns",
        {
            "history": {"a": 1},
            "tokens": [1, 2],
            "last_intent": 5,
            "last_outcome": [],
            "last_said": "hello",
            "last_mark": [],
            "unflushed": 0,
            "goal_serial": "4",
            "notes": 5,
        },
    ),
    "turns.exchanges-items": Damage(
        "turns",
        [5, "x", None, {"heard": 5, "said": 5}, {"heard": {"at": 1, "role": "owner"}}],
        "history",
        expect=_turns(history=0),
    ),
    "turns.tokens-strings": Damage(
        "turns", {"date": TODAY, "input": "x", "output": [1]}, "tokens", expect=_turns(tokens=0)
    ),
    "turns.tokens-date-int": Damage(
        "turns", {"date": 20261130, "input": 100}, "tokens", expect=_turns(tokens=0)
    ),
    "turns.last_said-text-int": Damage(
        "turns", {"text": 5, "kind": "reply", "at": EARLIER}, "last_said", expect=_turns(said=None)
    ),
    "turns.last_said-kind-and-at": Damage(
        "turns",
        {"text": "hello", "kind": 5, "at": [1]},
        "last_said",
        check=lambda pet: all(
            v is None or isinstance(v, str) for v in (pet.parts.turns.last_said or {}).values()
        ),
    ),
    "turns.last_mark-list": Damage(
        "turns", [1, 2], "last_mark", check=lambda pet: pet.parts.turns.last_mark == {}
    ),
    "turns.unflushed-string": Damage(
        "turns",
        "no",
        "unflushed",
        check=lambda pet: pet.parts.turns.unflushed is False,
    ),
    "turns.goal_serial-string": Damage("turns", "4", "goal_serial", expect=_turns(serial=0)),
    "turns.notes-int": Damage("turns", 5, "notes"),
    # ---------------------------------------------------------------- replies
    "replies-list": Damage("replies", [1, 2]),
    "replies-string": Damage("replies", "x"),
    "replies-item-types": Damage(
        "replies",
        {"a": "x", "b": None, "c": [1], "d": {"target": PHONE}, "e": {"sent_at": 5, "target": 1}},
    ),
    "replies-naive-sent_at": Damage(
        "replies",
        {"r": {"target": PHONE, "sent_at": NAIVE}},
    ),
    # ---------------------------------------------------------------- mind
    "mind-list": Damage("mind", [1, 2]),
    "mind-several-fields": Damage(
        "mind",
        {
            "considered": [1, 2],
            "signalled_due": 5,
            "ticks": "x",
            "presence": [],
            "dream_spent": "bad",
        },
    ),
    "mind-string": Damage("mind", "x"),
    "mind.ticks-string": Damage("mind", "x", "ticks", expect=_mind(ticks=0)),
    "mind.ticks-list": Damage("mind", [1], "ticks", expect=_mind(ticks=0)),
    "mind.seq-dict": Damage("mind", {"a": 1}, "seq", expect=_mind(seq=0)),
    "mind.state-list": Damage(
        "mind", [], "state", check=lambda pet: pet.parts.mind.state.value == "idle"
    ),
    "mind.state_since-int": Damage("mind", 5, "state_since"),
    "mind.last_tick_at-naive": Damage("mind", NAIVE, "last_tick_at"),
    "mind.planned_gap_s-string": Damage("mind", "x", "planned_gap_s"),
    "mind.interruptions-strings": Damage(
        "mind",
        ["x", "y"],
        "interruptions",
        expect=_mind(interruptions=(None, 0)),
    ),
    "mind.interruptions-int": Damage(
        "mind", 5, "interruptions", expect=_mind(interruptions=(None, 0))
    ),
    "mind.last_reach_out_at-list": Damage("mind", [], "last_reach_out_at"),
    "mind.considered-list": Damage(
        "mind", [1, 2], "considered", check=lambda pet: pet.parts.mind.considered == {}
    ),
    "mind.considered-values": Damage(
        "mind",
        {"g1": 5, "g2": NAIVE},
        "considered",
        check=lambda pet: pet.parts.mind.considered == {},
    ),
    "mind.mused_for-int": Damage(
        "mind", 5, "mused_for", check=lambda pet: pet.parts.mind.reacher.mused_for is None
    ),
    "mind.signalled_due-int": Damage(
        "mind",
        5,
        "signalled_due",
        check=lambda pet: pet.parts.mind.signalled_due == set(),
    ),
    "mind.signalled_due-string": Damage(
        "mind",
        "abc",
        "signalled_due",
        check=lambda pet: pet.parts.mind.signalled_due == set(),
    ),
    "mind.folded_until-int": Damage("mind", 5, "folded_until", expect=_mind(folded_until=None)),
    "mind.dream_spent-string": Damage(
        "mind", "bad", "dream_spent", expect=_mind(dream_spent=(None, 0))
    ),
    "mind.dream_spent-types": Damage(
        "mind", [5, "x"], "dream_spent", expect=_mind(dream_spent=(None, 0))
    ),
    "mind.agenda-int": Damage(
        "mind",
        5,
        "agenda",
        check=lambda pet: not pet.parts.mind.agenda and not pet.parts.mind.committed,
    ),
    "mind.agenda-items": Damage(
        "mind",
        [5, "x", None, {"at": 5, "kind": "presence"}, {"at": EARLIER, "kind": "nonsense"}],
        "agenda",
        check=lambda pet: not pet.parts.mind.agenda and not pet.parts.mind.committed,
    ),
    "mind.expectations-int": Damage(
        "mind",
        5,
        "expectations",
        check=lambda pet: pet.parts.mind.world.expectations == [],
    ),
    "mind.expectations-items": Damage(
        "mind",
        [5, "x", {"due": 5, "made_at": EARLIER}, {"id": "e1", "due": NAIVE, "made_at": NAIVE}],
        "expectations",
        check=lambda pet: pet.parts.mind.world.expectations == [],
    ),
    "mind.beliefs-int": Damage("mind", 5, "beliefs"),
    "mind.beliefs-items": Damage(
        "mind", [5, "x", {"subject": "s", "value": "v", "at": 5}, {"at": NAIVE}], "beliefs"
    ),
    "mind.presence-list": Damage("mind", [], "presence", expect=_mind(presence={})),
    # ---------------------------------------------------------------- proposals
    "proposals-dict": Damage("proposals", {"p3": PROPOSAL}),
    "proposals-string": Damage("proposals", "x"),
    # An older checkpoint kept a list of the waiting proposals; a damaged one is skipped too.
    "proposals-items": Damage("proposals", [5, "x", None, [], {"id": "p1"}]),
    "proposals-field-types": Damage(
        "proposals",
        [PROPOSAL | {"id": 7, "path": ["soul", "PERSONA.md"], "content": None, "made_at": 5}],
    ),
    "proposals.pending-items": Damage(
        "proposals", [5, "x", None, {"id": "p1"}], "pending", expect=[]
    ),
    "proposals.pending-string": Damage("proposals", "x", "pending", expect=[]),
    "proposals.next-string": Damage(
        "proposals", "x", "next", check=lambda pet: pet.files.proposals._next == 4
    ),
    "proposals.ruled-list": Damage(
        "proposals", ["p2"], "ruled", check=lambda pet: not pet.files.proposals.ruled
    ),
    # ---------------------------------------------------------------- assistants
    "assistants-string": Damage("assistants", "x"),
    "assistants.day-not-iso": Damage("assistants", "20261130", "day", expect=0),
    "assistants.calls-types": Damage(
        "assistants", {"memory": "2", "nonsense": 4, "promises": -1}, "calls", expect=0
    ),
    # ---------------------------------------------------------------- needs
    "needs-list": Damage("needs", [1, 2]),
    "needs-string": Damage("needs", "x"),
    "needs.state-list": Damage("needs", [1], "state", expect=((0, 0, 0, 0), VALID_NEEDS[1])),
    "needs.state-field-types": Damage(
        "needs",
        NEEDS_STATE | {"satisfaction": {"security": "x"}, "updated": 5, "counts": "abcd"},
        "state",
        expect=((0, 0, 0, 0), VALID_NEEDS[1]),
    ),
    "needs.state-naive-instants": Damage(
        "needs",
        NEEDS_STATE
        | {
            "last_acted": {"security": NAIVE},
            "resting": {"closure": NAIVE},
            "floor_since": {"security": NAIVE},
        },
        "state",
        expect=(ANY, VALID_NEEDS[1]),
    ),
    "needs.state-pending-types": Damage(
        "needs",
        NEEDS_STATE | {"pending": {"security": {"action": 5, "at": EARLIER, "forced": "no"}}},
        "state",
        expect=(ANY, VALID_NEEDS[1]),
        check=lambda pet: not pet.parts.motivation.state.pending,
    ),
    "needs.last_cycle-int": Damage("needs", 5, "last_cycle", expect=(VALID_NEEDS[0], ANY)),
    "needs.last_cycle-naive": Damage(
        "needs",
        NAIVE,
        "last_cycle",
        expect=(VALID_NEEDS[0], ANY),
    ),
    "needs.offered-list": Damage("needs", [1], "offered", expect=(VALID_NEEDS[0], ANY)),
    "needs.offered-naive": Damage(
        "needs",
        {
            **valid_checkpoint()["needs"],
            "state": NEEDS_STATE
            | {"pending": {"security": {"action": "health_check", "at": EARLIER}}},
            "offered": {"security": NAIVE},
        },
        expect=(VALID_NEEDS[0], ANY),
        check=lambda pet: _aware(pet.parts.motivation.offered.values()),
    ),
    "needs.deferred_because-list": Damage(
        "needs",
        ["closure"],
        "deferred_because",
        expect=(VALID_NEEDS[0], {}),
    ),
    "needs.deferred_because-string": Damage(
        "needs", "no time", "deferred_because", expect=(VALID_NEEDS[0], {})
    ),
    # ---------------------------------------------------------------- jobs
    "jobs-list": Damage("jobs", [1, 2]),
    "jobs-values": Damage("jobs", {"reflex": 5, "prune": "x", "mind": NAIVE}),
}


# Each damaged case is restored, checked and saved back on both releases. The day after it (the
# pet's own jobs reading what was restored: Home-Assistant-independent code, 73 days) is lived
# on the current release; on the minimum an hour of it, and the whole day by the control and by
# the case with every section damaged at once.
HOURS_LIVED = 1 if ON_MINIMUM else 24


@pytest.fixture
def loop_errors(hass: HomeAssistant) -> Generator[list[dict[str, Any]]]:
    """Errors raised in timer callbacks and tasks, caught here so the test itself reports them."""
    loop = hass.loop
    errors: list[dict[str, Any]] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    yield errors
    loop.set_exception_handler(previous)


async def async_live_a_day_on(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    loop_errors: list[dict[str, Any]],
    data: Any,
    check: Callable[[Anatomy], bool] | None = None,
    hours: int = 24,
) -> tuple[Anatomy, dict[str, Any], dict[str, Any]]:
    """Set the pet up on `data` (`check` must hold then), live `hours` (a day); returns the pet,
    what it kept at start, and the checkpoint it wrote on unload."""
    freezer.move_to(NOW)
    key = f"shelldon.{entry.entry_id}"
    hass_storage[key] = {"version": 1, "minor_version": 1, "key": key, "data": data}
    # Warnings and errors are what the day is checked for (the pet's debug lines, a few each
    # minute, are not kept: formatting them was a large part of the time the day took).
    with caplog.at_level(logging.WARNING):
        await hass.config_entries.async_setup(entry.entry_id)
        await hass.async_block_till_done()
        assert entry.state is ConfigEntryState.LOADED, _errors(caplog, loop_errors)
        pet: Anatomy = entry.runtime_data.pet.anatomy
        at_start = kept(pet)
        assert check is None or check(pet), "the damaged field did not fall back to its default"
        for _hour in range(hours):  # an hour at a time: a failing job fails the test early
            await async_live_for(hass, freezer, pet, timedelta(hours=1))
            assert not _errors(caplog, loop_errors), _errors(caplog, loop_errors)
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        assert not _errors(caplog, loop_errors), _errors(caplog, loop_errors)
    return pet, at_start, hass_storage[key]["data"]


def _errors(caplog: pytest.LogCaptureFixture, loop_errors: list[dict[str, Any]]) -> str:
    """Each distinct error logged or raised so far, with the last lines of its traceback."""
    seen: dict[str, None] = {}
    for record in caplog.records:
        if record.levelno >= logging.ERROR:
            tail = (record.exc_text or "").splitlines()[-4:]
            seen["\n    ".join([f"{record.name}: {record.getMessage()}", *tail])] = None
    for context in loop_errors:
        seen[f"loop: {context.get('message')} {context.get('exception')!r}"] = None
    return "\n".join(seen)


async def test_the_valid_checkpoint_is_restored_whole(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    loop_errors: list[dict[str, Any]],
) -> None:
    """The control: every marker of valid_checkpoint() survives a restore."""
    _, at_start, _ = await async_live_a_day_on(
        hass, config_entry, freezer, hass_storage, caplog, loop_errors, valid_checkpoint()
    )
    assert at_start == VALID_KEPT
    assert not [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING
        and r.name.startswith("custom_components.shelldon")
        and "checkpoint" in r.getMessage()
    ], "a valid checkpoint restores without a warning"


@pytest.mark.parametrize(
    "damage", [pytest.param(damage, id=name) for name, damage in DAMAGES.items()]
)
async def test_a_damaged_section_falls_back_and_the_rest_is_kept(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    loop_errors: list[dict[str, Any]],
    damage: Damage,
) -> None:
    valid = valid_checkpoint()
    pet, at_start, saved = await async_live_a_day_on(
        hass,
        config_entry,
        freezer,
        hass_storage,
        caplog,
        loop_errors,
        damage.apply(valid),
        damage.check,
        hours=HOURS_LIVED,
    )
    lost = {
        section: (at_start[section], want)
        for section, want in VALID_KEPT.items()
        if section != damage.section and at_start[section] != want
    }
    assert not lost, f"valid sections lost (got, wanted): {lost}"
    if damage.section in at_start:
        assert at_start[damage.section] == damage.expected()
    # The damage is not written back: what the pet saved has the types of a valid checkpoint.
    good, written = valid[damage.section], saved[damage.section]
    if damage.field is not None and good.get(damage.field) is not None:
        good, written = good[damage.field], written.get(damage.field)
    assert written is None or isinstance(written, type(good)), written


async def test_every_section_damaged_at_once_boots_to_defaults(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    loop_errors: list[dict[str, Any]],
) -> None:
    damaged = {
        "personality": "x",
        "jobs": 5,
        "initiative": [],
        "turns": [1],
        "replies": "x",
        "mind": DAMAGES["mind-several-fields"].value,
        "proposals": {"p3": PROPOSAL},
        "needs": {"state": 5, "offered": [], "deferred_because": "x"},
        "assistants": [3],
    }
    _, at_start, _ = await async_live_a_day_on(
        hass, config_entry, freezer, hass_storage, caplog, loop_errors, damaged
    )
    assert at_start == DEFAULT_KEPT
