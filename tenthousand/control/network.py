"""Game > Host a network game and Game > Join a network game (and ``--host``, ``--join``):
the command group that opens a table (:class:`~tenthousand.control.net_host.HostTable`) or
joins one (:class:`~tenthousand.control.net_client.ClientTable`), the lobby panel and the
chat line on the window, and what the other commands may do meanwhile (no demo mode; a new
game leaves the table, after asking; the next game of the match is the host's).

The network work itself is the net layer's (:mod:`tenthousand.net`), in the job runner's
threads; everything here runs in the Tk thread and never waits on it."""

from __future__ import annotations

import dataclasses
import logging
import tkinter as tk
from collections.abc import Callable, Sequence
from typing import Any

from ..dialogs.newgame import LEVEL_LABELS
from ..files.settings import GameSettings, LivePreferences, SeatSetting, next_guest_name
from ..i18n import _, join_words, ngettext
from ..model import Game, Rules, scoring
from ..model.grammar import is_you
from ..model.rules import BY_STRENGTH
from ..present.commands import handles
from ..present.network import waits_to_be_hosted
from ..services.jobs import JobRunner
from ..services.timers import Timers
from ..view.chat import ChatLine
from ..view.lobby import LobbyPanel
from ..view.theme import Palette, palette
from ..view.window import MainWindow
from .boxes import Boxes, collect
from .controller import Controller
from .messages import Kind, Messages
from .net_client import ClientTable
from .net_host import HostTable
from .session import Change, Origin, Session

log = logging.getLogger(__name__)

__all__ = ["NetworkCommands"]

Table = HostTable | ClientTable


def level_choices() -> list[tuple[str, str]]:
    """The computer levels a seat can be given to, weakest first: (key, label)."""
    return [(level, _(LEVEL_LABELS.get(level, level))) for level in BY_STRENGTH]


