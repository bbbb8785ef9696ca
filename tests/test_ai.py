"""Computer players: the interface, legal play under every option, exact values."""

from __future__ import annotations

import itertools
import random
import sys
from fractions import Fraction

import pytest
from rules_kit import ScriptedDice, compatible, new_game

from tenthousand.ai import FALLBACK_PERFECT, Decision, Player, make_player, play_game
from tenthousand.ai import tables as T
from tenthousand.ai.players import candidate_moves
from tenthousand.model import LEVELS, OPTION_NAMES, PRESETS, Game, Phase, Seat, scoring
from tenthousand.solver import levels


def test_no_tkinter() -> None:
    import subprocess

    code = ("import sys, tenthousand.ai, tenthousand.ai.players, tenthousand.ai.tables, "
            "tenthousand.tools.sim; from tenthousand.model import PRESETS; "
            "tenthousand.ai.make_player('expert', PRESETS['farkle']).prepare(); "
            "assert 'tkinter' not in sys.modules and 'numpy' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_has_the_interface(level: str) -> None:
    player = levels.make_player(level, PRESETS["trash-5000"], seed=1)
    assert isinstance(player, Player)
    player.prepare()
    player.prepare()  # idempotent
    assert player.ready
    assert player.fallback_reason is None or isinstance(player.fallback_reason, str)


def test_perfect_falls_back_to_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without a solver table, ``perfect`` plays as Expert and says why.
    monkeypatch.setitem(sys.modules, "tenthousand.solver.player", None)
    player = levels.make_player("perfect", PRESETS["farkle"])
    assert player.level == "expert"
    assert player.fallback_reason == FALLBACK_PERFECT


def test_perfect_is_what_the_factory_above_makes() -> None:
    # This package does not know the solver: its make_player takes the Perfect factory
    # (the solver's levels.make_player passes it), and plays Expert without one.
    rules = PRESETS["trash-5000"]
    player = make_player("perfect", rules)
    assert player.level == "expert" and player.fallback_reason == FALLBACK_PERFECT
    fallbacks: list[Player] = []

    def perfect(r: object, fallback: Player) -> Player | None:
        assert r is rules
        fallbacks.append(fallback)
        return None if len(fallbacks) == 1 else fallback

    assert make_player("perfect", rules, perfect=perfect).fallback_reason == FALLBACK_PERFECT
    made = make_player("perfect", rules, seed=3, perfect=perfect)
    assert made is fallbacks[1] and made.level == "expert" and made.fallback_reason is None


def test_unknown_level() -> None:
    with pytest.raises(ValueError):
        make_player("grandmaster", PRESETS["farkle"])


# -- legal play -------------------------------------------------------------------------------

GAME_LEVELS = ("beginner", "normal", "max-expected", "expert")


def _random_rules(rng: random.Random, *, pyramiding_presets: tuple[str, ...],
                  points: tuple[int, ...]) -> tuple:  # type: ignore[type-arg]
    preset = rng.choice(sorted(PRESETS))
    options = list(compatible(o for o in OPTION_NAMES if rng.random() < 0.4))
    if "pyramiding" in options and preset not in pyramiding_presets:
        options.remove("pyramiding")
    seats = 2 if "mutant-trash" in options else rng.choice((1, 2, 3))
    point = rng.choice(points)
    return PRESETS[preset].with_options(*options, game_point=point), seats


def _glance(game: Game) -> tuple:  # type: ignore[type-arg]
    return (tuple(game.board), game.thrown, tuple(game.frozen), game.phase, game.turn_score,
            game.current, len(game.log), tuple(game.play_area))


def _checked_game(rules, levels, seed: int) -> Game:  # type: ignore[no-untyped-def]
    game = Game(rules, [Seat(f"P{i}", True, lv) for i, lv in enumerate(levels)], seed=seed)
    players = [make_player(lv, rules, seed=seed + i) for i, lv in enumerate(levels)]
    steps = 0
    while not game.over:
        p = players[game.current]
        if game.phase is Phase.START:
            target = p.choose_challenge(game)
            if target is not None:
                assert game.challenge_slot_for(game.current) is not None
                game.challenge(target)
            game.throw()
        elif game.phase is Phase.CHOOSE:
            before = _glance(game)
            d = p.choose_move(game)
            assert _glance(game) == before, "a player changed the game"
            assert isinstance(d, Decision)
            (game.bank if d.bank else game.throw)(d.freeze)  # IllegalAction fails the test
        else:
            game.discard(p.choose_discard(game))
        game.check_invariants()
        steps += 1
        assert steps < 200_000
    return game


def test_no_illegal_move_in_random_games(long_run: bool) -> None:
    rng = random.Random(2024)
    count = 10_000 if long_run else 100
    # The short run keeps to one game point and one pyramiding preset: every new rule set
    # builds its tables, which costs more than playing.
    presets = tuple(PRESETS) if long_run else ("trash-5000",)
    points = (300, 500, 1000, 2500) if long_run else (500,)
    for n in range(count):
        rules, seats = _random_rules(rng, pyramiding_presets=presets, points=points)
        levels = [rng.choice(GAME_LEVELS) for _ in range(seats)]
        _checked_game(rules, levels, seed=n)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_all_options_at_once(preset: str) -> None:
    rules = PRESETS[preset].with_options(
        "surpassing", "challenging", "mutant-trash", "three-trash", game_point=1000)
    for seed in range(3):
        _checked_game(rules, ["expert", "max-expected"], seed)
    rotary = PRESETS[preset].with_options("challenging", "mutant-trash", "rotary-club",
                                          game_point=1000)
    _checked_game(rotary, ["expert", "normal"], 7)


def test_play_game_helper() -> None:
    rules = PRESETS["farkle"].with_options(game_point=1000)
    game = Game(rules, [Seat("a", True), Seat("b", True)], seed=3)
    players = [make_player("normal", rules, seed=1), make_player("beginner", rules, seed=2)]
    assert play_game(game, players).over


# -- exact values -----------------------------------------------------------------------------


def _trash_chance_by_counting(rules, n: int, first: bool) -> Fraction:  # type: ignore[no-untyped-def]
    bad = 0
    for dice in itertools.product(range(1, 7), repeat=n):
        if scoring.best_score(dice, rules, first_throw=first) == 0:
            bad += 1
    return Fraction(bad, 6**n)


@pytest.mark.parametrize("preset", ["ten-thousand", "trash-5000", "farkle"])
def test_trash_chances_match_counting(preset: str) -> None:
    rules = PRESETS[preset]
    model = T.tables_for(rules).plain_model()
    for n in (1, 2, 3, 4):
        exact = _trash_chance_by_counting(rules, n, False)
        assert model.throws[n].trash == pytest.approx(float(exact), abs=1e-12)
    # One throw of one die: 1 or 5 score, the rest is trash.
    assert model.throws[1].trash == pytest.approx(4 / 6)


def test_chance_of_any_bank_is_the_first_throw_not_trash() -> None:
    # Ten-Thousand has no minimum: the chance to bank at least 50 is the chance that the
    # first throw is not trash (then bank at once).
    rules = PRESETS["ten-thousand"]
    passing = T.tables_for(rules).pass_table(False)
    first = T.tables_for(rules).plain_model().first
    assert passing.starts[1] == pytest.approx(1 - first.trash, abs=1e-12)


def test_one_die_left_by_hand() -> None:
    # Ten-Thousand, far past any sensible turn (10,000 points in hand), one die left:
    # a 1 (+100) or a 5 (+50) turns the corner, after which banking is the best.
    rules = PRESETS["ten-thousand"]
    table = T.tables_for(rules).expected_table(0)
    assert isinstance(table, T.ExpectedTable)
    T0 = 30_000
    assert table.after(T0 + 100, 0) == pytest.approx(T0 + 100)
    assert table.throw_value(T0, 1) == pytest.approx((T0 + 100) / 6 + (T0 + 50) / 6)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bellman_equation_holds(preset: str) -> None:
    """Every table value equals the best of its options over every single outcome of the
    dice (no grouping): the grouped program computes exactly that."""
    rules = PRESETS[preset]
    tab = T.tables_for(rules).expected_table(rules.opening_minimum)
    assert isinstance(tab, T.ExpectedTable)
    st = scoring.table(rules)
    unit = tab.unit
    rng = random.Random(5)
    for _ in range(6):
        i = rng.randrange(0, 80)
        for n in (1, 2, 3, 6):
            total = 0.0
            for c, p in scoring.outcomes(n):
                options = st.freezes[c]
                if not options:
                    total += p * tab.trash
                    continue
                best = max(tab.C[n - sum(sub)][i + pts // unit] for sub, pts in options)
                total += p * best
            assert tab.V[n][i] == pytest.approx(total, rel=1e-12, abs=1e-9)


def test_minimum_only_changes_scores_below_it() -> None:
    t = T.tables_for(PRESETS["trash-10000"])
    low, high = t.expected_table(0), t.expected_table(500)
    assert isinstance(low, T.ExpectedTable) and isinstance(high, T.ExpectedTable)
    assert high.start < low.start
    for n in range(1, 7):
        assert high.V[n][10:200] == low.V[n][10:200]


def test_three_trash_penalty_makes_play_safer() -> None:
    t = T.tables_for(PRESETS["farkle"])
    calm, tense = t.expected_table(0), t.expected_table(0, -1000.0)
    assert tense.start < calm.start


def test_pyramiding_table_is_exact_against_its_own_doubling() -> None:
    rules = PRESETS["trash-5000"].with_options("pyramiding")
    t = T.tables_for(rules)
    model = t.pyramid_model()
    top = T.pyramid_top(t.plain_model())
    a = T.solve_pyramid(model, 0, 0.0, True, top)
    b = T.solve_pyramid(model, 0, 0.0, True, top * 2)
    assert a.start == pytest.approx(b.start, abs=1e-6)


# -- decisions --------------------------------------------------------------------------------


def _catch_up_position() -> Game:
    # Seat 0 banks a lone 1 and reaches the game point; seat 1, 2,000 behind, throws
    # 1 1 1 5 5 2 in its catch-up turn: 1,100 with one die left at best.
    game, dice = new_game("ten-thousand", board=[9900, 8000])
    dice.add([1, 2, 3, 4, 6, 6])
    game.throw()
    game.bank(game.indices_for([1]))
    assert game.stage == "catch-up" and game.current == 1
    dice.add([1, 1, 1, 5, 5, 2])
    game.throw()
    return game


def test_expert_chases_the_leader_in_the_catch_up() -> None:
    game = _catch_up_position()
    gap = game.board[0] - game.board[1]
    assert gap > 1100
    expert = make_player("expert", game.rules)
    plain = make_player("max-expected", game.rules)
    d = expert.choose_move(game)
    assert not d.bank  # banking 1,100 cannot win
    assert plain.choose_move(game).bank  # points for points' sake: 1,100 is a fine turn


def test_discard_gives_the_opponent_least() -> None:
    rules = PRESETS["ten-thousand"].with_options("mutant-trash")
    game = Game(rules, [Seat("a"), Seat("b")], dice=ScriptedDice([[1, 2, 2, 2, 3, 4]]),
                first_seat=0)
    game.throw()
    game.bank(game.indices_for([1, 2, 2, 2]))
    assert game.phase is Phase.DISCARD
    expert = make_player("expert", rules)
    i = expert.choose_discard(game)
    assert game.discard_choices[i] == 2  # a lone 2 gives nothing; the 1 would give 100


def test_rotary_expert_scores_less_than_max_expected() -> None:
    rules = PRESETS["trash-10000"].with_options("rotary-club")
    t = T.tables_for(rules)
    assert t.rotary_table(-1).start < t.rotary_table(1).start


def test_candidate_moves_bank_flag_matches_the_engine() -> None:
    rng = random.Random(9)
    for preset in sorted(PRESETS):
        rules = PRESETS[preset].with_options("surpassing")
        for seed in range(30):
            game = Game(rules, [Seat("a"), Seat("b")], seed=seed, first_seat=0)
            game.last_turn_added = rng.choice((0, 300, 600))
            game.throw()
            while game.phase is Phase.CHOOSE and game.current == 0:
                moves = candidate_moves(game, prune=False)
                for faces, _, _, _, can_bank in moves:
                    assert can_bank == (game.bank_refusal(game.indices_for(faces)) is None)
                faces = moves[-1][0]
                game.throw(game.indices_for(faces))


def test_decisions_are_fast_once_ready() -> None:
    import time

    rules = PRESETS["farkle"]
    player = make_player("expert", rules)
    player.prepare()
    times = []
    for seed in range(200):
        game = Game(rules, [Seat("a"), Seat("b")], seed=seed, first_seat=0)
        game.throw()
        if game.phase is Phase.CHOOSE:
            t0 = time.thread_time()
            player.choose_move(game)
            times.append(time.thread_time() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.005  # CPU time: generous for a loaded machine


def test_reach_rule_plays_legally(monkeypatch: pytest.MonkeyPatch) -> None:
    from tenthousand.ai.players import Expert

    monkeypatch.setattr(Expert, "weigh_reach", True)
    for preset in ("ten-thousand", "trash-10000"):
        rules = PRESETS[preset].with_options(game_point=1500)
        for seed in range(4):
            _checked_game(rules, ["expert", "max-expected"], seed)


def test_expert_challenges_the_leader_in_the_catch_up_and_needs_half_the_gap() -> None:
    game, dice = new_game("ten-thousand", "challenging", board=[9900, 8000])
    dice.add([1, 2, 3, 4, 6, 6])
    game.throw()
    game.bank(game.indices_for([1]))
    expert = make_player("expert", game.rules)
    assert game.stage == "catch-up" and expert.choose_challenge(game) == 0
    game.challenge(0)
    dice.add([1, 1, 1, 5, 5, 2])
    game.throw()
    d = expert.choose_move(game)
    assert d.bank  # 1,100 added to us and taken from the leader: 9,100 against 8,900


def test_rotary_expert_challenges_when_the_penalty_outweighs_its_pegging() -> None:
    rules = PRESETS["trash-5000"].with_options("rotary-club", "challenging")
    game = Game(rules, [Seat("a"), Seat("b")], seed=1, first_seat=0)
    game.board[:] = [400, 300]
    assert make_player("expert", rules).choose_challenge(game) == 1
    assert make_player("normal", rules).choose_challenge(game) is None
