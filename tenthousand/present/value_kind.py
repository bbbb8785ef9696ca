"""Which kind of values the advisor, the strategy card and the review show for a rule set,
and why: exact win chances under perfect play, or expected points and the reason (no tkinter).

Exact chances need two seats and a perfect-play table: shipped, solved on this machine
earlier, or being solved now.  Otherwise the values are the exact expected points of the
max-expected tables, and the sentence names the reason (three or more players, rules no
solver here takes and why, a solve still running or still to come).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from ..model.rules import Rules

__all__ = ["ValueKind", "value_kind"]


@dataclass(frozen=True)
class ValueKind:
    """The kind of values shown, and why."""

    exact: bool  # win chances under perfect play (else expected points)
    why: str  # without exact chances: one sentence saying why ("" with them)
    points: str = ""  # without exact chances: what the values are ("expected points")

    @property
    def text(self) -> str:
        """One or two sentences: which values, and why."""
        if self.exact:
            return _("Values: exact win chances under perfect play, solved for these rules.")
        # Translators: {points} is "expected points" or "expected points pegged", {why} a
        # sentence saying why there are no win chances.
        return _("Values: {points}. {why}").format(points=self.points, why=self.why)


def value_kind(rules: Rules, seats: int) -> ValueKind:
    """The values shown for a game of ``seats`` players under ``rules`` (quick: no table is
    read and nothing is solved)."""
    points = (_("expected points pegged (fewest best)") if rules.rotary_club
              else _("expected points"))
    if seats != 2:
        return ValueKind(False, _("Exact win chances are solved for two players only."),
                         points)
    from ..solver import cache
    from ..solver import table as tables

    if tables.available(rules):
        return ValueKind(True, "")
    if cache.being_solved(rules):
        return ValueKind(False, _("Win chances follow once perfect play is solved for these "
                                  "rules."), points)
    problem = (_("the perfect-play table is missing") if tables.shipped_for(rules)
               else cache.unsolvable(rules))
    if problem:
        # Translators: {reason} is a phrase ("the game point is above 5,000 with
        # surpassing: too many positions to solve on this computer").
        return ValueKind(False, _("No win chances: {reason}.").format(reason=problem), points)
    return ValueKind(False, _("No win chances yet: perfect play is not solved for these "
                              "rules (a game against Perfect solves it)."), points)


def review_line(rules: Rules, seats: int, kinds: set[str]) -> str:
    """The review's sentence on its values: ``kinds`` are those of the decisions it ranks
    (WIN, SCORE), which differ when perfect play was solved during the game."""
    from ..advice import WIN

    if kinds and kinds <= {WIN}:
        return ValueKind(True, "").text
    kind = value_kind(rules, seats)
    if not kind.exact:
        return kind.text
    if WIN in kinds:
        return _("Values: win chances under perfect play, and expected points for the "
                 "decisions made before it was solved.")
    return _("Values: expected points: your decisions were made before perfect play was "
             "solved for these rules.")
