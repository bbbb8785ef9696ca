"""The perfect-play tables: one file format for every variant, and the way to ask them
(pure Python).

A table holds the chance of the player to move at every turn start of a variant
(:mod:`.variant`): the families of turn starts (:mod:`.space`) one after the other, as
float32 (NaN where no game can come).  Its file is ``MAGIC``, a 4-byte length, a JSON
header (the format, the rules, the players, the turn cap, the features and the families
with their coordinates, and the figures of the solve) and one zlib stream of the values.
Reading needs only ``array``, ``json`` and ``zlib``; the header's families must be the ones
the variant of its rules has here, so a table made by another version is refused.

A table answers a game in play through :meth:`Table.position` (the turn start the game is
at, or None where the table does not reach), :meth:`Table.value` and :meth:`Table.turn`
(the turn of one choice at that turn start, played inside by its turn model).  Where the
table of some rules comes from: registered in this session, shipped with the game (the
five presets), or solved on this machine earlier and kept in the cache folder
(:func:`cache_file`; :mod:`.cache` solves them).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import struct
import sys
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..files.paths import paths
from ..files.storage import BadFile, read_limited
from ..model.rules import PRESETS, Rules
from .space import Family, Frame
from .variant import Refusal, Variant, variant_of

if TYPE_CHECKING:
    from ..model.game import Game

__all__ = ["FORMAT", "MAGIC", "MAX_FILE_BYTES", "Position", "Table", "available",
           "cache_file", "cached", "file_name", "load", "load_cached", "load_path", "pack",
           "read_file", "register", "shipped_for", "unpack"]

log = logging.getLogger(__name__)

MAGIC = b"TTPERFECT2\n"
FORMAT = 2
#: The most values a table may hold: more than the largest table solved here, far less
#: than a damaged header could claim.  The compressed values are inflated to at most this
#: many, never to what the file would give.
MAX_VALUES = 40_000_000
#: The most bytes a header may have (the rules, the families and some figures: about 4 KB).
MAX_HEADER_BYTES = 64 * 1024


@dataclass(frozen=True)
class Position:
    """A turn start of a game in play: its family and coordinates."""

    family: Family
    frame: Frame

    @property
    def key(self) -> tuple[object, ...]:
        return (self.family.name, *sorted(self.frame.items()))


@dataclass(frozen=True)
class Table:
    """The solved values of one variant, read without numpy."""

    variant: Variant
    values: array[float]  # float32, one per place of the variant's space (NaN: never met)
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return self.variant.rules

    # -- asking it --------------------------------------------------------------------

    def position(self, game: Game) -> Position | None:
        """The turn start the game is at (during a turn: the one it started at), or None
        where the table does not reach."""
        found = self.variant.position(game)
        if found is None:
            return None
        position = Position(*found)
        return position if self.value(position) is not None else None

    def normal(self, seat: int, own: int, other: int, **coords: int) -> float | None:
        """The mover's chance at a turn start of the normal game (boards in steps; the
        options' coordinates as at a game's start unless given)."""
        family, frame = self.variant.normal_start(seat, own, other)
        return self.value(Position(family, {**frame, **coords}))

    def value(self, position: Position) -> float | None:
        """The mover's chance at a turn start before he chooses (None: not in the table)."""
        return self.at(position.family.index(position.frame))

    def at(self, index: int) -> float | None:
        """The value at a place of the space (None: no game comes there)."""
        v = float(self.values[index])
        return None if math.isnan(v) else v

    def worth(self, code: int) -> float:
        """What a code of :func:`.space.code` is worth (a turn start's value, or one minus
        it, or a game won or lost)."""
        size = self.variant.space.size
        index, same = (code - size, True) if code >= size else (code, False)
        if index == self.variant.space.one:
            return 1.0 if same else 0.0
        v = self.at(index)
        if v is None:
            raise LookupError("a turn leads to a turn start the table does not hold")
        return v if same else 1.0 - v

    def choices(self, position: Position) -> list[str]:
        """The choices open at this turn start (``plain``, and ``challenge`` where one may
        be made)."""
        return [name for name, open_ in self.variant.choices(position.frame).items() if open_]

    def turn(self, position: Position, choice: str = "plain") -> Any:
        """The turn of ``choice`` at this turn start: its values inside come from the
        table's values of what banking and trash lead to (kept in a cache)."""
        from .turn import cached

        key = (self.rules, position.key, choice)
        return cached(key, lambda: self._make_turn(position, choice))

    def _make_turn(self, position: Position, choice: str) -> Any:
        variant, fam, frame = self.variant, position.family, position.frame
        need = variant.need(fam, frame)
        cap = variant.cap(fam, frame, need)

        def bank(t: int) -> float:
            code, inside = variant.bank(fam, frame, choice, t)
            return self.worth(code) if inside and t >= need else 0.0

        code, _inside = variant.trash(fam, frame, choice)
        first = variant.first_throws(frame)
        return make_turn(variant, bank, self.worth(code), need, cap,
                         first=True if first is None else bool(first))

    def starts(self, position: Position) -> dict[str, float]:
        """Each open choice's value at the start of the turn."""
        return {choice: self.turn(position, choice).start()
                for choice in self.choices(position)}

    # -- its file ----------------------------------------------------------------------

    @property
    def first_player_win_probability(self) -> float:
        starts = self.variant.starts()
        return sum(self.at(f.index(fr)) or 0.0 for f, fr in starts) / len(starts)


