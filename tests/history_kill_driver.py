"""Stores games in a history database until killed; prints each game's id once committed.

Used by ``test_history_kill.py``: ``python history_kill_driver.py DB SEED``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from history_kit import entry, seat

from tenthousand.history.store import DecisionRow, History, ThrowRow


def main() -> None:
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    history = History(path)
    print("open", flush=True)
    n = 0
    while True:
        n += 1
        seats = tuple(seat(i, f"P{i}", score=rng.randrange(0, 12000), won=i == 0,
                           faces=tuple(rng.randrange(50) for _ in range(6)))
                      for i in range(rng.randrange(2, 6)))
        decisions = tuple(DecisionRow(k, 0, "win", "x" * 40, "y" * 40, 0.5, 0.6, 0.1, "")
                          for k in range(1, rng.randrange(2, 80)))
        game = entry(seats, day=n, decisions=decisions)
        game = type(game)(**{**game.__dict__, "record": {"pad": "z" * rng.randrange(20000)},
                             "throws": tuple(ThrowRow(k, 1, (1, 2), 0.01)
                                             for k in range(1, 50))})
        game_id = history.add(game)
        print(game_id, len(seats), flush=True)


if __name__ == "__main__":
    main()
