"""How a game ends: the manuals' catch-up round and tie-breaks, or the first to the game
point winning at once; the families of turn starts that follow from it.

*The normal game* (family ``normal``): both boards below the game point, from the lowest
board of the normal game up.  A bank that takes the mover to the game point ends it.

*The first to the game point wins at once* (``catch_up`` off): that bank wins.

*The catch-up round and tie-breaks* (D-8, D-9): that bank gives the other player one
catch-up turn (family ``catch-up``); the final boards decide, and a tie gives tie-break
rounds in seat order, seat 0 first (``tie-first``, then ``tie-second``), repeated until the
tie breaks.  The one truncation of the end: the first round is played at the tied boards,
and a tie at the end of a round starts a round *far above the game point* (``far``
families: no challenge, penalty or lowest score brings a board from there back below the
game point, so only the two boards' difference is kept).

What the end keeps of the boards depends on what the features read of them:

* with challenging (:attr:`.Feature.exact_end`) a challenge's slot and what it takes depend
  on the boards, so the catch-up turn keeps both boards and the first round its tied board;
  the second of the first round keeps his board's class (below zero, zero, on the board
  below the game point, at it or above) and how far behind he is;
* otherwise only the chaser's class (below zero, zero, above: the opening minimum) and his
  deficit are kept, and every tie-break round, the first too, is a far one.  With the trash
  penalty that keeps tied players on the board: :func:`.penalty.zero_tie_bound` says how
  much that leaves out.

Each player's value at a turn start is his chance of winning, so a turn start of the next
player is worth one minus his chance to the mover (:func:`..space.code`), and a turn start
of the same player (a catch-up chaser in seat 0 who opens the tie-break round he made)
is worth his own chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..space import (
    FAR,
    Boards,
    Coordinate,
    Family,
    Frame,
    Space,
    code,
    maximum,
    rotate,
    where,
    won,
)
from . import Bounds, Feature

if TYPE_CHECKING:
    from ...model.game import Game

NORMAL, CATCH_UP, TIE_FIRST, TIE_SECOND = "normal", "catch-up", "tie-first", "tie-second"


class Ending(Feature):
    """The stage machine of a two-player game (the features' coordinates ride along)."""

    name = "ending"
    per_player = ("board",)
    #: the end families solved once, in this order, after the rounds far above the game
    #: point (each reads only those before it, or itself in :meth:`end_order`)
    end_families: tuple[str, ...] = ("tie-second", "tie-first", "catch-up")

    def __init__(self, catch_up: bool, exact: bool, per_player: list[str],
                 players: int = 2) -> None:
        self.catch_up = catch_up
        self.exact = exact and catch_up
        self.players = players
        self.names = ["board", *per_player]  # every coordinate kept for each player

    # -- the families ----------------------------------------------------------------------

    def families(self, features: list[Feature], bounds: Bounds) -> list[Family]:
        """The families of turn starts, with every feature's coordinates."""
        b = bounds
        boards = [Coordinate("board0", b.lo, b.ng - b.lo), Coordinate("board1", b.lo, b.ng - b.lo)]
        if not self.catch_up:  # no tie-breaks: the seats do not matter
            return [self._family("normal", NORMAL, False, boards, Boards(), {"seat": 0},
                                 features, b)]
        out = [self._family("normal", NORMAL, False,
                            [Coordinate("seat", 0, self.players), *boards], Boards(), {},
                            features, b)]
        seats = [Coordinate("seat", 0, self.players)]
        span = self.deficits(b)
        if self.exact:
            c_lo = self.chaser_low(b)
            x_lo, x_hi = self.tied(b)
            classes = tuple(sorted({0, 1, b.ng}))
            out += [
                self._family("catch-up", CATCH_UP, False, seats + [
                    Coordinate("board0", c_lo, b.ng - c_lo),
                    Coordinate("board1", b.ng, b.f_hi - b.ng + 1)], Boards(), {}, features, b),
                self._family("tie-first", TIE_FIRST, False,
                             [Coordinate("board0", x_lo, x_hi - x_lo + 1)],
                             Boards("tied"), {"seat": 0}, features, b),
                self._family("tie-second", TIE_SECOND, False, [
                    Coordinate("board0", 0, len(classes) + 1),
                    Coordinate("deficit", span[0], span[1] - span[0] + 1)],
                    Boards("deficit", classes, _representatives(classes)), {"seat": 1},
                    features, b)]
        else:
            out.append(self._family("catch-up", CATCH_UP, False, seats + [
                Coordinate("board0", 0, 3), Coordinate("deficit", 1, b.f_hi - b.lo)],
                Boards("deficit", (0, 1), (-1, 0, 1)), {}, features, b))
        out += [self._family("far-first", TIE_FIRST, True, [], Boards("far"), {"seat": 0},
                             features, b),
                self._family("far-second", TIE_SECOND, True,
                             [Coordinate("deficit", span[0], span[1] - span[0] + 1)],
                             Boards("far"), {"seat": 1}, features, b)]
        return out

    @staticmethod
    def _family(name: str, stage: str, far: bool, coords: list[Coordinate], boards: Boards,
                fixed: Frame, features: list[Feature], bounds: Bounds) -> Family:
        fixed = dict(fixed)
        for feature in features:
            coords = coords + feature.coordinates(stage, far, bounds)
            fixed.update(feature.fixed(stage, far))
        return Family(name, stage, tuple(coords), boards, fixed, far)

    @staticmethod
    def chaser_low(b: Bounds) -> int:
        """The lowest board of a chaser: a challenge bank of the normal game takes at most
        its own size off him (never below the lowest score)."""
        return b.lo - b.top if b.floor is None else b.lo

    def tied(self, b: Bounds) -> tuple[int, int]:
        """The boards of a first tie-break round: a plain tie at the finisher's board, or a
        challenge's tie between it and the chaser's (or at the lowest score)."""
        low = b.ng - (b.rows - 1)
        if b.floor is not None:
            low = min(low, b.floor)
        return low, b.f_hi

    def deficits(self, b: Bounds) -> tuple[int, int]:
        """How far the second of a round can be behind (negative: ahead)."""
        high = 2 * b.last if self.exact else b.last  # a challenge bank counts twice
        if self.exact and b.floor is not None:
            high = max(high, b.f_hi + b.rows - 1 - b.floor)
        return -b.lose, high

    def end_order(self, family: Family, frame: Frame) -> Any:
        """The order in which an end family's turn starts are solved, in blocks of the same
        value, rising (here one block: none reads another of its family)."""
        return 0 * frame["board0"]

    def feasible(self, frame: Frame, family: Family, bounds: Bounds) -> Any:
        if family.stage == CATCH_UP and not self.exact and bounds.lo >= 0:
            return frame["board0"] >= 0  # no board below zero without a lowest score
        return True

    # -- what follows a turn ------------------------------------------------------------

    def after(self, space: Space, family: Family, frame: Frame, bounds: Bounds,
              check: bool = True) -> tuple[Any, Any]:
        """What the mover's turn ending in ``frame`` (the boards and coordinates after it,
        seen from him) is worth to him, as a code of :func:`..space.code`, and whether the
        turn start it leads to lies in its family."""
        b0, b1 = frame["board0"], frame["board1"]
        if family.stage == NORMAL:
            nxt = rotate(frame, 1, self.players, self.names)
            go_on, inside = self._start(space, "normal", nxt, False, check)
            reach = b0 >= bounds.ng
            if not self.catch_up:
                return where(reach, won(space, True), go_on), where(reach, True, inside)
            chase, inside_c = self._start(space, "catch-up", nxt, False, check)
            return where(reach, chase, go_on), where(reach, inside_c, inside)
        if family.stage == TIE_FIRST:
            nxt = rotate(frame, 1, self.players, self.names)
            return self._start(space, "far-second" if family.far else "tie-second", nxt, False,
                               check)
        # the end of the catch-up turn or of a tie-break round: the boards decide
        over = b0 != b1
        if family.stage == CATCH_UP and self.exact:
            tie_name = "tie-first"
        else:
            tie_name = "far-first"
        tie, inside = self._tie(space, tie_name, frame, ~over, check)
        return where(over, won(space, b0 > b1), tie), where(over, True, inside)

    def _tie(self, space: Space, name: str, frame: Frame, tied: Any,
             check: bool) -> tuple[Any, Any]:
        """The start of the tie-break round after the last turn ending in ``frame``, where
        the boards are ``tied`` (a harmless code elsewhere; seat 0 opens the round).  On
        arrays worked out only there: a tie is one turn score in a hundred."""
        if not hasattr(tied, "shape"):
            seat = frame["seat"]
            return self._start(space, name, rotate(frame, seat, self.players, self.names),
                               seat == 0, check)
        import numpy as np

        arrays = [v for v in frame.values() if isinstance(v, np.ndarray)]
        shape = np.broadcast_shapes(tied.shape, *(a.shape for a in arrays))
        at = np.nonzero(np.broadcast_to(tied, shape))
        sub = {k: (np.broadcast_to(v, shape)[at] if isinstance(v, np.ndarray) else v)
               for k, v in frame.items()}
        seat = sub["seat"]
        found, found_inside = self._start(space, name,
                                          rotate(sub, seat, self.players, self.names),
                                          seat == 0, check)
        codes = np.full(shape, space.one, dtype=np.int64)
        codes[at] = found
        inside = np.ones(shape, bool)
        inside[at] = found_inside
        return codes, inside

    @staticmethod
    def _start(space: Space, name: str, frame: Frame, same: Any,
               check: bool = True) -> tuple[Any, Any]:
        family = space.family(name)
        if family.boards.form == "exact" and space.lowered:
            # A challenge could take a board below the family's lowest only from turn
            # starts no game reaches (the lowest is proven for every game: see
            # .challenging.lowest); there it is kept at the lowest.
            frame = {**frame}
            for name_ in ("board0", "board1"):
                low = family.coordinate(name_)
                if low is not None:
                    frame[name_] = maximum(frame[name_], low.lo)
        if family.far:
            d = frame["board1"] - frame["board0"]
            frame = {**frame, "board0": FAR, "board1": FAR + d}
        return (code(space, family.index(frame), same),
                family.inside(frame) if check else True)

    # -- a game in play -------------------------------------------------------------------

    def read(self, game: Game, order: list[int]) -> Frame:
        return {"seat": order[0], "board0": game.board[order[0]] // 50,
                "board1": game.board[order[1]] // 50}

    def stage_of(self, game: Game) -> str | None:
        """The family a game's turn start belongs to (None: a stage the tables do not
        have)."""
        if game.stage == "normal":
            return "normal"
        if not self.catch_up:
            return None
        if game.stage == "catch-up":
            return "catch-up" if game.reacher != game.current else None
        first = bool(game.queue)  # seat 0 opens a round; seat 1 has none after him
        return ("tie-first" if first else "tie-second")


def _representatives(classes: tuple[int, ...]) -> tuple[int, ...]:
    """A board of each class of :class:`..space.Boards` (below the first bound, between
    two, from the last on)."""
    return (classes[0] - 1, *classes)
