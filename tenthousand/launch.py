"""Launching the game window as the command line asks: the preferences for this launch,
the window's size and place, the unfinished game, the icons and the first frame.

:func:`launch` is what the ``tenthousand`` command runs.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import os
import re
import secrets
import sys
import tkinter as tk
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .files.settings import GameSettings, Preferences, SeatSetting, load_preferences
from .i18n import _, join_words, ngettext, number
from .view import access, placing, scaling
from .view.scaling import screen_margin, window_sizes

if TYPE_CHECKING:  # the engine and the window load after the first frame is shown
    from .control.app import App
    from .files.options import Options
    from .model.game import Game

log = logging.getLogger(__name__)

#: WIDTHxHEIGHT, then optionally +X+Y; X and Y may be negative ("+-40": 40 px off the left).
_GEOMETRY = re.compile(r"^(\d{1,6})x(\d{1,6})(?:([+-])(-?\d{1,6})([+-])(-?\d{1,6}))?$", re.ASCII)


def settings_from_options(base: GameSettings, opts: Options) -> tuple[GameSettings, str | None]:
    """The game settings with the command line's overrides; a note when one cannot apply."""
    changes: dict[str, Any] = {}
    if opts.rules:
        changes.update(preset=opts.rules, game_point=None, opening_minimum=None, minimum=None)
    if opts.players:
        changes["seats"] = tuple(SeatSetting(p.name, p.computer, p.level, p.net)
                                 for p in opts.players)
    if opts.options or opts.rules:
        changes["options"] = tuple(opts.options)
    if opts.real_dice:
        changes["real_dice"] = True
    settings = dataclasses.replace(base, **changes)
    errors = settings.errors()
    if not errors:
        return settings, None
    note = "; ".join(errors.values())
    if "options" in errors:
        settings = dataclasses.replace(settings, options=tuple(
            o for o in settings.options if o != "mutant-trash"))
        if not settings.errors():
            # Translators: {problem} is what the new-game dialog would say.
            return settings, _("Mutant Trash is left out: {problem}.").format(problem=note)
    return GameSettings(), _("The command line's choices do not go with your last game's "
                             "settings ({problem}); starting with the defaults.").format(
        problem=note)


def _geometry(root: tk.Tk, text: str) -> str:
    """A geometry for the window from a saved one: its size within the screen it opens on,
    and its place moved so that all of it is on that screen (a window dragged partly off
    comes back whole, its title bar and its status bar on the screen).

    Never raises: anything unreadable gives the default size (as bad preferences do)."""
    screen_w, screen_h = root.winfo_screenwidth(), root.winfo_screenheight()
    match = _GEOMETRY.match(text) if isinstance(text, str) else None
    (default_w, default_h), (min_w, min_h) = window_sizes(root)
    if match is None:
        return f"{default_w}x{default_h}"
    room_h = screen_h - screen_margin(root)  # what the title bar and the menu bar leave
    w, h = max(min_w, min(int(match.group(1)), screen_w)), max(min_h, min(int(match.group(2)),
                                                                        room_h))
    if match.group(3) is None:
        return f"{w}x{h}"
    # "+X" counts from the screen's left edge, "-X" from its right (Tk's own geometry).
    x, y = int(match.group(4)), int(match.group(6))
    left = x if match.group(3) == "+" else screen_w - w - x
    top = y if match.group(5) == "+" else screen_h - h - y
    left = max(0, min(left, screen_w - w))
    top = max(0, min(top, room_h - h))
    return f"{w}x{h}+{left}+{top}"


#: Icon sizes set before the window shows: the small ones decode in a few milliseconds;
#: the large ones (for docks and switchers) follow once the first frame is drawn.
FIRST_ICON_SIZES = (16, 32, 48)


def _set_icon(root: tk.Tk, sizes: tuple[int, ...] | None = None) -> list[tk.PhotoImage]:
    try:
        from .services import assets

        photos = assets.icon_photos(root) if sizes is None else assets.icon_photos(root, sizes)
        if photos:
            root.wm_iconphoto(True, *photos)
        return photos
    except (ImportError, AttributeError, OSError, tk.TclError) as e:
        log.info("no window icon: %s", e)
        return []


