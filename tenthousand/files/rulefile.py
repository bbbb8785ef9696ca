"""Rule files: a rule set as a TOML text a person can read, edit and share.

A file names its rules, describes them and says which preset it started from (``base``);
every value is then written out in four tables: ``[scoring]``, ``[turn]``, ``[end]`` and
``[options]``.  TOML has no "nothing", so a counter the rules do not have is worth 0.

Reading checks everything before it builds anything: a damaged or hostile file raises
:class:`RuleFileError` with the line and one sentence, and no half-read rule set exists.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import N_, _, number
from ..model.rules import (
    OPTION_CLASHES,
    OPTION_MIXTURES,
    OPTION_TITLES,
    PRESETS,
    KindTable,
    Rules,
)
from ..model.text import is_plain

FORMAT = 1
MAX_BYTES = 64 * 1024  # a rule file is a page of text; anything bigger is not one
SUFFIX = ".toml"

#: The ways to fill the table of kinds from the six triplet values (marked only: the
#: workshop translates them where it shows them; the keys are the rule file's words).
KIND_SHORTCUTS: dict[str, str] = {
    # Translators: the ways to fill the workshop's table of kinds from its first column.
    "doubling": N_("each extra die doubles the group"),
    "adding": N_("each extra die adds the triplet's value"),
    "fixed": N_("four, five and six of a kind are 1,000, 2,000 and 3,000"),
    "1992": N_("the 1992 Ten-Thousand table: three 1s 1,000, each extra die doubles"),
    "1989": N_("the 1989 Trash table: a triplet is exactly three dice"),
}
CLASSIC_TRIPLETS = (1000, 200, 300, 400, 500, 600)


class RuleFileError(ValueError):
    """A rule file that cannot be used: ``line`` (0 when unknown) and a sentence."""

    def __init__(self, sentence: str, line: int = 0, file: str = "") -> None:
        self.sentence = sentence
        self.line = line
        self.file = file
        if file and line:
            # Translators: a bad rule file's problem: "house.toml, line 12: ..."
            text = _("{file}, line {line}: {sentence}")
        elif line:
            text = _("line {line}: {sentence}")
        else:
            text = "{file}: {sentence}" if file else "{sentence}"
        super().__init__(text.format(file=file, line=line, sentence=sentence))


@dataclass(frozen=True)
class RuleSet:
    """A named rule set with its description, as a file holds it."""

    rules: Rules
    description: str = ""

    @property
    def name(self) -> str:
        return self.rules.title


def kind_table(shortcut: str, triplets: tuple[int, ...] = CLASSIC_TRIPLETS) -> KindTable:
    """Three to six of a kind for each face from six triplet values and a shortcut."""
    if shortcut not in KIND_SHORTCUTS:
        raise ValueError(f"unknown way to fill the kinds: {shortcut!r}; "
                         f"choose from {', '.join(KIND_SHORTCUTS)}")
    if shortcut in ("1992", "1989"):
        triplets = CLASSIC_TRIPLETS
    rows = []
    for base in triplets:
        if shortcut in ("doubling", "1992"):
            rows.append((base, base * 2, base * 4, base * 8))
        elif shortcut == "adding":
            rows.append((base, base * 2, base * 3, base * 4))
        elif shortcut == "fixed":
            rows.append((base, 1000, 2000, 3000))
        else:
            rows.append((base, None, None, None))  # type: ignore[arg-type]
    return tuple(rows)


def canonical(rules: Rules) -> Rules:
    """The same rules written the way the presets write them, so equal rules compare equal.

    A table of kinds that doubling or fixed values produce becomes those fields again.
    """
    table = rules.kind_values()
    plain = dataclasses.replace(rules, kinds=None, kind_doubling=False, four_of_a_kind=None,
                                five_of_a_kind=None, six_of_a_kind=None)
    triplets = [row[0] for row in table]
    if triplets[0] is not None and triplets[1:] == [200, 300, 400, 500, 600]:
        tries = [dataclasses.replace(plain, triplet_ones=triplets[0], kind_doubling=True),
                 dataclasses.replace(plain, triplet_ones=triplets[0],
                                     four_of_a_kind=table[1][1], five_of_a_kind=table[1][2],
                                     six_of_a_kind=table[1][3])]
        for candidate in tries:
            if candidate.kind_values() == table:
                return candidate
    return dataclasses.replace(plain, kinds=table, triplet_ones=table[0][0] or 0)


# -- writing ----------------------------------------------------------------------------


def _n(value: int | None) -> str:
    return "0" if value is None else str(value)


def dumps(rules: Rules, description: str = "") -> str:
    """The rule file text of a rule set (every value written out), section by section."""
    lines = [
        "# A Ten-Thousand rule set. Edit the values and load it with --rules-file.",
        "# Points are multiples of 50; a counter worth 0 is not in the game.",
        f"format = {FORMAT}",
        f"name = {_quote(rules.title)}",
        f"description = {_quote(description)}",
        f"base = {_quote(rules.preset)}",
        "",
        *_scoring_lines(rules),
        "",
        *_turn_lines(rules),
        "",
        *_end_lines(rules),
    ]
    return "\n".join(lines) + "\n"


def _scoring_lines(rules: Rules) -> list[str]:
    """``[scoring]``: the singles, the kinds of each face and the combinations."""
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    return [
        "[scoring]",
        "# a single die of each face, 1 to 6",
        f"singles = [{', '.join(str(v) for v in rules.singles)}]",
        "",
        "# three, four, five and six of a kind of each face",
        "[scoring.kinds]",
        *(f"{name} = [{', '.join(_n(v) for v in row)}]"
          for name, row in zip(names, rules.kind_values(), strict=True)),
        "",
        "[scoring.combinations]",
        f"straight = {_n(rules.straight)}  # 1-2-3-4-5-6",
        f"short_straight_low = {_n(rules.short_straight_low)}  # 1-2-3-4-5",
        f"short_straight_high = {_n(rules.short_straight_high)}  # 2-3-4-5-6",
        f"three_pairs = {_n(rules.three_pairs)}",
        f"three_pairs_distinct = {_b(rules.three_pairs_distinct)}"
        "  # false: four of a kind plus a pair is three pairs too",
        f"two_triplets = {_n(rules.two_triplets)}",
        f"four_and_pair = {_n(rules.four_and_pair)}",
        f"no_score_six = {_n(rules.no_score_six)}"
        "  # six dice thrown and nothing scores (Zilch): then six fresh dice",
        f"six_dice_first_throw_only = {_b(rules.six_dice_first_throw_only)}",
        f"short_straights_first_throw_only = {_b(rules.short_straights_first_throw_only)}",
        f"short_straights_six_dice_only = {_b(rules.short_straights_six_dice_only)}"
        "  # true: also after a corner, never on fewer dice",
    ]


def _turn_lines(rules: Rules) -> list[str]:
    """``[turn]``: the dice, the minimums, the corner and the trash penalty."""
    return [
        "[turn]",
        f"dice = {rules.dice}  # 5: the five-dice game, a corner gives five fresh dice",
        f"opening_minimum = {rules.opening_minimum}  # to get on the board",
        f"minimum = {rules.minimum}  # for every bank after that",
        f"corner_throw_mandatory = {_b(rules.corner_throw_mandatory)}",
        "# with the three-trash option: this many trash turns in a row cost the penalty",
        f"trash_run = {rules.trash_run}",
        f"trash_penalty = {rules.trash_penalty}",
        f"lowest_score = {rules.score_floor}" if rules.score_floor is not None
        else "# lowest_score = -2500  # leave out: scores have no lower bound",
    ]


def _end_lines(rules: Rules) -> list[str]:
    """``[end]`` and ``[options]``."""
    return [
        "[end]",
        f"game_point = {rules.game_point}",
        f"catch_up = {_b(rules.catch_up)}  # false: the first to reach the game point wins",
        f"starting_scores = [{', '.join(str(v) for v in rules.starting_scores)}]"
        "  # by seat: a handicap",
        "",
        "[options]",
        *_clash_comments(),
        *(f"{name} = {_b(getattr(rules, name))}" for name in _OPTIONS),
    ]


def _clash_comments() -> list[str]:
    """Comments naming the options that do not go together, and why, and those that go
    together but play differently, and how (the file's comments are in English, like its
    keys)."""
    lines: list[str] = []
    for pairs, says in ((OPTION_CLASHES, "does not go with {seconds}:"),
                        (OPTION_MIXTURES, "goes with {seconds}, which play differently "
                                          "there:")):
        partners: dict[str, list[tuple[str, str]]] = {}
        for first, second, why in pairs:
            partners.setdefault(first, []).append((second.replace("-", "_"), why))
        for first, seconds in partners.items():
            names = [name for name, _why in seconds]
            lines.append(f"# {OPTION_TITLES[first]} "
                         + says.format(seconds=" or ".join(names) if pairs is OPTION_CLASHES
                                       else " and ".join(names)))
            for name, why in seconds:
                text = why if pairs is OPTION_CLASHES else f"{name}: {why}"
                lines += [f"#   {line}" for line in textwrap.wrap(text, 84,
                                                                  subsequent_indent="  ")]
    return lines


def _b(value: bool) -> str:
    return "true" if value else "false"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


_OPTIONS = ("pyramiding", "surpassing", "challenging", "rotary_club", "mutant_trash",
            "three_trash")

# -- reading ----------------------------------------------------------------------------

_TOP = {"format", "name", "description", "base", "scoring", "turn", "end", "options"}
_SCORING = {"singles", "kinds", "triplets", "combinations"}
_KIND_ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes")
_COMBINATIONS = {"straight", "short_straight_low", "short_straight_high", "three_pairs",
                 "two_triplets", "four_and_pair", "no_score_six"}
_COMBINATION_FLAGS = {"three_pairs_distinct", "six_dice_first_throw_only",
                      "short_straights_first_throw_only", "short_straights_six_dice_only"}
_TURN = {"opening_minimum", "minimum", "corner_throw_mandatory", "trash_run", "trash_penalty",
         "lowest_score", "dice"}
_END = {"game_point", "catch_up", "starting_scores"}


class _Reader:
    """Checks one parsed file, value by value, naming the line of anything wrong."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def line_of(self, section: str, key: str) -> int:
        """The line where ``key`` is set in ``[section]`` ('' for the top), or 0."""
        current = ""
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for found, line in enumerate(self.lines, 1):
            header = re.match(r"^\s*\[([^\]]+)\]", line)
            if header:
                current = header.group(1).strip()
                continue
            if current == section and pattern.match(line):
                return found
        for found, line in enumerate(self.lines, 1):  # an inline table or a dotted key
            if re.search(rf"\b{re.escape(key)}\b", line):
                return found
        return 0

    def fail(self, section: str, key: str, sentence: str) -> RuleFileError:
        return RuleFileError(sentence, self.line_of(section, key))

    def table(self, data: dict[str, Any], section: str, key: str,
              allowed: set[str]) -> dict[str, Any]:
        value = data.get(key, {})
        where = f"{section}.{key}" if section else key
        if not isinstance(value, dict):
            raise self.fail(section, key, _("{key} must be a table like [{table}]").format(
                key=key, table=where))
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(where, unknown[0], _("[{table}] has no setting called {key}").format(
                table=where, key=unknown[0]))
        return value

    def points(self, section: str, key: str, value: Any, *, low: int = 0,
               high: int = 1_000_000) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(section, key, _("{key} must be a whole number of points, not "
                                            "{value}").format(key=key, value=_short(value)))
        if not low <= value <= high:
            raise self.fail(section, key, _("{key} must be between {low} and {high}").format(
                key=key, low=number(low), high=number(high)))
        if value % 50:
            raise self.fail(section, key, _("{key} must be a multiple of 50; it is {value}"
                                            ).format(key=key, value=number(value)))
        return value

    def flag(self, section: str, key: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.fail(section, key, _("{key} must be true or false, not {value}").format(
                key=key, value=_short(value)))
        return value

    def row(self, section: str, key: str, value: Any, size: int, *, low: int = 0
            ) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) > size or (size == 6 and len(value) != 6
                                                                 and key != "starting_scores"):
            raise self.fail(section, key, _("{key} must be a list of {count} numbers").format(
                key=key, count=size))
        return tuple(self.points(section, key, v, low=low) for v in value)


