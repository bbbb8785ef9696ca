"""Rotary Club in the one engine (issue 39): with challenging against a brute force of its
own, without against the values the first Rotary Club solver gave, and its tables in play.

The brute force walks each turn as the engine plays Rotary Club (``model/play.py``:
``_freeze`` pegs each corner, ``_take_from_challenged`` takes it off the challenged board,
``_trash`` costs a challenge's penalty, ``_end_turn``, ``ranking``): every freeze of every
multiset of dice (``rules_kit.rolls``), no bank, trash ending the turn; the catch-up turn
once a board has reached the game point (the turn that reached it goes on, D-8), the lowest
board winning, tie-break rounds in seat order (D-9).  A challenge is made at a turn's start,
the first below the game point, the second at it or above.  Its states are whole boards
(stage, board of seat 0, of seat 1, each seat's challenges left, mover); it runs plain value
iteration on seat 0's chance.  The truncations are the solver's: a rising mover (the
finisher, the first of a tie-break round) whose lead passes ``game point + extra`` ends his
turn at that corner, as trash would; a tie after a tie-break round starts a round far above
the game point.
"""

from __future__ import annotations

from typing import Any

import pytest
from rules_kit import ForceBase, reachable_states
from test_solver import _iterate

from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")

from tenthousand.solver import engine, table, values  # noqa: E402
from tenthousand.solver.turnmodels.pegging import PeggingTurn  # noqa: E402
from tenthousand.solver.variant import PeggingVariant, variant_of  # noqa: E402

#: (stage N/C/T/F, board of seat 0, of seat 1, challenges of seat 0, of seat 1, mover); a
#: seat's challenges: 2 * (first left) + (second left).  T: the first tie-break round, at
#: the tied boards; F: the rounds after it, far above the game point.
State = tuple[str, int, int, int, int, int]
FAR = 10 ** 7


class RotaryChallengeForce(ForceBase):
    def __init__(self, rules: Rules, extra: int) -> None:
        super().__init__(rules, extra)
        self.penalties = rules.challenge_penalties if rules.challenging else (0, 0)

    def lower(self, board: int, amount: int) -> int:
        """``Play._lower``."""
        floor = self.r.score_floor
        return board - amount if floor is None else board - max(0, min(amount, board - floor))

    def slot(self, own: int, chal: int) -> int | None:
        """``Play.challenge_slot_for``."""
        if not self.r.challenging:
            return None
        slot = 0 if own < self.g else 1
        return slot if chal & (2 >> slot) else None

    def end(self, state: State, own: int, other: int, slot: int | None) -> float:
        """Seat 0's chance once the mover's turn ends with these boards (before the
        penalty of his challenge in ``slot``)."""
        stage, _s0, _s1, c0, c1, mover = state
        chal = [c0, c1]
        reached = own >= self.g
        if slot is not None:
            own = self.lower(own, self.penalties[slot])
            chal[mover] &= ~(2 >> slot)
        board = [0, 0]
        board[mover], board[1 - mover] = own, other
        if stage == "N":
            return self.value(("C" if reached else "N", board[0], board[1], chal[0], chal[1],
                               1 - mover))
        if stage in "TF" and mover == 0:
            return self.value((stage, board[0], board[1], chal[0], chal[1], 1))
        if board[0] != board[1]:  # the catch-up turn, or a round, is over: lowest wins
            return 1.0 if board[0] < board[1] else 0.0
        if stage == "C":
            return self.value(("T", board[0], board[1], chal[0], chal[1], 0))
        return self.value(("F", FAR, FAR, chal[0], chal[1], 0))

    def turn(self, state: State) -> float:
        stage, s0, s1, c0, c1, mover = state
        own, other = (s0, s1) if mover == 0 else (s1, s0)
        slot = self.slot(own, (c0, c1)[mover])
        kinds = [None] if slot is None else [None, slot]
        pick = max if mover == 0 else min
        return pick(self._turn(state, own, other, kind) for kind in kinds)

    def _turn(self, state: State, own: int, other: int, slot: int | None) -> float:
        stage, mover = state[0], state[5]
        rising = stage == "N" or (stage in "TF" and mover == 0)
        pick = max if mover == 0 else min
        pen = 0 if slot is None else self.penalties[slot]
        memo: dict[tuple[int, int, int, int, bool], float] = {}

        def throw(own: int, other: int, t: int, n: int, first: bool) -> float:
            key = (own, other, t, n, first)
            if key in memo:
                return memo[key]
            total = 0.0
            for p, freezes in self.rolls[(n, first)]:
                if not freezes:
                    total += p * self.end(state, own, other, slot)
                    continue
                options = []
                for points, left in freezes:
                    if left:
                        options.append(throw(own, other, t + points, left, False))
                        continue
                    up = own + t + points  # a corner pegs (and takes it off the other)
                    down = other if slot is None else self.lower(other, t + points)
                    if not rising and self.lower(up, pen) > down:
                        options.append(0.0 if mover == 0 else 1.0)  # past him for good
                    elif rising and up - down > self.cap and (stage != "N" or up >= self.g):
                        options.append(self.end(state, up, down, slot))  # the truncation
                    else:
                        options.append(throw(up, down, 0, 6, False))
                total += p * pick(options)
            memo[key] = total
            return total

        return throw(own, other, 0, 6, True)

    def reachable(self) -> list[State]:
        chal = 3 if self.r.challenging else 0
        seen: set[State] = reachable_states(self, [("N", 0, 0, chal, chal, 0),
                                                   ("N", 0, 0, chal, chal, 1)])
        return sorted(seen)

    def solve(self) -> float:
        seen = self.reachable()
        for stage in "FTCN":
            states = sorted((s for s in seen if s[0] == stage), key=lambda s: -(s[1] + s[2]))
            _iterate(self, states, 3000, 1e-13)
        _iterate(self, [s for s in seen if s[0] == "N"], 3000, 1e-13)
        chal = 3 if self.r.challenging else 0
        return (self.v[("N", 0, 0, chal, chal, 0)] + 1.0
                - self.v[("N", 0, 0, chal, chal, 1)]) / 2


