"""The command line refuses what the game would refuse, names computers by letter, and an
error at start-up reaches the log and the terminal in one sentence (issue 15, items 1, 8,
10 and 12)."""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save_kit import assert_one_sentence

from tenthousand import __main__ as entry
from tenthousand import cli
from tenthousand.files.paths import paths
from tenthousand.files.settings import (
    GameSettings,
    Preferences,
    SeatSetting,
    computer_name,
    load_preferences,
    next_computer_name,
)
from tenthousand.services import logs


@pytest.fixture(autouse=True)
def _clean_handlers() -> Iterator[None]:
    yield
    logger = logging.getLogger("tenthousand")
    for h in list(logger.handlers):
        logger.removeHandler(h)
        h.close()
    logs._handler = None


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The parser's one error line for ``argv`` (it must exit 2)."""
    with pytest.raises(SystemExit) as exit_info:
        cli.parse(list(argv))
    assert exit_info.value.code == 2
    errors = [line for line in capsys.readouterr().err.splitlines()
              if line.startswith("tenthousand: error:")]
    assert len(errors) == 1
    return errors[0]


# -- item 8: seats are checked in full by the parser -----------------------------------

@pytest.mark.parametrize(("spec", "words"), [
    ("You,You", "two seats have this name"),
    ("Ann,ann", "two seats have this name"),
    ("Ann=Bob", "only a computer seat takes a name"),
    ("=cpu", "needs a name before"),
    ("You,,cpu", "give this seat a name"),
    ("You,cpu:wizard", "'wizard'"),
    ("You,cpu:", "no computer level"),
    ("A,B,C,D,E,F,G,H,I,J", "1 to 9 seats"),
    ("You," + "x" * 25, "at most 24 characters"),
])
def test_the_parser_refuses_seats_the_game_refuses(
        capsys: pytest.CaptureFixture[str], spec: str, words: str) -> None:
    assert words in refused(capsys, "--players", spec)


def test_mutant_trash_needs_two_seats_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "--players", "You,cpu,cpu", "--option", "mutant-trash")
    assert "Mutant Trash needs exactly two seats" in line
    _, opts = cli.parse(["--players", "You,cpu", "--option", "mutant-trash"])
    assert opts.options == ["mutant-trash"]


def test_options_that_do_not_go_together_are_refused_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "--option", "rotary-club", "--option", "three-trash")
    assert "Rotary Club and three-trash penalty do not go together" in line


names = st.sampled_from(["You", "you", "Ann", " Bob ", "", "Computer A", "x" * 25, "cpu",
                         "cpu:expert", "cpu:perfect", "Max=cpu", "max=cpu:expert", "Zed"])


@settings(max_examples=200, deadline=None)
@given(st.lists(names, min_size=1, max_size=11))
def test_the_parser_and_the_new_game_dialog_never_disagree(parts: list[str]) -> None:
    """A --players list passes the parser exactly when its seats pass GameSettings.errors
    (the check behind the new-game dialog)."""
    try:
        _, opts = cli.parse(["--players", ",".join(parts)])
    except SystemExit:
        accepted = None
    else:
        assert opts.players is not None
        accepted = GameSettings(seats=tuple(SeatSetting(p.name, p.computer, p.level)
                                            for p in opts.players))
    if accepted is not None:
        assert accepted.errors() == {}
        assert len(accepted.seats) == len(parts)
        return
    # Refused: then the seats, as the dialog would hold them, are wrong too (a computer
    # the parser names gets a name no other seat has, as the parser's letters are).
    seats = []
    for i, part in enumerate(parts):
        name, equals, kind = part.rpartition("=")
        computer = (kind if equals else part).strip().lower().startswith("cpu")
        unnamed = computer and not equals
        seats.append(SeatSetting(f"seat {i}" if unnamed else (name if equals else part),
                                 computer))
    assert GameSettings(seats=tuple(seats)).errors()


# -- item 10: computer seats are lettered everywhere -----------------------------------

def test_computer_names_never_end_in_a_number() -> None:
    made = [computer_name(i) for i in range(60)]
    assert made[:3] == ["Computer A", "Computer B", "Computer C"]
    assert len(set(made)) == 60
    assert not any(re.search(r"\d$", name) for name in made)


def test_the_command_line_letters_its_computers() -> None:
    seats = cli.parse_players("You,cpu:expert,Bob=cpu,cpu")
    assert [(s.name, s.computer, s.level) for s in seats] == [
        ("You", False, "normal"), ("Computer A", True, "expert"), ("Bob", True, "normal"),
        ("Computer B", True, "normal")]
    # A human already called "Computer A": the computer takes the next letter.
    assert [s.name for s in cli.parse_players("Computer A,cpu")] == ["Computer A",
                                                                     "Computer B"]