def resume_question(saved: Game, explicit: bool) -> str:
    """The question that offers the unfinished game, its scores set off so that a name
    never runs into a number ("Ann: 1,250 \u00b7 Computer B: 900")."""
    # Translators: one seat's score in the list of the unfinished game's scores.
    scores = " \u00b7 ".join(_("{name}: {score}").format(name=seat.name, score=number(board))
                              for seat, board in zip(saved.seats, saved.board, strict=True))
    # Translators: {rules} is the name of the rule set; {scores} lists every seat's score.
    question = (_("You have an unfinished game of {rules}.\n\n{scores}\n\nResume it? (No "
                  "starts the game the command line asks for.)") if explicit
                else _("You have an unfinished game of {rules}.\n\n{scores}\n\nResume it? "
                       "(No starts a new game.)"))
    question = question.format(rules=saved.rules.label, scores=scores)
    network = saved.record.network
    if network is not None and network.role == "host" and network.friends:
        names = join_words([saved.seats[i].name for i in network.friends])
        question += "\n\n" + ngettext(
            "You hosted it for {names}: Game > Host a network game opens the table again.",
            "You hosted it for {names}: Game > Host a network game opens the table again.",
            len(network.friends)).format(names=names)
    return question


def _preferences_for(opts: Options) -> tuple[Preferences, Preferences, list[str], str]:
    """(the preferences as saved, the ones this launch plays with, notes for the player,
    a status line).  The command line's choices are for this launch only: they are never
    written back unless the player makes the same change in the window."""
    messages: list[str] = []
    status = ""
    if opts.reset_preferences:
        saved, note = Preferences(), None
        status = _("Preferences are back to their defaults.")
    else:
        saved, note = load_preferences()
    if note:
        messages.append(note)
    changes: dict[str, Any] = {}
    if opts.delay is not None:
        changes["delay"] = opts.delay
    if opts.sound is not None:
        changes["sound"] = opts.sound
    if opts.theme is not None:
        changes["theme"] = opts.theme
    if opts.speech is not None:
        changes["speech"] = opts.speech
    # --host: the hosted table's settings are its own (network_start); the window's game
    # under the lobby is the last one.
    settings, settings_note = settings_from_options(
        saved.game, dataclasses.replace(opts, rules=None, players=None, options=[])
        if opts.host else opts)
    if settings_note:
        messages.append(settings_note)
    return saved, saved.replace(game=settings, **changes), messages, status


def _saved_game(root: tk.Tk, opts: Options) -> tuple[Game | None, list[str], Game | None]:
    """The unfinished game to play on, if there is one and the player wants it; notes for
    the player; and the saved game the player said No to (stored in the history as left,
    once the window is built)."""
    from tkinter import messagebox

    from .files import savegame
    from .model.game import Phase

    messages: list[str] = []
    saved, save_note = savegame.load_saved_game()
    if save_note:
        messages.append(save_note)
    if saved is not None and sum(saved.turns_taken) == 0 and saved.phase is Phase.START:
        saved = None  # closed before the first throw: nothing worth offering
    explicit = bool(opts.rules or opts.players or opts.options or opts.seed is not None
                    or opts.real_dice)
    if saved is None:
        if opts.resume:
            messages.append(_("There is no saved game to resume."))
        if not explicit and not opts.demo:  # the match of the last launch goes on
            return savegame.load_saved_match(seed=secrets.randbits(63)), messages, None
        return None, messages, None
    if opts.resume or opts.replay is not None:  # a replay launch: the game waits behind it
        return saved, messages, None
    if opts.demo:  # the demo is not saved: the player's game waits for the next launch
        messages.append(_("Your unfinished game stays saved: start Ten-Thousand without "
                          "--demo to resume it."))
        return None, messages, None
    # Translators: the title of the box that offers the unfinished game.
    if messagebox.askyesno(_("Resume"), resume_question(saved, explicit), parent=root):
        return saved, messages, None
    return None, messages, saved


def _leave(app: App, left: Game) -> None:
    """The saved game the player said No to: stored in the history as left (as a game
    left by a new game is), then its save cleared (only if it still holds that game)."""
    from .files import savegame

    app.history.keeper.abandoned(left, demo=False)
    savegame.clear_saved_game(left)


#: How often the window looks whether a second copy asked it to come to the front.
RAISE_POLL_MS = 500


