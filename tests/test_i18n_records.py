"""The records, the history and the statistics in other languages: the statistics report
and the match table in German with German numbers, the codes' messages, and the pseudo
language around every text they build (issue 14)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from history_kit import entry, seat

from tenthousand import i18n
from tenthousand.dialogs.match import match_table, ordinal
from tenthousand.history import series
from tenthousand.history.codes import (
    BadCode,
    Result,
    compare,
    daily_challenge,
    read_challenge,
    read_result,
    result_code,
)
from tenthousand.history.report import report_lines
from tenthousand.history.stats import Filters, fairness, split_words, statistics
from tenthousand.history.store import DecisionRow, History
from tenthousand.model import Game, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.tools.headless import play_to_end


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    """Ann's games: three won, one lost, with big numbers to group."""
    h = History(tmp_path / "h.sqlite3")
    games = [(True, 12_500, 8000, "expert"), (True, 10_200, 3000, "expert"),
             (False, 7000, 10_050, "normal"), (True, 10_000, 9500, "")]
    for day, (won, mine, theirs, level) in enumerate(games):
        other = seat(1, "Cy" if level else "Dee", score=theirs, won=not won,
                     computer=bool(level), level=level, faces=(50, 50, 50, 50, 50, 50))
        ann = seat(0, "Ann", score=mine, won=won, turns=20, banked=mine + 1000, trash=5,
                   corners=1, best=1500 + 1000 * day, faces=(300, 310, 290, 300, 305, 295),
                   luck=0.1 * (day - 1), skill=-0.02, start=0.5)
        decisions = (DecisionRow(1, 0, "win", "a", "b", 0.4, 0.5, 0.1, "bank-early"),
                     DecisionRow(2, 0, "win", "c", "c", 0.5, 0.5, 0.0, "")) if day == 0 else ()
        h.add(entry((ann, other), day=day, decisions=decisions, kind="win"))
    yield h
    h.close()


