"""The perfect-play tables themselves: their kinds, their file format, and the tables
registered for this session.

A table file is ``MAGIC``, a 4-byte length, a JSON header (the rules, the game point and
turn cap in steps, the tie-break chance) and one zlib stream of little-endian float32s:
the win probabilities ``win[seat][a][b]`` of the player to move at the start of a normal
turn, then ``catch_up[on_board][seat0][d]`` (the chaser's chance against a deficit of
``d`` steps), then ``tie_second[x]``.  Reading needs only ``array``, ``json`` and ``zlib``.

Below both :mod:`.table` (where the table of some rules is found: registered, shipped or
solved on this machine earlier) and :mod:`.cache` (solving here, which registers what it
solved), and below the tables of the options, which are kinds of :class:`OptionTable`.
"""

from __future__ import annotations

import json
import math
import struct
import sys
import zlib
from array import array
from dataclasses import dataclass
from typing import Any

from ..model.rules import Rules

MAGIC = b"TTPERFECT1\n"
FORMAT = 1
#: The most values a table may hold: more than the largest table solved here (surpassing
#: at 5,000 points: 1,000,000 values), far less than a damaged header could claim.  The
#: compressed values are inflated to at most this many, never to what the file would give.
MAX_VALUES = 16_000_000
#: The most bytes a header may have (the rules and some figures: about 2 KB).
MAX_HEADER_BYTES = 64 * 1024


@dataclass(frozen=True)
class Table:
    """Solved values of one rule set, read without numpy."""

    rules: Rules
    ng: int  # game point in steps of 50
    extra: int  # turn cap beyond the game point, in steps
    dmax: int  # length of the catch-up and tie-break rows
    tie_first: float
    win: array[float]  # float32, 2 * ng * ng
    catch_up: array[float]  # float32, 2 * 2 * dmax
    tie_second: array[float]  # float32, dmax
    figures: dict[str, Any]

    def w(self, seat: int, a: int, b: int) -> float:
        """Chance of the player to move (in ``seat``) with ``a`` against ``b`` (steps)."""
        return float(self.win[(seat * self.ng + a) * self.ng + b])

    def c(self, on_board: bool, seat0: bool, d: int) -> float:
        """Chance of a catch-up chaser ``d`` steps behind (0 beyond the table)."""
        if d >= self.dmax:
            return 0.0
        return float(self.catch_up[(int(on_board) * 2 + int(seat0)) * self.dmax + d])

    def second(self, x: int) -> float:
        """Chance of the second tie-break player after the first added ``x`` steps."""
        return float(self.tie_second[x]) if x < self.dmax else 0.0


@dataclass(frozen=True)
class OptionTable(Table):
    """A table of an option's solver (the trash penalty, surpassing, challenging): rules
    where the first to reach the game point wins at once, so no catch-up or tie-break
    values; ``win`` holds the positions in the solver's own layout."""

    def c(self, on_board: bool, seat0: bool, d: int) -> float:
        return 0.0  # no catch-up round in these rules

    def second(self, x: int) -> float:
        return 0.0  # no tie-break rounds either


def pack_option(magic: bytes, solution: Any, **more: int) -> bytes:
    """The bytes of a table file of an option's solver: the rules, the game point and the
    turn cap beyond it in steps, ``more`` (such as the lowest score), the figures, then
    every value of ``solution.win`` as float32."""
    rules: Rules = solution.rules
    header = {
        "format": FORMAT,
        "rules": rules.to_dict(),
        "ng": rules.game_point // 50,
        "extra": solution.notes.get("extra", 0) // 50,
        **more,
        "figures": {
            "first_player_win_probability": solution.first_player_win_probability,
            "states": solution.states,
            "iterations": solution.iterations,
            **({"sweeps": solution.sweeps} if hasattr(solution, "sweeps") else {}),
            "seconds": round(solution.seconds, 1),
        },
    }
    return write_file(magic, header, solution.win.astype("<f4").tobytes())


def unpack_option(data: bytes, magic: bytes, what: str, size: Any, kind: type[OptionTable],
                  **more: str) -> Any:
    """Read a table file of :func:`pack_option` into a ``kind``; ``size(header)`` is the
    number of values it must hold, ``more`` names the table's fields read from the header
    (field: header key).  ValueError when it is not such a file."""
    header, body = read_file(data, magic, what, count=lambda h: int(size(h)))
    return kind(rules=_rules(header), ng=_whole(header, "ng"),
                extra=_whole(header, "extra"), dmax=0, tie_first=0.5, win=body,
                catch_up=array("f"), tie_second=array("f"),
                figures=_figures(header),
                **{name: _whole(header, key, low=-MAX_VALUES) for name, key in more.items()})


def _rules(header: dict[str, Any]) -> Rules:
    """The rules of the header, whose game point must be the table's (ValueError if not)."""
    rules = Rules.from_dict(header.get("rules"))
    if rules.game_point != 50 * _whole(header, "ng"):
        raise ValueError("perfect-play table is for another game point than its rules")
    return rules


def _whole(header: dict[str, Any], key: str, low: int = 0) -> int:
    """A whole number of the header, within what a table can hold (ValueError if not)."""
    value = header.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_VALUES:
        raise ValueError(f"perfect-play table header has a bad {key}")
    return value


