"""The trash penalty with the manuals' end (a catch-up round, tie-breaks: D-8, D-9) against a
brute force of its own, its table in play, and the engine in those end states.

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

from tenthousand.solver import cache, penalty_end, penalty_end_table, table, values  # noqa: E402
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

#: (stage N/C/T, board 0, board 1, run of seat 0, run of seat 1, mover)
State = tuple[str, int, int, int, int, int]


class PenaltyEndBruteForce(ForceBase):
    """The trash penalty with the catch-up round and tie-breaks, written out again from the
    engine and RULES.md: trash adds one to the mover's run, ``trash_run`` of them cost
    ``trash_penalty`` (never below the lowest score) and start the run again, a bank ends
    the run, in every stage; reaching the game point gives the other one more turn; a tie
    gives tie-break rounds in seat order until it breaks.  A round that starts tied at ``X``
    is kept as one tied at the game point (both boards move alike from there; that keeps
    the states finite).  The truncation: in the normal game a turn score above
    ``max(game point - board, minimum) + extra`` banks at once, in the last turns one above
    ``max(game point + extra, minimum)``."""

    def after(self, state: State, gain: int | None) -> float:
        stage, mover = state[0], state[5]
        board, runs = [state[1], state[2]], [state[3], state[4]]
        if gain is None:
            runs[mover] += 1
            if runs[mover] >= self.r.trash_run:
                runs[mover] = 0
                board[mover] = max(board[mover] - self.r.trash_penalty, self.r.score_floor)
        else:
            board[mover] += gain
            runs[mover] = 0
        other = 1 - mover
        if stage == "N":
            nxt = "C" if board[mover] >= self.g else "N"
            return self.value((nxt, board[0], board[1], runs[0], runs[1], other))
        if stage == "T" and mover == 0:
            return self.value(("T", board[0], board[1], runs[0], runs[1], 1))
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        return self.value(("T", self.g, self.g, runs[0], runs[1], 0))

    def turn(self, state: State) -> float:
        stage, mover = state[0], state[5]
        own = state[1 + mover]
        need = max(self.r.minimum_for(own), 50)
        if stage == "N":
            cap = max(self.g - own, need) + self.extra
        else:
            cap = max(self.g + self.extra, need)
        return _turn_by_brute_force(self, state, mover, need, cap)

    def solve(self) -> float:
        starts: list[State] = [("N", 0, 0, 0, 0, 0), ("N", 0, 0, 0, 0, 1)]
        seen = reachable_states(self, starts)
        for stage in "TCN":
            states = sorted((s for s in seen if s[0] == stage), key=lambda s: -(s[1] + s[2]))
            _iterate(self, states, 5000, 1e-14)
        return (self.v[starts[0]] + 1.0 - self.v[starts[1]]) / 2


def _seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    step = 50
    stage, b0, b1, r0, r1, mover = state
    board, runs = (b0 // step, b1 // step), (r0, r1)
    other = 1 - mover
    if stage == "N":
        mine = sol.w(mover, board[mover], board[other], runs[mover], runs[other])
    elif stage == "C":
        d = board[other] - board[mover]
        mine = sol.chase[int(board[mover] != 0), int(mover == 0), min(d, sol.chase.shape[2] - 1)]
    elif mover == 0:
        assert b0 == b1 and r0 == r1
        mine = sol.tie[r0]
    elif b0 > b1:  # the first banked
        assert r0 == 0
        mine = sol.tie_second[board[0] - board[1]]
    else:  # the first trashed: the second's run is the round's
        mine = sol.tie_trash[r1]
    return float(mine) if mover == 0 else 1.0 - float(mine)


#: Small games: a catch-up round in each; penalties that reach the lowest score in the
#: normal game and in the tie-break rounds (game point - penalty below the lowest score).
SMALL = PRESETS["trash-5000"].with_options(
    "three-trash", game_point=150, opening_minimum=50, minimum=50, trash_run=2,
    trash_penalty=200, score_floor=-50, straight=None, triplet_ones=300)
CASES = [
    (SMALL, 0),
    (PRESETS["ten-thousand"].with_options(
        "three-trash", game_point=150, trash_run=3, trash_penalty=100, score_floor=-100,
        straight=None, three_pairs=None, triplet_ones=300, kind_doubling=False), 50),
    (PRESETS["farkle"].with_options(
        "three-trash", game_point=100, opening_minimum=100, minimum=100, trash_run=2,
        trash_penalty=500,
        score_floor=0, straight=None, three_pairs=None, two_triplets=None), 0),
]
_IDS = ["trash", "ten-thousand", "farkle"]
#: The slower cases (the equations of Ten-Thousand with a turn cap beyond the game point, the
#: full iteration of Trash and of a game to 500) run with --long.
_LONG = pytest.mark.skipif("not config.getoption('--long')", reason="slow; run with --long")
LONG_500 = PRESETS["farkle"].with_options(
    "three-trash", game_point=500, opening_minimum=300, minimum=300, trash_run=2,
    trash_penalty=300, score_floor=-100)


@pytest.mark.parametrize("rules,extra", [
    CASES[0], pytest.param(*CASES[1], marks=_LONG), CASES[2],
    pytest.param(LONG_500, 0, marks=_LONG)], ids=[*_IDS, "farkle-500"])
def test_penalty_end_solver_meets_the_brute_forces_equations(rules: Rules, extra: int) -> None:
    sol = penalty_end.solve(rules, tol=1e-13, extra=extra)
    brute = PenaltyEndBruteForce(rules, extra)
    seen: set[State] = set()

    def value(state: State) -> float:
        seen.add(state)
        return _seat0(sol, state)

    brute.value = value  # type: ignore[method-assign]
    todo: list[State] = [("N", 0, 0, 0, 0, 0), ("N", 0, 0, 0, 0, 1)]
    done: set[State] = set()
    while todo:
        state = todo.pop()
        done.add(state)
        assert brute.turn(state) == pytest.approx(_seat0(sol, state), abs=1e-10), state
        todo.extend(seen - done - set(todo))
    stages = {s[0] for s in done}
    assert stages == {"N", "C", "T"} and len(done) > 100
    # the chaser's third (here second) trash in a row and the runs in the tie-breaks
    assert any(s[0] == "C" and s[3 + s[5]] == rules.trash_run - 1 for s in done)
    assert any(s[0] == "T" and s[3] > 0 for s in done)


@pytest.mark.parametrize("rules,extra", [pytest.param(*CASES[0], marks=_LONG), CASES[2]],
                         ids=["trash", "farkle"])
def test_penalty_end_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = penalty_end.solve(rules, tol=1e-13, extra=extra)
    brute = PenaltyEndBruteForce(rules, extra)
    assert sol.first_player_win_probability == pytest.approx(brute.solve(), abs=1e-10)
    assert {s[0] for s in brute.v} == {"N", "C", "T"}
    for state, value in brute.v.items():
        assert value == pytest.approx(_seat0(sol, state), abs=1e-10), state
    assert sol.sweeps > 1  # the penalty reached lower levels


def test_levels_swept_together_are_the_levels_swept_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Minimums of 100 (two steps): a bank moves up at least two levels, so a sweep solves
    two levels at a time; the values are those of sweeps one level at a time."""
    rules = CASES[2][0]
    blocks = penalty_end._blocks(rules, *penalty_end._range(rules))
    assert max(len(b) for b in blocks) == 2 and len(blocks) < sum(len(b) for b in blocks)
    together = penalty_end.solve(rules, tol=1e-13)
    monkeypatch.setattr(penalty_end, "_blocks",
                        lambda r, lo, ng: [[level] for level in range(2 * (ng - 1), 2 * lo - 1, -1)])
    alone = penalty_end.solve(rules, tol=1e-13)
    assert np.max(np.abs(together.win - alone.win)) < 1e-11
    assert together.iterations < alone.iterations


