"""Surpassing and challenging together, with the catch-up round and tie-breaks (D-8, D-9,
D-11, D-14): the engine where the two meet, the solver against a brute force of its own,
its table in play.

The brute force walks whole game states as the engine plays them (both boards, both
players' challenges left, what each added on his most recent turn), every throw of every
multiset of dice (``rules_kit.rolls``, merged where two throws offer the same freezes), and
checks the solver's values in the optimality equations of seat 0's chance; it solves the
same capped game as the solver, with its one truncation: a tie at the end of a tie-break
round goes on with both boards far above the game point.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from rules_kit import new_game, rolls
from test_solver import _NoFallback, _turn_by_brute_force

from tenthousand.model.events import Penalty, ScoreTaken
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import (  # noqa: E402
    surpass_challenge,
    surpass_challenge_table,
    table,
    values,
)
from tenthousand.solver.core import TurnSolver  # noqa: E402
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

TRASH5000 = PRESETS["trash-5000"].with_options("surpassing", "challenging")
FIVES = [5, 5, 5, 2, 3, 4]  # three 5s: 500
ONES = [1, 1, 1, 2, 3, 4]  # three 1s: 1,000
NOTHING = [2, 3, 4, 6, 2, 3]  # trash


# -- the engine where the two options meet --------------------------------------------------


def _bank(game: Game, faces: tuple[int, ...], challenge: bool = False) -> list[Any]:
    if challenge:
        game.challenge(1 - game.current)
    game.throw()
    return game.bank(game.indices_for(faces))


def test_a_challenge_bank_is_the_score_to_beat_and_a_challenge_trash_is_nothing() -> None:
    game, _dice = new_game(TRASH5000, board=[1000, 2000], throws=[FIVES, NOTHING, FIVES])
    events = _bank(game, (5, 5, 5), challenge=True)
    assert ScoreTaken(1, 500, 1500, 0) in events
    assert game.board == [1500, 1500] and game.to_beat() == 500  # D-14: what he added
    assert game.minimum() == 550
    game.challenge(0)
    events = game.throw()  # trash in a challenge: the penalty is not "added"
    assert Penalty(1, 500, 1000, "challenge") in events
    assert game.current == 0 and game.to_beat() == 0 and game.minimum() == 350


def test_the_catch_up_and_tie_break_turns_must_beat_the_last_bank() -> None:
    game, _dice = new_game(TRASH5000, board=[4500, 3500],
                           throws=[FIVES, ONES, NOTHING])
    _bank(game, (5, 5, 5))  # 5,000: seat 1's catch-up turn, to beat 500
    assert (game.stage, game.current, game.to_beat()) == ("catch-up", 1, 500)
    _bank(game, (1, 1, 1), challenge=True)  # 1,000 each way: 4,500 against 4,000
    assert game.board == [4000, 4500] and game.over and game.ranking()[0][0] == 1


def test_a_catch_up_challenge_into_a_tie_and_the_round_after() -> None:
    game, _dice = new_game(TRASH5000, board=[4500, 3000],
                           throws=[FIVES, ONES, NOTHING, NOTHING])
    _bank(game, (5, 5, 5))  # 5,000
    _bank(game, (1, 1, 1), challenge=True)  # 4,000 each, seat 1 added 1,000
    assert game.board == [4000, 4000] and (game.stage, game.current) == ("tie-break", 0)
    assert game.to_beat() == 1000 and game.minimum() == 1050  # seat 1's catch-up bank
    assert game.challenge_slot_for(0) == 0 and game.challenge_slot_for(1) is None
    game.throw()  # seat 0 trashes: seat 1 to beat nothing
    assert game.current == 1 and game.to_beat() == 0


# -- the brute force ----------------------------------------------------------------------

#: (stage N/C/T1/T2, board 0, board 1, flags 0, flags 1, mover, added 0, added 1); flags =
#: 2 * first challenge left + second left; added: what each seat added on its most recent
#: turn (D-14)
State = tuple[str, int, int, int, int, int, int, int]


def _grouped(found: list[tuple[float, list[tuple[int, int]]]]) -> list[Any]:
    merged: dict[tuple[tuple[int, int], ...], float] = {}
    for p, freezes in found:
        merged[tuple(freezes)] = merged.get(tuple(freezes), 0.0) + p
    return [(p, list(f)) for f, p in merged.items()]


class SurpassChallengeBruteForce:
    """Surpassing and challenging with the catch-up round and tie-breaks, written out again
    from the rules: a bank must beat what the other player added on his most recent turn (0
    after his trash) as well as the minimum; at the start of a turn a player may make the
    challenge his board allows (the first below the game point, the second at or above it),
    each once; a bank in it adds to him and takes as much off the other, trash in it costs a
    tenth (first) or four tenths (second) of the game point and adds nothing; reaching the
    game point gives the other one more turn; the final boards decide; a tie gives a
    tie-break round in seat order.  The truncations: a turn score above ``max(game point -
    board, minimum) + extra`` (normal game) or ``max(game point + extra, minimum)`` (last
    turns) banks at once, and a tie at the end of a tie-break round goes on with both boards
    at ``far``, where no bank can take a board below the game point."""

    def __init__(self, rules: Rules, extra: int) -> None:
        self.r = rules
        self.g = rules.game_point
        self.extra = extra
        self.rolls = {(n, f): _grouped(rolls(rules, n, f)) for n in range(1, 7)
                      for f in (False, True)}
        self.top = max(p for found in self.rolls.values() for _, fs in found for p, _ in fs)
        self.far = 10 * (self.g + extra + self.top) + 50
        self.v: dict[State, float] = {}
        self.challenge = False  # the turn being valued is a challenge

    def value(self, state: State) -> float:
        return self.v.get(state, 0.5)

    def next(self, state: State, gain: int | None, challenge: bool) -> State | float:
        """The state after the mover's turn ends with ``gain`` banked (None: trash), or
        seat 0's chance when the game is over."""
        stage, mover = state[0], state[5]
        board, flags, added = [state[1], state[2]], [state[3], state[4]], [state[6], state[7]]
        other = 1 - mover
        if challenge:
            slot = 0 if board[mover] < self.g else 1
            flags[mover] &= ~(2 if slot == 0 else 1)
            if gain is None:
                board[mover] -= self.r.game_point * (1 if slot == 0 else 4) // 10
            else:
                board[mover] += gain
                board[other] -= gain
        elif gain is not None:
            board[mover] += gain
        added[mover] = gain or 0
        rest = (flags[0], flags[1])
        if stage == "N":
            nxt = "C" if gain is not None and board[mover] >= self.g else "N"
            return (nxt, board[0], board[1], *rest, other, *added)
        if stage == "T1":
            return ("T2", board[0], board[1], *rest, 1, *added)
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        x = board[0] if stage == "C" else self.far
        return ("T1", x, x, *rest, 0, *added)

    def after(self, state: State, gain: int | None) -> float:
        found = self.next(state, gain, self.challenge)
        return found if isinstance(found, float) else self.value(found)

    def _limits(self, state: State) -> tuple[int, int]:
        mover = state[5]
        own, beat = state[1 + mover], state[7 - mover]
        need = max(self.r.minimum_for(own), 50, beat + 50)
        if state[0] == "N":
            return need, max(self.g - own, need) + self.extra
        return need, max(self.g + self.extra, need)

    def _can_challenge(self, state: State) -> bool:
        mover = state[5]
        return bool(state[3 + mover] & (2 if state[1 + mover] < self.g else 1))

    def starts(self) -> list[State]:
        s0, s1 = self.r.starting_score(0), self.r.starting_score(1)
        return [("N", s0, s1, 3, 3, 0, 0, 0), ("N", s0, s1, 3, 3, 1, 0, 0)]

    def reachable(self, gains: int = 0, seed: int = 1) -> list[State]:
        """Every state a game can reach from the start (a bank of any allowed size), or
        with ``gains`` those reached through that many banks of each state, drawn."""
        rng = random.Random(seed)
        seen, todo = set(self.starts()), self.starts()
        while todo:
            state = todo.pop()
            need, cap = self._limits(state)
            for challenge in (False, True) if self._can_challenge(state) else (False,):
                banks = list(range(need, cap + self.top + 1, 50))
                if gains:
                    banks = rng.sample(banks, min(gains, len(banks)))
                for gain in [None, *banks]:
                    found = self.next(state, gain, challenge)
                    if not isinstance(found, float) and found not in seen:
                        seen.add(found)
                        todo.append(found)
        return sorted(seen)

    def turn(self, state: State) -> float:
        mover = state[5]
        need, cap = self._limits(state)
        self.challenge = False
        value = _turn_by_brute_force(self, state, mover, need, cap)
        if self._can_challenge(state):
            self.challenge = True
            other = _turn_by_brute_force(self, state, mover, need, cap)
            self.challenge = False
            value = max(value, other) if mover == 0 else min(value, other)
        return value