def _figures(header: dict[str, Any]) -> dict[str, Any]:
    """The solve's figures of the header: names and finite numbers only."""
    figures = header.get("figures", {})
    if not isinstance(figures, dict) or not all(
            isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
            and math.isfinite(v) for k, v in figures.items()):
        raise ValueError("perfect-play table header has bad figures")
    return dict(figures)


def options_refused(options: tuple[str, ...] | list[str]) -> str:
    """The phrase for options no solver here handles ("pyramiding, surpassing")."""
    from ..i18n import _
    from ..model.rules import OPTION_TITLES

    # Translators: {options} lists the options switched on ("pyramiding, surpassing").
    return _("the perfect-play solver does not handle the options {options}").format(
        options=", ".join(_(OPTION_TITLES[o]) for o in options))


def write_file(magic: bytes, header: dict[str, Any], body: bytes) -> bytes:
    """A table file: the magic line, the JSON header's length and text, the compressed
    float32 values (one layout for every kind of table)."""
    head = json.dumps(header, sort_keys=True).encode()
    return magic + struct.pack("<I", len(head)) + head + zlib.compress(body, 9)


def read_file(data: bytes, magic: bytes, what: str, version: int = FORMAT, *,
              count: Any) -> tuple[dict[str, Any], array[float]]:
    """The header and the float32 values of a table file of :func:`write_file`;
    ValueError (naming ``what`` the file should have been) when it is not one.

    Nothing in the file is trusted: the header must be a JSON object of at most
    :data:`MAX_HEADER_BYTES`; ``count(header)`` (which may raise ValueError, KeyError or
    TypeError) is the number of values the table must hold, and the values are inflated
    to that many and no further; every value is a chance, 0 to 1 (no NaN)."""
    if not data.startswith(magic):
        raise ValueError(f"not {what}")
    pos = len(magic)
    (size,) = struct.unpack_from("<I", data, pos)
    pos += 4
    if size > MAX_HEADER_BYTES or pos + size > len(data):
        raise ValueError("perfect-play table header has a bad length")
    try:
        header = json.loads(data[pos:pos + size])
    except RecursionError:
        raise ValueError("perfect-play table header is nested too deep") from None
    if not isinstance(header, dict):
        raise ValueError("perfect-play table header is not a JSON object")
    if header.get("format") != version:
        raise ValueError("unknown table format")
    values = count(header)
    if not isinstance(values, int) or not 0 < values <= MAX_VALUES:
        raise ValueError("perfect-play table has the wrong size")
    inflate = zlib.decompressobj()
    raw = inflate.decompress(data[pos + size:], values * 4 + 1)
    if len(raw) != values * 4 or inflate.unconsumed_tail or not inflate.eof:
        raise ValueError("perfect-play table has the wrong size")
    body: array[float] = array("f")
    body.frombytes(raw)
    if sys.byteorder != "little":
        body.byteswap()
    if not all(0.0 <= v <= 1.0 for v in body):  # False for NaN too
        raise ValueError("perfect-play table holds values that are no chances")
    return header, body


def pack(solution: Any) -> bytes:
    """The bytes of a table file for a :class:`~tenthousand.solver.core.Solution`."""
    import numpy as np  # the offline path only

    ng = solution.win.shape[1]
    dmax = solution.catch_up.shape[2]
    header = {
        "format": FORMAT,
        "rules": solution.rules.to_dict(),
        "ng": ng,
        "extra": solution.extra,
        "dmax": dmax,
        "tie_first": solution.tie_first,
        "figures": {
            "first_player_win_probability": solution.first_player_win_probability,
            "states": solution.states,
            "iterations": solution.iterations,
            "seconds": round(solution.seconds, 1),
        },
    }
    catch_up = np.nan_to_num(solution.catch_up)
    body = np.concatenate([solution.win.ravel(), catch_up.ravel(),
                           np.asarray(solution.tie_second).ravel()]).astype("<f4").tobytes()
    return write_file(MAGIC, header, body)


def unpack(data: bytes) -> Table:
    """Read a table file; ValueError when it is not one."""
    header, body = read_file(data, MAGIC, "a perfect-play table",
                             count=lambda h: 2 * _whole(h, "ng") ** 2 + 5 * _whole(h, "dmax"))
    ng, dmax = _whole(header, "ng"), _whole(header, "dmax")
    tie_first = header.get("tie_first")
    if not isinstance(tie_first, int | float) or isinstance(tie_first, bool) \
            or not 0.0 <= tie_first <= 1.0:
        raise ValueError("perfect-play table header has a bad tie_first")
    return Table(
        rules=_rules(header),
        ng=ng,
        extra=_whole(header, "extra"),
        dmax=dmax,
        tie_first=float(tie_first),
        win=body[:2 * ng * ng],
        catch_up=body[2 * ng * ng:2 * ng * ng + 4 * dmax],
        tie_second=body[2 * ng * ng + 4 * dmax:],
        figures=_figures(header),
    )


_REGISTERED: dict[Rules, Table] = {}


def register(table: Table) -> None:
    """Make ``table`` answer for its rules (tests and experiments with other game points)."""
    _REGISTERED[table.rules] = table
