"""A record of a game played with real dice keeps that, and the name of the set."""

from __future__ import annotations

import itertools
import json

import pytest

from tenthousand.model import Game, Seat, persist
from tenthousand.model.position import BadSave
from tenthousand.model.record import Network
from tenthousand.model.rules import PRESETS


def _real_game(dice_set: str) -> Game:
    faces = itertools.cycle([1, 1, 5, 2, 3, 4, 6, 2])
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], first_seat=0,
                dice=lambda n: [next(faces) for _die in range(n)])
    game.record.real_dice = dice_set
    game.throw()
    game.throw(game.indices_for((1, 1)))
    return game


def test_the_set_survives_a_save_an_undo_and_a_shared_copy() -> None:
    game = _real_game("Blue set")
    data = json.loads(json.dumps(game.record.to_dict()))
    assert data["dice"] == "real" and data["dice_set"] == "Blue set"
    record = persist.load_record(data)
    assert record.real_dice == "Blue set" and record.recorded_dice
    assert record.game is not None and record.game.thrown == (6, 2, 1, 1)
    assert record.undo({0, 1}).record.real_dice == "Blue set"
    assert record.shared_dict()["dice"] == "real"


def test_a_program_dice_record_has_no_set() -> None:
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=3)
    game.throw()
    data = game.record.to_dict()
    assert data["dice"] == "generator" and "dice_set" not in data
    assert persist.load_record(data).real_dice is None


@pytest.mark.parametrize("name", [7, "x" * 41, "bad\x00name"])
def test_a_bad_set_name_is_refused(name: object) -> None:
    data = _real_game("Blue").record.to_dict()
    data["dice_set"] = name
    with pytest.raises(BadSave, match="dice_set"):
        persist.load_record(data)


@pytest.mark.parametrize("mark", [Network("host"), Network("player", 1), Network("watcher")])
def test_a_network_game_keeps_how_this_screen_took_part(mark: Network) -> None:
    game = _real_game("Blue")
    game.record.network = mark
    record = persist.load_record(json.loads(json.dumps(game.record.to_dict())))
    assert record.network == mark
    assert record.undo({0, 1}).record.network == mark


@pytest.mark.parametrize("value", [{"role": "player"}, {"role": "boss"}, {"role": "player",
                                   "seat": 5}, {"role": "host", "seat": True}, "host"])
def test_a_bad_network_mark_is_refused(value: object) -> None:
    data = _real_game("Blue").record.to_dict()
    data["network"] = value
    with pytest.raises(BadSave, match="network"):
        persist.load_record(data)
