"""``python -m tenthousand.tools.benchmark history``: the history with thousands of games.

Fills a history with simulated games (Normal against Expert, the first seat counted as a
person, "You"), then times what a player waits for: ``tenthousand --stats --json`` as a
whole process, the figures alone, and the Statistics window from the command to its figures
drawn (needs a display).  Only some games are analysed (half a second each); the others get
copies of their decision and throw rows, so the tables are as big as if all were.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import statistics as stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..history.store import GameEntry, History
from ..history.summary import summarize
from ..model.game import Game, Seat
from ..model.rules import PRESETS


def _play(rules_name: str, n: int, seed: int) -> Game:
    from ..ai.moves import apply, decide

    rules = PRESETS[rules_name]
    game = Game(rules, [Seat("You"), Seat("Expert", True, "expert")], seed=seed * 7919 + n,
                first_seat=n % 2)
    players = _players(rules_name)
    while not game.over:
        apply(game, decide(game, players[game.current]))
    return game


_PLAYERS: dict[str, list[Any]] = {}


def _players(rules_name: str) -> list[Any]:
    from ..ai import make_player

    if rules_name not in _PLAYERS:
        rules = PRESETS[rules_name]
        made = [make_player("normal", rules, seed=1), make_player("expert", rules, seed=2)]
        for p in made:
            p.prepare()
        _PLAYERS[rules_name] = made
    return _PLAYERS[rules_name]


def fill(path: Path, games: int, *, analysed: int = 20, seed: int = 1,
         rules_name: str = "ten-thousand") -> float:
    """Store ``games`` games in ``path`` (500 a transaction); returns the seconds taken."""
    start = time.perf_counter()
    day = 86400.0
    began = time.time() - games * day / 10
    samples: list[GameEntry] = []
    with History(path) as history:
        batch: list[GameEntry] = []
        for n in range(games):
            game = _play(rules_name, n, seed)
            if len(samples) < analysed:
                entry = summarize(game.record, started=began + n * day / 10, seconds=900)
                samples.append(entry)
            else:
                entry = summarize(game.record, started=began + n * day / 10, seconds=900,
                                  analyse_game=False)
                like = samples[n % len(samples)]
                entry = dataclasses.replace(entry, decisions=like.decisions,
                                            throws=like.throws, value_kind=like.value_kind)
            batch.append(entry)
            if len(batch) == 500 or n == games - 1:
                with history.transaction() as con:
                    for e in batch:
                        history._insert(con, e)
                batch = []
    return time.perf_counter() - start


def _stats_process(home: str) -> float:
    env = dict(os.environ, TENTHOUSAND_HOME=home)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tenthousand", "--stats", "--json",
                           "--player", "You"], env=env, capture_output=True, text=True,
                          timeout=120)
    elapsed = time.perf_counter() - started
    if done.returncode != 0 or json.loads(done.stdout)["games"] <= 0:
        raise RuntimeError(done.stderr.strip()[-300:])
    return elapsed


def _window_ms(path: Path) -> float | None:
    """From opening the Statistics window to its figures and charts drawn, in ms."""
    import tkinter as tk

    from ..dialogs.statistics import StatisticsWindow
    from ..services.jobs import JobRunner
    from ..view.theme import palette

    try:
        root = tk.Tk()
    except tk.TclError:
        return None
    root.geometry("1024x700+0+0")
    root.update()
    jobs = JobRunner(root, poll_ms=5)
    shown: list[float] = []
    started = time.perf_counter()
    window = StatisticsWindow(root, palette("color", "green"), jobs, path=path,
                              player="You",
                              on_shown=lambda: shown.append(time.perf_counter()))
    while not shown and time.perf_counter() - started < 30:
        root.update()
        time.sleep(0.001)
    window.update()
    ms = 1000 * ((shown[0] if shown else time.perf_counter()) - started)
    jobs.close()
    window.destroy()
    root.destroy()
    del window, root
    gc.collect()  # here, not in a worker thread (Tk frees its variables in its own)
    return ms


def run(games: int, runs: int = 3, db: Path | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tenthousand-history-") as home:
        path = Path(home) / "data" / "history.sqlite3"
        path.parent.mkdir(parents=True)
        fill_s = None
        if db is not None and db.exists():
            path.write_bytes(db.read_bytes())
        else:
            fill_s = fill(path, games)
            if db is not None:
                db.write_bytes(path.read_bytes())
        from ..history.stats import Filters, statistics

        with History(path) as history:
            stored = history.count()
            compute = []
            for _ in range(runs):
                t = time.perf_counter()
                statistics(history, Filters("You"))
                compute.append(time.perf_counter() - t)
            decisions = history.con.execute("SELECT count(*) FROM decisions").fetchone()[0]
        process = [_stats_process(home) for _ in range(runs)]
        windows = [_window_ms(path) for _ in range(runs)]
    shown = [w for w in windows if w is not None]
    return {
        "games": stored, "decisions": decisions,
        "fill_s": None if fill_s is None else round(fill_s, 1),
        "stats_ms": round(1000 * stat.median(compute), 1),
        "stats_json_process_s": round(stat.median(process), 3),
        "window_open_ms": round(stat.median(shown), 1) if shown else None,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenthousand.tools.benchmark history",
                                     description="Time statistics over a large history.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", type=Path, default=None,
                        help="keep the filled history here and reuse it next time")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1_000_000 or not 1 <= args.runs <= 100:
        parser.error("--games must be 1 to 1,000,000 and --runs 1 to 100")
    print(json.dumps(run(args.games, args.runs, args.db)))
    return 0
