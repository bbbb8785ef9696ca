"""The three-player tables: their file, and the turns of a game in play (pure Python).

A three-player table (:mod:`.three` solves it) holds, for every turn start, the three
seats' chances of winning.  Its file is :data:`MAGIC`, a 4-byte length, a JSON header (the
format, the rules, the turn cap, the sizes of the arrays, the trash cycles where the
equilibrium mixes, the figures of the solve) and the arrays one after the other as
little-endian float32, uncompressed, so that the largest (the normal game's, 192 MB for
Ten-Thousand) is read by the operating system's paging (``mmap``) instead of into memory:

* ``normal``: ``[m, b0, b1, b2, k]`` the chance of seat ``k`` (0 and 1; seat 2's is the
  rest) at the turn start of mover ``m`` with boards ``b`` (in steps of 50);
* ``c1``: ``[R, F - x, F - y, x at 0, y at 0, k]``, the first chaser's turn start in the
  last round after seat ``R`` finished at ``F`` (the other two at ``x``, ``y``), k = 0 .. 2;
* ``c2``: ``[L, holders, d, at 0, k]``, the last chaser's (``d`` to tie the best);
* ``tie2_second`` ``[x, k]`` (roles first, second, the third seat), ``tie3_second``
  ``[x, k]`` and ``tie3_third`` ``[top, holders, k]`` (seats in round order), and the two
  rounds' values ``tie2`` (the first's chance) and ``tie3`` in the header.

:meth:`Table3.turn` gives the turn a game is at as a :class:`.turn3.Turn3`: what banking
each turn score and trash are worth to each seat, the minimum, the cap, and the trash value
by which the mover chooses (two, with a weight, where the equilibrium mixes).
"""

from __future__ import annotations

import hashlib
import json
import logging
import mmap
import random
import struct
import sys
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from ..files.paths import paths
from ..model.rules import Rules
from .turn import cached
from .turn3 import Turn3

if TYPE_CHECKING:
    from ..model.game import Game

__all__ = ["FORMAT", "MAGIC", "Table3", "available", "cache_file", "draw", "load", "pack",
           "partial_file", "read", "register"]

log = logging.getLogger(__name__)

MAGIC = b"TTPERFECT3\n"
FORMAT = 3
STEP = 50
_ARRAYS = ("normal", "c1", "c2", "tie2_second", "tie3_second", "tie3_third")
MAX_HEADER_BYTES = 1 << 20


def cache_file(rules: Rules) -> Path:
    """Where the three-player table of these rules is kept on this machine."""
    text = json.dumps({"format": FORMAT, "players": 3, "rules": rules.to_dict()},
                      sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:24]
    return paths().cache / "tables" / f"{digest}-3.bin"


def pack(solution: Any) -> bytes:
    """The bytes of the table file of a :class:`.three.Solution3` (needs numpy)."""
    return b"".join(pieces(solution))


def pieces(solution: Any) -> Iterator[bytes]:
    """The table file of a :class:`.three.Solution3` piece by piece, for
    :func:`~tenthousand.files.storage.write_chunks_atomic`: the normal game's chances a
    mover and a first board at a time (720 KB at 15,000), so that writing the table takes
    no second copy of it (the whole file at once took some 2 GB beside the solve's table at
    15,000)."""
    import numpy as np

    lv, end = solution.levels, solution.end
    arrays = {
        "normal": lv.value[..., :2],
        "c1": end.c1,
        "c2": end.c2,
        "tie2_second": end.tie2_second,
        "tie3_second": end.tie3_second,
        "tie3_third": end.tie3_third,
    }
    st = solution.stats
    header = {
        "format": FORMAT,
        "players": 3,
        "rules": solution.rules.to_dict(),
        "extra": solution.extra,
        "ng": lv.ng,
        "open": lv.open,
        "min": lv.min,
        "tie2": end.tie2,
        "tie3": [float(v) for v in end.tie3],
        "shapes": {k: list(v.shape) for k, v in arrays.items()},
        "mix": [[*key, *play] for key, play in sorted(lv.mix.items())],
        "figures": {
            "movers": list(solution.movers()),
            "turn_starts": 3 * lv.ng ** 3,
            "solves": st.solves, "kept": st.kept, "flagged": st.flagged,
            "mixed": st.mixed, "several": st.several, "largest_gain": st.largest_gain,
            "seconds": round(st.seconds, 1),
        },
    }
    head = json.dumps(header, sort_keys=True).encode()
    yield MAGIC + struct.pack("<I", len(head)) + head
    for k in _ARRAYS:
        a = arrays[k]
        parts = ((a[m, b0] for m in range(a.shape[0]) for b0 in range(a.shape[1]))
                 if k == "normal" else (a,))
        for part in parts:
            yield np.ascontiguousarray(part, dtype="<f4").tobytes()


