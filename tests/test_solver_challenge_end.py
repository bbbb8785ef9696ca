"""Challenging with the catch-up round and tie-breaks (D-8, D-9, D-11): the engine in those
end states, the solver against a brute force of its own, its table in play.

The brute force walks whole game states as the engine plays them, every throw of every
multiset of dice (``rules_kit.rolls``, merged where two throws offer the same freezes),
and runs plain value iteration on the chance that seat 0 wins; it solves the same capped
game as the solver, with its one truncation: a tie at the end of a tie-break round goes on
with both boards far above the game point.
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

from tenthousand.solver import challenge_end, challenge_end_table, table, values  # noqa: E402
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

TRASH5000 = PRESETS["trash-5000"].with_options("challenging")
FIVES = [5, 5, 5, 2, 3, 4]  # three 5s: 500
NOTHING = [2, 3, 4, 6, 2, 3]  # trash

# -- the engine in the end states ---------------------------------------------------------


def _bank_fives(game: Game, challenge: bool = False) -> list[Any]:
    if challenge:
        game.challenge(1 - game.current)
    game.throw()
    return game.bank(game.indices_for((5, 5, 5)))


def _trash(game: Game, challenge: bool = False) -> list[Any]:
    if challenge:
        game.challenge(1 - game.current)
    return game.throw()


def test_a_catch_up_challenge_drops_the_finisher_below_the_game_point_into_a_tie() -> None:
    game, _dice = new_game(TRASH5000, board=[4900, 4400],
                           throws=[FIVES, FIVES, NOTHING, NOTHING])
    _bank_fives(game)  # 5,400: seat 1's catch-up turn (D-8)
    assert (game.stage, game.reacher, game.current) == ("catch-up", 0, 1)
    assert game.challenge_slot_for(1) == 0  # below the game point: his first challenge
    events = _bank_fives(game, challenge=True)  # 4,900 each, both below the game point
    assert ScoreTaken(0, 500, 4900, 1) in events
    assert game.board == [4900, 4900] and (game.stage, game.queue) == ("tie-break", [1])
    # below the game point a tie-break turn may use the first challenge, if still there
    assert game.challenge_slot_for(0) == 0 and game.challenge_slot_for(1) is None
    events = _trash(game, challenge=True)
    assert Penalty(0, 500, 4400, "challenge") in events  # a tenth of the game point
    _trash(game)  # seat 1 ahead whatever he throws
    assert game.over and game.board == [4400, 4900] and game.ranking()[0][0] == 1


def test_second_challenges_at_the_game_point_in_tie_break_rounds() -> None:
    game, _dice = new_game(TRASH5000, board=[4900, 4900],
                           throws=[FIVES, FIVES, FIVES, FIVES, NOTHING, NOTHING])
    _bank_fives(game)
    _bank_fives(game)  # a plain catch-up bank: 5,400 each
    assert game.board == [5400, 5400] and game.stage == "tie-break"
    assert game.challenge_slot_for(0) == 1  # at the game point: the second challenge
    assert game.challenge(1)[0].penalty == 2000  # four tenths of the game point
    game.throw()
    game.bank(game.indices_for((5, 5, 5)))  # 5,900 against 4,900: seat 1 below it again
    assert game.board == [5900, 4900] and game.challenge_slot_for(1) == 0
    _bank_fives(game, challenge=True)  # his first challenge levels it: 5,400 each
    assert game.board == [5400, 5400] and game.stage == "tie-break" and game.queue == [1]
    assert game.challenge_slot_for(0) is None and game.challenge_slot_for(1) == 1
    _trash(game)
    events = _trash(game, challenge=True)  # seat 1's second challenge: 2,000 off
    assert Penalty(1, 2000, 3400, "challenge") in events
    assert game.over and game.board == [5400, 3400]


def test_a_challenge_penalty_takes_a_board_below_zero() -> None:
    game, _dice = new_game(TRASH5000, board=[0, 300], throws=[NOTHING, FIVES])
    _trash(game, challenge=True)
    assert game.board == [-500, 300] and game.on_board(0)
    _bank_fives(game)  # seat 1 to 800; seat 0 (on the board below zero) needs 350 (D-15)
    assert game.minimum(0) == TRASH5000.minimum


# -- the brute force ----------------------------------------------------------------------

#: (stage N/C/T1/T2, board 0, board 1, flags 0, flags 1, mover); flags = 2 * first left +
#: second left
State = tuple[str, int, int, int, int, int]


def _grouped(found: list[tuple[float, list[tuple[int, int]]]]) -> list[Any]:
    merged: dict[tuple[tuple[int, int], ...], float] = {}
    for p, freezes in found:
        merged[tuple(freezes)] = merged.get(tuple(freezes), 0.0) + p
    return [(p, list(f)) for f, p in merged.items()]


class ChallengeEndBruteForce:
    """Challenging with the catch-up round and tie-breaks, written out again from the rules:
    at the start of a turn a player may make the challenge his board allows (the first below
    the game point, the second at or above it), each once; a bank in it adds to him and
    takes as much off the other, trash in it costs a tenth (first) or four tenths (second)
    of the game point; reaching the game point gives the other one more turn; the final
    boards decide; a tie gives a tie-break round in seat order.  The truncations: a turn
    score above ``max(game point - board, minimum) + extra`` (normal game) or ``max(game
    point + extra, minimum)`` (last turns) banks at once, and a tie at the end of a
    tie-break round goes on with both boards at ``far``, where no bank can take a board
    below the game point."""

    def __init__(self, rules: Rules, extra: int) -> None:
        self.r = rules
        self.g = rules.game_point
        self.extra = extra
        self.rolls = {(n, f): _grouped(rolls(rules, n, f)) for n in range(1, 7)
                      for f in (False, True)}
        self.top = max(p for found in self.rolls.values() for _, fs in found for p, _ in fs)
        end_cap = max(self.g + extra, rules.opening_minimum, rules.minimum)
        self.far = self.g + 2 * (end_cap + self.top) + 50
        self.v: dict[State, float] = {}
        self.challenge = False  # the turn being valued is a challenge

    def value(self, state: State) -> float:
        return self.v.get(state, 0.5)

    def next(self, state: State, gain: int | None, challenge: bool) -> State | float:
        """The state after the mover's turn ends with ``gain`` banked (None: trash), or
        seat 0's chance when the game is over."""
        stage, mover = state[0], state[5]
        board, flags = [state[1], state[2]], [state[3], state[4]]
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
        if stage == "N":
            nxt = "C" if gain is not None and board[mover] >= self.g else "N"
            return (nxt, board[0], board[1], flags[0], flags[1], other)
        if stage == "T1":
            return ("T2", board[0], board[1], flags[0], flags[1], 1)
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        x = board[0] if stage == "C" else self.far
        return ("T1", x, x, flags[0], flags[1], 0)

    def after(self, state: State, gain: int | None) -> float:
        found = self.next(state, gain, self.challenge)
        return found if isinstance(found, float) else self.value(found)

    def _limits(self, state: State) -> tuple[int, int]:
        own = state[1 + state[5]]
        need = max(self.r.minimum_for(own), 50)
        if state[0] == "N":
            return need, max(self.g - own, need) + self.extra
        return need, max(self.g + self.extra, need)

    def _can_challenge(self, state: State) -> bool:
        mover = state[5]
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
        return self.order(seen)

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

    def starts(self) -> list[State]:
        s0, s1 = self.r.starting_score(0), self.r.starting_score(1)
        return [("N", s0, s1, 3, 3, 0), ("N", s0, s1, 3, 3, 1)]

    def order(self, seen: set[State]) -> list[State]:
        rank = {"T2": 0, "T1": 1, "C": 2, "N": 3}
        return sorted(seen, key=lambda s: (rank[s[0]], -(s[3] + s[4]), -(s[1] + s[2]), s))


