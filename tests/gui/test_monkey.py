"""A monkey at the keyboard: seeded random events on the real window, and nothing breaks.

Clicks anywhere on the table and on any widget, keys, menu entries, the dialogs opened,
filled with random text and closed, window resizes, new games, demo on and off, quitting
and starting again.  After every event no Tk callback may have raised and the game must
pass ``check_invariants()``.  About 300 events by default, 5,000 with ``--long``.
"""

from __future__ import annotations

import _tkinter
import collections
import random
import sys
import time
import tkinter as tk
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from tkinter import filedialog, ttk
from typing import Any

import pytest
from rules_kit import compatible

import tenthousand.dialogs.about as about_module
import tenthousand.dialogs.join as join_module
import tenthousand.dialogs.keys as keys_module
import tenthousand.dialogs.preferences as preferences_module
import tenthousand.dialogs.workshop as workshop_module
from tenthousand.control.app import App
from tenthousand.dialogs.newgame import NewGameDialog
from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
from tenthousand.model import OPTION_NAMES, PRESETS
from tenthousand.services.sound import Sound

pytestmark = pytest.mark.gui

KEYS = ["space", "r", "R", "b", "B", "Return", "KP_Enter", "1", "2", "3", "4", "5", "6", "7",
        "8", "9", "Up", "Down", "Left", "Right", "F1", "F2", "F5", "F8", "F10", "Tab", "a",
        "z", "Escape", "Delete", "BackSpace", "question", "Home", "F12", "plus", "minus"]
TEXTS = ["", " ", "0", "-1", "-50", "50", "100", "1000", "1e9", "99999999999999999999", "3.5",
         "0.0", "nan", "inf", "abc", "You", "Computer", "  padded  ", "\u00e9\u00e8\u00ea",
         "\u4e2d\u6587", "\U0001f3b2", "x" * 200, "a,b", "cpu:expert", "'; DROP", "\t", "%s%d",
         "{}", "[1]", "\\"]


def random_settings(rng: random.Random) -> GameSettings:
    n = rng.choice([1, 2, 2, 2, 3, 4, 6, 9])
    seats = tuple(SeatSetting(f"P{i}" if i else "You", rng.random() < 0.6 if i else
                              rng.random() < 0.2, rng.choice(["beginner", "normal", "expert"]))
                  for i in range(n))
    options = compatible(o for o in OPTION_NAMES if rng.random() < 0.25)
    point = rng.choice([None, None, 1000, 2500, 5000])
    settings = GameSettings(preset=rng.choice(list(PRESETS)), seats=seats, options=options,
                            game_point=point)
    if settings.errors():
        settings = GameSettings(preset=settings.preset, seats=seats, game_point=point)
    assert not settings.errors(), settings.errors()
    return settings


