"""Speech: the game says what happens, through the platform's own speech program.

Tk shows nothing to screen readers, so the game voices itself (a *self-voicing* mode).  What
it says is what the window already shows: the log's lines (``Event.message``), the cues and
the presenter's texts (the answers to the player's questions are
:mod:`tenthousand.present.spoken`); this module only joins them and makes digits read well ("1, 1, 4").

A :class:`Speaker` never blocks the window: each message is a subprocess started with
``Popen`` and never waited for; an ``after`` poll notices when it has finished.  Priorities
decide what a new message does to the one being spoken:

- ``URGENT`` (a refusal, the player's own question): cuts whatever is being said, and
  drops everything queued.
- ``NORMAL`` (the player's own moves and what they are worth): cuts a stale message too,
  since the player has acted faster than it was spoken.
- ``QUEUED`` (the computer's moves): waits for the message before it; while one is spoken,
  the ones behind it are collapsed into a single message, so a fast computer is not read
  out minutes behind the table.

The backends are the speech-dispatcher client ``spd-say``, ``espeak-ng`` (or ``espeak``),
macOS's ``say`` and, on Windows, PowerShell's ``System.Speech``.  Tests give the speaker a
backend of their own that records instead of speaking.
"""

from __future__ import annotations

import logging
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Protocol

from .. import i18n
from ..i18n import N_
from .jobs import Scheduler

if TYPE_CHECKING:
    import subprocess

log = logging.getLogger(__name__)

__all__ = ["Backend", "Priority", "ProcessBackend", "Speaker", "Utterance", "find_backend",
           "spoken", "NO_SPEECH"]

POLL_MS = 100  # how often a speaking process is looked at
MAX_QUEUED = 3  # queued messages beyond this are joined into the last one

#: Why speech is off when no speech program is found (the menu, Preferences, --speech).
NO_SPEECH = N_("Speech needs a speech program, and none was found: install speech-dispatcher "
             "or espeak-ng (on macOS and Windows the system voice is used).")


class Priority(IntEnum):
    """How a new message treats the one being spoken (see the module's docstring)."""

    QUEUED = 0
    NORMAL = 1
    URGENT = 2


class Utterance(Protocol):
    """One message being spoken."""

    def done(self) -> bool:
        """Whether it has finished (or failed)."""

    def stop(self) -> None:
        """Stop it now."""


class Backend(Protocol):
    """A way to speak: ``start`` begins one message and returns at once."""

    name: str

    def start(self, text: str) -> Utterance: ...

    def cancel(self) -> None:
        """Silence anything this backend still says (after the utterances were stopped)."""


class _Process:
    """A message spoken by a subprocess: done when the process has ended."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process

    def done(self) -> bool:
        return self.process.poll() is not None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()  # a killed process ends at once: this only reaps it


_POWERSHELL_SPEAK = ("Add-Type -AssemblyName System.Speech; "
                     "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
                     "{culture}"
                     "$s.Speak([Console]::In.ReadToEnd())")
#: Windows: a voice of the game's language, if the system has one (else its default voice).
_POWERSHELL_CULTURE = ("try {{ $s.SelectVoiceByHints('NotSet', 'NotSet', 0, "
                       "[System.Globalization.CultureInfo]'{language}') }} catch {{ }}; ")

#: The languages whose voice the speech programs are asked for (pseudo is no language).
VOICES = ("en", "de", "fr")


@dataclass
class ProcessBackend:
    """A speech program run once per message.  The text goes on the command line after
    ``--`` (no shell is involved) or, for PowerShell, through standard input.  The voice is
    the game's language: ``-l de`` for spd-say, ``-v de`` for espeak, the culture on
    Windows; English and macOS's ``say`` keep the system's own voice."""

    name: str
    program: str  # the full path of the program

    def command(self, text: str, language: str = "en") -> list[str]:
        voice = language if language in VOICES and language != "en" else ""
        if self.name == "spd-say":
            # -w: the process lives as long as the speech, so a newer message can cut it.
            return [self.program, "-w", *(["-l", voice] if voice else []), "--", text]
        if self.name in ("espeak-ng", "espeak"):
            return [self.program, *(["-v", voice] if voice else []), "--", text]
        if self.name == "say":
            return [self.program, "--", text]
        culture = _POWERSHELL_CULTURE.format(language=voice) if voice else ""
        return [self.program, "-NoProfile", "-NonInteractive", "-Command",
                _POWERSHELL_SPEAK.format(culture=culture)]

    def start(self, text: str) -> Utterance:
        import subprocess  # (loaded after the first frame: the window shows sooner)

        piped = self.name == "powershell"
        process = subprocess.Popen(  # noqa: S603 - a fixed program, the text as one argument
            self.command(text, i18n.language()), stdin=subprocess.PIPE if piped else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if piped and process.stdin is not None:
            process.stdin.write(text.encode("utf-8"))
            process.stdin.close()
        return _Process(process)

    def cancel(self) -> None:
        import subprocess

        if self.name == "spd-say":
            # Killing the client may leave its message in the speech server: cancel it there.
            subprocess.Popen([self.program, "-C"], stdin=subprocess.DEVNULL,  # noqa: S603
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


#: The programs to look for, best first, by platform.
_CANDIDATES: dict[str, tuple[str, ...]] = {
    "linux": ("spd-say", "espeak-ng", "espeak"),
    "darwin": ("say",),
    "win32": ("powershell", "pwsh"),
}


def find_backend(platform: str | None = None,
                 which: Callable[[str], str | None] = shutil.which) -> ProcessBackend | None:
    """The platform's speech program, or None when there is none."""
    platform = platform or sys.platform
    key = "linux" if platform.startswith(("linux", "freebsd", "openbsd")) else platform
    for name in _CANDIDATES.get(key, ("spd-say", "espeak-ng", "espeak")):
        path = which(name)
        if path:
            return ProcessBackend("powershell" if name == "pwsh" else name, path)
    return None


