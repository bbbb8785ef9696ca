"""A long record opens with its progress shown after half a second and a Cancel (issue
26: a 107,448-command record never opened), and the replay window fills its list of turns
a few hundred rows at a time."""

from __future__ import annotations

import json
import threading
import time
import tkinter as tk
from pathlib import Path
from typing import Any

import pytest
from app_kit import make_app, wait_until

from tenthousand.dialogs import replay as replay_dialog
from tenthousand.dialogs.progress import SHOW_AFTER_MS
from tenthousand.dialogs.replay import TURN_ROWS, ReplayWindow
from tenthousand.present import replaying
from tenthousand.present.replaying import Cancelled, Progress
from tenthousand.tools.replay_bench import long_game

pytestmark = pytest.mark.gui


def _pump(root: tk.Misc, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        time.sleep(0.01)


class _SlowBuild:
    """A build that reports half its work, then waits to be let go or cancelled."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.stopped = threading.Event()
        self.progress: Progress | None = None

    def __call__(self, record: Any, progress: Progress | None = None) -> Any:
        assert progress is not None
        self.progress = progress
        progress.total = 1_000
        try:
            while not self.go.wait(0.01):
                progress.tell(500)
        except Cancelled:
            self.stopped.set()
            raise
        return replaying.build(record, progress)


def test_a_long_build_shows_its_progress_after_half_a_second_and_cancel_closes(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = _SlowBuild()
    monkeypatch.setattr(replay_dialog, "build", slow)
    window = ReplayWindow(tk_root, long_game(40).record)
    try:
        _pump(tk_root, SHOW_AFTER_MS / 1000 / 2)
        assert window.progress is not None and not window.progress.shown  # not at once
        _pump(tk_root, SHOW_AFTER_MS / 1000 + 0.3)
        box = window.progress
        assert box.shown and box.bar is not None
        assert float(box.bar.cget("value")) == pytest.approx(0.5)
        box.cancel()
        assert not window.winfo_exists()
        assert slow.stopped.wait(5)  # the worker stopped at its next report
    finally:
        slow.go.set()
        if window.winfo_exists():
            window.close()


def test_a_quick_build_never_shows_a_box(tk_root: tk.Tk) -> None:
    window = ReplayWindow(tk_root, long_game(40).record)
    try:
        wait = time.monotonic() + 10
        while window.replay is None and time.monotonic() < wait:
            tk_root.update()
        assert window.replay is not None and window.progress is None
        _pump(tk_root, SHOW_AFTER_MS / 1000 + 0.2)
        assert not [w for w in window.winfo_children() if isinstance(w, tk.Toplevel)]
    finally:
        window.close()


def test_the_list_of_turns_comes_a_few_hundred_rows_at_a_time(tk_root: tk.Tk) -> None:
    record = long_game(4_000).record
    built = replaying.build(record)
    assert len(built.turns()) > 3 * TURN_ROWS
    window = ReplayWindow(tk_root, record, replay=built)
    try:
        assert window.replay is built and window.step == built.last  # shown at once
        assert len(window.turn_list.get_children()) == TURN_ROWS
        wait = time.monotonic() + 10
        while len(window.turn_list.get_children()) < len(built.turns()) \
                and time.monotonic() < wait:
            tk_root.update()
        assert len(window.turn_list.get_children()) == len(built.turns())
        assert window.turn_list.selection() == (str(len(built.turns())),)
        window.show(1_000)
        turn = window.turn_of(1_000)
        assert window.turns[turn - 1].step <= 1_000 < window.turns[turn].step
        window.turn_forward()
        assert window.step == window.turns[turn].step
        window.turn_back()
        assert window.step == window.turns[turn - 1].step
    finally:
        window.close()


def _long_file(tmp_path: Path, commands: int) -> Path:
    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_game(commands).record.to_dict()))
    return path


def test_open_record_shows_progress_and_cancel_opens_nothing(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = _SlowBuild()
    monkeypatch.setattr(replaying, "build", slow)
    app = make_app(tk_root)
    try:
        app.records.open_replay(_long_file(tmp_path, 200))
        wait_until(app, lambda: slow.progress is not None)
        _pump(tk_root, SHOW_AFTER_MS / 1000 + 0.3)
        boxes = [w for w in tk_root.winfo_children()
                 if isinstance(w, tk.Toplevel) and w.title() == "Open record"]
        assert len(boxes) == 1
        cancel = [w for w in boxes[0].winfo_children()[0].winfo_children()
                  if isinstance(w, tk.Widget) and w.winfo_class() == "TButton"]
        cancel[0].invoke()
        assert not boxes[0].winfo_exists()
        assert slow.stopped.wait(5)
        _pump(tk_root, 0.3)
        assert not app.records.replays
        assert "cancelled" in str(app.window.status.message.cget("text"))
    finally:
        slow.go.set()
        app.destroy()


def test_open_record_builds_the_replay_once_as_it_reads(
        tk_root: tk.Tk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds: list[int] = []
    real = replaying.build

    def counted(record: Any, progress: Progress | None = None) -> Any:
        builds.append(len(record))
        return real(record, progress)

    monkeypatch.setattr(replaying, "build", counted)
    monkeypatch.setattr(replay_dialog, "build", counted)
    app = make_app(tk_root)
    try:
        app.records.open_replay(_long_file(tmp_path, 300))
        wait_until(app, lambda: bool(app.records.replays), seconds=30)
        window = app.records.replays[-1]
        assert window.replay is not None and window.step == 300
        assert builds == [300]
    finally:
        for window in app.records.replays:
            if window.winfo_exists():
                window.close()
        app.destroy()
