"""Speech: what the game says, in which order, and what a new message does to an old one
(issue 14).  The speech program is replaced by a recorder; one test runs a fake program."""

from __future__ import annotations

import os
import stat
import sys
import time
from pathlib import Path

import pytest
from speech_kit import ManualClock, Recorder

from tenthousand import cli
from tenthousand.services.speech import (
    NO_SPEECH,
    Priority,
    ProcessBackend,
    Speaker,
    find_backend,
    spoken,
)


def speaker(instant: bool = False) -> tuple[Speaker, Recorder, ManualClock]:
    clock, recorder = ManualClock(), Recorder(instant)
    s = Speaker(clock, recorder)
    s.set_on(True)
    return s, recorder, clock


def test_dice_are_read_as_a_list_and_lines_become_sentences() -> None:
    assert spoken("You throw 1 1 4 5 5 6") == "You throw 1, 1, 4, 5, 5, 6."
    assert spoken("Ann throws 2 3 4 6 - trash!") == "Ann throws 2, 3, 4, 6, trash!"
    assert spoken("You banked 1,250, now 3,400\nBot's turn") == \
        "You banked 1,250, now 3,400. Bot's turn."
    assert spoken(["Human \u00b7 on board", ""]) == "Human, on board."


def test_the_players_own_message_cuts_a_stale_one() -> None:
    s, rec, _ = speaker()
    s.say("You throw 1 2 3 4 5 6")
    s.say("A straight: 1,500.")
    assert rec.texts == ["You throw 1, 2, 3, 4, 5, 6.", "A straight: 1,500."]
    assert rec.said[0].stopped and not rec.said[1].stopped


def test_computer_moves_wait_their_turn_and_a_backlog_is_collapsed() -> None:
    s, rec, clock = speaker()
    for n in range(1, 7):
        s.say(f"Bot throws {n}", Priority.QUEUED)
    assert rec.texts == ["Bot throws 1."]  # the others wait for it
    clock.run()  # still speaking: nothing new
    assert len(rec.said) == 1
    for _ in range(3):
        rec.finish()
        clock.run()
    # Four were waiting when the fifth came: they were joined into one message, so speech
    # never runs more than a few messages behind the table.
    assert rec.texts == ["Bot throws 1.",
                         "Bot throws 2. Bot throws 3. Bot throws 4. Bot throws 5.",
                         "Bot throws 6."]
    assert not any(said.stopped for said in rec.said)


def test_a_refusal_interrupts_and_drops_the_queue() -> None:
    s, rec, clock = speaker()
    s.say("Bot throws 1 5", Priority.QUEUED)
    s.say("Bot freezes 5", Priority.QUEUED)
    s.say("Wait: it is Bot's turn.", Priority.URGENT)
    assert rec.said[0].stopped and rec.cancels == 1
    rec.finish()
    clock.run()
    assert rec.texts == ["Bot throws 1, 5.", "Wait: it is Bot's turn."]


def test_repeat_and_silence() -> None:
    s, rec, clock = speaker()
    s.say("You banked 300")
    s.silence()
    assert rec.said[0].stopped and not s.speaking
    s.repeat()
    assert rec.texts == ["You banked 300.", "You banked 300."]
    assert clock.calls  # its end is watched by an after() poll, never waited for


def test_off_remembers_the_last_message_but_says_nothing() -> None:
    clock, rec = ManualClock(), Recorder()
    s = Speaker(clock, rec)
    s.say("You throw 2 2")
    assert rec.texts == [] and s.last == "You throw 2, 2."
    s.set_on(True)
    s.repeat()
    assert rec.texts == ["You throw 2, 2."]


def test_without_a_speech_program_speech_stays_off() -> None:
    s = Speaker(ManualClock(), None)
    s.set_on(True)
    assert not s.on and not s.available
    s.say("anything")  # no error, no sound


def test_the_platforms_program_is_found() -> None:
    found = {"espeak-ng": "/usr/bin/espeak-ng", "say": "/usr/bin/say",
             "powershell": "C:/ps.exe"}
    backend = find_backend("linux", found.get)
    assert backend is not None and backend.name == "espeak-ng"
    assert find_backend("linux", {"spd-say": "/x/spd-say", **found}.get).name == "spd-say"
    assert find_backend("darwin", found.get).name == "say"
    assert find_backend("win32", found.get).name == "powershell"
    assert find_backend("linux", lambda name: None) is None


