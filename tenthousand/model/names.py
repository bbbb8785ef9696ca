"""Names of the people at a network table: which two names a reader cannot tell apart,
and which name shows nothing to tell.

A name typed at another screen may differ from one at the table only in ways a reader
does not see: letter case ("bob" and "Bob"), characters that show nothing (a zero-width
space, a soft hyphen, a Hangul filler that draws as a blank), a wide or styled form of the
same letter ("Ｂｏｂ", "𝐁𝐨𝐛"), or a letter of another script drawn the same (Cyrillic
"Воb").  :func:`name_key` folds all of these, so two names with one key are one name to
every reader: a second person may not take it (issue 43, item 7).  :func:`shows_a_name`
refuses a name with no letter or digit left to read.  No Tk here.
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key", "shows_a_name", "visible"]

#: Characters that draw as a blank although they are letters or symbols (Unicode lists
#: the fillers among its "default ignorable" characters; the braille blank is a symbol).
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f")
#: Letters of other scripts that are drawn as a Latin letter (lower case: names are
#: compared case-folded).  The common ones of Cyrillic and Greek, as Unicode's list of
#: confusable characters pairs them.
_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
    "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
    "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z",
    # digits and signs drawn like letters
    "0": "o", "1": "l", "|": "l", "ı": "i",
})


def visible(name: str) -> str:
    """``name`` without the characters that show nothing (format characters such as
    zero-width spaces and joiners, variation selectors, blank-drawing fillers), in its
    composed form."""
    kept = (c for c in unicodedata.normalize("NFC", name)
            if unicodedata.category(c) != "Cf" and c not in _BLANKS
            and not 0xFE00 <= ord(c) <= 0xFE0F and not 0xE0100 <= ord(c) <= 0xE01EF)
    return " ".join("".join(kept).split())


def name_key(name: str) -> str:
    """What a reader sees of ``name``: the same key for names told apart only by case,
    characters that show nothing, a wide or styled form, or a look-alike letter."""
    folded = unicodedata.normalize("NFKC", visible(name)).casefold()
    return " ".join(folded.translate(_LOOK_ALIKES).split())


def shows_a_name(name: str) -> bool:
    """Whether ``name`` shows a letter or a digit (a name of blanks, dots or dashes, or
    of characters that show nothing, is no name to call someone by)."""
    return any(c.isalnum() for c in unicodedata.normalize("NFKC", visible(name)))
