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
import time
import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .files.settings import GameSettings, Preferences, SeatSetting, load_preferences
from .i18n import _, join_words, ngettext, number
from .view import access, placing, scaling
from .view.scaling import screen_margin, window_sizes

if TYPE_CHECKING:  # the engine and the window load after the first frame is shown
    from .control.app import App
    from .files.options import Options
    from .files.savegame import Loaded
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
    if opts.mailbox is not None:
        changes["mailbox"] = opts.mailbox
    if opts.transit_relay is not None:
        changes["transit_relay"] = opts.transit_relay
    # --host: the hosted table's settings are its own (network_start); the window's game
    # under the lobby is the last one.
    settings, settings_note = settings_from_options(
        saved.game, dataclasses.replace(opts, rules=None, players=None, options=[])
        if opts.host else opts)
    if settings_note:
        messages.append(settings_note)
    return saved, saved.replace(game=settings, **changes), messages, status


@dataclass
class SavedStart:
    """What the save gives a launch (:func:`_saved_game`)."""

    game: Game | None = None  # the game to play on (None: a new one from the settings)
    notes: list[str] = field(default_factory=list)  # for the player, in a box
    #: Saved games the player said No to, each with the file it was kept aside in (None:
    #: the save itself): stored in the history as left, once the window is built.
    left: list[tuple[Game, Path | None]] = field(default_factory=list)
    #: The finished game the save holds: the history stores it if it could not at its end.
    finished: Game | None = None
    ended: float = 0.0  # (when that save was last written)


def _saved_game(root: tk.Tk, opts: Options) -> SavedStart:
    """What to do with the saved game, for every kind of start.  A start never replaces
    an unfinished game: a plain start asks (or resumes it, with --resume); --host finds the
    game it hosted and hosts it again; any other network start (--join, --join-code,
    --host with another game saved) keeps the save aside, where the next start offers it;
    --replay puts it on the table behind the replay window, where it waits for the player
    (issue 42, item 6); --demo leaves it as it is."""
    from .files import savegame

    loaded = savegame.load_save()
    out = SavedStart(notes=[loaded.note] if loaded.note else [], finished=loaded.finished,
                     ended=loaded.ended)
    saved = _worth_offering(loaded.game)
    explicit = bool(opts.rules or opts.players or opts.options or opts.seed is not None
                    or opts.real_dice)
    if opts.replay is not None:  # the game waits behind the replay window (issue 42, item 6)
        out.game = saved if saved is not None or explicit else _next_of_match(loaded)
        return out
    if opts.host or opts.join is not None or opts.join_code is not None:
        if saved is not None and opts.host and _hosted(saved):
            out.game = saved  # the host stopped: hosted again, the friends rejoin
        elif saved is not None:
            out.notes.append(savegame.keep_aside() or _(
                "Your unfinished game of {rules} is kept aside: the next start of "
                "Ten-Thousand offers it again.").format(rules=saved.rules.label))
        return out
    if opts.demo:  # the demo is not saved: the player's game waits for the next launch
        if saved is not None:
            out.notes.append(_("Your unfinished game stays saved: start Ten-Thousand without "
                               "--demo to resume it."))
        return out
    offers: list[tuple[Game, Path | None]] = [(saved, None)] if saved is not None else []
    kept = _kept_game(out.notes)
    if kept is not None:
        offers.append(kept)
    if not offers and opts.resume:
        out.notes.append(_("There is no saved game to resume."))
    for game, path in offers:
        if opts.resume or _ask_resume(root, game, explicit, kept=path is not None):
            out.game = (savegame.resume_kept(path) or game) if path is not None else game
            if savegame.kept_games():
                out.notes.append(_("Another unfinished game is kept aside: a start that finds "
                                   "no other game to resume offers it."))
            return out
        out.left.append((game, path))
    if saved is None and not explicit:  # the match of the last launch goes on
        out.game = _next_of_match(loaded)
    return out


def _next_of_match(loaded: Loaded) -> Game | None:
    """The next game of the match of the last launch (None: no match goes on)."""
    from .files import savegame

    seed = secrets.randbits(63)
    return (savegame.next_of_match(loaded.finished, seed) if loaded.finished
            else savegame.load_saved_match(seed=seed))


def _worth_offering(game: Game | None) -> Game | None:
    """``game``, unless it was closed before its first throw (nothing worth offering)."""
    from .model.game import Phase

    if game is not None and sum(game.turns_taken) == 0 and game.phase is Phase.START:
        return None
    return game


def _hosted(game: Game) -> bool:
    """Whether this screen hosted ``game`` for friends (they rejoin when it is hosted
    again)."""
    network = game.record.network
    return network is not None and network.role == "host" and bool(network.friends)