def _match(names: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    game = Game(PRESETS["trash-5000"], [Seat(n) for n in names], seed=3)
    for k in range(2):
        play_to_end(game, seed=3 + k)
        if k == 0:
            game = game.rematch()
    return game


def _letters(text: str) -> str:
    """What is left of a text once the bracketed (translated) parts, the names and the
    numbers are taken out: nothing, when every word went through the catalogue."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if inner == text:
            break
        text = inner
    for name in ("Ann", "Bob", "Cy", "Dee"):
        text = text.replace(name, "")
    return re.sub(r"[\W\d_]+", "", text)


# -- German -------------------------------------------------------------------------------------

def test_the_statistics_report_in_german(history: History) -> None:
    i18n.set_language("de")
    rows = dict(report_lines(statistics(history, Filters("Ann"), with_optimum=False)))
    assert rows["Spiele"].startswith("3 von 4 gewonnen (75,0\u00a0%; mit 95\u00a0% Sicherheit")
    assert rows["Bester Zug"] == "4.500 Punkte"
    assert rows["Längste Siegesserie"] == "2 Spiele"
    assert rows["Gewonnen mit Abstand"].startswith("im Schnitt 4.067 (am knappsten 500")
    assert rows["Teuerste Gewohnheit"] == "zu früh aufschreiben"
    assert rows["Niete"] == "25,0\u00a0% der Züge endeten mit einer Niete"
    assert "  Gegen Experte" in rows and "  Gegen Normal" in rows
    assert rows["Deine Würfel"].startswith("1: 1.200 \u00b7 2: 1.240")
    assert "Die Würfel wirken fair." in rows[""]
    english = re.compile(r"\b(Games|won|turns|points|on average|decisions)\b")
    assert not [row for row in rows.items() if english.search(" ".join(row))]


def test_the_statistics_on_the_terminal_in_german(history: History, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from tenthousand.history import report

    monkeypatch.setattr(report, "history_path", lambda: history.path)
    i18n.set_language("de")
    assert report.stats_main("Ann") == 0
    out = capsys.readouterr().out
    assert out.startswith("Statistik von Ann\n") and "Punkte pro Zug aufgeschrieben" in out
    assert report.stats_main("Ann", as_json=True) == 0
    assert '"costliest": "banking too early"' in capsys.readouterr().out  # data stay English


def _fixed(game: Game) -> Game:
    """Two games of a match with known results: seat 0 won both, by 20 to 9 points."""
    game.match_points = [20, 9]
    game.match_games = [((0, 1, 10_250, 10), (1, 2, 3000, 9)),
                        ((0, 1, 5200, 10), (1, 2, 0, 0))]
    return game


def test_the_match_table_in_german() -> None:
    game = _fixed(_match())
    i18n.set_language("de")
    table = match_table(game)
    assert table.summary == ("2 Spiele gespielt; Ann führt mit 11 Partiepunkten Vorsprung "
                             "(20 zu 9), gewonnene Spiele 2 zu 0.")
    assert table.games[0] == ("Spiel 1", (("1.", "10.250", "+10"), ("2.", "3.000", "+9")))
    assert table.ranks == ("1.", "2.")
    you = _fixed(_match(("Du", "Bob")))  # a seat called "Du" is spoken to
    assert "; du führst mit 11 Partiepunkten Vorsprung" in match_table(you).summary


def test_the_match_table_in_french_says_vous_and_1er() -> None:
    game = _match(("Vous", "Bob"))
    game.match_points = [10, 10]
    game.match_games = [((0, 1, 5000, 10), (1, 2, 3000, 9)),
                        ((1, 1, 5200, 10), (0, 2, 0, 0))]
    i18n.set_language("fr")
    table = match_table(game)
    assert table.summary.startswith("2 parties jouées\u00a0; ")
    assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"]


def test_three_seats_share_the_lead_in_whole_sentences() -> None:
    game = _match(("Ann", "You", "Bob"))
    game.match_points = [19, 19, 10]
    game.match_games = [((0, 1, 5000, 10), (1, 2, 4000, 9), (2, 3, 0, 0)),
                        ((1, 1, 5000, 10), (0, 2, 4000, 9), (2, 3, 3000, 8))]
    assert match_table(game).summary == ("2 games played; Ann and you share the lead with "
                                         "19 match points.")
    i18n.set_language("fr")
    assert "Ann et vous partagez la tête avec 19 points de match" in match_table(game).summary
    i18n.set_language("de")
    assert "Ann und du teilt euch die Führung mit je 19 Partiepunkten" in \
        match_table(game).summary


def test_codes_and_comparisons_in_german() -> None:
    i18n.set_language("de")
    with pytest.raises(BadCode, match="^Das ist kein Herausforderungscode: Er müsste mit TC-"):
        read_challenge("XX-12345")
    daily = daily_challenge()
    code = daily.code
    with pytest.raises(BadCode, match="^Das ist ein Herausforderungscode, kein Ergebniscode"):
        read_result(code)
    assert daily.describe().startswith(f"Tägliche Herausforderung vom {daily.daily}: ")
    assert daily.describe().endswith("bis 10.000 gegen den Computer (Experte)")
    from tenthousand.history.codes import challenge_id

    cid = challenge_id(code)
    mine = read_result(result_code(Result(cid, "Ann", 10_250, True, 15, 30, 0.052, "win")))
    theirs = read_result(result_code(Result(cid, "Zoë", 8100, False, 15, 28, 0.12, "win")))
    rows = compare(mine, theirs)
    assert ("Endstand", "10.250", "8.100") in rows
    assert ("Computer geschlagen", "ja", "nein") in rows
    assert ("Insgesamt verschenkt", "5,2\u00a0% Gewinnchance", "12,0\u00a0% Gewinnchance") in rows


def test_luck_and_skill_in_german_and_french() -> None:
    i18n.set_language("de")
    assert split_words(0.18, -0.04) == ("Die Würfel gaben dir +18\u00a0%, deine "
                                        "Entscheidungen kosteten 4\u00a0%.")
    i18n.set_language("fr")
    assert split_words(0.0, 0.0, -0.05) == (
        "Les dés ont été neutres, vos décisions n'ont rien coûté qui compte, les décisions "
        "de votre adversaire vous ont donné -5\u00a0%.")


# -- English stays as it was ---------------------------------------------------------------------

def test_english_plurals_where_one_is_one() -> None:
    assert fairness([1, 0, 0, 0, 0, 0]).words.startswith("Only 1 die so far")
    assert fairness([10, 10, 10, 10, 10, 10]).words.startswith("Only 60 dice") is False


# -- pseudo: nothing escaped the catalogue ------------------------------------------------------

def test_pseudo_covers_the_statistics_codes_and_match_texts(history: History) -> None:
    i18n.set_language("pseudo")
    texts: list[str] = []
    st = statistics(history, Filters("Ann"), with_optimum=False)
    for label, text in report_lines(st):
        texts += [label, text]
    texts.append(report_lines(statistics(history, Filters("Nobody")))[0][1])
    for code in ("XX", "TR-00000", "TC-0000", "TC-00000-00000-00000-0000"):
        try:
            read_challenge(code)
        except BadCode as e:
            texts.append(str(e))
    game = _match()
    table = match_table(game)
    texts += [table.summary, *(label for label, _cells in table.games), *table.ranks]
    texts += [split_words(0.2, -0.1, 0.03), split_words(0.0, 0.0)]
    for data in (series.score_race(game.record),
                 series.faces_chart(st.faces, st.computer_faces, "Ann"),  # type: ignore[arg-type]
                 series.win_rate_over_time(st.series), series.skill_over_time(st.series),
                 series.luck_against_skill(st.series)):
        texts += [data.title, data.x_label, data.y_label, data.note, data.reference_label,
                  *(s.name for s in data.series)]
    escaped = [t for t in texts if t.strip() and _letters(t)]
    assert escaped == [], escaped
