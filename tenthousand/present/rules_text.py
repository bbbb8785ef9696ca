"""The rules of a rule set in plain words, and its scoring table.

Pure Python (no tkinter), so the rules window, the README generator and the tests share one
text.  The scoring table is built from :func:`tenthousand.model.scoring.counters`, the same
list the engine scores with, so the two can never disagree.

Every text is translated when it is built (in the language in use), sentence by sentence:
each variant of a sentence is written whole, with named fields for the numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..i18n import N_, _, join_words, number
from ..model import scoring
from ..model.rules import PRESETS, Rules
from ..model.scoring import FACES, NO_SCORE, Counter, counters

Section = tuple[str, str]
Row = tuple[str, str, str]

#: Marked only: translate with :func:`first_throw_note` where it is shown.
# Translators: a note in the scoring table of the rules window (a short phrase).
FIRST_THROW_NOTE = N_("first throw of a turn only")
# Translators: a note in the scoring table: a short straight counts only when six dice are
# thrown (the first throw of a turn or after a corner).
SIX_DICE_NOTE = N_("on a throw of six dice only")

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}  # engine names
# Translators: "{face}" is a die face 1 to 6: "three 4s" are three dice showing 4.
_OF_FACE = {3: N_("three {face}s"), 4: N_("four {face}s"), 5: N_("five {face}s"),
            6: N_("six {face}s")}
_OF_A_KIND = {3: N_("three of a kind"), 4: N_("four of a kind"), 5: N_("five of a kind"),
              6: N_("six of a kind")}
# Translators: a row of the scoring table: three dice of one face, any face from {low} to
# {high} (such as "three of 2-6").
_OF_RANGE = {3: N_("three of {low}-{high}"), 4: N_("four of {low}-{high}"),
             5: N_("five of {low}-{high}"), 6: N_("six of {low}-{high}")}
# Translators: a fixed value in the rules text: "four of a kind 4,000".
_KIND_WORTH = {4: N_("four of a kind {points}"), 5: N_("five of a kind {points}"),
               6: N_("six of a kind {points}")}
_SIX_DICE_WORDS = {
    "a straight": N_("a straight 1-2-3-4-5-6"),
    "three pairs": N_("three pairs"),
    "two triplets": N_("two triplets"),
    "four of a kind and a pair": N_("four of a kind and a pair"),
    "1-2-3-4-5": N_("a short straight 1-2-3-4-5"),
    "2-3-4-5-6": N_("a short straight 2-3-4-5-6"),
}
# Translators: how many turns in a row (2 to 6), at the start of a sentence.
_COUNT_WORDS = {2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six")}


def _n(value: int) -> str:
    return number(value)


def first_throw_note() -> str:
    """The note of rows that count only on the first throw, in the language in use."""
    return _(FIRST_THROW_NOTE)


def title_of(rules: Rules) -> str:
    """The rule set's title as shown: a preset's title translated, a player's name as it
    is."""
    preset = PRESETS.get(rules.preset)
    return _(rules.title) if preset is not None and preset.title == rules.title \
        else rules.title


def join(words: Sequence[str]) -> str:
    """"a, b and c" in the language in use."""
    return join_words(tuple(words))


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

    for face in FACES:
        for k in named(f"a {face}"):
            # Translators: a row of the scoring table: one die showing {face}.
            out.append(((_("a single {face}").format(face=face), _n(k.points), ""),
                        take([k])))
    for n in (3, 4, 5, 6):
        word = _WORDS[n]
        group = {face: k for face in FACES for k in named(f"{word} {face}s")}
        if group:
            out.extend(_kind_rows(rules, n, group, take))
    for name in _SIX_DICE_WORDS:
        found = named(name)
        if found:
            out.append((_six_dice_row(name, found, rules), take(found)))
    for k in named(NO_SCORE):
        # Translators: a row of the scoring table (Zilch's counter) and its note.
        out.append(((_("six dice in which nothing scores"), _n(k.points),
                     _("all six frozen together; on a throw of six dice only")), take([k])))

    left = [k for k in all_counters if id(k) not in used]
    for k in left:  # anything a future rule set adds still shows up, one row each
        out.append(((k.name, _n(k.points), first_throw_note() if k.first_throw_only else ""),
                    take([k])))
    return out


def _six_dice_row(name: str, found: Sequence[Counter], rules: Rules) -> Row:
    points = {k.points for k in found}
    first = {k.first_throw_only for k in found}
    # One rule set gives every variant of a six-dice counter the same value.
    assert len(points) == 1 and len(first) == 1, name
    note = _six_dice_note(name, found, rules)
    if first.pop():
        note = f"{note}; {first_throw_note()}" if note else first_throw_note()
    elif any(k.six_dice_only for k in found):
        note = f"{note}; {_(SIX_DICE_NOTE)}" if note else _(SIX_DICE_NOTE)
    return _(_SIX_DICE_WORDS[name]), _n(points.pop()), note


def of_face(n: int, face: int) -> str:
    """"three 4s": ``n`` dice showing ``face``."""
    return _(_OF_FACE[n]).format(face=face)


def _kind_rows(rules: Rules, n: int, group: dict[int, Counter],
               take: Callable[[Sequence[Counter]], tuple[Counter, ...]]
               ) -> list[tuple[Row, tuple[Counter, ...]]]:
    """Rows for n dice of one face: grouped as "three 1s" plus "three of 2-6: 100 x face"
    when the values follow the face, or one row when every face is worth the same."""
    rows: list[tuple[Row, tuple[Counter, ...]]] = []
    values = {face: k.points for face, k in group.items()}
    if len(group) == 6 and len(set(values.values())) == 1:
        # Translators: a note in the scoring table: the dice may show any face.
        note = _("any face") if n == 3 else _kind_note(rules, n)
        return [((_(_OF_A_KIND[n]), _n(values[1]), note), take(list(group.values())))]
    others = [f for f in group if f != 1]
    factor = values[others[0]] // others[0] if others else 0
    proportional = bool(others) and all(values[f] == factor * f for f in others)
    if 1 in group:
        rows.append(((of_face(n, 1), _n(values[1]), _kind_note(rules, n)), take([group[1]])))
    if proportional and len(others) > 1:
        example = 4 if 4 in others else others[-1]
        # Translators: a worked example in the scoring table: "three 4s = 400".
        note = _("{dice} = {points}").format(dice=of_face(n, example),
                                              points=_n(values[example]))
        if rules.kind_doubling and n > 3:
            note = _("each extra die doubles: {example}").format(example=note)
        elif n == 3 and not (rules.kind_doubling or rules.four_of_a_kind):
            note = _("exactly three dice: {example}").format(example=note)
        words = _(_OF_RANGE[n]).format(low=min(others), high=max(others))
        # Translators: points in the scoring table: 100 times the face of the dice.
        points = _("{points} x face").format(points=_n(factor))
        rows.append(((words, points, note), take([group[f] for f in others])))
    else:
        for f in others:
            rows.append(((of_face(n, f), _n(values[f]), ""), take([group[f]])))
    return rows


def _kind_note(rules: Rules, n: int) -> str:
    """The note of the 1s row of ``n`` of a kind."""
    if n == 3:
        return "" if rules.kind_doubling or rules.four_of_a_kind else _("exactly three dice")
    if rules.kind_doubling:
        # Translators: a note in the scoring table: "double of three 1s".
        return _("double of {dice}").format(dice=of_face(n - 1, 1))
    return ""


def _six_dice_note(name: str, found: Sequence[Counter], rules: Rules) -> str:
    if name == "three pairs":
        if rules.three_pairs_distinct:
            return _("three different values")
        four = any(4 in k.counts for k in found)
        six = any(6 in k.counts for k in found)
        if four and six:
            return _("also four of a kind with a pair or six of a kind")
        if four:
            return _("also four of a kind with a pair")
        return _("also six of a kind") if six else ""
    if name == "two triplets" and any(6 in k.counts for k in found):
        return _("also six of a kind")
    return ""


def scoring_rows(rules: Rules) -> list[Row]:
    """The scoring table: ``(counter in words, points, note)`` rows, singles first."""
    return [row for row, _counters in scoring_groups(rules)]


# -- the rules in words ------------------------------------------------------------------


def _six_dice_counters(rules: Rules) -> list[str]:
    names = []
    if rules.straight is not None:
        names.append(_("the straight"))
    if rules.three_pairs is not None:
        names.append(_("three pairs"))
    if rules.two_triplets is not None:
        names.append(_("two triplets"))
    return names


def _aim(rules: Rules) -> Section:
    gp = _n(rules.game_point)
    if rules.rotary_club:
        aim = _("Six dice, one to nine players. Points pile up on your board; once someone "
                "reaches {game_point}, the game ends after a last round, and the LOWEST board "
                "score wins (Rotary Club is on).")
    else:
        aim = _("Six dice, one to nine players. Build up points turn by turn: the first "
                "board score to reach {game_point} starts the last round, and the highest "
                "board score at the end wins.")
    if rules.dice == 5:
        aim = _five_dice(aim)
    # Translators: a heading of the rules window; {title} is the rule set's name.
    return _("{title}: the aim").format(title=title_of(rules)), aim.format(game_point=gp)


def _five_dice(six: str) -> str:
    """A sentence about the six dice said for the five-dice game: its first sentence
    replaced (the rest of it names no number of dice)."""
    # Translators: the five-dice game (Farkle with five dice), at the start of the aim.
    return _("Five dice, one to nine players.") + six[six.index(".") + 1:]


def _turn(rules: Rules) -> Section:
    turn = [_("Throw all six dice. Pick out dice that form counters (see the table) and set "
              "them aside: they are frozen, and their points join your turn score. You must "
              "freeze at least one die per throw, and every die you freeze must be part of a "
              "counter.")]
    if rules.dice == 5:
        turn[0] = _("Throw all five dice.") + turn[0][turn[0].index(".") + 1:]
    if rules.pyramiding:
        turn.append(_("Dice from different throws never make one counter together - except "
                      "that pyramiding is on (see below)."))
    else:
        turn.append(_("Dice from different throws never make one counter together."))
    if rules.rotary_club:
        turn.append(_("Then throw the dice still in play: in Rotary Club nobody banks."))
    else:
        turn.append(_("Then choose: throw the dice still in play to try for more, or bank, "
                      "which adds your turn score to your board and passes the dice on."))
    # Translators: a heading of the rules window.
    return _("A turn"), " ".join(turn)


def _trash(rules: Rules) -> Section:
    trash = [_("A throw in which no counter can be made is trash: the turn score is lost "
               "and the turn is over.")]
    if rules.no_score_six is not None:
        trash.append(_no_score_sentence(rules))
    if rules.three_trash:
        run = rules.trash_run
        count = _(_COUNT_WORDS[run]) if run in _COUNT_WORDS else _n(run)
        penalty = _("three-trash penalty") if run == 3 else _("trash penalty")
        if rules.rotary_club:
            text = _("{count} turns in a row that end in trash cost {points} points off your "
                     "board (the {penalty}), though not in Rotary Club, where every turn "
                     "ends that way.")
        else:
            text = _("{count} turns in a row that end in trash cost {points} points off your "
                     "board (the {penalty}).")
        trash.append(text.format(count=count, points=_n(rules.trash_penalty), penalty=penalty))
    if rules.score_floor is not None:
        trash.append(_("A board score never goes below {points}.").format(
            points=_n(rules.score_floor)))
    elif rules.three_trash or rules.challenging:
        trash.append(_("A penalty may take a board score below zero."))
    # Translators: a heading of the rules window.
    return _("Trash"), " ".join(trash)


def _no_score_sentence(rules: Rules) -> str:
    """Zilch's counter in words: what it is worth and what comes after it."""
    text = [_("Except on six dice: a throw of six dice in which nothing scores is worth "
              "{points} (no dice scored). Freeze all six for it, which turns the corner."
              ).format(points=_n(rules.no_score_six or 0))]
    if rules.rotary_club:
        text.append(_("The turn score is pegged and you throw the six dice again."))
    elif rules.corner_throw_mandatory:
        text.append(_("You must then throw the six dice again."))
    else:
        text.append(_("You may then bank, if your turn score is enough, or throw the six "
                      "dice again."))
    return " ".join(text)


