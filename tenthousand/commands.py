"""Every command of the main window in one table: the menus, the key bindings, the Keys
window and the README's key table are all built from :data:`COMMANDS`.

Adding a command is one :class:`Command` entry here plus a handler the App registers under
the same name.  No tkinter here: the table is plain data, readable by tests and scripts.

``python -m tenthousand.commands --markdown`` prints the README's key table.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["COMMANDS", "Command", "MENU_TITLES", "KEY_GROUPS", "by_name", "handlers_of",
           "handles", "in_menu", "in_group", "markdown_table", "number_of"]

F = TypeVar("F", bound=Callable[..., object])

#: The menus of the menu bar, left to right.
MENU_TITLES = ("File", "Game", "Options", "Help")
#: The groups of the Keys window, top to bottom: keys of commands outside the menus first.
KEY_GROUPS = ("Playing", "The game", "Options", "Help")
#: The Keys window's group of a command in each menu (None: in no menu).
_GROUP_OF_MENU = {None: "Playing", "File": "The game", "Game": "The game", "Options": "Options", "Help": "Help"}


def _digits(numbers: range) -> tuple[str, ...]:
    """The number keys of the top row and of the keypad."""
    return tuple(s for n in numbers for s in (f"<Key-{n}>", f"<KP_{n}>"))


@dataclass(frozen=True)
class Command:
    """One thing the player can do from the menus or the keyboard."""

    name: str  # the handler's name in the App
    label: str = ""  # the menu entry ("" when not in a menu)
    menu: str | None = None  # one of MENU_TITLES; the entry's place is its place below
    sequences: tuple[str, ...] = ()  # Tk event sequences, bound on the main window
    keys: str = ""  # the keys as people read them, in the menu and the Keys window
    description: str = ""  # what it does, for the Keys window and the README
    #: More lines for the Keys window: (other keys or "" for the same, what they do).
    notes: tuple[tuple[str, str], ...] = ()
    check: bool = False  # a check item in the menu, ticked while it is on
    #: When the command can be used: the name of a condition the App answers
    #: ("" is always); while it does not hold, the menu entry is greyed out.
    enabled: str = ""
    separator_before: bool = False  # a line above the entry in its menu
    numbered: bool = False  # the handler gets the number of the key pressed
    context: str = "main"  # where the keys are bound: one key, one command per context

    def lines(self) -> tuple[tuple[str, str], ...]:
        """The Keys window's lines: (keys, what they do); "" repeats the keys above."""
        return ((self.keys, self.description), *self.notes)

    @property
    def group(self) -> str:
        """The command's group in the Keys window."""
        return _GROUP_OF_MENU[self.menu]


