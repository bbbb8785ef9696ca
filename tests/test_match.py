"""The match table (issue 15, item 11): every game of a match kept, and shown plainly."""

from __future__ import annotations

import json

import pytest

from tenthousand.dialogs.match import match_table, ordinal
from tenthousand.model import Game, Seat
from tenthousand.model.persist import BadSave, load_game
from tenthousand.model.rules import PRESETS
from tenthousand.tools.headless import play_to_end


def _match(games: int, names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 3) -> Game:
    rules = PRESETS["trash-5000"]
    game = Game(rules, [Seat(n) for n in names], seed=seed)
    for k in range(games):
        play_to_end(game, seed=seed + k)
        if k < games - 1:
            game = game.rematch()
    return game


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_every_game_of_the_match_is_kept_and_adds_up() -> None:
    game = _match(4, ("Ann", "Bob", "Cy"))
    assert game.games_played == len(game.match_games) == 4
    points = [0, 0, 0]
    for rows in game.match_games:
        for seat, _, _, p in rows:
            points[seat] += p
    assert points == game.match_points
    assert sum(game.match_wins()) >= 4  # ties share a win
    table = match_table(game)
    assert [label for label, _ in table.games] == ["Game 1", "Game 2", "Game 3", "Game 4"]
    assert table.points == tuple(game.match_points)
    assert all(cell[0] in ("1st", "2nd", "3rd") and cell[2].startswith("+")
               for _, cells in table.games for cell in cells)
    assert "4 games played" in table.summary


def test_two_players_are_told_who_leads_by_how_much() -> None:
    game = _match(3)
    table = match_table(game)
    a, b = game.match_points
    if a != b:
        leader = "Ann" if a > b else "Bob"
        lead = abs(a - b)
        assert f"{leader} leads by {lead} match point{'s' if lead != 1 else ''} (" \
            in table.summary
        assert "games won" in table.summary


def test_you_leads_reads_as_second_person() -> None:
    game = _match(2, ("You", "Bob"))
    game.match_points = [20, 9]
    game.match_games = [((0, 1, 5000, 10), (1, 2, 3000, 9)), ((0, 1, 5200, 10), (1, 2, 0, 0))]
    assert "You lead by 11 match points" in match_table(game).summary


def test_a_match_survives_the_save_and_old_saves_load_without_it() -> None:
    game = _match(2).rematch()
    data = json.loads(json.dumps(game.to_dict()))
    again = load_game(data)
    assert again.match_games == game.match_games and len(again.match_games) == 2
    del data["match_games"]  # a save from before the field existed
    old = load_game(data)
    assert old.match_games == [] and old.games_played == 2
    assert "2 earlier games were played" in match_table(old).note


@pytest.mark.parametrize("bad", [
    "x", [[[0, 1, 100, 10]]], [[[0, 1, 100, 10], [0, 2, 50, 9]]],
    [[[0, 1, 100, 11], [1, 2, 50, 9]]], [[[0, 9, 100, 10], [1, 2, 50, 9]]],
    [[[0, 1, 100, 10], [1, 2, 50, 9]]] * 3,
])
def test_a_damaged_match_table_is_refused(bad: object) -> None:
    data = _match(2).to_dict()
    data["match_games"] = bad
    with pytest.raises(BadSave):
        load_game(data)


def test_the_match_travels_with_the_record_of_the_next_game() -> None:
    from tenthousand.model.persist import load_record

    game = _match(2).rematch()
    game.throw()
    again = load_record(json.loads(json.dumps(game.record.to_dict()))).game
    assert again is not None
    assert again.match_games == game.match_games and len(again.match_games) == 2
    assert again.to_dict() == game.to_dict()
