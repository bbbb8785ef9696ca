"""The kinds of preference: on or off, a number in a range, one of a few names, a text, a
server's address.  Each checks and rounds its values in one place (:meth:`Pref.clean`) and
says how people see them (the dialog's label and hint, the status bar's value, the field's
text in the language in use).  The preferences themselves are defined once, in
:mod:`tenthousand.files.settings`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..i18n import (
    LANGUAGE_NAMES,
    N_,
    _,
    decimal,
    decimal_point,
    mnemonic,
    number,
    percent,
    pgettext,
)
from ..i18n import signed as signed_number
from ..model.text import is_plain

__all__ = ["PUBLIC_MAILBOX", "PUBLIC_RELAY", "Choice", "Flag", "LanguageChoice", "Number",
           "Pref", "Server", "Text", "mailbox_problem", "relay_problem"]

T = TypeVar("T")
#: A number preference's type: a whole number (int) or one with a fraction (float).
N = TypeVar("N", int, float)


def _figure(value: float) -> str:
    """A number of a preference as the language writes it: 3, 0.05, -12, 1.5."""
    if float(value).is_integer():
        return number(value)
    return decimal(value, len(f"{value:g}".partition(".")[2]))


@dataclass(frozen=True)
class Pref(Generic[T]):
    """One preference: its default, what values it takes, and how people see it.

    :meth:`clean` is the one place a value is checked and rounded: the file's, the dialog's
    and the keys' values all go through it, so the value saved is the value used and shown.
    ``label`` and ``hint`` are marked for the catalogue and translated where shown
    (:meth:`title`, :meth:`help`).
    """

    name: str
    default: T
    label: str = ""  # its name in the preferences dialog, with its access key ("" = no row)
    hint: str = ""  # the small text under its row in the dialog (fields {low} and {high})

    def clean(self, value: object) -> T:
        """``value`` as this preference keeps it; ValueError when it is not one."""
        raise NotImplementedError

    def show(self, value: T) -> str:
        """The value as the window shows it."""
        return str(value)

    def title(self) -> str:
        """The label in the language in use, with its ``&`` ("Computer &delay")."""
        return _(self.label) if self.label else ""

    def help(self) -> str:
        """The hint in the language in use."""
        return _(self.hint).format(**self._fields()) if self.hint else ""

    def _fields(self) -> dict[str, str]:
        return {}


@dataclass(frozen=True)
class Flag(Pref[bool]):
    """On or off."""

    def clean(self, value: object) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{self.name} must be true or false")
        return value

    def show(self, value: bool) -> str:
        # Translators: the state of a preference that is on or off.
        return pgettext("preference", "on") if value else pgettext("preference", "off")


@dataclass(frozen=True)
class Number(Pref[N]):
    """A number from ``low`` to ``high``, rounded to a multiple of ``step``; a ``whole``
    one (``Number[int]``) is kept as an int, even when a file wrote it as ``80.0``."""

    low: float = 0
    high: float = 0
    step: float = 1  # the rounding: every value kept is a multiple of it
    whole: bool = False  # whole numbers only (and kept as int)
    unit: str = ""  # after the value: " s", "%"
    signed: bool = False  # shown with its sign: +3, -2
    #: The dialog's messages for a value that is not a number, and one out of range.
    ask: str = N_("enter a number")
    out_of_range: str = N_("enter {low} to {high}")

    def clean(self, value: object) -> N:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                self.whole and not (isinstance(value, int) or float(value).is_integer())):
            raise ValueError(f"{self.name} must be a {'whole ' if self.whole else ''}number")
        if not self.low <= value <= self.high:  # also refuses nan
            raise ValueError(f"{self.name} must be {self.low:g} to {self.high:g}")
        kind = type(self.default)  # int for a whole number, float for the others
        if self.whole:
            return kind(int(value))
        steps = round(float(value) / self.step)
        return kind(round(min(self.high, max(self.low, steps * self.step)), 6))

    def clamp(self, value: float) -> N:
        """``value`` kept within the range and rounded (for the keys that step it)."""
        value = min(self.high, max(self.low, value))
        return self.clean(round(value) if self.whole else value)

    def parse(self, text: str) -> N | str:
        """The value typed in the dialog, or what is wrong with it."""
        text = text.strip().replace(",", ".").removesuffix(self.unit.strip()).strip()
        try:
            value: float = int(text.replace("+", "", 1)) if self.whole else float(text)
        except ValueError:
            return _("enter a whole number") if self.whole else _(self.ask)
        if not self.low <= value <= self.high:  # also refuses nan
            return _(self.out_of_range).format(low=_figure(self.low), high=_figure(self.high))
        return self.clean(value)

    def number(self, value: float) -> str:
        """The value alone, as the dialog's field shows it: 0.8, 0.25, 1.0; -3."""
        if self.whole:
            return str(int(value))
        text = f"{value:.6f}".rstrip("0")
        return text + "0" if text.endswith(".") else text

    def field(self, value: float) -> str:
        """The value as the dialog's field shows it, in the language in use: 0,8 in German."""
        return self.number(value).replace(".", decimal_point())

    def steps(self) -> tuple[str, ...]:
        """Every value the field's arrows step through, as :meth:`field` writes them."""
        count = round((self.high - self.low) / self.step)
        return tuple(self.field(self.clean(self.low + i * self.step)) for i in range(count + 1))

    def show(self, value: float) -> str:
        """The value as the status bar and messages show it, as the language writes it:
        0.25 s, +3, 80% (0,25 s, +3, 80 % in German)."""
        sign = "+" if self.signed and value >= 0 else ""
        if self.unit == "%":
            return sign + percent(value / 100, 0)
        digits = self.number(value)
        places = len(digits.partition(".")[2])
        shown = decimal(value, places) if places else number(value)
        return f"{sign}{shown}{self.unit}"

    def _fields(self) -> dict[str, str]:
        if self.signed:
            return {"low": signed_number(round(self.low)), "high": signed_number(round(self.high))}
        return {"low": _figure(self.low), "high": _figure(self.high)}