def make_turn(variant: Variant, bank: Callable[[int], float], trash: float, need: int,
              cap: int, first: bool = True) -> Any:
    """One turn of a variant's turn model, from what banking and trash are worth
    (``first``: a Rotary Club stretch that opens the turn, or one after a corner)."""
    if variant.model == "stretches":
        from .turnmodels.stretches import PyramidTurn

        return PyramidTurn(variant.rules, bank, trash, need, cap)
    if variant.model == "pegging":
        from .turnmodels.pegging import PeggingTurn

        return PeggingTurn(variant.rules, bank, trash, need, cap, first)
    from .turn import TurnValues

    return TurnValues(variant.rules, bank, trash, need, cap)


# -- the file -------------------------------------------------------------------------


def pack(solution: Any) -> bytes:
    """The bytes of a table file of a :class:`.engine.Solution`."""
    import numpy as np  # the offline path only

    variant: Variant = solution.variant
    header = {
        "format": FORMAT,
        "rules": variant.rules.to_dict(),
        "players": variant.players,
        "extra": variant.extra,
        "features": list(variant.names),
        "model": variant.model,
        "families": variant.space.describe(),
        "size": variant.space.size,
        "figures": {
            "first_player_win_probability": solution.first_player_win_probability,
            "states": solution.states,
            "iterations": solution.iterations,
            "sweeps": solution.sweeps,
            "seconds": round(solution.seconds, 1),
        },
    }
    kept = [np.asarray(f.stored, dtype="<u4") for f in variant.space.families
            if f.stored is not None]
    body = np.asarray(solution.values, dtype="<f4").tobytes() + b"".join(
        k.tobytes() for k in kept)
    return write_file(header, body)


def write_file(header: dict[str, Any], body: bytes) -> bytes:
    head = json.dumps(header, sort_keys=True).encode()
    return MAGIC + struct.pack("<I", len(head)) + head + zlib.compress(body, 9)


def unpack(data: bytes) -> Table:
    """Read a table file; ValueError when it is not one (or not one of this version)."""
    header, body, kept = read_file(data)
    rules = Rules.from_dict(header.get("rules"))
    players, extra = _whole(header, "players"), _whole(header, "extra")
    found = variant_of(rules, players, extra=extra * 50, limits=False, fresh=True)
    if isinstance(found, Refusal):
        raise ValueError(f"perfect-play table of rules not solved here: {found}")
    families = header.get("families")
    if not isinstance(families, list) or len(families) != len(found.space.families):
        raise ValueError("perfect-play table made by another version of the game")
    at = 0
    for family, described in zip(found.space.families, families, strict=True):
        count = described.get("kept") if isinstance(described, dict) else None
        if count is not None:
            if not isinstance(count, int) or not 0 < count <= family.volume:
                raise ValueError("perfect-play table has a bad family")
            family.stored = kept[at:at + count]
            at += count
    found.space.place()
    if (families != found.space.describe() or header.get("size") != found.space.size
            or header.get("features") != list(found.names) or at != len(kept)):
        raise ValueError("perfect-play table made by another version of the game")
    if len(body) != found.space.size:
        raise ValueError("perfect-play table has the wrong size")
    return Table(found, body, _figures(header))


def read_file(data: bytes) -> tuple[dict[str, Any], array[float], array[int]]:
    """The header, the float32 values and the kept turn starts (the product indices of
    the families that keep only some) of a table file; ValueError when it is not one.

    Nothing in the file is trusted: the header must be a JSON object of at most
    :data:`MAX_HEADER_BYTES`, its ``size`` the number of values and its families' ``kept``
    the number of indices, which are inflated to that many and no further; every value is
    a chance, 0 to 1, or NaN (no game comes there); the indices rise."""
    if not data.startswith(MAGIC):
        raise ValueError("not a perfect-play table")
    pos = len(MAGIC)
    if len(data) < pos + 4:
        raise ValueError("perfect-play table cut short")
    (size,) = struct.unpack_from("<I", data, pos)
    pos += 4
    if size > MAX_HEADER_BYTES or pos + size > len(data):
        raise ValueError("perfect-play table header has a bad length")
    try:
        header = json.loads(data[pos:pos + size])
    except RecursionError:
        raise ValueError("perfect-play table header is nested too deep") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("perfect-play table header is not JSON") from None
    if not isinstance(header, dict):
        raise ValueError("perfect-play table header is not a JSON object")
    if header.get("format") != FORMAT:
        raise ValueError("unknown table format")
    values = _whole(header, "size")
    families = header.get("families")
    if not isinstance(families, list):
        raise ValueError("perfect-play table header has no families")
    counts = [f.get("kept") for f in families if isinstance(f, dict)]
    kept = sum(c for c in counts if isinstance(c, int) and not isinstance(c, bool))
    if not 0 < values <= MAX_VALUES or not 0 <= kept <= MAX_VALUES:
        raise ValueError("perfect-play table has the wrong size")
    want = 4 * (values + kept)
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(data[pos + size:], want + 1)
    except zlib.error as e:
        raise ValueError(f"perfect-play table is damaged ({e})") from None
    if len(raw) != want or inflate.unconsumed_tail or not inflate.eof:
        raise ValueError("perfect-play table has the wrong size")
    body: array[float] = array("f")
    body.frombytes(raw[:4 * values])
    indices: array[int] = array("I")
    indices.frombytes(raw[4 * values:])
    if sys.byteorder != "little":
        body.byteswap()
        indices.byteswap()
    if not all(0.0 <= v <= 1.0 or v != v for v in body):
        raise ValueError("perfect-play table holds values that are no chances")
    return header, body, indices


