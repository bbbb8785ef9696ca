"""Surpassing and the trash penalty together, with the manuals' end (a catch-up round,
tie-breaks: D-8, D-9, D-14), against a brute force of its own, its table in play, and the
engine where the two options meet.

The brute force walks the game as the engine plays it, from whole game states, with every
legal freeze of every multiset of dice (``rules_kit.rolls``), and runs plain value
iteration on the chance that seat 0 wins; it solves the same capped game as the solver.
"""

from __future__ import annotations

from typing import Any

import pytest
from rules_kit import ForceBase, bank_turn, new_game, of, reachable_states, trash_turn
from test_solver import _iterate, _NoFallback, _turn_by_brute_force

from tenthousand.model.events import Penalty
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import (  # noqa: E402
    cache,
    penalty_end_table,
    surpass_end_table,
    surpass_penalty_end,
    surpass_penalty_end_table,
    table,
    values,
)
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

#: (stage N/C/T, board 0, board 1, what seat 0 added last, what seat 1 added last,
#: run of seat 0, run of seat 1, mover)
State = tuple[str, int, int, int, int, int, int, int]


class SurpassPenaltyBruteForce(ForceBase):
    """Surpassing and the trash penalty with the catch-up round and tie-breaks, written out
    again from the engine (``Play.bank``, ``Play._trash``, ``Play.minimum``,
    ``Play._end_turn``) and RULES.md: a bank must beat what the opponent added on his most
    recent turn as well as the minimum (D-14); it adds the turn score, is what the mover
    added, and ends his run; trash adds nothing (the mover added 0), one more to his run,
    and ``trash_run`` of them cost ``trash_penalty`` (never below the lowest score) and start
    the run again, in every stage.  Reaching the game point gives the other one more turn; a
    tie gives tie-break rounds in seat order until it breaks.  Boards are kept whole (a
    player is on the board while his score is not 0, D-15); the mover's own last bank is
    dropped from a state, as his turn overwrites it before anyone reads it.  The truncation:
    in the normal game a turn score above ``max(game point - board, minimum) + extra`` banks
    at once, in the last turns one above ``max(game point + extra, minimum)``."""

    def after(self, state: State, gain: int | None) -> float:
        stage, mover = state[0], state[7]
        board, added, runs = [state[1], state[2]], [state[3], state[4]], [state[5], state[6]]
        if gain is None:
            added[mover] = 0
            runs[mover] += 1
            if runs[mover] >= self.r.trash_run:
                runs[mover] = 0
                floor = self.r.score_floor
                board[mover] = max(board[mover] - self.r.trash_penalty, floor)
        else:
            board[mover] += gain
            added[mover] = gain
            runs[mover] = 0
        if stage == "N":
            nxt = "C" if board[mover] >= self.g else "N"
            return self._at(nxt, board, added, runs, 1 - mover)
        if stage == "T" and mover == 0:
            return self._at("T", board, added, runs, 1)
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        return self._at("T", board, added, runs, 0)  # seat 0 opens the round (D-9)

    def _at(self, stage: str, board: list[int], added: list[int], runs: list[int],
            mover: int) -> float:
        added = list(added)
        added[mover] = 0  # his own last bank: overwritten by the turn he is about to play
        return self.value((stage, board[0], board[1], added[0], added[1], runs[0], runs[1],
                           mover))

    def turn(self, state: State) -> float:
        stage, mover = state[0], state[7]
        own = state[1 + mover]
        need = max(self.r.minimum_for(own), state[3 + (1 - mover)] + 50, 50)
        if stage == "N":
            cap = max(self.g - own, need) + self.extra
        else:
            cap = max(self.g + self.extra, need)
        return _turn_by_brute_force(self, state, mover, need, cap)

    def solve(self) -> float:
        starts: list[State] = [("N", 0, 0, 0, 0, 0, 0, 0), ("N", 0, 0, 0, 0, 0, 0, 1)]
        seen = reachable_states(self, starts)
        for stage in "TCN":
            states = sorted((s for s in seen if s[0] == stage), key=lambda s: -(s[1] + s[2]))
            _iterate(self, states, 5000, 1e-14)
        return (self.v[starts[0]] + 1.0 - self.v[starts[1]]) / 2


