"""Mutant Trash: the states a two-player solve would need (issue 25).

Run from the checkout: ``python docs/mutant_states.py`` (a few seconds).  The play area is an
ordered row of up to six dice (the oldest drops out next, so the order matters); inside a
turn the solver would have to keep, besides core's (turn score, dice left), which faces
were frozen in the stretch, since the discard is one of them.  States are counted with
core's cap (a turn score above the game point plus 2,000 banks at once).
"""

from tenthousand.model import scoring
from tenthousand.model.rules import PRESETS


def count(preset: str, extra: int = 2000) -> tuple[int, int, int, int]:
    r = PRESETS[preset].with_options("mutant-trash")
    t = scoring.table(r)
    areas = sum(6 ** k for k in range(7))
    # within a turn: (dice left, faces frozen in the stretch): the discard is one of them
    seen = {(6, frozenset())}
    todo = [(6, frozenset())]
    while todo:
        n, faces = todo.pop()
        for c in scoring.ALL_COUNTS:
            if sum(c) != n:
                continue
            for sub, _p in (t.freezes_first if n == 6 and not faces else t.freezes)[c]:
                got = faces | {f + 1 for f in range(6) if sub[f]}
                left = n - sum(sub)
                key = (6, frozenset()) if left == 0 else (left, frozenset(got))
                last = (0, frozenset(got)) if left == 0 else None  # a corner: the last stretch
                for k in (key, last):
                    if k is not None and k not in seen:
                        seen.add(k)
                        if k[0] > 0:
                            todo.append(k)
    ng, e = r.game_point // 50, extra // 50
    turn_scores = sum(ng + e - a for a in range(ng))  # per opponent score, as core's cap
    starts = 2 * ng * ng * areas
    states = 2 * ng * turn_scores * areas * len(seen)
    return areas, len(seen), starts, states

if __name__ == "__main__":
    for p in ("trash-5000", "trash-10000", "trash-15000"):
        areas, inner, starts, states = count(p)
        print(f"{p}: areas {areas:,}, turn states per turn score {inner}, turn starts "
              f"{starts:,} ({starts * 4 / 1e9:.1f} GB as float32), states {states:.3g}")
