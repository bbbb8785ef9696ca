"""Issue 40: every reader of the solver's chances takes one chance per seat (three seats
from a stand-in with the solver's form, tests/seats_kit.py), and a game no table answers
says why in one sentence that begins with the solver's reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import seats_kit

from tenthousand.advice import SCORE, WIN
from tenthousand.advice import values as advisor
from tenthousand.control.advising import AdvisorService
from tenthousand.model.game import Game, Phase, Seat
from tenthousand.model.rules import PRESETS
from tenthousand.present.advice import AdvisorDisplay
from tenthousand.present.value_kind import table_refusal, value_kind
from tenthousand.solver import cache, variant

NAMES = ("Ann", "Bob", "Cy")


class _Jobs:
    """A job runner that runs each job at once (the service's answer comes back inside
    ``update``)."""

    def submit(self, work: Callable[[], Any], done: Callable[[Any], None],
               failed: Callable[[BaseException], None], **_kwargs: Any) -> None:
        done(work())


def _game(names: tuple[str, ...] = NAMES, rules: Any = None, *, throws: int = 1) -> Game:
    """A game of these seats at its first throw's choice (seed 6: 1 1 1 5 and six more)."""
    game = Game(rules or PRESETS["ten-thousand"], [Seat(n) for n in names], seed=6,
                first_seat=0)
    game.board[1], game.board[2 % len(names)] = 1500, 3000
    for _ in range(throws):
        game.throw()
    assert game.phase is Phase.CHOOSE
    return game


def _shown(game: Game, selection: tuple[int, ...] = ()) -> AdvisorDisplay:
    shown: list[AdvisorDisplay] = []
    service = AdvisorService(_Jobs(), shown.append, lambda on: None)  # type: ignore[arg-type]
    service.set_shown(True)
    service.update(game, True, selection)
    return shown[-1]


def test_the_advisor_shows_a_bar_and_a_chance_for_each_of_three_seats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seats_kit.install(monkeypatch)
    game = _game()
    display = _shown(game)
    assert display.names == NAMES
    assert display.win is not None and len(display.win) == 3
    assert sum(display.win) == pytest.approx(1.0)
    assert display.win[2] > display.win[1] > display.win[0]  # 3,000 > 1,500 > 0 on the board
    values = display.values
    assert values is not None and values.kind == WIN and values.best is not None
    assert display.win[0] == pytest.approx(values.choices[values.best].best)
    assert display.note.startswith("Values: win probability.")
    assert display.line is not None and display.line.startswith("Advisor: the best is to")


def test_outside_a_choice_the_three_bars_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    seats_kit.install(monkeypatch)
    game = Game(PRESETS["ten-thousand"], [Seat(n) for n in NAMES], seed=9, first_seat=0)
    values = advisor.evaluate(game)  # the start of a turn: only the bars
    assert values is not None and values.kind == WIN and not values.choices
    assert values.win is not None and len(values.win) == 3
    display = _shown(game)
    assert display.names == NAMES and display.win == values.win


def test_the_review_and_the_coach_value_three_seat_decisions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tenthousand.present.dice_entry import coach_after

    seats_kit.install(monkeypatch)
    game = _game()
    values = advisor.evaluate(game)
    assert values is not None and values.best is not None
    worst = min(values.choices, key=lambda c: c.throw or 0.0)
    loss = values.choices[values.best].best - (worst.throw or 0.0)
    assert loss > 0
    decision = advisor.Decision(game.to_dict(), worst.faces, False)
    costly = advisor.review([decision], threshold=0.0)
    assert len(costly) == 1 and costly[0].kind == WIN
    assert costly[0].loss == pytest.approx(loss)
    line = coach_after(game, worst.faces, False, values)
    assert line is not None and line.startswith("Ann ")


