"""What the network tests share: a quick table on 127.0.0.1, friends who join it, and a
pump that drives them all until something is true."""

from __future__ import annotations

import faulthandler
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.net.headless import HostedGame, JoinedGame, computer_chooser
from tenthousand.net.link import ClientLink, HostLink, Limits, Lobby, LobbySeat
from tenthousand.net.protocol import MAX_LINE

#: Games to 3,000: whole games in a second, with every kind of turn still in them.
RULES = replace(PRESETS["ten-thousand"], game_point=3000)
CODE = "4821-7396"
#: Patient enough for a busy machine, quick enough for the tests; the computer players at
#: the friends' screens wish far faster than a person, and the tests let in watchers by
#: the dozen (the flood tests set their own rates).
FAST = Limits(handshake_s=1.0, unproven_s=1.0, backoff_s=0.1, backoff_max_s=0.8,
              messages_per_s=5000, burst=5000, watchers=64, watchers_per_s=1000,
              watcher_burst=1000)


def lobby(*kinds: str, name: str = "Test table", names: Sequence[str] = ()) -> Lobby:
    """A lobby of seats: "net", "person", or "cpu:LEVEL"; ``names`` kept for net seats."""
    seats = []
    for i, kind in enumerate(kinds):
        kept = names[i] if i < len(names) else ""
        if kind.startswith("cpu:"):
            seats.append(LobbySeat("computer", f"Cpu{i}", kind[4:]))
        elif kind == "person":
            seats.append(LobbySeat("person", kept or f"Host{i}"))
        else:
            seats.append(LobbySeat("net", kept))
    return Lobby(RULES.to_dict(), tuple(seats), name)


def host(table: Lobby, *, limits: Limits = FAST, port: int = 0) -> HostLink:
    return HostLink.open(table, port=port, code=CODE, announce=False, bind="127.0.0.1",
                         limits=limits)


def join(link: HostLink, name: str, *, watch: bool = False, code: str = CODE,
         token: str | None = None, level: str | None = "expert", seed: int = 1,
         port: int | None = None) -> JoinedGame:
    client = ClientLink.connect("127.0.0.1", port or link.port, code=code, name=name,
                                watch=watch, token=token, timeout_s=3.0)
    friend = JoinedGame(client)
    if level is not None:
        game = Game(RULES, [Seat("a"), Seat("b")], seed=0)
        friend.chooser = computer_chooser(level, game, seed)
    return friend


def join_code(code: str, servers: Any, name: str, *, watch: bool = False,
              token: str | None = None, level: str | None = "expert",
              seed: int = 1) -> JoinedGame:
    """A friend who joins over the internet by an invite code."""
    client = ClientLink.connect_code(code, servers, name=name, watch=watch, token=token,
                                     timeout_s=5.0)
    friend = JoinedGame(client)
    if level is not None:
        game = Game(RULES, [Seat("a"), Seat("b")], seed=0)
        friend.chooser = computer_chooser(level, game, seed)
    return friend


def pump_until(done: Callable[[], bool], *parts: Any, timeout: float = 10.0,
               pause: float = 0.001, seen: list[object] | None = None) -> None:
    """Pump every host and friend given until ``done()`` (AssertionError after timeout,
    naming the last of the events ``seen``, where given, so a time-out says what came)."""
    deadline = time.monotonic() + timeout
    while True:
        for part in parts:
            part.pump()
        if done():
            return
        if time.monotonic() > deadline:
            came = "" if seen is None else f"; the last events: {seen[-8:]!r}"
            faulthandler.dump_traceback(all_threads=True)  # what every thread was doing
            raise AssertionError(f"timed out after {timeout} s{came}")
        time.sleep(pause)


def hosted_game(link: HostLink, seed: int = 7, level: str = "expert") -> HostedGame:
    """The host's game for the seats as they are now (computer seats played at their
    level, the host's own person seats by an Expert too)."""
    seats = [Seat(s.name or f"Seat{i}", s.kind == "computer", s.level or "normal")
             for i, s in enumerate(link.seats())]
    game = Game(RULES, seats, seed=seed)
    computers = {i: computer_chooser(s.level or level, game, 100 + i)
                 for i, s in enumerate(link.seats()) if s.kind != "net"}
    return HostedGame(link, game, computers)


def without_rng(game: Game) -> dict[str, Any]:
    data = game.to_dict()
    del data["rng"]
    return data


class Raw:
    """A raw TCP connection to a table: bytes as they come (for what a client should never
    send).  After :meth:`prove` its lines are sealed as a friend's are, so what it sends
    reaches the host's reading of messages."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=3.0)
        self.file = self.sock.makefile("rb")
        self._boxes: tuple[Any, Any] | None = None
        self._sent = self._read = 0

    def prove(self, code: str = CODE) -> None:
        """The key exchange with ``code`` (the hello and the table's key are read)."""
        from tenthousand.net.pake import friend_exchange
        from tenthousand.net.protocol import PROTOCOL, TO_CLIENT, VERSION, decode, encode

        hello = decode(self.line(), TO_CLIENT)
        key = decode(self.line(), TO_CLIENT)
        exchange = friend_exchange(code, hello["nonce"])
        exchange.finish(bytes.fromhex(key["pake"]))
        self.send(encode({"t": "key", "proto": PROTOCOL, "version": VERSION,
                          "pake": exchange.message.hex(),
                          "confirm": exchange.confirm("friend")}))
        confirm = decode(self.line(), TO_CLIENT)
        assert confirm["t"] == "confirm", confirm
        from nacl.secret import SecretBox

        send, read = exchange.sealing_keys("friend")
        self._boxes = (SecretBox(send), SecretBox(read))

    def line(self) -> bytes:
        if self._boxes is None:
            return self.file.readline(MAX_LINE + 10)
        head = self.file.read(4)
        if len(head) < 4:
            return b""
        frame = self.file.read(int.from_bytes(head, "big"))
        self._read += 1
        return bytes(self._boxes[1].decrypt(frame))

    def send(self, data: bytes) -> None:
        """``data`` as it is, or once the key is made, each line sealed in a frame."""
        if self._boxes is not None:
            frames = []
            for line in data.splitlines(keepends=True):
                nonce = self._sent.to_bytes(24, "big")
                self._sent += 1
                frame = bytes(self._boxes[0].encrypt(line, nonce))
                frames.append(len(frame).to_bytes(4, "big") + frame)
            data = b"".join(frames)
        self.sock.sendall(data)

    def closed_within(self, seconds: float) -> bool:
        """Whether the host closes this connection within ``seconds`` (what it says first
        is read and dropped)."""
        self.sock.settimeout(seconds)
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    return True
        except TimeoutError:
            return False
        except ConnectionError:
            return True

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def raw_join(port: int, name: str, *, watch: bool = False, code: str = CODE) -> Raw:
    """A raw connection that has joined (as a client does), for what it sends next."""
    from tenthousand.net.protocol import PROTOCOL, TO_CLIENT, VERSION, decode, encode

    raw = Raw(port)
    raw.prove(code)
    raw.send(encode({"t": "join", "proto": PROTOCOL, "version": VERSION, "name": name,
                     "watch": watch, "token": None}))
    welcome = decode(raw.line(), TO_CLIENT)
    assert welcome["t"] == "welcome", welcome
    return raw


class Collect:
    """Pumps a link's ``poll`` into a list (for pump_until)."""

    def __init__(self, link: Any, into: list[Any] | None = None) -> None:
        self.link = link
        self.events: list[Any] = [] if into is None else into

    def pump(self) -> None:
        self.events += self.link.poll()
