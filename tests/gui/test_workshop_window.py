"""The rules workshop, the strategy card and File > Import/Export on real widgets."""

from __future__ import annotations

import dataclasses
import time
import tkinter as tk
from pathlib import Path

import pytest
from app_kit import make_app

from tenthousand.dialogs.strategy import StrategyWindow
from tenthousand.dialogs.workshop import WorkshopDialog
from tenthousand.files import rulefile
from tenthousand.model.rules import PRESETS


def pump(root: tk.Misc, until: object, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not until():  # type: ignore[operator]
        assert time.monotonic() < end, "timed out"
        root.update()
        time.sleep(0.01)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_as_the_base_saves_and_reads_back(tk_root: tk.Tk, preset: str) -> None:
    d = WorkshopDialog(tk_root, PRESETS["farkle"], testing=True)
    d.base_var.set(PRESETS[preset].title)
    d._base_chosen()
    assert d.vars["name"].get() == f"My {PRESETS[preset].title}"
    d.ok()
    assert d.result is not None and not d.result.play
    saved = rulefile.find_saved(f"My {PRESETS[preset].title}")
    assert saved is not None
    assert saved.rules == d.result.rule_set.rules
    assert saved.rules.scoring_key() == PRESETS[preset].scoring_key()


def test_editing_updates_the_figures_and_a_contradiction_stops_save(tk_root: tk.Tk) -> None:
    d = WorkshopDialog(tk_root, PRESETS["ten-thousand"], testing=True)
    try:
        pump(tk_root, lambda: "551.6" in d.figures_label.cget("text"))
        d.vars["single_five"].set("100")
        pump(tk_root, lambda: "594.8" in d.figures_label.cget("text"))
        assert ("a single 5", "100", "") in d.table.rows
        assert "a single 5\t100\t" in d.table.text.get("1.0", "end")
        d.vars["rotary_club"].set(True)
        d.vars["catch_up"].set(False)
        tk_root.update()
        assert d.problem.cget("text").startswith("In Rotary Club the lowest score wins")
        assert d.button_ok.instate(["disabled"]) and d.button_play.instate(["disabled"])
        d.vars["catch_up"].set(True)
        assert d.problem.cget("text") == "" and d.button_ok.instate(["!disabled"])
        d.vars["minimum"].set("75")
        assert d._error_labels["minimum"].cget("text") == "a multiple of 50"
    finally:
        d.destroy()


def test_keyboard_only_save_and_asking_before_replacing(tk_root: tk.Tk) -> None:
    asked: list[str] = []
    d = WorkshopDialog(tk_root, PRESETS["farkle"], testing=True,
                       confirm=lambda title, q: asked.append(q) is not None)
    d.focus_force()
    tk_root.update()  # access keys answer only for widgets on the screen
    d.event_generate("<Alt-n>")
    tk_root.update()
    assert d.focus_get() is d.name_entry
    d.name_entry.event_generate("<Control-a>")  # select all: typing replaces it
    d.name_entry.select_range(0, "end")
    for ch in "Ours":
        d.name_entry.event_generate("<KeyPress>", keysym=ch)
    tk_root.update()
    assert d.vars["name"].get() == "Ours"
    d.name_entry.event_generate("<Tab>")
    tk_root.update()
    assert d.focus_get() is not d.name_entry
    d.event_generate("<Return>")
    tk_root.update()
    assert d.result is not None and rulefile.find_saved("Ours") is not None
    d2 = WorkshopDialog(tk_root, PRESETS["farkle"], testing=True, confirm=lambda t, q: False)
    d2.vars["name"].set("Ours")
    d2.vars["game_point"].set("5000")
    d2.ok()
    assert d2.result is None and "another name" in d2.status.cget("text")
    d2.destroy()
    assert asked == []


def test_import_good_bad_and_hostile_files_and_export(tk_root: tk.Tk, tmp_path: Path) -> None:
    app = make_app(tk_root)
    problems: list[str] = []
    app.boxes.show_error = lambda title, message: problems.append(message)  # type: ignore[method-assign]
    try:
        good = tmp_path / "good.toml"
        good.write_text(rulefile.dumps(dataclasses.replace(PRESETS["farkle"], title="Granny",
                                                           starting_scores=(0, 250))))
        app.boxes.ask_rule_file = lambda save_as=None: str(good)  # type: ignore[method-assign]
        assert app.game_commands.import_rules() is not None
        assert rulefile.find_saved("Granny") is not None
        bad = tmp_path / "bad.toml"
        bad.write_text(good.read_text().replace("game_point = 10000", "game_point = 75"))
        hostile = tmp_path / "hostile.toml"
        hostile.write_bytes(b"format = 1\nname = \"x\"\n" + b"#" * 70_000)
        for path in (bad, hostile):
            app.boxes.ask_rule_file = lambda save_as=None, p=path: str(p)  # type: ignore[method-assign]
            assert app.game_commands.import_rules() is None
        assert "bad.toml, line" in problems[0] and "multiple of 50" in problems[0]
        assert "too big" in problems[1]
        assert [rs.name for rs in rulefile.saved()[0]] == ["Granny"]  # nothing half-kept
        out = tmp_path / "out.toml"
        app.boxes.ask_rule_file = lambda save_as=None: str(out)  # type: ignore[method-assign]
        assert app.game_commands.export_rules() == str(out)
        assert rulefile.read(out).rules == app.controller.game.rules
    finally:
        app.destroy()


def test_the_strategy_card_draws_the_heat_map(tk_root: tk.Tk) -> None:
    card = StrategyWindow(tk_root, PRESETS["trash-5000"], theme="mono", seats=2)
    try:
        assert card.rows == []  # opening it works nothing out in the Tk thread
        pump(tk_root, lambda: bool(card.rows), 30)  # worked out off the Tk thread
        assert card.rows[0][0] == "1 die"
        pump(tk_root, lambda: card.board is not None, 30)
        assert card.heatmap is not None and card.heatmap.find_all()
        card.event_generate("<Key-5>")
        tk_root.update()
        assert card.dice.get() == 5
    finally:
        card.close()


def test_the_scoring_table_shows_every_counter_and_its_points_whole(tk_root: tk.Tk) -> None:
    """The preview's columns are never cut off: each row's counter and points stand on one
    line inside the table (a long note wraps under the note column instead)."""
    import dataclasses

    rules = dataclasses.replace(PRESETS["ten-thousand"], short_straight_low=500,
                                short_straight_high=750, four_and_pair=1500)
    d = WorkshopDialog(tk_root, rules, testing=True)
    try:
        tk_root.update()
        text = d.table.text
        assert len(d.table.rows) >= 12
        width = text.winfo_width()
        for line, (words, points, _note) in enumerate(d.table.rows, start=2):
            text.see(f"{line}.0")
            tk_root.update()
            start = text.bbox(f"{line}.0")
            end = text.bbox(f"{line}.{len(words) + len(points)}")  # the last digit
            assert start is not None and end is not None, words
            assert end[1] == start[1], f"{words}: the points wrapped to another line"
            assert end[0] + end[2] <= width, f"{words}: the points are cut off"
            assert text.get(f"{line}.0", f"{line}.end").startswith(f"{words}\t{points}\t")
    finally:
        d.destroy()


HOUSE = PRESETS["farkle"].with_options(title="House")


def test_replacing_the_rules_of_the_game_on_the_table_says_what_happens(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42, item 14: replacing a saved set whose game is on the table gave no notice,
    and the game went on with the old rules under the same name."""
    from app_kit import settings

    from tenthousand.dialogs import workshop

    rulefile.save(rulefile.RuleSet(HOUSE))
    asked: list[str] = []
    d = WorkshopDialog(tk_root, HOUSE, testing=True, on_table=HOUSE,
                       confirm=lambda title, q: asked.append(q) is None)
    d.vars["game_point"].set("5000")
    d.ok()
    assert d.result is not None and len(asked) == 1
    assert asked[0].endswith("The game on the table goes on with the rules it began with; "
                             "these play from the next new game.")
    rulefile.save(rulefile.RuleSet(HOUSE))  # as it was
    changed = rulefile.RuleSet(dataclasses.replace(HOUSE, game_point=5000))

    class Saved:
        def __init__(self, *args: object, **kwargs: object) -> None:
            rulefile.save(changed)
            self.result = workshop.WorkshopResult(changed)

    monkeypatch.setattr(workshop, "WorkshopDialog", Saved)
    app = make_app(tk_root, settings(("Ann", False), ("Bot", True), preset="saved:House"))
    try:
        assert app.session.table.rules == HOUSE
        app.game_commands.show_workshop()
        told = app.window.status.full_text
        assert "goes on with the rules it began with" in told
        assert any("goes on with the rules it began with" in line
                   for line in app.window.log.lines())  # kept in the log too
        assert app.session.table.rules == HOUSE  # a game never changes its rules
    finally:
        app.destroy()
