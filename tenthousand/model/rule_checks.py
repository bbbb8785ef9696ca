"""Rules a game cannot be played to its end under, found before anyone plays them.

The rules language lets a rule set give every face points, or ask for a minimum no turn can
score.  Such rules are legal (nothing contradicts), but under the first a throw is never
trash, so a turn ends only when its player banks; under the second nobody ever banks.  The
workshop and the rule-file loader warn of both (:func:`warnings`), and every computer level
banks when a throw can never be trash (:func:`never_trash`; see
:func:`tenthousand.ai.moves.decide`).

The checks go through every throw of one to six dice (at most 462 of each size), in a few
milliseconds, and are cached per rule set.  Pyramiding scores a stretch as a whole, so the
most a turn can score is not bounded there by its freezes: :func:`most_in_a_turn` says
None (no bound) for it, and no warning of the minimum is given.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations_with_replacement

from ..i18n import _, number
from . import scoring
from .rules import Rules

__all__ = ["most_in_a_turn", "never_trash", "unreachable_minimum", "warnings"]


def _throws(count: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(1, 7), count))


@lru_cache(maxsize=64)
def never_trash(rules: Rules) -> bool:
    """Whether no throw of any number of dice can ever score nothing (every die scores):
    a turn then ends only when its player banks."""
    for count in range(1, 7):
        for first in (False, True) if count == 6 else (False,):
            if any(not scoring.legal_freezes(dice, rules, first_throw=first)
                   for dice in _throws(count)):
                return False
    return True


@lru_cache(maxsize=64)
def most_in_a_turn(rules: Rules) -> int | None:
    """The most points one turn can score, or None when there is no bound: all six dice
    can score in a stretch (a corner, and six fresh dice), or pyramiding is on."""
    if rules.pyramiding:
        return None

    @cache
    def top(count: int, first: bool, thrown: int) -> int | None:
        """The most ``count`` dice of a throw of ``thrown`` score frozen together."""
        found = [scoring.score(dice, rules, first_throw=first, thrown=thrown)
                 for dice in _throws(count)]
        points = [p for p in found if p is not None]
        return max(points) if points else None

    @cache
    def most(frozen: int, first: bool) -> int | None:
        """The most points still to come with ``frozen`` dice of the stretch frozen."""
        if frozen == 6:
            return None  # the corner: six fresh dice, and no end to what a turn scores
        best = 0  # bank now
        left = 6 - frozen
        for count in range(1, left + 1):
            points = top(count, first, left)
            if points is None:
                continue
            rest = most(frozen + count, False)
            if rest is None:
                return None
            best = max(best, points + rest)
        return best

    return most(0, True)


def unreachable_minimum(rules: Rules) -> tuple[int, int] | None:
    """The minimum to bank (to get on the board, or after) that no turn can score, with
    the most a turn can score; None when every minimum can be reached."""
    if rules.rotary_club:
        return None  # nobody banks in Rotary Club: a turn pegs what it scores
    most = most_in_a_turn(rules)
    if most is None:
        return None
    for need in (rules.opening_minimum, rules.minimum):
        if need > most:
            return need, most
    return None


def warnings(rules: Rules) -> list[str]:
    """What keeps a game under these rules from ending as it should, as sentences that
    say what to change (none for rules that play well)."""
    out = []
    if never_trash(rules):
        out.append(_("Every throw scores under these rules, so a turn ends only when its "
                     "player banks: give some single faces no points so that a throw can "
                     "be trash."))
    found = unreachable_minimum(rules)
    if found is not None:
        need, most = found
        out.append(_("No turn can score the {need} points these rules ask for to bank, so "
                     "nobody would ever bank: set the minimum to {most} or less.").format(
                         need=number(need), most=number(most)))
    return out
