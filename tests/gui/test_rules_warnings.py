"""File > Import rules takes rules under which a turn never ends, and warns (issue 26)."""

from __future__ import annotations

import dataclasses
import tkinter as tk
from pathlib import Path

import pytest
from app_kit import make_app

from tenthousand.files import rulefile
from tenthousand.model import PRESETS

pytestmark = pytest.mark.gui


def test_importing_rules_where_every_die_scores_warns(tk_root: tk.Tk, tmp_path: Path) -> None:
    app = make_app(tk_root)
    try:
        path = tmp_path / "every.toml"
        path.write_text(rulefile.dumps(dataclasses.replace(
            PRESETS["ten-thousand"], title="Every die", single_two=50, single_three=50,
            single_four=50, single_six=50)))
        app.boxes.ask_rule_file = lambda save_as=None: str(path)  # type: ignore[method-assign]
        assert app.game_commands.import_rules() is not None
        said = app.window.status.full_text  # the label itself is cut to the window's width
        assert said.startswith("Imported \u201cEvery die\u201d, but beware: Every throw scores")
        assert rulefile.find_saved("Every die") is not None
    finally:
        app.destroy()
