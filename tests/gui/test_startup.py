"""Start-up (issue 15, items 1, 8, 10, 12, 13): a saved window place is never fatal, an
error before the window is logged and told, command-line choices are for that launch
only, the resume question and the log of a resumed game, the status bar's long messages."""

from __future__ import annotations

import os
import subprocess
import sys
import tkinter as tk
from pathlib import Path
from types import SimpleNamespace

import pytest
from app_kit import QUIET, make_app, settings
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from save_kit import assert_one_sentence

import tenthousand.launch as app_module
from tenthousand.cli import parse
from tenthousand.control.app import App
from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.files.paths import paths
from tenthousand.files.settings import GameSettings, Preferences, load_preferences, save_preferences
from tenthousand.launch import (
    EXIT_AFTER_FIRST_FRAME,
    _geometry,
    _preferences_for,
    resume_question,
)
from tenthousand.model import Game, Seat
from tenthousand.view.panels import elide
from tenthousand.view.scaling import MIN_SIZE, screen_margin

ROOT = Path(__file__).resolve().parents[2]


# -- item 1: the saved window place ----------------------------------------------------

def test_a_window_partly_off_the_screen_comes_back_whole(tk_root: tk.Tk) -> None:
    """Issue 23: dragged to +900+650 on 1280x900, the window came back there with only a
    corner on the screen.  A saved place is moved so that all of the window is on the
    screen it opens on, its title bar and the menu bar's room included."""
    sw, sh = tk_root.winfo_screenwidth(), tk_root.winfo_screenheight()
    room = sh - screen_margin(tk_root)
    assert _geometry(tk_root, "1000x700+10+20") == "1000x700+10+20"  # on the screen: kept
    assert _geometry(tk_root, "1000x700+-40+10") == "1000x700+0+10"
    assert _geometry(tk_root, f"1000x700+{sw - 300}+{sh - 250}") == \
        f"1000x700+{sw - 1000}+{room - 700}"
    assert _geometry(tk_root, "1000x700+-990+10") == "1000x700+0+10"
    assert _geometry(tk_root, f"1000x700+10+{sh - 5}") == f"1000x700+10+{room - 700}"
    assert _geometry(tk_root, "1000x700+10+-30") == "1000x700+10+0"  # the title bar is off
    assert _geometry(tk_root, "1000x700+99999+0") == f"1000x700+{sw - 1000}+0"
    # Tk's right- and bottom-relative places count from the other edges.
    assert _geometry(tk_root, "1000x700-0-0") == f"1000x700+{sw - 1000}+{room - 700}"


