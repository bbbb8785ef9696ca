"""Regenerate the screenshots in images/ from the real game window.

    python images/screenshots.py                 # uses $DISPLAY, or starts Xvfb itself
    python images/screenshots.py --size 1024x700 --out /tmp/shots

It plays seeded games through the same controller methods the keys call, stops at moments
worth showing, and grabs the window with ImageMagick's ``import`` (or Pillow's ImageGrab).
Preferences and saves go to a temporary folder, so a player's own files are never touched
(``TENTHOUSAND_SHOTS_HOME=DIR`` reuses one, with the tables an earlier run solved: the
option advisors of ``--only options`` wait for their solves otherwise).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tkinter as tk
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def start_display() -> subprocess.Popen[bytes] | None:
    """Start Xvfb on a free display number when there is no display (Linux)."""
    if os.environ.get("DISPLAY") or not shutil.which("Xvfb"):
        return None
    for number in range(71, 99):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1920x1080x24"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.environ["DISPLAY"] = f":{number}"
            time.sleep(1.0)
            return proc
    return None


def pump(root: tk.Tk, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        time.sleep(0.01)


def grab(window: tk.Misc, path: Path) -> None:
    """Save a PNG of ``window`` (a Tk or Toplevel, menu bar included)."""
    window.update()
    time.sleep(0.2)
    window.update()
    top = window.winfo_toplevel()
    # The outer frame holds the menu bar above the client area.
    x0, y0 = top.winfo_rootx(), top.winfo_rooty()
    menu = str(top.cget("menu")) if isinstance(top, (tk.Tk, tk.Toplevel)) else ""
    if menu:
        # the menu bar on screen is Tk's clone of the menu (".#!menu" for the root's
        # ".!menu"), whose top is the window's; the menu's own requested height is
        # another layout's (41 against 32 pixels here)
        clone = (str(top) if str(top) != "." else "") + "." + menu.replace(".", "#")
        try:
            y0 = int(top.tk.call("winfo", "rooty", clone))
        except tk.TclError:
            y0 -= top.nametowidget(menu).winfo_reqheight()
    x1, y1 = top.winfo_rootx() + top.winfo_width(), top.winfo_rooty() + top.winfo_height()
    if shutil.which("import"):
        subprocess.run(["import", "-window", "root", "-crop",
                        f"{x1 - x0}x{y1 - y0}+{x0}+{y0}", "+repage", str(path)], check=True)
    else:
        from PIL import ImageGrab

        ImageGrab.grab((x0, y0, x1, y1), xdisplay=os.environ.get("DISPLAY")).save(path)
    print("wrote", path)


def wait_for_human(app: object, root: tk.Tk, limit: float = 30.0) -> None:
    c = app.controller  # type: ignore[attr-defined]
    end = time.monotonic() + limit
    while not (c.game.over or c.human_to_play) or app.window.table.tumbling:  # type: ignore[attr-defined]
        if time.monotonic() > end:
            raise SystemExit("the computer took too long")
        root.update()
        time.sleep(0.01)


def best(game: object) -> tuple[tuple[int, ...], int]:
    faces, points = game.legal_freezes()[0]  # type: ignore[attr-defined]
    return game.indices_for(faces), points  # type: ignore[attr-defined]


def play_human(app: object, root: tk.Tk, *, bank_at: int,
               stop: Callable[[object], bool]) -> None:
    """Play the human seat through the controller (best freeze, bank from ``bank_at``;
    Mutant Trash discards the first frozen die) until ``stop(game)`` is true."""
    from tenthousand.model.game import Phase

    c = app.controller  # type: ignore[attr-defined]
    for _ in range(400):
        wait_for_human(app, root)
        g = c.game
        if stop(g) or g.over:
            return
        if g.phase is Phase.DISCARD:
            c.click_die("frozen", 0)
        elif g.phase is Phase.START:
            c.throw()
        else:
            indices, points = best(g)
            for i in indices:
                c.toggle(i)
            if g.bank_refusal(indices) is None and g.turn_score + points >= bank_at:
                c.bank()
            else:
                c.throw()
        # As between a person's key presses: the window's watchers (the tour, the advisor)
        # run in callbacks of their own after each redraw.
        pump(root, 0.02)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1180x800", help="window size, e.g. 1024x700")
    parser.add_argument("--out", default=str(HERE), help="folder for the PNG files")
    parser.add_argument("--only", choices=["advisor", "advisor-three", "history", "replay",
                                           "languages", "real-dice", "network", "internet",
                                           "options"],
                        help="only these screenshots")
    parser.add_argument("--suffix", default="",
                        help="added to the history screenshots' names, e.g. -1024")
    parser.add_argument("--theme", choices=["color", "mono"], default="color",
                        help="the colours of the replay screenshot (--only replay)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # (TENTHOUSAND_SHOTS_HOME: a home of an earlier run, whose solved tables are kept)
    os.environ["TENTHOUSAND_HOME"] = os.environ.get("TENTHOUSAND_SHOTS_HOME") \
        or tempfile.mkdtemp(prefix="tenthousand-shots-")
    xvfb = start_display()
    try:
        if args.only is not None:
            root = tk.Tk(className="TenThousand")
            root.geometry(f"{args.size}+0+0")
            try:
                if args.only == "history":
                    return shoot_history(root, out, args.suffix)
                if args.only == "replay":
                    return shoot_replay(root, out, args.theme, args.size)
                if args.only == "languages":
                    return shoot_languages(root, out)
                if args.only == "options":
                    return shoot_option_advisors(root, out)
                if args.only == "advisor-three":
                    return shoot_advisor_three(root, out)
                if args.only in ("real-dice", "network", "internet"):
                    from tenthousand.files.settings import Preferences
                    shoot_one = {"real-dice": shoot_real_dice, "network": shoot_network,
                                 "internet": shoot_internet}[args.only]
                    shoot_one(root, out, Preferences(delay=0.0, sound=False,
                                                     animation=False, intro=False))
                    return 0
                return shoot_advisor(root, out)
            finally:
                root.destroy()
        return shoot(out, args.size)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()


def shoot_history(root: tk.Tk, out: Path, suffix: str = "") -> int:
    """The Statistics window and the charts of a game, in colour and in mono."""
    from tenthousand.control.app import App
    from tenthousand.files.paths import paths
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
    from tenthousand.tools.history_bench import fill

    fill(paths().history, 240, analysed=40, seed=3)
    for theme in ("color", "mono"):
        tail = ("" if theme == "color" else "-mono") + suffix
        prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False,
                            guide_done=True, theme=theme)
        settings = GameSettings(preset="ten-thousand", seats=(
            SeatSetting("You"), SeatSetting("Expert", True, "expert")))
        app = App(root, prefs, settings, seed=31, install_error_handler=False,
                  save_games=False, keep_history=True, demo=True)
        app.boxes.confirm = lambda title, question: True  # no box to wait on
        app.controller.set_delay(0.0)
        end = time.monotonic() + 120
        while app.history.last is None and time.monotonic() < end:
            root.update()
            time.sleep(0.005)
        pump(root, 0.3)
        charts = app.history.show_charts()
        pump(root, 0.5)
        grab(charts, out / f"charts{tail}.png")
        charts.destroy()
        stats = app.history.show_statistics()
        pump(root, 1.0)
        grab(stats, out / f"statistics{tail}.png")
        stats.tabs.select(2)
        pump(root, 0.3)
        grab(stats, out / f"statistics-luck{tail}.png")
        stats.destroy()
        app.destroy()
    return 0


def game_in_progress(root: tk.Tk) -> tuple[Any, Any]:
    """A seeded game with three seats, frozen dice of two throws and a selection made, in
    the language in use (the player's seat is called what the language calls "You")."""
    from tenthousand.control.app import App
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
    from tenthousand.i18n import _
    from tenthousand.model.game import Phase

    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False)
    settings = GameSettings(preset="ten-thousand", seats=(
        SeatSetting(_("You")), SeatSetting("Ann", True, "normal"),
        SeatSetting("Bob", True, "expert")))
    app = App(root, prefs, settings, seed=20, install_error_handler=False, save_games=False)
    app.boxes.confirm = lambda title, question: True
    c = app.controller
    for _step in range(300):
        wait_for_human(app, root)
        g = c.game
        if g.phase is Phase.START:
            c.throw()
            continue
        indices, points = best(g)
        if len(g.frozen) >= 2 and sum(g.board) > 1500 and len(g.thrown) >= 2:
            for i in indices:
                c.toggle(i)
            break
        for i in indices:
            c.toggle(i)
        if g.turn_score + points >= 600 and g.bank_refusal(indices) is None:
            c.bank()
        else:
            c.throw()
    pump(root, 0.3)
    return app, settings


