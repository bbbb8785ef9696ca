"""The host's side: a table friends join, the seats they fill, and the game relayed to them.

:class:`HostLink` listens on a TCP port of the local network (:meth:`HostLink.open`), or
makes invite codes over the internet (:meth:`HostLink.open_internet`,
:mod:`tenthousand.net.internet`); all in its network thread (:mod:`tenthousand.net.loop`).
The window keeps the game and judges every wish with the engine; the link only carries: it
tells the window who joined, left and wished what (:meth:`HostLink.poll`), and sends the
game, each command and the seed at the end to everyone at the table.

Anything can arrive on the port.  A connection that has not proven the code yet gets a
short deadline and a small share of the table's room, and wrong codes are limited per
address and per table (:mod:`tenthousand.net.gate`), so idle connections never keep a
friend with the code out.  The host can close the table to new joins.  A connection is closed, with a reason for the
host's log (a :class:`~tenthousand.net.events.Problem` and the ``tenthousand.net``
logger), when its line is not a message of the protocol, is longer than 64 KiB, comes too
fast, when its handshake stalls, or when it does not read what it is sent; nothing else
is disturbed.  No message names a seat: a connection plays the seat it joined, and
nothing it sends can make the host read or write a file or start a process (the only
things it can ask for are a command for its own seat and a chat line).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..model.names import name_key, shows_a_name
from .channel import Channel, StreamChannel, no_delay
from .discovery import Announcer, local_addresses
from .events import (
    Chat,
    HostEvent,
    InviteCode,
    Invites,
    Lobby,
    Problem,
    SeatInfo,
    SeatJoined,
    SeatLeft,
    TableAddress,
    Trouble,
    WatcherJoined,
    WatcherLeft,
    Wish,
)
from .gate import Bucket, Close, Gate, Limits
from .loop import NetLoop
from .pake import host_exchange
from .protocol import (
    DEFAULT_PORT,
    MAX_LINE,
    PROTOCOL,
    REFUSALS,
    TO_HOST,
    VERSION,
    ProtocolError,
    Servers,
    claimed_version,
    decode,
    encode,
    new_code,
    new_nonce,
    plain,
    valid_code,
)

if TYPE_CHECKING:
    from ..services.jobs import JobRunner
    from .internet import InternetError, Invitation

__all__ = ["HostLink", "Limits"]  # (Limits lives in .gate)

log = logging.getLogger("tenthousand.net")


@dataclass(eq=False)
class _Conn:
    channel: Channel
    address: str  # whose wrong codes these are ("" over the internet: one code, one try)
    invited: int | None = None  # over the internet: the seat its code was made for
    watch_code: bool = False  # ... or it came by the code to watch
    name: str = ""
    seat: int | None = None
    watcher: bool = False
    token: str | None = None  # the one made for this connection's seat (its welcome's)
    messages: Bucket = field(default_factory=lambda: Bucket(1, 1))
    chats: Bucket = field(default_factory=lambda: Bucket(1, 1))

    @property
    def peer(self) -> str:
        return self.channel.peer


@dataclass
class _Seat:
    """A seat of the table.  Its ``token`` was made for the friend who took it first (and
    goes to nobody else); ``claimed`` for one who took it since by the name alone (their
    own program restarted, its token lost): the first friend's token takes the seat back
    and voids it."""

    kind: str
    name: str
    level: str
    state: str
    token: str | None = None
    claimed: str | None = None
    conn: _Conn | None = None

    def info(self) -> SeatInfo:
        return SeatInfo(plain(self.name, 24), self.kind, self.state,
                        self.level if self.kind == "computer" or self.state == "computer"
                        else "")


class HostLink:
    """A hosted table; every method is safe to call from the Tk thread and never waits on
    the network."""

    def __init__(self, lobby: Lobby, server: socket.socket | None, code: str, *,
                 announce: bool, limits: Limits, servers: Servers | None = None) -> None:
        self.lobby = lobby
        self._table = plain(lobby.name, 40)
        self.code = code
        self.limits = limits
        self._socket = server
        self.port: int = server.getsockname()[1] if server is not None else 0
        self._net: NetLoop[HostEvent] = NetLoop("net-host")
        self._announce = announce
        self._servers = servers  # over the internet: the mailbox and the relay
        self._seats = [_Seat(s.kind, s.name, s.level, "open" if s.kind == "net" else "here")
                       for s in lobby.seats]
        self._view: tuple[SeatInfo, ...] = tuple(s.info() for s in self._seats)
        self._conns: set[_Conn] = set()  # the connections that joined
        self._gate = Gate(limits, self._problem, self._net.put)  # who may try the code
        self._invitations: dict[int | None, Invitation] = {}  # by seat (None: to watch)
        self._codes: dict[int | None, str] = {}
        self._invites: tuple[InviteCode, ...] = ()
        self._retry: asyncio.TimerHandle | None = None
        self._trouble = ""  # the trouble with the mailbox or relay told last (told once)
        self._header: dict[str, Any] | None = None  # the game's shared record, no commands
        self._commands: list[dict[str, Any]] = []
        self._fingerprint = ""
        self._reveal: dict[str, Any] | None = None
        self._watchers_let_in = Bucket(limits.watchers_per_s, limits.watcher_burst)
        self._closed = False

    @classmethod
    def open(cls, lobby: Lobby, *, port: int = DEFAULT_PORT, code: str | None = None,
             announce: bool = True, bind: str = "", runner: JobRunner | None = None,
             limits: Limits | None = None) -> HostLink:
        """Host ``lobby`` on the local network, on ``port`` (0: a free one) of every address
        (``bind``: one of them), with ``code`` (a new one by default, :func:`new_code`);
        announced on the local network unless ``announce`` is False.  OSError when the port
        cannot be had (in use, or not allowed); ValueError for a code that cannot be one."""
        code = code if code is not None else new_code()
        if not valid_code(code):
            raise ValueError(_("A join code has 4 to 32 letters or digits."))
        if bind:
            server = socket.create_server((bind, port), reuse_port=False)
        elif socket.has_dualstack_ipv6():
            server = socket.create_server(("", port), family=socket.AF_INET6,
                                          dualstack_ipv6=True)
        else:
            server = socket.create_server(("", port))
        server.setblocking(False)
        link = cls(lobby, server, code, announce=announce, limits=limits or Limits())
        link._net.start(link._main, runner)
        return link

    @classmethod
    def open_internet(cls, lobby: Lobby, servers: Servers, *, runner: JobRunner | None = None,
                      limits: Limits | None = None) -> HostLink:
        """Host ``lobby`` over the internet: an invite code for each open friend's seat and
        one to watch, made on ``servers``' mailbox (:class:`Invites` tells them as they
        come; :class:`Trouble` when the mailbox cannot be reached)."""
        link = cls(lobby, None, "", announce=False, limits=limits or Limits(),
                   servers=servers)
        link._net.start(link._main_internet, runner)
        return link

    # -- the window's side (the Tk thread) ------------------------------------------------

    def where(self) -> TableAddress:
        """How friends join: the addresses, the port and the code (over the internet: none
        of them; the invite codes come as :class:`Invites`)."""
        if self._socket is None:
            return TableAddress((), 0, "", internet=True)
        bound = self._socket.getsockname()[0]
        addresses = local_addresses() if bound in ("", "0.0.0.0", "::") else (bound,)
        return TableAddress(addresses, self.port, self.code)

    @property
    def internet(self) -> bool:
        return self._socket is None

    def invites(self) -> tuple[InviteCode, ...]:
        """The invite codes as they are now (over the internet; none on the local network)."""
        return self._invites

    def poll(self) -> list[HostEvent]:
        """What happened since the last poll (never waits)."""
        return self._net.poll()

    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat as it is now (the names friends joined with, their states)."""
        return self._view

    @property
    def full(self) -> bool:
        """Whether no net seat is open (every friend has joined, or been replaced)."""
        return all(s.state != "open" for s in self._view)

    @property
    def joins_open(self) -> bool:
        return self._gate.open

    def set_joins(self, open_: bool) -> None:
        """Open the table to new joins, or close it (nobody new gets in, and over the
        internet its codes are given up; the friends at the table play on)."""
        self._gate.open = open_
        self._net.call(self._set_joins, open_)

    def begin(self, record_data: dict[str, Any], fingerprint: str) -> None:
        """A game starts (again for the next game of a match, or a game hosted again from
        its record): ``record_data`` is ``Record.shared_dict()`` (no seed) and
        ``fingerprint`` that of the seed; the link keeps ``record_data``: do not change it.
        ValueError (a sentence for the host) when the game's start cannot be sent in one
        line: a game resumed from a very long old save."""
        header = {k: v for k, v in record_data.items() if k != "commands"}
        try:
            encode({"t": "game", "record": dict(header, commands=[]),
                    "fingerprint": fingerprint, "commands": 0})
        except ValueError:
            raise ValueError(_("This game's start is too long to send over the network; "
                               "host a new game instead.")) from None
        self._net.call(self._begin, record_data, fingerprint)

    def publish(self, command_data: dict[str, Any]) -> None:
        """A command the engine carried out (:func:`tenthousand.net.replica.command_data`)."""
        self._net.call(self._publish, command_data)

    def refuse(self, seat: int, reason: str, why: str = "rules") -> None:
        """Tell the friend at ``seat`` why their wish was refused: ``why`` in a word of
        :data:`~.protocol.REFUSALS` (their screen says it in their language), ``reason``
        in the host's words for a screen that does not know the word."""
        self._net.call(self._refuse, seat, reason, why)

    def seat_taken_over(self, seat: int, by_computer_level: str | None) -> None:
        """Net seat ``seat`` is played by the computer at that level from now on (None: it
        waits for its friend again).  A friend who rejoins gets it back (SeatJoined); an
        open seat given to a computer before anyone took it can be had by nobody."""
        self._net.call(self._take_over, seat, by_computer_level)

    def reveal(self, seed: int, start: dict[str, Any] | None = None) -> None:
        """The game is over: show everyone the seed (and the record's ``Start.to_dict()``,
        which says whether the first seat was drawn from it)."""
        self._net.call(self._send_reveal, seed, start)

    def chat(self, name: str, text: str) -> None:
        """A chat line from the host's screen, to everyone."""
        self._net.call(self._chat_out, plain(name, 24), plain(text, 200))

    def close(self) -> None:
        """Say goodbye to everyone and stop listening (also at quit)."""
        self._net.call(self._shut)

    def close_abruptly(self) -> None:
        """Drop every connection without a word, as a host that is killed does (tests)."""
        self._net.call(self._abort)

    def wait_closed(self, timeout: float = 5.0) -> bool:
        return self._net.stopped.wait(timeout)

    # -- the network thread ----------------------------------------------------------------

    async def _main(self) -> None:
        assert self._socket is not None
        server = await asyncio.start_server(self._serve, sock=self._socket, limit=MAX_LINE)
        bound = self._socket.getsockname()[0]
        only = [bound] if bound not in ("", "0.0.0.0", "::") and ":" not in bound else None
        announcer = (Announcer(self.lobby.name, self.port, VERSION, interfaces=only)
                     if self._announce else None)
        if announcer is not None:
            asyncio.get_running_loop().run_in_executor(None, announcer.start)
        try:
            async with server:
                await server.serve_forever()
        finally:
            self._closed = True
            if announcer is not None:
                await asyncio.get_running_loop().run_in_executor(None, announcer.stop)

    async def _main_internet(self) -> None:
        try:
            self._invite()
            await asyncio.Event().wait()  # (until the link is stopped)
        finally:
            self._closed = True
            for invitation in self._invitations.values():
                invitation.cancel()
            self._invitations.clear()

    def _problem(self, conn: _Conn, reason: str) -> None:
        log.warning("closed the connection of %s: %s", conn.peer, reason)
        self._net.put(Problem(conn.peer, reason))

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A connection to the port: admitted, the code proven, then joined."""
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else "?"
        plain_channel = StreamChannel(reader, writer, f"{address}:{peer[1]}"
                                      if isinstance(peer, tuple) else address)
        no_delay(writer)
        conn = _Conn(plain_channel, address)
        await self._session(conn, self._prove(conn, plain_channel))

    async def _session(self, conn: _Conn, proving: Any) -> None:
        """One connection from its first line to its last: ``proving`` (a coroutine) proves
        the code and returns the channel to go on with."""
        conn.messages = Bucket(self.limits.messages_per_s, self.limits.burst)
        conn.chats = Bucket(1 / self.limits.chat_every_s, self.limits.chat_burst)
        why = _("the connection was lost")
        try:
            conn.channel = await proving
            await self._handshake(conn)
            why = await self._read(conn)
        except Close as close:
            if close.problem:
                self._problem(conn, close.problem)
                # (the details, in English, go to the log and the Problem event)
                why = _("the connection was closed: it sent what the table does not accept")
            if close.word:
                self._send(conn, {"t": "bye", "reason": close.word, **close.extra})
        except (ConnectionError, OSError):
            pass
        except Exception as e:  # noqa: BLE001 - a fault here ends this connection only
            log.exception("the connection of %s failed", conn.peer)
            self._net.put(Problem(conn.peer, f"the table failed on it: {e!r:.200}"))
        finally:
            self._conns.discard(conn)
            self._left(conn, why)
            await conn.channel.close()

    async def _line(self, conn: _Conn) -> bytes | None:
        """The next line (None at the end of the stream)."""
        try:
            return await conn.channel.read()
        except ProtocolError as e:
            raise Close("protocol", str(e)) from None

    def _message(self, conn: _Conn, line: bytes, first: bool = False) -> dict[str, Any]:
        """The message a line holds (``first``: the first of the connection, which may come
        from another version of the program)."""
        if not conn.messages.take():
            raise Close("flood", "more messages than the rate limit allows")
        try:
            return decode(line, TO_HOST)
        except ProtocolError as e:
            claimed = claimed_version(line) if first else None
            if claimed is not None:
                self._check_version({"proto": claimed[0], "version": claimed[1]})
            raise Close("protocol", str(e)) from None

    async def _first(self, conn: _Conn, seconds: float) -> dict[str, Any]:
        """The next message, which must come within ``seconds``."""
        try:
            line = await asyncio.wait_for(self._line(conn), seconds)
        except TimeoutError:
            raise Close("timeout", "the handshake stalled") from None
        if line is None:  # gone before a word: nothing to tell (a port scan, a browser)
            log.debug("%s closed its connection during the handshake", conn.peer)
            raise Close("")
        return self._message(conn, line, first=True)

    @staticmethod
    def _check_version(message: dict[str, Any]) -> None:
        if message["proto"] != PROTOCOL or message["version"] != VERSION:
            raise Close("version", f"version {message['version']!r:.40} (protocol "
                         f"{message['proto']}); this host runs {VERSION}", version=VERSION)

    # -- the code proven on the local network ------------------------------------------------

    async def _prove(self, conn: _Conn, channel: StreamChannel) -> Channel:
        """The key exchange (:mod:`tenthousand.net.pake`) on the plain connection; the
        sealed channel once the friend has proven the code."""
        nonce = new_nonce()
        self._send(conn, {"t": "hello", "proto": PROTOCOL, "version": VERSION,
                          "table": self._table, "nonce": nonce})
        record = self._gate.admit(conn, len(self._conns))
        try:
            exchange = host_exchange(self.code, nonce)
            self._send(conn, {"t": "key", "pake": exchange.message.hex()})
            key = await self._first(conn, self.limits.unproven_s)
            if key["t"] != "key":
                raise Close("protocol", f"a {key['t']} message before the key")
            self._check_version(key)
            async with record.lock:  # one try at a time from an address, each after its wait
                wait = record.until - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                self._gate.check_code(conn, record, exchange, key)
        finally:
            self._gate.done(conn, record)
        self._send(conn, {"t": "confirm", "confirm": exchange.confirm("host")})
        return channel.sealed(*exchange.sealing_keys("host"))

    # -- the code proven over the internet ---------------------------------------------------

    def _invite(self) -> None:
        """Give each open friend's seat (and watching) an invite code, and give up the codes
        no longer wanted (the network thread)."""
        if self._closed:
            return
        wanted: set[int | None] = set()
        if self._gate.open and not self._gate.guessed_out:
            wanted = {i for i, s in enumerate(self._seats)
                      if s.kind == "net" and s.state in ("open", "away")}
            if len(self._conns) < self.limits.connections:
                wanted.add(None)
        for key in [k for k in self._invitations if k not in wanted]:
            self._invitations.pop(key).cancel()
            self._codes.pop(key, None)
        for key in sorted(wanted - set(self._invitations), key=lambda k: 99 if k is None else k):
            self._invitations[key] = self._invitation(key)
        self._tell_invites()

    def _invitation(self, key: int | None) -> Invitation:
        """A new code for the seat ``key`` (None: to watch); what it reports comes back to
        this loop (the invitation works in the reactor's thread)."""
        from .internet import Invitation  # (Twisted loads only for a table on the internet)

        assert self._servers is not None
        loop = asyncio.get_running_loop()

        def back(func: Callable[..., None], *args: Any) -> None:
            try:
                loop.call_soon_threadsafe(func, key, *args)
            except RuntimeError:  # (the table is closed)
                pass

        return Invitation(self._servers,
                          on_code=lambda code: back(self._got_code, code),
                          on_connected=lambda conn, code: back(self._came, conn, code),
                          on_failed=lambda problem: back(self._failed, problem))

    def _tell_invites(self) -> None:
        invites = tuple(InviteCode(key, code) for key, code in sorted(
            self._codes.items(), key=lambda kv: 99 if kv[0] is None else kv[0]))
        if invites != self._invites:
            self._invites = invites
            self._net.put(Invites(invites))

    def _got_code(self, key: int | None, code: str) -> None:
        self._trouble = ""  # (the mailbox answers again: new trouble is told again)
        if key in self._invitations:
            self._codes[key] = code
            self._tell_invites()

    def _came(self, key: int | None, connection: Any, code: str) -> None:
        """A friend came through the code of ``key``: the code is used, a new one follows."""
        from .internet import TransitChannel  # (Twisted loads only for the internet)

        self._invitations.pop(key, None)
        self._codes.pop(key, None)
        peer = _("internet (code {code})").format(code=code)
        channel = TransitChannel(connection, asyncio.get_running_loop(), peer)
        if self._closed:
            channel.abort()
            return
        conn = _Conn(channel, "", invited=key, watch_code=key is None)
        asyncio.get_running_loop().create_task(self._session(conn, _proven(channel)))
        self._invite()

    def _failed(self, key: int | None, problem: InternetError) -> None:
        self._invitations.pop(key, None)
        self._codes.pop(key, None)
        if problem.word == "code":
            log.warning("a wrong invite code for %s", "watching" if key is None else
                        f"seat {key + 1}")
            self._net.put(Problem(_("internet"), "a wrong invite code"))
            self._gate.wrong_code()
        elif problem.word == "version":
            self._net.put(Problem(_("internet"), f"a friend runs {problem.text}"))
        elif problem.word != "closed":
            log.warning("an invite code of the table failed: %s", problem.text)
            if problem.text != self._trouble:  # (each code of the table fails alike)
                self._trouble = problem.text
                self._net.put(Trouble(problem.text, problem.word))
            self._tell_invites()
            self._later()
            return
        self._tell_invites()
        self._invite() if not self._gate.guessed_out else self._later()

    def _later(self) -> None:
        """Make the codes again in a while (the mailbox could not be reached, or too many
        wrong codes were tried)."""
        if self._retry is None or self._retry.cancelled():
            def again() -> None:
                self._retry = None
                self._invite()
            self._retry = asyncio.get_running_loop().call_later(self.limits.retry_s, again)

    def _set_joins(self, open_: bool) -> None:
        self._net.put(Trouble(_("Your table is open to new joins again.") if open_ else
                              _("Your table is closed to new joins: the friends at it play "
                                "on."), "open" if open_ else "closed"))
        if self._socket is None:
            self._invite()

    # -- the handshake ---------------------------------------------------------------------

    async def _handshake(self, conn: _Conn) -> None:
        """The join, once the code is proven: the connection's place at the table."""
        if self.internet:
            self._send(conn, {"t": "hello", "proto": PROTOCOL, "version": VERSION,
                              "table": self._table, "nonce": new_nonce()})
        join = await self._first(conn, self.limits.handshake_s)
        if join["t"] != "join":
            raise Close("protocol", f"a {join['t']} message before joining")
        self._check_version(join)
        if len(self._conns) >= self.limits.connections:
            raise Close("busy", "the table is full of connections")
        if conn.watch_code and not join["watch"]:
            raise Close("watch_only")
        self._seat(conn, join)
        self._conns.add(conn)
        self._send(conn, {"t": "welcome", "seat": conn.seat, "token": self._token(conn),
                          "table": self._table})
        self._seats_changed()
        if self._header is not None:
            self._send_game(conn)

    def _token(self, conn: _Conn) -> str | None:
        return conn.token  # (made for this connection's seat: never another's)

    def _seat(self, conn: _Conn, join: dict[str, Any]) -> None:
        """Give the connection its place: a watcher, the seat of its token, a seat kept for
        its very name, or the first open net seat; a name that shows nothing, or one a
        reader cannot tell from a name at the table, is refused."""
        name, token = plain(join["name"], 24), join["token"]
        if not shows_a_name(name):
            raise Close("protocol", "a name that shows no letter or digit")
        conn.name = name
        if join["watch"]:
            self._watch(conn)
            return
        seat, conn.token = self._find_seat(name, token, conn.invited)
        here = self._seats[seat]
        # (a seat kept for a name is the same friend's, at a table hosted again)
        rejoined = here.state != "open" or bool(here.name)
        if here.conn is not None:  # the same friend again, whose old connection hangs
            old = here.conn
            here.conn = None
            self._send(old, {"t": "bye", "reason": "taken"})
            old.channel.abort()
        here.name, here.state, here.conn = name, "joined", conn
        conn.seat = seat
        self._net.put(SeatJoined(seat, name, rejoined))

    def _watch(self, conn: _Conn) -> None:
        """A watcher comes in: under a name nobody at the table has (they chat under it),
        and not one too many, nor too many coming one after another (a flood)."""
        if self._name_taken(conn.name):
            raise Close("name")
        if sum(c.watcher for c in self._conns) >= self.limits.watchers:
            raise Close("busy", f"more than {self.limits.watchers} watchers at once")
        if not self._watchers_let_in.take():
            raise Close("busy", "watchers come faster than the table lets them in")
        conn.watcher = True
        self._net.put(WatcherJoined(conn.name))

    def _name_taken(self, name: str) -> bool:
        """Whether a seat or a watcher has a name a reader cannot tell from ``name``."""
        key = name_key(name)
        return any(name_key(s.name) == key for s in self._seats if s.name) or any(
            c.watcher and name_key(c.name) == key for c in self._conns)

    def _find_seat(self, name: str, token: str | None, invited: int | None = None
                   ) -> tuple[int, str]:
        """The seat for ``name`` with ``token`` (None: none was given), and the token made
        for this connection; the friend who took a seat first gets it back with theirs
        (``invited``: over the internet, the one seat the friend's code was made for)."""
        nets = [(i, s) for i, s in enumerate(self._seats) if s.kind == "net"
                and (invited is None or i == invited)]
        if token is not None:
            for i, s in nets:
                if s.token is not None and secrets.compare_digest(s.token, token):
                    s.claimed = None  # (the first friend is back: a name's claim is void)
                    return i, s.token
                if s.claimed is not None and secrets.compare_digest(s.claimed, token):
                    return i, s.claimed
        for i, s in nets:  # a seat waiting for this very name: its friend dropped (the
            # program restarted, the token lost), or the table was hosted again
            if s.name == name and s.conn is None:
                if s.token is None:
                    s.token = secrets.token_hex(16)
                    return i, s.token
                s.claimed = secrets.token_hex(16)  # (its first friend's token stays theirs)
                return i, s.claimed
        if self._name_taken(name):
            raise Close("name")
        for i, s in nets:
            if s.state == "open" and not s.name:
                s.token = secrets.token_hex(16)
                return i, s.token
        raise Close("full")

    # -- after the handshake ---------------------------------------------------------------

    async def _read(self, conn: _Conn) -> str:
        """Serve one joined connection until it leaves; why it left (for the table)."""
        while True:
            line = await self._line(conn)
            if line is None:
                return _("the connection was lost")
            message = self._message(conn, line)
            kind = message["t"]
            if kind == "bye":
                return _("left the table")
            if kind == "wish":
                self._wish(conn, message["command"], tuple(message["args"]))
            elif kind == "chat":
                if conn.chats.take():
                    self._chat_out(conn.name, message["text"])
                    self._net.put(Chat(conn.name, message["text"]))
                else:
                    self._send(conn, {"t": "refused", "why": "chat_wait", "reason": _(
                        "Wait a moment before the next chat line.")})
            else:
                raise Close("protocol", f"a {kind} message after joining")

    def _wish(self, conn: _Conn, command: str, args: tuple[int, ...]) -> None:
        if conn.seat is None:
            why, reason = "watching", _("You are watching this game: you cannot play in it.")
        elif self._header is None:
            why, reason = "not_begun", _("The game has not begun yet.")
        elif self._seats[conn.seat].state == "computer":
            why, reason = "computer", _("The host has given your seat to a computer player.")
        else:
            self._net.put(Wish(conn.seat, command, args))
            return
        self._send(conn, {"t": "refused", "why": why, "reason": reason})

    def _left(self, conn: _Conn, why: str) -> None:
        if conn.watcher:
            self._net.put(WatcherLeft(conn.name))
            return
        if conn.seat is None:
            return
        seat = self._seats[conn.seat]
        if seat.conn is not conn:  # replaced by the same friend's new connection
            return
        seat.conn = None
        name = seat.name
        if self._header is None and seat.state == "joined":
            # Gone before the game began: the seat is free again, under the name the lobby
            # kept for it (if any), for whoever joins next.
            seat.name, seat.state = self.lobby.seats[conn.seat].name, "open"
            seat.token = seat.claimed = None
        elif seat.state == "joined":
            seat.state = "away"
        # the seats' view first: whoever hears of the leaving finds the seat away in it
        self._seats_changed()
        self._net.put(SeatLeft(conn.seat, name, why))

    # -- sending ---------------------------------------------------------------------------

    def _send(self, conn: _Conn, message: dict[str, Any] | bytes) -> None:
        line = message if isinstance(message, bytes) else encode(message)
        channel = conn.channel
        if channel.closing():
            return
        if channel.backlog() + len(line) > self.limits.write_buffer:
            self._problem(conn, "it does not read what the table sends")
            channel.abort()
            return
        channel.write(line)

    def _everyone(self) -> list[_Conn]:
        return [c for c in self._conns if c.watcher or c.seat is not None]

    def _broadcast(self, message: dict[str, Any]) -> None:
        line = encode(message)
        for conn in self._everyone():
            self._send(conn, line)

    def _seats_changed(self) -> None:
        self._view = tuple(s.info() for s in self._seats)
        self._broadcast({"t": "seats", "seats": [s.to_dict() for s in self._view]})
        if self.internet:  # (a seat that filled needs no code; one that opened does)
            self._invite()

    def _begin(self, record_data: dict[str, Any], fingerprint: str) -> None:
        self._header = {k: v for k, v in record_data.items() if k != "commands"}
        self._header["commands"] = []
        self._commands = list(record_data.get("commands", []))
        self._fingerprint = fingerprint
        self._reveal = None
        for conn in self._everyone():
            self._send_game(conn)

    def _send_game(self, conn: _Conn) -> None:
        assert self._header is not None
        self._send(conn, {"t": "game", "record": self._header,
                          "fingerprint": self._fingerprint, "commands": len(self._commands)})
        for chunk in _chunks(self._commands):
            self._send(conn, {"t": "backlog", "commands": chunk})
        if self._reveal is not None:
            self._send(conn, self._reveal)

    def _publish(self, command_data: dict[str, Any]) -> None:
        self._commands.append(command_data)
        self._broadcast({"t": "played", "command": command_data})

    def _refuse(self, seat: int, reason: str, why: str) -> None:
        conn = self._seats[seat].conn if 0 <= seat < len(self._seats) else None
        if conn is not None:
            self._send(conn, {"t": "refused", "reason": plain(reason, 400) or "-",
                              **({"why": why} if why in REFUSALS else {})})

    def _take_over(self, seat: int, level: str | None) -> None:
        if not 0 <= seat < len(self._seats) or self._seats[seat].kind != "net":
            return
        here = self._seats[seat]
        if level is not None:
            here.state, here.level = "computer", level
        else:
            here.state = "joined" if here.conn is not None else (
                "away" if here.token is not None else "open")
        self._seats_changed()

    def _send_reveal(self, seed: int, start: dict[str, Any] | None) -> None:
        self._reveal = {"t": "reveal", "seed": seed, "start": start}
        self._broadcast(self._reveal)

    def _chat_out(self, name: str, text: str) -> None:
        if name.strip() and text.strip():
            self._broadcast({"t": "chat", "name": name.strip(), "text": text.strip()})

    def _shut(self) -> None:
        self._broadcast({"t": "bye", "reason": "closing"})
        loop = asyncio.get_running_loop()
        for conn in list(self._conns):
            loop.create_task(conn.channel.close())  # what is written goes first
        loop.call_later(0.2, self._net.stop)

    def _abort(self) -> None:
        for conn in [*self._conns, *self._gate.unproven]:
            conn.channel.abort()
        self._announce = False
        self._net.stop()


def _chunks(commands: Sequence[dict[str, Any]], size: int = 48 * 1024) -> list[list[Any]]:
    """The commands in groups whose lines stay well under MAX_LINE."""
    out: list[list[Any]] = []
    group: list[Any] = []
    length = 0
    for command in commands:
        n = len(encode(command))
        if group and (length + n > size or len(group) >= 5000):
            out.append(group)
            group, length = [], 0
        group.append(command)
        length += n
    if group:
        out.append(group)
    return out


async def _proven(channel: Channel) -> Channel:
    """(Over the internet the code was proven before the connection came.)"""
    return channel
