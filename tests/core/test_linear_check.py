"""The check every pattern's speed tests rely on (`assert_linear`) tells a quadratic search from a
linear one at its sizes, so a pattern that backtracks cannot pass it."""

from __future__ import annotations

import re

import pytest

from tests.core._support import assert_linear


def _rescans(text: str) -> None:
    """Reads the rest of the text again from every position, as a pattern that backtracks does
    from every start: quadratic (and cheap enough to run here)."""
    for start in range(len(text)):
        text.count("x", start)


def test_a_quadratic_search_fails_the_check() -> None:
    with pytest.raises(AssertionError, match="superlinear"):
        assert_linear(_rescans, " ")


def test_a_linear_search_passes_it() -> None:
    assert_linear(re.compile(r"(?<!\s)\s*x").search, " ")
