"""The simulator: its JSON, its exit codes, the solve hand-over."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tenthousand.tools import sim

TURN_KEYS = {"rules", "strategy", "turns", "mean", "stderr", "expected", "table_seconds"}
GAME_KEYS = {"games", "players", "wins", "win_rate", "ci95", "mean_turns", "games_per_second",
             "decision_ms_p50", "decision_ms_p99"}


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert sim.main(list(args)) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return json.loads(out)


def test_turns_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "turns", "--rules", "trash-5000", "--strategy", "max-expected",
               "--turns", "300", "--seed", "4")
    assert TURN_KEYS <= set(out)
    assert out["turns"] == 300 and out["strategy"] == "max-expected"
    assert out["expected"] == pytest.approx(433.69, abs=0.01)  # the exact value, opening 500
    assert abs(out["mean"] - out["expected"]) < 5 * out["stderr"]
    again = _run(capsys, "turns", "--rules", "trash-5000", "--strategy", "max-expected",
                 "--turns", "300", "--seed", "4")
    assert again["mean"] == out["mean"]  # seeded


def test_turns_of_a_level_without_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "turns", "--rules", "farkle", "--option", "three-trash", "--strategy",
               "normal", "--turns", "50", "--on-board", "--seed", "1")
    assert out["expected"] is None
    assert out["rules"] == "farkle+three-trash"


def test_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "games", "--rules", "ten-thousand", "--game-point", "1000", "--players",
               "expert,normal,beginner", "--games", "9", "--seed", "2")
    assert GAME_KEYS <= set(out)
    assert out["games"] == 9 and sum(out["wins"]) == 9
    assert out["players"] == ["expert", "normal", "beginner"]
    for (lo, hi), rate in zip(out["ci95"], out["win_rate"], strict=True):
        assert 0 <= lo <= rate <= hi <= 1
    assert out["decision_ms_p50"] <= out["decision_ms_p99"]


@pytest.mark.parametrize("args", [
    ["turns", "--rules", "nope", "--strategy", "expert", "--turns", "3"],
    ["turns", "--rules", "farkle", "--strategy", "wizard", "--turns", "3"],
    ["turns", "--rules", "farkle", "--option", "turbo", "--strategy", "expert", "--turns", "3"],
    ["turns", "--rules", "farkle", "--strategy", "expert", "--turns", "-1"],
    ["games", "--rules", "farkle", "--players", "expert,normal", "--games", "-5"],
    ["games", "--rules", "farkle", "--players", "expert,wizard", "--games", "5"],
    ["games", "--rules", "farkle", "--option", "mutant-trash", "--players",
     "expert,normal,beginner", "--games", "5"],
    ["dance"],
    [],
])
def test_bad_arguments_exit_2_with_one_line(args: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        sim.main(args)
    assert e.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1


def test_solve_is_handed_to_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    fake = types.ModuleType("tenthousand.solver")
    fake.main = lambda args: seen.append(list(args)) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tenthousand.solver", fake)
    assert sim.main(["solve", "--rules", "farkle"]) == 0
    assert seen == [["--rules", "farkle"]]


def test_solve_without_a_solver(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "tenthousand.solver", None)
    with pytest.raises(SystemExit) as e:
        sim.main(["solve"])
    assert e.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tenthousand.tools.sim", "turns", "--rules", "farkle",
         "--strategy", "expert", "--turns", "20", "--seed", "3"],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert TURN_KEYS <= set(json.loads(done.stdout))
    bad = subprocess.run([sys.executable, "-m", "tenthousand.tools.sim", "turns"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1


def test_wilson_interval() -> None:
    lo, hi = sim.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert sim.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("args", [["--players", "perfect"], ["--players", "perfect,genius"],
                                  ["--seconds", "0"], ["--delay", "9"], ["--rules", "yahtzee"],
                                  ["--option", "cheating"], ["--frobnicate"]])
def test_benchmark_bad_arguments_exit_2(args: list[str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from tenthousand.tools import benchmark

    with pytest.raises(SystemExit) as e:
        benchmark.main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m tenthousand.tools.benchmark: ") and err.count("\n") == 1


def test_benchmark_takes_the_rules_options() -> None:
    """``--option`` (repeatable, as the game's own): a solve beside the window is timed."""
    from tenthousand.tools import benchmark

    args = benchmark._parser().parse_args(["--option", "challenging", "--option", "surpassing"])
    assert args.option == ["challenging", "surpassing"]
    assert benchmark._parser().parse_args([]).option == []


def test_benchmark_names_the_callback_inside_the_wrappers() -> None:
    from tenthousand.tools import benchmark

    def step() -> None:
        pass

    def run() -> None:  # like Controller.after's wrapper
        step()

    def callit() -> None:  # like tkinter's after wrapper
        run()

    assert benchmark.callback_name(callit).endswith("step")
    assert benchmark.callback_name(step).endswith("step")
    assert benchmark.percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.0
    assert benchmark.percentile([], 0.99) == 0.0


def test_the_records_of_sim_games_keep_each_games_seed_for_verify(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 42, item 7: the records had a generator's state and no seed, so --verify
    could not check their dice.  The same seed still gives the same bytes."""
    from tenthousand.files.records import read_record
    from tenthousand.history.codes import verify

    args = ["games", "--rules", "farkle", "--game-point", "1000", "--players",
            "normal,beginner", "--games", "2", "--seed", "3"]
    _run(capsys, *args, "--records", str(tmp_path / "a"))
    _run(capsys, *args, "--records", str(tmp_path / "b"))
    for name in ("game-00001.json", "game-00002.json"):
        record = read_record(tmp_path / "a" / name)
        assert record.start.seed is not None
        assert verify(record).ok
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    seeds = {read_record(tmp_path / "a" / f"game-0000{n}.json").start.seed for n in (1, 2)}
    assert len(seeds) == 2


def test_the_headless_save_is_one_the_program_resumes(tmp_path: Path) -> None:
    """Issue 42, item 7: --save wrote a position of format 1 that the program refused."""
    from tenthousand.files.savegame import parse_save
    from tenthousand.tools import headless

    save = tmp_path / "save.json"
    assert headless.main(["--seed", "1", "--games", "1", "--random", "--save", str(save)]) == 0
    game = parse_save(save.read_bytes())
    assert game.over and game.record.start.seed == 1
