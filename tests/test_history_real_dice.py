"""The history keeps the dice a game was played with (the program's, or a named set of real
dice) and whether it was a network game; a history of the release before loads."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from tenthousand.ai.moves import apply, decide
from tenthousand.history import summarize
from tenthousand.history.export import games_csv
from tenthousand.history.schema import VERSION
from tenthousand.history.stats import Filters, statistics
from tenthousand.history.store import GameEntry, History
from tenthousand.model.game import Game, Seat
from tenthousand.model.record import Network
from tenthousand.model.rules import PRESETS
from tenthousand.solver.levels import make_player

FIXTURE = Path(__file__).parent / "fixtures" / "history-v3-release.sqlite3"


def real_game(seed: int, dice_set: str | None = "Blue set", *, network: Network | None = None,
              names: tuple[str, str] = ("Ann", "Bob"), faces: list[int] | None = None) -> Game:
    """A whole game of Ann (a person, played by the normal computer) against Bob, its dice
    entered as real dice of ``dice_set`` (None: the program's dice, seeded)."""
    rules = PRESETS["ten-thousand"]
    seats = [Seat(names[0], False), Seat(names[1], True, "normal")]
    if dice_set is None:
        game = Game(rules, seats, seed=seed, first_seat=0)
    else:
        rng = random.Random(seed)
        given = iter(faces or ())
        game = Game(rules, seats, first_seat=0, dice=lambda n: [
            next(given, None) or rng.randint(1, 6) for _die in range(n)])
        game.record.real_dice = dice_set
    game.record.network = network
    players = [make_player("normal", rules, seed=seed * 10 + i) for i in range(2)]
    for p in players:
        p.prepare()
    while not game.over:
        apply(game, decide(game, players[game.current]))
    return game


def _copy_fixture(tmp_path: Path) -> Path:
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(FIXTURE, path)
    return path


def test_the_previous_release_s_history_loads_and_is_brought_up_to_date(tmp_path: Path) -> None:
    path = _copy_fixture(tmp_path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3
    before = con.execute("SELECT id, status, value_kind FROM games ORDER BY id").fetchall()
    con.close()
    # A reader sees it as the latest layout and leaves the file as it is.
    with History(path, read_only=True) as h:
        assert statistics(h, Filters("Ann")).games == 3
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 3
    with History(path) as h:
        assert h.problem is None and h.integrity() == "ok"
        assert h.con.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert h.con.execute("SELECT id, status, value_kind FROM games ORDER BY id"
                             ).fetchall() == before
        assert h.con.execute("SELECT DISTINCT dice_set, network, network_seat FROM games"
                             ).fetchall() == [(None, "", None)]
        st = statistics(h, Filters("Ann"))
        assert (st.games, st.wins, st.abandoned) == (3, 2, 1)
        assert st.luck["games"] == 3 and st.dice_sets == []
        # Its games are the program's dice on one screen.
        assert statistics(h, Filters("Ann", dice="program")).games == 3
        assert statistics(h, Filters("Ann", dice="real")).games == 0
        assert statistics(h, Filters("Ann", network=False)).games == 3
        assert statistics(h, Filters("Ann", network=True)).games == 0
        # And a real-dice game joins them.
        h.add(summarize(real_game(4).record, seconds=60.0))
        assert statistics(h, Filters("Ann", dice="real")).games == 1
        assert statistics(h, Filters("Ann")).games == 4


def test_a_record_that_says_real_dice_or_network_fills_the_new_columns(tmp_path: Path) -> None:
    """A game stored by a build between the releases (the record knew, the layout not)."""
    path = _copy_fixture(tmp_path)
    con = sqlite3.connect(path)
    for game_id, extra in ((1, {"dice": "real", "dice_set": "Red"}),
                           (2, {"network": {"role": "player", "seat": 1}}),
                           (3, {"dice": "real", "dice_set": "", "network": {"role": "host"}})):
        record = json.loads(con.execute("SELECT record FROM records WHERE game_id = ?",
                                        (game_id,)).fetchone()[0])
        record.update(extra)
        con.execute("UPDATE records SET record = ? WHERE game_id = ?",
                    (json.dumps(record, separators=(",", ":")), game_id))
    con.execute("UPDATE records SET record = 'not json \"dice\":\"real\"' WHERE game_id = 4")
    con.commit()
    con.close()
    with History(path) as h:
        assert h.con.execute("SELECT id, dice_set, network, network_seat FROM games "
                             "ORDER BY id").fetchall() == [
            (1, "Red", "", None), (2, None, "player", 1), (3, "", "host", None),
            (4, None, "", None)]
        # A friend's game stored before the check of the host's dice was kept: no check on
        # record (issue 43, item 8).
        assert h.con.execute("SELECT id, dice_check FROM games ORDER BY id").fetchall() == [
            (1, ""), (2, "unchecked"), (3, ""), (4, "")]


def test_a_game_keeps_its_dice_and_network_part(tmp_path: Path) -> None:
    real = summarize(real_game(5, "Green", network=Network("player", 0)).record)
    assert (real.dice_set, real.network, real.network_seat) == ("Green", "player", 0)
    program = summarize(real_game(6, None).record)
    assert (program.dice_set, program.network, program.network_seat) == (None, "", None)
    with History(tmp_path / "h.sqlite3") as h:
        h.add(real)
        h.add(program)
        assert h.con.execute("SELECT dice_set, network, network_seat FROM games ORDER BY id"
                             ).fetchall() == [("Green", "player", 0), (None, "", None)]


@pytest.mark.parametrize(("filters", "games"), [
    (Filters("Ann"), 5),
    (Filters("Ann", dice="program"), 1),
    (Filters("Ann", dice="real"), 4),
    (Filters("Ann", dice_set="Blue set"), 2),
    (Filters("Ann", dice_set="Red set"), 1),
    (Filters("Ann", dice_set=""), 1),
    (Filters("Ann", dice_set="Nope"), 0),
    (Filters("Ann", network=True), 2),
    (Filters("Ann", network=False), 3),
    (Filters("Ann", network=True, dice="real"), 1),
    (Filters("Ann", network=True, level="person"), 1),
])
def test_statistics_filter_on_dice_and_network(tmp_path: Path, filters: Filters,
                                              games: int) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        h.add(summarize(real_game(1, "Blue set").record, analyse_game=False))
        h.add(summarize(real_game(2, "Blue set", network=Network("host")).record,
                        analyse_game=False))
        h.add(summarize(real_game(3, "Red set").record, analyse_game=False))
        h.add(summarize(real_game(4, "").record, analyse_game=False))
        net = real_game(5, None, network=Network("player", 0))
        entry = summarize(net.record, analyse_game=False)
        # The other seat was a person at another screen.
        entry = type(entry)(**{**entry.__dict__, "seats": (entry.seats[0], type(
            entry.seats[1])(**{**entry.seats[1].__dict__, "computer": False, "level": ""}))})
        h.add(entry)
        assert statistics(h, filters).games == games


def _network_game(seed: int, other: str, role: str = "player") -> GameEntry:
    """A network game of Ann against a person called ``other`` at another screen."""
    game = real_game(seed, None, network=Network(role, 0 if role == "player" else None),
                     names=("Ann", other))
    entry = summarize(game.record, analyse_game=False)
    other_seat = dataclasses.replace(entry.seats[1], computer=False, level="")
    return dataclasses.replace(entry, seats=(entry.seats[0], other_seat))


def test_network_games_by_the_other_players_names(tmp_path: Path) -> None:
    from tenthousand.history.report import report_lines

    with History(tmp_path / "h.sqlite3") as h:
        entries = [_network_game(seed, other) for seed, other in ((1, "Cy"), (2, "Cy"),
                                                                   (3, "Dee"))]
        for e in entries:
            h.add(e)
        h.add(summarize(real_game(4, None, names=("Ann", "Cy")).record, analyse_game=False))
        st = statistics(h, Filters("Ann"))
        assert list(st.by_opponent) == ["Cy", "Dee"]  # network games only, most first
        assert st.by_opponent["Cy"]["games"] == 2 and st.by_opponent["Dee"]["games"] == 1
        assert st.by_opponent["Cy"]["wins"] == sum(e.seats[0].won
                                                   for e in entries[:2])
        labels = [label for label, _text in report_lines(st)]
        assert "  Against Cy on the network" in labels and "  Against Dee on the network" in labels
        # The opponent filter: games with a person of that name in another seat.
        assert statistics(h, Filters("Ann", opponent="Cy")).games == 2  # Cy the computer: no
        assert statistics(h, Filters("Ann", opponent="Dee")).games == 1
        assert statistics(h, Filters("Ann", opponent="Cy", network=False)).games == 0


def test_the_export_names_the_dice_and_the_network_part(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as h:
        h.add(summarize(real_game(1, "Blue set", network=Network("player", 0)).record,
                        analyse_game=False))
        h.add(summarize(real_game(2, None).record, analyse_game=False))
        lines = games_csv(h).splitlines()
    head = lines[0].split(",")
    assert head[-4:] == ["dice", "dice_set", "network", "dice_check"]
    # (a friend's game stored before the host's seed came: unchecked, issue 43 item 8)
    assert lines[1].endswith(",real,Blue set,player,unchecked")
    assert lines[2].endswith(",real,Blue set,player,unchecked")
    assert lines[3].endswith(",program,,,") and lines[4].endswith(",program,,,")


def _faces_thrown(game: Game) -> list[int]:
    from tenthousand.model.events import Thrown

    return [f for e in game.log if isinstance(e, Thrown) for f in e.dice]


def test_luck_and_skill_of_a_real_dice_game_are_those_of_the_same_faces(tmp_path: Path
                                                                       ) -> None:
    """A real-dice record has no seed, only the faces entered: its luck and skill are those
    of the program's game that threw the same faces, and they add up as they should."""
    from tenthousand.history.analysis import analyse

    program = real_game(7, None)
    real = real_game(7, "Blue set", faces=_faces_thrown(program))
    assert [c.name for c in real.record.commands] == [c.name for c in program.record.commands]
    assert real.record.start.seed is None and real.record.to_dict()["dice"] == "real"
    a, b = analyse(program.record), analyse(real.record)
    assert a.kind == b.kind == "win"
    assert b.luck == pytest.approx(a.luck) and b.skill == pytest.approx(a.skill)
    assert [t.dice for t in b.throws] == [t.dice for t in a.throws] and b.throws
    assert b.identity_error() < 1e-9
    assert any(abs(v) > 0.01 for v in b.luck)
    # Stored and counted as the statistics count the program's games.
    with History(tmp_path / "h.sqlite3") as h:
        h.add(summarize(real.record, seconds=60.0))
        st = statistics(h, Filters("Ann", dice="real"))
        assert st.luck["games"] == 1 and st.luck["total"] == pytest.approx(b.luck[0])
        assert st.skill["win"]["decisions"] == len(b.decisions) > 0
        [dice_set] = st.dice_sets
        assert dice_set.luck_games == 1 and dice_set.luck_average == pytest.approx(b.luck[0])


def test_a_real_dice_record_replays_reviews_and_charts() -> None:
    from tenthousand.advice import human_decisions
    from tenthousand.advice.values import review
    from tenthousand.history.series import score_race, win_chances
    from tenthousand.model import load_record
    from tenthousand.present.replaying import build

    program = real_game(9, None)
    real = real_game(9, "Blue set", faces=_faces_thrown(program))
    record = load_record(json.loads(json.dumps(real.record.to_dict())))
    assert record.real_dice == "Blue set"
    replay = build(record)
    assert replay.game(replay.last).board == real.board
    assert replay.game(replay.last).over
    assert score_race(record).series == score_race(program.record).series
    from tenthousand.history.analysis import analyse

    chances = win_chances(record, analyse(record))
    assert chances is not None and chances == win_chances(program.record,
                                                          analyse(program.record))
    mine, theirs = human_decisions(record), human_decisions(program.record)
    assert mine and [(d.faces, d.bank, d.position["board"]) for d in mine] == [
        (d.faces, d.bank, d.position["board"]) for d in theirs]
    assert [c.loss for c in review(mine)] == pytest.approx([c.loss for c in review(theirs)])


def test_a_game_kept_to_be_stored_later_keeps_its_dice_and_network_part() -> None:
    """The history was busy: the entry waits in history-pending.json, and comes back the
    same; a file kept by the release before (no such fields) still loads."""
    from tenthousand.history.pending import entries_from_json, entry_to_json

    entry = dataclasses.replace(
        summarize(real_game(5, "Green", network=Network("player", 1)).record,
                  analyse_game=False), token="t1")
    data = json.loads(json.dumps({"pending": 1, "games": [entry_to_json(entry)]}))
    [back], bad = entries_from_json(data)
    assert bad == []
    assert back == entry and (back.dice_set, back.network, back.network_seat) == (
        "Green", "player", 1)
    for name in ("dice_set", "network", "network_seat"):
        del data["games"][0][name]
    [old], bad = entries_from_json(data)
    assert bad == []
    assert (old.dice_set, old.network, old.network_seat) == (None, "", None)
