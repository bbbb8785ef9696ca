"""The history database: every finished or abandoned game, in SQLite (pure Python).

One file, ``history.sqlite3`` in the user data folder (``paths().history``), written with
write-ahead logging and one transaction per game, so a kill at any instant leaves every
game stored before it whole and no game half-written.  The layout has a version
(``PRAGMA user_version``) and each older layout is brought up to date by the migrations in
:data:`~.schema.MIGRATIONS`, in order, inside one transaction (:mod:`.schema`).

A database that is really damaged (not SQLite, pages that fail ``PRAGMA quick_check``, a
layout from a newer release, or one with tables or columns missing behind the right
version number) is set aside as ``history.sqlite3.bad-TIMESTAMP`` like the other bad files,
and a new one begun: the game never fails to start because of its history.  A history that
cannot be used *now* (another program holds a lock, the disk is full, the folder is
read-only or unreadable) is left alone: :class:`Unavailable` says why, and the keeper keeps
the game to store later.  Readers (``--stats``, the Statistics window) open the file
read-only and never set anything aside.  Players are known by the name of their seat.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files.storage import set_aside
from ..i18n import _
from .schema import (
    VERSION,
    Damaged,
    HistoryError,
    Unavailable,
    check_layout,
    migrate,
    quick_check,
    roll_back,
    trouble,
)

log = logging.getLogger(__name__)

FINISHED = "finished"
ABANDONED = "abandoned"

@dataclass(frozen=True)
class SeatRow:
    """One seat of a stored game and what it did."""

    seat: int
    name: str
    computer: bool
    level: str
    board_score: int
    rank: int | None
    match_points: int
    won: bool
    turns: int
    banked_points: int
    trash_turns: int
    corners: int
    best_turn: int
    faces: tuple[int, int, int, int, int, int]
    luck: float | None = None
    skill: float | None = None
    start_chance: float | None = None


@dataclass(frozen=True)
class DecisionRow:
    """A decision valued against the best choice of its position (the analysis makes
    them, the history keeps those of people)."""

    step: int
    seat: int
    kind: str
    chosen: str
    best: str
    chosen_value: float
    best_value: float
    cost: float
    mistake: str


@dataclass(frozen=True)
class ThrowRow:
    step: int
    seat: int
    dice: tuple[int, ...]
    luck: float


@dataclass(frozen=True)
class GameEntry:
    """Everything stored of one game (see :func:`tenthousand.history.summary.summarize`)."""

    started: float
    seconds: float
    status: str
    preset: str
    rules_label: str
    rules: dict[str, object]
    assisted: bool
    demo: bool
    source: str
    record: dict[str, object]
    seats: tuple[SeatRow, ...]
    decisions: tuple[DecisionRow, ...] = ()
    throws: tuple[ThrowRow, ...] = ()
    fingerprint: str = ""
    challenge: str = ""
    value_kind: str = ""  # win, score, or '' when the game was not analysed
    #: The same for a game and its resumed or undone continuations: a finished game
    #: replaces the abandoned entry it was resumed from.
    game_key: str = ""
    optimum: float | None = None  # what the best play for points banks a turn, on average
    #: Given to an entry kept to be stored later: an entry with a token is stored once.
    token: str = ""
    #: Played with real dice: the name of the set ('' unnamed); None: the program's dice.
    dice_set: str | None = None
    #: A network game: this screen's part (host, player or watcher); '': one screen.
    network: str = ""
    network_seat: int | None = None  # a player's own seat
    #: A friend's network game: what the check of the host's dice found (fair, unfair,
    #: unchecked); '' for a game whose dice were this screen's own.
    dice_check: str = ""


MISTAKES = ("bank-early", "throw-on", "wrong-dice")

#: The last second of the year 9999: a game that started later has no date.
LATEST = 253402300799.0
#: No whole number the history keeps comes near this (scores, counts, steps); SQLite's own
#: limit is 2**63 - 1, and a number past it stopped every store after it.
MOST = 10**12


class BadEntry(ValueError):
    """An entry that can never be stored as the statistics would count it (a number far
    out of range, a start that is no time): the message says what, in the player's words.
    It is set aside, never stored, never dropped."""


def check_entry(entry: GameEntry) -> None:
    """Raise :class:`BadEntry` when a value of ``entry`` cannot be kept and counted: a
    whole number beyond :data:`MOST`, a number that is not finite, a start outside the
    years 1970 to 9999 or a negative length of play."""
    if not (isinstance(entry.started, (int, float)) and 0 <= entry.started <= LATEST):
        raise BadEntry(_("its start is not a date"))
    if not (isinstance(entry.seconds, (int, float)) and 0 <= entry.seconds < MOST):
        raise BadEntry(_("its length of play is not a length"))
    _check_numbers(entry)


def _check_numbers(value: object) -> None:
    if isinstance(value, bool) or isinstance(value, str) or value is None:
        return
    if isinstance(value, int):
        if abs(value) > MOST:
            raise BadEntry(_("a number in it is far too large"))
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise BadEntry(_("a number in it is not a finite number"))
    elif isinstance(value, tuple):
        for item in value:
            _check_numbers(item)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.name not in ("record", "rules"):  # JSON kept as text: any number is text
                _check_numbers(getattr(value, f.name))


def _per_seat(e: GameEntry, seat: int) -> tuple[object, ...]:
    """What the statistics read of one seat besides its own row: its decisions summed up
    (count and cost, in all and by kind of mistake) and its opponents."""
    mine = [d for d in e.decisions if d.seat == seat]
    out: list[object] = [len(mine), sum(d.cost for d in mine)]
    for mistake in MISTAKES:
        these = [d.cost for d in mine if d.mistake == mistake]
        out += [len(these), sum(these)]
    others = [s for s in e.seats if s.seat != seat]
    out.append(",".join(s.level if s.computer else "person" for s in others))
    out.append(max((s.board_score for s in others), default=None))
    skills = [s.skill for s in others]
    out.append(skills[0] if len(skills) == 1 else None)  # two seats: the other's decisions
    return tuple(out)


#: How long a store waits for a lock another program holds, by default (seconds).
BUSY_TIMEOUT = 10.0


def _text(raw: bytes) -> str | bytes:
    """Text from the database; bytes when it is not UTF-8 (the readers skip such a row)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _connect(path: Path, timeout: float, read_only: bool) -> sqlite3.Connection:
    if read_only:  # nothing created, nothing changed: the file as it is, or an error
        con = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True,
                              timeout=timeout, isolation_level=None, check_same_thread=False)
    else:
        con = sqlite3.connect(str(path), timeout=timeout, isolation_level=None,
                              check_same_thread=False)
    con.execute("PRAGMA foreign_keys = ON")
    return con


