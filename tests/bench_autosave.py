"""What an autosave costs early and late in a long game: ``python tests/bench_autosave.py``.

Plays one long two-seat game (a game point far away, so it lasts) into a temporary
``TENTHOUSAND_HOME`` and times :func:`tenthousand.files.savegame.autosave` after each of the 20
commands from move 10 and from move 1,000, several rounds; prints the medians.  For
comparison it times the previous release's way too: the whole game and its log as one JSON
document, written atomically.  The figures are quoted in README.md ("What if ... the program
is killed").
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenthousand.files import savegame  # noqa: E402
from tenthousand.files.storage import write_json_atomic  # noqa: E402
from tenthousand.model import PRESETS, Game, Seat  # noqa: E402
from tenthousand.tools.headless import RandomPlayer, step  # noqa: E402

AT = (10, 1000)
SAMPLES = 20


def one_round(seed: int, kind: str) -> dict[int, list[float]]:
    """Seconds per save at the moves of AT, saving the journal way or the whole way (run
    apart, so that one's writes do not slow the other's fsync)."""
    rules = PRESETS["ten-thousand"].with_options(game_point=100_000)
    game = Game(rules, [Seat("You"), Seat("Computer", True)], seed=seed)
    player = RandomPlayer(seed, bank_chance=0.3)
    old_path = savegame.save_path().with_name("old-format.json")
    times: dict[int, list[float]] = {}
    savegame.autosave(game)
    for move in range(1, max(AT) + SAMPLES):
        step(game, player)
        assert not game.over, "the game ended too soon for the benchmark"
        t = time.perf_counter()
        if kind == "journal":
            savegame.autosave(game)
        elif any(a <= move < a + SAMPLES for a in AT):
            write_json_atomic(old_path, game.to_dict())
        else:
            continue
        seconds = time.perf_counter() - t
        start = next((a for a in AT if a <= move < a + SAMPLES), None)
        if start is not None:
            times.setdefault(start, []).append(seconds)
    return times


def main() -> int:
    os.environ["TENTHOUSAND_HOME"] = tempfile.mkdtemp(prefix="tenthousand-bench-")
    for kind in ("journal", "whole"):
        rounds = [one_round(seed, kind) for seed in range(5)]
        if kind == "journal":
            size = savegame.save_path().stat().st_size
        for at in AT:
            values = [v for r in rounds for v in r[at]]
            print(f"{kind:8} move {at:>5}: median {1000 * statistics.median(values):.3f} ms "
                  f"(p90 {1000 * statistics.quantiles(values, n=10)[-1]:.3f} ms, "
                  f"{len(values)} saves)")
    print(f"journal after {max(AT) + SAMPLES - 1} moves: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
