"""The three-player reference solver (``three_brute``): its kernel against a plain
recursion, its end game and a passive third seat against the two-player solver, its
solution through the engine's own games, and the equilibrium check everywhere.

The solver is written apart from ``tenthousand.solver`` (the two-player engine is imported
here only to compare with); see ``three_brute``'s docstring for the model.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from rules_kit import rolls

from tenthousand.model.rules import PRESETS, Rules

np = pytest.importorskip("numpy")
pytest.importorskip("numba")  # the kernel's loops in plain Python would take minutes

import three_brute as tb  # noqa: E402

from tenthousand.solver import engine  # noqa: E402

STEP = 50


class TwoPlayer:
    """The two-player engine's values in the arrays these tests compare with: ``win[seat]
    [own, other]`` the mover's chance in the normal game, ``tie_first`` the first's chance
    in a tie-break round, ``tie_second[x]`` the second's facing the first's turn score
    ``x``, ``catch_up[on the board, mover the lower seat, deficit]`` the catch-up turn's."""

    def __init__(self, rules: Rules, extra: int) -> None:
        s = engine.solve(rules, extra=extra, tol=1e-13)
        ng = rules.game_point // STEP
        self.win = np.array([[[s.normal(seat, a, b) for b in range(ng)] for a in range(ng)]
                             for seat in range(2)])
        fams = {f.name: f for f in s.variant.space.families}
        first = fams["far-first"]
        self.tie_first = s.value(first, first.frame(0))
        second = fams["far-second"]
        self.tie_second = np.full(second.volume + 1, np.nan)
        for i in range(second.volume):
            fr = second.frame(i)
            self.tie_second[fr["deficit"]] = s.value(second, fr)
        catch = fams["catch-up"]
        top = max(catch.frame(i)["deficit"] for i in range(catch.volume))
        self.catch_up = np.full((2, 2, top + 1), np.nan)
        for i in range(catch.volume):  # boards by class: 0, and one on the board (1)
            fr = catch.frame(i)
            if fr["board0"] in (0, 1):
                self.catch_up[fr["board0"], int(fr["seat"] == 0), fr["deficit"]] = \
                    s.value(catch, fr)

#: Small games, one for each scoring: Ten-Thousand's, Farkle's (an opening minimum), and
#: Trash's (minimums, the compulsory throw after a corner).
SMALL = {
    "ten-thousand": PRESETS["ten-thousand"].with_options(game_point=300),
    "farkle": PRESETS["farkle"].with_options(game_point=300, opening_minimum=150),
    "trash": PRESETS["trash-5000"].with_options(game_point=300, opening_minimum=150,
                                                minimum=100),
}


@pytest.fixture(scope="module")
def solved() -> dict[str, tb.ThreeBrute]:
    return {name: tb.reference(rules, 100) for name, rules in SMALL.items()}


# -- the turn kernel --------------------------------------------------------------------

def _plain_turn(rules: Rules, bank: Any, need: int, cap: int, own: int, w: float) -> Any:
    """One turn by plain recursion over every multiset of dice (no grouping), the module's
    tie order written as a sort key: the most for the mover, then a bank before a throw,
    the higher bank, the throw of fewer dice, the higher turn score."""
    dice = rules.dice
    throws = {(n, first): rolls(rules, n, first) for n in range(1, dice + 1)
              for first in (False, True)}
    memo: dict[tuple[int, int], Any] = {}

    def throw(t: int, n: int) -> Any:
        if (t, n) not in memo:
            total = np.zeros(4)
            for p, freezes in throws[(n, t == 0)]:
                if not freezes:
                    total[3] += p
                    continue
                options = []
                for points, left in freezes:
                    t2 = t + points // STEP
                    if t2 > cap or (t2 >= need and not (rules.corner_throw_mandatory
                                                         and left == 0)):
                        options.append((-bank[t2, own], (0, 0, -t2), np.append(bank[t2], 0.0)))
                    if t2 <= cap:
                        nxt = dice if left == 0 else left
                        value = throw(t2, nxt)
                        options.append((-(value[own] + value[3] * w), (1, nxt, -t2), value))
                total += p * min(options, key=lambda o: (o[0], o[1]))[2]
            memo[(t, n)] = total
        return memo[(t, n)]

    return throw(0, dice)


