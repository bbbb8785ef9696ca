"""A history in trouble: set aside only when it is really damaged; left alone (and the game
kept beside it, stored later, once) when it is busy, locked, full, read-only or unreadable.

The locks are held by another connection (SQLite's locks hold between connections of one
process as between processes); the short forms wait 50 ms for them, the --long form holds
one from another process for longer than the keeper's whole 10 s wait.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fake_tk import FakeTk
from history_kit import damage_pages, drop_column, entry, files_in, filled, locked, seat

from tenthousand.history.keeper import Keeper
from tenthousand.history.pending import Pending, pending_path
from tenthousand.history.schema import Damaged, Unavailable, trouble
from tenthousand.history.store import BUSY_TIMEOUT, GameEntry, History, open_history
from tenthousand.services.jobs import JobRunner

WAIT = 0.05  # the short forms' wait for a lock (the game waits BUSY_TIMEOUT)


def _entry(token: str, day: int = 10) -> GameEntry:
    e = entry((seat(0, "Ann", score=10000, won=True), seat(1, "Cy", score=0, won=False,
                                                          computer=True, level="expert")),
              day=day)
    return type(e)(**{**e.__dict__, "token": token})


def _keeper(path: Path) -> Keeper:
    return Keeper(JobRunner(FakeTk()), path=path, timeout=WAIT)


def _count(path: Path) -> int:
    with History(path) as h:
        return h.count()


def _aside(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.bad-*"))


# -- locks: left alone, the game kept and stored once the lock goes --------------------------

@pytest.mark.parametrize("how", ["exclusive", "rollback", "locking-mode"])
def test_a_locked_history_is_left_alone_and_the_game_stored_when_the_lock_goes(
        tmp_path: Path, how: str) -> None:
    path = filled(tmp_path / "history.sqlite3")
    keeper = _keeper(path)
    with locked(path, how):
        before = files_in(tmp_path)
        done = keeper.deliver(_entry("a"), WAIT)
        assert done.ids == {} and done.kept == 1 and not done.notices
        assert done.waiting is not None and "in use by another program" in done.waiting
        assert _aside(tmp_path) == []
        assert files_in(tmp_path)["history.sqlite3"] == before["history.sqlite3"]
        kept = json.loads(pending_path(path).read_text(encoding="utf-8"))  # JSON, no pickle
        assert [g["token"] for g in kept["games"]] == ["a"]
    done = keeper.deliver(_entry("b", day=11), WAIT)  # the next game: both are stored
    assert set(done.ids) == {"a", "b"} and done.problem is None and done.kept == 0
    assert not pending_path(path).exists()
    keeper.deliver(None, WAIT)
    assert _count(path) == 5  # three, and the two: each once
    keeper.close()


@pytest.mark.parametrize("how", ["rollback", "locking-mode"])
def test_a_history_locked_at_open_is_unavailable_not_damaged(tmp_path: Path, how: str) -> None:
    path = filled(tmp_path / "history.sqlite3")
    with locked(path, how):
        with pytest.raises(Unavailable) as raised:
            History(path, timeout=WAIT)
        assert raised.value.kind == "busy"
        opened = open_history(path, timeout=WAIT)
        assert opened.history is None and opened.trouble is not None
        assert opened.problem is not None and "in use by another program" in opened.problem
        with pytest.raises(Unavailable):
            History(path, read_only=True, timeout=WAIT)
    assert _aside(tmp_path) == [] and _count(path) == 3


def test_a_kept_game_is_stored_once_when_the_program_stopped_before_forgetting_it(
        tmp_path: Path) -> None:
    """Killed after the game's transaction and before the kept file was written again:
    the next start finds the game kept, and its token in the history."""
    path = filled(tmp_path / "history.sqlite3")
    game = _entry("t-1")
    with History(path) as h:
        first = h.add(game)
        assert h.stored("t-1") and h.add(game) == first  # a token is stored once
    kept = Pending(pending_path(path))
    kept.keep(game)
    keeper = _keeper(path)
    done = keeper.deliver(None, WAIT, only_if_kept=True)  # the next start
    assert done.ids == {"t-1": first} and not pending_path(path).exists()
    assert _count(path) == 4


def test_the_next_start_stores_the_kept_games_and_opens_nothing_without_them(
        tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    keeper = _keeper(path)
    assert keeper.deliver(None, WAIT, only_if_kept=True).ids == {}
    assert not path.exists()  # nothing kept: nothing opened, nothing made
    kept = Pending(pending_path(path))
    kept.keep(_entry("x", 1))
    kept.keep(_entry("y", 2))
    tk = FakeTk()
    keeper = Keeper(JobRunner(tk), path=path, timeout=WAIT)
    got: list[object] = []
    assert keeper.retry(got.append)
    tk.pump(until=lambda: bool(got))
    assert set(got[0].ids) == {"x", "y"}  # type: ignore[attr-defined]
    assert _count(path) == 2 and not pending_path(path).exists()


@pytest.mark.parametrize("content", [b"\x80\x04\x95 not json, a pickle", b'{"pending": 1}',
                                     b'{"pending": 1, "games": [{"started": "x"}]}',
                                     b"[" * 100_000])
def test_a_bad_kept_file_is_set_aside_and_the_history_left_alone(tmp_path: Path,
                                                                 content: bytes) -> None:
    path = filled(tmp_path / "history.sqlite3")
    pending_path(path).write_bytes(content)
    keeper = _keeper(path)
    done = keeper.deliver(_entry("n"), WAIT)
    assert done.ids.keys() == {"n"} and len(done.notices) == 1
    said = "cannot be stored" if b"games" in content else "could not be read"
    assert said in done.notices[0] and "set aside" in done.notices[0]
    assert [p.name.split(".bad-")[0] for p in _aside(tmp_path)] == ["history-pending.json"]
    assert _count(path) == 4
    assert not keeper.deliver(_entry("m", 12), WAIT).notices  # said once


# -- a full disk, a read-only or unreadable history: left alone --------------------------------

def test_a_full_disk_keeps_the_game_and_stores_it_when_there_is_room(tmp_path: Path) -> None:
    path = filled(tmp_path / "history.sqlite3")
    keeper = _keeper(path)
    keeper.deliver(None, WAIT)  # open it
    assert keeper.history is not None
    con = keeper.history.con
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    con.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    big = _entry("full")
    big = type(big)(**{**big.__dict__, "record": {"pad": "z" * 200_000}})
    done = keeper.deliver(big, WAIT)
    assert done.ids == {} and done.waiting is not None and "disk is full" in done.waiting
    assert _aside(tmp_path) == [] and pending_path(path).exists()
    con.execute("PRAGMA max_page_count = 1073741823")
    assert keeper.deliver(None, WAIT).ids.keys() == {"full"}
    keeper.close()
    assert _count(path) == 4


def test_a_history_that_cannot_be_written_keeps_the_game(tmp_path: Path) -> None:
    path = filled(tmp_path / "history.sqlite3")
    keeper = _keeper(path)
    keeper.deliver(None, WAIT)
    assert keeper.history is not None
    keeper.history.con.execute("PRAGMA query_only = ON")  # SQLITE_READONLY on every write
    done = keeper.deliver(_entry("ro"), WAIT)
    assert done.ids == {} and done.waiting is not None
    assert "cannot be written" in done.waiting and str(tmp_path) in done.waiting
    assert _aside(tmp_path) == [] and keeper.history is None  # opened again next time
    assert keeper.deliver(None, WAIT).ids.keys() == {"ro"}
    keeper.close()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root can write to a read-only folder")
def test_a_read_only_folder_keeps_the_game_in_memory(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = filled(folder / "history.sqlite3")
    folder.chmod(0o500)
    path.chmod(0o400)
    try:
        keeper = _keeper(path)
        done = keeper.deliver(_entry("r"), WAIT)
        assert done.ids == {} and done.waiting is not None and _aside(folder) == []
    finally:
        folder.chmod(0o700)
        path.chmod(0o600)
    assert keeper.deliver(None, WAIT).ids.keys() == {"r"}  # from memory
    keeper.close()


def test_a_history_that_is_a_folder_is_not_moved(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.mkdir()
    opened = open_history(path)
    assert opened.history is None and opened.trouble is not None
    assert opened.problem is not None and "Errno" not in opened.problem
    assert path.is_dir() and _aside(tmp_path) == []


def test_what_an_error_means() -> None:
    def error(code: int) -> sqlite3.Error:
        e = sqlite3.OperationalError("x")
        e.sqlite_errorcode = code
        return e

    assert isinstance(trouble(error(sqlite3.SQLITE_CORRUPT)), Damaged)
    assert isinstance(trouble(error(sqlite3.SQLITE_NOTADB)), Damaged)
    kinds = {sqlite3.SQLITE_BUSY: "busy", sqlite3.SQLITE_LOCKED: "busy",
             sqlite3.SQLITE_FULL: "full", sqlite3.SQLITE_READONLY: "read-only",
             sqlite3.SQLITE_IOERR: "unreadable", sqlite3.SQLITE_CANTOPEN: "unreadable",
             sqlite3.SQLITE_ERROR: "unreadable"}
    for code, kind in kinds.items():
        found = trouble(error(code))
        assert isinstance(found, Unavailable) and found.kind == kind
    for error_, kind in ((OSError(errno.ENOSPC, "No space left on device"), "full"),
                         (PermissionError(errno.EACCES, "Permission denied"), "read-only"),
                         (FileExistsError(errno.EEXIST, "File exists"), "unreadable")):
        found = trouble(error_)
        assert isinstance(found, Unavailable) and found.kind == kind


# -- really damaged: set aside, begun again, said once -----------------------------------------

def test_damaged_pages_behind_a_good_header_are_set_aside_at_open(tmp_path: Path) -> None:
    path = damage_pages(tmp_path / "history.sqlite3")
    damaged = path.read_bytes()
    keeper = _keeper(path)
    done = keeper.deliver(_entry("d"), WAIT)
    assert done.ids.keys() == {"d"} and done.waiting is None
    assert len(done.notices) == 1 and "damaged" in done.notices[0]
    (aside,) = _aside(tmp_path)
    assert aside.name in done.notices[0] and aside.read_bytes() == damaged
    assert not keeper.deliver(_entry("e", 11), WAIT).notices  # said once
    keeper.close()
    with History(path) as h:
        assert h.count() == 2 and h.integrity() == "ok"


def test_damage_met_at_the_first_error_sets_the_file_aside(tmp_path: Path) -> None:
    path = damage_pages(tmp_path / "history.sqlite3")
    history = History(path, check=False)  # as if the damage came after the open's check
    with pytest.raises(sqlite3.DatabaseError) as raised:
        history.add(_entry("f"))
    assert isinstance(trouble(raised.value), Damaged)
    keeper = _keeper(path)
    keeper.history = history
    done = keeper.deliver(_entry("f"), WAIT)
    assert done.ids.keys() == {"f"} and len(done.notices) == 1
    assert "set aside" in done.notices[0] and len(_aside(tmp_path)) == 1
    keeper.close()
    assert _count(path) == 1


@pytest.mark.parametrize("version", [None, 2])
def test_a_missing_column_behind_the_right_version_is_set_aside(tmp_path: Path,
                                                                version: int | None) -> None:
    path = drop_column(tmp_path / "history.sqlite3", version=version)
    with History(path) as h:
        assert h.problem is not None and "damaged" in h.problem and h.count() == 0
        h.add(_entry("c"))
    assert len(_aside(tmp_path)) == 1
    with pytest.raises(Damaged):  # a reader says so and sets nothing aside
        History(drop_column(tmp_path / "other.sqlite3"), read_only=True)


def test_a_healthy_history_opens_without_a_problem_and_is_checked(tmp_path: Path) -> None:
    path = filled(tmp_path / "history.sqlite3")
    with History(path) as h:
        assert h.problem is None and h.check
    with History(path, read_only=True) as h:
        assert h.problem is None and not h.check and h.count() == 3


# -- the long form: another process holds the lock longer than the whole wait -----------------

HOLDER = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
con.execute("COMMIT")
"""


