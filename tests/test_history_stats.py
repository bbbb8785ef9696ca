"""Every statistic on hand-made histories, the chi-square test and the CSV export."""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

import pytest
from history_kit import DAY, entry, odd_history, seat

from tenthousand.history.export import decisions_csv, export_csv, games_csv
from tenthousand.history.stats import (
    Filters,
    Skipped,
    chi_square_p,
    fairness,
    split_words,
    statistics,
    wilson,
)
from tenthousand.history.store import ABANDONED, DecisionRow, History


@pytest.fixture
def history(tmp_path: Path) -> History:
    """Ann's games, by day: W L W W W L (expert, normal, expert, expert, person, farkle)."""
    h = History(tmp_path / "h.sqlite3")
    games = [  # (Ann won, Ann's score, other's score, opponent level, preset, assisted)
        (True, 10200, 8000, "expert", "ten-thousand", False),
        (False, 7000, 10050, "normal", "ten-thousand", True),
        (True, 10500, 9900, "expert", "ten-thousand", False),
        (True, 11000, 4000, "expert", "ten-thousand", False),
        (True, 10000, 9500, "", "ten-thousand", False),
        (False, 3000, 10000, "expert", "farkle", False),
    ]
    for day, (won, mine, theirs, level, preset, assisted) in enumerate(games):
        other = seat(1, "Cy" if level else "Dee", score=theirs, won=not won,
                     computer=bool(level), level=level, faces=(5, 5, 5, 5, 5, 5),
                     skill=-0.02)
        ann = seat(0, "Ann", score=mine, won=won, turns=20, banked=mine + 1000, trash=5,
                   corners=day % 2, best=1000 + 100 * day, faces=(10, 10, 10, 10, 10, 10),
                   luck=0.1 * (day - 2), skill=-0.01 * day, start=0.5)
        decisions = (
            DecisionRow(1, 0, "win", "a", "b", 0.4, 0.5, 0.1, "bank-early"),
            DecisionRow(2, 0, "win", "a", "a", 0.5, 0.5, 0.0, ""),
            DecisionRow(3, 0, "win", "c", "d", 0.45, 0.5, 0.05, "wrong-dice"),
            DecisionRow(4, 1, "win", "c", "d", 0.45, 0.5, 0.05, "throw-on"),  # Cy's
        ) if day == 0 else ()
        h.add(entry((ann, other), day=day, preset=preset, assisted=assisted,
                    decisions=decisions, kind="win"))
    h.add(entry((seat(0, "Ann", score=500, won=False), seat(1, "Cy", score=0, won=False,
                                                        computer=True, level="expert")),
                day=9, status=ABANDONED))
    h.add(entry((seat(0, "Ann", score=10000, won=True), seat(1, "Cy", score=0, won=False,
                                                          computer=True, level="expert")),
                day=10, demo=True))
    yield h
    h.close()


def test_games_wins_and_the_interval(history: History) -> None:
    st = statistics(history, Filters("Ann"))
    assert (st.games, st.wins) == (6, 4)
    assert st.win_rate == pytest.approx(4 / 6)
    assert st.ci95 == pytest.approx(wilson(4, 6))
    lo, hi = st.ci95
    assert lo < 4 / 6 < hi and 0 < lo and hi < 1
    assert st.abandoned == 1  # the demo game and the abandoned one do not count


def test_wins_by_opponent_level(history: History) -> None:
    by = statistics(history, Filters("Ann")).by_level
    assert {k: (v["games"], v["wins"]) for k, v in by.items()} == {
        "expert": (4, 3), "normal": (1, 0), "person": (1, 1)}


def test_turns_trash_corners_best_turn_streak(history: History) -> None:
    st = statistics(history, Filters("Ann"))
    assert st.turns == 120
    banked = sum(m + 1000 for m in (10200, 7000, 10500, 11000, 10000, 3000))
    assert st.banked_per_turn == pytest.approx(banked / 120)
    assert st.trash_rate == pytest.approx(30 / 120)
    assert st.corners == 3
    assert st.best_turn == 1500
    assert st.longest_streak == 3
    assert st.optimum_per_turn is not None and 400 < st.optimum_per_turn < 700


def test_margins_of_wins_and_losses(history: History) -> None:
    st = statistics(history, Filters("Ann"))
    assert st.won_by == {"games": 4, "average": (2200 + 600 + 7000 + 500) / 4, "most": 7000,
                         "least": 500}
    assert st.lost_by == {"games": 2, "average": (3050 + 7000) / 2, "most": 7000,
                          "least": 3050}


