"""Record the exact solvers' values as test fixtures (tests/fixtures/solver/, issue 39).

Run from the repository's root on commit aa5b132 (the solvers of one module per option
and pair; their mappings to the generic states are in ``tests/old_solvers.py``)::

    python tests/make_solver_fixtures.py              # every fixture
    python tests/make_solver_fixtures.py NAME ...     # some of them
    python tests/make_solver_fixtures.py --list       # their names
    python tests/make_solver_fixtures.py --compare [CASE ...]  # old solvers vs brute force
    python tests/make_solver_fixtures.py --table      # the fixtures, for the README
    python tests/make_solver_fixtures.py --tables     # only copy the shipped tables
    python tests/make_solver_fixtures.py --rebrute NAME ...  # old-: the brute force again

Three kinds of fixture, one gzipped JSON file each (the format: see the README there):

- ``old-<case>``: an old solver at a small rule set of its tests (``old_solvers.CASES``),
  every turn start a game reaches (``GameBruteForce.reachable``) with the old solver's
  seat-0 value, and how far the generic brute force is from it (it is solved too);
- ``old-<case>-<game point>``: an old solver at a moderate game point with its default
  turn cap (2,000 beyond the game point), a deterministic sample of the turn starts;
- ``brute-<case>``: the combinations no old solver takes, solved by the brute force
  (``tests/solver_brute.py``), every turn start a game reaches.

It also copies the shipped preset tables (``tenthousand/resources/tables/*.bin``) into
``shipped-<preset>-aa5b132.bin`` as they are (``tests/old_tables.py`` reads them).
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import old_solvers  # noqa: E402
import solver_fixtures  # noqa: E402
from solver_brute import GameBruteForce, State  # noqa: E402

from tenthousand.model.rules import PRESETS, Rules  # noqa: E402

OUT = solver_fixtures.FOLDER
TABLES = HERE.parent / "tenthousand" / "resources" / "tables"
TOL = 1e-13
#: the turn starts a fixture of a moderate game point keeps (a sample)
MOST = 4000

_T = PRESETS["trash-5000"]
#: old solver, rules and turn cap beyond the game point (the old default) at moderate
#: game points
MODERATE: dict[str, tuple[str, Rules, int]] = {
    "core-ten-thousand-1000": ("core", PRESETS["ten-thousand"].with_options(
        game_point=1000), 2000),
    "core-trash-5000-1000": ("core", _T.with_options(game_point=1000), 2000),
    "core-farkle-1000": ("core", PRESETS["farkle"].with_options(game_point=1000), 2000),
    "penalty-1000": ("penalty", _T.with_options("three-trash", game_point=1000,
                                                catch_up=False, score_floor=0), 2000),
    "surpass-1000": ("surpass", _T.with_options("surpassing", game_point=1000,
                                                catch_up=False), 2000),
    "challenge-1000": ("challenge", _T.with_options("challenging", game_point=1000,
                                                    catch_up=False), 2000),
    "surpass_end-1000": ("surpass_end", _T.with_options("surpassing", game_point=1000), 2000),
    # (the same minimum to open and later: the old solver refuses 1,000 with a penalty
    # that could soon send tied players back to 0, where the opening minimum holds)
    "penalty_end-1000": ("penalty_end", _T.with_options(
        "three-trash", game_point=1000, score_floor=0, opening_minimum=350), 2000),
    "challenge_end-1000": ("challenge_end", _T.with_options("challenging", game_point=1000),
                           2000),
    "challenge_penalty_end-1000": ("challenge_penalty_end", _T.with_options(
        "challenging", "three-trash", game_point=1000, score_floor=0), 2000),
    "surpass_challenge-500": ("surpass_challenge", _T.with_options(
        "surpassing", "challenging", game_point=500), 2000),
    "surpass_penalty_end-1000": ("surpass_penalty_end", _T.with_options(
        "surpassing", "three-trash", game_point=1000, score_floor=0, opening_minimum=350),
        2000),
    "pyramid-1000": ("pyramid", _T.with_options("pyramiding", game_point=1000), 2000),
    "rotary-1000": ("rotary", _T.with_options("rotary-club", game_point=1000), 2000),
}

#: Few, small counters keep the games with challenging (a tenth of the game point on the
#: grid of 50: 500 at least) small: three 1s 300, other triplets 200, no straight.
_FEW = dict(opening_minimum=100, minimum=50, straight=None,
            kinds=((300, None, None, None),) + ((200, None, None, None),) * 5)
#: two trash turns in a row cost 100, not below -100
_PENALTY = dict(trash_run=2, trash_penalty=100, score_floor=-100)


def _few(game_point: int, *options: str, **changes: Any) -> Rules:
    return _T.with_options(*options, game_point=game_point, **{**_FEW, **changes})


#: The combinations the old solvers do not take (and, for one grid, those they do): rules
#: and turn cap beyond the game point, solved by the brute force.  Every combination of
#: surpassing (s), challenging (c) and the trash penalty with a lowest score (p), with the
#: catch-up round ("end") and without it ("once").
NEW: dict[str, tuple[Rules, int]] = {}
for _code, _options in (("s", ("surpassing",)), ("c", ("challenging",)),
                        ("p", ("three-trash",)), ("sc", ("surpassing", "challenging")),
                        ("sp", ("surpassing", "three-trash")),
                        ("cp", ("challenging", "three-trash")),
                        ("scp", ("surpassing", "challenging", "three-trash"))):
    _point = 500 if "c" in _code else 400
    _more = _PENALTY if "p" in _code else {}
    for _end in (True, False):
        NEW[f"{_code}-{'end' if _end else 'once'}-{_point}"] = (
            _few(_point, *_options, catch_up=_end, **_more), 0)
NEW.update({
    # pyramiding with surpassing, with and without the catch-up round (Trash's compulsory
    # throw after a corner, then Ten-Thousand's optional one and first-throw counters)
    "pyramid-s-end-200": (_T.with_options("pyramiding", "surpassing", game_point=200,
                                          opening_minimum=100, minimum=50), 0),
    "pyramid-s-once-400": (_T.with_options("pyramiding", "surpassing", game_point=400,
                                           opening_minimum=100, minimum=50, catch_up=False),
                           0),
    "pyramid-s-end-ten-thousand-150": (PRESETS["ten-thousand"].with_options(
        "pyramiding", "surpassing", game_point=150, triplet_ones=300, kind_doubling=False,
        three_pairs=500, straight=500), 50),
    # pyramiding with the trash penalty, and with challenging
    "pyramid-p-end-150": (_T.with_options("pyramiding", "three-trash", game_point=150,
                                          opening_minimum=100, minimum=50, **_PENALTY), 0),
    "pyramid-c-end-500": (_few(500, "pyramiding", "challenging"), 0),
    # Rotary Club with challenging, without and with a lowest score
    "rotary-c-500": (_few(500, "rotary-club", "challenging"), 0),
    "rotary-c-floor-500": (_few(500, "rotary-club", "challenging", score_floor=0), 0),
})


def names() -> list[str]:
    return ([f"old-{name}" for name in old_solvers.CASES]
            + [f"old-{name}" for name in MODERATE] + [f"brute-{name}" for name in NEW])


def old_fixture(name: str, variant: str, rules: Rules, extra: int, moderate: bool
                ) -> dict[str, Any]:
    sol = old_solvers.solve(variant, rules, extra, TOL)
    brute = old_solvers.OLD_TRUNCATIONS.get(variant, GameBruteForce)
    force = GameBruteForce(rules, extra)
    difference = None
    if moderate:
        states, reachable = force.sample(MOST, zlib.crc32(name.encode()), most=150_000)
    else:
        force.solve(TOL)
        states, reachable = force.states, len(force.states)
    values = [old_solvers.seat0(variant, sol, s) for s in states]
    if not moderate:
        difference = max(abs(force.v[s] - v) for s, v in zip(states, values, strict=True))
    return {
        "source": "old", "solver": f"tenthousand.solver.{old_solvers.VARIANTS[variant]}",
        "variant": variant, "brute_force": brute.__name__,
        "generic_max_difference": difference,
        **_common(name, rules, extra, force, repr(old_solvers.first_player(sol)), states,
                  values, reachable),
    }


def brute_fixture(name: str, rules: Rules, extra: int) -> dict[str, Any]:
    force = GameBruteForce(rules, extra)
    first = force.solve(TOL)
    states = force.states
    return {
        "source": "brute", "solver": "tests/solver_brute.py", "variant": None,
        "brute_force": "GameBruteForce", "generic_max_difference": 0.0,
        **_common(name, rules, extra, force, repr(first), states,
                  [force.v[s] for s in states], len(force.states)),
    }


def _common(name: str, rules: Rules, extra: int, force: GameBruteForce, first: str,
            states: list[State], values: list[float], reachable: int | None
            ) -> dict[str, Any]:
    return {
        "format": solver_fixtures.FORMAT, "name": name, "commit": _commit(), "rules": rules.to_dict(),
        "extra": extra, "tol": TOL, "first_player_win_probability": first,
        "far": force.far, "reachable": reachable, "sampled": len(states) != reachable,
        "states": solver_fixtures.pack_states(states), "values": values,
    }


def _commit() -> str:
    """The last commit that changed the game's code (the old solvers' code used)."""
    return subprocess.run(["git", "log", "-1", "--format=%h", "--", "tenthousand"],
                          cwd=HERE.parent, text=True, capture_output=True,
                          check=True).stdout.strip()


def make(name: str) -> Path:
    kind, case = name.split("-", 1)
    if kind == "brute":
        data = brute_fixture(name, *NEW[case])
    elif case in MODERATE:
        variant, rules, extra = MODERATE[case]
        data = old_fixture(name, variant, rules, extra, moderate=True)
    else:
        variant, rules, extra = old_solvers.CASES[case]
        data = old_fixture(name, variant, rules, extra, moderate=False)
    path = OUT / f"{name}.json.gz"
    text = json.dumps(data, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0) as f:  # the same bytes every time
        f.write(text.encode())
    return path


def copy_tables() -> None:
    for path in sorted(TABLES.glob("*.bin")):
        shutil.copyfile(path, OUT / f"shipped-{path.stem}-aa5b132.bin")


def compare(cases: list[str]) -> None:
    """Each old solver's small cases against the generic brute force in every reachable
    state, and where they differ against the brute force with the old truncation."""
    for name in cases:
        variant, rules, extra = old_solvers.CASES[name]
        started = time.process_time()
        sol = old_solvers.solve(variant, rules, extra, TOL)
        old_seconds = time.process_time() - started
        rows = []
        for kind in (GameBruteForce, old_solvers.OLD_TRUNCATIONS.get(variant)):
            if kind is None or (rows and rows[-1][1] <= 1e-9):
                break
            started = time.process_time()
            force = kind(rules, extra)
            force.solve(TOL)
            diffs = sorted(((abs(v - old_solvers.seat0(variant, sol, s)), s)
                            for s, v in force.v.items()), reverse=True)
            rows.append((kind.__name__, diffs[0][0], sum(d > 1e-9 for d, _s in diffs),
                         len(diffs), time.process_time() - started, diffs[:3]))
        print(f"{name}: old solver {old_seconds:.1f} s")
        for kind_name, worst, over, count, seconds, top in rows:
            print(f"    {kind_name}: {count} states, max difference {worst:.3g}, {over} over "
                  f"1e-9, {seconds:.1f} s")
            for d, s in top if over else ():
                print(f"        {d:.3g} at {s}")


def rebrute(names_: list[str]) -> None:
    """Solve the generic brute force again for these fixtures of old solvers at small rule
    sets and write how far it is from their values (``generic_max_difference``) and which
    brute force gives them (``brute_force``): after a change of the generic truncation.
    Their values stay (no old solver runs)."""
    for name in names_:
        data = solver_fixtures.load(name)
        assert data["source"] == "old" and not data["sampled"], name
        force = GameBruteForce(Rules.from_dict(data["rules"]), data["extra"])
        force.solve(TOL)
        states = solver_fixtures.states(data)
        # (another cap lets a game reach a few turn starts fewer or others: those in common)
        common = [(s, v) for s, v in zip(states, data["values"], strict=True) if s in force.v]
        assert len(common) >= 0.9 * len(states), name
        off = max(abs(force.v[s] - v) for s, v in common)
        kind = old_solvers.OLD_TRUNCATIONS.get(data["variant"], GameBruteForce)
        data["generic_max_difference"] = off
        data["brute_force"] = kind.__name__ if off >= 1e-9 else GameBruteForce.__name__
        text = json.dumps(data, separators=(",", ":"))
        with gzip.GzipFile(OUT / f"{name}.json.gz", "wb", mtime=0) as f:
            f.write(text.encode())
        print(f"{name}: off by {off:.3g}", flush=True)


def table() -> None:
    """The fixtures as a Markdown table (for the README)."""
    print("| fixture | values of | rules | extra | states | bytes | generic brute force off by |")
    print("| --- | --- | --- | ---: | ---: | ---: | --- |")
    for name in solver_fixtures.names():
        data = solver_fixtures.load(name)
        path = OUT / f"{name}.json.gz"
        rules = Rules.from_dict(data["rules"])
        states = f"{len(data['values']):,}"
        if data["sampled"]:
            states += f" of {data['reachable']:,}" if data["reachable"] else " (sample)"
        off = data["generic_max_difference"]
        kind = data["brute_force"]
        shown = ("(not solved)" if off is None else
                 "0 (its own)" if data["source"] == "brute" else f"{off:.2g}"
                 + ("" if off < 1e-9 else f"; {kind}: below 1e-9"))
        of = data["solver"].rsplit(".", 1)[-1] if data["source"] == "old" else "brute force"
        print(f"| {data['name']} | {of} | {rules.stored_label}"
              f"{'' if rules.catch_up else ', first to the game point wins'} | "
              f"{data['extra']:,} | {states} | {path.stat().st_size:,} | {shown} |")


def main(argv: list[str]) -> int:
    if argv == ["--list"]:
        print("\n".join(names()))
        return 0
    if argv == ["--table"]:
        table()
        return 0
    if argv == ["--tables"]:
        copy_tables()
        return 0
    if argv[:1] == ["--rebrute"]:
        rebrute(argv[1:])
        return 0
    if argv[:1] == ["--compare"]:
        compare(argv[1:] or list(old_solvers.CASES))
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name in argv or names():
        started = time.perf_counter()
        path = make(name)
        print(f"{path.name}: {path.stat().st_size:,} bytes, "
              f"{time.perf_counter() - started:.1f} s", flush=True)
    if not argv:
        copy_tables()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
