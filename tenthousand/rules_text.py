"""The rules of a rule set in plain words, and its scoring table.

Pure Python (no tkinter), so the rules window, the README generator and the tests share one
text.  The scoring table is built from :func:`tenthousand.model.scoring.counters`, the same
list the engine scores with, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .i18n import N_, _
from .model import scoring
from .model.rules import Rules
from .model.scoring import FACES, Counter, counters

Section = tuple[str, str]
Row = tuple[str, str, str]

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
FIRST_THROW_NOTE = "first throw of a turn only"
SIX_DICE_NOTE = N_("on a throw of six dice only")


def _n(value: int) -> str:
    return f"{value:,}"


# -- the scoring table -------------------------------------------------------------------


def _counters(rules: Rules) -> tuple[Counter, ...]:
    """``counters(rules)``, registering the rule set first: the engine's cache knows a rule
    set only once something was scored with it, and building the whole score table just to
    list the counters would cost half a second."""
    try:
        return counters(rules)
    except KeyError:
        register = getattr(scoring, "_key", None)
        if register is not None:
            register(rules)
        else:
            scoring.table(rules)
        return counters(rules)


def scoring_groups(rules: Rules) -> list[tuple[Row, tuple[Counter, ...]]]:
    """Each row of the scoring table with the engine counters it stands for.

    Every counter of the rule set belongs to exactly one row (the tests check this).
    """
    all_counters = _counters(rules)
    out: list[tuple[Row, tuple[Counter, ...]]] = []
    used: set[int] = set()

    def take(pick: Sequence[Counter]) -> tuple[Counter, ...]:
        for k in pick:
            used.add(id(k))
        return tuple(pick)

    def named(name: str) -> list[Counter]:
        return [k for k in all_counters if k.name == name and id(k) not in used]

    for name, words in ((f"a {face}", f"a single {face}") for face in FACES):
        for k in named(name):
            out.append(((words, _n(k.points), ""), take([k])))

    for n in (3, 4, 5, 6):
        word = _WORDS[n]
        group = {face: k for face in FACES for k in named(f"{word} {face}s")}
        if not group:
            continue
        out.extend(_kind_rows(rules, n, group, take))

    for name in ("a straight", "three pairs", "two triplets", "four of a kind and a pair",
                 "1-2-3-4-5", "2-3-4-5-6"):
        found = named(name)
        if not found:
            continue
        points = {k.points for k in found}
        first = {k.first_throw_only for k in found}
        # One rule set gives every variant of a six-dice counter the same value.
        assert len(points) == 1 and len(first) == 1, name
        note = _six_dice_note(name, found, rules)
        if first.pop():
            note = f"{note}; {FIRST_THROW_NOTE}" if note else FIRST_THROW_NOTE
        elif any(k.six_dice_only for k in found):
            note = f"{note}; {_(SIX_DICE_NOTE)}" if note else _(SIX_DICE_NOTE)
        words = {"a straight": "a straight 1-2-3-4-5-6",
                 "1-2-3-4-5": "a short straight 1-2-3-4-5",
                 "2-3-4-5-6": "a short straight 2-3-4-5-6"}.get(name, name)
        out.append(((words, _n(points.pop()), note), take(found)))

    left = [k for k in all_counters if id(k) not in used]
    for k in left:  # anything a future rule set adds still shows up, one row each
        out.append(((k.name, _n(k.points), FIRST_THROW_NOTE if k.first_throw_only else ""),
                    take([k])))
    return out


def _kind_rows(rules: Rules, n: int, group: dict[int, Counter],
               take: Callable[[Sequence[Counter]], tuple[Counter, ...]]
               ) -> list[tuple[Row, tuple[Counter, ...]]]:
    """Rows for n dice of one face: grouped as "three 1s" plus "three of 2-6: 100 x face"
    when the values follow the face, or one row when every face is worth the same."""
    word = _WORDS[n]
    rows: list[tuple[Row, tuple[Counter, ...]]] = []
    values = {face: k.points for face, k in group.items()}
    if len(group) == 6 and len(set(values.values())) == 1:
        points = values[1]
        note = "any face" if n == 3 else _kind_note(rules, n)
        return [((f"{word} of a kind", _n(points), note), take(list(group.values())))]
    others = [f for f in group if f != 1]
    factor = values[others[0]] // others[0] if others else 0
    proportional = bool(others) and all(values[f] == factor * f for f in others)
    if 1 in group:
        rows.append(((f"{word} 1s", _n(values[1]), _kind_note(rules, n)), take([group[1]])))
    if proportional and len(others) > 1:
        lo, hi = min(others), max(others)
        example = 4 if 4 in others else others[-1]
        note = f"{word} {example}s = {_n(values[example])}"
        if rules.kind_doubling and n > 3:
            note = f"each extra die doubles: {note}"
        elif n == 3 and not (rules.kind_doubling or rules.four_of_a_kind):
            note = f"exactly three dice: {note}"
        rows.append(((f"{word} of {lo}-{hi}", f"{_n(factor)} x face", note),
                     take([group[f] for f in others])))
    else:
        for f in others:
            rows.append(((f"{word} {f}s", _n(values[f]), ""), take([group[f]])))
    return rows


def _kind_note(rules: Rules, n: int) -> str:
    """The note of the 1s row of ``n`` of a kind."""
    if n == 3:
        return "" if rules.kind_doubling or rules.four_of_a_kind else "exactly three dice"
    if rules.kind_doubling:
        return f"double of {_WORDS[n - 1]} 1s"
    return ""


def _six_dice_note(name: str, found: Sequence[Counter], rules: Rules) -> str:
    if name == "three pairs":
        if rules.three_pairs_distinct:
            return "three different values"
        extras = []
        if any(4 in k.counts for k in found):
            extras.append("four of a kind with a pair")
        if any(6 in k.counts for k in found):
            extras.append("six of a kind")
        return "also " + " or ".join(extras) if extras else ""
    if name == "two triplets" and any(6 in k.counts for k in found):
        return "also six of a kind"
    return ""


def scoring_rows(rules: Rules) -> list[Row]:
    """The scoring table: ``(counter in words, points, note)`` rows, singles first."""
    return [row for row, _ in scoring_groups(rules)]


# -- the rules in words ------------------------------------------------------------------


def _six_dice_counters(rules: Rules) -> list[str]:
    names = []
    if rules.straight is not None:
        names.append("the straight")
    if rules.three_pairs is not None:
        names.append("three pairs")
    if rules.two_triplets is not None:
        names.append("two triplets")
    return names


def _join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def rules_text(rules: Rules) -> list[Section]:
    """The rules of this rule set and its options as ``(heading, paragraph)`` sections."""
    gp = _n(rules.game_point)
    sections: list[Section] = []

    if rules.rotary_club:
        aim = (f"Six dice, one to nine players. Points pile up on your board; once someone "
               f"reaches {gp}, the game ends after a last round, and the LOWEST board score "
               "wins (Rotary Club is on).")
    else:
        aim = (f"Six dice, one to nine players. Build up points turn by turn: the first "
               f"board score to reach {gp} starts the last round, and the highest board "
               "score at the end wins.")
    sections.append((f"{rules.title}: the aim", aim))

    turn = ("Throw all six dice. Pick out dice that form counters (see the table) and set "
            "them aside: they are frozen, and their points join your turn score. You must "
            "freeze at least one die per throw, and every die you freeze must be part of a "
            "counter. Dice from different throws never make one counter together"
            + (" - except that pyramiding is on (see below). " if rules.pyramiding else ". "))
    if rules.rotary_club:
        turn += "Then throw the dice still in play: in Rotary Club nobody banks."
    else:
        turn += ("Then choose: throw the dice still in play to try for more, or bank, which "
                 "adds your turn score to your board and passes the dice on.")
    sections.append(("A turn", turn))

    trash = ("A throw in which no counter can be made is trash: the turn score is lost and "
             "the turn is over.")
    if rules.three_trash:
        run = _WORDS.get(rules.trash_run, str(rules.trash_run)).capitalize()
        trash += (f" {run} turns in a row that end in trash cost {_n(rules.trash_penalty)} "
                  "points off your board (the "
                  + ("three-trash" if rules.trash_run == 3 else "trash") + " penalty)"
                  + (", though not in Rotary Club, where every turn ends that way."
                     if rules.rotary_club else "."))
    if rules.score_floor is not None:
        trash += f" A board score never goes below {_n(rules.score_floor)}."
    elif rules.three_trash or rules.challenging:
        trash += " A penalty may take a board score below zero."
    sections.append(("Trash", trash))

    corner = "Freeze all six dice and you have turned the corner: you get all six back. "
    if rules.rotary_club:
        corner += ("The turn score so far is pegged: it goes onto your board, the turn score "
                   "starts again from zero, and you must throw the six dice again.")
    elif rules.corner_throw_mandatory:
        corner += ("You must throw them again before you may bank, so banking is possible "
                   "only after a throw that leaves at least one die unfrozen.")
    else:
        corner += "You may bank at that point, or throw all six again."
    sections.append(("Turning the corner", corner))

    sixes = _six_dice_counters(rules)
    groups: list[str] = []
    if rules.kind_doubling:
        groups.append("Three or more dice of one face make one group: three of a face are "
                      "worth 100 x the face (three 1s: " + _n(rules.triplet_ones) + "), and "
                      "each further die of that face doubles the group.")
    else:
        fixed = [(n, getattr(rules, f"{w}_of_a_kind"))
                 for n, w in ((4, "four"), (5, "five"), (6, "six"))]
        known = [f"{_WORDS[n]} of a kind {_n(v)}" for n, v in fixed if v is not None]
        text = ("A triplet is three dice of one face: 100 x the face, and three 1s are worth "
                + _n(rules.triplet_ones) + ".")
        if known:
            text += (" More dice of one face thrown together count as a bigger group: "
                     + _join(known) + ".")
        else:
            text += (" A triplet is exactly three dice: a fourth die of that face does not "
                     "join it (it still scores alone if it is a 1 or a 5).")
        groups.append(text)
    if sixes:
        where = ("only on the first throw of a turn - a fresh throw of six dice after a "
                 "corner does not count" if rules.six_dice_first_throw_only
                 else "on any throw of six dice, after a corner too")
        groups.append(f"The six-dice counters ({_join(sixes)}) count {where}.")
    if rules.short_straights_six_dice_only and not rules.short_straights_first_throw_only and (
            rules.short_straight_low is not None or rules.short_straight_high is not None):
        groups.append(_("A short straight counts only when six dice are thrown: on the first "
                        "throw of a turn or after a corner."))
    groups.append("When dice can be counted in more than one way, you always get the best "
                  "way.")
    sections.append(("Counting the dice", " ".join(groups)))

    if rules.rotary_club:
        minimum = "No minimum turn score applies in Rotary Club."
    elif rules.opening_minimum == 0 and rules.minimum == 0:
        minimum = "There is no minimum: you may bank any turn score above zero."
    else:
        parts = []
        if rules.opening_minimum:
            parts.append(f"While your board score is zero you need a turn score of at least "
                         f"{_n(rules.opening_minimum)} to bank (getting on the board).")
        else:
            parts.append("Any turn score gets you on the board.")
        if rules.minimum:
            parts.append(f"After that, a turn score must reach {_n(rules.minimum)} to be "
                         "banked.")
        else:
            parts.append("After that, any turn score may be banked.")
        minimum = " ".join(parts)
    sections.append(("Minimum turn scores", minimum))

    if rules.catch_up:
        end = (f"When a board score first reaches {gp}, every other player gets exactly "
               "one more turn, and then the game ends. ")
    else:
        end = (f"The first player to bank a board score of {gp} or more wins at once: "
               "nobody gets a turn to catch up. ")
    if rules.catch_up:
        end += ("The lowest board score wins." if rules.rotary_club
                else "The highest board score wins.")
    end += (" If players are tied for first place, each of them (in seat order) gets one "
            "more turn, as often as needed to break the tie. Playing alone, you race the "
            "game point and the game counts your turns.")
    if rules.starting_scores:
        starts = ", ".join(f"seat {i + 1} {_n(v)}" for i, v in enumerate(rules.starting_scores))
        end += (f" The players start with these board scores (a handicap): {starts}; "
                "other seats start at zero.")
    sections.append(("The end of the game", end))

    sections.append(("Match points",
                     "Play again with the same seats and a match table keeps count: the "
                     "winner gets 10 points, second place 9, and so on; tied players share "
                     "the better place. A final board score of zero or less earns nothing"
                     + (" - except in Rotary Club." if rules.rotary_club else ".")))

    if rules.pyramiding:
        sections.append(("Pyramiding",
                         "Dice frozen earlier in the same stretch (since the start of the turn "
                         "or the last corner) may team up with newly thrown dice: all the dice "
                         "frozen in the stretch are counted together, in the best way. Each "
                         "throw must still freeze at least one new die, and a throw is trash "
                         "only when no new die can be added. Example: a 5 frozen, then two 5s "
                         "thrown - together they are three 5s, worth 500 instead of 150."))
    if rules.surpassing:
        sections.append(("Surpassing",
                         "To bank, your turn score must also be higher than what the player "
                         "before you banked on their last turn (zero if that turn ended in "
                         "trash)."))
    if rules.challenging:
        first, second = rules.challenge_penalties
        sections.append(("Challenging",
                         "Before your first throw you may challenge another player. For that "
                         "turn, what you " + ("peg" if rules.rotary_club else "bank")
                         + " is also taken off the challenged player's board (it may go below "
                         "zero). Throw trash while challenging and you lose a tenth of the "
                         f"game point ({_n(first)}) on a first challenge, four tenths "
                         f"({_n(second)}) on a second. You get "
                         f"two challenges a game: the first while your board is below {gp}, "
                         "the second only once it has reached it - in the last round or a "
                         "tie-break."))
    if rules.rotary_club:
        sections.append(("Rotary Club",
                         "The lowest score wins. A turn only ends in trash; you cannot bank. "
                         "Each corner pegs the turn score to your board and the count starts "
                         "again, and the throw after a corner must be taken. Minimum turn "
                         "scores do not apply. The game ends as usual once someone reaches "
                         f"{gp}."))
    if rules.mutant_trash:
        sections.append(("Mutant Trash (two players)",
                         "A second row of dice, the play area, holds the last six dice "
                         "discarded. "
                         + ("After a turn that did not end in trash, you give one die frozen "
                            "in your last stretch" if not rules.rotary_club else
                            "When a turn ends without having turned the corner, you give one "
                            "of the dice it froze")
                         + " to the play area (the oldest leaves when a seventh arrives). The "
                         "whole play area is then counted the best way and those points go to "
                         "your OPPONENT's board - so choose the die that helps them least."))
    return sections


def rules_markdown(rules: Rules) -> str:
    """The text and the table as Markdown (for the README and ``docs/``)."""
    lines = [f"## {rules.label}", ""]
    for heading, paragraph in rules_text(rules):
        lines += [f"### {heading}", "", paragraph, ""]
    lines += ["### Scoring", "", "| counter | points | note |", "| --- | --- | --- |"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in scoring_rows(rules)]
    lines += ["", f"Game point {rules.game_point:,}."]
    return "\n".join(lines) + "\n"


def all_rules_markdown() -> str:
    """Every preset, then every option, as one Markdown page (``docs/rules-text.md``)."""
    from .model.rules import OPTION_NAMES, OPTION_TITLES, PRESETS

    parts = ["# The rules, as the game explains them", "",
             "Generated from the rules engine by `python -m tenthousand.rules_text`; "
             "the rules window (F5) shows the same text for the game in play.", ""]
    for rules in PRESETS.values():
        parts.append(rules_markdown(rules).replace("## ", "## Preset: ", 1))
    parts += ["## Options", "", "Any preset can be combined with these.", ""]
    base = PRESETS["ten-thousand"]
    plain = dict(rules_text(base))
    for name in OPTION_NAMES:
        with_option = dict(rules_text(base.with_options(name)))
        for heading, paragraph in with_option.items():
            if heading not in plain:
                parts += [f"### {heading}", "", paragraph, ""]
        if name == "three-trash":
            parts += [f"### {OPTION_TITLES[name].capitalize()}", "", with_option["Trash"], ""]
    return "\n".join(parts).rstrip("\n") + "\n"


if __name__ == "__main__":
    print(all_rules_markdown(), end="")