class Monkey:
    def __init__(self, root: tk.Tk, rng: random.Random, errors: list[str]) -> None:
        self.root = root
        self.rng = rng
        self.errors = errors
        self.history: collections.deque[str] = collections.deque(maxlen=25)
        self.apps = 0
        self.dialogs: collections.Counter[str] = collections.Counter()
        self.app = self.new_app()
        self.events: dict[str, int] = collections.Counter()

    # -- the window ----------------------------------------------------------------------

    def new_app(self) -> App:
        rng = self.rng
        prefs = Preferences(delay=0.0, sound=False, animation=rng.random() < 0.3, intro=False,
                            table_colour=rng.choice(["green", "blue", "red"]),
                            animation_speed=rng.choice(["slow", "normal", "fast"]),
                            guide_done=rng.random() < 0.5)
        self.root.deiconify()
        self.root.geometry("1024x700+0+0")
        app = App(self.root, prefs, random_settings(rng), seed=rng.randrange(10**6),
                  install_error_handler=False, sound=Sound(runner=lambda wav: None))
        app.boxes.confirm = lambda title, question: rng.random() < 0.7
        app.boxes.show_error = lambda title, text: None  # a record that cannot be read or written
        app.boxes.ask_settings = self.new_game_dialog
        app.boxes.ask_network_settings = self.new_game_dialog  # Game > Host a network game
        app.boxes.ask_rule_file = lambda save_as=None: None  # type: ignore[method-assign]
        self.apps += 1
        self.pump()
        return app

    def check(self, what: str) -> None:
        self.history.append(what)
        if self.errors:
            pytest.fail(f"a Tk callback raised after {list(self.history)}:\n{self.errors[0]}")
        if self.app.closed:
            self.app = self.new_app()
        try:
            self.app.controller.game.check_invariants()
        except AssertionError:
            pytest.fail(f"an invariant broke after {list(self.history)}:\n"
                        f"{traceback.format_exc()}")

    # -- dialogs, filled at random ---------------------------------------------------------

    def fill(self, dialog: tk.Toplevel) -> None:
        rng = self.rng
        widgets = _descendants(dialog)
        for _ in range(rng.randint(0, 8)):
            w = rng.choice(widgets)
            try:
                if not w.winfo_exists():
                    continue
                if isinstance(w, ttk.Combobox):
                    values = w.cget("values")
                    if values:
                        w.set(rng.choice(list(values)))
                        w.event_generate("<<ComboboxSelected>>")
                elif isinstance(w, (ttk.Entry, tk.Entry)):  # Spinbox is an Entry
                    if str(w.cget("state")) in ("disabled", "readonly"):
                        continue
                    w.delete(0, "end")
                    w.insert(0, rng.choice(TEXTS))
                elif isinstance(w, (ttk.Checkbutton, tk.Checkbutton, ttk.Radiobutton)):
                    w.invoke()
                elif isinstance(w, (ttk.Button, tk.Button)) and rng.random() < 0.5:
                    if w not in (getattr(dialog, "button_ok", None),
                                 getattr(dialog, "button_cancel", None)):
                        w.invoke()  # add a player, remove one...
            except tk.TclError:
                pass  # the widget went away with a row removed: fine
            self.root.update_idletasks()
        widgets = _descendants(dialog)  # rows may have come and gone

    def close(self, dialog: Any) -> None:
        how = self.rng.choice(["ok", "ok", "cancel", "escape", "return"])
        if not dialog.winfo_exists():
            return
        if how == "ok" and hasattr(dialog, "ok"):
            dialog.ok()
        elif how in ("escape", "return"):
            dialog.focus_force()
            dialog.event_generate("<KeyPress-Escape>" if how == "escape" else "<KeyPress-Return>")
            self.pump()
        if dialog.winfo_exists():
            dialog.cancel() if hasattr(dialog, "cancel") else dialog.destroy()

    def new_game_dialog(self, settings: GameSettings) -> GameSettings | None:
        self.dialogs["NewGameDialog"] += 1
        dialog = NewGameDialog(self.root, settings, testing=True)
        self.fill(dialog)
        self.close(dialog)
        result: GameSettings | None = dialog.result
        if result is not None:
            assert not result.errors(), result.errors()
        return result

    def wrap(self, cls: Any, *extra: Any) -> Callable[..., Any]:
        monkey = self

        def make(parent: tk.Misc, *args: Any, **kwargs: Any) -> Any:
            monkey.dialogs[cls.__name__] += 1
            dialog = cls(parent, *args, **kwargs, testing=True)
            monkey.fill(dialog)
            monkey.close(dialog)
            return dialog

        return make

    # -- the events --------------------------------------------------------------------------

    def click_table(self) -> None:
        table = self.app.window.table
        x = self.rng.randrange(max(1, table.winfo_width()))
        y = self.rng.randrange(max(1, table.winfo_height()))
        table.event_generate("<Button-1>", x=x, y=y)
        table.event_generate("<ButtonRelease-1>", x=x, y=y)

    def click_die(self) -> None:
        table = self.app.window.table
        row = self.rng.choice(["thrown", "thrown", "thrown", "frozen", "area"])
        x, y = table.die_centre(row, self.rng.randrange(6))
        table.event_generate("<Button-1>", x=x, y=y)
        table.event_generate("<ButtonRelease-1>", x=x, y=y)

    def click_widget(self) -> None:
        widgets = [w for w in _descendants(self.app.window)
                   if not isinstance(w, (tk.Menu, tk.Toplevel)) and w.winfo_ismapped()]
        if not widgets:
            return
        w = self.rng.choice(widgets)
        x = self.rng.randrange(max(1, w.winfo_width()))
        y = self.rng.randrange(max(1, w.winfo_height()))
        w.event_generate("<Enter>", x=x, y=y)
        w.event_generate("<Button-1>", x=x, y=y)
        w.event_generate("<ButtonRelease-1>", x=x, y=y)

    def key(self) -> None:
        keysym = self.rng.choice(KEYS)
        table = self.app.window.table
        table.focus_force()
        table.event_generate(f"<KeyPress-{keysym}>")

    def control_key(self) -> None:
        table = self.app.window.table
        table.focus_force()
        table.event_generate(f"<Control-KeyPress-{self.rng.choice(['n', 'q', 'N'])}>")

    def menu(self) -> None:
        menubar = self.app.window.menubar
        last = menubar.index("end")
        if last is None:
            return
        cascade = menubar.nametowidget(menubar.entrycget(self.rng.randint(0, last), "menu"))
        end = cascade.index("end")
        if end is None:
            return
        index = self.rng.randint(0, end)
        if cascade.type(index) != "separator":
            cascade.invoke(index)

    def resize(self) -> None:
        w, h = self.rng.randint(200, 1600), self.rng.randint(150, 1100)
        self.root.geometry(f"{w}x{h}")

    def new_game(self) -> None:
        self.app.game_commands.start_new_game(random_settings(self.rng),
                                              seed=self.rng.randrange(1000))

    def open_dialog(self) -> None:
        which = self.rng.choice(["new_game", "preferences", "keys", "about", "rules"])
        self.app.handlers[which]()  # the command's handler, as its menu entry calls it

    def demo(self) -> None:
        self.app.game_commands.toggle_demo()

    def undo_redo(self) -> None:
        table = self.app.window.table
        table.focus_force()
        keys = ["Control-KeyPress-z", "Control-KeyPress-y", "Control-Shift-KeyPress-Z"]
        table.event_generate(f"<{self.rng.choice(keys)}>")

    def replay(self) -> None:
        """Open a replay of the game so far, or step an open one with its keys."""
        open_now = [w for w in self.app.records.replays if w.winfo_exists()]
        if not open_now or self.rng.random() < 0.3:
            self.app.records.show_replay()
            return
        window = self.rng.choice(open_now)
        action = self.rng.choice(["Left", "Right", "Home", "End", "Prior", "Next", "slide",
                                  "play_on", "Escape"])
        if action == "slide":
            window._slid(str(self.rng.uniform(-5, 300)))
        elif action == "play_on":
            window.play_on()
        else:
            window.focus_force()
            window.event_generate(f"<KeyPress-{action}>")

    def challenge(self) -> None:
        c = self.app.controller
        targets = c.challenge_targets() if c.challenge_offered else []
        choice = self.rng.choice([None] + [t for t, _ in targets]) if targets else \
            self.rng.choice([None, 0, 1, 5])
        self.app.controller.challenge(choice)

    def close_windows(self) -> None:
        for w in self.root.winfo_children():
            if isinstance(w, tk.Toplevel) and self.rng.random() < 0.5:
                w.focus_force()
                w.event_generate("<KeyPress-Escape>")
                if w.winfo_exists() and self.rng.random() < 0.5:
                    w.destroy()

    def wait(self) -> None:
        self.pump(self.rng.uniform(0.0, 0.15), until_idle=False)

    def pump(self, seconds: float = 0.05, until_idle: bool = True) -> None:
        """Run the event loop for a while.  Not ``update()``: in demo mode at zero delay the
        computer's ``after(0)`` chain keeps ``update()`` busy until the game ends, which with
        nine seats and a save after every move takes minutes (``mainloop`` interleaves the
        chain with the window's events, so the real program stays responsive)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.root.tk.dooneevent(_tkinter.ALL_EVENTS | _tkinter.DONT_WAIT) \
                    and until_idle:
                break

    def step(self, n: int) -> None:
        actions: list[tuple[Callable[[], None], int]] = [
            (self.click_table, 20), (self.click_die, 20), (self.click_widget, 10),
            (self.key, 25), (self.control_key, 1), (self.menu, 5), (self.resize, 4),
            (self.new_game, 3), (self.demo, 4), (self.challenge, 3),
            (self.close_windows, 2), (self.wait, 10), (self.open_dialog, 5),
            (self.undo_redo, 6), (self.replay, 4),
        ]
        action = self.rng.choices([a for a, _ in actions], [w for _, w in actions])[0]
        name = action.__name__
        self.events[name] += 1
        try:
            action()
            self.pump()
        except tk.TclError as e:
            # Only the test's own reach into a widget that just went away may fail here.
            if "bad window path" not in str(e) and "invalid command name" not in str(e):
                raise
        self.check(f"{n}:{name}")


def _descendants(widget: tk.Misc) -> list[tk.Misc]:
    out: list[tk.Misc] = []
    stack = list(widget.winfo_children())
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(w.winfo_children())
    return out


@pytest.fixture
def errors(tk_root: tk.Tk) -> Iterator[list[str]]:
    """Callback errors seen during the run (also passed on to the session's handler)."""
    seen: list[str] = []
    old = tk_root.report_callback_exception

    def report(exc: type[BaseException], value: BaseException, tb: Any) -> None:
        seen.append("".join(traceback.format_exception(exc, value, tb)))
        old(exc, value, tb)

    tk_root.report_callback_exception = report  # type: ignore[method-assign]
    yield seen
    tk_root.report_callback_exception = old  # type: ignore[method-assign]


def test_the_monkey(tk_root: tk.Tk, errors: list[str], long_run: bool,
                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    count = 5000 if long_run else 300
    rng = random.Random(19890101)
    monkey = Monkey(tk_root, rng, errors)
    monkeypatch.setattr(preferences_module, "PreferencesDialog",
                        monkey.wrap(preferences_module.PreferencesDialog))
    monkeypatch.setattr(keys_module, "KeysDialog", monkey.wrap(keys_module.KeysDialog))
    monkeypatch.setattr(about_module, "AboutDialog", monkey.wrap(about_module.AboutDialog))
    # Game > Save record as / Open record from the menu: no file dialog to wait on.
    records = tmp_path / "records"
    records.mkdir()
    monkeypatch.setattr(filedialog, "asksaveasfilename",
                        lambda **o: rng.choice(["", str(records / "game.json")]))
    monkeypatch.setattr(filedialog, "askopenfilename",
                        lambda **o: rng.choice(["", str(records / "game.json")]))
    monkeypatch.setattr(workshop_module, "WorkshopDialog",
                        monkey.wrap(workshop_module.WorkshopDialog))
    # Game > Join a network game: the join dialog filled and closed like the others.
    monkeypatch.setattr(join_module, "JoinDialog", monkey.wrap(join_module.JoinDialog))
    started = time.monotonic()
    try:
        for n in range(count):
            monkey.step(n)
            if n % 500 == 499:
                print(f"monkey: {n + 1} events, {time.monotonic() - started:.0f} s, "
                      f"{len(_descendants(tk_root))} widgets", file=sys.stderr, flush=True)
    finally:
        if not monkey.app.closed:
            monkey.app.destroy()
        for w in tk_root.winfo_children():
            if isinstance(w, tk.Toplevel):
                w.destroy()
        tk_root.update()
    print(f"monkey: {count} events in {time.monotonic() - started:.1f} s, "
          f"{monkey.apps} windows, {dict(monkey.events)}, dialogs {dict(monkey.dialogs)}", file=sys.stderr)
