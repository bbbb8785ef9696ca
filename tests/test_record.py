"""A game is its record: replayed, it is the same game; undo and redo take back and give
back exactly; wrong-typed commands are refused like any illegal move."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_kit import compatible

from tenthousand.model import (
    OPTION_NAMES,
    PRESETS,
    BadSave,
    Game,
    IllegalAction,
    Phase,
    Seat,
    load_game,
    load_record,
    transcript,
)
from tenthousand.model.events import Thrown
from tenthousand.tools.headless import RandomPlayer, play_to_end, step


def _count(long_run: bool, short: int, long: int) -> settings:
    return settings(max_examples=long if long_run else short, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A new game under any preset with any options, one to four seats, some of them
    people."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    options = set(compatible(sorted(draw(st.sets(st.sampled_from(OPTION_NAMES))))))
    seats_count = 2 if "mutant-trash" in options else draw(st.integers(1, 4))
    rules = PRESETS[preset].with_options(*sorted(options))
    seats = [Seat(f"P{i}", draw(st.booleans()), "normal") for i in range(seats_count)]
    return Game(rules, seats, seed=draw(st.integers(0, 2**32)))


def _through_json(game: Game) -> Game:
    return load_game(json.loads(json.dumps(game.record.to_dict())))


# -- replay ---------------------------------------------------------------------------------


def test_every_rule_set_replays_to_the_same_game(long_run: bool) -> None:
    @_count(long_run, 30, 1000)
    @given(games(), st.integers(0, 2**16), st.integers(0, 400))
    def check(game: Game, seed: int, moves: int) -> None:
        player = RandomPlayer(seed, bank_chance=0.4)
        for _ in range(moves):
            if game.over:
                break
            step(game, player)
        again = _through_json(game)
        assert again.to_dict() == game.to_dict()  # board, turn, dice, generator, match
        assert again.log == game.log  # every event
        assert again.record.to_dict() == game.record.to_dict()
        # Both go on with the same dice.
        for _ in range(20):
            if game.over:
                break
            step(game, RandomPlayer(seed))
            step(again, RandomPlayer(seed))
        assert again.to_dict() == game.to_dict()

    check()


def test_steps_hold_every_event_after_the_opening() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True)], seed=4)
    play_to_end(game, RandomPlayer(4))
    record = game.record
    steps = record.steps
    assert len(steps) == len(record) > 10
    events = list(record.opening_events) + [e for s in steps for e in s.events]
    assert events == game.log
    assert all(s.events for s in steps)
    assert {s.human for s in steps} == {True, False}
    assert all(s.human == (s.seat == 0) for s in steps)
    assert [s.index for s in steps] == list(range(1, len(steps) + 1))
    assert record.human_seats() == {0}


def test_game_at_is_the_game_after_that_many_commands() -> None:
    game = Game(PRESETS["trash-5000"].with_options("challenging"),
                [Seat("A"), Seat("B", True), Seat("C")], seed=11)
    player = RandomPlayer(2)
    states = [game.to_dict()]
    for _ in range(60):
        step(game, player)
        states.append(game.to_dict())
    for k in (0, 1, 7, 30, 60):
        assert game.record.game_at(k).to_dict() == states[k]
    with pytest.raises(ValueError):
        game.record.game_at(61)
    on = game.record.play_on(30)
    assert on.record.assisted and not game.record.assisted
    assert on.to_dict() == states[30] and len(on.record) == 30


def test_a_game_played_on_is_a_game_of_its_own() -> None:
    """Played on from a replay, a game has its own history key (the original, stored as
    finished or abandoned, stays), which survives a save, an undo and a second play-on."""
    from tenthousand.history.summary import game_key

    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", computer=True)], seed=5)
    player = RandomPlayer(3)
    for _ in range(40):
        step(game, player)
    on = game.record.play_on(20)
    key = game_key(on.record)
    assert key != game_key(game.record)
    assert game_key(game.record.play_on(20).record) not in (key, game_key(game.record))
    for _ in range(10):
        step(on, player)
    assert game_key(on.record) == key
    loaded = load_record(json.loads(json.dumps(on.record.to_dict())))
    assert game_key(loaded) == key and loaded.branch == on.record.branch
    assert game_key(on.record.undo({0, 1}).record) == key
    assert "branch" not in game.record.to_dict()  # an ordinary record is written as before
    bad = dict(on.record.to_dict(), branch="../x")
    with pytest.raises(BadSave):
        load_record(bad)


def test_a_record_is_the_same_text_for_the_same_game() -> None:
    def play() -> str:
        game = Game(PRESETS["farkle"], [Seat("Solo")], seed=99)
        play_to_end(game, RandomPlayer(1))
        return json.dumps(game.record.to_dict())

    text = play()
    assert text == play()
    data = json.loads(text)
    assert data["start"]["seed"] == 99 and data["format"] == 2
    assert "time" not in text


def test_a_rematch_records_its_own_start() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B")], seed=3)
    play_to_end(game, RandomPlayer(3))
    nxt = game.rematch()
    play_to_end(nxt, RandomPlayer(4))
    again = _through_json(nxt)
    assert again.to_dict() == nxt.to_dict() and again.log == nxt.log
    assert "rng" in nxt.record.to_dict()["start"]  # a generator already in use: its state
    assert again.match_points == nxt.match_points and again.games_played == 2


def test_a_record_that_cannot_be_played_again_is_refused() -> None:
    from tenthousand.model import BadSave

    game = Game(PRESETS["ten-thousand"], [Seat("A"), Seat("B")], seed=3)
    for _ in range(6):
        step(game, RandomPlayer(3))
    data = game.record.to_dict()
    data["commands"][0] = {"seat": data["commands"][0]["seat"], "bank": []}
    with pytest.raises(BadSave, match="cannot be played"):
        load_record(data)
    data["commands"][0] = {"seat": 7, "throw": []}
    with pytest.raises(BadSave):
        load_record(data)


def test_the_transcript_says_every_event_in_words() -> None:
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bot", True, "expert")], seed=8)
    play_to_end(game, RandomPlayer(8))
    text = transcript(game.record)
    for event in game.log:
        assert event.message(game.names) in text
    assert "Ann: person" in text and "Bot: computer (expert)" in text
    assert "Dice seed: 8" in text
    assert "not finished" not in text


# -- undo and redo --------------------------------------------------------------------------


def _play_with_states(game: Game, moves: int, seed: int) -> list[dict[str, Any]]:
    """Play on; returns the game's saved form before each command."""
    states = []
    player = RandomPlayer(seed, bank_chance=0.3)
    for _ in range(moves):
        if game.over:
            break
        states.append(game.to_dict())
        step(game, player)
    return states


