"""The dialogs, driven through their widgets: typing, choosing, OK, Cancel and Escape."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator
from tkinter import ttk

import pytest

from tenthousand.dialogs.about import AboutDialog
from tenthousand.dialogs.base import Dialog
from tenthousand.dialogs.keys import KeysDialog
from tenthousand.dialogs.newgame import NewGameDialog, player_choices
from tenthousand.dialogs.preferences import PreferencesDialog
from tenthousand.dialogs.rules_window import RulesWindow
from tenthousand.files.paths import paths
from tenthousand.files.settings import MAX_SEATS, GameSettings, Preferences, SeatSetting
from tenthousand.i18n import _
from tenthousand.model import OPTION_NAMES, PRESETS
from tenthousand.present.rules_text import scoring_rows

pytestmark = pytest.mark.gui

# What must fit on a 1024x700 screen, with room for the title bar.
SCREEN_W, SCREEN_H = 1024, 700 - 30


@pytest.fixture
def root(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    yield tk_root
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    tk_root.update()


def type_into(entry: ttk.Entry, text: str) -> None:
    """Replace the entry's text by key presses, as a player would."""
    entry.focus_force()
    entry.update()
    entry.delete(0, "end")
    for ch in text:
        keysym = {" ": "space", ",": "comma", "-": "minus", ".": "period"}.get(ch, ch)
        entry.event_generate("<KeyPress>", keysym=keysym)
    entry.update()


def press(widget: tk.Misc, keysym: str) -> None:
    """A key press on ``widget`` with the keyboard focus on it."""
    widget.focus_force()
    widget.update()
    widget.event_generate(f"<KeyPress-{keysym}>")
    widget.update()


def ok_enabled(dialog: Dialog) -> bool:  # type: ignore[type-arg]
    return not dialog.button_ok.instate(["disabled"])


def new_game(root: tk.Tk, settings: GameSettings | None = None) -> NewGameDialog:
    d = NewGameDialog(root, settings or GameSettings(), testing=True)
    d.update()
    return d


# -- new game ----------------------------------------------------------------------------


def test_new_game_starts_from_the_settings_and_returns_them(root: tk.Tk) -> None:
    settings = GameSettings(
        preset="trash-10000",
        seats=(SeatSetting("Ann"), SeatSetting("Bob", True, "perfect"),
               SeatSetting("Cy", True, "beginner")),
        game_point=7500, opening_minimum=None, minimum=300,
        options=("pyramiding", "challenging"))
    d = new_game(root, settings)
    assert [r.name.get() for r in d.seat_rows] == ["Ann", "Bob", "Cy"]
    assert d.seat_rows[1].kind.get() == "Computer: Perfect"
    assert d.number_vars["game_point"].get() == "7500"
    assert d.number_vars["opening_minimum"].get() == ""
    assert d.option_vars["pyramiding"].get() and not d.option_vars["surpassing"].get()
    assert ok_enabled(d)
    d.button_ok.invoke()
    assert d.result == settings


def test_return_accepts_and_trims_names(root: tk.Tk) -> None:
    d = new_game(root)
    type_into(d.seat_rows[0].entry, "  Zoe ")  # type: ignore[arg-type]
    press(d.seat_rows[0].entry, "Return")  # type: ignore[arg-type]
    assert d.result is not None
    assert d.result.seats[0] == SeatSetting("Zoe")


def test_return_on_a_focused_button_presses_it(root: tk.Tk) -> None:
    d = new_game(root)
    d.add_button.focus_force()
    press(d.add_button, "Return")
    assert d.winfo_exists() and len(d.seat_rows) == 3
    assert d.button_cancel is not None
    press(d.button_cancel, "Return")
    assert not d.winfo_exists() and d.result is None


@pytest.mark.parametrize("how", ["cancel", "escape", "close"])
def test_cancel_and_escape_give_none(root: tk.Tk, how: str) -> None:
    d = new_game(root)
    d.seat_rows[0].name.set("Changed")
    if how == "cancel":
        assert d.button_cancel is not None
        d.button_cancel.invoke()
    elif how == "escape":
        press(d.seat_rows[0].entry, "Escape")  # type: ignore[arg-type]
    else:
        d.cancel()
    root.update()
    assert d.result is None
    assert not d.winfo_exists()


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("game_point", "12a", "enter a whole number"),
        ("game_point", "ten", "enter a whole number"),
        ("game_point", "20", "enter 50 to 1,000,000"),
        ("game_point", "2000000", "enter 50 to 1,000,000"),
        ("game_point", "1020", "enter a multiple of 50"),
        ("opening_minimum", "-50", "enter 0 to 100,000"),
        ("opening_minimum", "75", "enter a multiple of 50"),
        ("minimum", "3.5", "enter a whole number"),
        ("minimum", "100050", "enter 0 to 100,000"),
    ])