@pytest.mark.parametrize("name", list(SMALL))
def test_the_kernel_equals_a_plain_recursion(name: str) -> None:
    rules = SMALL[name]
    brute = tb.ThreeBrute(rules, extra=100)
    rng = np.random.default_rng(7)
    for need, cap, own in ((3, 8, 0), (1, 5, 2), (6, 9, 1)):
        bank = rng.random((cap + brute.maxp + 1, 3))
        w = float(rng.random())
        kernel = brute.table(bank, need, cap, own, w)[0, rules.dice]
        plain = _plain_turn(rules, bank, need, cap, own, w)
        assert np.abs(kernel - plain).max() < 1e-13, (need, cap, own)


def test_exact_ties_go_to_the_bank_of_the_most_points() -> None:
    """Every choice is worth exactly 0 to the mover: he banks at once, the freeze of the
    most points; the other seats' chances show which bank he took."""
    rules = SMALL["ten-thousand"]
    brute = tb.ThreeBrute(rules, extra=100)
    cap = 8
    bank = np.zeros((cap + brute.maxp + 1, 3))
    bank[:, 1] = np.arange(len(bank)) / 1000.0  # seat 1 would rather the mover banked more
    value = brute.table(bank, 1, cap, 0, 0.0)[0, rules.dice]
    expected, lost = 0.0, 0.0
    for p, freezes in rolls(rules, rules.dice, True):
        if freezes:
            expected += p * (max(points for points, _ in freezes) // STEP) / 1000.0
        else:
            lost += p
    assert value[0] == 0.0
    assert value[1] == pytest.approx(expected, abs=1e-15)
    assert value[3] == pytest.approx(lost, abs=1e-15)


# -- the whole game ---------------------------------------------------------------------

@pytest.mark.parametrize("name", list(SMALL))
def test_every_turn_start_sums_to_one_and_is_an_equilibrium(
        solved: dict[str, tb.ThreeBrute], name: str) -> None:
    brute = solved[name]
    st = brute.stats
    assert st.enumerated == st.cycles == (brute.ng ** 3)
    assert st.sum_error <= 1e-12 and st.check <= 1e-12 and st.degenerate == 0
    values = brute.normal.reshape(-1, 3)
    assert not np.isnan(values).any() and values.min() >= 0.0 and values.max() <= 1.0
    assert np.abs(values.sum(1) - 1.0).max() <= 1e-12
    for table in (brute.c2[~np.isnan(brute.c2[..., 0])], brute.tie3[None],
                  brute.tie3_second, brute.tie3_third.reshape(-1, 3)):
        assert np.abs(table.sum(-1) - 1.0).max() <= 1e-12
    assert sum(brute.movers()) == pytest.approx(1.0, abs=1e-12)


def test_the_first_mover_leads_and_the_seats_take_turns(
        solved: dict[str, tb.ThreeBrute]) -> None:
    """Rotating the seats (and the tie-break order with them) moves the chances only by
    the tie-breaks' seat order: the three seats' chances of the starting mover agree to
    a few thousandths, and the first mover leads the second, the second the third."""
    for brute in solved.values():
        start = brute.start_values()
        own = [start[s, s] for s in range(3)]
        assert max(own) - min(own) < 0.01
        first, second, third = brute.movers()
        assert first > second > third


# -- reductions to two players ----------------------------------------------------------

#: Rules whose turn cap is the two-player solver's own (its code caps a normal turn at
#: game point - board + extra, the minimum never above game point - board here).
TWO = {
    "ten-thousand": PRESETS["ten-thousand"].with_options(game_point=300),
    "farkle": PRESETS["farkle"].with_options(game_point=300, opening_minimum=300),
    "trash": PRESETS["trash-5000"].with_options(game_point=300, opening_minimum=300,
                                                minimum=50),
}


@pytest.mark.parametrize("name", list(TWO))
def test_a_passive_third_seat_gives_the_two_player_game_back(name: str) -> None:
    """A third seat that passes every turn (as if each throw were trash) never scores, so
    it never reaches the game point and is never tied for first: what is left is the
    two-player game, whose tie-breaks go in seat order too."""
    rules = TWO[name]
    brute = tb.ThreeBrute(rules, extra=100, passive=2).solve()
    two = TwoPlayer(rules, 100)
    a, b = np.meshgrid(np.arange(brute.ng), np.arange(brute.ng), indexing="ij")
    assert np.abs(brute.normal[a, b, 0, 0, 0] - two.win[0]).max() < 1e-12
    assert np.abs(brute.normal[b, a, 0, 1, 1] - two.win[1]).max() < 1e-12
    assert brute.stats.check <= 1e-12


@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')",
                    reason="the engine's tests cover it; run with --long")