@dataclass(frozen=True)
class Choice(Pref[str]):
    """One of a few names; ``choices`` maps each to the text people see (marked for the
    catalogue, translated where shown, with its access key)."""

    choices: tuple[tuple[str, str], ...] = ()

    def clean(self, value: object) -> str:
        if not isinstance(value, str) or value not in dict(self.choices):
            raise ValueError(f"{self.name} must be one of {', '.join(dict(self.choices))}")
        return value

    def show(self, value: str) -> str:
        """The choice's text in the language in use, without its access key."""
        return mnemonic(self.choice_label(value))[0]

    def choice_label(self, value: str) -> str:
        """The choice's text in the language in use, with its ``&``."""
        text = dict(self.choices).get(value)
        return value if text is None else _(text)


@dataclass(frozen=True)
class LanguageChoice(Choice):
    """The language: "" follows the desktop; the others are named in their own language
    ("Deutsch", "Français"), never translated."""

    def choice_label(self, value: str) -> str:
        if value == "":
            return _("Follow the desktop")
        return LANGUAGE_NAMES.get(value, value)


@dataclass(frozen=True)
class Text(Pref[str]):
    """A short text."""

    length: int = 40

    def clean(self, value: object) -> str:
        if not isinstance(value, str) or len(value) >= self.length or not is_plain(value):
            raise ValueError(f"{self.name} must be a text under {self.length} characters")
        return value


#: The public servers of magic-wormhole, which tables over the internet use unless the
#: player chooses others (docs/network.md: how to run your own).
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
_MAILBOX = re.compile(r"^wss?://[A-Za-z0-9.\-\[\]:]{1,260}(/[\x21-\x7e]{0,200})?$")
_RELAY = re.compile(r"^tcp:(\[[0-9A-Fa-f:.]{2,60}\]|[A-Za-z0-9.\-]{1,253}):[0-9]{1,5}$")


def mailbox_problem(text: str) -> str | None:
    """What is wrong with a mailbox server's address (None: nothing)."""
    if _MAILBOX.match(text.strip()):
        return None
    return _("a mailbox server is a URL as {example}").format(example=PUBLIC_MAILBOX)


def relay_problem(text: str) -> str | None:
    """What is wrong with a transit relay's hint (None: nothing; "" is none at all)."""
    text = text.strip()
    if not text or (_RELAY.match(text) and 0 < int(text.rsplit(":", 1)[1]) < 65536):
        return None
    return _("a transit relay is given as {example}").format(example=PUBLIC_RELAY)


@dataclass(frozen=True)
class Server(Text):
    """A server's address (``check``: the sentence for one that cannot be)."""

    length: int = 300
    check: Callable[[str], str | None] = mailbox_problem

    def clean(self, value: object) -> str:
        text = super().clean(value).strip()
        if self.check(text) is not None:
            raise ValueError(f"{self.name} is not a server's address")
        return text
