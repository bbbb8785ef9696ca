"""Games kept to be stored later, in a small JSON file beside the history.

A game is kept here *before* the history is tried (the history may be locked by another
program, the disk full, the folder read-only), and forgotten once it is stored; so a kill,
a quit while the history is still locked, or a lock that lasts longer than the wait loses
nothing.  Each entry carries a token that the history records in the same transaction as
the game, so an entry is never stored twice (not even when the program stops between
storing it and forgetting it).  The file is written atomically, read with the size limit
of every JSON file, checked field by field, and set aside when it is not what it should
be; when it cannot be written the games stay in memory until the next chance.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints

from ..files.storage import (
    MAX_BYTES,
    BadFile,
    aside_path,
    read_json,
    set_aside,
    write_text_atomic,
)
from ..i18n import _, ngettext, number
from .store import DecisionRow, GameEntry, SeatRow, ThrowRow

log = logging.getLogger(__name__)

FORMAT = 1
#: At most this many games are kept, and at most half the size limit of a JSON file (the
#: oldest go first): the file stays small (a game is 10 to 60 kB with its record).
MOST = 100
MOST_BYTES = MAX_BYTES // 2


def pending_path(history: Path) -> Path:
    """``history-pending.json`` beside ``history.sqlite3``."""
    return history.with_name(history.stem + "-pending.json")


class Pending:
    """The kept games of one history (see the module's docstring).  Used from the
    keeper's lane only."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games: list[GameEntry] = []
        #: One sentence when the file had to be set aside (told once, then cleared).
        self.problem: str | None = None
        self.saved = True  # False while the games are only in memory

    @classmethod
    def load(cls, path: Path) -> Pending:
        kept = cls(path)
        try:
            data = read_json(path)
            if data is not None:
                kept.games, bad = entries_from_json(data)
                if bad:  # (each alone: the others are stored)
                    kept.problem = kept._aside(bad, _("one of its values is not what it "
                                                      "should be"))
        except (BadFile, ValueError) as e:
            aside = set_aside(path)
            log.warning("the games kept to be stored are unreadable (%s); set aside as %s",
                        e, aside.name if aside else "nothing")
            # Translators: {file} is a file name.
            kept.problem = _("The games kept to be stored in the history could not be read, "
                             "so that file was set aside as {file}.").format(
                file=aside.name if aside else path.name)
        return kept

    def keep(self, entry: GameEntry) -> None:
        """Keep one more game (written at once)."""
        self.games.append(entry)
        if len(self.games) > MOST:
            log.warning("%d games kept to be stored; the oldest is dropped", len(self.games))
            del self.games[:-MOST]
        self.save()

    def forget(self, tokens: set[str]) -> None:
        """The games with these tokens are stored: drop them (written at once)."""
        if tokens:
            self.games = [g for g in self.games if g.token not in tokens]
            self.save()

    def set_aside(self, entries: list[GameEntry], reason: str) -> str:
        """Games that can never be stored (``reason``: why the first cannot, in words): kept
        in a file of their own beside this one (``history-pending.json.bad-TIMESTAMP``) and
        forgotten here, so that the others are stored; the sentence for the player.  When
        that file cannot be written they stay kept here (and are tried again)."""
        return self._aside([entry_to_json(g) for g in entries], reason, entries)

    def _aside(self, raw: list[object], reason: str, entries: Sequence[GameEntry] = ()
               ) -> str:
        """Set ``raw`` (kept games as JSON, ``entries`` as read) aside: the sentence."""
        aside = aside_path(self.path)
        try:
            write_text_atomic(aside, json.dumps({"pending": FORMAT, "games": raw},
                                                indent=1, ensure_ascii=False))
        except (OSError, ValueError) as e:
            log.warning("the games that cannot be stored could not be set aside: %s", e)
            # Translators: {reason} says what is wrong with the game's values.
            return ngettext(
                "A game kept to be stored in the history cannot be stored ({reason}); it "
                "stays kept, as the disk refused to set it aside.",
                "{n} games kept to be stored in the history cannot be stored ({reason}, for "
                "the first); they stay kept, as the disk refused to set them aside.",
                len(raw)).format(n=number(len(raw)), reason=reason)
        log.warning("%d kept games set aside as %s", len(raw), aside)
        self.forget({g.token for g in entries})
        if not entries:  # (read badly: they were never among the games kept here)
            self.save()
        # Translators: {reason} says what is wrong with the game's values, {file} is the
        # name of the file it was kept in.
        return ngettext(
            "A game kept to be stored in the history cannot be stored ({reason}), so it was "
            "set aside as {file} and no longer holds up the others.",
            "{n} games kept to be stored in the history cannot be stored ({reason}, for the "
            "first), so they were set aside as {file} and no longer hold up the others.",
            len(raw)).format(n=number(len(raw)), reason=reason, file=aside.name)

    def save(self) -> bool:
        """Write the kept games (the file is removed when none is left); False when it
        cannot be written (the games stay in memory)."""
        try:
            if self.games:
                write_text_atomic(self.path, self._text())
            else:
                self.path.unlink(missing_ok=True)
        except (OSError, ValueError) as e:  # a full disk, a read-only folder, odd text
            log.warning("the games kept to be stored could not be written: %s", e)
            self.saved = False
            return False
        self.saved = True
        return True


    def _text(self) -> str:
        """The file's text, within :data:`MOST_BYTES` (the oldest games dropped)."""
        while True:
            text = json.dumps({"pending": FORMAT,
                               "games": [entry_to_json(g) for g in self.games]},
                              indent=1, ensure_ascii=False)
            if len(self.games) == 1 or len(text.encode("utf-8")) <= MOST_BYTES:
                return text
            log.warning("the games kept to be stored are too large; the oldest is dropped")
            del self.games[0]


def entry_to_json(entry: GameEntry) -> dict[str, Any]:
    return dataclasses.asdict(entry)


def entries_from_json(data: object) -> tuple[list[GameEntry], list[object]]:
    """The kept games in ``data``, and those that are not as written (as they are, to be
    set aside: one bad game never holds up the others); ValueError when ``data`` is not
    a file of kept games."""
    if not isinstance(data, dict) or data.get("pending") != FORMAT or \
            not isinstance(data.get("games"), list):
        raise ValueError("not a file of kept games")
    games: list[GameEntry] = []
    bad: list[object] = []
    for raw in data["games"]:
        try:
            game = _build(GameEntry, raw)
        except (ValueError, OverflowError) as e:
            log.warning("a kept game does not read: %s", e)
            bad.append(raw)
            continue
        if not game.token:
            log.warning("a kept game without a token")
            bad.append(raw)
        else:
            games.append(game)
    return games[-MOST:], bad


def _build(cls: type[Any], data: object) -> Any:
    """An instance of the dataclass ``cls`` from JSON data, each field checked against its
    type (no more, no fewer fields)."""
    hints = get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}
    if not isinstance(data, dict) or not set(data) <= fields:
        raise ValueError(f"not a {cls.__name__}")
    try:
        return cls(**{name: _value(hints[name], v) for name, v in data.items()})
    except TypeError:  # a field missing
        raise ValueError(f"not a whole {cls.__name__}") from None


_ROWS = (SeatRow, DecisionRow, ThrowRow)


def _value(hint: Any, v: object) -> Any:
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        if v is None and type(None) in args:
            return None
        (hint,) = [a for a in args if a is not type(None)]
        return _value(hint, v)
    if hint is bool and isinstance(v, bool) or hint is str and isinstance(v, str):
        return v
    if hint is int and isinstance(v, int) and not isinstance(v, bool):
        return v
    if hint is float and isinstance(v, (int, float)) and not isinstance(v, bool):
        try:
            return float(v)
        except OverflowError:  # (an int of 400 digits)
            raise ValueError(f"{v!r:.40} is too large for a number") from None
    if origin is dict and isinstance(v, dict) and all(isinstance(k, str) for k in v):
        return v
    if origin is tuple and isinstance(v, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], x) for x in v)
        if len(args) == len(v):
            return tuple(_value(a, x) for a, x in zip(args, v, strict=True))
    if hint in _ROWS:
        return _build(hint, v)
    raise ValueError(f"{v!r:.40} is not {hint}")