def test_a_passive_first_seat_leaves_seats_1_and_2_playing_the_two_player_game() -> None:
    """Seat 0 passive: seat 1 plays the two-player game's seat 0 (first in tie-breaks)."""
    rules = TWO["ten-thousand"]
    brute = tb.ThreeBrute(rules, extra=100, passive=0).solve()
    two = TwoPlayer(rules, 100)
    a, b = np.meshgrid(np.arange(brute.ng), np.arange(brute.ng), indexing="ij")
    assert np.abs(brute.normal[0, a, b, 1, 1] - two.win[0]).max() < 1e-12
    assert np.abs(brute.normal[0, b, a, 2, 2] - two.win[1]).max() < 1e-12


@pytest.mark.parametrize("name", list(TWO))
def test_the_end_game_with_one_player_out_is_the_two_player_end(name: str) -> None:
    """Two tied players' rounds (the third is not tied for first) and the last turn
    against one holder of the best board (the other chaser has played and stayed below)
    are the two-player tie-break and catch-up turn, lower seat first in a tie."""
    rules = TWO[name]
    brute = tb.ThreeBrute(rules, extra=100)
    brute._solve_tie2()
    brute._solve_tie3()
    brute._solve_c2(60)
    assert_end_is_two_players(brute.tie2, brute.tie2_second, brute.c2, TwoPlayer(rules, 100))


def assert_end_is_two_players(tie2: float, tie2_second: Any, c2: Any, two: TwoPlayer) -> None:
    """A three-player end (the two-player round's first chance and second turns, the last
    chasers' turns ``c2[seat, holders, d, at 0]``) against the two-player engine's, to
    1e-13, where one holder of the best board is the only other who matters."""
    assert tie2 == pytest.approx(two.tie_first, abs=1e-13)
    n = min(len(tie2_second), len(two.tie_second))
    assert np.nanmax(np.abs(tie2_second[:n, 1] - two.tie_second[:n])) < 1e-13
    for mover in range(3):
        for holders in (0, 1):
            holder = (mover + 1 + holders) % 3
            for y0 in (0, 1):
                mine = c2[mover, holders, 1:, y0, mover]
                theirs = two.catch_up[1 - y0, int(mover < holder), 1:len(mine) + 1]
                assert np.nanmax(np.abs(mine[:len(theirs)] - theirs)) < 1e-13


# -- through the engine -----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')",
                    reason="the engine's tests cover it; run with --long")
