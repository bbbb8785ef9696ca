"""The rules engine: rule sets, scoring, the game state machine and its save format.

Pure Python with no tkinter, so tests, the simulator and the computer players use it
without a display.  The stable facade::

    from tenthousand.model import PRESETS, score, best_score, legal_freezes
    from tenthousand.model import Game, Seat, IllegalAction
    from tenthousand.model import Record, transcript, load_record
"""

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
from .game import LEVELS, DiceSource, Game, IllegalAction, Phase, Seat
from .persist import BadSave, dumps, load_game, load_position, load_record, loads
from .record import Command, Record, Snapshot, Step, transcript
from .rules import OPTION_NAMES, OPTION_TITLES, PRESETS, THREE_TRASH_PENALTY, Rules
from .scoring import best_score, counters, describe, legal_freezes, score, why_not

__all__ = [
    "EVENT_TYPES", "Banked", "CatchUp", "Challenged", "Corner", "Discarded", "Event", "Frozen",
    "GameOver", "Pegged", "Penalty", "ScoreTaken", "Thrown", "TieBreak", "Trash", "TurnStarted",
    "LEVELS", "DiceSource", "Game", "IllegalAction", "Phase", "Seat",
    "BadSave", "dumps", "load_game", "load_position", "load_record", "loads",
    "Command", "Record", "Snapshot", "Step", "transcript",
    "OPTION_NAMES", "OPTION_TITLES", "PRESETS", "THREE_TRASH_PENALTY", "Rules",
    "best_score", "counters", "describe", "legal_freezes", "score", "why_not",
]