def _seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    step = 50
    bd = sol.bounds
    stage, b0, b1, x0, x1, mover = state
    board, flags = (b0 // step, b1 // step), (x0, x1)
    other = 1 - mover
    if stage == "N":
        mine = sol.w(mover, board[mover], board[other], flags[mover] >> 1, flags[other] >> 1)
    elif stage == "C":
        c, f = board[mover], board[other]
        mine = (0.0 if c < bd.c_lo else
                sol.chase[mover, flags[mover] >> 1, flags[other] >> 1, c - bd.c_lo, f - bd.ng])
    elif stage == "T1":
        x = board[0]
        k = 2 * (x0 & 1) + (x1 & 1)
        mine = (sol.far[k] if x > bd.x_hi
                else sol.tie[x - bd.x_lo, x0 >> 1, x0 & 1, x1 >> 1, x1 & 1])
    else:
        y, z = board[1], board[0]
        s1, f2, s2 = x0 & 1, x1 >> 1, x1 & 1
        below = y < bd.ng
        if z < y:
            mine = 1.0
        else:
            d = z - y
            plain = sol.s_plain[2 * s1 + s2, int(y == 0), d]
            chal = sol.s_chal[2 * s1 + (s2 if below else 0), int(y == 0), d]
            mine = max(plain, chal) if (f2 if below else s2) else plain
    return float(mine) if mover == 0 else 1.0 - float(mine)


#: Challenging needs a tenth of the game point on the grid of 50: 500 is the smallest.
#: Few counters keep the last turns few (the brute force walks every one of them).
SMALL = PRESETS["trash-5000"].with_options("challenging", game_point=500, opening_minimum=100,
                                           minimum=50, straight=None, triplet_ones=300)


@pytest.fixture(scope="module")
def small() -> Any:
    return challenge_end.solve(SMALL, tol=1e-13, extra=0)


def _check_equations(sol: Any, every: int) -> set[str]:
    """The brute force's optimality equations, with the solver's values, in every
    ``every``-th reachable state of each stage."""
    brute = ChallengeEndBruteForce(sol.rules, sol.bounds.extra * 50)
    brute.value = lambda state: _seat0(sol, state)  # type: ignore[method-assign]
    states = brute.reachable()
    stages = {}
    for stage in ("N", "C", "T1", "T2"):
        mine = [s for s in states if s[0] == stage]
        stages[stage] = mine[::max(1, every // 20)] if stage == "T1" else mine[::every]
    worst = 0.0
    for state in [s for group in stages.values() for s in group]:
        worst = max(worst, abs(brute.turn(state) - _seat0(sol, state)))
        assert worst < 1e-10, state
    return {stage for stage, found in stages.items() if found}


def test_challenge_end_solver_meets_the_brute_forces_equations(small: Any) -> None:
    """The solver's values satisfy the brute force's optimality equations (one solution)
    in reachable states of every stage: a sample here, all 14,129 with ``--long``."""
    assert _check_equations(small, 61) == {"N", "C", "T1", "T2"}


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
def test_challenge_end_solver_meets_the_equations_everywhere(small: Any) -> None:
    _check_equations(small, 1)


#: Minimums of 150 and 100 (3 and 2 steps): a bank moves up at least two levels, so the
#: normal game solves two levels at a time.
BLOCKS = SMALL.with_options(opening_minimum=150, minimum=100)


def test_levels_solved_together_are_the_levels_solved_one_by_one(monkeypatch: Any) -> None:
    """Levels solved side by side (as many as the smaller minimum has steps, since a bank
    moves up at least that far) give the values solved level by level, and meet the brute
    force's equations."""
    together = challenge_end.solve(BLOCKS, tol=1e-13, extra=0)
    run = challenge_end._Game.run
    widths = []

    def one_by_one(self: Any, tol: float, progress: Any, together: Any = None) -> int:
        widths.append(together)
        return run(self, tol, progress, together=1)

    monkeypatch.setattr(challenge_end._Game, "run", one_by_one)
    alone = challenge_end.solve(BLOCKS, tol=1e-13, extra=0)
    assert widths == [None]
    assert np.max(np.abs(together.win - alone.win)) < 1e-11
    assert together.iterations < alone.iterations  # fewer, wider solves
    assert _check_equations(together, 31) == {"N", "C", "T1", "T2"}


def test_without_challenges_the_end_is_cores(small: Any) -> None:
    from tenthousand.solver import core

    sol = small
    plain = core.solve(SMALL.with_options(challenging=False), tol=1e-13, extra=0)
    assert sol.far[0] == pytest.approx(plain.tie_first, abs=1e-11)
    # a challenge in hand never hurts, and somewhere it matters
    w = sol.win
    assert np.all(w[..., 1, :] >= w[..., 0, :] - 1e-12)
    assert np.max(w[..., 1, 1] - w[..., 0, 0]) > 0.01


# -- the table in play ------------------------------------------------------------------


@pytest.fixture(scope="module")
def end_table(small: Any) -> Any:
    t = challenge_end_table.unpack(challenge_end_table.pack(small))
    table.register(t)
    t.figures["solution"] = small
    return t


def _position(rules: Rules, seat: int, mine: int, theirs: int, stage: str = "normal",
              used: tuple[tuple[bool, bool], tuple[bool, bool]] | None = None) -> Game:
    """A turn start of ``seat``: boards, stage and the challenges used by (mover, other)."""
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    game.stage = stage
    if used is not None:
        game.challenges_used[seat] = list(used[0])
        game.challenges_used[1 - seat] = list(used[1])
    return game


def _start(game: Game) -> float:
    """The mover's chance from his turn's own values: the better of the plain turn and,
    where he may make one, the challenge."""
    plain, found = values.turn_values(game), table.load(game.rules)
    assert plain is not None and isinstance(found, challenge_end_table.ChallengeEndTable)
    both = challenge_end_table.both_starts(game, found)
    return plain.start() if both is None else max(both)


def test_challenge_end_table_round_trip(end_table: Any) -> None:
    sol, t = end_table.figures["solution"], end_table
    bd = sol.bounds
    assert (t.lo, t.c_lo, t.x_lo, t.x_hi, t.rows) == (bd.lo, bd.c_lo, bd.x_lo, bd.x_hi,
                                                      bd.rows)
    for seat in (0, 1):
        for a in range(bd.lo, bd.ng):
            for b in range(bd.lo, bd.ng):
                for ca in (0, 1):
                    assert t.wc(seat, a, b, ca, 1) == pytest.approx(sol.w(seat, a, b, ca, 1),
                                                                    abs=1e-6)
    assert t.cs(1, 1, 0, 3, 12) == pytest.approx(sol.chase[1, 1, 0, 3 - bd.c_lo, 2], abs=1e-6)
    assert t.t1(9, 1, 1, 0, 1) == pytest.approx(sol.tie[9 - bd.x_lo, 1, 1, 0, 1], abs=1e-6)
    assert t.t1(bd.x_hi + 7, 0, 1, 1, 0) == pytest.approx(sol.far[2], abs=1e-6)
    assert t.s2(5, 0, 1, 3, 2) == pytest.approx(
        max(sol.s_plain[3, 0, 5], sol.s_chal[2, 0, 5]), abs=1e-6)
    assert t.s2(-1, 0, 0, 0, 0) == 1.0


def test_challenge_end_turn_starts_match_the_table(end_table: Any) -> None:
    sol = end_table.figures["solution"]
    rules, step = end_table.rules, 50
    for seat, a, b, used in [(0, 0, 0, None), (1, 0, 0, None), (0, 4, 7, None),
                             (1, 9, 8, ((False, False), (True, False))),
                             (0, -6, 9, ((True, False), (True, False))),
                             (1, 2, -10, ((False, False), (True, False)))]:
        game = _position(rules, seat, a * step, b * step, used=used)
        ca, cb = (1, 1) if used is None else (int(not used[0][0]), int(not used[1][0]))
        want = sol.w(seat, a, b, ca, cb)
        assert _start(game) == pytest.approx(want, abs=2e-6)
        probs = values.win_probabilities(game)
        assert probs is not None and probs[seat] == pytest.approx(want, abs=1e-6)


def test_challenge_end_values_in_the_last_turns(end_table: Any) -> None:  # D-8, D-9
    sol = end_table.figures["solution"]
    bd, rules, g = sol.bounds, end_table.rules, end_table.rules.game_point
    # seat 0 reached the game point at 650; seat 1 chases from 350, his first challenge left
    game = _position(rules, 1, 350, 650, "catch-up", ((False, False), (True, False)))
    game.reacher = 0
    want = sol.chase[1, 1, 0, 7 - bd.c_lo, 13 - bd.ng]
    assert _start(game) == pytest.approx(want, abs=2e-6)
    both = challenge_end_table.both_starts(game, end_table)
    assert both is not None and max(both) == pytest.approx(want, abs=2e-6)
    from tenthousand.advice import values as advisor

    shown = advisor.evaluate(game)  # the advisor weighs the challenge for a person
    assert shown is not None and shown.challenge == pytest.approx(both)
    # a tie-break round at 450, below the game point: seat 0 may make his first challenge
    game = _position(rules, 0, 450, 450, "tie-break", ((False, False), (True, False)))
    game.reacher, game.queue = 1, [1]
    want = sol.tie[9 - bd.x_lo, 1, 1, 0, 1]
    assert _start(game) == pytest.approx(want, abs=2e-6)
    # at the game point and above: the second challenges
    game = _position(rules, 0, g + 100, g + 100, "tie-break", ((True, False), (False, False)))
    game.reacher, game.queue = 1, [1]
    assert game.challenge_slot_for(0) == 1
    want = sol.tie[12 - bd.x_lo, 0, 1, 1, 1]
    assert _start(game) == pytest.approx(want, abs=2e-6)
    # its second, 150 behind after the first's plain bank, both seconds left
    game = _position(rules, 1, g + 100, g + 250, "tie-break", ((False, False), (True, False)))
    game.reacher = 1
    want = max(sol.s_plain[3, 0, 3], sol.s_chal[2, 0, 3])
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(want, abs=1e-6)
    assert _start(game) == pytest.approx(want, abs=2e-6)


class _Strict(_NoFallback):
    """A fallback that must never be asked, not even whether to challenge."""

    def choose_challenge(self, game: Game) -> int | None:
        raise AssertionError("the table should answer every challenge decision")


def _perfect_games(rules: Rules, starts: list[tuple[int, int, str]], seeds: int
                   ) -> tuple[set[str], list[tuple[str, int]]]:
    """Perfect against Perfect from these (board 0, board 1, stage) starts, through the
    engine (which refuses any illegal decision); the stages met and the challenges made."""
    from tenthousand.ai import play_game
    from tenthousand.model.events import Challenged

    stages: set[str] = set()
    made: list[tuple[str, int]] = []
    for b0, b1, stage in starts:
        for seed in range(seeds):
            game = Game(rules, [Seat("A", True, "perfect"), Seat("B", True, "perfect")],
                        seed=seed, first_seat=0 if stage == "tie-break" else None)
            game.board[:] = [b0, b1]
            if stage == "tie-break":
                game.stage, game.reacher, game.queue = stage, 1, [1]

            def heard(event: Any, game: Game = game) -> None:
                stages.add(game.stage)
                if isinstance(event, Challenged):
                    made.append((game.stage, event.penalty))

            game.listeners.append(heard)
            players = [PerfectPlayer(rules, _Strict()), PerfectPlayer(rules, _Strict())]
            play_game(game, players)  # type: ignore[arg-type]
            assert game.over
    return stages, made


def test_perfect_against_perfect_with_challenging_and_catch_up(end_table: Any) -> None:
    rules = end_table.rules
    g = rules.game_point
    stages, made = _perfect_games(rules, [(0, 0, "normal")], 12)
    assert "catch-up" in stages
    assert {stage for stage, _ in made} == {"normal", "catch-up"}
    # tie-break rounds below the game point (first challenges, a tenth) and at it (second
    # challenges, four tenths)
    stages, made = _perfect_games(rules, [(g - 50, g - 50, "tie-break"),
                                          (g + 100, g + 100, "tie-break")], 6)
    print(made)
    assert {(stage, pen) for stage, pen in made} >= {("tie-break", g // 10),
                                                      ("tie-break", g * 4 // 10)}


def test_challenging_with_a_catch_up_round_is_solved_here(end_table: Any) -> None:
    from tenthousand.advice import WIN
    from tenthousand.advice import values as advisor
    from tenthousand.present.value_kind import value_kind
    from tenthousand.solver import cache

    assert cache.option_tables(TRASH5000) is challenge_end_table
    assert cache.unsolvable(TRASH5000) is None
    assert "not solved for these rules" in value_kind(TRASH5000, 2).text
    big = PRESETS["trash-10000"].with_options("challenging")
    assert "above 5,000 with challenging" in (cache.unsolvable(big) or "")
    assert not value_kind(big, 2).exact
    # with its table the advisor shows win chances, and says so
    rules = end_table.rules
    assert value_kind(rules, 2).exact
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: (1, 5, 2, 3, 4, 6)[:n])
    game.throw()
    shown = advisor.evaluate(game)
    assert shown is not None and shown.kind == WIN
    _sol, data = cache.solve_table(rules.with_options(game_point=500, minimum=100), extra=0)
    assert isinstance(cache.unpack(data), challenge_end_table.ChallengeEndTable)