COMMANDS: tuple[Command, ...] = (
    # -- playing: keys only, the buttons under the table do the same -------------------
    Command("number_key", sequences=_digits(range(1, 10)), keys="1 - 6", numbered=True,
            description="pick a die, or put it back (the dice count from the left)",
            notes=(("", "in Mutant Trash, after banking: the die to give away"),
                   ("1 - 9", "when a challenge is offered: the player to challenge, as "
                             "listed"))),
    Command("throw", sequences=("<space>", "<r>", "<R>"), keys="Space or R",
            description="freeze the picked dice and throw the others"),
    Command("bank", sequences=("<b>", "<B>", "<Return>", "<KP_Enter>"), keys="B or Enter",
            description="freeze the picked dice and bank the turn score"),
    Command("die_next", sequences=("<Tab>",), keys="Tab",
            description="the die cursor (a dashed ring) to the next die"),
    Command("die_previous", sequences=("<Shift-Tab>", "<ISO_Left_Tab>"), keys="Shift+Tab",
            description="the die cursor back to the die before"),
    Command("die_pick", sequences=("<p>", "<P>"), keys="P",
            description="pick the die under the cursor, or put it back",
            notes=(("", "in Mutant Trash, after banking: give it away"),)),
    # -- File ---------------------------------------------------------------------------
    Command("import_rules", "Import rules...", "File",
            description="read a rule set from a .toml file and keep it with your saved sets"),
    Command("export_rules", "Export rules...", "File",
            description="write the rules in play to a .toml file to share"),
    # -- Game ---------------------------------------------------------------------------
    Command("new_game", "New game...", "Game", ("<Escape>", "<Control-n>", "<Control-N>"),
            "Esc / Ctrl+N", "end this game (after asking) and set up a new one",
            notes=(("Esc", "while the tour's note is on the table: close the tour"),)),
    Command("restart", "Next game of this match", "Game", ("<F8>",), "F8",
            "the next game of this match: the same seats and rules"),
    Command("match", "Match table...", "Game", ("<F6>",), "F6",
            "the match table: every game of the match so far"),
    Command("undo", "Undo", "Game", ("<Control-z>", "<Control-Z>"), "Ctrl+Z",
            "undo: take back your last move, and the computer's moves since",
            enabled="can_undo", separator_before=True),
    # Ctrl+Shift+Z: with Shift held the more exact binding wins, so it is redo.
    Command("redo", "Redo", "Game",
            ("<Control-y>", "<Control-Y>", "<Control-Shift-Z>", "<Control-Shift-z>"),
            "Ctrl+Y, Ctrl+Shift+Z", "redo: give the move back", enabled="can_redo"),
    Command("replay", "Replay this game...", "Game", description="the game so far, step by "
            "step, in a window of its own", notes=(
                ("Left / Right", "in the replay window: a step back or on"),
                ("Page Up / Page Down", "in the replay window: a turn back or on"),
                ("Home / End", "in the replay window: the start or the end"))),
    Command("save_record", "Save record as...", "Game",
            description="the game's record, and beside it the game in plain words"),
    Command("open_record", "Open record...", "Game",
            description="replay a saved record"),
    Command("review", "Review my decisions...", "Game", ("<Control-e>", "<Control-E>"),
            "Ctrl+E", "your costliest decisions of this game", enabled="has_decisions"),
    Command("charts", "Charts of this game...", "Game", ("<F4>",), "F4",
            "charts of this game: the score race and the chances of winning"),
    Command("statistics", "Statistics...", "Game", ("<F9>",), "F9",
            "statistics of all your games: skill, luck and the dice"),
    Command("challenge", "Challenge a friend...", "Game", description=
            "a code for the same dice on a friend's computer, and your results side by side"),
    Command("house_rules", "House rules...", "Game", ("<Control-u>", "<Control-U>"),
            "Ctrl+U", "the rules workshop: change any rule, see what it does, save it",
            separator_before=True),
    Command("demo", "Demo mode", "Game", ("<F2>",), "F2",
            "demo: the computer plays every seat; F2 again hands them back", check=True,
            separator_before=True),
    Command("quit", "Quit", "Game", ("<F7>", "<Control-q>", "<Control-Q>"), "F7 / Ctrl+Q",
            "quit (asks first while a game is on; the game is kept for next time)", separator_before=True),
    # -- Options ------------------------------------------------------------------------
    Command("sound", "Sound", "Options", ("<F1>",), "F1", "dice sound on or off", check=True),
    Command("faster", "Faster", "Options", ("<Up>",), "Up",
            "the computer plays faster: a shorter wait between its moves"),
    Command("slower", "Slower", "Options", ("<Down>",), "Down",
            "the computer plays slower: a longer wait between its moves"),
    Command("pitch_up", "Higher pitch", "Options", ("<Right>",), "Right",
            "raise the pitch of the dice sound"),
    Command("pitch_down", "Lower pitch", "Options", ("<Left>",), "Left",
            "lower the pitch of the dice sound"),
    Command("volume_up", "Louder", "Options", ("<plus>", "<equal>", "<KP_Add>"), "+",
            "make the dice sound louder"),
    Command("volume_down", "Quieter", "Options", ("<minus>", "<KP_Subtract>"), "-",
            "make the dice sound quieter (0 is silent)"),
    Command("table_colour", "Table colour", "Options", ("<F10>",), "F10",
            "next table colour"),
    Command("animation", "Animation", "Options", check=True,
            description="the dice tumble when thrown"),
    Command("advisor", "Advisor", "Options", ("<h>", "<H>"), "H",
            "show or hide the advisor: what each choice of the throw is worth", check=True),
    Command("speech", "Speech", "Options", ("<Control-t>", "<Control-T>"), "Ctrl+T",
            "speak what happens (needs a speech program)", check=True,
            enabled="speech_available", separator_before=True),
    Command("say_dice", "Read the dice", "Options", ("<Control-d>", "<Control-D>"),
            "Ctrl+D", "say the dice, the picked ones and the turn score"),
    Command("say_scores", "Read the scores", "Options", ("<Control-s>", "<Control-S>"),
            "Ctrl+S", "say everyone's score and who is to play"),
    Command("say_advice", "Read the advisor's choice", "Options",
            ("<Control-a>", "<Control-A>"), "Ctrl+A",
            "say the advisor's best choice (turns it on)"),
    Command("say_again", "Repeat the last message", "Options",
            ("<Control-r>", "<Control-R>"), "Ctrl+R", "say the last message again"),
    Command("silence", "Stop speaking", "Options", ("<Control-period>",), "Ctrl+.",
            "stop speaking now (speech stays on)"),
    Command("preferences", "Preferences...", "Options", ("<Control-comma>",), "Ctrl+,",
            separator_before=True,
            description="delay, sound, looks and the title show"),
    # -- Help ---------------------------------------------------------------------------
    Command("rules", "Rules", "Help", ("<F5>",), "F5", "the rules of the game in play"),
    Command("strategy", "Strategy", "Help", ("<Control-g>", "<Control-G>"), "Ctrl+G",
            "the strategy card: when to bank with the rules in play"),
    Command("keys", "Keys", "Help", ("<Control-k>", "<Control-K>"), "Ctrl+K",
            "this list of keys"),
    Command("tour", "Show the tour again", "Help",
            description="the guided first turn, now or at your next turn"),
    Command("about", "About Ten-Thousand", "Help", separator_before=True,
            description="the version, the licence and where the rules come from"),
)


