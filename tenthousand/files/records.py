"""Game records a player saves and opens (File > Save record, ``--replay``): the record as
JSON text that diffs well, with its transcript in plain words beside it.

The autosave (:mod:`tenthousand.files.savegame`) is another thing: the player's own file,
it keeps the dice generator so that a resumed game throws the dice it would have thrown."""

from __future__ import annotations

import json
from pathlib import Path

from ..i18n import _
from ..model import BadSave, Record, load_record, transcript
from .storage import BadFile, read_json, write_text_atomic

__all__ = ["read_record", "record_text", "transcript_path", "write_record"]


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