# -- the engine in these end states (RULES.md: the options, D-8, D-9) ----------------------

#: Ten-Thousand to 1,000 with the penalty: three trash turns in a row cost 500, not below 0.
ENGINE = PRESETS["ten-thousand"].with_options("three-trash", game_point=1000,
                                              trash_penalty=500, score_floor=0)
TRASH = [2, 3, 4, 6, 2, 3]  # nothing scores
ONES = [1, 1, 1, 2, 3, 4]  # three 1s: 1,000


def test_a_chasers_third_trash_costs_him_the_penalty_not_below_the_lowest_score() -> None:
    game, dice = new_game(ENGINE, board=[900, 300])
    game.trash_streak[:] = [0, 2]
    bank_turn(game, dice, ONES, [1, 1, 1])  # seat 0 reaches the game point
    assert game.stage == "catch-up" and game.current == 1
    events = trash_turn(game, dice)  # his third trash in a row, in the catch-up turn
    penalties = of(events, Penalty)
    assert [(p.seat, p.points, p.board_score, p.reason) for p in penalties] == [
        (1, 300, 0, "three-trash")]  # 500 would take him below the lowest score: 300
    assert game.board == [1900, 0] and game.trash_streak == [0, 0] and game.over
    assert game.ranking()[0][0] == 0


