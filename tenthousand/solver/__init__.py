"""Perfect two-player play: the offline solver, the shipped tables and the Perfect player.

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

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"solve: {message}\n")
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    from ..model.rules import PRESETS

    p = _Parser(prog="tenthousand.tools.sim solve",
                description="Solve two-player perfect play for a preset.")
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
    p.add_argument("--progress", action="store_true", help="report progress on stderr")
    return p


def main(args: list[str] | None = None) -> int:
    """Run ``solve``; returns the exit status (2 for bad arguments)."""
    argv = list(sys.argv[1:] if args is None else args)
    if argv[:1] == ["solve"]:
        argv = argv[1:]
    try:
        ns = _parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    from ..files.rulefile import read
    from ..model.rules import PRESETS

    try:
        rules = read(ns.rules_file).rules if ns.rules_file is not None else PRESETS[ns.rules]
        if ns.game_point is not None:
            rules = rules.with_options(game_point=ns.game_point)
        if ns.lowest_score is not None:
            rules = rules.with_options(score_floor=ns.lowest_score)
        if ns.extra is not None and (ns.extra < 0 or ns.extra % 50):
            raise ValueError("--extra must be a non-negative multiple of 50")
    except ValueError as e:
        sys.stderr.write(f"solve: {e}\n")
        return 2
    # One BLAS thread: the solver's matrices are small, and threads only fight here.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    try:
        from . import core  # noqa: F401 - the solvers need numpy: say so before starting
    except ImportError:
        sys.stderr.write("solve: numpy is missing: install the game again (pipx reinstall tenthousand, or pip install numpy)\n")
        return 1
    kwargs = {} if ns.extra is None else {"extra": ns.extra}
    if ns.progress:
        kwargs["progress"] = True
    from .cache import option_tables, solve_table

    kind = option_tables(rules)
    problem = kind.unsupported(rules) if kind is not None else None
    if problem is not None:
        sys.stderr.write(f"solve: {problem}\n")
        return 2
    solution, data = solve_table(rules, **kwargs)
    if ns.out is not None:
        ns.out.parent.mkdir(parents=True, exist_ok=True)
        ns.out.write_bytes(data)
    print(json.dumps({
        "rules": (rules.title if ns.rules_file is not None else rules.preset)
        + ("" if ns.game_point is None else f" to {rules.game_point}"),
        "states": solution.states,
        "iterations": solution.iterations,
        **({"sweeps": solution.sweeps} if hasattr(solution, "sweeps") else {}),
        "seconds": round(solution.seconds, 1),
        "first_player_win_probability": round(solution.first_player_win_probability, 6),
    }))
    return 0
