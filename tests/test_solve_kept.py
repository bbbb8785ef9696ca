"""A three-player solve kept on disk as it goes (:mod:`tenthousand.solver.partial3`): stopped
or killed anywhere, it goes on later to the very same table, and a kept file that is not
this solve's is never used."""

from __future__ import annotations

import json
import logging
import struct
import threading
from pathlib import Path
from typing import Any

import pytest

from tenthousand.model.rules import PRESETS

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from tenthousand.solver import cache, main, partial3, table3, three  # noqa: E402

#: Small, yet with a cycle that mixes and one with several equilibria (test_solver_three).
ODD = PRESETS["trash-5000"].with_options(game_point=400, opening_minimum=100, minimum=50)
EXTRA = 50


class Stop(Exception):
    """The solve stopped from outside (a new game, quit, Ctrl+C)."""


@pytest.fixture(scope="module")
def whole() -> three.Solution3:
    return three.solve(ODD, extra=EXTRA)


#: The share of the progress that is the last round's (the rest: the levels').
END = three.end_share(ODD, EXTRA)


def _stop_at(share: float, *, levels: bool = True) -> Any:
    """A progress report that stops the solve at ``share`` of its levels (or of all)."""
    at_least = END + (1 - END) * share if levels else share

    def progress(at: float) -> None:
        if at >= at_least:
            raise Stop
    return progress


def _same(a: three.Solution3, b: three.Solution3) -> None:
    """Every value, mixed play, last-round array and count the same, to the bit."""
    assert np.array_equal(a.levels.value, b.levels.value)
    assert a.levels.mix == b.levels.mix
    for k in ("c1", "c2", "tie2_second", "tie3_second", "tie3_third"):
        assert np.array_equal(getattr(a.end, k), getattr(b.end, k)), k
    assert (a.end.tie2, list(a.end.tie3)) == (b.end.tie2, list(b.end.tie3))
    sa, sb = a.stats, b.stats
    for name in ("levels", "cycles", "solves", "kept", "flagged", "mixed", "several",
                 "rounds", "largest_gain", "work"):
        assert getattr(sa, name) == getattr(sb, name), name
    assert a.movers() == b.movers()


@pytest.mark.parametrize("share", [0.15, 0.5, 0.93, 0.99])
def test_a_stopped_solve_goes_on_to_the_very_same_table(
        tmp_path: Path, whole: three.Solution3, share: float) -> None:
    path = tmp_path / "odd-3.part"
    keep = partial3.Keeper(path, ODD, every=float("inf"))
    with pytest.raises(Stop):
        three.solve(ODD, extra=EXTRA, keep=keep, progress=_stop_at(share))
    assert path.exists()  # kept when it stopped, though no write was due
    again = partial3.Keeper(path, ODD)
    seen: list[float] = []
    s = three.solve(ODD, extra=EXTRA, keep=again, progress=seen.append)
    assert 0.0 < again.resumed < 1.0
    assert seen[0] > END  # the last round and the levels kept were not solved again
    _same(s, whole)
    assert s.stats.seconds > 0
    stamp = {"seconds": 0.0}
    assert _figures(table3.pack(s), stamp) == _figures(table3.pack(whole), stamp)


def _figures(data: bytes, stamp: dict[str, float]) -> bytes:
    """A table file with its solve's seconds left out."""
    (n,) = struct.unpack("<I", data[len(table3.MAGIC):len(table3.MAGIC) + 4])
    start = len(table3.MAGIC) + 4
    header = json.loads(data[start:start + n])
    header["figures"].update(stamp)
    return json.dumps(header, sort_keys=True).encode() + data[start + n:]


