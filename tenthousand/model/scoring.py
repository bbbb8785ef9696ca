"""What dice score: counters, exact scores, best scores and the legal freezes of a throw.

Dice are handled as *counts*: a tuple ``(n1, n2, ..., n6)`` of how many of each face.  For
each rule set every multiset of up to six dice is scored once and cached, so a lookup
afterwards is a dictionary access.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..i18n import N_, _, join_words, ngettext, number
from .rules import Rules

Counts = tuple[int, int, int, int, int, int]
EMPTY: Counts = (0, 0, 0, 0, 0, 0)
FACES = (1, 2, 3, 4, 5, 6)


def counts_of(dice: Iterable[int]) -> Counts:
    """The counts tuple of some dice faces; raises ValueError for a face outside 1-6."""
    c = [0] * 6
    for d in dice:
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise ValueError(f"a die shows 1 to 6, not {d!r}")
        c[d - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def dice_of(counts: Sequence[int]) -> tuple[int, ...]:
    """The faces of a counts tuple, in ascending order."""
    return tuple(face for face, n in zip(FACES, counts, strict=False) for _copy in range(n))


@dataclass(frozen=True)
class Counter:
    """One scoring combination of a rule set."""

    name: str  # in English, and the same in every language: what the rules window matches
    counts: Counts
    points: int
    first_throw_only: bool = False
    words: str = ""  # the name as a message of the catalogue ("three {face}s"), if it has one
    face: int = 0  # the face the words name
    six_dice_only: bool = False  # counts only on a throw of six dice (first or after a corner)
    no_score: bool = False  # Zilch's counter: any six dice of a throw where nothing scores

    @property
    def label(self) -> str:
        """The name in the language in use ("three 4s", "drei 4er")."""
        return _(self.words).format(face=self.face) if self.words else self.name


def _counts(pairs: dict[int, int]) -> Counts:
    c = [0] * 6
    for face, n in pairs.items():
        c[face - 1] += n
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def counters(rules: Rules) -> tuple[Counter, ...]:
    """Every concrete counter of the rule set (a triplet of 4s, a straight, ...)."""
    return _counters(_key(rules))


@cache
def _counters(key: tuple[object, ...]) -> tuple[Counter, ...]:
    rules = _RULES_BY_KEY[key]
    out: list[Counter] = [
        # Translators: a single die that scores, as in "a 5".
        Counter(f"a {face}", _counts({face: 1}), points, words=N_("a {face}"), face=face)
        for face, points in zip(FACES, rules.singles, strict=True) if points
    ]
    # The 1 and the 5 first, as the tables always listed them.
    out.sort(key=lambda k: (k.counts[0] == 0 and k.counts[4] == 0, -k.points))
    words = {3: "three", 4: "four", 5: "five", 6: "six"}
    # Translators: several dice of one face, as in "three 4s" (three dice showing 4).
    kinds = {3: N_("three {face}s"), 4: N_("four {face}s"), 5: N_("five {face}s"),
             6: N_("six {face}s")}
    for face, row in zip(FACES, rules.kind_values(), strict=True):
        for n, points in zip((3, 4, 5, 6), row, strict=True):
            if points is not None:
                out.append(Counter(f"{words[n]} {face}s", _counts({face: n}), points,
                                   words=kinds[n], face=face))
    first_only = rules.six_dice_first_throw_only
    if rules.straight is not None:
        out.append(Counter("a straight", (1, 1, 1, 1, 1, 1), rules.straight, first_only,
                           N_("a straight")))
    if rules.three_pairs is not None:
        for c in itertools.product((0, 2, 4, 6), repeat=6):
            if sum(c) != 6:
                continue
            if rules.three_pairs_distinct and sorted(c) != [0, 0, 0, 2, 2, 2]:
                continue  # D-3: three different values
            counts = (c[0], c[1], c[2], c[3], c[4], c[5])
            out.append(Counter("three pairs", counts, rules.three_pairs, first_only,
                               N_("three pairs")))
    if rules.two_triplets is not None:
        for c in itertools.product((0, 3, 6), repeat=6):
            if sum(c) == 6:
                counts = (c[0], c[1], c[2], c[3], c[4], c[5])
                out.append(Counter("two triplets", counts, rules.two_triplets, first_only,
                                   N_("two triplets")))
    if rules.four_and_pair is not None:
        for four, pair in itertools.permutations(FACES, 2):
            out.append(Counter("four of a kind and a pair", _counts({four: 4, pair: 2}),
                               rules.four_and_pair, first_only,
                               N_("four of a kind and a pair")))
    short_only = rules.short_straights_first_throw_only
    short_six = rules.short_straights_six_dice_only
    if rules.short_straight_low is not None:
        out.append(Counter("1-2-3-4-5", (1, 1, 1, 1, 1, 0), rules.short_straight_low,
                           short_only, six_dice_only=short_six))
    if rules.short_straight_high is not None:
        out.append(Counter("2-3-4-5-6", (0, 1, 1, 1, 1, 1), rules.short_straight_high,
                           short_only, six_dice_only=short_six))
    if rules.dice < 6:  # the five-dice game: no counter needs more dice than in play
        out = [k for k in out if sum(k.counts) <= rules.dice]
    if rules.no_score_six is not None:
        # Translators: Zilch's counter: a throw of six dice in which nothing scores, which
        # is worth points in some rule sets (playr's Zilch: 500).
        out.append(Counter(NO_SCORE, EMPTY, rules.no_score_six, words=N_("no dice scored"),
                           six_dice_only=True, no_score=True))
    return tuple(out)


#: The engine's name of Zilch's counter (:attr:`Counter.no_score`).
NO_SCORE = "no dice scored"


# Rules registered by their scoring key so cached functions can take the (hashable) key.
_RULES_BY_KEY: dict[tuple[object, ...], Rules] = {}


def _key(rules: Rules) -> tuple[object, ...]:
    key = rules.scoring_key()
    _RULES_BY_KEY.setdefault(key, rules)
    return key


def _fits(small: Sequence[int], big: Sequence[int]) -> bool:
    return all(a <= b for a, b in zip(small, big, strict=False))


def _minus(big: Sequence[int], small: Sequence[int]) -> Counts:
    c = [a - b for a, b in zip(big, small, strict=False)]
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def _all_counts() -> tuple[Counts, ...]:
    """The 924 count vectors with a sum of at most six, in lexicographic order (the order of
    ``itertools.product(range(7), repeat=6)`` filtered), built without walking all 7**6."""
    out: list[Counts] = []

    def extend(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 6:
            out.append(prefix)
            return
        for n in range(left + 1):
            extend(prefix + (n,), left - n)

    extend((), 6)
    return tuple(out)


#: Every multiset of up to six dice.
ALL_COUNTS: tuple[Counts, ...] = _all_counts()


@cache
def outcomes(n: int) -> tuple[tuple[Counts, float], ...]:
    """Every throw of ``n`` dice as a multiset of faces, with its probability."""
    out = []
    for c in ALL_COUNTS:
        if sum(c) == n:
            ways = math.factorial(n)
            for k in c:
                ways //= math.factorial(k)
            out.append((c, ways / 6**n))
    return tuple(out)


@dataclass(frozen=True)
class ScoreTable:
    """Scores of every multiset of up to six dice under one rule set.

    ``exact`` scores dice from a later throw of six dice (after a corner), ``exact_few``
    from a throw of fewer than six (the same dict unless a counter counts only on six
    dice), ``exact_first`` from the first throw of a turn.  ``best`` and ``freezes`` are
    keyed by the whole throw, so their later-throw tables use ``exact_few`` for throws of
    fewer than six dice.
    """

    exact: dict[Counts, int | None]
    exact_first: dict[Counts, int | None]
    best: dict[Counts, int]
    best_first: dict[Counts, int]
    freezes: dict[Counts, tuple[tuple[Counts, int], ...]]
    freezes_first: dict[Counts, tuple[tuple[Counts, int], ...]]
    explain: dict[tuple[Counts, bool], tuple[Counter, ...]]
    exact_few: dict[Counts, int | None] = dataclasses.field(default_factory=dict)
    explain_few: dict[Counts, tuple[Counter, ...]] = dataclasses.field(default_factory=dict)
    #: :meth:`freezes_of`'s answers, made as they are asked for
    _faces: dict[tuple[Counts, bool], tuple[tuple[tuple[int, ...], int], ...]] = \
        dataclasses.field(default_factory=dict, compare=False, repr=False)

    def exact_for(self, first_throw: bool, thrown: int = 6) -> dict[Counts, int | None]:
        """The exact scores of dice frozen from a throw of ``thrown`` dice."""
        if first_throw:
            return self.exact_first
        return self.exact if thrown >= 6 else self.exact_few

    def freezes_of(self, c: Counts, first_throw: bool
                   ) -> tuple[tuple[tuple[int, ...], int], ...]:
        """The freezes of the throw ``c`` as faces and points, best first: made once and
        kept (every throw is asked about by the engine, the sure bank and the player)."""
        found = self._faces.get((c, first_throw))
        if found is None:
            subs = (self.freezes_first if first_throw else self.freezes)[c]
            found = self._faces.setdefault((c, first_throw),
                                           tuple((dice_of(s), p) for s, p in subs))
        return found

    def explain_for(self, c: Counts, first_throw: bool, thrown: int = 6
                    ) -> tuple[Counter, ...]:
        """The counters of the best way to count ``c`` (which must score)."""
        if not first_throw and thrown < 6 and c in self.explain_few:
            return self.explain_few[c]
        return self.explain[(c, first_throw)]


def table(rules: Rules) -> ScoreTable:
    """The cached score table of a rule set."""
    return _table(_key(rules))


@cache
def _table(key: tuple[object, ...]) -> ScoreTable:
    all_counters = [k for k in _counters(key) if not k.no_score]
    zilch = next((k for k in _counters(key) if k.no_score), None)
    # Contexts: the first throw of a turn, a later throw of six dice, fewer than six dice.
    contexts = {"first": [k for k in all_counters],
                "later": [k for k in all_counters if not k.first_throw_only]}
    if any(k.six_dice_only for k in contexts["later"]):
        contexts["few"] = [k for k in contexts["later"] if not k.six_dice_only]
    exact: dict[str, dict[Counts, int | None]] = {}
    explain: dict[str, dict[Counts, tuple[Counter, ...]]] = {}
    for name, usable in contexts.items():
        exact[name], explain[name] = _exact_scores(usable)
    if "few" not in exact:
        if zilch is None:
            exact["few"], explain["few"] = exact["later"], explain["later"]
        else:  # the six-dice contexts gain Zilch's counter, fewer dice never have it
            exact["few"], explain["few"] = dict(exact["later"]), dict(explain["later"])
    if zilch is not None:
        for name in ("first", "later"):
            _add_no_score(zilch, exact[name], explain[name])
    best: dict[bool, dict[Counts, int]] = {}
    freezes: dict[bool, dict[Counts, tuple[tuple[Counts, int], ...]]] = {}
    for first in (False, True):
        best[first] = {}
        freezes[first] = {}
        for c in ALL_COUNTS:
            scores = exact["first" if first else "later" if sum(c) == 6 else "few"]
            subs = []
            for sub in itertools.product(*(range(n + 1) for n in c)):
                s = (sub[0], sub[1], sub[2], sub[3], sub[4], sub[5])
                if s != EMPTY and scores[s] is not None:
                    subs.append((s, scores[s] or 0))
            subs.sort(key=lambda item: (-item[1], sum(item[0])))
            freezes[first][c] = tuple(subs)
            best[first][c] = subs[0][1] if subs else 0
    return ScoreTable(
        exact=exact["later"],
        exact_first=exact["first"],
        best=best[False],
        best_first=best[True],
        freezes=freezes[False],
        freezes_first=freezes[True],
        explain={**{(c, False): e for c, e in explain["later"].items()},
                 **{(c, True): e for c, e in explain["first"].items()}},
        exact_few=exact["few"],
        explain_few=explain["few"],
    )


def _add_no_score(zilch: Counter, exact: dict[Counts, int | None],
                  explain: dict[Counts, tuple[Counter, ...]]) -> None:
    """Zilch's counter in a six-dice context: every six dice of which no part scores are
    worth its points, frozen all together (so freezing them turns the corner)."""
    for c in ALL_COUNTS:
        if sum(c) != 6:
            continue
        if any(exact[(s[0], s[1], s[2], s[3], s[4], s[5])] is not None
               for s in itertools.product(*(range(n + 1) for n in c)) if any(s)):
            continue
        exact[c] = zilch.points
        explain[c] = (zilch,)


def _exact_scores(usable: list[Counter]
                  ) -> tuple[dict[Counts, int | None], dict[Counts, tuple[Counter, ...]]]:
    """The best exact score of every multiset with these counters, and how it is made."""
    memo: dict[Counts, tuple[int, tuple[Counter, ...]] | None] = {EMPTY: (0, ())}

    def solve(c: Counts) -> tuple[int, tuple[Counter, ...]] | None:
        if c in memo:
            return memo[c]
        best: tuple[int, tuple[Counter, ...]] | None = None
        for k in usable:
            if _fits(k.counts, c):
                rest = solve(_minus(c, k.counts))
                if rest is not None and (best is None or k.points + rest[0] > best[0]):
                    best = (k.points + rest[0], (k,) + rest[1])
        memo[c] = best
        return best

    exact: dict[Counts, int | None] = {}
    explain: dict[Counts, tuple[Counter, ...]] = {}
    for c in ALL_COUNTS:
        r = solve(c)
        exact[c] = None if r is None else r[0]
        if r is not None:
            explain[c] = r[1]
    return exact, explain


# -- the public functions --------------------------------------------------------------


def score(dice: Iterable[int], rules: Rules, *, first_throw: bool = True,
          thrown: int = 6) -> int | None:
    """Points for freezing exactly these dice together, or ``None`` if they cannot all be
    frozen.

    Every die must belong to a counter; the best way to count them is taken (D-5).
    ``first_throw`` says whether the dice come from the first throw of a turn, which
    matters for counters the rule set allows only there (D-2); ``thrown`` is how many dice
    the throw had, which matters for counters allowed only on six dice.  No dice score 0.
    """
    c = counts_of(dice)
    if sum(c) > 6:
        raise ValueError("at most six dice are counted together")
    return table(rules).exact_for(first_throw, thrown)[c]


def best_score(dice: Iterable[int], rules: Rules, *, first_throw: bool = True) -> int:
    """The most points any allowed subset of these dice scores; ``0`` means trash."""
    c = counts_of(dice)
    if sum(c) > 6:
        raise ValueError("at most six dice are counted together")
    t = table(rules)
    return (t.best_first if first_throw else t.best)[c]


def legal_freezes(
    dice: Iterable[int], rules: Rules, *, first_throw: bool = True
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of these dice that may be frozen together, with its points.

    Returned as ``(faces, points)`` pairs, faces ascending, best points first.  Empty when
    the dice are trash.
    """
    return table(rules).freezes_of(counts_of(dice), first_throw)