class NetworkCommands:
    """The network game of one main window (at most one table at a time)."""

    def __init__(self, root: tk.Tk, session: Session, controller: Controller,
                 prefs: LivePreferences, boxes: Boxes, messages: Messages, jobs: JobRunner,
                 timers: Timers, window: MainWindow, pal: Palette, *,
                 make_game: Callable[[GameSettings], Game]) -> None:
        self.root, self.session, self.controller = root, session, controller
        self.prefs, self.boxes, self.messages = prefs, boxes, messages
        self.jobs, self.timers, self.window = jobs, timers, window
        self.make_game = make_game
        self.table: Table | None = None
        self.lobby = LobbyPanel(window.table, pal, on_start=self._start,
                                on_hand=self._hand, on_close=self._close_table,
                                on_joins=self._joins)
        self.chat_line = ChatLine(window.side, pal, on_send=self._chat, table=window.table)
        prefs.watch(("theme", "table_colour"), lambda: self.set_palette(
            palette(prefs.value.theme, prefs.value.table_colour)))
        #: The net layer as this window uses it (tests give a fake one).
        self.net: Any = NetLayer(jobs, servers=lambda: (prefs.value.mailbox,
                                                         prefs.value.transit_relay))
        #: A game this screen hosted for friends, resumed after the program stopped: it
        #: waits for Game > Host a network game to open its table again.
        self.waiting: Game | None = None
        #: What gets a seat back on a rejoin, by (address, port, name); the last address.
        self.tokens: dict[tuple[str, int | None, str], str] = {}
        self.last_address = ""
        self.last_name = ""  # (the name this window last joined a table with)

    # -- hosting -------------------------------------------------------------------------

    @handles("host_game")
    def host_game(self) -> None:
        """Game > Host a network game: the new-game dialog with friends' seats, then the
        table opens and shows how to join."""
        if not self._may_leave():
            return
        # A resumed game hosted for friends is hosted again (kept while it is on the table,
        # so that a table that failed to open can be opened again).
        again = self.waiting
        if again is not None and again is self.controller.game and not again.over:
            self.host_again(again)
            return
        self.controller.cancel_all()
        settings = self.boxes.ask_network_settings(_host_settings(self.prefs.game))
        if settings is None:
            self.controller.start()
            return
        self.host(settings)

    def host(self, settings: GameSettings, *, port: int | None = None,
             code: str | None = None, print_where: bool = False,
             again: Game | None = None) -> None:
        """Open a table with ``settings`` (its seats ``net`` for the friends); ``again``:
        the game hosted again, its friends' seats kept for their names, on the port it
        was hosted on (a free one if that is in use: the table says which)."""
        self.leave()
        # (the friends' screens check the program's dice: real dice are for one table)
        settings = dataclasses.replace(settings, real_dice=False)
        rules = settings.to_rules() if again is None else again.rules
        self.warm(rules)

        def open_link() -> Any:
            try:
                return self.net.host(settings, port=port, code=code, rules=rules,
                                     keep_names=again is not None)
            except OSError:
                if again is None or not port:
                    raise
                log.info("port %s is in use: the game is hosted again on a free one", port)
                return self.net.host(settings, port=0, code=code, rules=rules,
                                     keep_names=True)

        self.table = HostTable(
            settings, session=self.session, controller=self.controller,
            messages=self.messages, timers=self.timers, screen=self.lobby,
            open_link=open_link, make_game=self.make_game, levels=level_choices(),
            print_where=print_where, on_closed=self._closed, again=again)
        self._show_chat(True)

    def host_again(self, game: Game, *, port: int | None = None, code: str | None = None,
                   print_where: bool = False) -> None:
        """Host the game on the table again: the program stopped while friends played it
        (its record names their seats, and the port or that it was over the internet);
        they rejoin with the new code and their names (``port``, ``code``,
        ``print_where``: as --host gives them; the port the record names by default)."""
        net = game.record.network
        friends = net.friends if net is not None else ()
        seats = tuple(SeatSetting(s.name, s.computer, s.level, net=i in friends)
                      for i, s in enumerate(game.seats))
        if port is None and net is not None:
            port = net.port
        self.host(GameSettings(seats=seats, internet=net is not None and net.internet),
                  port=port, code=code, print_where=print_where, again=game)

    def follow_resumed(self, change: Change) -> None:
        """The session's watcher, after the table's: the program stopped while this screen
        hosted the game resumed for friends: it waits for them (their seats are not this
        screen's to play) until it is hosted again."""
        game = change.game
        net = game.record.network
        if change.origin is not Origin.RESUMED or self.table is not None or net is None \
                or net.role != "host" or not net.friends or game.over:
            return
        self.waiting = game
        self.controller.seating.wait_for_friends(net.friends, waits_to_be_hosted())
        self.controller.refresh()
        names = join_words([game.seats[i].name for i in net.friends])
        self.messages.tell(ngettext(
            "{names} played this game at their own screen: Game > Host a network game opens "
            "its table again for them to rejoin (Esc starts a new game).",
            "{names} played this game at their own screens: Game > Host a network game opens "
            "its table again for them to rejoin (Esc starts a new game).",
            len(net.friends)).format(names=names), Kind.NOTE)

    def _start(self) -> None:
        if isinstance(self.table, HostTable):
            self.table.start()

    def _hand(self, seat: int, level: str) -> None:
        if isinstance(self.table, HostTable):
            self.table.hand(seat, level)

    def _close_table(self) -> None:
        if self.table is not None:
            self.table.close()

    def _joins(self, open_: bool) -> None:
        if isinstance(self.table, HostTable):
            self.table.set_joins(open_)

    # -- joining -------------------------------------------------------------------------

    @handles("join_game")
    def join_game(self) -> None:
        """Game > Join a network game: the tables found, or an address; the code, a name."""
        from ..dialogs.join import JoinDialog

        if not self._may_leave():
            return
        self.controller.cancel_all()
        with self.window.box_open():
            choice = JoinDialog(self.root, name=self.my_name(), find=self._find,
                                address=self.last_address, attempt=self._attempt).result
        collect()
        if choice is None:  # (a join under way when the player gave up: left)
            if self.table is not None:
                self.leave()
            self.controller.start()
            return
        if not choice.internet:
            shown = f"[{choice.address}]" if ":" in choice.address else choice.address
            self.last_address = shown if choice.port is None else f"{shown}:{choice.port}"

    def _attempt(self, choice: Any, done: Callable[[str | None], None]) -> None:
        """The join dialog's Join: the table is joined while the dialog waits, open, for
        ``done`` (None: in; else the sentence why not, shown in the dialog)."""
        if choice.internet:
            self.join_code(choice.code, choice.name, watch=choice.watch, on_outcome=done)
        else:
            self.join(choice.address, choice.port, choice.code, choice.name,
                      watch=choice.watch, on_outcome=done)

    def join(self, address: str, port: int | None, code: str, name: str, *,
             watch: bool = False, on_outcome: Callable[[str | None], None] | None = None
             ) -> None:
        """Join the table at ``address`` (``port`` None: the default one)."""
        self.leave()
        if not watch:
            self.last_name = name
        key = (address, port, name.casefold())  # a rejoin gets the same seat back
        self.table = ClientTable(
            session=self.session, controller=self.controller, messages=self.messages,
            timers=self.timers,
            connect=lambda: self.net.join(address, port, code=code, name=name, watch=watch,
                                          token=None if watch else self.tokens.get(key)),
            replica=self.net.replica, fair_check=self.net.fair_check, watch=watch,
            on_closed=self._closed, warm=self.warm,
            on_token=lambda token: self.tokens.__setitem__(key, token), jobs=self.jobs,
            on_outcome=on_outcome)
        self._show_chat(True)

    def join_code(self, code: str, name: str, *, watch: bool = False,
                  on_outcome: Callable[[str | None], None] | None = None) -> None:
        """Join a table over the internet by its invite ``code``."""
        self.leave()
        if not watch:
            self.last_name = name
        key = ("", None, name.casefold())  # (a rejoin over the internet: a new code)
        self.table = ClientTable(
            session=self.session, controller=self.controller, messages=self.messages,
            timers=self.timers,
            connect=lambda: self.net.join_code(code, name=name, watch=watch,
                                               token=None if watch else self.tokens.get(key)),
            replica=self.net.replica, fair_check=self.net.fair_check, watch=watch,
            on_closed=self._closed, warm=self.warm,
            on_token=lambda token: self.tokens.__setitem__(key, token), jobs=self.jobs,
            on_outcome=on_outcome)
        self._show_chat(True)

    def warm(self, rules: Rules) -> None:
        """The engine's score table of ``rules``, built in the job runner before the first
        throw needs it (it takes a few hundred milliseconds, once per rule set: not in a
        callback of the Tk thread)."""
        self.jobs.submit(lambda: scoring.table(rules), name="score table")

    def my_name(self) -> str:
        """The name a friend joins with by default: the one this window last joined a
        table with (a rejoin keeps the seat by name), else the first person of the last
        game."""
        name = self.last_name or next(
            (s.name for s in self.prefs.game.seats if not s.computer and not s.net), "")
        return "" if is_you(name) else name  # ("You" would mean each of the others)

    def _find(self, done: Callable[[Sequence[tuple[str, str, int]]], None]) -> None:
        """Look for tables on the local network, in the background."""
        def found(tables: Sequence[Any]) -> None:
            done([(t.name, t.address, t.port) for t in tables])

        def failed(error: BaseException) -> None:
            log.info("looking for tables failed: %s", error)
            done([])

        self.jobs.submit(self.net.browse, found, failed, name="network browse")

    # -- while a table is open -----------------------------------------------------------

    def follow(self, change: Change) -> None:
        """The session's watcher: the match's next game goes to the friends too; any
        other game put on the table leaves the network game."""
        table = self.table
        if change.game is not self.waiting:
            self.waiting = None
        if table is None or change.origin is Origin.NETWORK:
            return
        if isinstance(table, HostTable) and table.game is not None \
                and change.origin in (Origin.NEXT, Origin.RESTART):
            table.next_game(change.game)
            return
        self.leave()

    def leave(self) -> None:
        """Leave (or close) the table open now, if any."""
        table, self.table = self.table, None
        if isinstance(table, ClientTable):
            table.left()
        elif table is not None:
            table.close(quietly=True, replaced=True)
        self._show_chat(False)

    def _closed(self) -> None:
        """A table closed by itself (the host gone, a failure): the chat line goes."""
        if self.table is not None and self.table.closed and isinstance(self.table, HostTable):
            self.table = None
            self._show_chat(False)

    def _may_leave(self) -> bool:
        """Before another table or game: whether to leave the one open (asked)."""
        if self.table is None or self.table.closed:
            return True
        question = (_("Close your table? The friends at it are told, and the game ends.")
                    if isinstance(self.table, HostTable) else
                    _("Leave the host's table? The game goes on there without you."))
        return self.boxes.confirm(_("Network game"), question)

    def guard(self, handlers: dict[str, Callable[..., object]]) -> None:
        """What the other commands may do while a table is open: demo mode is refused,
        the next game of the match is the host's, a new game asks to leave first."""
        demo, restart, new_game, real_dice = (
            handlers.get(n) for n in ("demo", "restart", "new_game", "real_dice"))

        def guarded_demo() -> object:
            if self.table is not None and not self.table.closed:
                self.messages.tell(_("There is no demo mode in a network game."),
                                   Kind.REFUSAL)
                return None
            return demo() if demo is not None else None

        def guarded_restart(*args: Any, **kwargs: Any) -> object:
            if isinstance(self.table, ClientTable) and not self.table.closed:
                self.messages.tell(_("The host starts the next game of the match."),
                                   Kind.REFUSAL)
                return None
            return restart(*args, **kwargs) if restart is not None else None

        def guarded_new_game() -> object:
            if not self._may_leave():
                return None
            self.leave()
            return new_game() if new_game is not None else None

        def guarded_real_dice() -> object:
            if not self._may_leave():
                return None
            self.leave()
            return real_dice() if real_dice is not None else None

        def waiting(handler: Callable[..., object] | None) -> Callable[..., object]:
            def play(*args: Any) -> object:
                why = self.controller.seating.why_held  # (the lobby, a friend away...)
                if why:
                    self.messages.tell(why, Kind.REFUSAL)
                    return None
                return handler(*args) if handler is not None else None
            return play

        handlers.update(demo=guarded_demo, restart=guarded_restart, new_game=guarded_new_game,
                        real_dice=guarded_real_dice,
                        **{name: waiting(handlers.get(name))
                           for name in ("throw", "bank", "number_key")})

    def _chat(self, text: str) -> None:
        if self.table is not None and not self.table.closed:
            self.table.chat(text)
        else:
            self.messages.tell(_("There is nobody to talk to: no table is open."),
                               Kind.REFUSAL)

    def _show_chat(self, on: bool) -> None:
        if on and not self.chat_line.winfo_manager():
            self.chat_line.pack(fill="x", side="bottom", before=self.window.log)
        elif not on:
            self.chat_line.pack_forget()
            self.lobby.hide()

    def set_palette(self, pal: Palette) -> None:
        self.lobby.set_palette(pal)
        self.chat_line.set_palette(pal)

    def shutdown(self) -> None:
        """Quit: the table is closed (the friends are told) before the window goes."""
        self.leave()


