"""The game in progress, saved after every command and offered back at the next launch.

The save is a journal of the game's record (:mod:`tenthousand.model.record`): a first line
with the format, rules, seats and start (the dice generator's seed or state, or a saved
position), then one JSON line per command, appended and fsynced as the game goes, so a save
costs the same at move 1,000 as at move 10.  Anything else (a new game, an undo, a redo)
rewrites the whole file atomically (temporary file, ``os.replace``), and so does loading
(compaction).  A kill during an append can tear only the last line, which loading drops: the
game comes back at most one command short.  Saves of earlier releases (format 1, one JSON
position) load and are rewritten as journals.

An append goes on only while the file is the very one this process wrote (its device,
inode, size and modification time): a file another copy wrote, or a link put in its place,
is replaced by a whole journal, never joined or written through.  A finished game replaces
the save only when the save holds that game or none unfinished, and
:func:`clear_saved_game` given a game removes only that game's save.

Reading trusts nothing: the record is checked and replayed by
:func:`tenthousand.model.load_game`, and a file that fails is set aside as
``savegame.json.bad-TIMESTAMP`` with one sentence for the player.  A journal damaged after
its first line keeps the commands before the damage (the whole file set aside, the player
told how many moves were lost).  A save that cannot be read at all (no permission) is not
damaged: it is left as it is and this process never writes over it.  Only JSON is read;
nothing is ever ``eval``ed or unpickled.

Nothing here raises for a disk problem: the caller gets ``None`` or one sentence.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _, ngettext
from ..model import BadSave, Game, Record, Snapshot, load_game
from ..model.record import FORMAT
from .paths import paths
from .storage import (
    MAX_BYTES,
    BadFile,
    read_limited,
    set_aside,
    write_text_atomic,
)

log = logging.getLogger(__name__)

__all__ = ["autosave", "load_saved_game", "load_save", "Loaded", "load_saved_match",
           "next_of_match", "holds_finished", "clear_saved_game", "keep_aside",
           "kept_games", "load_kept", "resume_kept", "drop_kept",
           "has_unfinished_game", "save_path", "parse_save", "journal_text"]


def save_path() -> Path:
    """Where the game in progress is saved."""
    return paths().savegame


def _why(e: OSError, *, reading: bool = False) -> str:
    """The player's words for why the disk refused (never the system's own text)."""
    if e.errno == errno.ENOSPC:
        return _("the disk is full")
    if e.errno == errno.EROFS:
        return _("the disk is read-only")
    if e.errno in (errno.EACCES, errno.EPERM):
        return _("you have no permission to read it") if reading else \
            _("you have no permission to write in that folder")
    if e.errno == getattr(errno, "EDQUOT", None):
        return _("the disk quota is used up")
    if e.errno == errno.EISDIR:
        return _("a folder has its name")
    return _("the disk reported an error")


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


#: What identifies a file's version: device, inode, size and modification time (ns).
Identity = tuple[int, int, int, int]


def _identity(st: os.stat_result) -> Identity:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _file_identity(path: Path) -> Identity | None:
    """The identity of the regular file at ``path`` (a link is not one: None)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return _identity(st) if stat.S_ISREG(st.st_mode) else None


@dataclass
class _Written:
    """What this process last wrote to the save: appending goes on from there, and only
    while the file is still the very one written (same inode, size and modification time:
    not another copy's file, not a link put in its place)."""

    path: Path
    record: Record
    length: int  # commands in the file
    identity: Identity
    header: int = 0  # the record's header_version in the file's first line


_written: _Written | None = None
_lock = threading.Lock()  # the saver thread saves, the Tk thread loads and clears
#: A save that exists but could not be read (no permission...): kept, never written over.
_held: Path | None = None

#: Opening for an append never follows a link put where the save was.
_APPEND_FLAGS = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | \
    getattr(os, "O_BINARY", 0)


