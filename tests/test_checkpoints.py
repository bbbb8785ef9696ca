"""Undo, redo and game_at from the record's checkpoints give the very game a replay from the
start gives: the same state, log, record and generator, and the same dice after; and they
play again only the commands since a checkpoint, which stay few in a long game."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_kit import compatible

from tenthousand.model import OPTION_NAMES, PRESETS, Game, IllegalAction, Seat, load_game
from tenthousand.model import checkpoints as cp
from tenthousand.model import record as record_module
from tenthousand.model.checkpoints import Checkpoints
from tenthousand.model.record import Record
from tenthousand.tools.headless import RandomPlayer, step

FIXTURES = Path(__file__).parent / "fixtures"
NOT_STATE = {"record", "dice_source", "listeners", "rng"}


def _count(long_run: bool, short: int, long: int) -> settings:
    return settings(max_examples=long if long_run else short, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


class Dice:
    """A scripted dice source whose state a test can set back (to throw the same dice for
    two games that share it)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, count: int) -> list[int]:
        return [self.rng.randint(1, 6) for _die in range(count)]


@contextmanager
def spacing(every: int, per_level: int) -> Iterator[None]:
    """Checkpoints every ``every`` commands, ``per_level`` of them a level (dense in short
    games, so that the thinning is tried too)."""
    saved = cp.SPACING, cp.PER_LEVEL
    cp.SPACING, cp.PER_LEVEL = every, per_level
    try:
        yield
    finally:
        cp.SPACING, cp.PER_LEVEL = saved


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A new game under any preset with any options (a game point up to 50,000 for long
    games), one to four seats, the first a person (whose games keep checkpoints), others
    people or computers; its dice from its generator or, now and then, from a scripted
    source (recorded dice)."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    options = set(compatible(sorted(draw(st.sets(st.sampled_from(OPTION_NAMES))))))
    seats_count = 2 if "mutant-trash" in options else draw(st.integers(1, 4))
    rules = PRESETS[preset].with_options(*sorted(options))
    if draw(st.booleans()):
        rules = rules.with_options(game_point=draw(st.sampled_from([20_000, 50_000])))
    seats = [Seat(f"P{i}", i > 0 and draw(st.booleans()), "normal")
             for i in range(seats_count)]
    seed = draw(st.integers(0, 2**32))
    dice = Dice(seed) if draw(st.integers(0, 4)) == 0 else None
    return Game(rules, seats, seed=seed, dice=dice)


def full(record: Record) -> Record:
    """The same record without checkpoints: its undo, redo and game_at replay the whole
    game from its start, as before there were checkpoints."""
    plain = copy.copy(record)
    plain._checkpoints = Checkpoints()
    return plain


def _dice_source(game: Game) -> Any:
    source = game.dice_source
    if isinstance(source, record_module._Playback):
        return ("playback", source.faces, id(source.then), source.rng is game.rng)
    return source


def assert_same(a: Game, b: Game) -> None:
    """Every field of two games, their generators, logs, dice sources and records."""
    state = {k: v for k, v in vars(a).items() if k not in NOT_STATE}
    assert state == {k: v for k, v in vars(b).items() if k not in NOT_STATE}
    assert a.rng.getstate() == b.rng.getstate()
    assert _dice_source(a) == _dice_source(b)
    assert a.listeners == b.listeners == []
    ra, rb = a.record, b.record
    assert ra.game is a and rb.game is b
    assert ra.to_dict() == rb.to_dict()
    assert (ra.start, ra.assisted, ra.branch, ra.recorded_dice, ra._log_start) == \
        (rb.start, rb.assisted, rb.branch, rb.recorded_dice, rb._log_start)
    assert ra._commands == rb._commands and ra._log_ends == rb._log_ends
    assert ra._redo == rb._redo
    assert ra.steps == rb.steps and ra.opening_events == rb.opening_events
    assert ra.undo_refusal({0}) == rb.undo_refusal({0})