def describe(dice: Iterable[int], rules: Rules, *, first_throw: bool = True,
             thrown: int = 6) -> str:
    """How a set of dice is counted, in words: ``"three 4s + a 1 = 500"``.

    For dice that cannot all be frozen, the reason: ``"the 3 does not score"``.
    """
    faces = sorted(dice)
    if not faces:
        return _("no dice selected")
    c = counts_of(faces)
    t = table(rules)
    exact = t.exact_for(first_throw, thrown)[c]
    if exact is None:
        return why_not(faces, rules, first_throw=first_throw, thrown=thrown)
    parts = sorted(t.explain_for(c, first_throw, thrown),
                   key=lambda k: -k.points)  # big counters first
    return " + ".join(_grouped(parts)) + f" = {number(exact)}"


#: Several single dice of one face, each counted on its own, said together ("two 5s": a 5
#: and a 5).  From three on they are "single", not to be read as three of a kind.
_SINGLES = {
    # Translators: two single dice of one face that score each on its own: "two 5s" (50 +
    # 50), in a sum such as "three 4s + two 5s = 500".
    2: N_("two {face}s"),
    # Translators: three (four...) dice of one face counted one by one, not as three of a
    # kind (a rule set where three of them score nothing more).
    3: N_("three single {face}s"),
    4: N_("four single {face}s"),
    5: N_("five single {face}s"),
    6: N_("six single {face}s"),
}


