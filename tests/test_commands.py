"""The table of commands (issue 11): one table for the menus, the keys, the Keys window and
the README; every command has a handler and no key does two things."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tenthousand.present import commands
from tenthousand.present.commands import COMMANDS, KEY_GROUPS, MENU_TITLES, by_name, handles

ROOT = Path(__file__).resolve().parents[1]


def _canonical(sequence: str) -> str:
    """Tk reads ``<Key-1>`` and ``<1>`` as the same key."""
    return re.sub(r"^<Key-(.+)>$", r"<\1>", sequence)


def test_no_key_is_bound_to_two_commands_in_one_context() -> None:
    owners: dict[tuple[str, str], list[str]] = defaultdict(list)
    for command in COMMANDS:
        for sequence in command.sequences:
            owners[command.context, _canonical(sequence)].append(command.name)
    shared = {key: names for key, names in owners.items() if len(names) > 1}
    assert shared == {}


def test_every_command_is_well_formed() -> None:
    names = [c.name for c in COMMANDS]
    assert len(names) == len(set(names))
    for command in COMMANDS:
        assert command.menu in (None, *MENU_TITLES), command.name
        assert bool(command.label) == (command.menu is not None), command.name
        assert bool(command.sequences) == bool(command.keys), command.name
        assert command.description, command.name
        assert command.group in KEY_GROUPS
        for sequence in command.sequences:
            assert re.fullmatch(r"<[A-Za-z0-9_-]+>", sequence), sequence
    assert {c.enabled for c in COMMANDS} <= {"", "has_decisions", "speech_available",
                                                  "can_undo", "can_redo"}


def test_a_handler_must_name_a_command_of_the_table() -> None:
    with pytest.raises(KeyError):
        handles("no_such_command")
    assert by_name("quit").keys == "F7 / Ctrl+Q"


def test_the_readme_key_table_is_the_generated_one() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("| key | what it does |")
    end = readme.index("\n\n", start) + 1
    assert readme[start:end] == commands.markdown_table(), \
        "run: python -m tenthousand.present.commands --markdown, and paste it into the README"


def test_the_markdown_table_is_printed_by_the_module() -> None:
    done = subprocess.run([sys.executable, "-m", "tenthousand.present.commands", "--markdown"],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout == commands.markdown_table()
    assert "| F1 | dice sound on or off |" in done.stdout