def test_bad_numbers_disable_ok(root: tk.Tk, field: str, typed: str, message: str) -> None:
    d = new_game(root)
    type_into(d.number_entries[field], typed)
    assert d.number_vars[field].get() == typed
    assert d.errors == {field: message}
    assert d._error_labels[field].cget("text") == message
    assert not ok_enabled(d)
    d.ok()  # refused
    assert d.winfo_exists() and d.result is None
    type_into(d.number_entries[field], "1,500")
    assert d.errors == {} and ok_enabled(d)
    assert d._error_labels[field].cget("text") == ""
    d.ok()
    assert d.result is not None and getattr(d.result, field) == 1500


def test_names_must_be_given_and_different(root: tk.Tk) -> None:
    d = new_game(root)
    type_into(d.seat_rows[1].entry, "   ")  # type: ignore[arg-type]
    assert d.errors == {"seat1": "give this seat a name"}
    assert d._error_labels["seat1"].cget("text") == "give this seat a name"
    assert not ok_enabled(d)
    type_into(d.seat_rows[1].entry, "you")  # type: ignore[arg-type]  # same as "You"
    assert d.errors == {"seat1": "two seats have this name"}
    assert not ok_enabled(d)
    d.seat_rows[1].name.set("x" * 25)
    assert d.errors == {"seat1": "a name has at most 24 characters"}
    d.seat_rows[1].name.set("Hal")
    assert ok_enabled(d)


def test_mutant_trash_needs_two_seats(root: tk.Tk) -> None:
    d = new_game(root)
    d.option_checks["mutant-trash"].invoke()
    assert d.option_vars["mutant-trash"].get()
    assert ok_enabled(d)
    d.add_button.invoke()
    root.update()
    assert len(d.seat_rows) == 3
    assert d.errors == {"options": "Mutant Trash needs exactly two seats"}
    assert d._error_labels["options"].cget("text") == "Mutant Trash needs exactly two seats"
    assert not ok_enabled(d)
    d.seat_rows[2].remove.invoke()  # type: ignore[union-attr]
    root.update()
    assert len(d.seat_rows) == 2 and ok_enabled(d)
    d.ok()
    assert d.result is not None and d.result.options == ("mutant-trash",)


def test_seats_add_up_to_nine_and_down_to_one(root: tk.Tk) -> None:
    d = new_game(root)
    while not d.add_button.instate(["disabled"]):
        d.add_button.invoke()
    root.update()
    assert len(d.seat_rows) == MAX_SEATS
    names = [r.name.get() for r in d.seat_rows]
    assert len({n.casefold() for n in names}) == MAX_SEATS  # new seats get fresh names
    assert ok_enabled(d)
    while len(d.seat_rows) > 1:
        d.seat_rows[0].remove.invoke()  # type: ignore[union-attr]
    root.update()
    assert d.seat_rows[0].remove.instate(["disabled"])  # type: ignore[union-attr]
    assert not d.add_button.instate(["disabled"])
    d.ok()
    assert d.result is not None and len(d.result.seats) == 1


def test_player_kind_and_level(root: tk.Tk) -> None:
    d = new_game(root)
    assert set(d.seat_rows[0].combo.cget("values")) == set(player_choices())  # type: ignore[union-attr]
    d.seat_rows[0].kind.set("Computer: Best average")
    d.seat_rows[1].kind.set("Human")
    d.ok()
    assert d.result is not None
    # the default names follow the kinds (issue 42, item 12)
    assert d.result.seats[0] == SeatSetting("Computer B", True, "max-expected")
    assert d.result.seats[1] == SeatSetting("You", False, "normal")


def test_preset_change_shows_its_numbers(root: tk.Tk) -> None:
    d = new_game(root, GameSettings(game_point=5000))
    assert d.placeholders["game_point"].winfo_manager() == ""  # a value is typed
    d.preset_var.set(PRESETS["trash-15000"].title)
    root.update()
    assert d.number_vars["game_point"].get() == ""
    assert d.placeholders["game_point"].cget("text") == "15,000"
    assert d.placeholders["opening_minimum"].cget("text") == "500"
    assert d.placeholders["minimum"].cget("text") == "350"
    assert d.placeholders["minimum"].winfo_manager() == "place"
    d.ok()
    assert d.result == GameSettings(preset="trash-15000")


def test_a_number_typed_in_the_dialog_stays_when_the_preset_changes(root: tk.Tk) -> None:
    """The numbers the last game had give way to the new preset's; a number the player has
    just typed is theirs and stays."""
    d = new_game(root, GameSettings(minimum=400))
    d.number_vars["game_point"].set("3000")  # typed now
    d.preset_var.set(PRESETS["trash-15000"].title)
    root.update()
    assert d.number_vars["game_point"].get() == "3000"
    assert d.placeholders["game_point"].winfo_manager() == ""
    assert d.number_vars["minimum"].get() == ""  # the last game's: the preset's 350 shows
    assert d.placeholders["minimum"].cget("text") == "350"
    d.ok()
    assert d.result == GameSettings(preset="trash-15000", game_point=3000)


