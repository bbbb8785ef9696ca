"""Statistics > Are my dice fair?: each set of real dice, its chart and its test in words,
and the Dice and Network filters of the window."""

from __future__ import annotations

import random
import sys
import time
import tkinter as tk
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))
from test_history_real_dice import _network_game, real_game  # noqa: E402

from tenthousand.dialogs.statistics import StatisticsWindow  # noqa: E402
from tenthousand.history import summarize  # noqa: E402
from tenthousand.history.store import History  # noqa: E402
from tenthousand.model.record import Network  # noqa: E402
from tenthousand.services.jobs import JobRunner  # noqa: E402
from tenthousand.view.theme import palette  # noqa: E402


def _wait(root: tk.Misc, condition: Callable[[], bool], seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting for the window"
        root.update()
        time.sleep(0.01)


def _history(path: Path) -> None:
    rng = random.Random(99)
    loaded = [rng.choice([1, 2, 3, 4, 5, 6, 6, 6]) for _ in range(3000)]
    with History(path) as h:
        h.add(summarize(real_game(11, "Blue set").record, seconds=60.0))  # analysed
        h.add(summarize(real_game(12, "Blue set", network=Network("host")).record,
                        analyse_game=False))
        h.add(summarize(real_game(21, "Red set", faces=loaded).record, analyse_game=False))
        h.add(summarize(real_game(22, "Red set", faces=loaded[1500:]).record,
                        analyse_game=False))
        h.add(summarize(real_game(31, None).record, analyse_game=False))
        h.add(_network_game(41, "Cy"))  # a person at another screen


def test_the_fairness_view_judges_each_set(tk_root: tk.Tk, tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    _history(path)
    jobs = JobRunner(tk_root)
    shown: list[int] = []
    window = StatisticsWindow(tk_root, palette("color", "green"), jobs, path=path,
                              player="Ann", on_shown=lambda: shown.append(1))
    try:
        _wait(window, lambda: bool(shown))
        view = window.fairness
        assert sorted(s.name for s in view.sets) == ["Blue set", "Red set"]
        red = next(s for s in view.sets if s.name == "Red set")
        assert red.verdict == "strong-evidence" and red.counts[5] > 2 * red.counts[0]
        text = view.plain_text()
        assert "Blue set\n" in text and "Red set\n" in text
        assert "Strong evidence of bias" in text and "The 6 came up in" in text
        assert "each die counts once, thrown with five others or alone after freezing" in text
        assert "With this set the dice gave you" in text  # the analysed game's luck
        assert "(fair dice: about" in text
        # The chart: a series of bars per set, and the line of the fair sixth.
        assert view.chart.data is not None and len(view.chart.data.series) == 2
        assert view.chart.data.reference == 1 / 6 and view.chart.find_withtag("series")
        # The fair sixth is named in the legend, where no bar can cover it.
        named = [i for i in view.chart.find_withtag("reference")
                 if view.chart.type(i) == "text"]
        assert [view.chart.itemcget(i, "text") for i in named] == ["fair: 1 in 6"]
        assert "legend" in view.chart.gettags(named[0])
        # The left pane leaves the sets to the page; the page is a tab of its own.
        assert "Real dice:" not in window.text.get("1.0", "end")
        window.tabs.select(view)
        window.update()
        assert window.tabs.select() == str(view)
        # The Dice filter offers each set, and narrows the figures to it.
        assert window.dice_box.cget("values")[-2:] == ("Real dice: Blue set",
                                                       "Real dice: Red set")
        for dice, network, games, sets in (
                ("Real dice: Red set", "All", 2, ["Red set"]),
                ("The program's dice", "All", 2, []),
                ("Real dice (every set)", "Network games only", 1, ["Blue set"]),
                ("All", "Network games only", 2, ["Blue set"]),
                ("All", "Games on one screen only", 4, ["Red set", "Blue set"])):
            window.dice.set(dice)
            window.network.set(network)
            shown.clear()
            window.refresh()
            _wait(window, lambda: bool(shown))
            assert window.stats is not None and window.stats.games == games, (dice, network)
            assert sorted(s.name for s in view.sets) == sorted(sets)
        # The people met are offered by name (the player and the computers are not).
        assert window.level_box.cget("values")[-1] == "Cy"
        assert "Ann" not in window.level_box.cget("values")
        window.dice.set("All")
        window.network.set("All")
        window.level.set("Cy")
        shown.clear()
        window.refresh()
        _wait(window, lambda: bool(shown))
        assert window.stats is not None and window.stats.games == 1
        assert "Against Cy on the network:" in window.text.get("1.0", "end")
        window.level.set("All")
        window.dice.set("The program's dice")
        shown.clear()
        window.refresh()
        _wait(window, lambda: bool(shown))
        assert "No games with real dice match these filters" in view.plain_text()
    finally:
        window.destroy()
        jobs.close()


def test_a_real_dice_record_in_the_replay_and_the_charts(tk_root: tk.Tk) -> None:
    """No seed, only the faces entered: the replay steps through them and the charts draw
    the score race and the chances of winning."""
    import json

    from tenthousand.dialogs.charts import ChartsWindow
    from tenthousand.dialogs.replay import ReplayWindow
    from tenthousand.model import load_record

    game = real_game(13, "Blue set")
    record = load_record(json.loads(json.dumps(game.record.to_dict())))
    assert record.real_dice == "Blue set" and record.start.seed is None
    window = ReplayWindow(tk_root, record, step=0)
    try:
        _wait(window, lambda: window.replay is not None)
        window.show(len(record))
        assert window.step == len(record)
        assert window.replay is not None
        assert window.replay.game(len(record)).board == game.board
    finally:
        window.close()
    charts = ChartsWindow(tk_root, record, palette("color", "green"))
    try:
        assert charts.race.find_withtag("series")
        assert charts.chances.winfo_manager() and charts.chances.find_withtag("series")
        assert "The dice gave" in charts.words.cget("text") or \
            "The dice were even" in charts.words.cget("text")
    finally:
        charts.destroy()
