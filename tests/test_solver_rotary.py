"""Perfect play in Rotary Club against a brute force of its own, and its table in play.

The brute force walks each turn as the engine plays Rotary Club: every freeze of every
multiset of dice (``rules_kit.rolls``), no bank, each corner pegging the stretch onto the
board and six fresh dice following, trash ending the turn; the catch-up turn once a board
has reached the game point (the turn that reached it goes on, D-8), the lowest board
winning, tie-break rounds in seat order (D-9) comparing what each pegs in the round.  Its
states are whole boards; it runs plain value iteration on seat 0's chance.  The one
truncation is the solver's: a finisher more than ``game point + extra`` ahead, or the first
of a tie-break round who pegged more than that, ends his turn there.
"""

from __future__ import annotations

from typing import Any

import pytest
from rules_kit import ForceBase, reachable_states
from test_solver import _iterate, _NoFallback

from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import cache, rotary, rotary_table, table, values  # noqa: E402
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

#: (stage N/C/T, board 0, board 1, mover); tie-break states keep what seat 0 pegged in
#: the round (seat 1 to move) or nothing (seat 0 to open it).
State = tuple[str, int, int, int]


class RotaryBruteForce(ForceBase):
    def end(self, state: State, own: int) -> float:
        """Seat 0's chance once the mover's turn ends with his board at ``own``."""
        stage, s0, s1, mover = state
        board = [s0, s1]
        board[mover] = own
        other = 1 - mover
        if stage == "N":
            reached = own >= self.g
            return self.value(("C" if reached else "N", board[0], board[1], other))
        if stage == "T" and mover == 0:
            return self.value(("T", own, 0, 1))  # seat 0 pegged ``own`` in the round
        if board[0] != board[1]:  # the catch-up turn, or a round, is over: lowest wins
            return 1.0 if board[0] < board[1] else 0.0
        return self.value(("T", 0, 0, 0))

    def turn(self, state: State) -> float:
        stage, s0, s1, mover = state
        start = (s0, s1)[mover]
        opp = (s0, s1)[1 - mover]
        pick = max if mover == 0 else min
        memo: dict[tuple[int, int, int, bool], float] = {}

        def lost_already(own: int) -> bool:  # pegs only add: above the other, he has lost
            return stage == "C" and own > opp or stage == "T" and mover == 1 and own > s0

        def stop(own: int) -> bool:  # the truncation
            if stage == "N":
                return own >= self.g and own - opp > self.cap
            return stage == "T" and mover == 0 and own > self.cap

        def throw(own: int, t: int, n: int, first: bool) -> float:
            key = (own, t, n, first)
            if key in memo:
                return memo[key]
            total = 0.0
            for p, freezes in self.rolls[(n, first)]:
                if not freezes:
                    total += p * self.end(state, own)
                    continue
                options = []
                for points, left in freezes:
                    if left:
                        options.append(throw(own, t + points, left, False))
                        continue
                    pegged = own + t + points
                    if lost_already(pegged):
                        options.append(0.0 if mover == 0 else 1.0)
                    elif stop(pegged):
                        options.append(self.end(state, pegged))
                    else:
                        options.append(throw(pegged, 0, 6, False))
                total += p * pick(options)
            memo[key] = total
            return total

        base = 0 if stage == "T" and mover == 0 else start
        return throw(base, 0, 6, True)

    def reachable(self) -> list[State]:
        seen: set[State] = reachable_states(self, [("N", 0, 0, 0), ("N", 0, 0, 1)])
        return sorted(seen)

    def solve(self) -> float:
        seen = self.reachable()
        for stage in "TCN":
            states = sorted((s for s in seen if s[0] == stage), key=lambda s: -(s[1] + s[2]))
            _iterate(self, states, 3000, 1e-13)
        return (self.v[("N", 0, 0, 0)] + 1.0 - self.v[("N", 0, 0, 1)]) / 2