def shoot_languages(root: tk.Tk, out: Path) -> int:
    """The game in progress and the rules window in German and in French."""
    from tenthousand import i18n
    from tenthousand.dialogs.rules_window import RulesWindow

    for code in ("de", "fr"):
        i18n.set_language(code)
        app, _settings = game_in_progress(root)
        grab(root, out / f"game-{code}.png")
        rules = RulesWindow(root, app.controller.game.rules)
        pump(root, 0.3)
        grab(rules, out / f"rules-{code}.png")
        rules.destroy()
        app.destroy()
    i18n.set_language("en")
    return 0


def shoot(out: Path, size: str) -> int:
    from tenthousand.control.app import App
    from tenthousand.dialogs.newgame import NewGameDialog
    from tenthousand.dialogs.rules_window import RulesWindow
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
    from tenthousand.model.game import Phase

    root = tk.Tk(className="TenThousand")
    root.geometry(f"{size}+0+0")
    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False)

    # 1. A game in progress: three seats, frozen dice of two throws, a selection made.
    app, settings = game_in_progress(root)
    grab(root, out / "game.png")
    c = app.controller

    # 2. The new-game dialog, over the window.
    dialog = NewGameDialog(root, settings, testing=True)
    pump(root, 0.3)
    grab(dialog, out / "newgame.png")
    dialog.destroy()

    # 3. The rules window.
    rules = RulesWindow(root, c.game.rules)
    pump(root, 0.3)
    grab(rules, out / "rules.png")
    rules.destroy()
    app.destroy()

    # 4. Mutant Trash: the play area filling up, the player choosing a die to discard.
    settings = GameSettings(preset="trash-10000", seats=(
        SeatSetting("You"), SeatSetting("Computer", True, "expert")),
        options=("mutant-trash",))
    app = App(root, prefs, settings, seed=5, install_error_handler=False, save_games=False)
    app.boxes.confirm = lambda title, question: True  # no box to wait on
    play_human(app, root, bank_at=500,
               stop=lambda g: g.phase is Phase.DISCARD and len(g.play_area) >= 3)  # type: ignore[attr-defined]
    pump(root, 0.3)
    grab(root, out / "mutant.png")
    app.destroy()

    # 5. The end of a game: the result on the table (a short game to 1,500).
    settings = GameSettings(preset="farkle", seats=(
        SeatSetting("You"), SeatSetting("Computer", True, "expert")), game_point=1500,
        opening_minimum=0)
    app = App(root, prefs.replace(theme="color", table_colour="blue"), settings, seed=3,
              install_error_handler=False, save_games=False)
    app.boxes.confirm = lambda title, question: True  # no box to wait on
    play_human(app, root, bank_at=400, stop=lambda g: False)
    pump(root, 0.3)
    grab(root, out / "gameover.png")
    app.destroy()
    shoot_real_dice(root, out, prefs)
    shoot_network(root, out, prefs)
    shoot_advisor(root, out)
    shoot_advisor_three(root, out)
    shoot_replay(root, out, "color", size)
    root.destroy()
    return 0


