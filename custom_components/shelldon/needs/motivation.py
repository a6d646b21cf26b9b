"""The pet's motivation, driven: needs become impulses the mind appraises, and real acts.

Every half hour the pyramid (core.needs) may propose one action for its most pressing need;
the proposal becomes an impulse the mind's APPRAISE weighs like any other, so it still passes
gate 1, and a reach-out still passes gate 2, the budget and the slot. Each action is something
this pet can really do, and it is resolved only with evidence the pet can check (a journal line
written, a notification delivered, a document read, a goal closed, a day folded) or deferred with
a reason. Every satisfaction change is one scrubbed line in the vault's `audit.log`.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import yaml

from ..body.portrait import render_face
from ..brain.offline import MUSINGS
from ..const import CONF_NEEDS, CONF_PANEL_HEIGHT, CONF_PANEL_PALETTE, CONF_PANEL_WIDTH
from ..core.activity import Activity
from ..core.appraisal import Act, Candidate
from ..core.goals import GoalKind, GoalState
from ..core.history import Role
from ..core.needs import (
    DEFAULT_NEEDS,
    NeedsState,
    Pyramid,
    needs_to_data,
    parse_needs,
)
from ..core.plain import instant, instants, mapping
from ..core.salience import Outcome
from ..vault.files import VaultError

if TYPE_CHECKING:
    from ..runtime.pet import Pet

_LOGGER = logging.getLogger(__name__)

NEEDS_FILE: Final = "needs.yaml"
FEEDBACK_WORDS: Final = "thank thanks love great good well done"  # what recognition looks for
CYCLE: Final = timedelta(hours=1)
VIEW_MINUTES: Final = 1  # how often the needs' sensor follows their slow fade
GIVE_UP_AFTER: Final = timedelta(hours=6)  # an impulse nobody acted on is deferred
NEEDS_HEADER: Final = """\
# shelldon's needs: importance (1-10) matters only in a crisis; decay_hours is how long it takes
# satisfaction to fall by one (0.5 floor, 3.0 ceiling); weights tune each need's actions.
# settings: crisis_threshold, night_decay (0-1: how fast needs fade at night), starvation_hours.
# The pet may propose changes to this file; they wait for your approval.
"""


def _word(value: float, low: str, high: str) -> str:
    """A -1…1 dial in words."""
    if value <= -0.5:
        return f"quite {low}"
    if value < -0.15:
        return f"a little {low}"
    if value < 0.15:
        return f"neither {low} nor {high}"
    return f"a little {high}" if value < 0.5 else f"quite {high}"


class Motivation:
    """One pet's needs, the actions they propose, and the evidence that closes them."""

    def __init__(self, pet: Pet, seed: str) -> None:
        self.pet = pet
        self.pyramid = Pyramid()
        self.state = NeedsState.fresh(DEFAULT_NEEDS, pet.clock.utcnow())
        self.rng = random.Random(seed)
        self.last_cycle: datetime | None = None
        self.offered: dict[str, datetime] = {}  # need -> when its impulse was first offered
        self._cached: tuple[tuple[Any, ...], tuple[str, dict[str, Any]]] | None = None
        self.deferred_because: dict[str, str] = {}  # need -> why its last action was put off

    # ------------------------------------------------------------------ files

    def load_file(self) -> None:
        """Blocking: seed needs.yaml, then read and validate it (defaults on any mistake)."""
        vault = self.pet.vault
        try:
            vault.seed(
                NEEDS_FILE, NEEDS_HEADER + yaml.safe_dump(needs_to_data(Pyramid()), sort_keys=False)
            )
            self.pyramid = parse_needs(yaml.safe_load(vault.read_text(NEEDS_FILE)))
        except (ValueError, yaml.YAMLError, VaultError, OSError) as err:
            _LOGGER.warning(
                "%s/%s is not usable (%s); using the default needs", vault.root, NEEDS_FILE, err
            )
            self.pyramid = Pyramid()

    def to_dict(self) -> dict[str, Any]:
        """For the checkpoint."""
        return {
            "state": self.state.to_dict(),
            "last_cycle": self.last_cycle.isoformat() if self.last_cycle else None,
            "offered": {k: v.isoformat() for k, v in self.offered.items()},
            "deferred_because": dict(self.deferred_because),
        }

    def restore(self, data: Any) -> None:
        """Back from the checkpoint."""
        now = self.pet.clock.utcnow()
        if not isinstance(data, dict):
            return
        self.state = NeedsState.from_dict(data.get("state"), self.pyramid.needs, now)
        self.last_cycle = instant(data.get("last_cycle"))
        self.offered = instants(data.get("offered"), (n.name for n in self.pyramid.needs))
        self.deferred_because = {
            k: v
            for k, v in mapping(data.get("deferred_because")).items()
            if isinstance(k, str) and isinstance(v, str)
        }

    # ------------------------------------------------------------------ reading

    @property
    def top_need(self) -> str:
        """The need with the most tension now."""
        return self._view()[0]

    def attributes(self) -> dict[str, Any]:
        """Every need's tension (under its own name, and as `<need>_tension`) and satisfaction
        (`<need>_satisfaction`), as they are now (for the sensor; reading changes nothing)."""
        return dict(self._view()[1])

    def _view(self) -> tuple[str, dict[str, Any]]:
        """The top need and the attributes, worked out every VIEW_MINUTES (and at once when
        the state moved): the sensor reads them on every update of the pet."""
        state, now = self.state, self.pet.clock.now()
        key = (
            now.replace(minute=now.minute - now.minute % VIEW_MINUTES, second=0, microsecond=0),
            state.updated,
            tuple(state.satisfaction.values()),
            tuple(state.pending),
            tuple(state.last_acted.values()),
            id(self.pyramid),
        )
        if self._cached is not None and self._cached[0] == key:
            return self._cached[1]
        levels = self.pyramid.satisfaction_at(state, now)
        tensions = self.pyramid.tensions(state, levels)
        out: dict[str, Any] = {}
        for need in self.pyramid.needs:
            out[need.name] = round(tensions[need.name], 2)
        for need in self.pyramid.needs:
            out[f"{need.name}_satisfaction"] = round(levels[need.name], 2)
            out[f"{need.name}_tension"] = round(tensions[need.name], 2)
        out["pending"] = sorted(state.pending)
        view = (self.pyramid.top(state, tensions=tensions), out)
        self._cached = (key, view)
        return view

    # ------------------------------------------------------------------ impulses

    def impulses(self, now: datetime) -> list[Candidate]:
        """The mind's view of what the needs want now (a new proposal at most once a cycle)."""
        utc_now = self.pet.clock.utcnow()
        if self.last_cycle is None or utc_now - self.last_cycle >= CYCLE:
            self.last_cycle = utc_now
            if (
                self.pet.initiative
                and self.pet.options[CONF_NEEDS]
                and self.pet.mind.token_pressure < 1.0
            ):
                proposal = self.pyramid.choose(
                    self.state, self.pet.clock.now(), self.rng, self.cannot_do()
                )
                if proposal is not None:
                    self.offered[proposal.need] = utc_now
            else:  # quiet, but the needs still fade (and reading them stays cheap)
                self.pyramid.decay(self.state, self.pet.clock.now())
            self.pet.mark_changed(save=False)
        out = []
        for need, since in list(self.offered.items()):
            pending = self.state.pending.get(need)
            if pending is None:
                del self.offered[need]
                continue
            if utc_now - since >= GIVE_UP_AFTER and self.defer(need, "the moment passed"):
                continue
            action = next(a for a in self.pyramid.by_name(need).actions if a.name == pending.action)
            tension = self.pyramid.tensions(self.state)[need]
            # Below the standing impulses at homeostasis; above them only in a crisis.
            score = 0.95 if pending.forced else 0.42 + min(0.4, tension / 20)
            out.append(Candidate(Act.NEED, score, f"{need}: {action.about}", f"need:{need}"))
        return out

    # ------------------------------------------------------------------ acting

    def cannot_do(self) -> set[str]:
        """The actions with nothing to do them on now (a need is not offered those: proposing
        what cannot be done would only be deferred). Gates — quiet hours, the budget, the
        owner just having spoken — are not checked here: those are deferrals with a reason."""
        pet = self.pet
        goals = pet.turns.goals
        mind = pet.mind
        can = {
            "self_test": bool(pet.shelf.index.chunks or pet.recall.facts),
            "review_feedback": bool(pet.recall.recall(FEEDBACK_WORDS)),
            "read_shelf": bool(pet.shelf.index.chunks),
            "consolidate": mind.state is Activity.DREAM and mind.dream_work(),
            "follow_up": bool(goals.open_goals([GoalKind.REACH_OUT])),
            "review_goals": bool(goals.open_goals()),
            "review_choices": bool(self.state.action_chosen),
            "think_of_owner": bool(self._owner_words()),
            "study_world": bool(mind.world.beliefs),
            "count_kept": any(g.state is GoalState.DONE for g in goals.items),
            "reread_constitution": bool(self._principles()),
        }
        return {name for name, ok in can.items() if not ok}

    def _owner_words(self) -> str:
        """What the owner said last (kept across restarts in the conversation window)."""
        said = [line.text for line in self.pet.turns.history.lines() if line.role is Role.OWNER]
        return said[-1].strip() if said else ""

    def _principles(self) -> list[str]:
        """The constitution's bullet points."""
        return [
            line[2:].strip()
            for line in self.pet.turns.identity.constitution.splitlines()
            if line.startswith("- ") and line[2:].strip()
        ]

    def act(self, choice: Candidate, now: datetime) -> tuple[str, dict[str, Any] | None]:
        """Do the chosen need's action (ACT); returns what was done and any interrupt decision."""
        need = (choice.ref or "need:").split(":", 1)[1]
        self.offered.pop(need, None)
        pending = self.state.pending.get(need)
        if pending is None:
            return f"{need}: nothing pending", None
        handler = getattr(self, f"_do_{pending.action}", None)
        if handler is None:
            self.defer(need, f"no way to {pending.action}")
            return f"{need}: cannot {pending.action}", None
        return handler(need, now)

    def _journal(self, need: str, now: datetime, text: str) -> tuple[str, None]:
        """A silent act whose evidence is the journal line it writes."""
        self.pet.mind.records.journal(now, None, text)
        self.resolve(need, "journal line written")
        return text, None

    def _do_health_check(self, need: str, now: datetime) -> tuple[str, None]:
        problems = self.pet.health_problems()
        text = "checked my health: " + ("all well" if not problems else "; ".join(problems))
        return self._journal(need, now, text)

    def _do_persona_check(self, need: str, now: datetime) -> tuple[str, None]:
        pet = self.pet
        waiting = list(pet.soul.pending.values())
        persona = pet.turns.identity.persona.strip()
        text = "compared my persona with my constitution: " + (
            "they agree" if persona and not waiting else f"{len(waiting)} edit(s) wait for my owner"
        )
        return self._journal(need, now, text)

    def _do_plan_day(self, need: str, now: datetime) -> tuple[str, None]:
        goals = [g for g in self.pet.turns.goals.open_goals() if g.kind is not GoalKind.ASK]
        if goals:
            plan = "; ".join(f"{g.text} ({g.id})" for g in goals[:3])
            return self._journal(need, now, f"my plan: {plan}")
        return self._journal(need, now, "my plan: no goals today; I'll keep an eye on my shelf")

    def _do_self_test(self, need: str, now: datetime) -> tuple[str, None]:
        pet = self.pet
        if pet.shelf.index.chunks:
            probe = pet.shelf.index.chunks[-1]
            found = pet.shelf.search(probe.text[:80])
            ok = bool(found) and found[0].chunk.doc == probe.doc
            return self._journal(
                need, now, f"tested my shelf: {'found' if ok else 'could not find'} {probe.doc}"
            )
        facts = pet.recall.facts
        if facts:
            ok = bool(pet.recall.recall(facts[-1][0]))
            return self._journal(
                need, now, f"tested my memory: {'found' if ok else 'lost'} what I keep"
            )
        self.defer(need, "nothing kept yet to test")
        return f"{need}: nothing to test yet", None

    def _do_review_feedback(self, need: str, now: datetime) -> tuple[str, None]:
        found = self.pet.recall.recall(FEEDBACK_WORDS)
        if not found:
            self.defer(need, "no feedback yet")
            return f"{need}: no feedback yet", None
        return self._journal(
            need, now, f"looked back at what my owner said of me: {found[0][:160]}"
        )

    def _do_muse(self, need: str, now: datetime) -> tuple[str, None]:
        feeling = self.pet.mood_face.feeling
        options = MUSINGS.get(feeling, MUSINGS["content"])
        return self._journal(need, now, f"a musing: {self.rng.choice(options)}")

    def _do_read_shelf(self, need: str, now: datetime) -> tuple[str, None]:
        pet = self.pet
        topic = pet.turns.last_topic
        hits = pet.shelf.search(topic) if topic else []
        if hits:
            return self._journal(
                need, now, f"browsed my shelf about {topic[:60]}: {hits[0].chunk.cite}"
            )
        if pet.shelf.index.chunks:
            return self._journal(need, now, f"browsed my shelf: {pet.shelf.index.chunks[0].blurb}")
        self.defer(need, "nothing on my shelf")
        return f"{need}: nothing on my shelf", None

    def _do_consolidate(self, need: str, now: datetime) -> tuple[str, None]:
        mind = self.pet.mind
        if not mind.dream_backlog():
            self.defer(need, "nothing to consolidate")
            return f"{need}: nothing to consolidate", None
        if mind.state is not Activity.DREAM:  # one way to consolidate: the night's dream
            self.defer(need, "I'll dream on it tonight")
            return f"{need}: I'll dream on it tonight", None
        if not mind.dream_work():  # tonight's allowance is spent, or tonight's fold failed
            self.defer(need, "done dreaming for tonight")
            return f"{need}: done dreaming for tonight", None
        return mind.dream_for_need(now), None  # resolved when the day is folded

    def _do_reach_out(self, need: str, now: datetime) -> tuple[str, dict[str, Any] | None]:
        if (why_not := self.pet.mind.may_muse()) is not None:
            self.defer(need, why_not)
            return f"{need}: {why_not}", None
        return self.pet.mind.reach_out_for_need(need, None, now)

    def _do_follow_up(self, need: str, now: datetime) -> tuple[str, dict[str, Any] | None]:
        goals = sorted(
            (g for g in self.pet.turns.goals.open_goals() if g.kind is GoalKind.REACH_OUT),
            key=lambda g: g.due or datetime.max.replace(tzinfo=now.tzinfo),
        )
        if not goals:
            self.defer(need, "no open goal or promise")
            return f"{need}: no open goal to follow up", None
        return self.pet.mind.reach_out_for_need(need, goals[0], now)

    def _do_verify_checkpoint(self, need: str, now: datetime) -> tuple[str, None]:
        self.pet.spawn(self._async_verify_checkpoint(need, now))
        return f"{need}: reading back my checkpoint", None  # resolved once it is read

    async def _async_verify_checkpoint(self, need: str, now: datetime) -> None:
        try:
            data = await self.pet.store.async_load()
        except Exception:  # a damaged file is what this looks for
            data = False
        if isinstance(data, dict) and data:
            self._journal(need, now, "read back my checkpoint: intact")
        elif data is None and not self.pet.has_checkpoint and not self.pet.state.dirty:
            self._journal(need, now, "read back my checkpoint: none yet, and nothing to save")
        else:
            saved = await self.pet.async_checkpoint(force=True)
            again = "so I saved myself again" if saved else "and saving again failed"
            self._journal(need, now, f"read back my checkpoint: missing or unreadable, {again}")

    def _do_reread_constitution(self, need: str, now: datetime) -> tuple[str, None]:
        lines = self._principles()
        if not lines:
            self.defer(need, "my constitution says nothing I can hold to")
            return f"{need}: my constitution is empty", None
        return self._journal(need, now, f"reread my constitution: {self.rng.choice(lines)[:160]}")

    def _do_tidy_beliefs(self, need: str, now: datetime) -> tuple[str, None]:
        pet, utc_now = self.pet, self.pet.clock.utcnow()
        world = pet.mind.world
        before = len(world.expectations)
        if pet.turns.goals.prune(utc_now):
            pet.spawn(pet.turns.async_save_goals())
        pet.mind.prune(utc_now, {g.id for g in pet.turns.goals.open_goals()})
        subjects = {b.subject for b in world.beliefs}
        return self._journal(
            need,
            now,
            f"tidied what I believe: {len(subjects)} things I know of, "
            f"{len(world.open_expectations())} still expected, "
            f"{before - len(world.expectations)} old expectations let go",
        )

    def _do_review_goals(self, need: str, now: datetime) -> tuple[str, None]:
        goals = self.pet.turns.goals.open_goals()
        if not goals:
            self.defer(need, "no open goals")
            return f"{need}: no open goals", None
        late = [g for g in goals if g.overdue(self.pet.clock.utcnow())]
        listed = "; ".join(f"{g.text} ({g.id})" for g in (late or goals)[:3])
        return self._journal(
            need,
            now,
            f"looked over my {len(goals)} open goal(s), {len(late)} overdue: {listed}",
        )

    def _do_review_choices(self, need: str, now: datetime) -> tuple[str, None]:
        recent = sorted(self.state.action_chosen.items(), key=lambda kv: kv[1], reverse=True)
        chosen = [key.split(".", 1)[1].replace("_", " ") for key, _ in recent[1:4]]
        if not chosen:
            self.defer(need, "nothing chosen yet to look back on")
            return f"{need}: nothing to look back on", None
        return self._journal(need, now, f"looked back at what I chose: {', '.join(chosen)}")

    def _do_think_of_owner(self, need: str, now: datetime) -> tuple[str, None]:
        topic = self._owner_words()
        if not topic:
            self.defer(need, "my owner has not said anything yet")
            return f"{need}: nothing said yet", None
        return self._journal(need, now, f"thought of my owner, who last spoke of: {topic[:120]}")

    def _do_check_faces(self, need: str, now: datetime) -> tuple[str, None]:
        self.pet.spawn(self._async_check_faces(need, now))
        return f"{need}: drawing my faces", None  # resolved once they are drawn

    async def _async_check_faces(self, need: str, now: datetime) -> None:
        pet = self.pet
        width, height = int(pet.options[CONF_PANEL_WIDTH]), int(pet.options[CONF_PANEL_HEIGHT])
        palette = str(pet.options[CONF_PANEL_PALETTE])
        drawn, failed = 0, []
        for face in pet.faces:
            try:
                png = await pet.hass.async_add_executor_job(
                    render_face, face.look, width, height, palette
                )
            except Exception:
                png = b""
            if png.startswith(b"\x89PNG"):
                drawn += 1
            else:
                failed.append(face.name)
        text = f"drew {drawn} of my {len(pet.faces)} faces at {width}x{height}"
        self._journal(need, now, text + (f"; could not draw {', '.join(failed)}" if failed else ""))

    def _do_study_world(self, need: str, now: datetime) -> tuple[str, None]:
        latest = sorted(self.pet.mind.world.latest(), key=lambda b: b.at, reverse=True)
        if not latest:
            self.defer(need, "I know nothing of my world yet")
            return f"{need}: nothing known yet", None
        fresh = ", ".join(f"{b.subject} is {b.value}" for b in latest[:3])
        return self._journal(
            need, now, f"went over what I know: {len(latest)} things; lately {fresh}"
        )

    def _do_count_kept(self, need: str, now: datetime) -> tuple[str, None]:
        done = [g for g in self.pet.turns.goals.items if g.state is GoalState.DONE]
        if not done:
            self.defer(need, "no promise kept yet")
            return f"{need}: nothing kept yet", None
        return self._journal(
            need, now, f"counted what I kept: {len(done)} done, lately {done[-1].text[:80]}"
        )

    def _do_describe_mood(self, need: str, now: datetime) -> tuple[str, None]:
        mood = self.pet.state.mood
        return self._journal(
            need,
            now,
            f"my mood in words: {self.pet.mood_face.feeling}, "
            f"{_word(mood.valence, 'glum', 'cheerful')} and "
            f"{_word(mood.arousal, 'calm', 'stirred')}, "
            f"{_word(self.pet.state.energy * 2 - 1, 'tired', 'full of beans')}",
        )

    # ------------------------------------------------------------------ the gate

    def resolve(self, need: str, evidence: str, *, trusted: bool = True) -> None:
        """Close a pending action with evidence (marks satisfaction) or a self-report (does not)."""
        for change in self.pyramid.resolve(
            self.state, need, evidence, self.pet.clock.now(), trusted=trusted
        ):
            self._audit(change.need, change.before, change.after, change.reason)
        self.offered.pop(need, None)
        self.pet.mark_changed(save=False)

    def defer(self, need: str, reason: str) -> bool:
        """Put a pending action off with a reason. A forced one (the starvation guard's) may not
        be deferred: if it cannot be done it is closed as a self-report — nothing is marked, and
        the guard may force the need again after its full wait — so no need is stuck for good."""
        deferred = self.pyramid.defer(self.state, need, reason, self.pet.clock.now())
        if deferred:
            self.deferred_because[need] = reason
            self.offered.pop(need, None)
            self.pet.mark_changed(save=False)
        elif need in self.state.pending:
            self.deferred_because[need] = reason
            self.resolve(need, f"could not: {reason}", trusted=False)
        return deferred

    def outcome(
        self, need: str | None, outcome: Outcome, reason: str, *, delivered: bool = True
    ) -> None:
        """A reach-out made for a need ended: a delivered one is evidence, silence a deferral,
        and a message nothing took (no target answered) only a self-report."""
        if need is None or need not in self.state.pending:
            return
        if outcome is Outcome.SILENT:
            self.defer(need, f"chose not to interrupt ({reason})")
        elif delivered:
            self.resolve(need, f"notification {outcome.value}")
        else:
            self.resolve(need, "said it, but nothing took the message", trusted=False)

    def witnessed(self, need: str, evidence: str) -> None:
        """Something the pet really did satisfies a need (resolving its pending action if any)."""
        if need in self.state.pending:
            self.resolve(need, evidence)

    def context(self, need: str) -> None:
        """The world nudges a need (a new document on the shelf: understanding)."""
        self.pyramid.nudge_context(self.state, need)

    def _audit(self, need: str, before: float, after: float, reason: str) -> None:
        self.pet.mind.records.audit(
            {
                "at": self.pet.clock.utcnow().isoformat(),
                "need": need,
                "before": round(before, 3),
                "after": round(after, 3),
                "impact": round(after - before, 3),
                "reason": reason,
            }
        )
