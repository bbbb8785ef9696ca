"""Whole games over real sockets on 127.0.0.1: a host, friends at their own (headless)
screens and a watcher; a friend who drops and rejoins; a host that is killed and hosts the
game again from its record; the next game of a match."""

from __future__ import annotations

from collections.abc import Sequence

from net_kit import (
    CODE,
    FAST,
    RULES,
    host,
    hosted_game,
    join,
    lobby,
    pump_until,
    without_rng,
)

from tenthousand.model.command import Command
from tenthousand.model.persist import load_record
from tenthousand.model.record import Network
from tenthousand.net.events import SeatJoined, SeatLeft, Welcome
from tenthousand.net.headless import HostedGame, computer_chooser
from tenthousand.net.link import HostLink


def _seated(link: HostLink, *friends: object) -> None:
    pump_until(lambda: link.full and all(f.link.seat is not None or f.link.watch  # type: ignore[attr-defined]
                                         for f in friends), *friends)


def test_a_whole_game_of_a_host_two_friends_and_a_watcher() -> None:
    link = host(lobby("cpu:expert", "net", "net"))
    try:
        ann, bob = join(link, "Ann", level="normal", seed=1), join(link, "Bob", seed=2)
        watcher = join(link, "Wat", watch=True, level=None)
        _seated(link, ann, bob, watcher)
        table = hosted_game(link)
        table.begin()
        friends = (ann, bob, watcher)
        pump_until(lambda: all(f.verdict is not None for f in friends), table, *friends,
                   timeout=30)
        game = table.game
        assert game.over and len(game.record) > 20
        for friend in friends:
            assert friend.replica is not None and friend.problems == []
            assert without_rng(friend.replica.game) == without_rng(game)
            assert friend.verdict is not None and friend.verdict.fair, friend.verdict
            assert "checked: fair" in friend.verdict.text
        # (each record notes the check of the host's dice: issue 43, item 8)
        assert ann.replica.record.network == Network(  # type: ignore[union-attr]
            "player", ann.link.seat, dice_check="fair")
        assert watcher.replica.record.network == Network(  # type: ignore[union-attr]
            "watcher", dice_check="fair")
        # The friends' moves were theirs: each command of a net seat came from its wishes.
        seats = {ann.link.seat, bob.link.seat}
        assert {c.seat for c in game.record.commands} >= seats | {0}
        assert table.refused == []
    finally:
        link.close()