def _kept_game(notes: list[str]) -> tuple[Game, Path] | None:
    """The newest game kept aside by an earlier start that still loads, with its file (a
    bad one is set aside and said in ``notes``)."""
    from .files import savegame

    for path in savegame.kept_games():
        game, note = savegame.load_kept(path)
        if note:
            notes.append(note)
        if game is not None and _worth_offering(game) is None:
            savegame.drop_kept(path)  # never begun: nothing to keep
        elif game is not None:
            return game, path
    return None


def _ask_resume(root: tk.Tk, game: Game, explicit: bool, *, kept: bool) -> bool:
    from tkinter import messagebox

    question = resume_question(game, explicit)
    if kept:
        question += "\n\n" + _("It was kept aside when Ten-Thousand was started for a network "
                                "game, so that it was not replaced.")
    # Translators: the title of the box that offers the unfinished game.
    return bool(messagebox.askyesno(_("Resume"), question, parent=root))


def _leave(app: App, left: Game, kept: Path | None = None) -> None:
    """A saved game the player said No to: stored in the history as left (as a game left
    by a new game is), then its save cleared (only if it still holds that game), or the
    file it was kept aside in removed."""
    from .files import savegame

    app.history.keeper.abandoned(left, demo=False)
    if kept is not None:
        savegame.drop_kept(kept)
    else:
        savegame.clear_saved_game(left)


#: How often the window looks whether a second copy asked it to come to the front.
RAISE_POLL_MS = 500


def _come_forward_when_asked(app: App) -> None:
    """A second copy started on this home touches the raise file: the window comes to the
    front (de-iconified, raised, focused), says in its status line (and log) that it is the
    one already open, and answers, so that the second copy ends at once."""
    from .control.messages import Kind
    from .files import instance

    seen = instance.raise_stamp()
    held = instance.held_since()
    if seen is not None and held is not None and seen > held:
        seen = None  # asked while this window was being built: answered now

    def look() -> None:
        nonlocal seen
        if app.closed:
            return
        stamp = instance.raise_stamp()
        if stamp != seen and stamp is not None:
            seen = stamp
            root = app.root
            root.deiconify()
            root.lift()
            root.attributes("-topmost", True)  # past a window manager's focus stealing guard
            root.after_idle(root.attributes, "-topmost", False)
            root.focus_force()
            app.messages.tell(_("Ten-Thousand was started again, but it is already open: "
                                "this is its window, with your game."), Kind.WARNING)
            instance.answer(stamp)
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
    placing.keep_on_screen(app.root, scaling.MIN_SIZE)  # (issue 42, item 17)
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
    """--host: the table opens (its address, port and code printed; with --internet, each
    invite code as it comes), or the game this screen hosted, resumed, is hosted again;
    --join: the table at the address is joined; --join-code: the table over the internet
    whose invite code it is."""
    if opts.host and app.network.waiting is not None \
            and app.network.waiting is app.controller.game:  # (the game it hosted, resumed)
        app.network.host_again(app.network.waiting, port=opts.port, code=opts.code,
                               print_where=True)
    elif opts.host:
        settings, note = settings_from_options(app.preferences.saved.game, opts)
        if note:
            app.messages.tell(note)
        app.network.host(dataclasses.replace(settings, internet=opts.internet),
                         port=opts.port, code=opts.code, print_where=True)
    elif opts.join is not None or opts.join_code is not None:
        from .control.messages import Kind

        name = opts.name or app.network.my_name()
        if not name and not opts.watch:
            app.messages.tell(_("Give your name with --name NAME to join a table: the others "
                                "see it at their screens."), Kind.WARNING)
            return
        if opts.join_code is not None:
            app.network.join_code(opts.join_code, name or _("Watcher"), watch=opts.watch,
                                  on_outcome=_print_problem)
            return
        assert opts.join is not None
        address, port = opts.join
        app.network.join(address, port, opts.code or "", name or _("Watcher"),
                         watch=opts.watch, on_outcome=_print_problem)


def _print_problem(problem: str | None) -> None:
    """Why the table of --join or --join-code did not let the player in: on standard
    error too, for whoever started the program from a terminal (the window says it)."""
    if problem:
        print(problem, file=sys.stderr, flush=True)


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


def _open(root: tk.Tk, opts: Options, notes: list[str] | None = None) -> App:
    """Build the game window on ``root`` as the command line asks (``notes``: more for the
    player, with the launch's own)."""
    root.withdraw()
    access.tk_language(root)  # the Yes and No of Tk's own boxes in the game's language
    placing.place_tk_boxes(root)  # and the resume box over the window, all on the screen
    icons = _set_icon(root, FIRST_ICON_SIZES)
    saved_prefs, prefs, messages, status = _preferences_for(opts)
    messages = [*(notes or []), *messages]
    scaling.apply_scaling(root, prefs.size)  # before any size in pixels is worked out
    root.geometry(_geometry(root, prefs.geometry))
    root.minsize(*window_sizes(root)[1])
    splash = _show_splash(root, prefs)
    # A replay asks nothing first: the unfinished game (or the match's next) waits behind
    # the replay window, neither played nor saved until the player turns to it.  A network
    # start asks nothing either: it keeps an unfinished game aside.
    network = opts.host or opts.join is not None or opts.join_code is not None
    saved = _saved_game(root, opts)
    game = saved.game
    messages += saved.notes
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
    for left, kept in saved.left:
        _leave(app, left, kept)
    if saved.finished is not None:
        app.history.from_save(saved.finished, saved.ended)
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
        if opts.host and opts.players is None:  # --host alone: the game it hosted, again
            problem = _nothing_hosted()
            if problem is not None:
                print(f"tenthousand: {problem}", file=sys.stderr)
                return 2
        return _run(opts, home_lock.problem)
    finally:
        home_lock.release()


