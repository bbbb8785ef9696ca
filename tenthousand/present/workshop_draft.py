"""The rules workshop's pure part: a rule set as the texts of its fields, read back with a
message per field, and the figures the workshop shows (no tkinter here).

A :class:`Draft` maps every field name of the workshop to the text in its box (numbers) or
to a bool (check boxes).  :func:`read_draft` turns it into a :class:`~tenthousand.files.rulefile.
RuleSet`, or gives one short message per field that is wrong, plus the sentence of
:func:`~tenthousand.model.rules.contradiction` under ``"rules"`` when two settings clash.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..files import rulefile
from ..files.rulefile import RuleSet
from ..i18n import N_, _, decimal, number, percent
from ..model.rules import OPTION_NAMES, OPTION_TITLES, PRESETS, Rules

Draft = dict[str, "str | bool"]

FACES = ("ones", "twos", "threes", "fours", "fives", "sixes")
SINGLES = ("single_one", "single_two", "single_three", "single_four", "single_five",
           "single_six")
# Translators: the column heads of the workshop's table of kinds: three (four, five, six)
# dice of one face.
KIND_COLUMNS = (N_("three"), N_("four"), N_("five"), N_("six"))
#: The combinations: field, label with its access key (marked only: translated where shown).
# Translators: the labels of the workshop's Combinations page. The letter after & is the
# access key (Alt+letter): no letter twice on the page, nor one of the page's neighbours
# (Start from, Name, Description, the tabs and the buttons).
COMBINATIONS: tuple[tuple[str, str], ...] = (
    ("straight", N_("Strai&ght 1-2-3-4-5-6")),
    ("short_straight_low", N_("Short straight &1-2-3-4-5")),
    ("short_straight_high", N_("Short straight &2-3-4-5-6")),
    ("three_pairs", N_("T&hree pairs")),
    ("two_triplets", N_("T&wo triplets")),
    ("four_and_pair", N_("Four of a &kind plus a pair")),
    # Translators: Zilch's counter: six dice thrown and nothing in them scores.
    ("no_score_six", N_("&6 dice, nothing scores (Zilch)")),
)
COMBINATION_FLAGS: tuple[tuple[str, str], ...] = (
    ("three_pairs_distinct", N_("Three pairs must be three different &values")),
    ("six_dice_first_throw_only", N_("Six-dice counters onl&y on the first throw of a turn")),
    ("short_straights_first_throw_only",
     N_("Short str&aights only on the first throw of a turn")),
    ("short_straights_six_dice_only", N_("Short straights co&unt only when six dice are thrown")),
)
TURN_NUMBERS = ("opening_minimum", "minimum", "trash_penalty")
OPTIONS = tuple(name.replace("-", "_") for name in OPTION_NAMES)
MAX_POINTS = 1_000_000
MAX_NAME = 40


def kind_field(face: int, column: int) -> str:
    """The field of ``column + 3`` of a kind of ``face`` (1-6): ``kind_1_3``."""
    return f"kind_{face}_{column + 3}"


def draft_of(rules: Rules, name: str | None = None, description: str = "") -> Draft:
    """The workshop's fields filled from a rule set."""
    d: Draft = {"name": rules.title if name is None else name, "description": description,
                "base": rules.preset}
    for field, value in zip(SINGLES, rules.singles, strict=True):
        d[field] = _text(value)
    for face, row in enumerate(rules.kind_values(), 1):
        for column, kind in enumerate(row):
            d[kind_field(face, column)] = _text(kind)
    for field, _label in COMBINATIONS:
        d[field] = _text(getattr(rules, field))
    for field, _label in COMBINATION_FLAGS:
        d[field] = getattr(rules, field)
    for field in TURN_NUMBERS:
        d[field] = _text(getattr(rules, field))
    d["game_point"] = _text(rules.game_point)
    d["trash_run"] = str(rules.trash_run)
    d["score_floor"] = "" if rules.score_floor is None else str(rules.score_floor)
    d["corner_throw_mandatory"] = rules.corner_throw_mandatory
    d["five_dice"] = rules.dice == 5
    d["catch_up"] = rules.catch_up
    d["starting_scores"] = ", ".join(str(v) for v in rules.starting_scores)
    for option in OPTIONS:
        d[option] = getattr(rules, option)
    return d