def test_undo_restores_the_state_before_the_decision_and_redo_gives_it_back(
        long_run: bool) -> None:
    @_count(long_run, 20, 600)
    @given(games(), st.integers(0, 2**16), st.integers(1, 150), st.integers(1, 4))
    def check(game: Game, seed: int, moves: int, undos: int) -> None:
        humans = game.record.human_seats()
        states = _play_with_states(game, moves, seed)
        if game.over:
            with pytest.raises(IllegalAction, match="over"):
                game.record.undo(humans)
            return
        history = [game]
        for _ in range(undos):
            current = history[-1]
            if current.record.undo_refusal(humans) is not None:
                with pytest.raises(IllegalAction):
                    current.record.undo(humans)
                break
            back = current.record.undo(humans)
            k = len(back.record)
            assert current.record.commands[k].seat in humans  # a human's decision...
            assert all(c.seat not in humans for c in current.record.commands[k + 1:])
            assert back.to_dict() == states[k]  # ...taken back exactly
            assert back.log == game.log[:len(back.log)]
            assert back.record.assisted
            history.append(back)
        # Redo, step by step, gives back every state on the way, up to the game itself.
        for earlier, later in zip(reversed(history), list(reversed(history))[1:], strict=False):
            again = earlier.record.redo(humans)
            assert again.to_dict() == later.to_dict()
            assert again.log == later.log
        # A replay of the assisted record is the same game again.
        last = history[-1]
        assert _through_json(last).to_dict() == last.to_dict()
        assert _through_json(last).record.assisted is (len(history) > 1)

    check()


def test_the_same_decision_after_undo_throws_the_same_dice() -> None:
    for seed in range(100):  # a first throw that is not trash
        game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], seed=seed,
                    first_seat=0)
        game.throw()
        if game.phase is Phase.CHOOSE:
            break
    faces, _ = game.legal_freezes()[0]
    before = game.to_dict()
    events = game.throw(game.indices_for(faces))
    back = game.record.undo({0})
    assert back.to_dict() == before
    assert back.throw(back.indices_for(faces)) == events


def test_scripted_dice_come_back_the_same_after_undo() -> None:
    throws = iter([[1, 2, 3, 4, 6, 6], [5, 2, 3, 4, 6], [1, 1, 1, 2]] + [[2, 3, 4, 6, 6, 2]] * 50)

    def dice(count: int) -> list[int]:
        out = next(throws)
        return (out * 2)[:count]

    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], dice=dice,
                first_seat=0, seed=1)
    game.throw()
    game.throw([0])
    before = game.to_dict()
    thrown = game.throw([0])
    back = game.record.undo({0})
    assert back.to_dict() == before
    assert back.throw([0]) == thrown
    data = json.loads(json.dumps(game.record.to_dict()))
    assert data["dice"] == "recorded"
    assert load_game(data).to_dict() == game.to_dict()


