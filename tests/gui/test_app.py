"""The application: building and tearing down a window, menus and keys, preferences,
asking before a game is lost, autosave and resume, the command line's overrides."""

from __future__ import annotations

import json
import tkinter as tk

import pytest
from app_kit import QUIET, key, make_app, settings, wait_until

from tenthousand.cli import Options, SeatSpec
from tenthousand.control.app import App
from tenthousand.files.paths import paths
from tenthousand.files.settings import GameSettings, Preferences, load_preferences
from tenthousand.launch import _geometry, settings_from_options
from tenthousand.model.game import Phase
from tenthousand.services.sound import Sound
from tenthousand.view.scaling import screen_margin

pytestmark = pytest.mark.gui


def _pending(root: tk.Tk) -> int:
    return len(root.tk.splitlist(root.tk.call("after", "info")))


def test_apps_come_and_go_without_leaving_anything_behind(tk_root: tk.Tk) -> None:
    tk_root.update()
    afters, bindings = _pending(tk_root), set(tk_root.bind())
    children = len(tk_root.winfo_children())
    for _ in range(3):
        app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)], prefs=QUIET.replace(delay=2.0,
                                                                                 animation=True))
        key(app, "space")
        key(app, "1")
        app.window.table.cue("info", "a cue that would stay a while", 5000)
        app.destroy()
        tk_root.update()
    assert _pending(tk_root) == afters
    assert set(tk_root.bind()) == bindings
    assert len(tk_root.winfo_children()) == children
    assert str(tk_root.cget("menu")) == ""