def _append(path: Path, w: _Written, data: bytes) -> Identity | None:
    """Append ``data`` to the file ``w`` wrote; its new identity, or None (nothing
    written) when the file there is no longer that one."""
    try:
        fd = os.open(path, _APPEND_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ELOOP:
            return None  # a link where the save was: it is replaced, not followed
        raise
    with os.fdopen(fd, "ab") as f:
        if _identity(os.fstat(fd)) != w.identity:
            return None
        f.write(data)
        f.flush()
        os.fsync(fd)
        return _identity(os.fstat(fd))


def _save(path: Path, snapshot: Snapshot) -> None:
    global _written
    w = _written
    header = snapshot.record.header_version  # read before the text: a later change rewrites
    if w is not None and w.path == path and w.record is snapshot.record \
            and w.length <= snapshot.length and w.header == header \
            and _file_identity(path) == w.identity:
        if w.length == snapshot.length:
            return
        data = "".join(_command_line(snapshot, i)
                       for i in range(w.length, snapshot.length)).encode("utf-8")
        _written = None  # until the append is known to be whole
        identity = _append(path, w, data)
        if identity is not None:
            _written = _Written(path, w.record, snapshot.length, identity, header)
            return
    # Another game, an undo or redo (a new record), a new header (who played changed), or a
    # file changed behind our back (another copy's, a link): the whole journal, replacing it.
    _written = None
    if snapshot.over and _holds_another_game(path, snapshot.record):
        log.warning("a finished game did not replace the save %s of another game", path)
        return
    data = journal_text(snapshot).encode("utf-8")
    write_text_atomic(path, data.decode("utf-8"))
    identity = _file_identity(path)
    if identity is not None:
        _written = _Written(path, snapshot.record, snapshot.length, identity, header)


def _same_game(header: object, record: Record) -> bool:
    """Whether a journal's first line is the start of ``record``'s game."""
    if not isinstance(header, dict):
        return False
    mine = record.header()
    return all(header.get(key) == mine[key] for key in ("rules", "seats", "start"))


def _first_line(path: Path) -> object:
    """The JSON of the file's first line (None when there is none to read)."""
    try:
        with open(path, "rb") as f:
            first = f.readline(MAX_BYTES)
        return json.loads(first.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def _holds_another_game(path: Path, record: Record) -> bool:
    """Whether the save holds an unfinished game that is not ``record``'s: a finished
    game must not replace it (a save is cleared only by the game it belongs to)."""
    if not path.exists() or _same_game(_first_line(path), record):
        return False
    try:
        game = _load(path)
    except Exception:  # noqa: BLE001 - a file that does not load holds no game to keep
        return False
    return game is not None and not game.over


def autosave(game: Game | Snapshot) -> str | None:
    """Save ``game`` (or a snapshot of its record taken on the thread that plays it); None on
    success, or one sentence for the player when the disk refuses.

    Never raises for an OSError (full disk, read-only folder, missing permission).
    """
    snapshot = game.record.snapshot() if isinstance(game, Game) else game
    path = save_path()
    try:
        with _lock:
            if _held == path:
                return _("This game is not being saved, so that the saved game that could "
                         "not be opened is not replaced.")
            _save(path, snapshot)
    except OSError as e:
        log.warning("autosave to %s failed: %s", path, e)
        # Translators: {folder} is where saves go, {reason} why the disk refused.
        return _("The game could not be saved to {folder} ({reason}); play on, but it will not "
                 "survive closing the program.").format(folder=path.parent, reason=_why(e))
    return None


def _set_aside(path: Path, reason: str) -> str:
    aside = set_aside(path)
    if aside is not None:
        log.warning("saved game %s set aside (%s) as %s", path, reason, aside)
    else:
        log.warning("saved game %s is bad (%s) and stays where it is: it could not be renamed",
                    path, reason)
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
    return _parse(raw, keep_prefix=False)[0]


def _parse(raw: bytes, *, keep_prefix: bool) -> tuple[Game, int]:
    """The game in a save's bytes, and how many of its journal's commands were lost after
    a damaged line (``keep_prefix``: the good lines before it are kept; else BadSave)."""
    if len(raw) > MAX_BYTES:
        raise BadFile(_("it is far too large to be ours"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        if not keep_prefix or raw.find(b"\n", 0, e.start) < 0:
            raise BadFile(_("it is not valid text")) from None
        # A damaged byte in one line: the lines before it may still be good, the ones from
        # it on are lost (each stands in as a line that is not JSON).
        good = raw[:raw.rfind(b"\n", 0, e.start) + 1]
        text = good.decode("utf-8") + "\0\n" * raw.count(b"\n", len(good))
    first, _newline, rest = text.partition("\n")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        header = None
    if isinstance(header, dict) and header.get("format") == FORMAT and "commands" not in header:
        return _parse_journal(header, rest, keep_prefix)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFile(_("it is not valid JSON")) from None
    if data is None:
        raise BadFile(_("it holds no game"))
    return load_game(data), 0


def _parse_journal(header: dict[str, object], rest: str, keep_prefix: bool
                   ) -> tuple[Game, int]:
    lines = rest.split("\n")
    # The last piece is empty when the file ends a line; anything else is a line torn by a
    # kill during its append: it is dropped, the game comes back one command short.
    lines.pop()
    commands: list[object] = []
    damage: BadSave | None = None
    for i, line in enumerate(lines):
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            damage = BadSave(_("line {number} of the save is damaged").format(number=i + 2))
            break
        number = data.pop("n", None) if isinstance(data, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) or number != i:
            damage = BadSave(_("line {number} of the save is out of place").format(
                number=i + 2))
            break
        commands.append(data)
    if damage is not None and not keep_prefix:
        raise damage
    try:
        return load_game(dict(header, commands=commands)), len(lines) - len(commands)
    except BadSave:
        if not keep_prefix or not commands:
            raise
        good = _longest_prefix(header, commands)
        if good is None:
            raise
        return good[0], len(lines) - good[1]


def _longest_prefix(header: dict[str, object], commands: list[object]
                    ) -> tuple[Game, int] | None:
    """The game of the longest first part of ``commands`` that replays (every shorter part
    replays too: a command refused refuses the rest), and its length; None for none."""
    def replayed(n: int) -> Game | None:
        try:
            return load_game(dict(header, commands=commands[:n]))
        except BadSave:
            return None

    best = replayed(0)
    if best is None:
        return None
    lo, hi = 0, len(commands)  # lo replays, hi does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        game = replayed(mid)
        if game is None:
            hi = mid
        else:
            lo, best = mid, game
    return best, lo


class _Unreadable(BadFile):
    """A save that is there but cannot be read (no permission, a disk error): not damaged,
    so it is neither set aside nor written over."""


def _read(path: Path) -> bytes | None:
    try:
        return read_limited(path)  # a regular file, read to at most the limit plus a byte
    except FileNotFoundError:
        return None
    except OSError as e:
        raise _Unreadable(_why(e, reading=True)) from None


def _load(path: Path) -> Game | None:
    """The saved game, None for no file; BadFile / BadSave (or a slip of the loader)."""
    raw = _read(path)
    return None if raw is None else parse_save(raw)


@dataclass(frozen=True)
class Loaded:
    """What the save holds at a launch (:func:`load_save`)."""

    game: Game | None = None  # an unfinished game to offer, its journal compacted
    note: str | None = None  # one sentence for the player when the file was bad
    #: A finished game: the last one the last run played (its match goes on, and the
    #: history stores it from here if it could not when it ended: a full disk).
    finished: Game | None = None
    ended: float = 0.0  # when the save of the finished game was last written


def load_saved_game() -> tuple[Game | None, str | None]:
    """The unfinished saved game, and one sentence for the player when the file was bad.

    ``(None, None)``: no saved game, or only a finished one.  ``(game, None)``: a game to
    offer, its journal compacted.  ``(game, sentence)``: its journal was damaged after its
    first lines, which are kept (the whole file is set aside beside it).  ``(None,
    sentence)``: the file was bad and has been set aside, or cannot be read and is left
    alone (and not written over by this process).  Temporary files left by a write that
    was killed are cleaned up on the way.
    """
    loaded = load_save()
    return loaded.game, loaded.note


def load_save() -> Loaded:
    """:func:`load_saved_game`, with the finished game when that is what the save holds."""
    global _written, _held
    path = save_path()
    remove_stale_temporaries(path)
    with _lock:
        _written, _held = None, None
        try:
            raw = _read(path)
            if raw is None:
                return Loaded()
            game, lost = _parse(raw, keep_prefix=True)
        except _Unreadable as e:
            _held = path
            log.warning("the saved game %s cannot be read (%s): left as it is", path, e)
            # Translators: {file} is the save's name, {reason} why it cannot be read.
            return Loaded(None, _("The saved game {file} cannot be opened ({reason}), so it "
                                  "is left as it is and not replaced: let your user read it, "
                                  "then start again to resume it.").format(file=path.name,
                                                                          reason=e))
        except (BadFile, BadSave) as e:
            return Loaded(None, _set_aside(path, str(e)))
        except (ValueError, TypeError, KeyError, AttributeError, AssertionError, RecursionError,
                OverflowError) as e:
            # The loader promises BadSave only; a slip in it must still not stop the launch.
            log.exception("loading the save raised %s instead of BadSave", type(e).__name__)
            return Loaded(None, _set_aside(path, _("it holds a value this program cannot use; "
                                                   "the log file says which")))
        note = _kept_the_start(path, lost) if lost else None
        if game.over:
            return Loaded(None, note, finished=game, ended=_modified(path))
        _compact(path, game)
    return Loaded(game, note)


def _modified(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:  # set aside meanwhile (a damaged end): now is as near as any
        return time.time()


def holds_finished(record: Record) -> bool:
    """Whether the save holds ``record``'s game finished, every command of it (read only:
    the history asks when it could not keep a game that ended on a full disk)."""
    path = save_path()
    with _lock:
        if not _same_game(_first_line(path), record):
            return False
        try:
            game = _load(path)
        except Exception:  # noqa: BLE001 - a question: a file that does not load holds none
            return False
    return game is not None and game.over and len(game.record) == len(record)


def _kept_the_start(path: Path, lost: int) -> str:
    """The whole damaged file is set aside; the sentence says what was lost."""
    aside = set_aside(path)
    log.warning("the end of the saved game %s is damaged: %d commands lost, kept as %s",
                path, lost, aside)
    if aside is None:
        return ngettext("The end of the saved game was damaged: its last move is lost and "
                        "the game resumes just before it.",
                        "The end of the saved game was damaged: its last {count} moves are "
                        "lost and the game resumes just before them.", lost).format(count=lost)
    # Translators: {file} is the name the whole damaged file is kept under.
    return ngettext("The end of the saved game was damaged: its last move is lost and the "
                    "game resumes just before it (the whole file is kept as {file}).",
                    "The end of the saved game was damaged: its last {count} moves are lost "
                    "and the game resumes just before them (the whole file is kept as "
                    "{file}).", lost).format(count=lost, file=aside.name)


def _compact(path: Path, game: Game) -> None:
    """Rewrite the save as a clean journal (drops a torn line, migrates an old save,
    replaces a link by a file of its own); the next autosave appends to it.  A disk that
    refuses is only logged: the file still loads."""
    global _written
    snapshot = game.record.snapshot()
    header = snapshot.record.header_version
    data = journal_text(snapshot).encode("utf-8")
    try:
        identity = _file_identity(path)  # None for a link: it is replaced, not followed
        if identity is None or path.read_bytes() != data:
            write_text_atomic(path, data.decode("utf-8"))
            identity = _file_identity(path)
    except OSError as e:
        log.warning("could not compact the save %s: %s", path, e)
        return
    if identity is not None:
        _written = _Written(path, snapshot.record, snapshot.length, identity, header)


def next_of_match(game: Game, seed: int | None = None) -> Game | None:
    """The next game of ``game``'s match, thrown from ``seed``, when ``game`` is finished
    and part of a match (see :func:`load_saved_match`); else None."""
    return game.rematch(seed=seed) if game.over and game.games_played else None


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
        return next_of_match(game, seed)
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


# -- games kept aside ------------------------------------------------------------------------
#
# A start that puts another game on the table than the one saved (a network game, a replay)
# never replaces an unfinished saved game: the save is moved aside, beside it, as
# ``savegame-kept-TIMESTAMP.json``, and a later start offers it again.


def kept_games() -> list[Path]:
    """The saves kept aside, the newest first."""
    path = save_path()
    try:
        found = [p for p in path.parent.glob(f"{path.stem}-kept-*{path.suffix}")
                 if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)  # (the names are times)


def _kept_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while (target := path.with_name(f"{path.stem}-kept-{stamp}-{n:03d}{path.suffix}")
           ).exists():
        n += 1
    return target


def keep_aside() -> str | None:
    """Move the save aside (the start will put another game on the table); None when done
    (or there was none), else one sentence: the save could not be moved, so this process
    never writes over it."""
    global _written, _held
    path = save_path()
    with _lock:
        _written = None
        try:
            target = _kept_name(path)
            os.replace(path, target)
        except FileNotFoundError:
            return None
        except OSError as e:
            log.warning("the save %s could not be kept aside: %s", path, e)
            _held = path
            # Translators: {reason} says why the disk refused ("the disk is full").
            return _("Your unfinished game could not be kept aside ({reason}), so this game "
                     "is not saved, and yours stays as it is for the next start.").format(
                reason=_why(e))
    log.info("the unfinished save was kept aside as %s", target)
    return None


def load_kept(kept: Path) -> tuple[Game | None, str | None]:
    """The unfinished game of a save kept aside, read and checked (nothing moves); a file
    that is not one is set aside as ``.bad-`` with a sentence, a finished one removed."""
    try:
        raw = _read(kept)
        game = None if raw is None else parse_save(raw)
    except _Unreadable as e:
        log.warning("the kept save %s cannot be read (%s)", kept, e)
        return None, None  # (left as it is, for a start that can read it)
    except (BadFile, BadSave, ValueError, TypeError, KeyError, AttributeError,
            AssertionError, RecursionError, OverflowError) as e:
        return None, _set_aside(kept, str(e))
    if game is not None and game.over:
        drop_kept(kept)
        return None, None
    return game, None


def resume_kept(kept: Path) -> Game | None:
    """Put a save kept aside back in the save's place and load it (compacted, ready to be
    appended to); None when it could not be moved or no longer loads."""
    global _written
    with _lock:
        _written = None
        try:
            os.replace(kept, save_path())
        except OSError as e:
            log.warning("the kept save %s could not be put back: %s", kept, e)
            return None
    return load_save().game


def drop_kept(kept: Path) -> None:
    """Forget a save kept aside (the player left its game, or it was finished)."""
    try:
        kept.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("could not remove the kept save %s: %s", kept, e)


def clear_saved_game(game: Game | None = None) -> None:
    """Forget the saved game (after it finished or the player chose a new one); with
    ``game``, only when the save holds that very game (not one another copy of the program
    saved since)."""
    global _written
    path = save_path()
    with _lock:
        if _held == path:
            return  # a save that could not be read is never removed
        if game is not None and path.exists() and not _same_game(_first_line(path),
                                                                 game.record):
            log.warning("the save %s holds another game: not cleared", path)
            return
        _written = None
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("could not remove the saved game: %s", e)
