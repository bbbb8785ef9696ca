"""A friend's side: join a table, send wishes and chat, hear the game.

:class:`ClientLink` connects in its network thread (:mod:`tenthousand.net.loop`); the
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
from .host import _no_delay
from .loop import NetLoop
from .protocol import (
    DEFAULT_PORT,
    MAX_LINE,
    PROTOCOL,
    TO_CLIENT,
    VERSION,
    ProtocolError,
    decode,
    encode,
    host_proof,
    join_proof,
    new_nonce,
    proofs_match,
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
                 token: str | None, timeout_s: float) -> None:
        self.address, self.port = address, port
        self.name, self.watch = name.strip(), watch
        self._code = code
        #: After :class:`Joined`: the seat (None: watching) and the token to rejoin it.
        self.seat: int | None = None
        self.token: str | None = token
        self.table = ""
        self._timeout_s = timeout_s
        self._net: NetLoop[ClientEvent] = NetLoop("net-client")
        self._writer: asyncio.StreamWriter | None = None
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
            log.exception("the link to %s:%s failed", self.address, self.port)
            text = _("The connection to the table failed. Join again to go on: your seat "
                     "waits for you.")
        finally:
            if self._writer is not None:
                self._writer.transport.abort()
        self._net.put(Closed(bye_text("left") if self._leaving else text))

    async def _run(self) -> str:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.address, self.port, limit=MAX_LINE),
                self._timeout_s)
        except (TimeoutError, OSError) as e:
            reason = getattr(e, "strerror", None) or _("no answer")
            raise _Lost(_("No table answers at {address}, port {port} ({reason}). Check the "
                          "address and that the host's port can be reached.").format(
                address=self.address, port=self.port, reason=reason)) from None
        self._writer = writer
        _no_delay(writer)
        await self._handshake(reader)
        return await self._listen(reader)

    async def _next(self, reader: asyncio.StreamReader) -> dict[str, Any]:
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError:
            raise _Lost(_("The connection to the host was lost. Join again to go on: your "
                          "seat waits for you.")) from None
        except asyncio.LimitOverrunError:
            line = b"x" * (MAX_LINE + 1)
        try:
            return decode(line, TO_CLIENT)
        except ProtocolError as e:
            log.warning("left the table at %s:%s: %s", self.address, self.port, e)
            raise _Lost(_("The host sent something this program cannot read, so it left the "
                          "table.")) from None

    async def _handshake(self, reader: asyncio.StreamReader) -> None:
        try:
            hello = await asyncio.wait_for(self._next(reader), self._timeout_s)
        except TimeoutError:
            raise _Lost(bye_text("timeout")) from None
        if hello["t"] != "hello":
            raise _Lost(_("The host sent something this program cannot read, so it left the "
                          "table."))
        if hello["proto"] != PROTOCOL or hello["version"] != VERSION:
            raise _Lost(bye_text("version", hello["version"]))
        cnonce = new_nonce()
        self._send({"t": "join", "proto": PROTOCOL, "version": VERSION, "name": self.name,
                    "watch": self.watch, "cnonce": cnonce, "token": self.token,
                    "proof": join_proof(self._code, hello["nonce"], cnonce, self.name,
                                        self.watch, self.token)})
        try:
            welcome = await asyncio.wait_for(self._next(reader), self._timeout_s + 20)
        except TimeoutError:
            raise _Lost(bye_text("timeout")) from None
        if welcome["t"] == "bye":
            raise _Lost(bye_text(welcome["reason"], welcome.get("version", "")))
        if welcome["t"] != "welcome" or not proofs_match(
                welcome["proof"], host_proof(self._code, hello["nonce"], cnonce)):
            raise _Lost(_("The table did not prove that it knows the code: it may not be the "
                          "table you meant."))
        self.seat, self.table = welcome["seat"], welcome["table"]
        if welcome["token"] is not None:
            self.token = welcome["token"]
        self._net.put(Joined(self.seat, self.table))

    async def _listen(self, reader: asyncio.StreamReader) -> str:
        pending: tuple[dict[str, Any], str, int] | None = None
        commands: list[Any] = []
        while True:
            message = await self._next(reader)
            kind = message["t"]
            if kind == "game":
                pending, commands = (message["record"], message["fingerprint"],
                                     message["commands"]), []
            elif kind == "backlog" and pending is not None:
                commands += message["commands"]
            elif pending is not None and kind != "backlog":
                raise _Lost(_("The host sent something this program cannot read, so it "
                              "left the table."))
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
            raise _Lost(_("The host sent something this program cannot read, so it left the "
                          "table."))

    def _send(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.transport.is_closing():
            self._writer.write(encode(message))

    def _leave(self) -> None:
        if not self._leaving:
            self._leaving = True
            self._send({"t": "bye", "reason": "left"})
            if self._writer is not None:
                self._writer.close()  # sends what is written, then the end: _listen ends
            asyncio.get_running_loop().call_later(2.0, self._net.stop)
