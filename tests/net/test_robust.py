"""Whatever arrives on the port closes only the connection it came on, with a reason in the
host's log; the game and the other players go on undisturbed, and no message reaches
another seat."""

from __future__ import annotations

import json
import logging
from dataclasses import replace

import pytest
from net_kit import (
    FAST,
    RULES,
    Collect,
    Raw,
    host,
    hosted_game,
    join,
    lobby,
    pump_until,
    raw_join,
    without_rng,
)

from tenthousand.model.game import Game
from tenthousand.net.events import Chat, Problem, Refused, Wish
from tenthousand.net.protocol import MAX_LINE, encode

BAD_AFTER_JOINING = [
    (b"\xc3\x28\xa0\xa1\n", "not UTF-8"),
    (b"{\"t\": \"wish\", \"command\": \"throw\"\n", "not JSON"),
    (b"x" * (MAX_LINE + 100), "longer than"),
    (b"{\"t\": \"played\", \"command\": {\"seat\": 0, \"bank\": []}}\n", "unknown message"),
    (b"{\"t\": \"wish\", \"command\": \"bank\", \"args\": [], \"seat\": 0}\n", "unknown key"),
    (b"{\"t\": \"join\", \"proto\": 1}\n", "lacks"),
    (b"{\"t\": \"chat\", \"text\": \"" + b"y" * 300 + b"\"}\n", "characters"),
]


def test_each_bad_line_closes_only_its_connection(caplog: pytest.LogCaptureFixture) -> None:
    link = host(lobby("cpu:expert", "net"))
    try:
        ann = join(link, "Ann")
        bad = [raw_join(link.port, f"Mal{i}", watch=True) for i in range(len(BAD_AFTER_JOINING))]
        pump_until(lambda: link.full, ann)
        table = hosted_game(link, seed=3)
        table.begin()
        with caplog.at_level(logging.WARNING, logger="tenthousand.net"):
            for i, (raw, (line, _why)) in enumerate(zip(bad, BAD_AFTER_JOINING, strict=True)):
                pump_until(lambda: len(table.game.record) >= 2 * i or table.game.over,  # noqa: B023
                           table, ann)
                raw.send(line)
                assert raw.closed_within(3)
            pump_until(lambda: sum(isinstance(e, Problem) for e in table.events) == len(bad),
                       table, ann)
        reasons = [e.reason for e in table.events if isinstance(e, Problem)]
        for _line, why in BAD_AFTER_JOINING:
            assert any(why in r for r in reasons), (why, reasons)
            assert why in caplog.text
        pump_until(lambda: ann.verdict is not None, table, ann, timeout=30)
        assert ann.verdict.fair and ann.closed is None  # type: ignore[union-attr]
        assert without_rng(ann.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
        assert ann.problems == []
        for raw in bad:
            raw.close()
    finally:
        link.close()


def test_garbage_before_the_handshake_is_closed_too() -> None:
    link = host(lobby("net", "net"))
    try:
        for junk in (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"\x00" * 100 + b"\n",
                     b"{\"t\": \"wish\", \"command\": \"bank\", \"args\": []}\n"):
            raw = Raw(link.port)
            raw.line()
            raw.send(junk)
            assert raw.closed_within(3)
            raw.close()
        seen = Collect(link)
        pump_until(lambda: sum(isinstance(e, Problem) for e in seen.events) == 3, seen)
    finally:
        link.close()


def test_too_many_messages_close_the_connection_and_chat_is_rate_limited() -> None:
    link = host(lobby("person", "net", "net"), limits=replace(FAST, messages_per_s=20, burst=30))
    try:
        ann, bob = join(link, "Ann", level=None), join(link, "Bob", level=None)
        pump_until(lambda: link.full, ann, bob)
        table = hosted_game(link)
        table.begin()
        # Chat: a few lines go through to everyone, the next are refused for a while.
        for i in range(6):
            ann.link.chat(f"line {i}\nwith a newline")
        pump_until(lambda: sum(isinstance(e, Chat) for e in bob.events) >= 3
                   and sum(isinstance(e, Refused) for e in ann.events) >= 2,
                   table, ann, bob)
        lines = [e for e in bob.events if isinstance(e, Chat)]
        assert lines[0] == Chat("Ann", "line 0 with a newline")
        assert [e.text for e in table.events if isinstance(e, Chat)][:3] == [
            "line 0 with a newline", "line 1 with a newline", "line 2 with a newline"]
        # A flood of wishes: closed, with the reason in the log; Bob is still there.
        flood = raw_join(link.port, "Fast", watch=True)
        flood.send(encode({"t": "chat", "text": "x"}) * 200)
        assert flood.closed_within(3)
        pump_until(lambda: any(isinstance(e, Problem) and "rate limit" in e.reason
                               for e in table.events), table, ann, bob)
        assert ann.closed is None and bob.closed is None
        flood.close()
    finally:
        link.close()


def test_a_wish_plays_only_its_own_seat_and_a_watcher_cannot_play() -> None:
    link = host(lobby("person", "net"))
    try:
        ann = join(link, "Ann", level=None)
        watcher = raw_join(link.port, "Wat", watch=True)
        pump_until(lambda: link.full, ann)
        table = hosted_game(link, seed=8)
        table.game = Game(RULES, table.game.seats, seed=8, first_seat=0)  # the host's turn
        table.computers.clear()  # the host's own seat waits: nothing moves by itself
        table.begin()
        pump_until(lambda: ann.replica is not None, table, ann)
        assert ann.link.seat == 1
        before = without_rng(table.game)
        ann.link.wish("throw", ())
        pump_until(lambda: any(isinstance(e, Refused) for e in ann.events), table, ann)
        wishes = [e for e in table.events if isinstance(e, Wish)]
        assert wishes == [Wish(1, "throw", ())]
        refusal = next(e for e in ann.events if isinstance(e, Refused))
        assert "not the turn" in refusal.reason
        assert without_rng(table.game) == before
        watcher.send(encode({"t": "wish", "command": "throw", "args": []}))
        answer = json.loads(watcher.line())
        while answer["t"] != "refused":
            answer = json.loads(watcher.line())
        assert "watching" in answer["reason"]
        assert without_rng(table.game) == before
        watcher.close()
    finally:
        link.close()
