"""Which perfect play a rule set needs, whether it can be solved here, and how big it is.

:func:`variant_of` is the one answer to "can perfect play be solved for these rules, and
how?": a :class:`Variant` (its features, its turn model, its ranges, its families of turn
starts) or a :class:`Refusal` that says in a player's words what stops it (an option no
solver takes, a size too big for this computer, with the number).  The advisor, the cache,
the Perfect player and ``sim solve`` all ask it.

A :class:`Variant` is also the game as the engine and the tables see it: what a turn start
offers (a plain turn, a challenge), its minimum and cap, and what a bank or a trash leads
to (:meth:`Variant.bank`, :meth:`Variant.trash`), on ints at play time and on numpy arrays
in the solver, from the features' own code (:mod:`.features`).

Pure Python.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..i18n import _, decimal, number
from ..model.rules import Rules
from . import dice
from .features import Bounds, Feature
from .features.challenging import Challenging, lowest
from .features.ending import NORMAL, Ending
from .features.penalty import Penalty
from .features.rotary import Pegging
from .features.rotary import lowest as rotary_lowest
from .features.surpassing import Surpassing
from .space import Family, Frame, Space, maximum, where

if TYPE_CHECKING:
    from ..model.game import Game

__all__ = ["DEFAULT_EXTRA", "Refusal", "Variant", "levels_rows3", "refusal3", "solve3_seconds",
           "variant_of"]

STEP = 50
#: The turn cap lies this many points beyond the game point (the one truncation of a turn:
#: see :meth:`Variant.cap`).
DEFAULT_EXTRA = 2000
#: The largest game point solved on the player's machine.
LARGEST_GAME_POINT = 15000
#: The most work a solve on the player's machine may take: turn states (each turn start
#: with every turn score and dice left inside its cap) times the sweeps over them, and the
#: last turns' (:func:`end_work`).  The largest solves within it take some ten minutes of
#: one core (docs/perfect-play.md, "Coverage").
LARGEST_WORK = 4_100_000_000
#: The work of the three-player levels in whole solves of every turn start: 1.9 solves a
#: turn start (Ten-Thousand and Trash 15000), the second and later ones from the rows a
#: new trash value can change (:class:`.columns3.Memo`), which made Trash 5000 1.22 times
#: as fast (1.6 = 1.9 / 1.2); and the CPU seconds a column row of its compiled turn
#: programme takes (1.1 microseconds on the two-core machine of docs/perfect-play.md).
PASSES3 = 1.6
SECONDS_PER_ROW3 = 1.1e-6
#: The options a turn model of its own plays.
TURN_MODELS = {"pyramiding": "stretches", "rotary-club": "pegging"}

#: An end family of more turn starts than this keeps only those that can occur, where they
#: are fewer than half (:meth:`Variant.compact`); the product is scanned this many at a time.
_SPARSE = 100_000
_CHUNK = 1 << 20


@dataclass(frozen=True)
class Refusal:
    """Why perfect play is not solved for some rules: a phrase a player reads."""

    reason: str

    def __str__(self) -> str:
        return self.reason


@dataclass
class Variant:
    """The perfect play of one rule set: its features, turn model, ranges and families."""

    rules: Rules
    players: int
    extra: int  # the turn cap beyond the game point, in steps
    features: list[Feature]
    ending: Ending
    bounds: Bounds
    space: Space
    model: str = "dice"  # the turn model: "dice" (dice left), "stretches", "pegging"
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """The features' names (options and the end), as a table's header keeps them."""
        return tuple(f.name for f in self.features) + (
            "catch-up" if self.ending.catch_up else "first-wins",)

    def family(self, name: str) -> Family:
        return self.space.family(name)

    # -- a turn start -------------------------------------------------------------------

    def need(self, family: Family, frame: Frame) -> Any:
        """The turn score each turn start needs to bank, in steps (at least one)."""
        b = self.bounds
        own = frame["board0"]
        need: Any = where(own == 0, b.open_min, b.min_after)
        for feature in self.features:
            need = feature.need(frame, need)
        return need

    def cap(self, family: Family, frame: Frame, need: Any) -> Any:
        """Above this turn score a turn banks as soon as it may (the truncation).

        In the last turns: ``max(game point + extra, minimum)``.  In the normal game the
        ``extra`` steps lie beyond the least turn score that reaches the game point and may
        bank (``max(game point - board, minimum) + extra``, the minimum with what the
        options add; where the first to the game point wins at once, a step less: that
        score banks and wins, exactly, unless the throw after a corner is compulsory and
        ``extra`` lets it wait); without options, beyond the game point (``game point -
        board + extra``), as the shipped tables were solved.  The two differ only where the
        minimum is above the steps to the game point: with the default ``extra`` (2,000
        points where a catch-up round or a compulsory throw after a corner can keep a turn
        going) by some 1e-6; with a tiny ``extra`` by much more (0.035 in Farkle to 100
        with an opening minimum of 150 and an ``extra`` of 50): compare solves at the same
        ``extra`` and with the same options (tests/solver_brute.py follows this rule)."""
        b = self.bounds
        if family.stage != NORMAL:
            return maximum(b.ng + b.extra, need)
        if not self.features:
            return b.ng - frame["board0"] + b.extra
        last = 0 if self.ending.catch_up else 1
        return maximum(b.ng - frame["board0"], need) + b.extra - last

    def choices(self, frame: Frame) -> dict[str, Any]:
        """The choices at the start of a turn: ``plain`` everywhere, and where each
        feature's own choice is open."""
        out: dict[str, Any] = {"plain": True}
        for feature in self.features:
            out.update(feature.choices(frame, self.bounds))
        return out

    def rank(self, frame: Frame) -> Any:
        rank: Any = 0
        for feature in self.features:
            rank = rank + feature.rank(frame)
        return rank

    def level(self, frame: Frame) -> Any:
        """The level of a turn start of the normal game (the boards' sum): a bank moves up
        a level, trash stays in it."""
        return frame["board0"] + frame["board1"]

    def first_throws(self, frame: Frame) -> Any:
        """Which turn starts open with a turn's first throw, for a turn model that reads it
        (None: every one)."""
        return None

    def feasible(self, family: Family, frame: Frame) -> Any:
        ok: Any = self.ending.feasible(frame, family, self.bounds)
        for feature in self.features:
            ok = ok & feature.feasible(frame, family, self.bounds)
        return ok

    def bank(self, family: Family, frame: Frame, choice: str, t: Any,
             check: bool = True) -> tuple[Any, Any]:
        """What banking ``t`` steps is worth to the mover (a code of
        :func:`.space.code`), and whether the turn start it leads to is in the space
        (``check`` false: not looked at, True)."""
        after = {**frame, "board0": frame["board0"] + t}
        for feature in self.features:
            after = feature.bank(after, t, choice, self.bounds)
        return self.ending.after(self.space, family, after, self.bounds, check)

    def trash(self, family: Family, frame: Frame, choice: str) -> tuple[Any, Any]:
        """What a trash is worth to the mover, as :meth:`bank`."""
        after = dict(frame)
        for feature in self.features:
            after = feature.trash(after, choice, self.bounds)
        return self.ending.after(self.space, family, after, self.bounds)

    # -- a game in play -------------------------------------------------------------------

    def _read(self, game: Game) -> tuple[str, Frame] | None:
        """A game's stage (the name of its family before the far rounds are told apart)
        and the coordinates its features read off it, from the mover's side; None where
        the tables do not reach (another number of seats, a score off the grid)."""
        if len(game.seats) != self.players or game.rules != self.rules:
            return None
        if any(board % STEP for board in game.board):
            return None
        name = self.ending.stage_of(game)
        if name is None:
            return None
        order = [(game.current + k) % self.players for k in range(self.players)]
        frame: Frame = {}
        for feature in [*self.features, self.ending]:
            frame.update(feature.read(game, order))
        return name, frame

    def position(self, game: Game) -> tuple[Family, Frame] | None:
        """The turn start of a game (its family and frame), or None where the tables do
        not reach (another number of seats, a stage or a score off the grid)."""
        read = self._read(game)
        if read is None:
            return None
        name, frame = read
        if name == "tie-first" and not self.ending.exact:
            name = "far-first"
        if name == "tie-second" and not self.ending.exact:
            name = "far-second"
        family = self.family(name)
        if name == "tie-first":
            x = frame["board0"]
            if not family.inside(frame) or x != frame["board1"]:
                family = self.family("far-first")
        frame = {**family.fixed, **frame}
        if not family.inside(frame) or not self.feasible(family, frame):
            return None
        return family, frame

    def compact(self) -> None:
        """Keep in each end family only the turn starts that can occur, where they are
        few among its product (the scores to beat of surpassing, say), and place the
        families again (needs numpy; done once, by the solve)."""
        import numpy as np

        changed = False
        for family in self.space.families:
            if family.stage == NORMAL or family.stored is not None or family.volume < _SPARSE:
                continue
            kept = []
            for lo in range(0, family.volume, _CHUNK):
                product = np.arange(lo, min(lo + _CHUNK, family.volume), dtype=np.int64)
                frame = family.decode(product)
                ok = np.asarray(self.feasible(family, frame), bool) & np.ones(len(product),
                                                                             bool)
                kept.append(product[ok])
            stored = np.concatenate(kept)
            if len(stored) < family.volume // 2:
                family.stored = stored
                changed = True
        if changed:
            self.space.place()

    def normal_start(self, seat: int, own: int, other: int) -> tuple[Family, Frame]:
        """A turn start of the normal game with these boards (steps) and everything else as
        at the start of a game (challenges all there, no runs, nothing to beat)."""
        frame: Frame = {"seat": seat, "board0": own, "board1": other}
        for feature in self.features:
            frame.update(feature.start(self.rules))
        return self.family("normal"), frame

    def starts(self) -> list[tuple[Family, Frame]]:
        """The turn starts of a new game, with seat 0 and with seat 1 to start (D-7)."""
        out = []
        for first in range(self.players):
            order = [(first + k) % self.players for k in range(self.players)]
            frame: Frame = {"seat": first}
            for k, seat in enumerate(order):
                frame[f"board{k}"] = self.rules.starting_score(seat) // STEP
            for feature in self.features:
                frame.update(feature.start(self.rules))
            out.append((self.family("normal"), frame))
        return out