def assert_same_dice_after(a: Game, b: Game, seed: int, moves: int = 25) -> None:
    """Played on alike, two games throw the same dice (a shared scripted source is set
    back between them)."""
    sources = {id(s): s for s in (a.dice_source, getattr(a.dice_source, "then", None))
               if isinstance(s, Dice)}
    saved = {k: s.rng.getstate() for k, s in sources.items()}
    logs = []
    for game in (a, b):
        for k, s in sources.items():
            s.rng.setstate(saved[k])
        player = RandomPlayer(seed)
        for _ in range(moves):
            if game.over:
                break
            step(game, player)
        logs.append((game.to_dict(), game.record.to_dict()))
    assert logs[0] == logs[1]


def _play(game: Game, moves: int, seed: int) -> None:
    player = RandomPlayer(seed, bank_chance=0.4)
    for _ in range(moves):
        if game.over:
            return
        step(game, player)


def _long_game(commands: int, dice: Dice | None = None) -> Game:
    rules = PRESETS["ten-thousand"].with_options(game_point=1_000_000)
    game = Game(rules, [Seat("You"), Seat("Bot", True)], seed=9, first_seat=0, dice=dice)
    _play(game, commands, 9)
    player = RandomPlayer(10)
    while game.current != 0:
        step(game, player)
    return game


Op = tuple[str, int]
ops = st.lists(st.tuples(st.sampled_from(["undo", "undo", "redo", "game_at", "play"]),
                         st.integers(0, 10**6)), min_size=1, max_size=8)


def _apply_op(game: Game, op: Op, humans: frozenset[int]) -> tuple[Game, Game] | None:
    """The op by checkpoints and by a whole replay; None when the rules refuse it."""
    name, n = op
    record = game.record
    try:
        if name == "undo":
            return record.undo(humans), full(record).undo(humans)
        if name == "redo":
            return record.redo(humans), full(record).redo(humans)
    except IllegalAction:
        with pytest.raises(IllegalAction):
            (full(record).undo if name == "undo" else full(record).redo)(humans)
        return None
    k = n % (len(record) + 1)
    if name == "game_at":
        return record.game_at(k), full(record).game_at(k)
    on, full_on = record.play_on(k), full(record).play_on(k)
    assert on.record.branch and full_on.record.branch
    full_on.record.branch = on.record.branch  # a new random token each time
    return on, full_on


def _check_ops(game: Game, operations: Sequence[Op], seed: int) -> None:
    """Each op by checkpoints and by a whole replay, on the game the last op gave."""
    humans = game.record.human_seats() or frozenset({0})
    last = None
    for i, op in enumerate(operations):
        pair = _apply_op(game, op, humans)
        if pair is None:
            continue
        ours, theirs = pair
        assert_same(ours, theirs)
        last = pair
        if op[0] == "play":
            _play(ours, op[1] % 40, seed + i)
            last = None
        game = ours
    again = full(game.record).game_at(len(game.record))
    assert again.to_dict() == game.to_dict() and again.log == game.log
    if last is not None:
        assert_same_dice_after(*last, seed)


@pytest.mark.parametrize("every, per_level", [(16, 8), (2, 2), (1, 1), (3, 1)])
def test_checkpoints_give_the_game_a_whole_replay_gives(long_run: bool, every: int,
                                                        per_level: int) -> None:
    @_count(long_run, 12, 300)
    @given(games(), st.integers(0, 2**16), st.integers(0, 700), ops)
    def check(game: Game, seed: int, moves: int, operations: list[Op]) -> None:
        with spacing(every, per_level):
            _play(game, moves, seed)
            _check_ops(game, operations, seed)

    check()


@pytest.mark.parametrize("name", ["savegame-v1.json", "savegame-v1-midturn.json"])
def test_a_game_resumed_from_an_old_save_undoes_as_a_replay_does(name: str) -> None:
    doc = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    with spacing(2, 2):
        game = load_game(doc)
        _play(game, 120, 3)
        if game.over:
            game = load_game(doc)
            _play(game, 30, 3)
        _check_ops(game, [("undo", 0), ("undo", 0), ("redo", 0), ("game_at", 7),
                          ("play", 21), ("undo", 0), ("game_at", 10**6)], 5)