def test_the_saved_place_is_for_the_screen_it_opens_on(tk_root: tk.Tk,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved on a 1920x1080 screen at +900+650, opened on a 1280x900 one."""
    monkeypatch.setattr(tk_root, "winfo_screenwidth", lambda: 1280)
    monkeypatch.setattr(tk_root, "winfo_screenheight", lambda: 900)
    got = _geometry(tk_root, "1180x800+900+650")
    size, _, place = got.partition("+")
    w, h = (int(n) for n in size.split("x"))
    x, y = (int(n) for n in place.split("+"))
    assert 0 <= x and x + w <= 1280 and 0 <= y and y + h + screen_margin(tk_root) <= 900


geometries = st.one_of(
    st.text(max_size=40),
    st.from_regex(r"\A-?\d{1,12}x-?\d{1,12}([+-]{1,2}\d{1,12}){0,3}\Z"),
    st.builds(lambda w, h, sx, x, sy, y: f"{w}x{h}{sx}{x}{sy}{y}",
              st.integers(0, 10**7), st.integers(0, 10**7), st.sampled_from("+-"),
              st.integers(-10**7, 10**7), st.sampled_from("+-"), st.integers(-10**7, 10**7)))


@hsettings(max_examples=300, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(geometries)
def test_any_saved_geometry_gives_one_tk_accepts(tk_root: tk.Tk, text: str) -> None:
    """_geometry is total: whatever the preferences hold, it returns a usable geometry."""
    got = _geometry(tk_root, text)
    size, _, place = got.partition("+")
    w, h = (int(n) for n in size.split("x"))
    assert MIN_SIZE[0] <= w <= max(MIN_SIZE[0], tk_root.winfo_screenwidth())
    assert MIN_SIZE[1] <= h <= max(MIN_SIZE[1], tk_root.winfo_screenheight())
    if place:
        x, y = (int(n) for n in place.split("+"))
        assert 0 <= x and x + w <= max(w, tk_root.winfo_screenwidth()) and y >= 0


def run_game(*argv: str, home: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``tenthousand ARGV`` in a new process that closes after its first frame."""
    env = dict(os.environ, TENTHOUSAND_HOME=str(home), **{EXIT_AFTER_FIRST_FRAME: "1"})
    return subprocess.run([sys.executable, "-m", "tenthousand", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def write_prefs(prefs: Preferences) -> None:
    save_preferences(prefs)


def test_the_game_starts_after_its_window_was_off_the_left_edge(
        tk_root: tk.Tk, _private_home: Path) -> None:
    write_prefs(Preferences(geometry="1180x800+-40+10"))
    done = run_game("--skip-intro", home=_private_home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["first", "frame", "ready"] and done.stderr == ""


def test_an_error_before_the_window_is_logged_and_told(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken() -> tuple[Preferences, str | None]:
        raise RuntimeError("the disk\nmisbehaved")

    monkeypatch.setattr(app_module, "load_preferences", broken)
    try:
        assert app_module.launch(parse(["--skip-intro"])[1]) == 1
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1
        assert_one_sentence(err.removeprefix("tenthousand: "))
        assert "the disk misbehaved" in err and str(paths().logfile) in err
        log_text = paths().logfile.read_text()
        assert "Traceback" in log_text and "RuntimeError: the disk" in log_text
    finally:
        import logging

        from tenthousand.services import logs

        logger = logging.getLogger("tenthousand")
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
            handler.close()
        logs._handler = None


# -- item 8: command-line choices are for that launch only ------------------------------

def test_command_line_choices_are_not_saved(tk_root: tk.Tk, _private_home: Path) -> None:
    mine = Preferences(delay=1.0, sound=True, theme="color", geometry="1000x700+10+10")
    write_prefs(mine)
    done = run_game("--skip-intro", "--delay", "2.5", "MS", "--players", "Ann,cpu:expert",
                    "--rules", "farkle", home=_private_home)
    assert done.returncode == 0, done.stderr
    prefs, note = load_preferences()
    assert note is None
    assert (prefs.delay, prefs.sound, prefs.theme, prefs.game) == (1.0, True, "color",
                                                                   mine.game)


def test_the_launch_plays_with_the_command_line_and_saves_only_window_changes(
        tk_root: tk.Tk) -> None:
    mine = Preferences(delay=1.0, sound=True, pitch=0, intro=False, animation=False)
    save_preferences(mine)
    saved, prefs, messages, _ = _preferences_for(parse(["--delay", "2", "S", "M"])[1])
    assert saved == mine and messages == []
    assert (prefs.delay, prefs.sound, prefs.theme) == (2.0, False, "mono")
    app = make_app(tk_root, prefs=prefs, saved_prefs=saved)
    try:
        assert app.controller.delay == 2.0
        app.options.pitch_up()  # a change in the window: saved
        app.options.save_preferences()
        got, _ = load_preferences()
        assert (got.delay, got.sound, got.theme, got.pitch) == (1.0, True, "color", 1)
        app.options.faster()  # the player changes the delay themself: now it is theirs
        app.options.toggle_sound()
        app.options.save_preferences()
        got, _ = load_preferences()
        assert got.delay == app.prefs.delay < 2.0 and got.sound is True
        assert got.theme == "color"  # M was never changed in the window
        app.options.apply_preferences(app.prefs)  # Preferences, OK without a change: nothing new
        app.options.save_preferences()
        assert load_preferences()[0].theme == "color"
    finally:
        app.destroy()


# -- item 10: the resume question --------------------------------------------------------

def test_the_resume_question_sets_scores_apart() -> None:
    saved = SimpleNamespace(
        seats=[Seat("Ann"), Seat("Computer 2", True)], board=[1250, 0],
        rules=SimpleNamespace(label="Ten-Thousand"), record=SimpleNamespace(network=None))
    question = resume_question(saved, explicit=False)  # type: ignore[arg-type]
    assert "Ann: 1,250 \u00b7 Computer 2: 0" in question
    assert "Computer 2 0" not in question and "command line" not in question
    explicit = resume_question(saved, explicit=True)  # type: ignore[arg-type]
    assert "command line" in explicit
    assert explicit.count("No ") == 1 and question.count("No ") == 1  # "No" explained once
    assert "hosted" not in question


def test_the_resume_question_says_whom_a_game_was_hosted_for() -> None:
    from tenthousand.model.record import Network

    saved = SimpleNamespace(
        seats=[Seat("Ann"), Seat("Bob"), Seat("Cy")], board=[0, 50, 0],
        rules=SimpleNamespace(label="Ten-Thousand"),
        record=SimpleNamespace(network=Network("host", friends=(1, 2))))
    question = resume_question(saved, explicit=False)  # type: ignore[arg-type]
    assert "You hosted it for Bob and Cy: Game > Host a network game opens the table " \
        "again." in question


def test_the_new_game_dialog_letters_added_computers(tk_root: tk.Tk) -> None:
    dialog = NewGameDialog(tk_root, GameSettings(), testing=True)
    try:
        dialog.add_seat()
        dialog.add_seat()
        assert [row.name.get() for row in dialog.seat_rows] == [
            "You", "Computer A", "Computer B", "Computer C"]
    finally:
        dialog.destroy()


# -- item 12: the log of a resumed game, stale and long status messages, minimums ------

def test_a_resumed_game_says_so_first_in_the_log(tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("Bot", True))
    game = Game(game_settings.to_rules(), game_settings.to_seats(), seed=3, first_seat=0)
    game.throw()
    app = App(tk_root, QUIET, game_settings, game=game, install_error_handler=False)
    try:
        lines = app.window.log.lines()
        assert lines[0] == f"Resumed game: {game.rules.label}, to 10,000."
        assert any("Ann throws" in line for line in lines[1:])
    finally:
        app.destroy()


def test_a_new_game_clears_the_last_games_message(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    try:
        app.game_commands.restart(ask=False)
        assert "same players" in str(app.window.status.message.cget("text"))
        app.game_commands.start_new_game(settings(("Ann", False), ("Cy", True)))
        assert "same players" not in str(app.window.status.message.cget("text"))
    finally:
        app.destroy()


def test_a_long_status_message_is_cut_and_shown_whole_under_the_mouse(tk_root: tk.Tk) -> None:
    app = make_app(tk_root)
    status = app.window.status
    notice = ("Some preferences were damaged and are back to their defaults: delay, sound, "
              "pitch, theme, table_colour, geometry (the old file is kept as "
              "preferences.json.bad-20260101-120000). ") * 2
    try:
        status.say(notice)
        tk_root.update()
        shown = str(status.message.cget("text"))
        assert shown.endswith("\u2026") and len(shown) < len(notice)
        assert status.font.measure(shown) <= status.message.winfo_width()
        assert status.full_text == notice
        status.message.event_generate("<Enter>")
        tk_root.update()
        assert status.tip is not None and status.tip.winfo_ismapped()
        label = status.tip.winfo_children()[0]
        assert str(label.cget("text")) == notice
        status.message.event_generate("<Leave>")
        assert status.tip is None
        status.say("Sound on.")  # a short message: shown whole, no tip
        tk_root.update()
        assert str(status.message.cget("text")) == "Sound on." and not status.cut
        # The window did not grow to fit the long message.
        assert tk_root.winfo_width() == 1024
    finally:
        app.destroy()


def test_elide_fits_the_width() -> None:
    def measure(text: str) -> int:
        return len(text) * 7

    assert elide("short", measure, 100) == "short"
    cut = elide("a long message that does not fit", measure, 100)
    assert cut.endswith("\u2026") and measure(cut) <= 100
    assert elide("two\nlines", measure, 500) == "two lines"


def test_the_dialog_refuses_an_opening_minimum_above_the_game_point(tk_root: tk.Tk) -> None:
    dialog = NewGameDialog(tk_root, GameSettings(), testing=True)
    try:
        dialog.number_vars["game_point"].set("1000")
        dialog.number_vars["opening_minimum"].set("1500")
        dialog.update()
        message = "must not be above the game point (1,000)"
        assert dialog.errors == {"opening_minimum": message}
        assert dialog.button_ok.instate(["disabled"])
        dialog.number_vars["opening_minimum"].set("")
        dialog.number_vars["minimum"].set("1050")
        assert dialog.errors == {
            "minimum": "must not be above the game point (1,000)"}
        dialog.number_vars["minimum"].set("1000")
        assert dialog.errors == {}
    finally:
        dialog.destroy()


def test_the_startup_benchmark_compares_with_a_bare_window(tk_root: tk.Tk) -> None:
    from tenthousand.tools.benchmark import startup

    result = startup(runs=1)
    assert result["runs"] == 1 and result["bare_s"] > 0 and result["game_s"] > 0
    assert abs(result["ratio"] - result["game_s"] / result["bare_s"]) < 0.05


#: Runs the game as ``python -m tenthousand --skip-intro`` does and, at its first frame,
#: prints which of the modules the first frame does not need are loaded; then whether the
#: garbage collector (off while starting) is back on.
AT_FIRST_FRAME = """
import gc, sys
import tenthousand.launch as app
real = app._first_frame_drawn
def drawn(a, intro, *rest):
    late = ("PIL", "tenthousand.advice.values", "tenthousand.solver", "tenthousand.ai.players",
            "subprocess", "wave", "twisted", "wormhole", "tenthousand.net.internet")
    print("loaded:", " ".join(m for m in late if m in sys.modules), flush=True)
    real(a, intro, *rest)
    print("gc:", gc.isenabled(), flush=True)
    # (Twisted and magic-wormhole load only when a table over the internet opens)
    print("internet:", " ".join(m for m in ("twisted", "wormhole") if m in sys.modules),
          flush=True)
app._first_frame_drawn = drawn
sys.argv = ["tenthousand", "--skip-intro"]
from tenthousand.__main__ import main
sys.exit(main())
"""


def test_the_first_frame_waits_for_no_module_it_does_not_show(_private_home: Path) -> None:
    """Item 13: Pillow (no dice on a new game's table), the advisor's solver, the computer
    players and the sound's helpers load after the first frame, not before."""
    env = dict(os.environ, TENTHOUSAND_HOME=str(_private_home), **{EXIT_AFTER_FIRST_FRAME: "1"})
    done = subprocess.run([sys.executable, "-c", AT_FIRST_FRAME], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "loaded: " in [line[:8] for line in lines], done.stdout
    loaded = next(line for line in lines if line.startswith("loaded:"))
    assert loaded.split()[1:] == [], loaded
    assert "gc: True" in lines, done.stdout
    assert "internet: " in lines, done.stdout  # (nothing after the colon)


def test_the_first_frame_is_the_table_before_the_game_loads(_private_home: Path) -> None:
    """Item 13: the window shows its table at once; the game's modules (the engine, the
    window's panels) load while it is on the screen."""
    probe = """
import sys, tkinter
import tenthousand.launch as launch
real = launch._show_splash
def shown(root, prefs):
    canvas = real(root, prefs)
    heavy = ("tenthousand.control.app", "tenthousand.model.game", "tenthousand.control.controller",
             "tenthousand.view.table")
    print("loaded:", " ".join(m for m in heavy if m in sys.modules), flush=True)
    print("mapped:", root.winfo_ismapped(), canvas.cget("background"), flush=True)
    return canvas
launch._show_splash = shown
sys.argv = ["tenthousand", "--skip-intro"]
from tenthousand.__main__ import main
sys.exit(main())
"""
    env = dict(os.environ, TENTHOUSAND_HOME=str(_private_home), **{EXIT_AFTER_FIRST_FRAME: "1"})
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    assert lines[0] == "first frame", done.stdout
    assert "loaded:" in lines, done.stdout  # none of the heavy modules yet
    assert any(line.startswith("mapped: 1 #") for line in lines), done.stdout
    assert lines[-1] == "ready", done.stdout
