"""The channels a table's messages travel on, as the host and the client read and write
them: one message (a line of the protocol, its newline included) at a time.

- :class:`StreamChannel`: plain lines on a TCP connection (the first lines of a join on
  the local network, before the key is agreed).
- :class:`SealedChannel`: the same connection after the key exchange
  (:mod:`tenthousand.net.pake`): each line sealed (XSalsa20-Poly1305, NaCl's
  ``SecretBox``) in a frame of its own, with a key for each direction and the frame's
  number as its nonce, so a frame changed, replayed, dropped or put out of order ends the
  connection.
- Over the internet, a magic-wormhole transit connection
  (:class:`tenthousand.net.internet.TransitChannel`), sealed by magic-wormhole itself.

Every channel runs in its link's asyncio loop (:mod:`tenthousand.net.loop`).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Protocol

from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

from .protocol import MAX_LINE, ProtocolError

__all__ = ["Channel", "SealedChannel", "StreamChannel", "no_delay"]

log = logging.getLogger("tenthousand.net")

#: A sealed frame's length (4 bytes), then its nonce (24) and its MAC (16) around the line.
_LENGTH = 4
_MAX_FRAME = MAX_LINE + SecretBox.NONCE_SIZE + SecretBox.MACBYTES


class Channel(Protocol):
    """One connection to the other side, whatever carries it."""

    #: Who is at the other end, for the log ("192.0.2.5:51012", "internet: seat 2").
    peer: str

    async def read(self) -> bytes | None:
        """The next message (a line with its newline); None at the end of the stream;
        ProtocolError for what is not a message (too long, a frame that does not open)."""
        ...

    def write(self, line: bytes) -> None:
        """Send one message (never waits)."""
        ...

    def backlog(self) -> int:
        """Bytes written and not yet taken by the other side's connection."""
        ...

    def closing(self) -> bool:
        ...

    async def close(self) -> None:
        """End the connection after what was written (waits a second at most)."""
        ...

    def abort(self) -> None:
        """End the connection at once."""
        ...


class StreamChannel:
    """Plain protocol lines on an asyncio stream (a TCP connection)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 peer: str) -> None:
        self.reader, self.writer, self.peer = reader, writer, peer

    async def read(self) -> bytes | None:
        try:
            return await self.reader.readuntil(b"\n")
        except asyncio.IncompleteReadError:
            return None
        except asyncio.LimitOverrunError:
            raise ProtocolError(f"a line longer than {MAX_LINE} bytes") from None

    def write(self, line: bytes) -> None:
        if not self.writer.transport.is_closing():
            self.writer.write(line)

    def backlog(self) -> int:
        return self.writer.transport.get_write_buffer_size()

    def closing(self) -> bool:
        return self.writer.transport.is_closing()

    async def close(self) -> None:
        try:
            if self.writer.can_write_eof():
                self.writer.write_eof()
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
        except (TimeoutError, ConnectionError, OSError, RuntimeError):
            self.writer.transport.abort()

    def abort(self) -> None:
        self.writer.transport.abort()

    def sealed(self, send_key: bytes, read_key: bytes) -> SealedChannel:
        """This connection from now on sealed with these keys."""
        return SealedChannel(self.reader, self.writer, self.peer, send_key, read_key)


class SealedChannel(StreamChannel):
    """Protocol lines sealed one frame each (see the module's docstring)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, peer: str,
                 send_key: bytes, read_key: bytes) -> None:
        super().__init__(reader, writer, peer)
        self._send, self._read = SecretBox(send_key), SecretBox(read_key)
        self._sent = self._received = 0

    async def read(self) -> bytes | None:
        try:
            head = await self.reader.readexactly(_LENGTH)
            length = int.from_bytes(head, "big")
            if not SecretBox.NONCE_SIZE + SecretBox.MACBYTES < length <= _MAX_FRAME:
                raise ProtocolError(f"a sealed frame of {length} bytes: a line longer than "
                                    f"{MAX_LINE} bytes, or none")
            frame = await self.reader.readexactly(length)
        except asyncio.IncompleteReadError:
            return None
        if int.from_bytes(frame[:SecretBox.NONCE_SIZE], "big") != self._received:
            raise ProtocolError("a sealed frame out of order")
        try:
            line = self._read.decrypt(frame)
        except CryptoError:
            raise ProtocolError("a sealed frame that does not open with the key") from None
        self._received += 1
        if not line.endswith(b"\n") or b"\n" in line[:-1]:
            raise ProtocolError("a sealed frame that is not one line")
        return line

    def write(self, line: bytes) -> None:
        if self.writer.transport.is_closing():
            return
        nonce = self._sent.to_bytes(SecretBox.NONCE_SIZE, "big")
        self._sent += 1
        frame = bytes(self._send.encrypt(line, nonce))
        self.writer.write(len(frame).to_bytes(_LENGTH, "big") + frame)


def no_delay(writer: asyncio.StreamWriter) -> None:
    """Send each message at once: without this, a friend who only listens gets the commands
    of another's turn some 40 ms late (Nagle's algorithm waiting on a delayed ACK).
    asyncio sets it only for sockets made with the TCP protocol number, which an accepted
    socket of ``socket.create_server`` is not.  And ask the system to notice a peer that
    is gone without a word (a cable pulled, a laptop closed) within about a minute."""
    sock = writer.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            for option, value in (("TCP_KEEPIDLE", 30), ("TCP_KEEPINTVL", 10),
                                  ("TCP_KEEPCNT", 3)):
                if hasattr(socket, option):
                    sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, option), value)
        except OSError as e:
            log.info("lines to %s may wait a little: %s", writer.get_extra_info("peername"), e)