def _nothing_hosted() -> str | None:
    """Why ``--host`` without ``--players`` cannot start (the save holds no unfinished game
    this screen hosted for friends, to host again with its own seats), or None."""
    from .files import savegame

    loaded = savegame.load_save()
    saved = _worth_offering(loaded.game)
    if saved is not None and _hosted(saved):
        return None
    why = (_("--host: there is no game you hosted to host again: give the seats of a new "
             "table with --players, a seat net for each friend, as in 'Ann,net,cpu:expert'")
           if saved is None else
           _("--host: your saved game of {rules} was not hosted for friends: give the seats "
             "of a new table with --players, a seat net for each friend, as in "
             "'Ann,net,cpu:expert' (your game is kept aside then)").format(
               rules=saved.rules.label))
    return " ".join(filter(None, (loaded.note, why)))


def _run(opts: Options, lock_problem: str | None = None) -> int:
    """The window, built and run (see :func:`launch`); ``lock_problem``: why no lock keeps
    a second copy out, for the player."""
    from .services.logs import report_startup_failure

    root: tk.Tk | None = None
    try:
        root = tk.Tk(className="TenThousand")
        root.title(_("Ten-Thousand"))  # (the resume box comes before the game's own title)
        _open(root, opts, [lock_problem] if lock_problem else [])
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


#: How long a second copy waits for the first to come to the front and say so.
ANSWER_WAIT_S = 3.0
#: How long the second copy's own notice stays, should the first not answer.
NOTICE_S = 60


def _already_open() -> int:
    """A second copy on the same home: the first is asked to come to the front and to say
    in its window that it is the one open; the player is told on the terminal too, and the
    second ends at once (status 1).  When the first does not answer in a few seconds (it
    is still starting, or waits for an answer in a box), the second says so in a window of
    its own, above the others, until it is closed."""
    from .files import instance

    stamp = instance.ask_to_raise()
    log.warning("another copy holds the lock of this home: not started")
    end = time.monotonic() + ANSWER_WAIT_S
    while stamp is not None and time.monotonic() < end:
        if instance.answered(stamp):
            print("tenthousand: " + _("Ten-Thousand is already open with your saved game: "
                                      "its window is in front now, play on there."),
                  file=sys.stderr)
            return 1
        time.sleep(0.05)
    text = _("Ten-Thousand is already open with your saved game, but its window did not come "
             "to the front: find it (it may be waiting for an answer in a box), or close it "
             "before starting another.")
    print(f"tenthousand: {text}", file=sys.stderr)
    try:
        root = tk.Tk(className="TenThousand")
    except tk.TclError:  # no display: the terminal has said it
        return 1
    _notice(root, text)
    try:
        root.destroy()
    except tk.TclError:
        pass
    return 1


def _notice(root: tk.Tk, text: str) -> None:
    """``text`` in a small window of its own, above the others (a box of Tk's would stand
    behind the first copy's window when that comes to the front late), closed by Close,
    Return, Escape or after :data:`NOTICE_S` seconds."""
    from tkinter import ttk

    root.title(_("Ten-Thousand"))
    icons = _set_icon(root, FIRST_ICON_SIZES)  # (held while the window shows)
    frame = ttk.Frame(root, padding=16)
    frame.pack(fill="both", expand=True)
    ttk.Label(frame, text=text, wraplength=420, justify="left").pack(fill="x")
    ok = access.button(frame, _("&Close"), root.quit)
    ok.pack(pady=(14, 0))
    for key in ("<Return>", "<Escape>", "<KP_Enter>"):
        root.bind(key, lambda event: root.quit())
    root.protocol("WM_DELETE_WINDOW", root.quit)
    root.resizable(False, False)
    root.update_idletasks()
    left = (root.winfo_screenwidth() - root.winfo_reqwidth()) // 2
    top = root.winfo_screenheight() // 8  # above the middle, where the first's boxes open
    root.geometry(f"+{max(0, left)}+{max(0, top)}")
    root.attributes("-topmost", True)
    ok.focus_set()
    root.after(200 if os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1" else NOTICE_S * 1000,
               root.quit)  # (tests: closed once drawn)
    root.mainloop()
    del icons
