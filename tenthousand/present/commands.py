"""Every command of the main window in one table: the menus, the key bindings, the Keys
window and the README's key table are all built from :data:`COMMANDS`.

Adding a command is one :class:`Command` entry here plus a method of one of the App's
command groups marked ``@handles(name)``.  No tkinter here: the table is plain data, readable by tests and scripts.

``python -m tenthousand.present.commands --markdown`` prints the README's key table.

The texts (labels, keys as people read them, descriptions, menu and group titles) are
marked for the catalogue and translated where they are shown: ``_(command.label)``; the
README's table stays English.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from ..i18n import N_

__all__ = ["COMMANDS", "Command", "MENU_TITLES", "KEY_GROUPS", "by_name", "handlers_of",
           "handles", "in_menu", "in_group", "markdown_table", "number_of"]

F = TypeVar("F", bound=Callable[..., object])

#: The menus of the menu bar, left to right.
# Translators: the menus of the menu bar.
MENU_TITLES = (N_("File"), N_("Game"), N_("Options"), N_("Help"))
#: The groups of the Keys window, top to bottom: keys of commands outside the menus first.
# Translators: the groups of the Keys window.
KEY_GROUPS = (N_("Playing"), N_("The game"), N_("Options"), N_("Help"))
#: The Keys window's group of a command in each menu (None: in no menu).
_GROUP_OF_MENU = {None: "Playing", "File": "The game", "Game": "The game", "Options": "Options", "Help": "Help"}


def _digits(numbers: range) -> tuple[str, ...]:
    """The number keys of the top row and of the keypad."""
    return tuple(s for n in numbers for s in (f"<Key-{n}>", f"<KP_{n}>"))


@dataclass(frozen=True)
class Command:
    """One thing the player can do from the menus or the keyboard."""

    name: str  # the name its handler is marked with (@handles) in a command group
    label: str = ""  # the menu entry ("" when not in a menu); all texts are N_-marked
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
            description=N_("pick a die, or put it back (the dice count from the left)"),
            notes=(("", N_("in Mutant Trash, after banking: the die to give away")),
                   ("1 - 9", N_("when a challenge is offered: the player to challenge, as "
                             "listed")),
                   ("1 - 6", N_("at a real table: the faces of the throw being entered")))),
    # Translators: keys as the keyboard names them (a German keyboard says Strg for Ctrl,
    # Leertaste for Space); the Keys window and the menus show them.
    Command("throw", sequences=("<space>", "<r>", "<R>"), keys=N_("Space or R"),
            description=N_("freeze the picked dice and throw the others")),
    Command("bank", sequences=("<b>", "<B>", "<Return>", "<KP_Enter>"), keys=N_("B or Enter"),
            description=N_("freeze the picked dice and bank the turn score"),
            notes=((N_("Enter"), N_("at a real table: the faces entered count (a throw they "
                                    "do not fit is refused)")),)),
    Command("dice_backspace", sequences=("<BackSpace>",), keys=N_("Backspace"),
            description=N_("at a real table: take back the last face entered")),
    Command("die_next", sequences=("<Tab>",), keys=N_("Tab"),
            description=N_("the die cursor (a frame around the die) to the next die")),
    Command("die_previous", sequences=("<Shift-Tab>", "<ISO_Left_Tab>"), keys=N_("Shift+Tab"),
            description=N_("the die cursor back to the die before")),
    Command("die_pick", sequences=("<p>", "<P>"), keys="P",
            description=N_("pick the die under the cursor, or put it back"),
            notes=(("", N_("in Mutant Trash, after banking: give it away")),)),
    # -- File ---------------------------------------------------------------------------
    Command("new_game", N_("New game..."), "File", ("<Escape>", "<Control-n>", "<Control-N>"),
            N_("Esc / Ctrl+N"),
            N_("set up a new game (if it would end this one, you are asked first)"),
            notes=((N_("Esc"), N_("while the tour's note is on the table: close the tour")),
                   (N_("Esc"), N_("at a real table: put off the throw you are entering")))),
    Command("open_record", N_("Open record..."), "File",
            description=N_("replay a saved record")),
    Command("save_record", N_("Save record as..."), "File",
            description=N_("the game's record, and beside it the game in plain words")),
    Command("import_rules", N_("Import rules..."), "File", separator_before=True,
            description=N_("read a rule set from a .toml file and keep it with your saved sets")),
    Command("export_rules", N_("Export rules..."), "File",
            description=N_("write the rules in play to a .toml file to share")),
    Command("quit", N_("Quit"), "File", ("<F7>", "<Control-q>", "<Control-Q>"),
            N_("F7 / Ctrl+Q"),
            N_("quit (asks first while a game is on; the game is kept for next time)"),
            separator_before=True),
    # -- Game ---------------------------------------------------------------------------
    Command("real_dice", N_("Play with real dice..."), "Game", ("<F3>",), "F3",
            N_("a new game with real dice: you throw them and enter each throw; the program "
               "keeps the score, referees and coaches")),
    Command("restart", N_("Next game of this match"), "Game", ("<F8>",), "F8",
            N_("the next game of this match: the same seats and rules")),
    Command("match", N_("Match table..."), "Game", ("<F6>",), "F6",
            N_("the match table: every game of the match so far")),
    Command("undo", N_("Undo"), "Game", ("<Control-z>", "<Control-Z>"), N_("Ctrl+Z"),
            N_("undo: take back your last move, and the computer's moves since"),
            enabled="can_undo", separator_before=True),
    # Ctrl+Shift+Z: with Shift held the more exact binding wins, so it is redo.
    Command("redo", N_("Redo"), "Game",
            ("<Control-y>", "<Control-Y>", "<Control-Shift-Z>", "<Control-Shift-z>"),
            N_("Ctrl+Y, Ctrl+Shift+Z"), N_("redo: give the move back"), enabled="can_redo"),
    Command("replay", N_("Replay this game..."), "Game", description=N_("the game so far, step by "
            "step, in a window of its own"), notes=(
                (N_("Left / Right"), N_("in the replay window: a step back or on")),
                (N_("Page Up / Page Down"), N_("in the replay window: a turn back or on")),
                (N_("Home / End"), N_("in the replay window: the start or the end")))),
    Command("review", N_("Review my decisions..."), "Game", ("<Control-e>", "<Control-E>"),
            N_("Ctrl+E"), N_("your costliest decisions of this game"), enabled="has_decisions"),
    Command("charts", N_("Charts of this game..."), "Game", ("<F4>",), "F4",
            N_("charts of this game: the score race and the chances of winning")),
    Command("statistics", N_("Statistics..."), "Game", ("<F9>",), "F9",
            N_("statistics of all your games: skill, luck and the dice")),
    Command("challenge", N_("Challenge a friend..."), "Game", description=
            N_("a code for the same dice on a friend's computer, and your results side by side")),
    Command("host_game", N_("Host a network game..."), "Game", description=N_(
        "open a table for friends at their own screens: it shows how to join"),
            separator_before=True),
    Command("join_game", N_("Join a network game..."), "Game", description=N_(
        "join a friend's table over the network, to play a seat or to watch")),
    Command("house_rules", N_("House rules..."), "Game", ("<Control-u>", "<Control-U>"),
            N_("Ctrl+U"), N_("the rules workshop: change any rule, see what it does, save it"),
            separator_before=True),
    Command("demo", N_("Demo mode"), "Game", ("<F2>",), "F2",
            N_("demo: the computer plays every seat; F2 again hands them back"), check=True,
            separator_before=True),
    # -- Options ------------------------------------------------------------------------
    Command("sound", N_("Sound"), "Options", ("<F1>",), "F1", N_("dice sound on or off"),
            check=True),
    Command("faster", N_("Faster"), "Options", ("<Up>",), N_("Up"),
            N_("the computer plays faster: a shorter wait between its moves")),
    Command("slower", N_("Slower"), "Options", ("<Down>",), N_("Down"),
            N_("the computer plays slower: a longer wait between its moves")),
    Command("pitch_up", N_("Higher pitch"), "Options", ("<Right>",), N_("Right"),
            N_("raise the pitch of the dice sound")),
    Command("pitch_down", N_("Lower pitch"), "Options", ("<Left>",), N_("Left"),
            N_("lower the pitch of the dice sound")),
    Command("volume_up", N_("Louder"), "Options", ("<plus>", "<equal>", "<KP_Add>"), "+",
            N_("make the dice sound louder")),
    Command("volume_down", N_("Quieter"), "Options", ("<minus>", "<KP_Subtract>"), "-",
            N_("make the dice sound quieter (0 is silent)")),
    Command("table_colour", N_("Table colour"), "Options", ("<F10>",), "F10",
            N_("next table colour")),
    Command("animation", N_("Animation"), "Options", check=True,
            description=N_("the dice tumble when thrown")),
    Command("advisor", N_("Advisor"), "Options", ("<h>", "<H>"), "H",
            N_("show or hide the advisor: what each choice of the throw is worth"), check=True),
    Command("speech", N_("Speech"), "Options", ("<Control-t>", "<Control-T>"), N_("Ctrl+T"),
            N_("speak what happens (needs a speech program)"), check=True,
            enabled="speech_available", separator_before=True),
    Command("say_dice", N_("Read the dice"), "Options", ("<Control-d>", "<Control-D>"),
            N_("Ctrl+D"), N_("say the dice, the picked ones and the turn score")),
    Command("say_scores", N_("Read the scores"), "Options", ("<Control-s>", "<Control-S>"),
            N_("Ctrl+S"), N_("say everyone's score and who is to play")),
    Command("say_advice", N_("Read the advisor's choice"), "Options",
            ("<Control-a>", "<Control-A>"), N_("Ctrl+A"),
            N_("say the advisor's best choice (turns it on)")),
    Command("say_again", N_("Repeat the last message"), "Options",
            ("<Control-r>", "<Control-R>"), N_("Ctrl+R"), N_("say the last message again")),
    Command("silence", N_("Stop speaking"), "Options", ("<Control-period>",), N_("Ctrl+."),
            N_("stop speaking now (speech stays on)")),
    Command("preferences", N_("Preferences..."), "Options", ("<Control-comma>",), N_("Ctrl+,"),
            separator_before=True,
            description=N_("delay, sound, looks and the title show")),
    # -- Help ---------------------------------------------------------------------------
    Command("rules", N_("Rules"), "Help", ("<F5>",), "F5", N_("the rules of the game in play")),
    Command("strategy", N_("Strategy"), "Help", ("<Control-g>", "<Control-G>"), N_("Ctrl+G"),
            N_("the strategy card: when to bank with the rules in play")),
    Command("keys", N_("Keys"), "Help", ("<Control-k>", "<Control-K>"), N_("Ctrl+K"),
            N_("this list of keys")),
    Command("tour", N_("Show the tour again"), "Help",
            description=N_("the guided first turn, now or at your next turn")),
    Command("about", N_("About Ten-Thousand"), "Help", separator_before=True,
            description=N_("the version, the licence and where the rules come from")),
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


def handlers_of(*groups: object) -> dict[str, Callable[..., object]]:
    """The handlers the classes of ``groups`` (the command groups) mark with
    :func:`handles`: command name -> bound method.  A command handled by two groups is a
    mistake (ValueError): each key does one thing."""
    found: dict[str, Callable[..., object]] = {}
    for obj in groups:
        mine: dict[str, Callable[..., object]] = {}
        for cls in reversed(type(obj).__mro__):
            for attr, value in vars(cls).items():
                name = getattr(value, "command_name", None)
                if isinstance(name, str):
                    mine[name] = getattr(obj, attr)
        twice = found.keys() & mine.keys()
        if twice:
            raise ValueError(f"handled twice: {', '.join(sorted(twice))}")
        found.update(mine)
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
    parser = argparse.ArgumentParser(prog="python -m tenthousand.present.commands",
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
