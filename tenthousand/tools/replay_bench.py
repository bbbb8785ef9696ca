"""``python -m tenthousand.tools.benchmark replay``: what opening a long record costs.

Makes records of 1,000, 10,000 and 100,000 commands (``--sizes``): Ten-Thousand to the
highest game point, 1,000,000, between "You" (a person) and a computer, both giving the
commands of a deliberately poor player that throws on until the dice are trash and banks
one time in fifty, so that no game ends first.  Then times, ``--runs`` times each:

* ``read``: the record read back from its JSON as File > Open record does
  (:func:`tenthousand.model.persist.load_record`, which plays it through to check it);
* ``build``: the replay built from it (:func:`tenthousand.present.replaying.build`, what
  the replay window waits for);
* ``step``: the median of showing a step (:meth:`Replay.game`) at 200 steps spread over
  the game, as the slider jumps.

It prints a table in seconds (``step`` in milliseconds), or one JSON object with ``--json``.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from ..model import PRESETS, Game, Seat
from ..model.game import Phase
from .undo_bench import parse_with_sizes

SIZES = (1_000, 10_000, 100_000)


def long_game(commands: int, *, seed: int = 1) -> Game:
    """A game of exactly ``commands`` commands (none of its seats has won)."""
    rules = PRESETS["ten-thousand"].with_options(game_point=1_000_000)
    game = Game(rules, [Seat("You"), Seat("Computer", True, "expert")], seed=seed,
                first_seat=0)
    choose = random.Random(seed)
    while len(game.record) < commands:
        if game.over:
            raise RuntimeError(f"the game ended after {len(game.record)} commands")
        if game.phase is not Phase.CHOOSE:
            game.throw()
            continue
        faces, _points = max(game.legal_freezes(), key=lambda f: (f[1], -len(f[0])))
        freeze = game.indices_for(faces)
        if choose.random() < 0.02 and game.bank_refusal(freeze) is None:
            game.bank(freeze)
        else:
            game.throw(freeze)
    return game


def _timed(func: Any) -> tuple[float, Any]:
    gc.collect()
    t0 = time.perf_counter()
    value = func()
    return time.perf_counter() - t0, value


def measure(commands: int, runs: int, seed: int = 1) -> dict[str, Any]:
    """Median seconds to read and to build the replay of a record of ``commands``."""
    from ..model.persist import load_record
    from ..present.replaying import build

    data = json.loads(json.dumps(long_game(commands, seed=seed).record.to_dict()))
    reads, builds, steps = [], [], []
    for _run in range(runs):
        seconds, record = _timed(partial(load_record, data))
        reads.append(seconds)
        seconds, replay = _timed(partial(build, record))
        builds.append(seconds)
    for k in range(200):
        seconds, _game = _timed(partial(replay.game, (k * 7919) % (replay.last + 1)))
        steps.append(seconds)
    return {"commands": commands, "bytes": len(json.dumps(data)),
            "read_s": round(statistics.median(reads), 3),
            "build_s": round(statistics.median(builds), 3),
            "step_ms": round(1000 * statistics.median(steps), 2),
            "step_max_ms": round(1000 * max(steps), 2)}


def table(rows: Sequence[dict[str, Any]]) -> str:
    lines = [f"{'commands':>9} {'MB':>6} {'read s':>8} {'build s':>8} {'step ms':>8} "
             f"{'max ms':>7}"]
    for row in rows:
        lines.append(f"{row['commands']:>9,} {row['bytes'] / 1e6:>6.2f} {row['read_s']:>8.3f} "
                     f"{row['build_s']:>8.3f} {row['step_ms']:>8.2f} "
                     f"{row['step_max_ms']:>7.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenthousand.tools.benchmark replay",
                                     description="Time reading a record and building its "
                                                 "replay at 1,000, 10,000 and 100,000 "
                                                 "commands.")
    parser.add_argument("--runs", type=int, default=3, metavar="N",
                        help="timings of each record (default 3)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), metavar="N,N,...",
                        help="the records' lengths in commands (default 1000,10000,100000)")
    args = parse_with_sizes(parser, argv)
    sizes = args.sizes
    if not all(1 <= n <= 200_000 for n in sizes) or not 1 <= args.runs <= 100:
        parser.error("--sizes must be 1 to 200,000 commands and --runs 1 to 100")
    rows = [measure(n, args.runs, args.seed) for n in sizes]
    print(json.dumps({"runs": args.runs, "records": rows}) if args.json else table(rows))
    return 0
