"""Challenging with the trash penalty, the catch-up round and tie-breaks (D-8, D-9, D-11):
the engine where the two options meet, the solver against a brute force of its own, its
table in play.

The brute force walks whole game states as the engine plays them (both boards, both
seats' first and second challenges, both runs of trash, the mover), every throw of every
multiset of dice (``rules_kit.rolls``, merged where two throws offer the same freezes);
it solves the same capped game as the solver, with challenge_end's one truncation: a tie
at the end of a tie-break round goes on with both boards far above the game point (the
runs as they are).
"""

from __future__ import annotations

from typing import Any

import pytest
from rules_kit import new_game, rolls
from test_solver import _NoFallback, _turn_by_brute_force

from tenthousand.model.events import Penalty, ScoreTaken
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import (  # noqa: E402
    cache,
    challenge_end_table,
    challenge_penalty_end,
    challenge_penalty_end_table,
    penalty_end_table,
    table,
    values,
)
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

BOTH = PRESETS["trash-5000"].with_options("challenging", "three-trash", score_floor=0)
FIVES = [5, 5, 5, 2, 3, 4]  # three 5s: 500
NOTHING = [2, 3, 4, 6, 2, 3]  # trash

# -- the engine where the options meet ----------------------------------------------------


def _bank_fives(game: Game, challenge: bool = False) -> list[Any]:
    if challenge:
        game.challenge(1 - game.current)
    game.throw()
    return game.bank(game.indices_for((5, 5, 5)))


def _trash(game: Game, challenge: bool = False) -> list[Any]:
    if challenge:
        game.challenge(1 - game.current)
    return game.throw()


def test_a_challenge_trash_counts_in_the_run_and_costs_both_penalties() -> None:
    game, _dice = new_game(BOTH, board=[2000, 1000], throws=[NOTHING] * 5)
    for _ in range(4):
        _trash(game)
    assert game.trash_streak == [2, 2]
    events = _trash(game, challenge=True)  # his third trash in a row, in a challenge
    assert [(e.points, e.reason) for e in events if isinstance(e, Penalty)] == [
        (500, "challenge"), (1000, "three-trash")]
    assert game.board == [500, 1000] and game.trash_streak == [0, 2]
    # the lowest score stops both penalties
    game, _dice = new_game(BOTH, board=[600, 0], throws=[NOTHING] * 5)
    game.trash_streak[:] = [2, 0]
    events = _trash(game, challenge=True)
    assert [(e.points, e.reason) for e in events if isinstance(e, Penalty)] == [
        (500, "challenge"), (100, "three-trash")]
    assert game.board == [0, 0]


def test_a_challenge_bank_ends_the_own_run_not_the_others_and_stops_at_the_lowest() -> None:
    game, _dice = new_game(BOTH, board=[1000, 300], throws=[NOTHING, FIVES])
    game.trash_streak[:] = [0, 2]
    _trash(game)  # seat 0's run 1
    game.trash_streak[1] = 2
    events = _bank_fives(game, challenge=True)  # seat 1 takes 500 off seat 0
    assert ScoreTaken(0, 500, 500, 1) in events
    assert game.trash_streak == [1, 0]
    game, _dice = new_game(BOTH, board=[200, 300], throws=[FIVES])
    game.trash_streak[:] = [1, 2]
    events = _bank_fives(game, challenge=True)  # only 300 to take: the lowest score is 0
    assert ScoreTaken(1, 300, 0, 0) in events
    assert game.board == [700, 0] and game.trash_streak == [0, 2]


def test_the_runs_carry_into_the_tie_break_and_the_lowest_score_makes_a_tie() -> None:
    game, _dice = new_game(BOTH, board=[4900, 4400],
                           throws=[FIVES, FIVES, NOTHING, NOTHING])
    _bank_fives(game)
    _bank_fives(game, challenge=True)  # 4,900 each: a tie-break round below the game point
    assert game.board == [4900, 4900] and game.trash_streak == [0, 0]
    assert game.stage == "tie-break" and game.challenge_slot_for(0) == 0
    _trash(game)
    _trash(game)  # both trashed: tied again, runs 1 each
    assert game.board == [4900, 4900] and game.trash_streak == [1, 1]
    assert game.stage == "tie-break" and not game.over


