"""``python -m tenthousand.tools.benchmark undo``: what undo and redo cost as a game grows.

Plays games of 10, 1,000 and 10,000 commands (ten-thousand to the highest game point,
1,000,000, so that no game ends first) between the seat "You", counted as a person, and an
Expert; the person's decisions are an Expert's too.  Each game stops when it is the
person's turn, so an undo takes back the person's last command and the computer's turn
played since, as in the window; it is timed there and at the person's next turns
(``--positions`` in all, so that the figures do not hang on where one game stops), each
``--runs`` times.  The medians of all those timings, per game length:

* ``undo``: :meth:`Record.undo` of that game (what the window's Undo waits for);
* ``redo``: :meth:`Record.redo` of the game undo gave, back to where it was;
* ``undo_again``: a second undo, from the game the first undo gave.

It prints a table in milliseconds, or one JSON object with ``--json``.  Timings depend on
the machine: compare medians on one machine, not single runs.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

from ..model.game import Game, Seat
from ..model.rules import PRESETS

SIZES = (10, 1_000, 10_000)
HUMANS = frozenset({0})


def build(commands: int, *, seed: int = 1,
          rules_name: str = "ten-thousand") -> tuple[Game, list[Any]]:
    """A game of at least ``commands`` commands, stopped when "You" (seat 0) is to play,
    and its players."""
    from ..ai import make_player
    from ..ai.moves import commands as move_commands
    from ..ai.moves import decide

    rules = PRESETS[rules_name].with_options(game_point=1_000_000)
    players = [make_player("expert", rules, seed=seed + s) for s in range(2)]
    for player in players:
        player.prepare()
    game = Game(rules, [Seat("You"), Seat("Expert", True, "expert")], seed=seed,
                first_seat=0)
    while (len(game.record) < commands or game.current != 0) and not game.over:
        move_commands(game, decide(game, players[game.current]))[0]()
    if game.over:
        raise RuntimeError(f"the game ended after {len(game.record)} commands")
    return game, players


def _ms(seconds: list[float]) -> float:
    return round(1000 * statistics.median(seconds), 3)


def _next_turn(game: Game, players: Sequence[Any]) -> None:
    """Play on to the person's next turn (the computer's turn in between)."""
    from ..ai.moves import commands as move_commands
    from ..ai.moves import decide

    for wanted in (1, 0):
        while game.current != wanted:
            if game.over:
                raise RuntimeError(f"the game ended after {len(game.record)} commands")
            move_commands(game, decide(game, players[game.current]))[0]()


def time_undo(game: Game, runs: int, timings: dict[str, list[float]]) -> None:
    """Time undo, redo and a second undo of ``game`` ``runs`` times, into ``timings``."""
    for _ in range(runs):
        gc.collect()
        t0 = time.perf_counter()
        back = game.record.undo(HUMANS)
        t1 = time.perf_counter()
        back.record.redo(HUMANS)
        t2 = time.perf_counter()
        back.record.undo(HUMANS)
        t3 = time.perf_counter()
        timings["undo"].append(t1 - t0)
        timings["redo"].append(t2 - t1)
        timings["undo_again"].append(t3 - t2)


def measure(commands: int, runs: int, positions: int, seed: int = 1) -> dict[str, Any]:
    """The median milliseconds of undo, redo and a second undo in a game of ``commands``
    commands, at ``positions`` turns of the person's from there."""
    game, players = build(commands, seed=seed)
    timings: dict[str, list[float]] = {"undo": [], "redo": [], "undo_again": []}
    first = len(game.record)
    for i in range(positions):
        if i:
            _next_turn(game, players)
        time_undo(game, runs, timings)
    return {"commands": first, "to": len(game.record),
            **{f"{name}_ms": _ms(seconds) for name, seconds in timings.items()}}


def run(sizes: Sequence[int] = SIZES, runs: int = 5, positions: int = 8,
        seed: int = 1) -> list[dict[str, Any]]:
    return [measure(n, runs, positions, seed) for n in sizes]


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = [f"{'commands':>15} {'undo ms':>9} {'redo ms':>9} {'undo again ms':>14}"]
    for row in rows:
        span = f"{row['commands']:,}-{row['to']:,}"
        lines.append(f"{span:>15} {row['undo_ms']:>9.2f} {row['redo_ms']:>9.2f} "
                     f"{row['undo_again_ms']:>14.2f}")
    return "\n".join(lines)


def parse_with_sizes(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    """The benchmarks' common tail: ``--seed`` and ``--json`` added, the arguments parsed,
    and ``--sizes`` ("1000,10000") turned into whole numbers (at least one)."""
    parser.add_argument("--seed", type=int, default=1, help="seed for the dice (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        args.sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error("--sizes must be whole numbers separated by commas")
    if not args.sizes:
        parser.error("--sizes needs at least one size")
    return args


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenthousand.tools.benchmark undo",
                                     description="Time undo and redo in games of 10, 1,000 "
                                                 "and 10,000 commands.")
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="timings at each position (default 5)")
    parser.add_argument("--positions", type=int, default=8, metavar="N",
                        help="the person's turns timed in each game (default 8)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), metavar="N,N,...",
                        help="the games' lengths in commands (default 10,1000,10000)")
    args = parse_with_sizes(parser, argv)
    sizes = args.sizes
    if not all(1 <= n <= 20_000 for n in sizes) or not 1 <= args.runs <= 1000 \
            or not 1 <= args.positions <= 100:
        parser.error("--sizes must be 1 to 20,000 commands, --runs 1 to 1000 and "
                     "--positions 1 to 100")
    rows = run(sizes, args.runs, args.positions, args.seed)
    print(json.dumps({"runs": args.runs, "positions": args.positions, "games": rows})
          if args.json else table(rows))
    return 0
