"""What each need's actions really do: each returns a `Want` the mind carries out.

Every action is something this pet can really do, resolved only with evidence it can check: a
journal line written (the line is the evidence, written by the mind), a notification delivered
(a reach-out through the door), a day folded (a dream), a document read, a goal closed. An
action with nothing to act on is deferred with its reason, never faked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from ..brain.offline import musings
from ..core.goals import GoalKind, GoalState
from ..core.language.words import english
from ..ports import Body, NeedsView, Spawn, Want, Words
from ..vault.goals import GoalBook

FEEDBACK_WORDS: Final = "thank thanks love great good well done"  # what recognition looks for

Defer = Callable[[str, str], bool]
Instead = Callable[[str], str | None]  # need -> the stand-in action now pending, if it has one
Later = Callable[[str, datetime, str], None]  # (need, now, the evidence line): async acts


@dataclass(frozen=True)
class Bookkeeping:
    """Where a deed reports back to the needs: put off with its reason, the stand-in action now
    pending instead, an async deed's evidence line, and when each action was last chosen."""

    defer: Defer
    instead: Instead
    later: Later
    chosen: Callable[[], dict[str, Any]]  # action -> when it was last chosen


def _word(words: Words, value: float, low: str, high: str) -> str:
    """A -1…1 dial in words ("mood.glum", "mood.cheerful": the two ends' keys)."""
    low, high = words(low), words(high)
    if value <= -0.5:
        return words("mood.quite", word=low)
    if value < -0.15:
        return words("mood.a_little", word=low)
    if value < 0.15:
        return words("mood.neither", low=low, high=high)
    return words("mood.a_little" if value < 0.5 else "mood.quite", word=high)


def principles(constitution: str) -> list[str]:
    """The constitution's bullet points."""
    return [
        line[2:].strip()
        for line in constitution.splitlines()
        if line.startswith("- ") and line[2:].strip()
    ]


