"""The refresh policy and the reconnect backoff, at fixed instants."""

from __future__ import annotations

import pytest
from shelldon_pi.policy import (
    BACKOFF_MAX_S,
    FULL_AT_LEAST_EVERY_S,
    Draw,
    Keep,
    Refresh,
    Shown,
    Timing,
    Wait,
    backoff,
    decide,
    drawn,
    offline_at,
    offline_due,
    refresh_kind,
)

T0 = 1000.0
PARTIAL_PANEL = Timing(min_interval_s=2.0, partial=True, full_every=4)
FULL_ONLY_PANEL = Timing(min_interval_s=15.0, partial=False, full_every=4)


def run(timing: Timing, faces: list[tuple[float, str]]) -> list[tuple[float, str, str]]:
    """Offer each (instant, digest) in turn; what gets drawn, as (instant, digest, refresh)."""
    shown = Shown()
    out = []
    for now, digest in faces:
        decision = decide(shown, digest, now, timing)
        if isinstance(decision, Draw):
            shown = drawn(shown, digest, decision.refresh, now)
            out.append((now, digest, decision.refresh.value))
    return out


def test_the_first_draw_is_full() -> None:
    assert decide(Shown(), "a", T0, PARTIAL_PANEL) == Draw(Refresh.FULL)


def test_the_same_face_is_never_redrawn() -> None:
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    for later in (T0, T0 + 1, T0 + 3600, T0 + 10 * FULL_AT_LEAST_EVERY_S):
        assert decide(shown, "a", later, PARTIAL_PANEL) == Keep()


def test_a_new_face_after_the_spacing_is_partial() -> None:
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    assert decide(shown, "b", T0 + 2.0, PARTIAL_PANEL) == Draw(Refresh.PARTIAL)


@pytest.mark.parametrize("delay", [0.0, 0.5, 1.999])
def test_never_faster_than_the_panel(delay: float) -> None:
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    assert decide(shown, "b", T0 + delay, PARTIAL_PANEL) == Wait(T0 + 2.0)


def test_the_spacing_counts_from_the_last_refresh_of_either_kind() -> None:
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    shown = drawn(shown, "b", Refresh.PARTIAL, T0 + 5)
    assert decide(shown, "c", T0 + 6, PARTIAL_PANEL) == Wait(T0 + 7)
    assert decide(shown, "c", T0 + 7, PARTIAL_PANEL) == Draw(Refresh.PARTIAL)


def test_a_face_that_returns_to_what_is_shown_needs_nothing_even_inside_the_spacing() -> None:
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    assert decide(shown, "a", T0 + 0.1, PARTIAL_PANEL) == Keep()


def test_every_nth_refresh_is_full() -> None:
    faces = [(T0 + 10 * i, f"f{i}") for i in range(9)]
    kinds = [kind for _, _, kind in run(PARTIAL_PANEL, faces)]
    assert kinds == ["full", "partial", "partial", "partial"] * 2 + ["full"]


@pytest.mark.parametrize("n", [1, 2, 3, 10, 30])
def test_full_every_n(n: int) -> None:
    timing = Timing(min_interval_s=0.0, partial=True, full_every=n)
    kinds = [k for _, _, k in run(timing, [(T0 + i, f"f{i}") for i in range(3 * n)])]
    assert kinds == (["full"] + ["partial"] * (n - 1)) * 3


def test_a_panel_without_partial_refresh_always_refreshes_fully() -> None:
    faces = [(T0 + 20 * i, f"f{i}") for i in range(6)]
    assert {kind for _, _, kind in run(FULL_ONLY_PANEL, faces)} == {"full"}


def test_a_full_refresh_at_least_once_a_day() -> None:
    timing = Timing(min_interval_s=0.0, partial=True, full_every=1000)
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    shown = drawn(shown, "b", Refresh.PARTIAL, T0 + 60)
    just_before = T0 + FULL_AT_LEAST_EVERY_S - 1
    assert refresh_kind(shown, just_before, timing) is Refresh.PARTIAL
    assert refresh_kind(shown, T0 + FULL_AT_LEAST_EVERY_S, timing) is Refresh.FULL


def test_drawn_counts_partials_and_a_full_resets_them() -> None:
    shown = drawn(Shown(), "a", Refresh.FULL, T0)
    assert shown == Shown(digest="a", at=T0, full_at=T0, partials=0)
    shown = drawn(shown, "b", Refresh.PARTIAL, T0 + 3)
    shown = drawn(shown, "c", Refresh.PARTIAL, T0 + 6)
    assert shown == Shown(digest="c", at=T0 + 6, full_at=T0, partials=2)
    assert drawn(shown, "d", Refresh.FULL, T0 + 9) == Shown("d", T0 + 9, T0 + 9, 0)


def test_a_burst_of_changes_draws_at_most_one_per_spacing() -> None:
    # 21 new faces, 0.1 s apart: the panel (2 s) takes the first and the one at 2 s.
    offers = [(T0 + i / 10, f"f{i}") for i in range(21)]
    drawn_at = [now for now, _, _ in run(PARTIAL_PANEL, offers)]
    assert drawn_at == [T0, T0 + 2.0]


def test_timing_checks_its_values() -> None:
    with pytest.raises(ValueError, match="full_every"):
        Timing(min_interval_s=1.0, partial=True, full_every=0)
    with pytest.raises(ValueError, match="min_interval_s"):
        Timing(min_interval_s=-1.0, partial=True)


def test_offline_face_after_the_grace() -> None:
    assert not offline_due(None, T0, 300)
    assert not offline_due(T0, T0 + 299.9, 300)
    assert offline_due(T0, T0 + 300, 300)
    assert offline_due(T0, T0 + 10_000, 300)
    assert offline_at(None, 300) is None
    assert offline_at(T0, 300) == T0 + 300


def test_backoff_doubles_from_one_second_to_a_minute() -> None:
    assert [backoff(n) for n in range(8)] == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff(10_000) == BACKOFF_MAX_S
    assert backoff(3, first_s=0.5, max_s=3) == 3
    with pytest.raises(ValueError):
        backoff(-1)
