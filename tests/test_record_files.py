"""What the files written during a game hold: a record saved before the game's end holds
no dice seed (the dice it threw and a start that tells nothing), and replays; the autosave,
the player's own file, keeps the generator and the match, so that the game and its match
survive a restart; the transcript's head says the game point once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tenthousand.files import records, savegame
from tenthousand.model import PRESETS, Game, Seat, load_record, transcript
from tenthousand.present.replaying import build
from tenthousand.tools.headless import RandomPlayer, play_to_end, step

FIXTURES = Path(__file__).parent / "fixtures"
SEED = 987_654_321


@pytest.fixture
def save_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "savegame.json"
    monkeypatch.setattr(savegame, "save_path", lambda: path)
    return path


def _half_played(seed: int = SEED, moves: int = 40) -> Game:
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "expert")], seed=seed)
    player = RandomPlayer(4)
    for _ in range(moves):
        step(game, player)
    assert not game.over
    return game


def _generator_words(game: Game) -> list[str]:
    """Texts that would give the dice away: the seed and the generator's numbers."""
    state = game.record.start.rng_state
    assert state is not None
    return [str(SEED), ",".join(str(n) for n in state[1][1:8]),
            ",".join(str(n) for n in game.rng.getstate()[1][1:8])]


# -- a record written during a game --------------------------------------------------------


