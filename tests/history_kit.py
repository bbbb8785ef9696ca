"""Hand-made games for the history tests, and seeded games played by the computer."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tenthousand.ai.moves import apply, decide
from tenthousand.history.store import FINISHED, DecisionRow, GameEntry, History, SeatRow
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.solver.levels import make_player

DAY = 86400.0


def seat(i: int, name: str, *, score: int, won: bool, computer: bool = False,
         level: str = "", turns: int = 10, banked: int = 0, trash: int = 0, corners: int = 0,
         best: int = 0, faces: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
         luck: float | None = None, skill: float | None = None,
         start: float | None = None) -> SeatRow:
    f = tuple(faces)
    return SeatRow(i, name, computer, level, score, 1 if won else 2, 10 if won else 9, won,
                   turns, banked, trash, corners, best, (f[0], f[1], f[2], f[3], f[4], f[5]),
                   luck, skill, start)


def entry(seats: tuple[SeatRow, ...], *, day: int = 0, preset: str = "ten-thousand",
          assisted: bool = False, status: str = FINISHED, demo: bool = False,
          decisions: tuple[DecisionRow, ...] = (), kind: str = "") -> GameEntry:
    rules = PRESETS[preset]
    return GameEntry(started=1_700_000_000 + day * DAY, seconds=60.0, status=status,
                     preset=preset, rules_label=rules.label, rules=rules.to_dict(),
                     assisted=assisted, demo=demo, source="test", record={"hand": "made"},
                     seats=seats, decisions=decisions, value_kind=kind)


def played(seed: int, preset: str = "ten-thousand", levels: tuple[str, str] = ("normal",
           "beginner"), human: bool = True) -> Game:
    """A whole two-seat game: seat 0 (a person in the record) played by ``levels[0]``."""
    rules = PRESETS[preset]
    game = Game(rules, [Seat("Ann", not human, levels[0]), Seat("Bob", True, levels[1])],
                seed=seed)
    players = [make_player(level, rules, seed=seed * 10 + i) for i, level in enumerate(levels)]
    for p in players:
        p.prepare()
    while not game.over:
        apply(game, decide(game, players[game.current]))
    return game


# -- histories in trouble (tests/test_history_trouble.py) -----------------------------------

def filled(path: Path, games: int = 3) -> Path:
    """A history with ``games`` games of Ann against the expert, closed (checkpointed)."""
    with History(path) as h:
        for day in range(games):
            h.add(entry((seat(0, "Ann", score=10000, won=day % 2 == 0, faces=(3,) * 6),
                         seat(1, "Cy", score=9000, won=day % 2 == 1, computer=True,
                              level="expert", faces=(2,) * 6)), day=day))
    return path


def damage_pages(path: Path, games: int = 40) -> Path:
    """Damaged pages behind a good header: a history with games, its pages from the fourth
    on overwritten (the header, the layout and the version stay readable)."""
    filled(path, games)
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    assert len(data) > 6 * size
    for at in range(3 * size, len(data), size):
        data[at:at + size] = bytes([0x5A, 0xA5]) * (size // 2)
    path.write_bytes(bytes(data))
    return path


def drop_column(path: Path, table: str = "seats", column: str = "skill",
                version: int | None = None) -> Path:
    """A history at the right version (or ``version``) with one column missing."""
    filled(path)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    if version is not None:
        con.execute(f"PRAGMA user_version = {version}")
    con.close()
    return path


@contextmanager
def locked(path: Path, how: str) -> Iterator[sqlite3.Connection]:
    """Another connection holds a lock on the history while the block runs: ``exclusive``
    (BEGIN EXCLUSIVE in WAL mode: no writer gets in), ``rollback`` (the file in rollback
    journal mode, BEGIN EXCLUSIVE: nobody gets in) or ``locking-mode`` (PRAGMA
    locking_mode = EXCLUSIVE after a write: nobody gets in until it closes)."""
    con = sqlite3.connect(path, isolation_level=None)
    try:
        if how == "rollback":
            assert con.execute("PRAGMA journal_mode = DELETE").fetchone()[0] == "delete"
            con.execute("BEGIN EXCLUSIVE")
        elif how == "locking-mode":
            con.execute("PRAGMA locking_mode = EXCLUSIVE")
            con.execute("BEGIN IMMEDIATE")
            con.execute("UPDATE games SET seconds = seconds")
            con.execute("COMMIT")  # the lock stays: exclusive locking mode
        else:
            con.execute("BEGIN EXCLUSIVE")
        yield con
    finally:
        con.close()


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


#: Odd values a crafted or damaged history may hold, one game each (game 1 stays good).
ODD_ROWS = {
    2: "UPDATE seats SET won = 'lots' WHERE game_id = 2 AND seat = 0",  # text in a number
    3: "UPDATE games SET started = 1e300 WHERE id = 3",  # a time no calendar has
    4: "UPDATE seats SET opponents = CAST(X'FF41' AS TEXT), level = CAST(X'FF41' AS TEXT) "
       "WHERE game_id = 4",  # text that is not UTF-8
    5: "UPDATE seats SET luck = 9e999 WHERE game_id = 5 AND seat = 0",  # infinity
    6: "UPDATE seats SET f1 = 'x', name = CAST(X'FF' AS TEXT) WHERE game_id = 6 AND seat = 1",
}


def odd_history(path: Path) -> Path:
    """Six games of Ann against Cy (W L W L W L), games 2 to 6 with one odd value each."""
    filled(path, 6)
    con = sqlite3.connect(path, isolation_level=None)
    for statement in ODD_ROWS.values():
        con.execute(statement)
    con.close()
    return path