class PeggingVariant(Variant):
    """Rotary Club: the turn starts are stretch starts, and the stage machine
    (:class:`.features.rotary.Pegging`) says what a corner and trash lead to."""

    ending: Pegging

    @property
    def names(self) -> tuple[str, ...]:
        return ("rotary-club", *super().names)

    def need(self, family: Family, frame: Frame) -> Any:
        """Every corner pegs, and pegs at least this (scores below it are never read)."""
        return self.ending.gap

    def cap(self, family: Family, frame: Frame, need: Any) -> Any:
        return self.ending.top  # a stretch's own bound: the engine truncates on the boards

    def choices(self, frame: Frame) -> dict[str, Any]:
        return self.ending.choices(frame)

    def rank(self, frame: Frame) -> Any:
        return self.ending.rank(frame)

    def level(self, frame: Frame) -> Any:
        return self.ending.level(frame)

    def first_throws(self, frame: Frame) -> Any:
        return frame["post"] == 0

    def feasible(self, family: Family, frame: Frame) -> Any:
        return self.ending.feasible(frame, family, self.bounds)

    def bank(self, family: Family, frame: Frame, choice: str, t: Any,
             check: bool = True) -> tuple[Any, Any]:
        """What a corner pegging ``t`` steps is worth (the turn model's "bank")."""
        return self.ending.peg(self.space, family, frame, choice, t)

    def trash(self, family: Family, frame: Frame, choice: str) -> tuple[Any, Any]:
        return self.ending.after_trash(self.space, family, frame, choice)

    def position(self, game: Game) -> tuple[Family, Frame] | None:
        """The stretch start a game is at: a turn's start, or the stretch after its last
        corner (None off the tables, or past the truncation)."""
        read = self._read(game)
        if read is None:
            return None
        name, frame = read
        family = self.family(name)
        if name == "tie-first" and not family.inside({**family.fixed, **frame}):
            family = self.family("far-first")  # a later round, kept far above
        if name == "tie-second" and not family.inside({**family.fixed, **frame}):
            family = self.family("far-second")
        frame = {**frame, **family.fixed}
        if not family.inside(frame) or not self.feasible(family, frame):
            return None
        return family, family.frame(family.index(frame))

    def _started(self, frame: Frame) -> Frame:
        out = {**frame, "post": 0}
        if self.ending.challenging is not None:
            out["active"] = 0
        return out

    def normal_start(self, seat: int, own: int, other: int) -> tuple[Family, Frame]:
        family, frame = super().normal_start(seat, own, other)
        return family, self._started(frame)

    def starts(self) -> list[tuple[Family, Frame]]:
        return [(family, self._started(frame)) for family, frame in super().starts()]