def _size(shape: list[int]) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


def read_header(f: BinaryIO, magic: bytes, what: str) -> dict[str, Any]:
    """The JSON header of a file of ours that begins with ``magic`` and the header's
    4-byte length (ValueError, naming ``what`` the file should be, when it does not);
    ``f`` is left at the first byte after it."""
    start = f.read(len(magic) + 4)
    if len(start) < len(magic) + 4 or not start.startswith(magic):
        raise ValueError(f"not {what}")
    (n,) = struct.unpack("<I", start[len(magic):])
    if n > MAX_HEADER_BYTES:
        raise ValueError(f"{what}'s header is too long")
    header = json.loads(f.read(n))
    if not isinstance(header, dict):
        raise ValueError(f"{what}'s header is not an object")
    return header


def read(path: Path) -> Table3:
    """The table in ``path`` (ValueError when it is none of ours)."""
    with open(path, "rb") as f:
        header = read_header(f, MAGIC, "a three-player table")
        offset = f.tell()
        if header.get("format") != FORMAT:
            raise ValueError("a three-player table of another format")
        shapes = header["shapes"]
        total = offset + 4 * sum(_size(shapes[k]) for k in _ARRAYS)
        f.seek(0, 2)
        if f.tell() != total:
            raise ValueError("a three-player table cut short or too long")
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    view = memoryview(mapped)
    parts: dict[str, Any] = {}
    at = offset
    for k in _ARRAYS:
        size = 4 * _size(shapes[k])
        chunk = view[at:at + size]
        if k == "normal":
            parts[k] = chunk.cast("f") if sys.byteorder == "little" else _floats(chunk)
        else:
            parts[k] = _floats(chunk)
        at += size
    return Table3(Rules.from_dict(header["rules"]), header, parts, mapped)


def _floats(chunk: memoryview) -> array[float]:
    out = array("f")
    out.frombytes(bytes(chunk))
    if sys.byteorder != "little":
        out.byteswap()
    return out


