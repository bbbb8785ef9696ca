"""Seat names in sentences: a seat called "You" (or the language's word for it) is the second
person, any other name the third ("You throw", "Ann throws"; "Du wirfst", "Ann wirft").

Every text that holds a seat name is built from a :class:`Person`, so no message is patched
after it was written.  In a translated game the grammar is the catalogue's: a sentence about a
seat is written twice, whole, and :meth:`Person.pick` chooses::

    who.pick(_("You throw {dice}"), _("{name} throws {dice}"), dice=shown)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _, pgettext


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

    def pick(self, you: str, other: str, **values: Any) -> str:
        """One whole sentence about this seat, already translated: ``you`` when the seat is
        the player at the screen ("You throw {dice}"), ``other`` for anyone else ("{name}
        throws {dice}"); ``values`` fill the fields, and ``{name}`` is the seat's name."""
        return (you if self.you else other).format(name=self.name, **values)


def people(names: tuple[str, ...] | list[str]) -> tuple[Person, ...]:
    return tuple(Person(n) for n in names)


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