def _second(sol: Any, ts: TurnSolver, y: int, z: int, u: int, s1: int, f2: int,
            s2: int) -> float:
    """The solver's chance of the second of a tie-break round (seat 1, at ``y`` against
    ``z``, to beat ``u``), from its far rounds: his turn solved by core, plain and, where his
    board allows one, as a challenge."""
    bd = sol.bounds
    ng, e = bd.ng, bd.extra
    mn = max(sol.rules.minimum_for(y * 50) // 50, 1)
    m = max(mn, u + 1)
    cap = max(ng + e, m)
    t = np.arange(cap + ts.maxp + 1)

    def far(v: Any, k: int) -> Any:
        return sol.far[np.minimum(v, bd.far_rows - 1), k]

    def cmp(mine: Any, theirs: Any, tie: Any) -> Any:
        return np.where(mine > theirs, 1.0, np.where(mine == theirs, tie, 0.0))

    def one(bank: Any, trash: float) -> float:
        return float(ts.solve(np.ascontiguousarray(bank[:, None]), np.array([trash]),
                              np.array([m]), np.array([cap]))[0])

    k = 2 * s1 + s2
    best = one(cmp(y + t, z, 1.0 - far(t, k)), float(cmp(y, z, 1.0 - far(0, k))))
    slot = 0 if y < ng else 1
    if (f2 if slot == 0 else s2):
        k = 2 * s1 + (s2 if slot == 0 else 0)
        pen = sol.rules.challenge_penalties[slot] // 50
        best = max(best, one(cmp(y + t, z - t, 1.0 - far(t, k)),
                             float(cmp(y - pen, z, 1.0 - far(0, k)))))
    return best


def _seat0(sol: Any, ts: TurnSolver, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    step = 50
    bd = sol.bounds
    stage, b0, b1, x0, x1, mover, d0, d1 = state
    board, flags = (b0 // step, b1 // step), (x0, x1)
    added = (d0 // step, d1 // step)
    other = 1 - mover
    if stage == "N":
        mine = sol.w(mover, board[mover], board[other], flags[mover] >> 1,
                     flags[other] >> 1, added[other])
    elif stage == "C":
        c, f = board[mover], board[other]
        a = f - added[other]
        mine = (0.0 if c < bd.c_lo or f - c >= 2 * bd.rows else
                sol.chase[mover, flags[mover] >> 1, flags[other] >> 1, c - bd.c_lo,
                          f - bd.ng, a - bd.lo])
    elif stage == "T1":
        x, u = board[0], added[1]
        k = 2 * (x0 & 1) + (x1 & 1)
        if x > bd.x_hi:
            mine = sol.far[u, k]
        else:
            mine = sol.tie[x - bd.x_lo, u, x0 >> 1, x0 & 1, x1 >> 1, x1 & 1]
    else:
        mine = _second(sol, ts, board[1], board[0], added[0], x0 & 1, x1 >> 1, x1 & 1)
    return float(mine) if mover == 0 else 1.0 - float(mine)


#: Challenging needs a tenth of the game point on the grid of 50: 500 is the smallest.
#: Few and small counters keep the last turns few (a throw adds at most 600).
SMALL = PRESETS["trash-5000"].with_options(
    "surpassing", "challenging", game_point=500, opening_minimum=100, minimum=50,
    straight=None, kinds=((300, None, None, None),) + ((200, None, None, None),) * 5)


@pytest.fixture(scope="module")
def small() -> Any:
    return surpass_challenge.solve(SMALL, tol=1e-13, extra=0)


def _check_equations(sol: Any, every: int, gains: int) -> set[str]:
    """The brute force's optimality equations, with the solver's values, in every
    ``every``-th reachable state of each stage (of those reached through ``gains`` banks
    of each state, drawn; 0: all)."""
    brute = SurpassChallengeBruteForce(sol.rules, sol.bounds.extra * 50)
    ts = TurnSolver(sol.rules)
    states = brute.reachable(gains)
    brute.value = lambda state: _seat0(sol, ts, state)  # type: ignore[method-assign]
    stages = {}
    for stage in ("N", "C", "T1", "T2"):
        mine = [s for s in states if s[0] == stage]
        stages[stage] = mine[::max(1, every // 5)] if stage == "T1" else mine[::every]
    worst = 0.0
    for state in [s for group in stages.values() for s in group]:
        worst = max(worst, abs(brute.turn(state) - _seat0(sol, ts, state)))
        assert worst < 1e-10, state
    return {stage for stage, found in stages.items() if found}


def test_surpass_challenge_solver_meets_the_brute_forces_equations(small: Any) -> None:
    """The solver's values satisfy the brute force's optimality equations (one solution)
    in reachable states of every stage: those reached through two banks of each state drawn
    at random (5,877), a sample of them here, all with ``--long`` (and more: three banks)."""
    assert _check_equations(small, 40, gains=2) == {"N", "C", "T1", "T2"}


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
def test_surpass_challenge_solver_meets_the_equations_everywhere(small: Any) -> None:
    _check_equations(small, 1, gains=3)


# -- the table in play ------------------------------------------------------------------


@pytest.fixture(scope="module")
def pair_table(small: Any) -> Any:
    t = surpass_challenge_table.unpack(surpass_challenge_table.pack(small))
    table.register(t)
    t.figures["solution"] = small
    return t


def _position(rules: Rules, seat: int, mine: int, theirs: int, stage: str = "normal",
              used: tuple[tuple[bool, bool], tuple[bool, bool]] | None = None,
              beat: int = 0, own_added: int = 0) -> Game:
    """A turn start of ``seat``: boards, stage, the challenges used by (mover, other), what
    the other added last (the score to beat) and what the mover did."""
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    game.stage = stage
    game.turn_added[1 - seat], game.turn_added[seat] = beat, own_added
    if used is not None:
        game.challenges_used[seat] = list(used[0])
        game.challenges_used[1 - seat] = list(used[1])
    return game


def _start(game: Game) -> float:
    """The mover's chance from his turn's own values: the better of the plain turn and,
    where he may make one, the challenge."""
    plain, found = values.turn_values(game), table.load(game.rules)
    assert plain is not None and isinstance(found, surpass_challenge_table.SurpassChallengeTable)
    both = surpass_challenge_table.both_starts(game, found)
    return plain.start() if both is None else max(both)


def test_surpass_challenge_table_round_trip(pair_table: Any) -> None:
    sol, t = pair_table.figures["solution"], pair_table
    bd = sol.bounds
    assert (t.lo, t.c_lo, t.x_lo, t.x_hi, t.rows, t.u_rows, t.far_rows) == (
        bd.lo, bd.c_lo, bd.x_lo, bd.x_hi, bd.rows, bd.u_rows, bd.far_rows)
    for seat in (0, 1):
        for a in range(bd.lo, bd.ng, 3):
            for b in range(bd.lo, bd.ng, 2):
                for s in (0, 1, 5, bd.ng - bd.lo - 1):
                    assert t.wc(seat, a, b, 1, 0, s) == pytest.approx(
                        sol.w(seat, a, b, 1, 0, s), abs=1e-6)
    assert t.cs(1, 1, 0, 3, 12, 8) == pytest.approx(
        sol.chase[1, 1, 0, 3 - bd.c_lo, 2, 8 - bd.lo], abs=1e-6)
    assert t.t1(9, 4, 1, 1, 0, 1) == pytest.approx(sol.tie[9 - bd.x_lo, 4, 1, 1, 0, 1],
                                                   abs=1e-6)
    assert t.t1(bd.x_hi + 7, 6, 0, 1, 1, 0) == pytest.approx(sol.far[6, 2], abs=1e-6)
    assert t.second_at(2, 1, 5) == pytest.approx(sol.second[2, 1, 5], abs=1e-6)
    assert t.reach_at(7) == pytest.approx(sol.reach[7], abs=1e-6)


def test_surpass_challenge_turn_starts_match_the_table(pair_table: Any) -> None:
    sol = pair_table.figures["solution"]
    rules, step = pair_table.rules, 50
    for seat, a, b, s, used in [(0, 0, 0, 0, None), (1, 0, 0, 0, None), (0, 4, 7, 3, None),
                                (1, 9, 8, 2, ((False, False), (True, False))),
                                (0, -6, 9, 12, ((True, False), (True, False))),
                                (1, 2, -10, 1, ((False, False), (True, False)))]:
        game = _position(rules, seat, a * step, b * step, used=used, beat=s * step)
        ca, cb = (1, 1) if used is None else (int(not used[0][0]), int(not used[1][0]))
        want = sol.w(seat, a, b, ca, cb, s)
        assert game.minimum() == max(rules.minimum_for(a * step), (s + 1) * step)
        assert _start(game) == pytest.approx(want, abs=2e-6)
        probs = values.win_probabilities(game)
        assert probs is not None and probs[seat] == pytest.approx(want, abs=1e-6)


def test_surpass_challenge_values_in_the_last_turns(pair_table: Any) -> None:  # D-8, D-9
    sol = pair_table.figures["solution"]
    bd, rules, g = sol.bounds, pair_table.rules, pair_table.rules.game_point
    # seat 0 reached 650 with a bank of 200; seat 1 chases from 350, to beat 200
    game = _position(rules, 1, 350, 650, "catch-up", ((False, False), (True, False)),
                     beat=200)
    game.reacher = 0
    want = sol.chase[1, 1, 0, 7 - bd.c_lo, 13 - bd.ng, 9 - bd.lo]
    assert _start(game) == pytest.approx(want, abs=2e-6)
    from tenthousand.advice import values as advisor

    shown = advisor.evaluate(game)  # the advisor weighs the challenge for a person
    both = surpass_challenge_table.both_starts(game, pair_table)
    assert shown is not None and both is not None and shown.challenge == pytest.approx(both)
    # a tie-break round at 450, below the game point, seat 0 to beat 150
    game = _position(rules, 0, 450, 450, "tie-break", ((False, False), (True, False)),
                     beat=150)
    game.reacher, game.queue = 1, [1]
    want = sol.tie[9 - bd.x_lo, 3, 1, 1, 0, 1]
    assert _start(game) == pytest.approx(want, abs=2e-6)
    # at the game point and above: the second challenges
    game = _position(rules, 0, g + 100, g + 100, "tie-break", ((True, False), (False, False)),
                     beat=100)
    game.reacher, game.queue = 1, [1]
    assert game.challenge_slot_for(0) == 1
    want = sol.tie[12 - bd.x_lo, 2, 0, 1, 1, 1]
    assert _start(game) == pytest.approx(want, abs=2e-6)
    # its second after the first's challenge bank of 150: 300 behind, to beat 150
    game = _position(rules, 1, g - 50, g + 250, "tie-break", ((False, False), (True, True)),
                     beat=150)
    game.reacher = 1
    ts = TurnSolver(rules)
    want = _second(sol, ts, 9, 15, 3, 0, 1, 1)
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(want, abs=1e-6)
    assert want == pytest.approx(sol.reach[4], abs=1e-9)  # his first challenge: any bank wins


class _Strict(_NoFallback):
    """A fallback that must never be asked, not even whether to challenge."""

    def choose_challenge(self, game: Game) -> int | None:
        raise AssertionError("the table should answer every challenge decision")


def test_perfect_against_perfect_with_surpassing_and_challenging(pair_table: Any) -> None:
    from tenthousand.ai import play_game
    from tenthousand.model.events import Challenged

    rules = pair_table.rules
    stages: set[str] = set()
    made: list[str] = []
    for seed in range(10):
        game = Game(rules, [Seat("A", True, "perfect"), Seat("B", True, "perfect")], seed=seed)

        def heard(event: Any, game: Game = game) -> None:
            stages.add(game.stage)
            if isinstance(event, Challenged):
                made.append(game.stage)

        game.listeners.append(heard)
        players = [PerfectPlayer(rules, _Strict()), PerfectPlayer(rules, _Strict())]
        play_game(game, players)  # type: ignore[arg-type]
        assert game.over  # the engine accepted every decision
    assert "catch-up" in stages and "normal" in made


def test_surpassing_with_challenging_is_solved_here_up_to_its_limit(pair_table: Any) -> None:
    from tenthousand.advice import WIN
    from tenthousand.advice import values as advisor
    from tenthousand.present.value_kind import value_kind
    from tenthousand.solver import cache

    assert cache.option_tables(TRASH5000) is surpass_challenge_table
    assert "above 1,000 with surpassing and challenging" in (cache.unsolvable(TRASH5000) or "")
    assert not value_kind(TRASH5000, 2).exact
    small = TRASH5000.with_options(game_point=1000)
    assert cache.unsolvable(small) is None
    assert "three" in (cache.unsolvable(small.with_options("three-trash")) or "").lower()
    # the single options' solvers still refuse the pair
    from tenthousand.solver import challenge_end_table, surpass_end_table

    assert surpass_end_table.unsupported(small) is not None
    assert challenge_end_table.unsupported(small) is not None
    # the cache reads its files and solves it with its own module
    data = surpass_challenge_table.pack(pair_table.figures["solution"])
    assert isinstance(cache.unpack(data), surpass_challenge_table.SurpassChallengeTable)
    assert surpass_challenge_table.SOLVER == surpass_challenge.__name__.rsplit(".", 1)[1]
    # with its table the advisor shows win chances, and says so
    rules = pair_table.rules
    assert value_kind(rules, 2).exact
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: (1, 5, 2, 3, 4, 6)[:n])
    game.throw()
    shown = advisor.evaluate(game)
    assert shown is not None and shown.kind == WIN
