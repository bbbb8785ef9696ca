"""The perfect-play solver against an independent brute force, and the play-time side.

The brute force below knows nothing of the solver's shortcuts (pruned freezes, levels,
Newton steps): it walks the game as the engine plays it, with every legal freeze of every
multiset of dice, and runs plain value iteration on the probability that seat 0 wins.  It
solves the same capped game (a turn score beyond the cap banks at once).  The only saving
it makes is arithmetic: the multisets that offer exactly the same freezes are one term
with their chances summed (:func:`_throws`; about a quarter of the terms, the same sum).
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from rules_kit import ForceBase, rolls

from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import engine, main, normal, table, values  # noqa: E402
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

# -- the brute force -------------------------------------------------------------------

Throws = list[tuple[float, tuple[tuple[int, int], ...]]]


def _throws(force: Any, n: int, first: bool) -> Throws:
    """``force.rolls[(n, first)]`` with the multisets that offer the same (points, dice
    left) freezes summed into one term: the sum over every multiset, in fewer terms.  Made
    again whenever ``force.rolls`` is another dict (a test may set its own throws)."""
    made = force.__dict__.get("_throws_of")
    if made is None or made[0] is not force.rolls:
        distinct: dict[tuple[int, bool], Throws] = {}
        for key, outcomes in force.rolls.items():
            summed: dict[tuple[tuple[int, int], ...], float] = {}
            for p, freezes in outcomes:
                summed[tuple(freezes)] = summed.get(tuple(freezes), 0.0) + p
            distinct[key] = [(p, freezes) for freezes, p in summed.items()]
        made = force._throws_of = (force.rolls, distinct)
    return made[1][(n, first)]  # type: ignore[no-any-return]




def _iterate(force: Any, states: list[Any], sweeps: int, tol: float) -> None:
    """Value iteration in place (Gauss-Seidel) over ``states`` until no value moves by
    ``tol`` in a sweep; ``force.turn(state)`` is a state's value from the others."""
    for _ in range(sweeps):
        change = 0.0
        for state in states:
            new = force.turn(state)
            change = max(change, abs(new - force.v.get(state, 0.5)))
            force.v[state] = new
        if change < tol:
            return


class BruteForce(ForceBase):
    """Value iteration over whole game states: (stage, score of seat 0, of seat 1, mover)."""

    def after(self, state: tuple[str, int, int, int], gain: int | None) -> float:
        """P(seat 0 wins) once the mover's turn ends with ``gain`` banked (None: trash)."""
        stage, s0, s1, mover = state
        board = [s0, s1]
        board[mover] += gain or 0
        other = 1 - mover
        if stage == "N":
            nxt = "C" if board[mover] >= self.g else "N"
            return self.value((nxt, board[0], board[1], other))
        if stage == "T" and mover == 0:
            return self.value(("T", board[0], board[1], 1))
        # the end of a catch-up turn or of a tie-break round: D-8, D-9
        if board[0] != board[1]:
            return 1.0 if board[0] > board[1] else 0.0
        return self.value(("T", 0, 0, 0))  # only the difference matters from here

    def turn(self, state: tuple[str, int, int, int]) -> float:
        stage, s0, s1, mover = state
        own = (s0, s1)[mover]
        # tie-break states keep only the difference; the real boards are past the game point
        need = self.r.opening_minimum if own == 0 and stage != "T" else self.r.minimum
        pick = max if mover == 0 else min
        memo: dict[tuple[int, int], float] = {}
        ends: dict[int | None, float] = {}  # the values do not change during a turn

        def over_cap(t: int) -> bool:
            return (own + t if stage == "N" else t) > self.cap

        def end(gain: int | None) -> float:
            if gain not in ends:
                ends[gain] = self.after(state, gain)
            return ends[gain]

        def throw(t: int, n: int) -> float:
            key = (t, n)
            if key in memo:
                return memo[key]
            total = 0.0
            for p, freezes in _throws(self, n, t == 0 and n == 6):
                if not freezes:
                    total += p * end(None)
                    continue
                options = []
                for points, left in freezes:
                    t2 = t + points
                    if over_cap(t2):
                        options.append(end(t2))
                        continue
                    options.append(throw(t2, 6 if left == 0 else left))
                    if t2 >= max(need, 50) and not (left == 0
                                                    and self.r.corner_throw_mandatory):
                        options.append(end(t2))
                total += p * pick(options)
            memo[key] = total
            return total

        return throw(0, 6)

    def solve(self) -> tuple[float, float]:
        """The starting player's chance when seat 0 starts, and when seat 1 starts."""
        starts = [("N", 0, 0, 0), ("N", 0, 0, 1)]
        # discover the reachable states
        seen = set(starts)
        todo = list(starts)
        original = self.value
        while todo:
            state = todo.pop()
            found: set[tuple[str, int, int, int]] = set()

            def spy(s: tuple[str, int, int, int],
                    found: set[tuple[str, int, int, int]] = found) -> float:
                found.add(s)
                return 0.5

            self.value = spy  # type: ignore[method-assign]
            self.turn(state)
            for s in found - seen:
                seen.add(s)
                todo.append(s)
        self.value = original  # type: ignore[method-assign]
        # tie-break rounds need only themselves, catch-up turns only those, the rest all
        for stage in "TCN":
            states = sorted((s for s in seen if s[0] == stage), key=lambda s: -(s[1] + s[2]))
            _iterate(self, states, 500, 1e-12)
        return self.v[starts[0]], 1.0 - self.v[starts[1]]


