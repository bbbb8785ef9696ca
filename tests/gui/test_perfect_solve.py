"""Perfect for rules without a shipped table, in the window: solved in a worker with its
progress in the status bar, as Expert until then (issue 13)."""

from __future__ import annotations

import tkinter as tk

import pytest
from app_kit import make_app, settings, wait_until

from tenthousand.present import presenter

pytestmark = pytest.mark.gui
pytest.importorskip("numpy")


def test_perfect_solves_its_table_in_the_background_and_says_so(tk_root: tk.Tk) -> None:
    from tenthousand.solver import cache, table
    from tenthousand.solver.levels import make_player

    game_settings = settings(("Ann", False), ("Deep", True, "perfect"), game_point=2500)
    rules = game_settings.to_rules()
    assert not table.available(rules)
    app = make_app(tk_root, game_settings, factory=make_player)
    try:
        details = app.window.scoreboard.texts()[1][2]
        assert details.startswith("Perfect AI (as Expert until solved)")
        log = "\n".join(app.window.log.lines())
        assert "Deep (Perfect) plays as Expert: its table for these rules is being solved" in log
        seen: list[str] = []

        def status() -> str:
            text = app.window.status.full_text
            if not seen or seen[-1] != text:
                seen.append(text)
            return text

        wait_until(app, lambda: status() == presenter.SOLVED_STATUS, 120)
        assert any(t.startswith("Solving perfect play for these rules: ") and t.endswith("%...")
                   for t in seen), seen
        details = app.window.scoreboard.texts()[1][2]
        assert details.startswith("Perfect AI \u00b7"), details
        assert presenter.SOLVED_STATUS in "\n".join(app.window.log.lines())
        assert cache.cache_file(rules).is_file()
    finally:
        app.destroy()
        table._REGISTERED.clear()
        cache._SOLVES.clear()
