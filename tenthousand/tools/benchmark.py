"""How long the window's callbacks take: ``python -m tenthousand.tools.benchmark``.

The window must never wait: every callback Tk runs in its thread (the computer's steps,
the polls of worker threads, key and click handlers, redraws) should finish in about
16 ms.  This plays games between computer players in the real window (the advisor's bars
on, the dice tumbling as a player sees them) for a while, times every Python callback Tk
runs, and prints one JSON object::

    {"rules", "options", "players", "seconds", "games", "events", "callbacks",
     "callback_ms_p50", "callback_ms_p99", "callback_ms_max", "over_16ms", "slowest"}

``slowest`` names the five callbacks with the longest single run: ``[name, calls, ms]``; a
job runner's delivery is named after its job (``JobRunner._poll(advisor)``).  With
``--profile N`` the N functions that took the most time inside the callbacks go to
stderr (cProfile; it slows everything down, so the times above are not comparable then).
It needs a display (on a server: ``xvfb-run python -m tenthousand.tools.benchmark``).
Timings depend on the machine: compare medians and ratios, not single runs, and take turns
with the version compared against.

``python -m tenthousand.tools.benchmark startup`` times the start-up instead: it starts, by turns,
a bare Tk window and ``tenthousand --skip-intro`` (each in a new process, closing itself as
soon as its first frame is drawn; one warm-up run of each first, which also compiles the
bytecode as an installation does) and prints the medians and their ratio::

    {"runs", "bare_s", "game_s", "ratio"}

``python -m tenthousand.tools.benchmark network`` times a network table on loopback: a
friend's wish until it shows on its own screen and on the others', with 2 and 8 friends,
and the host's callbacks (no display needed; see :mod:`tenthousand.tools.net_bench`).

``python -m tenthousand.tools.benchmark undo`` times undo and redo in games of 10, 1,000 and
10,000 commands and prints a table in milliseconds (no display needed; see
:mod:`tenthousand.tools.undo_bench`).

``python -m tenthousand.tools.benchmark turn3`` times a three-seat Perfect turn, solved by
the compiled kernel and by the pure-Python reference, and checks they agree (no display
needed; see :mod:`tenthousand.tools.turn3_bench`).

``python -m tenthousand.tools.benchmark keep3`` times writing and reading a three-player
solve kept on disk at its largest (see :mod:`tenthousand.tools.keep3_bench`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .sim import percentile  # the simulator's nearest-rank quantile

LIMIT_MS = 16.0

__all__ = ["callback_name", "main", "percentile", "run", "startup"]

#: A bare Tk window the size of the game's, closing once its first frame is drawn (as the
#: game does with TENTHOUSAND_EXIT_AFTER_FIRST_FRAME=1): what start-up is measured against.
BARE_TK = """
import sys
import tkinter as tk
root = tk.Tk()
root.geometry("1180x800")
def drawn():
    root.update_idletasks()
    print("first frame", flush=True)
    root.destroy()
root.bind("<Map>", lambda event: root.after_idle(drawn) if event.widget is root else None)
root.mainloop()
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    from ..ai import LEVELS
    from ..model import OPTION_NAMES
    from ..model.rules import PRESETS

    p = _Parser(prog="python -m tenthousand.tools.benchmark",
                description="Time every Tk callback while computer players play in the "
                            "real window.")
    p.add_argument("--rules", default="ten-thousand", choices=sorted(PRESETS),
                   metavar="PRESET", help="the preset (default ten-thousand)")
    p.add_argument("--option", action="append", default=[], choices=OPTION_NAMES,
                   metavar="NAME", help="switch an option on (repeatable): "
                   f"{', '.join(OPTION_NAMES)}; rules without a shipped table make "
                   "Perfect solve them in the background meanwhile")
    p.add_argument("--players", default="perfect,perfect", metavar="LEVELS",
                   help=f"computer levels, comma-separated ({', '.join(LEVELS)}); "
                        "default perfect,perfect")
    p.add_argument("--seconds", type=float, default=20.0, metavar="S",
                   help="how long to play (default 20)")
    p.add_argument("--delay", type=float, default=0.0, metavar="S",
                   help="the pause between computer moves (default 0: as busy as it gets)")
    p.add_argument("--seed", type=int, default=1, help="seed for the dice (default 1)")
    p.add_argument("--no-advisor", action="store_true",
                   help="without the advisor's win bars (on by default)")
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="print the N functions with the most time in callbacks to stderr")
    return p


def callback_name(func: Callable[..., Any], depth: int = 0) -> str:
    """A readable name for a Tk callback, looking through the small wrapper functions
    ``after`` puts around the real one."""
    name = getattr(func, "__qualname__", type(func).__name__)
    wrapper = name.endswith((".<locals>.callit", ".<locals>.run"))
    if wrapper and depth < 4:
        for cell in getattr(func, "__closure__", None) or ():
            try:
                inner = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if callable(inner) and not isinstance(inner, type):
                return callback_name(inner, depth + 1)
    return name


