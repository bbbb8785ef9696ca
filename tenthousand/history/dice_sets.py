"""Are my dice fair?  Each set of real dice a player named, judged from every throw
entered with it (pure Python, plain data out).

The faces come from the stored records: in a game played with real dice each command
holds the faces that were entered for it.  Every game with a set counts (finished or left
unfinished: its throws were thrown all the same), under the statistics' filters.

**The test.**  Pearson's chi-square of the six face counts against fair dice (each face a
sixth), with 5 degrees of freedom, its p-value by :mod:`.chisquare`.  Each die counts
once, whether it was thrown with five others or alone after freezing: the test takes
every die as a throw of its own, which is right for dice that do not influence each other.
A p-value of 0.05 or more is *no evidence of bias* (which does not prove the dice fair:
no test can), from 0.01 to 0.05 *some evidence*, below 0.01 *strong evidence*.  Under
:data:`LEAST_DICE` dice (ten a face) there is no verdict at all.

**How many more.**  If the share of each face stays as it is, the statistic grows in
proportion to the number of dice (it is n times a sum over the shares), so the dice
needed for the present unevenness to reach the next level (p < 0.05 from no evidence,
p < 0.01 from some) are n * critical / statistic; fewer than :data:`LEAST_DICE` are
never enough.  In throws: those dice over the set's average number of dice a throw.
If the unevenness is chance, it fades as more are thrown and the verdict never comes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..i18n import _, decimal, ngettext, number, percent
from .chisquare import chi_square_quantile, chi_square_sf, statistic

#: Dice fewer than this give no verdict (ten for each face).
LEAST_DICE = 60
DEGREES = 5
SOME, STRONG = 0.05, 0.01

TOO_FEW = "too-few"
NO_EVIDENCE = "no-evidence"
SOME_EVIDENCE = "some-evidence"
STRONG_EVIDENCE = "strong-evidence"


@dataclass(frozen=True)
class DiceSet:
    """One set of real dice and what its entered throws say of it."""

    name: str  # as the player named it ('' when no name was given)
    games: int
    throws: int
    counts: tuple[int, int, int, int, int, int]
    statistic: float
    p_value: float
    verdict: str  # TOO_FEW, NO_EVIDENCE, SOME_EVIDENCE or STRONG_EVIDENCE
    #: Dice more (and throws more) for a verdict, or the next level of one (see the
    #: module's docstring); None: none needed, or none would (exactly even counts).
    more_dice: int | None
    more_throws: int | None
    #: The player's luck with this set: analysed games and the average change of the win
    #: chance the dice gave (as the statistics' luck).
    luck_games: int = 0
    luck_average: float = 0.0

    @property
    def dice(self) -> int:
        return sum(self.counts)


def critical(p: float) -> float:
    """Chi-square's critical value at level ``p`` with 5 degrees of freedom."""
    return chi_square_quantile(p, DEGREES)


def verdict_of(dice: int, p_value: float) -> str:
    if dice < LEAST_DICE:
        return TOO_FEW
    if p_value >= SOME:
        return NO_EVIDENCE
    return SOME_EVIDENCE if p_value >= STRONG else STRONG_EVIDENCE


def dice_needed(counts: Sequence[int]) -> int | None:
    """How many more dice would make a verdict (under :data:`LEAST_DICE`: the dice still
    missing), or take the present unevenness to the next level of one (see the module's
    docstring); 0 when none are needed, None when no number would (exactly even)."""
    n = sum(counts)
    if n < LEAST_DICE:
        return LEAST_DICE - n
    x = statistic(list(counts))
    p = chi_square_sf(x, DEGREES)
    if p < STRONG:
        return 0
    if x <= 0:
        return None
    target = critical(STRONG if p < SOME else SOME)
    return max(0, math.ceil(n * target / x) - n)


def judge(name: str, counts: Sequence[int], throws: int, games: int = 1) -> DiceSet:
    """A set's counts judged (see the module's docstring)."""
    faces = tuple(int(c) for c in counts)
    assert len(faces) == 6
    n = sum(faces)
    x = statistic(list(faces))
    p = chi_square_sf(x, DEGREES)
    more = dice_needed(faces)
    more_throws = None
    if more:
        per_throw = n / throws if throws else 6.0
        more_throws = math.ceil(more / per_throw)
    return DiceSet(name, games, throws, (faces[0], faces[1], faces[2], faces[3], faces[4],
                                         faces[5]), x, p, verdict_of(n, p),
                   more or None, more_throws)


