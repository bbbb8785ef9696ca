"""The new-game dialog with a saved rule set that has an option on of its own: the box is
ticked and kept so, its help gives the set's numbers (it showed the trash penalty unticked,
at 1,000, for a rule file with it on at 500)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest

from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.files import rulefile
from tenthousand.files.settings import GameSettings
from tenthousand.model.rules import PRESETS

pytestmark = pytest.mark.gui

HOUSE = PRESETS["trash-5000"].with_options("three-trash", trash_penalty=500, title="House")


@pytest.fixture
def root(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    yield tk_root
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    tk_root.update()


def test_a_saved_sets_own_option_is_ticked_with_its_numbers(root: tk.Tk) -> None:
    rulefile.save(rulefile.RuleSet(HOUSE))
    d = NewGameDialog(root, GameSettings(preset="saved:House"), testing=True)
    d.update()
    assert d.option_vars["three-trash"].get()
    assert d.option_checks["three-trash"].instate(["disabled"])
    assert d.option_help["three-trash"].cget("text") == "3 trash turns in a row cost 500 points"
    d.button_ok.invoke()
    assert d.result is not None and d.result.options == ("three-trash",)
    rules = d.result.to_rules()
    assert rules.three_trash and rules.trash_penalty == 500


def test_leaving_the_saved_set_gives_the_box_back(root: tk.Tk) -> None:
    rulefile.save(rulefile.RuleSet(HOUSE))
    d = NewGameDialog(root, GameSettings(preset="farkle"), testing=True)
    d.update()
    assert not d.option_vars["three-trash"].get()
    assert d.option_help["three-trash"].cget("text") == (
        "three trash turns in a row cost 1,000 points")
    d.preset_var.set(d.preset_titles["saved:House"])
    d.update()
    assert d.option_vars["three-trash"].get()
    assert d.option_checks["three-trash"].instate(["disabled"])
    d.preset_var.set(d.preset_titles["farkle"])
    d.update()
    assert not d.option_vars["three-trash"].get()
    assert not d.option_checks["three-trash"].instate(["disabled"])
    assert d.option_help["three-trash"].cget("text") == (
        "three trash turns in a row cost 1,000 points")


def farkle_dialog(root: tk.Tk) -> NewGameDialog:
    d = NewGameDialog(root, GameSettings(preset="farkle"), testing=True)
    d.update()
    return d


def tick(d: NewGameDialog, *names: str, on: bool = True) -> None:
    for name in names:
        d.option_vars[name].set(on)
    d.update()


def help_of(d: NewGameDialog, name: str) -> str:
    return str(d.option_help[name].cget("text"))


def test_options_that_do_not_go_together_are_said_before_the_game(root: tk.Tk) -> None:
    # issue 42, item 4: Rotary Club with surpassing started a game where surpassing did
    # nothing; now the help says why before ticking, and OK waits with the reason
    d = farkle_dialog(root)
    surpassing = "to bank, beat the previous player's last bank"
    assert help_of(d, "surpassing") == surpassing
    tick(d, "rotary-club")
    assert help_of(d, "surpassing").startswith("not with Rotary Club:")
    assert help_of(d, "three-trash").startswith("not with Rotary Club:")
    assert d.button_ok.instate(["!disabled"])
    tick(d, "surpassing")
    assert d.button_ok.instate(["disabled"])
    assert d.errors["options"].startswith("Rotary Club and surpassing do not go together")
    tick(d, "rotary-club", on=False)
    assert d.button_ok.instate(["!disabled"])
    assert help_of(d, "surpassing") == surpassing


def test_what_goes_with_rotary_club_is_said_before_the_game(root: tk.Tk) -> None:
    # issue 42, item 4: Mutant Trash and challenging go with Rotary Club but play there in a
    # way nobody would guess; the help says how as soon as Rotary Club is ticked
    d = farkle_dialog(root)
    assert help_of(d, "mutant-trash") == "two seats: the dice you discard score for the other"
    tick(d, "rotary-club")
    mutant = help_of(d, "mutant-trash")
    assert mutant.startswith("two seats: the dice you discard score for the other\n"
                             "with Rotary Club: the play area's points go onto the other "
                             "player's score, which counts against them")
    assert help_of(d, "challenging").splitlines()[1].startswith(
        "with Rotary Club: what you peg also comes off the rival's score")
    tick(d, "mutant-trash", "challenging")
    assert d.button_ok.instate(["!disabled"]) and "options" not in d.errors
    assert help_of(d, "mutant-trash") == mutant


def _cut(widget: tk.Misc, area: tk.Misc) -> str | None:
    """How ``widget`` is cut off: narrower than it asks, or reaching past the visible part
    of ``area`` (across, or down when the area does not scroll down)."""
    if widget.winfo_width() < widget.winfo_reqwidth():
        return f"{widget.winfo_width()} of {widget.winfo_reqwidth()} pixels wide"
    right = widget.winfo_rootx() + widget.winfo_width()
    if right > area.winfo_rootx() + area.winfo_width():
        return f"its right edge {right - area.winfo_rootx() - area.winfo_width()} px outside"
    return None


def test_the_help_of_rotary_clubs_mixtures_is_all_shown(shown_root: tk.Tk) -> None:
    # the helper's tour of issue 42: ticking Rotary Club lengthened the help of surpassing,
    # challenging and Mutant Trash; the rules column grew past the dialog's right edge
    # ("so there is n", "other playe") and Three-trash penalty and the real dice were cut
    # off at the foot, with no scroll bar to reach them
    d = NewGameDialog(shown_root, GameSettings(preset="farkle"), testing=True)
    d.update()
    canvas = d.scroll_area.canvas
    tick(d, "rotary-club", "mutant-trash", "challenging", "surpassing")
    d.update()
    assert d.errors["options"]
    for name, label in [*d.option_help.items(), ("error", d._error_labels["options"])]:
        assert _cut(label, canvas) is None, (name, _cut(label, canvas))
    inner = d.scroll_area.inner
    if not d.scroll_area.scrolls[1]:  # everything in sight, the foot of the dialog too
        assert inner.winfo_reqheight() <= canvas.winfo_height()
    d.destroy()


def test_a_perfect_seat_is_said_to_solve_first_and_how_long(
        root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three seats with Perfect in Trash 15000: the dialog says the solve comes first and
    takes hours; with Perfect gone, or a shipped two-player table, it says nothing."""
    pytest.importorskip("numba")
    from tenthousand.files.settings import SeatSetting
    from tenthousand.solver import cache

    monkeypatch.setattr(cache, "physical_memory", lambda: 64 * 2**30)
    seats = (SeatSetting("Ann"), SeatSetting("Deep", True, "perfect"),
             SeatSetting("Bob", True, "expert"))
    d = NewGameDialog(root, GameSettings(preset="trash-15000", seats=seats), testing=True)
    d.update()
    note = d.perfect_note
    assert note.winfo_ismapped()
    assert note.cget("text").startswith("Perfect first solves these rules for three players")
    assert "hours of computing" in note.cget("text")
    d.seat_rows[1].kind.set("Computer: Expert")
    d.update()
    assert note.cget("text") == "" and not note.winfo_ismapped()
    d.seat_rows[1].kind.set("Computer: Perfect")
    d.option_vars["pyramiding"].set(True)
    d.refresh()
    d.update()
    assert note.cget("text").startswith("Perfect plays as Expert in this game: with three "
                                        "players exact win chances are solved only for rules "
                                        "without options")
