"""Who a name at the table is (issue 43, items 4 and 7), over a real socket: a seat's
rejoin token goes to nobody but the friend it was made for; a name a reader cannot tell
from one at the table ("bob", "Bo\\u200bb", Cyrillic "Воb") is refused, not seated; a name
that shows nothing is refused; a watcher cannot take a seated player's name (to chat
under it); and watchers are let in a few at a time, like any flood."""

from __future__ import annotations

import pytest
from net_kit import FAST, Collect, host, hosted_game, join, lobby, pump_until, raw_join

from tenthousand.model.names import name_key, shows_a_name, visible
from tenthousand.net.events import WatcherJoined, WatcherLeft
from tenthousand.net.link import Limits
from tenthousand.present.network import name_problem


def _refused(friend: object) -> str:
    return str(getattr(friend, "closed", ""))


def test_a_name_takeover_never_gets_the_friends_token() -> None:
    link = host(lobby("person", "net"))
    try:
        bob = join(link, "Bob")
        pump_until(lambda: link.full and bob.link.token is not None, bob)
        token = bob.link.token
        table = hosted_game(link)
        table.begin()
        bob.link.close()  # Bob's connection drops: his seat waits for him
        pump_until(lambda: not any(s.state == "joined" for s in link.seats()), table, bob)
        # Names a reader cannot tell from Bob's are somebody else's: refused, not seated.
        others = [join(link, name) for name in ("bob", "Bo\u200bb", "\u0412ob", "ＢＯＢ")]
        pump_until(lambda: all(o.closed is not None for o in others), table, *others)
        assert all("already has that name" in _refused(o) for o in others), \
            [_refused(o) for o in others]
        assert link.seats()[1].state == "away"
        # The very name takes the seat (Bob's program may have lost its token): but with a
        # token of its own, never Bob's.
        taker = join(link, "Bob")
        pump_until(lambda: taker.link.token is not None, table, taker)
        assert taker.link.seat == 1 and taker.link.token != token
        # Bob's own token gets the seat back; the taker's is void from then on.
        back = join(link, "Bob", token=token)
        pump_until(lambda: back.link.seat == 1 and taker.closed is not None,
                   table, back, taker)
        assert "newer connection" in _refused(taker) and back.link.token == token
        again = join(link, "Bob", token=taker.link.token)  # (cannot take it from Bob)
        pump_until(lambda: again.closed is not None, table, back, again)
        assert "already has that name" in _refused(again) and back.closed is None
    finally:
        link.close()


def test_a_watcher_cannot_take_a_name_at_the_table() -> None:
    link = host(lobby("person", "net", names=["Ann"]))
    try:
        bob = join(link, "Bob")
        pump_until(lambda: link.full, bob)
        fakes = [join(link, name, watch=True, level=None)
                 for name in ("bob", "ANN", "B\u043eb")]
        zoe = join(link, "Zoe", watch=True, level=None)
        pump_until(lambda: all(f.closed is not None for f in fakes) and zoe.link.table,
                   bob, zoe, *fakes)
        assert all("already has that name" in _refused(f) for f in fakes)
        zoe2 = join(link, "zoe", watch=True, level=None)  # (a watcher's name is taken too)
        pump_until(lambda: zoe2.closed is not None, zoe, zoe2)
        assert "already has that name" in _refused(zoe2) and zoe.closed is None
        zoe.link.chat("hello")
        pump_until(lambda: any(getattr(e, "text", "") == "hello" for e in bob.events), bob,
                   zoe)
        said = next(e for e in bob.events if getattr(e, "text", "") == "hello")
        assert said.name == "Zoe"  # (one Zoe at this table: nobody else chats as her)
    finally:
        link.close()


@pytest.mark.parametrize("name", ["\u3164", "\u200b\u200d", "...", "- -", "\u2800\u2800",
                                  "\u00ad", "\ufe0f"])
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    assert not shows_a_name(name) and name_problem(name) is not None
    link = host(lobby("person", "net"))
    try:
        friend = join(link, name)
        pump_until(lambda: friend.closed is not None, friend)
        assert not link.full and link.seats()[1].name == ""
    finally:
        link.close()


def test_names_are_told_apart_as_a_reader_tells_them() -> None:
    for same in ("bob", "BOB", "Bo\u200bb", "Ｂｏｂ", "\U0001d401\U0001d428\U0001d41b",
                 "\u0412\u043eb", "Bob\ufe0f", " Bob "):
        assert name_key(same) == name_key("Bob"), same
    for other in ("Rob", "Bobby", "Bo b", "Zoë"):
        assert name_key(other) != name_key("Bob"), other
    assert visible("Bo\u200bb\u3164") == "Bob" and shows_a_name("Zoë")
    assert name_problem("Zo\u200be") is None and name_problem("\u3164") is not None


def test_watchers_are_let_in_a_few_at_a_time() -> None:
    link = host(lobby("person", "net"), limits=Limits(
        handshake_s=FAST.handshake_s, backoff_s=FAST.backoff_s,
        backoff_max_s=FAST.backoff_max_s, messages_per_s=FAST.messages_per_s,
        burst=FAST.burst, watchers=3, watchers_per_s=0.01, watcher_burst=5))
    try:
        first = [raw_join(link.port, f"Watcher {i}", watch=True) for i in range(3)]
        one_more = join(link, "Watcher 3", watch=True, level=None)  # a fourth at once
        pump_until(lambda: one_more.closed is not None, one_more)
        assert "too many connections" in _refused(one_more)
        collect = Collect(link)
        for raw in first:
            raw.close()
        pump_until(lambda: sum(isinstance(e, WatcherLeft) for e in collect.events) == 3,
                   collect)
        # Gone again, but they came and went too fast: the table lets in no more for now.
        late = [join(link, f"Late {i}", watch=True, level=None) for i in range(4)]
        pump_until(lambda: all(w.closed is not None or w.link.table for w in late), *late)
        let_in = [w for w in late if w.closed is None]
        assert len(let_in) == 2 and all("too many connections" in _refused(w)
                                        for w in late if w not in let_in)
        assert sum(isinstance(e, WatcherJoined) for e in collect.events) == 3
    finally:
        link.close()