def _corner(rules: Rules) -> Section:
    corner = [_("Freeze all six dice and you have turned the corner: you get all six back.")]
    if rules.dice == 5:
        # Translators: the five-dice game: a corner gives the five dice back.
        corner = [_("Freeze all five dice and you have turned the corner: you get all five "
                    "back, and you may bank at that point or throw all five again.")]
        if rules.corner_throw_mandatory or rules.rotary_club:
            corner = [_("Freeze all five dice and you have turned the corner: you get all "
                        "five back, and you must throw them again before you may bank.")]
        if rules.rotary_club:
            corner.append(_("The turn score so far is pegged: it goes onto your board and "
                            "the turn score starts again from zero."))
        # Translators: a heading of the rules window.
        return _("Turning the corner"), " ".join(corner)
    if rules.rotary_club:
        corner.append(_("The turn score so far is pegged: it goes onto your board, the turn "
                        "score starts again from zero, and you must throw the six dice "
                        "again."))
    elif rules.corner_throw_mandatory:
        corner.append(_("You must throw them again before you may bank, so banking is "
                        "possible only after a throw that leaves at least one die "
                        "unfrozen."))
    else:
        corner.append(_("You may bank at that point, or throw all six again."))
    # Translators: a heading of the rules window.
    return _("Turning the corner"), " ".join(corner)


