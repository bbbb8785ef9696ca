"""File > Import rules on what is no rule file (issue 26): /dev/zero, a pipe, a number of
4,301 digits, lists nested 20,000 deep: at once, one sentence in the error box, never the
internal-error dialog, and the window's thread never waits."""

from __future__ import annotations

import os
import time
import tkinter as tk
from pathlib import Path

from app_kit import make_app

from tenthousand.files import rulefile

HEAD = 'format = 1\nname = "Hostile"\nbase = "farkle"\n'


def test_import_refuses_devices_pipes_and_hostile_files_at_once(tk_root: tk.Tk,
                                                                tmp_path: Path) -> None:
    app = make_app(tk_root)
    problems: list[str] = []
    app.boxes.show_error = lambda title, message: problems.append(message)  # type: ignore[method-assign]
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    digits = tmp_path / "digits.toml"
    digits.write_text(HEAD + "[end]\ngame_point = " + "1" * 4301 + "\n")
    deep = tmp_path / "deep.toml"
    deep.write_text(HEAD + "[end]\nstarting_scores = " + "[" * 20_000 + "]" * 20_000 + "\n")
    try:
        for path in ("/dev/zero", str(pipe), str(digits), str(deep)):
            app.boxes.ask_rule_file = lambda save_as=None, p=path: p  # type: ignore[method-assign]
            started = time.perf_counter()
            assert app.game_commands.import_rules() is None
            assert time.perf_counter() - started < 2, path
        assert len(problems) == 4
        assert all(p.startswith("These rules cannot be used: ") and "\n" not in p
                   for p in problems), problems
        assert "device or a pipe" in problems[0] and "device or a pipe" in problems[1]
        assert "digits.toml, line 5" in problems[2] and "far too many digits" in problems[2]
        assert "deep.toml, line 5" in problems[3] and "nested far too deep" in problems[3]
        assert rulefile.saved()[0] == []
    finally:
        app.destroy()
