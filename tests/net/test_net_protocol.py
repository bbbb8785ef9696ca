"""The wire protocol: every message of both directions crosses a real socket and reads back
the same; what does not fit a message's schema is refused with a reason."""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from net_kit import RULES

from tenthousand.model.game import Game, Seat
from tenthousand.net.protocol import (
    MAX_LINE,
    TO_CLIENT,
    TO_HOST,
    ProtocolError,
    decode,
    encode,
    new_code,
    normalize_code,
    valid_code,
)

N, H, K = "0123456789abcdef" * 2, "ab" * 32, "42" * 33


def _record() -> dict[str, Any]:
    game = Game(RULES, [Seat("Ann"), Seat("Bob")], seed=3)
    game.throw()
    return game.record.shared_dict()


TO_HOST_SAMPLES: list[dict[str, Any]] = [
    {"t": "key", "proto": 2, "version": "0.1.0", "pake": K, "confirm": H},
    {"t": "join", "proto": 2, "version": "0.1.0", "name": "Ann", "watch": False,
     "token": None},
    {"t": "join", "proto": 2, "version": "0.1.0", "name": "Zoë 🎲", "watch": True,
     "token": N},
    {"t": "wish", "command": "throw", "args": [0, 2, 5]},
    {"t": "wish", "command": "bank", "args": []},
    {"t": "wish", "command": "challenge", "args": [1]},
    {"t": "wish", "command": "discard", "args": [0]},
    {"t": "chat", "text": "good luck, all"},
    {"t": "bye", "reason": "left"},
    {"t": "bye"},
]

TO_CLIENT_SAMPLES: list[dict[str, Any]] = [
    {"t": "hello", "proto": 2, "version": "0.1.0", "table": "Kim's table", "nonce": N},
    {"t": "key", "pake": K},
    {"t": "confirm", "confirm": H},
    {"t": "welcome", "seat": 1, "token": N, "table": ""},
    {"t": "welcome", "seat": None, "token": None, "table": "x"},
    {"t": "seats", "seats": [{"name": "Kim", "kind": "person", "state": "here", "level": ""},
                             {"name": "", "kind": "net", "state": "open", "level": ""},
                             {"name": "Cpu", "kind": "computer", "state": "here",
                              "level": "expert"}]},
    {"t": "game", "record": _record(), "fingerprint": H, "commands": 1},
    {"t": "backlog", "commands": [{"seat": 0, "throw": [], "dice": [[1, 2, 3, 4, 5, 6]]}]},
    {"t": "played", "command": {"seat": 1, "bank": [0, 1], "dice": []}},
    {"t": "refused", "reason": "it is not the turn of seat 1"},
    {"t": "refused", "reason": "that seat is not yours to play now", "why": "not_yours"},
    {"t": "chat", "name": "Bob", "text": "nice throw"},
    {"t": "reveal", "seed": 123456789, "start": {"seed": 123456789, "first_seat": None}},
    {"t": "reveal", "seed": -5, "start": None},
    {"t": "bye", "reason": "version", "version": "0.2.0"},
    {"t": "bye", "reason": "closing"},
]


def test_the_samples_cover_every_message() -> None:
    assert {m["t"] for m in TO_HOST_SAMPLES} == set(TO_HOST)
    assert {m["t"] for m in TO_CLIENT_SAMPLES} == set(TO_CLIENT)


def _tcp_pair() -> tuple[socket.socket, socket.socket]:
    with socket.create_server(("127.0.0.1", 0)) as server:
        a = socket.create_connection(server.getsockname())
        b, _address = server.accept()
    return a, b


def test_every_message_crosses_a_socket_both_ways_unchanged() -> None:
    client, host = _tcp_pair()
    with client, host:
        client.sendall(b"".join(encode(m) for m in TO_HOST_SAMPLES))
        host.sendall(b"".join(encode(m) for m in TO_CLIENT_SAMPLES))
        at_host, at_client = host.makefile("rb"), client.makefile("rb")
        got_host = [decode(at_host.readline(), TO_HOST) for _m in TO_HOST_SAMPLES]
        got_client = [decode(at_client.readline(), TO_CLIENT) for _m in TO_CLIENT_SAMPLES]
    assert got_host == TO_HOST_SAMPLES
    assert got_client == TO_CLIENT_SAMPLES
    for m in TO_HOST_SAMPLES + TO_CLIENT_SAMPLES:  # one line each, UTF-8
        line = encode(m)
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert json.loads(line.decode("utf-8")) == m