def shoot_real_dice(root: tk.Tk, out: Path, prefs: Any) -> None:
    """A game with real dice: the first throw entered and two dice frozen, the second
    throw half typed in the entry row, the coach valuing the choices."""
    from tenthousand.control.app import App
    from tenthousand.files.settings import GameSettings, SeatSetting

    settings = GameSettings(preset="ten-thousand", seats=(
        SeatSetting("You"), SeatSetting("Computer", True, "expert")),
        real_dice=True, dice_set="Kitchen dice", coach="everyone")
    app = App(root, prefs.replace(advisor=True, guide_done=True), settings, seed=8,
              install_error_handler=False, save_games=False)
    app.boxes.confirm = lambda title, question: True  # no box to wait on
    c = app.controller
    entry = c.dice_entry
    end = time.monotonic() + 60
    while not (entry.open and c.game.current == 0) and time.monotonic() < end:
        if entry.open:  # the computer's throw, entered for it
            for face in (2, 3, 4, 6, 6, 2)[:entry.display().count]:  # type: ignore[union-attr]
                entry.type_face(face)
            entry.enter()
        pump(root, 0.05)
    for face in (1, 1, 4, 5, 5, 6):
        entry.type_face(face)
    entry.enter()
    pump(root, 0.3)
    for i in c.game.indices_for((1, 1)):
        c.toggle(i)
    c.throw()
    pump(root, 0.3)
    for face in (5, 3):
        entry.type_face(face)
    pump(root, 1.0)
    grab(root, out / "real-dice.png")
    app.destroy()


