"""Who sat in each seat, as played: the record knows a person from a computer, the level
chosen from the level that played (Perfect falls back to Expert), and which commands the
computer gave for a person in demo mode; the replay, the review, the charts and the
statistics read it.  Records of the previous release (no such fields) still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tenthousand.files import records, savegame
from tenthousand.history.analysis import analyse
from tenthousand.history.series import split_lines
from tenthousand.history.stats import Filters, statistics
from tenthousand.history.store import History
from tenthousand.history.summary import game_key, summarize
from tenthousand.model import PRESETS, BadSave, Game, Seat, load_game, load_record, transcript
from tenthousand.model.record import Played
from tenthousand.present import presenter
from tenthousand.present.replaying import build, context
from tenthousand.tools.headless import RandomPlayer, play_to_end, step

FIXTURES = Path(__file__).parent / "fixtures"
WHY = "its table for these rules is being solved, which takes a while"


def _game(seed: int = 11) -> Game:
    return Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Computer A", True, "perfect")],
                seed=seed)


def _through_json(game: Game) -> Game:
    return load_game(json.loads(json.dumps(game.record.to_dict())))


def _players_shown(game: Game) -> list[str]:
    replay = build(game.record)
    shown = replay.game(replay.last)
    return [row.player for row in presenter.seat_rows(shown, context(replay, replay.last,
                                                                     shown))]


def _demo_game(demo_from: int, demo_until: int | None = None, seed: int = 5) -> Game:
    """Ann's game in which demo mode played her seat from command ``demo_from`` on (until
    ``demo_until``)."""
    game = _game(seed)
    player = RandomPlayer(seed, bank_chance=0.3)
    n = 0
    while not game.over:
        if n == demo_from:
            game.record.note_demo(True)
        if n == demo_until:
            game.record.note_demo(False)
        step(game, player)
        n += 1
    return game


# -- the record knows ---------------------------------------------------------------------


def test_each_seat_as_chosen_and_as_played() -> None:
    game = _game()
    assert game.record.seats_as_played() == (Played(True), Played(False, "perfect", "perfect"))
    game.record.note_played_as(1, "expert", WHY)
    game.record.note_played_as(0, "expert", WHY)  # a person's seat: nothing to note
    game.record.note_played_as(1, "perfect", "")  # once noted it stays: not all Perfect
    played = game.record.seats_as_played()
    assert played[0] == Played(True)
    assert played[1] == Played(False, "perfect", "expert", WHY) and played[1].fell_back


def test_who_played_survives_json_undo_redo_and_the_autosave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(savegame, "save_path", lambda: tmp_path / "savegame.json")
    game = _game()
    player = RandomPlayer(2)
    for _ in range(6):
        step(game, player)
    assert savegame.autosave(game) is None  # the journal's first line written: no note yet
    game.record.note_played_as(1, "expert", WHY)
    for _ in range(6):
        step(game, player)
    assert savegame.autosave(game) is None  # the header changed: the file is rewritten
    resumed, note = savegame.load_saved_game()
    assert note is None and resumed is not None
    assert resumed.record.seats_as_played()[1].level == "expert"
    assert _through_json(game).record.seats_as_played()[1].why == WHY
    undone = game.record.undo({0})
    assert undone.record.seats_as_played()[1].level == "expert"
    redone = undone.record.redo({0})
    assert redone.record.seats_as_played()[1].level == "expert"


def test_who_played_survives_an_undo_from_a_checkpoint() -> None:
    """A long game's undo starts from the record's nearest checkpoint, not from the start:
    the record it builds there knows who played, and whether demo mode stands in."""
    game = _game(3)
    player = RandomPlayer(4, bank_chance=0.2)
    while len(game.record.commands) < 80 and not game.over:
        step(game, player)
    game.record.note_played_as(1, "expert", WHY)
    game.record.note_demo(True)
    while len(game.record.commands) < 120 and not game.over:
        step(game, player)
    game.record.note_demo(False)
    while game.current != 0 or game.over:
        if game.over:
            pytest.skip("the game ended before Ann's turn")
        step(game, player)
    step(game, player)  # a decision of Ann's own, to undo
    undone = game.record.undo({0})
    assert undone.record.seats_as_played()[1] == Played(False, "perfect", "expert", WHY)
    assert [c.stand_in for c in undone.record.commands] == \
        [c.stand_in for c in game.record.commands][:len(undone.record.commands)]
    assert not undone.record.stand_in_seats


def test_demo_commands_are_the_computers_not_the_persons() -> None:
    game = _demo_game(demo_from=10, demo_until=30)
    record = game.record
    made = [(i, c.stand_in) for i, c in enumerate(record.commands) if c.seat == 0]
    assert any(s for _i, s in made) and any(not s for _i, s in made)
    assert all(s == (10 <= i < 30) for i, s in made)
    assert not any(c.stand_in for c in record.commands if c.seat == 1)
    for s in record.steps:
        assert s.human == (s.seat == 0 and not s.command.stand_in)
    # The marks survive the record's JSON, the autosave journal and an undo.
    again = _through_json(game).record
    assert [c.stand_in for c in again.commands] == [c.stand_in for c in record.commands]
    text = savegame.journal_text(record.snapshot())
    assert savegame.parse_save(text.encode()).record.commands == record.commands


def test_a_game_played_on_from_a_demo_is_the_persons() -> None:
    game = _game()
    game.record.note_demo(True)
    player = RandomPlayer(3)
    for _ in range(8):
        step(game, player)
    again = game.record.play_on(4)
    assert [c.stand_in for c in again.record.commands] == \
        [c.stand_in for c in game.record.commands[:4]]
    while not again.over and again.current != 0:
        step(again, player)
    assert not again.over
    step(again, player)
    assert again.record.commands[-1].seat == 0 and not again.record.commands[-1].stand_in


def test_demo_mode_plays_a_perfect_computer_as_expert() -> None:
    game = _game()
    game.record.note_demo(True, "expert")
    assert game.record.seats_as_played()[1].level == "expert"
    assert game.record.seats_as_played()[0] == Played(True)


def test_a_game_all_in_demo_has_no_decision_of_the_person() -> None:
    game = _demo_game(demo_from=0)
    assert not game.record.has_human_decision()
    assert build(game.record).decisions() == []
    assert not any(s.human for s in game.record.steps)


# -- the replay, the charts and the statistics read it ------------------------------------


def test_the_replay_labels_each_seat_as_it_was_played() -> None:
    game = _game()
    play_to_end(game, seed=3)
    assert _players_shown(game) == ["Human", "Perfect AI"]
    game.record.note_played_as(1, "expert", WHY)
    assert _players_shown(game) == ["Human", "Perfect AI (as Expert)"]
    # A demo game: the computer played Ann's seat, but a person sat there.
    assert _players_shown(_demo_game(demo_from=0))[0] == "Human"


def test_the_analysis_keeps_the_demos_decisions_apart_from_the_persons() -> None:
    game = _demo_game(demo_from=0, seed=8)
    analysis = analyse(game.record)
    assert analysis.decisions == []  # none of them hers
    assert analysis.skill[0] == 0.0 and analysis.stand_in.get(0, 0.0) != 0.0
    assert analysis.identity_error() < 1e-9
    # The charts say nothing of "your decisions" for a seat the demo played all game.
    assert split_lines(game.record, analysis) == []
    half = _demo_game(demo_from=20, seed=8)
    lines = split_lines(half.record, analyse(half.record))
    assert len(lines) == 1 and lines[0].startswith("Ann: ")
    mine = analyse(half.record)
    assert all(not half.record.commands[d.step - 1].stand_in for d in mine.decisions)


def test_statistics_count_against_perfect_only_what_perfect_played(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    perfect = _game(1)
    play_to_end(perfect, seed=1)
    fell_back = _game(2)
    fell_back.record.note_played_as(1, "expert", WHY)
    play_to_end(fell_back, seed=2)
    key = game_key(fell_back.record)
    for game in (perfect, fell_back):
        history.add(summarize(game.record, analyse_game=False))
    assert game_key(fell_back.record) == key
    assert statistics(history, Filters("Ann", level="perfect")).games == 1
    assert statistics(history, Filters("Ann", level="expert")).games == 1
    demo = _demo_game(demo_from=0, seed=3)
    entry = summarize(demo.record, analyse_game=False)
    assert entry.demo  # nobody's game: the computer made every move of Ann's
    assert entry.seats[0].computer is False  # but a person sat there


def test_the_transcript_says_who_played() -> None:
    game = _game()
    game.record.note_played_as(1, "expert", WHY)
    play_to_end(game, seed=4)
    words = transcript(game.record)
    assert "  Ann: person\n" in words
    assert "  Computer A: computer (perfect, played as expert)\n" in words


# -- records of the previous release, and of this one -------------------------------------


def test_a_record_of_the_previous_release_loads_with_its_seats_as_chosen() -> None:
    data = json.loads((FIXTURES / "record-v2-release.json").read_text())
    assert "played_as" not in data and not any("stand_in" in c for c in data["commands"])
    record = load_record(data)
    assert record.game is not None and record.game.over
    assert record.seats_as_played() == (Played(True), Played(False, "perfect", "perfect"))
    assert record.has_human_decision()
    assert records.record_text(record) == (FIXTURES / "record-v2-release.json").read_text()
    assert _players_shown(record.game) == ["Human", "Perfect AI"]


def test_a_record_of_this_release_keeps_who_played() -> None:
    record = load_record(json.loads((FIXTURES / "record-v2-seating.json").read_text()))
    assert record.seats_as_played()[1] == Played(False, "perfect", "expert", WHY)
    stand_ins = [c.stand_in for c in record.commands if c.seat == 0]
    assert any(stand_ins) and not all(stand_ins)


@pytest.mark.parametrize("played_as", [
    [{"seat": 0, "level": "expert", "why": ""}],  # a person's seat
    [{"seat": 1, "level": "grandmaster", "why": ""}],
    [{"seat": 1, "level": "expert"}, {"seat": 1, "level": "expert"}],
    {"1": "expert"},
    [{"seat": 1, "level": "expert", "why": 5}],
])
def test_a_bad_played_as_is_refused(played_as: object) -> None:
    data = json.loads((FIXTURES / "record-v2-release.json").read_text())
    data["played_as"] = played_as
    with pytest.raises(BadSave, match="played_as"):
        load_record(data)


def test_a_bad_stand_in_is_refused() -> None:
    data = json.loads((FIXTURES / "record-v2-release.json").read_text())
    data["commands"][0]["stand_in"] = "yes"
    with pytest.raises(BadSave, match="stand_in"):
        load_record(data)
