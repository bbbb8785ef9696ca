"""The game in progress, saved after every command and offered back at the next launch.

The save is a journal of the game's record (:mod:`tenthousand.model.record`): a first line
with the format, rules, seats and start (the dice generator's seed or state, or a saved
position), then one JSON line per command, appended and fsynced as the game goes, so a save
costs the same at move 1,000 as at move 10.  Anything else (a new game, an undo, a redo)
rewrites the whole file atomically (temporary file, ``os.replace``), and so does loading
(compaction).  A kill during an append can tear only the last line, which loading drops: the
game comes back at most one command short.  Saves of earlier releases (format 1, one JSON
position) load and are rewritten as journals.

Reading trusts nothing: the record is checked and replayed by
:func:`tenthousand.model.load_game`, and a file that fails is set aside as
``savegame.json.bad-TIMESTAMP`` with one sentence for the player.  Only JSON is read; nothing
is ever ``eval``ed or unpickled.

Nothing here raises for a disk problem: the caller gets ``None`` or one sentence.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from ..model import BadSave, Game, Record, Snapshot, load_game, load_record, transcript
from ..model.record import FORMAT
from .paths import paths
from .storage import (
    MAX_BYTES,
    BadFile,
    read_json,
    read_limited,
    set_aside,
    write_text_atomic,
)

log = logging.getLogger(__name__)

__all__ = ["autosave", "load_saved_game", "load_saved_match", "clear_saved_game",
           "has_unfinished_game", "save_path", "parse_save", "write_record", "read_record",
           "journal_text"]


def save_path() -> Path:
    """Where the game in progress is saved."""
    return paths().savegame


def _why(e: OSError) -> str:
    import errno

    if e.errno == errno.ENOSPC:
        return _("the disk is full")
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("the folder is read-only")
    if e.errno == getattr(errno, "EDQUOT", None):
        return _("the disk quota is used up")
    return e.strerror or type(e).__name__


def _line(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


def _command_line(snapshot: Snapshot, index: int) -> str:
    data = snapshot.record.commands_between(index, index + 1)[0].to_dict()
    data["n"] = index  # a line lost or doubled is caught, not replayed wrongly
    return _line(data)


def journal_text(snapshot: Snapshot) -> str:
    """The whole save journal of a record as it stood at ``snapshot``."""
    lines = [_line(snapshot.record.header())]
    lines += [_command_line(snapshot, i) for i in range(snapshot.length)]
    return "".join(lines)


@dataclass
class _Written:
    """What this process last wrote to the save: appending goes on from there."""

    path: Path
    record: Record
    length: int  # commands in the file
    size: int  # bytes in the file
    header: int = 0  # the record's header_version in the file's first line


_written: _Written | None = None
_lock = threading.Lock()  # the saver thread saves, the Tk thread loads and clears


def _save(path: Path, snapshot: Snapshot) -> None:
    global _written
    w = _written
    header = snapshot.record.header_version  # read before the text: a later change rewrites
    if w is not None and w.path == path and w.record is snapshot.record \
            and w.length <= snapshot.length and _size(path) == w.size and w.header == header:
        if w.length < snapshot.length:
            data = "".join(_command_line(snapshot, i)
                           for i in range(w.length, snapshot.length)).encode("utf-8")
            _written = None  # until the append is known to be whole
            with open(path, "ab") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            _written = _Written(path, w.record, snapshot.length, w.size + len(data), header)
        return
    # Another game, an undo or redo (a new record), a new header (who played changed), or a
    # file changed behind our back.
    _written = None
    data = journal_text(snapshot).encode("utf-8")
    write_text_atomic(path, data.decode("utf-8"))
    _written = _Written(path, snapshot.record, snapshot.length, len(data), header)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return -1


def autosave(game: Game | Snapshot) -> str | None:
    """Save ``game`` (or a snapshot of its record taken on the thread that plays it); None on
    success, or one sentence for the player when the disk refuses.

    Never raises for an OSError (full disk, read-only folder, missing permission).
    """
    snapshot = game.record.snapshot() if isinstance(game, Game) else game
    path = save_path()
    try:
        with _lock:
            _save(path, snapshot)
    except OSError as e:
        log.warning("autosave to %s failed: %s", path, e)
        # Translators: {folder} is where saves go, {reason} why the disk refused.
        return _("The game could not be saved to {folder} ({reason}); play on, but it will not "
                 "survive closing the program.").format(folder=path.parent, reason=_why(e))
    return None


def _set_aside(path: Path, reason: str) -> str:
    aside = set_aside(path)
    log.warning("saved game %s set aside (%s) as %s", path, reason, aside)
    reason = reason.rstrip(".")
    if aside is not None:
        # Translators: {reason} says what is wrong with the file, {file} the name it was
        # kept under.
        return _("The saved game could not be read ({reason}); it was kept as {file} and a "
                 "new game starts.").format(reason=reason, file=aside.name)
    return _("The saved game could not be read ({reason}); a new game starts.").format(
        reason=reason)


#: A temporary file older than this was left by a killed write, not one in progress.
STALE_SECONDS = 600


def remove_stale_temporaries(path: Path) -> int:
    """Delete ``.NAME.*.tmp`` files a killed write left beside ``path``; returns how many."""
    removed = 0
    try:
        candidates = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return 0
    now = time.time()
    for tmp in candidates:
        try:
            if now - tmp.stat().st_mtime > STALE_SECONDS:
                tmp.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def parse_save(raw: bytes) -> Game:
    """The game in a save file's bytes (a journal, a whole record or an old position), or
    BadFile / BadSave with a sentence."""
    if len(raw) > MAX_BYTES:
        raise BadFile(_("it is far too large to be ours"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile(_("it is not valid text")) from None
    first, _newline, rest = text.partition("\n")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        header = None
    if isinstance(header, dict) and header.get("format") == FORMAT and "commands" not in header:
        return _parse_journal(header, rest)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFile(_("it is not valid JSON")) from None
    if data is None:
        raise BadFile(_("it holds no game"))
    return load_game(data)


def _parse_journal(header: dict[str, object], rest: str) -> Game:
    lines = rest.split("\n")
    # The last piece is empty when the file ends a line; anything else is a line torn by a
    # kill during its append: it is dropped, the game comes back one command short.
    lines.pop()
    commands = []
    for i, line in enumerate(lines):
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            raise BadSave(_("line {number} of the save is damaged").format(number=i + 2)) \
                from None
        number = data.pop("n", None) if isinstance(data, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) or number != i:
            raise BadSave(_("line {number} of the save is out of place").format(number=i + 2))
        commands.append(data)
    return load_game(dict(header, commands=commands))


def _load(path: Path) -> Game | None:
    """The saved game, None for no file; BadFile / BadSave (or a slip of the loader)."""
    try:
        raw = read_limited(path)  # a regular file, read to at most the limit plus a byte
    except FileNotFoundError:
        return None
    except OSError as e:
        raise BadFile(_("{file} cannot be read ({reason})").format(
            file=path.name, reason=_why(e))) from None
    return parse_save(raw)


def load_saved_game() -> tuple[Game | None, str | None]:
    """The unfinished saved game, and one sentence for the player when the file was bad.

    ``(None, None)``: no saved game, or only a finished one.  ``(game, None)``: a game to
    offer, its journal compacted.  ``(None, sentence)``: the file was bad and has been set
    aside.  Temporary files left by a write that was killed are cleaned up on the way.
    """
    global _written
    path = save_path()
    remove_stale_temporaries(path)
    with _lock:
        _written = None
        try:
            game = _load(path)
        except (BadFile, BadSave) as e:
            return None, _set_aside(path, str(e))
        except (ValueError, TypeError, KeyError, AttributeError, AssertionError, RecursionError,
                OverflowError) as e:
            # The loader promises BadSave only; a slip in it must still not stop the launch.
            log.exception("loading the save raised %s instead of BadSave", type(e).__name__)
            return None, _set_aside(path, _("it is damaged: {error}").format(
                error=type(e).__name__))
        if game is None or game.over:
            return None, None
        _compact(path, game)
    return game, None


def _compact(path: Path, game: Game) -> None:
    """Rewrite the save as a clean journal (drops a torn line, migrates an old save); the
    next autosave appends to it.  A disk that refuses is only logged: the file still loads."""
    global _written
    snapshot = game.record.snapshot()
    header = snapshot.record.header_version
    data = journal_text(snapshot).encode("utf-8")
    try:
        if path.read_bytes() != data:
            write_text_atomic(path, data.decode("utf-8"))
    except OSError as e:
        log.warning("could not compact the save %s: %s", path, e)
        return
    _written = _Written(path, snapshot.record, snapshot.length, len(data), header)


def load_saved_match(seed: int | None = None) -> Game | None:
    """The next game of the match the last session left, or None.

    A match lives in its games (``match_points``, ``games_played``, ``match_games``), so it
    survives a restart when the save keeps its last game: a finished game (autosaved when
    it ends, not cleared) gives the next game of its match, thrown from ``seed`` (None: the
    finished game's generator goes on); a next game not yet begun (F8, then quit before a
    throw) comes back as it is.  None for no save, a save without a match, a game under way
    (that is :func:`load_saved_game`'s) or a file that does not load (which stays where it
    is for :func:`load_saved_game` to set aside and explain).  Changes nothing on disk."""
    from ..model.game import Phase

    with _lock:
        try:
            game = _load(save_path())
        except Exception:  # noqa: BLE001 - a question: a bad file is load_saved_game's
            return None
    if game is None or game.games_played == 0:
        return None
    if game.over:
        return game.rematch(seed=seed)
    if sum(game.turns_taken) == 0 and game.phase is Phase.START:
        return game
    return None


def has_unfinished_game() -> bool:
    """Whether an unfinished game is saved and loads cleanly.

    Changes nothing on disk: a bad file stays where it is until :func:`load_saved_game`
    sets it aside and says so.
    """
    try:
        game = _load(save_path())
        return game is not None and not game.over
    except Exception:  # noqa: BLE001 - a question, not a load: any failure means "no"
        return False


def clear_saved_game() -> None:
    """Forget the saved game (after it finished or the player chose a new one)."""
    global _written
    with _lock:
        _written = None
        try:
            os.unlink(save_path())
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("could not remove the saved game: %s", e)


# -- records ---------------------------------------------------------------------------------


def record_text(record: Record) -> str:
    """A record as JSON text: the same game gives the same bytes (fixed key order, no
    timestamps), one command a line so that two records compare well in a diff.

    An unfinished game's record holds no dice seed (:meth:`Record.shared_dict`): the seed
    is shown when the game ends.  The autosave is another thing: the player's own file, it
    keeps the generator so that the resumed game throws the dice it would have thrown."""
    data = record.shared_dict()
    commands = data.pop("commands")
    head = json.dumps(data, indent=1, ensure_ascii=False)
    body = ",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in commands)
    return head[:-2] + ',\n "commands": [' + (f"\n{body}\n ]" if commands else "]") + "\n}\n"


def transcript_path(path: Path) -> Path:
    """Where :func:`write_record` puts the transcript of a record saved at ``path``."""
    return path.with_suffix(".txt") if path.suffix.lower() != ".txt" else \
        path.with_name(path.name + ".txt")


def write_record(record: Record, path: Path, *, with_transcript: bool = True) -> Path | None:
    """Write ``record`` to ``path`` and, beside it, its transcript in plain words; both
    atomically.  Returns the transcript's path.  Raises OSError when the disk refuses."""
    write_text_atomic(path, record_text(record))
    if not with_transcript:
        return None
    words = transcript_path(path)
    write_text_atomic(words, transcript(record))
    return words


def read_record(path: Path) -> Record:
    """The record in ``path``, replayed and checked (its ``game`` is the game); BadSave with
    one sentence for anything wrong, the file's own problems included."""
    try:
        data = read_json(path)
    except BadFile as e:
        raise BadSave(_("The record could not be read: {reason}.").format(reason=e)) from None
    if data is None:
        raise BadSave(_("There is no game record in {file}.").format(file=path.name))
    try:
        return load_record(data)
    except BadSave as e:
        raise BadSave(_("{file} is not a record this program can replay: {reason}.").format(
            file=path.name, reason=str(e).rstrip("."))) from None
