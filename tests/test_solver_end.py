"""The option solvers with the manuals' end (a catch-up round, tie-breaks: D-8, D-9) against
brute forces of their own, and their tables in play.

Each brute force walks the game as the engine plays it, from whole game states, with every
legal freeze of every multiset of dice (the helpers of ``test_solver``), and runs plain value
iteration on the chance that seat 0 wins; it solves the same capped game as the solver.
"""

from __future__ import annotations

from typing import Any

import pytest
from rules_kit import ForceBase, reachable_states
from test_solver import _iterate, _turn_by_brute_force

from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import surpass_end, surpass_end_table, table, values  # noqa: E402
from tenthousand.solver.player import PerfectPlayer  # noqa: E402

# -- surpassing with a catch-up round (D-14) ---------------------------------------------

#: (stage N/C/T, board 0, board 1, what seat 0 added last, what seat 1 added last, mover)
EndState = tuple[str, int, int, int, int, int]


class SurpassEndBruteForce(ForceBase):
    """Surpassing with the catch-up round and tie-breaks, written out again from the engine
    and D-14: a bank must beat what the opponent added on his most recent turn (0 after
    trash) as well as the minimum; reaching the game point gives the other one more turn; a
    tie gives tie-break rounds in seat order until it breaks.  The truncation: in the normal
    game a turn score above ``max(game point - board, minimum) + extra`` banks as soon as it
    may (the minimum without the score to beat: a turn that must beat more throws on until it
    does), in the last turns one above ``max(game point + extra, minimum)`` banks at once."""

    def after(self, state: EndState, gain: int | None) -> float:
        stage, mover = state[0], state[5]
        board, added = [state[1], state[2]], [state[3], state[4]]
        board[mover] += gain or 0
        added[mover] = gain or 0
        other = 1 - mover
        if stage == "N":
            if board[mover] < self.g:
                return self.value(("N", board[0], board[1], added[0], added[1], other))
            added[other] = 0  # what the chaser added before does not matter any more
            return self.value(("C", board[0], board[1], added[0], added[1], other))
        # Past the game point only the difference of the boards matters (both are on the
        # board), and a player's own last bank is overwritten by his next turn: so tie-break
        # states keep the boards as the game point plus the lead, and no own last bank.
        if stage == "T" and mover == 0:
            return self.value(("T", self.g + board[0] - board[1], self.g, added[0], 0, 1))
        if board[0] != board[1]:  # the end of the catch-up turn or of a tie-break round
            return 1.0 if board[0] > board[1] else 0.0
        return self.value(("T", self.g, self.g, 0, added[1], 0))

    def turn(self, state: EndState) -> float:
        stage, mover = state[0], state[5]
        own = state[1 + mover]
        base = max(self.r.minimum_for(own), 50)
        need = max(base, state[3 + (1 - mover)] + 50)
        if stage == "N":
            cap = max(max(self.g - own, base) + self.extra, need - 50)
        else:
            cap = max(self.g + self.extra, need)
        return _turn_by_brute_force(self, state, mover, need, cap)

    def solve(self) -> float:
        starts: list[EndState] = [("N", 0, 0, 0, 0, 0), ("N", 0, 0, 0, 0, 1)]
        seen = reachable_states(self, starts)
        for stage in "TCN":
            states = sorted((s for s in seen if s[0] == stage), key=lambda s: -(s[1] + s[2]))
            _iterate(self, states, 3000, 1e-13)
        return (self.v[starts[0]] + 1.0 - self.v[starts[1]]) / 2


#: Small games: the last turns' states (every score to beat a finishing bank can leave)
#: make the brute force slow, so the default run checks the solver's table against the
#: brute force's equations in every reachable state, and --long iterates from scratch.
SMALL = PRESETS["trash-5000"].with_options("surpassing", game_point=100, opening_minimum=50,
                                           minimum=50, straight=None, triplet_ones=300)
SURPASS_END_CASES = [
    (PRESETS["trash-5000"].with_options("surpassing", game_point=100, opening_minimum=50,
                                        minimum=50), 0),
    (PRESETS["ten-thousand"].with_options("surpassing", game_point=100, straight=None,
                                          three_pairs=None, triplet_ones=300,
                                          kind_doubling=False), 50),
]


