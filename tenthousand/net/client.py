"""A friend's side: join a table, send wishes and chat, hear the game.

:class:`ClientLink` connects in its network thread (:mod:`tenthousand.net.loop`): to an
address on the local network, where the join code is proven by a key exchange
(:mod:`tenthousand.net.pake`) and every line after it is sealed, or over the internet by
an invite code (:meth:`ClientLink.connect_code`, :mod:`tenthousand.net.internet`).  The
window polls it for :data:`~tenthousand.net.events.ClientEvent` values and keeps the
replica (:mod:`tenthousand.net.replica`).  What the host sends is checked against the
protocol's schema like anything that arrives from the network; a host that sends what
this program cannot read is left, with a sentence saying so.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .channel import Channel, StreamChannel, no_delay
from .events import (
    Chat,
    ClientEvent,
    Closed,
    Joined,
    Played,
    Refused,
    Revealed,
    SeatInfo,
    SeatsChanged,
    Welcome,
)
from .loop import NetLoop
from .pake import PakeError, confirm_matches, friend_exchange
from .protocol import (
    DEFAULT_PORT,
    MAX_LINE,
    PROTOCOL,
    TO_CLIENT,
    VERSION,
    ProtocolError,
    Servers,
    decode,
    encode,
)

if TYPE_CHECKING:
    from ..services.jobs import JobRunner

__all__ = ["ClientLink", "bye_text", "split_address"]

log = logging.getLogger("tenthousand.net")


def bye_text(reason: str, version: str = "") -> str:
    """What the player reads when the host closed the connection for ``reason``."""
    texts = {
        "version": _("The table runs Ten-Thousand {version}; this is {mine}. Join with the "
                     "same version."),
        "code": _("The join code is not right. Ask the host for the code and try again."),
        "full": _("Every seat at this table is taken. Join to watch instead."),
        "name": _("Someone at this table already has that name. Join with another name."),
        "taken": _("Your seat was taken over by a newer connection of yours."),
        "protocol": _("The host could not read what this program sent, and closed the "
                      "connection."),
        "flood": _("This program sent too much too fast, and the host closed the "
                   "connection."),
        "timeout": _("Joining took too long. Try again."),
        "slow": _("The connection was too slow to keep up with the table. Join again."),
        "closing": _("The host closed the table."),
        "left": _("You left the table."),
        "busy": _("The table has too many connections just now. Try again in a moment."),
        "closed": _("The host has closed the table to new joins."),
        "guesses": _("Too many wrong codes were tried at this table just now. Wait a minute "
                     "and try again."),
        "watch_only": _("This code is for watching: tick \"Watch only\", or ask the host for "
                        "the code of your seat."),
    }
    return texts.get(reason, texts["closing"]).format(version=version or "?", mine=VERSION)


def split_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``ADDRESS[:PORT]`` as typed (``[v6]:port`` too); ValueError with a sentence."""
    text = text.strip()
    host, port = text, default_port
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _sep, tail = text.partition(":")
        port = _port(tail)
    if not host or len(host) > 253 or any(c.isspace() for c in host):
        raise ValueError(_("Give the table's address, as the host shows it (for example "
                           "192.168.1.20:{port}).").format(port=default_port))
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(_("A port is a number from 1 to 65535."))
    return int(text)


