"""The replica follows only what the engine allows, and the fair-dice check catches a host
that changed one throw (over the network, and on the replica alone)."""

from __future__ import annotations

import pytest
from net_kit import RULES, host, hosted_game, join, lobby, pump_until, without_rng

from tenthousand.ai import make_player, play_game
from tenthousand.ai.moves import step
from tenthousand.history.codes import fingerprint_of
from tenthousand.model.game import Game, Seat
from tenthousand.net.replica import FairDice, Replica, ReplicaError, command_data, fair_check


class OneChangedThrow:
    """A cheating host's dice: the seed's, but throw ``at`` shows another first die."""

    def __init__(self, game: Game, at: int) -> None:
        self.rng, self.at, self.count = game.rng, at, 0

    def __call__(self, n: int) -> list[int]:
        dice = [self.rng.randint(1, 6) for _die in range(n)]  # as the engine draws them
        self.count += 1
        if self.count == self.at:
            dice[0] = dice[0] % 6 + 1
        return dice


def _players(game: Game) -> list[object]:
    return [make_player("expert", game.rules, seed=i) for i in range(len(game.seats))]


def _mirrored(game: Game) -> Replica:
    """A replica fed every command of ``game`` as it is played to its end."""
    replica = Replica.from_game(game.record.shared_dict(), seat=1)
    players = _players(game)
    while not game.over:
        events = step(game, players[game.current])  # type: ignore[arg-type]
        # (a step may be two commands: a challenge and its throw; none here)
        replica.apply(command_data(game, events))
    return replica


def test_an_honest_game_checks_fair_and_a_changed_throw_is_caught() -> None:
    seats = [Seat("Kim"), Seat("Ann")]
    honest = Game(RULES, seats, seed=99)
    replica = _mirrored(honest)
    assert without_rng(replica.game) == without_rng(honest)
    verdict = fair_check(99, fingerprint_of(99), replica.record,
                         honest.record.start.to_dict())
    assert verdict.fair and "checked: fair" in verdict.text
    assert fair_check(99, fingerprint_of(99), replica.record).fair  # first seat: both tried
    # Another seed than the fingerprint promised.
    wrong = fair_check(98, fingerprint_of(99), replica.record)
    assert not wrong.fair and "NOT fair" in wrong.text and "fingerprint" in wrong.text
    # The same seed, but the host changed the first die of the fourth throw.
    cheat = Game(RULES, seats, seed=99)
    cheat.dice_source = OneChangedThrow(cheat, 4)
    caught = fair_check(99, fingerprint_of(99), _mirrored(cheat).record,
                        cheat.record.start.to_dict())
    assert not caught.fair
    assert caught.text.startswith("WARNING: the host's dice were NOT fair")
    assert "throw 4" in caught.text


def test_the_replica_refuses_what_the_engine_refuses_and_stays_as_it_was() -> None:
    game = Game(RULES, [Seat("Kim"), Seat("Ann")], seed=5)
    replica = Replica.from_game(game.record.shared_dict(), seat=0)
    events = game.throw()
    good = command_data(game, events)
    before = without_rng(replica.game)
    bad_seat = dict(good, seat=1 - good["seat"])
    too_few = dict(good, dice=[good["dice"][0][:-1]])
    too_many = dict(good, dice=good["dice"] * 2)
    none = {k: v for k, v in good.items() if k != "dice"}
    for wrong in (bad_seat, too_few, too_many, none, {"seat": 0}, "throw", {"seat": 0,
                                                                          "undo": []}):
        with pytest.raises(ReplicaError):
            replica.apply(wrong)
        assert without_rng(replica.game) == before
    replica.apply(good)
    assert without_rng(replica.game) == without_rng(game)
    with pytest.raises(ReplicaError, match="cannot be read"):
        Replica.from_game({"format": 2, "rules": {}})
    play_game(game, _players(game))  # type: ignore[arg-type]


def test_a_cheating_host_is_caught_loudly_at_every_screen() -> None:
    link = host(lobby("cpu:expert", "net"))
    try:
        ann, watcher = join(link, "Ann"), join(link, "Wat", watch=True, level=None)
        pump_until(lambda: link.full and watcher.link.table == "Test table", ann, watcher)
        table = hosted_game(link, seed=41)
        table.game.dice_source = OneChangedThrow(table.game, 3)
        table.begin()
        pump_until(lambda: ann.verdict is not None and watcher.verdict is not None,
                   table, ann, watcher, timeout=30)
        for friend in (ann, watcher):
            assert friend.verdict is not None and not friend.verdict.fair
            assert "NOT fair" in friend.verdict.text and "throw 3" in friend.verdict.text
    finally:
        link.close()


