"""The simulator: ``python -m tenthousand.tools.sim turns|games|solve ...``.

Headless and seeded.  It prints one JSON object on stdout and, when it runs longer than a
second on a terminal, a progress bar on stderr.  Bad arguments exit 2 with one line.

* ``turns``: N single turns of one strategy; the mean turn score, its standard error and
  the strategy's own exact expectation (when it has one).
* ``games``: N whole games between computer levels, the starting seat rotating from game to
  game; wins with 95% intervals, speed and decision latency.  ``--records DIR`` writes each
  game's record there (``game-00001.json``...); the same seed gives the same bytes.
  ``--history FILE`` stores every game in a history database (``--analyse``: with the luck
  of every throw and the value of every decision), for checking the statistics.
* ``solve``: handed to :mod:`tenthousand.solver` (perfect play), when that is installed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from ..ai.moves import apply, decide, step
from ..history.stats import wilson
from ..model import LEVELS, OPTION_NAMES, PRESETS, Rules
from ..model.events import Banked, Pegged
from ..model.game import Game, Phase, Seat
from ..model.rules import level_of_word

if TYPE_CHECKING:
    from ..ai import Player
    from ..history.store import History


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        _fail(message)


def _fail(message: str) -> NoReturn:
    print(f"tenthousand.tools.sim: {message}", file=sys.stderr)
    raise SystemExit(2)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a count cannot be negative: {value}")
    return value


def _parser() -> _Parser:
    p = _Parser(prog="python -m tenthousand.tools.sim", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(q: argparse.ArgumentParser) -> None:
        which = q.add_mutually_exclusive_group(required=True)
        which.add_argument("--rules", choices=sorted(PRESETS), metavar="PRESET",
                           help=f"one of {', '.join(PRESETS)}")
        which.add_argument("--rules-file", type=Path, metavar="FILE",
                           help="a rule file (start one with: rules --rules PRESET)")
        q.add_argument("--option", action="append", default=[], choices=OPTION_NAMES,
                       metavar="NAME", help=f"switch an option on: {', '.join(OPTION_NAMES)}")
        q.add_argument("--seed", type=int, default=None)
        q.add_argument("--game-point", type=_count, default=None,
                       help="change the game point (a multiple of 50)")

    r = sub.add_parser("rules", help="print a preset as a rule file to start from")
    r.add_argument("--rules", required=True, choices=sorted(PRESETS), metavar="PRESET",
                   help=f"one of {', '.join(PRESETS)}")
    t = sub.add_parser("turns", help="play single turns of one strategy")
    common(t)
    t.add_argument("--strategy", required=True, type=lambda w: level_of_word(w) or w,
                   choices=LEVELS, metavar="NAME",
                   help=f"one of {', '.join(LEVELS)} (best-average is max-expected)")
    t.add_argument("--turns", required=True, type=_count)
    t.add_argument("--on-board", action="store_true",
                   help="the regular minimum applies (otherwise the opening one)")
    g = sub.add_parser("games", help="play whole games between computer levels")
    common(g)
    g.add_argument("--players", required=True, help="levels, comma separated: expert,normal")
    g.add_argument("--games", required=True, type=_count)
    g.add_argument("--history", type=Path, default=None, metavar="FILE",
                   help="store every game in this history database (SQLite)")
    g.add_argument("--analyse", action="store_true",
                   help="with --history: value every decision and throw (slower)")
    g.add_argument("--records", type=Path, default=None, metavar="DIR",
                   help="write each game's record (JSON) into this folder")
    sub.add_parser("solve", help="perfect play tables (tenthousand.solver)", add_help=False)
    return p


def _rules(args: argparse.Namespace) -> Rules:
    from ..files import rulefile

    try:
        if args.rules_file is not None:
            base = rulefile.read(args.rules_file).rules
        else:
            base = PRESETS[args.rules]
        rules = base.with_options(*args.option)
        if args.game_point is not None:
            rules = rules.with_options(game_point=args.game_point)
    except ValueError as e:
        _fail(str(e))
    return rules


def _rules_name(rules: Rules) -> str:
    if rules.preset in PRESETS and rules.with_options() != PRESETS[rules.preset].with_options(
            *rules.options, game_point=rules.game_point):
        return f"{rules.title} (a rule file)"  # a rule set of its own, not a preset
    name = "+".join((rules.preset,) + rules.options)
    if rules.game_point != PRESETS[rules.preset].game_point:
        name += f"@{rules.game_point}"
    return name


class Progress:
    """A one-line progress bar on stderr, shown only on a terminal after one second."""

    def __init__(self, total: int, label: str) -> None:
        self.total, self.label = total, label
        self.start = time.monotonic()
        self.shown = False
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def update(self, done: int) -> None:
        if not self.tty:
            return
        now = time.monotonic()
        if now - self.start < 1.0 or now - self.last < 0.2:
            return
        self.last = now
        self.shown = True
        frac = done / self.total if self.total else 1.0
        bar = "#" * int(30 * frac)
        eta = (now - self.start) * (1 - frac) / frac if frac > 0 else 0.0
        sys.stderr.write(f"\r{self.label} [{bar:<30}] {done:,}/{self.total:,}  ~{eta:.0f}s left ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 79 + "\r")
            sys.stderr.flush()


# -- turns ----------------------------------------------------------------------------------


def run_turns(rules: Rules, strategy: str, turns: int, *, on_board: bool,
              seed: int | None) -> dict[str, Any]:
    """Play ``turns`` single turns; the turn score is what the turn banked (or pegged, in
    Rotary Club), 0 for trash."""
    from ..solver.levels import make_player

    player = make_player(strategy, rules, seed=seed)
    t0, c0 = time.perf_counter(), time.process_time()
    player.prepare()
    table_seconds = time.perf_counter() - t0
    table_cpu = time.process_time() - c0
    expected: float | None = None
    expect = getattr(player, "expected_turn", None)
    if callable(expect):
        expected = float(expect(on_board=on_board))
    # A game that never ends: one seat (two for Mutant Trash), a far-away game point.
    solo = rules.with_options(game_point=1_000_000, surpassing=False, challenging=False)
    seats = [Seat("A", True, strategy)] + ([Seat("B", True, strategy)] if rules.mutant_trash
                                           else [])
    rng = random.Random(seed)
    total = 0.0
    squares = 0.0
    progress = Progress(turns, "turns")
    for n in range(turns):
        game = Game(solo, seats, rng=rng, first_seat=0)
        if on_board:
            game.board[0] = 50
        before = game.board[0]
        gained = 0
        game.throw()
        while game.phase is Phase.CHOOSE and game.current == 0:
            events = step(game, player)
            for e in events:
                if isinstance(e, (Banked, Pegged)) and e.seat == 0:
                    gained += e.points
            if game.phase is not Phase.CHOOSE or any(e.kind == "turn" for e in events):
                break
        del before
        total += gained
        squares += gained * gained
        if n % 256 == 0:
            progress.update(n)
    progress.close()
    mean = total / turns if turns else 0.0
    var = (squares / turns - mean * mean) * turns / (turns - 1) if turns > 1 else 0.0
    return {
        "rules": _rules_name(rules),
        "strategy": strategy,
        "turns": turns,
        "mean": mean,
        "stderr": math.sqrt(max(var, 0.0) / turns) if turns else 0.0,
        "expected": expected,
        "table_seconds": round(table_seconds, 4),
        "table_cpu_seconds": round(table_cpu, 4),
    }


# -- games ----------------------------------------------------------------------------------


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, by nearest rank (0.0 for none)."""
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, int(math.ceil(q * len(sorted_values))) - 1))
    return sorted_values[k]


