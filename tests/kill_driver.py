"""The program the kill test kills: games saved through :mod:`tenthousand.files.savegame` after
every command, as the window saves them, with an undo now and then (which rewrites the
save) and a rematch after each game (a new record).

Before each save it prints ``saving G N`` and after it ``saved G N`` (G: games played before this
one, N: commands in its record), so the test knows what the save may hold when it is killed::

    TENTHOUSAND_HOME=DIR python tests/kill_driver.py SEED [--ai] [--lock]

``--lock``: first take the home's lock as the window does (:mod:`tenthousand.files.instance`);
when another copy holds it, print ``already running`` and exit 3 without touching the save.
"""

from __future__ import annotations

import random
import sys

from tenthousand.files import savegame
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.tools.headless import RandomPlayer, step


def _players(game: Game, seed: int, ai: bool) -> list[object]:
    if ai:
        from tenthousand.ai import make_player

        made = [make_player("normal", game.rules, seed=seed + i) for i in range(len(game.seats))]
        for p in made:
            p.prepare()
        return made
    return [RandomPlayer(seed + i) for i in range(len(game.seats))]


def main(argv: list[str]) -> int:
    seed = int(argv[0])
    if "--lock" in argv:
        from tenthousand.files import instance

        try:
            lock = instance.acquire()  # held until the process ends (or is killed)
        except instance.AlreadyRunning:
            print("already running", flush=True)
            return 3
        assert lock.held
    rng = random.Random(seed)
    rules = [PRESETS["ten-thousand"], PRESETS["trash-5000"].with_options("challenging"),
             PRESETS["trash-10000"].with_options("mutant-trash")][seed % 3]
    game = Game(rules, [Seat("You"), Seat("Computer", True)], seed=seed)
    players = _players(game, seed, "--ai" in argv)

    def save(g: Game) -> None:
        state = f"{g.games_played} {len(g.record)}"
        print("saving", state, flush=True)
        message = savegame.autosave(g)
        if message is not None:
            raise SystemExit(message)
        print("saved", state, flush=True)

    save(game)
    for _ in range(1000):
        while not game.over:
            step(game, players[game.current])
            if not game.over and rng.random() < 0.03 and game.record.undo_refusal({0}) is None:
                game = game.record.undo({0})
            if not game.over:
                save(game)
        game = game.rematch()
        save(game)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
