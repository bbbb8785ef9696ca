"""Every game remembered: the history database, statistics, luck against skill, and the
codes that let friends play the same dice (pure Python, no tkinter)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .codes import (
    BadCode,
    Challenge,
    Result,
    challenge_code,
    daily_challenge,
    fingerprint_of,
    read_challenge,
    read_result,
    result_code,
    verify,
)
from .stats import Filters, Statistics, fairness, statistics
from .store import ABANDONED, FINISHED, GameEntry, History, open_history
from .summary import summarize

if TYPE_CHECKING:
    from .analysis import Analysis, analyse


def __getattr__(name: str) -> Any:
    """``analyse`` and ``Analysis`` load with the solver behind them, on first use (the
    window imports this package at start-up)."""
    if name in ("analyse", "Analysis"):
        from . import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "ABANDONED", "FINISHED", "Analysis", "BadCode", "Challenge", "Filters", "GameEntry",
    "History", "Result", "Statistics", "analyse", "challenge_code", "daily_challenge",
    "fairness", "fingerprint_of", "open_history", "read_challenge", "read_result",
    "result_code", "statistics", "summarize", "verify",
]
