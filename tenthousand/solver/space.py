"""The state space of perfect play: every turn start as a family and a place in one array.

A *turn start* is a position at the start of a turn: the stage of the game, whose turn it
is, the boards, and what the options add (the score to beat, the runs of trash, the
challenges left).  Turn starts of one shape make a :class:`Family` (the normal game, the
catch-up turn, the tie-break rounds); a family is the product of its :class:`Coordinate`\\ s,
and its turn starts have consecutive places in one value array, the family's ``offset``
first.  The features (:mod:`.features`) say which coordinates each family has; the
:class:`Space` puts them together for a variant.

Coordinates are read and written as a *frame*: a dict from a coordinate's name to its
value, seen from the player to move (``board0`` his board, ``board1`` the next player's,
and so on round the table).  The same code works on plain ints (one position, at play
time, without numpy) and on numpy arrays (many positions at once, in the solver): the few
operations that differ between the two are :func:`where`, :func:`maximum` and
:func:`minimum` here.

Pure Python: numpy is imported only by the functions that receive arrays.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from math import prod
from typing import Any

STEP = 50  #: every score of the game is a multiple of 50; the space counts in these steps
#: A board far above the game point, in steps: where the tie-break rounds after the first
#: are played (no challenge, penalty or lowest score brings a board from there back below
#: the game point within a round).  Boards near it are read relative to it.
FAR = 1 << 24

Frame = dict[str, Any]


def _is_array(value: Any) -> bool:
    return hasattr(value, "shape")


def where(condition: Any, yes: Any, no: Any) -> Any:
    """``yes`` where ``condition`` holds, else ``no`` (ints or numpy arrays)."""
    if _is_array(condition) or _is_array(yes) or _is_array(no):
        import numpy as np  # arrays are here, so numpy is loaded already

        return np.where(condition, yes, no)
    return yes if condition else no


def maximum(a: Any, b: Any) -> Any:
    """The larger of ``a`` and ``b``, element by element."""
    if _is_array(a) or _is_array(b):
        import numpy as np

        return np.maximum(a, b)
    return a if a >= b else b


def minimum(a: Any, b: Any) -> Any:
    """The smaller of ``a`` and ``b``, element by element."""
    if _is_array(a) or _is_array(b):
        import numpy as np

        return np.minimum(a, b)
    return a if a <= b else b


@dataclass(frozen=True)
class Coordinate:
    """One coordinate of a family: its values run from ``lo`` to ``lo + size - 1``."""

    name: str
    lo: int
    size: int

    @property
    def hi(self) -> int:
        return self.lo + self.size - 1


@dataclass(frozen=True)
class Boards:
    """How a family keeps the boards.

    * ``exact``: coordinates ``board0`` and ``board1`` are the boards;
    * ``deficit``: ``board0`` is the mover's board (or, with ``classes``, his board's class,
      see below) and ``deficit`` how far the other is ahead (``board1 = board0 +
      deficit``);
    * ``tied``: ``board0`` is both boards (the first tie-break round);
    * ``far``: both boards are near :data:`FAR` (``deficit`` apart, when the family has it):
      only their difference is read.

    ``classes`` (with ``deficit``): the mover's board is kept only as the class it falls in
    (below the first bound, from it to the next, ..., from the last on), and read back as
    the class's representative; the end game's features read nothing finer of it.
    """

    form: str = "exact"
    classes: tuple[int, ...] = ()
    representatives: tuple[int, ...] = ()

    def decode(self, coords: Frame) -> tuple[Any, Any]:
        """The boards of ``coords``: (mover's, the other's)."""
        if self.form == "exact":
            return coords["board0"], coords["board1"]
        if self.form == "tied":
            return coords["board0"], coords["board0"]
        d = coords.get("deficit", 0)
        if self.form == "far":
            return FAR, FAR + d
        own = coords["board0"]
        if self.classes:
            own = _pick(own, self.representatives)
        return own, own + d

    def encode(self, board0: Any, board1: Any) -> Frame:
        """The coordinates of the boards (those this form keeps)."""
        if self.form == "exact":
            return {"board0": board0, "board1": board1}
        if self.form == "tied":
            return {"board0": board0}
        out: Frame = {"deficit": board1 - board0}
        if self.form == "deficit":
            own = board0
            if self.classes:
                own = 0 * board0
                for bound in self.classes:
                    own = own + where(board0 >= bound, 1, 0)
            out["board0"] = own
        return out


def _pick(cls: Any, values: tuple[int, ...]) -> Any:
    out = values[0] + 0 * cls
    for k in range(1, len(values)):
        out = where(cls == k, values[k], out)
    return out


@dataclass
class Family:
    """Turn starts of one shape: a stage of the game, its coordinates and how it keeps
    the boards.  ``offset`` is the place of its first turn start in the value array.

    A family is the product of its coordinates (its *volume*), or, where few of those can
    occur in a game (``stored``: the sorted product indices of those that can), only
    those: its places are then their ranks in that list."""

    name: str
    stage: str  # "normal", "catch-up", "tie-first", "tie-second"
    coordinates: tuple[Coordinate, ...]
    boards: Boards = field(default_factory=Boards)
    #: fixed coordinates: values every turn start of the family has (kept out of its size)
    fixed: Mapping[str, int] = field(default_factory=dict)
    far: bool = False  # a tie-break round far above the game point
    offset: int = 0
    stored: Any = None  # None: every turn start of the product; else the ones kept

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(c.size for c in self.coordinates)

    @property
    def volume(self) -> int:
        return prod(self.shape)

    @property
    def size(self) -> int:
        return self.volume if self.stored is None else len(self.stored)

    def coordinate(self, name: str) -> Coordinate | None:
        return next((c for c in self.coordinates if c.name == name), None)

    def product_index(self, frame: Frame) -> Any:
        """The index of these turn starts in the product of the coordinates (mixed radix,
        the last coordinate fastest); the coordinates must lie in range."""
        coords = dict(frame)
        coords.update(self.boards.encode(frame["board0"], frame["board1"]))
        at: Any = 0
        for c in self.coordinates:
            at = at * c.size + (coords[c.name] - c.lo)
        return at

    def board_steps(self) -> tuple[int, int] | None:
        """How far one step of each board moves a turn start's place in the value array,
        where that is a fixed step (boards kept exactly, every turn start kept)."""
        if self.boards.form != "exact" or self.stored is not None:
            return None
        steps, step = {}, 1
        for c in reversed(self.coordinates):
            steps[c.name], step = step, step * c.size
        return steps["board0"], steps["board1"]

    def index(self, frame: Frame) -> Any:
        """The places of these turn starts in the value array."""
        at = self.product_index(frame)
        if self.stored is not None:
            at = _rank(self.stored, at)
        return at + self.offset

    def inside(self, frame: Frame) -> Any:
        """Whether each turn start's coordinates lie in the family's ranges (and, where it
        keeps only some, among those)."""
        coords = dict(frame)
        coords.update(self.boards.encode(frame["board0"], frame["board1"]))
        ok: Any = True
        for c in self.coordinates:
            value = coords[c.name]
            ok = ok & (value >= c.lo) & (value <= c.hi)
        if self.stored is not None:
            at = where(ok, self.product_index(frame), 0)
            rank = minimum(_rank(self.stored, at), len(self.stored) - 1)
            ok = ok & (_take(self.stored, rank) == at)
        return ok

    def frame(self, index: Any) -> Frame:
        """The frames of these places (an int or an array of them)."""
        rest = index - self.offset
        if self.stored is not None:
            rest = _take(self.stored, rest)
        return self.decode(rest)

    def decode(self, product: Any) -> Frame:
        """The frames of these product indices."""
        coords: Frame = dict(self.fixed)
        if _is_array(product) and self.coordinates:
            import numpy as np

            for c, values in zip(self.coordinates, np.unravel_index(product, self.shape),
                                 strict=True):
                coords[c.name] = values + c.lo
        else:
            rest = product
            for c in reversed(self.coordinates):
                coords[c.name] = rest % c.size + c.lo
                rest = rest // c.size
        coords["board0"], coords["board1"] = self.boards.decode(coords)
        return coords

    def all(self) -> Frame:
        """Every turn start of the family, as a frame of arrays (needs numpy)."""
        import numpy as np

        return self.frame(np.arange(self.size, dtype=np.int64) + self.offset)


def _rank(stored: Any, at: Any) -> Any:
    """The place of product index ``at`` among the sorted ``stored`` (an int or an array)."""
    if _is_array(at) or _is_array(stored) and not isinstance(at, int):
        import numpy as np

        return np.searchsorted(np.asarray(stored), at)
    import bisect

    return bisect.bisect_left(stored, at)


def _take(stored: Any, rank: Any) -> Any:
    if _is_array(rank):
        import numpy as np

        return np.asarray(stored)[rank]
    return int(stored[rank])


@dataclass
class Space:
    """The families of a variant and the one value array they share.

    Place ``one`` holds the constant 1: a won game is worth it to the player who won, a
    lost one nothing (see :func:`code`)."""

    families: list[Family]
    one: int = 0
    size: int = 0
    #: whether a turn can take points off another player's board (a challenge): then a
    #: board can fall below what a family holds, from turn starts no game reaches
    lowered: bool = False

    def __post_init__(self) -> None:
        self.place()

    def place(self) -> None:
        """Give each family its offset (again, after some keep only some turn starts)."""
        at = 0
        for family in self.families:
            family.offset = at
            at += family.size
        self.one = at
        self.size = at + 1

    def family(self, name: str) -> Family:
        return next(f for f in self.families if f.name == name)

    def describe(self) -> list[dict[str, Any]]:
        """The families as a table's header keeps them."""
        return [{"name": f.name, "stage": f.stage, "far": f.far, "offset": f.offset,
                 "boards": {"form": f.boards.form, "classes": list(f.boards.classes),
                            "representatives": list(f.boards.representatives)},
                 "fixed": dict(f.fixed), "kept": None if f.stored is None else f.size,
                 "coordinates": [[c.name, c.lo, c.size] for c in f.coordinates]}
                for f in self.families]


