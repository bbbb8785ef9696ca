"""The game's languages: every text a player reads goes through this module.

Messages are marked in the source the usual gettext way and looked up in the catalogue of the
language in use::

    from .i18n import _, N_, ngettext, number

    _("Bank")                                   # translated now
    LABEL = N_("Game point")                    # marked only; translate where it is shown: _(LABEL)
    ngettext("{n} die", "{n} dice", n).format(n=number(n))
    number(10000)                               # "10,000", "10.000", "10 000"

The catalogues live in ``tenthousand/locale/<language>/LC_MESSAGES/tenthousand.po`` and are
compiled to ``.mo`` files that ship inside the wheel (see ``docs/translating.md``); Babel
keeps them but is not needed at run time.  The language follows the desktop (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``) unless the player chose one in Preferences or with
``--language``.

``pseudo`` is a made-up language for tests and screenshots: every message comes back longer,
accented and in brackets, so a text that is cut off, or one that never went through the
catalogue, shows at a glance.

No tkinter here: the engine uses this module too.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

__all__ = ["_", "N_", "ngettext", "pgettext", "npgettext", "number", "decimal", "percent",
           "signed", "decimal_point", "join_words", "set_language", "translate_in", "language",
           "available", "LANGUAGE_NAMES", "from_environment", "mnemonic", "DOMAIN", "PSEUDO"]

DOMAIN = "tenthousand"
PSEUDO = "pseudo"
#: The languages the game is written in, by code, each under its own name.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes numbers."""

    group: str  # between groups of three digits
    point: str  # before the decimals
    percent: str  # between a number and its % sign


_NBSP = "\u00a0"
_STYLES: Mapping[str, NumberStyle] = {
    "en": NumberStyle(",", ".", ""),
    "de": NumberStyle(".", ",", _NBSP),
    "fr": NumberStyle(_NBSP, ",", _NBSP),
    PSEUDO: NumberStyle(".", ",", _NBSP),
}

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


# -- looking up ----------------------------------------------------------------------------