def seat0(sol: Any, state: State) -> float:
    """The solver's chance for seat 0 at a brute-force turn start."""
    stage, s0, s1, c0, c1, mover = state
    board, chal = (s0, s1), (c0, c1)
    own, other = board[mover] // 50, board[1 - mover] // 50
    frame = {"seat": mover, "board0": own, "board1": other, "post": 0, "active": 0,
             "first0": chal[mover] >> 1, "first1": chal[1 - mover] >> 1,
             "second0": chal[mover] & 1, "second1": chal[1 - mover] & 1}
    name = {"N": "normal", "C": "catch-up", "T": ("tie-first", "tie-second")[mover],
            "F": ("far-first", "far-second")[mover]}[stage]
    fam = sol.variant.family(name)
    mine = float(sol.values[fam.index(frame)])
    return mine if mover == 0 else 1.0 - mine


#: A small game with challenging: a tenth of the game point a multiple of 50 (the penalties
#: 50 and 200), counters kept small so that the boards stay few.
CHALLENGING = (PRESETS["trash-5000"].with_options(
    "rotary-club", "challenging", game_point=500, straight=None, triplet_ones=300,
    single_one=50), 100)


@pytest.fixture(scope="module")
def challenge_solution() -> Any:  # (8.6 s of CPU)
    rules, extra = CHALLENGING
    return engine.solve(rules, extra=extra, tol=1e-12)


@pytest.mark.skipif("not config.getoption('--long')",
                    reason="the brute force's turns take minutes; run with --long")
def test_rotary_club_with_challenging_meets_the_brute_forces_equations(
        challenge_solution: Any) -> None:
    """Every turn start a game reaches: the brute force's turn, valued with the solver's
    values around it, gives the solver's value (every stage, with and without a challenge
    left)."""
    rules, extra = CHALLENGING
    brute = RotaryChallengeForce(rules, extra)
    seen = brute.reachable()
    assert {s[0] for s in seen} == set("NCTF")
    assert any(s[1] < 0 or s[2] < 0 for s in seen)  # a challenge took a board below zero
    brute.value = lambda state: seat0(challenge_solution, state)  # type: ignore[method-assign]
    for state in seen:
        assert brute.turn(state) == pytest.approx(seat0(challenge_solution, state),
                                                  abs=1e-9), state


@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
def test_rotary_club_with_challenging_equals_brute_force(challenge_solution: Any) -> None:
    rules, extra = CHALLENGING
    brute = RotaryChallengeForce(rules, extra)
    first = brute.solve()
    assert challenge_solution.first_player_win_probability == pytest.approx(first, abs=1e-9)
    for state, v in brute.v.items():
        assert v == pytest.approx(seat0(challenge_solution, state), abs=1e-9), state


# -- without challenging: the first solver's values, and the tables in play ---------------

#: The first Rotary Club solver's (rotary.solve, before issue 39) first player's chances at
#: small game points, printed unrounded: the engine must give them to 1e-9.
RECORDED = [
    (PRESETS["trash-5000"].with_options("rotary-club", game_point=300), 0.47108832741959006),
    (PRESETS["ten-thousand"].with_options("rotary-club", game_point=300), 0.46942684205857016),
]


@pytest.mark.parametrize("rules,chance", RECORDED, ids=["trash-5000", "ten-thousand"])
def test_rotary_club_gives_the_first_solvers_values(rules: Rules, chance: float) -> None:
    sol = engine.solve(rules)
    assert sol.first_player_win_probability == pytest.approx(chance, abs=1e-9)
    assert isinstance(sol.variant, PeggingVariant)
    assert {f.name for f in sol.variant.space.families} == {
        "normal", "finish", "catch-up", "far-first", "far-second"}


@pytest.fixture(scope="module")
def rotary_table() -> Any:
    rules = PRESETS["trash-5000"].with_options("rotary-club", game_point=600)
    sol = engine.solve(rules)
    t = table.unpack(table.pack(sol))
    table.register(t)
    t.figures["solution"] = sol
    return t