def test_the_runs_of_trash_go_on_into_the_tie_break_rounds() -> None:
    game, dice = new_game(ENGINE, board=[900, 900])
    game.trash_streak[:] = [2, 2]
    bank_turn(game, dice, ONES, [1, 1, 1])  # the finisher's bank ends his run
    bank_turn(game, dice, ONES, [1, 1, 1])  # the chaser ties: a tie-break round (D-9)
    assert game.stage == "tie-break" and game.trash_streak == [0, 0] and game.current == 0
    paid = []
    for _round in range(3):  # both trash three rounds running: the third costs each 500
        for seat in (0, 1):
            assert game.current == seat and game.stage == "tie-break"
            paid += [(p.seat, p.points) for p in of(trash_turn(game, dice), Penalty)]
    assert paid == [(0, 500), (1, 500)] and game.board == [1400, 1400]
    assert game.trash_streak == [0, 0] and not game.over and game.current == 0
    trash_turn(game, dice)  # a new round: seat 0's run starts again
    assert game.trash_streak == [1, 0]
    bank_turn(game, dice, [5, 2, 3, 4, 6, 2], [5])  # seat 1 beats the trash: he wins
    assert game.over and game.ranking()[0][:3] == (1, 1, 1450)


def test_a_penalty_in_the_normal_game_stops_at_the_lowest_score() -> None:
    game, dice = new_game(ENGINE, board=[200, 0])
    game.trash_streak[:] = [2, 0]
    events = trash_turn(game, dice)
    assert [(p.points, p.board_score) for p in of(events, Penalty)] == [(200, 0)]
    assert game.board == [0, 0] and game.trash_streak == [0, 0]


# -- the table, in play ------------------------------------------------------------------

#: Trash to 400 with the penalty at 200 and a lowest score of -100, minimums 100 and 50.
PLAY = PRESETS["trash-5000"].with_options("three-trash", game_point=400, opening_minimum=100,
                                          minimum=50, trash_penalty=200, score_floor=-100)


@pytest.fixture(scope="module")
def end_table() -> Any:
    # the cache's own way to this module's solver (a turn cap 500 beyond the game point)
    _sol, data = cache.solve_table(PLAY, extra=500)
    t = cache.unpack(data)
    assert isinstance(t, penalty_end_table.PenaltyEndTable)
    table.register(t)
    t.figures["solution"] = _sol
    return t


def _position(seat: int, mine: int, theirs: int, runs: tuple[int, int],
              rules: Rules = PLAY) -> Game:
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    game.trash_streak[seat], game.trash_streak[1 - seat] = runs
    return game