def _come_forward_when_asked(app: App) -> None:
    """A second copy started on this home touches the raise file: the window comes to the
    front (de-iconified, raised, focused)."""
    from .files import instance

    seen = instance.raise_stamp()

    def look() -> None:
        nonlocal seen
        if app.closed:
            return
        stamp = instance.raise_stamp()
        if stamp != seen:
            seen = stamp
            root = app.root
            root.deiconify()
            root.lift()
            root.attributes("-topmost", True)  # past a window manager's focus stealing guard
            root.after_idle(root.attributes, "-topmost", False)
            root.focus_force()
        app.timers.later(RAISE_POLL_MS, look, purpose="raise request")

    app.timers.later(RAISE_POLL_MS, look, purpose="raise request")


#: Set to 1 by ``python -m tenthousand.tools.benchmark startup`` only: close the window as soon
#: as its first frame is drawn, to time the start-up.
EXIT_AFTER_FIRST_FRAME = "TENTHOUSAND_EXIT_AFTER_FIRST_FRAME"


def _after_first_frame(root: tk.Tk, func: Callable[[], None]) -> None:
    """Call ``func`` once the window is on the screen and drawn (or after a second, should
    the window manager keep it hidden)."""
    done = False

    def run() -> None:
        nonlocal done
        if done:
            return
        done = True
        root.update_idletasks()  # the redraws Tk has queued: the first frame
        func()

    def mapped(event: tk.Event) -> None:
        if event.widget is root:
            root.after_idle(run)

    if root.winfo_ismapped():  # mapped already (the first frame's table): draw now
        root.after_idle(run)
        return
    root.bind("<Map>", mapped, add="+")
    root.after(1000, run)


def start_up_over() -> None:
    """The collector comes back on (off since the process started, __main__), and what
    start-up built (modules, classes, the window's widgets: most objects the game will ever
    have) is frozen out of its passes: a full collection took 24-28 ms in the Tk thread,
    3 ms with them frozen (tools.benchmark)."""
    gc.freeze()
    gc.enable()


def _first_frame_drawn(app: App, intro: bool, replay: Any = None,
                       opts: Options | None = None) -> None:
    """What waits for the first frame: the game's first step and the first save, and
    the replay window that ``--replay`` asks for."""
    start_up_over()
    if app.closed:
        return
    timing = os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1"
    if timing:
        print("ready", flush=True)  # the game's window is drawn: the second stopwatch
    app.icons = _set_icon(app.root) or app.icons
    if replay is not None:
        window = app.records.show_replay(record=replay)
        app.game_commands.begin_when_turned_to(window)
    elif not intro:
        app.game_commands.begin()
    app.options.save_preferences()
    if opts is not None:
        network_start(app, opts)
    if timing:
        app.close()


def network_start(app: App, opts: Options) -> None:
    """--host: the table opens (its address, port and code printed); --join: the table
    at the address is joined."""
    if opts.host:
        settings, note = settings_from_options(app.preferences.saved.game, opts)
        if note:
            app.messages.tell(note)
        app.network.host(settings, port=opts.port, code=opts.code, print_where=True)
    elif opts.join is not None:
        address, port = opts.join
        from .control.messages import Kind

        name = opts.name or app.network.my_name()
        if not name and not opts.watch:
            app.messages.tell(_("Give your name with --name NAME to join a table: the others "
                                "see it at their screens."), Kind.WARNING)
            return
        app.network.join(address, port, opts.code or "", name or _("Watcher"),
                         watch=opts.watch)


def _show_splash(root: tk.Tk, prefs: Preferences) -> tk.Canvas:
    """The window's first frame while the game is being built: the table in the player's
    colours with the game's name, on the screen before the modules of the game load.

    It stands over the real window until that is built (a tenth of a second), so the
    window appears as soon as a bare Tk window would."""
    from .view.theme import palette

    pal = palette(prefs.theme, prefs.table_colour)
    canvas = tk.Canvas(root, background=pal.felt, highlightthickness=0, borderwidth=0)
    canvas.place(x=0, y=0, relwidth=1, relheight=1)

    def centre(event: tk.Event) -> None:
        canvas.coords("title", event.width / 2, event.height * 0.4)

    canvas.create_text(0, 0, text=_("Ten-Thousand"), fill=pal.text, tags="title",
                       font=("TkHeadingFont", 28, "bold"))
    canvas.bind("<Configure>", centre)
    root.deiconify()
    root.update()  # drawn now; no key can be lost: nothing has been shown to press it at
    if os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1":
        print("first frame", flush=True)  # the benchmark's first stopwatch stops here
    return canvas


