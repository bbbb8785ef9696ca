"""Rotary Club: nobody banks, each corner pegs the stretch onto the board, the lowest board
wins (pure Python).

A Rotary Club turn is a chain of *stretches*: each ends in trash (the turn ends) or at a
corner, which pegs the stretch's points onto the mover's board (and, in a challenge turn,
takes them off the challenged player's) and throws six fresh dice.  So the turn starts of
the engine (:mod:`..space`) are *stretch starts*: coordinate ``post`` says whether one is a
turn's first throw (0: the first-throw counters count, D-2) or the six fresh dice after a
corner (1), which the turn model (:mod:`..turnmodels.pegging_solver`) reads per column.  A
corner keeps the mover (its code is his own value, ``same``); trash hands over.

:class:`Pegging` is the stage machine (an :class:`.ending.Ending` of its own):

* ``normal``: both boards below the game point.  A corner that takes the mover to it does
  not end his turn (D-8): he goes on as
* ``finish``: the finisher's stretches after he reached the game point, until trash; then
* ``catch-up``: the other player's last turn, staying below the finisher (the lowest board
  wins); a corner that takes him past for good loses at once; the same board gives
* the tie-break rounds (D-9, seat 0 first): ``tie-first`` rises, ``tie-second`` stays
  below; a tie at the end of a round starts a round far above the game point
  (``far-first``, ``far-second``: only the boards' difference is kept).

Without challenging only the boards' differences matter after the game point: the
finisher keeps his lead, the chaser and the second of a round how far below they are, and
every tie-break round is a far one (as the first Rotary Club solver had it).  With
challenging the game point decides which challenge a turn start offers (the first below it,
the second at it or above) and a lowest score cuts what a challenge takes, so the end keeps
both boards exactly up to the far rounds; coordinate ``active`` says which challenge a
stretch after a corner is playing (0: none, 1: the first, 2: the second).  A challenge turn
always ends in trash (or at the truncation) and so always costs its penalty, which lowers
the challenger: in a game the lowest wins, it helps him.

The one truncation: a mover whose lead passes ``game point + extra`` in a rising turn (the
finisher, the first of a tie-break round) ends his turn at that corner, as trash would (a
challenge's penalty is paid); the other's chance is then as good as certain.

In the normal game a corner of a plain turn moves up a level (the boards' sum), trash stays
in it; a challenge turn's corner takes as much off the other as it adds, so its stretches
are ordered by the challenger's board instead (:meth:`Pegging.level`), after the plain turn
starts with the same challenges left, which their trash reaches (:meth:`Pegging.rank`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...model.events import TieBreak
from ..space import Boards, Coordinate, Family, Frame, Space, rotate, where, won
from ..turnmodels.pegging import stretch_rows
from . import Bounds, lower
from .ending import CATCH_UP, NORMAL, TIE_FIRST, TIE_SECOND, Ending

if TYPE_CHECKING:
    from ...model.game import Game
    from ...model.rules import Rules
    from .challenging import Challenging

FINISH = "finish"
#: The stages whose mover rises and may be truncated, and those whose mover must stay below.
RISING = (NORMAL, FINISH, TIE_FIRST)


def lowest(rules: Rules) -> int:
    """The lowest board of Rotary Club's normal game with challenging, in steps, without a
    lowest score: the first challenger's pegs take less than the game point off the other,
    whose own challenge then takes less than twice it off the first, after his penalty."""
    ng = rules.game_point // 50
    return -(2 * ng - 2) - rules.challenge_penalties[0] // 50


class Pegging(Ending):
    """The stage machine of Rotary Club for two players (see the module's text)."""

    def __init__(self, rules: Rules, bounds: Bounds, challenging: Challenging | None) -> None:
        per_player = list(challenging.per_player) if challenging is not None else []
        super().__init__(True, challenging is not None, per_player, 2)
        self.challenging = challenging
        self.top, self.gap = stretch_rows(rules)
        self.ng = bounds.ng
        self.lcap = bounds.ng + bounds.extra  # a rising mover's lead beyond it ends his turn
        self.most = self.top + bounds.maxp  # the most a corner pegs
        self.floor = bounds.floor
        self.lo = bounds.lo
        self.penalties = ((0, 0) if challenging is None else challenging.penalties)

    # -- the families ----------------------------------------------------------------------

    def families(self, features: list[Any], bounds: Bounds) -> list[Family]:
        """The families of stretch starts (``features`` is not read: challenging, the one
        option Rotary Club takes, is this stage machine's own)."""
        ng, lo, lcap = self.ng, self.lo, self.lcap
        seat, post = Coordinate("seat", 0, 2), Coordinate("post", 0, 2)
        far = Boards("far")
        if self.challenging is None:
            return [
                Family("normal", NORMAL, (seat, Coordinate("board0", lo, ng - lo),
                                          Coordinate("board1", lo, ng - lo), post)),
                Family("finish", FINISH, (seat, Coordinate("deficit", -lcap, lcap)), far,
                       {"post": 1}),
                Family("catch-up", CATCH_UP, (seat, Coordinate("deficit", 0, self.dmax + 1),
                                              post), far),
                Family("far-first", TIE_FIRST, (Coordinate("deficit", -lcap, lcap + 1),
                                                post), far, {"seat": 0}, True),
                Family("far-second", TIE_SECOND, (Coordinate("deficit", 0, self.dmax + 1),
                                                  post), far, {"seat": 1}, True)]
        p0, p1 = self.penalties
        firsts = (Coordinate("first0", 0, 2), Coordinate("first1", 0, 2))
        seconds = (Coordinate("second0", 0, 2), Coordinate("second1", 0, 2))
        first_only = (Coordinate("active", 0, 2),)
        either = (Coordinate("active", 0, 3),)
        unused = {"second0": 1, "second1": 1}
        r = self.ranges()

        def exact(name: str, stage: str, coords: tuple[Coordinate, ...], own: tuple[int, int],
                  ahead: tuple[int, int], fixed: Frame) -> Family:
            boards = (Coordinate("board0", own[0], own[1] - own[0] + 1),
                      Coordinate("deficit", ahead[0], ahead[1] - ahead[0] + 1))
            return Family(name, stage, coords[:1] + boards + coords[1:], Boards("deficit"),
                          fixed)

        return [
            Family("normal", NORMAL, (seat, Coordinate("board0", lo, ng - lo),
                                      Coordinate("board1", lo, ng - lo), post, *first_only,
                                      *firsts), Boards(), unused),
            exact("finish", FINISH, (seat, *first_only, *firsts), *r["finish"],
                  {**unused, "post": 1}),
            exact("catch-up", CATCH_UP, (seat, post, *first_only, *firsts), *r["catch-up"],
                  unused),
            exact("tie-first", TIE_FIRST, (post, *either, *firsts), *r["tie-first"],
                  {**unused, "seat": 0}),
            exact("tie-second", TIE_SECOND, (post, *either, *firsts, seconds[1]),
                  *r["tie-second"], {"second0": 1, "seat": 1}),
            Family("far-first", TIE_FIRST, (Coordinate("deficit", -lcap, lcap + 1), post,
                                            *either, *seconds), far,
                   {"seat": 0, "first0": 0, "first1": 0}, True),
            Family("far-second", TIE_SECOND, (Coordinate("deficit", -p1, self.dmax + p1 + 1),
                                              post, *either, *seconds), far,
                   {"seat": 1, "first0": 0, "first1": 0}, True)]

    @property
    def dmax(self) -> int:
        """The most a mover who stays below can be behind: a rising turn's last corner
        leaves the other at most this far ahead (twice the corner in a challenge)."""
        return self.lcap + (2 if self.challenging is not None else 1) * self.most

    def ranges(self) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        """With challenging: the lowest and highest board of the mover in each end family,
        and how far the other can be ahead of him (negative: behind); each bound one that
        no game passes (see the module's text)."""
        ng, lcap, most, dmax = self.ng, self.lcap, self.most, self.dmax
        p0, p1 = self.penalties
        # the finisher's lead stays within lcap; the chaser's turn starts from the normal
        # game's boards, lowered by a challenge of the finisher's at most to its last corner;
        # a mover who stays below is lost once past the other by more than his penalty
        chaser_lo = min(self.lo - most, ng - lcap - 2 * most)
        finisher_hi = ng - 1 + lcap + most
        tied_lo = min(ng, chaser_lo) - 2 * p0
        if self.floor is not None:
            chaser_lo, tied_lo = max(chaser_lo, self.floor), max(tied_lo, self.floor)
        return {
            "finish": ((ng, ng - 1 + lcap), (-lcap, -1)),
            # (a finisher's first corner takes him at most ``most`` past the game point, and
            # a challenge then the chaser at most ``most`` below the normal game's lowest)
            "catch-up": ((chaser_lo, finisher_hi + p0),
                         (-p0, max(dmax, ng - 1 - self.lo + 2 * most))),
            "tie-first": ((tied_lo, finisher_hi + lcap), (-lcap, 0)),
            "tie-second": ((tied_lo - lcap - 2 * most, finisher_hi + lcap + most + p1),
                           (-p1, dmax))}

    # -- what a turn start offers ---------------------------------------------------------

    def choices(self, frame: Frame, bounds: Bounds | None = None) -> dict[str, Any]:
        """A turn's first throw offers a plain turn and, where one is left, a challenge; a
        stretch after a corner goes on with the turn it is in (``active``)."""
        if self.challenging is None:
            return {"plain": True}
        post, active = frame["post"], frame["active"]
        slot = where(frame["board0"] < self.ng, frame["first0"], frame["second0"])
        return {"plain": (post == 0) | (active == 0),
                "challenge": where(post == 0, slot == 1, active > 0)}

    def rank(self, frame: Frame) -> Any:
        if self.challenging is None:
            return 0
        return 2 * (frame["first0"] + frame["first1"]) + where(frame["active"] > 0, 1, 0)

    def level(self, frame: Frame) -> Any:
        """The normal game's order within a rank: the boards' sum, or the challenger's
        board in a challenge turn (see the module's text)."""
        return where(frame.get("active", 0) > 0, frame["board0"],
                     frame["board0"] + frame["board1"])

    def end_order(self, family: Family, frame: Frame) -> Any:
        """The end families' order (blocks solved in rising order): a corner moves a rising
        mover's lead up, and a staying mover's deficit down, by at least the fewest points a
        corner pegs, so blocks that wide read only blocks before them."""
        return (frame["board1"] - frame["board0"]) // self.gap

    end_families = ("tie-second", "tie-first", "catch-up", "finish")

    def feasible(self, frame: Frame, family: Family, bounds: Bounds) -> Any:
        stage = family.stage
        post = frame["post"]
        active = frame.get("active", 0)
        ok: Any = (post == 1) | (active == 0)
        if self.challenging is not None:
            ok = ok & ((active != 1) | (frame["first0"] == 0))
        if stage in (TIE_FIRST, CATCH_UP, TIE_SECOND) and self.challenging is None:
            ahead = frame["board1"] - frame["board0"]  # a turn's first throw: nothing pegged
            if stage == TIE_FIRST:
                ok = ok & ((post == 0) == (ahead == 0))
            elif stage == CATCH_UP:
                ok = ok & ((post == 1) | (ahead > 0))
        return ok

    # -- what follows a corner and trash ------------------------------------------------

    def _slot(self, frame: Frame, choice: str) -> Any:
        """The challenge the stretch plays: 0 none, 1 the first, 2 the second."""
        if self.challenging is None:
            return 0
        chosen = where(frame["board0"] < self.ng, 1, 2) if choice == "challenge" else 0
        return where(frame["post"] == 1, frame["active"], chosen)

    def _spent(self, frame: Frame, slot: Any) -> Frame:
        if self.challenging is None:
            return frame
        return {**frame, "active": slot, "first0": where(slot == 1, 0, frame["first0"]),
                "second0": where(slot == 2, 0, frame["second0"])}

    def peg(self, space: Space, family: Family, frame: Frame, choice: str,
            t: Any) -> tuple[Any, Any]:
        """What a corner pegging ``t`` steps is worth to the mover (a code of
        :func:`..space.code`), and whether the stretch start it leads to lies in its
        family."""
        slot = self._slot(frame, choice)
        b0 = frame["board0"] + t
        b1 = where(slot > 0, lower(frame["board1"], t, self.floor), frame["board1"])
        after = self._spent({**frame, "board0": b0, "board1": b1, "post": 1}, slot)
        stage = family.stage
        if stage not in RISING:  # staying below: past the other for good, he has lost
            pen = self._penalty(slot)
            lost = lower(b0, pen, self.floor) > b1
            go_on, inside = self._start(space, family.name, after, True)
            return where(lost, won(space, False), go_on), where(lost, True, inside)
        ended, ended_in = self._ended(space, family, after, slot)
        stop = b0 - b1 > self.lcap  # the truncation (of a finisher, or a round's first)
        if stage == NORMAL:
            stop = stop & (b0 >= self.ng)
        if stage == NORMAL:
            go_on, inside = self._start(space, "normal", after, True)
            on, on_in = self._start(space, "finish", after, True)
            go_on = where(b0 < self.ng, go_on, on)
            inside = where(b0 < self.ng, inside, on_in)
        else:
            go_on, inside = self._start(space, family.name, after, True)
        return where(stop, ended, go_on), where(stop, ended_in, inside)

    def after_trash(self, space: Space, family: Family, frame: Frame,
                    choice: str) -> tuple[Any, Any]:
        """What trash is worth to the mover, as :meth:`peg`."""
        slot = self._slot(frame, choice)
        return self._ended(space, family, self._spent(frame, slot), slot)

    def _penalty(self, slot: Any) -> Any:
        p0, p1 = self.penalties
        return where(slot == 1, p0, where(slot == 2, p1, 0))

    def _ended(self, space: Space, family: Family, frame: Frame, slot: Any) -> tuple[Any, Any]:
        """The mover's turn is over (trash, or the truncation) with the boards of
        ``frame``: a challenge's penalty, then what the stage machine says."""
        b0 = where(slot > 0, lower(frame["board0"], self._penalty(slot), self.floor),
                   frame["board0"])
        reached = frame["board0"] >= self.ng  # (the pegs reached it; the penalty counts not)
        done = {**frame, "board0": b0, "post": 0}
        if self.challenging is not None:
            done["active"] = 0 * b0
        stage = family.stage
        if stage in (NORMAL, FINISH):
            nxt = rotate(done, 1, self.players, self.names)
            chase, chase_in = self._start(space, "catch-up", nxt, False)
            if stage == FINISH:
                return chase, chase_in
            go_on, inside = self._start(space, "normal", nxt, False)
            return where(reached, chase, go_on), where(reached, chase_in, inside)
        if stage == TIE_FIRST:
            nxt = rotate(done, 1, self.players, self.names)
            return self._start(space, "far-second" if family.far else "tie-second", nxt, False)
        # the catch-up turn or a round is over: the lowest board wins, a tie starts a round
        b1 = done["board1"]
        seat = done["seat"]
        nxt = rotate(done, seat, self.players, self.names)
        tie_name = "tie-first" if stage == CATCH_UP and self.exact else "far-first"
        tie, inside = self._start(space, tie_name, nxt, seat == 0)
        over = b0 != b1
        return where(over, won(space, b0 < b1), tie), where(over, True, inside)

    # -- a game in play -------------------------------------------------------------------

    def stage_of(self, game: Game) -> str | None:
        if game.stage == "normal":
            return "normal" if game.reacher is None else (
                FINISH if game.reacher == game.current else None)
        if game.stage == "catch-up":
            return "catch-up" if game.reacher != game.current else None
        first = bool(game.queue)  # seat 0 opens a round; seat 1 has none after him
        if self.exact and _rounds(game) == 1:
            return "tie-first" if first else "tie-second"
        return "far-first" if first else "far-second"

    def read(self, game: Game, order: list[int]) -> Frame:
        """The stretch start a game is at: the turn's start, or (once the turn has turned
        a corner) the stretch after it, at the boards as they are now."""
        out = super().read(game, order)
        out["post"] = int(game.corners > 0)
        if self.challenging is not None:
            active = 0
            if game.corners > 0 and game.challenge_slot is not None:
                active = game.challenge_slot + 1
            out = self._spent({**out, **self.challenging.read(game, order)}, active)
        return out


def _rounds(game: Game) -> int:
    """The tie-break rounds a game has started so far."""
    return sum(isinstance(e, TieBreak) for e in game.log)

