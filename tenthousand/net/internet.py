"""Tables over the internet: a short invite code per friend, through magic-wormhole.

A host makes one *invitation* per open friend's seat (and one to watch): a magic-wormhole
with a code the mailbox server allocates ("7-guitarist-revenge").  A friend who types the
code meets the host's invitation on the mailbox; the two make a key from the code with
SPAKE2 (a wrong code gives one guess and nothing to test offline, and uses the code up),
tell each other their program's version, swap connection hints under that key, and then
connect directly when one can reach the other, or else each to the transit relay, which
glues the two connections together.  The connection is sealed end to end with a key made
from the code's key (magic-wormhole's transit records: the relay sees only sealed bytes).
The mailbox is left once the connection stands; the game's lines then travel on it as on
a table of the local network.

magic-wormhole runs on Twisted, the links on asyncio (:mod:`tenthousand.net.loop`).  The
process has one Twisted reactor, in a service thread of its own (:class:`Reactor`, started
when the first internet table opens or is joined: Twisted is not loaded before); the
links' loops hand it work with ``reactor.callFromThread`` and it hands results and
received lines back with ``loop.call_soon_threadsafe``.  Nothing here runs in the Tk
thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import socket
import threading
from collections.abc import Callable
from typing import Any

from twisted.internet import defer, error, reactor
from twisted.internet.defer import Deferred, inlineCallbacks
from twisted.internet.interfaces import IPushProducer
from twisted.python.failure import Failure
from wormhole import create as create_wormhole
from wormhole.errors import (
    LonelyError,
    ServerConnectionError,
    WelcomeError,
    WormholeClosed,
    WrongPasswordError,
)
from wormhole.transit import TransitReceiver, TransitSender
from zope.interface import implementer

from ..i18n import _
from ..model.text import invite_code
from ..services.jobs import start_service
from .protocol import MAX_LINE, PROTOCOL, VERSION, ProtocolError, Servers

__all__ = ["APPID", "Invitation", "InternetError", "Reactor", "Servers", "TransitChannel",
           "WrongCode", "join_by_code", "normal_code"]

log = logging.getLogger("tenthousand.net")

#: The application's name on the mailbox server: its codes meet only this game's.
APPID = "tenthousand.game/table"
#: How long a friend waits for the other side of a code before giving up (seconds).
MEET_S = 30.0
#: How long the mailbox server may take to answer (seconds).
MAILBOX_S = 15.0
#: How long the two sides may take to connect once they have the key (seconds).
CONNECT_S = 30.0

reactor_: Any = reactor  # (Twisted's module-level reactor is not typed as one)


class InternetError(Exception):
    """Why an internet table or join failed, as a sentence for the player."""

    def __init__(self, text: str, word: str = "") -> None:
        super().__init__(text)
        self.text, self.word = text, word


class WrongCode(InternetError):
    """The code met someone, but not with the same code (it is used up now)."""


def normal_code(text: str) -> str:
    """An invite code as typed, as magic-wormhole takes it (as typed when it is not one)."""
    return invite_code(text) or text.strip()


def _versions() -> dict[str, Any]:
    return {"tenthousand": {"proto": PROTOCOL, "version": VERSION}}


def _their_version(versions: Any) -> tuple[int, str]:
    mine = versions.get("tenthousand") if isinstance(versions, dict) else None
    if not isinstance(mine, dict):
        return -1, "?"
    proto, version = mine.get("proto"), mine.get("version")
    return (proto if isinstance(proto, int) else -1,
            version[:40] if isinstance(version, str) else "?")


# -- the reactor thread --------------------------------------------------------------------


class Reactor:
    """The process's one Twisted reactor, running in a service thread."""

    _lock = threading.Lock()
    _ready: threading.Event | None = None

    @classmethod
    def start(cls) -> None:
        """Start the reactor's thread (once; later calls return at once)."""
        with cls._lock:
            if cls._ready is None:
                cls._ready = threading.Event()
                start_service(cls._run, "net-reactor")
        cls._ready.wait(10.0)

    @classmethod
    def _run(cls) -> None:
        assert cls._ready is not None
        reactor_.callWhenRunning(cls._ready.set)
        reactor_.run(installSignalHandlers=False)

    @staticmethod
    def call(func: Callable[..., Any], *args: Any) -> None:
        """Run ``func(*args)`` in the reactor's thread, soon (from any thread)."""
        Reactor.start()
        reactor_.callFromThread(func, *args)

    @staticmethod
    def result(func: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        """Run ``func(*args)`` in the reactor's thread; its result (a Deferred's, followed)
        as a future an asyncio loop can await (``asyncio.wrap_future``)."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def run() -> None:
            d = defer.maybeDeferred(func, *args)
            d.addCallbacks(lambda value: _settle(future, value),
                           lambda failure: _settle(future, failure))

        Reactor.call(run)
        return future


def _settle(future: concurrent.futures.Future[Any], value: Any) -> None:
    if future.done():
        return
    if isinstance(value, Failure):
        future.set_exception(value.value)
    else:
        future.set_result(value)


def _quietly(d: Deferred[Any] | None) -> None:
    """Let a Deferred whose failure does not matter fail without a word in the log."""
    if d is not None:
        d.addErrback(lambda failure: None)


def _timeout(d: Deferred[Any], seconds: float) -> Deferred[Any]:
    return d.addTimeout(seconds, reactor_)


# -- what crosses: a transit connection as a channel ---------------------------------------


@implementer(IPushProducer)
class _Flow:
    """Tells how much the transit connection has not sent yet: Twisted pauses its producer
    when the connection's buffer is full (64 KiB), and resumes it when it has drained."""

    def __init__(self) -> None:
        self.paused = False
        self.waiting = 0  # bytes written while paused

    def pauseProducing(self) -> None:
        self.paused = True

    def resumeProducing(self) -> None:
        self.paused, self.waiting = False, 0

    def stopProducing(self) -> None:
        self.paused = True


class TransitChannel:
    """The records of a transit connection as a :class:`~tenthousand.net.channel.Channel`
    of the asyncio loop ``loop``: each record one line of the protocol."""

    def __init__(self, connection: Any, loop: asyncio.AbstractEventLoop, peer: str) -> None:
        self.peer = peer
        self._connection = connection
        self._loop = loop
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._closing = False
        self._flow = _Flow()
        self._sock: socket.socket | None = None  # (to acknowledge at once: Linux)
        Reactor.call(self._start)

    # (the reactor's thread)

    def _start(self) -> None:
        transport = self._connection.transport
        if hasattr(transport, "setTcpNoDelay"):  # each line at once (Nagle would hold a
            transport.setTcpNoDelay(True)  # listener's lines some 40 ms, as on the LAN)
        handle = transport.getHandle() if hasattr(transport, "getHandle") else None
        if isinstance(handle, socket.socket) and hasattr(socket, "TCP_QUICKACK"):
            self._sock = handle
        try:
            transport.registerProducer(self._flow, True)
        except RuntimeError:  # (a producer already: the connection is going)
            pass
        self._pump()

    @inlineCallbacks
    def _pump(self) -> Any:
        while True:
            try:
                record = yield self._connection.receive_record()
            except Exception as e:  # noqa: BLE001 - closed, or a record that did not open
                log.debug("the transit connection %s ended: %s", self.peer, e)
                self._deliver(None)
                return
            self._deliver(bytes(record))
            self._quick_ack()

    def _quick_ack(self) -> None:
        """Acknowledge what came at once: the transit relay forwards with Nagle's
        algorithm on, so a friend who only listens, acknowledging late (delayed ACKs),
        would get each line some 20 to 40 ms after the one before (Linux only; the
        system turns it off again by itself, hence after each line)."""
        if self._sock is None:
            return
        try:
            self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
        except OSError:
            self._sock = None

    def _deliver(self, record: bytes | None) -> None:
        try:
            self._loop.call_soon_threadsafe(self._queue.put_nowait, record)
        except RuntimeError:  # the loop is closed: nobody reads any more
            pass

    def _send(self, line: bytes) -> None:
        if self._flow.paused:
            self._flow.waiting += len(line)
        try:
            self._connection.send_record(line)
        except Exception as e:  # noqa: BLE001 - the connection is gone: the read ends
            log.debug("a line to %s was not sent: %s", self.peer, e)

    def _lose(self, abort: bool) -> None:
        transport = self._connection.transport
        if abort and hasattr(transport, "abortConnection"):
            transport.abortConnection()
        else:
            transport.loseConnection()

    # (the asyncio loop's thread)

    async def read(self) -> bytes | None:
        record = await self._queue.get()
        if record is None:
            self._queue.put_nowait(None)  # (every later read ends too)
            return None
        if len(record) > MAX_LINE:
            raise ProtocolError(f"a line longer than {MAX_LINE} bytes")
        if not record.endswith(b"\n") or b"\n" in record[:-1]:
            raise ProtocolError("a record that is not one line")
        return record

    def write(self, line: bytes) -> None:
        if not self._closing:
            Reactor.call(self._send, line)

    def backlog(self) -> int:
        return self._flow.waiting + (1 << 16 if self._flow.paused else 0)

    def closing(self) -> bool:
        return self._closing

    async def close(self) -> None:
        if not self._closing:
            self._closing = True
            Reactor.call(self._lose, False)

    def abort(self) -> None:
        self._closing = True
        Reactor.call(self._lose, True)


# -- the two sides of a code -------------------------------------------------------------


def _problem(failure: Any, servers: Servers) -> InternetError:
    """A failure of magic-wormhole's as a sentence for the player."""
    value = failure.value if isinstance(failure, Failure) else failure
    if isinstance(value, WrongPasswordError):
        return WrongCode(_("The code is not right, or it was used already. Ask the host for "
                           "the code their table shows now."), "code")
    if isinstance(value, ServerConnectionError | defer.TimeoutError):
        return InternetError(_("The mailbox server at {url} cannot be reached ({reason}). "
                               "Check the connection to the internet, or choose another "
                               "mailbox server in Preferences (--mailbox).").format(
            url=servers.mailbox, reason=_reason(value)), "mailbox")
    if isinstance(value, WelcomeError):
        return InternetError(_("The mailbox server at {url} refused the game: {reason}").format(
            url=servers.mailbox, reason=str(value)[:200]), "mailbox")
    return InternetError(_("The connection through the internet failed ({reason}).").format(
        reason=_reason(value)), "failed")


def _reason(value: Any) -> str:
    if isinstance(value, ServerConnectionError):
        value = value.reason.value if isinstance(value.reason, Failure) else value.reason
    if isinstance(value, error.ConnectionRefusedError):
        return _("nobody answers there")
    if isinstance(value, error.DNSLookupError):
        return _("its name is not known")
    if isinstance(value, defer.TimeoutError | error.TimeoutError):
        return _("no answer in time")
    text = str(value).strip().rstrip(".")
    return text[:200] or type(value).__name__


def _relay_problem(value: BaseException, servers: Servers) -> InternetError:
    if servers.relay:
        return InternetError(_("The code was right, but no connection could be made: neither "
                               "side could reach the other, and the transit relay {relay} "
                               "did not connect them ({reason}). Choose another relay in "
                               "Preferences (--transit-relay).").format(
            relay=servers.relay, reason=_reason(value)), "relay")
    return InternetError(_("The code was right, but neither side could reach the other, and "
                           "no transit relay is set (Preferences, --transit-relay)."), "relay")


@inlineCallbacks
def _connect(w: Any, servers: Servers, host: bool) -> Any:
    """Swap connection hints under the code's key, then connect (directly, or through the
    relay); the transit connection."""
    transit = (TransitReceiver if host else TransitSender)(
        servers.relay or None, no_listen=not servers.direct, reactor=reactor_)
    transit.set_transit_key(w.derive_key(APPID + "/transit-key", transit.TRANSIT_KEY_LENGTH))
    hints = yield transit.get_connection_hints()
    w.send_message(json.dumps({"transit": {
        "abilities-v1": transit.get_connection_abilities(), "hints-v1": hints}}).encode())
    message = yield _timeout(w.get_message(), CONNECT_S)
    try:
        theirs = json.loads(bytes(message).decode("utf-8"))["transit"]["hints-v1"]
        if not isinstance(theirs, list) or len(theirs) > 64:
            raise ValueError("hints")
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise InternetError(_("The other side sent what this program cannot read."),
                            "protocol") from None
    transit.add_connection_hints([h for h in theirs if isinstance(h, dict)])
    try:
        connection = yield _timeout(transit.connect(), CONNECT_S)
    except Exception as e:  # noqa: BLE001 - no contender connected
        raise _relay_problem(e, servers) from None
    return connection


class Invitation:
    """One code of a hosted table, from the moment the mailbox gives it until a friend
    comes through it (or it is given up).  All its work is in the reactor's thread; what
    it reports goes to the host's loop through the callbacks (called in the reactor's
    thread: they hand over with ``call_soon_threadsafe``)."""

    def __init__(self, servers: Servers, *, on_code: Callable[[str], None],
                 on_connected: Callable[[Any, str], None],
                 on_failed: Callable[[InternetError], None]) -> None:
        self.servers = servers
        self.on_code, self.on_connected, self.on_failed = on_code, on_connected, on_failed
        self._wormhole: Any = None
        self._cancelled = False
        Reactor.call(self._run)

    def cancel(self) -> None:
        """Give the code up (the seat filled, the table closed)."""
        Reactor.call(self._cancel)

    def _cancel(self) -> None:
        self._cancelled = True
        if self._wormhole is not None:
            _quietly(self._wormhole.close())
            self._wormhole = None

    @inlineCallbacks
    def _run(self) -> Any:
        if self._cancelled:
            return
        w = self._wormhole = create_wormhole(APPID, self.servers.mailbox, reactor_,
                                             versions=_versions())
        try:
            yield _timeout(w.get_welcome(), MAILBOX_S)
            w.allocate_code(2)
            code = yield w.get_code()
            self.on_code(code)
            versions = yield w.get_versions()  # the friend proved the code
            proto, version = _their_version(versions)
            if proto != PROTOCOL or version != VERSION:  # (they are told so by their own)
                raise InternetError(f"version {version} (protocol {proto})", "version")
            connection = yield _connect(w, self.servers, host=True)
        except InternetError as e:
            self._fail(e)
        except (WormholeClosed, LonelyError, defer.CancelledError):
            if not self._cancelled:
                self._fail(InternetError(_("The invitation was closed."), "closed"))
        except Exception as e:  # noqa: BLE001 - said to the host, the table goes on
            self._fail(_problem(e, self.servers))
        else:
            if self._cancelled:
                connection.close()
                return
            self.on_connected(connection, code)
        finally:
            if self._wormhole is w:
                self._wormhole = None
                _quietly(w.close())

    def _fail(self, problem: InternetError) -> None:
        if not self._cancelled:
            self.on_failed(problem)


def join_by_code(code: str, servers: Servers) -> concurrent.futures.Future[Any]:
    """A friend's side: meet the host's invitation ``code``, check the versions, connect;
    the transit connection (a future of the reactor's work: InternetError with a sentence
    when it fails, or ``InternetError(..., "version")`` whose text is the host's
    version)."""
    return Reactor.result(_join, normal_code(code), servers)


@inlineCallbacks
def _join(code: str, servers: Servers) -> Any:
    w = create_wormhole(APPID, servers.mailbox, reactor_, versions=_versions())
    try:
        try:
            yield _timeout(w.get_welcome(), MAILBOX_S)
        except Exception as e:  # noqa: BLE001
            raise _problem(e, servers) from None
        w.set_code(code)
        try:
            versions = yield _timeout(w.get_versions(), MEET_S)
        except defer.TimeoutError:
            raise InternetError(_("Nobody answered the code {code}: check it with the host "
                                  "(each code lets one friend in, and the host's table must "
                                  "be open).").format(code=code), "nobody") from None
        except Exception as e:  # noqa: BLE001
            raise _problem(e, servers) from None
        proto, version = _their_version(versions)
        if proto != PROTOCOL or version != VERSION:
            raise InternetError(version, "version")
        connection = yield _connect(w, servers, host=False)
        return connection
    finally:
        _quietly(w.close())