def bounds_of(rules: Rules, extra: int) -> Bounds:
    """The ranges of a rule set's turn starts, in steps (``extra`` too)."""
    ng = rules.game_point // STEP
    maxp = dice.max_points(rules)
    open_min, min_after = max(rules.opening_minimum // STEP, 1), max(rules.minimum // STEP, 1)
    if rules.rotary_club:  # nobody banks: no minimum (Rules.minimum_for)
        open_min = min_after = 1
    floor = None if rules.score_floor is None else rules.score_floor // STEP
    if floor is not None and (rules.three_trash or rules.challenging):
        lo = floor
    elif rules.challenging:
        lo = rotary_lowest(rules) if rules.rotary_club else lowest(rules)
    else:
        lo = 0
    caps = [max(ng - a, open_min if a == 0 else min_after) + extra for a in range(lo, ng)]
    if rules.surpassing:  # a score to beat raises the cap to the minimum it makes
        caps = [max(c, ng - lo + extra) for c in caps]
    top = max(caps, default=extra) + maxp
    f_hi = max((a + cap for a, cap in zip(range(lo, ng), caps, strict=True)), default=ng) + maxp
    rows = max(ng + extra, open_min, min_after) + maxp + 1
    # the last turns' caps: a score to beat raises each by at most a turn's points
    last = max(rows, top + 1) + (3 * (maxp + 1) if rules.surpassing else 0)
    lose = ((rules.challenge_penalties[1] // STEP if rules.challenging else 0)
            + (rules.trash_penalty // STEP if rules.three_trash else 0))
    return Bounds(ng, extra, maxp, lo, floor, open_min, min_after, rows, top, f_hi, last, lose)


def variant_of(rules: Rules, players: int = 2, *, extra: int | None = None,
               limits: bool = True, fresh: bool = False) -> Variant | Refusal:
    """The variant of perfect play these rules need, or why there is none here.

    ``extra``: the turn cap beyond the game point, in points (by default 2,000 where it
    truncates: with a catch-up round, or a throw after a corner that must be taken; else 0,
    where banking at the game point at once is exact); ``limits``: refuse rules too big for
    a player's machine (``sim solve`` can lift it); ``fresh``: a variant of its own, not the
    one kept for these rules."""
    if extra is None:
        extra = DEFAULT_EXTRA if rules.catch_up or rules.corner_throw_mandatory else 0
    if fresh:  # a variant of its own (a table's, whose families keep what its file says)
        return _variant.__wrapped__(rules, players, extra, limits)
    return _variant(rules, players, extra, limits)


def build(rules: Rules, players: int, extra: int, features: list[Feature],
          bounds: Bounds) -> Variant:
    """A variant of these features on these ranges (``extra`` in steps)."""
    if rules.rotary_club:
        challenging = next((f for f in features if isinstance(f, Challenging)), None)
        pegging = Pegging(rules, bounds, challenging)
        return PeggingVariant(rules, players, extra, features, pegging, bounds,
                              Space(pegging.families(features, bounds),
                                    lowered=rules.challenging), "pegging")
    per_player = sorted({name for f in features for name in f.per_player})
    ending = Ending(rules.catch_up, any(f.exact_end for f in features), per_player, players)
    space = Space(ending.families(features, bounds), lowered=rules.challenging)
    models = [TURN_MODELS[o] for o in rules.options if o in TURN_MODELS]
    return Variant(rules, players, extra, features, ending, bounds, space,
                   models[0] if models else "dice")


def levels_rows3(rules: Rules, extra: int | None = None) -> float:
    """The column rows a three-player solve's levels take (:mod:`.three`): each turn start's
    rows up to its mover's cap, :data:`PASSES3` times; its last round adds 1% (15,000) to
    6% (5,000).  Pure Python, for the window's thread."""
    ng = rules.game_point // STEP
    e = (DEFAULT_EXTRA if extra is None else extra) // STEP
    open_min, min_after = max(rules.minimum_for(0) // STEP, 1), max(rules.minimum // STEP, 1)
    caps = sum(max(ng - b, open_min if b == 0 else min_after) + e for b in range(ng))
    return 3.0 * ng * ng * caps * PASSES3


def solve3_seconds(rules: Rules) -> float:
    """About how many CPU seconds a three-player solve of these rules takes: 7.5 hours to
    15,000, 1.6 to 10,000, 8 minutes to 5,000 (measured before the memo, on the machine of
    the figures: some 9.7 hours, 2.0 hours and 6.7 minutes; with it Trash 5000 took 250 s
    where the code before took 305 s on the machine of 2026-12-07)."""
    return levels_rows3(rules) * SECONDS_PER_ROW3


def refusal3(rules: Rules) -> Refusal | None:
    """Why three-player perfect play (:mod:`.three`) is not solved for these rules, or
    None (pure Python: for the window's thread)."""
    if rules.options:
        return Refusal(_("with three players exact win chances are solved only for rules "
                         "without options (here: {options})").format(
                             options=", ".join(rules.options)))
    if not rules.catch_up:
        return Refusal(_("with three players exact win chances are solved only with a "
                         "last round, not where the first to the game point wins at once"))
    if rules.game_point % STEP or rules.game_point < 2 * STEP:
        return Refusal(_("the game point must be a multiple of 50 of at least 100"))
    if rules.game_point > LARGEST_GAME_POINT:
        return Refusal(_("with three players exact win chances are solved up to a game "
                         "point of {most}").format(most=number(LARGEST_GAME_POINT)))
    return None


@lru_cache(maxsize=32)
def _variant(rules: Rules, players: int, extra: int, limits: bool) -> Variant | Refusal:
    if players == 3:
        found = refusal3(rules)
        return found if found is not None else Refusal(
            _("three players are solved by their own solver"))
    if players != 2:
        return Refusal(_("exact win chances are solved for two and three players"))
    if extra < 0 or extra % STEP:
        raise ValueError("extra must be a non-negative multiple of 50")
    if rules.mutant_trash:
        return Refusal(_mutant_refused(rules))
    if sum(o in TURN_MODELS for o in rules.options) > 1:
        return Refusal(_("pyramiding and Rotary Club are not solved together"))
    b = bounds_of(rules, extra // STEP)
    features: list[Feature] = []
    # In Rotary Club nothing is banked, so nothing is surpassed, and the trash penalty is
    # for banking games alone (Play._trash): both options change nothing there.
    if rules.surpassing and not rules.rotary_club:
        features.append(Surpassing(players, rules.challenging))
    if rules.challenging:
        features.append(Challenging(rules))
    if rules.three_trash and not rules.rotary_club:
        features.append(Penalty(rules))
    for feature in features:
        problem = feature.refusal(rules, b)
        if problem is not None:
            return Refusal(problem)
    variant = build(rules, players, extra // STEP, features, b)
    if limits:
        problem = _too_big(variant)
        if problem is not None:
            return Refusal(problem)
    return variant


def _too_big(variant: Variant) -> str | None:
    rules = variant.rules
    if rules.game_point > LARGEST_GAME_POINT:
        return _("the game point is above {points}: too many positions to solve on this "
                 "computer").format(points=number(LARGEST_GAME_POINT))
    work = estimated_work(variant)
    if work > LARGEST_WORK:
        states, sweeps, end = count_states(variant), sweeps_of(variant), end_work(variant)
        if sweeps == 1:
            # Translators: {states} and {end} are numbers of positions inside turns,
            # {work} their sum, {most} the most solved here.
            return _("too many positions to solve on this computer: {states} positions "
                     "inside the turns of the game and {end} inside its last turns ({work} "
                     "in all; the most solved here is {most})").format(
                         states=number(states), end=number(end), work=number(work),
                         most=number(LARGEST_WORK))
        # Translators: {states} and {end} are numbers of positions inside turns, {sweeps}
        # how often the solve must go over the first, {work} the steps in all, {most} the
        # most solved here.
        return _("too many positions to solve on this computer: {states} positions inside "
                 "the turns of the game, gone over about {sweeps} times, and {end} inside "
                 "its last turns ({work} steps in all; the most solved here is {most})"
                 ).format(states=number(states), sweeps=number(sweeps), end=number(end),
                          work=number(work), most=number(LARGEST_WORK))
    return None


def count_states(variant: Variant) -> int:
    """About how many turn states the normal game has: its turn starts that can occur, each
    with every turn score up to its cap and every number of dice left (or every stretch).
    Quick, in plain Python: a fixed random sample of at most :data:`_SAMPLE` turn starts
    stands for the rest."""
    return _count_states(variant.rules, variant.players, variant.extra)


@lru_cache(maxsize=64)
def _count_states(rules: Rules, players: int, extra: int) -> int:
    found = _variant(rules, players, extra * STEP, False)
    assert isinstance(found, Variant)
    family = found.family("normal")
    per_state = _per_score(found)
    return _sampled(found, family, lambda frame: found.cap(
        family, frame, found.need(family, frame)) * per_state)


def _per_score(variant: Variant) -> int:
    """The turn states of one turn score: the dice left (six), or every stretch."""
    if variant.model != "stretches":
        return 6
    from .turnmodels.stretches import stretches

    return len(stretches(variant.rules).states)


def _sampled(variant: Variant, family: Family, count: Callable[[Frame], int]) -> int:
    """The sum of ``count`` over the turn starts of a family that can occur, from a fixed
    random sample of at most :data:`_SAMPLE` of its turn starts (plain Python)."""
    picked = (range(family.volume) if family.volume <= _SAMPLE
              else random.Random(0).sample(range(family.volume), _SAMPLE))
    total = 0
    for product in picked:
        frame = family.decode(product)
        if variant.feasible(family, frame):
            total += count(frame)
    return total * family.volume // len(picked)


#: Turn starts of the normal game :func:`count_states` looks at.
_SAMPLE = 4096


def exact_states(variant: Variant) -> int:
    """The turn states of the normal game, every one counted (needs numpy)."""
    import numpy as np

    family = variant.family("normal")
    frame = family.all()
    ok = np.asarray(variant.feasible(family, frame), bool) & np.ones(family.size, bool)
    frame = {k: (v[ok] if isinstance(v, np.ndarray) else v) for k, v in frame.items()}
    cap = variant.cap(family, frame, variant.need(family, frame))
    return int(np.sum(cap)) * _per_score(variant)


def end_work(variant: Variant) -> int:
    """About how many (turn start, turn score) pairs the end game solves: the turn starts of
    its catch-up and tie-break families that can occur (a fixed random sample of each
    stands for the rest, as in :func:`count_states`), each with the turn scores of a last
    turn, once for each choice open there.  A pair of the end game costs about what a
    turn state of the normal game costs (docs/perfect-play.md, "Coverage")."""
    return _end_work(variant.rules, variant.players, variant.extra)


@lru_cache(maxsize=64)
def _end_work(rules: Rules, players: int, extra: int) -> int:
    found = _variant(rules, players, extra * STEP, False)
    assert isinstance(found, Variant)
    b = found.bounds
    rows = b.ng + b.extra + b.maxp + 1
    return sum(rows * _sampled(found, family, lambda frame: sum(
        1 for open_ in found.choices(frame).values() if open_))
        for family in found.space.families if family.stage != "normal" and not family.far)


def sweeps_of(variant: Variant) -> int:
    """How often a solve goes over the normal game: once, or about ten sweeps when a
    penalty moves boards down (docs/perfect-play.md)."""
    return 10 if any(isinstance(f, Penalty) for f in variant.features) else 1


def estimated_work(variant: Variant) -> int:
    return count_states(variant) * sweeps_of(variant) + end_work(variant)


#: Mutant Trash's play areas: an ordered row of up to six dice, every face possible
#: (1 + 6 + ... + 6**6; docs/perfect-play.md, "What stays unsolved").
MUTANT_ROWS = sum(6 ** k for k in range(7))


def _mutant_refused(rules: Rules) -> str:
    """Why Mutant Trash is not solved, with its size: the play area is part of every turn
    start, so even the turn starts alone outgrow a computer's memory."""
    ng = rules.game_point // STEP
    starts = 2 * ng * ng * MUTANT_ROWS
    # Translators: {starts} is a number of positions, {gigabytes} their size in memory.
    return _("Mutant Trash keeps the dice of the play area in every position: {starts} "
             "positions at the start of turns alone ({gigabytes} GB), too many to "
             "solve").format(starts=number(starts),
                                gigabytes=decimal(starts * 4 / 1e9))