def by_name(name: str) -> Command:
    """The command called ``name`` (KeyError when there is none)."""
    for command in COMMANDS:
        if command.name == name:
            return command
    raise KeyError(name)


def handles(name: str) -> Callable[[F], F]:
    """Mark a method as the handler of the command ``name`` (which must be in the table)."""
    by_name(name)  # a misspelt name fails at import, not when the player presses the key

    def mark(func: F) -> F:
        setattr(func, "command_name", name)  # noqa: B010 - read back by handlers_of
        return func

    return mark


def handlers_of(obj: object) -> dict[str, Callable[..., object]]:
    """The handlers an object's class marks with :func:`handles`: command name -> method."""
    found: dict[str, Callable[..., object]] = {}
    for cls in reversed(type(obj).__mro__):
        for attr, value in vars(cls).items():
            name = getattr(value, "command_name", None)
            if isinstance(name, str):
                found[name] = getattr(obj, attr)
    return found


def in_menu(title: str) -> Iterator[Command]:
    """The entries of one menu, top to bottom."""
    return (c for c in COMMANDS if c.menu == title and c.label)


def in_group(group: str) -> Iterator[Command]:
    """The commands with keys in one group of the Keys window, top to bottom."""
    return (c for c in COMMANDS if c.group == group and c.sequences)


def number_of(sequence: str) -> int:
    """The number of a number key's sequence: ``<KP_7>`` is 7."""
    return int(sequence.strip("<>")[-1])


def markdown_table() -> str:
    """The README's key table: every key and what it does."""
    lines = ["| key | what it does |", "| --- | --- |"]
    for group in KEY_GROUPS:
        for command in in_group(group):
            text = "; ".join(f"{keys} {what}" if keys else what
                             for keys, what in command.lines()[1:])
            text = f"{command.description}; {text}" if text else command.description
            lines.append(f"| {command.keys} | {text} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenthousand.commands",
                                     description="Print the table of the game's keys.")
    parser.add_argument("--markdown", action="store_true",
                        help="as the Markdown table of the README")
    if parser.parse_args(argv).markdown:
        sys.stdout.write(markdown_table())
        return 0
    for group in KEY_GROUPS:
        print(group)
        for command in in_group(group):
            for keys, what in command.lines():
                print(f"  {keys:<14}{what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
