"""The home's tools inside a turn: what the model asked for, judged, run or refused, answered.

A model's tool calls come back to it as `tool_result` blocks, one per call, in the next user
message: a result (data about the home, scrubbed) or a refusal that says why. A turn without the
home's tools (every turn but the owner's, or no API chosen) refuses every call it did not offer;
nothing is ever run from here, only handed to the home, which judges each call first.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from ..core.home import ToolCall, Verdict
from .turn import HomeTools

REFUSALS: Final[dict[Verdict, str]] = {
    Verdict.NOT_OWNERS_TURN: (
        "Refused: your call did not fit. No tool but the reply tool was given for this turn "
        "(a turn of your own, or no home to act on); nothing ran. Answer with the reply tool."
    ),
    Verdict.OVER_ROUNDS: "Refused: no more tool calls in this turn. Answer with the reply tool.",
    Verdict.WITH_REPLY: "Not run: it came with your reply.",
}


def _args(block: Any) -> dict[str, Any]:
    data = getattr(block, "input", None)
    return dict(data) if isinstance(data, dict) else {}


def refused(block: Any, verdict: Verdict) -> ToolCall:
    """A call nobody handed to the home."""
    return ToolCall(str(block.name), _args(block), verdict, changes=True)


def result_block(tool_use_id: str, text: str, *, error: bool) -> dict[str, Any]:
    """One tool_result block."""
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": tool_use_id, "content": text}
    if error:
        block["is_error"] = True
    return block


async def answer_calls(
    home: HomeTools | None, blocks: Sequence[Any], records: list[ToolCall], *, over: bool
) -> list[dict[str, Any]]:
    """Each call judged (and run, if it may), in order, its record added to the turn's
    `records` as soon as it is made (a turn cut off halfway still knows what ran); the
    tool_result blocks that answer them. `over`: the turn's tool rounds are spent, so nothing
    more runs. A call cut off while the home runs it is recorded as failed (it was tried)."""
    results: list[dict[str, Any]] = []
    for block in blocks:
        if home is None or over:
            verdict = Verdict.NOT_OWNERS_TURN if home is None else Verdict.OVER_ROUNDS
            records.append(refused(block, verdict))
            results.append(result_block(block.id, REFUSALS[verdict], error=True))
            continue
        try:
            record, text = await home.call(str(block.name), _args(block))
        except BaseException:  # the turn's time ran out, or the home broke: it was tried
            records.append(ToolCall(str(block.name), _args(block), Verdict.FAILED, changes=True))
            raise
        records.append(record)
        results.append(result_block(block.id, text, error=record.verdict is not Verdict.RAN))
    return results


def described(calls: Sequence[ToolCall]) -> list[dict[str, Any]]:
    """The calls as plain data (the event, the trace)."""
    return [
        {"tool": c.name, "verdict": c.verdict.value, "args": json.loads(json.dumps(c.args))}
        for c in calls
    ]
