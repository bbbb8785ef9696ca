"""The perfect-play tables: the one for some rules, registered, shipped or solved here
earlier (pure Python).

The tables themselves, their file format (writing from a solution, reading without
numpy) and the registry are in :mod:`.table_file`, below :mod:`.cache` (the tables solved
on this machine, which it registers); this module re-exports them, so ``table.Table``,
``table.pack``, ``table.register`` and the rest are what they were.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..model.rules import PRESETS, Rules
from .table_file import (
    _REGISTERED,
    FORMAT,
    MAGIC,
    OptionTable,
    Table,
    options_refused,
    pack,
    pack_option,
    read_file,
    register,
    unpack,
    unpack_option,
    write_file,
)

__all__ = ["FORMAT", "MAGIC", "OptionTable", "Table", "available", "file_name", "load",
           "load_path", "options_refused", "pack", "pack_option", "read_file", "register",
           "shipped_for", "unpack", "unpack_option", "write_file"]


def file_name(rules: Rules) -> str:
    """The shipped file name for a preset's rules (other rule sets have none)."""
    return f"{rules.preset}.bin"


def shipped_for(rules: Rules) -> bool:
    """Whether a table could ship for these rules: a preset exactly, no option."""
    return rules.preset in PRESETS and rules == PRESETS[rules.preset]


def available(rules: Rules) -> bool:
    """Whether a table answers for these rules, without reading it (quick: for the Tk
    thread; :func:`load` then reads it, 1-10 ms, in a worker)."""
    if rules in _REGISTERED:
        return True
    if not shipped_for(rules):
        from .cache import cached  # solved on this machine earlier

        return cached(rules)
    try:
        return (resources.files("tenthousand") / "resources" / "tables"
                / file_name(rules)).is_file()
    except (FileNotFoundError, OSError):
        return False


def load(rules: Rules) -> Table | None:
    """The table for these rules (registered, shipped or solved earlier), or None."""
    found = _REGISTERED.get(rules)
    if found is not None:
        return found
    if not shipped_for(rules):
        from .cache import load_cached

        found = load_cached(rules)
        if found is not None:
            register(found)  # read once per session
        return found
    return _load_shipped(rules)


@lru_cache(maxsize=8)
def _load_shipped(rules: Rules) -> Table | None:
    if not shipped_for(rules):
        return None
    try:
        ref = resources.files("tenthousand") / "resources" / "tables" / file_name(rules)
        data = ref.read_bytes()
    except (FileNotFoundError, OSError):
        return None
    table = unpack(data)
    return table if table.rules == rules else None


def load_path(path: str | Path) -> Table:
    """A table from a file (tests, experiments)."""
    return unpack(Path(path).read_bytes())
