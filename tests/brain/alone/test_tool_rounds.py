"""One round of the home's tools (`brain.tool_rounds.answer_calls`): each call's record joins the
turn's as soon as it is made, so a turn cut off halfway through a round still knows what ran."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from custom_components.shelldon.brain.tool_rounds import answer_calls
from custom_components.shelldon.core.home import ToolCall, Verdict


class Home:
    """A home whose calls run, but for the one named `breaks`, which fails with `how`."""

    def __init__(self, breaks: str, how: BaseException) -> None:
        self.prompt, self.specs = "", []
        self.breaks, self.how = breaks, how
        self.ran: list[str] = []

    async def call(self, name: str, args: dict[str, Any]) -> tuple[ToolCall, str]:
        if name == self.breaks:
            raise self.how
        self.ran.append(name)
        return ToolCall(name, args, Verdict.RAN, changes=True), "done"


def block(number: int, name: str) -> Any:
    return SimpleNamespace(id=f"toolu_{number}", name=name, input={"name": f"light {number}"})


@pytest.mark.parametrize(
    "how",
    [asyncio.CancelledError(), RuntimeError("the home broke")],
    ids=["the-turn-timed-out", "an-unexpected-error"],
)
async def test_a_round_cut_off_halfway_keeps_what_ran_and_what_was_tried(
    how: BaseException,
) -> None:
    home = Home("HassTurnOff", how)
    records: list[ToolCall] = [ToolCall("GetLiveContext", {}, Verdict.RAN, changes=False)]
    blocks = [block(1, "HassTurnOn"), block(2, "HassTurnOff"), block(3, "HassTurnOn")]

    with pytest.raises(type(how)):
        await answer_calls(home, blocks, records, over=False)

    assert [(r.name, r.verdict, r.args) for r in records] == [
        ("GetLiveContext", Verdict.RAN, {}),  # an earlier round's, kept
        ("HassTurnOn", Verdict.RAN, {"name": "light 1"}),
        ("HassTurnOff", Verdict.FAILED, {"name": "light 2"}),  # tried, cut off
    ]
    assert home.ran == ["HassTurnOn"], "nothing after the break is run"


async def test_a_whole_round_is_recorded_in_order_with_its_answers() -> None:
    home = Home("none", RuntimeError())
    records: list[ToolCall] = []

    blocks = [block(1, "HassTurnOn"), block(2, "HassTurnOn")]
    results = await answer_calls(home, blocks, records, over=False)

    assert [r.verdict for r in records] == [Verdict.RAN, Verdict.RAN]
    assert [(r["tool_use_id"], r.get("is_error")) for r in results] == [
        ("toolu_1", None),
        ("toolu_2", None),
    ]