def faces_of(record: dict[str, Any]) -> tuple[list[int], int]:
    """The count of each face and the number of throws a stored record's commands hold."""
    counts = [0] * 6
    throws = 0
    commands = record.get("commands")
    for command in commands if isinstance(commands, list) else ():
        dice = command.get("dice") if isinstance(command, dict) else None
        for throw in dice if isinstance(dice, list) else ():
            faces = [f for f in throw if type(f) is int and 1 <= f <= 6] \
                if isinstance(throw, list) else []
            if faces:
                throws += 1
            for face in faces:
                counts[face - 1] += 1
    return counts, throws


@dataclass
class _Tally:
    games: int = 0
    throws: int = 0
    luck: float = 0.0
    luck_games: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * 6


def tally(rows: Iterable[Sequence[Any]]) -> list[DiceSet]:
    """The sets judged from (set name, record JSON, value kind, luck) rows, one a game;
    by the number of dice, most first.  A record that is not JSON is passed over."""
    sets: dict[str, _Tally] = {}
    for name, text, kind, luck in rows:
        try:
            record = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            continue
        if not isinstance(record, dict) or not isinstance(name, str):
            continue
        counts, throws = faces_of(record)
        t = sets.setdefault(name, _Tally())
        t.games += 1
        t.throws += throws
        t.counts = [a + b for a, b in zip(t.counts, counts, strict=True)]
        if kind == "win" and isinstance(luck, float) and math.isfinite(luck):
            t.luck += luck
            t.luck_games += 1
    out = []
    for name, t in sets.items():
        out.append(replace(judge(name, t.counts, t.throws, t.games),
                           luck_games=t.luck_games,
                           luck_average=t.luck / t.luck_games if t.luck_games else 0.0))
    return sorted(out, key=lambda s: (-s.dice, s.name))


# -- in words ---------------------------------------------------------------------------

def signed_percent(fraction: float, places: int = 0) -> str:
    """A change as a percentage with its sign: +18%, -4.5%, 0% (as the language writes it;
    the statistics' luck, here too)."""
    shown = round(fraction * 100, places)
    sign = "+" if shown > 0 else "-" if shown < 0 else ""
    return sign + percent(abs(fraction), places)


def set_title(name: str) -> str:
    # Translators: a set of real dice with no name given.
    return name or _("Dice without a name")


def p_words(p: float) -> str:
    """The p-value as shown: "p = 0.43", "p = 0.012", "p < 0.0001"."""
    if p < 0.0001:
        return _("p < {value}").format(value=decimal(0.0001, 4))
    return _("p = {value}").format(value=decimal(p, 2 if p >= 0.1 else 3 if p >= 0.01
                                                 else 4))


def _most_off(s: DiceSet) -> str:
    """The face furthest from a sixth: "Sixes came up in 24% of the dice (fair: 16.7%)."."""
    n = s.dice
    face = max(range(6), key=lambda i: (abs(s.counts[i] - n / 6), -i))
    # Translators: {face} is a die's face (1 to 6), {share} and {fair} percentages.
    return _("The {face} came up in {share} of the dice, a fair die in {fair}.").format(
        face=face + 1, share=percent(s.counts[face] / n), fair=percent(1 / 6))