def set_aside_words(why: str, aside: Path) -> str:
    """The sentence that tells the player a history was set aside."""
    if why == "newer":
        # Translators: {file} is a file name.
        return _("The game history was written by a newer release of the game, so it was "
                 "set aside as {file} and a new one begun.").format(file=aside.name)
    # Translators: {file} is a file name.
    return _("The game history was damaged, so it was set aside as {file} and a new one "
             "begun.").format(file=aside.name)


class History:
    """The open history database.  Not shared between threads at the same time: the
    window uses it from one job lane at a time.

    Raises :class:`Unavailable` when the history cannot be used now (the file is left as
    it is), and :class:`Damaged` only when ``read_only`` (a writer sets a damaged file
    aside, begins a new one and says so in :attr:`problem`).  ``timeout``: how long to
    wait for another program's lock; ``check``: run ``PRAGMA quick_check`` at open (the
    readers rely on the first error instead: they open at every count)."""

    def __init__(self, path: Path, *, read_only: bool = False,
                 timeout: float = BUSY_TIMEOUT, check: bool | None = None) -> None:
        self.path = path
        self.read_only = read_only
        self.timeout = timeout
        self.check = not read_only if check is None else check
        #: One sentence when the old database had to be set aside (for the log and player).
        self.problem: str | None = None
        self.con = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            if not self.read_only:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            return self._open_once()
        except (OSError, sqlite3.Error, HistoryError) as e:
            found = trouble(e)
            if self.read_only or not isinstance(found, Damaged):
                raise found from e
        self._begin_again(found)
        return self._open_once()

    def _open_once(self) -> sqlite3.Connection:
        con = _connect(self.path, self.timeout, self.read_only)
        try:
            if not self.read_only:
                con.execute("PRAGMA journal_mode = WAL")
                con.execute("PRAGMA synchronous = FULL")
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()
            if self.check:
                quick_check(con)
            if self.read_only and int(con.execute("PRAGMA user_version").fetchone()[0]) \
                    != VERSION:
                con = self._in_memory(con)
            migrate(con)
            check_layout(con)
        except BaseException:
            con.close()
            raise
        return con

    @staticmethod
    def _in_memory(con: sqlite3.Connection) -> sqlite3.Connection:
        """A copy of an older layout in memory, to read it as the latest (a reader does not
        change the file; the game brings it up to date)."""
        copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            con.backup(copy)
        except BaseException:
            copy.close()
            raise
        con.close()
        return copy

    def begin_again(self, damaged: Damaged) -> None:
        """Set the damaged file aside and begin a new one (found at the first error: the
        file passed its checks at open)."""
        self.con.close()
        self._begin_again(damaged)
        self.con = self._open_once()

    def _begin_again(self, damaged: Damaged) -> None:
        if self.read_only:
            raise damaged
        aside = self._set_aside()
        log.warning("the history is damaged (%s); set aside as %s", damaged,
                    aside.name if aside else "nothing (there was no file)")
        if aside is not None:
            self.problem = set_aside_words(damaged.why, aside)

    def _set_aside(self) -> Path | None:
        if not self.path.exists():
            aside = None
        else:
            aside = set_aside(self.path)
            if aside is None:  # a file that cannot be moved is left as it is
                raise Unavailable("read-only", f"{self.path} cannot be set aside")
        for suffix in ("-wal", "-shm"):  # the old log belongs to the old file
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                if aside is not None:
                    extra.replace(aside.with_name(aside.name + suffix))
                else:
                    extra.unlink()
        return aside

    def set_timeout(self, seconds: float) -> None:
        """Wait this long for another program's lock from now on (the quit waits less)."""
        self.con.execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        self.con.execute("BEGIN IMMEDIATE")
        try:
            yield self.con
        except BaseException:
            roll_back(self.con)
            raise
        self.con.execute("COMMIT")

    # -- writing ----------------------------------------------------------------------------

    def add(self, entry: GameEntry) -> int:
        """Store one game in one transaction; returns its id.  An entry with a token that
        was stored before is not stored again (its first id is returned); one with a value
        that cannot be kept raises :class:`BadEntry` and nothing is written."""
        check_entry(entry)
        with self.transaction() as con:
            if entry.token:
                row = con.execute("SELECT game_id FROM entries WHERE token = ?",
                                  (entry.token,)).fetchone()
                if row is not None:
                    return int(row[0])
            game_id = self._insert(con, entry)
            if entry.token:
                con.execute("INSERT INTO entries (token, game_id) VALUES (?, ?)",
                            (entry.token, game_id))
            return game_id

    def stored(self, token: str) -> bool:
        """Whether the entry with this token is stored."""
        return self.con.execute("SELECT 1 FROM entries WHERE token = ?",
                                (token,)).fetchone() is not None

    def add_many(self, entries: Sequence[GameEntry]) -> list[int]:
        """Store several games, each in its own transaction (a kill loses none before)."""
        return [self.add(e) for e in entries]

    def _insert(self, con: sqlite3.Connection, e: GameEntry) -> int:
        if e.game_key:
            # A game left unfinished (stored as abandoned) and played on later is one game.
            con.execute("DELETE FROM games WHERE game_key = ? AND status = ?",
                        (e.game_key, ABANDONED))
        cur = con.execute(
            "INSERT INTO games (started, seconds, status, preset, rules_label, rules, "
            "seat_count, assisted, demo, source, record, fingerprint, challenge, value_kind, "
            "game_key, optimum, dice_set, network, network_seat, dice_check) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (e.started, e.seconds, e.status, e.preset, e.rules_label,
             json.dumps(e.rules, sort_keys=True), len(e.seats), int(e.assisted), int(e.demo),
             e.source, "", e.fingerprint,
             e.challenge, e.value_kind, e.game_key, e.optimum, e.dice_set, e.network,
             e.network_seat, e.dice_check))
        game_id = int(cur.lastrowid or 0)
        con.execute("INSERT INTO records (game_id, record) VALUES (?, ?)",
                    (game_id, json.dumps(e.record, separators=(",", ":"))))
        con.executemany(
            "INSERT INTO seats (game_id, seat, name, computer, level, board_score, rank, "
            "match_points, won, turns, banked_points, trash_turns, corners, best_turn, "
            "f1, f2, f3, f4, f5, f6, luck, skill, start_chance, decisions, given_away, "
            "bank_early, bank_early_cost, throw_on, throw_on_cost, wrong_dice, "
            "wrong_dice_cost, opponents, other_best, other_skill) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(game_id, s.seat, s.name, int(s.computer), s.level, s.board_score, s.rank,
              s.match_points, int(s.won), s.turns, s.banked_points, s.trash_turns, s.corners,
              s.best_turn, *s.faces, s.luck, s.skill, s.start_chance,
              *_per_seat(e, s.seat)) for s in e.seats])
        con.executemany(
            "INSERT INTO decisions (game_id, step, seat, kind, chosen, best, chosen_value, "
            "best_value, cost, mistake) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [(game_id, d.step, d.seat, d.kind, d.chosen, d.best, d.chosen_value,
              d.best_value, d.cost, d.mistake) for d in e.decisions])
        con.executemany(
            "INSERT INTO throws (game_id, step, seat, dice, luck) VALUES (?,?,?,?,?)",
            [(game_id, t.step, t.seat, "".join(map(str, t.dice)), t.luck) for t in e.throws])
        return game_id

    # -- reading ----------------------------------------------------------------------------

    def rows(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """Every row of a query; text that is not UTF-8 comes as bytes, for the reader to
        leave its row out (read as text first: SQLite's own decoding is the fast one)."""
        try:
            return self.con.execute(sql, args).fetchall()
        except sqlite3.OperationalError as e:
            if not str(e).startswith("Could not decode to UTF-8"):
                raise
        self.con.text_factory = _text
        try:
            return self.con.execute(sql, args).fetchall()
        finally:
            self.con.text_factory = str

    def has_finished(self, key: str, fingerprint: str = "") -> bool:
        """Whether a finished game with this game key (or this seed's fingerprint) is
        stored."""
        return self.con.execute(
            "SELECT 1 FROM games WHERE status = ? AND (game_key = ? OR fingerprint != '' "
            "AND fingerprint = ?) LIMIT 1", (FINISHED, key, fingerprint)).fetchone() is not None

    def count(self) -> int:
        return int(self.con.execute("SELECT count(*) FROM games").fetchone()[0])

    def names(self) -> list[str]:
        """Every player name, people first, then by how many games they played (a name
        that is not text is left out, as the statistics leave out its rows)."""
        rows = self.rows("SELECT name, max(computer = 0) AS person, count(*) AS n FROM seats "
                         "GROUP BY name ORDER BY person DESC, n DESC, name")
        return [r[0] for r in rows if isinstance(r[0], str)]

    def record(self, game_id: int) -> dict[str, object]:
        """The stored record of a game, as JSON data (KeyError when there is none)."""
        found = self.rows("SELECT record FROM records WHERE game_id = ?", (game_id,))
        if not found:
            raise KeyError(game_id)
        row = found[0]
        try:
            data = json.loads(row[0])
        except (ValueError, RecursionError):
            raise KeyError(game_id) from None
        if not isinstance(data, dict):
            raise KeyError(game_id)
        return data

    def integrity(self) -> str:
        """``PRAGMA integrity_check``'s answer ('ok' when the file is sound)."""
        return str(self.con.execute("PRAGMA integrity_check").fetchone()[0])


@dataclass
class Opened:
    """:func:`open_history`'s answer: the history, or why there is none this time
    (``trouble``: what kept it, for the caller's own words)."""

    history: History | None
    problem: str | None = None
    notes: list[str] = field(default_factory=list)
    trouble: Unavailable | None = None


def history_path() -> Path:
    from ..files.paths import paths

    return paths().history


def open_history(path: Path | None = None, *, timeout: float = BUSY_TIMEOUT) -> Opened:
    """Open (or begin) the history; never raises for a bad or unwritable file."""
    path = history_path() if path is None else path
    started = time.perf_counter()
    try:
        history = History(path, timeout=timeout)
    except (OSError, sqlite3.Error, HistoryError) as e:
        found = trouble(e)
        log.warning("the history at %s cannot be used now: %s", path, found)
        kind = found.kind if isinstance(found, Unavailable) else "unreadable"
        unavailable = found if isinstance(found, Unavailable) else Unavailable(kind, str(e))
        return Opened(None, unavailable_words(kind, path), trouble=unavailable)
    log.debug("history opened in %.1f ms", 1000 * (time.perf_counter() - started))
    return Opened(history, history.problem)


def unavailable_words(kind: str, path: Path) -> str:
    """Why a game cannot be stored now, and that it is kept (one sentence a kind)."""
    if kind == "busy":
        return _("The game history is in use by another program, so this game is kept and "
                 "stored later; close that program if this goes on.")
    if kind == "full":
        return _("The disk is full, so this game is kept and stored in the history later; "
                 "free some space on the disk.")
    if kind == "read-only":
        # Translators: {folder} is a folder's path.
        return _("The game history cannot be written here, so this game is kept and stored "
                 "later; make the folder {folder} writable.").format(folder=path.parent)
    # Translators: {folder} is a folder's path.
    return _("The game history cannot be opened just now, so this game is kept and stored "
             "later; check that the folder {folder} can be read.").format(folder=path.parent)


def unkept_words(kind: str, path: Path, in_save: bool) -> str:
    """Why a game that could not be kept beside the history either (the disk refused that
    file too) is not stored yet, and where it is now: in the saved game, from which the
    next start stores it, or only in the program's memory (one sentence)."""
    reasons = {
        "busy": _("the game history is in use by another program"),
        "full": _("the disk is full"),
        # Translators: {folder} is a folder's path.
        "read-only": _("the game history cannot be written in the folder {folder}"),
    }
    # Translators: why a game is not stored in the history yet (in brackets in a sentence).
    reason = reasons.get(kind, _("the game history cannot be opened just now")).format(
        folder=path.parent)
    if in_save:
        # Translators: {reason} says why, as "the disk is full".
        return _("This game could not be stored in the history yet ({reason}); it stays in "
                 "the saved game, and the next start stores it from there.").format(
            reason=reason)
    # Translators: {reason} says why, as "the disk is full".
    return _("This game could not be stored in the history ({reason}) nor kept beside it to "
             "store later: it is stored only if that changes before you quit.").format(
        reason=reason)