@pytest.mark.parametrize("seats", [NAMES, NAMES[:2]])
def test_the_bars_come_once_the_solve_behind_them_ends(monkeypatch: pytest.MonkeyPatch,
                                                       seats: tuple[str, ...]) -> None:
    """Perfect's table is solved while the person is to throw: the advisor valued the
    position without one (no bars); the redraw after the solve values it again and the
    bars come, the position unchanged (they came only after the next move)."""
    game = Game(PRESETS["ten-thousand"], [Seat(n) for n in seats], seed=6, first_seat=0)
    solving = [True]
    asked: list[tuple[str, int]] = []

    def being_solved(rules: Any, players: int = 2) -> bool:
        asked.append((rules.label, players))
        return solving[0]

    monkeypatch.setattr(cache, "being_solved", being_solved)
    monkeypatch.setattr(seats_kit.values, "win_probabilities", lambda g: None)  # no table yet
    shown: list[AdvisorDisplay] = []
    service = AdvisorService(_Jobs(), shown.append, lambda on: None)  # type: ignore[arg-type]
    service.set_shown(True)
    service.update(game, True)
    assert shown[-1].win is None and asked[-1][1] == len(seats)
    service.update(game, True)  # a redraw while it is still solved: still none
    assert shown[-1].win is None
    seats_kit.install(monkeypatch)  # the table is there
    solving[0] = False
    service.update(game, True)  # the redraw after the solve
    assert shown[-1].win is not None and len(shown[-1].win) == len(seats)


def test_four_seats_say_why_in_one_sentence() -> None:
    rules = PRESETS["ten-thousand"]
    kind = value_kind(rules, 4)
    assert not kind.exact
    assert kind.why == ("Exact win chances are solved for two and three players, so with 4 "
                        "players Perfect plays as Expert.")
    assert kind.text == "Values: expected points. " + kind.why
    assert table_refusal(rules, 4) == cache.unsolvable(rules, 4)
    assert table_refusal(rules, 2) is None  # a shipped table answers two seats


def test_the_advisor_note_with_four_seats_ends_with_the_reason() -> None:
    game = _game(("Ann", "Bob", "Cy", "Di"))
    display = _shown(game)
    assert display.names is None and display.win is None  # no bars: no table answers
    assert display.values is not None and display.values.kind == SCORE
    assert display.note == ("Values: expected final turn score. \u2605 marks the best freeze, "
                            "\u25b6 the best way on. Exact win chances are solved for two "
                            "and three players, so with 4 players Perfect plays as Expert.")


def test_the_sentence_is_the_solvers_reason_for_the_rules_and_seats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the solver takes three seats, its reason for four seats and for three seats
    with an option becomes the advisor's sentence, unchanged (here a stand-in for it)."""
    def unsolvable(rules: Any, players: int = 2) -> str | None:
        if players > 3:
            return "perfect play is solved for two and three players"
        if players == 3 and rules.options:
            return "three-player perfect play takes no options (here: surpassing)"
        return None

    monkeypatch.setattr(cache, "unsolvable", unsolvable)
    ten = PRESETS["ten-thousand"]
    assert value_kind(ten, 5).why == ("Perfect play is solved for two and three players, so "
                                      "with 5 players Perfect plays as Expert.")
    surpassing = ten.with_options("surpassing")
    assert value_kind(surpassing, 3).why == (
        "Three-player perfect play takes no options (here: surpassing), so with 3 players "
        "Perfect plays as Expert.")
    assert table_refusal(ten, 3) is None
    # two seats keep their own sentence
    assert value_kind(surpassing, 2).why.startswith("No win chances")


@pytest.mark.parametrize("language,want", [
    ("de", "Genaue Gewinnchancen werden für zwei und drei Spieler berechnet, daher spielt "
           "Perfekt mit 4 Spielern als Experte."),
    ("fr", "Les chances exactes de gagner sont calculées pour deux et trois joueurs, donc "
           "avec 4 joueurs Parfait joue en Expert."),
])
def test_the_sentence_in_german_and_french(language: str, want: str) -> None:
    from tenthousand import i18n

    # The solver keeps its refusals in the language they were made in: made again here,
    # and again in English after.
    i18n.set_language(language)
    variant._variant.cache_clear()
    try:
        assert value_kind(PRESETS["ten-thousand"], 4).why == want
    finally:
        i18n.set_language("en")
        variant._variant.cache_clear()


def test_perfect_says_why_it_plays_as_expert_with_four_seats() -> None:
    from tenthousand.control.computer import Computers

    game = _game(("Ann", "Bob", "Cy", "Di"))
    computers = Computers(game=lambda: game, is_computer=lambda seat: seat == 1,
                          level=lambda seat: "perfect", timers=None,  # type: ignore[arg-type]
                          jobs=None, messages=None, changed=lambda: None,  # type: ignore[arg-type]
                          log=lambda lines: None)
    assert computers.plays_as_expert(1) == cache.unsolvable(game.rules, 4)
    assert computers.plays_as_expert(0) is None  # a person