def test_a_friend_drops_the_seat_waits_and_the_friend_rejoins_with_the_whole_game() -> None:
    link = host(lobby("cpu:expert", "net", "net"))
    try:
        ann, bob = join(link, "Ann"), join(link, "Bob", seed=2)
        _seated(link, ann, bob)
        table = hosted_game(link, seed=11)
        table.begin()
        seat, token = ann.link.seat, ann.link.token
        assert seat is not None and token is not None
        pump_until(lambda: len(table.game.record) >= 12 and table.game.current == seat,
                   table, ann, bob, timeout=20)
        seen = len(table.events)  # (a connection dropped and taken up again earlier, under
        ann.link.close()          # load, has a SeatLeft of its own: CI saw one once)
        pump_until(lambda: any(isinstance(e, SeatLeft) and e.seat == seat
                               for e in table.events[seen:]), table, bob)
        assert link.seats()[seat].state == "away"
        # The seat waits: nothing moves while it is the dropped friend's turn.
        before = len(table.game.record)
        pump_until(lambda: bob.replica is not None and len(bob.replica.record) == before,
                   table, bob)
        for _i in range(50):
            table.pump()
        assert len(table.game.record) == before and not table.game.over
        # The host hands it to a computer for a while...
        link.seat_taken_over(seat, "expert")
        table.computers[seat] = computer_chooser("expert", table.game, 5)
        pump_until(lambda: len(table.game.record) > before + 3 or table.game.over, table, bob)
        pump_until(lambda: link.seats()[seat].state == "computer", table)
        # ...and the friend comes back to the same seat, with the whole game (the program
        # restarted: no token, the name is enough while the seat waits).
        again = join(link, "Ann")
        # (the host hears of the rejoin before Ann's welcome leaves, but may poll it after)
        pump_until(lambda: again.replica is not None and any(
            isinstance(e, SeatJoined) and e.rejoined for e in table.events), table, again, bob)
        joined = [e for e in table.events if isinstance(e, SeatJoined)][-1]
        assert (joined.seat, joined.name, joined.rejoined) == (seat, "Ann", True)
        assert again.link.seat == seat and link.seats()[seat].state == "joined"
        pump_until(lambda: again.verdict is not None and bob.verdict is not None,
                   table, again, bob, timeout=30)
        assert without_rng(again.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
        assert again.verdict.fair and bob.verdict.fair  # type: ignore[union-attr]
    finally:
        link.close()


def test_a_killed_host_hosts_the_game_again_and_the_same_friends_rejoin() -> None:
    link = host(lobby("cpu:expert", "net", "net"))
    ann, bob = join(link, "Ann"), join(link, "Bob", seed=2)
    _seated(link, ann, bob)
    table = hosted_game(link, seed=23)
    table.begin()
    pump_until(lambda: len(table.game.record) >= 15, table, ann, bob, timeout=20)
    saved = table.game.record.to_dict()  # what the host's autosave keeps (with its seed)
    port = link.port
    link.close_abruptly()
    pump_until(lambda: ann.closed is not None and bob.closed is not None, ann, bob)
    assert "lost" in str(ann.closed)
    assert link.wait_closed()
    # Hosted again on the same port from the record, the friends' seats kept by name.
    names = [s.name for s in table.game.seats]
    again = HostLink.open(lobby("cpu:expert", "net", "net", names=names), port=port,
                          code=CODE, announce=False, bind="127.0.0.1", limits=FAST)
    try:
        game = load_record(saved).game
        assert game is not None
        table = HostedGame(again, game, {0: computer_chooser("expert", game, 100)})
        table.begin()
        stranger = join(again, "Eve")
        ann, bob = join(again, "Ann", seed=3), join(again, "Bob", seed=4)  # no token: by name
        # (each rejoin reaches the host's poll before, or just after, its friend's welcome)
        pump_until(lambda: ann.replica is not None and bob.replica is not None
                   and stranger.closed is not None
                   and sum(isinstance(e, SeatJoined) for e in table.events) >= 2,
                   table, ann, bob, stranger)
        assert "Every seat" in str(stranger.closed)
        assert ann.link.seat == names.index("Ann") and bob.link.seat == names.index("Bob")
        back = [e for e in table.events if isinstance(e, SeatJoined)]
        assert len(back) == 2 and all(e.rejoined for e in back)
        # the whole saved game reached the friend (the computer's seat may already have
        # played on from it by now)
        def moves(commands: Sequence[Command]) -> list[tuple[object, ...]]:
            return [(c.seat, c.name, c.args) for c in commands]

        kept = moves(load_record(saved).commands)
        assert moves(ann.replica.record.commands)[:len(kept)] == kept  # type: ignore[union-attr]
        pump_until(lambda: ann.verdict is not None and bob.verdict is not None,
                   table, ann, bob, timeout=30)
        assert ann.verdict.fair and bob.verdict.fair  # type: ignore[union-attr]
        assert without_rng(bob.replica.game) == without_rng(table.game)  # type: ignore[union-attr]
    finally:
        again.close()


def test_the_next_game_of_a_match_begins_on_every_screen() -> None:
    link = host(lobby("cpu:normal", "net"))
    try:
        ann = join(link, "Ann")
        _seated(link, ann)
        table = hosted_game(link, seed=31)
        table.begin()
        pump_until(lambda: ann.verdict is not None, table, ann, timeout=30)
        first = ann.replica
        table.game = table.game.rematch(seed=32)
        table.seed, table.revealed = 32, False
        table.begin()
        pump_until(lambda: ann.replica is not first and ann.verdict is None
                   and ann.replica is not None and ann.replica.game.games_played == 1,
                   table, ann)
        assert sum(isinstance(e, Welcome) for e in ann.events) == 2
        pump_until(lambda: ann.verdict is not None, table, ann, timeout=30)
        assert ann.verdict.fair  # type: ignore[union-attr]
        assert ann.replica.game.match_points == table.game.match_points  # type: ignore[union-attr]
        assert RULES.to_dict() == ann.replica.game.rules.to_dict()  # type: ignore[union-attr]
    finally:
        link.close()


def test_a_friends_record_of_a_network_game_replays_and_reads_as_played() -> None:
    """Where network play meets the records: the game a friend's screen kept (its replica's
    record, as its history stores it) loads again, replays step by step to the same game,
    and its transcript says who played and that it was a network game."""
    from tenthousand.model import load_record, transcript
    from tenthousand.present.replaying import build

    link = host(lobby("cpu:expert", "net"))
    try:
        ann = join(link, "Ann")
        _seated(link, ann)
        table = hosted_game(link, seed=41)
        table.begin()
        pump_until(lambda: ann.verdict is not None, table, ann, timeout=30)
        assert ann.replica is not None
        kept = load_record(ann.replica.record.to_dict())
        assert kept.network == Network("player", ann.link.seat, dice_check="fair")
        assert [s.computer for s in kept.seats] == [s.computer for s in table.game.seats]
        replay = build(kept)
        assert replay.last == len(kept) and without_rng(replay.played) == without_rng(table.game)
        text = transcript(kept)
        assert "Played over the network." in text and "Ann: person" in text
        assert "Cpu0: computer (expert)" in text and "saved position" not in text
    finally:
        link.close()