def run_games(rules: Rules, levels: Sequence[str], games: int,
              *, seed: int | None, records: Path | None = None,
              history: Path | None = None, analyse: bool = False) -> dict[str, Any]:
    """Play whole games between the levels, the starting seat rotating game to game."""
    from ..solver.levels import make_player

    try:
        rules.check_seats(len(levels))
    except ValueError as e:
        _fail(str(e))
    base = 0 if seed is None else seed
    players = [make_player(level, rules, seed=None if seed is None else base * 1000 + i,
                           players=len(levels))
               for i, level in enumerate(levels)]
    if "perfect" in levels and len(levels) == 2:
        # A long match meets the same board scores again and again: keep their solved turns
        # (about 10 KB each; 20,000 games of Ten-Thousand need some 30,000 of them).  Not
        # with three seats: a turn there (about 50 KB) is solved in about 0.3 ms and seldom
        # met twice among millions of board triples (2,000 games of Trash-5000 solve 7.9
        # turns a game with the usual cache, 7.3 with 60,000 kept: 1% faster, for 3 GB).
        from ..solver import values

        limit = values.cache_limit()
        values.set_cache_limit(max(limit, min(60_000, 3 * games)))
        try:
            return _run_games(rules, levels, players, games, seed=seed, records=records,
                              history=history, analyse=analyse)
        finally:
            values.set_cache_limit(limit)
    return _run_games(rules, levels, players, games, seed=seed, records=records,
                      history=history, analyse=analyse)