def _grouped(parts: Sequence[Counter]) -> list[str]:
    """The counters' names for a sum, equal single dice said once: "two 1s + two 5s"."""
    names: list[str] = []
    seen: dict[str, int] = {}  # a single die's counter name -> how many
    for k in parts:
        if k.counts.count(0) == 5 and sum(k.counts) == 1:
            seen[k.name] = seen.get(k.name, 0) + 1
    done: set[str] = set()
    for k in parts:
        n = seen.get(k.name, 0)
        if n < 2:
            names.append(k.label)
        elif k.name not in done:
            done.add(k.name)
            names.append(_(_SINGLES[n]).format(face=k.face))
    return names


def why_not(dice: Iterable[int], rules: Rules, *, first_throw: bool = True,
            thrown: int = 6) -> str:
    """Why these dice cannot be frozen together, in a sentence a player can read."""
    faces = sorted(dice)
    c = counts_of(faces)
    t = table(rules)
    exact = t.exact_for(first_throw, thrown)
    if exact[c] is not None:
        return _("these dice score")
    # A rule about the throw comes first when it alone stands in the way.
    on_first = not first_throw and t.exact_first[c] is not None
    if on_first and sum(c) == 6 and rules.six_dice_first_throw_only:
        return _("doubles and straights count only on the first throw of a turn")
    if on_first and rules.first_throw_matters:
        return _("these dice count only on the first throw of a turn")
    if not first_throw and thrown < 6 and t.exact[c] is not None:
        return _("short straights count only on a throw of six dice")
    return _left_over(c, exact)


