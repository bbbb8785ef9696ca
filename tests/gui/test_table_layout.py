"""The table's layout holds still: its rows keep their places through a turn's texts, and a
banner never covers the line that says what the last turn must reach (issue 23)."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import click_die, key, make_app, settings

from tenthousand.control.app import App
from tenthousand.present.presenter import SeatRow
from tenthousand.view.table import TableView

pytestmark = pytest.mark.gui

Box = tuple[float, float, float, float]


def rows(table: TableView) -> dict[str, float]:
    """Where the table's rows are drawn: the thrown dice, the frozen band, the texts."""
    table.update_idletasks()
    # A picked die is lifted by 12% of its size: the row is where the dice stand.
    lifts = {round(float(table.coords(item)[1]) + (table.die_size * 0.12 if i in
                                                  table.display.selected else 0), 1)
             for i, item in enumerate(table.thrown_items[:len(table.display.thrown)])}
    assert len(lifts) == 1, lifts
    out = {"thrown": lifts.pop(), "band": float(table.coords(table.frozen_band)[1]),
           "height": float(table.winfo_height())}
    for name in ("caption_item", "need_item", "notice_item", "selection_item"):
        out[name] = float(table.coords(getattr(table, name))[1])
    return out


def test_the_rows_keep_their_places_through_a_turns_texts(tk_root: tk.Tk) -> None:
    # (At 800 px the reason beside Throw and Bank wraps, and the action bar grows: not
    # the table's own layout.)
    for width in (1280, 1024, 900):
        app = make_app(tk_root, settings(("Annabelle", False), ("Bot", True)),
                       throws=[(1, 1, 1, 5, 5, 5), (1, 5, 2, 3, 4, 6)])
        try:
            tk_root.geometry(f"{width}x700")
            tk_root.update()
            table = app.window.table
            key(app, "space")
            seen = [("thrown", rows(table), table.display)]
            for i in range(6):  # all six picked: "Next throw: 6 fresh dice"
                click_die(app, "thrown", i)
                seen.append((f"{i + 1} picked", rows(table), table.display))
            assert table.display.dice_left == "Next throw: 6 fresh dice"
            key(app, "space")  # the corner: six fresh dice
            seen.append(("after the corner", rows(table), table.display))
            first = seen[0][1]
            for when, place, shown in seen:
                assert place == first, (width, when, shown.caption, shown.dice_left)
        finally:
            app.destroy()


def box(table: TableView, item: int) -> Box:
    found = table.bbox(item)
    assert found, "not drawn"
    return tuple(float(v) for v in found)  # type: ignore[return-value]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_banner_clear(app: App, when: str) -> None:
    table = app.window.table
    app.root.update_idletasks()
    assert table.cue_text, f"{when}: no banner"
    assert table.display.notice.startswith("Last turn"), when
    assert not overlap(box(table, table.banner_box), box(table, table.notice_item)), \
        f"{when}: the banner {table.cue_text!r} covers {table.display.notice!r}"


@pytest.mark.parametrize("geometry", ["1024x700", "800x560"])
def test_a_banner_never_covers_the_last_turns_line(tk_root: tk.Tk, geometry: str) -> None:
    game_settings = settings(("Ann", False), ("Bob", False), ("You", False))
    app = make_app(tk_root, game_settings,
                   throws=[(5, 5, 5, 2, 3, 4), (2, 3, 4, 6, 6, 2), (1, 2, 3, 4, 6, 6)])
    try:
        tk_root.geometry(geometry)
        tk_root.update()
        game = app.controller.game
        game.board[:] = [9500, 8200, 8000]
        key(app, "space")
        for k in ("1", "2", "3", "Return"):  # Ann banks 500 and reaches 10,000
            key(app, k)
        assert game.stage == "catch-up" and game.current == 1
        check_banner_clear(app, "Ann reached 10,000")
        app.window.table.clear_cue()
        key(app, "space")  # Bob throws trash: the banner shows over You's last turn
        assert game.current == 2
        check_banner_clear(app, "Bob's trash")
    finally:
        app.destroy()


def test_a_seats_line_breaks_between_its_pieces_and_fits_at_the_normal_size(
        tk_root: tk.Tk) -> None:
    app = make_app(tk_root, settings(("You", False), ("Computer A", True)))
    try:
        tk_root.geometry("1230x865")  # the window's size on a 1280x900 screen
        tk_root.update()
        board = app.window.scoreboard
        rows = (SeatRow("You", "Human", 5200, True, None, 18),
                SeatRow("Computer A", "Expert AI", 0, False, None, 8),
                SeatRow("Computer B", "Best average AI", 0, False, 2, 9))
        board.show(rows)
        tk_root.update_idletasks()
        one_line = board.small.metrics("linespace")
        heights = [e.details.winfo_reqheight() for e in board.entries]
        assert heights[0] < 2 * one_line and heights[1] < 2 * one_line, heights
        # The longer one wraps between its pieces: "9 match points" stays whole.
        text = str(board.entries[2].details.cget("text"))
        assert "9\u00a0match\u00a0points" in text and "Best\u00a0average\u00a0AI" in text
        assert board.texts()[2][2] == "Best average AI \u00b7 not on board \u00b7 2 challenges" \
            " \u00b7 9 match points"
    finally:
        app.destroy()


def test_a_seats_piece_longer_than_the_line_breaks_between_its_words(tk_root: tk.Tk) -> None:
    """French at 2x while Perfect's table is solved: "Ordinateur (Parfait) (en Expert
    jusqu'au calcul)" is longer than the board's line; kept whole, Tk cut it inside a word
    ("calcul" on one line, ")" on the next)."""
    app = make_app(tk_root, settings(("You", False), ("Computer A", True)))
    try:
        tk_root.geometry("1230x865")
        tk_root.update()
        board = app.window.scoreboard
        long = "Ordinateur (Parfait) (en Expert jusqu'au calcul)"
        board.set_width(board.small.measure(long) // 2 + 40)  # the piece needs two lines
        board.show((SeatRow("You", "Humain", 0, False, None, 0),
                    SeatRow("Computer A", long, 0, False, None, 0)))
        tk_root.update_idletasks()
        text = str(board.entries[1].details.cget("text"))
        assert text.startswith(long + " \u00b7 ")  # its own spaces may break
        assert "not\u00a0on\u00a0board" in text  # the pieces that fit stay whole
        wrap = int(board.entries[1].details.cget("wraplength"))
        assert board.entries[1].details.winfo_reqwidth() <= wrap + 8
    finally:
        app.destroy()