class _CallbackTimer:
    """While entered: every Python callback Tk runs is timed (and profiled with
    ``profile``), each named after its function or, for a job runner's poll, the job it
    delivered; on leaving, Tk and the job runner are as they were."""

    def __init__(self, profile: int) -> None:
        import cProfile

        self.timings: list[tuple[float, str]] = []
        self.profiler = cProfile.Profile() if profile else None
        self._delivered: list[str] = []  # the job a poll of a job runner delivered

    def __enter__(self) -> _CallbackTimer:
        import tkinter as tk

        from ..services.jobs import JobRunner

        self._real_call = real_call = tk.CallWrapper.__call__
        self._real_deliver = real_deliver = JobRunner._deliver
        delivered, timings, profiler = self._delivered, self.timings, self.profiler

        def deliver(job: Any, ok: bool, value: Any) -> None:
            delivered.append(job.name)
            real_deliver(job, ok, value)

        def timed(wrapper: tk.CallWrapper, *args: Any) -> Any:
            delivered.clear()
            if profiler is not None:
                profiler.enable()
            start = time.perf_counter()
            try:
                return real_call(wrapper, *args)  # type: ignore[no-untyped-call]
            finally:
                took = time.perf_counter() - start
                if profiler is not None:
                    profiler.disable()
                name = callback_name(wrapper.func)
                timings.append((took, f"{name}({delivered[-1]})" if delivered else name))

        tk.CallWrapper.__call__ = timed  # type: ignore[method-assign]
        JobRunner._deliver = staticmethod(deliver)  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        import tkinter as tk

        from ..services.jobs import JobRunner

        tk.CallWrapper.__call__ = self._real_call  # type: ignore[method-assign]
        JobRunner._deliver = staticmethod(self._real_deliver)  # type: ignore[method-assign]

    def summary(self) -> dict[str, Any]:
        """The callbacks' count, quantiles, longest, those over the limit and the five
        with the longest single run (``[name, calls, ms]``)."""
        ms = sorted(t * 1000 for t, _ in self.timings)
        worst: dict[str, list[float]] = {}  # name: [calls, the longest ms]
        for t, name in self.timings:
            entry = worst.setdefault(name, [0, 0.0])
            entry[0] += 1
            entry[1] = max(entry[1], t * 1000)
        slowest = sorted(worst.items(), key=lambda item: -item[1][1])[:5]
        return {
            "callbacks": len(ms),
            "callback_ms_p50": round(percentile(ms, 0.50), 3),
            "callback_ms_p99": round(percentile(ms, 0.99), 3),
            "callback_ms_max": round(ms[-1] if ms else 0.0, 3),
            "over_16ms": sum(1 for t in ms if t > LIMIT_MS),
            "slowest": [[name, int(calls), round(longest, 2)]
                        for name, (calls, longest) in slowest],
        }


def _play(root: Any, settings: Any, prefs: Any, seed: int,
          seconds: float) -> tuple[float, int, int]:
    """Computer players play in the window for ``seconds``, each game followed by a
    rematch: (seconds played, games ended, game events)."""
    from ..control.app import App
    from ..launch import start_up_over

    app = App(root, prefs, settings, seed=seed, install_error_handler=False, save_games=False)
    start_up_over()  # as the launch does once the first frame is drawn
    games = 0
    events = 0  # game events: throws, freezes, banks, trash...

    def watch() -> None:
        nonlocal games, events
        game = app.controller.game
        if game.over:
            games += 1
            events += len(game.log)
            app.game_commands.restart(ask=False)  # the rematch button (F8)
        root.after(100, watch)

    root.after(100, watch)
    root.after(int(seconds * 1000), root.quit)
    started = time.perf_counter()
    root.mainloop()
    elapsed = time.perf_counter() - started
    events += len(app.controller.game.log)
    app.destroy()
    return elapsed, games, events


def run(rules_name: str, levels: Sequence[str], seconds: float, *, delay: float = 0.0,
        seed: int = 1, advisor: bool = True, profile: int = 0,
        options: Sequence[str] = ()) -> dict[str, Any]:
    """Play in the real window for ``seconds`` and time the callbacks (needs a display);
    ``profile``: print that many of the costliest functions inside them to stderr;
    ``options``: the rules' options (their solve, if any, runs beside the window)."""
    import pstats
    import tkinter as tk

    from ..files.settings import GameSettings, Preferences, SeatSetting, computer_name

    errors: list[BaseException] = []
    seats = tuple(SeatSetting(computer_name(i), True, level) for i, level in enumerate(levels))
    prefs = Preferences(delay=delay, sound=False, intro=False, advisor=advisor)
    settings = GameSettings(preset=rules_name, seats=seats, options=tuple(options))
    home = None
    if "TENTHOUSAND_HOME" not in os.environ:  # never the player's own preferences
        home = tempfile.TemporaryDirectory(prefix="tenthousand-bench-")
        os.environ["TENTHOUSAND_HOME"] = home.name
    root: tk.Tk | None = None
    try:
        with _CallbackTimer(profile) as timer:
            root = tk.Tk(className="TenThousand")
            root.geometry("1180x800+0+0")

            def report(exc: type[BaseException], value: BaseException, tb: Any) -> None:
                errors.append(value)
                root.quit()

            root.report_callback_exception = report
            elapsed, games, events = _play(root, settings, prefs, seed, seconds)
    finally:
        if root is not None:
            root.destroy()
        if home is not None:
            del os.environ["TENTHOUSAND_HOME"]
            home.cleanup()
    if timer.profiler is not None:
        pstats.Stats(timer.profiler, stream=sys.stderr).sort_stats("cumulative") \
            .print_stats(profile)
    if errors:
        raise RuntimeError(f"a callback failed: {errors[0]!r}") from errors[0]
    return {"rules": rules_name, "options": list(options), "players": list(levels),
            "advisor": advisor, "seconds": round(elapsed, 1), "games": games,
            "events": events, **timer.summary()}