def test_undo_takes_back_the_computer_turns_played_since() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], seed=5,
                first_seat=0)
    game.throw()
    faces, _ = game.legal_freezes()[0]
    while game.current == 0 and not game.over:  # the human plays their turn out
        if game.phase is Phase.START:
            break
        if game.bank_refusal(game.indices_for(faces)) is None:
            game.bank(game.indices_for(faces))
            break
        game.throw(game.indices_for(game.legal_freezes()[0][0]))
        if game.phase is Phase.CHOOSE:
            faces = game.legal_freezes()[0][0]
    play = RandomPlayer(1)
    while game.current == 1:
        step(game, play)
    human_commands = [i for i, c in enumerate(game.record.commands) if c.seat == 0]
    assert game.record.commands[-1].seat == 1 and human_commands[-1] < len(game.record) - 1
    back = game.record.undo({0})
    assert len(back.record) == human_commands[-1]
    assert back.current == 0
    again = back.record.redo({0})
    assert again.to_dict() == game.to_dict()


def test_refusals() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], seed=5,
                first_seat=1)
    with pytest.raises(IllegalAction, match="nothing of yours to undo"):
        game.record.undo({0})
    with pytest.raises(IllegalAction, match="nothing to redo"):
        game.record.redo({0})
    step(game, RandomPlayer(1))
    # A demo: nobody is human, nothing is anyone's to undo.
    assert game.record.undo_refusal(set()) is not None
    assert game.record.undo_refusal({1}) is None


def test_a_new_command_after_undo_drops_the_redo() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("You")], seed=5)
    game.throw()
    back = game.record.undo({0})
    assert back.record.redo_refusal() is None
    back.throw()
    assert back.record.redo_refusal() == "there is nothing to redo"
    with pytest.raises(IllegalAction):
        back.record.redo({0})


def test_undo_reaches_back_to_a_migrated_start_and_no_further() -> None:
    from pathlib import Path

    doc = json.loads((Path(__file__).parent / "fixtures" / "savegame-v1.json").read_text())
    game = load_game(doc)
    assert game.record.undo_refusal({0}) is not None
    human = game.current == 0
    step(game, RandomPlayer(1))
    if human:
        back = game.record.undo({0})
        assert back.to_dict() == load_game(doc).to_dict()


def test_a_resumed_game_never_changes_its_start() -> None:
    """A game loaded from a position has lists of its own: playing on changes neither the
    document nor its record's start, which every replay from the start loads again."""
    from pathlib import Path

    doc = json.loads((Path(__file__).parent / "fixtures" / "savegame-v1.json").read_text())
    text = json.dumps(doc)
    game = load_game(doc)
    start = json.dumps(game.record.start.to_dict())
    for played in (game, game.record.replay()):
        player = RandomPlayer(1)
        for _ in range(40):
            if played.over:
                break
            step(played, player)
        assert json.dumps(doc) == text
        assert json.dumps(game.record.start.to_dict()) == start


# -- wrong-typed commands -------------------------------------------------------------------

WRONG = [None, 3, -1, 2.5, "x", "01", b"ab", True, object(), {"a": 1}, {0: 1}, [None], ["1"],
         [1.0], [True], [[0]], (0, 0), [7], [-1], 10**30, float("nan")]


@pytest.mark.parametrize("phase", ["start", "choose", "discard", "over"])
@pytest.mark.parametrize("command", ["throw", "bank", "discard", "challenge"])
def test_wrong_types_are_illegal_actions_not_type_errors(phase: str, command: str) -> None:
    rules = PRESETS["ten-thousand"].with_options("challenging", "mutant-trash")
    game = Game(rules, [Seat("A"), Seat("B")], seed=2)
    player = RandomPlayer(2, bank_chance=1.0)
    for _ in range(10_000):
        if game.phase.value == phase:
            break
        step(game, player)
    assert game.phase.value == phase
    before = json.dumps(game.to_dict())
    commands = len(game.record)
    for value in WRONG:
        with pytest.raises(IllegalAction):
            getattr(game, command)(value)
        assert json.dumps(game.to_dict()) == before  # and nothing changed
    assert len(game.record) == commands


def test_scripted_dice_thrown_events_match_the_record() -> None:
    game = Game(PRESETS["farkle"], [Seat("Solo")], dice=lambda n: [1] * n, seed=1)
    game.throw()
    assert game.record.commands[0].dice == tuple(e.dice for e in game.log
                                                  if isinstance(e, Thrown))


# -- the simulator's records ----------------------------------------------------------------


def test_the_simulator_writes_the_same_records_for_the_same_seed(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from tenthousand.files import records
    from tenthousand.tools import sim

    args = ["games", "--rules", "trash-5000", "--option", "challenging",
            "--players", "beginner,normal,beginner", "--games", "4", "--seed", "5"]
    assert sim.main(args + ["--records", str(tmp_path / "a")]) == 0
    assert sim.main(args + ["--records", str(tmp_path / "b")]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == [f"game-0000{i}.json" for i in range(1, 5)]
    wins = [0, 0, 0]
    for name in names:
        a, b = (tmp_path / "a" / name).read_bytes(), (tmp_path / "b" / name).read_bytes()
        assert a == b
        record = records.read_record(tmp_path / "a" / name)
        assert record.game is not None and record.game.over
        assert record.game.result is not None
        wins[record.game.result.seat] += 1
    assert wins == out[0]["wins"] == out[1]["wins"]
