"""Hand-made games for the history tests, and seeded games played by the computer."""

from __future__ import annotations

from tenthousand.ai.moves import apply, decide
from tenthousand.history.store import FINISHED, DecisionRow, GameEntry, SeatRow
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