def _host_settings(settings: GameSettings) -> GameSettings:
    """The host's dialog starts from the last game, with a friend's seat in place of the
    first computer (or added, if there is none)."""
    seats = list(settings.seats)
    names = [s.name for s in seats]
    friend = SeatSetting(next_guest_name(names), False, "normal", net=True)
    first = next((i for i, s in enumerate(seats) if s.computer), None)
    if first is not None:
        seats[first] = friend
    elif len(seats) < 9:
        seats.append(friend)
    return dataclasses.replace(settings, seats=tuple(seats))


class NetLayer:
    """The net layer's calls as this window makes them: every link's loop runs in the job
    runner, and the net layer loads only when a table opens or is looked for."""

    def __init__(self, jobs: JobRunner, *,
                 servers: Callable[[], tuple[str, str]] = lambda: ("", "")) -> None:
        self.jobs = jobs
        self.announce = True  # the table is announced on the local network (zeroconf)
        #: The mailbox server and transit relay of tables over the internet (Preferences).
        self.servers = servers

    def _servers(self) -> Any:
        from ..net.protocol import Servers  # (the net layer loads when a table opens)

        mailbox, relay = self.servers()
        return Servers(mailbox, relay) if mailbox else Servers()

    def host(self, settings: GameSettings, *, port: int | None, code: str | None,
             rules: Rules | None = None, keep_names: bool = False) -> Any:
        """``keep_names``: each friend's seat is kept for the friend of its name (a game
        hosted again)."""
        from ..net import link

        seats = tuple(link.LobbySeat("net" if s.net else "computer" if s.computer
                                     else "person",
                                     "" if s.net and not keep_names else s.name, s.level)
                      for s in settings.seats)
        rules = settings.to_rules() if rules is None else rules
        lobby = link.Lobby(rules.to_dict(), seats,
                           next((s.name for s in settings.seats if not s.computer
                                 and not s.net), ""))
        if settings.internet:
            return link.HostLink.open_internet(lobby, self._servers(), runner=self.jobs)
        return link.HostLink.open(lobby, port=link.DEFAULT_PORT if port is None else port,
                                  code=code, announce=self.announce, runner=self.jobs)

    def join(self, address: str, port: int | None, *, code: str, name: str,
             watch: bool, token: str | None = None) -> Any:
        from ..net import link

        return link.ClientLink.connect(address, link.DEFAULT_PORT if port is None else port,
                                       code=code, name=name, watch=watch, token=token,
                                       runner=self.jobs)

    def join_code(self, code: str, *, name: str, watch: bool,
                  token: str | None = None) -> Any:
        from ..net import link

        return link.ClientLink.connect_code(code, self._servers(), name=name, watch=watch,
                                            token=token, runner=self.jobs)

    def replica(self, data: dict[str, Any], seat: int | None) -> Any:
        from ..net.replica import Replica

        return Replica.from_game(data, seat=seat)

    def fair_check(self, seed: int, fingerprint: str, record: Any, start: Any) -> Any:
        from ..net.replica import fair_check

        return fair_check(seed, fingerprint, record, start)

    @staticmethod
    def browse() -> Any:
        """(In a worker: it waits for the answers.)"""
        from ..net.link import browse

        return browse(2.0)