def _counting(rules: Rules) -> Section:
    ones = _n(rules.triplet_ones)
    if rules.kind_doubling:
        groups = [_("Three or more dice of one face make one group: three of a face are "
                    "worth 100 x the face (three 1s: {points}), and each further die of that "
                    "face doubles the group.").format(points=ones)]
    else:
        groups = [_("A triplet is three dice of one face: 100 x the face, and three 1s are "
                    "worth {points}.").format(points=ones)]
        fixed = ((4, rules.four_of_a_kind), (5, rules.five_of_a_kind),
                 (6, rules.six_of_a_kind))
        known = [_(_KIND_WORTH[n]).format(points=_n(v)) for n, v in fixed if v is not None]
        if known:
            groups.append(_("More dice of one face thrown together count as a bigger group: "
                            "{groups}.").format(groups=join(known)))
        else:
            groups.append(_("A triplet is exactly three dice: a fourth die of that face does "
                            "not join it (it still scores alone if it is a 1 or a 5)."))
    sixes = _six_dice_counters(rules) if rules.dice == 6 else []
    if sixes and rules.six_dice_first_throw_only:
        groups.append(_("The six-dice counters ({counters}) count only on the first throw of "
                        "a turn - a fresh throw of six dice after a corner does not count."
                        ).format(counters=join(sixes)))
    elif sixes:
        groups.append(_("The six-dice counters ({counters}) count on any throw of six dice, "
                        "after a corner too.").format(counters=join(sixes)))
    if rules.short_straights_six_dice_only and not rules.short_straights_first_throw_only and (
            rules.short_straight_low is not None or rules.short_straight_high is not None):
        groups.append(_("A short straight counts only when six dice are thrown: on the first "
                        "throw of a turn or after a corner."))
    groups.append(_("When dice can be counted in more than one way, you always get the best "
                    "way."))
    # Translators: a heading of the rules window.
    return _("Counting the dice"), " ".join(groups)


