"""A three-player solve kept on disk as it goes, so that a stopped solve goes on later.

Solving three players takes from minutes (Trash 5000) to hours (Ten-Thousand, Trash 15000).
A :class:`Keeper` given to :func:`.three.solve` writes what is solved every
:data:`EVERY_S` seconds, when the solve is stopped (a new game with other rules, quit,
Ctrl+C) and once the last round is solved; the next solve of the same rules with the same
solver reads it and goes on from the first level not kept, to the very same table.

The file is :data:`MAGIC`, a 4-byte length, a JSON header (what was solved: the formats,
the rules, the turn cap; how far: the triples done; the last round's two tie values, the
cycles that mix, the figures so far) and the arrays one after the other as little-endian
float64 (every bit of the values the rest of the solve reads): the values of the triples
done in the order they are solved (``[triple, mover, seat]``), then the last round's
``c1``, ``c2``, ``tie2_second``, ``tie3_second`` and ``tie3_third``.  It is written
atomically, piece by piece; a file that is not what it says is removed (it is only the
cache's: the solve starts again) and said in the log.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..files.storage import write_chunks_atomic
from ..model.rules import Rules
from . import table3
from .table3 import partial_file

if TYPE_CHECKING:
    from .three import Levels

__all__ = ["EVERY_S", "FORMAT", "GAP_TIMES", "MAGIC", "Keeper", "partial_file"]

log = logging.getLogger(__name__)

MAGIC = b"TTPARTIAL3\n"
#: The file's format.  Raise it (or :data:`.table3.FORMAT`) with any change to the solver
#: that changes a value: a kept solve of another solver is never gone on from.
FORMAT = 1
#: Seconds of solving between two writes (a kill loses at most this much), at least
#: :data:`GAP_TIMES` a write's own time, so that writing takes at most some 5% of a solve
#: (a full Ten-Thousand file, 600 MB, takes 5 to 10 s).
EVERY_S = 300.0
GAP_TIMES = 20.0
_END = ("c1", "c2", "tie2_second", "tie3_second", "tie3_third")
_CHUNK = 1 << 20  # triples a piece, when writing and reading (72 MB of float64)


class Keeper:
    """Keeps one three-player solve in ``path`` (see the module's docstring)."""

    def __init__(self, path: Path, rules: Rules, *, every: float = EVERY_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.rules = rules
        self.every = every
        self.clock = clock
        self.resumed = 0.0  # the share of the triples the kept solve had done
        self._written = clock()
        self._gap = every  # seconds until the next write is due
        self._kept = -1  # the triples done in the file (-1: no file of this solve yet)
        self._done = -1  # the last level's end the solve reached
        self._at_done: tuple[Any, dict[Any, Any], int] | None = None
        self._cpu = time.process_time()
        self._wall = time.perf_counter()

    def _identity(self, levels: Levels) -> dict[str, Any]:
        return {"format": FORMAT, "table_format": table3.FORMAT, "rules": self.rules.to_dict(),
                "extra": levels.e, "ng": levels.ng, "open": levels.open, "min": levels.min}

    # -- going on ----------------------------------------------------------------------

    def resume(self, levels: Levels) -> int | None:
        """Read the kept solve into ``levels`` and its end: the triples done (a level's
        end), or None when there is none to go on from (no file, another solve's, or a
        bad one: removed)."""
        self._cpu, self._wall = time.process_time(), time.perf_counter()
        self._remove_torn()
        try:
            done = self._read(levels)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as e:
            log.warning("the three-player solve kept in %s cannot be used (%s): starting "
                        "again", self.path, e)
            self.discard()
            return None
        self._kept = self._done = done
        self._at_done = (copy.deepcopy(levels.stats), dict(levels.mix), levels.turns.work)
        self.resumed = done / levels.ng ** 3
        return done

    def _remove_torn(self) -> None:
        """Remove the pieces of a write a kill cut short (each as large as the file)."""
        for torn in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            try:
                torn.unlink()
            except OSError as e:
                log.warning("cannot remove %s: %s", torn, e)

    def _read(self, levels: Levels) -> int:
        """Read the file into ``levels`` (a ValueError... before anything of it is put
        there, or with the values put back to unknown)."""
        import numpy as np

        from .three import Stats

        with open(self.path, "rb") as f:
            header = table3.read_header(f, MAGIC, "a kept three-player solve")
            if header.get("identity") != self._identity(levels):
                raise ValueError("it is another solve's (other rules, or an older solver)")
            order = levels.order()
            done = header["done"]
            if not isinstance(done, int) or done not in order.starts:
                raise ValueError(f"{done!r} triples done is not a level's end")
            tie2 = float(header["tie2"])
            tie3 = np.array([float(v) for v in header["tie3"]])
            if tie3.shape != (3,):
                raise ValueError("three tie values wanted")
            mix = {(int(m), int(b0), int(b1), int(b2)): (float(p), float(q), float(r))
                   for m, b0, b1, b2, p, q, r in header["mix"]}
            stats = Stats()
            _set_stats(stats, header["stats"])
            work = int(header["work"])
            shapes = {k: tuple(int(v) for v in header["shapes"][k]) for k in _END}
            size = 8 * (9 * done + sum(int(np.prod(s)) for s in shapes.values()))
            body = f.tell()
            f.seek(0, os.SEEK_END)
            if f.tell() - body != size:
                raise ValueError("it is cut short or too long")
            f.seek(body)
            try:
                for lo in range(0, done, _CHUNK):
                    t = order.triples(lo, min(lo + _CHUNK, done))
                    part = np.fromfile(f, "<f8", 9 * len(t)).reshape(len(t), 3, 3)
                    levels.value[:, t[:, 0], t[:, 1], t[:, 2]] = part.transpose(1, 0, 2)
                arrays = {k: np.fromfile(f, "<f8", int(np.prod(shapes[k]))).reshape(shapes[k])
                          for k in _END}
            except BaseException:
                levels.value[...] = np.nan
                raise
        end = levels.end
        for k, v in arrays.items():
            setattr(end, k, v.astype(float))
        end.tie2, end.tie3 = tie2, tie3
        levels.mix, levels.stats, levels.turns.work = mix, stats, work
        return done

    # -- keeping -----------------------------------------------------------------------

    def level_done(self, levels: Levels, done: int, now: bool = False) -> None:
        """The first ``done`` triples (of :meth:`.three.Levels.order`) are solved: write
        them when :attr:`every` seconds (and :data:`GAP_TIMES` the last write's time) have
        passed since the last write, or ``now``."""
        self._done = done
        self._at_done = (copy.deepcopy(levels.stats), dict(levels.mix), levels.turns.work)
        if now or self.clock() - self._written >= self._gap:
            try:
                self._write(levels)
            except OSError as e:  # a full disk: the solve goes on, kept or not
                log.warning("cannot keep the three-player solve in %s: %s", self.path, e)
                self._written = self.clock()

    def stopped(self, levels: Levels) -> None:
        """The solve stops before its end: keep the levels done since the last write (a
        disk that refuses is said in the log, not raised over the reason for stopping)."""
        if self._done > self._kept:
            try:
                self._write(levels)
            except OSError as e:
                log.warning("cannot keep the three-player solve in %s: %s", self.path, e)

    def discard(self) -> None:
        """The solve's table is safe (or the kept solve is of no use): remove the file."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("cannot remove %s: %s", self.path, e)
        self._kept = -1

    def _write(self, levels: Levels) -> None:
        assert self._at_done is not None
        stats, mix, work = self._at_done
        end = levels.end
        stats = copy.deepcopy(stats)
        stats.seconds += time.process_time() - self._cpu
        stats.wall += time.perf_counter() - self._wall
        header = {
            "identity": self._identity(levels),
            "done": self._done,
            "tie2": end.tie2,
            "tie3": [float(v) for v in end.tie3],
            "shapes": {k: list(getattr(end, k).shape) for k in _END},
            "mix": [[*key, *play] for key, play in sorted(mix.items())],
            "stats": _stats_dict(stats),
            "work": work,
        }
        head = json.dumps(header, sort_keys=True).encode()
        started = time.perf_counter()
        write_chunks_atomic(self.path, self._pieces(levels, head))
        self._gap = max(self.every, GAP_TIMES * (time.perf_counter() - started))
        self._kept = self._done
        self._written = self.clock()

    def _pieces(self, levels: Levels, head: bytes) -> Iterator[bytes]:
        import numpy as np

        yield MAGIC + struct.pack("<I", len(head)) + head
        order = levels.order()
        for lo in range(0, self._done, _CHUNK):
            t = order.triples(lo, min(lo + _CHUNK, self._done))
            part = levels.value[:, t[:, 0], t[:, 1], t[:, 2]].transpose(1, 0, 2)
            yield np.ascontiguousarray(part, dtype="<f8").tobytes()
        for k in _END:
            yield np.ascontiguousarray(getattr(levels.end, k), dtype="<f8").tobytes()


_COUNTS = ("levels", "cycles", "solves", "kept", "flagged", "mixed", "several")


def _stats_dict(stats: Any) -> dict[str, Any]:
    out = {name: getattr(stats, name) for name in _COUNTS}
    out.update(rounds={str(k): v for k, v in stats.rounds.items()},
               largest_gain=stats.largest_gain, seconds=stats.seconds, wall=stats.wall)
    return out


def _set_stats(stats: Any, saved: dict[str, Any]) -> None:
    for name in _COUNTS:
        setattr(stats, name, int(saved[name]))
    stats.rounds = {int(k): int(v) for k, v in saved["rounds"].items()}
    for name in ("largest_gain", "seconds", "wall"):
        setattr(stats, name, float(saved[name]))