class Deeds:
    """The needs' actions, by name."""

    def __init__(
        self,
        *,
        view: NeedsView,
        goals: GoalBook,
        body: Body,
        rng: random.Random,
        books: Bookkeeping,
        spawn: Spawn,
        words: Words = english,
        language: Callable[[], str] = lambda: "en",
    ) -> None:
        self.words = words  # the journal's lines, in the owner's language
        self.language = language
        self.view = view
        self.goals = goals
        self.body = body
        self.rng = rng
        self._chosen = books.chosen  # action -> when it was last chosen
        self.defer = books.defer
        self.instead = books.instead
        self.later = books.later
        self.spawn = spawn

    def cannot_do(self, *, review_choices: bool) -> set[str]:
        """The actions with nothing to do them on now (a need is not offered those). Gates —
        quiet hours, the budget, the owner just having spoken — are not checked here: those
        are deferrals with a reason."""
        view, goals = self.view, self.goals
        can = {
            "self_test": bool(view.shelf_chunks() or view.facts()),
            "review_feedback": bool(view.recall(FEEDBACK_WORDS)),
            "read_shelf": bool(view.shelf_chunks()),
            "consolidate": view.dreaming() and view.dream_work(),
            "follow_up": bool(goals.open_goals([GoalKind.REACH_OUT])),
            "review_goals": True,  # an empty list of open loops is a finding too
            "review_choices": review_choices,
            "think_of_owner": True,  # their words, or where they are and how long it has been
            "study_world": True,  # what it knows of its world includes its own situation
            "count_kept": True,  # a count of none kept (and of those still open) is honest
            "reread_constitution": bool(principles(view.constitution())),
        }
        return {name for name, ok in can.items() if not ok}

    def do(self, action: str, need: str, now: datetime) -> Want:
        """What the action wants done."""
        handler: Callable[[str, datetime], Want] | None = getattr(self, f"_do_{action}", None)
        if handler is None:
            self.defer(need, f"no way to {action}")
            return Want(f"{need}: cannot {action}", need=need)
        return handler(need, now)

    # ------------------------------------------------------------------ helpers

    def _line(self, need: str, key: str, **values: object) -> Want:
        """A silent act whose evidence is the journal line the mind writes (one of the pet's
        own phrases, in the owner's language)."""
        text = self.words(key, **values)
        return Want(text, line=text, need=need)

    def _skip(self, need: str, reason: str, account: str, now: datetime) -> Want:
        """The action cannot be done now: its need's other action stands in when it can (a
        reach-out the gates hold back becomes a thought of the owner), else the need rests."""
        if (stand_in := self.instead(need)) is not None:
            return self.do(stand_in, need, now)
        self.defer(need, reason)
        return Want(f"{need}: {account}", need=need)

    # ------------------------------------------------------------------ the acts

    def _do_health_check(self, need: str, now: datetime) -> Want:
        problems = self.view.health_problems()
        if not problems:
            return self._line(need, "deed.health_well")
        return self._line(need, "deed.health", problems="; ".join(problems))

    def _do_persona_check(self, need: str, now: datetime) -> Want:
        waiting = self.view.pending_edits()
        persona = self.view.persona().strip()
        if persona and not waiting:
            return self._line(need, "deed.persona_agrees")
        return self._line(need, "deed.persona_waiting", count=waiting)

    def _do_plan_day(self, need: str, now: datetime) -> Want:
        goals = [g for g in self.goals.open_goals() if g.kind is not GoalKind.ASK]
        if goals:
            listed = "; ".join(f"{g.text} ({g.id})" for g in goals[:3])
            return self._line(need, "deed.plan", goals=listed)
        return self._line(need, "deed.plan_empty")

    def _do_self_test(self, need: str, now: datetime) -> Want:
        chunks = self.view.shelf_chunks()
        if chunks:
            probe = chunks[-1]
            found = self.view.shelf_search(probe.text[:80])
            ok = bool(found) and found[0].chunk.doc == probe.doc
            return self._line(need, "deed.shelf_found" if ok else "deed.shelf_lost", doc=probe.doc)
        facts = self.view.facts()
        if facts:
            ok = bool(self.view.recall(facts[-1][0]))
            return self._line(need, "deed.memory_found" if ok else "deed.memory_lost")
        return self._skip(need, "nothing kept yet to test", "nothing to test yet", now)

    def _do_review_feedback(self, need: str, now: datetime) -> Want:
        found = self.view.recall(FEEDBACK_WORDS)
        if not found:
            return self._skip(need, "no feedback yet", "no feedback yet", now)
        return self._line(need, "deed.feedback", words=found[0][:160])

    def _do_muse(self, need: str, now: datetime) -> Want:
        options = musings(self.body.mood_face.feeling, self.language())
        return self._line(need, "deed.musing", musing=self.rng.choice(options))

    def _do_read_shelf(self, need: str, now: datetime) -> Want:
        topic = self.view.last_topic()
        hits = self.view.shelf_search(topic) if topic else []
        if hits:
            return self._line(need, "deed.browsed_about", topic=topic[:60], cite=hits[0].chunk.cite)
        chunks = self.view.shelf_chunks()
        if chunks:
            return self._line(need, "deed.browsed", blurb=chunks[0].blurb)
        return self._skip(need, "nothing on my shelf", "nothing on my shelf", now)

    def _do_consolidate(self, need: str, now: datetime) -> Want:
        view = self.view
        if not view.dream_backlog():
            return self._skip(need, "nothing to consolidate", "nothing to consolidate", now)
        if not view.dreaming():  # one way to consolidate: the night's dream
            return self._skip(need, "I'll dream on it tonight", "I'll dream on it tonight", now)
        if not view.dream_work():  # tonight's allowance is spent, or tonight's fold failed
            return self._skip(need, "done dreaming for tonight", "done dreaming for tonight", now)
        return Want(f"{need}: dreaming", dream=True, need=need)  # resolved when a day folds

    def _do_reach_out(self, need: str, now: datetime) -> Want:
        if (why_not := self.view.may_muse()) is not None:
            return self._skip(need, why_not, why_not, now)
        return Want(f"{need}: saying hello", reach_out=True, need=need)

    def _do_follow_up(self, need: str, now: datetime) -> Want:
        goals = sorted(  # a promise is kept at its time, never followed up early
            (g for g in self.goals.open_goals() if g.kind is GoalKind.REACH_OUT and not g.promise),
            key=lambda g: g.due or datetime.max.replace(tzinfo=now.tzinfo),
        )
        if not goals:
            return self._skip(need, "no open goal or promise", "no open goal to follow up", now)
        return Want(f"{need}: following up", reach_out=True, goal=goals[0], need=need)

    def _do_verify_checkpoint(self, need: str, now: datetime) -> Want:
        self.spawn(self._async_later(need, now, self.view.async_verify_checkpoint))
        return Want(f"{need}: reading back my checkpoint", need=need)  # resolved once it is read

    def _do_check_faces(self, need: str, now: datetime) -> Want:
        self.spawn(self._async_later(need, now, self.view.async_draw_faces))
        return Want(f"{need}: drawing my faces", need=need)  # resolved once they are drawn

    async def _async_later(self, need: str, now: datetime, work: Any) -> None:
        self.later(need, now, await work())

    def _do_reread_constitution(self, need: str, now: datetime) -> Want:
        lines = principles(self.view.constitution())
        if not lines:
            return self._skip(
                need, "my constitution says nothing I can hold to", "my constitution is empty", now
            )
        return self._line(need, "deed.constitution", line=self.rng.choice(lines)[:160])

    def _do_tidy_beliefs(self, need: str, now: datetime) -> Want:
        let_go = self.view.forget_stale()
        subjects = {b.subject for b in self.view.beliefs()}
        _, still = self.view.expectations()
        return self._line(need, "deed.beliefs", known=len(subjects), still=still, let_go=let_go)

    def _do_review_goals(self, need: str, now: datetime) -> Want:
        """Closure's review of the open loops: the goal book, the expectations, the edits
        waiting. Finding none is the finding (the review is the evidence, in the journal)."""
        goals = self.goals.open_goals()
        if not goals:
            _, expected = self.view.expectations()
            edits = self.view.pending_edits()
            return self._line(need, "deed.loops_clear", expected=expected, edits=edits)
        late = [g for g in goals if g.overdue(now)]
        listed = "; ".join(f"{g.text} ({g.id})" for g in (late or goals)[:3])
        return self._line(need, "deed.loops", count=len(goals), late=len(late), listed=listed)

    def _do_review_choices(self, need: str, now: datetime) -> Want:
        recent = sorted(self._chosen().items(), key=lambda kv: kv[1], reverse=True)
        chosen = [key.split(".", 1)[1].replace("_", " ") for key, _ in recent[1:4]]
        if not chosen:
            return self._skip(
                need, "nothing chosen yet to look back on", "nothing to look back on", now
            )
        return self._line(need, "deed.choices", chosen=", ".join(chosen))

    def _do_think_of_owner(self, need: str, now: datetime) -> Want:
        topic = self.view.owner_last_words()
        if topic:
            return self._line(need, "deed.owner_topic", topic=topic[:120])
        where = "; ".join(self.view.situation()[:2])  # who is home, and when we last talked
        return self._line(need, "deed.owner", where=where)

    def _do_study_world(self, need: str, now: datetime) -> Want:
        latest = sorted(self.view.beliefs(), key=lambda b: b.at, reverse=True)
        if not latest:
            seen = "; ".join(self.view.situation()[:3])
            return self._line(need, "deed.world_empty", seen=seen)
        fresh = ", ".join(f"{b.subject} is {b.value}" for b in latest[:3])
        return self._line(need, "deed.world", count=len(latest), fresh=fresh)

    def _do_count_kept(self, need: str, now: datetime) -> Want:
        done = [g for g in self.goals.items if g.state is GoalState.DONE]
        still = len(self.goals.open_goals())
        if not done:
            return self._line(need, "deed.kept_none", still=still)
        return self._line(need, "deed.kept", count=len(done), latest=done[-1].text[:80])

    def _do_describe_mood(self, need: str, now: datetime) -> Want:
        state = self.body.state
        mood = state.mood
        return self._line(
            need,
            "deed.mood",
            feeling=self.body.mood_face.feeling,
            valence=_word(self.words, mood.valence, "mood.glum", "mood.cheerful"),
            arousal=_word(self.words, mood.arousal, "mood.calm", "mood.stirred"),
            energy=_word(self.words, state.energy * 2 - 1, "mood.tired", "mood.full_of_beans"),
        )
