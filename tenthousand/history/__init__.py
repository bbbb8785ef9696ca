"""Every game remembered: the history database, statistics, luck against skill, and the
codes that let friends play the same dice (pure Python, no tkinter)."""

from __future__ import annotations

from .analysis import Analysis, analyse
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

__all__ = [
    "ABANDONED", "FINISHED", "Analysis", "BadCode", "Challenge", "Filters", "GameEntry",
    "History", "Result", "Statistics", "analyse", "challenge_code", "daily_challenge",
    "fairness", "fingerprint_of", "open_history", "read_challenge", "read_result",
    "result_code", "statistics", "summarize", "verify",
]
