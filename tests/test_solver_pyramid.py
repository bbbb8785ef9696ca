"""Perfect play under pyramiding (D-10) against a brute force of its own, and its table in play.

The brute force walks a turn as the engine plays it under pyramiding: the stretch's dice and
points, every sub-multiset of every throw that the engine's ``scoring.score`` lets join the
stretch (in the context of the throw: the first of the turn or not, how many dice), a corner
when all six are frozen; the game around it (the catch-up round, tie-breaks, the cap) is
``test_solver``'s brute force.  It knows nothing of the solver's stretch model.
"""

from __future__ import annotations

import itertools
from functools import cache as _memo
from math import factorial
from typing import Any

import pytest
from test_solver import BruteForce, perfect_game

from tenthousand.model import scoring
from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import cache, engine, table, values  # noqa: E402
from tenthousand.solver.turnmodels.stretches import PyramidTurn, stretches  # noqa: E402

Dice = tuple[int, ...]
State = tuple[str, int, int, int]


@_memo
def _outcomes(n: int) -> tuple[tuple[Dice, float], ...]:
    out = []
    for dice in itertools.combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(dice):
            ways //= factorial(dice.count(face))
        out.append((dice, ways / 6 ** n))
    return tuple(out)


def _subs(dice: Dice) -> set[Dice]:
    return {tuple(sorted(c)) for k in range(1, len(dice) + 1)
            for c in itertools.combinations(dice, k)}


class PyramidBruteForce(BruteForce):
    """``test_solver``'s brute force with the engine's pyramiding turn."""

    def __init__(self, rules: Rules, extra: int) -> None:
        super().__init__(rules, extra)
        self.throws: dict[tuple[Dice, bool], list[tuple[float, list[tuple[Dice, int]]]]] = {}

    def _throw(self, stretch: Dice, first: bool) -> list[tuple[float, list[tuple[Dice, int]]]]:
        """Each outcome of throwing the dice not in ``stretch``: its probability and every
        (new stretch, its points) the engine allows; no choices: trash."""
        key = (stretch, first)
        if key not in self.throws:
            n = 6 - len(stretch)
            out = []
            for dice, p in _outcomes(n):
                found = []
                for sub in _subs(dice):
                    new = tuple(sorted(stretch + sub))
                    points = scoring.score(new, self.r, first_throw=first, thrown=n)
                    if points is not None:
                        found.append((new, points))
                out.append((p, found))
            self.throws[key] = out
        return self.throws[key]

    def turn(self, state: State) -> float:
        stage, s0, s1, mover = state
        own = (s0, s1)[mover]
        need = max(self.r.opening_minimum if own == 0 and stage != "T" else self.r.minimum, 50)
        pick = max if mover == 0 else min
        memo: dict[tuple[int, Dice, bool], float] = {}

        def over_cap(t: int) -> bool:
            return (own + t if stage == "N" else t) > self.cap

        def throw(done: int, stretch: Dice, first: bool) -> float:
            key = (done, stretch, first)
            if key in memo:
                return memo[key]
            total = 0.0
            for p, found in self._throw(stretch, first):
                if not found:
                    total += p * self.after(state, None)
                    continue
                options = []
                for new, points in found:
                    t = done + points
                    if over_cap(t):
                        options.append(self.after(state, t))
                        continue
                    corner = len(new) == 6
                    options.append(throw(t, (), False) if corner else throw(done, new, False))
                    if t >= need and not (corner and self.r.corner_throw_mandatory):
                        options.append(self.after(state, t))
                total += p * pick(options)
            memo[key] = total
            return total

        return throw(0, (), True)


