"""Helpers for the window tests: an App on the session root, clicks, keys and waiting.

Everything goes through the real widgets: a click is ``event_generate("<Button-1>")`` at a
die's place on the canvas, a key is ``event_generate("<KeyPress>")`` on the focused
table, each followed by ``update()``.
"""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rules_kit import Script

from tenthousand.ai import Decision
from tenthousand.control.app import App
from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
from tenthousand.model import Game, Rules, Seat
from tenthousand.model.game import Phase

# guide_done: the first-turn tour would take the first Esc; tests/gui/test_guide_window.py has it.
QUIET = Preferences(delay=0.0, sound=False, animation=False, intro=False, guide_done=True)


class StandIn:
    """A tiny computer player for tests: freezes the best counter, banks from 300 on."""

    def __init__(self, level: str, rules: Rules, *, seed: int | None = None,
                 prepare_seconds: float = 0.0, challenge: int | None = None) -> None:
        self.level = level
        self.rules = rules
        self.fallback_reason = None
        self.prepare_seconds = prepare_seconds
        self.challenge_target = challenge
        self._ready = prepare_seconds == 0
        self.moves = 0

    def prepare(self) -> None:
        time.sleep(self.prepare_seconds)  # runs in the controller's worker thread
        self._ready = True

    @property
    def ready(self) -> bool:
        return self._ready

    def choose_challenge(self, game: Game) -> int | None:
        return self.challenge_target

    def choose_move(self, game: Game) -> Decision:
        self.moves += 1
        faces, points = game.legal_freezes()[0]
        freeze = game.indices_for(faces)
        bank = game.bank_refusal(freeze) is None and game.turn_score + points >= 300
        return Decision(freeze, bank)

    def choose_discard(self, game: Game) -> int:
        return 0


def stand_in_factory(**extra: Any) -> Callable[..., StandIn]:
    made: list[StandIn] = []

    def factory(level: str, rules: Rules, *, seed: int | None = None,
                players: int = 2) -> StandIn:
        player = StandIn(level, rules, seed=seed, **extra)
        made.append(player)
        return player

    factory.made = made  # type: ignore[attr-defined]
    return factory


def settings(*seats: tuple[str, bool] | tuple[str, bool, str], preset: str = "ten-thousand",
             options: Sequence[str] = (), game_point: int | None = None) -> GameSettings:
    made = tuple(SeatSetting(*s) for s in seats) or (SeatSetting("Ann"),
                                                     SeatSetting("Bot", True))
    return GameSettings(preset=preset, seats=made, options=tuple(options),
                        game_point=game_point)


def make_app(root: tk.Tk, game_settings: GameSettings | None = None, *,
             throws: Iterable[Sequence[int]] | None = None, first_seat: int | None = 0,
             prefs: Preferences = QUIET, factory: Callable[..., Any] | None = None,
             seed: int | None = 1, **options: Any) -> App:
    """An App on the session root, shown at 1024x700, with scripted dice if ``throws``."""
    game_settings = game_settings or settings()
    game = None
    if throws is not None or first_seat is not None:
        game = Game(game_settings.to_rules(), [Seat(s.name, s.computer, s.level)
                                                for s in game_settings.seats],
                    seed=seed, dice=Script(throws or ()), first_seat=first_seat)
    root.deiconify()
    root.geometry("1024x700+0+0")
    app = App(root, prefs, game_settings, game=game, seed=seed, install_error_handler=False,
              player_factory=factory or stand_in_factory(), **options)
    app.boxes.confirm = lambda title, question: True
    root.update()
    return app


@contextmanager
def app_on_screen(root: tk.Tk, size: int, screen: tuple[int, int],
                  game_settings: GameSettings | None = None, **kwargs: Any) -> Iterator[App]:
    """An app (``make_app`` with these arguments) in a window as large as it opens on a
    screen of ``screen`` pixels at the size preference ``size`` (percent)."""
    from tenthousand.view import scaling

    root.winfo_screenwidth = lambda: screen[0]  # type: ignore[method-assign]
    root.winfo_screenheight = lambda: screen[1]  # type: ignore[method-assign]
    try:
        root.minsize(1, 1)  # what an earlier test's window left (a size preference)
        scaling.apply_scaling(root, size)
        app = make_app(root, game_settings, **kwargs)
        (w, h), _pos = scaling.window_sizes(root)
        root.geometry(f"{w}x{h}+0+0")
        root.update()
        app.window.table.rescale()
        root.update()
        yield app
        app.destroy()
    finally:
        del root.winfo_screenwidth, root.winfo_screenheight
        scaling.apply_scaling(root, 100)


def click_die(app: App, row: str, index: int) -> None:
    table = app.window.table
    x, y = table.die_centre(row, index)
    table.event_generate("<Button-1>", x=x, y=y)
    table.event_generate("<ButtonRelease-1>", x=x, y=y)
    app.root.update()


def key(app: App, keysym: str) -> None:
    """Press a key in the main window (the table has the focus)."""
    table = app.window.table
    app.root.update()  # a window built a moment ago must be on screen to take keys
    table.focus_force()
    modifier, _, name = keysym.rpartition("-")
    table.event_generate(f"<{modifier}-KeyPress-{name}>" if modifier else f"<KeyPress-{name}>")
    app.root.update()


def wait_until(app: App, condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Run the event loop until ``condition`` holds (fails after ``seconds``)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the window")
        app.root.update()
        time.sleep(0.005)


def human_turn_ready(app: App) -> Callable[[], bool]:
    c = app.controller
    return lambda: c.game.over or (c.human_to_play and not app.window.table.tumbling)


def phase(app: App) -> Phase:
    return app.controller.game.phase