# -- the brute force ----------------------------------------------------------------------

#: (stage N/C/T1/T2, board 0, board 1, flags 0, flags 1, run 0, run 1, mover); flags =
#: 2 * first left + second left
State = tuple[str, int, int, int, int, int, int, int]


def _grouped(found: list[tuple[float, list[tuple[int, int]]]]) -> list[Any]:
    merged: dict[tuple[tuple[int, int], ...], float] = {}
    for p, freezes in found:
        merged[tuple(freezes)] = merged.get(tuple(freezes), 0.0) + p
    return [(p, list(f)) for f, p in merged.items()]


class ChallengePenaltyEndBruteForce:
    """Both options with the catch-up round and tie-breaks, written out again from the
    engine and RULES.md: a player may make the challenge his board allows (the first below
    the game point, the second at or above it), each once; a bank in it adds to him and
    takes as much off the other, never below the lowest score; trash in it costs a tenth
    (first) or four tenths (second) of the game point; every trash, a challenge's too, adds
    one to the mover's run, and ``trash_run`` of them cost ``trash_penalty`` (after the
    challenge's, never below the lowest score) and start the run again; a bank ends the
    mover's run; reaching the game point gives the other one more turn; the final boards
    decide; a tie gives tie-break rounds in seat order, the runs going on.  The
    truncations: a turn score above ``max(game point - board, minimum) + extra`` (normal
    game) or ``max(game point + extra, minimum)`` (last turns) banks at once, and a tie at
    the end of a tie-break round goes on with both boards at ``far``."""

    def __init__(self, rules: Rules, extra: int) -> None:
        self.r = rules
        self.g = rules.game_point
        self.floor = rules.score_floor
        self.extra = extra
        self.rolls = {(n, f): _grouped(rolls(rules, n, f)) for n in range(1, 7)
                      for f in (False, True)}
        self.top = max(p for found in self.rolls.values() for _, fs in found for p, _ in fs)
        end_cap = max(self.g + extra, rules.opening_minimum, rules.minimum)
        self.far = self.g + 2 * (end_cap + self.top) + 50 + 2 * (
            rules.trash_penalty + rules.challenge_penalties[1])
        self.v: dict[State, float] = {}
        self.challenge = False  # the turn being valued is a challenge

    def value(self, state: State) -> float:
        return self.v.get(state, 0.5)

    def _lower(self, board: int, amount: int) -> int:
        return max(board - amount, self.floor)

    def next(self, state: State, gain: int | None, challenge: bool) -> State | float:
        """The state after the mover's turn ends with ``gain`` banked (None: trash), or
        seat 0's chance when the game is over."""
        stage, mover = state[0], state[7]
        board, flags, runs = [state[1], state[2]], [state[3], state[4]], [state[5], state[6]]
        other = 1 - mover
        if challenge:
            slot = 0 if board[mover] < self.g else 1
            flags[mover] &= ~(2 if slot == 0 else 1)
            if gain is None:
                board[mover] = self._lower(board[mover], self.r.challenge_penalties[slot])
            else:
                board[mover] += gain
                board[other] = self._lower(board[other], gain)
        elif gain is not None:
            board[mover] += gain
        if gain is None:
            runs[mover] += 1
            if runs[mover] >= self.r.trash_run:
                runs[mover] = 0
                board[mover] = self._lower(board[mover], self.r.trash_penalty)
        else:
            runs[mover] = 0
        if stage == "N":
            nxt = "C" if gain is not None and board[mover] >= self.g else "N"
            return (nxt, board[0], board[1], flags[0], flags[1], runs[0], runs[1], other)
        if stage == "T1":
            return ("T2", board[0], board[1], flags[0], flags[1], runs[0], runs[1], 1)
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        x = board[0] if stage == "C" else self.far
        return ("T1", x, x, flags[0], flags[1], runs[0], runs[1], 0)

    def after(self, state: State, gain: int | None) -> float:
        found = self.next(state, gain, self.challenge)
        return found if isinstance(found, float) else self.value(found)

    def _limits(self, state: State) -> tuple[int, int]:
        own = state[1 + state[7]]
        need = max(self.r.minimum_for(own), 50)
        if state[0] == "N":
            return need, max(self.g - own, need) + self.extra
        return need, max(self.g + self.extra, need)

    def _can_challenge(self, state: State) -> bool:
        mover = state[7]
        return bool(state[3 + mover] & (2 if state[1 + mover] < self.g else 1))

    def reachable(self) -> list[State]:
        """Every state a game can reach from the start (a bank of any allowed size)."""
        seen, todo = set(self.starts()), self.starts()
        while todo:
            state = todo.pop()
            need, cap = self._limits(state)
            for challenge in (False, True) if self._can_challenge(state) else (False,):
                for gain in [None, *range(need, cap + self.top + 1, 50)]:
                    found = self.next(state, gain, challenge)
                    if not isinstance(found, float) and found not in seen:
                        seen.add(found)
                        todo.append(found)
        rank = {"T2": 0, "T1": 1, "C": 2, "N": 3}
        return sorted(seen, key=lambda s: (rank[s[0]], -(s[3] + s[4]), -(s[1] + s[2]), s))

    def turn(self, state: State) -> float:
        mover = state[7]
        need, cap = self._limits(state)
        self.challenge = False
        value = _turn_by_brute_force(self, state, mover, need, cap)
        if self._can_challenge(state):
            self.challenge = True
            other = _turn_by_brute_force(self, state, mover, need, cap)
            self.challenge = False
            value = max(value, other) if mover == 0 else min(value, other)
        return value

    def starts(self) -> list[State]:
        s0, s1 = self.r.starting_score(0), self.r.starting_score(1)
        return [("N", s0, s1, 3, 3, 0, 0, 0), ("N", s0, s1, 3, 3, 0, 0, 1)]