def _prepare(players: Sequence[Player]) -> float:
    """Each player's tables made (Perfect's solved first for rules with none yet): the
    seconds it took."""
    t0 = time.perf_counter()
    for p in players:
        solve = getattr(p, "background_solve", lambda: None)()
        if solve is not None:
            solve()
        p.prepare()
    return time.perf_counter() - t0


def _run_games(rules: Rules, levels: Sequence[str], players: Sequence[Player], games: int,
               *, seed: int | None, records: Path | None = None,
               history: Path | None = None, analyse: bool = False) -> dict[str, Any]:
    table_seconds = _prepare(players)
    seats = [Seat(f"{level} {i + 1}", True, level) for i, level in enumerate(levels)]
    rng = random.Random(seed)
    wins = [0] * len(levels)
    turns_total = 0
    latencies: list[float] = []  # wall clock: what a player waits for
    cpu: list[float] = []  # this thread's CPU time: free of other programs on the machine
    clock = time.perf_counter
    cpu_clock = time.thread_time
    store = _open_history(history)
    progress = Progress(games, "games")
    start = clock()
    for n in range(games):
        began = time.time()
        # each game's own seed, drawn from the run's: its record keeps it for --verify
        game = Game(rules, seats, seed=rng.getrandbits(63), first_seat=n % len(levels))
        while not game.over:
            t, c = clock(), cpu_clock()
            move = decide(game, players[game.current])
            latencies.append(clock() - t)
            cpu.append(cpu_clock() - c)
            apply(game, move)
        assert game.result is not None
        if records is not None:
            _write_record(game, records / f"game-{n + 1:05d}.json")
        if store is not None:
            _store(store, game, began, analyse)
        wins[game.result.seat] += 1
        turns_total += game.result.turns
        progress.update(n + 1)
    elapsed = clock() - start
    progress.close()
    if store is not None:
        store.close()
    latencies.sort()
    cpu.sort()
    return {
        "rules": _rules_name(rules),
        "games": games,
        "players": list(levels),
        "wins": wins,
        "win_rate": [w / games if games else 0.0 for w in wins],
        "ci95": [list(wilson(w, games)) for w in wins],
        "mean_turns": turns_total / games if games else 0.0,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "decision_ms_p50": 1000 * percentile(latencies, 0.50),
        "decision_ms_p99": 1000 * percentile(latencies, 0.99),
        "decision_cpu_ms_p50": 1000 * percentile(cpu, 0.50),
        "decision_cpu_ms_p99": 1000 * percentile(cpu, 0.99),
        "table_seconds": round(table_seconds, 4),
        "seed": seed,
    }


def _open_history(path: Path | None) -> History | None:
    if path is None:
        return None
    from ..history.schema import HistoryError
    from ..history.store import History

    try:
        return History(path)
    except (OSError, sqlite3.Error, HistoryError) as e:
        _fail(f"cannot open the history {path}: {e}")


def _store(store: History, game: Game, began: float, analyse: bool) -> None:
    from ..history.summary import summarize

    entry = summarize(game.record, started=began, seconds=time.time() - began, source="sim",
                      analyse_game=analyse, decisions_of=range(len(game.seats)))
    try:
        store.add(entry)
    except (OSError, sqlite3.Error) as e:
        _fail(f"cannot store a game in the history: {e}")


def _write_record(game: Game, path: Path) -> None:
    from ..files.records import write_record

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record(game.record, path, with_transcript=False)
    except OSError as e:
        _fail(f"cannot write the record {path}: {e.strerror or e}")


# -- entry point ----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["solve"]:
        try:
            solver = importlib.import_module("tenthousand.solver")
        except ImportError as e:
            _fail(f"the perfect-play solver is not available ({e})")
        solve = getattr(solver, "main", None)
        if solve is None:
            _fail("the perfect-play solver has no main()")
        return int(solve(args_list[1:]))
    args = _parser().parse_args(args_list)
    if args.command == "rules":
        from ..files import rulefile

        sys.stdout.write(rulefile.dumps(PRESETS[args.rules]))
        return 0
    rules = _rules(args)
    if args.command == "turns":
        out = run_turns(rules, args.strategy, args.turns, on_board=args.on_board,
                        seed=args.seed)
    else:
        words = [x.strip().lower() for x in args.players.split(",")]
        levels = [level_of_word(w) or w for w in words]  # best-average, as the game says
        for word, level in zip(words, levels, strict=True):
            if level not in LEVELS:
                _fail(f"unknown strategy {word!r}; choose from {', '.join(LEVELS)} "
                      "(best-average is max-expected)")
        if not 1 <= len(levels) <= 9:
            _fail(f"a game has 1 to 9 players, not {len(levels)}")
        out = run_games(rules, levels, args.games, seed=args.seed, records=args.records,
                        history=args.history, analyse=args.analyse)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
