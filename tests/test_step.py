"""The one game step every front end shares (tenthousand.ai.moves): what a player is asked
in each phase, and how its move becomes engine commands."""

from __future__ import annotations

import pytest
from rules_kit import new_game

from tenthousand.ai import Decision, make_player, play_game
from tenthousand.ai.moves import Move, apply, commands, decide, step
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.model.events import Challenged, Event, Thrown
from tenthousand.model.game import IllegalAction, Phase
from tenthousand.tools import headless
from tenthousand.tools.headless import RandomPlayer


class Eager(RandomPlayer):
    """A player who challenges the best other seat every time it is asked, and records
    what it was asked."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, bank_chance=0.7)
        self.asked: list[str] = []

    def choose_challenge(self, game: Game) -> int | None:
        self.asked.append("challenge")
        others = [s for s in range(len(game.seats)) if s != game.current]
        return max(others, key=lambda s: game.board[s])

    def choose_move(self, game: Game) -> Decision:
        self.asked.append("move")
        return super().choose_move(game)

    def choose_discard(self, game: Game) -> int:
        self.asked.append("discard")
        return super().choose_discard(game)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_a_challenge_comes_before_the_throw_in_one_move() -> None:
    # RULES.md: "at the start of a turn, before throwing, a player may challenge".
    game, dice = new_game("trash-5000", "challenging", throws=[[1, 1, 1, 2, 3, 4]])
    player = Eager(1)
    move = decide(game, player)
    assert move == Move(Phase.START, challenge=1)
    assert game.phase is Phase.START and game.challenge_target is None  # only asked
    events = apply(game, move)
    assert kinds(events) == ["challenge", "throw"]
    assert events[0] == Challenged(0, 1, 500)
    assert game.phase is Phase.CHOOSE and game.challenge_target == 1
    # The turn goes on with a move at Phase.CHOOSE; the challenge is not asked again.
    assert decide(game, player).phase is Phase.CHOOSE
    assert player.asked == ["challenge", "move"]


def test_no_challenge_is_asked_when_none_is_open() -> None:
    player = Eager(1)
    game, _ = new_game("trash-5000")  # challenging is off
    assert decide(game, player) == Move(Phase.START)
    game, dice = new_game("trash-5000", "challenging")
    game.challenge(1)  # made by hand this turn: a second one would be refused
    assert decide(game, player) == Move(Phase.START)
    dice.add([2, 3, 4, 6, 2, 3])
    game.throw()  # trash: the first challenge is spent (and paid for)
    dice.add([2, 3, 4, 6, 2, 3])
    game.throw()
    assert game.current == 0 and game.challenge_slot_for(0) is None
    assert decide(game, player) == Move(Phase.START)
    assert player.asked == []


@pytest.mark.parametrize("preset, options", [
    ("trash-5000", ("challenging",)),
    ("ten-thousand", ("challenging", "surpassing")),
    ("trash-10000", ("challenging", "mutant-trash")),
    ("trash-5000", ("challenging", "rotary-club")),
])
def test_a_player_who_always_wants_to_challenge_plays_whole_games(
        preset: str, options: tuple[str, ...]) -> None:
    # Every copy of this loop before the shared one broke here: one asked again after the
    # challenge (and challenged twice), others asked when the challenge was spent.
    rules = PRESETS[preset].with_options(*options)
    for seed in range(6):
        players = [Eager(seed), Eager(seed + 100)]
        game = Game(rules, [Seat("A", True), Seat("B", True)], seed=seed)
        play_game(game, players, max_steps=20_000)
        made = [e for e in game.log if isinstance(e, Challenged)]
        assert made, "an eager player challenges at its first chance"
        for seat in (0, 1):
            assert sum(1 for e in made if e.seat == seat) <= 2
        for i, event in enumerate(game.log):  # each challenge is followed by its throw
            if isinstance(event, Challenged):
                assert isinstance(game.log[i + 1], Thrown)
                assert game.log[i + 1].seat == event.seat


def test_commands_one_by_one_make_the_same_game_as_apply() -> None:
    rules = PRESETS["trash-10000"].with_options("challenging", "mutant-trash")
    seats = [Seat("A", True), Seat("B", True)]
    whole, split = Game(rules, seats, seed=5), Game(rules, seats, seed=5)
    players_whole, players_split = [Eager(1), Eager(2)], [Eager(1), Eager(2)]
    two_part = 0
    while not whole.over:
        move = decide(whole, players_whole[whole.current])
        assert decide(split, players_split[split.current]) == move
        parts = commands(split, move)
        two_part += len(parts) == 2
        assert len(parts) == (2 if move.challenge is not None else 1)
        events = apply(whole, move)
        assert [e for part in parts for e in part()] == events
        assert split.to_dict() == whole.to_dict()
    assert two_part >= 2


def test_a_move_for_another_phase_is_refused_and_changes_nothing() -> None:
    game, dice = new_game("ten-thousand", throws=[[1, 5, 2, 3, 4, 6]])
    stale = decide(game, Eager(1))  # the start of the turn: throw
    game.throw()
    before = game.to_dict()
    with pytest.raises(ValueError, match="phase 'start'"):
        apply(game, stale)
    with pytest.raises(ValueError, match="phase 'start'"):
        for part in commands(game, Move(Phase.START, challenge=1)):
            part()
    assert game.to_dict() == before


def test_an_illegal_move_is_refused_by_the_engine() -> None:
    game, _ = new_game("ten-thousand", throws=[[1, 5, 2, 3, 4, 6]])
    game.throw()
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="does not score"):
        apply(game, Move(Phase.CHOOSE, freeze=(2,), bank=False))  # a lone 2
    assert game.to_dict() == before


def test_each_phase_asks_its_own_question() -> None:
    game, dice = new_game("trash-5000", "mutant-trash", throws=[[1, 1, 1, 2, 3, 4]])
    player = Eager(3)
    step(game, player)  # no challenging: just the throw
    assert player.asked == []
    move = decide(game, player)
    assert move.phase is Phase.CHOOSE and player.asked == ["move"]
    apply(game, Move(Phase.CHOOSE, freeze=game.indices_for((1, 1, 1)), bank=True))
    assert game.phase is Phase.DISCARD
    move = decide(game, player)
    assert move.phase is Phase.DISCARD and move.discard in range(3)
    apply(game, move)
    assert game.current == 1 and game.play_area == [1]
    assert player.asked == ["move", "discard"]


def test_nothing_is_decided_after_the_game() -> None:
    game, dice = new_game("farkle", seats=1, game_point=500,
                          throws=[[1, 1, 1, 2, 3, 4]])
    game.throw()
    step(game, _Banker())
    assert game.over
    with pytest.raises(ValueError, match="over"):
        decide(game, Eager(1))


class _Banker(RandomPlayer):
    def choose_move(self, game: Game) -> Decision:
        return Decision(game.indices_for(game.legal_freezes()[0][0]), True)


def test_headless_makes_one_command_per_step_and_asks_about_a_challenge_once() -> None:
    game, dice = new_game("trash-5000", "challenging", throws=[[2, 3, 4, 6, 2, 3]])
    player = Eager(1)
    assert kinds(headless.step(game, player)) == ["challenge"]
    assert game.phase is Phase.START and game.challenge_target == 1
    # The throw the challenge promised: decided again, and the player is not asked again.
    assert kinds(headless.step(game, player)) == ["throw", "trash", "penalty", "turn"]
    assert player.asked == ["challenge"] and game.board == [-500, 0]


def test_headless_play_to_end_saves_after_every_command() -> None:
    rules = PRESETS["trash-5000"].with_options("challenging")
    game = Game(rules, [Seat("A", True), Seat("B", True)], seed=3)
    seen: list[int] = []
    made = headless.play_to_end(game, [Eager(1), Eager(2)].__getitem__,
                                after=lambda g: seen.append(len(g.log)))
    assert made == len(seen) and game.over
    assert any(isinstance(e, Challenged) for e in game.log)
    assert seen == sorted(set(seen))  # each command was followed by its own save


def test_every_front_end_plays_the_same_game() -> None:
    """ai.play_game and the headless driver both play through the shared step: with the
    same players and dice they make the same game, challenges and all."""
    rules = PRESETS["trash-5000"].with_options("challenging")
    seats = [Seat("A", True, "normal"), Seat("B", True, "expert")]
    games = []
    for drive in ("ai", "headless"):
        players = [make_player("normal", rules, seed=3), make_player("expert", rules, seed=4)]
        for p in players:
            p.prepare()
        game = Game(rules, seats, seed=11)
        if drive == "ai":
            play_game(game, players)
        else:
            headless.play_to_end(game, players.__getitem__)
        games.append(game.to_dict())
    assert games[0] == games[1]
    assert any(e["type"] == "challenge" for e in games[0]["log"])
