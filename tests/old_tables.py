"""The five preset tables shipped with commit aa5b132, read without the solver's code.

``tests/fixtures/solver/tables-aa5b132/*.bin`` are ``tenthousand/resources/tables/*.bin``
of aa5b132 as they were (see ``tests/make_solver_fixtures.py``), so that the tables of the
solver's redesign (issue 39) can be compared with them value by value.  Their format
(``tenthousand/solver/table_file.py`` of aa5b132: ``pack`` and ``unpack``):

- ``b"TTPERFECT1\\n"``, then the length of the header (4 bytes, little-endian);
- the header: JSON with ``format`` (1), ``rules`` (``Rules.to_dict()``), ``ng`` (the game
  point in steps of 50), ``extra`` (the turn cap beyond the game point, in steps),
  ``dmax`` (the length of the catch-up and tie-break rows), ``tie_first`` (the chance of
  the first player of a tie-break round) and ``figures`` (``first_player_win_probability``,
  ``states``, ``iterations``, ``seconds``);
- one zlib stream of little-endian float32: ``win[seat][a][b]`` (2 x ng x ng: the chance
  of the player to move, in ``seat``, at ``a`` against ``b`` steps), then
  ``catch_up[on_board][seat0][d]`` (2 x 2 x dmax: the chaser's chance ``d`` steps behind,
  0 beyond the row), then ``tie_second[x]`` (dmax: the second of a tie-break round's
  chance after the first added ``x`` steps).
"""

from __future__ import annotations

import json
import struct
import sys
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tenthousand.model.rules import Rules

MAGIC = b"TTPERFECT1\n"
STEP = 50
FOLDER = Path(__file__).resolve().parent / "fixtures" / "solver" / "tables-aa5b132"


@dataclass(frozen=True)
class OldTable:
    """One shipped table: the values as float32, read as the game read them."""

    rules: Rules
    ng: int
    extra: int  # steps
    dmax: int
    tie_first: float
    win: array[float]
    catch_up: array[float]
    tie_second: array[float]
    figures: dict[str, Any]

    def w(self, seat: int, a: int, b: int) -> float:
        """The chance of the player to move, in ``seat``, at ``a`` against ``b`` steps."""
        return float(self.win[(seat * self.ng + a) * self.ng + b])

    def c(self, on_board: bool, seat0: bool, d: int) -> float:
        """The chance of a chaser ``d`` steps behind (0 beyond the row)."""
        if d >= self.dmax:
            return 0.0
        return float(self.catch_up[(int(on_board) * 2 + int(seat0)) * self.dmax + d])

    def second(self, x: int) -> float:
        """The second of a tie-break round's chance after the first added ``x`` steps."""
        return float(self.tie_second[x]) if x < self.dmax else 0.0

    def value(self, state: tuple[Any, ...]) -> float:
        """Seat 0's chance in a generic state (``solver_brute.State``): the normal game by
        the boards, the catch-up turn by the deficit, tie-break rounds whatever the boards
        (the rules have no option: only the difference counts there)."""
        stage, b0, b1, mover = state[0], state[1] // STEP, state[2] // STEP, state[9]
        board = (b0, b1)
        other = 1 - mover
        if stage == "N":
            mine = self.w(mover, board[mover], board[other])
        elif stage == "C":
            mine = self.c(board[mover] != 0, mover == 0, board[other] - board[mover])
        elif mover == 0:
            mine = self.tie_first
        else:
            mine = self.second(b0 - b1)
        return mine if mover == 0 else 1.0 - mine

    @property
    def first_player_win_probability(self) -> float:
        """The starting player's chance as the table gives it (float32), the first seat
        drawn at random."""
        return (self.w(0, 0, 0) + self.w(1, 0, 0)) / 2


def read(path: Path) -> OldTable:
    """Read a table file of aa5b132's format; ValueError when it is not one."""
    data = path.read_bytes()
    if not data.startswith(MAGIC):
        raise ValueError(f"{path.name} is not a perfect-play table of format 1")
    pos = len(MAGIC)
    (size,) = struct.unpack_from("<I", data, pos)
    header = json.loads(data[pos + 4:pos + 4 + size])
    if header.get("format") != 1:
        raise ValueError(f"{path.name} has an unknown table format")
    ng, dmax = header["ng"], header["dmax"]
    body: array[float] = array("f")
    body.frombytes(zlib.decompress(data[pos + 4 + size:]))
    if sys.byteorder != "little":
        body.byteswap()
    if len(body) != 2 * ng * ng + 5 * dmax:
        raise ValueError(f"{path.name} holds {len(body)} values, not {2 * ng * ng + 5 * dmax}")
    return OldTable(Rules.from_dict(header["rules"]), ng, header["extra"], dmax,
                    float(header["tie_first"]), body[:2 * ng * ng],
                    body[2 * ng * ng:2 * ng * ng + 4 * dmax], body[2 * ng * ng + 4 * dmax:],
                    dict(header["figures"]))


def shipped() -> dict[str, OldTable]:
    """Every shipped table, by its file's name (the preset)."""
    return {path.stem: read(path) for path in sorted(FOLDER.glob("*.bin"))}