def test_the_engine_playing_the_solution_wins_as_solved(
        solved: dict[str, tb.ThreeBrute], long_run: bool) -> None:
    """Seeded games of the engine, every seat playing the solved policy (the starting
    seat rotating): each mover's share of the wins lies within three standard errors of
    the solved chance."""
    for name in ("ten-thousand", "farkle"):  # Trash's compulsory throw after a corner
        brute = solved[name]  # would refuse the cap's bank at once
        games = 20_000 if long_run else 600
        wins = np.zeros(3)
        for i in range(games):
            first = i % 3
            wins[(tb.play_game(brute, 10_000 + i, first) - first) % 3] += 1
        chance = np.array(brute.movers())
        error = np.sqrt(chance * (1.0 - chance) / games)
        assert (np.abs(wins / games - chance) <= 3.0 * error).all(), (name, wins / games, chance)


# -- the equilibria of one cycle --------------------------------------------------------

def test_the_rule_prefers_pure_then_the_movers_own_chances() -> None:
    v = np.full((3, 3), 1.0 / 3.0)
    pure_low = tb.Equilibrium((0, 0, 0), (0.0,) * 3, (False,) * 3, v - np.eye(3) * 0.01 +
                              np.roll(np.eye(3), 1, 1) * 0.01)
    pure_high = tb.Equilibrium((1, 0, 0), (0.0,) * 3, (False,) * 3, v)
    mixed = tb.Equilibrium((0, 0, 0), (0.5, 0.5, 0.0), (True, True, False),
                           v + np.eye(3) * 0.02 - np.roll(np.eye(3), 1, 1) * 0.02)
    assert tb.choose([pure_low, mixed, pure_high]) is pure_high
    assert tb.choose([mixed]) is mixed


@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')",
                    reason="the engine's tests cover it; run with --long")
def test_a_solve_is_the_same_whatever_the_order_of_its_cycles(
        solved: dict[str, tb.ThreeBrute], monkeypatch: pytest.MonkeyPatch) -> None:
    """The cycles of a level are solved in another order: the same table, bit for bit."""
    rules = SMALL["farkle"]
    original = tb.ThreeBrute._level

    def shuffled(self: tb.ThreeBrute, trip: Any, exact: str) -> None:
        order = list(range(len(trip)))
        random.Random(len(trip)).shuffle(order)
        original(self, trip[order], exact)

    monkeypatch.setattr(tb.ThreeBrute, "_level", shuffled)
    again = tb.ThreeBrute(rules, extra=100).solve()
    assert np.array_equal(again.normal, solved["farkle"].normal)
    assert dataclasses.asdict(again.stats)["several"] == solved["farkle"].stats.several


#: A small game with a cycle that has no pure equilibrium (best responses chase each other
#: round the trash cycle: at boards 0, 300, 250) and one with several (150, 100, 50);
#: found by solving many small rule sets.
ODD = PRESETS["trash-5000"].with_options(game_point=400, opening_minimum=100, minimum=50)
MIXED, SEVERAL = (0, 6, 5), (3, 2, 1)


@pytest.fixture(scope="module")
def odd() -> tb.ThreeBrute:
    return tb.reference(ODD, 50)


def test_where_no_pure_policy_is_stable_two_movers_mix(odd: tb.ThreeBrute) -> None:
    brute = odd
    assert brute.unsettled_at[MIXED] and brute.kind[MIXED] == 2
    assert brute.stats.mixed == 1 and brute.stats.check <= 1e-12
    # each mixing mover is indifferent between his two turn policies at the trash value
    # the equilibrium gives him, and they differ in their chance of trash
    v = brute.normal[MIXED]
    mixing = 0
    for k in range(3):
        low, high, weight = brute.play_w[MIXED][k]
        if weight == 0.0:
            continue
        mixing += 1
        bank, need, cap, own, _trash, _play = brute.turn_problem(("N", *MIXED, k))
        w = v[(k + 1) % 3, k]
        one, two = (brute.table(bank, need, cap, own, x)[0, ODD.dice] for x in (low, high))
        assert one[k] + one[3] * w == pytest.approx(two[k] + two[3] * w, abs=1e-12)
        assert one[k] + one[3] * w == pytest.approx(v[k, k], abs=1e-12)
        assert abs(one[3] - two[3]) > 1e-6
    assert mixing == 2


