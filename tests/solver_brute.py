"""One brute force for the two-player game under every rule set the exact solver takes.

:class:`GameBruteForce` plays a whole two-player game as the engine plays it
(``tenthousand/model/play.py``: ``bank``, ``_trash``, ``_take_from_challenged``, ``_lower``,
``_note_reach``, ``_end_turn``, ``minimum``, ``challenge_slot_for``) under any combination of
surpassing, challenging (with or without a lowest score), the trash penalty (with a lowest
score: without one the boards fall for ever), the catch-up round with its tie-break rounds
or "the first to the game point wins at once", and one turn model: the plain turn,
pyramiding (D-10) or Rotary Club.  It knows nothing of the solver (it never imports
``tenthousand.solver``).  Its dice come from the engine's score table (``rules_kit.rolls``;
under pyramiding ``scoring.score`` of the whole stretch, as ``Play.freeze_points`` asks it).

States are the tuples of the generic convention (issue 39)::

    (stage, board0, board1, added0, added1, run0, run1, chal0, chal1, mover)

``stage`` "N" (normal game), "C" (the catch-up turn, D-8) or "T" (a tie-break turn, D-9);
boards in points; ``added``: surpassing's score to beat, the mover's own entry 0; ``run``:
the trash penalty's runs of trash turns; ``chal``: 2 * (first challenge unused) + (second
unused).  An option that is off keeps its entries at 0.  :meth:`GameBruteForce.value` is
seat 0's chance to win from a turn start under perfect play of both.

The truncations, the same as the engine's (``Variant.cap``, ``Pegging.peg``):

- the turn cap: a turn score above it banks at once.  In the normal game with no option
  (surpassing, challenging and the trash penalty off) ``game point - own board + extra``;
  with any option ``max(game point - own board, minimum) + extra``, one step (50) lower
  where the first to the game point wins at once; in the catch-up and tie-break turns
  ``max(game point + extra, minimum)``.  ``minimum`` is ``Play.minimum``: the opening or
  later minimum, and under surpassing the score to beat plus 50.
- In Rotary Club, where nothing is banked, a rising turn (the normal game's, the first of a
  tie-break round's) ends at a corner that leaves the mover more than ``game point + extra``
  ahead of the other (a challenge's pegs lower the other too; in the normal game only once
  his board is at the game point), as trash would (a challenge's penalty is paid): a cap
  on the points pegged in the turn, of each kind of turn (:meth:`GameBruteForce.lead_cap`).
  The turns after which the boards are compared (the catch-up turn, the second of a
  tie-break round) need no cap: once a corner takes the mover past the other's board he
  has lost whatever comes, and his turn ends there, which changes no value.
- the first tie-break round starts at the real tied boards; a tie at the end of a tie-break
  round starts a round "far above the game point": both boards at :attr:`far`, so high that
  nothing within a round brings a board back below the game point; runs, scores to beat
  and challenge flags carry over.

A turn is a finite dynamic programme over the turn's own states (turn score and dice left;
under pyramiding the stretch's dice; in Rotary Club the points pegged, the stretch's points
and the dice left), every legal freeze of every throw tried (the throws that offer exactly
the same freezes are one term, their chances summed).  The mover takes the better of the
plain turn and, when he may make one, the challenge (a decision at the start of the turn).
The game is solved by value iteration: blocks of states (tie-break rounds far above the game
point, the other tie-break turns, the catch-up turns, then the normal game by challenges
left and falling board sum) each swept (Gauss-Seidel) until no value moves by the
tolerance, with Aitken's extrapolation of every third sweep as the next sweep's start (the
trash turns back and forth make slow geometric sweeps, in Rotary Club most of all); then
sweeps over all blocks in that order until no value moves by the tolerance (a penalty can
send a board down to a block solved before it).  So the values returned are those a plain
sweep leaves as they are.  Inside a block the turns are solved side by side on numpy arrays
(:meth:`TurnModel.evaluate`); :meth:`TurnModel.turn` is the same turn as a plain recursion,
which the tests compare with it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import factorial
from typing import Any

import numpy as np
from rules_kit import rolls

from tenthousand.model import scoring
from tenthousand.model.rules import Rules

STEP = 50
#: (stage, board0, board1, added0, added1, run0, run1, chal0, chal1, mover)
State = tuple[str, int, int, int, int, int, int, int, int, int]
#: A turn's end, in steps of 50: a banking turn's banked turn score, or 0 for trash; a
#: Rotary Club turn's points pegged (it always ends in trash, or at the cap).
Outcome = int
#: The value of a turn's end for the mover (his chance), by outcome.
Ends = Callable[[Outcome], float]

# -- turn models ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layer:
    """Throws from many turn states at once: each state's throw classes (outcomes offering
    the same choices, chances summed), each class's choices as offsets into a value buffer
    (relative to the row the layer is evaluated at), and each state's chance of trash."""

    offsets: Any  # (choices,) flat offsets into the buffer, class by class
    classes: Any  # (classes,) where each class's choices start in ``offsets``
    chances: Any  # (classes,) each class's chance
    states: Any  # (states,) where each state's classes start
    trash: Any  # (states,) each state's chance of trash

    def values(self, buffer: Any, base: int, trash_value: Any) -> Any:
        """Each state's value, (states, columns): the best choice of each class read from
        ``buffer`` (rows of columns) at ``base`` + offset, weighted by the classes' chances,
        plus trash."""
        best = np.maximum.reduceat(buffer[base + self.offsets], self.classes, axis=0)
        best *= self.chances[:, None]
        summed = np.add.reduceat(best, self.states, axis=0)
        if self.trash.all():
            return summed + self.trash[:, None] * trash_value[None, :]
        # where trash cannot come its value may be NaN (an outcome the turn cannot have)
        return np.where(self.trash[:, None] > 0,
                        summed + self.trash[:, None] * trash_value[None, :], summed)