def _seat0(sol: Any, state: EndState) -> float:
    """The solver's chance for seat 0 in a brute-force state."""
    step = 50
    stage, b0, b1, x0, x1, mover = state
    board, added = (b0, b1), (x0, x1)
    other = 1 - mover
    if stage == "N":
        mine = sol.w(mover, board[mover] // step, board[other] // step, added[other] // step)
    elif stage == "C":
        d = (board[other] - board[mover]) // step
        mine = (sol.chase[int(board[mover] != 0), int(mover == 0), d, added[other] // step]
                if d < sol.chase.shape[2] - 1 else 0.0)
    elif mover == 0:
        assert b0 == b1 and x0 == 0
        mine = sol.tie_first[x1 // step]
    else:
        assert b1 == b0 - x0 and x1 == 0
        mine = sol.tie_second[x0 // step]
    return float(mine) if mover == 0 else 1.0 - float(mine)


def test_surpass_end_solver_meets_the_brute_forces_equations() -> None:
    sol = surpass_end.solve(SMALL, tol=1e-13, extra=0)
    brute = SurpassEndBruteForce(SMALL, 0)
    seen: set[EndState] = set()

    def value(state: EndState) -> float:
        seen.add(state)
        return _seat0(sol, state)

    brute.value = value  # type: ignore[method-assign]
    todo = [("N", 0, 0, 0, 0, 0), ("N", 0, 0, 0, 0, 1)]
    done: set[EndState] = set()
    while todo:
        state = todo.pop()
        done.add(state)
        assert brute.turn(state) == pytest.approx(_seat0(sol, state), abs=1e-11), state
        todo.extend(seen - done - set(todo))
    assert {s[0] for s in done} == {"N", "C", "T"} and len(done) > 100


def test_surpass_end_redo_equals_whole_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The s > 0 columns redone below their minimums from the s = 0 columns' kept rows (in
    groups of one top row, pieces of 16 columns) equal the columns solved whole."""
    rules = PRESETS["trash-5000"].with_options("surpassing", game_point=300,
                                               opening_minimum=100, minimum=50)
    monkeypatch.setattr(surpass_end, "_SPAN", 10**6)  # every column whole
    whole = surpass_end.solve(rules, tol=1e-13)
    monkeypatch.setattr(surpass_end, "_SPAN", 1)
    monkeypatch.setattr(surpass_end, "WIDE", 16)
    redone = surpass_end.solve(rules, tol=1e-13)
    assert redone.iterations > whole.iterations
    assert np.array_equal(np.isnan(redone.win), np.isnan(whole.win))
    assert np.nanmax(np.abs(redone.win - whole.win)) < 1e-12


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
@pytest.mark.parametrize("rules,extra", SURPASS_END_CASES,
                         ids=lambda c: getattr(c, "preset", str(c)))
def test_surpass_end_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = surpass_end.solve(rules, tol=1e-13, extra=extra)
    brute = SurpassEndBruteForce(rules, extra)
    assert sol.first_player_win_probability == pytest.approx(brute.solve(), abs=1e-10)
    assert {s[0] for s in brute.v} == {"N", "C", "T"}
    for state, value in brute.v.items():
        assert value == pytest.approx(_seat0(sol, state), abs=1e-10), state


# -- the table of surpassing with a catch-up round, in play --------------------------------


@pytest.fixture(scope="module")
def end_table() -> Any:
    rules = PRESETS["trash-5000"].with_options("surpassing", game_point=400,
                                               opening_minimum=100, minimum=50)
    sol = surpass_end.solve(rules)
    t = surpass_end_table.unpack(surpass_end_table.pack(sol))
    table.register(t)
    t.figures["solution"] = sol
    return t


def _position(rules: Rules, seat: int, mine: int, theirs: int, beat: int) -> Game:
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    game.last_turn_added = beat  # what the seat before the mover added: the score to beat
    return game


def test_surpass_end_table_round_trip_and_every_turn_start(end_table: Any) -> None:
    sol = end_table.figures["solution"]
    ng = end_table.ng
    assert end_table.cs(True, False, 3, 2) == pytest.approx(sol.chase[1, 0, 3, 2], abs=1e-6)
    assert end_table.tie_open(5) == pytest.approx(sol.tie_first[5], abs=1e-6)
    assert end_table.tie_after(0) == pytest.approx(sol.tie_second[0], abs=1e-6)
    for seat in (0, 1):
        for a in range(ng):
            for b in range(ng):
                for s in range(b + 1):
                    game = _position(end_table.rules, seat, a * 50, b * 50, s * 50)
                    tv = values.turn_values(game)
                    assert tv is not None
                    want = sol.win[seat, a, b, s]
                    assert end_table.wss(seat, a, b, s) == pytest.approx(want, abs=1e-6)
                    assert tv.start() == pytest.approx(want, abs=2e-6)


def test_surpass_end_values_in_the_last_turns(end_table: Any) -> None:  # D-8, D-9, D-14
    sol = end_table.figures["solution"]
    g = end_table.rules.game_point
    # seat 0 reached the game point with a bank of 300; seat 1 chases 300 behind
    game = _position(end_table.rules, 1, g - 200, g + 100, 300)
    game.stage, game.reacher = "catch-up", 0
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(sol.chase[1, 0, 6, 6], abs=1e-6)
    # a tie-break round: seat 0 opens it and must beat seat 1's last 150
    game = _position(end_table.rules, 0, g + 100, g + 100, 150)
    game.stage, game.reacher, game.queue = "tie-break", 1, [1]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(sol.tie_first[3], abs=1e-6)
    # its second, after seat 0 added 200
    game = _position(end_table.rules, 1, g + 100, g + 300, 200)
    game.stage, game.reacher, game.queue = "tie-break", 1, []
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(sol.tie_second[4], abs=1e-6)


def test_perfect_with_surpassing_and_catch_up_never_falls_back(end_table: Any) -> None:
    from test_solver import _NoFallback

    from tenthousand.ai import play_game

    rules = end_table.rules
    stages: set[str] = set()
    for seed in range(12):
        players = [PerfectPlayer(rules, _NoFallback()), PerfectPlayer(rules, _NoFallback())]
        game = Game(rules, [Seat("A", True, "perfect"), Seat("B", True, "perfect")],
                    seed=seed)
        game.listeners.append(lambda e, game=game: stages.add(game.stage))
        play_game(game, players)  # type: ignore[arg-type]
        assert game.over
    assert "catch-up" in stages


def test_surpassing_with_a_catch_up_round_is_solved_here() -> None:
    from tenthousand.solver import cache

    rules = PRESETS["trash-5000"].with_options("surpassing")
    assert cache.option_tables(rules) is surpass_end_table
    assert cache.unsolvable(rules) is None
    assert "5,000" in (cache.unsolvable(PRESETS["trash-10000"].with_options("surpassing"))
                       or "")
    small = rules.with_options(game_point=300, opening_minimum=100, minimum=50)
    _sol, data = cache.solve_table(small)
    assert isinstance(cache.unpack(data), surpass_end_table.SurpassEndTable)
    assert surpass_end_table.unsupported(small.with_options("challenging")) is not None