def test_a_recorded_game_loaded_and_played_on_undoes_as_a_replay_does() -> None:
    """The dice of a loaded recorded game come from its generator once the recorded faces
    are used up, and a replay never moves that generator: nor do its checkpoints."""
    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], seed=4,
                dice=Dice(4))
    with spacing(3, 2):
        _play(game, 60, 1)
        loaded = load_game(json.loads(json.dumps(game.record.to_dict())))
        assert loaded.record.recorded_dice
        _play(loaded, 60, 2)
        _check_ops(loaded, [("undo", 0), ("game_at", 50), ("redo", 0), ("undo", 0),
                            ("play", 30), ("game_at", 10**6 - 1)], 7)


def test_checkpoints_never_enter_the_save() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], seed=2)
    _play(game, 300, 2)
    assert len(game.record._checkpoints) > 3
    text = json.dumps(game.record.to_dict())
    assert text == json.dumps(full(game.record).to_dict())
    assert set(json.loads(text)) == {"format", "rules", "seats", "start", "dice", "assisted",
                                     "commands"}
    assert load_game(json.loads(text)).record.to_dict() == game.record.to_dict()


@pytest.mark.parametrize("dice", [None, 5])
def test_a_long_game_undoes_and_steps_as_a_replay_does(dice: int | None) -> None:
    """Thousands of commands: undo and redo near the end, steps where the checkpoints have
    been thinned out, and play on from one."""
    game = _long_game(2500, Dice(dice) if dice is not None else None)
    assert len(game.record._checkpoints) > 30
    _check_ops(game, [("undo", 0), ("undo", 0), ("redo", 0), ("game_at", 2000),
                      ("game_at", 777), ("game_at", 131), ("undo", 0), ("play", 33),
                      ("undo", 0), ("game_at", 10**6 - 1)], 11)


def test_a_game_of_computers_alone_keeps_none() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("A", True), Seat("B", True)], seed=2)
    _play(game, 300, 2)
    assert len(game.record) > 100 and len(game.record._checkpoints) == 0
    assert_same(game.record.game_at(90), full(game.record).game_at(90))


# -- the cost ------------------------------------------------------------------------------


def test_undo_and_redo_play_again_only_the_last_few_commands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _long_game(3000)
    played = []
    real = record_module._apply
    monkeypatch.setattr(record_module, "_apply",
                        lambda g, c, i: (played.append(i), real(g, c, i))[1])
    back = game.record.undo({0})
    undone = len(game.record) - len(back.record)
    assert len(played) < cp.SPACING and min(played) > len(game.record) - undone - cp.SPACING
    played.clear()
    again = back.record.redo({0})
    assert again.to_dict() == game.to_dict()
    assert len(played) < cp.SPACING + undone
    played.clear()
    back.record.undo({0})  # from the game undo gave, which took its checkpoints along
    assert len(played) < cp.SPACING + 40
    played.clear()
    game.record.game_at(100)  # far back: the checkpoints there are thinner
    assert len(played) <= (len(game.record) - 100) // cp.PER_LEVEL + cp.SPACING


class _Point:
    def __init__(self, index: int) -> None:
        self.index = index


def test_checkpoints_stay_few_and_dense_near_the_end() -> None:
    points = Checkpoints()
    span = cp.SPACING * cp.PER_LEVEL
    for n in range(cp.SPACING, 200_001, cp.SPACING):
        points.add(_Point(n))  # type: ignore[arg-type]
        if n not in (1_024, 10_000, 50_000, 200_000):
            continue
        kept = [c.index for c in points.items]
        assert kept == sorted(kept) and kept[-1] == n
        assert len(kept) <= cp.PER_LEVEL * ((n // span + 1).bit_length() + 1)
        # A step d commands back replays fewer than 2 * (SPACING + d / PER_LEVEL).
        worst = 0.0
        for target in range(n, 0, -7):
            nearest = points.before(target)
            begin = 0 if nearest is None else nearest.index  # or from the start
            worst = max(worst, (target - begin) / (cp.SPACING + (n - target) / cp.PER_LEVEL))
        assert worst < 2
    assert len(points) < 100


def test_a_long_game_keeps_a_bounded_number_of_checkpoints() -> None:
    import sys

    game = _long_game(5000)
    items = game.record._checkpoints.items
    assert 20 < len(items) < 70
    # The generator's words packed: some 2.5 kB a checkpoint, not 20 kB of ints.
    assert all(c.rng is not None and sys.getsizeof(c.rng[1]) < 3000 for c in items)