def test_a_killed_solve_goes_on_from_its_last_write(
        tmp_path: Path, whole: three.Solution3, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed: nothing is written as it dies; the solve goes on from the last write due
    (here every fourth level, by a clock that moves a second a level)."""
    path = tmp_path / "odd-3.part"
    ticks = iter(range(10_000))
    keep = partial3.Keeper(path, ODD, every=4.0, clock=lambda: float(next(ticks)))
    monkeypatch.setattr(keep, "stopped", lambda levels: None)  # a kill writes nothing
    with pytest.raises(Stop):
        three.solve(ODD, extra=EXTRA, keep=keep, progress=_stop_at(0.7))
    kept = json.loads(_header(path))
    assert 0 < kept["done"] < 8 ** 3 and kept["stats"]["levels"] > 0
    torn = tmp_path / ".odd-3.part.x1y2.tmp"  # a write the kill cut short
    torn.write_bytes(b"\0" * 100)
    again = partial3.Keeper(path, ODD)
    _same(three.solve(ODD, extra=EXTRA, keep=again), whole)
    assert again.resumed == kept["done"] / 8 ** 3
    assert not torn.exists()


def test_writes_are_spaced_by_their_own_time_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that takes long (a large game on a slow disk) pushes the next one back, so
    that writing never takes over the solve."""
    path = tmp_path / "odd-3.part"
    ticks = iter(range(10_000))
    monkeypatch.setattr(partial3, "GAP_TIMES", 1e9)  # any write's time: the next is far off
    keep = partial3.Keeper(path, ODD, every=1.0, clock=lambda: float(next(ticks)))
    monkeypatch.setattr(keep, "stopped", lambda levels: None)
    with pytest.raises(Stop):
        three.solve(ODD, extra=EXTRA, keep=keep, progress=_stop_at(0.7))
    assert json.loads(_header(path))["done"] == 0  # the last round's write, then no other


def test_a_full_disk_leaves_the_solve_unkept_but_whole(
        tmp_path: Path, whole: three.Solution3, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    def full(path: Path, chunks: Any) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(partial3, "write_chunks_atomic", full)
    path = tmp_path / "odd-3.part"
    with caplog.at_level(logging.WARNING, logger="tenthousand.solver.partial3"):
        s = three.solve(ODD, extra=EXTRA, keep=partial3.Keeper(path, ODD, every=0.0))
    _same(s, whole)
    assert "No space left on device" in caplog.text and not path.exists()


def test_a_table_in_the_cache_removes_what_its_solve_left_kept() -> None:
    """Killed after writing the table and before removing the kept solve: the next read
    of the table removes it."""
    rules = PRESETS["farkle"].with_options(game_point=500)
    table3._REGISTERED.pop(rules, None)
    s = three.solve(rules, extra=200)
    table3.cache_file(rules).parent.mkdir(parents=True, exist_ok=True)
    table3.cache_file(rules).write_bytes(table3.pack(s))
    part = partial3.partial_file(rules)
    part.write_bytes(b"left behind")
    assert table3.load(rules) is not None and not part.exists()
    table3._REGISTERED.pop(rules, None)


def test_a_solve_stopped_in_its_last_round_starts_again(tmp_path: Path,
                                                        whole: three.Solution3) -> None:
    path = tmp_path / "odd-3.part"
    with pytest.raises(Stop):
        three.solve(ODD, extra=EXTRA, keep=partial3.Keeper(path, ODD), progress=_stop_at(END / 2, levels=False))
    assert not path.exists()
    keep = partial3.Keeper(path, ODD)
    _same(three.solve(ODD, extra=EXTRA, keep=keep), whole)
    assert keep.resumed == 0.0


def _header(path: Path) -> bytes:
    data = path.read_bytes()
    (n,) = struct.unpack("<I", data[len(partial3.MAGIC):len(partial3.MAGIC) + 4])
    return data[len(partial3.MAGIC) + 4:len(partial3.MAGIC) + 4 + n]


def _kept(tmp_path: Path) -> Path:
    path = tmp_path / "odd-3.part"
    with pytest.raises(Stop):
        three.solve(ODD, extra=EXTRA, keep=partial3.Keeper(path, ODD), progress=_stop_at(0.5))
    return path


def _rewrite_header(path: Path, change: Any) -> None:
    data = path.read_bytes()
    head = json.loads(_header(path))
    change(head)
    new = json.dumps(head).encode()
    rest = data[len(partial3.MAGIC) + 4 + len(_header(path)):]
    path.write_bytes(partial3.MAGIC + struct.pack("<I", len(new)) + new + rest)


def _other_rules(head: dict[str, Any]) -> None:
    head["identity"]["rules"]["game_point"] = 500


def _other_solver(head: dict[str, Any]) -> None:
    head["identity"]["table_format"] -= 1


def _inside_a_level(head: dict[str, Any]) -> None:
    head["done"] += 1


def _bad_stats(head: dict[str, Any]) -> None:
    del head["stats"]["solves"]


@pytest.mark.parametrize("damage", [
    lambda p: p.write_bytes(p.read_bytes()[:-8]),  # cut short
    lambda p: p.write_bytes(p.read_bytes() + b"\0" * 8),  # too long
    lambda p: p.write_bytes(b"TTPERFECT3\n" + p.read_bytes()[11:]),  # not a kept solve
    lambda p: p.write_bytes(p.read_bytes()[:40]),  # a header cut short
    lambda p: p.write_bytes(b""),
    lambda p: _rewrite_header(p, _other_rules),
    lambda p: _rewrite_header(p, _other_solver),
    lambda p: _rewrite_header(p, _inside_a_level),
    lambda p: _rewrite_header(p, _bad_stats),
], ids=["short", "long", "magic", "header", "empty", "rules", "solver", "level", "stats"])
def test_a_kept_file_not_this_solves_is_removed_and_the_solve_starts_again(
        tmp_path: Path, whole: three.Solution3, damage: Any,
        caplog: pytest.LogCaptureFixture) -> None:
    path = _kept(tmp_path)
    damage(path)
    keep = partial3.Keeper(path, ODD)
    with caplog.at_level(logging.WARNING, logger="tenthousand.solver.partial3"):
        s = three.solve(ODD, extra=EXTRA, keep=keep)
    assert keep.resumed == 0.0
    assert "cannot be used" in caplog.text and str(path) in caplog.text
    _same(s, whole)


def test_another_turn_cap_is_another_solve(tmp_path: Path) -> None:
    path = _kept(tmp_path)
    keep = partial3.Keeper(path, ODD)
    s = three.solve(ODD, extra=EXTRA + 50, keep=keep)
    assert keep.resumed == 0.0
    _same(s, three.solve(ODD, extra=EXTRA + 50))


# -- the command line -------------------------------------------------------------------

def _interrupt_after(monkeypatch: pytest.MonkeyPatch, calls: int) -> None:
    """Ctrl+C in the middle of the normal game's levels."""
    level = three.Levels.level
    count = iter(range(calls + 1))

    def interrupted(self: three.Levels, trip: Any) -> None:
        if next(count) == calls:
            raise KeyboardInterrupt
        level(self, trip)
    monkeypatch.setattr(three.Levels, "level", interrupted)


def test_the_command_keeps_its_solve_on_ctrl_c_and_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    args = ["solve", "--rules", "farkle", "--game-point", "500", "--extra", "200",
            "--players", "3"]
    assert main(args) == 0
    whole = json.loads(capsys.readouterr().out)
    kept, out = tmp_path / "f.part", tmp_path / "f-3.bin"
    with monkeypatch.context() as m:
        _interrupt_after(m, 15)
        assert main([*args, "--keep", str(kept)]) == 130
    said = capsys.readouterr()
    assert said.out == ""
    assert f"kept in {kept}: the same command goes on from there" in said.err
    assert kept.exists()
    assert main([*args, "--keep", str(kept), "--out", str(out)]) == 0
    went_on = json.loads(capsys.readouterr().out)
    assert 0 < went_on["resumed_from"] < 1 and whole["resumed_from"] == 0
    for key in ("first_player_win_probability", "second_player_win_probability",
                "third_player_win_probability", "iterations", "kept_without_solving",
                "cycles_not_settling", "cycles_mixing", "cycles_with_several_equilibria"):
        assert went_on[key] == whole[key], key
    assert not kept.exists()  # the table is written: nothing left to go on from
    assert table3.read(out).movers() == pytest.approx(
        (whole["first_player_win_probability"], whole["second_player_win_probability"],
         whole["third_player_win_probability"]), abs=1e-6)


@pytest.mark.parametrize("args, said", [
    (["--keep", "x.part"], "--keep is for three players (add --players 3)"),
    (["--players", "3", "--keep", "x", "--keep-every", "0"],
     "--keep-every wants a number of seconds above 0"),
    (["--players", "3", "--keep", "x", "--keep-every", "soon"], "invalid float value"),
])
def test_the_commands_keep_flags_are_checked(
        args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--rules", "farkle", *args]) == 2
    assert said in capsys.readouterr().err


# -- the window's background solve ------------------------------------------------------

def test_the_windows_solve_stopped_by_a_quit_goes_on_in_the_next_session(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A three-seat game's solve stopped (quit, or a new game with other rules) keeps what
    it solved in the cache folder; the next session's solve goes on from there, and once the
    table is in the cache the kept solve is gone."""
    monkeypatch.setattr(three, "DEFAULT_EXTRA", 200)  # a shorter last round: a quicker test
    rules = PRESETS["farkle"].with_options(game_point=400)
    cache._SOLVES.clear()
    table3._REGISTERED.pop(rules, None)
    solve = cache.background(rules, 3)
    reached = threading.Event()
    original = solve._report

    half = three.end_share(rules) + (1 - three.end_share(rules)) * 0.5  # half the levels

    def report(share: float) -> None:
        original(share)
        if share > half:
            reached.set()
            solve.cancel()
    solve._report = report  # type: ignore[method-assign]
    with pytest.raises(cache.SolveCancelled):
        solve.run()
    assert reached.is_set() and solve.table is None and solve.wait(0.0)
    part = partial3.partial_file(rules)
    assert part.exists() and part.parent == table3.cache_file(rules).parent
    again = cache.background(rules, 3)
    assert again is not solve
    shares: list[float] = []
    original2 = again._report
    again._report = lambda share: (shares.append(share), original2(share))[1]  # type: ignore[method-assign]
    table = again.run()
    assert shares[0] > half and again.progress == 1.0
    assert not part.exists() and table3.cache_file(rules).exists()
    assert sum(table.movers()) == pytest.approx(1.0, abs=1e-6)  # the same table: see above
    table3._REGISTERED.pop(rules, None)
    cache._SOLVES.clear()


def test_the_benchmark_writes_and_reads_a_kept_solve_at_its_largest(tmp_path: Path) -> None:
    from tenthousand.tools import benchmark, keep3_bench

    got = keep3_bench.run(PRESETS["farkle"].with_options(game_point=500), 2, tmp_path)
    assert got["same"] and got["runs"] == 2 and got["write_s"] >= 0 and got["read_s"] >= 0
    assert not list(tmp_path.iterdir())  # nothing left behind
    with pytest.raises(SystemExit) as e:
        benchmark.main(["keep3", "--runs", "0"])
    assert e.value.code == 2
