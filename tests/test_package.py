"""The package, the command line and the engine's independence from Tk."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tenthousand
from tenthousand import cli


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tenthousand", *args], capture_output=True,
                          text=True, timeout=60, env=env)


def test_version_comes_from_one_place() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tenthousand {tenthousand.__version__}"


def test_help_lists_every_option() -> None:
    out = run("--help").stdout
    for flag in ("--rules", "--players", "--option", "--seed", "--demo", "--delay", "--resume",
                 "--reset-preferences", "--print-paths", "--no-sound", "--mono", "--color",
                 "--skip-intro", "--install-desktop", "--uninstall-desktop", "--version",
                 "--stats", "--json", "--verify", "--export-csv"):
        assert flag in out


@pytest.mark.parametrize("args", [["--bogus"], ["--rules", "yahtzee"], ["--delay", "fast"],
                                  ["--delay", "9"], ["--players", "You,cpu:godlike"],
                                  ["--option", "loaded-dice"], ["--seed", "x"],
                                  ["M", "C"], ["--players", "A,B,C", "--option", "mutant-trash"]])
def test_bad_arguments_exit_2_with_one_message(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "error:" in result.stderr.splitlines()[-1]


def test_print_paths_is_one_json_object(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os

    env = dict(os.environ, TENTHOUSAND_HOME=str(tmp_path))
    result = run("--print-paths", env=env)
    paths = json.loads(result.stdout)
    assert set(paths) == {"config", "savegame", "history", "log", "cache"}
    assert all(p.startswith(str(tmp_path)) for p in paths.values())


def test_letters_of_1989() -> None:
    _, opts = cli.parse(["MS*"])
    assert opts.theme == "mono" and opts.sound is False and opts.skip_intro
    _, opts = cli.parse(["C"])
    assert opts.theme == "color"


def test_players_spec() -> None:
    seats = cli.parse_players("You,cpu:expert,Bob=cpu")
    assert [(s.name, s.computer, s.level) for s in seats] == [
        ("You", False, "normal"), ("Computer A", True, "expert"), ("Bob", True, "normal")]


def test_no_display_is_one_clear_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os

    if not sys.platform.startswith("linux"):
        pytest.skip("DISPLAY is how Linux finds the screen")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["TENTHOUSAND_HOME"] = str(tmp_path)
    result = run("--skip-intro", env=env)
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "display" in result.stderr


def test_model_imports_without_tkinter() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'tkinter' or name.startswith('tkinter.') or name == '_tkinter':\n"
        "            raise ImportError('tkinter is blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import tenthousand.model, tenthousand.model.game, tenthousand.model.scoring\n"
        "import tenthousand.ai\n"
        "assert 'tkinter' not in sys.modules\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr


def test_the_readme_puts_pipx_on_the_path_before_playing() -> None:
    """Issue 42, item 15: a new pipx user whose ~/.local/bin is not on the PATH got
    "tenthousand: command not found" after the README's one command."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    install = readme[readme.index("## Install and play"):readme.index("### In the application")]
    assert "pipx ensurepath" in install
    assert install.index("pipx ensurepath") < install.index("&& tenthousand")
    assert "new terminal" in install
