"""Which kind of values the advisor, the strategy card and the review show for a rule set,
and why: exact win chances under perfect play, or expected points and the reason (no tkinter).

Exact chances need a perfect-play table for the rules and the number of seats: shipped,
solved on this machine earlier, or being solved now.  Which (rules, seats) a table can
answer at all is one function, :func:`table_refusal`, which asks the solver.  Otherwise
the values are the exact expected points of the max-expected tables, and the sentence
names the reason (a number of players or rules no solver here takes and why, a solve still
running or still to come).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, ngettext, number
from ..model.rules import Rules

__all__ = ["ValueKind", "perfect_note", "review_line", "table_refusal", "value_kind"]


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


def table_refusal(rules: Rules, seats: int) -> str | None:
    """Why no perfect-play table can answer a game of ``seats`` players under ``rules``: the
    solver's own phrase (:func:`tenthousand.solver.cache.unsolvable`), or None where one
    can (a table here, or one this machine can solve).  The one rule of which games have
    win chances: the advisor's sentence and Perfect's reason for playing as Expert ask it."""
    from ..solver import cache

    # with a table here nothing needs solving (and numpy, which only a solve needs, may
    # be absent)
    if _table_here(rules, seats):
        return None
    return cache.unsolvable(rules, seats)


def perfect_note(rules: Rules, seats: int, cores: int | None = None) -> str:
    """What the new-game dialog says of a Perfect seat in a game of ``seats`` players under
    ``rules``: nothing where its table is here; why it plays as Expert where none can be
    solved; otherwise that it solves the rules first, and for three players about how long
    (:func:`.variant.solve3_seconds`, on two threads where ``cores`` are three or more, as
    the window solves them)."""
    if _table_here(rules, seats):
        return ""
    refused = table_refusal(rules, seats)
    if refused:
        # Translators: {reason} is a phrase such as "solving three players needs numba".
        return _("Perfect plays as Expert in this game: {reason}.").format(reason=refused)
    if seats != 3:
        return _("Perfect first solves these rules on this computer (from seconds to a few "
                 "minutes) and plays as Expert until then.")
    from ..solver.variant import solve3_seconds

    threads = 2 if (cores or 1) >= 3 else 1
    hours = solve3_seconds(rules) / threads / 3600
    if hours < 1.5:
        minutes = max(5, 5 * round(hours * 12))
        took = ngettext("some {count} minute", "some {count} minutes", minutes).format(
            count=number(minutes))
    else:
        took = ngettext("some {count} hour", "some {count} hours", round(hours)).format(
            count=number(round(hours)))
    # Translators: {time} is "some 9 hours" or "some 40 minutes".
    said = _("Perfect first solves these rules for three players on this computer: {time} "
             "of computing. It plays as Expert until then, and a quit keeps the work "
             "done.").format(time=took)
    from ..solver import table3

    if table3.partial_file(rules).exists():
        said += " " + _("Part of it is done: an earlier game's solve goes on from where it "
                        "stopped.")
    return said


def _table_here(rules: Rules, seats: int) -> bool:
    """Whether a table for these rules and seats is here (shipped, or solved earlier)."""
    if seats == 3:
        from ..solver import table3

        return table3.available(rules)
    from ..solver import table as tables

    return seats == 2 and tables.available(rules)


def value_kind(rules: Rules, seats: int) -> ValueKind:
    """The values shown for a game of ``seats`` players under ``rules`` (quick: no table is
    read and nothing is solved)."""
    points = (_("expected points pegged (fewest best)") if rules.rotary_club
              else _("expected points"))
    from ..solver import cache
    from ..solver import table as tables

    problem: str | None = None
    if seats in (2, 3):  # the numbers of seats the solver takes
        if _table_here(rules, seats):
            return ValueKind(True, "")
        if cache.being_solved(rules, seats):
            return ValueKind(False, _("Win chances follow once perfect play is solved for "
                                      "these rules."), points)
        if seats == 2 and tables.shipped_for(rules):
            problem = _("the perfect-play table is missing")
    problem = problem or table_refusal(rules, seats)
    if problem and seats > 2:
        return ValueKind(False, _seats_refused(problem, seats), points)
    if problem:
        # Translators: {reason} is a phrase ("the game point is above 5,000 with
        # surpassing: too many positions to solve on this computer").
        return ValueKind(False, _("No win chances: {reason}.").format(reason=problem), points)
    return ValueKind(False, _("No win chances yet: perfect play is not solved for these "
                              "rules (a game against Perfect solves it)."), points)


def _seats_refused(problem: str, seats: int) -> str:
    """The one sentence for a game whose number of seats (or whose rules with that number)
    no table answers: the solver's reason, then what it means at the table."""
    # Translators: {reason} is the solver's phrase without its full stop ("exact win
    # chances are solved for two players only"); it begins the sentence, and its first
    # letter is made a capital.  {players} is a number.
    text = ngettext("{reason}, so with {players} player Perfect plays as Expert.",
                    "{reason}, so with {players} players Perfect plays as Expert.",
                    seats).format(reason=problem, players=number(seats))
    return text[:1].upper() + text[1:]


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
