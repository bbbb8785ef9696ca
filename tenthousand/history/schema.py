"""The history database's layout and what goes wrong with it.

:data:`MIGRATIONS` bring each older layout (``PRAGMA user_version``) up to :data:`VERSION`,
in order, inside one transaction (:func:`migrate`); :func:`layout` is the latest layout as
the migrations make it, against which :func:`check_layout` finds a file whose tables are
not what its version says.  :func:`trouble` tells a damaged file (:class:`Damaged`: set
aside) from a history that cannot be used now (:class:`Unavailable`: left alone).  The
store itself is :mod:`tenthousand.history.store`.
"""

from __future__ import annotations

import errno
import sqlite3
from functools import lru_cache

__all__ = ["MIGRATIONS", "VERSION", "Damaged", "HistoryError", "Unavailable", "check_layout",
           "layout", "migrate", "quick_check", "roll_back", "trouble"]

#: Each migration brings the layout from version ``i`` to ``i + 1`` (index ``i``).
MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: the first layout: games, their seats and the human decisions.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        started REAL NOT NULL,          -- seconds since 1970 (UTC)
        seconds REAL NOT NULL,          -- how long it was played
        status TEXT NOT NULL,           -- finished or abandoned
        preset TEXT NOT NULL,
        rules_label TEXT NOT NULL,
        rules TEXT NOT NULL,            -- the rules as JSON (every number and option)
        seat_count INTEGER NOT NULL,
        assisted INTEGER NOT NULL,      -- undo used or advisor shown
        demo INTEGER NOT NULL,
        source TEXT NOT NULL,           -- window, sim, ...
        record TEXT NOT NULL            -- the record as JSON (layout 2: in records)
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        computer INTEGER NOT NULL,
        level TEXT NOT NULL,
        board_score INTEGER NOT NULL,
        rank INTEGER,                   -- NULL in an abandoned game
        match_points INTEGER NOT NULL,
        won INTEGER NOT NULL,
        turns INTEGER NOT NULL,
        banked_points INTEGER NOT NULL,
        trash_turns INTEGER NOT NULL,
        corners INTEGER NOT NULL,
        best_turn INTEGER NOT NULL,
        f1 INTEGER NOT NULL, f2 INTEGER NOT NULL, f3 INTEGER NOT NULL,
        f4 INTEGER NOT NULL, f5 INTEGER NOT NULL, f6 INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE decisions (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        step INTEGER NOT NULL,          -- the command's number in the record (1 = first)
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,             -- win (probability) or score (expected points)
        chosen TEXT NOT NULL,
        best TEXT NOT NULL,
        chosen_value REAL NOT NULL,
        best_value REAL NOT NULL,
        cost REAL NOT NULL,             -- what the choice gave away (>= 0)
        mistake TEXT NOT NULL,          -- '', bank-early, throw-on, wrong-dice
        PRIMARY KEY (game_id, step)
    );
    CREATE INDEX seats_by_name ON seats(name);
    CREATE INDEX games_by_start ON games(started);
    """,
    # 1 -> 2: luck per throw, the luck and skill of each seat, the seed's fingerprint and
    # the challenge code a game was played from.
    """
    ALTER TABLE seats ADD COLUMN luck REAL;           -- NULL: not analysed
    ALTER TABLE seats ADD COLUMN skill REAL;
    ALTER TABLE seats ADD COLUMN start_chance REAL;   -- win chance at the start (tables)
    ALTER TABLE games ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN challenge TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN value_kind TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN game_key TEXT NOT NULL DEFAULT '';  -- the same game resumed
    CREATE INDEX games_by_key ON games(game_key);
    -- What the statistics read per game, kept beside each seat so that counting 10,000
    -- games reads 10,000 rows (filled in here for the games already stored).
    ALTER TABLE games ADD COLUMN optimum REAL;        -- best average turn for the rules
    ALTER TABLE seats ADD COLUMN decisions INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN given_away REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN bank_early INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN bank_early_cost REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN throw_on INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN throw_on_cost REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN wrong_dice INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN wrong_dice_cost REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN opponents TEXT NOT NULL DEFAULT '';
    ALTER TABLE seats ADD COLUMN other_best INTEGER;
    ALTER TABLE seats ADD COLUMN other_skill REAL;
    UPDATE seats SET
        decisions = (SELECT count(*) FROM decisions d
                     WHERE d.game_id = seats.game_id AND d.seat = seats.seat),
        given_away = (SELECT coalesce(sum(d.cost), 0) FROM decisions d
                      WHERE d.game_id = seats.game_id AND d.seat = seats.seat),
        bank_early = (SELECT count(*) FROM decisions d WHERE d.game_id = seats.game_id
                      AND d.seat = seats.seat AND d.mistake = 'bank-early'),
        bank_early_cost = (SELECT coalesce(sum(d.cost), 0) FROM decisions d
                           WHERE d.game_id = seats.game_id AND d.seat = seats.seat
                           AND d.mistake = 'bank-early'),
        throw_on = (SELECT count(*) FROM decisions d WHERE d.game_id = seats.game_id
                    AND d.seat = seats.seat AND d.mistake = 'throw-on'),
        throw_on_cost = (SELECT coalesce(sum(d.cost), 0) FROM decisions d
                         WHERE d.game_id = seats.game_id AND d.seat = seats.seat
                         AND d.mistake = 'throw-on'),
        wrong_dice = (SELECT count(*) FROM decisions d WHERE d.game_id = seats.game_id
                      AND d.seat = seats.seat AND d.mistake = 'wrong-dice'),
        wrong_dice_cost = (SELECT coalesce(sum(d.cost), 0) FROM decisions d
                           WHERE d.game_id = seats.game_id AND d.seat = seats.seat
                           AND d.mistake = 'wrong-dice'),
        opponents = coalesce((SELECT group_concat(CASE WHEN o.computer THEN o.level
                              ELSE 'person' END) FROM seats o
                              WHERE o.game_id = seats.game_id AND o.seat != seats.seat), ''),
        other_best = (SELECT max(o.board_score) FROM seats o
                      WHERE o.game_id = seats.game_id AND o.seat != seats.seat);
    -- The records move to a table of their own: a game's row stays small, so counting
    -- thousands of games does not read their records (kilobytes each) too.
    CREATE TABLE records (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        record TEXT NOT NULL
    );
    INSERT INTO records (game_id, record) SELECT id, record FROM games;
    UPDATE games SET record = '';
    UPDATE games SET value_kind = coalesce(
        (SELECT d.kind FROM decisions d WHERE d.game_id = games.id LIMIT 1), '');
    CREATE TABLE throws (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        step INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        dice TEXT NOT NULL,
        luck REAL NOT NULL,             -- what the dice moved the thrower's chance or score
        PRIMARY KEY (game_id, step)
    );
    """,
    # 2 -> 3: the token of each entry stored.  A game kept to be stored later (the history
    # was busy) carries a token, so it is stored once even when the program stops between
    # storing it and forgetting it (no reference to games: a game replaced by its
    # continuation keeps its token here).
    """
    CREATE TABLE entries (
        token TEXT PRIMARY KEY,
        game_id INTEGER NOT NULL
    );
    """,
    # 3 -> 4: the dice a game was played with (the program's, or a set of real dice and
    # its name) and whether it was a network game, and this screen's part in it.  The
    # games stored before were played with the program's dice on one screen, but for a
    # record that says otherwise (a build between releases), read from the record itself.
    """
    ALTER TABLE games ADD COLUMN dice_set TEXT;       -- NULL: the program's dice; else the set's name
    ALTER TABLE games ADD COLUMN network TEXT NOT NULL DEFAULT '';  -- host, player, watcher
    ALTER TABLE games ADD COLUMN network_seat INTEGER;  -- a player's own seat
    UPDATE games SET dice_set = (
        SELECT coalesce(json_extract(r.record, '$.dice_set'), '') FROM records r
        WHERE r.game_id = games.id AND json_valid(r.record)
        AND json_extract(r.record, '$.dice') = 'real')
    WHERE id IN (SELECT game_id FROM records WHERE record LIKE '%"dice":"real"%');
    UPDATE games SET
        network = coalesce((SELECT json_extract(r.record, '$.network.role') FROM records r
                            WHERE r.game_id = games.id AND json_valid(r.record)), ''),
        network_seat = (SELECT json_extract(r.record, '$.network.seat') FROM records r
                        WHERE r.game_id = games.id AND json_valid(r.record))
    WHERE id IN (SELECT game_id FROM records WHERE record LIKE '%"network":{%');
    CREATE INDEX games_by_dice_set ON games(dice_set);
    """,
    # 4 -> 5: a friend's network game says whether the host's dice were checked (fair,
    # unfair, unchecked; '' for the dice of this screen).  The friends' games stored before
    # have no check on record: unchecked.
    """
    ALTER TABLE games ADD COLUMN dice_check TEXT NOT NULL DEFAULT '';
    UPDATE games SET dice_check = 'unchecked' WHERE network IN ('player', 'watcher');
    """,
)
VERSION = len(MIGRATIONS)


class HistoryError(Exception):
    """The history could not be used (see :class:`Damaged` and :class:`Unavailable`)."""


class Damaged(HistoryError):
    """The file is not a sound history of this release: it is set aside (never by a
    reader).  ``why`` is ``damaged`` (not a database, damaged pages, parts of the layout
    missing) or ``newer`` (a layout from a newer release); the message is for the log."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(detail)
        self.why = why