def _seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    step, rules = 50, sol.rules
    bd = sol.bounds
    stage, b0, b1, x0, x1, k0, k1, mover = state
    board, flags, runs = (b0 // step, b1 // step), (x0, x1), (k0, k1)
    other = 1 - mover
    if stage == "N":
        mine = sol.w(mover, board[mover], board[other], flags[mover] >> 1,
                     flags[other] >> 1, runs[mover], runs[other])
    elif stage == "C":  # whatever the chaser's run: his trash loses
        c, f = board[mover], board[other]
        mine = sol.chase[mover, flags[mover] >> 1, flags[other] >> 1, c - bd.c_lo, f - bd.ng]
    elif stage == "T1":  # whatever the runs (alike): far above they cost both the same
        x = board[0]
        k = 2 * (x0 & 1) + (x1 & 1)
        mine = (sol.far[k] if x > bd.x_hi
                else sol.tie[x - bd.x_lo, x0 >> 1, x0 & 1, x1 >> 1, x1 & 1])
    else:
        y, z = board[1], board[0]
        s1, f2, s2 = x0 & 1, x1 >> 1, x1 & 1
        below = y < bd.ng
        pays = k1 + 1 >= rules.trash_run  # his trash would cost him the penalty too
        trashed = max(y - rules.trash_penalty // step, bd.lo) if pays else y
        if z < y and trashed != z:
            mine = 1.0  # ahead after the first's trash, and his own trash keeps him ahead
        else:
            d = max(z - y, 0)
            plain = sol.s_plain[2 * s1 + s2, int(y == 0), d]
            chal = sol.s_chal[2 * s1 + (s2 if below else 0), int(y == 0), d]
            mine = max(plain, chal) if (f2 if below else s2) else plain
    return float(mine) if mover == 0 else 1.0 - float(mine)


#: A tenth of the game point on the grid of 50: 500 is the smallest.  Few counters keep the
#: last turns few; two trash turns in a row cost 100, and a lowest score of -100 is met by
#: both penalties and by challenge banks.
SMALL = PRESETS["trash-5000"].with_options(
    "challenging", "three-trash", game_point=500, opening_minimum=100, minimum=50,
    straight=None, triplet_ones=300, trash_run=2, trash_penalty=100, score_floor=-100)


@pytest.fixture(scope="module")
def small() -> Any:
    return challenge_penalty_end.solve(SMALL, tol=1e-13, extra=0)


def _check_equations(sol: Any, every: int) -> dict[str, int]:
    """The brute force's optimality equations, with the solver's values, in every
    ``every``-th reachable state of each stage; the states checked by stage."""
    brute = ChallengePenaltyEndBruteForce(sol.rules, sol.bounds.extra * 50)
    brute.value = lambda state: _seat0(sol, state)  # type: ignore[method-assign]
    states = brute.reachable()
    checked: dict[str, int] = {}
    for stage in ("N", "C", "T1", "T2"):
        mine = [s for s in states if s[0] == stage]
        # the far rounds with runs (the penalty there) in every sample
        far = [s for s in mine if stage in ("T1", "T2") and max(s[1], s[2]) > brute.g * 3]
        picked = mine[::every] + far[::max(1, every // 2)]
        for state in picked:
            assert abs(brute.turn(state) - _seat0(sol, state)) < 1e-10, state
        checked[stage] = len(picked)
    return checked


def test_challenge_penalty_end_solver_meets_the_brute_forces_equations(small: Any) -> None:
    """The solver's values satisfy the brute force's optimality equations (one solution)
    in reachable states of every stage: a sample here, all of them with ``--long``."""
    checked = _check_equations(small, 97)
    assert all(checked[stage] > 0 for stage in ("N", "C", "T1", "T2")), checked


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
def test_challenge_penalty_end_solver_meets_the_equations_everywhere(small: Any) -> None:
    _check_equations(small, 1)


def test_the_end_is_challenge_ends_and_the_runs_matter_in_the_normal_game(small: Any) -> None:
    from tenthousand.solver import challenge_end

    sol = small
    # the rounds far above the game point and the second's tables do not meet the lowest
    # score or the runs: challenge_end's
    chal = challenge_end.solve(SMALL.with_options(three_trash=False, score_floor=None),
                               tol=1e-13, extra=0)
    assert np.allclose(sol.far, chal.far, atol=1e-11)
    assert np.allclose(sol.s_plain, chal.s_plain, atol=1e-11)
    assert np.allclose(sol.s_chal, chal.s_chal, atol=1e-11)
    w = sol.win
    # a challenge in hand never hurts, and somewhere it matters
    assert np.all(w[:, :, :, 1] >= w[:, :, :, 0] - 1e-12)
    assert np.max(w[:, :, :, 1, 1] - w[:, :, :, 0, 0]) > 0.01
    # a trash behind the mover (one more costs the penalty) matters
    assert np.max(w[..., 0, :] - w[..., 1, :]) > 0.01


# -- the table in play ------------------------------------------------------------------


@pytest.fixture(scope="module")
def pair_table(small: Any) -> Any:
    t = challenge_penalty_end_table.unpack(challenge_penalty_end_table.pack(small))
    table.register(t)
    t.figures["solution"] = small
    return t


def _position(rules: Rules, seat: int, mine: int, theirs: int, stage: str = "normal",
              used: tuple[tuple[bool, bool], tuple[bool, bool]] | None = None,
              runs: tuple[int, int] = (0, 0)) -> Game:
    """A turn start of ``seat``: boards, stage, the challenges used and the runs of
    (mover, other)."""
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    game.stage = stage
    if used is not None:
        game.challenges_used[seat] = list(used[0])
        game.challenges_used[1 - seat] = list(used[1])
    game.trash_streak[seat], game.trash_streak[1 - seat] = runs
    return game


def _start(game: Game, found: Any) -> float:
    plain = values.turn_values(game)
    assert plain is not None
    both = challenge_penalty_end_table.both_starts(game, found)
    return plain.start() if both is None else max(both)


def test_challenge_penalty_end_table_in_every_stage(pair_table: Any) -> None:
    sol, t = pair_table.figures["solution"], pair_table
    bd, rules, step = sol.bounds, t.rules, 50
    assert t.run == 2 and t.lo == bd.lo == -2
    for seat in (0, 1):
        for a in range(bd.lo, bd.ng):
            for b in range(bd.lo, bd.ng):
                for ka in (0, 1):
                    assert t.wk(seat, a, b, 1, 0, ka, 1) == pytest.approx(
                        sol.w(seat, a, b, 1, 0, ka, 1), abs=1e-6)
    # normal turns: the better of the two before deciding, with the runs
    for seat, a, b, used, runs in [(0, 0, 0, None, (0, 0)), (1, 4, 7, None, (1, 0)),
                                   (0, -2, 9, ((True, False), (False, False)), (1, 1)),
                                   (1, 2, -1, ((False, False), (True, False)), (0, 1))]:
        game = _position(rules, seat, a * step, b * step, used=used, runs=runs)
        ca, cb = (1, 1) if used is None else (int(not used[0][0]), int(not used[1][0]))
        want = sol.w(seat, a, b, ca, cb, *runs)
        assert _start(game, t) == pytest.approx(want, abs=2e-6)
        probs = values.win_probabilities(game)
        assert probs is not None and probs[seat] == pytest.approx(want, abs=2e-6)
    # a catch-up turn, his run whatever it is
    game = _position(rules, 1, 350, 650, "catch-up", ((False, False), (True, False)), (1, 0))
    game.reacher = 0
    want = sol.chase[1, 1, 0, 7 - bd.c_lo, 13 - bd.ng]
    assert _start(game, t) == pytest.approx(want, abs=2e-6)
    # a tie-break round below the game point, and its second after a challenge bank that
    # the lowest score cut: 100 against -100 + 500 ... he must beat 300 + 50 from -100
    game = _position(rules, 0, 100, 100, "tie-break", ((False, False), (True, False)))
    game.reacher, game.queue = 1, [1]
    want = sol.tie[2 - bd.x_lo, 1, 1, 0, 1]
    assert _start(game, t) == pytest.approx(want, abs=2e-6)
    game = _position(rules, 1, -100, 400, "tie-break", ((True, False), (False, False)))
    game.reacher = 1
    want = sol.s_plain[3, 0, 10]
    assert _start(game, t) == pytest.approx(want, abs=2e-6)


def test_the_option_tables_route_the_pair_here(pair_table: Any) -> None:
    from tenthousand.present.value_kind import value_kind

    assert cache.option_tables(BOTH) is challenge_penalty_end_table
    assert cache.option_tables(BOTH.with_options(catch_up=False)) is not \
        challenge_penalty_end_table
    assert "lowest score" in (cache.unsolvable(BOTH.with_options(score_floor=None)) or "")
    assert challenge_end_table.unsupported(BOTH) is not None
    assert penalty_end_table.unsupported(BOTH) is not None
    assert cache.unsolvable(BOTH.with_options(game_point=5000)) is None  # 12 min of a core
    assert "more than 5,000 points" in (cache.unsolvable(
        BOTH.with_options(game_point=5000, score_floor=-1000)) or "")
    big = BOTH.with_options(game_point=10000)
    assert "too many positions" in (cache.unsolvable(big) or "")
    assert not value_kind(big, 2).exact
    assert value_kind(pair_table.rules, 2).exact
    _sol, data = cache.solve_table(SMALL.with_options(score_floor=0, minimum=100), extra=0)
    assert isinstance(cache.unpack(data), challenge_penalty_end_table.ChallengePenaltyEndTable)


class _Strict(_NoFallback):
    """A fallback that must never be asked, not even whether to challenge."""

    def choose_challenge(self, game: Game) -> int | None:
        raise AssertionError("the table should answer every challenge decision")


def test_perfect_against_perfect_with_both_options(pair_table: Any) -> None:
    from tenthousand.ai import play_game
    from tenthousand.model.events import Challenged

    rules = pair_table.rules
    g = rules.game_point
    stages: set[str] = set()
    made: set[str] = set()
    reasons: set[str] = set()
    starts = [(0, 0, "normal")] * 10 + [(g - 50, g - 50, "tie-break"),
                                        (g + 100, g + 100, "tie-break")] * 4
    for seed, (b0, b1, stage) in enumerate(starts):
        game = Game(rules, [Seat("A", True, "perfect"), Seat("B", True, "perfect")],
                    seed=seed, first_seat=0)
        game.board[:] = [b0, b1]
        if stage == "tie-break":
            game.stage, game.reacher, game.queue = stage, 1, [1]

        def heard(event: Any, game: Game = game) -> None:
            stages.add(game.stage)
            if isinstance(event, Challenged):
                made.add(game.stage)
            if isinstance(event, Penalty):
                reasons.add(event.reason)

        game.listeners.append(heard)
        play_game(game, [PerfectPlayer(rules, _Strict()), PerfectPlayer(rules, _Strict())])
        assert game.over
    assert {"normal", "catch-up", "tie-break"} <= stages
    assert {"normal", "tie-break"} <= made
    assert reasons == {"challenge", "three-trash"}