def _layer(states: Sequence[tuple[float, Sequence[tuple[float, Sequence[int]]]]]) -> _Layer:
    """A layer from each state's (trash chance, [(class chance, [buffer offsets])])."""
    offsets: list[int] = []
    classes: list[int] = []
    chances: list[float] = []
    starts: list[int] = []
    trash: list[float] = []
    for p_trash, found in states:
        assert found, "a turn state with no throw that scores"
        starts.append(len(classes))
        trash.append(p_trash)
        for p, choices in found:
            classes.append(len(offsets))
            chances.append(p)
            offsets.extend(choices)
    return _Layer(np.array(offsets, dtype=np.intp), np.array(classes, dtype=np.intp),
                  np.array(chances), np.array(starts, dtype=np.intp), np.array(trash))


def _merged(found: Iterable[tuple[float, Sequence[Any]]]) -> tuple[float, list[tuple[float, tuple[Any, ...]]]]:
    """Throws with the same choices as one class, their chances summed: (the chance of
    trash, [(chance, choices)])."""
    summed: dict[tuple[Any, ...], float] = {}
    for p, choices in found:
        key = tuple(sorted(set(choices)))
        summed[key] = summed.get(key, 0.0) + p
    p_trash = summed.pop((), 0.0)
    return p_trash, [(p, choices) for choices, p in summed.items()]


class TurnModel:
    """A turn as the engine plays it, for one rule set: what can end it, and its value.

    ``need`` (the minimum to bank) and ``cap`` (above it a turn score banks at once) are in
    steps of 50; ``ends[o]`` is the mover's chance after the outcome ``o``."""

    maxp: int  # the most a throw adds to an outcome, in steps

    def rows(self, cap: int) -> int:
        """Outcomes of a turn with this cap are below this."""
        return cap + self.maxp + 1

    def outcomes(self, need: int, cap: int) -> tuple[Outcome, ...]:
        """Every outcome a turn with this minimum and cap can have (whatever the values)."""
        raise NotImplementedError

    def turn(self, ends: Ends, need: int, cap: int) -> float:
        """The mover's chance at the start of the turn: a plain recursion (for the tests)."""
        raise NotImplementedError

    def evaluate(self, ends: Any, need: Any, cap: Any) -> Any:
        """:meth:`turn` of many turns at once: ``ends`` (rows, turns) with NaN where an
        outcome cannot come, ``need`` and ``cap`` (turns,)."""
        raise NotImplementedError

    def _columns(self, ends: Any, need: Any, cap: Any, width: int, corner: int
                 ) -> tuple[Any, ...]:
        """The turns by falling cap (those a row solves are then a prefix: how many, by
        row), and a value buffer of ``width`` columns a row, NaN but for the ``corner``
        column: its row's end (a corner above the cap ends the turn).  (order, ends, need,
        cap, buffer, live, top)"""
        order = np.argsort(-cap, kind="stable")
        ends, need, cap = ends[:, order], need[order], cap[order]
        top = int(cap[0])
        rows = top + self.maxp + 1
        buf = np.full((rows * width, len(cap)), np.nan)
        buf[corner::width] = ends[:rows]
        live = np.searchsorted(-cap, -np.arange(top + 1), side="right")
        return order, ends, need, cap, buf, live, top


#: a turn's own state, as a model names it
Node = tuple[Any, ...]
#: from a turn state: the chance of trash, and each class of throws (its chance, its
#: choices: the turn score after it, the turn state it leads to, whether a bank may follow)
Moves = tuple[float, list[tuple[float, list[tuple[int, Node, bool]]]]]


class BankingTurn(TurnModel):
    """A turn that ends in a bank or in trash (the plain turn, pyramiding), seen through
    :meth:`moves` from :attr:`start`: what can end it, and its value as a recursion."""

    start: Node

    def moves(self, node: Node) -> Moves:
        raise NotImplementedError

    @cache  # noqa: B019 (one model per rule set, kept for the solve)
    def outcomes(self, need: int, cap: int) -> tuple[Outcome, ...]:
        out: set[int] = set()
        seen = {self.start}
        todo = list(seen)
        while todo:
            p_trash, found = self.moves(todo.pop())
            if p_trash:
                out.add(0)
            for _p, choices in found:
                for t, node, bankable in choices:
                    if t > cap:
                        out.add(t)
                        continue
                    if t >= need and bankable:
                        out.add(t)
                    if node not in seen:
                        seen.add(node)
                        todo.append(node)
        return tuple(sorted(out))

    def turn(self, ends: Ends, need: int, cap: int) -> float:
        memo: dict[Node, float] = {}

        def arrive(t: int, node: Node, bankable: bool) -> float:
            if t > cap:
                return ends(t)
            go = throw(node)
            return max(go, ends(t)) if t >= need and bankable else go

        def throw(node: Node) -> float:
            if node not in memo:
                p_trash, found = self.moves(node)
                memo[node] = p_trash * ends(0) + sum(
                    p * max(arrive(*choice) for choice in choices) for p, choices in found)
            return memo[node]

        return throw(self.start)


