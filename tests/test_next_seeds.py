"""Every game's seed comes from the operating system's randomness, even when the first game
was given ``--seed`` (issue 41, "Next games"): a friend who saw game 1's seed revealed must
learn nothing of game 2's dice.  ``--seed`` seeds one game."""

from __future__ import annotations

import random

from tenthousand.control.game import GameCommands
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS


def _commands(seed: int | None) -> GameCommands:
    commands = GameCommands.__new__(GameCommands)  # (only its seed is read here)
    commands.seed = seed
    return commands


def test_the_next_game_of_a_seeded_first_game_has_a_seed_of_its_own() -> None:
    commands = _commands(1234)
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=1234)
    seeds = {commands.next_game(game).record.start.seed for _i in range(5)}
    # Not the one that followed from the revealed seed (what the old code gave)...
    assert random.Random(1234).getrandbits(63) not in seeds
    # ...and not any fixed function of it: five next games, five seeds.
    assert len(seeds) == 5 and None not in seeds


def test_the_command_lines_seed_seeds_one_game() -> None:
    commands = _commands(99)
    assert commands.take_seed() == 99
    assert commands.take_seed() is None
    assert commands.seed is None