def shoot_network(root: tk.Tk, out: Path, prefs: Any) -> None:
    """A network game over 127.0.0.1: the host's table waiting for its last friend (Bob
    has joined), a friend's window in play (the host's screen driven without a window),
    and the join dialog with a table found."""
    from tenthousand.control.app import App
    from tenthousand.dialogs.join import JoinDialog
    from tenthousand.files.settings import GameSettings, SeatSetting
    from tenthousand.model.game import Game, Seat
    from tenthousand.model.rules import PRESETS
    from tenthousand.net.client import ClientLink
    from tenthousand.net.headless import HostedGame, JoinedGame, computer_chooser
    from tenthousand.net.link import HostLink, Lobby, LobbySeat

    code = "4821-7396"
    quiet = prefs.replace(guide_done=True)
    # 1. Ann hosts: Bob has joined, a seat waits for a friend, a computer sits at the table.
    hosted = GameSettings(preset="ten-thousand", seats=(
        SeatSetting("Ann"), SeatSetting("Guest A", net=True), SeatSetting("Guest B", net=True),
        SeatSetting("Computer", True, "expert")))
    app = App(root, quiet, GameSettings(seats=(SeatSetting("Ann"),
                                               SeatSetting("Computer", True, "expert"))),
              seed=4, install_error_handler=False, save_games=False, keep_history=False)
    app.boxes.confirm = lambda title, question: True
    app.network.net.announce = False
    app.network.host(hosted, port=0, code=code)
    table = app.network.table
    assert table is not None and table.link is not None, app.window.status.full_text
    bob = JoinedGame(ClientLink.connect("127.0.0.1", table.link.where().port, code=code,
                                        name="Bob"))
    end = time.monotonic() + 20
    while not any(seat.joined for seat in table.seats) and time.monotonic() < end:
        bob.pump()
        pump(root, 0.05)
    pump(root, 0.5)
    grab(root, out / "network-lobby.png")
    bob.link.close()
    app.network.leave()
    app.destroy()

    # 2. Bob's window at Ann's table: Ann's moves arrive, Bob plays his own turns.
    rules = PRESETS["ten-thousand"]
    link = HostLink.open(Lobby(rules.to_dict(), (LobbySeat("person", "Ann"), LobbySeat("net")),
                               "Ann's table"), port=0, code=code, announce=False,
                         bind="127.0.0.1")
    game = Game(rules, [Seat("Ann"), Seat("Bob")], seed=12, first_seat=0)
    host = HostedGame(link, game, {0: computer_chooser("expert", game, 3)})
    app = App(root, quiet, GameSettings(seats=(SeatSetting("Bob"), SeatSetting("Bot", True))),
              seed=4, install_error_handler=False, save_games=False, keep_history=False)
    app.boxes.confirm = lambda title, question: True
    app.network.join("127.0.0.1", link.port, code, "Bob")
    begun = False
    end = time.monotonic() + 60
    while sum(game.turns_taken) < 5 and time.monotonic() < end:
        host.pump()
        if not begun and link.full:
            host.begin()
            begun = True
            link.chat("Ann", "Good luck, Bob!")
        c = app.controller
        if begun and c.human_to_play and not app.window.table.tumbling \
                and c.game.record.network is not None:  # Bob's step, as his keys give it
            g = c.game
            if g.phase.value == "start":
                c.throw()
            elif g.legal_freezes():
                indices, points = best(g)
                for i in indices:
                    if i not in c.selection:
                        c.toggle(i)
                c.bank() if g.bank_refusal(indices) is None and g.turn_score + points >= 350 \
                    else c.throw()
        pump(root, 0.05)
    for _ in range(40):
        host.pump()
        pump(root, 0.02)
    grab(root, out / "network-client.png")
    app.network.leave()
    app.destroy()
    link.close()

    # 3. The join dialog: Ann's table found on the local network, the code typed in.
    app = App(root, quiet, GameSettings(seats=(SeatSetting("Bob"), SeatSetting("Bot", True))),
              seed=4, install_error_handler=False, save_games=False, keep_history=False)
    dialog = JoinDialog(root, name="Bob", find=lambda done: done([("Ann's table",
                                                                    "192.168.1.20", 47100)]),
                        testing=True)
    dialog.entries["code"].insert(0, code)
    pump(root, 0.5)
    grab(dialog, out / "network-join.png")
    dialog.destroy()
    app.destroy()


