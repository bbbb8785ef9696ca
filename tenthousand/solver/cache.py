"""Perfect play for rules that ship no table: solved on the player's machine, kept in the cache.

A two-player game whose rules have no shipped table asks :func:`background` for the
:class:`BackgroundSolve` of its rules; the window runs :meth:`BackgroundSolve.run` in a
worker thread and shows :attr:`BackgroundSolve.progress`.  The table is written to the
cache folder (``paths().cache / "tables"``) atomically, under a name derived from the
rules (:func:`.table.cache_file`), and read from there by :func:`.table.load` in later games.
A three-player solve (hours for the largest games) is kept beside it as it goes
(:mod:`.partial3`), so that one stopped by a quit or a kill goes on in the next session.

Pure Python until :meth:`BackgroundSolve.run` imports the solver (numpy).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..files.storage import write_bytes_atomic, write_chunks_atomic
from ..i18n import _, decimal, number
from ..model.rules import Rules
from . import table as tables
from .pace import Pace
from .table import MAX_FILE_BYTES, cache_file, cached, load_cached
from .variant import STEP, Refusal, refusal3, variant_of

__all__ = ["MAX_FILE_BYTES", "BackgroundSolve", "background", "being_solved", "cache_file",
           "cached", "load_cached", "solve_table", "unpack", "unsolvable", "write_atomic"]

log = logging.getLogger(__name__)

def solve_table(rules: Rules, **kwargs: Any) -> tuple[Any, bytes]:
    """Solve these rules (numpy): the solution and the bytes of its table file.
    ``kwargs`` go to the solver (``progress``, ``extra``)."""
    from . import engine

    solution = engine.solve(rules, **kwargs)
    return solution, tables.pack(solution)


def unpack(data: bytes) -> tables.Table:
    """A table file (ValueError when it is none)."""
    return tables.unpack(data)


#: A three-player solve's peak memory is some 350 MiB and 100 bytes a board triple, a little
#: above what ``/usr/bin/time -v`` measured with two threads: 0.42 GiB to 5,000 (a whole
#: solve), 2.78 GiB to 15,000 (a whole solve, 2026-12-07): the table in float64
#: is 72 bytes a triple, the blocks of cycles, the compiled programme and the kept file's
#: pieces the rest (docs/perfect-play.md).  Before the levels were made one at a time and
#: the table written in pieces it was 185 bytes a triple (4.70 GiB to 15,000).
SOLVE3_BASE_BYTES = 350 * 2**20
SOLVE3_TRIPLE_BYTES = 100
#: The share of the machine's memory a solve may take (the desktop and the game need the rest).
SOLVE3_MEMORY_SHARE = 0.75


def memory_needed3(rules: Rules) -> int:
    """Bytes a three-player solve of these rules takes at its peak (see above)."""
    boards = rules.game_point // STEP
    return SOLVE3_BASE_BYTES + SOLVE3_TRIPLE_BYTES * boards ** 3


#: Where Linux says how much memory this process's control group may use (v2, v1): a
#: container or a desktop's slice can have less than the machine.
MEMORY_LIMITS = (Path("/sys/fs/cgroup/memory.max"),
                 Path("/sys/fs/cgroup/memory/memory.limit_in_bytes"))


def physical_memory(limits: tuple[Path, ...] = MEMORY_LIMITS) -> int | None:
    """The memory this program may use in bytes: the machine's, or its control group's
    limit where that is less; None where the system does not say."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None
    if pages <= 0 or size <= 0:
        return None
    total = pages * size
    for path in limits:
        try:
            text = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if text.isdigit() and 0 < int(text) < total:  # "max" or a huge number: no limit
            total = int(text)
    return total


def _too_big3(rules: Rules, memory: int | None) -> str | None:
    """Why this machine cannot solve three players for these rules, by its memory."""
    needed = memory_needed3(rules)
    if memory is None or needed <= SOLVE3_MEMORY_SHARE * memory:
        return None
    gb = 2.0 ** 30
    return _("solving three players to {points} takes some {needed} GB of memory, more than "
             "this computer can spare ({memory} GB in all)").format(
                 points=number(rules.game_point), needed=decimal(needed / gb),
                 memory=decimal(memory / gb))