def _minimum(rules: Rules) -> Section:
    if rules.rotary_club:
        minimum = [_("No minimum turn score applies in Rotary Club.")]
    elif rules.opening_minimum == 0 and rules.minimum == 0:
        minimum = [_("There is no minimum: you may bank any turn score above zero.")]
    else:
        if rules.opening_minimum:
            minimum = [_("While your board score is zero you need a turn score of at least "
                         "{points} to bank (getting on the board).").format(
                points=_n(rules.opening_minimum))]
        else:
            minimum = [_("Any turn score gets you on the board.")]
        if rules.minimum:
            minimum.append(_("After that, a turn score must reach {points} to be banked."
                             ).format(points=_n(rules.minimum)))
        else:
            minimum.append(_("After that, any turn score may be banked."))
    # Translators: a heading of the rules window.
    return _("Minimum turn scores"), " ".join(minimum)


def _end(rules: Rules) -> Section:
    gp = _n(rules.game_point)
    if not rules.catch_up:
        end = [_("The first player to bank a board score of {game_point} or more wins at "
                 "once: nobody gets a turn to catch up.").format(game_point=gp)]
    else:
        end = [_("When a board score first reaches {game_point}, every other player gets "
                 "exactly one more turn, and then the game ends.").format(game_point=gp)]
        end.append(_("The lowest board score wins.") if rules.rotary_club
                   else _("The highest board score wins."))
    end.append(_("If players are tied for first place, each of them (in seat order) gets one "
                 "more turn, as often as needed to break the tie. Playing alone, you race the "
                 "game point and the game counts your turns."))
    if rules.starting_scores:
        # Translators: one seat's starting score in a list: "seat 2 250".
        starts = ", ".join(_("seat {seat} {points}").format(seat=i + 1, points=_n(v))
                           for i, v in enumerate(rules.starting_scores))
        end.append(_("The players start with these board scores (a handicap): {scores}; "
                     "other seats start at zero.").format(scores=starts))
    # Translators: a heading of the rules window.
    return _("The end of the game"), " ".join(end)