def shoot_internet(root: tk.Tk, out: Path, prefs: Any) -> None:
    """A table over the internet, on a mailbox server and transit relay started on
    loopback for the shots: the host's lobby with an invite code per open seat (Bob has
    joined by his), the join dialog with an invite code typed, and the dialog's answer
    when the mailbox server cannot be reached."""
    from tenthousand.control.app import App
    from tenthousand.dialogs.join import JoinDialog
    from tenthousand.files.settings import GameSettings, SeatSetting
    from tenthousand.net.client import ClientLink
    from tenthousand.net.headless import JoinedGame
    from tenthousand.tools.wormhole_servers import free_port, start

    running = start(Path(tempfile.mkdtemp(prefix="tenthousand-shots-servers-")))
    servers = running.servers
    try:
        quiet = prefs.replace(guide_done=True, mailbox=servers.mailbox,
                              transit_relay=servers.relay)
        # 1. Ann hosts over the internet: Bob came by his seat's code, a seat waits.
        hosted = GameSettings(preset="ten-thousand", internet=True, seats=(
            SeatSetting("Ann"), SeatSetting("Guest A", net=True),
            SeatSetting("Guest B", net=True), SeatSetting("Computer", True, "expert")))
        app = App(root, quiet, GameSettings(seats=(SeatSetting("Ann"),
                                                   SeatSetting("Computer", True, "expert"))),
                  seed=4, install_error_handler=False, save_games=False, keep_history=False)
        app.boxes.confirm = lambda title, question: True
        app.network.host(hosted)
        table = app.network.table
        end = time.monotonic() + 30
        while 1 not in table.invites and time.monotonic() < end:
            pump(root, 0.05)
        bob = JoinedGame(ClientLink.connect_code(table.invites[1], servers, name="Bob"))
        while not (any(s.joined for s in table.seats) and 1 not in table.invites
                   and len(table.invites) == 2) and time.monotonic() < end + 30:
            bob.pump()
            pump(root, 0.05)
        pump(root, 0.5)
        grab(root, out / "network-internet-lobby.png")
        code = table.invites[2]
        bob.link.close()
        app.network.leave()
        app.destroy()

        def zoe(prefs: Any) -> tuple[Any, JoinDialog]:
            """Zoe's window, and her join dialog with the invite code typed."""
            app = App(root, prefs, GameSettings(seats=(SeatSetting("Zoe"),
                                                       SeatSetting("Bot", True))),
                      seed=4, install_error_handler=False, save_games=False,
                      keep_history=False)
            dialog = JoinDialog(root, name="Zoe", find=lambda done: done([]),
                                attempt=app.network._attempt, testing=True)
            dialog.entries["code"].insert(0, code)
            return app, dialog

        # 2. Zoe's join dialog: an invite code typed, no address needed.
        app, dialog = zoe(quiet)
        pump(root, 0.5)
        grab(dialog, out / "network-join-code.png")
        dialog.destroy()
        app.destroy()

        # 3. The mailbox server cannot be reached: said in the dialog, what was typed kept.
        app, dialog = zoe(quiet.replace(mailbox=f"ws://127.0.0.1:{free_port()}/v1"))
        pump(root, 0.2)
        dialog.button_ok.invoke()
        end = time.monotonic() + 30
        while dialog.joining and time.monotonic() < end:
            pump(root, 0.05)
        pump(root, 0.3)
        grab(dialog, out / "network-mailbox-down.png")
        dialog.destroy()
        app.network.leave()
        app.destroy()
    finally:
        running.stop()