def test_clean_against_assisted(history: History) -> None:
    st = statistics(history, Filters("Ann"))
    assert (st.clean["games"], st.clean["wins"]) == (5, 4)
    assert (st.assisted["games"], st.assisted["wins"]) == (1, 0)


def test_skill_per_decision_per_game_and_the_costliest_kind(history: History) -> None:
    skill = statistics(history, Filters("Ann")).skill["win"]
    assert skill["decisions"] == 3  # Cy's decision is not Ann's
    assert skill["given_away"] == pytest.approx(0.15)
    assert skill["per_decision"] == pytest.approx(0.05)
    assert skill["per_game"] == pytest.approx(0.15)
    assert skill["costliest"] == "banking too early"
    assert skill["mistakes"]["keeping the wrong dice"]["count"] == 1


def test_luck_and_the_series_over_time(history: History) -> None:
    st = statistics(history, Filters("Ann"))
    lucks = [0.1 * (d - 2) for d in range(6)]
    assert st.luck["games"] == 6
    assert st.luck["total"] == pytest.approx(sum(lucks))
    assert st.luck["best"] == pytest.approx(0.3) and st.luck["worst"] == pytest.approx(-0.2)
    assert [p.won for p in st.series] == [True, False, True, True, True, False]
    assert st.series[0].cost == pytest.approx(0.15) and st.series[1].cost is None
    assert st.series[2].others == pytest.approx(0.02)  # minus the other's own skill


def test_filters_by_rules_level_and_period(history: History) -> None:
    assert statistics(history, Filters("Ann", preset="farkle")).games == 1
    assert statistics(history, Filters("Ann", level="expert")).games == 4
    assert statistics(history, Filters("Ann", level="person")).games == 1
    start = 1_700_000_000
    st = statistics(history, Filters("Ann", since=start + DAY, until=start + 3 * DAY))
    assert (st.games, st.wins) == (2, 1)
    assert statistics(history, Filters("Ann", include_demo=True)).games == 7
    assert statistics(history, Filters("Nobody")).games == 0


def test_faces_of_the_player_and_of_the_computers(history: History) -> None:
    st = statistics(history, Filters("Ann"))
    assert st.faces is not None and st.faces.counts == (60,) * 6
    assert st.faces.p_value == pytest.approx(1.0)
    assert st.computer_faces is not None
    assert st.computer_faces.counts == (25,) * 6  # five games against a computer, 5 each


def test_chi_square_p_values_match_the_tables() -> None:
    # The 5% and 1% critical values of chi-square with 5 degrees of freedom.
    assert chi_square_p(11.0705) == pytest.approx(0.05, abs=1e-5)
    assert chi_square_p(15.0863) == pytest.approx(0.01, abs=1e-5)
    assert chi_square_p(4.35146) == pytest.approx(0.5, abs=1e-5)
    assert chi_square_p(0.0) == 1.0
    # Against a numeric integral of the density x^(3/2) e^(-x/2) / (2^(5/2) Gamma(5/2)).
    k = 2 ** 2.5 * math.gamma(2.5)
    steps = 200_000
    h = 60 / steps
    tail = sum(((7 + (i + 0.5) * h) ** 1.5) * math.exp(-(7 + (i + 0.5) * h) / 2)
               for i in range(steps)) * h / k
    assert chi_square_p(7.0) == pytest.approx(tail, rel=1e-6)


def test_fairness_in_words() -> None:
    assert "too few" in fairness([1, 2, 3, 4, 5, 6]).words
    fair = fairness([1000, 1010, 990, 1005, 995, 1000])
    assert fair.p_value > 0.5 and "look fair" in fair.words
    loaded = fairness([1300, 1000, 1000, 1000, 1000, 700])
    assert loaded.p_value < 1e-10 and "unusual" in loaded.words
    assert "less than once in a million times" in loaded.words  # not a number of 20 digits
    odd = fairness([1120, 1000, 1000, 1000, 1000, 880])  # chi-square 28.8, p = 2.5e-5
    assert f"about once in {round(1 / odd.p_value):,} times" in odd.words
    assert fairness([0] * 6).words == "No dice thrown yet."


def test_the_split_in_words() -> None:
    assert split_words(0.18, -0.04) == "The dice gave you +18%, your decisions cost 4%."
    assert split_words(-0.2, 0.0, 0.05).endswith("your opponent's decisions gave you +5%.")


