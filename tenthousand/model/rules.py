"""Rule sets: what scores, how much, and which options are in play.

A :class:`Rules` value is frozen and hashable, so everything derived from it (the scoring
tables, the computer players' strategy tables) can be cached per rule set.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _, number, pgettext
from .text import is_plain

#: The computer's levels as files and challenge codes know them (a code keeps a level by
#: its place here: the order never changes).
LEVELS: tuple[str, ...] = ("beginner", "normal", "expert", "max-expected", "perfect")
#: The levels weakest first, as measured (docs/strength.md: Expert wins 52.7% against Best
#: average, which makes the most points per turn but not the most wins): every list a
#: player reads is in this order.
BY_STRENGTH: tuple[str, ...] = ("beginner", "normal", "max-expected", "expert", "perfect")
#: The command line's word for each level (one name a level: Best average is best-average).
COMMAND_WORDS: dict[str, str] = {level: level for level in LEVELS} | {
    "max-expected": "best-average"}


def level_of_word(word: str) -> str | None:
    """The level a command-line word names (``best-average``; ``max-expected``, its name
    before, still works), or None."""
    word = word.strip().lower()
    if word == "max-expected":
        return word
    return next((level for level, w in COMMAND_WORDS.items() if w == word), None)



def level_word(level: str) -> str:
    """A computer level inside a sentence, in the language in use ("the expert computer",
    "computer (expert)"; German "Experte")."""
    words = {
        # Translators: the computer levels inside sentences and lists.
        "beginner": pgettext("computer level", "beginner"),
        "normal": pgettext("computer level", "normal"),
        "expert": pgettext("computer level", "expert"),
        "max-expected": pgettext("computer level", "best average"),
        "perfect": pgettext("computer level", "perfect"),
    }
    return words.get(level, level)


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

# A number in a rule set's own name, its groups split by a comma, a point, an apostrophe or
# a no-break space as languages write them ("1,500", "1.500", "1\u202f500").
_NUMBERS = re.compile(r"\d+(?:[,.'\u00a0\u202f]\d{3})*")


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
    * ``dice``: the dice in play, 6 or 5 (the five-dice game: a corner gives five fresh
      dice, so the six-dice counters never come; no pyramiding or Mutant Trash there).
    * ``no_score_six``: Zilch's "no dice scored": a throw of six dice in which nothing
      else scores is a counter of all six dice (any throw of six, the first or after a
      corner).  Freezing it turns the corner, so whether the player must throw the six
      fresh dice or may bank follows ``corner_throw_mandatory`` (and the minimum to bank).

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
    # -- the rules language (issue 13); the defaults keep every preset as it was ----------
    single_two: int = 0
    single_three: int = 0
    single_four: int = 0
    single_six: int = 0
    kinds: KindTable | None = None
    four_and_pair: int | None = None
    short_straight_low: int | None = None
    short_straight_high: int | None = None
    short_straights_first_throw_only: bool = False
    short_straights_six_dice_only: bool = False  # on a throw of six dice (after a corner too)
    trash_run: int = 3
    trash_penalty: int = THREE_TRASH_PENALTY
    score_floor: int | None = None
    catch_up: bool = True
    starting_scores: tuple[int, ...] = ()
    # -- rules other programs play (issue 25) ---------------------------------------------
    #: Zilch's counter (playr's Zilch): a throw of six dice in which nothing else scores is
    #: worth this much, all six frozen, and six fresh dice come as after a corner (None: not
    #: in the game; then such a throw is trash).
    no_score_six: int | None = None
    #: The dice in play: 6, or 5 for the five-dice game (a corner gives five fresh dice).
    dice: int = 6

    def __post_init__(self) -> None:
        for name, (low, high) in NUMBER_LIMITS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                # Translators: {name} is a setting's key in a rule file (game_point), kept as
                # it is.
                raise ValueError(_("{name} must be a whole number, not {value}").format(
                    name=name, value=f"{value!r:.40}"))
            if not low <= value <= high:
                raise ValueError(_("{name} must be between {low} and {high}; it is {value}")
                                 .format(name=name, low=number(low), high=number(high),
                                         value=number(value)))
            if value % 50:
                raise ValueError(_("{name} must be a multiple of 50; it is {value}").format(
                    name=name, value=number(value)))
        if not _whole(self.dice) or self.dice not in (5, 6):  # (6.0 would break the engine)
            raise ValueError(_bad_field("dice", self.dice, _("5 or 6")))
        problem = contradiction(self)
        if problem is not None:
            raise ValueError(problem)

    # -- the scoring language ------------------------------------------------------------

    @property
    def singles(self) -> tuple[int, int, int, int, int, int]:
        """The points of a lone die of each face, 1 to 6 (0: it does not score alone)."""
        return (self.single_one, self.single_two, self.single_three, self.single_four,
                self.single_five, self.single_six)

    def kind_values(self) -> KindTable:
        """Three, four, five and six of a kind for each face 1 to 6 (None: not a counter).

        An explicit :attr:`kinds` table wins; otherwise the classic fields fill it: triplets
        worth ``triplet_ones`` and 100 x face, then doubling or the fixed values (D-4).
        """
        if self.kinds is not None:
            return self.kinds
        fixed = (self.four_of_a_kind, self.five_of_a_kind, self.six_of_a_kind)
        rows: list[Any] = []
        for face in range(1, 7):
            base = self.triplet_ones if face == 1 else 100 * face
            if self.kind_doubling:
                rows.append((base, base * 2, base * 4, base * 8))
            else:
                rows.append((base,) + fixed)
        return tuple(rows)

    @property
    def first_throw_matters(self) -> bool:
        """Whether some counter counts only on the first throw of a turn (D-2)."""
        six = self.six_dice_first_throw_only and (
            self.straight is not None or self.three_pairs is not None
            or self.two_triplets is not None or self.four_and_pair is not None)
        short = self.short_straights_first_throw_only and (
            self.short_straight_low is not None or self.short_straight_high is not None)
        return six or short

    def starting_score(self, seat: int) -> int:
        """The board score a seat starts the game with (a handicap; 0 when not given)."""
        return self.starting_scores[seat] if seat < len(self.starting_scores) else 0

    # -- options -------------------------------------------------------------------------

    @property
    def options(self) -> tuple[str, ...]:
        """The options switched on, by their command-line names."""
        return tuple(name for name in OPTION_NAMES if getattr(self, _attr(name)))

    def with_options(self, *names: str, **changes: Any) -> Rules:
        """A copy with the named options switched on and other fields changed."""
        for name in names:
            if name not in OPTION_NAMES:
                raise ValueError(_("unknown option {name}; choose from {options}").format(
                    name=f"{name!r:.40}", options=", ".join(OPTION_NAMES)))
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
            raise ValueError(_("a game has 1 to 9 seats, not {count}").format(count=count))
        if len(self.starting_scores) > count:
            raise ValueError(_("these rules give starting scores to {given} seats, but the "
                               "game has {count}").format(given=len(self.starting_scores),
                                                          count=count))
        if self.mutant_trash and count != 2:
            raise ValueError(_("Mutant Trash is for exactly two seats, not {count}").format(
                count=count))

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
            self.singles,
            self.kinds,
            self.four_and_pair,
            self.short_straight_low,
            self.short_straight_high,
            self.short_straights_first_throw_only,
            self.short_straights_six_dice_only,
            self.no_score_six,
            self.dice,
        )

    @property
    def label(self) -> str:
        """A short human name: the title with the options and any changed numbers, in the
        language in use ("Trash 5000, to 6,000, pyramiding")."""
        parts = [self.shown_title]
        if self._point_changed():
            # Translators: a changed game point in a rule set's name ("Farkle, to 5,000").
            parts.append(_("to {points}").format(points=number(self.game_point)))
        parts.extend(_(OPTION_TITLES[name]) for name in self.options)
        return ", ".join(parts)

    @property
    def plain_label(self) -> str:
        """:attr:`label` without the game point, for a sentence that says it itself
        ("Challenge: {rules} to {points}...")."""
        return ", ".join([self.shown_title, *(_(OPTION_TITLES[name]) for name in self.options)])

    @property
    def stored_label(self) -> str:
        """:attr:`label` in English whatever the language in use: the name kept with data
        (the history's games, their CSV export), so one rule set has one name there."""
        parts = [self.title]
        if self._point_changed():
            parts.append(f"to {self.game_point:,}")
        parts.extend(OPTION_TITLES[name] for name in self.options)
        return ", ".join(parts)

    def _point_changed(self) -> bool:
        """Whether a label adds the game point: it differs from the preset's, and the rule
        set's own name does not already say it ("Farkle to 1,500", "Trash 1.500")."""
        base = PRESETS.get(self.preset)
        if base is None or base.game_point == self.game_point:
            return False
        said = (re.sub(r"\D", "", n) for n in _NUMBERS.findall(self.title))
        return str(self.game_point) not in said

    @property
    def shown_title(self) -> str:
        """The title in the language in use: a preset's title translated, a rule set's own
        name as its author wrote it."""
        base = PRESETS.get(self.preset)
        if base is not None and base.title == self.title:
            return _(self.title)
        return self.title

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able description (the preset plus every field).

        Fields of the rules language that still have their default are left out, so a save
        of a preset reads exactly as it did before the language grew.
        """
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in LANGUAGE_FIELDS and value == f.default:
                continue
            if isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild from :meth:`to_dict`; raises ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError(_("rules must be a JSON object"))
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - set(names)
        if unknown:
            raise ValueError(_("unknown rule fields: {fields}").format(
                fields=", ".join(sorted(unknown))))
        preset = data.get("preset")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise ValueError(_("unknown preset {preset}").format(preset=f"{preset!r:.40}"))
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key in LANGUAGE_FIELDS:
                values[key] = _language_value(key, value)
                continue
            default = getattr(PRESETS[preset], key)
            if isinstance(default, bool):
                ok, expected = isinstance(value, bool), _("true or false")
            elif isinstance(default, str):
                ok = isinstance(value, str) and len(value) <= 80 and is_plain(value)
                expected = _("a short line of plain text")
            else:
                nullable = key in NULLABLE_COUNTERS
                ok = value is None and nullable or _whole(value) and 0 <= value <= _POINTS
                expected = _whole_words(0, _POINTS, nullable=nullable)
            if not ok:
                raise ValueError(_bad_field(key, value, expected))
            values[key] = value
        return dataclasses.replace(PRESETS[preset], **values)


#: Three, four, five and six of a kind (None: not a counter) for each face 1 to 6.
KindTable = tuple[tuple["int | None", "int | None", "int | None", "int | None"], ...]

#: The fields the rules language added; saves leave them out while they are at default.
LANGUAGE_FIELDS = frozenset({
    "single_two", "single_three", "single_four", "single_six", "kinds", "four_and_pair",
    "short_straight_low", "short_straight_high", "short_straights_first_throw_only",
    "trash_run", "trash_penalty", "score_floor", "catch_up", "starting_scores",
    "short_straights_six_dice_only", "no_score_six", "dice",
})

_POINTS = 1_000_000  # no counter, penalty or start is worth more


def _whole(value: Any) -> bool:
    """Whether ``value`` is a whole number in JSON's sense here: an int, never a float that
    happens to be whole (6.0) nor a bool (true is 1 to Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _points(value: Any, *, nullable: bool = False, low: int = 0) -> bool:
    if value is None:
        return nullable
    return _whole(value) and low <= value <= _POINTS and value % 50 == 0


def _whole_words(low: int, high: int, *, nullable: bool = False, points: bool = False) -> str:
    """What a number field must be, in words ("a whole number from 0 to 1,000,000")."""
    if points:
        # Translators: what a field of the rules must be (after "... must be").
        text = (_("a multiple of 50 from {low} to {high}, or null") if nullable
                else _("a multiple of 50 from {low} to {high}"))
    else:
        # Translators: what a field of the rules must be (after "... must be").
        text = (_("a whole number from {low} to {high}, or null") if nullable
                else _("a whole number from {low} to {high}"))
    return text.format(low=number(low), high=number(high))


def _language_value(key: str, value: Any) -> Any:
    """Check one field of the rules language from JSON; the value as the dataclass keeps it.
    A float is never taken for a whole number, nor a bool for a number (``6.0``, ``true``)."""
    ok: bool
    if key in ("short_straights_first_throw_only", "catch_up",
               "short_straights_six_dice_only"):
        ok, expected = isinstance(value, bool), _("true or false")
    elif key == "dice":
        # Translators: what the rules' number of dice must be (after "dice must be").
        ok, expected = _whole(value) and value in (5, 6), _("5 or 6")
    elif key == "trash_run":
        ok, expected = _whole(value) and 2 <= value <= 9, _whole_words(2, 9)
    elif key == "score_floor":
        ok = _points(value, nullable=True, low=-_POINTS) and (value is None or value <= 0)
        expected = _whole_words(-_POINTS, 0, nullable=True, points=True)
    elif key in ("four_and_pair", "short_straight_low", "short_straight_high",
                 "no_score_six"):
        ok, expected = _points(value, nullable=True), _whole_words(0, _POINTS, nullable=True,
                                                                   points=True)
    elif key == "kinds":
        if value is None:
            return None
        ok = (isinstance(value, list | tuple) and len(value) == 6
              and all(isinstance(row, list | tuple) and len(row) == 4
                      and all(_points(v, nullable=True) for v in row) for row in value))
        # Translators: what the rules' table of kinds must be (after "kinds must be").
        expected = _("six rows of four values, each a multiple of 50 or null")
        if ok:
            return tuple(tuple(row) for row in value)
    elif key == "starting_scores":
        ok = (isinstance(value, list | tuple) and len(value) <= 9
              and all(_points(v) for v in value))
        # Translators: what the rules' starting scores must be (after "... must be").
        expected = _("a list of at most nine multiples of 50")
        if ok:
            return tuple(value)
    else:
        ok, expected = _points(value), _whole_words(0, _POINTS, points=True)
    if not ok:
        raise ValueError(_bad_field(key, value, expected))
    return value


def _bad_field(key: str, value: Any, expected: str) -> str:
    # Translators: {key} is the field's name in the save (kept as it is), {expected} what it
    # must be ("5 or 6", "true or false"), {value} the value the file holds.
    return _("{key} must be {expected}, not {value}").format(key=key, expected=expected,
                                                             value=f"{value!r:.60}")


#: Options that do not go together, and why (translated where shown): in each pair the
#: second would do nothing under the first, so a game with both would mislead its players.
OPTION_CLASHES: tuple[tuple[str, str, str], ...] = (
    ("rotary-club", "surpassing",
     # Translators: why Rotary Club and surpassing cannot be played together.
     N_("in Rotary Club nobody banks, so there is no bank to surpass")),
    ("rotary-club", "three-trash",
     # Translators: why Rotary Club and the three-trash penalty cannot be played together.
     N_("in Rotary Club every turn ends in trash, so the penalty would strike every third "
        "turn")),
)


#: Options that do go with Rotary Club, as the manual has them, but play there in a way a
#: player would not guess, and how (translated where shown): beside OPTION_CLASHES in the
#: new-game dialog and in a written rule file.
OPTION_MIXTURES: tuple[tuple[str, str, str], ...] = (
    ("rotary-club", "mutant-trash",
     # Translators: how Mutant Trash plays in Rotary Club (where the lowest score wins).
     N_("the play area's points go onto the other player's score, which counts against "
        "them (the lowest score wins); only a turn that ends in trash before its first "
        "corner plays a die")),
    ("rotary-club", "challenging",
     # Translators: how challenging plays in Rotary Club (where the lowest score wins).
     N_("what you peg also comes off the rival's score, and a trash penalty lowers your "
        "own score, which helps you")),
)


def _partner(option: str, chosen: Iterable[str],
             pairs: tuple[tuple[str, str, str], ...]) -> tuple[str, str] | None:
    """The first option of ``chosen`` paired with ``option`` in ``pairs``, and why."""
    for first, second, why in pairs:
        pair = {first, second}
        if option in pair:
            other = (pair - {option}).pop()
            if other in chosen:
                return other, why
    return None


def plays_with(option: str, chosen: Iterable[str]) -> str | None:
    """How ``option`` plays under an option of ``chosen`` that changes it
    (``OPTION_MIXTURES``: Mutant Trash and challenging under Rotary Club), as a short line
    ("with Rotary Club: ..."), or None."""
    chosen = tuple(chosen)
    for first, second, how in OPTION_MIXTURES:
        if option == second and first in chosen:
            # Translators: the help of an option's check box when an option that changes
            # how it plays is ticked; {option} is that option, {how} what it does then.
            return _("with {option}: {how}").format(option=_(OPTION_TITLES[first]),
                                                     how=_(how))
    return None


def clashes_with(option: str, chosen: Iterable[str]) -> str | None:
    """Why ``option`` cannot be played with one of the options ``chosen``, as a short line
    ("not with Rotary Club: ..."), or None when it can."""
    found = _partner(option, tuple(chosen), OPTION_CLASHES)
    if found is None:
        return None
    other, why = found
    # Translators: the help of an option's check box that cannot be played with another
    # option ticked; {option} is that option, {why} the reason.
    return _("not with {option}: {why}").format(option=_(OPTION_TITLES[other]), why=_(why))


def option_clash(options: Iterable[str]) -> str | None:
    """The sentence saying which two of ``options`` (command-line names) do not go together
    and why, or None."""
    chosen = set(options)
    for first, second, why in OPTION_CLASHES:
        if first in chosen and second in chosen:
            # Translators: {first} and {second} are options ("Rotary Club", "surpassing").
            return _("{first} and {second} do not go together: {why}").format(
                first=_(OPTION_TITLES[first]), second=_(OPTION_TITLES[second]), why=_(why))
    return None


def contradiction(rules: Rules) -> str | None:
    """The sentence saying why two settings of a rule set contradict, or None."""
    clash = option_clash(rules.options)
    if clash is not None:
        return clash
    if rules.kinds is not None and (rules.kind_doubling or rules.four_of_a_kind is not None
                                    or rules.five_of_a_kind is not None
                                    or rules.six_of_a_kind is not None):
        return _("a rule set with its own table of kinds cannot also use doubling or fixed "
                 "four, five and six of a kind values; put them in the table")
    if not any(rules.singles) and not any(v for row in rules.kind_values() for v in row if v):
        return _("nothing scores: give some single face or some of a kind a value")
    if any(start >= rules.game_point for start in rules.starting_scores):
        return _("a starting score must be below the game point")
    if rules.score_floor is not None and rules.score_floor > 0:
        return _("the lowest score cannot be above zero")
    if rules.dice != 6:
        if rules.dice != 5:
            return _("a game has five or six dice, not {count}").format(count=rules.dice)
        if rules.pyramiding or rules.mutant_trash:
            return _("the five-dice game is played without pyramiding and Mutant Trash")
        if rules.no_score_six is not None:
            return _("the counter for six dice in which nothing scores needs six dice")
        if rules.short_straights_six_dice_only:
            return _("with five dice, short straights cannot count only on a throw of six")
    if rules.rotary_club and not rules.catch_up:
        return _("in Rotary Club the lowest score wins, so reaching the game point cannot "
                 "win the game at once")
    return None


def _attr(option: str) -> str:
    return option.replace("-", "_")


#: The options' names as a player reads them, in English: translate where shown,
#: ``_(OPTION_TITLES[name])``.
OPTION_TITLES: dict[str, str] = {
    "pyramiding": N_("pyramiding"),
    "surpassing": N_("surpassing"),
    "challenging": N_("challenging"),
    "rotary-club": N_("Rotary Club"),
    "mutant-trash": N_("Mutant Trash"),
    "three-trash": N_("three-trash penalty"),
}

_TRASH: dict[str, Any] = dict(corner_throw_mandatory=True, opening_minimum=500, minimum=350)

PRESETS: dict[str, Rules] = {
    "ten-thousand": Rules(
        preset="ten-thousand",
        # Translators: the game's name, and the name of its own rule set.
        title=N_("Ten-Thousand"),
        kind_doubling=True,
        three_pairs=1000,
        three_pairs_distinct=True,  # D-3
        six_dice_first_throw_only=True,  # D-2
        game_point=10000,
    ),
    "trash-5000": Rules(preset="trash-5000", title=N_("Trash 5000"), game_point=5000, **_TRASH),
    "trash-10000": Rules(
        preset="trash-10000",
        title=N_("Trash 10000"),
        three_pairs=2000,
        two_triplets=3000,
        game_point=10000,
        **_TRASH,
    ),
    "trash-15000": Rules(
        preset="trash-15000",
        title=N_("Trash 15000"),
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
        title=N_("Farkle"),
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
