"""The friend's window of the two-window network test: a real game window that joins the
host's table over 127.0.0.1 and plays its seat with key events, as a person would.

    TENTHOUSAND_HOME=DIR python tests/gui/net_client_driver.py PORT CODE NAME TURNS [SHOT]

When its seat is to play it presses the keys on its table (Space to throw, the number keys
of the first scoring dice, then B to bank when the bank is allowed, else Space to throw
on); after every change it prints one JSON line of what its table shows (``state``), and
after TURNS turns of its own ``done`` with the same, then stays until its stdin closes
(``SHOT``: the file to take a screenshot of the whole screen into once it is done).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
import tkinter as tk

from tenthousand.control.app import App
from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
from tenthousand.model.game import Phase

QUIET = Preferences(delay=0.0, sound=False, animation=True, intro=False, guide_done=True,
                    geometry="900x650+370+240")


def state(app: App) -> dict[str, object]:
    game = app.controller.game
    network = game.record.network
    return {"board": list(game.board), "commands": len(game.record), "over": game.over,
            "names": [s.name for s in game.seats], "thrown": list(game.thrown),
            "current": game.current, "role": network.role if network else None,
            "seat": network.seat if network else None, "status": app.window.status.full_text,
            "log": app.window.log.text.get("1.0", "end").strip().splitlines()[-3:]}


def press(app: App, keysym: str) -> None:
    table = app.window.table
    table.focus_force()
    table.event_generate(f"<KeyPress-{keysym}>")
    app.root.update()


def play_step(app: App) -> bool:
    """One key press of this seat's move, if it is this seat's to play; whether one was."""
    c = app.controller
    game = c.game
    if game.over or not c.human_to_play or app.window.table.tumbling or not c.seating.relays:
        return False
    if game.phase is Phase.START:
        press(app, "space")
    elif game.phase is Phase.CHOOSE:
        choices = game.legal_freezes()
        if not choices:
            return False  # (the trash is the host's to play out)
        freeze = game.indices_for(choices[0][0])
        if set(freeze) != c.selection:
            for index in range(len(game.thrown)):
                if (index in freeze) != (index in c.selection):
                    press(app, str(index + 1))
        press(app, "b" if game.bank_refusal(freeze) is None else "space")
    else:
        return False
    return True


def main(argv: list[str]) -> int:
    port, code, name, turns = int(argv[0]), argv[1], argv[2], int(argv[3])
    shot = argv[4] if len(argv) > 4 else ""
    root = tk.Tk(className="TenThousand")
    root.geometry("900x650+370+240")
    app = App(root, QUIET, GameSettings(seats=(SeatSetting(name), SeatSetting("Bot", True))),
              install_error_handler=False, save_games=False, keep_history=False,
              owns_root=True)
    app.game_commands.begin()
    app.network.join("127.0.0.1", port, code, name)
    last: dict[str, object] = {}
    mine, previous = 0, -1
    asked: tuple[int, str] | None = None  # the move pressed, until the host answers it
    asked_at = 0.0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        root.update()
        game = app.controller.game
        now = state(app)
        if now != last:
            print(json.dumps({"state": now}), flush=True)
            last = now
        network = game.record.network
        if network is not None and previous == network.seat and game.current != previous:
            mine += 1  # a turn of this seat is over
        previous = game.current
        if network is not None and (game.over or mine >= turns):
            print(json.dumps({"done": now}), flush=True)
            break
        where = (len(game.record), game.phase.value)
        if where != asked or time.monotonic() - asked_at > 3:
            if play_step(app):
                asked, asked_at = where, time.monotonic()
        time.sleep(0.01)
    else:
        print(json.dumps({"timeout": state(app)}), flush=True)
    if shot:
        for _ in range(30):
            root.update()
            time.sleep(0.02)
        subprocess.run(["import", "-window", "root", shot], check=False,
                       env={**os.environ})
        print(json.dumps({"shot": shot}), flush=True)
    while True:  # until the test is done with this window (what it shows still told)
        root.update()
        now = state(app)
        if now != last:
            print(json.dumps({"state": now}), flush=True)
            last = now
        ready, _w, _x = select.select([sys.stdin], [], [], 0.02)
        if ready and not sys.stdin.readline():
            break
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