def _text(value: int | None) -> str:
    return "0" if value is None else str(value)


def fill_kinds(draft: Draft, shortcut: str) -> Draft:
    """The draft with its kinds table filled by a shortcut from its triplet column."""
    triplets = []
    for face in range(1, 7):
        value = parse_points(str(draft[kind_field(face, 0)]))
        triplets.append(value if isinstance(value, int) else 0)
    out = dict(draft)
    for face, row in enumerate(rulefile.kind_table(shortcut, tuple(triplets)), 1):
        for column, kind in enumerate(row):
            out[kind_field(face, column)] = _text(kind)
    return out


def parse_points(text: str, *, low: int = 0, high: int = MAX_POINTS) -> int | str:
    """A number of points from a box, or the message saying what is wrong with it."""
    group = number(1000)[1:-3]  # the language's thousands mark: "1.500" in German
    cleaned = text.strip().replace(",", "").replace("_", "")
    for mark in {group, " ", "\u00a0", "\u202f"}:
        cleaned = cleaned.replace(mark, "")
    if not cleaned:
        return 0 if low <= 0 <= high else _("a number from {low} to {high}").format(
            low=number(low), high=number(high))
    try:
        value = int(cleaned)
    except ValueError:
        # Translators: a message beside a box of the workshop (short).
        return _("a whole number, please")
    if not low <= value <= high:
        # Translators: a message beside a box of the workshop: the number allowed.
        return _("from {low} to {high}").format(low=number(low), high=number(high))
    if value % 50:
        return _("a multiple of 50")
    return value


def _starting_scores(text: str) -> tuple[int, ...] | str:
    parts = [p for p in text.replace(";", ",").split(",") if p.strip()]
    if len(parts) > 9:
        return _("at most nine seats")
    out = []
    for part in parts:
        value = parse_points(part)
        if isinstance(value, str):
            # Translators: a message beside the starting scores: '75': a multiple of 50.
            return _("{value}: {problem}").format(value=repr(part.strip()), problem=value)
        out.append(value)
    return tuple(out)


def read_draft(draft: Mapping[str, str | bool]) -> tuple[RuleSet | None, dict[str, str]]:
    """The rule set the fields describe, or a message per field (and ``"rules"`` for a
    contradiction between two settings)."""
    errors: dict[str, str] = {}
    values: dict[str, Any] = {}

    def points(field: str, low: int = 0, high: int = MAX_POINTS) -> int:
        value = parse_points(str(draft[field]), low=low, high=high)
        if isinstance(value, str):
            errors[field] = value
            return 0
        return value

    name = str(draft["name"]).strip()
    if not name:
        errors["name"] = _("give the rule set a name")
    elif len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
        errors["name"] = _("plain text of at most {count} letters").format(count=MAX_NAME)
    description = str(draft["description"]).strip()
    if len(description) > 400:
        errors["description"] = _("at most {count} letters").format(count=400)
    base = str(draft["base"])
    if base not in PRESETS:
        errors["base"] = _("choose a preset")
        base = "ten-thousand"
    for field in SINGLES:
        values[field] = points(field)
    kinds = tuple(tuple(points(kind_field(face, c)) or None for c in range(4))
                  for face in range(1, 7))
    for field, _label in COMBINATIONS:
        values[field] = points(field) or None
    for field, _label in COMBINATION_FLAGS:
        values[field] = bool(draft[field])
    values["opening_minimum"] = points("opening_minimum", high=100_000)
    values["minimum"] = points("minimum", high=100_000)
    values["trash_penalty"] = points("trash_penalty")
    values["game_point"] = points("game_point", low=50)
    _read_turn_extras(draft, values, errors)
    for option in OPTIONS:
        values[option] = bool(draft[option])
    if errors:
        return None, errors
    try:
        rules = rulefile.canonical(dataclasses.replace(
            PRESETS[base], title=name, kinds=kinds,  # type: ignore[arg-type]
            kind_doubling=False, four_of_a_kind=None,
            five_of_a_kind=None, six_of_a_kind=None, triplet_ones=kinds[0][0] or 0,
            **values))
    except ValueError as e:
        return None, {"rules": _capital(str(e))}
    return RuleSet(rules, description), {}


