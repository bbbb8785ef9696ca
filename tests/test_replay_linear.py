"""Building a replay takes time linear in the record's length (issue 26: it wrote the whole
log at every step, 463 s at 10,000 commands), tells its progress and can be cancelled; and
it shows exactly what the old stepping showed, at every step of a few recorded games."""

from __future__ import annotations

import gc
import json
import random
import time
from typing import Any

import pytest

from tenthousand.model import PRESETS, Event, Game, Seat
from tenthousand.model.persist import load_record
from tenthousand.model.record import Record
from tenthousand.present import replaying
from tenthousand.present.replaying import Cancelled, Progress, Replay, build, context
from tenthousand.tools import headless
from tenthousand.tools.headless import RandomPlayer, play_to_end
from tenthousand.tools.replay_bench import long_game


class _Dice:
    """A scripted dice source (its game's record writes the faces down)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, count: int) -> list[int]:
        return [self.rng.randint(1, 6) for _die in range(count)]


def _old_positions(record: Record) -> tuple[list[dict[str, Any]], list[int]]:
    """The replay as it was built before issue 26: every position saved in full, the
    whole log written at every step and then dropped (the reference to compare with)."""
    commands = record.commands
    game = record.game_at(0)
    if record.recorded_dice:
        game.dice_source = replaying._Faces(
            [f for c in commands if c.dice for t in c.dice for f in t])

    def position() -> dict[str, Any]:
        data = game.to_dict()
        data["log"] = data["log"][-1:] if game.over else []
        return data

    positions, ends = [position()], [len(game.log)]
    for command in commands:
        command.apply(game)
        positions.append(position())
        ends.append(len(game.log))
    return positions, ends


def _finished(preset: str, seats: list[Seat], seed: int, *options: str) -> Record:
    game = Game(PRESETS[preset].with_options(*options), seats, seed=seed)
    play_to_end(game, seed=seed)
    return game.record


def _scripted() -> Record:
    game = Game(PRESETS["farkle"], [Seat("Ann"), Seat("Bob"), Seat("Bot", True, "normal")],
                seed=5, dice=_Dice(5))
    play_to_end(game, seed=5)
    return game.record


def _shared_unfinished() -> Record:
    """An unfinished game given away (recorded dice, a start from a position), read back."""
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "expert")], seed=8)
    player = RandomPlayer(8)
    for _i in range(80):
        headless.step(game, player)
    assert not game.over
    return load_record(json.loads(json.dumps(game.record.shared_dict())))


RECORDS = {
    "person against expert": lambda: _finished(
        "ten-thousand", [Seat("Ann"), Seat("Bot", True, "expert")], 21),
    "challenging, three seats": lambda: _finished(
        "trash-5000", [Seat("Ann"), Seat("Cy", True, "normal"), Seat("Di")], 3,
        "challenging", "pyramiding"),
    "mutant trash": lambda: _finished(
        "trash-10000", [Seat("Ann"), Seat("Bot", True, "expert")], 4, "mutant-trash"),
    "scripted dice": _scripted,
    "shared before its end": _shared_unfinished,
    "read from a file": lambda: load_record(json.loads(json.dumps(_finished(
        "farkle", [Seat("Ann"), Seat("Bot", True, "normal")], 9).to_dict()))),
}


def _game_then(positions: list[dict[str, Any]], log: tuple[Event, ...], ends: list[int],
               step: int) -> Game:
    game = Game.from_dict(positions[step])
    game.log = list(log[:ends[step]])
    return game


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_every_step_shows_what_the_old_stepping_showed(name: str) -> None:
    record = RECORDS[name]()
    assert len(record) > 20
    old, ends = _old_positions(record)
    replay = build(record)
    assert replay.log_ends == ends
    assert len(replay.positions) == len(old) == replay.last + 1
    # In order, backwards, and by jumps (the slider), as the window asks for them.
    order = list(range(len(old))) + list(range(len(old) - 1, -1, -1)) + [
        (k * 37) % len(old) for k in range(len(old))]
    for step in order:
        assert replay.positions[step] == old[step], step
        shown = replay.game(step)
        before = _game_then(old, replay.log, ends, step)
        assert shown.to_dict() == before.to_dict()
        assert shown.log == before.log
        assert context(replay, step, shown) == context(replay, step, before)
        assert replay.game_over(step) == (old[step].get("phase") == "over")
        decision = replay.decision(step)
        if decision is not None:
            assert decision.position == old[step - 1]
    assert [d.position for _s, d in replay.decisions()] == [
        old[s - 1] for s, _d in replay.decisions()]
    assert replay.turns() and replay.positions[-1] == old[-1]


def test_the_decisions_are_those_of_the_steps_one_by_one() -> None:
    replay = build(RECORDS["person against expert"]())
    one_by_one = [(s, replay.decision(s)) for s in range(1, replay.last + 1)]
    assert replay.decisions() == [(s, d) for s, d in one_by_one if d is not None]


def test_building_writes_each_event_once_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old build wrote the whole log at every step: 2,000 commands wrote 3 million
    events (the square of the game's length); now the positions never write the log."""
    record = long_game(2_000).record
    written = [0]
    original = Event.to_dict

    def counted(self: Event) -> dict[str, Any]:
        written[0] += 1
        return original(self)

    monkeypatch.setattr(Event, "to_dict", counted)
    replay = build(record)
    for step in range(0, replay.last + 1, 97):
        replay.game(step)
    assert written[0] <= 100


def test_a_build_tells_its_progress_and_stops_when_cancelled() -> None:
    record = long_game(1_500).record
    progress = Progress()
    assert progress.share is None  # the total is not known yet
    replay = build(record, progress)
    assert progress.total == progress.done == 1_500 and progress.share == 1.0
    assert isinstance(replay, Replay)
    seen: list[int] = []

    class Stopping(Progress):
        def tell(self, done: int) -> None:
            seen.append(done)
            if done >= 512:
                self.cancel()
            super().tell(done)

    with pytest.raises(Cancelled):
        build(record, Stopping())
    assert seen == [0, 256, 512]


def test_a_long_record_builds_in_seconds(long_run: bool) -> None:
    """10,000 commands (100,000 with --long): the old build took 463 s at 10,000; a step
    is then shown in milliseconds wherever it is."""
    size = 100_000 if long_run else 10_000
    record = long_game(size).record
    t0 = time.perf_counter()
    replay = build(record)
    seconds = time.perf_counter() - t0
    assert replay.last == size
    assert seconds < size / 1_000  # about 0.1 s per 1,000 here; the old build 46 s
    times = []
    gc.collect()
    gc.disable()  # a collection of the whole heap is not the replay's doing
    try:
        for k in range(50):
            t0 = time.perf_counter()
            replay.game((k * 7919) % (size + 1))
            times.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    assert sorted(times)[25] < 0.05 and max(times) < 0.5  # about 9 ms and 50 ms here
