"""The five-dice game (issue 25): Farkle with five dice, a corner giving five fresh dice.

The rules language has the dice in play (``dice``: 6 or 5); the engine, the tables and the
solvers read "a throw of all the dice" where they read six.  Checked the way a player meets
it, in a rule file, and against computations that throw five dice on their own.
"""

from __future__ import annotations

import dataclasses
from importlib import resources

import pytest
from rules_kit import rolls

from tenthousand.ai import make_player, play_game
from tenthousand.ai.tables import tables_for
from tenthousand.files import rulefile
from tenthousand.model import scoring
from tenthousand.model.events import Corner, Event
from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS, Rules
from tenthousand.present import lines, rules_text
from tenthousand.present.workshop_draft import draft_of, read_draft
from tenthousand.solver import dice


def _five() -> Rules:
    ref = resources.files("tenthousand") / "resources" / "rules" / "five-dice-farkle.toml"
    return rulefile.loads(ref.read_text(encoding="utf-8")).rules


def _game(rules: Rules, *throws: tuple[int, ...]) -> Game:
    rolls = iter(throws)
    return Game(rules, [Seat("A"), Seat("B")], first_seat=0, dice=lambda n: next(rolls))


def test_a_turn_throws_five_dice_and_a_corner_gives_five_back() -> None:
    game = _game(_five(), (1, 5, 2, 2, 2), (2, 3, 4, 5, 6), (1, 1, 3, 4, 6))
    game.throw()
    assert len(game.thrown) == 5
    events = game.throw(game.indices_for((1, 5, 2, 2, 2)))  # all five: a corner
    corner = next(e for e in events if isinstance(e, Corner))
    assert corner.dice == 5 and corner.message(game.names).endswith("five fresh dice")
    cue = lines.cue(game, corner)
    assert cue is not None and cue.text == "Corner! Five fresh dice for A"
    assert game.thrown == (2, 3, 4, 5, 6) and game.turn_score == 350
    game.throw(game.indices_for((2, 3, 4, 5, 6)))  # the straight 2-6 on five dice
    assert game.turn_score == 1850 and game.thrown == (1, 1, 3, 4, 6)
    game.bank(game.indices_for((1, 1)))
    assert game.board[0] == 2050 and game.phase is Phase.START
    game.check_invariants()


def test_an_old_corner_event_reads_as_six_dice() -> None:
    old = {"type": "corner", "seat": 0, "turn_score": 500}
    assert Event.from_dict(old) == Corner(0, 500)
    assert Corner(0, 500).to_dict() == old
    assert Event.from_dict(Corner(1, 350, 5).to_dict()) == Corner(1, 350, 5)


def test_five_dice_never_offer_a_six_dice_counter() -> None:
    rules = dataclasses.replace(PRESETS["farkle"], dice=5)  # Farkle's table, five dice
    names = {k.name for k in scoring.counters(rules)}
    assert not names & {"a straight", "three pairs", "two triplets", "six 1s"}
    assert dice.throws(rules, 6) == dice.throws(rules, 5)  # all the dice: five
    assert "five of a kind" in " ".join(row[0] for row in rules_text.scoring_rows(rules))


def test_contradictions_of_the_five_dice_game_are_refused() -> None:
    for changes in ({"pyramiding": True}, {"mutant_trash": True}, {"no_score_six": 500},
                    {"short_straights_six_dice_only": True}, {"dice": 4}):
        with pytest.raises(ValueError):
            dataclasses.replace(_five(), **changes)
    text = rulefile.dumps(_five())
    with pytest.raises(rulefile.RuleFileError) as found:
        rulefile.loads(text.replace("pyramiding = false", "pyramiding = true"))
    assert found.value.line == next(i for i, line in enumerate(text.splitlines(), 1)
                                    if line.startswith("dice ="))
    with pytest.raises(rulefile.RuleFileError):
        rulefile.loads(text.replace("dice = 5", "dice = 7"))