@pytest.mark.parametrize("language, you, computer", [("de", "Du", "Computer A"),
                                                      ("fr", "Vous", "Ordinateur A")])
def test_default_seat_names_follow_the_language(root: tk.Tk, language: str, you: str,
                                                computer: str) -> None:
    """Settings made in English ("You", "Computer A") open in another language under its
    own default names; a name the player chose stays."""
    from tenthousand import i18n

    seats = (SeatSetting("You"), SeatSetting("Computer A", True, "normal"),
             SeatSetting("Ann"), SeatSetting("Computer B2", True, "expert"))
    try:
        i18n.set_language(language)
        d = new_game(root, GameSettings(seats=seats))
        names = [row.name.get() for row in d.seat_rows]
        d.destroy()
    finally:
        i18n.set_language("en")
    assert names == [you, computer, "Ann", "Computer B2"]
    back = new_game(root, GameSettings(seats=(SeatSetting(you), SeatSetting(computer, True))))
    assert [row.name.get() for row in back.seat_rows] == ["You", "Computer A"]
    back.destroy()


def test_every_option_round_trips(root: tk.Tk) -> None:
    d = new_game(root)
    every = tuple(o for o in OPTION_NAMES if o != "rotary-club")  # (it clashes with two)
    for name in every:
        d.option_vars[name].set(True)
    d.ok()
    assert d.result is not None and d.result.options == every
    assert d.result.to_rules().options == every


# -- preferences -------------------------------------------------------------------------


def test_preferences_round_trip(root: tk.Tk) -> None:
    prefs = Preferences(delay=1.5, sound=False, pitch=-3, theme="mono", table_colour="blue",
                        intro=False, animation=False, geometry="800x600+1+1")
    d = PreferencesDialog(root, prefs, testing=True)
    assert d.delay_var.get() == "1.5" and d.pitch_var.get() == "-3"
    assert d.pitch_spin.instate(["disabled"])  # no sound, no pitch
    d.ok()
    assert d.result == prefs


def test_preferences_changes(root: tk.Tk) -> None:
    d = PreferencesDialog(root, Preferences(), testing=True)
    type_into(d.delay_spin, "2.5")
    type_into(d.pitch_spin, "7")
    d.theme_buttons["mono"].invoke()
    d.colour_var.set("Red")
    root.update()
    # a monochrome screen shows the table grey, whatever its colour
    assert str(d.swatch.cget("background")).lower() == "#4f4f4f"
    d.theme_buttons["color"].invoke()
    root.update()
    assert str(d.swatch.cget("background")).lower() == "#7d2330"
    d.theme_buttons["mono"].invoke()
    d.ok()
    assert d.result == Preferences(delay=2.5, pitch=7, theme="mono", table_colour="red")
    # whole numbers come back as ints (issue 21), the delay as a float
    assert all(type(getattr(d.result, name)) is int for name in ("pitch", "volume", "size"))
    assert type(d.result.delay) is float


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("delay", "fast", "enter a number of seconds"),
        ("delay", "4", "enter 0 to 3 seconds"),
        ("delay", "-1", "enter 0 to 3 seconds"),
        ("pitch", "1.5", "enter a whole number"),
        ("pitch", "13", "enter -12 to 12"),
    ])
def test_preferences_refuse_bad_values(root: tk.Tk, field: str, typed: str,
                                       message: str) -> None:
    d = PreferencesDialog(root, Preferences(), testing=True)
    spin = d.delay_spin if field == "delay" else d.pitch_spin
    type_into(spin, typed)
    assert d.errors == {field: message}
    assert d._error_labels[field].cget("text") == message
    assert not ok_enabled(d)
    press(spin, "Escape")
    assert d.result is None and not d.winfo_exists()


# -- rules, about, keys ------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_window_shows_every_counter(root: tk.Tk, preset: str) -> None:
    rules = PRESETS[preset]
    w = RulesWindow(root, rules)
    root.update()
    text = w.content()
    for words, points, note in scoring_rows(rules):
        assert f"{words}\t{points}\t{note}" in text
    assert f"Game point {rules.game_point:,}" in text
    assert rules.title in w.title()
    w.destroy()


