"""Joining a table over a real socket: the code proven by a key exchange (never sent, and
nothing sent lets it be tested offline), wrong codes slowed down, another version told the
host's, a stalled handshake closed, seats and watchers."""

from __future__ import annotations

import json
import socket
import threading
import time

from net_kit import CODE, FAST, Collect, Raw, host, join, lobby, pump_until

from tenthousand.net.events import Closed, Joined, Problem, SeatJoined, WatcherJoined
from tenthousand.net.link import ClientLink
from tenthousand.net.pake import host_exchange
from tenthousand.net.protocol import PROTOCOL, TO_HOST, VERSION, decode, encode


def _closed(friend: object) -> bool:
    return getattr(friend, "closed", None) is not None


def test_friends_join_the_net_seats_and_a_watcher_watches() -> None:
    link = host(lobby("person", "net", "net"))
    try:
        ann, bob = join(link, "Ann"), join(link, "Bob")
        pump_until(lambda: link.full, ann, bob)
        watcher = join(link, "Wat", watch=True)
        pump_until(lambda: any(isinstance(e, Joined) for e in watcher.events), watcher)
        events = link.poll()
        assert {e.name for e in events if isinstance(e, SeatJoined)} == {"Ann", "Bob"}
        assert [e.name for e in events if isinstance(e, WatcherJoined)] == ["Wat"]
        assert {s.name for s in link.seats()[1:]} == {"Ann", "Bob"}
        assert [s.state for s in link.seats()] == ["here", "joined", "joined"]
        assert ann.link.seat in (1, 2) and ann.link.token and watcher.link.seat is None
        # A third friend finds the table full; a name already there is refused too.
        eve, ann2 = join(link, "Eve"), join(link, "ann")
        pump_until(lambda: _closed(eve) and _closed(ann2), eve, ann2)
        assert "Every seat" in str(eve.closed) and "already has that name" in str(ann2.closed)
    finally:
        link.close()


class _Listener:
    """A fake table that makes the key with ``code`` and keeps what the client sends."""

    def __init__(self, code: str = CODE) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.received = b""
        self.code = code
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        conn, _address = self.server.accept()
        with conn:
            exchange = host_exchange(self.code, "ab" * 16)
            conn.sendall(encode({"t": "hello", "proto": PROTOCOL, "version": VERSION,
                                 "table": "", "nonce": "ab" * 16})
                         + encode({"t": "key", "pake": exchange.message.hex()}))
            reader = conn.makefile("rb")
            self.received = reader.readline()
            key = json.loads(self.received)
            exchange.finish(bytes.fromhex(key["pake"]))
            conn.sendall(encode({"t": "confirm", "confirm": exchange.confirm("host")}))
            self.received += conn.recv(65536)  # (the join, sealed, if the key matched)
            time.sleep(0.3)
        self.server.close()


def test_the_code_never_crosses_the_wire_and_the_host_proves_it_too() -> None:
    fake = _Listener()
    friend = ClientLink.connect("127.0.0.1", fake.port, code=CODE, name="Ann", timeout_s=2)
    events: list[object] = []
    pump_until(lambda: fake.received.count(b"\n") >= 1 and len(fake.received) > 200,
               Collect(friend, events))
    fake.thread.join(3)
    key = decode(fake.received.split(b"\n")[0] + b"\n", TO_HOST)
    assert key["t"] == "key" and len(key["pake"]) == 66
    for form in (CODE, CODE.replace("-", ""), CODE.replace("-", " ")):
        assert form.encode() not in fake.received
    # The join came sealed: no name, no JSON in the clear after the key.
    assert b"Ann" not in fake.received and b"join" not in fake.received
    # A table that does not know the code cannot pass for the one asked for.
    liar = _Listener(code="1111-2222")
    friend = ClientLink.connect("127.0.0.1", liar.port, code=CODE, name="Ann", timeout_s=2)
    events = []
    pump_until(lambda: any(isinstance(e, Closed) for e in events), Collect(friend, events))
    assert "did not prove" in events[-1].reason  # type: ignore[union-attr]
    assert b"Ann" not in liar.received


