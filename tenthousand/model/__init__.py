"""The rules engine: rule sets, scoring, the game state machine and its save format.

Pure Python with no tkinter, so tests, the simulator and the computer players use it
without a display.  The stable facade::

    from tenthousand.model import PRESETS, score, best_score, legal_freezes
    from tenthousand.model import Game, Seat, IllegalAction
    from tenthousand.model import Record, transcript, load_record
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: Where each name of the facade lives.  The modules load when a name is first used, so a
#: program that needs only the rules (the command line) does not pay for the whole engine.
_HOMES = {
    "events": ("EVENT_TYPES", "Banked", "CatchUp", "Challenged", "Corner", "Discarded",
               "Event", "Frozen", "GameOver", "Pegged", "Penalty", "ScoreTaken", "Thrown",
               "TieBreak", "Trash", "TurnStarted"),
    "game": ("DiceSource", "Game", "IllegalAction", "Phase", "Seat"),
    "persist": ("BadSave", "dumps", "load_game", "load_position", "load_record", "loads"),
    "record": ("Command", "Record", "Snapshot", "Step"),
    "transcript": ("transcript",),
    "rules": ("LEVELS", "OPTION_NAMES", "OPTION_TITLES", "PRESETS", "THREE_TRASH_PENALTY",
              "Rules"),
    "scoring": ("best_score", "counters", "describe", "legal_freezes", "score", "why_not"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # once found, an ordinary attribute
    return value


if TYPE_CHECKING:
    from .events import (
        EVENT_TYPES,
        Banked,
        CatchUp,
        Challenged,
        Corner,
        Discarded,
        Event,
        Frozen,
        GameOver,
        Pegged,
        Penalty,
        ScoreTaken,
        Thrown,
        TieBreak,
        Trash,
        TurnStarted,
    )
    from .game import DiceSource, Game, IllegalAction, Phase, Seat
    from .persist import BadSave, dumps, load_game, load_position, load_record, loads
    from .record import Command, Record, Snapshot, Step
    from .rules import LEVELS, OPTION_NAMES, OPTION_TITLES, PRESETS, THREE_TRASH_PENALTY, Rules
    from .scoring import best_score, counters, describe, legal_freezes, score, why_not
    from .transcript import transcript

__all__ = [
    "EVENT_TYPES", "Banked", "CatchUp", "Challenged", "Corner", "Discarded", "Event", "Frozen",
    "GameOver", "Pegged", "Penalty", "ScoreTaken", "Thrown", "TieBreak", "Trash", "TurnStarted",
    "LEVELS", "DiceSource", "Game", "IllegalAction", "Phase", "Seat",
    "BadSave", "dumps", "load_game", "load_position", "load_record", "loads",
    "Command", "Record", "Snapshot", "Step", "transcript",
    "OPTION_NAMES", "OPTION_TITLES", "PRESETS", "THREE_TRASH_PENALTY", "Rules",
    "best_score", "counters", "describe", "legal_freezes", "score", "why_not",
]