def _short(value: object) -> str:
    """A value as the file may have written it, cut to a few words for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "\u2026"


def loads(text: str) -> RuleSet:
    """Read a rule file's text; raises :class:`RuleFileError` (line, sentence)."""
    if len(text.encode()) > MAX_BYTES:
        raise RuleFileError(_("a rule file is at most {size} KB; this is not one").format(
            size=MAX_BYTES // 1024))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        found = re.search(r"\(at line (\d+), column \d+\)", str(e))
        raise RuleFileError(_toml_sentence(str(e)),
                            int(found.group(1)) if found else 0) from None
    except RecursionError:  # arrays or tables nested thousands deep
        raise RuleFileError(_("this is not valid TOML: lists or tables are nested far too "
                              "deep"), _deepest_line(text)) from None
    except ValueError:  # a number of thousands of digits (Python's limit on int("..."))
        raise RuleFileError(_("this is not valid TOML: a number has far too many digits"),
                            _longest_number_line(text)) from None
    r = _Reader(text)
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise r.fail("", unknown[0], _("a rule file has no setting called {key}").format(
            key=unknown[0]))
    if data.get("format") != FORMAT:
        raise r.fail("", "format", _("the file must say format = {format} (it may come from "
                                     "a newer version of the game)").format(format=FORMAT))
    values: dict[str, Any] = {}
    name, description, base = (data.get(k, "") for k in ("name", "description", "base"))
    for key, text_value, size in (("name", name, 40), ("description", description, 400)):
        if not isinstance(text_value, str) or not text_value.strip() and key == "name":
            raise r.fail("", key, _("the rule set needs a {key} in quotes").format(key=key))
        if len(text_value) > size or not is_plain(text_value, newlines=key == "description"):
            raise r.fail("", key, _("the {key} must be plain text of at most {count} letters"
                                    ).format(key=key, count=size))
    if base not in PRESETS:
        raise r.fail("", "base", _("base must be one of {choices}").format(
            choices=", ".join(PRESETS)))
    values["preset"], values["title"] = base, name.strip()
    _read_scoring(r, data, values)
    _read_turn_and_end(r, data, values)
    options = r.table(data, "", "options", set(_OPTIONS))
    for key, value in options.items():
        values[key] = r.flag("options", key, value)
    try:
        rules_ = canonical(dataclasses.replace(PRESETS[base], **values))
    except ValueError as e:  # a number out of range or two settings that contradict
        raise RuleFileError(_sentence(str(e), values), _line_for(r, values)) from None
    return RuleSet(rules_, description)


def _deepest_line(text: str) -> int:
    """The line where the brackets of a text nest deepest (a rough count: the file is
    refused anyway, this only says where to look)."""
    depth = deepest = line = 0
    for number_, row in enumerate(text.splitlines(), 1):
        for ch in row:
            depth += ch in "[{"
            depth -= ch in "]}"
            if depth > deepest:
                deepest, line = depth, number_
    return line


def _longest_number_line(text: str) -> int:
    """The line that holds the longest run of digits (0 when there is none)."""
    best = line = 0
    for number_, row in enumerate(text.splitlines(), 1):
        for run in re.findall(r"[0-9_]+", row):
            if len(run) > best:
                best, line = len(run), number_
    return line


def _sentence(message: str, values: dict[str, Any]) -> str:
    del values  # the sentence names the setting as the file does
    return message.replace("score_floor", "lowest_score")


def _line_for(r: _Reader, values: dict[str, Any]) -> int:
    """The line of the setting that :class:`Rules` refused, found from the values (its
    sentence may be in any language), or 0."""
    from ..model.rules import NUMBER_LIMITS

    for key, (low, high) in NUMBER_LIMITS.items():
        value = values.get(key)
        if isinstance(value, int) and not (low <= value <= high and value % 50 == 0):
            return r.line_of("end" if key == "game_point" else "turn", key)
    game_point = values.get("game_point", PRESETS[values["preset"]].game_point)
    if any(start >= game_point for start in values.get("starting_scores", ())):
        return r.line_of("end", "starting_scores")
    if values.get("score_floor") is not None and values["score_floor"] > 0:
        return r.line_of("turn", "lowest_score")
    if values.get("dice") == 5 and (values.get("pyramiding") or values.get("mutant_trash")
                                    or values.get("no_score_six")):
        return r.line_of("turn", "dice")
    for first, second, _why in OPTION_CLASHES:
        if values.get(first.replace("-", "_")) and values.get(second.replace("-", "_")):
            return r.line_of("options", second.replace("-", "_"))
    if values.get("rotary_club") and values.get("catch_up") is False:
        return r.line_of("end", "catch_up")
    if not any(values.get(key) for key in ("single_one", "single_two", "single_three",
                                           "single_four", "single_five", "single_six")):
        return r.line_of("scoring", "singles")
    return 0


# tomllib's messages (Python 3.11), in our words so that they can be translated; a field
# keeps the key or character the message names.
_TOML_PROBLEMS: tuple[tuple[str, str], ...] = (
    # Translators: what is wrong in a rule file that is not valid TOML (after "this is
    # not valid TOML: "); {what} is a key or a character as written in the file.
    (r"Cannot declare (?P<what>.+) twice", N_("cannot declare {what} twice")),
    (r"Cannot mutate immutable namespace (?P<what>.+)",
     N_("cannot mutate immutable namespace {what}")),
    (r"Cannot overwrite a value", N_("cannot overwrite a value")),
    (r"Cannot redefine namespace (?P<what>.+)", N_("cannot redefine namespace {what}")),
    (r"Duplicate inline table key (?P<what>.+)", N_("duplicate inline table key {what}")),
    (r"Escaped character is not a Unicode scalar value",
     N_("escaped character is not a Unicode scalar value")),
    (r"Expected '=' after a key in a key/value pair",
     N_("expected '=' after a key in a key/value pair")),
    (r"Expected '\]' at the end of a table declaration",
     N_("expected ']' at the end of a table declaration")),
    (r"Expected '\]\]' at the end of an array declaration",
     N_("expected ']]' at the end of an array declaration")),
    (r"Expected newline or end of document after a statement",
     N_("expected newline or end of document after a statement")),
    (r"Expected (?P<what>.+)", N_("expected {what}")),
    (r"Found invalid character (?P<what>.+)", N_("found invalid character {what}")),
    (r"Illegal character (?P<what>.+)", N_("illegal character {what}")),
    (r"Invalid date or datetime", N_("invalid date or datetime")),
    (r"Invalid hex value", N_("invalid hex value")),
    (r"Invalid initial character for a key part", N_("invalid initial character for a key "
                                                      "part")),
    (r"Invalid statement", N_("invalid statement")),
    (r"Invalid value", N_("invalid value")),
    (r"Unclosed array", N_("unclosed array")),
    (r"Unclosed inline table", N_("unclosed inline table")),
    (r"Unescaped '\\' in a string", N_("unescaped '\\' in a string")),
    (r"Unterminated string", N_("unterminated string")),
)


def _toml_sentence(error: str) -> str:
    """tomllib's message, without its place (the line is kept apart), in our words."""
    problem = re.sub(r"\s*\(at line.*\)", "", error).rstrip(".")
    for pattern, words in _TOML_PROBLEMS:
        found = re.fullmatch(pattern, problem)
        if found:
            problem = _(words).format(**found.groupdict())
            break
    else:
        problem = problem[:1].lower() + problem[1:] if problem else _("not TOML")
    return _("this is not valid TOML: {problem}").format(problem=problem)


def _read_scoring(r: _Reader, data: dict[str, Any], values: dict[str, Any]) -> None:
    scoring = r.table(data, "", "scoring", _SCORING)
    if "singles" in scoring:
        singles = r.row("scoring", "singles", scoring["singles"], 6)
        for key, value in zip(("single_one", "single_two", "single_three", "single_four",
                               "single_five", "single_six"), singles, strict=True):
            values[key] = value
    kinds = scoring.get("kinds")
    triplets: tuple[int, ...] = CLASSIC_TRIPLETS
    if "triplets" in scoring:
        triplets = r.row("scoring", "triplets", scoring["triplets"], 6)
    if isinstance(kinds, str):
        if kinds not in KIND_SHORTCUTS:
            raise r.fail("scoring", "kinds", _("kinds must be a table or one of {choices}"
                                               ).format(choices=", ".join(KIND_SHORTCUTS)))
        table: KindTable = kind_table(kinds, triplets)
    elif kinds is not None:
        rows = r.table(scoring, "scoring", "kinds", set(_KIND_ROWS))
        missing = [k for k in _KIND_ROWS if k not in rows]
        if missing:
            # Translators: "{key} = [three, four, five, six of a kind]" is how the rule file
            # writes a row of the table of kinds; the key stays as it is.
            raise r.fail("scoring.kinds", "kinds", _("[scoring.kinds] needs {key} = [three, "
                                                     "four, five, six of a kind]").format(
                key=missing[0]))
        table = tuple(tuple(v or None for v in r.row("scoring.kinds", k, rows[k], 4))  # type: ignore[misc]
                      for k in _KIND_ROWS)
        if any(len(row) != 4 for row in table):
            raise r.fail("scoring.kinds", "kinds", _("each row of [scoring.kinds] has four "
                                                     "numbers: three, four, five, six of a "
                                                     "kind"))
    else:
        table = PRESETS[values["preset"]].kind_values()
    values.update(kinds=table, kind_doubling=False, four_of_a_kind=None, five_of_a_kind=None,
                  six_of_a_kind=None, triplet_ones=table[0][0] or 0)
    combos = r.table(scoring, "scoring", "combinations", _COMBINATIONS | _COMBINATION_FLAGS)
    for key, value in combos.items():
        if key in _COMBINATION_FLAGS:
            values[key] = r.flag("scoring.combinations", key, value)
        else:
            values[key] = r.points("scoring.combinations", key, value) or None


def _read_turn_and_end(r: _Reader, data: dict[str, Any], values: dict[str, Any]) -> None:
    turn = r.table(data, "", "turn", _TURN)
    for key, value in turn.items():
        if key == "corner_throw_mandatory":
            values[key] = r.flag("turn", key, value)
        elif key == "trash_run":
            if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= 9:
                raise r.fail("turn", key, _("trash_run must be a whole number from 2 to 9"))
            values[key] = value
        elif key == "lowest_score":
            values["score_floor"] = r.points("turn", key, value, low=-1_000_000, high=0)
        elif key == "dice":
            if not isinstance(value, int) or isinstance(value, bool) or value not in (5, 6):
                raise r.fail("turn", key, _("dice must be 5 or 6, not {value}").format(
                    value=_short(value)))
            values[key] = value
        else:
            values[key] = r.points("turn", key, value, high=100_000)
    end = r.table(data, "", "end", _END)
    for key, value in end.items():
        if key == "catch_up":
            values[key] = r.flag("end", key, value)
        elif key == "starting_scores":
            values[key] = r.row("end", key, value, 9)
        else:
            values[key] = r.points("end", key, value, low=50)


def read(path: str | Path) -> RuleSet:
    """Read a rule file from disk; :class:`RuleFileError` names the file's problem.  Only a
    regular file is read, and at most a byte more than a rule file can hold (a device or a
    pipe is refused unread); a byte order mark before the text is skipped."""
    from .storage import BOM, BadFile, TooBig, read_limited

    p = Path(path)
    name = p.name or str(p)
    try:
        text = read_limited(p, MAX_BYTES).removeprefix(BOM).decode("utf-8")
    except TooBig:
        raise RuleFileError(_("{file} is too big to be a rule file").format(file=name)) \
            from None
    except BadFile as e:
        raise RuleFileError(str(e)) from None
    except UnicodeDecodeError:
        raise RuleFileError(_("{file} is not a text file in UTF-8").format(file=name)) from None
    except FileNotFoundError:
        # Translators: {file} is the name of a rule file the player gave.
        raise RuleFileError(_("there is no file {file}").format(file=name)) from None
    except OSError as e:
        raise RuleFileError(_("{file} cannot be read: {reason}").format(
            file=name, reason=e.strerror or e)) from None
    try:
        return loads(text)
    except RuleFileError as e:
        raise RuleFileError(e.sentence, e.line, name) from None


def warnings(rule_set: RuleSet) -> list[str]:
    """What keeps a game under a rule set read from a file from ending as it should (every
    throw scoring, a minimum no turn reaches), for the one who loads it to show: such
    rules are legal, so :func:`read` takes them (see :mod:`tenthousand.model.rule_checks`)."""
    from ..model.rule_checks import warnings as rule_warnings

    return rule_warnings(rule_set.rules)


def write(path: str | Path, rule_set: RuleSet) -> None:
    """Write a rule file atomically (a temporary file, then a rename)."""
    from .storage import write_text_atomic

    write_text_atomic(Path(path), dumps(rule_set.rules, rule_set.description))


# -- saved rule sets in the config folder ---------------------------------------------


def folder() -> Path:
    """Where saved rule sets live: ``rules`` in the user config folder."""
    from .paths import paths

    return paths().config / "rules"


def slug(name: str) -> str:
    """A file name for a rule set's name: its letters and digits, then a short digest of
    the whole name, so two names never share a file ("Pub rules!" and "pub rules", or two
    names in another alphabet)."""
    import hashlib

    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:32].strip("-")
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return f"{text or 'rules'}-{digest}"


def save(rule_set: RuleSet) -> Path:
    """Save a rule set under its name in the config folder (over the file that holds a set
    of that name already, if any: the callers ask before replacing); returns the file."""
    path = _saved_files().get(rule_set.name) or folder() / (slug(rule_set.name) + SUFFIX)
    write(path, rule_set)
    return path


#: The saved sets as last read: (path, modification time, size) of every file -> result.
_cache: dict[tuple[tuple[str, int, int], ...], tuple[list[tuple[Path, RuleSet]], list[str]]] \
    = {}


def _read_saved() -> tuple[list[tuple[Path, RuleSet]], list[str]]:
    """Every saved rule set with its file, and a sentence per file that cannot be read.
    Files are parsed again only when one of them changed (the new-game dialog asks for
    them at every keystroke)."""
    try:
        files = sorted(folder().glob("*" + SUFFIX))
        key = tuple((str(p), (st := p.stat()).st_mtime_ns, st.st_size) for p in files)
    except OSError as e:
        return [], [_("the rules folder cannot be read: {reason}").format(reason=e)]
    if key in _cache:
        return _cache[key]
    found: list[tuple[Path, RuleSet]] = []
    problems: list[str] = []
    for path in files:
        try:
            found.append((path, read(path)))
        except RuleFileError as e:
            problems.append(str(e))
    _cache.clear()
    _cache[key] = (found, problems)
    return found, problems


def _saved_files() -> dict[str, Path]:
    return {rule_set.name: path for path, rule_set in _read_saved()[0]}


def saved() -> tuple[list[RuleSet], list[str]]:
    """The saved rule sets, by name, and a sentence for each file that could not be read."""
    found, problems = _read_saved()
    sets = sorted((rs for _, rs in found), key=lambda rs: rs.name.lower())
    return sets, list(problems)


def find_saved(name: str) -> RuleSet | None:
    """The saved rule set with this name, or None."""
    sets, _ = saved()
    return next((rs for rs in sets if rs.name == name), None)