def test_penalty_end_table_round_trip_and_every_turn_start(end_table: Any) -> None:
    sol = end_table.figures["solution"]
    assert isinstance(sol, penalty_end.PenaltyEndSolution)
    assert end_table.figures["first_player_win_probability"] == pytest.approx(
        sol.first_player_win_probability)
    assert end_table.c(True, False, 3) == pytest.approx(sol.chase[1, 0, 3], abs=1e-6)
    assert end_table.second(4) == pytest.approx(sol.tie_second[4], abs=1e-6)
    assert end_table.tie_at(1) == pytest.approx(sol.tie[1], abs=1e-6)
    assert end_table.tie_trash_at(2) == pytest.approx(sol.tie_trash[2], abs=1e-6)
    lo, ng, run = end_table.lo, end_table.ng, end_table.run
    assert (lo, ng, run) == (-2, 8, 3)
    every = [(seat, a, b, ka, kb) for seat in (0, 1) for a in range(lo, ng)
             for b in range(lo, ng) for ka in range(run) for kb in range(run)]
    for i, (seat, a, b, ka, kb) in enumerate(every):
        want = sol.w(seat, a, b, ka, kb)
        assert end_table.wr(seat, a, b, ka, kb) == pytest.approx(want, abs=1e-6)
        if i % 5 == 0 or a == 0 or b >= ng - 2:  # the turns from the table: a fifth and more
            tv = values.turn_values(_position(seat, a * 50, b * 50, (ka, kb)))
            assert tv is not None
            assert tv.start() == pytest.approx(want, abs=2e-6)
    with pytest.raises(ValueError):
        penalty_end_table.unpack(penalty_end_table.pack(sol)[:-9])


def test_penalty_end_values_in_the_last_turns(end_table: Any) -> None:  # D-8, D-9
    sol = end_table.figures["solution"]
    g = PLAY.game_point
    # seat 0 reached the game point; seat 1 chases 300 behind, whatever his run of trash
    for run in range(3):
        game = _position(1, g - 200, g + 100, (run, 0))
        game.stage, game.reacher = "catch-up", 0
        probs = values.win_probabilities(game)
        assert probs is not None and probs[1] == pytest.approx(sol.chase[1, 0, 6], abs=1e-6)
    # a tie-break round at runs 2: seat 0 opens it; a third trash in a row costs him 200
    game = _position(0, g + 100, g + 100, (2, 2))
    game.stage, game.reacher, game.queue = "tie-break", 1, [1]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(sol.tie[2], abs=1e-6)
    # its second, after seat 0 added 200; after his trash (runs 1); after his penalty
    for lead, runs, want in ((200, (0, 0), sol.tie_second[4]), (0, (0, 1), sol.tie_trash[0]),
                             (-200, (2, 0), sol.tie_trash[2])):
        game = _position(1, g + 100, g + 100 + lead, runs)
        game.stage, game.reacher, game.queue = "tie-break", 1, []
        probs = values.win_probabilities(game)
        assert probs is not None and probs[1] == pytest.approx(want, abs=1e-6), lead


def test_perfect_with_the_penalty_and_catch_up_never_falls_back(end_table: Any) -> None:
    from tenthousand.ai import play_game

    stages: set[str] = set()
    paid: set[str] = set()
    for seed in range(60):
        players = [PerfectPlayer(PLAY, _NoFallback()), PerfectPlayer(PLAY, _NoFallback())]
        game = Game(PLAY, [Seat("A", True, "perfect"), Seat("B", True, "perfect")],
                    seed=seed)

        def seen(e: Any, game: Game = game) -> None:
            stages.add(game.stage)
            if isinstance(e, Penalty):
                paid.add(game.stage)

        game.listeners.append(seen)
        play_game(game, players)  # type: ignore[arg-type]  # an illegal move would raise
        assert game.over
    assert {"normal", "catch-up", "tie-break"} <= stages and "normal" in paid, paid


def test_the_penalty_with_a_catch_up_round_is_solved_here() -> None:
    trash = PRESETS["trash-5000"].with_options("three-trash", score_floor=0)
    assert cache.option_tables(trash) is penalty_end_table
    assert cache.unsolvable(trash) is None
    assert "lowest score" in (cache.unsolvable(PRESETS["trash-5000"].with_options(
        "three-trash")) or "")
    farkle = PRESETS["farkle"].with_options("three-trash", score_floor=0)
    assert "5,000" in (cache.unsolvable(farkle) or "")
    assert cache.option_tables(farkle.with_options(catch_up=False)) is not penalty_end_table
    assert penalty_end_table.unsupported(trash.with_options("surpassing")) is not None
    from tenthousand.present.value_kind import value_kind

    assert value_kind(PRESETS["trash-5000"].with_options("three-trash"), 2).text == (
        "Values: expected points. No win chances: the trash penalty is solved only with a "
        "lowest score.")
    assert "above 5,000" not in value_kind(farkle, 2).text
    assert "more than 5,000 points with the trash penalty" in value_kind(farkle, 2).text