def test_rules_window_show_refreshes_and_escape_closes(root: tk.Tk) -> None:
    w = RulesWindow(root, PRESETS["ten-thousand"])
    root.update()
    assert w.winfo_ismapped()
    w.show(PRESETS["farkle"].with_options("rotary-club"))
    root.update()
    assert w.winfo_ismapped()
    assert "Rotary Club" in w.title() and "Rotary Club" in w.content()
    table = w.content().split("Scoring")[1].split("the aim")[0]
    assert "four of a kind\t1,000" in table and "doubles" not in table
    w.iconify()
    root.update()
    w.show(PRESETS["trash-5000"])  # F5 brings a hidden window back
    root.update()
    assert w.state() == "normal" and "Trash 5000" in w.title()
    assert w.winfo_height() <= SCREEN_H and w.winfo_width() <= SCREEN_W
    press(w.text, "Escape")
    assert not w.winfo_exists()


def test_about_shows_version_and_paths(root: tk.Tk) -> None:
    from tenthousand import __version__

    d = AboutDialog(root, testing=True)
    shown = {key: e.get() for key, e in d.path_entries.items()}
    assert shown == paths().as_dict()
    labels = " ".join(str(w.cget("text")) for w in d.body_frame.winfo_children()
                      if isinstance(w, ttk.Label))
    assert __version__ in labels and "MIT" in labels
    assert "1989" in labels and "1992" in labels
    assert d.button_cancel is None
    d.button_ok.invoke()
    assert not d.winfo_exists()


def test_keys_lists_every_key(root: tk.Tk) -> None:
    d = KeysDialog(root, testing=True)
    keys = " ".join(k for k, _ in d.rows)
    for key in ("Esc", "F1", "F2", "F5", "F7", "F8", "F10", "Up", "Down", "Left", "Right",
                "1 - 6", "Space", "R", "B", "Enter", "H", "Ctrl+N", "Ctrl+Q", "+", "-"):
        assert key in keys.split() or key in keys, key
    press(d.button_ok, "Escape")
    assert not d.winfo_exists()




def test_a_computer_seat_made_human_gets_a_persons_name(root: tk.Tk) -> None:
    """Issue 42, item 12: a seat switched to Human kept "Computer B" ("Computer B, your
    turn"); a name the player typed stays, and a person made a computer is named so."""
    d = new_game(root, GameSettings(seats=(
        SeatSetting("You"), SeatSetting("Computer A", True, "normal"),
        SeatSetting("Computer B", True, "expert"), SeatSetting("Zed", True, "normal"))))
    human = _("Human")
    d.seat_rows[2].kind.set(human)
    assert d.seat_rows[2].name.get() == "Player A"  # ("You" is taken)
    d.seat_rows[1].kind.set(human)
    assert d.seat_rows[1].name.get() == "Player B"
    d.seat_rows[3].kind.set(human)
    assert d.seat_rows[3].name.get() == "Zed"  # the player's own name stays
    d.seat_rows[0].kind.set(_("Computer: {level}").format(level=_("Normal")))
    assert d.seat_rows[0].name.get() == "Computer A"  # "You" would read "You is playing"
    assert ok_enabled(d)


def test_seats_added_up_to_nine_leave_every_row_in_reach(root: tk.Tk) -> None:
    """Issue 42, item 17: with 9 seats added in the dialog, the "Coach shown to" row was
    cut off: the window kept its size and its body did not scroll to it.  The window now
    grows while the screen has room, and scrolls to the rest."""
    d = new_game(root)
    for _seat in range(7):
        d.add_seat()
    root.update()
    combo = d.real_dice.combo
    area = d.scroll_area
    bottom = combo.winfo_rooty() + combo.winfo_height()
    shown = area.canvas.winfo_rooty() + area.canvas.winfo_height()
    on_screen = d.winfo_rooty() + d.winfo_height() <= d.winfo_screenheight()
    assert on_screen
    if bottom > shown:  # a small screen: the body scrolls to it
        assert area.scrolls[1]
        area.see(combo)
        root.update()
        assert combo.winfo_rooty() + combo.winfo_height() <= \
            area.canvas.winfo_rooty() + area.canvas.winfo_height()
    d.destroy()


def test_ctrl_a_in_a_text_field_selects_all(root: tk.Tk) -> None:
    """Issue 42, item 18: Ctrl+A moved the cursor to the start (Tk's Emacs key) instead
    of selecting all, as every other program does."""
    d = new_game(root)
    entry = d.seat_rows[0].entry
    assert entry is not None
    entry.focus_force()
    entry.selection_clear()
    entry.icursor("end")
    root.update()
    entry.event_generate("<Control-a>")
    root.update()
    assert entry.selection_present() and entry.selection_get() == "You"
    entry.event_generate("<KeyPress>", keysym="Z")
    root.update()
    assert d.seat_rows[0].name.get() == "Z"  # typing replaces what Ctrl+A selected
    text = tk.Text(d, height=2)
    text.grid(row=9, column=0)
    text.insert("1.0", "two\nlines")
    text.focus_force()
    root.update()
    text.event_generate("<Control-a>")
    root.update()
    assert text.get("sel.first", "sel.last") == "two\nlines"
    d.destroy()