def test_the_text_is_one_argument_and_never_goes_through_a_shell() -> None:
    text = "You throw 1; rm -rf $HOME"
    assert ProcessBackend("espeak-ng", "/e").command(text) == ["/e", "--", text]
    assert ProcessBackend("spd-say", "/s").command(text) == ["/s", "-w", "--", text]
    assert text not in " ".join(ProcessBackend("powershell", "p").command(text))


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in for espeak-ng")
def test_a_real_process_is_started_without_waiting_and_killed_when_cut(
        tmp_path: Path) -> None:
    said = tmp_path / "said.txt"
    program = tmp_path / "espeak-ng"
    program.write_text(f'#!/bin/sh\nshift\necho "$1" >> "{said}"\nexec sleep 30\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    clock = ManualClock()
    s = Speaker(clock, ProcessBackend("espeak-ng", str(program)))
    s.set_on(True)
    started = time.monotonic()
    s.say("You throw 1 1 4 5 5 6")
    assert time.monotonic() - started < 1.0  # the window never waits for the voice
    for _ in range(200):
        if said.exists() and said.read_text():
            break
        time.sleep(0.01)
    s.say("Refused.", Priority.URGENT)  # kills the first (it would speak for 30 s)
    for _ in range(200):
        if said.read_text().count("\n") == 2:
            break
        time.sleep(0.01)
    assert said.read_text().splitlines() == ["You throw 1, 1, 4, 5, 5, 6.", "Refused."]
    s.close()
    assert not s.speaking


def test_speech_option_on_the_command_line_without_a_program(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import tenthousand.launch
    import tenthousand.services.speech

    monkeypatch.setattr(tenthousand.services.speech, "find_backend", lambda: None)
    monkeypatch.setenv("DISPLAY", os.environ.get("DISPLAY", ":0"))
    seen = []
    monkeypatch.setattr(tenthousand.launch, "launch", lambda opts: seen.append(opts) or 0)
    assert cli.run(["--speech"]) == 0
    assert capsys.readouterr().err.strip() == f"tenthousand: {NO_SPEECH}"
    assert seen[0].speech is None  # the game starts, without speech
    assert cli.parse(["--speech"])[1].speech is True


def test_the_voice_is_the_language_of_the_game() -> None:
    assert ProcessBackend("espeak-ng", "/e").command("Hallo", "de") == \
        ["/e", "-v", "de", "--", "Hallo"]
    assert ProcessBackend("spd-say", "/s").command("Salut", "fr") == \
        ["/s", "-w", "-l", "fr", "--", "Salut"]
    assert ProcessBackend("say", "/say").command("Hallo", "de") == ["/say", "--", "Hallo"]
    # English and the made-up pseudo language keep the system's own voice.
    assert ProcessBackend("espeak-ng", "/e").command("x", "pseudo") == ["/e", "--", "x"]
    windows = " ".join(ProcessBackend("powershell", "p").command("Hallo", "de"))
    assert "[System.Globalization.CultureInfo]'de'" in windows and "Hallo" not in windows


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in for espeak-ng")
def test_a_german_game_starts_the_program_with_the_german_voice(tmp_path: Path) -> None:
    from tenthousand import i18n

    said = tmp_path / "said.txt"
    program = tmp_path / "espeak-ng"
    program.write_text(f'#!/bin/sh\necho "$@" >> "{said}"\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    assert i18n.set_language("de") == "de"
    try:
        s = Speaker(ManualClock(), ProcessBackend("espeak-ng", str(program)))
        s.set_on(True)
        s.say("Du wirfst 1 1 4 5 5 6 und schreibst 10.000")
        for _ in range(200):
            if said.exists() and said.read_text():
                break
            time.sleep(0.01)
        assert said.read_text().splitlines() == [
            "-v de -- Du wirfst 1, 1, 4, 5, 5, 6 und schreibst 10.000."]
        s.close()
    finally:
        i18n.set_language("en")