def test_a_lock_held_by_another_process(tmp_path: Path, long_run: bool) -> None:
    """The short form holds it 1 s against a 0.2 s wait; --long 11 s against the game's
    own 10 s."""
    path = filled(tmp_path / "history.sqlite3")
    hold, wait = (BUSY_TIMEOUT + 1, BUSY_TIMEOUT) if long_run else (1.0, 0.2)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(hold)],
                              stdout=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdout.readline().strip() == b"locked"
    keeper = Keeper(JobRunner(FakeTk()), path=path, timeout=wait)
    started = time.monotonic()
    done = keeper.deliver(_entry("p"), wait)
    assert time.monotonic() - started >= wait * 0.9
    assert done.ids == {} and done.waiting and "in use" in done.waiting
    assert _aside(tmp_path) == []
    holder.wait(timeout=hold + 30)
    assert keeper.deliver(None, wait).ids.keys() == {"p"}
    keeper.close()
    assert _count(path) == 4


def test_the_kept_games_stay_small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At most MOST games and MOST_BYTES: the oldest go first, so the file can always be
    read back (a JSON file over the size limit would be set aside, games and all)."""
    from tenthousand.history import pending

    monkeypatch.setattr(pending, "MOST_BYTES", 75_000)  # three such games
    kept = Pending(tmp_path / "history-pending.json")
    for n in range(6):
        game = _entry(f"g{n}", n)
        kept.keep(type(game)(**{**game.__dict__, "record": {"pad": "z" * 20_000}}))
    assert [g.token for g in kept.games] == ["g3", "g4", "g5"]
    assert kept.path.stat().st_size <= 75_000
    assert [g.token for g in Pending.load(kept.path).games] == ["g3", "g4", "g5"]
    monkeypatch.setattr(pending, "MOST", 2)
    kept.keep(_entry("g6", 6))
    assert [g.token for g in Pending.load(kept.path).games] == ["g5", "g6"]


# -- one bad kept game: set aside, the others stored (issue 43, item 3) ------------------------

def _bad_kept_games(path: Path) -> list[str]:
    """Four kept games, written as the program writes them: the second with a score of
    2**70, the third with an infinite start; returns their tokens."""
    from tenthousand.history.pending import entry_to_json

    games = [entry_to_json(_entry(token, day)) for token, day in
             (("good-1", 1), ("huge", 2), ("endless", 3), ("good-2", 4))]
    games[1]["seats"][0]["board_score"] = 2**70
    games[2]["started"] = float("inf")
    pending_path(path).write_text(json.dumps({"pending": 1, "games": games}),
                                  encoding="utf-8")
    return [g["token"] for g in games]


def _next_start_sets_aside(path: Path, bad: int) -> tuple[Keeper, str, list[Path]]:
    """The next start stores the kept games "good-1" and "good-2" and sets ``bad`` others
    aside in one file, said in one sentence: the keeper, the sentence and the file."""
    from save_kit import assert_one_sentence

    tk = FakeTk()
    keeper = Keeper(JobRunner(tk), path=path, timeout=WAIT)
    got: list[Any] = []
    assert keeper.retry(got.append)  # the next start
    tk.pump(until=lambda: bool(got))
    done = got[0]
    assert set(done.ids) == {"good-1", "good-2"} and done.kept == 0
    assert len(done.notices) == 1
    notice = done.notices[0]
    assert_one_sentence(notice)
    assert notice.startswith(f"{bad} games kept to be stored in the history cannot be stored")
    assert "no longer hold up the others" in notice
    aside = [p for p in _aside(path.parent) if p.name.startswith("history-pending.json.bad-")]
    assert len(aside) == 1 and aside[0].name in notice
    return keeper, notice, aside


def test_one_bad_kept_game_is_set_aside_with_a_sentence_and_the_others_are_stored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:

    from tenthousand.files.paths import paths
    from tenthousand.history.report import stats_main

    path = paths().history
    path.parent.mkdir(parents=True, exist_ok=True)
    _bad_kept_games(path)
    keeper, notice, aside = _next_start_sets_aside(path, 2)
    assert "far too large" in notice
    kept_aside = json.loads(aside[0].read_text(encoding="utf-8"))  # nothing lost
    assert [g["token"] for g in kept_aside["games"]] == ["huge", "endless"]
    assert not pending_path(path).exists()  # nothing waits: the next start is quiet
    assert not keeper.deliver(None, WAIT).notices
    keeper.close()
    assert _count(path) == 2
    # --stats counts the two games stored and nothing else.
    assert stats_main("Ann", as_json=True) == 0
    counted = json.loads(capsys.readouterr().out)
    assert counted["games"] == 2 and counted["wins"] == 2 and not counted.get("skipped")


def test_kept_games_that_do_not_read_are_set_aside_and_the_others_stored(
        tmp_path: Path) -> None:
    """The hostile run again (issue 43, item 3): a kept game with a number too large for a
    float (10**400 seconds, which stopped every store with an OverflowError: 0 stored,
    all waiting, nothing said) or with a value of the wrong kind (which set the whole
    file aside, the good games with it) is set aside alone, with a sentence; the others
    are stored."""

    from tenthousand.files.paths import paths
    from tenthousand.history.pending import entry_to_json

    path = paths().history
    path.parent.mkdir(parents=True, exist_ok=True)
    games: list[Any] = [entry_to_json(_entry(token, day)) for token, day in
                        (("good-1", 1), ("wide", 2), ("typed", 3), ("good-2", 4))]
    games[1]["seconds"] = 10**400
    games[2]["seats"][0]["score"] = "many"
    games.append("not a game")
    pending_path(path).write_text(json.dumps({"pending": 1, "games": games}),
                                  encoding="utf-8")
    keeper, _notice, aside = _next_start_sets_aside(path, 3)
    kept_aside = json.loads(aside[0].read_text(encoding="utf-8"))  # nothing lost
    assert kept_aside["games"] == json.loads(json.dumps(games[1:3])) + ["not a game"]
    assert not pending_path(path).exists()
    keeper.close()
    assert _count(path) == 2


@pytest.mark.parametrize("change,words", [
    ({"started": float("inf")}, "its start is not a date"),
    ({"started": -5.0}, "its start is not a date"),
    ({"seconds": float("nan")}, "its length of play is not a length"),
    ({"optimum": float("-inf")}, "not a finite number"),
    ({"network_seat": 2**64}, "far too large"),
])
def test_the_history_refuses_a_value_it_cannot_keep_and_stores_nothing(
        tmp_path: Path, change: dict[str, Any], words: str) -> None:
    from tenthousand.history.store import BadEntry

    good = _entry("e")
    with History(tmp_path / "history.sqlite3") as h:
        with pytest.raises(BadEntry, match=words):
            h.add(type(good)(**{**good.__dict__, **change}))
        assert h.count() == 0
        assert h.add(good) == 1


# -- a full disk for the kept games too (issue 43, item 2) --------------------------------------

@pytest.mark.parametrize("in_save", [True, False])
def test_a_game_the_disk_refuses_to_keep_is_said_to_be_where_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_save: bool) -> None:
    """The history and the file beside it are both refused: the sentence says where the
    game is (the save's journal, or only the program's memory), never "kept"."""
    from save_kit import assert_one_sentence

    from tenthousand.history import pending
    from tenthousand.model import PRESETS, Game, Seat
    from tenthousand.tools.headless import play_to_end

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    path = filled(tmp_path / "history.sqlite3")
    asked: list[object] = []
    keeper = Keeper(JobRunner(FakeTk()), path=path, timeout=WAIT,
                    in_save=lambda record: bool(asked.append(record)) or in_save)
    keeper.deliver(None, WAIT)  # open it, then fill the disk
    assert keeper.history is not None
    con = keeper.history.con
    con.execute(f"PRAGMA max_page_count = {con.execute('PRAGMA page_count').fetchone()[0]}")
    monkeypatch.setattr(pending, "write_text_atomic", full)
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Cy", True, "normal")], seed=5)
    play_to_end(game, seed=5)
    stored = keeper._write(game.record.to_dict(), 1_700_000_000.0, 60.0, False, False, "",
                           False, WAIT)
    assert stored.game_id is None and stored.problem is not None
    assert_one_sentence(stored.problem)
    assert "the disk is full" in stored.problem and "kept" not in stored.problem.replace(
        "nor kept beside it", "")
    assert ("stays in the saved game" in stored.problem) is in_save
    assert len(asked) == 1  # (the save was asked about this very game)
    assert keeper.only_in_memory and not pending_path(path).exists()
    monkeypatch.undo()
    con.execute("PRAGMA max_page_count = 1073741823")
    assert len(keeper.deliver(None, WAIT).ids) == 1  # room again: stored from memory
    keeper.close()
