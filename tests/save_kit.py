"""Helpers for the save-file tests: valid saved games in many states, and checks."""

from __future__ import annotations

import functools
import random
import re
from typing import Any

from tenthousand.model import PRESETS, Game, Seat, load_game
from tenthousand.tools.headless import RandomPlayer, play_to_end, step

#: Rule sets the samples cover: every preset, and every option somewhere.
RULE_SETS: list[tuple[str, tuple[str, ...], int]] = [
    ("ten-thousand", (), 2),
    ("trash-5000", ("challenging",), 3),
    ("trash-10000", ("pyramiding", "surpassing"), 2),
    ("trash-15000", ("mutant-trash", "three-trash"), 2),
    ("farkle", (), 1),
    ("trash-5000", ("rotary-club", "mutant-trash"), 2),
    ("trash-10000", ("challenging", "three-trash"), 4),
]


def new_game(index: int, seed: int) -> Game:
    preset, options, n = RULE_SETS[index % len(RULE_SETS)]
    rules = PRESETS[preset].with_options(*options)
    seats = [Seat(f"P{i}", i % 2 == 1, "normal") for i in range(n)]
    return Game(rules, seats, seed=seed)


@functools.cache
def _documents(count: int) -> tuple[str, ...]:
    import json

    out = []
    rng = random.Random(1234)
    for k in range(count):
        game = new_game(k, seed=k)
        player = RandomPlayer(k)
        for _ in range(rng.randrange(1, 120)):
            if game.over:
                break
            step(game, player)
        out.append(json.dumps(game.to_dict()))
    return tuple(out)


def sample_documents(count: int = 28) -> list[dict[str, Any]]:
    """Fresh copies of ``count`` valid saved games in varied states, rules and phases."""
    import json

    return [json.loads(text) for text in _documents(count)]


def mid_game_document() -> dict[str, Any]:
    """A valid save of a game in the middle of a turn, with frozen dice and a log."""
    for doc in sample_documents():
        if doc["phase"] == "choose" and doc["turn"]["frozen"] and len(doc["seats"]) >= 2 \
                and not doc["rules"]["rotary_club"]:
            return doc
    raise AssertionError("no mid-turn sample")


def assert_plays_on(game: Game, seed: int = 0, max_steps: int = 100_000) -> None:
    """The game satisfies every invariant and a random legal player finishes it (or, where
    the rules make a random player's game endless, plays ``max_steps`` legal commands)."""
    game.check_invariants()
    # A random player rarely wins when the opening minimum is close to the game point (a
    # mutated save may ask for the whole game point in one turn): legal, but it may not end.
    hard = game.rules.opening_minimum >= game.rules.game_point // 2
    try:
        play_to_end(game, RandomPlayer(seed, bank_chance=0.9), max_steps=max_steps, check=True)
    except RuntimeError:
        if not hard:
            raise
        return
    assert game.over and game.result is not None
    # A finished game still saves and loads.
    assert load_game(game.to_dict()).over


def assert_one_sentence(message: object) -> None:
    assert isinstance(message, str) and message, message
    assert "\n" not in message, message
    assert message.endswith("."), message
    # Sentence ends inside: ". X" (a file name such as savegame.json.bad-... is fine).
    assert not re.search(r"[.!?]\s+[A-Z]", message[:-1]), message
    assert len(message) < 400, message
