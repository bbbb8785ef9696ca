"""The table view: dice images, clicks on dice, the live selection text, the animation."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import click_die, key, make_app, settings

from tenthousand.model.game import Phase
from tenthousand.view.dice import DiceImages, render_face
from tenthousand.view.table import TableDisplay

pytestmark = pytest.mark.gui


def test_faces_are_drawn_at_the_size_asked_with_their_pips() -> None:
    for face in range(1, 7):
        image = render_face(face, 64)
        assert image.size == (64, 64) and image.mode == "RGBA"
    # The one has one dark pip in the middle; the six has none there.
    one, six = render_face(1, 64).convert("RGB"), render_face(6, 64).convert("RGB")
    assert sum(one.getpixel((32, 32))) < 400 < sum(six.getpixel((32, 32)))
    with pytest.raises(ValueError):
        render_face(7, 64)


def test_the_image_cache_reuses_photoimages(tk_root: tk.Tk) -> None:
    images = DiceImages(tk_root, limit=10)
    first = images.get(3, 48, "selected")
    assert images.get(3, 48, "selected") is first
    assert images.get(3, 48, "normal") is not first
    for face in range(1, 7):
        for size in (40, 44):
            images.unpin_all()  # a redraw: only what it shows now must stay
            images.get(face, size)
    assert len(images) == 10  # the oldest went
    images.unpin_all()
    shown = [images.get(face, 52) for face in range(1, 7)]
    for face in range(1, 7):
        images.get(face, 56)
    assert len(images) == 12  # the six on show are pinned: nothing they use is dropped
    assert all(images.get(face, 52) is shown[face - 1] for face in range(1, 7))


def test_clicking_a_die_selects_it_and_shows_its_value(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 4, 4, 4, 2, 3)])
    try:
        key(app, "space")
        game = app.controller.game
        assert game.phase is Phase.CHOOSE and game.thrown == (1, 4, 4, 4, 2, 3)
        for i in (1, 2, 3, 0):
            click_die(app, "thrown", i)
        assert app.controller.selection == {0, 1, 2, 3}
        table = app.window.table
        assert table.itemcget(table.selection_item, "text") == "three 4s + a 1 = 500"
        assert "Bank 500" in str(app.window.actions.bank_button.cget("text"))
        click_die(app, "thrown", 0)  # unselect
        assert app.controller.selection == {1, 2, 3}
    finally:
        app.destroy()


def test_a_selection_that_cannot_be_frozen_says_why_and_is_refused(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 4, 4, 4, 2, 3)])
    try:
        key(app, "space")
        click_die(app, "thrown", 5)  # the 3
        table = app.window.table
        text = str(table.itemcget(table.selection_item, "text"))
        assert "3" in text and "not" in text
        actions = app.window.actions
        assert str(actions.throw_button.cget("state")) == "disabled"
        assert str(actions.bank_button.cget("state")) == "disabled"
        assert "3" in str(actions.reason.cget("text"))
        key(app, "space")  # refused: nothing changes
        assert app.controller.game.thrown == (1, 4, 4, 4, 2, 3)
    finally:
        app.destroy()


def test_dice_items_are_reused_not_recreated(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    try:
        table = app.window.table
        before = len(table.find_all())
        key(app, "space")
        for i in range(6):
            click_die(app, "thrown", i)
        table.show(TableDisplay(thrown=(1, 2, 3), frozen=((5,), (1, 1)), play_area=(2, 2)))
        tk_root.update()
        assert len(table.find_all()) == before
    finally:
        app.destroy()


def test_the_throw_tumbles_then_settles_without_blocking(tk_root: tk.Tk) -> None:
    prefs = app_prefs(animation=True)
    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)], prefs=prefs)
    try:
        table = app.window.table
        key(app, "space")
        assert table.tumbling  # the throw returned at once; the tumble runs in after steps
        click_die(app, "thrown", 0)  # a click settles the dice and counts
        assert not table.tumbling
        assert app.controller.selection == {0}
    finally:
        app.destroy()
    assert not table.winfo_exists()


def test_the_startup_show_is_skipped_by_a_key(tk_root: tk.Tk) -> None:
    app = make_app(tk_root, intro=True)
    try:
        table = app.window.table
        assert table.intro_running
        key(app, "x")
        assert not table.intro_running
        assert app.controller.game.phase is Phase.START  # the key did nothing else
    finally:
        app.destroy()


def test_mutant_trash_shows_the_play_area(tk_root: tk.Tk) -> None:
    game_settings = settings(("Ann", False), ("Bob", False), options=["mutant-trash"])
    app = make_app(tk_root, game_settings, throws=[(5, 5, 5, 2, 3, 4)])
    try:
        table = app.window.table
        assert table.itemcget(table.area_band, "state") == "normal"
        key(app, "space")
        for i in range(3):
            key(app, str(i + 1))
        key(app, "b")  # bank 500, then choose a die to play
        assert app.controller.game.phase is Phase.DISCARD
        assert table.itemcget(table.frozen_items[0], "state") == "normal"
        click_die(app, "frozen", 2)
        game = app.controller.game
        assert game.play_area == [5] and game.board[1] == 50
        assert table.itemcget(table.area_items[0], "state") == "normal"
    finally:
        app.destroy()


def app_prefs(**changes: object):  # type: ignore[no-untyped-def]
    from app_kit import QUIET

    return QUIET.replace(**changes)


def test_a_small_image_cache_never_drops_an_image_in_use(tk_root: tk.Tk) -> None:
    """Hidden dice let go of their images, so evicting old sizes is always safe."""
    game_settings = settings(("Ann", False), ("Bob", False), options=["mutant-trash"])
    app = make_app(tk_root, game_settings, throws=[(5, 5, 5, 2, 3, 4)])
    try:
        app.images.limit = 12
        key(app, "space")
        for size in ("1100x760", "1024x700", "1300x820", "1024x700"):
            tk_root.geometry(size)
            tk_root.update()
            app.window.table.show(app.window.table.display)
            tk_root.update()
        for i in range(3):
            click_die(app, "thrown", i)
        key(app, "b")
        click_die(app, "frozen", 0)
        assert app.controller.game.play_area == [5]
        assert len(app.images) <= 12 + 18  # at most the dice on show stay over the limit
    finally:
        app.destroy()


def _sizes_shown(table) -> set[int]:  # type: ignore[no-untyped-def]
    names = {str(image): key for key, image in table.images._cache.items()}
    return {names[str(table.itemcget(item, "image"))][1]
            for item in table.thrown_items if table.itemcget(item, "state") != "hidden"}


def test_after_a_resize_the_dice_are_redrawn_at_the_new_size(tk_root: tk.Tk) -> None:
    """A size not drawn yet stands in at the nearest size while a worker draws the right
    one (so the Tk thread never waits for Pillow); then the table shows the right one."""
    from app_kit import wait_until

    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    try:
        table = app.window.table
        key(app, "space")
        # The first dice of a session are drawn by a worker too (an empty square stands in).
        wait_until(app, lambda: "missing" not in table.pending() and not table._missing, 5)
        before = table.die_size
        assert _sizes_shown(table) == {before}
        tk_root.geometry("1400x900")
        wait_until(app, lambda: table.die_size != before, 5)
        wait_until(app, lambda: "missing" not in table.pending() and not table._missing, 5)
        assert _sizes_shown(table) == {table.die_size}
        assert table._drawn is not None  # the picture is complete: no more redraws owed
    finally:
        tk_root.geometry("1024x700")
        app.destroy()


def test_after_a_theme_change_the_dice_follow(tk_root: tk.Tk) -> None:
    """Right after M the dice in the old colours stand in; then the mono ones show."""
    from app_kit import wait_until

    app = make_app(tk_root, throws=[(1, 5, 2, 3, 4, 6)])
    try:
        table = app.window.table
        key(app, "space")
        app.preferences.update(theme="mono")

        def themes() -> set[str]:
            names = {str(image): k for k, image in table.images._cache.items()}
            return {names[str(table.itemcget(item, "image"))][3] for item in table.thrown_items
                    if table.itemcget(item, "state") != "hidden"}

        wait_until(app, lambda: "missing" not in table.pending() and not table._missing, 5)
        assert themes() == {"mono"}
    finally:
        app.preferences.update(theme="color")
        app.destroy()
