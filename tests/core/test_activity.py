"""Activity states: cadences, a slow drift down the cost ladder, and the owner's preempt."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.activity import (
    CADENCE_S,
    DREAM_END,
    DREAM_START,
    ENGAGED_FOR,
    IDLE_FOR,
    Activity,
    Drift,
    in_window,
    preempt,
    regulate,
)
from tests.core._support import AMS, CHATHAM, KOLKATA, NEW_YORK, PROPERTY, aware_instants

NOON = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
NIGHT = datetime(2024, 1, 10, 3, 0, tzinfo=AMS)  # inside the dream window
SEC = timedelta(seconds=1)

# The only moves regulate may make: one step down, and DREAM back to DORMANT.
ALLOWED = {
    (Activity.ENGAGED, Activity.IDLE),
    (Activity.IDLE, Activity.DORMANT),
    (Activity.DORMANT, Activity.DREAM),
    (Activity.DREAM, Activity.DORMANT),
}


def _at(hour: int, minute: int = 0, second: int = 0, tz=AMS) -> datetime:
    return datetime(2024, 1, 10, hour, minute, second, tzinfo=tz)


# --- cadences -----------------------------------------------------------------------------


def test_cadences() -> None:
    assert CADENCE_S[Activity.ENGAGED] == 10
    assert CADENCE_S[Activity.IDLE] == 60
    assert CADENCE_S[Activity.DORMANT] == 15 * 60
    assert set(CADENCE_S) == set(Activity)


def test_dream_ticks_are_short() -> None:
    assert 0 < CADENCE_S[Activity.DREAM] < CADENCE_S[Activity.IDLE]


def test_cadence_grows_down_the_ladder() -> None:
    assert CADENCE_S[Activity.ENGAGED] < CADENCE_S[Activity.IDLE] < CADENCE_S[Activity.DORMANT]


def test_dials() -> None:
    assert timedelta(minutes=3) == ENGAGED_FOR
    assert timedelta(minutes=60) == IDLE_FOR
    assert (time(2, 0), time(6, 0)) == (DREAM_START, DREAM_END)


def test_state_values() -> None:
    assert [a.value for a in Activity] == ["engaged", "idle", "dormant", "dream"]


# --- ENGAGED -> IDLE ----------------------------------------------------------------------


def test_engaged_stays_while_the_conversation_is_fresh() -> None:
    assert regulate(Activity.ENGAGED, NOON, NOON - ENGAGED_FOR + SEC) is None
    assert regulate(Activity.ENGAGED, NOON, NOON) is None


def test_engaged_drifts_to_idle_after_three_quiet_minutes() -> None:
    drift = regulate(Activity.ENGAGED, NOON, NOON - ENGAGED_FOR)
    assert drift == Drift(Activity.IDLE, "the conversation went quiet")


def test_engaged_without_any_owner_contact_drifts_to_idle() -> None:
    assert regulate(Activity.ENGAGED, NOON, None) == Drift(
        Activity.IDLE, "the conversation went quiet"
    )


def test_engaged_takes_one_step_only_even_after_hours() -> None:
    drift = regulate(Activity.ENGAGED, NOON, NOON - timedelta(hours=5), token_pressure=2.0)
    assert drift is not None
    assert drift.state is Activity.IDLE


def test_engaged_is_not_shed_by_token_pressure_alone() -> None:
    """Conversation itself is never blocked by the budget."""
    assert regulate(Activity.ENGAGED, NOON, NOON - SEC, token_pressure=5.0) is None


# --- IDLE -> DORMANT ----------------------------------------------------------------------


def test_idle_stays_within_the_hour() -> None:
    assert regulate(Activity.IDLE, NOON, NOON - IDLE_FOR + SEC) is None


def test_idle_drifts_to_dormant_after_an_hour() -> None:
    drift = regulate(Activity.IDLE, NOON, NOON - IDLE_FOR)
    assert drift == Drift(Activity.DORMANT, "an hour without the owner")


def test_idle_without_owner_contact_drifts_to_dormant() -> None:
    drift = regulate(Activity.IDLE, NOON, None)
    assert drift is not None
    assert drift.state is Activity.DORMANT


@pytest.mark.parametrize("pressure", [1.0, 1.01, 3.0])
def test_token_pressure_sheds_idle_to_dormant(pressure: float) -> None:
    drift = regulate(Activity.IDLE, NOON, NOON - SEC, token_pressure=pressure)
    assert drift == Drift(Activity.DORMANT, "today's tokens are spent")


@pytest.mark.parametrize("pressure", [0.0, 0.5, 0.999])
def test_token_pressure_below_one_keeps_idle(pressure: float) -> None:
    assert regulate(Activity.IDLE, NOON, NOON - SEC, token_pressure=pressure) is None


# --- DORMANT <-> DREAM --------------------------------------------------------------------


def test_dormant_enters_dream_inside_the_window_with_work() -> None:
    drift = regulate(Activity.DORMANT, NIGHT, NIGHT - timedelta(hours=6))
    assert drift == Drift(Activity.DREAM, "the night window opened")


def test_dormant_does_not_dream_without_work() -> None:
    assert regulate(Activity.DORMANT, NIGHT, None, dream_work=False) is None


@pytest.mark.parametrize(
    ("hour", "minute", "dreams"),
    [(1, 59, False), (2, 0, True), (4, 0, True), (5, 59, True), (6, 0, False), (12, 0, False)],
)
def test_dormant_dreams_only_inside_the_window(hour: int, minute: int, dreams: bool) -> None:
    drift = regulate(Activity.DORMANT, _at(hour, minute), None)
    assert (drift is not None and drift.state is Activity.DREAM) is dreams
    if not dreams:
        assert drift is None


def test_dream_window_is_read_on_the_local_clock() -> None:
    # The same instant: 01:30 on a UTC clock (outside), 02:30 on an Amsterdam clock (inside).
    assert regulate(Activity.DORMANT, datetime(2024, 1, 10, 1, 30, tzinfo=UTC), None) is None
    local = datetime(2024, 1, 10, 1, 30, tzinfo=UTC).astimezone(AMS)  # 02:30 local
    assert regulate(Activity.DORMANT, local, None) is not None


def test_dream_window_is_a_dial() -> None:
    drift = regulate(
        Activity.DORMANT, _at(23, 30), None, dream_start=time(23, 0), dream_end=time(1, 0)
    )
    assert drift is not None
    assert drift.state is Activity.DREAM
    assert regulate(Activity.DORMANT, NIGHT, None, dream_start=time(23), dream_end=time(1)) is None


def test_dream_goes_back_to_dormant_when_the_window_closes() -> None:
    drift = regulate(Activity.DREAM, _at(6, 0), None)
    assert drift == Drift(Activity.DORMANT, "the night window closed")


def test_dream_goes_back_to_dormant_when_the_work_is_done() -> None:
    drift = regulate(Activity.DREAM, NIGHT, None, dream_work=False)
    assert drift == Drift(Activity.DORMANT, "nothing left to dream on")


def test_dream_continues_inside_the_window_with_work() -> None:
    assert regulate(Activity.DREAM, NIGHT, None) is None


def test_dream_closed_window_reason_wins_over_no_work() -> None:
    drift = regulate(Activity.DREAM, NOON, None, dream_work=False)
    assert drift == Drift(Activity.DORMANT, "the night window closed")


def test_an_owner_away_past_the_dream_idle_lets_a_pet_with_notes_dream_off_window() -> None:
    away = NOON - timedelta(hours=6)
    assert regulate(Activity.DORMANT, NOON, away) is None, "off-window: no dream by the clock"
    drift = regulate(Activity.DORMANT, NOON, away, dream_idle_h=6)
    assert drift == Drift(Activity.DREAM, "6 h without the owner and notes to dream on")
    assert regulate(Activity.DORMANT, NOON, away + SEC, dream_idle_h=6) is None, "not yet"
    assert regulate(Activity.DORMANT, NOON, away, dream_idle_h=6, dream_work=False) is None
    assert regulate(Activity.DORMANT, NOON, None, dream_idle_h=6) is None, "never spoke: no"


def test_a_pet_dreaming_off_window_keeps_dreaming_while_there_is_work() -> None:
    away = NOON - timedelta(hours=7)
    assert regulate(Activity.DREAM, NOON, away, dream_idle_h=6) is None
    assert regulate(Activity.DREAM, NOON, away, dream_idle_h=6, dream_work=False) == Drift(
        Activity.DORMANT, "the night window closed"
    )
    assert regulate(Activity.DREAM, NOON, away) == Drift(
        Activity.DORMANT, "the night window closed"
    )


def test_dormant_never_wakes_on_its_own() -> None:
    # The owner spoke a second ago, token pressure is nil: still nothing moves it up.
    assert regulate(Activity.DORMANT, NOON, NOON - SEC) is None
    assert regulate(Activity.DREAM, NIGHT, NIGHT - SEC) is None


@PROPERTY
@given(
    state=st.sampled_from(list(Activity)),
    now=aware_instants,
    quiet_s=st.one_of(st.none(), st.integers(min_value=0, max_value=10 * 86400)),
    pressure=st.floats(min_value=0.0, max_value=5.0),
    work=st.booleans(),
)
def test_regulate_never_moves_up(
    state: Activity, now: datetime, quiet_s: int | None, pressure: float, work: bool
) -> None:
    last = None if quiet_s is None else now - timedelta(seconds=quiet_s)
    drift = regulate(state, now, last, token_pressure=pressure, dream_work=work)
    if drift is not None:
        assert (state, drift.state) in ALLOWED
        assert drift.reason


# --- preempt -------------------------------------------------------------------------------


@pytest.mark.parametrize("state", [Activity.IDLE, Activity.DORMANT, Activity.DREAM])
def test_preempt_pulls_to_engaged_from_anywhere(state: Activity) -> None:
    assert preempt(state) == Drift(Activity.ENGAGED, "the owner spoke")


def test_preempt_from_engaged_is_nothing() -> None:
    assert preempt(Activity.ENGAGED) is None


# --- in_window -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hour", "minute", "second", "inside"),
    [
        (1, 59, 59, False),
        (2, 0, 0, True),  # start inclusive
        (5, 59, 59, True),
        (6, 0, 0, False),  # end exclusive
        (14, 0, 0, False),
    ],
)
def test_in_window_same_day(hour: int, minute: int, second: int, inside: bool) -> None:
    assert in_window(_at(hour, minute, second), time(2), time(6)) is inside


@pytest.mark.parametrize(
    ("hour", "minute", "inside"),
    [
        (21, 59, False),
        (22, 0, True),  # start inclusive
        (23, 59, True),
        (0, 0, True),
        (3, 0, True),
        (8, 59, True),
        (9, 0, False),  # end exclusive
        (12, 0, False),
    ],
)
def test_in_window_crossing_midnight(hour: int, minute: int, inside: bool) -> None:
    assert in_window(_at(hour, minute), time(22), time(9)) is inside


def test_in_window_empty_when_start_equals_end() -> None:
    assert not in_window(_at(5), time(5), time(5))
    assert not in_window(_at(12), time(5), time(5))


@pytest.mark.parametrize("tz", [UTC, AMS, NEW_YORK, KOLKATA, CHATHAM])
def test_in_window_reads_the_local_wall_clock(tz) -> None:
    assert in_window(datetime(2024, 1, 10, 3, 0, tzinfo=tz), time(2), time(6))
    assert not in_window(datetime(2024, 1, 10, 7, 0, tzinfo=tz), time(2), time(6))


@PROPERTY
@given(now=aware_instants, start=st.times(), end=st.times())
def test_in_window_crossing_is_the_complement(now: datetime, start: time, end: time) -> None:
    if start == end:
        return
    assert in_window(now, start, end) is not in_window(now, end, start)
