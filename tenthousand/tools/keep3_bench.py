"""``python -m tenthousand.tools.benchmark keep3``: what keeping a three-player solve costs.

A three-player solve is kept on disk as it goes (:mod:`tenthousand.solver.partial3`): every
few minutes it writes the values of the levels done, and a solve that goes on reads them
first.  This writes and reads the largest such file of the rules (every level done; random
values of the right shapes, so no solve is needed) ``--runs`` times in ``--dir`` (the
system's temporary folder by default: choose one on the disk the cache is on) and prints
the medians in seconds::

    {"rules", "mb", "runs", "write_s", "read_s", "same"}

``same``: the values read back are the values written, to the bit.  Needs numpy and numba
(the solver's own :class:`~tenthousand.solver.three.Levels`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..model.rules import PRESETS, Rules


def _levels(rules: Rules, rng: Any) -> Any:
    """A solve's :class:`Levels` at its end: every value and last-round array filled."""
    from ..solver import columns3, three
    from ..solver.variant import DEFAULT_EXTRA, STEP

    ng, e = rules.game_point // STEP, DEFAULT_EXTRA // STEP
    open_min = max(rules.minimum_for(0) // STEP, 1)
    min_after = max(rules.minimum // STEP, 1)
    turns = columns3.Turns3(rules)
    end = three.End(turns, ng, e, open_min, min_after)
    levels = three.Levels(rules, turns, end, ng, e, open_min, min_after)
    top, rows = levels.c1_top(), end.rows()
    end.c1 = rng.random((3, top + 1, top + 1, 2, 2, 3))
    end.c2 = rng.random((3, 3, top + rows + 1, 2, 3))
    end.tie2_second = rng.random((rows, 3))
    end.tie3_second = rng.random((rows, rows, 3))
    end.tie3_third = rng.random((rows, 3, 3))
    levels.value[...] = rng.random(levels.value.shape)
    return levels


def run(rules: Rules, runs: int, folder: Path) -> dict[str, Any]:
    import numpy as np

    from ..solver import partial3, three

    levels = _levels(rules, np.random.default_rng(1))
    done = levels.order().starts[-1]
    writes, reads, same = [], [], True
    with tempfile.TemporaryDirectory(dir=folder) as where:
        path = Path(where) / "bench-3.part"
        for _run in range(runs):
            keep = partial3.Keeper(path, rules)
            started = time.perf_counter()
            keep.level_done(levels, done, now=True)
            writes.append(time.perf_counter() - started)
            other = three.Levels(rules, levels.turns, three.End(
                levels.turns, levels.ng, levels.e, levels.open, levels.min),
                levels.ng, levels.e, levels.open, levels.min)
            started = time.perf_counter()
            got = partial3.Keeper(path, rules).resume(other)
            reads.append(time.perf_counter() - started)
            same = same and got == done and bool(np.array_equal(other.value, levels.value))
            del other
        size = path.stat().st_size
    return {"rules": rules.preset, "mb": round(size / 1e6), "runs": runs,
            "write_s": round(statistics.median(writes), 2),
            "read_s": round(statistics.median(reads), 2), "same": same}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tenthousand.tools.benchmark keep3",
                                description="Time writing and reading a kept three-player "
                                            "solve at its largest.")
    p.add_argument("--rules", choices=sorted(PRESETS), default="ten-thousand",
                   metavar="PRESET")
    p.add_argument("--runs", type=int, default=3, metavar="N")
    p.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()), metavar="FOLDER")
    args = p.parse_args(sys.argv[1:] if argv is None else list(argv))
    if args.runs < 1:
        p.error("--runs wants 1 or more")
    print(json.dumps(run(PRESETS[args.rules], args.runs, args.dir)))
    return 0