class DiceLeft(BankingTurn):
    """The plain turn: (turn score, dice left); a corner gives all the dice back, the throw
    after it compulsory or not (``corner_throw_mandatory``)."""

    def __init__(self, rules: Rules) -> None:
        self.dice = rules.dice
        self.mandatory = rules.corner_throw_mandatory
        #: (dice thrown, first throw of the turn) -> (trash chance, [(chance, choices)]),
        #: a choice (points in steps, dice left; 0 left: the corner)
        self.throws = {(n, first): _merged((p, [(pts // STEP, left) for pts, left in found])
                                           for p, found in rolls(rules, n, first))
                       for n in range(1, self.dice + 1) for first in (False, True)}
        self.maxp = max(pts for _pt, found in self.throws.values() for _p, ch in found
                        for pts, _left in ch)
        width = self.dice  # the buffer: a row per turn score, a column per dice left
        self.width = width
        self.by_left = np.array([(left or self.dice) - 1 for left in range(width)])
        self.later = _layer([(self.throws[(n, False)][0],
                              [(p, [pts * width + left for pts, left in ch])
                               for p, ch in self.throws[(n, False)][1]])
                             for n in range(1, self.dice + 1)])
        self.first = _layer([(self.throws[(self.dice, True)][0],
                              [(p, [pts * width + left for pts, left in ch])
                               for p, ch in self.throws[(self.dice, True)][1]])])
        self.start = (0, self.dice, True)

    def _bankable(self, left: int) -> bool:
        return not (left == 0 and self.mandatory)

    def moves(self, node: Node) -> Moves:
        t, n, first = node  # turn score, dice to throw, the turn's first throw
        p_trash, found = self.throws[(n, first)]
        return p_trash, [(p, [(t + pts, (t + pts, left or self.dice, False),
                               self._bankable(left)) for pts, left in choices])
                         for p, choices in found]

    def evaluate(self, ends: Any, need: Any, cap: Any) -> Any:
        order = np.argsort(-cap, kind="stable")
        ends, need, cap = ends[:, order], need[order], cap[order]
        cols = len(cap)
        top = int(cap[0])
        w = self.width
        # arrive[t, left]: arriving at turn score t with ``left`` dice left (flat rows)
        arrive = np.empty(((top + self.maxp + 1) * w, cols))
        above = ends[top + 1:top + self.maxp + 1]
        arrive[(top + 1) * w:] = np.repeat(above, w, axis=0)
        live = np.searchsorted(-cap, -np.arange(top + 1), side="right")  # cap >= t: a prefix
        for t in range(top, 0, -1):
            k = int(live[t])
            arrive[t * w:(t + 1) * w, k:] = ends[t, k:]  # above the cap: bank at once
            if k == 0:
                continue
            go = self.later.values(arrive[:, :k], t * w, ends[0, :k])  # (dice, k): n = 1 ..
            bank = np.where(t >= need[:k], ends[t, :k], -np.inf)
            # by dice left: 0 (the corner: all the dice again), 1, 2, ...
            row = arrive[t * w:(t + 1) * w, :k]
            np.maximum(go[self.by_left], bank[None, :], out=row)
            if self.mandatory:  # the throw after a corner must be taken
                row[0] = go[self.dice - 1]
        start = self.first.values(arrive, 0, ends[0])[0]
        out = np.empty(cols)
        out[order] = start
        return out


class Pyramid(BankingTurn):
    """The turn under pyramiding (D-10): (points of the completed stretches, the dice frozen
    in the stretch); a throw may freeze any of its dice that the whole stretch can still be
    counted with (``scoring.score`` in the throw's context, as ``Play.freeze_points``), the
    stretch then worth what all its dice score together (maybe less than before)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.dice = rules.dice
        self.mandatory = rules.corner_throw_mandatory
        #: (stretch, first throw of the turn) -> (trash chance, [(chance, choices)]), a
        #: choice (the stretch after it, what all its dice score, in steps: the turn
        #: score is the completed stretches' points plus these)
        self.throws: dict[tuple[scoring.Counts, bool],
                          tuple[float, list[tuple[float, tuple[Any, ...]]]]] = {}
        todo = [(scoring.EMPTY, True), (scoring.EMPTY, False)]
        while todo:
            key = todo.pop()
            if key in self.throws:
                continue
            self.throws[key] = found = self._throw(*key)
            todo.extend((new, False) for _p, ch in found[1] for new, _pts in ch
                        if sum(new) < self.dice)
        arrivals = {(new, pts) for _t, found in self.throws.values() for _p, ch in found
                    for new, pts in ch}
        self.maxp = max(pts for _new, pts in arrivals)
        # The buffer has a row per points of the completed stretches, and in it a column
        # per arrival (a stretch of 1 .. dice - 1 dice with its points), most dice first,
        # then the corner's column (six fresh dice after t completed).
        self.stretches = sorted({new for new, _pts in arrivals if sum(new) < self.dice},
                                key=lambda s: (-sum(s), s))
        self.arrivals = sorted(((new, pts) for new, pts in arrivals if sum(new) < self.dice),
                               key=lambda a: (-sum(a[0]), a))
        self.column = {a: i for i, a in enumerate(self.arrivals)}
        self.width = w = len(self.arrivals) + 1
        self.corner = w - 1

        def offset(new: scoring.Counts, pts: int) -> int:
            if sum(new) == self.dice:
                return pts * w + self.corner
            return self.column[(new, pts)]

        def layer(keys: Sequence[tuple[scoring.Counts, bool]]) -> _Layer:
            return _layer([(self.throws[k][0], [(p, [offset(new, pts) for new, pts in ch])
                                                for p, ch in self.throws[k][1]]) for k in keys])

        # the stretches by size, most dice first: a throw only adds dice; with each size
        # its arrivals (their columns, each one's stretch in the size's layer, its points)
        self.sizes = [[s for s in self.stretches if sum(s) == size]
                      for size in range(self.dice - 1, 0, -1)]
        self.layers = [layer([(s, False) for s in group]) for group in self.sizes]
        self.reach = []
        for group in self.sizes:
            mine = [(i, group.index(new), pts) for i, (new, pts) in enumerate(self.arrivals)
                    if new in group]
            self.reach.append(tuple(np.array([a[j] for a in mine], dtype=np.intp)
                                    for j in range(3)))
        self.after_corner = layer([(scoring.EMPTY, False)])
        self.first = layer([(scoring.EMPTY, True)])
        self.start = (0, scoring.EMPTY, True)

    def _throw(self, stretch: scoring.Counts, first: bool
               ) -> tuple[float, list[tuple[float, tuple[Any, ...]]]]:
        n = self.dice - sum(stretch)
        found = []
        for dice in itertools.combinations_with_replacement(range(1, 7), n):
            ways = factorial(n)
            for face in set(dice):
                ways //= factorial(dice.count(face))
            counts = scoring.counts_of(dice)
            choices = []
            for sub in itertools.product(*(range(k + 1) for k in counts)):
                if not any(sub):
                    continue
                new = tuple(a + b for a, b in zip(stretch, sub, strict=True))
                pts = scoring.score(scoring.dice_of(new), self.rules, first_throw=first,
                                    thrown=n)
                if pts is not None:
                    choices.append((new, pts // STEP))
            found.append((ways / 6 ** n, choices))
        return _merged(found)

    def moves(self, node: Node) -> Moves:
        done, stretch, first = node  # completed stretches' points, the stretch, first throw
        p_trash, found = self.throws[(stretch, first)]
        moves = []
        for p, choices in found:
            ends = []
            for new, pts in choices:
                corner = sum(new) == self.dice
                ends.append((done + pts, (done + pts, scoring.EMPTY, False) if corner
                             else (done, new, False), not (corner and self.mandatory)))
            moves.append((p, ends))
        return p_trash, moves

    def evaluate(self, ends: Any, need: Any, cap: Any) -> Any:
        w = self.width
        order, ends, need, cap, buf, live, top = self._columns(ends, need, cap, w, self.corner)
        for done in range(top, -1, -1):
            base = done * w
            k = int(live[done])  # (a stretch from above the cap is never reached)
            part, e, n, c = buf[:, :k], ends[:, :k], need[:k], cap[:k]
            for layer, (column, stretch, pts) in zip(self.layers, self.reach, strict=True):
                go = layer.values(part, base, e[0])[stretch]  # (arrivals, k)
                t = done + pts
                bank = np.where(t[:, None] >= n[None, :], e[t], -np.inf)
                part[base + column] = np.where(t[:, None] > c[None, :], e[t],
                                               np.maximum(go, bank))
            if done:
                go_on = self.after_corner.values(part, base, e[0])[0]
                bank = (np.where(done >= n, e[done], -np.inf) if not self.mandatory
                        else np.full(k, -np.inf))
                part[base + self.corner] = np.maximum(go_on, bank)
        out = np.empty(len(cap))
        out[order] = self.first.values(buf, 0, ends[0])[0]
        return out


class Rotary(TurnModel):
    """The Rotary Club turn: no bank; each corner pegs the stretch's points onto the board
    and all the dice come back (the throw after it compulsory), until trash.  A turn's state
    is (points pegged, the stretch's points, dice left); its outcome the points pegged.  The
    cap: a corner that takes the points pegged above it ends the turn there."""

    def __init__(self, rules: Rules) -> None:
        self.dice = rules.dice
        self.throws = {(n, first): _merged((p, [(pts // STEP, left) for pts, left in found])
                                           for p, found in rolls(rules, n, first))
                       for n in range(1, self.dice + 1) for first in (False, True)}
        # the stretch's states (points, dice left to throw), from a stretch's start
        seen = {(0, self.dice)}
        todo = list(seen)
        while todo:
            k, n = todo.pop()
            for first in (False, True) if (k, n) == (0, self.dice) else (False,):
                for _p, choices in self.throws[(n, first)][1]:
                    for pts, left in choices:
                        if left and (k + pts, left) not in seen:
                            seen.add((k + pts, left))
                            todo.append((k + pts, left))
        # a corner pegs at most this much
        self.maxp = max(k + pts for k, n in seen for first in (False, True)
                        for _p, ch in self.throws[(n, first)][1] for pts, left in ch if not left)
        # the buffer's row per points pegged: a column per stretch state (fewest dice left
        # first: their throws lead only to those before them or to corners), then the
        # stretch's start after a corner (compulsory), which a corner reaches
        self.nodes = sorted((s for s in seen if s != (0, self.dice)), key=lambda s: (s[1], s))
        self.column = {s: i for i, s in enumerate(self.nodes)}
        self.width = w = len(self.nodes) + 1
        self.corner = w - 1

        def offset(k: int, pts: int, left: int) -> int:
            if left:
                return self.column[(k + pts, left)]
            return (k + pts) * w + self.corner  # the next stretch, k + pts pegged more

        def layer(nodes: Sequence[tuple[int, int]], first: bool = False) -> _Layer:
            return _layer([(self.throws[(n, first)][0],
                            [(p, [offset(k, pts, left) for pts, left in ch])
                             for p, ch in self.throws[(n, first)][1]]) for k, n in nodes])

        self.groups = [[s for s in self.nodes if s[1] == n] for n in range(1, self.dice)]
        self.layers = [layer(group) for group in self.groups]
        self.start = layer([(0, self.dice)])
        self.first = layer([(0, self.dice)], first=True)

    @cache  # noqa: B019
    def outcomes(self, need: int, cap: int) -> tuple[Outcome, ...]:
        out: set[int] = set()
        seen = {(0, 0, self.dice, True)}
        todo = list(seen)
        while todo:
            pegged, k, n, first = todo.pop()
            p_trash, found = self.throws[(n, first)]
            if p_trash:
                out.add(pegged)
            for _p, choices in found:
                for pts, left in choices:
                    if left:
                        node = (pegged, k + pts, left, False)
                    elif pegged + k + pts > cap:
                        out.add(pegged + k + pts)
                        continue
                    else:
                        node = (pegged + k + pts, 0, self.dice, False)
                    if node not in seen:
                        seen.add(node)
                        todo.append(node)
        return tuple(sorted(out))

    def turn(self, ends: Ends, need: int, cap: int) -> float:
        memo: dict[tuple[int, int, int, bool], float] = {}

        def throw(pegged: int, k: int, n: int, first: bool) -> float:
            key = (pegged, k, n, first)
            if key not in memo:
                p_trash, found = self.throws[(n, first)]
                memo[key] = p_trash * ends(pegged) + sum(
                    p * max(arrive(pegged, k + pts, left) for pts, left in choices)
                    for p, choices in found)
            return memo[key]

        def arrive(pegged: int, k: int, left: int) -> float:
            if left:
                return throw(pegged, k, left, False)
            if pegged + k > cap:
                return ends(pegged + k)
            return throw(pegged + k, 0, self.dice, False)

        return throw(0, 0, self.dice, True)

    def evaluate(self, ends: Any, need: Any, cap: Any) -> Any:
        w = self.width
        order, ends, _need, cap, buf, live, top = self._columns(ends, need, cap, w,
                                                               self.corner)
        for pegged in range(top, -1, -1):
            base = pegged * w
            k = int(live[pegged])
            part = buf[:, :k]
            for group, layer in zip(self.groups, self.layers, strict=True):
                if group:
                    i = self.column[group[0]]
                    part[base + i:base + i + len(group)] = layer.values(part, base,
                                                                        ends[pegged, :k])
            if pegged:
                part[base + self.corner] = self.start.values(part, base, ends[pegged, :k])[0]
        out = np.empty(len(cap))
        out[order] = self.first.values(buf, 0, ends[0])[0]
        return out


def turn_model(rules: Rules) -> TurnModel:
    """The turn model of a rule set."""
    if rules.rotary_club:
        return Rotary(rules)
    if rules.pyramiding:
        return Pyramid(rules)
    return DiceLeft(rules)


# -- the game ------------------------------------------------------------------------------


class GameBruteForce:
    """Value iteration over whole two-player game states (see the module's docstring)."""

    def __init__(self, rules: Rules, extra: int) -> None:
        if rules.mutant_trash:
            raise ValueError("Mutant Trash is not solved")
        if rules.rotary_club and rules.pyramiding:
            raise ValueError("Rotary Club with pyramiding is not solved")
        if extra < 0 or extra % STEP:
            raise ValueError("extra must be a non-negative multiple of 50")
        self.rules = rules
        self.g = rules.game_point
        self.extra = extra
        self.rotary = rules.rotary_club
        self.surpassing = rules.surpassing and not self.rotary  # nothing is banked there
        self.challenging = rules.challenging
        # Play._trash: every Rotary Club turn ends in trash, so the penalty is for banking
        # games alone
        self.penalty = rules.three_trash and not self.rotary
        if self.penalty and rules.score_floor is None:
            raise ValueError("the trash penalty needs a lowest score (the boards fall for ever)")
        if self.challenging and rules.game_point // 10 % STEP:
            raise ValueError("a tenth of the game point must be a multiple of 50")
        self.model = turn_model(rules)
        end_cap = max(self.g + extra, rules.opening_minimum, rules.minimum)
        #: where tie-break rounds after the first start: no bank, penalty or lowest score
        #: brings a board from there below the game point within a round
        self.far = (self.g + 2 * (end_cap + self.model.maxp * STEP)
                    + (rules.trash_penalty if self.penalty else 0) + STEP)
        self.v: dict[State, float] = {}
        self.far_rounds: frozenset[State] = frozenset()

    # -- the engine's rules (model/play.py) -------------------------------------------------

    def starts(self) -> list[State]:
        """The first turn with seat 0 to move, and with seat 1."""
        chal = 3 if self.challenging else 0
        b0, b1 = self.rules.starting_score(0), self.rules.starting_score(1)
        return [("N", b0, b1, 0, 0, 0, 0, chal, chal, m) for m in (0, 1)]

    def minimum(self, state: State) -> int:
        """``Play.minimum``: the turn score the mover needs to bank (points)."""
        mover = state[9]
        need = self.rules.minimum_for(state[1 + mover])
        if self.surpassing:
            need = max(need, state[3 + (1 - mover)] + STEP)
        return need

    def cap(self, state: State, need: int, slot: int | None = None) -> int:
        """The turn cap (points) of the mover's turn (``slot``: a challenge): a turn score
        above it banks at once (Rotary Club: points pegged above it end the turn at that
        corner).  The engine's truncation (``Variant.cap``, ``Pegging.peg``; see the
        module's text)."""
        if self.rotary:
            return self.lost_from(state) if self.last_turn(state) else self.lead_cap(state,
                                                                                   slot)
        if state[0] != "N":
            return max(self.g + self.extra, need)
        own = state[1 + state[9]]
        if not (self.surpassing or self.challenging or self.penalty):
            return self.g - own + self.extra  # no option: beyond the game point
        # the first to the game point wins at once: a step less (that bank wins)
        return max(self.g - own, need) + self.extra - (0 if self.rules.catch_up else STEP)

    def lead_cap(self, state: State, slot: int | None) -> int:
        """Rotary Club's cap of a rising turn (the normal game's, the first of a tie-break
        round's): the most points pegged that leave the mover at most ``game point + extra``
        ahead of the other after a corner (a challenge's pegs lower the other too), or, in
        the normal game, below the game point."""
        mover = state[9]
        own, other = state[1 + mover], state[2 - mover]
        lead = self.g + self.extra
        pegged = 0
        while own + pegged + STEP - (other if slot is None else
                                     self._lower(other, pegged + STEP)) <= lead:
            pegged += STEP
        if state[0] == "N":
            pegged = max(pegged, self.g - own - STEP)
        return pegged

    def last_turn(self, state: State) -> bool:
        """Whether the boards are compared after this turn (the catch-up turn, the second
        of a tie-break round)."""
        return state[0] == "C" or (state[0] == "T" and state[9] == 1)

    def lost_from(self, state: State) -> int:
        """Rotary Club's last turns need no cap: the points pegged below those from which the
        mover has lost whatever comes (his board past the other's: his pegs only raise his
        and a challenge's only lower the other's; his penalty counted), in the turn he may
        play that loses last: a corner beyond them ends his turn there, which changes
        nothing."""
        mover = state[9]
        own, other = state[1 + mover], state[2 - mover]
        most = 0
        for slot in self.kinds(state):  # the plain turn, and a challenge
            pen = 0 if slot is None else self.rules.challenge_penalties[slot]
            pegged = 0
            while self._lower(own + pegged, pen) <= (
                    other if slot is None else self._lower(other, pegged)):
                pegged += STEP
            most = max(most, pegged - STEP)
        return most

    def slot(self, state: State) -> int | None:
        """``Play.challenge_slot_for`` the mover: 0 (first), 1 (second) or None."""
        if not self.challenging:
            return None
        mover = state[9]
        slot = 0 if state[1 + mover] < self.g else 1
        return slot if state[7 + mover] & (2 >> slot) else None

    def in_far_round(self, state: State) -> bool:
        """Whether a turn start is of a tie-break round far above the game point: seat 1's
        board (which seat 0's turn in a round can only lower, by less than a turn's points)
        is nearer :attr:`far` than the game point (in the first round it is at most a turn's
        points above the game point)."""
        return state[0] == "T" and 2 * state[2] > self.g + self.far

    def _lower(self, board: int, amount: int) -> int:
        """``Play._lower``: take up to ``amount``, never below the lowest score."""
        floor = self.rules.score_floor
        return board - amount if floor is None else board - max(0, min(amount, board - floor))

    def after(self, state: State, slot: int | None, outcome: Outcome) -> State | float:
        """The next turn start once the mover's turn (a challenge in ``slot``, or plain)
        ends with ``outcome``, or seat 0's chance when the game is over."""
        stage, b0, b1, a0, a1, r0, r1, c0, c1, mover = state
        board, added, runs, chal = [b0, b1], [a0, a1], [r0, r1], [c0, c1]
        other = 1 - mover
        if slot is not None:
            chal[mover] &= ~(2 >> slot)
        if self.rotary:  # Play._freeze: each corner pegs; then Play._trash
            pegged = outcome * STEP
            board[mover] += pegged
            if slot is not None and pegged:
                board[other] = self._lower(board[other], pegged)
            reached = board[mover] >= self.g  # Play._note_reach at the pegs (they only add)
            if slot is not None:
                board[mover] = self._lower(board[mover], self.rules.challenge_penalties[slot])
        elif outcome == 0:  # Play._trash
            added[mover] = 0
            if slot is not None:
                board[mover] = self._lower(board[mover], self.rules.challenge_penalties[slot])
            if self.penalty:
                runs[mover] += 1
                if runs[mover] >= self.rules.trash_run:
                    runs[mover] = 0
                    board[mover] = self._lower(board[mover], self.rules.trash_penalty)
            reached = False
        else:  # Play.bank
            gain = outcome * STEP
            board[mover] += gain
            if self.surpassing:
                added[mover] = gain
            runs[mover] = 0
            if slot is not None:  # Play._take_from_challenged
                board[other] = self._lower(board[other], gain)
            reached = board[mover] >= self.g
        return self._end_turn(stage, mover, reached, board, added, runs, chal)

    def _end_turn(self, stage: str, mover: int, reached: bool, board: list[int],
                  added: list[int], runs: list[int], chal: list[int]) -> State | float:
        """``Play._end_turn`` for two seats."""
        if stage == "N":
            if not reached:
                return self._state("N", board, added, runs, chal, 1 - mover)
            if not self.rules.catch_up:  # the first to reach the game point wins at once
                return self._won(board)
            return self._state("C", board, added, runs, chal, 1 - mover)  # D-8
        if stage == "T" and mover == 0:
            return self._state("T", board, added, runs, chal, 1)
        if board[0] != board[1]:  # the catch-up turn or a tie-break round is over
            return self._won(board)
        if stage == "T":  # a tie after a tie-break round: the truncation
            board = [self.far, self.far]
        return self._state("T", board, added, runs, chal, 0)  # D-9: seat 0 opens

    def _won(self, board: list[int]) -> float:
        assert board[0] != board[1]
        return 1.0 if (board[0] > board[1]) != self.rotary else 0.0  # Rotary: lowest wins

    def _state(self, stage: str, board: list[int], added: list[int], runs: list[int],
               chal: list[int], mover: int) -> State:
        added = list(added)
        added[mover] = 0  # his own last bank: his turn overwrites it before anyone reads it
        return (stage, board[0], board[1], added[0], added[1], runs[0], runs[1], chal[0],
                chal[1], mover)

    def turn_limits(self, state: State, slot: int | None = None) -> tuple[int, int]:
        """The mover's minimum to bank and turn cap of his turn (``slot``: a challenge),
        in steps."""
        need = self.minimum(state)
        return need // STEP, self.cap(state, need, slot) // STEP

    def kinds(self, state: State) -> list[int | None]:
        """The turns the mover may play: plain (None) and, if he may, a challenge (slot)."""
        slot = self.slot(state)
        return [None] if slot is None else [None, slot]

    # -- values -----------------------------------------------------------------------------

    def value(self, state: State) -> float:
        """Seat 0's chance from a turn start (0.5 until solved)."""
        return self.v.get(state, 0.5)

    def turn(self, state: State) -> float:
        """Seat 0's chance from a turn start, from the values of the states after it: the
        mover's better turn (plain recursion)."""
        mover = state[9]
        best = 0.0
        for slot in self.kinds(state):
            need, cap = self.turn_limits(state, slot)

            def ends(outcome: Outcome, slot: int | None = slot) -> float:
                found = self.after(state, slot, outcome)
                value = found if isinstance(found, float) else self.value(found)
                return value if mover == 0 else 1.0 - value
            best = max(best, self.model.turn(ends, need, cap))
        return best if mover == 0 else 1.0 - best

    def reachable(self) -> list[State]:
        """Every turn start a game reaches from either first seat."""
        seen = set(self.starts())
        todo = list(seen)
        while todo:
            state = todo.pop()
            for slot in self.kinds(state):
                for outcome in self.model.outcomes(*self.turn_limits(state, slot)):
                    found = self.after(state, slot, outcome)
                    if not isinstance(found, float) and found not in seen:
                        seen.add(found)
                        todo.append(found)
        self.far_rounds = self._far_rounds(seen)
        return sorted(seen, key=self.order)

    def _far_rounds(self, seen: set[State]) -> frozenset[State]:
        """The turn starts of the tie-break rounds far above the game point: those of the
        rounds that start at :attr:`far`; each board stays at or above the game point there
        (what :attr:`far` is for)."""
        found = {s for s in seen if s[0] == "T" and s[1] == s[2] == self.far and s[9] == 0}
        for first in list(found):
            for slot in self.kinds(first):
                for outcome in self.model.outcomes(*self.turn_limits(first, slot)):
                    second = self.after(first, slot, outcome)
                    if not isinstance(second, float):
                        found.add(second)
        for state in found:
            assert min(state[1], state[2]) >= self.g, (
                "a round far above the game point came back below it", state)
        return frozenset(found)

    def sample(self, count: int, seed: int, most: int = 200_000
               ) -> tuple[list[State], int | None]:
        """``count`` turn starts the game reaches (the same every time for a seed) and how
        many it reaches: all of them if they are no more; else half of them from the
        normal game, a quarter each from the catch-up and the tie-break turns (as far as
        there are so many): drawn from all of them if they are at most ``most``, each
        as likely; else (None: not counted) from random games, which end each turn in any
        way it can end and make a tie-break round whenever they can."""
        seen: set[State] = set(self.starts())
        todo = list(seen)
        while todo and len(seen) <= most:
            state = todo.pop()
            for found in self._successors(state):
                if found not in seen:
                    seen.add(found)
                    todo.append(found)
        rng = random.Random(seed)
        if len(seen) <= most:
            return self.stratified(seen, count, rng), len(seen)
        quota = _quota(count)
        picked: dict[str, dict[State, None]] = {stage: {} for stage in quota}
        for _game in range(5 * count):
            if all(len(picked[s]) >= quota[s] for s in quota):
                break
            state = rng.choice(self.starts())
            while True:
                if len(picked[state[0]]) < quota[state[0]]:
                    picked[state[0]][state] = None
                after = self._successors(state, rng.choice(self.kinds(state)))
                ties = [s for s in after if s[0] == "T"]
                if ties and rng.random() < 0.5:
                    state = rng.choice(ties)
                elif after and rng.random() < 0.9:
                    state = rng.choice(after)
                else:
                    break
        return sorted((s for found in picked.values() for s in found), key=self.order), None

    def stratified(self, states: Iterable[State], count: int, rng: random.Random
                   ) -> list[State]:
        """``count`` of these states (all if they are no more): half from the normal game,
        a quarter each from the catch-up and the tie-break turns, as far as there are so
        many (what a stage lacks, the others give), each of a stage as likely."""
        every = sorted(states, key=self.order)
        if len(every) <= count:
            return every
        quota = _quota(count)
        by_stage = {stage: [s for s in every if s[0] == stage] for stage in quota}
        want = {stage: min(quota[stage], len(by_stage[stage])) for stage in quota}
        for stage in "NCT":
            want[stage] += min(count - sum(want.values()), len(by_stage[stage]) - want[stage])
        chosen = [s for stage in quota for s in rng.sample(by_stage[stage], want[stage])]
        return sorted(chosen, key=self.order)

    def _successors(self, state: State, kind: int | None | str = "all") -> list[State]:
        """The turn starts after this one's turn (of one kind, or every kind)."""
        kinds = self.kinds(state) if kind == "all" else [kind]
        found = [self.after(state, slot, outcome) for slot in kinds
                 for outcome in self.model.outcomes(*self.turn_limits(state, slot))]
        return [s for s in found if not isinstance(s, float)]

    def order(self, state: State) -> tuple[Any, ...]:
        """The order of the solve: blocks (see :meth:`block`), then the state."""
        return (*self.block(state), state)

    def block(self, state: State) -> tuple[int, ...]:
        """The block a state is iterated in: the rounds far above the game point, the
        tie-break turns after a seat 0's turn and those opening a round, the catch-up turns,
        then the normal game by challenges left (fewest first: a challenge leads to fewer)
        and falling board sum."""
        stage, b0, b1 = state[:3]
        if stage == "T":
            return (0,) if state in self.far_rounds else (1, -state[9])
        if stage == "C":
            return (2,)
        left = bin(state[7]).count("1") + bin(state[8]).count("1")
        return (3, left, -(b0 + b1))

    def solve(self, tol: float = 1e-13, sweeps: int = 10_000) -> float:
        """Solve every reachable state to ``tol``; returns the first player's chance, the
        first seat drawn at random (D-7)."""
        states = self.reachable()
        plan = _Plan(self, states)
        plan.run(tol, sweeps)
        self.v = dict(zip(states, plan.values[:len(states)].tolist(), strict=True))
        self.states = states
        first0, first1 = (self.v[s] for s in self.starts())
        return (first0 + 1.0 - first1) / 2


class _Plan:
    """The solve's arrays: every state's turns as outcomes -> indices into the values (the
    states, then seat 0 losing, winning, and NaN for an outcome that cannot come)."""

    def __init__(self, force: GameBruteForce, states: list[State]) -> None:
        self.force = force
        n = len(states)
        index = {s: i for i, s in enumerate(states)}
        lose, win, never = n, n + 1, n + 2
        self.values = np.full(n + 3, 0.5)
        self.values[[lose, win, never]] = [0.0, 1.0, np.nan]
        model = force.model
        self.mover = np.array([s[9] for s in states])
        # turn kind (plain: -1, challenge) -> its states, (rows, states) indices, minimum
        # and cap
        self.succ = {}
        for kind in (None, 0, 1):
            which = [i for i, s in enumerate(states) if kind in force.kinds(s)]
            if not which:
                continue
            limits = np.array([force.turn_limits(states[i], kind) for i in which])
            rows = int(max(model.rows(cap) for cap in limits[:, 1]))
            table = np.full((rows, len(which)), never, dtype=np.int32)
            for j, i in enumerate(which):
                state = states[i]
                for outcome in model.outcomes(*map(int, limits[j])):
                    found = force.after(state, kind, outcome)
                    table[outcome, j] = (index[found] if not isinstance(found, float)
                                         else win if found == 1.0 else lose)
            self.succ[-1 if kind is None else kind] = (np.array(which), table, limits[:, 0],
                                                       limits[:, 1])
        # a state's turns, by kind: its column in each table
        self.column = {kind: np.full(n, -1) for kind in self.succ}
        for kind, (which, *_rest) in self.succ.items():
            self.column[kind][which] = np.arange(len(which))
        keys = [force.block(s) for s in states]
        self.blocks = [np.array(list(group)) for _key, group in itertools.groupby(
            range(n), key=lambda i: keys[i])]
        # which block each state is in, and which blocks each block's turns read
        where = np.empty(n + 3, dtype=np.int64)
        for b, block in enumerate(self.blocks):
            where[block] = b
        where[n:] = -1  # the game's ends
        reads: list[set[int]] = [set() for _ in self.blocks]
        for which, table, *_limits in self.succ.values():
            for b, cols in enumerate(np.split(np.arange(len(which)), np.searchsorted(
                    where[which], np.arange(1, len(self.blocks))))):
                found = np.unique(where[table[:, cols]])
                reads[b].update(found[found >= 0].tolist())
        self.reads = reads
        #: a block whose turns read its own states needs sweeps until they settle
        self.cyclic = [b in reads[b] for b in range(len(self.blocks))]

    def evaluate(self, idx: Any) -> Any:
        """Seat 0's chance at these states from the values as they stand."""
        force = self.force
        flip = self.mover[idx] == 1
        best = np.full(len(idx), -np.inf)
        for kind, (_which, table, need, caps) in self.succ.items():
            cols = self.column[kind][idx]
            mine = cols >= 0
            if not mine.any():
                continue
            ends = self.values[table[:, cols[mine]]]
            ends = np.where(flip[mine], 1.0 - ends, ends)  # the mover's chances
            cap = caps[cols[mine]]
            value = force.model.evaluate(ends[:int(cap.max()) + force.model.maxp + 1],
                                         need[cols[mine]], cap)
            if np.isnan(value).any():
                raise AssertionError("a turn read an outcome it cannot have")
            best[mine] = np.maximum(best[mine], value)
        return np.where(flip, 1.0 - best, best)

    def sweep(self, idx: Any) -> float:
        """One Gauss-Seidel step of these states (seat 0's turns, then seat 1's, which
        trash hands the turn to); the largest change."""
        change = 0.0
        for seat in (0, 1):
            part = idx[self.mover[idx] == seat]
            if len(part):
                new = self.evaluate(part)
                change = max(change, float(np.max(np.abs(new - self.values[part]))))
                self.values[part] = new
        return change

    def run(self, tol: float, sweeps: int) -> None:
        """Each block in turn until it settles, then sweeps over the blocks in the same order
        until no value moves by ``tol``.  A sweep evaluates a block again only when the
        blocks it reads (itself included) have moved by ``tol / 100`` in all since its last
        evaluation: its values would move by no more than that (a turn's value moves by at
        most the largest move of the values it reads)."""
        readers: list[list[int]] = [[] for _ in self.blocks]
        for b, reads in enumerate(self.reads):
            for r in reads:
                readers[r].append(b)
        drift = [1.0] * len(self.blocks)  # how far each block's reads moved since it was

        def evaluate(b: int) -> float:
            change = self.sweep(self.blocks[b])
            drift[b] = 0.0
            for r in readers[b]:
                drift[r] += change
            return change

        for b in range(len(self.blocks)):
            block = self.blocks[b]
            seen: list[Any] = []
            for _ in range(sweeps):
                if evaluate(b) < tol or not self.cyclic[b]:
                    break
                seen = [*seen[-2:], self.values[block].copy()]
                if len(seen) == 3:  # three sweeps since the last jump
                    self.values[block] = _aitken(*seen)
                    seen = []
            else:
                raise AssertionError(f"a block did not settle to {tol:g}")
        for _ in range(sweeps):
            most = 0.0
            for b in range(len(self.blocks)):
                if drift[b] >= tol / 100:
                    most = max(most, evaluate(b))
            if most < tol:
                return
        raise AssertionError(f"the solve did not settle to {tol:g}")


def _quota(count: int) -> dict[str, int]:
    """How many states of each stage a sample of ``count`` takes."""
    return {"N": count - 2 * (count // 4), "C": count // 4, "T": count // 4}


def _aitken(x0: Any, x1: Any, x2: Any) -> Any:
    """Aitken's extrapolation of three sweeps, where they move geometrically (each move a
    steady share below one of the one before): the limit of that move, kept to a chance.
    Only a first guess for the sweeps after it, which alone decide when a block has
    settled."""
    d1, d2 = x1 - x0, x2 - x1
    ratio = np.divide(d2, d1, out=np.zeros_like(d2), where=d1 != 0)
    steady = (ratio > 0.0) & (ratio < 0.99) & (np.abs(d2) > 0)
    jump = np.where(steady, x2 + d2 * ratio / np.where(steady, 1.0 - ratio, 1.0), x2)
    return np.clip(jump, 0.0, 1.0)
