"""One call tells the player something: :meth:`Messages.tell`.

The status line is written here and nowhere else (a shape test checks it).  The kind of a
message decides the rest, the same way everywhere:

========  ===========  ===================  ==========  =====
kind      status line  spoken               game log    bell
========  ===========  ===================  ==========  =====
NOTE      yes          yes                  no          no
EVENT     yes          yes, after the rest  no          no
REFUSAL   yes          yes, at once         no          yes
WARNING   yes          yes, at once         yes         yes
========  ===========  ===================  ==========  =====

A NOTE is a word about the window (a setting changed, a file written); an EVENT is what
happened in the game; a REFUSAL says why what the player asked for did not happen (every
refusal is spoken: the README promises it); a WARNING is a problem the player must know of
(a save that failed), kept in the game log too.  Speech is heard only while it is on; the
speaker decides that.  No Tk here: the window hands in what to write to.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from ..services.speech import Priority

__all__ = ["Kind", "Messages", "StatusLine"]


class Kind(Enum):
    NOTE = "note"
    EVENT = "event"
    REFUSAL = "refusal"
    WARNING = "warning"


_PRIORITY = {Kind.NOTE: Priority.NORMAL, Kind.EVENT: Priority.QUEUED,
             Kind.REFUSAL: Priority.URGENT, Kind.WARNING: Priority.URGENT}


class StatusLine(Protocol):
    """The window's status line (:class:`tenthousand.view.panels.StatusBar`): Messages is
    the only caller of its ``say``, which a shape test checks."""

    def say(self, text: str) -> None: ...


class Messages:
    """What the player is told: the status line, and by kind speech, the log, the bell."""

    def __init__(self, status: StatusLine, *,
                 speak: Callable[[str, Priority], None] | None = None,
                 log: Callable[[str, str], None] | None = None,
                 bell: Callable[[], None] | None = None) -> None:
        self.status = status  # (its say is looked up at each message: tests replace it)
        self.speak = speak
        self.log = log
        self.bell = bell
        #: The last message told (text and kind), or None since the line was cleared.
        self.last: tuple[str, Kind] | None = None

    def tell(self, text: str, kind: Kind = Kind.NOTE, *, spoken: str | None = None,
             priority: Priority | None = None) -> None:
        """Tell the player ``text``; ``spoken`` is said instead where the ear needs other
        words (``""``: nothing is said, for a line that only counts up or repeats what the
        table shows), and ``priority`` overrides the kind's (the player's own move is
        spoken at once, the computer's waits)."""
        if not text:
            self.clear()
            return
        self.last = (text, kind)
        self.status.say(text)
        if kind is Kind.WARNING and self.log is not None:
            self.log(text, "trash")
        if self.speak is not None and spoken != "":
            self.speak(spoken if spoken is not None else text, priority if priority is not None else _PRIORITY[kind])
        if kind in (Kind.REFUSAL, Kind.WARNING) and self.bell is not None:
            self.bell()

    def say(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        """Speak what the table or the log shows already (not a status line)."""
        if self.speak is not None and text:
            self.speak(text, priority)

    def withdraw(self, text: str) -> None:
        """Clear the status line if it still says ``text`` (a line that no longer holds:
        "thinking...", "Wait: it is Ann's turn"), leaving a message told since."""
        if text and self.last is not None and self.last[0] == text:
            self.clear()

    def clear(self) -> None:
        """Empty the status line (what it said was about a game that has ended)."""
        self.last = None
        self.status.say("")
