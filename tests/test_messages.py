"""One call tells the player something, and the kind decides what else happens."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tenthousand.control.messages import Kind, Messages
from tenthousand.services.speech import Priority


class Line:
    """A status line that hands what it is told to ``write``."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self.say = write


@pytest.fixture
def told() -> tuple[Messages, list[tuple[str, object]]]:
    seen: list[tuple[str, object]] = []
    messages = Messages(Line(lambda text: seen.append(("status", text))),
                        speak=lambda text, priority: seen.append(("speak", (text, priority))),
                        log=lambda text, tag: seen.append(("log", (text, tag))),
                        bell=lambda: seen.append(("bell", None)))
    return messages, seen


@pytest.mark.parametrize("kind, spoken_at, logged, rung", [
    (Kind.NOTE, Priority.NORMAL, False, False),
    (Kind.EVENT, Priority.QUEUED, False, False),
    (Kind.REFUSAL, Priority.URGENT, False, True),
    (Kind.WARNING, Priority.URGENT, True, True),
])
def test_each_kind_shows_speaks_logs_and_rings_as_its_table_says(
        told: tuple[Messages, list[tuple[str, object]]], kind: Kind, spoken_at: Priority,
        logged: bool, rung: bool) -> None:
    messages, seen = told
    messages.tell("Nothing to bank.", kind)
    assert ("status", "Nothing to bank.") in seen
    assert ("speak", ("Nothing to bank.", spoken_at)) in seen
    assert (("log", ("Nothing to bank.", "trash")) in seen) is logged
    assert (("bell", None) in seen) is rung
    assert messages.last == ("Nothing to bank.", kind)


def test_spoken_words_and_priority_can_differ_from_the_line(
        told: tuple[Messages, list[tuple[str, object]]]) -> None:
    messages, seen = told
    messages.tell("1 1 5: 300", Kind.EVENT, spoken="one, one, five: 300",
                  priority=Priority.NORMAL)
    assert seen == [("status", "1 1 5: 300"), ("speak", ("one, one, five: 300", Priority.NORMAL))]


def test_an_empty_message_clears_the_line(told: tuple[Messages, list[tuple[str, object]]]) -> None:
    messages, seen = told
    messages.tell("Your turn.")
    seen.clear()
    messages.tell("")
    assert seen == [("status", "")] and messages.last is None


def test_without_speech_log_or_bell_only_the_line_is_written() -> None:
    lines: list[str] = []
    Messages(Line(lines.append)).tell("Disk full.", Kind.WARNING)
    assert lines == ["Disk full."]


def test_an_empty_spoken_text_shows_the_line_and_says_nothing(
        told: tuple[Messages, list[tuple[str, object]]]) -> None:
    messages, seen = told
    messages.tell("Solving perfect play for these rules: 40%...", spoken="")
    assert seen == [("status", "Solving perfect play for these rules: 40%...")]


def test_the_solves_status_says_the_time_left_as_a_person_would() -> None:
    from tenthousand import i18n
    from tenthousand.present.lines import solving_status, time_left

    assert solving_status(0.4) == "Solving perfect play for these rules: 40%..."
    assert solving_status(0.0349) == "Solving perfect play for these rules: 3.4%..."
    assert (solving_status(0.257, 3 * 3600 + 1000)
            == "Solving perfect play for these rules: 25%, about 3 hours left...")
    assert [time_left(s) for s in (10, 50, 90, 9.6 * 60, 23 * 60, 80 * 60, 100 * 60)] == [
        "less than a minute left", "about 1 minute left", "about 2 minutes left",
        "about 10 minutes left", "about 25 minutes left", "about 80 minutes left",
        "about 2 hours left"]
    try:
        i18n.set_language("de")
        assert solving_status(0.5, 7200).endswith(": 50\xa0%, noch etwa 2 Stunden …")
        i18n.set_language("fr")
        assert "encore 2 heures environ" in solving_status(0.5, 7200)
    finally:
        i18n.set_language("en")
