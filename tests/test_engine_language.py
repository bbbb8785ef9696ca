"""The engine's texts in every language: the table log, refusals, counter names, rule sets,
saves and the advisor, in German and French with their own numbers, and all of them through
the catalogue (the pseudo language brackets every one)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tenthousand import i18n
from tenthousand.advice import SCORE, WIN
from tenthousand.advice.values import AdvisorValues, Choice, describe_position
from tenthousand.ai import make_player, play_game
from tenthousand.model import PRESETS, BadSave, scoring
from tenthousand.model.events import (
    EVENT_TYPES,
    Banked,
    CatchUp,
    Challenged,
    Corner,
    Discarded,
    Event,
    Frozen,
    GameOver,
    Pegged,
    Penalty,
    ScoreTaken,
    Thrown,
    TieBreak,
    Trash,
    TurnStarted,
)
from tenthousand.model.game import Game, IllegalAction, Seat
from tenthousand.model.grammar import Person, join_names
from tenthousand.model.persist import loads
from tenthousand.model.transcript import transcript

TT = PRESETS["ten-thousand"]
#: Numbers of four digits or more, as each language groups them.
GROUPED = {"en": r"\d{1,3}(,\d{3})+", "de": r"\d{1,3}(\.\d{3})+", "fr": r"\d{1,3}(\u00a0\d{3})+"}


def _seeded_game(seed: int = 5) -> Game:
    rules = TT.with_options("challenging")
    game = Game(rules, [Seat("Ann"), Seat("Bob", True, "expert")], seed=seed)
    players = [make_player("normal", rules, seed=1), make_player("expert", rules, seed=2)]
    return play_game(game, players)


def _log(game: Game) -> list[str]:
    return [event.message(game.names) for event in game.log]


def test_a_seeded_game_is_logged_in_german_with_german_numbers() -> None:
    i18n.set_language("de")
    lines = _log(_seeded_game())
    assert any(line.startswith("Ann wirft ") for line in lines)
    assert any(line.startswith("Bob legt ") and "zur Seite" in line for line in lines)
    assert any(re.fullmatch(r"(Ann|Bob) hat [\d.]+ geschrieben, jetzt [\d.]+", line)
               for line in lines)
    assert re.search(r"(Ann|Bob) gewinnt mit " + GROUPED["de"] + "!$", lines[-1])
    text = "\n".join(lines)
    assert not re.search(GROUPED["en"], text)  # no 10,000 in a German log
    for english in (" throws ", " freezes ", " banked ", "turn", " wins ", "trash"):
        assert english not in text


def test_a_seeded_game_is_logged_in_french_with_french_numbers() -> None:
    i18n.set_language("fr")
    lines = _log(_seeded_game())
    assert any(line.startswith("Ann lance ") for line in lines)
    assert any(line.startswith("Bob met ") and "de côté" in line for line in lines)
    assert re.search(r"(Ann|Bob) gagne avec " + GROUPED["fr"] + "\u00a0!$", lines[-1])
    text = "\n".join(lines)
    for english in (" throws ", " freezes ", " banked ", "turn", " wins ", "trash"):
        assert english not in text


def test_the_same_game_reads_the_same_in_english_as_before() -> None:
    lines = _log(_seeded_game())
    assert any(line.startswith("Ann throws ") for line in lines)
    assert re.search(r"(Ann|Bob) wins with " + GROUPED["en"] + "!$", lines[-1])


def test_the_player_at_the_screen_is_spoken_to_in_each_language() -> None:
    names = ["You", "Ann"]
    events: list[Event] = [Thrown(0, (1, 5, 2), False), Challenged(1, 0, 1000),
                           ScoreTaken(0, 500, 2500, 1)]
    expected = {
        "en": ["You throw 1 5 2", "Ann challenges you (trash would cost Ann 1,000)",
               "Ann's challenge takes 500 from you, now 2,500"],
        "de": ["Du wirfst 1 5 2", "Ann fordert dich heraus (eine Niete würde Ann 1.000 kosten)",
               "Die Herausforderung von Ann nimmt dir 500 ab, jetzt 2.500"],
        "fr": ["Vous lancez 1 5 2", "Ann vous défie (un fiasco coûterait 1\u00a0000 à Ann)",
               "Le défi lancé par Ann vous prend 500, désormais 2\u00a0500"],
    }
    for code, lines in expected.items():
        i18n.set_language(code)
        assert [e.message(names) for e in events] == lines, code
    i18n.set_language("de")  # a seat called "Du" is the player at the screen in German
    assert Thrown(0, (3,), True).message(["Du"]) == "Du wirfst 3 – Niete!"


def test_a_list_of_players_is_joined_in_each_language() -> None:
    seats = [Person("Ann"), Person("Bob"), Person("You")]
    assert join_names(seats) == "Ann, Bob and you"
    i18n.set_language("de")
    assert join_names(seats) == "Ann, Bob und dir"
    assert TieBreak(-1, (0, 1)).message(["Ann", "Bob"]) == \
        "Gleichstand an der Spitze zwischen Ann und Bob: jeder hat noch einen Zug"
    i18n.set_language("fr")
    assert join_names(seats) == "Ann, Bob et vous"


def test_a_one_seat_game_counts_its_turns_with_plurals() -> None:
    over = GameOver(0, ((0, 1, 10000, 10),), 1)
    assert over.message(["Ann"]) == "Ann reached the game point in 1 turn"
    assert dataclasses.replace(over, turns=12).message(["You"]) == \
        "You reached the game point in 12 turns"
    i18n.set_language("de")
    assert over.message(["Ann"]) == "Ann hat die Zielpunktzahl in 1 Zug erreicht"
    assert dataclasses.replace(over, turns=12).message(["Ann"]) == \
        "Ann hat die Zielpunktzahl in 12 Zügen erreicht"


def test_counters_and_refusals_in_german() -> None:
    i18n.set_language("de")
    assert scoring.describe([4, 4, 4, 1], TT) == "drei 4er + eine 1 = 500"
    assert scoring.describe([1, 1, 1, 1], TT) == "vier 1er = 2.000"
    assert scoring.why_not([3, 3], PRESETS["trash-5000"]) == "zwei 3er zählen zusammen nicht"
    assert scoring.why_not([2, 1], TT) == "die 2 zählt nicht"
    farkle = PRESETS["farkle"]
    game = Game(farkle, [Seat("Ann"), Seat("Bob")], dice=lambda n: [1, 2, 3, 4, 6, 6][:n],
                first_seat=0)
    game.throw()
    assert game.bank_refusal([0]) == "du brauchst 500, um ins Spiel zu kommen; du hast 100"
    with pytest.raises(IllegalAction, match="^wähle mindestens einen Würfel"):
        game.throw([])
    assert dataclasses.replace(farkle, game_point=5000).label == "Farkle, bis 5.000"
    assert TT.with_options("pyramiding").label == "Zehntausend, Pyramide"


def test_counter_names_follow_a_change_of_language() -> None:
    """The counters are cached per rule set; their names are translated when shown."""
    assert scoring.describe([5, 5, 5], TT) == "three 5s = 500"
    i18n.set_language("fr")
    assert scoring.describe([5, 5, 5], TT) == "trois 5 = 500"
    assert scoring.describe([1, 2, 3, 4, 5, 6], TT) == "une suite = 1\u00a0500"
    i18n.set_language("en")
    assert scoring.describe([5, 5, 5], TT) == "three 5s = 500"
    assert [k.name for k in scoring.counters(TT)][:2] == ["a 1", "a 5"]  # the ids stay English


def test_a_bad_save_and_a_contradiction_are_explained_in_german() -> None:
    i18n.set_language("de")
    with pytest.raises(BadSave, match="^der Spielstand ist kein gültiges JSON"):
        loads("{")
    with pytest.raises(BadSave, match="^'seats' muss eine Liste sein"):
        loads('{"format": 1, "rules": {"preset": "farkle"}, "seats": 3}')
    rotary = dataclasses.replace(TT, rotary_club=True)
    with pytest.raises(ValueError, match="^im Rotary Club gewinnt"):
        dataclasses.replace(rotary, catch_up=False)
    with pytest.raises(ValueError, match="^game_point muss ein Vielfaches von 50 sein; es ist 10.020"):
        dataclasses.replace(TT, game_point=10020)


def test_the_advisor_speaks_german() -> None:
    i18n.set_language("de")
    values = AdvisorValues(WIN, 0, (Choice((1,), 100, 0.45, 0.2), Choice((1, 5), 150, 0.4, 0.3)),
                           0)
    assert values.line(()) == "Berater: Am besten 1 zur Seite legen und weiterwerfen (45,0\u00a0%)."
    assert values.line((5, 1)) == ("Berater: 1 5 zur Seite legen, dann weiterwerfen 40,0\u00a0% "
                                   "· schreiben 30,0\u00a0%.  Am besten: 1 zur Seite legen und "
                                   "weiterwerfen (45,0\u00a0%).")
    points = AdvisorValues(SCORE, 0, (Choice((1,), 100, 1380.4, 1400.0),), 0)
    assert points.line((1,)) == ("Berater: 1 zur Seite legen, dann weiterwerfen 1.380 · "
                                 "schreiben 1.400.  Das ist die beste Wahl: schreiben.")


def test_a_transcript_in_french() -> None:
    i18n.set_language("fr")
    game = _seeded_game()
    lines = transcript(game.record).splitlines()
    assert lines[0] == "Dix-Mille\u00a0: Dix-Mille, défis, jusqu'à 10\u00a0000"
    assert lines[1:3] == ["  Ann\u00a0: joueur humain", "  Bob\u00a0: ordinateur (expert)"]


# -- the pseudo language: every text went through the catalogue ------------------------------

def _bracketed(text: str, names: tuple[str, ...] = ("Ann", "Bob", "You")) -> bool:
    """Whether the text is one bracketed message once names are taken out."""
    for name in names:
        text = text.replace(name, "")
    return text.startswith("\u27e6") and text.endswith("\u27e7")


EVERY_EVENT: list[tuple[Event, list[str]]] = [
    (TurnStarted(0, stage), names) for stage in ("normal", "catch-up", "tie-break")
    for names in (["Ann", "Bob"], ["You", "Bob"])
] + [
    (Challenged(0, 1, 1000), ["You", "Bob"]), (Challenged(0, 1, 1000), ["Ann", "You"]),
    (Challenged(0, 1, 1000), ["Ann", "Bob"]),
    (Thrown(0, (1, 2, 3), False), ["Ann"]), (Thrown(0, (2, 3), True), ["You"]),
    (Thrown(0, (2, 3), True), ["Ann"]), (Thrown(0, (1, 2, 3), False), ["You"]),
    (Frozen(0, (1, 1), 200, 1200), ["Ann"]), (Frozen(0, (1, 1), 200, 1200), ["You"]),
    (Corner(0, 1500), ["Ann"]), (Corner(0, 1500), ["You"]),
    (Pegged(0, 500, 2500), ["Ann"]), (Pegged(0, 500, 2500), ["You"]),
    (Banked(0, 500, 2500), ["Ann"]), (Banked(0, 500, 2500), ["You"]),
    (Trash(0, 0), ["Ann"]), (Trash(0, 350), ["Ann"]), (Trash(0, 0), ["You"]),
    (Trash(0, 350), ["You"]),
    (ScoreTaken(1, 500, 2000, 0), ["You", "Bob"]), (ScoreTaken(1, 500, 2000, 0), ["Ann", "You"]),
    (ScoreTaken(1, 500, 2000, 0), ["Ann", "Bob"]),
    (Penalty(0, 1000, 0, "challenge"), ["Ann"]), (Penalty(0, 1000, 0, "three-trash"), ["You"]),
    (Penalty(0, 1000, 0, "challenge"), ["You"]), (Penalty(0, 1000, 0, "three-trash"), ["Ann"]),
    (Discarded(0, 5, (5, 5), 50, 1, 900), ["You", "Bob"]),
    (Discarded(0, 5, (5, 5), 50, 1, 900), ["Ann", "You"]),
    (Discarded(0, 5, (5, 5), 50, 1, 900), ["Ann", "Bob"]),
    (CatchUp(0), ["Ann"]), (CatchUp(0), ["You"]),
    (TieBreak(-1, (0, 1, 2)), ["Ann", "Bob", "You"]),
    (GameOver(0, ((0, 1, 10050, 10), (1, 2, 9000, 9)), 30), ["Ann", "Bob"]),
    (GameOver(0, ((0, 1, 10050, 10), (1, 2, 9000, 9)), 30), ["You", "Bob"]),
    (GameOver(0, ((0, 1, 10050, 10),), 30), ["Ann"]),
    (GameOver(0, ((0, 1, 10050, 10),), 1), ["You"]),
]


def test_the_pseudo_language_covers_every_event_message() -> None:
    assert {type(e) for e, _names in EVERY_EVENT} == set(EVENT_TYPES.values())
    i18n.set_language("pseudo")
    for event, names in EVERY_EVENT:
        message = event.message(names)
        assert _bracketed(message), message
        assert not re.search(GROUPED["en"], message)


def test_the_pseudo_language_covers_refusals_counters_and_rule_sets() -> None:
    i18n.set_language("pseudo")
    texts = [scoring.describe([], TT), scoring.why_not([3, 1], TT),
             scoring.why_not([2, 2], TT), scoring.why_not([2, 3, 1], TT),
             scoring.why_not([1, 2, 3, 4, 5, 6], TT, first_throw=False),
             scoring.why_not([1, 5], TT)]
    for changes in ({"kinds": ((None,) * 4,) * 6}, {"single_one": 0, "single_five": 0,
                                                      "kind_doubling": False, "triplet_ones": 0,
                                                      "kinds": ((None,) * 4,) * 6}):
        with pytest.raises(ValueError) as refused:
            dataclasses.replace(TT, **changes)
        texts.append(str(refused.value))
    texts += [k.label for k in scoring.counters(PRESETS["trash-15000"])
              if k.name not in ("1-2-3-4-5", "2-3-4-5-6")]
    for rules in PRESETS.values():
        texts.append(rules.label)
    texts.append(TT.with_options("pyramiding", "surpassing", "three-trash").label)
    texts.append(dataclasses.replace(PRESETS["farkle"], game_point=5000).label)
    game = Game(PRESETS["trash-5000"], [Seat("Ann"), Seat("Bob")],
                dice=lambda n: [1, 2, 3, 4, 6, 6][:n], first_seat=0)
    for command in (lambda: game.throw([0]), lambda: game.bank(), lambda: game.challenge(1),
                    lambda: game.discard(0)):
        with pytest.raises(IllegalAction) as refused:
            command()
        texts.append(str(refused.value))
    game.throw()
    texts += [game.bank_refusal([0]) or "", game.describe_selection([1])[0],
              game.record.undo_refusal(()) or "", game.record.redo_refusal() or ""]
    texts.append(describe_position(game))
    for text in texts:
        assert text and _bracketed(text), text


def test_the_pseudo_language_covers_bad_saves() -> None:
    i18n.set_language("pseudo")
    for text in ("{", "[]", '{"format": 99}', '{"format": 1, "rules": {"preset": "x"}}',
                 '{"format": 2, "rules": {"preset": "farkle"}, "seats": []}'):
        with pytest.raises(BadSave) as bad:
            loads(text)
        assert _bracketed(str(bad.value)), str(bad.value)


def test_a_bad_saved_game_is_set_aside_with_a_sentence_in_the_language() -> None:
    from tenthousand.files.savegame import load_saved_game, save_path

    path = save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json")
    i18n.set_language("de")
    game, sentence = load_saved_game()
    assert game is None and sentence is not None
    assert re.fullmatch(r"Das gespeicherte Spiel konnte nicht gelesen werden \(die Datei ist kein "
                        r"gültiges JSON\); es wurde als \S+ aufbewahrt, und ein neues Spiel "
                        r"beginnt\.", sentence), sentence
    path.write_text("[]")
    i18n.set_language("pseudo")
    game, sentence = load_saved_game()
    assert game is None and sentence is not None and _bracketed(sentence), sentence


def test_the_history_keeps_one_name_for_a_rule_set_in_every_language() -> None:
    rules = PRESETS["trash-5000"].with_options("challenging")
    i18n.set_language("en")
    english = rules.label
    i18n.set_language("de")
    assert rules.label != english  # shown in German ...
    assert rules.stored_label == english  # ... stored in English
