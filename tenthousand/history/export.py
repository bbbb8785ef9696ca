"""The stored games as CSV files for spreadsheets (File > Export, ``--export-csv``): one row
per seat of every game, and one per decision with its best choice and its cost.

A row with a value the export cannot use is left out and its game named, as the
statistics do (:func:`tenthousand.history.stats.readable`); a cell that begins like a
formula is made plain text, so that no spreadsheet runs it.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..files.storage import write_text_atomic
from .stats import Skipped, readable
from .store import History

__all__ = ["DECISION_COLUMNS", "GAME_COLUMNS", "decisions_csv", "export_csv", "games_csv"]

GAME_COLUMNS = ("game", "started", "status", "rules", "seconds", "assisted", "demo", "seat",
                "name", "computer", "level", "score", "rank", "won", "turns", "banked",
                "trash_turns", "corners", "best_turn", "luck", "skill",
                # program or real; the set of real dice; host, player or watcher (or '');
                # a friend's game: fair, unfair or unchecked (the host's dice).
                "dice", "dice_set", "network", "dice_check")
DECISION_COLUMNS = ("game", "step", "name", "kind", "chosen", "best", "chosen_value",
                    "best_value", "cost", "mistake")


# The CSV files are data for spreadsheets: their column names and values stay English
# whatever the language of the game (as do the --json keys).


#: What a spreadsheet reads as the start of a formula (or strips before one) at the head
#: of a cell; OWASP's advice for CSV files.  The full-width forms too: some East Asian
#: spreadsheet builds take "＝" for "=".
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _cell(value: object) -> object:
    """A value as a CSV cell that no spreadsheet runs: text that begins like a formula
    (a player named ``=cmd|' /C calc'!A0``) gets a leading apostrophe, which spreadsheets
    show as text; numbers stay numbers (-0.2 in a number column is not text)."""
    if not isinstance(value, str):
        return "" if value is None else value
    if value.startswith(_FORMULA_STARTS):
        value = "'" + value
    # A bare carriage return would end the row in a spreadsheet, and the writer quotes only
    # for its own line end: as a line break, the cell is quoted and stays one cell.
    return value.replace("\r\n", "\n").replace("\r", "\n")


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


_GAME_KINDS = ("int", "time", "str", "str", "float", "int", "int", "int", "str", "int", "str",
               "int", "int?", "int", "int", "int", "int", "int", "int", "float?", "float?",
               "str", "str?", "str", "str")
_DECISION_KINDS = ("int", "int", "str", "str", "str", "str", "float", "float", "float", "str",
                   "float?")


def _csv(columns: tuple[str, ...], rows: Iterable[Sequence[object]]) -> str:
    """A CSV file's text: the column names, then each row with every cell made safe."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(columns)
    w.writerows([_cell(v) for v in row] for row in rows)
    return out.getvalue()


def games_csv(history: History, skipped: list[Skipped] | None = None) -> str:
    """Every stored game, one row per seat (a row with odd values is left out and its game
    added to ``skipped``)."""
    rows = history.rows(
        "SELECT g.id, g.started, g.status, g.rules_label, g.seconds, g.assisted, g.demo, "
        "s.seat, s.name, s.computer, s.level, s.board_score, s.rank, s.won, s.turns, "
        "s.banked_points, s.trash_turns, s.corners, s.best_turn, s.luck, s.skill, "
        "CASE WHEN g.dice_set IS NULL THEN 'program' ELSE 'real' END, g.dice_set, g.network, "
        "g.dice_check FROM games g JOIN seats s ON s.game_id = g.id ORDER BY g.id, s.seat")
    return _csv(GAME_COLUMNS, ((r[0], _iso(r[1]), *r[2:4], round(r[4], 1), *r[5:])
                               for r in readable(rows, _GAME_KINDS,
                                                 [] if skipped is None else skipped)))


def decisions_csv(history: History, skipped: list[Skipped] | None = None) -> str:
    """Every stored decision with its best choice and its cost (a row with odd values is
    left out and its game added to ``skipped``)."""
    rows = history.rows(
        "SELECT d.game_id, d.step, s.name, d.kind, d.chosen, d.best, d.chosen_value, "
        "d.best_value, d.cost, d.mistake, g.started FROM decisions d JOIN seats s "
        "ON s.game_id = d.game_id AND s.seat = d.seat LEFT JOIN games g ON g.id = d.game_id "
        "ORDER BY d.game_id, d.step")
    return _csv(DECISION_COLUMNS, (row[:10] for row in readable(
        rows, _DECISION_KINDS, [] if skipped is None else skipped, started_at=10)))


def export_csv(history: History, folder: Path, skipped: list[Skipped] | None = None
               ) -> tuple[Path, Path]:
    """Write ``games.csv`` and ``decisions.csv`` into ``folder`` atomically (the games
    left out for odd values go to ``skipped``)."""
    games = folder / "tenthousand-games.csv"
    decisions = folder / "tenthousand-decisions.csv"
    found: list[Skipped] = [] if skipped is None else skipped
    write_text_atomic(games, games_csv(history, found))
    write_text_atomic(decisions, decisions_csv(history, found))
    return games, decisions