def _seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 in a brute-force state (a tie-break state keeps only
    the difference of the boards: the rounds far above the game point)."""
    stage, b0, b1, mover = state
    board = (b0 // 50, b1 // 50)
    other = 1 - mover
    if stage == "N":
        mine = sol.normal(mover, board[mover], board[other])
    elif stage == "C":
        fam = sol.variant.family("catch-up")
        mine = sol.value(fam, {"seat": mover, "board0": board[mover],
                               "board1": board[other]})
    elif mover == 0:
        mine = sol.value(sol.variant.family("far-first"), {"board0": 0, "board1": 0})
    else:
        mine = sol.value(sol.variant.family("far-second"), {"board0": 0, "board1": board[0]})
    return float(mine) if mover == 0 else 1.0 - float(mine)


#: Small games: Trash 5000 (the compulsory throw after a corner) and Ten-Thousand (doubles
#: and the straight on the first throw only, D-2; four and more of a kind doubling).
CASES = [
    (PRESETS["trash-5000"].with_options("pyramiding", game_point=150, opening_minimum=100,
                                        minimum=50), 50),
    (PRESETS["ten-thousand"].with_options("pyramiding", game_point=100), 50),
]


@pytest.mark.parametrize("rules,extra", CASES, ids=["trash-5000", "ten-thousand"])
def test_pyramid_solver_meets_the_brute_forces_equations(rules: Rules, extra: int) -> None:
    """Every state a game reaches: the brute force's turn, valued with the solver's table
    around it, gives the solver's value."""
    sol = engine.solve(rules, extra=extra, tol=1e-13)
    brute = PyramidBruteForce(rules, extra)
    seen: set[State] = set()

    def value(state: State) -> float:
        seen.add(state)
        return _seat0(sol, state)

    brute.value = value  # type: ignore[method-assign]
    todo: list[State] = [("N", 0, 0, 0), ("N", 0, 0, 1)]
    done: set[State] = set()
    while todo:
        state = todo.pop()
        done.add(state)
        assert brute.turn(state) == pytest.approx(_seat0(sol, state), abs=1e-10), state
        todo.extend(seen - done - set(todo))
    assert {s[0] for s in done} == {"N", "C", "T"}


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
@pytest.mark.parametrize("rules,extra", CASES, ids=["trash-5000", "ten-thousand"])
def test_pyramid_solver_equals_brute_force(rules: Rules, extra: int) -> None:
    sol = engine.solve(rules, extra=extra, tol=1e-13)
    brute = PyramidBruteForce(rules, extra)
    first0, first1 = brute.solve()
    assert sol.normal(0, 0, 0) == pytest.approx(first0, abs=1e-10)
    assert sol.normal(1, 0, 0) == pytest.approx(first1, abs=1e-10)
    for state, v in brute.v.items():
        assert v == pytest.approx(_seat0(sol, state), abs=1e-10), state


def test_the_stretch_model_is_the_max_expected_tables() -> None:
    """The stretches are those of the max-expected tables (45 in Trash, 61 in Ten-Thousand)."""
    from tenthousand.ai.tables import tables_for

    for preset, count in (("trash-5000", 45), ("ten-thousand", 61)):
        rules = PRESETS[preset].with_options("pyramiding")
        model = stretches(rules)
        assert len(model.states) == count == len(tables_for(rules).pyramid_model().stretches)


# -- the table in play ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def pyramid_tables() -> Any:
    rules = PRESETS["trash-5000"].with_options("pyramiding", game_point=500,
                                               opening_minimum=150, minimum=100)
    sol = engine.solve(rules)
    t = table.unpack(table.pack(sol))
    table.register(t)
    t.figures["solution"] = sol
    return t


def test_pyramiding_changes_the_game(pyramid_tables: Any) -> None:
    rules = pyramid_tables.rules.with_options(pyramiding=False)
    plain = engine.solve(rules).first_player_win_probability
    piled = pyramid_tables.figures["solution"].first_player_win_probability
    assert abs(plain - piled) > 1e-3  # 0.576260 against 0.568038


def _position(rules: Rules, seat: int, mine: int, theirs: int) -> Game:
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    return game


def test_pyramid_table_round_trip_and_every_turn_start(pyramid_tables: Any) -> None:
    sol = pyramid_tables.figures["solution"]
    ng = pyramid_tables.variant.bounds.ng
    assert pyramid_tables.variant.model == "stretches"
    assert np.allclose(np.array(pyramid_tables.values), sol.values, atol=1e-7, equal_nan=True)
    for seat in (0, 1):
        for a, b in [(a, b) for a in range(ng) for b in range(ng) if (a + 2 * b) % 3 == seat]:
            tv = values.turn_values(_position(pyramid_tables.rules, seat, a * 50, b * 50))
            assert isinstance(tv, PyramidTurn)
            assert tv.start() == pytest.approx(sol.normal(seat, a, b), abs=2e-6)


