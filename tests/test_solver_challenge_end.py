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
from test_solver import _iterate, _NoFallback, _turn_by_brute_force
from test_solver_end import _spy_states

from tenthousand.model.events import Penalty, ScoreTaken
from tenthousand.model.game import Game, Phase, Seat
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
        top = max(p for found in self.rolls.values() for _, fs in found for p, _ in fs)
        end_cap = max(self.g + extra, rules.opening_minimum, rules.minimum)
        self.far = self.g + 2 * (end_cap + top) + 50
        self.v: dict[State, float] = {}
        self.challenge = False  # the turn being valued is a challenge

    def value(self, state: State) -> float:
        return self.v.get(state, 0.5)

    def after(self, state: State, gain: int | None) -> float:
        stage, mover = state[0], state[5]
        board, flags = [state[1], state[2]], [state[3], state[4]]
        other = 1 - mover
        if self.challenge:
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
            return self.value((nxt, board[0], board[1], flags[0], flags[1], other))
        if stage == "T1":
            return self.value(("T2", board[0], board[1], flags[0], flags[1], 1))
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        x = board[0] if stage == "C" else self.far
        return self.value(("T1", x, x, flags[0], flags[1], 0))

    def turn(self, state: State) -> float:
        stage, mover = state[0], state[5]
        own = state[1 + mover]
        need = max(self.r.minimum_for(own), 50)
        cap = (max(self.g - own, need) + self.extra if stage == "N"
               else max(self.g + self.extra, need))
        self.challenge = False
        value = _turn_by_brute_force(self, state, mover, need, cap)
        if state[3 + mover] & (2 if own < self.g else 1):
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

    def solve(self) -> float:
        seen = _spy_states(self, self.starts())
        _iterate(self, self.order(seen), 3000, 1e-13)
        first = self.starts()
        return (self.v[first[0]] + 1.0 - self.v[first[1]]) / 2


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


def _check_equations(rules: Rules, extra: int) -> set[str]:
    sol = challenge_end.solve(rules, tol=1e-13, extra=extra)
    brute = ChallengeEndBruteForce(rules, extra)
    seen: set[State] = set()

    def value(state: State) -> float:
        seen.add(state)
        return _seat0(sol, state)

    brute.value = value  # type: ignore[method-assign]
    todo = brute.starts()
    done: set[State] = set()
    worst = 0.0
    while todo:
        state = todo.pop()
        done.add(state)
        worst = max(worst, abs(brute.turn(state) - _seat0(sol, state)))
        assert worst < 1e-10, state
        todo.extend(seen - done - set(todo))
    return {s[0] for s in done}


def test_challenge_end_solver_meets_the_brute_forces_equations() -> None:
    """Every state a game reaches from the start, in every stage, satisfies the brute
    force's optimality equations with the solver's values (one solution; ``--long``
    iterates the brute force from scratch)."""
    assert _check_equations(SMALL, 0) == {"N", "C", "T1", "T2"}


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
def test_challenge_end_solver_equals_brute_force() -> None:
    sol = challenge_end.solve(SMALL, tol=1e-13, extra=0)
    brute = ChallengeEndBruteForce(SMALL, 0)
    assert sol.first_player_win_probability == pytest.approx(brute.solve(), abs=1e-10)
    for state, value in brute.v.items():
        assert value == pytest.approx(_seat0(sol, state), abs=1e-10), state


def test_without_challenges_the_end_is_cores() -> None:
    from tenthousand.solver import core

    sol = challenge_end.solve(SMALL, tol=1e-13, extra=0)
    plain = core.solve(SMALL.with_options(challenging=False), tol=1e-13, extra=0)
    assert sol.far[0] == pytest.approx(plain.tie_first, abs=1e-11)
    # a challenge in hand never hurts, and somewhere it matters
    w = sol.win
    assert np.all(w[..., 1, :] >= w[..., 0, :] - 1e-12)
    assert np.max(w[..., 1, 1] - w[..., 0, 0]) > 0.01
