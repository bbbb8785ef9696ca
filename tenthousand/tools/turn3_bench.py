"""``python -m tenthousand.tools.benchmark turn3``: what a three-seat Perfect turn costs.

A three-player table keeps only the chances at the start of turns; Perfect solves the
inside of each turn it plays when it meets it (:class:`tenthousand.solver.turn3.Turn3`).
This solves ``--turns`` turn starts of the rules' table (boards drawn with ``--seed``),
each afresh, with the compiled kernel and with the pure-Python reference (every
``--every``-th turn: it is some fifty times as slow), checks that both give the same
numbers, and prints the medians in milliseconds::

    {"rules", "game_point", "turns", "compiled", "compiled_ms", "python_ms", "ratio",
     "banks_ms", "same"}

``banks_ms`` is the part of a turn that reads the bank vectors from the table.  The
table comes from this machine's cache; where there is none it is solved here first and
kept (seconds for a game point of 1,000, about ten minutes for Trash-5000).  Whole games
are timed by the simulator: ``python -m tenthousand.tools.sim games --rules trash-5000
--players perfect,expert,expert --games 2000``.  Timings depend on the machine: compare
medians on one machine, not single runs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..model.rules import PRESETS, Rules


def _table(rules: Rules) -> Any:
    """The rules' three-player table, solved and kept first where there is none."""
    from ..solver import cache, table3

    found = table3.load(rules)
    if found is None:
        why = cache.unsolvable(rules, 3)
        if why is not None:
            raise ValueError(why)
        sys.stderr.write("turn3: solving the three-player table of these rules first\n")
        found = cache.background(rules, 3).run()
    return found


def measure(rules: Rules, turns: int, every: int = 10, seed: int = 1) -> dict[str, Any]:
    """Solve ``turns`` normal turn starts afresh (and every ``every``-th in Python too,
    from the same bank vectors); the median milliseconds of each."""
    from array import array

    from ..solver import compiled3, table3
    from ..solver.turn3 import solve_rows

    table = _table(rules)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"compiled": [], "python": [], "banks": []}
    same = True
    for i in range(turns):
        board = tuple(rng.randrange(table.ng) for _ in range(3))
        turn = table3._make(table, "normal", rng.randrange(3), board, (), None)
        assert turn is not None  # (every normal turn start is in the table)
        started = time.perf_counter()
        fast = turn.unsolved()
        fast.solve()
        times["compiled"].append(time.perf_counter() - started)
        started = time.perf_counter()
        banks = table.normal_banks(turn.mover, board, turn.cap + turn.maxp + 1)
        times["banks"].append(time.perf_counter() - started)
        if i % every == 0:
            started = time.perf_counter()
            rows, throws = solve_rows(turn.rules, banks, turn.mover, turn.key, turn.need,
                                      turn.cap)
            times["python"].append(time.perf_counter() - started + times["banks"][-1])
            same = same and fast._rows == array("d", rows) and fast._throws == array(
                "d", throws)
    fast_ms, slow_ms = _ms(times["compiled"]), _ms(times["python"])
    return {"rules": rules.preset, "game_point": rules.game_point, "turns": turns,
            "compiled": compiled3.turn_kernel() is not None,
            "compiled_ms": fast_ms, "python_ms": slow_ms,
            "ratio": round(slow_ms / fast_ms, 1) if fast_ms else None,
            "banks_ms": _ms(times["banks"]), "same": same}


def _ms(seconds: Sequence[float]) -> float:
    return round(1000 * statistics.median(seconds), 3) if seconds else 0.0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenthousand.tools.benchmark turn3",
                                     description="Time a three-seat Perfect turn, compiled "
                                                 "and in Python.")
    parser.add_argument("--rules", default="trash-5000", choices=sorted(PRESETS),
                        metavar="PRESET", help="the preset (default trash-5000)")
    parser.add_argument("--game-point", type=int, default=None, metavar="N",
                        help="change the game point (a multiple of 50)")
    parser.add_argument("--turns", type=int, default=400, metavar="N",
                        help="turn starts to solve (default 400)")
    parser.add_argument("--every", type=int, default=10, metavar="N",
                        help="solve every N-th turn in Python too (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the boards (default 1)")
    args = parser.parse_args(argv)
    if not 1 <= args.turns <= 100_000 or not 1 <= args.every <= args.turns:
        parser.error("--turns must be 1 to 100,000 and --every 1 to --turns")
    rules = PRESETS[args.rules]
    try:
        if args.game_point is not None:
            rules = rules.with_options(game_point=args.game_point)
    except ValueError as e:
        parser.error(str(e))
    try:
        result = measure(rules, args.turns, args.every, args.seed)
    except ValueError as e:
        sys.stderr.write(f"turn3: {e}\n")
        return 1
    print(json.dumps(result))
    return 0
