"""The history database: layout, migrations, bad files set aside, one game per transaction."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from history_kit import entry, played, seat

from tenthousand.files.paths import paths
from tenthousand.history import open_history, summarize
from tenthousand.history.schema import MIGRATIONS, VERSION, migrate
from tenthousand.history.store import ABANDONED, History
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS


def _tables(con: sqlite3.Connection) -> set[str]:
    return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_a_new_history_has_the_latest_layout_in_wal_mode(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        assert h.con.execute("PRAGMA user_version").fetchone()[0] == VERSION == 5
        assert h.con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert {"games", "seats", "decisions", "throws", "entries"} <= _tables(h.con)
        assert h.problem is None and h.count() == 0 and h.integrity() == "ok"


def test_the_history_lives_in_the_data_folder_and_is_listed() -> None:
    assert paths().history.name == "history.sqlite3"
    assert paths().as_dict()["history"] == str(paths().history)
    opened = open_history()
    assert opened.history is not None and opened.problem is None
    opened.history.close()
    assert paths().history.exists()


def test_a_first_layout_database_is_migrated_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0])
    con.execute("PRAGMA user_version = 1")
    con.execute("INSERT INTO games VALUES (1, 1.0, 5.0, 'finished', 'farkle', 'Farkle', '{}', "
                "1, 0, 0, 'window', '{}')")
    con.execute("INSERT INTO seats VALUES (1, 0, 'Ann', 0, '', 10000, 1, 10, 1, 20, 10000, "
                "3, 1, 1500, 1, 2, 3, 4, 5, 6)")
    con.execute("INSERT INTO seats VALUES (1, 1, 'Cy', 1, 'expert', 7000, 2, 9, 0, 20, 7000, "
                "3, 1, 1500, 1, 2, 3, 4, 5, 6)")
    con.execute("INSERT INTO decisions VALUES (1, 4, 0, 'win', 'a', 'b', 0.4, 0.5, 0.1, "
                "'bank-early')")
    con.execute("INSERT INTO decisions VALUES (1, 9, 0, 'win', 'a', 'a', 0.5, 0.5, 0.0, '')")
    con.commit()
    con.close()
    with History(path) as h:
        assert h.problem is None
        assert h.con.execute("PRAGMA user_version").fetchone()[0] == VERSION
        row = h.con.execute("SELECT name, luck, skill FROM seats").fetchone()
        assert row == ("Ann", None, None)
        # The sums the statistics read were filled in from the old rows.
        ann = h.con.execute("SELECT decisions, given_away, bank_early, bank_early_cost, "
                            "wrong_dice, opponents, other_best FROM seats WHERE seat = 0"
                            ).fetchone()
        assert ann == (2, pytest.approx(0.1), 1, pytest.approx(0.1), 0, "expert", 7000)
        from tenthousand.history.stats import Filters, statistics

        st = statistics(h, Filters("Ann"))
        assert st.skill["win"]["decisions"] == 2 and st.by_level["expert"]["games"] == 1
        assert st.won_by["most"] == 3000
        assert h.record(1) == {}  # the record moved to its own table
        assert h.con.execute("SELECT record FROM games").fetchone() == ("",)
        assert h.con.execute("SELECT fingerprint, challenge FROM games").fetchone() == ("", "")
        h.add(entry((seat(0, "Ann", score=9000, won=True),)))
        assert h.count() == 2


def test_each_migration_runs_alone_and_in_order(tmp_path: Path) -> None:
    con = sqlite3.connect(tmp_path / "m.sqlite3", isolation_level=None)
    assert migrate(con) == 0
    assert migrate(con) == VERSION  # nothing left to do
    con.close()


@pytest.mark.parametrize("content", [b"this is not a database at all" * 50, b""])
def test_an_unreadable_database_is_set_aside_and_a_new_one_begun(tmp_path: Path,
                                                                content: bytes) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(content)
    (tmp_path / "history.sqlite3-wal").write_bytes(b"junk")
    with History(path) as h:
        h.add(entry((seat(0, "Ann", score=9000, won=True),)))
        assert h.count() == 1
        if content:
            assert h.problem is not None and "set aside" in h.problem
            assert list(tmp_path.glob("history.sqlite3.bad-*"))


def test_a_layout_from_a_newer_release_is_set_aside_not_damaged(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.close()
    with History(path) as h:
        assert h.problem is not None and "newer release" in h.problem
    aside = list(tmp_path.glob("history.sqlite3.bad-*"))
    assert len(aside) == 1
    con = sqlite3.connect(aside[0])
    assert con.execute("PRAGMA user_version").fetchone()[0] == 99
    con.close()


def test_the_game_never_fails_to_start_because_of_its_history(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.write_text("a file where the folder should be")
    opened = open_history(folder / "history.sqlite3")
    assert opened.history is None and opened.problem


def test_a_failed_game_insert_leaves_nothing_behind(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        bad = entry((seat(0, "Ann", score=1, won=True), seat(0, "Bob", score=0, won=False)))
        with pytest.raises(sqlite3.IntegrityError):  # two rows for seat 0
            h.add(bad)
        assert h.count() == 0
        assert h.con.execute("SELECT count(*) FROM seats").fetchone()[0] == 0


def test_a_finished_game_is_stored_with_its_record_and_analysis(tmp_path: Path) -> None:
    game = played(3)
    entry_ = summarize(game.record, seconds=42.0)
    with History(tmp_path / "h.sqlite3") as h:
        game_id = h.add(entry_)
        from tenthousand.model import load_record
        from tenthousand.model.record import Record

        record: Record = load_record(h.record(game_id))
        assert record.to_dict() == game.record.to_dict()
        status, kind, fp = h.con.execute(
            "SELECT status, value_kind, fingerprint FROM games").fetchone()
        assert (status, kind) == ("finished", "win") and len(fp) == 64
        n = h.con.execute("SELECT count(*) FROM decisions WHERE seat = 0").fetchone()[0]
        assert n > 0  # the person's decisions, valued
        assert h.con.execute("SELECT count(*) FROM decisions WHERE seat = 1").fetchone()[0] == 0
        assert h.con.execute("SELECT count(*) FROM throws").fetchone()[0] > 0
        rows = h.con.execute("SELECT won, board_score FROM seats ORDER BY seat").fetchall()
        assert [bool(r[0]) for r in rows] == [game.result.seat == 0, game.result.seat == 1]


def test_an_abandoned_game_is_stored_as_abandoned(tmp_path: Path) -> None:
    game = Game(PRESETS["farkle"], [Seat("Ann"), Seat("Bob", True)], seed=8)
    game.throw()
    e = summarize(game.record)
    assert e.status == ABANDONED and all(s.rank is None for s in e.seats)
    with History(tmp_path / "h.sqlite3") as h:
        h.add(e)
        assert h.con.execute("SELECT status FROM games").fetchone()[0] == "abandoned"


def test_names_put_people_first(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        for day in range(3):
            h.add(entry((seat(0, "Zed", score=1, won=True, computer=True, level="expert"),
                         seat(1, "Ann", score=0, won=False)), day=day))
        assert h.names() == ["Ann", "Zed"]