def test_pyramid_values_in_the_last_turns(pyramid_tables: Any) -> None:  # D-8, D-9
    sol = pyramid_tables.figures["solution"]
    g = pyramid_tables.rules.game_point
    game = _position(pyramid_tables.rules, 1, g - 200, g + 100)
    game.stage, game.reacher = "catch-up", 0
    probs = values.win_probabilities(game)
    assert probs is not None and 1.0 - probs[1] == pytest.approx(
        _seat0(sol, ("C", g + 100, g - 200, 1)), abs=1e-6)
    game = _position(pyramid_tables.rules, 0, g + 100, g + 100)
    game.stage, game.reacher, game.queue = "tie-break", 1, [1]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(_seat0(sol, ("T", 0, 0, 0)),
                                                           abs=1e-6)
    game = _position(pyramid_tables.rules, 1, g + 100, g + 300)
    game.stage, game.reacher, game.queue = "tie-break", 1, []
    probs = values.win_probabilities(game)
    assert probs is not None and 1.0 - probs[1] == pytest.approx(
        _seat0(sol, ("T", 200, 0, 1)), abs=1e-6)


def test_the_advice_values_every_freeze_from_its_stretch(pyramid_tables: Any) -> None:
    """At each choice the best freeze's value is the chance before the throw was seen in
    expectation: the advice's values average back to the turn's start."""
    rules = pyramid_tables.rules
    game = Game(rules, [Seat("A"), Seat("B")], seed=11, first_seat=0)
    seen_pyramid = False
    for _ in range(400):
        if game.over:
            break
        if game.phase is Phase.START:
            game.throw()
            continue
        adv = values.advice(game)
        assert adv is not None and len(adv.freezes) == len(game.legal_freezes())
        assert sum(adv.win) == pytest.approx(1.0)
        for f in adv.freezes:
            legal = game.bank_refusal(game.indices_for(f.faces)) is None
            assert (f.bank is not None) == legal
        seen_pyramid |= bool(game.frozen)
        best = adv.best
        idx = game.indices_for(best.faces)
        game.bank(idx) if best.bank_is_best else game.throw(idx)
    assert seen_pyramid


def test_perfect_against_perfect_under_pyramiding(pyramid_tables: Any) -> None:
    """Whole games through the engine, every decision the table's (the fallback must
    never be asked) and legal (the engine refuses anything else), the last turns too."""
    from tenthousand.ai import play_game

    rules = pyramid_tables.rules
    stages: set[str] = set()
    joined = 0
    for seed in range(10):
        game, players = perfect_game(rules, seed)

        def seen(event: Any, game: Game = game) -> None:
            nonlocal joined
            stages.add(game.stage)
            joined += bool(getattr(event, "joined", ()))

        game.listeners.append(seen)
        play_game(game, players)  # type: ignore[arg-type]
        assert game.over
    assert "catch-up" in stages
    assert joined > 0  # some freezes counted with dice frozen before them (D-10)


def test_pyramiding_is_solved_here() -> None:
    rules = PRESETS["trash-5000"].with_options("pyramiding")
    assert cache.unsolvable(rules) is None
    assert cache.unsolvable(PRESETS["ten-thousand"].with_options("pyramiding")) is None
    # with another option too, where the size allows (the features come with the engine)
    both = PRESETS["trash-5000"].with_options("pyramiding", "surpassing")
    assert "too many positions" in (cache.unsolvable(both) or "")
    assert cache.unsolvable(both.with_options(game_point=1500)) is None


def test_the_advisor_shows_exact_chances_under_pyramiding(pyramid_tables: Any) -> None:
    from tenthousand.advice import WIN
    from tenthousand.advice import values as advisor
    from tenthousand.present.value_kind import value_kind

    assert value_kind(pyramid_tables.rules, 2).exact
    game = _position(pyramid_tables.rules, 0, 100, 200)
    game.throw()
    while game.phase is not Phase.CHOOSE:
        game.throw()
    shown = advisor.evaluate(game)
    assert shown is not None and shown.kind == WIN and shown.win is not None