def test_a_host_that_never_shows_its_seed_is_called_out_over_the_network() -> None:
    """Issue 43, item 8, over real sockets: a seed shown before the first throw does not
    count, and a next game of the match begun instead of the seed leaves the last game's
    dice unchecked, said at every screen."""
    link = host(lobby("cpu:expert", "net"))
    try:
        ann, watcher = join(link, "Ann"), join(link, "Wat", watch=True, level=None)
        pump_until(lambda: link.full and watcher.link.table == "Test table", ann, watcher)
        table = hosted_game(link, seed=51)
        table.revealed = True  # this host shows no seed at the end...
        table.begin()
        link.reveal(51, table.game.record.start.to_dict())  # ...only before the first throw
        pump_until(lambda: table.game.over and all(
            f.replica is not None and f.replica.game.over for f in (ann, watcher)),
            table, ann, watcher, timeout=30)
        for friend in (ann, watcher):
            assert friend.verdict is None  # no check was made: no "fair (all 0 throws)"
            assert [v.checked for v in friend.said] == [False]
            assert "before the game's end" in friend.said[0].text
        following = table.game.rematch(seed=52)  # the next game of the match instead
        table.game, table.seed = following, 52
        table.begin()
        pump_until(lambda: all(len(f.said) == 2 for f in (ann, watcher)), table, ann, watcher,
                   timeout=30)
        for friend in (ann, watcher):
            assert "could not be checked: the host started the next game" in friend.said[1].text
            assert friend.replica is not None and not friend.replica.game.over
    finally:
        link.close()


def _played_out(seed: int) -> tuple[Game, dict[str, object], list[dict[str, object]]]:
    """A game from ``seed`` (the first seat fixed): its shared start, and every command as
    the host sends it."""
    game = Game(RULES, [Seat("Kim"), Seat("Ann")], seed=seed, first_seat=0)
    header = game.record.shared_dict()
    players = _players(game)
    commands = []
    while not game.over:
        commands.append(command_data(game, step(game, players[game.current])))  # type: ignore[arg-type]
    return game, header, commands


def test_the_same_game_sent_again_with_other_throws_is_not_called_fair() -> None:
    """A cheating host's trick (the hostile run of issue 43): a game checked fair, then
    "the same game again" (as on a rejoin: its very start) with other moves and throws.
    The check found for the first must not pass to the forgery: it is called NOT fair,
    stays so even when the seed comes again, and an honest rejoin keeps its check."""
    honest, header, commands = _played_out(99)
    _other, _header, forged_commands = _played_out(7)
    dice = FairDice()
    replica = Replica.from_game(header, seat=1)
    assert dice.begin(replica.game, fingerprint_of(99)) is None
    for command in commands:
        replica.apply(command)
    verdict = dice.revealed(99, honest.record.start.to_dict())
    assert verdict is not None and verdict.fair
    # An honest rejoin: the whole game again, the same moves: the check stands, unsaid.
    again = Replica.from_game(dict(header, commands=commands), seat=1)
    assert dice.begin(again.game, fingerprint_of(99)) is None
    assert again.game.record.network is not None
    assert again.game.record.network.dice_check == "fair"
    # The forgery: the same start, other moves and throws, a finished game.
    forged = Replica.from_game(dict(header, commands=forged_commands), seat=1)
    said = dice.begin(forged.game, fingerprint_of(99))
    assert said is not None and not said.fair and "NOT fair" in said.text
    assert "other moves or throws" in said.text
    network = forged.game.record.network
    assert network is not None and network.dice_check == "unfair"
    assert dice.revealed(99, honest.record.start.to_dict()) is None  # (said already)
    assert network.dice_check == "unfair"
    # Mid-game too: a rejoin whose past differs from what this screen was shown.
    replica = Replica.from_game(header, seat=1)
    dice = FairDice()
    dice.begin(replica.game, fingerprint_of(99))
    for command in commands[:6]:
        replica.apply(command)
    rewritten = Replica.from_game(dict(header, commands=forged_commands[:8]), seat=1)
    said = dice.begin(rewritten.game, fingerprint_of(99))
    assert said is not None and not said.fair
    honest_rejoin = Replica.from_game(dict(header, commands=commands[:9]), seat=1)
    fresh = FairDice()
    fresh.begin(replica.game, fingerprint_of(99))
    assert fresh.begin(honest_rejoin.game, fingerprint_of(99)) is None