#: The options whose two-player games the advisor values in win chances, each shown in a
#: Trash game of its own: (file name, preset, options).
OPTION_ADVISORS = (("advisor-surpassing.png", "trash-5000", ("surpassing",)),
                   ("advisor-pyramiding.png", "trash-5000", ("pyramiding",)),
                   ("advisor-rotary.png", "trash-5000", ("rotary-club",)))


def wait_for_solve(root: tk.Tk, solved: Callable[[], bool], limit: float, what: str) -> None:
    """Let the window run until ``solved()`` (a background solve of Perfect's table)."""
    started = time.monotonic()
    while not solved():
        if time.monotonic() - started > limit:
            raise SystemExit(f"{what}: the solve took over {limit:.0f} s")
        pump(root, 0.5)
    print(f"{what}: solved in {time.monotonic() - started:.0f} s")


def grab_advice(app: Any, root: tk.Tk, path: Path, *, bank_at: int, wait: float,
                bars: int | None = None) -> None:
    """Play the human seat (the most points, banking from ``bank_at``) until a throw offers
    three freezes or more with points on the board; select the best and grab the window
    once the advisor values it in win chances (with ``bars`` win bars)."""
    from tenthousand.model.game import Phase

    c, panel = app.controller, app.window.advisor
    for _ in range(400):
        wait_for_human(app, root, limit=wait)
        g = c.game
        if g.over:
            raise SystemExit(f"{path.name}: the game ended before a throw with three freezes")
        if g.phase is Phase.START:
            c.throw()
            continue
        indices, points = best(g)
        if sum(g.board) > 0 and len(g.legal_freezes()) >= 3:
            for i in indices:
                c.toggle(i)
            end = time.monotonic() + 60
            while not (panel.rows and "win probability" in app.advisor.display().note
                       and (bars is None or len(panel.bar_values) == bars)) \
                    and time.monotonic() < end:
                pump(root, 0.1)
            pump(root, 0.5)
            grab(root, path)
            return
        for i in indices:
            c.toggle(i)
        c.bank() if g.bank_refusal(indices) is None and g.turn_score + points >= bank_at \
            else c.throw()


def shoot_option_advisors(root: tk.Tk, out: Path) -> int:
    """The advisor showing win chances in Trash games with an option (Perfect plays the
    other seat, so the table is solved in the background first: minutes, once)."""
    from tenthousand.control.app import App
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
    from tenthousand.solver import cache

    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False, advisor=True,
                        guide_done=True)
    for name, preset, options in OPTION_ADVISORS:
        settings = GameSettings(preset=preset, seats=(
            SeatSetting("Ann"), SeatSetting("Computer", True, "perfect")), options=options)
        app = App(root, prefs, settings, seed=11, install_error_handler=False,
                  save_games=False, keep_history=False)
        app.boxes.confirm = lambda title, question: True
        wait_for_solve(root, partial(cache.cached, app.controller.game.rules), 3600, name)
        grab_advice(app, root, out / name, bank_at=350, wait=120)
        app.destroy()
    return 0