@pytest.mark.parametrize(("line", "why"), [
    (b"\xff\xfe{}\n", "not UTF-8"),
    (b"{\"t\": \"chat\", \n", "not JSON"),
    (b"[1, 2]\n", "JSON object"),
    (b"{\"t\": \"shell\", \"cmd\": \"rm\"}\n", "unknown message"),
    (b"{\"text\": \"hi\"}\n", "unknown message"),
    (b"{\"t\": \"chat\", \"text\": \"hi\", \"seat\": 1}\n", "unknown key"),
    (b"{\"t\": \"chat\"}\n", "lacks"),
    (b"{\"t\": \"chat\", \"text\": \"\"}\n", "characters"),
    (b"{\"t\": \"chat\", \"text\": \"" + b"x" * 201 + b"\"}\n", "characters"),
    (b"{\"t\": \"chat\", \"text\": \"a\\u0007b\"}\n", "control character"),
    (b"{\"t\": \"chat\", \"text\": \"a\\u202eb\"}\n", "control character"),
    (b"{\"t\": \"wish\", \"command\": \"throw\", \"args\": [true]}\n", "whole number"),
    (b"{\"t\": \"wish\", \"command\": \"throw\", \"args\": [9]}\n", "from 0 to 8"),
    (b"{\"t\": \"wish\", \"command\": \"throw\", \"args\": [0,1,2,3,4,5,0]}\n", "list of"),
    (b"{\"t\": \"wish\", \"command\": \"undo\", \"args\": []}\n", "one of"),
    (b"{\"t\": \"wish\", \"command\": \"throw\", \"args\": [NaN]}\n", "not JSON"),
    (b"{\"t\": \"chat\", \"text\": \"a\", \"text\": \"b\"}\n", "twice"),
    (b"[" * 100_000 + b"\n", "longer than"),
    (b"[" * 30_000 + b"]" * 30_000 + b"\n", "nests too deep"),
    (b"{\"t\": \"join\", \"proto\": 2, \"version\": \"0.1.0\", \"name\": \"Ann\", \"watch\": 0, "
     b"\"token\": null}\n", "true or false"),
    (b"{\"t\": \"key\", \"proto\": 2, \"version\": \"0.1.0\", \"pake\": \"XYZ\", "
     b"\"confirm\": \"" + H.encode() + b"\"}\n", "hexadecimal"),
])
def test_what_does_not_fit_is_refused_with_a_reason(line: bytes, why: str) -> None:
    with pytest.raises(ProtocolError, match=why):
        decode(line, TO_HOST)


def test_a_refusal_carries_only_a_word_both_sides_know() -> None:
    with pytest.raises(ProtocolError, match="one of"):
        decode(b"{\"t\": \"refused\", \"reason\": \"x\", \"why\": \"moon\"}\n", TO_CLIENT)


def test_the_host_only_reads_what_a_client_may_send() -> None:
    with pytest.raises(ProtocolError, match="unknown message"):
        decode(encode({"t": "played", "command": {}}), TO_HOST)
    with pytest.raises(ProtocolError, match="unknown message"):
        decode(encode({"t": "wish", "command": "bank", "args": []}), TO_CLIENT)


def test_a_line_is_at_most_64_kib() -> None:
    assert MAX_LINE == 65536
    with pytest.raises(ValueError, match="too long"):
        encode({"t": "chat", "name": "a", "text": "x" * MAX_LINE})
    with pytest.raises(ProtocolError, match="longer than"):
        decode(b" " * MAX_LINE + b"{}\n", TO_HOST)


def test_codes_are_short_and_readable() -> None:
    codes = {new_code() for _i in range(50)}
    assert len(codes) > 45
    for code in codes:
        assert len(code) == 9 and code[4] == "-" and code.replace("-", "").isdigit()
        assert valid_code(code)
    assert normalize_code("4821 7396") == normalize_code("4821-7396") == "48217396"
    assert not valid_code("12") and not valid_code("x" * 40)