CASES = [
    (PRESETS["ten-thousand"].with_options(game_point=100), 50),
    (PRESETS["trash-5000"].with_options(game_point=150, opening_minimum=100, minimum=50), 50),
    (PRESETS["farkle"].with_options(game_point=100, opening_minimum=150), 50),
]


@pytest.mark.parametrize("rules,extra", CASES, ids=lambda c: getattr(c, "preset", str(c)))
def test_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = engine.solve(rules, extra=extra, tol=1e-13)
    first0, first1 = BruteForce(rules, extra).solve()
    assert sol.normal(0, 0, 0) == pytest.approx(first0, abs=1e-10)
    assert sol.normal(1, 0, 0) == pytest.approx(first1, abs=1e-10)


# -- the brute force with the trash penalty ----------------------------------------------

PenaltyState = tuple[int, int, int, int, int]  # (score 0, score 1, run 0, run 1, mover)


def _turn_by_brute_force(force: Any, state: Any, mover: int, need: int, cap: int) -> float:
    """One turn of the penalty and surpassing brute forces: every throw, every freeze,
    banking from ``need`` on, a bank forced above ``cap``; ``force.after(state, t)`` is what
    banking ``t`` (None: trash) leads to."""
    pick = max if mover == 0 else min
    memo: dict[tuple[int, int], float] = {}
    ends: dict[int | None, float] = {}  # the values do not change during a turn

    def end(gain: int | None) -> float:
        if gain not in ends:
            ends[gain] = force.after(state, gain)
        return ends[gain]

    def throw(t: int, n: int) -> float:
        if (t, n) in memo:
            return memo[(t, n)]
        total = 0.0
        for p, freezes in _throws(force, n, t == 0 and n == 6):
            if not freezes:
                total += p * end(None)
                continue
            options = []
            for points, left in freezes:
                t2 = t + points
                if t2 > cap:
                    options.append(end(t2))
                    continue
                options.append(throw(t2, 6 if left == 0 else left))
                if t2 >= need and not (left == 0 and force.r.corner_throw_mandatory):
                    options.append(end(t2))
            total += p * pick(options)
        memo[(t, n)] = total
        return total

    return throw(0, 6)


class PenaltyBruteForce:
    """Value iteration over whole game states with the runs of trash turns, for rules where
    the first to the game point wins at once.  The engine's rules written out again: trash
    adds one to the mover's run, and ``trash_run`` of them cost ``trash_penalty`` (never
    below the lowest score) and start the run again; a bank ends the run.  The same turn cap
    as the solver: a turn score at the game point banks at once once it may (``extra``
    points later when the throw after a corner is compulsory)."""

    def __init__(self, rules: Rules, extra: int = 0) -> None:
        self.r = rules
        self.extra = extra
        self.rolls = {(n, f): rolls(rules, n, f) for n in range(1, 7) for f in (False, True)}
        self.v: dict[PenaltyState, float] = {}

    def value(self, state: PenaltyState) -> float:
        return self.v.get(state, 0.5)

    def after(self, state: PenaltyState, gain: int | None) -> float:
        """P(seat 0 wins) once the mover's turn ends with ``gain`` banked (None: trash)."""
        board, runs, mover = [state[0], state[1]], [state[2], state[3]], state[4]
        if gain is None:
            runs[mover] += 1
            if runs[mover] >= self.r.trash_run:
                runs[mover] = 0
                floor = self.r.score_floor
                board[mover] = max(board[mover] - self.r.trash_penalty, floor)
        else:
            board[mover] += gain
            runs[mover] = 0
            if board[mover] >= self.r.game_point:
                return 1.0 if mover == 0 else 0.0
        return self.value((board[0], board[1], runs[0], runs[1], 1 - mover))

    def turn(self, state: PenaltyState) -> float:
        own, mover = state[state[4]], state[4]
        need = max(self.r.opening_minimum if own == 0 else self.r.minimum, 50)
        cap = max(self.r.game_point - own, need) - 50 + self.extra
        return _turn_by_brute_force(self, state, mover, need, cap)

    def solve(self) -> float:
        """The chance of the player who moves first from (0, 0) with no trash behind."""
        floor = self.r.score_floor or 0
        scores = range(floor, self.r.game_point, 50)
        runs = range(self.r.trash_run)
        states = [(a, b, ka, kb, m) for a in scores for b in scores for ka in runs
                  for kb in runs for m in (0, 1)]
        _iterate(self, states, 2000, 1e-13)
        return self.v[(0, 0, 0, 0, 0)]


PENALTY_CASES = [
    (PRESETS["ten-thousand"].with_options(
        "three-trash", game_point=150, catch_up=False, trash_run=2, trash_penalty=100,
        score_floor=-100), 0),
    (PRESETS["trash-5000"].with_options(
        "three-trash", game_point=150, catch_up=False, opening_minimum=100, minimum=50,
        trash_run=3, trash_penalty=50, score_floor=-100), 100),
    (PRESETS["farkle"].with_options(
        "three-trash", game_point=100, catch_up=False, opening_minimum=100, trash_run=2,
        trash_penalty=500, score_floor=0), 0),
]


