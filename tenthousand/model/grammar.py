"""Seat names in sentences: a seat called "You" is the second person, any other name the
third ("You throw", "Ann throws"; "challenges you", "challenges Ann"; "your", "Ann's").

Every text that holds a seat name is built from a :class:`Person`, so no message is patched
after it was written.  In a translated game the grammar is the catalogue's: a sentence about a
seat is written twice, whole, and :meth:`Person.pick` chooses::

    who.pick(_("You throw {dice}"), _("{name} throws {dice}"), dice=shown)

The English-only helpers below (``says``, ``verb``, ``subject``...) build English sentences
and must not be used for text a player reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _, pgettext

#: Verbs whose second person is not the third minus its "s".
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do"}


def is_you(name: str) -> bool:
    """Whether a seat name means the player at the screen ("You", "you", or the word the
    language in use has for it, "Du" in German)."""
    # Translators: the name of the player at the screen, as a seat name and in sentences
    # such as "You win"; a seat given this name is spoken to in the second person.
    word = name.strip().casefold()
    return word == "you" or word == _("You").casefold()


@dataclass(frozen=True)
class Person:
    """One seat's name in the roles a sentence needs."""

    name: str

    @property
    def you(self) -> bool:
        return is_you(self.name)

    @property
    def subject(self) -> str:
        """At the start of a sentence: "You" or "Ann"."""
        return "You" if self.you else self.name

    @property
    def object(self) -> str:
        """After a verb or a preposition: "you" or "Ann"."""
        return "you" if self.you else self.name

    @property
    def possessive(self) -> str:
        """Inside a sentence: "your" or "Ann's"."""
        return "your" if self.you else f"{self.name}'s"

    @property
    def Possessive(self) -> str:  # noqa: N802 - the capital says where it goes
        """At the start of a sentence: "Your" or "Ann's"."""
        return "Your" if self.you else f"{self.name}'s"

    def pick(self, you: str, other: str, **values: Any) -> str:
        """One whole sentence about this seat, already translated: ``you`` when the seat is
        the player at the screen ("You throw {dice}"), ``other`` for anyone else ("{name}
        throws {dice}"); ``values`` fill the fields, and ``{name}`` is the seat's name."""
        return (you if self.you else other).format(name=self.name, **values)

    def verb(self, third: str) -> str:
        """The verb in its third-person form ("throws"), agreed with this seat."""
        if not self.you:
            return third
        if third in _IRREGULAR:
            return _IRREGULAR[third]
        if third.endswith(("sses", "shes", "ches", "xes")):
            return third[:-2]
        return third[:-1] if third.endswith("s") else third

    def says(self, third: str) -> str:
        """Subject and verb: "You throw", "Ann throws"."""
        return f"{self.subject} {self.verb(third)}"


def people(names: tuple[str, ...] | list[str]) -> tuple[Person, ...]:
    return tuple(Person(n) for n in names)


def join_objects(persons: list[Person]) -> str:
    """"Ann, Bob and you": several seats after a preposition."""
    words = [p.object for p in persons]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def join_names(persons: list[Person] | tuple[Person, ...]) -> str:
    """Several seats in a list, translated: "Ann, Bob and you" ("Ann, Bob und du")."""
    # Translators: the player at the screen inside a list of players after a preposition,
    # as in "Tie for first between Ann and you".
    words = [pgettext("in a list of players", "you") if p.you else p.name for p in persons]
    if len(words) <= 1:
        return "".join(words)
    text = words[0]
    for word in words[1:-1]:
        # Translators: a list of players grows by one name: "Ann, Bob".
        text = _("{list}, {item}").format(list=text, item=word)
    # Translators: the last name of a list of players: "Ann, Bob and you".
    return _("{list} and {last}").format(list=text, last=words[-1])
