"""The door of a table on the local network: who may try its code, how often, for how long.

Anything can arrive on a table's port.  :class:`Gate` gives a connection that has not
proven the code yet a small share of the table's room (per address and in all; the oldest
makes way for a newcomer), limits wrong codes per address (each try waits longer) and per
table (a few a minute, whatever the addresses), and keeps what it remembers of addresses
bounded.  :class:`Limits` says how patient and generous a table is; :class:`Close` ends one
connection with a word for it and a reason for the host's log.  The host
(:mod:`tenthousand.net.host`) runs the key exchange itself; the gate only decides.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..i18n import _
from .channel import Channel
from .events import HostEvent, Trouble
from .pake import PakeError, confirm_matches

__all__ = ["Address", "Bucket", "Close", "Gate", "Knocking", "Limits"]


@dataclass(frozen=True)
class Limits:
    """How patient and how generous a table is (the tests make it quicker)."""

    handshake_s: float = 10.0  # the join must come this soon after the code is proven
    unproven_s: float = 5.0  # a connection must prove the code this soon after it came
    unproven: int = 24  # connections that have not proven it, at once (the oldest goes)
    unproven_per_address: int = 8  # ... of them from one address (more are refused: a
    # whole table of friends behind one router fits, an address alone never fills it)
    backoff_s: float = 0.5  # after a wrong code, the next try from that address waits...
    backoff_max_s: float = 16.0  # ...doubling each time, up to this
    wrong_per_minute: float = 6.0  # wrong codes at the table from all addresses together,
    wrong_burst: int = 10  # on average and at once; beyond that every try is refused
    remembered: int = 1024  # the addresses whose wrong codes the table remembers...
    forget_s: float = 900.0  # ...each for this long after its last wrong code
    messages_per_s: float = 30.0  # a connection's messages, on average (a key held down
    burst: int = 100  # repeats some 30 a second)... and at once
    chat_every_s: float = 1.0  # chat lines, one a second on average...
    chat_burst: int = 3  # ...a few at once
    connections: int = 32  # friends and watchers at once
    write_buffer: int = 1 << 20  # bytes not yet read by a client before it is dropped
    watchers: int = 16  # watching at once
    watchers_per_s: float = 0.5  # watchers let in, on average (one who comes and goes
    watcher_burst: int = 8  # again and again is a flood)... and at once
    retry_s: float = 10.0  # over the internet: a code that could not be made is tried again


class Bucket:
    """A token bucket: ``take`` is False when the messages come faster than allowed."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def empty(self) -> bool:
        self._fill()
        return self.tokens < 1

    def take(self) -> bool:
        self._fill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Close(Exception):
    """Close this connection: ``word`` (a bye reason, or "" to say nothing) and, when it is
    a fault of the connection, ``problem`` (for the host's log)."""

    def __init__(self, word: str, problem: str = "", **extra: str) -> None:
        super().__init__(problem or word)
        self.word, self.problem, self.extra = word, problem, extra


class Knocking(Protocol):
    """A connection at the door: where it comes from and its channel."""

    address: str
    channel: Channel


@dataclass
class Address:
    """What the table remembers of one address: its connections that have not proven the
    code yet, its wrong codes and until when its next try waits."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    unproven: int = 0
    wrong: int = 0
    until: float = 0.0
    last: float = 0.0


class Gate:
    """Who may try the code of a table (its network thread only).  ``problem(conn,
    reason)`` is told of a connection closed for the table's sake, ``tell`` of trouble the
    host should know; ``open`` is False while the table is closed to new joins."""

    def __init__(self, limits: Limits, problem: Callable[[Any, str], None],
                 tell: Callable[[HostEvent], None]) -> None:
        self.limits = limits
        self._problem, self._tell = problem, tell
        self.unproven: OrderedDict[Any, None] = OrderedDict()  # oldest first
        self.addresses: OrderedDict[str, Address] = OrderedDict()  # the least recent first
        self.wrong = Bucket(limits.wrong_per_minute / 60, limits.wrong_burst)
        self.open = True

    @property
    def guessed_out(self) -> bool:
        """Whether the table has had more wrong codes than its limit just now."""
        return self.wrong.empty()

    def admit(self, conn: Knocking, connections: int) -> Address:
        """Room for one more connection that has not proven the code (``Close`` when
        there is none; ``connections`` joined already): a small share per address; in all,
        the oldest makes way."""
        if not self.open:
            raise Close("closed")
        if self.wrong.empty():
            raise Close("guesses", "wrong codes at the table beyond its limit")
        if connections >= self.limits.connections:
            raise Close("busy", "the table is full of connections")
        self.forget()
        record = self.addresses.pop(conn.address, None) or Address()
        self.addresses[conn.address] = record  # (the most recent last)
        if record.unproven >= self.limits.unproven_per_address:
            raise Close("busy", "too many connections from one address that have not "
                        "proven the code")
        while len(self.unproven) >= self.limits.unproven:
            oldest = next(iter(self.unproven))
            del self.unproven[oldest]
            self._problem(oldest, "made way for a newer connection: it had not proven "
                          "the code")
            oldest.channel.abort()
        self.unproven[conn] = None
        record.unproven += 1
        return record

    def done(self, conn: Knocking, record: Address) -> None:
        """The connection has proven the code, or gone: its room is free."""
        record.unproven -= 1
        self.unproven.pop(conn, None)

    def forget(self) -> None:
        """Forget the addresses with no connection waiting whose last wrong code is old,
        and the least recent beyond :attr:`Limits.remembered`."""
        now = time.monotonic()
        for address in [a for a, r in self.addresses.items()
                        if not r.unproven and now - r.last > self.limits.forget_s]:
            del self.addresses[address]
        idle = [a for a, r in self.addresses.items() if not r.unproven]
        for address in idle[:max(0, len(self.addresses) - self.limits.remembered + 1)]:
            del self.addresses[address]

    def check_code(self, conn: Knocking, record: Address, exchange: Any,
                   key: dict[str, Any]) -> None:
        """The friend's key message against the table's exchange: returns when the code
        is right; ``Close`` when it is wrong (the address waits longer next time)."""
        if not self.open:
            raise Close("closed")
        if self.wrong.empty():
            raise Close("guesses", "wrong codes at the table beyond its limit")
        try:
            exchange.finish(bytes.fromhex(key["pake"]))
        except PakeError as e:
            raise Close("protocol", str(e)) from None
        if confirm_matches(key["confirm"], exchange.confirm("friend")):
            record.wrong, record.until = 0, 0.0
            return
        record.wrong += 1
        record.last = time.monotonic()
        record.until = record.last + min(self.limits.backoff_max_s,
                                         self.limits.backoff_s * 2 ** (record.wrong - 1))
        self.wrong_code()
        raise Close("code", f"a wrong join code (try {record.wrong} from {conn.address})")

    def wrong_code(self) -> None:
        """A wrong code at the table: counted against its limit (the host is told when the
        limit is reached)."""
        self.wrong.take()
        if self.wrong.empty():
            self._tell(Trouble(_(
                "Many wrong codes were tried at your table just now: nobody new can join for "
                "a minute. If this goes on, close the table to new joins."), "guesses"))
