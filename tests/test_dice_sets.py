"""Are my dice fair?  Each set of real dice judged from the faces its records hold."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from test_history_real_dice import real_game

from tenthousand.history import summarize
from tenthousand.history.chisquare import chi_square_quantile, statistic
from tenthousand.history.dice_sets import (
    LEAST_DICE,
    NO_EVIDENCE,
    SOME_EVIDENCE,
    STRONG_EVIDENCE,
    TOO_FEW,
    dice_needed,
    faces_of,
    judge,
    words,
)
from tenthousand.history.stats import Filters, statistics
from tenthousand.history.store import History
from tenthousand.model.events import Thrown


def _thrown(game: object) -> tuple[list[int], int]:
    counts, throws = [0] * 6, 0
    for e in game.log:  # type: ignore[attr-defined]
        if isinstance(e, Thrown):
            throws += 1
            for f in e.dice:
                counts[f - 1] += 1
    return counts, throws


def test_the_faces_of_a_record_are_every_die_entered() -> None:
    game = real_game(3, "Blue set")
    counts, throws = faces_of(game.record.to_dict())
    assert (counts, throws) == _thrown(game)
    # A throw of fewer than six dice after freezing counts each of its dice once.
    record = {"commands": [{"seat": 0, "throw": [], "dice": [[1, 1, 5, 2, 3, 4]]},
                           {"seat": 0, "throw": [0, 1], "dice": [[6, 6, 2, 5]]},
                           {"seat": 0, "bank": [0], "dice": []},
                           {"seat": 1, "throw": [], "dice": [[7, "x", 3]]}, "junk"]}
    assert faces_of(record) == ([2, 2, 2, 1, 2, 2], 3)


def test_each_set_is_counted_over_its_games(tmp_path: Path) -> None:
    games = {"Blue set": [real_game(1), real_game(2)], "Red set": [real_game(3, "Red set")]}
    program = real_game(4, None)
    with History(tmp_path / "h.sqlite3") as h:
        for played in games.values():
            for g in played:
                h.add(summarize(g.record, analyse_game=False))
        h.add(summarize(program.record, analyse_game=False))
        # An abandoned game with the set: its throws were thrown all the same.
        from tenthousand.model import load_record

        data = real_game(5, "Red set").record.to_dict()
        data["commands"] = data["commands"][:9]
        short = load_record(data)
        h.add(summarize(short, analyse_game=False))
        st = statistics(h, Filters("Ann"))
        only_blue = statistics(h, Filters("Ann", dice_set="Blue set"))
    assert [s.name for s in st.dice_sets] == ["Blue set", "Red set"] or \
        [s.name for s in st.dice_sets] == ["Red set", "Blue set"]
    by_name = {s.name: s for s in st.dice_sets}
    blue = [_thrown(g) for g in games["Blue set"]]
    assert by_name["Blue set"].counts == tuple(a + b for a, b in zip(blue[0][0], blue[1][0],
                                                                      strict=True))
    assert by_name["Blue set"].throws == blue[0][1] + blue[1][1]
    assert by_name["Blue set"].games == 2
    red, extra = _thrown(games["Red set"][0]), faces_of(short.to_dict())
    assert by_name["Red set"].counts == tuple(a + b for a, b in zip(red[0], extra[0],
                                                                     strict=True))
    assert by_name["Red set"].games == 2 and by_name["Red set"].throws == red[1] + extra[1]
    assert by_name["Blue set"].statistic == pytest.approx(statistic(
        list(by_name["Blue set"].counts)))
    assert [s.name for s in only_blue.dice_sets] == ["Blue set"]


@pytest.mark.parametrize(("counts", "verdict"), [
    ([5, 5, 5, 5, 5, 4], TOO_FEW),
    ([100, 101, 99, 100, 102, 98], NO_EVIDENCE),
    ([120, 100, 100, 100, 100, 80], NO_EVIDENCE),  # chi-square 8.0, p = 0.156
    ([125, 100, 100, 100, 100, 75], SOME_EVIDENCE),  # 12.5, p = 0.0285
    ([130, 100, 100, 100, 100, 70], STRONG_EVIDENCE),  # 18.0, p = 0.0029
])
def test_the_verdicts(counts: list[int], verdict: str) -> None:
    assert judge("Blue", counts, throws=sum(counts) // 3).verdict == verdict


def test_the_words_say_what_it_means_and_what_it_cannot() -> None:
    fair = words(judge("Blue", [100, 101, 99, 100, 102, 98], throws=200))
    assert any(w.startswith("No evidence of bias") for w in fair)
    assert any("cannot prove dice fair" in w for w in fair)
    assert any("each die counts once, thrown with five others or alone after freezing" in w
               for w in fair)
    assert any(w.startswith("Chi-square 0.10 with 5 degrees of freedom, p = ") for w in fair)
    some = words(judge("Blue", [125, 100, 100, 100, 100, 75], throws=200))
    assert any(w.startswith("Some evidence of bias") for w in some)
    assert "The 1 came up in 20.8% of the dice, a fair die in 16.7%." in some
    assert any("would make the evidence strong (p < 0.01)" in w for w in some)
    strong = words(judge("Blue", [130, 100, 100, 100, 100, 70], throws=200))
    assert strong[2].startswith("Strong evidence of bias")
    assert "More throws are not needed for a verdict." in strong
    few = words(judge("", [3, 2, 1, 0, 0, 0], throws=2))
    assert "Only 6 dice entered so far: too few for any verdict (it takes 60, ten for each " \
           "face)." in few
    assert "About 54 more dice for a first verdict, some 18 throws." in few
    even = words(judge("Blue", [20] * 6, throws=40))
    assert any("exactly even" in w for w in even)


def test_the_throws_needed_for_a_verdict() -> None:
    """The present shares, scaled up: the statistic grows with the number of dice, so
    n * critical / statistic dice bring it to the critical value."""
    counts = [120, 100, 100, 100, 100, 80]  # 600 dice, chi-square 8.0, p = 0.156
    x = statistic(counts)
    assert x == pytest.approx(8.0)
    needed = dice_needed(counts)
    assert needed == math.ceil(600 * chi_square_quantile(0.05, 5) / 8.0) - 600 == 231
    # And it is right: the same shares at that many dice are just significant.
    total = 600 + needed
    scaled = [c * total / 600 for c in counts]
    assert statistic(scaled) == pytest.approx(11.0705, abs=0.02)
    s = judge("Blue", counts, throws=200)  # three dice a throw on average
    assert s.more_dice == 231 and s.more_throws == math.ceil(231 / 3) == 77
    # From some evidence on, to strong.
    some = [125, 100, 100, 100, 100, 75]
    assert dice_needed(some) == math.ceil(600 * chi_square_quantile(0.01, 5)
                                          / statistic(some)) - 600
    assert dice_needed([130, 100, 100, 100, 100, 70]) == 0
    assert dice_needed([10] * 6) is None  # exactly even: no number of dice shows a bias
    assert dice_needed([1, 0, 0, 0, 0, 0]) == LEAST_DICE - 1  # first, the least for any


def test_stats_on_the_command_line_filter_and_judge_the_sets(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tenthousand import cli
    from tenthousand.files.paths import paths
    from tenthousand.model.record import Network

    with History(paths().history) as h:
        h.add(summarize(real_game(1, "Blue set").record, analyse_game=False))
        h.add(summarize(real_game(2, "Blue set", network=Network("host")).record,
                        analyse_game=False))
        h.add(summarize(real_game(3, None).record, analyse_game=False))
    assert cli.run(["--stats", "--player", "Ann", "--dice", "real"]) == 0
    out = capsys.readouterr().out
    assert "Real dice: Blue set" in out and "Chi-square" in out
    assert "each die counts once" in out
    for argv, games in ((["--dice", "program"], 1), (["--dice-set", "Blue set"], 2),
                        (["--network", "yes"], 1), (["--network", "no"], 2),
                        (["--dice-set", "Red"], 0), ([], 3)):
        assert cli.run(["--stats", "--json", "--player", "Ann", *argv]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["games"] == games, argv
    assert cli.run(["--stats", "--json", "--player", "Ann"]) == 0
    [blue] = json.loads(capsys.readouterr().out)["dice_sets"]
    assert blue["name"] == "Blue set" and blue["games"] == 2 and sum(blue["counts"]) > 0
    assert blue["verdict"] in (NO_EVIDENCE, SOME_EVIDENCE, STRONG_EVIDENCE, TOO_FEW)
    with pytest.raises(SystemExit):
        cli.run(["--stats", "--dice", "program", "--dice-set", "Blue set"])
    assert "--dice-set names a set of real dice" in capsys.readouterr().err


def test_stats_on_the_command_line_by_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from test_history_real_dice import _network_game

    from tenthousand import cli
    from tenthousand.files.paths import paths

    with History(paths().history) as h:
        h.add(_network_game(1, "Cy"))
        h.add(_network_game(2, "Dee", role="host"))
    assert cli.run(["--stats", "--player", "Ann"]) == 0
    out = capsys.readouterr().out
    assert "Against Cy on the network" in out and "Against Dee on the network" in out
    assert cli.run(["--stats", "--json", "--player", "Ann", "--opponent", "Dee"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and list(data["by_opponent"]) == ["Dee"]
    with pytest.raises(SystemExit):
        cli.run(["--stats", "--opponent", " "])
    assert "--opponent: give the name" in capsys.readouterr().err


def test_the_chart_of_the_sets_shows_shares_against_the_fair_sixth() -> None:
    from tenthousand.history.series import dice_sets_chart

    chart = dice_sets_chart([judge("Blue", [10, 20, 30, 40, 50, 50], throws=60),
                             judge("", [1] * 6, throws=2)])
    assert [s.name for s in chart.series] == ["Blue", "Dice without a name"]
    assert chart.series[0].points[0] == (1.0, 10 / 200)
    assert chart.reference == 1 / 6 and chart.x_names == ("1", "2", "3", "4", "5", "6")
    assert dice_sets_chart([]).empty
