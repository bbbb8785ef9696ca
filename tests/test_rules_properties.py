"""Property-based checks (hypothesis): scoring laws over every multiset of dice, and whole
games played by random legal moves under random presets and options, with the state checked
after every command."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_kit import compatible, snapshot

from tenthousand.model import scoring
from tenthousand.model.events import (
    Banked,
    Discarded,
    Event,
    Frozen,
    GameOver,
    Pegged,
    Penalty,
    ScoreTaken,
    Thrown,
)
from tenthousand.model.game import Game, IllegalAction, Phase, Seat
from tenthousand.model.rules import OPTION_NAMES, PRESETS, Rules

PRESET_LIST = [PRESETS[name] for name in sorted(PRESETS)]
presets = st.sampled_from(PRESET_LIST)
dice_lists = st.lists(st.integers(1, 6), min_size=0, max_size=6)
firsts = st.booleans()
laws = settings(deadline=None)  # the first call builds a preset's score table


# -- scoring laws ---------------------------------------------------------------------------


@laws
@given(presets, dice_lists, dice_lists, firsts)
def test_counters_of_separate_dice_add_up(rules: Rules, a: list[int], b: list[int],
                                          first: bool) -> None:
    """Freezing two scoring sets together is worth at least both apart (best way, D-5)."""
    if len(a) + len(b) > 6:
        return
    sa = scoring.score(a, rules, first_throw=first)
    sb = scoring.score(b, rules, first_throw=first)
    if sa is not None and sb is not None:
        together = scoring.score(a + b, rules, first_throw=first)
        assert together is not None and together >= sa + sb


@laws
@given(presets, dice_lists, firsts)
def test_best_score_is_the_best_legal_freeze(rules: Rules, dice: list[int], first: bool) -> None:
    best = scoring.best_score(dice, rules, first_throw=first)
    freezes = scoring.legal_freezes(dice, rules, first_throw=first)
    assert best == (freezes[0][1] if freezes else 0)
    pool = sorted(dice)
    for faces, points in freezes:
        assert scoring.score(faces, rules, first_throw=first) == points > 0
        rest = list(pool)
        for f in faces:
            rest.remove(f)  # every freeze is made of the thrown dice
    if 1 in dice or 5 in dice:
        assert best >= 50
    exact = scoring.score(dice, rules, first_throw=first)
    if exact is not None:
        assert best >= exact


@laws
@given(presets, dice_lists, firsts)
def test_ones_and_fives_always_add(rules: Rules, dice: list[int], first: bool) -> None:
    if len(dice) >= 6:
        return
    base = scoring.score(dice, rules, first_throw=first)
    if base is None:
        return
    for single, value in ((1, rules.single_one), (5, rules.single_five)):
        more = scoring.score(dice + [single], rules, first_throw=first)
        assert more is not None and more >= base + value


@laws
@given(presets, dice_lists, firsts)
def test_later_throws_never_score_more_than_the_first(rules: Rules, dice: list[int],
                                                      first: bool) -> None:
    """Only first-throw counters differ (D-2); everything else counts on any throw (D-6)."""
    later = scoring.score(dice, rules, first_throw=False)
    on_first = scoring.score(dice, rules, first_throw=True)
    if later is not None:
        assert on_first is not None and on_first >= later
    if not rules.six_dice_first_throw_only:
        assert later == on_first


@laws
@given(presets, dice_lists, firsts)
def test_describe_names_the_counters_and_the_score(rules: Rules, dice: list[int],
                                                   first: bool) -> None:
    words = scoring.describe(dice, rules, first_throw=first)
    exact = scoring.score(dice, rules, first_throw=first)
    if not dice:
        assert words == "no dice selected"
    elif exact is None:
        assert words == scoring.why_not(dice, rules, first_throw=first)
        assert words != "these dice score"
    else:
        assert words.endswith(f"= {exact:,}")


def test_every_multiset_is_scored_the_same_in_any_order() -> None:
    rng = random.Random(7)
    for rules in PRESET_LIST:
        t = scoring.table(rules)
        for counts, value in t.exact_first.items():
            dice = list(scoring.dice_of(counts))
            rng.shuffle(dice)
            assert scoring.score(dice, rules) == value


# -- random games ---------------------------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> tuple[Rules, int]:
    base = draw(presets)
    options = compatible(draw(st.lists(st.sampled_from(OPTION_NAMES), unique=True,
                                       max_size=4)))
    if "mutant-trash" in options:
        seats = 2
    else:
        seats = draw(st.integers(1, 4))
    point = draw(st.sampled_from([500, 1000, 2000, 3000]))
    rules = base.with_options(*options, game_point=point)
    if rules.opening_minimum > point:
        rules = rules.with_options(opening_minimum=point)
    return rules, seats


def board_from_events(events: list[Event], board: list[int]) -> None:
    """Follow the board scores the events announce."""
    for e in events:
        if isinstance(e, (Banked, Pegged, ScoreTaken, Penalty)):
            board[e.seat] = e.board_score
        elif isinstance(e, Discarded):
            board[e.to_seat] = e.board_score


def play_random_game(rules: Rules, seats: int, seed: int, max_steps: int = 4000) -> Game:
    """Play a whole game by random legal choices, checking the rules after each step."""
    rng = random.Random(seed)
    game = Game(rules, [Seat(f"P{i}") for i in range(seats)], seed=seed)
    board = [0] * seats
    for _ in range(max_steps):
        if game.over:
            break
        before_board = list(game.board)
        seat = game.current
        if game.phase is Phase.START:
            slot = game.challenge_slot_for(seat)
            if slot is not None and seats > 1 and rng.random() < 0.3:
                target = rng.choice([s for s in range(seats) if s != seat])
                game.challenge(target)
            events = game.throw()
            assert isinstance(events[0], Thrown) or events[0].kind == "challenge"
        elif game.phase is Phase.CHOOSE:
            options = game.legal_freezes()
            assert options, "a throw left to choose from is never trash"
            if rng.random() < 0.2:
                check_refusal(game, rng)
            faces, points = rng.choice(options)
            idx = game.indices_for(faces)
            assert game.describe_selection(idx)[1] == points
            turn_before = game.turn_score
            corner = len(game.stretch_dice) + len(faces) == 6 and rules.corner_throw_mandatory
            if not rules.rotary_club and not corner:
                # what the view and the computer read as the bar agrees with the refusal
                assert (game.bank_refusal(idx) is None) == \
                    (turn_before + points >= game.minimum()), (turn_before, points)
            if game.bank_refusal(idx) is None and rng.random() < 0.5:
                events = game.bank(idx)
                banked = [e for e in events if isinstance(e, Banked)]
                assert banked and banked[0].points == turn_before + points
                assert banked[0].points >= game.rules.minimum_for(before_board[seat])
            else:
                events = game.throw(idx)
                frozen = [e for e in events if isinstance(e, Frozen)]
                assert frozen[0].points == points
        else:
            assert game.phase is Phase.DISCARD
            events = game.discard(rng.randrange(len(game.discard_choices)))
        board_from_events(events, board)
        assert board == game.board, events
        assert game.log[-len(events):] == events if events else True
        for e in events:
            assert e.message(game.names)  # every event can be told to the player
            assert Event.from_dict(e.to_dict()) == e
        game.check_invariants()
        if rng.random() < 0.03:  # every reachable position saves and loads, and plays on
            saved = game.to_dict()
            game = Game.from_dict(saved)
            assert game.to_dict() == saved
    else:
        pytest.fail(f"no end after {max_steps} steps: {rules.label}, seed {seed}")
    return game


def check_refusal(game: Game, rng: random.Random) -> None:
    """A random selection that is not a legal freeze is refused and changes nothing."""
    n = len(game.thrown)
    pick = tuple(i for i in range(n) if rng.random() < 0.5)
    faces = tuple(sorted(game.thrown[i] for i in pick))
    legal = {f for f, _ in game.legal_freezes()}
    if faces in legal:
        return
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.throw(pick)
    with pytest.raises(IllegalAction):
        game.bank(pick)
    assert snapshot(game) == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets(), st.integers(0, 2**32 - 1))
def test_random_games_keep_every_rule(rs: tuple[Rules, int], seed: int) -> None:
    rules, seats = rs
    game = play_random_game(rules, seats, seed)
    result = game.result
    assert isinstance(result, GameOver) and game.log[-1] is result
    scores = game.board
    winner_score = min(scores) if rules.rotary_club else max(scores)
    assert scores[result.seat] == winner_score
    assert sorted(scores, reverse=not rules.rotary_club) == [r[2] for r in result.ranking]
    assert game.reacher is not None and max(scores) >= rules.game_point or (
        # a challenge or a penalty may pull the reacher back below the game point
        rules.challenging or rules.three_trash or rules.mutant_trash)
    if seats > 1:
        # D-9: nobody shares first place at the end
        assert scores.count(winner_score) == 1
    assert sum(game.turns_taken) == result.turns
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_many_random_games(long_run: bool) -> None:
    """The same, over every preset and option alone, more games with --long."""
    games = 10 if long_run else 1
    for preset in PRESET_LIST:
        for option in (None, *OPTION_NAMES):
            rules = preset.with_options(*(() if option is None else (option,)),
                                        game_point=2000 if not long_run else preset.game_point)
            seats = 2 if option == "mutant-trash" else 3
            for seed in range(games):
                play_random_game(rules, seats, seed, max_steps=100000 if long_run else 6000)
