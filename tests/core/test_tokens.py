"""The token ledger: today's usage, split the way the bill is, rolling on the local day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from custom_components.shelldon.core.tokens import (
    CACHE_READ_WEIGHT,
    CACHE_WRITE_WEIGHT,
    TokenLedger,
    Usage,
)
from tests.core._support import AMS, LOS_ANGELES

NOON = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)


def test_usage_defaults_to_zero() -> None:
    assert Usage() == Usage(0, 0, 0, 0)
    assert Usage().total == 0
    assert Usage().billed_input == 0


def test_usage_adds_field_by_field() -> None:
    assert Usage(1, 2, 3, 4) + Usage(10, 20, 30, 40) == Usage(11, 22, 33, 44)
    assert Usage(1, 2, 3, 4) + Usage() == Usage(1, 2, 3, 4)


def test_usage_total() -> None:
    assert Usage(input=100, cache_write=200, cache_read=1000, output=50).total == 1350


def test_billed_input_weights_cache_reads_and_writes() -> None:
    assert (CACHE_READ_WEIGHT, CACHE_WRITE_WEIGHT) == (0.1, 1.25)
    usage = Usage(input=100, cache_write=200, cache_read=1000, output=50)
    assert usage.billed_input == pytest.approx(100 + 0.1 * 1000 + 1.25 * 200)
    assert Usage(output=999).billed_input == 0  # output is not input


def test_a_fresh_ledger_is_empty() -> None:
    ledger = TokenLedger()
    assert ledger.today(NOON) == Usage()
    assert ledger.to_dict() == {
        "date": None,
        "input": 0,
        "cache_write": 0,
        "cache_read": 0,
        "output": 0,
    }


def test_spend_adds_up_within_a_day() -> None:
    ledger = TokenLedger()
    ledger.spend(Usage(input=10, output=5), NOON)
    ledger.spend(Usage(cache_read=100, output=5), NOON.replace(hour=23, minute=59))
    assert ledger.date == "2024-01-10"
    assert ledger.today(NOON) == Usage(10, 0, 100, 10)


def test_the_ledger_rolls_over_at_local_midnight() -> None:
    ledger = TokenLedger()
    ledger.spend(Usage(input=10), datetime(2024, 1, 10, 23, 59, tzinfo=AMS))
    midnight = datetime(2024, 1, 11, 0, 0, tzinfo=AMS)
    assert ledger.today(midnight) == Usage()
    ledger.spend(Usage(output=3), midnight)
    assert ledger.date == "2024-01-11"
    assert ledger.usage == Usage(output=3)


def test_the_day_is_the_local_calendar_day() -> None:
    ledger = TokenLedger()
    # 00:30 in Amsterdam is still the 9th in UTC: the ledger keeps the local date.
    ledger.spend(Usage(input=1), datetime(2024, 1, 10, 0, 30, tzinfo=AMS))
    assert ledger.date == "2024-01-10"
    # 16:00 in Los Angeles on the 9th is the 10th in UTC, but another local day.
    assert ledger.today(datetime(2024, 1, 9, 16, 0, tzinfo=LOS_ANGELES)) == Usage()
    assert ledger.today(datetime(2024, 1, 10, 12, 0, tzinfo=UTC)) == Usage(input=1)


def test_an_old_ledger_reads_as_zero_today_but_keeps_its_data() -> None:
    ledger = TokenLedger("2024-01-09", Usage(input=5))
    assert ledger.today(NOON) == Usage()
    assert ledger.usage == Usage(input=5)


def test_round_trip() -> None:
    ledger = TokenLedger()
    ledger.spend(Usage(1, 2, 3, 4), NOON)
    assert ledger.to_dict() == {
        "date": "2024-01-10",
        "input": 1,
        "cache_write": 2,
        "cache_read": 3,
        "output": 4,
    }
    assert TokenLedger.from_dict(ledger.to_dict()) == ledger


def test_from_dict_tolerates_missing_and_odd_values() -> None:
    assert TokenLedger.from_dict({"date": "2024-01-10", "input": "12"}) == TokenLedger(
        "2024-01-10", Usage(input=12)
    )
    assert TokenLedger.from_dict({"input": -5, "output": 7.9}) == TokenLedger(
        None, Usage(input=0, output=7)
    )
    assert TokenLedger.from_dict({"date": 20240110, "output": 1}) == TokenLedger(
        None, Usage(output=1)
    )


@pytest.mark.parametrize(
    "data",
    [None, "junk", 42, [], {"input": "lots"}, {"input": None}, {"output": [1]}],
)
def test_from_dict_of_garbage_is_an_empty_ledger(data) -> None:
    assert TokenLedger.from_dict(data) == TokenLedger()