#: Some dice of one face, named in the sentence that says they do not score.
_SOME = {
    # Translators: dice named in "the 4 and the 6 do not score", "the 4 and two 6s ...".
    1: N_("the {face}"),
    2: N_("two {face}s"),
    3: N_("three {face}s"),
    4: N_("four {face}s"),
    5: N_("five {face}s"),
    6: N_("six {face}s"),
}


def _left_over(c: Counts, exact: dict[Counts, int | None]) -> str:
    """The dice a selection that cannot be frozen has too many: what is left when the most
    dice of it that do score together are taken (all of it, when none score)."""
    best: Counts = EMPTY
    for sub in itertools.product(*(range(n + 1) for n in c)):
        s = (sub[0], sub[1], sub[2], sub[3], sub[4], sub[5])
        if exact[s] is not None and (sum(s), exact[s] or 0) > (sum(best), exact[best] or 0):
            best = s
    rest = _minus(c, best)
    faces = [face for face in FACES if rest[face - 1]]
    if len(faces) == 1:
        face = faces[0]
        n = rest[face - 1]
        if n == c[face - 1]:  # none of that face scores
            return (_("the {face} does not score") if n == 1 else _(_TOGETHER[n])).format(
                face=face)
        # Translators: some dice of one face are too many: "1 of the 2s does not score"
        # (three 2s score, the fourth does not).
        return ngettext("{n} of the {face}s does not score", "{n} of the {face}s do not score",
                        n).format(n=n, face=face)
    # Translators: {dice} lists the dice: "the 4 and the 6", "the 4 and two 6s".
    return _("{dice} do not score").format(dice=join_words(
        [_(_SOME[rest[face - 1]]).format(face=face) for face in faces]))


#: Several dice of one face that score nothing together ("four 3s"), by how many.
_TOGETHER = {
    2: N_("two {face}s do not score together"),
    3: N_("three {face}s do not score together"),
    4: N_("four {face}s do not score together"),
    5: N_("five {face}s do not score together"),
    6: N_("six {face}s do not score together"),
}