def code(space: Space, index: Any, same: Any) -> Any:
    """What a turn start is worth to a player, as a place in the two-player value array
    (:func:`flipped`): the chance of the player to move there (``same``), or of the other
    player (one minus it)."""
    if same is False:
        return index
    if same is True:
        return index + space.size
    return index + where(same, space.size, 0)


def flipped(values: Any) -> Any:
    """The array the codes of :func:`code` index: one minus each value, then the values."""
    import numpy as np

    return np.concatenate([1.0 - values, values])


def won(space: Space, win: Any) -> Any:
    """The code of a game over: won (``win`` true) or lost by the player it is valued for."""
    return code(space, space.one, win)


def rotate(frame: Frame, by: Any, players: int, per_player: Iterable[str]) -> Frame:
    """The frame seen from the player ``by`` seats on from the mover (ints: the same for
    every turn start; for two players also an array of 0 and 1)."""
    out = dict(frame)
    for name in per_player:
        values = [frame.get(f"{name}{k}", 0) for k in range(players)]
        for k in range(players):
            if isinstance(by, int):
                out[f"{name}{k}"] = values[(k + by) % players]
            else:  # two players: 0 keeps the frame, 1 swaps it
                out[f"{name}{k}"] = where(by == 1, values[(k + 1) % players], values[k])
    if "seat" in frame:
        out["seat"] = (frame["seat"] + by) % players
    return out
