"""The program the real-dice kill test kills: a real-dice game whose throws are "typed"
face by face (a pause per face, as a player types), saved through
:mod:`tenthousand.files.savegame` after every command, as the window saves it.

It prints ``saving N`` and ``saved N`` around each save (N: commands in the record) and
``typing N`` while the faces of the next throw are being typed, so the test knows what the
save may hold when it is killed::

    TENTHOUSAND_HOME=DIR python tests/real_dice_kill_driver.py SEED
"""

from __future__ import annotations

import random
import sys
import time

from tenthousand.ai.moves import apply, decide
from tenthousand.files import savegame
from tenthousand.model import PRESETS, Game, Seat
from tenthousand.model.game import Phase
from tenthousand.model.real_dice import dice_wanted, entered_dice, read_throw, real_game
from tenthousand.tools.headless import RandomPlayer


def _type(game: Game, freeze: tuple[int, ...], rng: random.Random) -> None:
    """The faces of the next throw, typed one by one, then read as the window reads them."""
    count = dice_wanted(game, freeze)
    print("typing", len(game.record), flush=True)
    typed = ""
    for _die in range(count):
        typed += str(rng.randint(1, 6))
        time.sleep(rng.uniform(0.0, 0.004))
    entered_dice(game).load(read_throw(typed, count))


def main(argv: list[str]) -> int:
    seed = int(argv[0])
    rng = random.Random(seed)
    game = real_game(PRESETS["ten-thousand"], [Seat("You"), Seat("Computer", True)],
                     "Kitchen dice", first_seat=0)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]

    def save(g: Game) -> None:
        print("saving", len(g.record), flush=True)
        message = savegame.autosave(g)
        if message is not None:
            raise SystemExit(message)
        print("saved", len(g.record), flush=True)

    save(game)
    while not game.over:
        move = decide(game, players[game.current])
        if move.phase is Phase.START or (move.phase is Phase.CHOOSE and not move.bank):
            _type(game, move.freeze if move.phase is Phase.CHOOSE else (), rng)
        apply(game, move)
        save(game)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
