"""Perfect play: the offline solver, the shipped tables and the Perfect player.

``python -m tenthousand.solver --rules PRESET [--game-point N] [--out PATH]`` (also reached
as ``python -m tenthousand.tools.sim solve ...``) solves a rule set and prints one JSON object.
Solving needs numpy (a dependency of the game, imported only when a solve starts); playing
from a shipped table does not.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"solve: {message}\n")
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    from ..model.rules import PRESETS

    p = _Parser(prog="tenthousand.tools.sim solve",
                description="Solve perfect play for a preset or a rule file.")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--rules", choices=sorted(PRESETS), metavar="PRESET")
    which.add_argument("--rules-file", type=Path, metavar="FILE", help="a rule file")
    p.add_argument("--game-point", type=int, default=None, metavar="N")
    p.add_argument("--lowest-score", type=int, default=None, metavar="N",
                   help="the lowest board score (the trash penalty stops there)")
    p.add_argument("--extra", type=int, default=None, metavar="POINTS",
                   help="turn cap beyond the game point (default 2000)")
    p.add_argument("--out", type=Path, default=None, metavar="PATH",
                   help="write the table file here")
    p.add_argument("--players", type=int, default=2, choices=(2, 3), metavar="N",
                   help="the number of players: 2 (the default) or 3")
    p.add_argument("--progress", action="store_true", help="report progress on stderr")
    p.add_argument("--threads", type=int, default=1, metavar="N",
                   help="three players: solve with N threads (1)")
    p.add_argument("--keep", type=Path, default=None, metavar="FILE",
                   help="three players: keep the solve in FILE as it goes (and on Ctrl+C) "
                        "and go on from FILE when it is there; removed at the end")
    p.add_argument("--keep-every", type=float, default=None, metavar="SECONDS",
                   help="with --keep: seconds between two writes (300)")
    return p


def _rules_of(ns: argparse.Namespace) -> Any:
    """The rules the arguments ask for (ValueError, with the sentence, when they are
    wrong)."""
    from ..files.rulefile import read
    from ..model.rules import PRESETS

    rules = read(ns.rules_file).rules if ns.rules_file is not None else PRESETS[ns.rules]
    if ns.game_point is not None:
        rules = rules.with_options(game_point=ns.game_point)
    if ns.lowest_score is not None:
        rules = rules.with_options(score_floor=ns.lowest_score)
    if ns.extra is not None and (ns.extra < 0 or ns.extra % 50):
        raise ValueError("--extra must be a non-negative multiple of 50")
    if ns.players != 3 and (ns.keep is not None or ns.keep_every is not None):
        raise ValueError("--keep is for three players (add --players 3)")
    if ns.keep_every is not None and not ns.keep_every > 0:
        raise ValueError("--keep-every wants a number of seconds above 0")
    return rules


def _label(rules: Any, ns: argparse.Namespace) -> str:
    """The rules as the JSON line names them."""
    return str((rules.title if ns.rules_file is not None else rules.preset)
            + ("" if ns.game_point is None else f" to {rules.game_point}"))


def main(args: list[str] | None = None) -> int:
    """Run ``solve``; returns the exit status (2 for bad arguments)."""
    argv = list(sys.argv[1:] if args is None else args)
    if argv[:1] == ["solve"]:
        argv = argv[1:]
    try:
        ns = _parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        rules = _rules_of(ns)
    except ValueError as e:
        sys.stderr.write(f"solve: {e}\n")
        return 2
    # One BLAS thread: the solver's matrices are small, and threads only fight here.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    try:
        import numpy  # noqa: F401 - the solver needs numpy: say so before starting
    except ImportError:
        sys.stderr.write("solve: numpy is missing: install the game again (pipx reinstall tenthousand, or pip install numpy)\n")
        return 1
    if ns.players == 3:
        return _solve_three(rules, ns)
    from .variant import Refusal, variant_of

    found = variant_of(rules, ns.players, extra=ns.extra, limits=False)
    if isinstance(found, Refusal):
        sys.stderr.write(f"solve: {found}\n")
        return 2
    from .engine import solve
    from .table import pack

    solution = solve(rules, variant=found, progress=ns.progress)
    if ns.out is not None:
        ns.out.parent.mkdir(parents=True, exist_ok=True)
        ns.out.write_bytes(pack(solution))
    print(json.dumps({
        "rules": _label(rules, ns),
        "players": ns.players,
        "features": list(found.names),
        "states": solution.states,
        "iterations": solution.iterations,
        "sweeps": solution.sweeps,
        "seconds": round(solution.seconds, 1),
        # unrounded (repr: every digit of the float), so that others can compare
        "first_player_win_probability": solution.first_player_win_probability,
    }))
    return 0


def _solve_three(rules: Any, ns: argparse.Namespace) -> int:
    """``solve --players 3``: the three-player game (:mod:`.three`), one JSON line."""
    from ..files.storage import write_chunks_atomic
    from . import table3, three

    found = three.refusal(rules)
    if found is not None:
        sys.stderr.write(f"solve: {found}\n")
        return 2
    say = None
    if ns.progress:
        from .pace import Pace

        pace = Pace()

        def say(share: float) -> None:
            pace.report(share)
            sys.stderr.write(f"\rsolving: {share:6.1%}{_left(pace.remaining())}")
            sys.stderr.flush()
    keep = None
    if ns.keep is not None:
        from . import partial3

        keep = partial3.Keeper(ns.keep, rules, every=ns.keep_every or partial3.EVERY_S)
    try:
        solution = three.solve(rules, extra=ns.extra, progress=say, threads=ns.threads,
                               keep=keep)
    except KeyboardInterrupt:
        if keep is not None and keep.path.exists():
            sys.stderr.write(f"\nsolve: stopped; what is solved is kept in {keep.path}: "
                             "the same command goes on from there\n")
        else:
            sys.stderr.write("\nsolve: stopped\n")
        return 130
    if ns.progress:
        sys.stderr.write("\n")
    if ns.out is not None:
        ns.out.parent.mkdir(parents=True, exist_ok=True)
        write_chunks_atomic(ns.out, table3.pieces(solution))
    if keep is not None:
        keep.discard()
    print(json.dumps(_three_line(rules, ns, solution, keep)))
    return 0


def _left(seconds: float | None) -> str:
    """The progress line's guess of the time left: "  about 3 h 05 min left" (padded, as
    the line is written over itself)."""
    if seconds is None:
        return " " * 24
    minutes = round(seconds / 60)
    hours, minutes = divmod(minutes, 60)
    said = f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
    return f"  about {said} left".ljust(24)


def _three_line(rules: Any, ns: argparse.Namespace, solution: Any, keep: Any) -> dict[str, Any]:
    """The JSON line of a three-player solve."""
    first, second, third = solution.movers()
    st = solution.stats
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    except ImportError:  # not on Windows
        peak = None
    return {
        "rules": _label(rules, ns),
        "players": 3,
        "states": 3 * solution.levels.ng ** 3,
        "cycles": st.cycles,
        "iterations": st.solves,
        "kept_without_solving": st.kept,
        "cycles_not_settling": st.flagged,
        "cycles_mixing": st.mixed,
        "cycles_with_several_equilibria": st.several,
        "largest_gain": st.largest_gain,
        "seconds": round(st.seconds, 1),
        "wall_seconds": round(st.wall, 1),
        # the share of the turn starts a kept solve had done (--keep), 0 for a whole solve
        "resumed_from": 0.0 if keep is None else round(keep.resumed, 6),
        "threads": ns.threads,
        "peak_mb": peak,
        # unrounded, averaged over the drawn starting seat (D-7)
        "first_player_win_probability": first,
        "second_player_win_probability": second,
        "third_player_win_probability": third,
    }