def verdict_words(s: DiceSet) -> list[str]:
    """What the set's test means, in plain sentences (the verdict first)."""
    n = s.dice
    if s.verdict == TOO_FEW:
        return [ngettext(
            "Only {n} die entered so far: too few for any verdict (it takes {least}, ten "
            "for each face).",
            "Only {n} dice entered so far: too few for any verdict (it takes {least}, ten "
            "for each face).", n).format(n=number(n), least=number(LEAST_DICE))]
    share = percent(s.p_value, 0 if s.p_value >= 0.1 else 1)
    if s.verdict == NO_EVIDENCE:
        # Translators: {share} is a percentage, {p} a p-value ("p = 0.43").
        return [_("No evidence of bias: fair dice would give counts at least this uneven "
                  "{share} of the time ({p}).").format(share=share, p=p_words(s.p_value)),
                _("A test cannot prove dice fair; it only finds no sign that they are not.")]
    if s.verdict == SOME_EVIDENCE:
        first = _("Some evidence of bias: fair dice would give counts this uneven only "
                  "{share} of the time ({p}).").format(share=share, p=p_words(s.p_value))
    elif s.p_value >= 1e-6:
        # Translators: {odds} is a number such as 1,250.
        first = _("Strong evidence of bias: fair dice would give counts this uneven about "
                  "once in {odds} times ({p}).").format(odds=number(round(1 / s.p_value)),
                                                        p=p_words(s.p_value))
    else:
        first = _("Strong evidence of bias: fair dice would give counts this uneven less "
                  "than once in a million times ({p}).").format(p=p_words(s.p_value))
    return [first, _most_off(s),
            _("With several sets and many games, an unlikely count turns up now and then.")]


def more_words(s: DiceSet) -> str:
    """How many throws more would make a verdict, and the assumption behind it."""
    if s.verdict == STRONG_EVIDENCE:
        return _("More throws are not needed for a verdict.")
    if s.more_dice is None:
        return _("The counts are exactly even: as long as they stay so, no number of throws "
                 "shows a bias.")
    throws = s.more_throws or 0
    # Translators: {dice} and {throws} are counts.
    if s.verdict == TOO_FEW:
        return ngettext("About {dice} more dice for a first verdict, some {throws} throw.",
                        "About {dice} more dice for a first verdict, some {throws} throws.",
                        throws).format(dice=number(s.more_dice), throws=number(throws))
    if s.verdict == SOME_EVIDENCE:
        return ngettext(
            "If the faces go on coming up in these shares, about {dice} more dice (some "
            "{throws} throw) would make the evidence strong (p < 0.01).",
            "If the faces go on coming up in these shares, about {dice} more dice (some "
            "{throws} throws) would make the evidence strong (p < 0.01).", throws).format(
                dice=number(s.more_dice), throws=number(throws))
    return ngettext(
        "If the faces go on coming up in these shares, about {dice} more dice (some "
        "{throws} throw) would show a bias (p < 0.05); if the unevenness is chance, it "
        "fades instead.",
        "If the faces go on coming up in these shares, about {dice} more dice (some "
        "{throws} throws) would show a bias (p < 0.05); if the unevenness is chance, it "
        "fades instead.", throws).format(dice=number(s.more_dice), throws=number(throws))


def counted_words(s: DiceSet) -> str:
    """What was counted: "412 dice in 118 throws of 3 games; each die counts once ..."."""
    # Translators: {dice}, {throws} and {games} are counts; "die" is one of the dice.
    counted = ngettext("{dice} dice in {throws} throws of {games} game",
                       "{dice} dice in {throws} throws of {games} games", s.games).format(
        dice=number(s.dice), throws=number(s.throws), games=number(s.games))
    return _("{counted}; each die counts once, thrown with five others or alone after "
             "freezing.").format(counted=counted)


def test_words(s: DiceSet) -> str:
    """The test's figures: "chi-square 4.21 with 5 degrees of freedom, p = 0.52"."""
    return _("Chi-square {value} with 5 degrees of freedom, {p}").format(
        value=decimal(s.statistic, 2), p=p_words(s.p_value))


def luck_words(s: DiceSet) -> str | None:
    """The player's luck with the set, as the statistics' luck, or None (not analysed)."""
    if not s.luck_games:
        return None
    # Translators: {average} is a change of the win chance with its sign (+1.5%).
    return ngettext("With this set the dice gave you {average} win chance a game on "
                    "average (over {n} analysed game).",
                    "With this set the dice gave you {average} win chance a game on "
                    "average (over {n} analysed games).", s.luck_games).format(
        average=signed_percent(s.luck_average, 1), n=number(s.luck_games))


def words(s: DiceSet) -> list[str]:
    """Every sentence the fairness view shows of a set, in order."""
    figures = [] if s.verdict == TOO_FEW else [test_words(s)]  # too few: no figures either
    out = [counted_words(s), *figures, *verdict_words(s), more_words(s)]
    luck = luck_words(s)
    return out + ([luck] if luck else [])
