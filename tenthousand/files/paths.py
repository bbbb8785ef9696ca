"""Where the game keeps its files: the one place that knows the folders.

Everything goes through :func:`paths`, so tests (and a player who wants a portable setup)
can point every folder at one directory with the ``TENTHOUSAND_HOME`` environment variable.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

APP = "tenthousand"


@dataclass(frozen=True)
class Paths:
    config: Path  # preferences.json
    data: Path  # savegame.json
    log: Path  # tenthousand.log
    cache: Path  # computed strategy tables

    @property
    def preferences(self) -> Path:
        return self.config / "preferences.json"

    @property
    def savegame(self) -> Path:
        return self.data / "savegame.json"

    @property
    def history(self) -> Path:
        """Every game played (SQLite, see :mod:`tenthousand.history`)."""
        return self.data / "history.sqlite3"

    @property
    def logfile(self) -> Path:
        return self.log / "tenthousand.log"

    def as_dict(self) -> dict[str, str]:
        """The paths ``--print-paths`` shows."""
        return {
            "config": str(self.preferences),
            "savegame": str(self.savegame),
            "history": str(self.history),
            "log": str(self.logfile),
            "cache": str(self.cache),
        }


def paths() -> Paths:
    """The folders in use now (not created until something is written)."""
    home = os.environ.get("TENTHOUSAND_HOME")
    if home:
        base = Path(home)
        return Paths(base / "config", base / "data", base / "log", base / "cache")
    import platformdirs

    return Paths(
        platformdirs.user_config_path(APP),
        platformdirs.user_data_path(APP),
        platformdirs.user_log_path(APP),
        platformdirs.user_cache_path(APP),
    )
