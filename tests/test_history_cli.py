"""tenthousand --stats [--json], --export-csv, --verify, --print-paths and sim --history."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from history_kit import (
    damage_pages,
    drop_column,
    entry,
    files_in,
    filled,
    locked,
    odd_history,
    played,
    seat,
)

from tenthousand import cli
from tenthousand.files.paths import paths
from tenthousand.files.records import write_record
from tenthousand.history.codes import fingerprint_of
from tenthousand.history.store import History
from tenthousand.tools import sim


def _fill() -> None:
    with History(paths().history) as h:
        for day in range(4):
            h.add(entry((seat(0, "Ann", score=10000 + day, won=day != 2, faces=(9,) * 6),
                         seat(1, "Cy", score=9000, won=day == 2, computer=True,
                              level="expert")), day=day))


def test_stats_json_for_the_person_with_most_games(capsys: pytest.CaptureFixture[str]) -> None:
    _fill()
    assert cli.run(["--stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player"] == "Ann" and data["games"] == 4 and data["wins"] == 3
    assert data["by_level"]["expert"]["games"] == 4


def test_stats_in_words_with_filters(capsys: pytest.CaptureFixture[str]) -> None:
    _fill()
    assert cli.run(["--stats", "--player", "Ann", "--against", "expert",
                    "--since", "2023-11-15", "--rules", "ten-thousand"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Statistics of Ann")
    assert "Longest winning streak" in out and "won" in out
    assert cli.run(["--stats", "--player", "Ann", "--against", "normal"]) == 0
    assert "no finished games match" in capsys.readouterr().out


def test_stats_without_a_history_says_so(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    assert cli.run(["--stats"]) == 1
    assert "no games stored yet" in capsys.readouterr().err
    assert cli.run(["--export-csv", str(tmp_path)]) == 1  # (a folder that exists)
    assert not paths().history.exists()  # nothing begun


def _unchanged(folder: Path, before: dict[str, bytes]) -> None:
    """Nothing renamed, set aside, made or changed, but SQLite's own side files of a
    reader (``-wal``, ``-shm``: it needs them to read a WAL database beside a writer)."""
    after = files_in(folder)
    assert set(before) <= set(after)
    assert set(after) - set(before) <= {"history.sqlite3-wal", "history.sqlite3-shm"}
    assert after["history.sqlite3"] == before["history.sqlite3"]


@pytest.mark.parametrize("make, words", [
    (damage_pages, "the game history is damaged; start the game once"),
    (drop_column, "the game history is damaged; start the game once"),
])
def test_stats_read_a_damaged_history_and_leave_it_alone(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, words: str) -> None:
    path = make(paths().history)  # type: ignore[operator]
    before = files_in(path.parent)
    for argv in (["--stats"], ["--stats", "--json"], ["--export-csv", str(tmp_path)]):
        assert cli.run(argv) == 1
        err = capsys.readouterr().err
        assert err.lower().startswith("tenthousand: " + words), err
        assert "malformed" not in err and "Errno" not in err
    _unchanged(path.parent, before)


def test_stats_of_a_locked_history_say_so_and_leave_it_alone(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from tenthousand.history import report

    monkeypatch.setattr(report, "READ_WAIT", 0.05)
    path = filled(paths().history)
    with locked(path, "rollback"):
        before = files_in(path.parent)
        assert cli.run(["--stats"]) == 1
        assert "in use by another program; try again" in capsys.readouterr().err
        _unchanged(path.parent, before)
    assert cli.run(["--stats", "--player", "Ann"]) == 0  # the lock gone, it is all there
    assert "2 of 3 won" in capsys.readouterr().out


def test_stats_read_an_older_layout_without_changing_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Read-only: the file stays at layout 1 (the game brings it up to date)."""
    import sqlite3

    from tenthousand.history.schema import MIGRATIONS

    path = paths().history
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0])
    con.execute("PRAGMA user_version = 1")
    con.execute("INSERT INTO games VALUES (1, 1.7e9, 5.0, 'finished', 'farkle', 'Farkle', "
                "'{}', 1, 0, 0, 'window', '{}')")
    con.execute("INSERT INTO seats VALUES (1, 0, 'Ann', 0, '', 10000, 1, 10, 1, 20, 10000, "
                "3, 1, 1500, 1, 2, 3, 4, 5, 6)")
    con.commit()
    con.close()
    before = files_in(path.parent)
    assert cli.run(["--stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
    _unchanged(path.parent, before)


def test_odd_rows_are_left_out_of_stats_and_csv(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Before, each of these exited 1 ("Could not decode to UTF-8 column ...")."""
    odd_history(paths().history)
    assert cli.run(["--stats", "--player", "Ann"]) == 0
    out = capsys.readouterr().out
    assert "1 of 1 won" in out and "Games 2 (" in out and "are left out" in out
    assert cli.run(["--stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and [g["id"] for g in data["skipped"]] == [2, 3, 4, 5, 6]
    assert cli.run(["--export-csv", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("tenthousand: Games 2 (") and "are left out" in err
    assert (tmp_path / "tenthousand-games.csv").read_text().count("\n") == 6


def test_export_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fill()
    assert cli.run(["--export-csv", str(tmp_path)]) == 0
    assert (tmp_path / "tenthousand-games.csv").read_text().count("\n") == 9


def test_verify_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = played(11)
    path = tmp_path / "game.json"
    write_record(game.record, path, with_transcript=False)
    assert cli.run(["--verify", str(path), "--fingerprint", fingerprint_of(11)[:16]]) == 0
    out = capsys.readouterr().out
    assert "matches" in out and out.strip().endswith("Verified.")
    assert cli.run(["--verify", str(path), "--fingerprint", fingerprint_of(12)[:16]]) == 1
    assert "NOT verified." in capsys.readouterr().out
    text = path.read_text().replace('"seed": 11', '"seed": 12')
    path.write_text(text)
    assert cli.run(["--verify", str(path)]) == 1


def test_print_paths_lists_the_history(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.run(["--print-paths"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["history"].endswith("history.sqlite3")


def test_sim_games_store_their_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "sim.sqlite3"
    assert sim.main(["games", "--rules", "farkle", "--players", "normal,beginner",
                     "--games", "6", "--seed", "3", "--history", str(db)]) == 0
    out = json.loads(capsys.readouterr().out)
    with History(db) as h:
        assert h.count() == 6
        wins = h.con.execute("SELECT sum(won) FROM seats WHERE seat = 0").fetchone()[0]
        assert wins == out["wins"][0]
        assert h.con.execute("SELECT DISTINCT source FROM games").fetchall() == [("sim",)]


def test_sim_games_analysed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "sim.sqlite3"
    assert sim.main(["games", "--rules", "farkle", "--players", "normal,beginner",
                     "--games", "1", "--seed", "5", "--history", str(db), "--analyse"]) == 0
    with History(db) as h:
        kinds = h.con.execute("SELECT DISTINCT seat FROM decisions").fetchall()
        assert sorted(kinds) == [(0,), (1,)]  # every seat's decisions, for the levels
        assert h.con.execute("SELECT value_kind FROM games").fetchone() == ("win",)


def test_stats_of_a_player_nobody_has_seen_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    _fill()
    assert cli.run(["--stats", "--player", "Nobody"]) == 1
    err = capsys.readouterr().err
    assert "no games of Nobody are stored" in err and "Ann" in err and "Cy" in err


@pytest.mark.parametrize("argv", [["--stats"], ["--stats", "--json"], ["--help"]])
def test_output_into_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    """``tenthousand --stats | head -3``: the reader has gone before the writer is done.
    Before, the game said it "could not start ([Errno 32] Broken pipe)" and logged a
    traceback."""
    _fill()
    read, write = os.pipe()
    os.close(read)  # nobody will ever read: every write fails with EPIPE
    done = subprocess.run([sys.executable, "-m", "tenthousand", *argv], stdout=write,
                          stderr=subprocess.PIPE, timeout=60)
    os.close(write)
    assert done.returncode in (0, 1) and done.stderr == b"", done.stderr
    log = paths().logfile
    assert not log.exists() or "Traceback" not in log.read_text(encoding="utf-8")
