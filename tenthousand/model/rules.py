"""Rule sets: what scores, how much, and which options are in play.

A :class:`Rules` value is frozen and hashable, so everything derived from it (the scoring
tables, the computer players' strategy tables) can be cached per rule set.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: Options any preset can be combined with, by their command-line names.
OPTION_NAMES: tuple[str, ...] = (
    "pyramiding",
    "surpassing",
    "challenging",
    "rotary-club",
    "mutant-trash",
    "three-trash",
)

#: The allowed range of each number a player can set (all are multiples of 50).
NUMBER_LIMITS: Mapping[str, tuple[int, int]] = {
    "game_point": (50, 1_000_000),
    "opening_minimum": (0, 100_000),
    "minimum": (0, 100_000),
}

#: Counters a rule set may lack (``None``); every other number is always present.
NULLABLE_COUNTERS = frozenset(
    {"four_of_a_kind", "five_of_a_kind", "six_of_a_kind", "straight", "three_pairs", "two_triplets"}
)

#: Points lost for three trash throws in a row when the ``three-trash`` option is on.
THREE_TRASH_PENALTY = 1000


@dataclass(frozen=True)
class Rules:
    """A complete rule set.

    Counter values:

    * ``single_one`` / ``single_five``: a lone 1 or 5.
    * ``triplet_ones``: three 1s; any other triplet is ``100 x face``.
    * ``kind_doubling``: *Ten-Thousand*'s rule that each extra die of the same face doubles
      the group (four 4s = 800).  When false, a group of the same face is exactly three dice
      unless ``four_of_a_kind`` / ``five_of_a_kind`` / ``six_of_a_kind`` give it a fixed
      value (D-4).
    * ``straight``, ``three_pairs``, ``two_triplets``: the six-dice counters (``None`` when
      the rule set does not have them).  ``three_pairs_distinct`` asks for three different
      values (D-3); otherwise "any" three pairs counts, four of a kind plus a pair and six of
      a kind included (D-5).
    * ``six_dice_first_throw_only``: the six-dice counters count only on the first throw of
      a turn (D-2); otherwise on any throw of six dice (D-6).

    Turn and game: ``game_point``, ``opening_minimum`` (while the board score is zero),
    ``minimum`` (after), ``corner_throw_mandatory`` (Trash: the throw after a corner must
    be taken; Ten-Thousand: optional, D-1).

    Options: ``pyramiding``, ``surpassing``, ``challenging``, ``rotary_club``,
    ``mutant_trash`` (two seats only) and ``three_trash`` (three trash turns in a row cost
    :data:`THREE_TRASH_PENALTY`).
    """

    preset: str
    title: str
    single_one: int = 100
    single_five: int = 50
    triplet_ones: int = 1000
    kind_doubling: bool = False
    four_of_a_kind: int | None = None
    five_of_a_kind: int | None = None
    six_of_a_kind: int | None = None
    straight: int | None = 1500
    three_pairs: int | None = None
    three_pairs_distinct: bool = False
    two_triplets: int | None = None
    six_dice_first_throw_only: bool = False
    game_point: int = 10000
    opening_minimum: int = 0
    minimum: int = 0
    corner_throw_mandatory: bool = False
    pyramiding: bool = False
    surpassing: bool = False
    challenging: bool = False
    rotary_club: bool = False
    mutant_trash: bool = False
    three_trash: bool = False
    def __post_init__(self) -> None:
        for name, (low, high) in NUMBER_LIMITS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name} must be a whole number, not {value!r}")
            if not low <= value <= high:
                raise ValueError(f"{name} must be between {low:,} and {high:,}; it is {value:,}")
            if value % 50:
                raise ValueError(f"{name} must be a multiple of 50; it is {value:,}")

    # -- options -------------------------------------------------------------------------

    @property
    def options(self) -> tuple[str, ...]:
        """The options switched on, by their command-line names."""
        return tuple(name for name in OPTION_NAMES if getattr(self, _attr(name)))

    def with_options(self, *names: str, **changes: Any) -> Rules:
        """A copy with the named options switched on and other fields changed."""
        for name in names:
            if name not in OPTION_NAMES:
                raise ValueError(
                    f"unknown option {name!r}; choose from {', '.join(OPTION_NAMES)}"
                )
            changes[_attr(name)] = True
        return dataclasses.replace(self, **changes)

    @property
    def challenge_penalties(self) -> tuple[int, int]:
        """Penalties for trash in a first and a second challenge (D-11)."""
        return self.game_point // 10, self.game_point * 4 // 10

    def minimum_for(self, board_score: int) -> int:
        """The turn score needed to bank with this board score (0 means on the way on)."""
        if self.rotary_club:
            return 0
        return self.opening_minimum if board_score == 0 else self.minimum

    def check_seats(self, count: int) -> None:
        """Raise ValueError when ``count`` seats cannot play these rules."""
        if not 1 <= count <= 9:
            raise ValueError(f"a game has 1 to 9 seats, not {count}")
        if self.mutant_trash and count != 2:
            raise ValueError(f"Mutant Trash is for exactly two seats, not {count}")

    def scoring_key(self) -> tuple[object, ...]:
        """The fields that decide what a set of dice scores (for caching tables)."""
        return (
            self.single_one,
            self.single_five,
            self.triplet_ones,
            self.kind_doubling,
            self.four_of_a_kind,
            self.five_of_a_kind,
            self.six_of_a_kind,
            self.straight,
            self.three_pairs,
            self.three_pairs_distinct,
            self.two_triplets,
            self.six_dice_first_throw_only,
        )

    @property
    def label(self) -> str:
        """A short human name: the title with the options and any changed numbers."""
        parts = [self.title]
        base = PRESETS.get(self.preset)
        if base is not None and base.game_point != self.game_point:
            parts.append(f"to {self.game_point:,}")
        parts.extend(OPTION_TITLES[name] for name in self.options)
        return ", ".join(parts)

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able description (the preset plus every field)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild from :meth:`to_dict`; raises ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError("rules must be a JSON object")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - set(names)
        if unknown:
            raise ValueError(f"unknown rule fields: {', '.join(sorted(unknown))}")
        preset = data.get("preset")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            default = getattr(PRESETS[preset], key)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, str):
                ok = isinstance(value, str) and len(value) <= 80
            else:
                ok = value is None or (isinstance(value, int) and not isinstance(value, bool)
                                       and 0 <= value <= 1_000_000)
                if value is None and key not in NULLABLE_COUNTERS:
                    ok = False
            if not ok:
                raise ValueError(f"rule field {key} has a bad value: {value!r}")
            values[key] = value
        return dataclasses.replace(PRESETS[preset], **values)


def _attr(option: str) -> str:
    return option.replace("-", "_")


OPTION_TITLES: dict[str, str] = {
    "pyramiding": "pyramiding",
    "surpassing": "surpassing",
    "challenging": "challenging",
    "rotary-club": "Rotary Club",
    "mutant-trash": "Mutant Trash",
    "three-trash": "three-trash penalty",
}

_TRASH: dict[str, Any] = dict(corner_throw_mandatory=True, opening_minimum=500, minimum=350)

PRESETS: dict[str, Rules] = {
    "ten-thousand": Rules(
        preset="ten-thousand",
        title="Ten-Thousand",
        kind_doubling=True,
        three_pairs=1000,
        three_pairs_distinct=True,  # D-3
        six_dice_first_throw_only=True,  # D-2
        game_point=10000,
    ),
    "trash-5000": Rules(preset="trash-5000", title="Trash 5000", game_point=5000, **_TRASH),
    "trash-10000": Rules(
        preset="trash-10000",
        title="Trash 10000",
        three_pairs=2000,
        two_triplets=3000,
        game_point=10000,
        **_TRASH,
    ),
    "trash-15000": Rules(
        preset="trash-15000",
        title="Trash 15000",
        three_pairs=2000,
        two_triplets=3000,
        four_of_a_kind=4000,
        five_of_a_kind=5000,
        six_of_a_kind=6000,
        game_point=15000,
        **_TRASH,
    ),
    "farkle": Rules(
        preset="farkle",
        title="Farkle",
        four_of_a_kind=1000,
        five_of_a_kind=2000,
        six_of_a_kind=3000,
        three_pairs=1500,
        two_triplets=2500,
        game_point=10000,
        opening_minimum=500,
        minimum=0,
    ),
}
