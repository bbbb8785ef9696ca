"""The frame in other languages: the language chosen at start-up (``--language``, else
Preferences, else the desktop), ``--help`` and the command line's messages translated, the
preferences' and the new-game settings' texts with the language's numbers, and the pseudo
language covering every text of the command line and the settings.

These tests read the compiled catalogues (``tenthousand/locale``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tenthousand import cli, i18n
from tenthousand.files.settings import (
    DELAY,
    LANGUAGE,
    PITCH,
    PREFS,
    SIZE,
    VOLUME,
    GameSettings,
    Preferences,
    SeatSetting,
    load_preferences,
    save_preferences,
)
from tenthousand.i18n import _
from tenthousand.present.commands import COMMANDS, KEY_GROUPS, MENU_TITLES

ROOT = Path(__file__).resolve().parent.parent


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.run([*argv, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


def test_help_follows_the_desktop_german(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out = _help([], capsys)
    assert out.startswith("Aufruf: tenthousand ")
    for german in ("Optionen:", "diese Hilfe zeigen und beenden", "Zehntausend: das klassische",
                   "--language KÜRZEL", "die Titelschau überspringen (*)", "Sekunden"):
        assert german in out, german
    for english in ("usage:", "show this help", "the rule set", "skip the startup show"):
        assert english not in out, english


def test_help_in_french_with_the_language_option(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["--language", "fr"], capsys)
    assert out.startswith("utilisation\u00a0: tenthousand ")  # French: a space before ":"
    for french in ("afficher cette aide et quitter", "Dix-Mille\u00a0: le jeu classique",
                   "--rules MODÈLE", "passer l'introduction (*)"):
        assert french in out, french
    assert "show this help" not in out


@pytest.mark.parametrize(("argv", "code"), [
    (["--language", "de"], "de"), (["--language=fr"], "fr"), (["--lang", "de"], "de"),
    (["--skip-intro", "--language", "pseudo"], "pseudo"), (["--demo"], None),
    (["--", "--language", "de"], None)])
def test_the_language_is_read_before_the_parser_is_built(argv: list[str],
                                                          code: str | None) -> None:
    assert cli.asked_language(argv) == code


def test_a_wrong_language_exits_2_with_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.run(["--language", "xx"])
    assert stop.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == ("tenthousand: error: argument --language: there is no language 'xx'; "
                    "choose one of en, de, fr, pseudo")


def test_a_wrong_language_is_told_in_the_desktops_language(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    with pytest.raises(SystemExit):
        cli.run(["--language", "klingon"])
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == ("tenthousand: Fehler: Argument --language: Die Sprache 'klingon' gibt es "
                    "nicht; wähle eine von en, de, fr, pseudo")


def test_the_preference_is_saved_and_wins_over_the_desktop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    save_preferences(Preferences(language="fr"))
    assert load_preferences()[0].language == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert cli.choose_language([]) == "fr"
    assert cli.choose_language(["--language", "de"]) == "de"  # the command line wins
    save_preferences(Preferences(language=""))
    assert cli.choose_language([]) == "de"  # "" follows the desktop


def test_the_next_start_speaks_the_saved_language(tmp_path: Path) -> None:
    """A real start: the preference written by one run is the language of the next."""
    save_preferences(Preferences(language="de"))
    env = dict(os.environ, LANG="C.UTF-8")
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    run = subprocess.run([sys.executable, "-m", "tenthousand", "--help"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout.startswith("Aufruf: tenthousand")


def test_a_damaged_language_preference_falls_back_alone() -> None:
    prefs, bad = Preferences.from_dict({"language": "xx", "delay": 1.0})
    assert bad == ["language"] and prefs.language == "" and prefs.delay == 1.0
    assert Preferences.from_dict(Preferences(language="de").to_dict())[0].language == "de"


def test_settings_in_german_with_german_numbers() -> None:
    i18n.set_language("de")
    errors = GameSettings(game_point=2_000_000, opening_minimum=75,
                          seats=(SeatSetting("Ann"), SeatSetting(""))).errors()
    assert errors["game_point"] == "gib 50 bis 1.000.000 ein"
    assert errors["opening_minimum"] == "gib ein Vielfaches von 50 ein"
    assert errors["seat1"] == "gib diesem Platz einen Namen"
    assert GameSettings(opening_minimum=20_000).errors() == {
        "opening_minimum": "darf nicht über der Zielpunktzahl liegen (10.000)"}
    assert DELAY.show(0.25) == "0,25 s" and VOLUME.show(80) == "80\u00a0%"
    assert PITCH.show(3) == "+3" and SIZE.show(125) == "125\u00a0%"
    assert DELAY.parse("9") == "gib 0 bis 3 Sekunden ein"
    assert DELAY.help().startswith("Sekunden zwischen den Zügen des Computers, 0 bis 3")
    assert LANGUAGE.show("") == "Wie der Desktop" and LANGUAGE.show("fr") == "Français"
    assert GameSettings().seats[0].name == "Du"  # the second person, as grammar.is_you says


def test_english_stays_as_it_was() -> None:
    assert DELAY.show(0.8) == "0.8 s" and DELAY.show(1.0) == "1.0 s"
    assert VOLUME.show(80) == "80%" and PITCH.show(0) == "+0" and PITCH.show(-3) == "-3"
    assert PITCH.help() == ("semitones, -12 to +12; 0 is the natural sound (Left and Right "
                            "change it)")
    assert GameSettings(game_point=2_000_000).errors()["game_point"] == "enter 50 to 1,000,000"


def _pseudo(text: str) -> bool:
    return text.startswith("\u27e6") and text.endswith("\u27e7")


def test_pseudo_covers_the_command_line_and_the_settings() -> None:
    i18n.set_language("pseudo")
    parser = cli.build_parser()
    assert _pseudo(parser.description or "") and _pseudo(parser.epilog or "")
    for action in parser._actions:
        assert action.help and _pseudo(action.help), action.option_strings
        if action.metavar:
            assert _pseudo(str(action.metavar)), action.option_strings
    for pref in PREFS.values():
        for text in (pref.title(), pref.help()):
            assert not text or _pseudo(text), pref.name
    settings = GameSettings(preset="nope", game_point=7, seats=(SeatSetting(""),) * 10,
                            options=("mutant-trash",))
    for message in settings.errors().values():
        assert _pseudo(message), message


def test_every_command_text_is_in_the_german_catalogue() -> None:
    """A text of the command table that the catalogue lacks would show in English."""
    i18n.set_language("de")
    same = {"Tab", "Esc", "Animation"}  # the same word in German
    texts = [*MENU_TITLES, *KEY_GROUPS]
    for command in COMMANDS:
        texts += [command.label, command.description]
        texts += [what for keys, what in command.notes]
        if any(word in command.keys for word in ("Ctrl", "Space", "Enter", "Shift", "Esc")):
            texts.append(command.keys)
    for text in filter(None, texts):
        assert _(text) != text or text in same, text