def _open(root: tk.Tk, opts: Options) -> App:
    """Build the game window on ``root`` as the command line asks."""
    root.withdraw()
    access.tk_language(root)  # the Yes and No of Tk's own boxes in the game's language
    placing.place_tk_boxes(root)  # and the resume box over the window, all on the screen
    icons = _set_icon(root, FIRST_ICON_SIZES)
    saved_prefs, prefs, messages, status = _preferences_for(opts)
    scaling.apply_scaling(root, prefs.size)  # before any size in pixels is worked out
    root.geometry(_geometry(root, prefs.geometry))
    root.minsize(*window_sizes(root)[1])
    splash = _show_splash(root, prefs)
    # A network game asks nothing first: an unfinished game stays saved.  A replay asks
    # nothing either: the unfinished game (or the match's next) waits behind the replay
    # window, neither played nor saved until the player turns to it.
    network = opts.host or opts.join is not None
    game, more, left = _saved_game(root, opts) if not network else (None, [], None)
    messages += more
    # The startup show plays before a game not begun (the next game of a match, too).
    intro = prefs.intro and not opts.skip_intro and not network and opts.replay is None and (
        game is None or not game.log[1:])
    from .control.app import App  # the game's modules load while the first frame is on the screen

    # A demo of its own is never saved: it must not replace the player's saved game (nor
    # come back as one); a saved game resumed in demo mode is the player's and is saved.
    app = App(root, prefs, prefs.game, game=game, seed=opts.seed, demo=opts.demo,
              intro=intro, owns_root=True, message=" ".join(messages) or status or None,
              notices=messages, saved_prefs=saved_prefs, begin=False,
              save_games=not opts.demo or game is not None, keep_history=True)
    if left is not None:
        _leave(app, left)
    _come_forward_when_asked(app)
    splash.destroy()
    app.icons = icons
    _after_first_frame(root, lambda: _first_frame_drawn(app, intro, opts.replay, opts))
    return app


def launch(opts: Options) -> int:
    """Open the game window as the command line asks; returns the exit status.

    An error before the window can show one itself goes to the log with its traceback and
    to the terminal as one sentence, and the status is 1."""
    from .services.logs import setup_logging

    try:
        setup_logging()
    except OSError as e:  # setup_logging falls back to stderr; this is a last resort
        print(_("tenthousand: no log this time ({problem})").format(problem=e), file=sys.stderr)
    from .files import instance

    try:
        home_lock = instance.acquire()  # held while the window is open
    except instance.AlreadyRunning:
        return _already_open()
    try:
        return _run(opts)
    finally:
        home_lock.release()


def _run(opts: Options) -> int:
    """The window, built and run (see :func:`launch`)."""
    from .services.logs import report_startup_failure

    root: tk.Tk | None = None
    try:
        root = tk.Tk(className="TenThousand")
        root.title(_("Ten-Thousand"))  # (the resume box comes before the game's own title)
        _open(root, opts)
    except Exception as e:  # noqa: BLE001 - anything at all: logged, told, exit 1
        report_startup_failure(e)
        if root is not None:
            try:
                root.destroy()
            except tk.TclError as err:  # half-built: the process ends anyway
                log.info("the half-built window could not be closed: %s", err)
        return 1
    root.mainloop()
    return 0


def _already_open() -> int:
    """A second copy on the same home: the first is asked to come to the front, and the
    player is told why no new window opens (in a box, and on the terminal); status 1."""
    from .files import instance

    instance.ask_to_raise()
    text = _("Ten-Thousand is already open with your saved game: play on in its window "
             "(brought to the front now), or close it before starting another.")
    log.warning("another copy holds the lock of this home: not started")
    print(f"tenthousand: {text}", file=sys.stderr)
    try:
        root = tk.Tk(className="TenThousand")
    except tk.TclError:  # no display: the terminal has said it
        return 1
    root.withdraw()
    from tkinter import messagebox

    if os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1":  # tests: the box closes once drawn
        root.after(200, root.destroy)
    try:
        messagebox.showinfo(_("Ten-Thousand"), text, parent=root)
    except tk.TclError:  # closed by the timer above
        pass
    try:
        root.destroy()
    except tk.TclError:
        pass
    return 1
