"""The fixtures of the exact solver's values (``tests/fixtures/solver/``, issue 39).

Each ``*.json.gz`` holds the seat-0 chances of turn starts of one game, in the generic
states of the redesign (``solver_brute.State``): the values of a solver of commit aa5b132
(``old-*``) or of the brute force (``brute-*``).  The README there says how they were made
and what each field means; :func:`read` gives one as a :class:`Fixture`.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tenthousand.model.rules import Rules

FOLDER = Path(__file__).resolve().parent / "fixtures" / "solver"
FORMAT = 1
#: the state's fields, as the files keep them (a column each; ``stage`` a string)
COLUMNS = ("stage", "board0", "board1", "added0", "added1", "run0", "run1", "chal0",
           "chal1", "mover")


@dataclass(frozen=True)
class Fixture:
    """One fixture: the game, how it was solved, and its turn starts' values."""

    name: str
    source: str  # "old" (a solver of aa5b132) or "brute" (tests/solver_brute.py)
    solver: str  # the module that solved it
    rules: Rules
    extra: int  # the turn cap beyond the game point (points)
    tol: float
    first_player_win_probability: float  # as the solver gave it (the file: its repr)
    far: int  # where tie-break rounds after the first start (the generic truncation)
    values: dict[tuple[Any, ...], float]  # seat 0's chance at each turn start kept
    reachable: int | None  # how many turn starts a game reaches (None: not counted)
    sampled: bool  # whether ``values`` holds only some of them
    data: dict[str, Any]  # the whole file (the fields above and the others)


def names() -> list[str]:
    """Every fixture's name, sorted."""
    return sorted(p.name.removesuffix(".json.gz") for p in FOLDER.glob("*.json.gz"))


def load(name: str) -> dict[str, Any]:
    """A fixture file as it is (the states column by column)."""
    with gzip.open(FOLDER / f"{name}.json.gz", "rt") as f:
        data: dict[str, Any] = json.load(f)
    return data


def states(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """A fixture file's turn starts as tuples, in the file's order."""
    columns = data["states"]
    return list(zip(*(list(columns[c]) for c in COLUMNS), strict=True))


def pack_states(found: list[tuple[Any, ...]]) -> dict[str, Any]:
    """Turn starts column by column, as the files keep them."""
    return {c: "".join(s[0] for s in found) if c == "stage" else [s[i] for s in found]
            for i, c in enumerate(COLUMNS)}


def read(name: str) -> Fixture:
    """One fixture; ValueError when its file is not of this format."""
    data = load(name)
    if data.get("format") != FORMAT:
        raise ValueError(f"{name}: not a solver fixture of format {FORMAT}")
    found = states(data)
    if len(found) != len(data["values"]):
        raise ValueError(f"{name}: {len(found)} states but {len(data['values'])} values")
    return Fixture(name, data["source"], data["solver"], Rules.from_dict(data["rules"]),
                   data["extra"], data["tol"], float(data["first_player_win_probability"]),
                   data["far"], dict(zip(found, data["values"], strict=True)),
                   data["reachable"], data["sampled"], data)
