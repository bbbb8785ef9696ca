"""Random, truncated, huge and slow input thrown at a host while a game goes on: the host
stays up, and the game is the one it would have been without the noise."""

from __future__ import annotations

import itertools
import json
import socket
import time
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_kit import FAST, RULES, host, hosted_game, join, lobby, pump_until, raw_join, without_rng
from test_net_protocol import TO_HOST_SAMPLES

from tenthousand.model.command import Command
from tenthousand.model.game import Game, Seat
from tenthousand.net.headless import computer_chooser
from tenthousand.net.protocol import MAX_LINE, TO_CLIENT, TO_HOST, decode, encode

SEED = 17

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8)
_messages = st.builds(lambda kind, extra: {"t": kind, **extra},
                      st.sampled_from([*TO_HOST, *TO_CLIENT, "x", ""]),
                      st.dictionaries(st.sampled_from(
                          ["command", "args", "text", "name", "seat", "pake", "token",
                           "watch", "proto", "version", "confirm"]), _json, max_size=5))
_lines = st.one_of(
    st.binary(max_size=300),
    _messages.map(lambda m: json.dumps(m).encode() + b"\n"),
    st.tuples(st.sampled_from(TO_HOST_SAMPLES), st.integers(0, 200)).map(
        lambda s: encode(s[0])[:s[1]]),
    st.integers(MAX_LINE - 10, MAX_LINE + 5000).map(lambda n: b"[" * n + b"\n"),
)
_attacks = st.tuples(st.sampled_from(["before", "after", "slow"]), _lines)


def _reference() -> Game:
    """The same game played at one screen by the same players: what the host must get."""
    seats = [Seat("Cpu0", True, "expert"), Seat("Ann")]
    game = Game(RULES, seats, seed=SEED)
    choosers = {0: computer_chooser("expert", game, 100), 1: computer_chooser("expert", game, 1)}
    while not game.over:
        name, args = choosers[game.current](game)
        Command(game.current, name, args).apply(game)
    return game


_noises = itertools.count(1)


def _attack(port: int, where: str, line: bytes, opened: list[socket.socket]) -> None:
    if where == "after":
        raw = raw_join(port, f"Noise {next(_noises)}", watch=True)  # (a name each)
        raw.send(line)
        opened.append(raw.sock)
        return
    sock = socket.create_connection(("127.0.0.1", port), timeout=2)
    opened.append(sock)
    if where == "before":
        sock.sendall(line)
        return
    for i in range(0, min(len(line), 40), 8):  # a few bytes at a time, then it stalls
        sock.sendall(line[i:i + 8])
        time.sleep(0.002)


def test_noise_on_the_port_changes_nothing_in_the_game() -> None:
    # (every attack comes from 127.0.0.1: room for all of them from one address)
    link = host(lobby("cpu:expert", "net"), limits=replace(FAST, unproven_per_address=64,
                                                           unproven=64))
    opened: list[socket.socket] = []
    try:
        ann = join(link, "Ann", seed=1)
        pump_until(lambda: link.full, ann)
        table = hosted_game(link, seed=SEED)
        table.begin()

        @settings(max_examples=40, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(attack=_attacks)
        def attack_while_playing(attack: tuple[str, bytes]) -> None:
            _attack(link.port, *attack, opened)
            table.pump()
            ann.pump()
            if len(opened) > 20:  # (the host closes them; the test lets go of its ends)
                for sock in opened[:10]:
                    sock.close()
                del opened[:10]

        attack_while_playing()
        assert 10 <= len(table.game.record) and not table.game.over, "noise while it goes on"
        pump_until(lambda: ann.verdict is not None, table, ann, timeout=30)
        assert without_rng(table.game) == without_rng(_reference())
        assert without_rng(ann.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
        assert ann.verdict.fair and ann.closed is None and ann.problems == []  # type: ignore[union-attr]
        # The host is still up: it still greets a newcomer.
        for sock in opened:
            sock.close()
        late = socket.create_connection(("127.0.0.1", link.port), timeout=FAST.handshake_s + 3)
        with late:
            hello = decode(late.makefile("rb").readline(), TO_CLIENT)
        assert hello["t"] == "hello"
    finally:
        for sock in opened:
            sock.close()
        link.close()

