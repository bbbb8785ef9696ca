"""Soak: demo mode at zero delay, game after game in one window, and nothing piles up.

The memory (RSS), the canvas items, the cached die images, the widgets, the Tcl commands
(every forgotten callback leaves one) and the pending ``after`` calls are measured after a
warm-up game and again at the end: RSS may grow by less than 10 MB, the rest stays flat.
About 5 games by default, 200 with ``--long``.
"""

from __future__ import annotations

import gc
import sys
import time
import tkinter as tk
from pathlib import Path

import pytest

from tenthousand.control.app import App
from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
from tenthousand.services.sound import Sound

pytestmark = pytest.mark.gui

RSS_LIMIT_KB = 10 * 1024


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _widgets(root: tk.Misc) -> int:
    count, stack = 0, list(root.winfo_children())
    while stack:
        w = stack.pop()
        count += 1
        stack.extend(w.winfo_children())
    return count


def _settle(app: App, seconds: float = 5.0) -> None:
    """Let what a game's end set going finish (a job's poll, a last redraw): a call still
    pending then is one that stays, which the test is about; one in flight is not."""
    end = time.monotonic() + seconds
    while app.root.tk.splitlist(app.root.tk.call("after", "info")) and time.monotonic() < end:
        app.root.update()
        time.sleep(0.005)


def measure(app: App) -> dict[str, int]:
    gc.collect()
    app.root.update()
    _settle(app)
    return {
        "rss_kb": rss_kb(),
        "canvas_items": len(app.window.table.find_all()),
        "images": len(app.images),
        "widgets": _widgets(app.root),
        "tcl_commands": len(app.root.tk.splitlist(app.root.tk.call("info", "commands"))),
        "tk_images": len(app.root.tk.splitlist(app.root.tk.call("image", "names"))),
        "pending_afters": len(app.root.tk.splitlist(app.root.tk.call("after", "info"))),
        "log_lines": len(app.window.log.lines()),
    }


def play_one(app: App, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not app.controller.game.over:
        if time.monotonic() > end:
            raise AssertionError("a demo game did not finish in time")
        app.root.update()
        time.sleep(0.0005)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_demo_soak(tk_root: tk.Tk, long_run: bool) -> None:
    games = 200 if long_run else 5
    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False)
    settings = GameSettings(seats=(SeatSetting("Ann", True, "normal"),
                                   SeatSetting("Bob", True, "normal"),
                                   SeatSetting("Cy", True, "normal")),
                            game_point=5000)
    tk_root.deiconify()
    tk_root.geometry("1024x700+0+0")
    app = App(tk_root, prefs, settings, seed=42, demo=True, install_error_handler=False,
              save_games=False, sound=Sound(runner=lambda wav: None))
    started = time.monotonic()
    try:
        for _ in range(2):  # warm-up: tables built, every image size and state met once
            play_one(app)
            app.game_commands.restart(ask=False)
        play_one(app)
        before = measure(app)  # measured at a game's end: nothing is pending then
        first = app.controller.game.games_played
        for _ in range(games):
            app.game_commands.restart(ask=False)
            play_one(app)
        after = measure(app)
        played = app.controller.game.games_played - first
    finally:
        app.destroy()
        tk_root.update()
    seconds = time.monotonic() - started
    growth = after["rss_kb"] - before["rss_kb"]
    print(f"\nsoak: {games} demo games (+3 warm-up) in {seconds:.0f} s; "
          f"RSS {before['rss_kb'] / 1024:.1f} MB -> {after['rss_kb'] / 1024:.1f} MB "
          f"({growth / 1024:+.2f} MB); before {before}; after {after}", file=sys.stderr)
    assert played == games
    assert growth < RSS_LIMIT_KB, (before, after)
    for key in ("canvas_items", "images", "widgets", "tcl_commands", "tk_images",
                "pending_afters"):
        assert after[key] <= before[key], (key, before, after)