def _match_points(rules: Rules) -> Section:
    if rules.rotary_club:
        text = _("Play again with the same seats and a match table keeps count: the winner "
                 "gets 10 points, second place 9, and so on; tied players share the better "
                 "place. A final board score of zero or less earns nothing - except in Rotary "
                 "Club.")
    else:
        text = _("Play again with the same seats and a match table keeps count: the winner "
                 "gets 10 points, second place 9, and so on; tied players share the better "
                 "place. A final board score of zero or less earns nothing.")
    # Translators: a heading of the rules window.
    return _("Match points"), text


def _options(rules: Rules) -> list[Section]:
    sections: list[Section] = []
    if rules.pyramiding:
        # Translators: a heading of the rules window (an option).
        sections.append((_("Pyramiding"), _(
            "Dice frozen earlier in the same stretch (since the start of the turn or the last "
            "corner) may team up with newly thrown dice: all the dice frozen in the stretch "
            "are counted together, in the best way. Each throw must still freeze at least one "
            "new die, and a throw is trash only when no new die can be added. Example: a 5 "
            "frozen, then two 5s thrown - together they are three 5s, worth 500 instead of "
            "150.")))
    if rules.surpassing:
        # Translators: a heading of the rules window (an option).
        sections.append((_("Surpassing"), _(
            "To bank, your turn score must also be higher than what the player before you "
            "banked on their last turn (zero if that turn ended in trash).")))
    if rules.challenging:
        sections.append(_challenging(rules))
    if rules.rotary_club:
        sections.append((_("Rotary Club"), _(
            "The lowest score wins. A turn only ends in trash; you cannot bank. Each corner "
            "pegs the turn score to your board and the count starts again, and the throw "
            "after a corner must be taken. Minimum turn scores do not apply. The game ends as "
            "usual once someone reaches {game_point}.").format(
                game_point=_n(rules.game_point))))
    if rules.mutant_trash:
        sections.append(_mutant_trash(rules))
    return sections


def _challenging(rules: Rules) -> Section:
    first, second = rules.challenge_penalties
    if rules.rotary_club:
        text = _("Before your first throw you may challenge another player. For that turn, "
                 "what you peg is also taken off the challenged player's board (it may go "
                 "below zero).")
    else:
        text = _("Before your first throw you may challenge another player. For that turn, "
                 "what you bank is also taken off the challenged player's board (it may go "
                 "below zero).")
    more = _("Throw trash while challenging and you lose a tenth of the game point ({first}) "
             "on a first challenge, four tenths ({second}) on a second. You get two "
             "challenges a game: the first while your board is below {game_point}, the second "
             "only once it has reached it - in the last round or a tie-break.").format(
        first=_n(first), second=_n(second), game_point=_n(rules.game_point))
    # Translators: a heading of the rules window (an option).
    return _("Challenging"), f"{text} {more}"


def _mutant_trash(rules: Rules) -> Section:
    if rules.rotary_club:
        text = _("A second row of dice, the play area, holds the last six dice discarded. "
                 "When a turn ends in trash before its first corner, you give one of the dice "
                 "it froze to the play area (the oldest leaves when a seventh arrives); a turn "
                 "that turned the corner gives none. The whole play area is then counted the "
                 "best way and those points go onto your OPPONENT's score, which counts "
                 "against them in Rotary Club - so choose the die that adds the most.")
    else:
        text = _("A second row of dice, the play area, holds the last six dice discarded. "
                 "After a turn that did not end in trash, you give one die frozen in your last "
                 "stretch to the play area (the oldest leaves when a seventh arrives). The "
                 "whole play area is then counted the best way and those points go to your "
                 "OPPONENT's board - so choose the die that helps them least.")
    # Translators: a heading of the rules window (an option for two players).
    return _("Mutant Trash (two players)"), text


def rules_text(rules: Rules) -> list[Section]:
    """The rules of this rule set and its options as ``(heading, paragraph)`` sections, in
    the language in use."""
    sections = [_aim(rules), _turn(rules), _trash(rules), _corner(rules), _counting(rules),
                _minimum(rules), _end(rules), _match_points(rules)]
    return sections + _options(rules)


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
    from ..model.rules import OPTION_NAMES, OPTION_TITLES, PRESETS

    parts = ["# The rules, as the game explains them", "",
             "Generated from the rules engine by `python -m tenthousand.present.rules_text`; "
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
