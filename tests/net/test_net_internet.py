"""Tables over the internet through a mailbox server and a transit relay of the test's own
on loopback: invite codes, a whole game through the relay, a wrong code, servers down."""

from __future__ import annotations

import time
from dataclasses import replace

from net_kit import Collect, hosted_game, join_code, lobby, pump_until, without_rng
from servers_kit import free_port

from tenthousand.net.events import Closed, Invites, Problem, Trouble
from tenthousand.net.host import HostLink
from tenthousand.net.link import Limits
from tenthousand.net.protocol import Servers

QUICK = Limits(handshake_s=5.0, messages_per_s=5000, burst=5000, retry_s=0.5)


def _codes(events: list[object]) -> dict[int | None, str]:
    """The latest invite codes told (by seat; None: to watch)."""
    last = [e for e in events if isinstance(e, Invites)]
    return {c.seat: c.code for c in last[-1].codes} if last else {}


def _hosted(servers: Servers) -> tuple[HostLink, list[object], Collect]:
    """A table over the internet (a computer and a friend's seat) whose seat code is told."""
    link = HostLink.open_internet(lobby("cpu:expert", "net"), servers, limits=QUICK)
    events: list[object] = []
    host = Collect(link, events)
    pump_until(lambda: 1 in _codes(events), host, timeout=20, seen=events)
    return link, events, host