def test_csv_export_of_games_and_decisions(history: History, tmp_path: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(games_csv(history))))
    assert len(rows) == 16  # eight games of two seats
    first = rows[0]
    assert first["name"] == "Ann" and first["score"] == "10200" and first["won"] == "1"
    assert first["rules"] == "Ten-Thousand" and first["luck"] == "-0.2"
    decisions = list(csv.DictReader(io.StringIO(decisions_csv(history))))
    assert [d["name"] for d in decisions] == ["Ann", "Ann", "Ann", "Cy"]
    assert decisions[0]["mistake"] == "bank-early" and float(decisions[0]["cost"]) == 0.1
    games, dec = export_csv(history, tmp_path / "out")
    assert games.read_text() == games_csv(history) and dec.exists()


def test_odd_values_leave_out_their_game_and_the_rest_is_counted(tmp_path: Path) -> None:
    """Text in a number column, a start in the year 10^292, text that is not UTF-8,
    infinity, a computer's odd face count: each game is left out and named, the others
    are counted (before, the first raised and nothing was shown)."""
    from tenthousand.history.report import report_lines

    with History(odd_history(tmp_path / "h.sqlite3"), read_only=True) as h:
        assert h.names() == ["Ann", "Cy"]  # the name that is not text is left out
        st = statistics(h, Filters("Ann"))
        assert (st.games, st.wins) == (1, 1)
        assert [g.game_id for g in st.skipped] == [2, 3, 4, 5, 6]
        assert st.skipped[1].started is None and st.skipped[0].started == 1_700_000_000 + DAY
        assert st.computer_faces is not None and st.computer_faces.counts == (2,) * 6
        label, words = report_lines(st)[-1]
        assert label == "Left out" and words.startswith("Games 2 (20") and ", 3, 4 (" in words
        assert words.endswith(" are left out: some of their stored values cannot be read.")
        assert st.to_json()["skipped"][1] == {"id": 3, "started": None}
        skipped: list[Skipped] = []
        rows = list(csv.DictReader(io.StringIO(games_csv(h, skipped))))
        assert [(r["game"], r["seat"]) for r in rows] == [("1", "0"), ("1", "1"), ("2", "1"),
                                                          ("5", "1"), ("6", "0")]
        assert sorted(g.game_id or 0 for g in skipped) == [2, 3, 4, 5, 6]


HOSTILE_NAMES = ("=cmd|' /C calc'!A0", "+SUM(1,1)", "-2+3", "@SUM(A1)", "\tTab", "\rCr",
                 "\uff1dcmd|' /C calc'!A0", "\uff20SUM(A1)")  # (full-width = and @)


def test_the_csv_export_neutralises_cells_that_begin_like_a_formula(tmp_path: Path) -> None:
    """A spreadsheet runs a cell that begins with =, +, -, @ (or a tab or a carriage return
    before one): such text is written with a leading apostrophe, while the negative numbers
    of the number columns stay numbers (issue 43, item 10)."""
    with History(tmp_path / "h.sqlite3") as h:
        for day, name in enumerate(HOSTILE_NAMES):
            ann = seat(0, name, score=-500, won=False, luck=-0.25, skill=-0.5)
            cy = seat(1, "Cy", score=10000, won=True, computer=True, level="expert")
            h.add(entry((ann, cy), day=day, decisions=(
                DecisionRow(1, 0, "score", "=1+1", "-bank", -3.5, -1.0, 2.5, "@x"),)))
        games = list(csv.DictReader(io.StringIO(games_csv(h))))
        decisions = list(csv.DictReader(io.StringIO(decisions_csv(h))))
    names = [r["name"] for r in games if r["seat"] == "0"]
    assert names == ["'" + name.replace("\r", "\n") for name in HOSTILE_NAMES]
    for row in games:
        for column, cell in row.items():
            assert not cell.startswith(("=", "+", "@", "\t", "\r", "\uff1d", "\uff20")), \
                (column, cell)
            if cell.startswith("-"):  # only numbers may begin with a minus
                float(cell)
    ann = next(r for r in games if r["seat"] == "0")
    assert (ann["score"], ann["luck"], ann["skill"]) == ("-500", "-0.25", "-0.5")
    first = decisions[0]
    assert (first["chosen"], first["best"], first["mistake"]) == ("'=1+1", "'-bank", "'@x")
    assert (first["chosen_value"], first["best_value"]) == ("-3.5", "-1.0")
    assert first["name"] == "'" + HOSTILE_NAMES[0]