def test_the_rule_file_round_trips_and_old_files_play_six_dice() -> None:
    rules = _five()
    assert rules.dice == 5 and rules.straight is None and rules.short_straight_low == 1500
    text = rulefile.dumps(rules, "five")
    assert rulefile.loads(text).rules == rules
    old = "\n".join(line for line in text.splitlines() if not line.startswith("dice ="))
    assert rulefile.loads(old).rules.dice == 6
    assert "dice" not in PRESETS["farkle"].to_dict()
    assert dataclasses.replace(PRESETS["farkle"]).to_dict() == PRESETS["farkle"].to_dict()


def test_the_rules_window_and_the_workshop_say_five_dice() -> None:
    words = dict(rules_text.rules_text(_five()))
    aim = next(text for title, text in words.items() if title.endswith("the aim"))
    assert aim.startswith("Five dice, one to nine players.")
    assert words["A turn"].startswith("Throw all five dice.")
    assert "you get all five back" in words["Turning the corner"]
    assert "six" not in " ".join(words.values()).lower().replace("six of", "")
    draft = draft_of(_five())
    assert draft["five_dice"] is True
    back, errors = read_draft(draft)
    assert not errors and back is not None and back.rules.dice == 5
    back, errors = read_draft({**draft, "five_dice": False})
    assert back is not None and back.rules.dice == 6


@pytest.mark.parametrize("level", ["beginner", "normal", "expert", "max-expected"])
def test_every_level_plays_whole_five_dice_games(level: str) -> None:
    rules = _five().with_options(game_point=2000)
    players = [make_player(level, rules, seed=1), make_player(level, rules, seed=2)]
    for seed in range(3):
        game = Game(rules, [Seat("A", level), Seat("B", level)], seed=seed)
        play_game(game, players)
        assert game.over
        game.check_invariants()
        assert all(len(e.dice) <= 5 for e in game.log if e.kind == "throw")  # type: ignore


# -- the tables and the solver against five dice thrown apart ------------------------------




def test_the_max_expected_turn_equals_five_dice_thrown_apart() -> None:
    rules = _five()
    table = tables_for(rules).expected_table(0)
    unit, top = table.unit, table.top
    groups = {}
    for n in range(1, 6):
        merged: dict[tuple[tuple[int, int], ...], float] = {}
        for p, found in rolls(rules, n, False):
            merged[tuple(found)] = merged.get(tuple(found), 0.0) + p
        groups[n] = list(merged.items())
    value: dict[tuple[int, int], float] = {}

    def after(t: int, left: int) -> float:
        if t > top:
            return float(t * unit)
        return max(value[(t, left)], float(t * unit))  # no minimum: bank when better

    for t in range(top, -1, -1):
        for left in range(5):
            value[(t, left)] = sum(p * max((after(t + pts // unit, lft) for pts, lft in found),
                                           default=0.0)
                                   for found, p in groups[left or 5])
    assert table.start == pytest.approx(value[(0, 0)], abs=1e-9)
    assert table.start == pytest.approx(355.14517, abs=1e-5)  # docs/perfect-play.md
    for t in (4, 10, 40):
        assert table.V[6][t] == pytest.approx(value[(t, 0)], abs=1e-9)  # slot 6: all five
        assert table.V[2][t] == pytest.approx(value[(t, 2)], abs=1e-9)


def test_perfect_play_equals_a_brute_force_throwing_five_dice() -> None:
    pytest.importorskip("numpy")
    from test_solver import BruteForce

    from tenthousand.solver import engine

    rules = _five().with_options(game_point=150, opening_minimum=100)
    force = BruteForce(rules, 50)
    # the brute force throws n dice for its slot n, six meaning all the dice: five
    force.rolls = {(n, f): rolls(rules, min(n, 5), f) for n in range(1, 7)
                   for f in (False, True)}
    first0, first1 = force.solve()
    sol = engine.solve(rules, extra=50, tol=1e-13)
    assert sol.normal(0, 0, 0) == pytest.approx(first0, abs=1e-10)
    assert sol.normal(1, 0, 0) == pytest.approx(first1, abs=1e-10)
    six = engine.solve(dataclasses.replace(rules, dice=6), extra=50, tol=1e-13)
    assert abs(six.normal(0, 0, 0) - sol.normal(0, 0, 0)) > 1e-3