@pytest.mark.parametrize("rules", [
    # the same minimum to open and later: a tie sent back to 0 plays as before (see below)
    PRESETS["farkle"].with_options("three-trash", game_point=500, score_floor=0,
                                   trash_penalty=500, opening_minimum=50, minimum=50),
    PRESETS["trash-5000"].with_options("three-trash", game_point=500, score_floor=0,
                                       trash_penalty=500, opening_minimum=100, minimum=100),
], ids=["farkle", "trash"])
def test_the_advisor_shows_exact_chances_with_the_penalty(rules: Rules) -> None:
    from tenthousand.advice import WIN
    from tenthousand.advice import values as advisor
    from tenthousand.present.value_kind import value_kind

    cache._SOLVES.clear()
    solve = cache.background(rules)
    try:
        t = solve.run()  # as the window's worker does: solved, kept, registered
        assert isinstance(t, penalty_end_table.PenaltyEndTable)
        assert value_kind(rules, 2).exact
        game = Game(rules, [Seat("A"), Seat("B")], first_seat=1,
                    dice=lambda n: (1, 5, 2, 3, 4, 6)[:n])
        game.board[:] = [rules.game_point - 100, 0]
        game.trash_streak[:] = [0, 2]
        game.throw()
        found = advisor.evaluate(game)
        assert found is not None and found.kind == WIN and found.win is not None
        assert sum(found.win) == pytest.approx(1.0)
        tv = values.turn_values(game)
        assert tv is not None
        best = max(c.best for c in found.choices)
        assert found.win[1] == pytest.approx(best)
    finally:
        table._REGISTERED.pop(rules, None)
        cache._SOLVES.clear()


def test_the_penalty_changes_no_tie_break_value(end_table: Any) -> None:
    from tenthousand.solver import core

    sol = end_table.figures["solution"]
    plain = core.solve(PLAY.with_options(three_trash=False), extra=500)
    # both pay the penalty in the same round from the same score: the rounds are core's
    assert np.allclose(sol.tie, plain.tie_first, atol=1e-9)
    n = len(plain.tie_second)  # (at 0 core keeps the second's chance after the first's trash)
    assert np.allclose(sol.tie_second[1:n], plain.tie_second[1:], atol=1e-9)
    assert sol.tie_trash[0] == pytest.approx(plain.tie_second[0], abs=1e-9)
    # the chaser's chance is core's too, given that tie value; the normal game is not
    assert np.allclose(sol.chase[:, :, :-1][..., :plain.catch_up.shape[2]],
                       plain.catch_up[..., :sol.chase.shape[2] - 1], atol=1e-9)
    assert abs(sol.first_player_win_probability - plain.first_player_win_probability) > 1e-4


def test_a_tie_the_penalty_could_soon_send_back_to_0_is_refused() -> None:
    """The solve (and the brute force) keep a tied pair on the board; with two minimums
    that is exact only while a return to 0 is too unlikely to matter (D-15)."""
    preset = PRESETS["trash-5000"].with_options("three-trash", score_floor=0)
    assert 0 < penalty_end_table.zero_tie_bound(preset) < penalty_end_table.ZERO_TIE_LIMIT
    assert penalty_end_table.unsupported(preset) is None
    small = preset.with_options(game_point=500, trash_penalty=500)
    assert penalty_end_table.zero_tie_bound(small) > 1e-6
    assert "back to 0" in (penalty_end_table.unsupported(small) or "")
    assert "back to 0" in (cache.unsolvable(small) or "")
    # the same minimum to open and later: nothing to bound
    assert penalty_end_table.zero_tie_bound(small.with_options(minimum=500)) == 0.0