def test_the_default_game_is_you_against_computer_a() -> None:
    assert [s.name for s in GameSettings().seats] == ["You", "Computer A"]
    assert next_computer_name(["You", "computer a", "Computer C"]) == "Computer B"


def test_old_preferences_with_numbered_computers_still_load() -> None:
    game = GameSettings(seats=(SeatSetting("You"), SeatSetting("Computer 2", True),
                               SeatSetting("Computer 3", True, "expert")))
    data = Preferences(game=game).to_dict()
    paths().preferences.parent.mkdir(parents=True, exist_ok=True)
    paths().preferences.write_text(json.dumps(data))
    prefs, note = load_preferences()
    assert note is None and prefs.game == game


# -- item 12: the minimums cannot be above the game point ------------------------------

def test_an_opening_minimum_above_the_game_point_is_refused() -> None:
    assert GameSettings(game_point=1000, opening_minimum=1500).errors() == {
        "opening_minimum": "must not be above the game point (1,000)"}
    assert GameSettings(game_point=1000, minimum=1050).errors() == {
        "minimum": "must not be above the game point (1,000)"}
    # The preset's opening minimum (Farkle: 500) against a typed game point.
    assert GameSettings(preset="farkle", game_point=450).errors() == {
        "game_point": "must not be below the opening minimum (500)"}
    assert GameSettings(game_point=1000, opening_minimum=1000, minimum=1000).errors() == {}
    assert GameSettings(preset="farkle", game_point=500).errors() == {}
    with pytest.raises(ValueError):
        GameSettings(opening_minimum=20_000).to_rules()


# -- item 1: an error at start-up is logged and told in one sentence -------------------

def test_an_error_at_start_up_is_logged_and_told_in_one_sentence(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(argv: list[str]) -> int:
        raise ValueError("invalid literal for int() with base 10: '+-40'")

    monkeypatch.setattr(cli, "run", broken)
    assert entry.main(["--skip-intro"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    sentence = err.removeprefix("tenthousand: ")
    assert_one_sentence(sentence)
    assert "could not start" in sentence and str(paths().logfile) in sentence
    text = paths().logfile.read_text()
    assert "Traceback" in text and "ValueError" in text
    assert "'+-40'" in text


def test_without_a_log_file_the_sentence_points_at_the_traceback_above(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TENTHOUSAND_HOME", str(blocker))
    try:
        raise OSError("no room")
    except OSError as e:
        sentence = logs.report_startup_failure(e)
    err = capsys.readouterr().err
    assert "Traceback" in err and "OSError: no room" in err
    assert err.strip().splitlines()[-1] == sentence
    assert sentence.endswith("the details are in the lines above.")


def test_a_command_line_error_is_one_line_not_the_whole_usage() -> None:
    for argv in (["--players", "Ann,cpu:zzz"], ["--bogus"], ["--language", "xx"]):
        done = subprocess.run([sys.executable, "-m", "tenthousand", *argv],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, argv
        assert done.stdout == "" and len(done.stderr.splitlines()) == 1, done.stderr
        assert done.stderr.startswith("tenthousand: error: ")



def test_one_name_per_level_and_one_order_weakest_first() -> None:
    """Best average is best-average on the command line (its old word max-expected still
    works), and every list names the levels weakest first, as measured: Expert beats Best
    average (docs/strength.md)."""
    from tenthousand.dialogs.newgame import LEVEL_LABELS
    from tenthousand.model.rules import BY_STRENGTH, LEVELS

    assert BY_STRENGTH == ("beginner", "normal", "max-expected", "expert", "perfect")
    assert sorted(BY_STRENGTH) == sorted(LEVELS)
    assert tuple(LEVEL_LABELS) == BY_STRENGTH
    seats = cli.parse_players("Ann,cpu:best-average,cpu:max-expected,cpu:Expert")
    assert [s.level for s in seats[1:]] == ["max-expected", "max-expected", "expert"]
    with pytest.raises(Exception, match="beginner, normal, best-average, expert, perfect"):
        cli.parse_players("Ann,cpu:hard")
    help_text = cli.build_parser().format_help()
    assert "beginner, normal, best-" in help_text and "max-expected" not in help_text
    assert cli.parse(["--stats", "--against", "best-average"])[0].against == "max-expected"