def unsolvable(rules: Rules, players: int = 2) -> str | None:
    """Why perfect play cannot be solved here for these rules (a phrase), or None."""
    if players == 3:
        three = refusal3(rules)
        if three is not None:
            return three.reason
        if importlib.util.find_spec("numba") is None:
            # Translators: keep the command in brackets as it is.
            return _("solving three players needs numba ({command})").format(
                command="pipx reinstall tenthousand")
        too_big = _too_big3(rules, physical_memory())
        if too_big is not None:
            return too_big
    else:
        found = variant_of(rules, players)
        if isinstance(found, Refusal):
            return found.reason
    if importlib.util.find_spec("numpy") is None:
        # Translators: keep the command in brackets as it is.
        return _("solving perfect play needs numpy ({command})").format(
            command="pipx reinstall tenthousand")
    return None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a kill leaves the old file or the new one."""
    write_bytes_atomic(path, data)


class SolveCancelled(Exception):
    """A background solve was stopped because nobody waits for it any more."""


class BackgroundSolve:
    """One solve of one rule set (for two or three players), shared by every game that
    waits for it."""

    def __init__(self, rules: Rules, players: int = 2,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rules = rules
        self.players = players
        self.progress = 0.0  # share done, 0 to 1 (read from the Tk thread)
        self._pace = Pace(clock)  # the reports of this run: the time it still needs
        self.table: Any = None  # a tables.Table, or a table3.Table3 for three players
        self.error: BaseException | None = None
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Stop the solve at its next progress report: nobody waits for it any more (a
        new game with other rules, or quit).  A later request for these rules starts a
        new one."""
        self._stop.set()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the solve to end; whether it has (True when
        it never started)."""
        if not self._lock.locked():
            return True
        return self._done.wait(timeout)

    @property
    def done(self) -> bool:
        """Whether the solve has ended (with a table or an error)."""
        return self._done.is_set()

    def run(self) -> Any:
        """Solve (or wait for the thread that solves), cache and register the table.

        For a worker thread: a few seconds to minutes.  Raises what the solve raised.
        """
        if not self._lock.acquire(blocking=False):
            self._done.wait()  # another thread solves these rules
        else:
            try:
                if not self.done:
                    self._solve()
            finally:
                self._lock.release()
        if self.table is None:
            raise self.error if self.error is not None else RuntimeError("no table")
        return self.table

    def remaining(self) -> float | None:
        """Seconds the solve still needs (:class:`.pace.Pace`: at the rate of the later half
        of this run; a resumed solve counts from where it went on); None until it can be
        guessed, and once done."""
        return None if self.done else self._pace.remaining()

    def _report(self, share: float) -> None:
        if self._stop.is_set():
            raise SolveCancelled(f"the solve of {self.rules.label} was stopped")
        self.progress = max(self.progress, min(share, 0.99))
        self._pace.report(self.progress)

    def _solve(self) -> None:
        try:
            if self.players == 3:
                self.table = _solve_three(self.rules, self._report)
                self.progress = 1.0
                return
            table = load_cached(self.rules)
            if table is None:
                _solution, data = solve_table(self.rules, progress=self._report)  # numpy
                table = unpack(data)
                try:
                    write_atomic(cache_file(self.rules), data)
                except OSError as e:  # the table still serves this session
                    log.warning("cannot keep the perfect-play table in the cache: %s", e)
            tables.register(table)
            self.table = table
            self.progress = 1.0
        except BaseException as e:
            self.error = e
            raise
        finally:
            self._done.set()


def _solve_three(rules: Rules, report: Any) -> Any:
    """The three-player table of these rules: kept from an earlier solve, or solved now
    (numpy and numba) and kept in the cache folder, written atomically."""
    from . import table3

    table = table3.load(rules)  # (which removes what a solve kept, once its table is there)
    if table is not None:
        return table
    import os

    from . import partial3, three

    # two threads where the machine has the cores: the window keeps the rest
    threads = 2 if (os.cpu_count() or 1) >= 3 else 1
    # a solve stopped by a quit or a kill goes on from where it was kept
    keep = partial3.Keeper(partial3.partial_file(rules), rules)
    solution = three.solve(rules, progress=report, threads=threads, keep=keep)
    path = table3.cache_file(rules)
    try:  # written piece by piece: no second copy of a table of gigabytes
        write_chunks_atomic(path, table3.pieces(solution))
        table = table3.read(path)
        keep.discard()
    except OSError as e:  # the table still serves this session, from a file of its own
        log.warning("cannot keep the three-player table in the cache: %s", e)
        import tempfile

        with tempfile.NamedTemporaryFile(suffix="-3.bin", delete=False) as f:
            for piece in table3.pieces(solution):
                f.write(piece)
        table = table3.read(Path(f.name))
    table3.register(table)
    return table


_SOLVES: dict[tuple[Rules, int], BackgroundSolve] = {}
_SOLVES_LOCK = threading.Lock()


def background(rules: Rules, players: int = 2) -> BackgroundSolve:
    """The solve of these rules (one per rule set, number of players and process, so a
    new game with the same rules waits for the solve already running instead of starting
    another)."""
    with _SOLVES_LOCK:
        found = _SOLVES.get((rules, players))
        if found is None or (found.done and found.table is None):  # a failed one: again
            found = _SOLVES[(rules, players)] = BackgroundSolve(rules, players)
        return found


def being_solved(rules: Rules, players: int = 2) -> bool:
    """Whether a solve of these rules is running in this process (a quick check)."""
    with _SOLVES_LOCK:
        found = _SOLVES.get((rules, players))
    return found is not None and not found.done