class _Lost(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class ClientLink:
    """A connection to a hosted table; every method is safe to call from the Tk thread and
    never waits on the network."""

    def __init__(self, address: str, port: int, code: str, name: str, watch: bool,
                 token: str | None, timeout_s: float, servers: Servers | None = None) -> None:
        self.address, self.port = address, port
        self.name, self.watch = name.strip(), watch
        self._code = code
        self._servers = servers  # over the internet: the mailbox and the relay
        #: After :class:`Joined`: the seat (None: watching) and the token to rejoin it.
        self.seat: int | None = None
        self.token: str | None = token
        self.table = ""
        self._timeout_s = timeout_s
        self._net: NetLoop[ClientEvent] = NetLoop("net-client")
        self._channel: Channel | None = None
        self._leaving = False

    @classmethod
    def connect(cls, address: str, port: int = DEFAULT_PORT, *, code: str, name: str,
                watch: bool = False, token: str | None = None, runner: JobRunner | None = None,
                timeout_s: float = 10.0) -> ClientLink:
        """Join the table at ``address`` and ``port`` with its ``code`` as ``name``
        (``watch``: only watch; ``token``: the one a :class:`Joined` gave, to get the same
        seat again).  Returns at once; :meth:`poll` tells how it goes."""
        link = cls(address, port, code, name, watch, token, timeout_s)
        link._net.start(link._main, runner)
        return link

    @classmethod
    def connect_code(cls, code: str, servers: Servers, *, name: str, watch: bool = False,
                     token: str | None = None, runner: JobRunner | None = None,
                     timeout_s: float = 10.0) -> ClientLink:
        """Join a table over the internet by its invite ``code``, through ``servers``."""
        link = cls("", 0, code, name, watch, token, timeout_s, servers)
        link._net.start(link._main, runner)
        return link

    @property
    def where(self) -> str:
        """The table, for the log: its address, or the invite code it was joined by."""
        return f"{self.address}:{self.port}" if self._servers is None else self._code

    def poll(self) -> list[ClientEvent]:
        """What happened since the last poll (never waits)."""
        return self._net.poll()

    def wish(self, command: str, args: Sequence[int] = ()) -> None:
        """Ask the host for ``command`` with ``args`` at our seat (the engine judges)."""
        self._net.call(self._send, {"t": "wish", "command": command, "args": list(args)})

    def chat(self, text: str) -> None:
        """Send a chat line (one line, at most 200 characters; the host limits the rate)."""
        line = " ".join(text.split())[:200]
        if line:
            self._net.call(self._send, {"t": "chat", "text": line})

    def close(self) -> None:
        """Leave the table (the seat waits for a rejoin)."""
        self._net.call(self._leave)

    def wait_closed(self, timeout: float = 5.0) -> bool:
        return self._net.stopped.wait(timeout)

    # -- the network thread ----------------------------------------------------------------

    async def _main(self) -> None:
        try:
            text = await self._run()
        except _Lost as lost:
            text = lost.text
        except (ConnectionError, OSError) as e:
            text = _("The connection to the table was lost ({reason}). Join again to go on: "
                     "your seat waits for you.").format(reason=e.strerror or e)
        except asyncio.CancelledError:
            text = bye_text("left")
        except Exception:  # noqa: BLE001 - the window must hear that the link is over
            log.exception("the link to %s failed", self.where)
            text = _("The connection to the table failed. Join again to go on: your seat "
                     "waits for you.")
        finally:
            if self._channel is not None:
                self._channel.abort()
        self._net.put(Closed(bye_text("left") if self._leaving else text))

    async def _run(self) -> str:
        if self._servers is not None:
            channel = await self._by_code(self._servers)
        else:
            channel = await self._by_address()
        self._channel = channel
        await self._handshake(channel)
        return await self._listen(channel)

    async def _by_address(self) -> Channel:
        """The connection to the table on the local network, sealed once the code is
        proven both ways."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.address, self.port, limit=MAX_LINE),
                self._timeout_s)
        except (TimeoutError, OSError) as e:
            reason = getattr(e, "strerror", None) or _("no answer")
            raise _Lost(_("No table answers at {address}, port {port} ({reason}). Check the "
                          "address and that the host's port can be reached.").format(
                address=self.address, port=self.port, reason=reason)) from None
        no_delay(writer)
        channel = StreamChannel(reader, writer, f"{self.address}:{self.port}")
        self._channel = channel
        hello = await self._expect(channel, "hello", self._timeout_s)
        key = await self._expect(channel, "key", self._timeout_s)
        exchange = friend_exchange(self._code, hello["nonce"])
        try:
            exchange.finish(bytes.fromhex(key["pake"]))
        except PakeError:
            raise _Lost(_unreadable()) from None
        self._send({"t": "key", "proto": PROTOCOL, "version": VERSION,
                    "pake": exchange.message.hex(), "confirm": exchange.confirm("friend")})
        confirm = await self._expect(channel, "confirm", self._timeout_s + 20)
        if not confirm_matches(confirm["confirm"], exchange.confirm("host")):
            raise _Lost(_("The table did not prove that it knows the code: it may not be the "
                          "table you meant."))
        return channel.sealed(*exchange.sealing_keys("friend"))

    async def _by_code(self, servers: Servers) -> Channel:
        """The connection to the table over the internet, by its invite code."""
        from .internet import InternetError, TransitChannel, join_by_code  # (Twisted: only here)

        try:
            connection = await asyncio.wrap_future(join_by_code(self._code, servers))
        except InternetError as e:
            raise _Lost(bye_text("version", e.text) if e.word == "version" else e.text
                        ) from None
        return TransitChannel(connection, asyncio.get_running_loop(), self._code)

    async def _next(self, channel: Channel) -> dict[str, Any]:
        try:
            line = await channel.read()
        except ProtocolError:
            line = b"x" * (MAX_LINE + 1)
        if line is None:
            raise _Lost(_("The connection to the host was lost. Join again to go on: your "
                          "seat waits for you."))
        try:
            return decode(line, TO_CLIENT)
        except ProtocolError as e:
            log.warning("left the table at %s: %s", self.where, e)
            raise _Lost(_unreadable()) from None

    async def _expect(self, channel: Channel, kind: str, seconds: float) -> dict[str, Any]:
        """The next message, of ``kind`` (a bye says why; anything else is not read)."""
        try:
            message = await asyncio.wait_for(self._next(channel), seconds)
        except TimeoutError:
            raise _Lost(bye_text("timeout")) from None
        if message["t"] == "bye":
            raise _Lost(bye_text(message["reason"], message.get("version", "")))
        if message["t"] == "hello" and (message["proto"] != PROTOCOL
                                        or message["version"] != VERSION):
            raise _Lost(bye_text("version", message["version"]))
        if message["t"] != kind:
            raise _Lost(_unreadable())
        return message

    async def _handshake(self, channel: Channel) -> None:
        if self._servers is not None:
            await self._expect(channel, "hello", self._timeout_s)
        self._send({"t": "join", "proto": PROTOCOL, "version": VERSION, "name": self.name,
                    "watch": self.watch, "token": self.token})
        welcome = await self._expect(channel, "welcome", self._timeout_s + 20)
        self.seat, self.table = welcome["seat"], welcome["table"]
        if welcome["token"] is not None:
            self.token = welcome["token"]
        self._net.put(Joined(self.seat, self.table))

    async def _listen(self, channel: Channel) -> str:
        pending: tuple[dict[str, Any], str, int] | None = None
        commands: list[Any] = []
        while True:
            message = await self._next(channel)
            kind = message["t"]
            if kind == "game":
                pending, commands = (message["record"], message["fingerprint"],
                                     message["commands"]), []
            elif kind == "backlog" and pending is not None:
                commands += message["commands"]
            elif pending is not None and kind != "backlog":
                raise _Lost(_unreadable())
            elif kind == "bye":
                return bye_text(message["reason"], message.get("version", ""))
            else:
                self._event(message)
            if pending is not None and len(commands) >= pending[2]:
                record = dict(pending[0], commands=commands[:pending[2]])
                self._net.put(Welcome(self.seat, record, pending[1]))
                pending = None

    def _event(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "seats":
            self._net.put(SeatsChanged(tuple(SeatInfo(**s) for s in message["seats"])))
        elif kind == "played":
            self._net.put(Played(message["command"]))
        elif kind == "refused":
            self._net.put(Refused(message["reason"], message.get("why", "")))
        elif kind == "chat":
            self._net.put(Chat(message["name"], message["text"]))
        elif kind == "reveal":
            self._net.put(Revealed(message["seed"], message["start"]))
        else:
            raise _Lost(_unreadable())

    def _send(self, message: dict[str, Any]) -> None:
        if self._channel is not None and not self._channel.closing():
            self._channel.write(encode(message))

    def _leave(self) -> None:
        if not self._leaving:
            self._leaving = True
            self._send({"t": "bye", "reason": "left"})
            if self._channel is not None:  # sends what is written, then the end
                asyncio.get_running_loop().create_task(self._channel.close())
            asyncio.get_running_loop().call_later(2.0, self._net.stop)


def _unreadable() -> str:
    return _("The host sent something this program cannot read, so it left the table.")