# -- what is said -------------------------------------------------------------------------

_DICE_RUN = re.compile(r"\b\d(?: \d\b)+")
#: A thousands space inside a number ("10 000" in French): read as one number.
_GROUPED = re.compile(r"(?<=\d)[\u00a0\u202f](?=\d{3}\b)")


def spoken(texts: str | Sequence[str]) -> str:
    """Window texts made into one message for the ear: lines and parts become sentences,
    a run of dice ("1 1 4 5") is read as a list ("1, 1, 4, 5"; in every language, since
    the comma with its space is a pause and never a decimal comma), a number grouped with
    spaces ("10 000") as one number, and the middle dots and dashes that separate parts on
    screen become pauses."""
    if isinstance(texts, str):
        texts = [texts]
    parts: list[str] = []
    for text in texts:
        for line in text.splitlines():
            line = _GROUPED.sub("", line.strip())
            line = _DICE_RUN.sub(lambda m: m.group(0).replace(" ", ", "), line)
            line = line.replace(" \u00b7 ", ", ").replace("  -  ", ", ").replace(" - ", ", ")
            if line:
                parts.append(line if line[-1] in ".!?:;," else line + ".")
    return " ".join(parts)


# -- the speaker -------------------------------------------------------------------------


class Speaker:
    """Speaks messages one at a time, by priority, without ever waiting for them."""

    def __init__(self, scheduler: Scheduler, backend: Backend | None) -> None:
        self.scheduler = scheduler
        self.backend = backend
        self.on = False
        self.last = ""  # the last message, for "repeat"
        self._current: Utterance | None = None
        self._queue: list[str] = []
        self._poll_id: str | None = None
        self._failed = False

    @property
    def available(self) -> bool:
        return self.backend is not None

    @property
    def speaking(self) -> bool:
        return self._current is not None

    def set_on(self, on: bool) -> None:
        """Speech on or off (off silences at once)."""
        self.on = on and self.available
        if not self.on:
            self.silence()

    def say(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        """Speak ``text`` (window texts, see :func:`spoken`), as its priority says."""
        text = spoken(text)
        if not text:
            return
        self.last = text
        if not self.on:
            return
        if priority >= Priority.NORMAL or self._current is None:
            self.silence()
            self._start(text)
            return
        self._queue.append(text)
        if len(self._queue) > MAX_QUEUED:
            # Too far behind the table: what is waiting becomes one message.
            self._queue = [" ".join(self._queue)]

    def repeat(self) -> None:
        """Say the last message again."""
        if self.last:
            self.say(self.last, Priority.URGENT)

    def silence(self) -> None:
        """Stop speaking now and forget what was waiting."""
        self._queue.clear()
        if self._current is not None:
            current, self._current = self._current, None
            current.stop()
            if self.backend is not None:
                self.backend.cancel()
        if self._poll_id is not None:
            self.scheduler.after_cancel(self._poll_id)
            self._poll_id = None

    def close(self) -> None:
        self.on = False
        self.silence()

    def _start(self, text: str) -> None:
        assert self.backend is not None
        try:
            self._current = self.backend.start(text)
        except OSError as e:
            # The program went away since it was found: say so once in the log, then stay
            # quiet rather than raising in every callback that speaks.
            if not self._failed:
                log.warning("speech failed (%s): %s", self.backend.name, e)
            self._failed = True
            self._current = None
            return
        self._schedule()

    def _schedule(self) -> None:
        if self._poll_id is None:
            self._poll_id = self.scheduler.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_id = None
        if self._current is None:
            return
        if not self._current.done():
            self._schedule()
            return
        self._current = None
        if self._queue:
            self._start(self._queue.pop(0))