@dataclass
class Table3:
    """A solved three-player game, asked without numpy."""

    rules: Rules
    header: dict[str, Any]
    parts: dict[str, Any]
    _mapped: Any = None
    mix: dict[tuple[int, int, int, int], tuple[float, float, float]] = field(
        default_factory=dict)

    def __post_init__(self) -> None:
        h = self.header
        self.ng, self.e = int(h["ng"]), int(h["extra"])
        self.open, self.min = int(h["open"]), int(h["min"])
        self.tie2, self.tie3 = float(h["tie2"]), tuple(float(v) for v in h["tie3"])
        self.shapes = {k: tuple(v) for k, v in h["shapes"].items()}
        self.mix = {(int(m), int(a), int(b), int(c)): (float(x), float(y), float(q))
                    for m, a, b, c, x, y, q in h.get("mix", [])}
        self.figures = h.get("figures", {})

    # -- the arrays ---------------------------------------------------------------------

    def _flat(self, name: str, *index: int) -> int:
        """Where the numbers at ``index`` (all but the last coordinate) start."""
        shape = self.shapes[name]
        flat = 0
        for i, s in zip(index, shape[:-1], strict=True):
            if not 0 <= i < s:
                raise IndexError(f"{name}{index} off the table")
            flat = flat * s + i
        return flat * int(shape[-1])

    def _at(self, name: str, *index: int) -> tuple[float, ...]:
        at = self._flat(name, *index)
        return tuple(self.parts[name][at:at + self.shapes[name][-1]].tolist())

    def _line(self, name: str, start: int, step: int, count: int) -> list[list[float]]:
        """``count`` rows of ``name`` from the numbers at ``start``, ``step`` numbers
        apart: each coordinate's numbers (one strided read each)."""
        k = self.shapes[name][-1]
        data = self.parts[name]
        return [data[start + j:start + j + step * count:step].tolist() for j in range(k)]

    def normal(self, mover: int, boards: tuple[int, int, int]) -> tuple[float, float, float]:
        """The seats' chances at the turn start of ``mover`` with ``boards`` (steps)."""
        c0, c1 = self._at("normal", mover, *boards)
        return (c0, c1, 1.0 - c0 - c1)

    def c1(self, fin: int, dx: int, dy: int, x0: bool, y0: bool) -> tuple[float, ...]:
        """The first chaser's turn start; a finish further ahead than the table reaches
        (a turn that went on past the solver's cap) is read at the table's edge, both
        leads less by the same amount."""
        flags = self.shapes["c1"][3]
        over = max(dx, dy) - (self.shapes["c1"][1] - 1)
        if over > 0:
            dx, dy = max(dx - over, 1), max(dy - over, 1)
        return self._at("c1", fin, dx, dy, int(x0) if flags > 1 else 0,
                        int(y0) if flags > 1 else 0)

    def normal_banks(self, m: int, board: tuple[int, ...], count: int) -> list[float]:
        """The bank vectors of the normal turn of ``m`` at ``board`` for the turn scores 0
        up to ``count``, three numbers each, flat: what banking each is worth as
        :meth:`normal` (below the game point) and :meth:`c1` (at or above it) give it, in
        a few strided reads instead of one read a turn score."""
        own, x, y = board[m], board[(m + 1) % 3], board[(m + 2) % 3]
        below = max(0, min(count, self.ng - own))
        out = [0.0] * (3 * count)
        if below:
            at = self._flat("normal", (m + 1) % 3, *board)
            c0, c1 = self._line("normal", at, 2 * self.ng ** (2 - m), below)
            out[0:3 * below:3], out[1:3 * below:3] = c0, c1
            out[2:3 * below:3] = [1.0 - a - b for a, b in zip(c0, c1, strict=True)]
        edge = self.shapes["c1"][1]
        dx, dy = own + below - x, own + below - y
        direct = max(0, min(count - below, edge - max(dx, dy)))
        if direct:
            fx, fy = (int(x == 0), int(y == 0)) if self.shapes["c1"][3] > 1 else (0, 0)
            at = self._flat("c1", m, dx, dy, fx, fy)
            step = 3 * self.shapes["c1"][3] ** 2 * (edge + 1)
            for k, seat in enumerate(self._line("c1", at, step, direct)):
                out[3 * below + k:3 * (below + direct):3] = seat
        for t in range(below + direct, count):  # past the table's edge: read one by one
            out[3 * t:3 * t + 3] = self.c1(m, own + t - x, own + t - y, x == 0, y == 0)
        return out

    def c2(self, last: int, holders: int, d: int, y0: bool) -> tuple[float, ...]:
        return self._at("c2", last, holders, min(d, self.shapes["c2"][2] - 1), int(y0))

    def tie_vector(self, seats: tuple[int, ...]) -> tuple[float, ...]:
        s = sorted(seats)
        if len(s) == 3:
            return self.tie3
        out = [0.0, 0.0, 0.0]
        out[s[0]], out[s[1]] = self.tie2, 1.0 - self.tie2
        return (out[0], out[1], out[2])

    # -- the game's start ---------------------------------------------------------------

    def movers(self) -> tuple[float, float, float]:
        """The chances of the first, second and third to move (the first drawn, D-7)."""
        out = [0.0, 0.0, 0.0]
        start = tuple(min(self.rules.starting_score(i) // STEP, self.ng - 1) for i in range(3))
        for first in range(3):
            v = self.normal(first, start)  # type: ignore[arg-type]
            for k in range(3):
                out[k] += v[(first + k) % 3] / 3.0
        return (out[0], out[1], out[2])

    # -- a game in play -----------------------------------------------------------------

    def turn(self, game: Game) -> Turn3 | None:
        """The turn the player to move plays (at its start or inside it), or None where the
        table does not reach (other rules or seats, scores off the grid)."""
        if len(game.seats) != 3 or game.rules != self.rules:
            return None
        board = [b // STEP for b in game.board]
        if any(b * STEP != a for b, a in zip(board, game.board, strict=True)):
            return None
        m = game.current
        key = (game.stage, m, tuple(board), tuple(game.queue), game.reacher)
        return _turns(self, key)

    def values(self, game: Game) -> tuple[float, ...] | None:
        """Each seat's chance at the start of the turn the game is in, or None."""
        t = self.turn(game)
        return None if t is None else t.start()


def _turns(table: Table3, key: tuple[Any, ...]) -> Turn3 | None:
    found: Turn3 | None = cached(("three", id(table), *key), lambda: _make(table, *key))
    return found


def _make(tb: Table3, stage: str, m: int, board: tuple[int, ...], queue: tuple[int, ...],
          reacher: int | None) -> Turn3 | None:
    """The turn of seat ``m`` at a turn start of ``stage`` (None: no such turn start)."""
    if stage == "normal":
        return None if max(board) >= tb.ng else _normal_turn(tb, m, board)
    if stage == "catch-up":
        if reacher is None or reacher == m:
            return None
        return _catch_up_turn(tb, m, board, queue, reacher)
    if stage == "tie-break":
        return _tie_turn(tb, m, board, queue)
    return None


def _normal_turn(tb: Table3, m: int, board: tuple[int, ...]) -> Turn3:
    """A turn of the normal game: a bank below the game point hands the next seat the
    move, one that reaches it starts the last round."""
    ng, e = tb.ng, tb.e
    nxt, after = (m + 1) % 3, (m + 2) % 3
    own = board[m]
    need = tb.open if own == 0 else tb.min
    cap = max(ng - own, need) + e
    x, y = board[nxt], board[after]

    def bank(t: int) -> tuple[float, ...]:
        to = own + t
        if to < ng:
            b = list(board)
            b[m] = to
            return tb.normal(nxt, (b[0], b[1], b[2]))
        return tb.c1(m, to - x, to - y, x == 0, y == 0)

    trash: tuple[float, ...] = tb.normal(nxt, (board[0], board[1], board[2]))
    play = tb.mix.get((m, board[0], board[1], board[2]))
    return Turn3(tb.rules, m, bank, trash, need, cap, play,
                 banks=lambda count: tb.normal_banks(m, board, count))


def _catch_up_turn(tb: Table3, m: int, board: tuple[int, ...], queue: tuple[int, ...],
                   fin: int) -> Turn3:
    """A turn of the last round after ``fin`` reached the game point: the first chaser's
    (the last still to play) or the last chaser's."""
    ng, e, rules, own = tb.ng, tb.e, tb.rules, board[m]
    if queue:  # the first chaser: the last is still to play
        last = queue[0]
        f = board[fin]
        x, y = board[m], board[last]
        need = tb.open if x == 0 else tb.min
        dx, dy = f - x, f - y

        def bank(t: int) -> tuple[float, ...]:
            h = 0 if t < dx else (2 if t == dx else 1)
            d = dy + t - dx if t > dx else dy
            return tb.c2(last, h, d, y == 0)

        trash = tb.c2(last, 0, dy, y == 0)
        return Turn3(rules, m, bank, trash, need, max(ng + e, need), None)
    others = [s for s in range(3) if s != m]
    best = max(board[s] for s in others)
    holders = [s for s in others if board[s] == best]
    d = best - own
    need = tb.open if own == 0 else tb.min
    lose = tb.tie_vector(tuple(holders)) if len(holders) == 2 else _unit(holders[0])
    tie = tb.tie_vector((m, *holders))
    win = _unit(m)

    def last_bank(t: int) -> tuple[float, ...]:  # the last chaser: win, tie or lose
        return win if t > d else (tie if t == d else lose)

    return Turn3(rules, m, last_bank, lose, need, max(ng + e, need), None)


def _tie_turn(tb: Table3, m: int, board: tuple[int, ...], queue: tuple[int, ...]) -> Turn3:
    """A turn of a tie-break round among the seats tied for first (D-9, D-16)."""
    rules, own = tb.rules, board[m]
    last_cap = max(tb.ng + tb.e, tb.min)
    base = own  # the mover has not played in this round: his board is the tie's
    members = sorted(s for s in range(3) if board[s] >= base)
    done = [s for s in members if s != m and s not in queue]
    scores = {s: board[s] - base for s in done}
    if len(members) == 2:
        first, second = members
        if m == first:
            sec = tb.parts["tie2_second"]

            def bank(t: int) -> tuple[float, ...]:
                r = min(t, len(sec) // 3 - 1)
                return _place((first, second), (sec[3 * r], sec[3 * r + 1]))

            return Turn3(rules, m, bank, bank(0), tb.min, last_cap, None)
        x = scores[first]
        tie = tb.tie_vector((first, second))
        win, lose = _unit(second), _unit(first)

        def bank(t: int) -> tuple[float, ...]:
            return win if t > x else (tie if t == x else lose)

        return Turn3(rules, m, bank, tie if x == 0 else lose, tb.min, last_cap, None)
    s0, s1, s2 = members
    if m == s0:
        sec = tb.parts["tie3_second"]

        def bank(t: int) -> tuple[float, ...]:
            r = min(t, len(sec) // 3 - 1)
            return (sec[3 * r], sec[3 * r + 1], sec[3 * r + 2])

        return Turn3(rules, m, bank, bank(0), tb.min, last_cap, None)
    third = tb.parts["tie3_third"]
    rows = len(third) // 9

    def at_third(top: int, holders: int) -> tuple[float, ...]:
        r = min(top, rows - 1)
        i = (r * 3 + holders) * 3
        return (third[i], third[i + 1], third[i + 2])

    if m == s1:
        x1 = scores[s0]

        def bank(t: int) -> tuple[float, ...]:
            return at_third(max(x1, t), 0 if x1 > t else (1 if t > x1 else 2))

        return Turn3(rules, m, bank, bank(0), tb.min, last_cap, None)
    x1, x2 = scores[s0], scores[s1]
    top = max(x1, x2)
    holders = [s for s, v in ((s0, x1), (s1, x2)) if v == top]
    lose = tb.tie_vector(tuple(holders)) if len(holders) == 2 else _unit(holders[0])
    tie = tb.tie_vector((*holders, m))
    win = _unit(m)

    def bank3(t: int) -> tuple[float, ...]:
        return win if t > top else (tie if t == top else lose)

    return Turn3(rules, m, bank3, tie if top == 0 else lose, tb.min, last_cap, None)


def _unit(seat: int) -> tuple[float, ...]:
    out = [0.0, 0.0, 0.0]
    out[seat] = 1.0
    return (out[0], out[1], out[2])


def _place(seats: tuple[int, int], pair: tuple[float, float]) -> tuple[float, ...]:
    out = [0.0, 0.0, 0.0]
    out[seats[0]], out[seats[1]] = pair
    return (out[0], out[1], out[2])


def draw(game: Game, weight: float) -> bool:
    """Whether a mixing mover plays his first policy this turn: a draw from a generator
    seeded by the game's own dice generator at this moment, which it leaves untouched (the
    dice of the game stay those of its seed; a replay draws the same)."""
    state = repr(game.rng.getstate()).encode()
    seed = hashlib.sha256(state + f"|{game.current}|{game.turns_taken}".encode()).digest()
    return random.Random(seed[:16]).random() < weight


_REGISTERED: dict[Rules, Table3] = {}


def register(table: Table3) -> None:
    """Make ``table`` answer three-seat games of its rules (the cache, tests)."""
    _REGISTERED[table.rules] = table


def available(rules: Rules) -> bool:
    """Whether a three-player table answers these rules, without reading it (quick)."""
    if rules in _REGISTERED:
        return True
    try:
        return cache_file(rules).is_file()
    except OSError:
        return False


def load(rules: Rules) -> Table3 | None:
    """The three-player table of these rules (registered, or solved on this machine
    earlier), or None; a damaged file is logged and set aside, so it is solved again."""
    found = _REGISTERED.get(rules)
    if found is not None:
        return found
    path = cache_file(rules)
    try:
        found = read(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as e:
        log.warning("the three-player table %s cannot be read (%s); solving again", path, e)
        try:
            path.replace(path.with_name(path.name + ".bad"))
        except OSError:
            pass
        return None
    if found.rules != rules:
        return None
    register(found)
    # what a solve kept as it went (.partial3), left by a kill after it wrote the table
    partial_file(rules).unlink(missing_ok=True)
    return found


def partial_file(rules: Rules) -> Path:
    """Where the three-player solve of these rules in progress is kept
    (:mod:`.partial3`): beside the table it becomes."""
    table = cache_file(rules)
    return table.with_name(table.name.removesuffix(".bin") + ".part")