def _time_process(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``command`` until it says its first frame is drawn, and until
    it says it is ready (the game's whole window drawn; a bare window is ready at once).
    It then closes as a player would; RuntimeError if it fails."""
    started = time.perf_counter()
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        assert process.stdout is not None
        first = process.stdout.readline()
        shown = time.perf_counter() - started
        ready = shown
        second = process.stdout.readline()
        if second.strip() == "ready":
            ready = time.perf_counter() - started
        _, errors = process.communicate(timeout=60)
    if first.strip() != "first frame" or process.returncode != 0:
        raise RuntimeError(f"{command[-1]!r} failed ({process.returncode}): "
                           f"{errors.strip()[-500:]}")
    return shown, ready


def startup(runs: int = 10) -> dict[str, Any]:
    """Start a bare Tk window and the game ``runs`` times each, by turns, and compare the
    median times to their first frame, and the game's time until its window is ready
    (needs a display)."""
    from ..launch import EXIT_AFTER_FIRST_FRAME

    bare: list[float] = []
    game: list[float] = []
    ready: list[float] = []
    with tempfile.TemporaryDirectory(prefix="tenthousand-startup-") as home:
        env = dict(os.environ, TENTHOUSAND_HOME=home, **{EXIT_AFTER_FIRST_FRAME: "1"})
        # An installed game has its bytecode compiled: let the warm-up runs write it, so
        # no run is timed compiling the sources.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        game_command = [sys.executable, "-m", "tenthousand", "--skip-intro"]
        _time_process([sys.executable, "-c", BARE_TK], env)
        _time_process(game_command, env)
        for _ in range(runs):
            bare.append(_time_process([sys.executable, "-c", BARE_TK], env)[0])
            shown, whole = _time_process(game_command, env)
            game.append(shown)
            ready.append(whole)
    bare_s, game_s = statistics.median(bare), statistics.median(game)
    ready_s = statistics.median(ready)
    return {"runs": runs, "bare_s": round(bare_s, 3), "game_s": round(game_s, 3),
            "ratio": round(game_s / bare_s, 2), "ready_s": round(ready_s, 3),
            "ready_ratio": round(ready_s / bare_s, 2)}


def _startup_main(argv: Sequence[str]) -> int:
    parser = _Parser(prog="python -m tenthousand.tools.benchmark startup",
                     description="Time the game's start-up against a bare Tk window.")
    parser.add_argument("--runs", type=int, default=10, metavar="N",
                        help="start each N times (default 10)")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 1000:
        parser.error("--runs must be from 1 to 1000")
    try:
        result = startup(args.runs)
    except RuntimeError as e:
        sys.stderr.write(f"benchmark: a window did not start: {e}\n")
        return 1
    print(json.dumps(result))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from ..ai import LEVELS

    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["startup"]:
        return _startup_main(argv[1:])
    if argv[:1] == ["history"]:
        from .history_bench import main as history_main

        return history_main(argv[1:])
    if argv[:1] == ["replay"]:
        from .replay_bench import main as replay_main

        return replay_main(argv[1:])
    if argv[:1] == ["network"]:
        from .net_bench import main as network_main

        return network_main(argv[1:])
    if argv[:1] == ["undo"]:
        from .undo_bench import main as undo_main

        return undo_main(argv[1:])
    if argv[:1] == ["turn3"]:
        from .turn3_bench import main as turn3_main

        return turn3_main(argv[1:])
    if argv[:1] == ["keep3"]:
        from .keep3_bench import main as keep3_main

        return keep3_main(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.players.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        parser.error(f"unknown level {bad[0]!r}; choose from {', '.join(LEVELS)}")
    if len(levels) < 2:
        parser.error("name at least two computer levels, e.g. perfect,expert")
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds must be more than 0 and at most 3600")
    if not 0 <= args.delay <= 3:
        parser.error("--delay must be from 0 to 3 seconds")
    import tkinter as tk

    try:
        result = run(args.rules, levels, args.seconds, delay=args.delay, seed=args.seed,
                     advisor=not args.no_advisor, profile=max(0, args.profile),
                     options=list(dict.fromkeys(args.option)))
    except tk.TclError as e:
        sys.stderr.write(f"benchmark: no display to open a window on ({e}); "
                         "run it under xvfb-run or on a desktop\n")
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
