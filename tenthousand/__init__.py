"""Ten-Thousand: the classic six-dice game (Zilch, Farkle) for the desktop."""

__version__ = "0.1.0"
