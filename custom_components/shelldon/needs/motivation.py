"""The pet's motivation, driven: needs become impulses the mind appraises, and real acts.

Every hour the pyramid (core.needs.needs) may propose one action for its most pressing need; the
proposal becomes an impulse the mind's APPRAISE weighs like any other, so it still passes gate 1.
What the act wants done (a journal line, a reach-out, a dream) comes back to the mind as a
`Want` and is carried out through the mind's own doors: the one admission, the one door out.
It is resolved only with evidence the pet can check, or deferred with a reason. Every change of
a need's satisfaction is one scrubbed line in the vault's `audit.log`.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta
from typing import Any, Final

import yaml

from ..core.appraisal import Act, Candidate
from ..core.needs.needs import Pyramid
from ..core.needs.needs_file import needs_to_data, parse_needs
from ..core.needs.needs_state import NeedsState
from ..core.needs.ten_needs import DEFAULT_NEEDS
from ..core.readback import instant, instants, mapping
from ..core.salience import Outcome
from ..ports import Basics, Body, NeedsView, Want
from ..ports.const import CONF_NEEDS
from ..vault.goals import GoalBook
from ..vault.journal import Journal
from ..vault.vault import Vault, VaultError, yaml_data, yaml_text
from .deeds import Bookkeeping, Deeds

_LOGGER = logging.getLogger(__name__)

NEEDS_FILE: Final = "needs.yaml"
CYCLE: Final = timedelta(hours=1)
VIEW_MINUTES: Final = 1  # how often the needs' sensor follows their slow fade
GIVE_UP_AFTER: Final = timedelta(hours=6)  # an impulse nobody acted on is deferred
NEEDS_HEADER: Final = """\
# shelldon's needs: importance (1-10) matters only in a crisis; decay_hours is how long it takes
# satisfaction to fall by one (0.5 floor, 3.0 ceiling); weights tune each need's actions.
# settings: crisis_threshold, night_decay (0-1: how fast needs fade at night), starvation_hours.
# The pet may propose changes to this file; they wait for your approval.
"""


class Motivation:
    """One pet's needs, the actions they propose, and the evidence that closes them."""

    def __init__(
        self,
        *,
        basics: Basics,
        body: Body,
        view: NeedsView,
        goals: GoalBook,
        journal: Journal,
        vault: Vault,
        seed: str,
    ) -> None:
        self.clock = basics.clock
        self.dials = basics.dials
        self.body = body
        self.view = view
        self.journal = journal
        self.vault = vault
        self.changed = basics.changed
        self.pyramid = Pyramid()
        self.state = NeedsState.fresh(DEFAULT_NEEDS, self.clock.utcnow())
        self.rng = random.Random(seed)
        self.last_cycle: datetime | None = None
        self.offered: dict[str, datetime] = {}  # need -> when its impulse was first offered
        self._cached: tuple[tuple[Any, ...], tuple[str, dict[str, Any]]] | None = None
        self.deferred_because: dict[str, str] = {}  # need -> why its last action was put off
        self.deeds = Deeds(
            view=view,
            goals=goals,
            body=body,
            rng=self.rng,
            books=Bookkeeping(
                defer=self.defer,
                instead=self._instead,
                later=self._later,
                chosen=lambda: self.state.action_chosen,
            ),
            spawn=basics.spawn,
            words=journal.words,
            language=journal.language,
        )

    # ------------------------------------------------------------------ files

    def load_file(self) -> None:
        """Blocking: seed needs.yaml, then read and validate it (defaults on any mistake)."""
        vault = self.vault
        try:
            vault.seed(NEEDS_FILE, NEEDS_HEADER + yaml_text(needs_to_data(Pyramid())))
            self.pyramid = parse_needs(yaml_data(vault.read_text(NEEDS_FILE)))
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
        now = self.clock.utcnow()
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
        """Every need's tension (`<need>_tension`) and satisfaction
        (`<need>_satisfaction`), as they are now (for the sensor; reading changes nothing)."""
        return dict(self._view()[1])

    def _view(self) -> tuple[str, dict[str, Any]]:
        """The top need and the attributes, worked out every VIEW_MINUTES (and at once when
        the state moved): the sensor reads them on every update of the pet."""
        state, now = self.state, self.clock.now()
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
            out[f"{need.name}_satisfaction"] = round(levels[need.name], 2)
            out[f"{need.name}_tension"] = round(tensions[need.name], 2)
        out["pending"] = sorted(state.pending)
        view = (self.pyramid.top(state, tensions=tensions), out)
        self._cached = (key, view)
        return view

    # ------------------------------------------------------------------ impulses

    def impulses(self, now: datetime, token_pressure: float | None = None) -> list[Candidate]:
        """The mind's view of what the needs want now (a new proposal at most once a cycle);
        the mind hands in its token pressure (it worked it out once for its tick)."""
        utc_now = self.clock.utcnow()
        if token_pressure is None:
            token_pressure = self.view.token_pressure()
        if self.last_cycle is None or utc_now - self.last_cycle >= CYCLE:
            self.last_cycle = utc_now
            if self.body.initiative and self.dials[CONF_NEEDS] and token_pressure < 1.0:
                proposal = self.pyramid.choose(
                    self.state, self.clock.now(), self.rng, self.cannot_do()
                )
                if proposal is not None:
                    self.offered[proposal.need] = utc_now
            else:  # quiet, but the needs still fade (and reading them stays cheap)
                self.pyramid.decay(self.state, self.clock.now())
            self.changed(save=False)
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
        """The actions with nothing to do them on now (a need is not offered those)."""
        return self.deeds.cannot_do(review_choices=bool(self.state.action_chosen))

    def act(self, choice: Candidate, now: datetime) -> Want:
        """What the chosen need's action wants done (ACT)."""
        need = (choice.ref or "need:").split(":", 1)[1]
        self.offered.pop(need, None)
        pending = self.state.pending.get(need)
        if pending is None:
            return Want(f"{need}: nothing pending")
        return self.deeds.do(pending.action, need, now)

    def _later(self, need: str, now: datetime, line: str) -> None:
        """An act done off the tick (drawing the faces, reading the checkpoint back): its line
        is the evidence."""
        self.journal.journal(now, None, line)
        self.resolve(need, "journal line written")

    # ------------------------------------------------------------------ the gate

    def resolve(self, need: str, evidence: str, *, trusted: bool = True) -> None:
        """Close a pending action with evidence (marks satisfaction) or a self-report (does not)."""
        for change in self.pyramid.resolve(
            self.state, need, evidence, self.clock.now(), trusted=trusted
        ):
            self._audit(change.need, change.before, change.after, change.reason)
        self.offered.pop(need, None)
        self.changed(save=False)

    def _instead(self, need: str) -> str | None:
        """Swap in the need's other action when the pending one cannot be done now."""
        action = self.pyramid.instead(self.state, need, self.cannot_do())
        return action.name if action is not None else None

    def defer(self, need: str, reason: str) -> bool:
        """Put a pending action off with a reason. A forced one (the starvation guard's) may not
        be deferred: if it cannot be done it is closed as a self-report — nothing is marked, and
        the guard may force the need again after its full wait — so no need is stuck for good."""
        deferred = self.pyramid.defer(self.state, need, reason, self.clock.now())
        if deferred:
            self.deferred_because[need] = reason
            self.offered.pop(need, None)
            self.changed(save=False)
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
        self.journal.audit(
            {
                "at": self.clock.utcnow().isoformat(),
                "need": need,
                "before": round(before, 3),
                "after": round(after, 3),
                "impact": round(after - before, 3),
                "reason": reason,
            }
        )
