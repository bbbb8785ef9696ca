"""Computer-vs-computer games with no window, saving after every command.

Used by the kill test (``tests/test_kill.py``) and handy for soak runs::

    python -m tenthousand.tools.headless --seed 1 --games 3 --save /tmp/save.json

Each seat is played by :func:`tenthousand.ai.make_player` when the computer players are
available, otherwise by :class:`RandomPlayer`, a simple policy that makes only legal moves.
Moves are asked and made by :mod:`tenthousand.ai.moves`, as in the window and the
simulator.  After every command the whole game is written atomically to ``--save`` in the
program's own save format (the journal of :mod:`tenthousand.files.savegame`, its seed kept),
so the window resumes it and ``--verify`` checks it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

from ..ai import Decision, Player
from ..ai.moves import commands, decide
from ..files.savegame import journal_text
from ..files.settings import computer_name
from ..files.storage import write_text_atomic
from ..model import PRESETS, Event, Game, Seat

__all__ = ["RandomPlayer", "step", "play_to_end", "main"]


#: Who plays: one player for every seat, or a function from a seat number to its player.
Players = Player | Callable[[int], Player]


class RandomPlayer:
    """A legal policy: random freezes, banks half the time it may, rarely challenges.

    It has the whole :class:`tenthousand.ai.Player` interface (no tables to build)."""

    level = "random"
    fallback_reason: str | None = None
    ready = True

    def __init__(self, seed: int | None = None, bank_chance: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.bank_chance = bank_chance

    def prepare(self) -> None:
        """Nothing to build."""

    def choose_challenge(self, game: Game) -> int | None:
        if game.challenge_slot_for(game.current) is None or self.rng.random() < 0.7:
            return None
        others = [s for s in range(len(game.seats)) if s != game.current]
        return self.rng.choice(others) if others else None

    def choose_move(self, game: Game) -> Decision:
        freezes = game.legal_freezes()
        faces, _ = self.rng.choice(freezes)
        indices = game.indices_for(faces)
        bank = game.bank_refusal(indices) is None and self.rng.random() < self.bank_chance
        return Decision(indices, bank)

    def choose_discard(self, game: Game) -> int:
        return self.rng.randrange(len(game.discard_choices))


def step(game: Game, player: Player) -> list[Event]:
    """Make one engine command for the seat to play (``player`` is a RandomPlayer or an ai
    Player), so the autosave and the record's command count follow every command.

    It is the first command of the player's move (:mod:`tenthousand.ai.moves`): a move of
    two, a challenge and the throw after it, takes two calls.  The second call decides
    again, and at the start of a turn with the challenge made that is the throw, without
    asking the player (the same game as making the whole move at once).
    """
    first = commands(game, decide(game, player))[0]
    return first()


def play_to_end(game: Game, players: Players | None = None, *,
                seed: int | None = None, max_steps: int = 200_000,
                after: Callable[[Game], None] | None = None,
                check: bool = False) -> int:
    """Play ``game`` on until it is over; returns the number of commands made.

    ``players`` maps a seat number to its player, or is one player for every seat
    (default: a RandomPlayer for everyone).  ``after`` is called after every command (the
    autosave); ``check`` runs ``game.check_invariants()`` after each one.  Raises
    RuntimeError when the game does not end within ``max_steps`` commands.
    """
    if players is None:
        players = RandomPlayer(seed)
    seat_player = _per_seat(players)
    steps = 0
    while not game.over:
        if steps >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} commands")
        step(game, seat_player(game.current))
        steps += 1
        if check:
            game.check_invariants()
        if after is not None:
            after(game)
    return steps


def _per_seat(players: Players) -> Callable[[int], Player]:
    if isinstance(players, Player):  # one player for all; otherwise a seat -> player map
        one = players
        return lambda seat: one
    return players


def _players_for(game: Game, seed: int, level: str) -> Callable[[int], Player]:
    try:
        from ..solver.levels import make_player

        made = [make_player(level, game.rules, seed=seed + i, players=len(game.seats))
                for i in range(len(game.seats))]
        for p in made:
            p.prepare()
        return lambda seat: made[seat]
    except Exception as e:  # noqa: BLE001 - no computer players yet: a legal random policy
        print(f"headless: using the built-in random player ({type(e).__name__}: {e})",
              file=sys.stderr)
        randoms = [RandomPlayer(seed + i) for i in range(len(game.seats))]
        return lambda seat: randoms[seat]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenthousand.tools.headless",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--save", type=Path, help="autosave here after every command")
    parser.add_argument("--rules", default="ten-thousand", choices=sorted(PRESETS))
    parser.add_argument("--seats", type=int, default=2, help="how many computer seats")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--random", action="store_true",
                        help="use the built-in random player even if the ai is there")
    ns = parser.parse_args(argv)
    rules = PRESETS[ns.rules]
    seats = [Seat(computer_name(i), True, "normal") for i in range(ns.seats)]
    game = Game(rules, seats, seed=ns.seed)
    if ns.random:
        randoms = [RandomPlayer(ns.seed + i) for i in range(len(seats))]
        players: Callable[[int], Player] = lambda seat: randoms[seat]  # noqa: E731
    else:
        players = _players_for(game, ns.seed, ns.level)

    def save(g: Game) -> None:
        if ns.save is not None:
            write_text_atomic(ns.save, journal_text(g.record.snapshot()))

    save(game)
    total = 0
    for n in range(ns.games):
        if n:
            game = game.rematch()
            save(game)
        total += play_to_end(game, players, after=save)
        winner = game.result.seat if game.result is not None else -1
        print(f"game {n + 1}: {total} commands so far, winner seat {winner}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