def _seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    stage, b0, b1, mover = state
    board = (b0, b1)
    other = 1 - mover
    if stage == "N":
        mine = sol.win[mover, board[mover] // 50, board[other] // 50]
    elif stage == "C":
        mine = sol.chase[mover, (board[other] - board[mover]) // 50]
    elif mover == 0:
        mine = sol.tie_first
    else:
        mine = sol.second[b0 // 50]
    return float(mine) if mover == 0 else 1.0 - float(mine)


#: Small games: Trash (no first-throw counters) and Ten-Thousand (doubles and the straight
#: on the first throw only, D-2), without the dearest counters so that the boards stay few.
CASES = [
    (PRESETS["trash-5000"].with_options("rotary-club", game_point=150, straight=None,
                                        triplet_ones=300), 100),
    (PRESETS["ten-thousand"].with_options("rotary-club", game_point=150, triplet_ones=300,
                                          kind_doubling=False, three_pairs=500,
                                          straight=500), 50),
]


@pytest.mark.parametrize("rules,extra", CASES, ids=["trash-5000", "ten-thousand"])
def test_rotary_solver_meets_the_brute_forces_equations(rules: Rules, extra: int) -> None:
    """Every state a game reaches: the brute force's turn, valued with the solver's table
    around it, gives the solver's value."""
    sol = rotary.solve(rules, extra=extra, tol=1e-13)
    brute = RotaryBruteForce(rules, extra)
    seen = brute.reachable()
    assert {s[0] for s in seen} == {"N", "C", "T"}
    brute.value = lambda state: _seat0(sol, state)  # type: ignore[method-assign]
    for state in seen:
        assert brute.turn(state) == pytest.approx(_seat0(sol, state), abs=1e-10), state


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
@pytest.mark.parametrize("rules,extra", CASES, ids=["trash-5000", "ten-thousand"])
def test_rotary_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = rotary.solve(rules, extra=extra, tol=1e-13)
    brute = RotaryBruteForce(rules, extra)
    assert sol.first_player_win_probability == pytest.approx(brute.solve(), abs=1e-10)
    for state, v in brute.v.items():
        assert v == pytest.approx(_seat0(sol, state), abs=1e-10), state


# -- the table in play ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def rotary_tables() -> Any:
    rules = PRESETS["trash-5000"].with_options("rotary-club", game_point=600)
    sol = rotary.solve(rules)
    t = rotary_table.unpack(rotary_table.pack(sol))
    table.register(t)
    t.figures["solution"] = sol
    return t


def _position(rules: Rules, seat: int, mine: int, theirs: int) -> Game:
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    return game


def test_rotary_table_round_trip_and_every_turn_start(rotary_tables: Any) -> None:
    sol = rotary_tables.figures["solution"]
    ng = rotary_tables.ng
    assert rotary_tables.c_start(1, 7) == pytest.approx(sol.chase[1, 7], abs=1e-6)
    assert rotary_tables.fp(0, 5) == pytest.approx(sol.finish[0, 5], abs=1e-6)
    assert rotary_tables.tf == pytest.approx(sol.tie_first, abs=1e-6)
    with pytest.raises(ValueError):
        rotary_table.unpack(table.pack(_core_solution()))  # not a Rotary Club table
    for seat in (0, 1):
        for a in range(ng):
            for b in range(ng):
                tv = values.turn_values(_position(rotary_tables.rules, seat, a * 50, b * 50))
                assert isinstance(tv, rotary_table.RotaryStretch)
                assert tv.start() == pytest.approx(sol.win[seat, a, b], abs=2e-6)
                assert tv.start(first=False) == pytest.approx(sol.post[seat, a, b], abs=2e-6)


def _core_solution() -> Any:
    from tenthousand.solver import core

    return core.solve(PRESETS["trash-5000"].with_options(game_point=300))


def test_rotary_values_in_the_last_turns(rotary_tables: Any) -> None:  # D-8, D-9
    sol = rotary_tables.figures["solution"]
    g = rotary_tables.rules.game_point
    # seat 0 reached the game point with 1,100; seat 1 stays below it 300 behind
    game = _position(rotary_tables.rules, 1, g - 200, g + 100)
    game.stage, game.reacher = "catch-up", 0
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(sol.chase[1, 6], abs=1e-6)
    # a tie-break round: seat 0 opens it
    game = _position(rotary_tables.rules, 0, g + 100, g + 100)
    game.stage, game.reacher, game.queue = "tie-break", 1, [1]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(sol.tie_first, abs=1e-6)
    # its second, seat 0 having pegged 200 in the round
    game = _position(rotary_tables.rules, 1, g + 100, g + 300)
    game.stage, game.reacher, game.queue = "tie-break", 1, []
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(sol.second[4], abs=1e-6)
    # the finisher's turn goes on past the game point, 400 ahead
    game = _position(rotary_tables.rules, 0, g + 100, g - 300)
    game.reacher = 0
    tv = values.turn_values(game)
    assert tv is not None and tv.start(first=False) == pytest.approx(sol.finish[0, 8],
                                                                      abs=2e-6)


def test_the_advice_in_rotary_club_never_banks(rotary_tables: Any) -> None:
    rules = rotary_tables.rules
    game = Game(rules, [Seat("A"), Seat("B")], seed=5, first_seat=0)
    corners = 0
    for _ in range(600):
        if game.over:
            break
        if game.phase is Phase.START:
            before = values.win_probabilities(game)
            assert before is not None and sum(before) == pytest.approx(1.0)
            game.throw()
            continue
        adv = values.advice(game)
        assert adv is not None and len(adv.freezes) == len(game.legal_freezes())
        assert all(f.bank is None for f in adv.freezes)
        best = adv.best
        corners += len(game.stretch_dice) + len(best.faces) == 6
        game.throw(game.indices_for(best.faces))
    assert corners > 0


def test_perfect_against_perfect_in_rotary_club(rotary_tables: Any) -> None:
    """Whole games through the engine, every decision the table's (the fallback must never
    be asked) and legal (the engine refuses anything else), the last turns too."""
    from tenthousand.ai import play_game

    rules = rotary_tables.rules
    stages: set[str] = set()
    lowest_won = 0
    for seed in range(10):
        players = [PerfectPlayer(rules, _NoFallback()), PerfectPlayer(rules, _NoFallback())]
        game = Game(rules, [Seat("A", True, "perfect"), Seat("B", True, "perfect")],
                    seed=seed)
        game.listeners.append(lambda e, game=game: stages.add(game.stage))
        play_game(game, players)  # type: ignore[arg-type]
        assert game.over and game.result is not None
        lowest_won += game.board[game.result.seat] == min(game.board)
    assert "catch-up" in stages and lowest_won == 10


def test_rotary_club_is_solved_here(rotary_tables: Any) -> None:
    from tenthousand.present.value_kind import value_kind

    rules = PRESETS["trash-5000"].with_options("rotary-club")
    assert cache.option_tables(rules) is rotary_table
    assert cache.unsolvable(rules) is None
    assert cache.unsolvable(PRESETS["trash-15000"].with_options("rotary-club")) is None
    assert cache.unsolvable(rules.with_options("challenging"))  # with another option: Expert
    from tenthousand.advice import WIN
    from tenthousand.advice import values as advisor

    assert value_kind(rotary_tables.rules, 2).exact
    game = _position(rotary_tables.rules, 1, 300, 450)
    game.throw()
    while game.phase is not Phase.CHOOSE:
        game.throw()
    shown = advisor.evaluate(game)
    assert shown is not None and shown.kind == WIN and shown.win is not None
    assert sum(shown.win) == pytest.approx(1.0)


def test_the_engine_plays_rotary_club_as_the_solver_does() -> None:  # D-8, RULES.md
    """What the solver relies on: a peg that reaches the game point does not end the turn
    (the finisher pegs again at his next corner), the other then has his catch-up turn, and
    the lower board wins."""
    rules = PRESETS["trash-5000"].with_options("rotary-club")
    throws = [[1, 1, 1, 5, 5, 5], [1, 1, 1, 5, 5, 5], [2, 3, 4, 6, 6, 2],  # seat 0
              [5, 2, 3, 4, 6, 6], [2, 3, 4, 6, 2]]  # seat 1: a 5, then trash
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: tuple(throws.pop(0))[:n])
    game.board = [4000, 3000]
    game.throw()
    game.throw(game.indices_for((1, 1, 1, 5, 5, 5)))  # pegs 1,500: 5,500, the game point
    assert game.board[0] == 5500 and game.reacher == 0 and game.current == 0
    game.throw(game.indices_for((1, 1, 1, 5, 5, 5)))  # his turn goes on: 7,000, then trash
    assert game.board[0] == 7000 and game.stage == "catch-up" and game.current == 1
    game.throw()
    game.throw(game.indices_for((5,)))  # the chaser freezes a 5 and trashes: 3,000
    assert game.over and game.result is not None and game.result.seat == 1
