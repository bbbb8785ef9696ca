"""The table's texts in other languages: German with German numbers, and the pseudo language
covering every text the presenter builds (issue 14).

The German texts come from the catalogue (``tenthousand/locale/de``), so these tests need the
compiled catalogues with the table's messages in them."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rules_kit import new_game, normal_game, normal_steps, throw

from tenthousand import i18n
from tenthousand.model import Banked, CatchUp, Event, Game, Seat, Trash
from tenthousand.model.game import Phase
from tenthousand.present import presenter
from tenthousand.present.presenter import Context
from tenthousand.present.spoken import dice_report, die_report, scores_report
from tenthousand.present.stakes import bank_outcome
from tenthousand.services.speech import spoken


@pytest.fixture
def de() -> Iterator[None]:
    assert i18n.set_language("de") == "de", "the German catalogue is missing"
    yield
    i18n.set_language("en")


def ctx(game: Game, selection: tuple[int, ...] = ()) -> Context:
    """A person plays every seat; ``selection`` is picked."""
    n = len(game.seats)
    return Context(computers=(False,) * n, levels=("normal",) * n,
                   selection=frozenset(selection))


def _texts(game: Game, events: list[Event]) -> Iterator[str]:
    """The presenter's own texts for this moment, as a person and as the computer plays
    (without the engine's: the log's lines, the words of a pick, the rules' name)."""
    for event in events:
        cue = presenter.cue(game, event)
        if cue is not None:
            yield cue.text
    n = len(game.seats)
    for computers in ((False,) * n, (True,) * n):
        for thinking in (False, True):
            context = Context(computers=computers, levels=("normal",) * n, thinking=thinking,
                              challenge_offered=game.phase is Phase.START and not computers[0])
            shown = presenter.table(game, context)
            yield from (shown.caption, shown.frozen_label, shown.turn_score, shown.dice_left,
                        shown.need, shown.notice, shown.hint, shown.area_label)
            bar = presenter.action_bar(game, context)
            yield from (bar.throw_text, bar.bank_text, bar.reason, bar.question)
            yield from (row.details() for row in presenter.seat_rows(game, context))
    yield presenter.stage_text(game)
    yield presenter.thinking_status(game)
    yield presenter.not_your_turn(game)
    if game.result is not None:
        yield presenter.result_text(game, game.result)


def play_texts(preset: str, options: tuple[str, ...], names: tuple[str, str],
               seed: int) -> Iterator[str]:
    """Every text of the presenter's in a whole game played by two Normal players."""
    game = normal_game(preset, options, names, seed)
    for events in normal_steps(game, seed):
        yield from _texts(game, events)


def test_the_table_in_german_with_german_numbers(de: None) -> None:
    game, _dice = new_game("ten-thousand", board=[10000, 9500])
    game.seats = (Seat("Du"), Seat("Ann"))
    shown = presenter.table(game, ctx(game))
    assert shown.caption == "Du bist dran"
    assert shown.turn_score == "Zugpunkte 0"
    assert shown.dice_left == "Noch 6 Würfel"
    cue = presenter.cue(game, Banked(1, 10000, 19500))
    assert cue is not None and cue.text == "Ann hat 10.000 geschrieben"
    cue = presenter.cue(game, Banked(0, 1250, 11250))
    assert cue is not None and cue.text == "Du hast 1.250 geschrieben"
    lost = presenter.cue(game, Trash(1, 2500))
    assert lost is not None and lost.text == "Niete! Ann hat 2.500 verloren"
    assert presenter.start_line(game).endswith(", bis 10.000.")
    assert presenter.not_your_turn(game) == "Warte: der Computer spielt deinen Zug."


def test_the_scoreboard_and_the_buttons_in_german(de: None) -> None:
    game, _dice = new_game("trash-10000", "challenging", board=[12500, 0],
                           throws=[(1, 1, 4, 5, 5, 6)])
    game.seats = (Seat("Du"), Seat("Bot", computer=True, level="expert"))
    rows = presenter.seat_rows(game, Context(computers=(False, True), levels=("", "expert")))
    assert rows[0].details() == "Mensch \u00b7 im Spiel \u00b7 2 Herausforderungen"
    assert rows[1].details().startswith("Computer (Experte) \u00b7 noch nicht im Spiel")
    throw(game)
    bar = presenter.action_bar(game, ctx(game, (0, 1)))
    assert bar.throw_text == "4 Würfel werfen (Leertaste)"
    assert bar.bank_text == "200 schreiben (B)"
    one = presenter.action_bar(game, ctx(game, (0, 1, 3, 4, 5)))
    assert one.throw_text == "1 Würfel werfen (Leertaste)"


def test_the_last_turn_in_german(de: None) -> None:
    game, _dice = new_game("ten-thousand", board=[10150, 8000])
    game.seats = (Seat("Ann"), Seat("Du"))
    game.current = 1
    game.stage, game.reacher = "catch-up", 0
    assert presenter.stage_text(game) == (
        "Letzte Runde: Ann hat 10.000 erreicht; alle anderen haben noch einen Zug.")
    cue = presenter.cue(game, CatchUp(0))
    assert cue is not None and cue.text == (
        "Ann hat 10.000 erreicht!\nAlle anderen haben noch einen Zug")
    text, loses = bank_outcome(game, 2000)
    # 10,150 against 8,000 + 2,000: 150 behind (200 more would have won)
    assert loses and text == ("Wenn du 2.000 schreibst, liegst du 150 hinter Ann: "
                              "du verlierst.")


def test_speech_reports_in_german(de: None) -> None:
    game, _dice = new_game("ten-thousand", board=[10000, 300], throws=[(1, 1, 4, 5, 5, 6)])
    game.seats = (Seat("Du"), Seat("Ann"))
    rows = presenter.seat_rows(game, ctx(game))
    assert scores_report(rows, "")[0] == "Du 10.000, am Zug; Mensch \u00b7 im Spiel"
    throw(game)
    report = dice_report(presenter.table(game, ctx(game, (0,))))
    assert report[:2] == ["Du bist dran", "Würfel 1 1 4 5 5 6; gewählt 1"]
    assert die_report(2, 4, True) == "Würfel 3: 4, gewählt"
    # The dice are read as a list and a grouped number as one number, in German too.
    assert spoken("Würfel 1 1 4 5 5 6; gewählt 1") == "Würfel 1, 1, 4, 5, 5, 6; gewählt 1."


def test_french_numbers_and_vous() -> None:
    i18n.set_language("fr")
    try:
        game, _dice = new_game("ten-thousand")
        game.seats = (Seat("Vous"), Seat("Ann"))
        cue = presenter.cue(game, Banked(0, 10000, 10000))
        assert cue is not None and cue.text == "Vous avez encaissé 10\u00a0000"
        assert spoken(cue.text) == "Vous avez encaissé 10000."  # one number to the ear
        assert presenter.table(game, ctx(game)).caption == "À vous de jouer"
    finally:
        i18n.set_language("en")


# -- pseudo: every text the presenter builds went through the catalogue --------------------

_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")


def _outside_the_catalogue(text: str, names: tuple[str, ...]) -> str:
    """What is left of ``text`` once every ⟦...⟧ (nested ones too), the seat names and the
    numbers are taken away: words there escaped the catalogue."""
    while True:
        shorter = _BRACKETED.sub("", text)
        if shorter == text:
            break
        text = shorter
    for name in names:
        text = text.replace(name, "")
    return "".join(ch for ch in text if ch.isalpha())


@pytest.mark.parametrize("preset,options", [
    ("ten-thousand", ()), ("trash-5000", ("challenging", "three-trash")),
    ("trash-5000", ("mutant-trash",)), ("trash-5000", ("rotary-club", "challenging")),
])
def test_pseudo_covers_every_text_of_the_table(preset: str, options: tuple[str, ...]) -> None:
    i18n.set_language(i18n.PSEUDO)
    try:
        names = ("You", "Ann")
        seen = 0
        for text in play_texts(preset, options, names, seed=5):
            seen += 1
            assert not _outside_the_catalogue(text, names), text
        assert seen > 100
    finally:
        i18n.set_language("en")


def test_pseudo_marks_the_speech_reports() -> None:
    i18n.set_language(i18n.PSEUDO)
    try:
        game, _dice = new_game("ten-thousand")
        game.seats = (Seat("You"), Seat("Ann"))
        rows = presenter.seat_rows(game, ctx(game))
        for line in scores_report(rows, presenter.stage_text(game)) + [die_report(0, 5, True)]:
            assert not _outside_the_catalogue(line, ("You", "Ann")), line
    finally:
        i18n.set_language("en")