def _seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    step = 50
    stage, b0, b1, x0, x1, r0, r1, mover = state
    board, added, runs = (b0 // step, b1 // step), (x0 // step, x1 // step), (r0, r1)
    other = 1 - mover
    if stage == "N":
        mine = sol.w(mover, board[mover], board[other], added[other], runs[mover], runs[other])
    elif stage == "C":
        d = board[other] - board[mover]
        mine = (sol.chase[int(board[mover] != 0), int(mover == 0), d, added[other]]
                if d < sol.chase.shape[2] - 1 else 0.0)
    elif mover == 0:
        assert b0 == b1 and r0 == r1
        mine = sol.tie_first[added[1]]
    else:  # after the first's bank (he is ahead by it) or his trash (level, or behind)
        assert (x0 > 0 and b0 == b1 + x0 and r0 == 0) or (x0 == 0 and b0 <= b1)
        mine = sol.tie_second[added[0]]
    return float(mine) if mover == 0 else 1.0 - float(mine)


def _off(rules: Rules, state: State) -> float:
    """How far the solver may be off in a state: 1e-10, and in the tie-break rounds the
    chance that penalties bring the tied pair back to 0 (the solver keeps them on the
    board): each of the rounds of trash that takes needs the second's failure to bank."""
    stage, _b0, b1, _x0, _x1, _r0, r1, _mover = state
    if stage != "T" or penalty_end_table.zero_tie_bound(rules) == 0.0:
        return 1e-10
    pen, floor = rules.trash_penalty, rules.score_floor
    if b1 <= 0 and (b1 < 0 or floor != 0):
        return 1e-10 if b1 < 0 else 1.0
    if b1 == 0:
        return 1.0
    if floor == 0:
        penalties = -(-b1 // pen)
    elif b1 % pen == 0:
        penalties = b1 // pen
    else:
        return 1e-10
    rounds = rules.trash_run * penalties - r1
    return 1e-10 + penalty_end_table.second_fails(rules) ** rounds


#: Small games with a catch-up round: Trash to 150 with minimums of 50, two trash turns in a
#: row costing 200, lowest score -50 (the penalty reaches the lowest score in the normal game
#: and the tie-break rounds); the same to 150 with an opening minimum of 100 and three trash
#: turns in a row costing 50 down to 0, which send a player back to 0, off the board
#: (D-15), in the normal game and, after nine rounds of trash, in the tie-breaks.
SMALL = PRESETS["trash-5000"].with_options(
    "surpassing", "three-trash", game_point=150, opening_minimum=50, minimum=50, trash_run=2,
    trash_penalty=200, score_floor=-50, straight=None, triplet_ones=300)
OFF = SMALL.with_options(opening_minimum=100, trash_run=3, trash_penalty=50, score_floor=0)
#: The iterations from scratch take minutes (the tie-break rounds' states are many):
#: run with --long.
_LONG = pytest.mark.skipif("not config.getoption('--long')", reason="slow; run with --long")
#: With --long: a Ten-Thousand to 200 with a turn cap 50 beyond the game point, three trash
#: turns in a row costing 100 down to -100.
LONG = PRESETS["ten-thousand"].with_options(
    "surpassing", "three-trash", game_point=200, trash_run=3, trash_penalty=100,
    score_floor=-100, straight=None, three_pairs=None, triplet_ones=300, kind_doubling=False)


@pytest.mark.parametrize("rules,extra", [(SMALL, 0), (OFF, 0),
                                         pytest.param(LONG, 50, marks=_LONG)],
                         ids=["trash", "off-board", "ten-thousand"])
def test_solver_meets_the_brute_forces_equations(rules: Rules, extra: int) -> None:
    sol = surpass_penalty_end.solve(rules, tol=1e-13, extra=extra)
    brute = SurpassPenaltyBruteForce(rules, extra)
    seen: set[State] = set()

    def value(state: State) -> float:
        seen.add(state)
        return _seat0(sol, state)

    brute.value = value  # type: ignore[method-assign]
    todo: list[State] = [("N", 0, 0, 0, 0, 0, 0, 0), ("N", 0, 0, 0, 0, 0, 0, 1)]
    done: set[State] = set()
    while todo:
        state = todo.pop()
        done.add(state)
        assert brute.turn(state) == pytest.approx(_seat0(sol, state), abs=_off(rules, state)), (
            state)
        todo.extend(seen - done - set(todo))
    assert {s[0] for s in done} == {"N", "C", "T"} and len(done) > 100
    # a score to beat together with a run of trash; the chaser's last trash in a run;
    # tie-break rounds with the runs, and one after a penalty
    assert any(s[0] == "N" and s[3 + s[7]] == 0 and s[4 - s[7]] > 0 and s[5 + s[7]] > 0
               for s in done)
    assert any(s[0] == "C" and s[5 + s[7]] == rules.trash_run - 1 for s in done)
    assert any(s[0] == "T" and s[5] > 0 for s in done)
    assert any(s[0] == "T" and s[1] < rules.game_point for s in done)


@pytest.mark.parametrize("rules,extra", [pytest.param(SMALL, 0, marks=_LONG),
                                         pytest.param(OFF, 0, marks=_LONG)],
                         ids=["trash", "off-board"])
def test_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = surpass_penalty_end.solve(rules, tol=1e-13, extra=extra)
    brute = SurpassPenaltyBruteForce(rules, extra)
    assert sol.first_player_win_probability == pytest.approx(brute.solve(), abs=1e-10)
    assert {s[0] for s in brute.v} == {"N", "C", "T"}
    for state, value in brute.v.items():
        assert value == pytest.approx(_seat0(sol, state), abs=_off(rules, state)), state
    assert sol.sweeps > 1  # the penalty reached lower levels


# -- the engine where the two options meet (RULES.md: the options, D-8, D-9, D-14) ---------

#: Ten-Thousand to 1,000 with both options: three trash turns in a row cost 500, not below 0.
ENGINE = PRESETS["ten-thousand"].with_options("surpassing", "three-trash", game_point=1000,
                                              trash_penalty=500, score_floor=0)
ONES = [1, 1, 1, 2, 3, 4]  # three 1s: 1,000
FIVE = [5, 2, 3, 4, 6, 2]  # a 5: 50


def test_a_trash_that_costs_the_penalty_added_nothing_to_beat() -> None:
    game, dice = new_game(ENGINE, board=[600, 300])
    game.trash_streak[:] = [2, 0]
    game.last_turn_added = 200  # seat 1 banked 200 last: seat 0 must beat it
    assert game.minimum() == 250
    events = trash_turn(game, dice)  # his third trash in a row
    assert [(p.points, p.board_score) for p in of(events, Penalty)] == [(500, 100)]
    assert game.current == 1 and game.to_beat() == 0 and game.minimum() == 50
    assert game.trash_streak == [0, 0]
    bank_turn(game, dice, FIVE, [5])  # a bank ends the run and is the score to beat
    assert game.to_beat() == 50 and game.minimum() == 100 and game.trash_streak == [0, 0]


def test_the_chasers_last_trash_in_a_row_costs_him_the_penalty_and_loses() -> None:
    game, dice = new_game(ENGINE, board=[900, 800])
    game.trash_streak[:] = [0, 2]
    bank_turn(game, dice, [1, 5, 2, 3, 4, 6], [1, 5])  # 150 reaches 1,050
    assert game.stage == "catch-up" and game.current == 1 and game.to_beat() == 150
    events = trash_turn(game, dice)
    assert [(p.seat, p.points) for p in of(events, Penalty)] == [(1, 500)]
    assert game.over and game.ranking()[0][0] == 0


def test_a_tie_break_after_penalties_has_nothing_to_beat() -> None:
    game, dice = new_game(ENGINE, board=[900, 800])
    game.trash_streak[:] = [2, 2]
    bank_turn(game, dice, [1, 5, 2, 3, 4, 6], [1, 5])  # 150 reaches 1,050
    bank_turn(game, dice, [1, 1, 5, 2, 3, 4], [1, 1, 5])  # 250 beats 150 and ties
    assert game.stage == "tie-break" and game.current == 0 and game.trash_streak == [0, 0]
    assert game.to_beat() == 250  # seat 0 opens the round and must beat seat 1's 250 (D-14)
    paid = []
    for _round in range(3):  # both trash three rounds running: the third costs each 500
        for seat in (0, 1):
            assert game.current == seat and game.stage == "tie-break"
            paid += [(p.seat, p.points) for p in of(trash_turn(game, dice), Penalty)]
    assert paid == [(0, 500), (1, 500)] and game.board == [550, 550] and not game.over
    assert game.current == 0 and game.to_beat() == 0 and game.minimum() == 50
    trash_turn(game, dice)
    assert game.to_beat() == 0  # the second has nothing to beat: any bank wins
    bank_turn(game, dice, FIVE, [5])
    assert game.over and game.ranking()[0][:3] == (1, 1, 600)


# -- the table, in play ------------------------------------------------------------------

#: Trash to 300 with both options, the penalty at 100 and a lowest score of -100.
PLAY = PRESETS["trash-5000"].with_options("surpassing", "three-trash", game_point=300,
                                          opening_minimum=100, minimum=50, trash_run=2,
                                          trash_penalty=100, score_floor=-100)


@pytest.fixture(scope="module")
def pair_table() -> Any:
    _sol, data = cache.solve_table(PLAY, extra=300)  # the cache's own way to the solver
    t = cache.unpack(data)
    assert isinstance(t, surpass_penalty_end_table.SurpassPenaltyEndTable)
    table.register(t)
    t.figures["solution"] = _sol
    yield t
    table._REGISTERED.pop(PLAY, None)


def _position(seat: int, mine: int, theirs: int, beat: int, runs: tuple[int, int]) -> Game:
    game = Game(PLAY, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    game.last_turn_added = beat
    game.trash_streak[seat], game.trash_streak[1 - seat] = runs
    return game


def test_table_round_trip_and_every_turn_start(pair_table: Any) -> None:
    sol = pair_table.figures["solution"]
    assert isinstance(sol, surpass_penalty_end.SurpassPenaltyEndSolution)
    assert pair_table.figures["first_player_win_probability"] == pytest.approx(
        sol.first_player_win_probability)
    assert pair_table.cs(True, False, 3, 2) == pytest.approx(sol.chase[1, 0, 3, 2], abs=1e-6)
    assert pair_table.tie_open(5) == pytest.approx(sol.tie_first[5], abs=1e-6)
    assert pair_table.tie_after(3) == pytest.approx(sol.tie_second[3], abs=1e-6)
    lo, ng, run = pair_table.lo, pair_table.ng, pair_table.run
    assert (lo, ng, run) == (-2, 6, 2)
    count = 0
    for seat in (0, 1):
        for a in range(lo, ng):
            for b in range(lo, ng):
                for s in range(b - lo + 1):
                    for ka in range(run):
                        for kb in range(run) if s == 0 else (0,):
                            want = sol.w(seat, a, b, s, ka, kb)
                            assert pair_table.ws(seat, a, b, s, ka, kb) == pytest.approx(
                                want, abs=1e-6)
                            tv = values.turn_values(_position(seat, a * 50, b * 50, s * 50,
                                                              (ka, kb)))
                            assert tv is not None
                            assert tv.start() == pytest.approx(want, abs=2e-6)
                            count += 1
    assert count > 1000
    with pytest.raises(ValueError):
        surpass_penalty_end_table.unpack(surpass_penalty_end_table.pack(sol)[:-9])


def test_values_in_the_last_turns(pair_table: Any) -> None:  # D-8, D-9, D-14
    sol = pair_table.figures["solution"]
    g = PLAY.game_point
    # seat 0 reached the game point with a bank of 150; seat 1 chases 200, whatever his run
    for run in range(2):
        game = _position(1, g - 100, g + 100, 150, (run, 0))
        game.stage, game.reacher = "catch-up", 0
        probs = values.win_probabilities(game)
        assert probs is not None and probs[1] == pytest.approx(sol.chase[1, 0, 4, 3], abs=1e-6)
    # a tie-break round at runs 1: seat 0 opens it and must beat seat 1's last 100
    game = _position(0, g + 100, g + 100, 100, (1, 1))
    game.stage, game.reacher, game.queue = "tie-break", 1, [1]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(sol.tie_first[2], abs=1e-6)
    # its second: after seat 0 added 200; after his trash; after his trash and penalty
    for lead, beat, runs in ((200, 200, (0, 0)), (0, 0, (0, 1)), (-100, 0, (1, 0))):
        game = _position(1, g + 100, g + 100 + lead, beat, runs)
        game.stage, game.reacher, game.queue = "tie-break", 1, []
        probs = values.win_probabilities(game)
        want = sol.tie_second[beat // 50]
        assert probs is not None and probs[1] == pytest.approx(want, abs=1e-6), lead


def test_perfect_with_both_options_never_falls_back(pair_table: Any) -> None:
    from tenthousand.ai import play_game

    stages: set[str] = set()
    paid: set[str] = set()
    for seed in range(40):
        players = [PerfectPlayer(PLAY, _NoFallback()), PerfectPlayer(PLAY, _NoFallback())]
        game = Game(PLAY, [Seat("A", True, "perfect"), Seat("B", True, "perfect")],
                    seed=seed, first_seat=0 if seed % 2 else None)

        def seen(e: Any, game: Game = game) -> None:
            stages.add(game.stage)
            if isinstance(e, Penalty):
                paid.add(game.stage)

        game.listeners.append(seen)
        if seed % 2:  # ties are rare under surpassing: every other game starts with one
            game.board[:] = [PLAY.game_point + 100] * 2
            game.trash_streak[:] = [1, 1]
            game.turn_added[:] = [0, 100]  # seat 0 opens the round, to beat 100
            game.stage, game.reacher, game.queue = "tie-break", 1, [1]
        play_game(game, players)  # type: ignore[arg-type]  # an illegal move would raise
        assert game.over
    assert {"normal", "catch-up", "tie-break"} <= stages, stages
    assert {"normal", "tie-break"} <= paid, paid


def test_the_pair_is_solved_here_and_the_single_tables_refuse_it() -> None:
    trash = PRESETS["trash-5000"].with_options("surpassing", "three-trash", score_floor=0)
    assert cache.option_tables(trash) is surpass_penalty_end_table
    assert surpass_penalty_end_table.unsupported(trash) is None
    assert "more than 2,500 points" in (cache.unsolvable(trash) or "")  # hours of a core
    assert cache.unsolvable(PLAY) is None
    assert surpass_end_table.unsupported(trash) is not None
    assert penalty_end_table.unsupported(trash) is not None
    assert "lowest score" in (cache.unsolvable(trash.with_options(score_floor=None)) or "")
    assert cache.option_tables(trash.with_options(catch_up=False)) is not (
        surpass_penalty_end_table)
    assert surpass_penalty_end_table.unsupported(trash.with_options("challenging"))
    # a bound on what keeping tied players on the board can change (the minimums differ)
    assert 0 < penalty_end_table.zero_tie_bound(trash) < 1e-9
    assert penalty_end_table.zero_tie_bound(SMALL) == 0.0
    soon = trash.with_options(game_point=2000)  # four penalties of 1,000: twelve rounds
    assert "back to 0" in (cache.unsolvable(soon) or "")
    from tenthousand.present.value_kind import value_kind

    assert "2,500 points with surpassing and the trash penalty" in value_kind(trash, 2).text