def _position(rules: Rules, seat: int, mine: int, theirs: int) -> Game:
    game = Game(rules, [Seat("A"), Seat("B")], seed=3, first_seat=seat)
    game.board[seat], game.board[1 - seat] = mine, theirs
    return game


def test_every_turn_start_of_the_table_is_its_stretchs_start(rotary_table: Any) -> None:
    """A turn start's value is its first stretch's value, played by the turn model from
    the table (the win bars and the advice read the same numbers)."""
    sol = rotary_table.figures["solution"]
    fam = rotary_table.variant.family("normal")
    ng = rotary_table.variant.bounds.ng
    for seat in (0, 1):
        for a in range(ng):
            for b in range(ng):
                game = _position(rotary_table.rules, seat, a * 50, b * 50)
                tv = values.turn_values(game)
                assert isinstance(tv, PeggingTurn) and tv.first
                frame = {"seat": seat, "board0": a, "board1": b, "post": 0}
                assert tv.start() == pytest.approx(sol.values[fam.index(frame)], abs=2e-6)
                assert values.win_probabilities(game)[seat] == pytest.approx(  # type: ignore
                    rotary_table.at(fam.index(frame)), abs=1e-12)


def test_a_turn_after_a_corner_is_the_stretch_at_the_new_board(rotary_table: Any) -> None:
    """Mid-turn the game is read as the stretch it is in: after a corner, the stretch that
    follows it at the pegged board (not the turn's first throw)."""
    rules = rotary_table.rules
    throws = [[1, 1, 1, 5, 5, 5], [2, 3, 4, 6, 6, 1]]
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: tuple(throws.pop(0))[:n])
    game.board = [100, 200]
    game.throw()
    game.throw(game.indices_for((1, 1, 1, 5, 5, 5)))  # a corner pegs 1,500: past 600
    assert game.board == [1600, 200] and game.phase is Phase.CHOOSE and game.reacher == 0
    found = rotary_table.position(game)
    assert found is not None and found.family.name == "finish"  # his turn goes on (D-8)
    assert found.frame["post"] == 1 and found.frame["deficit"] == (200 - 1600) // 50
    tv = values.turn_values(game)
    assert isinstance(tv, PeggingTurn) and not tv.first
    adv = values.advice(game)
    assert adv is not None and all(f.bank is None for f in adv.freezes)
    assert sum(adv.win) == pytest.approx(1.0)


def test_rotary_values_in_the_last_turns(rotary_table: Any) -> None:  # D-8, D-9
    sol = rotary_table.figures["solution"]
    v = rotary_table.variant
    g = rotary_table.rules.game_point

    def value(name: str, **frame: int) -> float:
        fam = v.family(name)
        return float(sol.values[fam.index({**fam.fixed, **frame})])

    # seat 0 reached the game point with 1,100; seat 1 stays below it 300 behind
    game = _position(rotary_table.rules, 1, g - 200, g + 100)
    game.stage, game.reacher = "catch-up", 0
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(
        value("catch-up", seat=1, board0=(g - 200) // 50, board1=(g + 100) // 50, post=0),
        abs=1e-6)
    # a tie-break round: seat 0 opens it
    game = _position(rotary_table.rules, 0, g + 100, g + 100)
    game.stage, game.reacher, game.queue = "tie-break", 1, [1]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(
        value("far-first", board0=0, board1=0, post=0), abs=1e-6)
    # its second, seat 0 having pegged 200 in the round
    game = _position(rotary_table.rules, 1, g + 100, g + 300)
    game.stage, game.reacher, game.queue = "tie-break", 1, []
    probs = values.win_probabilities(game)
    assert probs is not None and probs[1] == pytest.approx(
        value("far-second", board0=0, board1=4, post=0), abs=1e-6)


def test_perfect_against_perfect_in_rotary_club(rotary_table: Any) -> None:
    """Whole games through the engine, every decision the table's (the fallback must never
    be asked) and legal, the finisher's stretches and the last turns too."""
    from test_solver import perfect_game

    from tenthousand.ai import play_game

    rules = rotary_table.rules
    stages: set[str] = set()
    lowest_won = 0
    for seed in range(10):
        game, players = perfect_game(rules, seed)
        game.listeners.append(lambda e, game=game: stages.add(game.stage))
        play_game(game, players)  # type: ignore[arg-type]
        assert game.over and game.result is not None
        lowest_won += game.board[game.result.seat] == min(game.board)
    assert "catch-up" in stages and lowest_won == 10


def test_rotary_club_with_challenging_is_solved_and_without_the_options_it_ignores() -> None:
    rules = PRESETS["trash-5000"].with_options("rotary-club")
    found = variant_of(rules.with_options("challenging"))
    assert isinstance(found, PeggingVariant) and "challenging" in found.names
    # nothing is banked in Rotary Club: surpassing and the trash penalty do not go with it
    # (the rules refuse them, issue 42)
    for option in ("surpassing", "three-trash"):
        with pytest.raises(ValueError, match="do not go together"):
            rules.with_options(option)
    assert not isinstance(variant_of(rules.with_options("pyramiding")), PeggingVariant)
