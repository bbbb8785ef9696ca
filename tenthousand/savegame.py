"""The game in progress, saved after every event and offered back at the next launch.

The save is the plain JSON document of :meth:`Game.to_dict` (match table and log included),
written atomically with :func:`tenthousand.storage.write_json_atomic`, so a kill at any
instant leaves either the old or the new file.  Reading trusts nothing: the document goes
through :func:`tenthousand.model.load_game`, and a file that fails is set aside as
``savegame.json.bad-TIMESTAMP`` with one sentence for the player.  Only JSON is read; nothing
is ever ``eval``ed or unpickled.

Nothing here raises for a disk problem: the caller gets ``None`` or one sentence.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from .model import BadSave, Game, load_game
from .paths import paths
from .storage import BadFile, read_json, set_aside, write_json_atomic

log = logging.getLogger(__name__)

__all__ = ["autosave", "load_saved_game", "clear_saved_game", "has_unfinished_game",
           "save_path"]


def save_path() -> Path:
    """Where the game in progress is saved."""
    return paths().savegame


def _why(e: OSError) -> str:
    import errno

    if e.errno == errno.ENOSPC:
        return "the disk is full"
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the folder is read-only"
    if e.errno == getattr(errno, "EDQUOT", None):
        return "the disk quota is used up"
    return e.strerror or type(e).__name__


def autosave(game: Game) -> str | None:
    """Save ``game``; None on success, or one sentence for the player when the disk refuses.

    Never raises for an OSError (full disk, read-only folder, missing permission).
    """
    path = save_path()
    try:
        data = game.to_dict()
        write_json_atomic(path, data)
    except OSError as e:
        log.warning("autosave to %s failed: %s", path, e)
        return (f"The game could not be saved to {path.parent} ({_why(e)}); "
                "play on, but it will not survive closing the program.")
    return None


def _set_aside(path: Path, reason: str) -> str:
    aside = set_aside(path)
    log.warning("saved game %s set aside (%s) as %s", path, reason, aside)
    reason = reason.rstrip(".")
    if aside is not None:
        return (f"The saved game could not be read ({reason}); it was kept as {aside.name} "
                "and a new game starts.")
    return f"The saved game could not be read ({reason}); a new game starts."


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


def load_saved_game() -> tuple[Game | None, str | None]:
    """The unfinished saved game, and one sentence for the player when the file was bad.

    ``(None, None)``: no saved game, or only a finished one.  ``(game, None)``: a game to
    offer.  ``(None, sentence)``: the file was bad and has been set aside.  Temporary files
    left by a write that was killed are cleaned up on the way.
    """
    path = save_path()
    remove_stale_temporaries(path)
    try:
        data = read_json(path)
    except BadFile as e:
        return None, _set_aside(path, str(e))
    if data is None:
        if path.exists():  # the file holds JSON null, which read_json reports as no file
            return None, _set_aside(path, "it holds no game")
        return None, None
    try:
        game = load_game(data)
    except BadSave as e:
        return None, _set_aside(path, str(e))
    except (ValueError, TypeError, KeyError, AttributeError, AssertionError, RecursionError,
            OverflowError) as e:
        # load_game promises BadSave only; a slip in it must still not stop the launch.
        log.exception("load_game raised %s instead of BadSave", type(e).__name__)
        return None, _set_aside(path, f"it is damaged: {type(e).__name__}")
    if game.over:
        return None, None
    return game, None


def has_unfinished_game() -> bool:
    """Whether an unfinished game is saved and loads cleanly.

    Changes nothing on disk: a bad file stays where it is until :func:`load_saved_game`
    sets it aside and says so.
    """
    try:
        data = read_json(save_path())
        if data is None:
            return False
        return not load_game(data).over
    except Exception:  # noqa: BLE001 - a question, not a load: any failure means "no"
        return False


def clear_saved_game() -> None:
    """Forget the saved game (after it finished or the player chose a new one)."""
    try:
        os.unlink(save_path())
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("could not remove the saved game: %s", e)
