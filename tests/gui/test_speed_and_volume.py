"""Animation speed and sound volume: the preferences dialog's rows, the durations the table
uses, and the volume keys."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator

import pytest
from app_kit import QUIET, human_turn_ready, key, make_app, wait_until

from tenthousand.dialogs.preferences import PreferencesDialog
from tenthousand.files.settings import Preferences
from tenthousand.services import sound
from tenthousand.services.sound import Sound
from tenthousand.view.table import INTRO_MS, TUMBLE_MS, TUMBLE_STEPS

pytestmark = pytest.mark.gui


@pytest.fixture
def root(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    yield tk_root
    for child in tk_root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    tk_root.update()


def test_the_dialog_keeps_and_changes_volume_and_speed(root: tk.Tk) -> None:
    prefs = Preferences(volume=35, animation_speed="fast", sound=False)
    d = PreferencesDialog(root, prefs, testing=True)
    assert d.volume == 35 and d.volume_label.cget("text") == "35%"
    assert d.volume_scale.instate(["disabled"])  # no sound, no volume
    assert d.speed_var.get() == "fast"
    d.ok()
    assert d.result == prefs

    d = PreferencesDialog(root, Preferences(), testing=True)
    assert d.volume_scale.instate(["!disabled"]) and d.speed_var.get() == "normal"
    d.volume_var.set(61.7)  # the slider moves in fractions: the preference is whole
    d.speed_buttons["slow"].invoke()
    root.update()
    assert d.volume_label.cget("text") == "62%"
    d.ok()
    assert d.result == Preferences(volume=62, animation_speed="slow")


def test_the_volume_slider_answers_the_keyboard(root: tk.Tk) -> None:
    d = PreferencesDialog(root, Preferences(volume=50), testing=True)
    d.volume_scale.focus_force()
    d.update()
    d.volume_scale.event_generate("<KeyPress-Right>")
    d.update()
    assert d.volume == 51
    d.volume_scale.event_generate("<KeyPress-Home>")
    d.update()
    assert d.volume == 0 and d.volume_label.cget("text") == "0%"


def test_animation_speed_scales_the_tumble_and_the_computers_wait(
        tk_root: tk.Tk, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6), (1, 5, 2, 3, 4)],
                   prefs=QUIET.replace(animation=True, animation_speed="fast"))
    table = app.window.table
    waits: list[int] = []
    original = table.timers.later

    def record(ms: float, func: Callable[..., None], *args: object,
               purpose: str | None = None) -> str:
        if purpose == "tumble" and ms:  # (its first frame comes at once)
            waits.append(int(ms))
        return original(ms, func, *args, purpose=purpose)

    monkeypatch.setattr(table.timers, "later", record)
    try:
        assert table.tumble_ms == round(TUMBLE_MS * 0.5)
        key(app, "space")
        assert table.tumbling
        assert app.controller._step_ms(0) == table.tumble_ms + 120  # the computer waits
        wait_until(app, human_turn_ready(app))
        assert waits and set(waits) == {round(TUMBLE_MS * 0.5) // TUMBLE_STEPS}

        app.options.apply_preferences(app.prefs.replace(animation_speed="slow"))
        assert table.tumble_ms == round(TUMBLE_MS * 1.6)
        assert table.duration(INTRO_MS) == round(INTRO_MS * 1.6)
        waits.clear()
        key(app, "1")
        key(app, "space")
        assert table.tumbling and app.controller._step_ms(0) == round(TUMBLE_MS * 1.6) + 120
        wait_until(app, human_turn_ready(app))
        assert set(waits) == {round(TUMBLE_MS * 1.6) // TUMBLE_STEPS}

        app.options.apply_preferences(app.prefs.replace(animation=False))  # off is still off
        assert not table.tumbling and app.controller._step_ms(0) == 0
    finally:
        app.destroy()


def test_volume_keys_change_the_volume_and_zero_is_silent(tk_root: tk.Tk) -> None:
    played: list[bytes] = []
    player = Sound(runner=played.append)
    app = make_app(tk_root, prefs=QUIET.replace(sound=True, volume=80), sound=player)
    try:
        key(app, "plus")
        assert app.prefs.volume == 90
        assert "Volume 90%" in str(app.window.status.settings.cget("text"))
        assert "volume 90%" in str(app.window.status.message.cget("text"))
        wait_until(app, lambda: len(played) == 1)
        assert played == [sound.rattle(0, 90)]  # the player gets the scaled rattle
        for _ in range(3):
            key(app, "plus")
        assert app.prefs.volume == 100
        for _ in range(12):
            key(app, "minus")
        assert app.prefs.volume == 0
        assert "silent" in str(app.window.status.message.cget("text"))
        count = player.played
        app.options.rattle()
        assert player.played == count  # nothing is started at 0
    finally:
        app.destroy()