def _read_turn_extras(draft: Mapping[str, str | bool], values: dict[str, Any],
                      errors: dict[str, str]) -> None:
    run = str(draft["trash_run"]).strip()
    if run.isdigit() and 2 <= int(run) <= 9:
        values["trash_run"] = int(run)
    else:
        errors["trash_run"] = _("a whole number from 2 to 9")
    floor_text = str(draft["score_floor"]).strip()
    if floor_text:
        floor = parse_points(floor_text, low=-MAX_POINTS, high=0)
        if isinstance(floor, str):
            # Translators: beside the lowest score: "empty, or from -1,000,000 to 0".
            errors["score_floor"] = _("empty, or {problem}").format(problem=floor)
        else:
            values["score_floor"] = floor
    else:
        values["score_floor"] = None
    starts = _starting_scores(str(draft["starting_scores"]))
    if isinstance(starts, str):
        errors["starting_scores"] = starts
    else:
        values["starting_scores"] = starts
    values["corner_throw_mandatory"] = bool(draft["corner_throw_mandatory"])
    values["dice"] = 5 if draft.get("five_dice") else 6
    values["catch_up"] = bool(draft["catch_up"])


def _capital(sentence: str) -> str:
    sentence = sentence.replace("score_floor", "the lowest score")
    sentence = sentence.replace("game_point", "the game point")
    sentence = sentence.replace("opening_minimum", "the opening minimum")
    sentence = sentence.replace("minimum must", "the minimum must")
    text = sentence[:1].upper() + sentence[1:]
    return text if text.endswith(".") else text + "."


# -- the figures -------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """What a rule set gives, as the workshop shows it."""

    expected: float | None  # the expected score of a turn on the board (None: no banking)
    expected_opening: float | None  # the same while getting on the board
    trash_six: float  # the chance that six dice thrown score nothing
    note: str = ""  # why a figure is missing (marked only: translated where shown)
    #: What keeps a game under these rules from ending as it should (translated already).
    warnings: tuple[str, ...] = ()
    #: The chance that six dice after a corner score nothing, where it is not the first
    #: throw's (a counter only on a turn's first throw, D-2); None where they are alike.
    trash_corner: float | None = None


def figures(rules: Rules) -> Figures:
    """The exact expected turn score and the chance of trash on six dice (can take a
    second for a new scoring: run it off the Tk thread)."""
    from ..model.rule_checks import never_trash, warnings
    from ..solver import card

    trash = card.trash_chance(rules)
    corner = card.trash_chance(rules, first_throw=False) if rules.first_throw_matters else None
    if corner == trash:
        corner = None
    warned = tuple(warnings(rules))
    # Only when no throw of any kind can fail (the first throw, six fresh dice after a
    # corner, fewer dice) does throwing on never end: six dice that never fail on the first
    # throw may still fail after a corner (three pairs count on the first throw alone, D-2),
    # and with Zilch's counter fewer dice still trash.
    if never_trash(rules):
        return Figures(None, None, trash, N_("Six dice can never be trash, so a turn can go "
                                             "on for ever and has no average score."),
                       warned, corner)
    if rules.rotary_club:
        return Figures(card.expected_turn_score(rules), None, trash,
                       N_("In Rotary Club nobody banks: this is the points a turn pegs."),
                       warned, corner)
    on_board = card.expected_turn_score(rules, on_board=True)
    opening = card.expected_turn_score(rules, on_board=False)
    return Figures(on_board, opening, trash, warnings=warned, trash_corner=corner)


