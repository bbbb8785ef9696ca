"""A friend's network game in the history says whether the host's dice were checked (fair,
unfair, unchecked), and the statistics can leave out those whose results rest on the host's
word alone (issue 43, item 8)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from test_history_real_dice import real_game

from tenthousand.files.paths import paths
from tenthousand.history import summarize
from tenthousand.history.export import games_csv
from tenthousand.history.report import report_lines, stats_main
from tenthousand.history.stats import Filters, statistics
from tenthousand.history.store import History
from tenthousand.model.persist import load_record
from tenthousand.model.record import Network


def _friends_game(seed: int, check: str) -> dict[str, object]:
    game = real_game(seed, None, network=Network("player", 0))
    game.record.note_dice_check(check)
    return game.record.to_dict()


def test_the_record_keeps_the_check_and_a_host_found_unfair_stays_so() -> None:
    game = real_game(1, None, network=Network("player", 0))
    record = game.record
    record.note_dice_check("fair")
    assert record.network is not None and record.network.dice_check == "fair"
    record.note_dice_check("unfair")
    record.note_dice_check("fair")  # a second seed shown does not make it fair again
    assert record.network.dice_check == "unfair"
    back = load_record(record.to_dict())
    assert back.network == record.network
    assert summarize(back, analyse_game=False).dice_check == "unfair"
    # The host's own record has nothing to check, and says nothing.
    hosted = real_game(2, None, network=Network("host", friends=(1,)))
    hosted.record.note_dice_check("unchecked")
    assert hosted.record.network is not None and not hosted.record.network.dice_check
    assert summarize(hosted.record, analyse_game=False).dice_check == ""
    data = record.to_dict()
    data["network"]["dice_check"] = "maybe"
    with pytest.raises(ValueError):
        load_record(data)


def test_a_friends_game_stored_before_its_check_is_unchecked() -> None:
    game = real_game(3, None, network=Network("watcher"))
    assert summarize(game.record, analyse_game=False).dice_check == "unchecked"
    assert summarize(real_game(4, None).record, analyse_game=False).dice_check == ""


def _history(path: Path) -> Path:
    with History(path) as h:
        for seed, check in ((11, "fair"), (12, "unchecked"), (13, "unfair")):
            h.add(summarize(load_record(_friends_game(seed, check)), analyse_game=False))
        h.add(summarize(real_game(14, None).record, analyse_game=False))  # one screen
    return path


def test_statistics_leave_out_the_games_whose_dice_were_not_checked_fair(
        tmp_path: Path) -> None:
    with History(_history(tmp_path / "h.sqlite3")) as h:
        every = statistics(h, Filters("Ann"))
        checked = statistics(h, Filters("Ann", checked_only=True))
        assert (every.games, every.unchecked) == (4, 2)
        assert (checked.games, checked.unchecked) == (2, 0)
        words = dict(report_lines(every))
        assert words["Dice not checked"].startswith("2 games at a host's table whose dice "
                                                    "could not be checked")
        assert "Dice not checked" not in dict(report_lines(checked))
        rows = list(csv.DictReader(io.StringIO(games_csv(h))))
    assert [r["dice_check"] for r in rows if r["seat"] == "0"] == ["fair", "unchecked",
                                                                   "unfair", ""]


def test_stats_on_the_command_line_leave_them_out_with_checked_dice(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = paths().history
    path.parent.mkdir(parents=True, exist_ok=True)
    _history(path)
    from tenthousand.cli import run

    assert run(["--stats", "--player", "Ann", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert run(["--stats", "--player", "Ann", "--json", "--checked-dice"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert (every["games"], every["unchecked"]) == (4, 2)
    assert (checked["games"], checked["unchecked"]) == (2, 0)
    assert stats_main("Ann", checked_only=True) == 0
    assert "Dice not checked" not in capsys.readouterr().out