def test_a_record_saved_during_a_game_holds_no_seed_and_replays(tmp_path: Path) -> None:
    game = _half_played()
    path = tmp_path / "mine.json"
    words = records.write_record(game.record, path)
    text = path.read_text()
    packed = text.replace(" ", "").replace("\n", "")
    for secret in _generator_words(game):
        assert secret not in packed
    assert words is not None and "Dice seed" not in words.read_text()
    assert str(SEED) not in words.read_text()
    # It opens, replays to the same position, and steps like any record.
    record = records.read_record(path)
    opened, live = record.game.to_dict(), game.to_dict()
    opened.pop("rng"), live.pop("rng")
    assert opened == live
    replay = build(record)
    assert replay.last == len(game.record)
    assert [replay.game(k).board for k in (0, replay.last)] == \
        [game.record.game_at(0).board, game.board]
    # Played on from a step, it is a game of its own.
    again = record.play_on(10)
    assert again.record.branch and len(again.record) == 10
    play_to_end(again, seed=2)
    assert again.over
    # The same game gives the same bytes.
    records.write_record(game.record, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_text() == text


def test_a_finished_games_record_keeps_its_seed(tmp_path: Path) -> None:
    game = _half_played()
    play_to_end(game, seed=1)
    path = tmp_path / "done.json"
    words = records.write_record(game.record, path)
    assert json.loads(path.read_text())["start"]["seed"] == SEED
    assert words is not None and f"Dice seed: {SEED}" in words.read_text()
    assert records.read_record(path).game.to_dict() == game.to_dict()


def test_the_autosave_keeps_the_generator_and_throws_the_same_dice(save_here: Path) -> None:
    game = _half_played()
    assert savegame.autosave(game) is None
    assert json.loads(save_here.read_text().split("\n")[0])["start"]["seed"] == SEED
    resumed, _note = savegame.load_saved_game()
    assert resumed is not None
    for g in (game, resumed):
        play_to_end(g, seed=9)
    assert resumed.to_dict() == game.to_dict()


# -- the match survives a restart ----------------------------------------------------------


def _finished_match_game() -> Game:
    game = Game(PRESETS["farkle"].with_options(game_point=1000),
                [Seat("Ann"), Seat("Bot", True, "expert")], seed=3)
    play_to_end(game, seed=3)
    second = game.rematch(seed=4)
    play_to_end(second, seed=4)
    assert second.over and second.games_played == 2
    return second


def test_a_finished_game_saved_gives_the_next_game_of_its_match(save_here: Path) -> None:
    done = _finished_match_game()
    assert savegame.autosave(done) is None
    assert savegame.load_saved_game() == (None, None)  # no game to resume...
    assert save_here.exists()
    following = savegame.load_saved_match(seed=77)  # ...but a match to go on with
    assert following is not None and not following.over
    assert following.match_points == done.match_points
    assert following.games_played == 2
    assert following.match_games == done.match_games
    assert following.match_wins() == done.match_wins()
    assert following.record.start.seed == 77
    assert savegame.load_saved_match(seed=77).to_dict() == following.to_dict()


def test_the_next_game_not_yet_begun_comes_back_with_its_match(save_here: Path) -> None:
    following = _finished_match_game().rematch(seed=5)  # F8, then quit before a throw
    assert savegame.autosave(following) is None
    back = savegame.load_saved_match()
    assert back is not None and back.to_dict() == following.to_dict()


def test_no_match_without_one(save_here: Path) -> None:
    assert savegame.load_saved_match() is None  # no file
    game = _half_played()
    savegame.autosave(game)
    assert savegame.load_saved_match() is None  # a first game under way: resume it instead
    play_to_end(game, seed=1)
    savegame.autosave(game)
    assert savegame.load_saved_match() is not None  # its match: one game played
    save_here.write_text("{not json")
    assert savegame.load_saved_match() is None
    assert save_here.read_text() == "{not json"  # load_saved_game sets it aside, not this


def test_a_resumed_game_keeps_its_match(save_here: Path) -> None:
    game = _finished_match_game().rematch(seed=6)
    player = RandomPlayer(6)
    for _ in range(20):
        step(game, player)
    savegame.autosave(game)
    resumed, _note = savegame.load_saved_game()
    assert resumed is not None
    assert (resumed.match_points, resumed.games_played, resumed.match_games) == \
        (game.match_points, game.games_played, game.match_games)


def test_an_old_releases_journal_resumes_its_match(save_here: Path) -> None:
    save_here.write_bytes((FIXTURES / "savegame-v2-journal-match.json").read_bytes())
    resumed, note = savegame.load_saved_game()
    assert note is None and resumed is not None
    assert resumed.games_played == 1 and sum(resumed.match_points) > 0
    assert len(resumed.match_games) == 1


# -- the transcript -------------------------------------------------------------------------


def test_the_transcript_names_the_game_point_once() -> None:
    changed = PRESETS["ten-thousand"].with_options("rotary-club", title="Kim House",
                                                   game_point=1000)
    game = Game(changed, [Seat("Ann"), Seat("Bot", True, "expert")], seed=1)
    head = transcript(game.record).split("\n")[0]
    assert head == "Ten-Thousand: Kim House, to 1,000, Rotary Club"
    plain = Game(PRESETS["ten-thousand"], [Seat("Ann")], seed=1)
    assert transcript(plain.record).split("\n")[0] == "Ten-Thousand: Ten-Thousand, to 10,000"


def test_the_transcript_names_the_set_of_real_dice_and_a_network_game() -> None:
    from tenthousand.model.real_dice import real_game
    from tenthousand.model.record import Network

    game = real_game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], "Kitchen dice",
                     seed=1)
    assert "Thrown with real dice: Kitchen dice." in transcript(game.record).split("\n")
    game.record.real_dice = ""  # (a set without a name)
    assert "Thrown with real dice." in transcript(game.record).split("\n")
    plain = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bob")], seed=1)
    assert "real dice" not in transcript(plain.record)
    assert "network" not in transcript(plain.record)
    plain.record.network = Network("host", friends=(1,))
    assert "Played over the network." in transcript(plain.record).split("\n")


def test_the_transcript_of_a_record_opened_from_a_shared_file(tmp_path: Path) -> None:
    game = _half_played()
    records.write_record(game.record, tmp_path / "mine.json")
    record = load_record(json.loads((tmp_path / "mine.json").read_text()))
    words = transcript(record)
    assert str(SEED) not in words and "(The game was not finished.)" in words