def test_stopping_where_iteration_goes_round_is_no_equilibrium(odd: tb.ThreeBrute) -> None:
    """Without the mixed equilibrium the cycle keeps the profile its iteration stopped at:
    a mover there has a better pure policy, and the game's value moves (the cycle can be
    reached from the start); the cycles above it are the same."""
    stopped = tb.ThreeBrute(ODD, extra=50).solve(exact="none")
    assert stopped.stats.unsettled == 1 and stopped.stats.check > 1e-7
    assert np.abs(np.array(stopped.movers()) - odd.movers()).max() > 1e-9
    trip = np.indices((odd.ng,) * 3).reshape(3, -1).T
    above = tuple(trip[trip.sum(1) > sum(MIXED)].T)
    assert np.array_equal(odd.normal[above], stopped.normal[above])


def test_where_several_equilibria_stand_the_rule_chooses(odd: tb.ThreeBrute) -> None:
    brute = odd
    assert brute.kind[SEVERAL] == 1 and brute.stats.several >= 1
    example = next(e for e in brute.stats.examples
                   if e["boards"] == [b * STEP for b in SEVERAL])
    pure = [e for e in example["equilibria"] if not e["mixing"]]
    assert len(pure) >= 2
    chosen = next(e for e in example["equilibria"] if e["chosen"])
    assert not chosen["mixing"] and sum(chosen["own"]) == max(sum(e["own"]) for e in pure)
    assert brute.stats.check <= 1e-12


@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')", reason="a second solve; run with --long")
def test_keeping_what_iteration_reached_changes_only_that_choice() -> None:
    """``choice="iteration"`` keeps the equilibrium best responses settled at where there
    are several (Ten-Thousand to 500 has one such cycle where the rule takes another): the
    values part first there, both are equilibria, and they agree wherever no such cycle can
    be reached."""
    rules = PRESETS["ten-thousand"].with_options(game_point=500)
    rule = tb.ThreeBrute(rules, extra=200).solve()
    kept = tb.ThreeBrute(rules, extra=200, choice="iteration").solve()
    assert rule.stats.iteration_differs == 1 and kept.stats.check <= 1e-12
    differ = np.abs(kept.normal - rule.normal).max(axis=(-1, -2)) > 0
    first = np.argwhere(differ)[np.argwhere(differ).sum(1).argmax()]
    assert rule.several_at[tuple(first)]
    untouched = rule.untouched()
    assert not differ[untouched].any() and 0 < untouched.sum() < untouched.size


@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
@pytest.mark.parametrize("key", list(PRESETS))
def test_the_presets_scorings_to_500(key: str) -> None:
    """Each preset's scoring and minimums to 500: every turn start sums to one and is an
    equilibrium, every cycle's equilibria listed."""
    brute = tb.ThreeBrute(PRESETS[key].with_options(game_point=500), extra=200).solve()
    st = brute.stats
    assert st.sum_error <= 1e-12 and st.check <= 1e-12 and st.degenerate == 0
    assert st.tie3_spread <= 1e-15 and sum(brute.movers()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow
@pytest.mark.skipif("not config.getoption('--long')", reason="minutes long; run with --long")
@pytest.mark.parametrize("name", list(TWO))
def test_a_passive_third_seat_to_600(name: str) -> None:
    rules = TWO[name].with_options(game_point=600)
    brute = tb.ThreeBrute(rules, extra=200, passive=2).solve()
    two = TwoPlayer(rules, 200)
    a, b = np.meshgrid(np.arange(brute.ng), np.arange(brute.ng), indexing="ij")
    assert np.abs(brute.normal[a, b, 0, 0, 0] - two.win[0]).max() < 1e-12
    assert np.abs(brute.normal[b, a, 0, 1, 1] - two.win[1]).max() < 1e-12