def shoot_replay(root: tk.Tk, out: Path, theme: str, size: str) -> int:
    """8. The replay window at a decision of the player, the advisor's verdict below."""
    from tenthousand.control.app import App
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting

    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False, theme=theme)
    settings = GameSettings(preset="ten-thousand", seats=(
        SeatSetting("You"), SeatSetting("Computer", True, "expert")))
    app = App(root, prefs, settings, seed=11, install_error_handler=False, save_games=False)
    app.boxes.confirm = lambda title, question: True  # no box to wait on
    play_human(app, root, bank_at=350, stop=lambda g: False)
    window = app.records.show_replay()
    width, height = (int(n) for n in size.split("x"))
    window.geometry(f"{width}x{height}+0+0")
    end = time.monotonic() + 60
    while window.replay is None and time.monotonic() < end:
        pump(root, 0.05)
    decisions = window.replay.decisions()
    step = decisions[len(decisions) // 2][0] if decisions else window.replay.last
    window.show(step)
    end = time.monotonic() + 60
    while "Asking" in window.advice_label.cget("text") and time.monotonic() < end:
        pump(root, 0.1)
    pump(root, 0.3)
    grab(window, out / ("replay.png" if theme == "color" else f"replay-{theme}.png"))
    window.close()
    app.destroy()
    return 0


def shoot_advisor(root: tk.Tk, out: Path) -> int:
    """6. The advisor during a turn, and 7. the review after the game."""
    from tenthousand.control.app import App
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
    from tenthousand.model.game import Phase

    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False, advisor=True)
    settings = GameSettings(preset="ten-thousand", seats=(
        SeatSetting("You"), SeatSetting("Computer", True, "expert")))
    app = App(root, prefs, settings, seed=11, install_error_handler=False, save_games=False)
    app.boxes.confirm = lambda title, question: True  # no box to wait on
    c = app.controller
    panel = app.window.advisor
    shot = False
    for _ in range(3000):
        wait_for_human(app, root)
        g = c.game
        if g.over:
            break
        if g.phase is Phase.START:
            c.throw()
            continue
        # A hasty player: takes the most points and banks from 350, which the review shows.
        indices, points = best(g)
        for i in indices:
            c.toggle(i)
        if (not shot and sum(g.board) > 2500 and len(g.thrown) >= 4
                and len(g.legal_freezes()) >= 3):
            end = time.monotonic() + 20
            while not panel.rows and time.monotonic() < end:
                pump(root, 0.05)
            pump(root, 0.3)
            grab(root, out / "advisor.png")  # the selected freeze is marked, its value below
            shot = True
        if g.bank_refusal(indices) is None and g.turn_score + points >= 350:
            c.bank()
        else:
            c.throw()
    review = app.records.show_review()
    end = time.monotonic() + 120
    while review is not None and review.result is None and time.monotonic() < end:
        pump(root, 0.1)
    pump(root, 0.3)
    if review is not None:
        grab(review, out / "review.png")
        review.close()
    app.destroy()
    return 0


#: The dice of the game of three: You meet a throw of three freezes or more with points on
#: the board before the game ends.
THREE_SEED = 3


def shoot_advisor_three(root: tk.Tk, out: Path) -> int:
    """The advisor in a game of three: a bar for each player and each freeze's chance for
    the mover, against two Perfect computers.  Farkle to 1,000, whose three-player table
    the two solve in the background when the game starts (seconds, not the ten minutes of
    a preset's)."""
    from tenthousand.control.app import App
    from tenthousand.files.settings import GameSettings, Preferences, SeatSetting
    from tenthousand.solver import cache, table3

    prefs = Preferences(delay=0.0, sound=False, animation=False, intro=False, advisor=True,
                        guide_done=True)
    settings = GameSettings(preset="farkle", seats=(
        SeatSetting("You"), SeatSetting("Ann", True, "perfect"),
        SeatSetting("Bob", True, "perfect")), game_point=1000)
    app = App(root, prefs, settings, seed=THREE_SEED, install_error_handler=False,
              save_games=False, keep_history=False)
    app.boxes.confirm = lambda title, question: True  # no box to wait on
    rules = app.controller.game.rules
    wait_for_solve(root, lambda: table3.available(rules) and not cache.being_solved(rules, 3),
                   600, "three players, Farkle to 1,000")
    grab_advice(app, root, out / "advisor-three.png", bank_at=500, wait=60, bars=3)
    app.destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