def test_a_whole_game_by_codes_through_the_relay(servers: Servers) -> None:
    relay_only = replace(servers, direct=False)
    link = HostLink.open_internet(lobby("cpu:expert", "net"), relay_only, limits=QUICK)
    events: list[object] = []
    host = Collect(link, events)
    try:
        assert link.where().internet and link.where().addresses == ()
        pump_until(lambda: set(_codes(events)) == {1, None}, host, timeout=20, seen=events)
        codes = _codes(events)
        ann = join_code(codes[1], relay_only, "Ann")
        zoe = join_code(codes[None], relay_only, "Zoe", watch=True, level=None)
        pump_until(lambda: link.full and zoe.link.seat is None and zoe.link.table != "",
                   host, ann, zoe, timeout=30)
        # The seat filled: its code is gone; the code to watch is a new one.
        pump_until(lambda: set(_codes(events)) == {None} and _codes(events)[None] != codes[None],
                   host, timeout=20)
        table = hosted_game(link, seed=5)
        table.events = events
        table.begin()
        pump_until(lambda: ann.verdict is not None and zoe.verdict is not None,
                   table, ann, zoe, timeout=60)
        assert table.game.over
        for friend in (ann, zoe):
            assert friend.verdict is not None and friend.verdict.fair
            assert without_rng(friend.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
            assert friend.closed is None and friend.problems == []
    finally:
        link.close()


def test_a_wrong_code_is_refused_after_one_try(servers: Servers) -> None:
    link, events, host = _hosted(servers)
    try:
        right = _codes(events)[1]
        nameplate = right.split("-")[0]
        eve = join_code(f"{nameplate}-aardvark-absurd", servers, "Eve", level=None)
        pump_until(lambda: eve.closed is not None, host, eve, timeout=20)
        assert "not right" in str(eve.closed)
        pump_until(lambda: 1 in _codes(events) and _codes(events)[1] != right, host,
                   timeout=20)
        assert any(isinstance(e, Problem) and "wrong invite code" in e.reason for e in events)
        # The code that was right is used up; the new one lets the friend in.
        ann = join_code(_codes(events)[1], servers, "Ann", level=None)
        pump_until(lambda: link.full, host, ann, timeout=30)
    finally:
        link.close()


def test_a_mailbox_that_cannot_be_reached_is_said_plainly(servers: Servers) -> None:
    down = replace(servers, mailbox=f"ws://127.0.0.1:{free_port()}/v1")
    link = HostLink.open_internet(lobby("cpu:expert", "net"), down, limits=QUICK)
    events: list[object] = []
    try:
        pump_until(lambda: any(isinstance(e, Trouble) for e in events), Collect(link, events),
                   timeout=20)
        trouble = next(e for e in events if isinstance(e, Trouble))
        assert trouble.word == "mailbox" and down.mailbox in trouble.text
        assert "cannot be reached" in trouble.text
        # Each code of the table fails alike, and again every retry: told once.
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            events += link.poll()
            time.sleep(0.05)
        assert sum(isinstance(e, Trouble) for e in events) == 1
        friend = join_code("7-guitarist-revenge", down, "Ann", level=None)
        pump_until(lambda: friend.closed is not None, friend, timeout=20)
        assert "mailbox server" in str(friend.closed) and "cannot be reached" in str(friend.closed)
    finally:
        link.close()


def test_a_relay_that_cannot_be_reached_is_said_plainly(servers: Servers) -> None:
    down = replace(servers, relay=f"tcp:127.0.0.1:{free_port()}", direct=False)
    link, events, host = _hosted(down)
    try:
        friend = join_code(_codes(events)[1], down, "Ann", level=None)
        pump_until(lambda: friend.closed is not None, host, friend, timeout=40)
        assert "transit relay" in str(friend.closed) and down.relay in str(friend.closed)
        pump_until(lambda: any(isinstance(e, Trouble) and e.word == "relay" for e in events),
                   host, timeout=20)
        assert not any(isinstance(e, Closed) for e in events)
    finally:
        link.close()


def test_a_friend_dropped_rejoins_by_the_seats_new_code(servers: Servers) -> None:
    link, events, host = _hosted(servers)
    try:
        ann = join_code(_codes(events)[1], servers, "Ann")
        pump_until(lambda: link.full and ann.link.token is not None, host, ann, timeout=30)
        table = hosted_game(link, seed=9)
        table.events = events
        table.begin()
        pump_until(lambda: len(table.game.record) >= 6, table, ann, timeout=30)
        ann.link.close()
        pump_until(lambda: link.seats()[1].state == "away" and 1 in _codes(events), table,
                   ann, timeout=20)
        again = join_code(_codes(events)[1], servers, "Ann", token=ann.link.token)
        pump_until(lambda: again.verdict is not None, table, again, timeout=60)
        assert again.link.seat == 1 and again.verdict.fair  # type: ignore[union-attr]
        assert without_rng(again.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
    finally:
        link.close()


def test_the_host_killed_hosts_again_and_the_friend_comes_back(servers: Servers) -> None:
    link = HostLink.open_internet(lobby("cpu:expert", "net"), servers, limits=QUICK)
    events: list[object] = []
    try:
        pump_until(lambda: 1 in _codes(events), Collect(link, events), timeout=20)
        ann = join_code(_codes(events)[1], servers, "Ann")
        pump_until(lambda: link.full, Collect(link, events), ann, timeout=30)
        table = hosted_game(link, seed=11)
        table.events = events
        table.begin()
        pump_until(lambda: len(table.game.record) >= 6, table, ann, timeout=30)
        link.close_abruptly()
        pump_until(lambda: ann.closed is not None, ann, timeout=20)
        assert link.wait_closed()
    finally:
        link.close()
    # Hosted again from the record: the seat is kept for Ann, a new code made for it.
    again = HostLink.open_internet(lobby("cpu:expert", "net", names=["", "Ann"]), servers,
                                   limits=QUICK)
    events = []
    try:
        pump_until(lambda: 1 in _codes(events), Collect(again, events), timeout=20)
        table.link = again
        table.begin()
        back = join_code(_codes(events)[1], servers, "Ann")
        pump_until(lambda: back.verdict is not None, table, back, timeout=60)
        assert back.link.seat == 1 and back.verdict.fair  # type: ignore[union-attr]
        assert without_rng(back.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
    finally:
        again.close()