class Unavailable(HistoryError):
    """The history cannot be used now, though nothing says the file is bad: it is left
    alone.  ``kind`` is ``busy`` (another program holds a lock), ``full`` (the disk),
    ``read-only`` (no permission to write) or ``unreadable`` (anything else: a folder that
    cannot be read or made, an input/output error); the message is for the log."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


_DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_KINDS = {sqlite3.SQLITE_BUSY: "busy", sqlite3.SQLITE_LOCKED: "busy",
          sqlite3.SQLITE_FULL: "full", sqlite3.SQLITE_READONLY: "read-only",
          sqlite3.SQLITE_PERM: "read-only", sqlite3.SQLITE_AUTH: "read-only"}
_OS_KINDS = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EACCES: "read-only",
             errno.EPERM: "read-only", errno.EROFS: "read-only"}


def trouble(error: BaseException) -> HistoryError:
    """What an error met with the history means: :class:`Damaged` only when SQLite says
    the file itself is bad (``SQLITE_CORRUPT``, ``SQLITE_NOTADB``); anything else (a lock,
    a full disk, a permission, an error of another kind) is :class:`Unavailable`."""
    if isinstance(error, HistoryError):
        return error
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        if primary in _DAMAGE_CODES:
            return Damaged("damaged", str(error))
        return Unavailable(_KINDS.get(primary or -1, "unreadable"), str(error))
    if isinstance(error, OSError):
        return Unavailable(_OS_KINDS.get(error.errno or -1, "unreadable"), str(error))
    return Unavailable("unreadable", str(error))


def migrate(con: sqlite3.Connection) -> int:
    """Bring the layout up to :data:`VERSION`; returns the version found.  Raises
    :class:`Damaged` for a layout newer than this release knows, or one the migrations
    cannot bring up to date (its tables are not what its version says)."""
    found = int(con.execute("PRAGMA user_version").fetchone()[0])
    if found > VERSION:
        raise Damaged("newer", f"layout {found}, newer than {VERSION}")
    if found == VERSION:
        return found
    con.execute("BEGIN IMMEDIATE")
    try:
        for i in range(found, VERSION):
            for statement in _statements(MIGRATIONS[i]):
                con.execute(statement)
        con.execute(f"PRAGMA user_version = {VERSION}")
        con.execute("COMMIT")
    except BaseException as e:
        roll_back(con)
        code = getattr(e, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_ERROR:
            # "no such table", "duplicate column name": the tables are not of that layout
            raise Damaged("damaged", f"layout {found} cannot be brought up to date: {e}") \
                from e
        raise
    return found


def roll_back(con: sqlite3.Connection) -> None:
    """Roll back what is left of a transaction (SQLite ends one itself on a full disk, and
    a ROLLBACK then would hide the first error behind "no transaction is active")."""
    if con.in_transaction:
        con.execute("ROLLBACK")


def _statements(script: str) -> list[str]:
    """The statements of a migration (``executescript`` would commit on its own)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


@lru_cache(maxsize=1)
def layout() -> dict[str, frozenset[str]]:
    """Every table of the latest layout and its columns (from the migrations themselves)."""
    con = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(con)
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: frozenset(r[1] for r in con.execute(f"PRAGMA table_info({t})"))
                for t in tables}
    finally:
        con.close()


def check_layout(con: sqlite3.Connection) -> None:
    """Raise :class:`Damaged` when a table or column of the layout is missing (a file
    with the right version number and not the right tables)."""
    for table, columns in layout().items():  # (the names are ours, not the file's)
        have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
        if not columns <= have:
            missing = sorted(columns - have)
            raise Damaged("damaged", f"table {table} lacks {', '.join(missing)}" if have
                          else f"no table {table}")


def quick_check(con: sqlite3.Connection) -> None:
    """Raise :class:`Damaged` when ``PRAGMA quick_check`` finds damaged pages."""
    rows = con.execute("PRAGMA quick_check").fetchall()
    if [r[0] for r in rows] != ["ok"]:
        raise Damaged("damaged", "quick_check: " + "; ".join(str(r[0]) for r in rows[:3]))