def figures_text(f: Figures) -> list[str]:
    """The figures as lines for the workshop, its warnings first."""
    lines = list(f.warnings)
    if f.expected is not None:
        lines.append(_("A turn scores {points} points on average, played for the most "
                       "points.").format(points=decimal(f.expected, 1)))
    if f.expected_opening is not None and f.expected_opening != f.expected:
        lines.append(_("Getting on the board: {points} on average.").format(
            points=decimal(f.expected_opening, 1)))
    if f.trash_six:
        # Translators: {chance} is a percentage, {one_in} a whole number: "(1 in 43)".
        lines.append(_("Six dice thrown are trash {chance} of the time (1 in {one_in})."
                       ).format(chance=percent(f.trash_six, 2),
                                one_in=number(1 / f.trash_six)))
    elif f.trash_corner is not None:
        lines.append(_("Six dice are never trash on a turn's first throw."))
    else:
        lines.append(_("Six dice thrown are never trash."))
    if f.trash_corner:  # (three pairs count only on a turn's first throw: 2 2 3 3 4 4)
        # Translators: as "Six dice thrown are trash ..." for six fresh dice after a corner.
        lines.append(_("Six dice after a corner are trash {chance} of the time "
                       "(1 in {one_in}).").format(chance=percent(f.trash_corner, 2),
                                                  one_in=number(1 / f.trash_corner)))
    if f.note:
        lines.append(_(f.note))
    return lines


def solvable(rules: Rules) -> str | None:
    """Why perfect play cannot be solved for these rules here, or None when it can."""
    if rules.options:
        from ..solver.cache import unsolvable

        titles = ", ".join(_(OPTION_TITLES[name]) for name in rules.options)
        problem = unsolvable(rules)
        if problem is None:  # the trash penalty, surpassing, challenging: solved in a game
            return _("Here the first player's chance is worked out for rules without options; "
                     "with {options}, Perfect solves these rules when a two-player game with "
                     "them starts.").format(options=titles)
        return _("Perfect play is not solved for these rules: {reason}.").format(
            reason=problem)
    if len(rules.starting_scores) > 2:
        return _("Perfect play is solved for two players: give at most two starting scores.")
    if rules.game_point > 20_000:
        return _("The game point is too high to solve here ({points} at most).").format(
            points=number(20_000))
    return None


def first_player_chance(rules: Rules, win: Any) -> float:
    """The first player's chance under perfect play from a solution's ``win`` array, from
    the starting scores of the two seats (the seat that starts is drawn, D-7)."""
    a, b = (rules.starting_score(seat) // 50 for seat in (0, 1))
    return float(win[0, a, b] + win[1, a, b]) / 2


def plays_on_table(name: str, on_table: Rules | None) -> bool:
    """Whether a rule set saved as ``name`` has the name of the rules of the game on the
    table (a saved set's title is its name; that game keeps the rules it began with)."""
    return on_table is not None and on_table.title.casefold() == name.casefold()


def replace_question(name: str, on_table: Rules | None) -> str:
    """The question before a saved rule set called ``name`` is replaced; it says what
    becomes of the game on the table when that game plays the set."""
    question = _("A saved rule set is already called \u201c{name}\u201d (or has a name that "
                 "makes the same file). Replace it with these rules?").format(name=name)
    if not plays_on_table(name, on_table):
        return question
    # Translators: added to the question above when a game with the saved set's rules is
    # on the table.
    return _("{question} The game on the table goes on with the rules it began with; these "
             "play from the next new game.").format(question=question)