@pytest.mark.parametrize("rules,extra", PENALTY_CASES,
                         ids=lambda c: getattr(c, "preset", str(c)))
def test_penalty_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = engine.solve(rules, tol=1e-13, extra=extra)
    brute = PenaltyBruteForce(rules, extra)
    first = brute.solve()
    assert sol.first_player_win_probability == pytest.approx(first, abs=1e-10)
    # every position, both runs of trash, seen from the player to move
    for (a, b, ka, kb, mover), value in brute.v.items():
        mine = (sol.normal(0, a // 50, b // 50, run0=ka, run1=kb) if mover == 0
                else sol.normal(0, b // 50, a // 50, run0=kb, run1=ka))
        assert (value if mover == 0 else 1.0 - value) == pytest.approx(mine, abs=1e-10)
    assert sol.sweeps > 1  # the penalty reached lower levels: more than one sweep


def test_the_penalty_changes_the_game() -> None:
    rules = PENALTY_CASES[0][0].with_options(game_point=600)
    plain = engine.solve(rules.with_options(three_trash=False), tol=1e-12)
    pen = engine.solve(rules, tol=1e-12)
    assert abs(pen.normal(0, 0, 0) - plain.normal(0, 0, 0)) > 1e-4
    # two trash turns behind: the next trash costs points, so the mover's chance is lower
    assert pen.normal(0, 1, 1, run0=1, run1=0) < pen.normal(0, 1, 1, run0=0, run1=0)
    with pytest.raises(ValueError, match="lowest score"):
        engine.solve(rules.with_options(score_floor=None))


# -- the brute force with surpassing -----------------------------------------------------

SurpassState = tuple[int, int, int, int]  # (score 0, score 1, what the last turn added, mover)


class SurpassBruteForce:
    """Value iteration over whole game states with what the last turn added, for rules
    where the first to the game point wins at once.  Written out again from the engine: a
    bank must be at least the last turn's bank plus 50 (and the minimum); trash adds
    nothing.  The same turn cap as the solver (see :class:`PenaltyBruteForce`)."""

    def __init__(self, rules: Rules, extra: int = 0) -> None:
        self.r = rules
        self.extra = extra
        self.rolls = {(n, f): rolls(rules, n, f) for n in range(1, 7) for f in (False, True)}
        self.v: dict[SurpassState, float] = {}

    def after(self, state: SurpassState, gain: int | None) -> float:
        board, mover = [state[0], state[1]], state[3]
        board[mover] += gain or 0
        if board[mover] >= self.r.game_point:
            return 1.0 if mover == 0 else 0.0
        return self.v.get((board[0], board[1], gain or 0, 1 - mover), 0.5)

    def turn(self, state: SurpassState) -> float:
        own, last, mover = state[state[3]], state[2], state[3]
        need = max(self.r.opening_minimum if own == 0 else self.r.minimum, last + 50, 50)
        cap = max(self.r.game_point - own, need) - 50 + self.extra
        return _turn_by_brute_force(self, state, mover, need, cap)

    def solve(self) -> float:
        g = self.r.game_point
        states = [(a, b, s, m) for a in range(0, g, 50) for b in range(0, g, 50)
                  for m in (0, 1) for s in range(0, (b if m == 0 else a) + 1, 50)]
        _iterate(self, states, 2000, 1e-13)
        return self.v[(0, 0, 0, 0)]


SURPASS_CASES = [
    (PRESETS["ten-thousand"].with_options("surpassing", game_point=300, catch_up=False), 0),
    (PRESETS["trash-5000"].with_options("surpassing", game_point=250, catch_up=False,
                                        opening_minimum=100, minimum=50), 100),
]


@pytest.mark.parametrize("rules,extra", SURPASS_CASES,
                         ids=lambda c: getattr(c, "preset", str(c)))
def test_surpass_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = engine.solve(rules, tol=1e-13, extra=extra)
    brute = SurpassBruteForce(rules, extra)
    assert sol.first_player_win_probability == pytest.approx(brute.solve(), abs=1e-10)
    for (a, b, last, mover), value in brute.v.items():
        mine = (sol.normal(0, a // 50, b // 50, added1=last // 50) if mover == 0
                else sol.normal(0, b // 50, a // 50, added1=last // 50))
        assert (value if mover == 0 else 1.0 - value) == pytest.approx(mine, abs=1e-10)


def test_surpassing_changes_the_game() -> None:
    rules = SURPASS_CASES[0][0].with_options(game_point=1000)
    sol = engine.solve(rules)
    plain = engine.solve(rules.with_options(surpassing=False))
    assert abs(sol.normal(0, 0, 0) - plain.normal(0, 0, 0)) > 1e-4
    # at 950 each: after the opponent's 950 a bank needs 1,000 points, after trash 50
    assert sol.normal(0, 19, 19, added1=19) < sol.normal(0, 19, 19, added1=0) - 0.5


# -- the brute force with challenging -----------------------------------------------------

ChallengeState = tuple[int, int, int, int, int]  # (score 0, score 1, challenge 0, 1, mover)


class ChallengeBruteForce:
    """Value iteration over the game states reachable from the start with challenging, for
    rules where the first to the game point wins at once.  Written out again from the
    engine: a player with his first challenge may challenge at the start of a turn; a bank
    then adds the turn score to him and takes it off the other (never below the lowest
    score), trash takes a tenth of the game point off him; the challenge is spent either
    way.  The same turn cap as the solver (see :class:`PenaltyBruteForce`)."""

    def __init__(self, rules: Rules, extra: int = 0) -> None:
        self.r = rules
        self.extra = extra
        self.rolls = {(n, f): rolls(rules, n, f) for n in range(1, 7) for f in (False, True)}
        self.v: dict[ChallengeState, float] = {}
        self.challenge = False  # the turn being valued is a challenge

    def _lower(self, score: int, amount: int) -> int:
        floor = self.r.score_floor
        return score - amount if floor is None else max(score - amount, floor)

    def _next(self, state: ChallengeState, gain: int | None,
              challenge: bool) -> ChallengeState | None:
        """The state after the mover's turn (None: he reached the game point and won)."""
        board, left, mover = [state[0], state[1]], [state[2], state[3]], state[4]
        if challenge:
            left[mover] = 0
            if gain is None:
                board[mover] = self._lower(board[mover], self.r.game_point // 10)
        if gain is not None:
            board[mover] += gain
            if board[mover] >= self.r.game_point:
                return None
            if challenge:
                board[1 - mover] = self._lower(board[1 - mover], gain)
        return (board[0], board[1], left[0], left[1], 1 - mover)

    def after(self, state: ChallengeState, gain: int | None) -> float:
        found = self._next(state, gain, self.challenge)
        if found is None:
            return 1.0 if state[4] == 0 else 0.0
        return self.v.get(found, 0.5)

    def _limits(self, state: ChallengeState) -> tuple[int, int]:
        own = state[state[4]]
        need = max(self.r.opening_minimum if own == 0 else self.r.minimum, 50)
        return need, max(self.r.game_point - own, need) - 50 + self.extra

    def turn(self, state: ChallengeState) -> float:
        mover = state[4]
        need, cap = self._limits(state)
        self.challenge = False
        value = _turn_by_brute_force(self, state, mover, need, cap)
        if state[2 + mover]:
            self.challenge = True
            other = _turn_by_brute_force(self, state, mover, need, cap)
            self.challenge = False
            value = max(value, other) if mover == 0 else min(value, other)
        return value

    def reachable(self) -> list[ChallengeState]:
        """Every state a game can reach from the start (a bank of any allowed size)."""
        start = (self.r.starting_score(0), self.r.starting_score(1), 1, 1, 0)
        seen, todo = {start}, [start]
        while todo:
            state = todo.pop()
            need, cap = self._limits(state)
            top = cap + 50 * (max(p for n in range(1, 7) for _, f in self.rolls[(n, False)]
                                  for p, _ in f) // 50)
            for challenge in (False, True) if state[2 + state[4]] else (False,):
                for gain in [None, *range(need, top + 1, 50)]:
                    found = self._next(state, gain, challenge)
                    if found is not None and found not in seen:
                        seen.add(found)
                        todo.append(found)
        return sorted(seen, key=lambda s: (-(s[0] + s[1]), -s[2] - s[3], s))

    def solve(self) -> float:
        """The first player's chance from the start (both challenges left)."""
        states = self.reachable()
        _iterate(self, states, 2000, 1e-13)
        return self.v[(self.r.starting_score(0), self.r.starting_score(1), 1, 1, 0)]


#: Challenging needs a tenth of the game point on the grid of 50: 500 is the smallest.
CHALLENGE_RULES = PRESETS["ten-thousand"].with_options("challenging", game_point=500,
                                                       catch_up=False)


def _seat0_chance(sol: Any, state: ChallengeState) -> float:
    a, b, ca, cb, mover = state
    if mover == 0:
        return sol.normal(0, a // 50, b // 50, first0=ca, first1=cb)  # type: ignore[no-any-return]
    return 1.0 - sol.normal(0, b // 50, a // 50, first0=cb, first1=ca)  # type: ignore[no-any-return]


def test_challenge_solver_meets_the_brute_forces_equations() -> None:
    """Every position a game can reach (boards as low as challenges take them) is in the
    table, and its value is what one step of the brute force's value iteration makes of
    the table's values: the table solves the game's optimality equations, which have one
    solution.  (The whole value iteration from scratch runs with ``--long``.)"""
    sol = engine.solve(CHALLENGE_RULES, tol=1e-13)
    brute = ChallengeBruteForce(CHALLENGE_RULES)
    states = brute.reachable()
    lo = sol.variant.bounds.lo
    assert min(min(s[0], s[1]) for s in states) == lo * 50 == -500  # the bound is met
    brute.v = {state: _seat0_chance(sol, state) for state in states}
    assert max(abs(brute.turn(state) - brute.v[state]) for state in states) < 1e-11
    # with no challenge left it is the game without challenging; a challenge in hand never
    # hurts, one in the opponent's hand never helps, and somewhere it matters
    plain = engine.solve(CHALLENGE_RULES.with_options(challenging=False), tol=1e-13)
    n = 10  # boards 0 .. 450
    for a in range(n):
        for b in range(n):
            assert sol.normal(0, a, b, first0=0, first1=0) == pytest.approx(
                plain.normal(0, a, b), abs=1e-11)
    fam = sol.variant.family("normal")
    frame = fam.all()

    def w(first0: int, first1: int) -> Any:
        flags = {**frame, "first0": first0, "first1": first1}
        ok = np.asarray(sol.variant.feasible(fam, flags), bool)
        return np.where(ok, sol.values[fam.index(flags)], np.nan)

    with np.errstate(invalid="ignore"):
        for f1 in (0, 1):  # (NaN where a board cannot be that low with those challenges)
            assert not np.any(w(1, f1) < w(0, f1) - 1e-12)  # a challenge in hand never hurts
            assert not np.any(w(f1, 0) < w(f1, 1) - 1e-12)  # one in the other's never helps
    assert np.nanmax(w(1, 1) - w(0, 0)) > 0.01


@pytest.mark.skipif("not config.getoption('--long')", reason="a minute long; run with --long")
@pytest.mark.parametrize("floor", [0, None])
def test_challenge_solver_equals_brute_force(floor: int | None) -> None:
    rules = CHALLENGE_RULES.with_options(score_floor=floor)
    sol = engine.solve(rules, tol=1e-13)
    brute = ChallengeBruteForce(rules)
    first = brute.solve()
    assert sol.first_player_win_probability == pytest.approx(first, abs=1e-10)
    for state, value in brute.v.items():
        assert value == pytest.approx(_seat0_chance(sol, state), abs=1e-10)


# -- the fast turn programme -----------------------------------------------------------


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_circuit_gives_every_throws_best_choice(key: str) -> None:
    """The shared pairwise maxima give, for every kind of throw, the best of its choices."""
    from tenthousand.solver import dice, turns

    rules = PRESETS[key]
    ts = turns.TurnSolver(rules)
    rng = np.random.default_rng(7)
    rows = ts.maxp + 3
    gap = (ts.maxp + 1) * 6  # the circuit's nodes lie this far above the row
    values = rng.random((2, rows * 6 + gap + ts.throws.circuit.size, turns._BLOCK))
    groups = [opts for m in range(6)
              for _, opts in dice.throws(rules, 6 if m == 0 else m, False).groups]
    want = np.array([np.max([values[:, 6 + pts * 6 + left] for pts, left in opts], axis=0)
                     for opts in groups])
    work = turns._Buffers(ts.throws.circuit, values, gap)
    got = work.best(6, 2, work.plan(2)).reshape(len(groups), 2, turns._BLOCK)
    assert np.array_equal(got, want)


@pytest.mark.parametrize("key", ["ten-thousand", "trash-10000"])
@pytest.mark.parametrize("programme", ["numpy", "compiled"])
def test_a_solve_reads_no_value_it_did_not_set(key: str, programme: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The value arrays are set only where they are read (rows up to a block's highest cap
    and a choice's points, by dice left): with every unset number infinite, some plus and
    some minus, the table comes out the same, and no sum meets both infinities (numpy
    would warn: the padding columns must be set too).  Both turn programmes: numpy's
    layers and the compiled rows (numba, when installed)."""
    from tenthousand.solver import compiled

    if programme == "numpy":
        monkeypatch.setattr(compiled, "kernel", lambda: None)
    elif not compiled.available():
        pytest.skip("numba is not installed (the fast extra)")
    rules = PRESETS[key].with_options(game_point=1000)
    want = engine.solve(rules).values
    empty = np.empty

    def poisoned(shape: Any, dtype: Any = float, **kw: Any) -> Any:
        a = empty(shape, dtype, **kw)
        if np.dtype(dtype).kind == "f":
            a.fill(np.inf)
            a.reshape(-1)[::3] = -np.inf  # every column meets both
        return a

    monkeypatch.setattr(np, "empty", poisoned)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.array_equal(engine.solve(rules).values, want, equal_nan=True)


def test_redoing_the_low_rows_equals_solving_again() -> None:
    """A sweep keeps the value rows above the few low rows that banked into unfinished
    levels; redoing those rows with the finished values gives what a whole solve gives."""
    from tenthousand.solver import turns

    ts = turns.TurnSolver(PRESETS["ten-thousand"])
    rng = np.random.default_rng(3)
    cols, top = 150, 120
    rows = top + ts.maxp + 1
    bank = np.sort(rng.random((rows, cols)), axis=0)
    trash, minimum = rng.random(cols), rng.integers(1, 8, cols)
    cap = rng.integers(20, top + 1, cols)
    first, kept = ts.solve(bank, trash, minimum, cap, keep=6 + ts.maxp)
    assert kept.slabs[0].shape[1] == (6 + ts.maxp) * 6 and len(kept.at) == cols
    assert np.array_equal(first, ts.solve(bank, trash, minimum, cap))
    later = bank.copy()
    later[1:6] = rng.random((5, cols))
    again = ts.solve(later, trash, minimum, cap)
    assert not np.allclose(again, first)
    assert np.array_equal(ts.solve(later, trash, minimum, cap, top=5, q=kept), again)


def test_rows_that_bank_at_a_nearby_trash_value_need_no_solve() -> None:
    """Above the highest turn score where a throw came within ``margin`` of banking, a
    turn banks at any trash value less than ``margin`` away: solving only up to there
    gives the same values, bit for bit; a step of more than the margin may not."""
    from tenthousand.solver import turns

    ts = turns.TurnSolver(PRESETS["ten-thousand"])
    rng = np.random.default_rng(5)
    cols, top = 200, 150
    rows = top + ts.maxp + 1
    t = np.arange(rows)[:, None]
    bank = np.minimum(1.0, 0.2 + rng.uniform(0.002, 0.02, cols) * t)  # banking pays more
    trash, minimum = rng.uniform(0.0, 0.3, cols), rng.integers(1, 8, cols)
    cap = rng.integers(20, top + 1, cols)
    hi = np.empty(cols, int)
    ts.solve(bank, trash, minimum, cap, throws_to=hi, margin=1e-4)
    assert np.all(hi <= cap) and np.mean(hi) < 0.8 * np.mean(cap)  # rows to save
    assert np.all(hi >= np.minimum(cap, minimum - 1))  # no bank below the minimum
    for step in (-5e-5, 4e-5):
        full = ts.solve(bank, trash + step, minimum, cap)
        assert np.array_equal(ts.solve(bank, trash + step, minimum, np.maximum(hi, 1)), full)


@pytest.mark.parametrize("key", ["ten-thousand", "farkle", "trash-5000"])
@pytest.mark.parametrize("shape", ["rising", "noisy", "trash above"])
def test_proven_caps_solve_the_same_values(key: str, shape: str) -> None:
    """Rows the proof from the bank values says bank need no solve: the values are the
    same bit for bit, every row that may throw (within the margin) is below the proven
    cap, and the proof finds rows to save.  Bank values that fall here and there and trash
    worth more than banking keep it sound (it then bounds the throws from above)."""
    from tenthousand.solver import turns

    rules = PRESETS[key]
    ts = turns.TurnSolver(rules)
    rng = np.random.default_rng(11)
    cols, top = 300, 150
    rows = top + ts.maxp + 1
    t = np.arange(rows)[:, None]
    bank = np.minimum(1.0, 0.2 + rng.uniform(0.002, 0.02, cols) * t)
    trash = rng.uniform(0.0, 0.3, cols)
    if shape == "noisy":
        bank = bank + rng.normal(0.0, 1e-3, bank.shape)
    if shape == "trash above":
        trash = trash + 0.6
    minimum, cap = rng.integers(1, 8, cols), rng.integers(20, top + 1, cols)
    full = ts.solve(bank, trash, minimum, cap)
    floor = 4
    proven = ts.proven_caps(bank, trash, minimum, cap, 1e-4, floor)
    assert np.all((proven <= cap) & (proven >= np.minimum(cap, floor)))
    hi = np.empty(cols, int)
    assert np.array_equal(ts.solve(bank, trash, minimum, proven, throws_to=hi, margin=1e-4),
                          full)
    every = np.empty(cols, int)
    ts.solve(bank, trash, minimum, cap, throws_to=every, margin=1e-4)
    assert np.array_equal(hi, every)  # nothing that may throw was left above a proven cap
    if rules.corner_throw_mandatory:
        assert np.array_equal(proven, cap)  # the throw after a corner is never a bank
    else:
        assert proven.sum() < 0.9 * cap.sum()


def test_proven_caps_read_no_bank_value_up_to_the_floor() -> None:
    """Rows up to the floor may bank into estimates: the proof never reads them."""
    from tenthousand.solver import turns

    ts = turns.TurnSolver(PRESETS["ten-thousand"])
    rng = np.random.default_rng(12)
    cols, top = 100, 120
    t = np.arange(top + ts.maxp + 1)[:, None]
    bank = np.minimum(1.0, 0.2 + rng.uniform(0.002, 0.02, cols) * t)
    trash, minimum = rng.uniform(0.0, 0.3, cols), np.ones(cols, int)
    cap = np.full(cols, top)
    proven = ts.proven_caps(bank, trash, minimum, cap, 1e-4, 8)
    changed = bank.copy()
    changed[:9] = rng.random((9, cols))
    assert np.array_equal(ts.proven_caps(changed, trash, minimum, cap, 1e-4, 8), proven)


def test_solving_rows_that_bank_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solving every column up to its cap in every pass gives the same table."""
    rules = PRESETS["ten-thousand"].with_options(game_point=2000)
    short = engine.solve(rules, tol=1e-13)
    monkeypatch.setattr(normal.Normal, "caps", lambda self, lv, cols, bank, which, trash: (
        lv.cap[cols[which]], np.zeros(len(which), bool)))
    whole = engine.solve(rules, tol=1e-13)
    assert short.notes["column_rows"] < 0.95 * whole.notes["column_rows"]
    assert np.nanmax(np.abs(short.values - whole.values)) < 1e-12


def test_plain_steps_reach_the_same_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level that Newton's method does not settle takes plain fixed-point steps; those
    converge to the same values (here forced from the second exact pass on)."""
    rules = PRESETS["trash-5000"].with_options(game_point=1000)
    newton = engine.solve(rules, tol=1e-12)
    monkeypatch.setattr(normal, "_PLAIN", 1)
    plain = engine.solve(rules, tol=1e-12)  # (a level left unsettled raises)
    assert plain.iterations > newton.iterations  # slower, as it should be
    assert np.nanmax(np.abs(plain.values - newton.values)) < 1e-10


def test_levels_in_sweeps_equal_levels_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = PRESETS["ten-thousand"].with_options(game_point=1000)
    together = engine.solve(rules, tol=1e-13)
    assert together.notes["fixups"] > 0  # levels did share sweeps
    monkeypatch.setattr(normal, "_MAX_LEVELS", 1)
    alone = engine.solve(rules, tol=1e-13)
    assert alone.notes["fixups"] == 0
    assert np.nanmax(np.abs(together.values - alone.values)) < 1e-12


# -- the command and the table ---------------------------------------------------------


def test_command_prints_one_json_object(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    out = tmp_path / "t.bin"
    assert main(["--rules", "trash-5000", "--game-point", "300", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"rules", "players", "features", "states", "iterations", "sweeps",
                         "seconds", "first_player_win_probability"}
    assert data["players"] == 2 and data["features"] == ["catch-up"]
    assert 0.5 < data["first_player_win_probability"] < 0.7
    t = table.load_path(out)
    # every digit: the JSON number is the float itself, as the table's header keeps it
    assert t.figures["first_player_win_probability"] == data["first_player_win_probability"]



def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", "nope"]) == 2
    assert main(["--rules", "farkle", "--game-point", "333"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("solve:") for line in err)


@pytest.fixture(scope="module")
def small_table() -> table.Table:
    rules = PRESETS["ten-thousand"].with_options(game_point=500)
    sol = engine.solve(rules)
    t = table.unpack(table.pack(sol))
    table.register(t)
    t.figures["solution"] = sol  # type: ignore[assignment]
    return t


def test_table_round_trip(small_table: table.Table) -> None:
    sol = small_table.figures["solution"]
    ng = small_table.variant.bounds.ng
    for seat, a, b in [(0, 0, 0), (1, 3, 7), (0, ng - 1, ng - 1)]:
        assert small_table.normal(seat, a, b) == pytest.approx(sol.normal(seat, a, b), abs=1e-6)
    assert np.allclose(np.array(small_table.values), sol.values, atol=1e-7, equal_nan=True)


def test_values_match_the_solver(small_table: table.Table) -> None:
    rules = small_table.rules
    sol = small_table.figures["solution"]
    game = Game(rules, [Seat("A"), Seat("B")], seed=5, first_seat=1)
    start = values.win_probabilities(game)
    assert start is not None
    assert start[1] == pytest.approx(sol.normal(1, 0, 0), abs=1e-6)
    tv = values.turn_values(game)
    assert tv is not None and tv.start() == pytest.approx(sol.normal(1, 0, 0), abs=1e-6)
    game.throw()
    while game.phase is not Phase.CHOOSE:
        game.throw()
    adv = values.advice(game)
    assert adv is not None
    assert len(adv.freezes) == len(game.legal_freezes())
    assert adv.best.best == max(f.best for f in adv.freezes)
    assert sum(adv.win) == pytest.approx(1.0)


def test_perfect_player_plays_whole_games(small_table: table.Table) -> None:
    from tenthousand.ai import make_player, play_game

    rules = small_table.rules
    for seed in range(3):
        fallback = make_player("expert", rules, seed=seed)
        perfect = PerfectPlayer.for_rules(rules, fallback)
        assert perfect is not None and perfect.level == "perfect"
        game = Game(rules, [Seat("P", True, "perfect"), Seat("E", True, "expert")],
                    seed=seed)
        play_game(game, [perfect, make_player("expert", rules, seed=seed)])
        assert game.over


def test_no_table_no_perfect_player() -> None:
    from tenthousand.ai import make_player

    rules = PRESETS["farkle"].with_options("mutant-trash")
    assert PerfectPlayer.for_rules(rules, make_player("expert", rules)) is None
    assert table.load(rules) is None


class _NoFallback:
    """A fallback that must never be asked (the table answers every position)."""

    level = "expert"
    fallback_reason = None
    ready = True

    def prepare(self) -> None:
        pass

    def choose_challenge(self, game: Game) -> int | None:
        return None

    def choose_move(self, game: Game):  # type: ignore[no-untyped-def]
        raise AssertionError("the table should answer every two-player position")

    def choose_discard(self, game: Game) -> int:
        raise AssertionError("no discards in these rules")


def perfect_game(rules: Rules, seed: int, **where: Any) -> tuple[Game, list[Any]]:
    """A game of two Perfect players who must play from the table (``where``: more of
    Game's arguments, the first seat say), and the players."""
    players = [PerfectPlayer(rules, _NoFallback()), PerfectPlayer(rules, _NoFallback())]
    return Game(rules, [Seat("A", True, "perfect"), Seat("B", True, "perfect")], seed=seed,
                **where), players


def test_perfect_against_perfect_never_falls_back(small_table: table.Table) -> None:
    from tenthousand.ai import play_game

    rules = small_table.rules
    for seed in range(4):
        game, players = perfect_game(rules, seed)
        play_game(game, players)  # type: ignore[arg-type]
        assert game.over


def test_end_game_values_match_the_solver(small_table: table.Table) -> None:
    rules = small_table.rules
    sol = small_table.figures["solution"]
    game = Game(rules, [Seat("A"), Seat("B")], seed=1, first_seat=0)
    # seat 0 has reached the game point; seat 1 (on the board) chases 300 behind (D-8)
    game.board = [rules.game_point + 100, rules.game_point - 200]
    game.stage, game.reacher, game.current = "catch-up", 0, 1
    probs = values.win_probabilities(game)
    assert probs is not None
    chase = sol.variant.family("catch-up")  # the chaser on the board (class 2), 6 behind
    assert probs[1] == pytest.approx(sol.value(chase, {"seat": 1, "board0": 1, "board1": 7}),
                                     abs=1e-6)
    # a tie-break round (D-9): seat 0 moves first
    game.board = [rules.game_point + 100] * 2
    game.stage, game.reacher, game.current, game.queue = "tie-break", 0, 0, [1]
    probs = values.win_probabilities(game)
    far = sol.variant.family("far-first")
    assert probs is not None and probs[0] == pytest.approx(
        sol.value(far, {"board0": 0, "board1": 0}), abs=1e-6)


def test_every_turn_start_equals_the_table_with_a_tiny_cache(small_table: table.Table) -> None:
    """Each turn re-solved in pure Python starts at the solver's value, also when the cache
    is too small to keep anything for long (so turns are evicted and solved again)."""
    rules = small_table.rules
    ng = small_table.variant.bounds.ng
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=0)
    values.set_cache_limit(3)
    try:
        for _ in range(2):  # the second pass meets evicted turns again
            for seat in (0, 1):
                for a in range(ng):
                    for b in range(ng):
                        game.current = seat
                        game.board = [0, 0]
                        game.board[seat], game.board[1 - seat] = a * 50, b * 50
                        tv = values.turn_values(game)
                        assert tv is not None
                        assert tv.start() == pytest.approx(small_table.normal(seat, a, b),
                                                           abs=2e-6)
        with pytest.raises(ValueError):
            values.set_cache_limit(0)
    finally:
        values.set_cache_limit(512)


def test_an_unreadable_table_falls_back_to_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is there (so Perfect is offered) but cannot be read: Perfect gets ready
    anyway, says why, and plays as Expert instead of waiting for ever."""
    from tenthousand.ai import play_game
    from tenthousand.solver.levels import make_player

    rules = PRESETS["trash-5000"]
    monkeypatch.setattr(table, "load", lambda r: None)
    player = make_player("perfect", rules, seed=1)
    assert isinstance(player, PerfectPlayer)
    player.prepare()
    assert player.ready and player.fallback_reason is not None
    assert "could not be read" in player.fallback_reason
    game = Game(rules, [Seat("P", True, "perfect"), Seat("E", True, "expert")], seed=2)
    play_game(game, [player, make_player("expert", rules, seed=2)])
    assert game.over


def test_a_solve_that_does_not_settle_makes_no_table() -> None:
    """A board state still moving after the last pass is an error, not a table with wrong
    values in it (the game then plays as Expert and says why)."""
    with pytest.raises(engine.SolveFailed, match="did not settle"):
        engine.solve(PRESETS["ten-thousand"].with_options(game_point=100), tol=-1.0)  # never


def test_a_newton_step_stays_a_chance() -> None:
    """Newton's step for the trash coupling of a level: exact for slopes below one, kept to
    0 .. 1 when a slope read across a change of policy is off (the five-dice game to 10,000
    once blew a level up to 3e10 that way), the plain step where both slopes of a pair are
    one, and a longer circle of trash (a penalty at the lowest score) solved around it."""
    # columns 0 and 1 a pair, 2 and 3 a pair with both slopes one, 4 -> 5 -> 6 -> 4 a circle
    # of one player's trash (no flip), 7 whose trash leads to 0, 8 whose trash leaves
    alpha = np.array([0.2, 0.4, 0.3, 0.1, 0.1, 0.2, 0.3, 0.5, -5e9])
    beta = np.array([0.5, 0.5, 1.0, 1.0, 0.5, 0.5, 0.5, 0.5, 1.097])
    partner = np.array([1, 0, 3, 2, 5, 6, 4, 0, 0])
    inner = np.array([True] * 8 + [False])
    flip = np.array([True] * 4 + [False] * 3 + [True, True])
    x0 = np.array([0.5, 0.5, 0.25, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    outside = np.array([0.0] * 8 + [3e9])
    order = normal.chains(inner, partner, flip)
    new = normal.coupled(alpha, beta, inner, partner, flip, outside, order, x0)
    xp = 0.4 + 0.5 * (1 - new[0])  # the first pair solved together
    assert new[0] == pytest.approx(0.2 + 0.5 * (1 - xp), abs=1e-15)
    # both slopes one: the plain step from the partner's value as it stands
    assert new[2] == pytest.approx(min(1.0, 0.3 + (1 - (0.1 + 1.0 * (1 - 0.25)))), abs=1e-15)
    # the circle: x4 = 0.1 + 0.5 x5, x5 = 0.2 + 0.5 x6, x6 = 0.3 + 0.5 x4
    x4 = (0.1 + 0.5 * 0.2 + 0.25 * 0.3) / (1 - 0.125)
    assert new[4] == pytest.approx(x4, abs=1e-15) and order.circles == [[4, 5, 6]]
    assert new[7] == pytest.approx(0.5 + 0.5 * (1 - new[0]), abs=1e-15)
    assert 0.0 <= new[8] <= 1.0 and ((0.0 <= new) & (new <= 1.0)).all()