def _whole(header: dict[str, Any], key: str) -> int:
    value = header.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VALUES:
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


# -- where a table comes from ------------------------------------------------------------

_REGISTERED: dict[Rules, Table] = {}


def register(table: Table) -> None:
    """Make ``table`` answer for its rules (the cache, tests and experiments)."""
    _REGISTERED[table.rules] = table


def file_name(rules: Rules) -> str:
    """The shipped file name for a preset's rules (other rule sets have none)."""
    return f"{rules.preset}.bin"


def shipped_for(rules: Rules) -> bool:
    """Whether a table could ship for these rules: a preset exactly, no option."""
    return rules.preset in PRESETS and rules == PRESETS[rules.preset]


#: The most bytes a cached table file may have: its values compressed (at most
#: :data:`MAX_VALUES` float32s) and its header.
MAX_FILE_BYTES = 4 * MAX_VALUES + MAX_HEADER_BYTES + 1024


def cache_file(rules: Rules) -> Path:
    """Where the solved table of these rules is kept (a name derived from the rules)."""
    text = json.dumps({"format": FORMAT, "rules": rules.to_dict()}, sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:24]
    return paths().cache / "tables" / f"{digest}.bin"


def cached(rules: Rules) -> bool:
    """Whether a solved table for these rules is in the cache folder (a quick check)."""
    try:
        return cache_file(rules).is_file()
    except OSError:
        return False


def load_cached(rules: Rules) -> Table | None:
    """The cached table of these rules, or None (none there; a damaged file is logged and
    set aside, so it is solved again)."""
    path = cache_file(rules)
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return None
    except BadFile as e:  # a folder, a pipe, or far too big: no table of ours
        log.warning("the cached perfect-play table %s is no table (%s); solving again", path, e)
        _set_aside(path)
        return None
    except OSError as e:
        log.warning("cannot read the cached perfect-play table %s: %s", path, e)
        return None
    try:
        table: Table | None = unpack(data)
    except Exception as e:  # noqa: BLE001 - whatever the damage, the file is not trusted
        table = None
        log.warning("the cached perfect-play table %s is damaged (%s: %s); solving again",
                    path, type(e).__name__, e)
    if table is None or table.rules != rules:
        _set_aside(path)
        return None
    return table


def _set_aside(path: Path) -> None:
    try:
        path.replace(path.with_suffix(".bad"))
    except OSError as e:
        log.warning("cannot set aside %s: %s", path, e)


def available(rules: Rules) -> bool:
    """Whether a table answers for these rules, without reading it (quick: for the Tk
    thread; :func:`load` then reads it, in a worker)."""
    if rules in _REGISTERED:
        return True
    if not shipped_for(rules):
        return cached(rules)  # solved on this machine earlier
    try:
        return (resources.files("tenthousand") / "resources" / "tables"
                / file_name(rules)).is_file()
    except (FileNotFoundError, OSError):
        return False


def load(rules: Rules) -> Table | None:
    """The table for these rules (registered, shipped or solved earlier), or None."""
    found = _REGISTERED.get(rules)
    if found is not None:
        return found
    if not shipped_for(rules):
        found = load_cached(rules)
        if found is not None:
            register(found)  # read once per session
        return found
    return _load_shipped(rules)


@lru_cache(maxsize=8)
def _load_shipped(rules: Rules) -> Table | None:
    if not shipped_for(rules):
        return None
    try:
        ref = resources.files("tenthousand") / "resources" / "tables" / file_name(rules)
        data = ref.read_bytes()
    except (FileNotFoundError, OSError):
        return None
    table = unpack(data)
    return table if table.rules == rules else None


def load_path(path: str | Path) -> Table:
    """A table from a file (tests, experiments)."""
    return unpack(Path(path).read_bytes())
