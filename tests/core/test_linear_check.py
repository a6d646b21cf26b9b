"""The check every pattern's speed tests rely on (`assert_linear`) tells a quadratic search from a
linear one at its sizes, so a pattern that backtracks cannot pass it."""

from __future__ import annotations

import re

import pytest

from tests.core._support import assert_linear


def test_a_quadratic_search_fails_the_check() -> None:
    tries_every_start = re.compile(r"\s*x")  # each start scans to the end: quadratic
    with pytest.raises(AssertionError, match="superlinear"):
        assert_linear(tries_every_start.search, " ")


def test_a_linear_search_passes_it() -> None:
    assert_linear(re.compile(r"(?<!\s)\s*x").search, " ")