def test_the_menus_hold_every_command_with_its_key(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        menubar = app.window.menubar
        titles = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
        assert titles == ["File", "Game", "Options", "Help"]
        entries = {}
        for i in range(4):
            menu = tk_root.nametowidget(menubar.entrycget(i, "menu"))
            for j in range(menu.index("end") + 1):
                if menu.type(j) != "separator":
                    entries[menu.entrycget(j, "label")] = menu.entrycget(j, "accelerator")
        assert entries["New game..."] == "Esc / Ctrl+N"
        assert entries["Next game of this match"] == "F8" and entries["Demo mode"] == "F2"
        assert entries["Match table..."] == "F6"
        assert entries["Quit"] == "F7 / Ctrl+Q" and entries["Sound"] == "F1"
        assert entries["Faster"] == "Up" and entries["Slower"] == "Down"
        assert entries["Table colour"] == "F10" and entries["Rules"] == "F5"
        for name in ("Preferences...", "Keys", "About Ten-Thousand", "Higher pitch",
                     "Lower pitch"):
            assert name in entries
    finally:
        app.destroy()


def test_escape_asks_then_sets_up_a_new_game(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    asked: list[str] = []
    chosen = settings(("Ann", False), ("Bob", True), ("Cy", True), preset="trash-5000")
    app.boxes.ask_settings = lambda current: chosen
    try:
        key(app, "space")  # a game in progress
        app.boxes.confirm = lambda title, question: asked.append(question) is not None and False
        key(app, "Escape")
        assert asked and app.controller.game.phase is Phase.CHOOSE  # "no": play on
        app.boxes.confirm = lambda title, question: True
        key(app, "Escape")
        game = app.controller.game
        assert [s.name for s in game.seats] == ["Ann", "Bob", "Cy"]
        assert game.rules.preset == "trash-5000"
        assert app.prefs.game == chosen
        assert "Trash 5000" in tk_root.title()
    finally:
        app.destroy()


def test_a_cancelled_new_game_dialog_leaves_the_game_alone(tk_root: tk.Tk) -> None:
    """Cancel keeps the game, so nothing asked "End this game?" first (Esc twice after a
    menu asked it, then Cancel kept the game anyway)."""
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    app.boxes.ask_settings = lambda current: None
    asked: list[str] = []
    app.boxes.confirm = lambda title, question: asked.append(question) is not None
    try:
        key(app, "space")
        game = app.controller.game
        key(app, "Control-n")
        key(app, "Escape")
        assert app.controller.game is game and game.thrown == (1, 5, 2, 3, 4, 6)
        assert asked == []
    finally:
        app.destroy()


def test_quit_asks_while_a_game_is_on_and_saves_the_preferences(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    try:
        key(app, "space")
        app.boxes.confirm = lambda title, question: False
        key(app, "F7")
        assert not app.closed
        key(app, "F10")  # green -> blue
        app.boxes.confirm = lambda title, question: True
        key(app, "Control-q")
        assert app.closed
        prefs, message = load_preferences()
        assert message is None and prefs.table_colour == "blue"
    finally:
        app.destroy()


def test_f10_cycles_the_table_colour(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        table = app.window.table
        first = str(table.cget("background"))
        key(app, "F10")
        assert app.prefs.table_colour == "blue"
        assert str(table.cget("background")) != first
        for _ in range(5):
            key(app, "F10")
        assert app.prefs.table_colour == "green"
    finally:
        app.destroy()


def test_sound_and_pitch_keys(tk_root: tk.Tk) -> None:
    played: list[bytes] = []
    sound = Sound(runner=played.append)
    app = make_app(tk_root, prefs=QUIET.replace(sound=True), sound=sound,
                   throws=[(1, 5, 2, 3, 4, 6)])
    try:
        key(app, "space")
        assert sound.played == 1
        key(app, "F1")
        assert not app.prefs.sound
        assert "Sound off" in str(app.window.status.settings.cget("text"))
        key(app, "Right")
        key(app, "Right")
        key(app, "Left")
        assert app.prefs.pitch == 1 and sound.played == 1  # silent while the sound is off
    finally:
        app.destroy()


def test_preferences_change_the_window_at_once(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        app.options.apply_preferences(app.prefs.replace(theme="mono", delay=2.4, animation=True))
        assert app.window.table.pal.theme == "mono" and app.images.theme == "mono"
        assert app.controller.delay == 2.4 and app.controller.animation
        assert "Delay 2.4 s" in str(app.window.status.settings.cget("text"))
    finally:
        app.destroy()


def test_f5_shows_the_rules_in_one_window(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        key(app, "F5")
        window = app.game_commands.rules_window
        assert window is not None and window.winfo_exists()
        key(app, "F5")
        assert app.game_commands.rules_window is window
    finally:
        app.destroy()
    assert not window.winfo_exists()


def test_every_command_is_saved_and_a_finished_game_leaves_its_match(tk_root: tk.Tk) -> None:
    from tenthousand.files.savegame import load_saved_game, load_saved_match

    game_settings = settings(("Ann", False), game_point=100)
    app = make_app(tk_root, game_settings, throws=[(1, 2, 3, 4, 6, 6)], save_games=True)
    key(app, "space")
    app.destroy()  # waits for the saver thread
    saved, message = load_saved_game()
    assert message is None and saved is not None and saved.thrown == (1, 2, 3, 4, 6, 6)
    resumed = App(tk_root, QUIET, game_settings, game=saved, install_error_handler=False)
    try:
        resumed.boxes.confirm = lambda title, question: True
        table = resumed.window.table
        assert resumed.controller.game.phase is Phase.CHOOSE
        tk_root.update()  # the table draws once it has its size
        assert table.itemcget(table.thrown_items[5], "state") == "normal"
        assert any("Ann throws 1 2 3 4 6 6" in line for line in resumed.window.log.lines())
        key(resumed, "1")
        key(resumed, "b")  # 100 reaches the game point: a one-seat game ends
        assert resumed.controller.game.over
        assert resumed.controller.saver.flush()
        # Nothing to resume, but the save keeps the match: the next launch plays game 2.
        assert load_saved_game() == (None, None)
        following = load_saved_match(seed=5)
        assert following is not None and following.games_played == 1 and not following.over
    finally:
        resumed.destroy()


def test_the_command_line_overrides_the_last_settings() -> None:
    base = GameSettings()
    opts = Options(rules="trash-15000", players=[SeatSpec("Ann", False, "normal"),
                                                 SeatSpec("Max", True, "expert")],
                   options=["pyramiding"])
    got, note = settings_from_options(base, opts)
    assert note is None and got.preset == "trash-15000" and got.options == ("pyramiding",)
    assert [s.name for s in got.seats] == ["Ann", "Max"] and got.seats[1].computer
    three = Options(players=[SeatSpec(n, False, "normal") for n in "ABC"],
                    options=["mutant-trash"])
    got, note = settings_from_options(base, three)
    assert "mutant-trash" not in got.options and note and "Mutant Trash" in note


def test_a_saved_window_place_is_kept_only_when_it_fits(tk_root: tk.Tk) -> None:
    sw, sh = tk_root.winfo_screenwidth(), tk_root.winfo_screenheight()
    assert _geometry(tk_root, "1000x700+10+20") == "1000x700+10+20"
    # Too tall a window keeps the desktop's panel and the menu bar's height free.
    assert _geometry(tk_root, f"{sw + 500}x{sh + 500}+0+0").startswith(
        f"{sw}x{sh - screen_margin(tk_root)}")
    assert _geometry(tk_root, "garbage").count("x") == 1


def test_demo_from_the_command_line_and_the_status_bar(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, demo=True)
    try:
        assert app.controller.demo and "DEMO" in str(app.window.status.settings.cget("text"))
        key(app, "F2")
        assert not app.controller.demo
    finally:
        app.destroy()


def test_preferences_file_is_json(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        key(app, "Down")
        app.options.save_preferences()
        data = json.loads(paths().preferences.read_text())
        assert data["delay"] == 0.1
    finally:
        app.destroy()


def test_the_computer_waits_while_the_player_is_asked(tk_root: tk.Tk) -> None:
    game_settings = settings(("Bot", True), ("Ann", False))
    app = make_app(tk_root, game_settings, prefs=QUIET.replace(delay=3.0),
                   throws=[(1, 1, 2, 3, 4, 6)])
    seen: list[int] = []

    def ask(title: str, question: str) -> bool:
        seen.append(app.controller.pending)  # nothing may run under the question
        return False

    try:
        key(app, "space")  # not Ann's turn: nothing happens, but a game is on
        app.controller.game.throw()  # the computer's first throw, so the game is in progress
        app.boxes.confirm = ask
        app.boxes.ask_settings = lambda current: current  # (Esc: the dialog, then the question)
        for k in ("Escape", "F8", "F7"):
            key(app, k)
        assert seen == [0, 0, 0]
        assert app.controller.pending >= 1 and not app.closed  # and then it plays on
    finally:
        app.destroy()


def test_the_rattle_is_a_short_wav_at_every_pitch(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import time
    import wave

    from tenthousand.services import sound

    low, high = sound.rattle(-12), sound.rattle(12)
    for data in (low, high):
        with wave.open(io.BytesIO(data)) as w:
            assert w.getnchannels() == 1 and w.getframerate() == sound.RATE
            assert 0.3 < w.getnframes() / w.getframerate() < 0.6
    assert low != high
    # Nothing to play it with: silently skipped, never an error.
    monkeypatch.setattr(sound.shutil, "which", lambda name: None)
    if not sound.sys.platform.startswith(("win", "darwin")):
        assert sound.player_command() is None and not sound.can_play()
    player = sound.Sound()
    player.rattle(0)
    time.sleep(0.3)
    assert player.played == 1


def test_a_changed_preference_is_written_off_the_tk_thread(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    """The write (with its fsync) happens in the job runner, never in a Tk callback."""
    import threading

    import tenthousand.control.options as app_options

    written: list[tuple[str, str]] = []

    def record(prefs: Preferences) -> None:
        written.append((threading.current_thread().name, prefs.table_colour))

    monkeypatch.setattr(app_options, "save_preferences", record)
    app = make_app(tk_root)
    try:
        key(app, "F10")
        colour = app.prefs.table_colour
        wait_until(app, lambda: bool(written), 5)
        assert written[-1][1] == colour
        assert written[-1][0] != threading.main_thread().name
    finally:
        app.destroy()
