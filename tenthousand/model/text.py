"""Text from outside (files, the command line) that the table cannot show as written.

A name or a title is plain text: no control characters (a newline, an escape), no marks
that turn the direction of what follows (U+202A to U+202E, U+2066 to U+2069 and the like:
they garble a score table), no line or paragraph separators, and no lone surrogate (what
Python makes of bytes that are not UTF-8 on the command line, or of a ``\\ud800`` escape in
JSON), which could never be written to a file again.
"""

from __future__ import annotations

import re
import unicodedata

#: The marks that change the direction of the text after them (embeddings, overrides,
#: isolates and the plain direction marks).
DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                            "\u2066\u2067\u2068\u2069")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def bad_character(text: str, *, newlines: bool = False) -> str | None:
    """The first character of ``text`` that plain text must not hold, or None
    (``newlines``: a line break is allowed, as in a description)."""
    for ch in text:
        if ch == "\n" and newlines:
            continue
        if ch in DIRECTION_MARKS or unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return ch
    return None


def is_plain(text: str, *, newlines: bool = False) -> bool:
    """Whether ``text`` holds only characters a name or a title may hold."""
    return bad_character(text, newlines=newlines) is None


def encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (it holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_INVITE = re.compile(r"^[0-9]{1,6}(-[a-z]{2,16}){1,6}$")


def invite_code(text: str) -> str | None:
    """An invite code of a table over the internet as typed ("7 Guitarist revenge", a
    number and words) in the form magic-wormhole takes ("7-guitarist-revenge"); None when
    ``text`` is not shaped as one."""
    words = [w for w in re.split(r"[\s\-]+", text.strip().lower()) if w]
    code = "-".join(words)
    return code if _INVITE.match(code) else None
