"""Rules under which a turn never ends (every die scores) or nobody can bank (a minimum no
turn reaches) are found, the workshop and the rule-file loader warn of them, and every
computer level banks when it cannot lose by banking (issue 26: a computer turn ran for
minutes)."""

from __future__ import annotations

import dataclasses

import pytest

from tenthousand.ai.moves import step, sure_bank
from tenthousand.files import rulefile
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.model.events import TurnStarted
from tenthousand.model.game import Phase
from tenthousand.model.rule_checks import (
    most_in_a_turn,
    never_trash,
    unreachable_minimum,
    warnings,
)
from tenthousand.present.workshop_draft import figures, figures_text
from tenthousand.solver.levels import make_player

#: Every face scores alone: no throw is ever trash.
EVERY_DIE = dataclasses.replace(PRESETS["ten-thousand"], title="Every die", single_two=50,
                                single_three=50, single_four=50, single_six=50)

#: Only five 1s score: a turn scores 5,000 at most, and the minimum asks 6,000.
_NONE = (None, None, None, None)
FIVE_ONES = dataclasses.replace(
    PRESETS["ten-thousand"], title="Five ones", single_one=0, single_five=0, straight=None,
    four_of_a_kind=None, five_of_a_kind=None, six_of_a_kind=None, kind_doubling=False,
    three_pairs=None, two_triplets=None, kinds=((None, None, 5000, None),) + (_NONE,) * 5, minimum=6000)


class _Dice:
    def __init__(self, *throws: tuple[int, ...]) -> None:
        self.throws = list(throws)

    def __call__(self, count: int) -> tuple[int, ...]:
        return self.throws.pop(0)[:count]


def test_a_rule_set_where_every_die_scores_never_trashes() -> None:
    assert never_trash(EVERY_DIE) and most_in_a_turn(EVERY_DIE) is None
    assert not any(never_trash(rules) for rules in PRESETS.values())
    said = warnings(EVERY_DIE)
    assert len(said) == 1 and "a turn ends only when its player banks" in said[0]


def test_a_minimum_no_turn_reaches_is_found() -> None:
    assert most_in_a_turn(FIVE_ONES) == 5000
    assert unreachable_minimum(FIVE_ONES) == (6000, 5000)
    said = warnings(FIVE_ONES)
    assert len(said) == 1 and "set the minimum to 5,000 or less" in said[0]
    assert unreachable_minimum(dataclasses.replace(FIVE_ONES, minimum=5000)) is None
    assert all(not warnings(rules) for rules in PRESETS.values())
    assert unreachable_minimum(FIVE_ONES.with_options("rotary-club")) is None


@pytest.mark.parametrize("rules", [EVERY_DIE, FIVE_ONES], ids=["every die", "five ones"])
def test_the_loader_takes_such_rules_and_warns(rules: object) -> None:
    assert isinstance(rules, type(EVERY_DIE))
    rule_set = rulefile.loads(rulefile.dumps(rules))
    assert rule_set.rules == rulefile.canonical(rules)
    assert rulefile.warnings(rule_set) == warnings(rules)
    assert not rulefile.warnings(rulefile.loads(rulefile.dumps(PRESETS["farkle"])))


def test_the_workshop_shows_the_warning_first() -> None:
    found = figures(EVERY_DIE)
    assert found.warnings == tuple(warnings(EVERY_DIE))
    assert figures_text(found)[0] == warnings(EVERY_DIE)[0]
    assert figures(PRESETS["ten-thousand"]).warnings == ()


@pytest.mark.parametrize("level", ["beginner", "normal", "max-expected", "expert", "perfect"])
def test_every_level_ends_its_turn_when_every_die_scores(level: str) -> None:
    players = [make_player(level, EVERY_DIE, seed=s) for s in range(2)]
    for player in players:
        player.prepare()
    game = Game(EVERY_DIE, [Seat("A", True, level), Seat("B", True, level)], seed=3)
    commands = longest = turn = 0
    while not game.over and commands < 3_000:
        before = len(game.log)
        step(game, players[game.current])
        commands += 1
        turn += 1
        if any(isinstance(e, TurnStarted) for e in game.log[before:]):
            longest, turn = max(longest, turn), 0
    assert game.over, f"{commands} commands and no end"
    assert longest <= 12  # throws until the minimum allows a bank, then the bank


def _at_the_game_point(*, catch_up: bool, below: bool = False) -> Game:
    """Seat 0 on 9,900 throws a lone 1: banking it reaches 10,000."""
    rules = dataclasses.replace(PRESETS["ten-thousand"], catch_up=catch_up,
                                starting_scores=(9000 if below else 9900, 0))
    game = Game(rules, [Seat("A", True, "beginner"), Seat("B", True, "beginner")],
                dice=_Dice((1, 2, 2, 3, 4, 6)), first_seat=0)
    game.throw()
    assert game.phase is Phase.CHOOSE
    return game


def test_a_bank_that_wins_the_game_is_made_by_every_level() -> None:
    game = _at_the_game_point(catch_up=False)
    move = sure_bank(game)
    assert move is not None and move.bank and move.freeze == game.indices_for((1,))
    # With a catch-up turn to come the bank does not end the game: the level chooses.
    assert sure_bank(_at_the_game_point(catch_up=True)) is None
    # Short of the game point, the level chooses too.
    short = _at_the_game_point(catch_up=False, below=True)
    assert short.board[0] + 100 < short.rules.game_point and sure_bank(short) is None


def test_the_rules_are_asked_only_about_banks_that_reach_the_game_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Short of the game point no freeze's bank is checked (a tenth of a simulated game
    went into checking them); at it, a bank the rules refuse is not made: in Trash a
    corner must be thrown, so freezing all six dice of a straight to reach 5,000 is no
    sure bank."""
    from tenthousand.model.play import Play

    asked: list[tuple[int, ...]] = []
    refusal = Play.bank_refusal

    def counting(self: Play, indices: tuple[int, ...] = ()) -> str | None:
        asked.append(tuple(indices))
        return refusal(self, indices)

    monkeypatch.setattr(Play, "bank_refusal", counting)
    short = _at_the_game_point(catch_up=False, below=True)
    assert sure_bank(short) is None and asked == []
    rules = dataclasses.replace(PRESETS["trash-5000"], starting_scores=(4000, 0))
    game = Game(rules, [Seat("A", True, "beginner"), Seat("B", True, "beginner")],
                dice=_Dice((1, 2, 3, 4, 5, 6)), first_seat=0)
    game.throw()
    assert game.legal_freezes()[0][1] >= 1000
    assert sure_bank(game) is None
    assert asked == [game.indices_for(game.legal_freezes()[0][0])]


def test_the_command_line_takes_such_rules_and_warns(tmp_path: object,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from tenthousand.cli import parse

    assert isinstance(tmp_path, Path)
    path = tmp_path / "every.toml"
    path.write_text(rulefile.dumps(EVERY_DIE), encoding="utf-8")
    parse(["--rules-file", str(path)])
    err = capsys.readouterr().err
    assert err.startswith("tenthousand: --rules-file: beware: ") and len(err.splitlines()) == 1
    assert "a turn ends only when its player banks" in err