def _(message: str) -> str:
    """The message in the language in use."""
    return _translations.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - the gettext name
    """Marks a message for the catalogue without translating it (translate it where shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or a plural form of a message, as the language counts ``n``."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message that means different things in different places (the context says which)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


# -- numbers -------------------------------------------------------------------------------

def _style() -> NumberStyle:
    return _STYLES.get(_language, _STYLES["en"])


def number(n: int | float) -> str:
    """A whole number as the language writes it: 10,000 / 10.000 / 10 000; -2,500."""
    text = f"{round(n):,}"
    return text.replace(",", _style().group)


def decimal(x: float, places: int = 1) -> str:
    """A number with ``places`` decimals: 53.5 / 53,5; thousands grouped as in :func:`number`."""
    text = f"{x:,.{places}f}"
    style = _style()
    return text.replace(",", "\0").replace(".", style.point).replace("\0", style.group)


def decimal_point() -> str:
    """The mark before the decimals in the language in use: "." or ","."""
    return _style().point


def percent(fraction: float, places: int = 1) -> str:
    """A fraction (0.535) as a percentage: 53.5% / 53,5 %."""
    return f"{decimal(100 * fraction, places)}{_style().percent}%"


def signed(n: int) -> str:
    """A whole number with its sign: +350, -500, 0."""
    return ("+" if n > 0 else "") + number(n)


# -- lists ---------------------------------------------------------------------------------

def join_words(words: list[str] | tuple[str, ...]) -> str:
    """"a, b and c" as the language in use joins a list (one word alone; "" for none)."""
    if len(words) <= 1:
        return "".join(words)
    text = words[0]
    for word in words[1:-1]:
        # Translators: a list grows by one item: "Ann, Bob"; "three pairs, two triplets".
        text = _("{list}, {item}").format(list=text, item=word)
    # Translators: the last item of a list: "Ann, Bob and you"; "three pairs and two triplets".
    return _("{list} and {last}").format(list=text, last=words[-1])


# -- mnemonics -----------------------------------------------------------------------------

def mnemonic(text: str) -> tuple[str, int]:
    """A label written with ``&`` before its access key ("&Game point") as Tk wants it: the
    text without the ``&`` and the index of the underlined letter (-1 if none).  ``&&`` is a
    plain ``&``.  Translators move the ``&`` to a letter of their own text."""
    out: list[str] = []
    index = -1
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "&" and i + 1 < len(text):
            if text[i + 1] == "&":
                out.append("&")
                i += 2
                continue
            if index < 0:
                index = len(out)
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out), index


# -- choosing the language -----------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def available() -> tuple[str, ...]:
    """The languages with a catalogue, English (the source language) first."""
    found = ["en"]
    try:
        root = resources.files(__package__ or "tenthousand") / "locale"
        for entry in sorted(root.iterdir(), key=lambda e: e.name):
            if entry.name in LANGUAGE_NAMES and entry.name != "en" and \
                    (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
                found.append(entry.name)
    except (FileNotFoundError, NotADirectoryError, OSError):
        pass
    return tuple(found)


def _code_of(value: str) -> str | None:
    """The game's language for one locale name ("de_DE.UTF-8" is "de"; "C" is English)."""
    value = value.strip()
    if not value:
        return None
    if value in ("C", "POSIX") or value.startswith("C."):
        return "en"
    code = re.split(r"[_.@-]", value, maxsplit=1)[0].lower()
    if code == PSEUDO:
        return PSEUDO
    return code if code in available() else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the desktop asks for, as gettext reads it: the first of ``LANGUAGE``'s
    list the game has, else ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``; English if none."""
    env = os.environ if environ is None else environ
    if env.get("LC_ALL") or env.get("LC_MESSAGES") or env.get("LANG"):
        # As in gettext, LANGUAGE counts only when a locale is set at all.
        for part in env.get("LANGUAGE", "").split(":"):
            code = _code_of(part)
            if code:
                return code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return _code_of(value) or "en"
    return "en"


class _Pseudo(_gettext.NullTranslations):
    """Every message longer, accented and bracketed; placeholders and ``&`` kept intact."""

    _ACCENTS = str.maketrans("aceinousyACEINOUSYz", "àçéîñöûšýÀÇÉÎÑÖÛŠÝž")
    _KEEP = re.compile(r"(\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]?\d*(?:\.\d+)?[sdifr%]|&.|<[^<>]*>|\n)")

    @classmethod
    def transform(cls, message: str) -> str:
        if not message.strip():
            return message
        parts = cls._KEEP.split(message)
        text = "".join(p if i % 2 else p.translate(cls._ACCENTS) for i, p in enumerate(parts))
        letters = sum(ch.isalpha() for ch in message)
        return f"⟦{text}{'·' * max(1, letters * 3 // 10)}⟧"

    def gettext(self, message: str) -> str:
        return self.transform(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.transform(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.transform(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.transform(msgid1 if n == 1 else msgid2)


@functools.cache
def _load(code: str) -> _gettext.NullTranslations:
    if code == PSEUDO:
        return _Pseudo()
    if code == "en":
        return _gettext.NullTranslations()
    path = resources.files(__package__ or "tenthousand") / "locale" / code / "LC_MESSAGES" / \
        f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    except (OSError, ValueError) as exc:  # a missing or damaged catalogue: English, and say so
        import logging
        logging.getLogger(__name__).warning("No catalogue for %s (%s): English it is.", code, exc)
        return _gettext.NullTranslations()


def set_language(code: str | None = None) -> str:
    """Use a language from now on: a code from :func:`available`, ``pseudo``, or ``None`` /
    ``""`` to follow the desktop.  Returns the code in use (English for one we lack).
    Texts built before the call keep their language: call this before the window is built."""
    global _translations, _language
    wanted = (code or "").strip() or from_environment()
    if wanted != PSEUDO and wanted not in available():
        wanted = _code_of(wanted) or "en"
    _translations = _load(wanted)
    _language = wanted
    _patch_argparse()
    return wanted


def translate_in(code: str | None, message: str) -> str:
    """One message in another language than the one in use (``None`` or "": the desktop's),
    without changing it: Preferences says in the chosen language when a choice applies."""
    wanted = (code or "").strip() or from_environment()
    if wanted != PSEUDO and wanted not in available():
        wanted = "en"
    return _load(wanted).gettext(message)


def language() -> str:
    """The code of the language in use."""
    return _language


def _patch_argparse() -> None:
    """argparse's own words ("usage:", "show this help message and exit") come from the same
    catalogue, so ``--help`` is in one language."""
    import argparse
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