def test_wrong_codes_are_refused_and_slowed_down() -> None:
    link = host(lobby("net", "net"))
    try:
        times = []
        for _try in range(3):
            started = time.monotonic()
            eve = join(link, "Eve", code="1111-2222")
            pump_until(lambda: _closed(eve), eve)  # noqa: B023 - used at once
            times.append(time.monotonic() - started)
            assert "join code is not right" in str(eve.closed)
        # The first answer is quick; each try after a wrong one waits, twice as long.
        assert times[1] >= FAST.backoff_s * 0.9 and times[2] >= FAST.backoff_s * 2 * 0.9
        problems = [e for e in link.poll() if isinstance(e, Problem)]
        assert len(problems) == 3 and all("wrong join code" in p.reason for p in problems)
        ann = join(link, "Ann")  # the right code still gets in (after the wait)
        pump_until(lambda: ann.link.seat is not None, ann)
    finally:
        link.close()


def test_another_version_is_told_the_hosts() -> None:
    link = host(lobby("net", "net"))
    try:
        # A program of protocol 1 reads the hello (of the same shape as its own) and tells
        # the host's version; if it sent its join anyway, the host would tell it too.
        raw = Raw(link.port)
        hello = json.loads(raw.line())
        assert set(hello) == {"t", "proto", "version", "table", "nonce"}
        assert hello["proto"] == PROTOCOL == 2 and hello["version"] == VERSION
        raw.line()  # (the table's key)
        raw.send(encode({"t": "join", "proto": 1, "version": "0.0.9", "name": "Old",
                         "watch": False, "cnonce": "ab" * 16, "token": None,
                         "proof": "00" * 32}))
        bye = json.loads(raw.line())
        assert bye == {"t": "bye", "reason": "version", "version": VERSION}
        assert raw.closed_within(2)
        raw.close()
        raw = Raw(link.port)  # a newer program's key is answered the same way
        raw.line(), raw.line()
        raw.send(encode({"t": "key", "proto": 3, "version": "9.0", "pake": "42" * 33,
                         "confirm": "00" * 32}))
        assert json.loads(raw.line())["reason"] == "version"
        raw.close()
    finally:
        link.close()


def test_a_stalled_handshake_is_closed() -> None:
    link = host(lobby("net", "net"))
    try:
        silent, slow = Raw(link.port), Raw(link.port)
        slow.send(b'{"t": "join", ')  # half a line, then nothing
        started = time.monotonic()
        assert silent.closed_within(FAST.unproven_s + 2)
        assert slow.closed_within(FAST.unproven_s + 2)
        assert time.monotonic() - started < FAST.unproven_s + 1.5
        problems: list[Problem] = []
        pump_until(lambda: len(problems) >= 2, Collect(link, problems))  # type: ignore[arg-type]
        assert all("stalled" in p.reason for p in problems)
        ann = join(link, "Ann")  # the table still takes friends
        pump_until(lambda: ann.link.seat is not None, ann)
    finally:
        link.close()


def test_a_friend_who_leaves_the_lobby_frees_the_seat() -> None:
    link = host(lobby("person", "net", names=["", "Ann"]))
    try:
        ann = join(link, "Ann")
        pump_until(lambda: link.full, ann)
        ann.link.close()
        pump_until(lambda: not link.full, ann)
        assert link.seats()[1] == link.seats()[1].__class__("Ann", "net", "open", "")
        bob = join(link, "Bob")  # kept for Ann: Bob finds the table full
        pump_until(lambda: bob.closed is not None, bob)
        other = join(link, "ann")  # "Ann" in other letters is not Ann (issue 43, item 7)
        pump_until(lambda: other.closed is not None, other)
        assert "already has that name" in str(other.closed) and not link.full
        again = join(link, "Ann")  # Ann gets it back
        pump_until(lambda: link.full, again)
        assert link.seats()[1].name == "Ann"
        link.seat_taken_over(1, None)  # (nothing to hand back: still hers)
        pump_until(lambda: len(link.seats()) == 2 and link.seats()[1].state == "joined", again)
    finally:
        link.close()


def test_the_rejoin_token_takes_the_seat_over_from_a_connection_that_hangs() -> None:
    link = host(lobby("person", "net"))
    try:
        ann = join(link, "Ann")
        pump_until(lambda: link.full and ann.link.token is not None, ann)
        again = join(link, "Ann", token=ann.link.token)
        pump_until(lambda: again.link.seat is not None and ann.closed is not None, ann, again)
        assert again.link.seat == 1 and "newer connection" in str(ann.closed)
        assert link.seats()[1].state == "joined"
    finally:
        link.close()
