"""The wire protocol: one JSON object a line, UTF-8, at most :data:`MAX_LINE` bytes.

Every message is an object whose ``"t"`` names its kind; :data:`TO_HOST` and
:data:`TO_CLIENT` hold the schema of each kind, one list for each direction, and
:func:`decode` checks a line against them before anything reads it (a kind not in the
list, a key not in its schema, a value of the wrong type or out of range: refused).

The handshake (docs/network.md)::

    host   -> hello    {proto, version, table, nonce}
    client -> join     {proto, version, name, watch, cnonce, token, proof}
    host   -> welcome  {seat, token, table, proof}        or bye {reason, version}

The join code is proven, never sent: the client's ``proof`` is
HMAC-SHA256(code, "join", nonce, cnonce, name, watch, token) over the host's fresh nonce,
and the host answers with its own proof over the client's nonce (a table that does not
know the code cannot pretend to be the one asked for).  Then the host sends ``seats`` (the
lobby) whenever it changes, ``game`` + ``backlog`` when a game begins (or on a rejoin:
the shared record, which holds no seed), ``played`` after each command, ``refused`` when
the engine refused a wish, ``chat`` lines and at the end ``reveal`` (the seed).  A client
sends ``wish`` (a command it wants for its own seat), ``chat`` and ``bye``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from .. import __version__
from ..model.command import COMMANDS
from ..model.text import is_plain
from .schema import Bool, Field, Hex, Int, ListOf, Obj, SchemaError, Str

__all__ = ["DEFAULT_PORT", "MAX_LINE", "plain", "PROTOCOL", "TO_CLIENT", "TO_HOST", "VERSION",
           "ProtocolError", "decode", "encode", "host_proof", "join_proof", "new_code",
           "new_nonce", "normalize_code"]

#: The protocol's version (the handshake's ``proto``); the program's is :data:`VERSION`.
PROTOCOL = 1
VERSION = __version__
#: The port a table listens on unless told otherwise (``--port``); 0 picks a free one.
DEFAULT_PORT = 47100
#: The longest line either side accepts, its newline included.
MAX_LINE = 64 * 1024
#: The most seats a game has (Rules.check_seats).
MAX_SEATS = 9
#: Seat kinds and states as the lobby tells them.
SEAT_KINDS = ("person", "computer", "net")
SEAT_STATES = ("here", "open", "joined", "away", "computer")
#: Why a connection was closed (a word; each side says it in its own language).
BYE_REASONS = ("version", "code", "full", "name", "taken", "protocol", "flood", "timeout", "slow",
               "closing", "left", "busy")
#: Why a wish or a chat line was refused (a word: each screen says it in its own language;
#: "rules": the engine's own reason, which the friend's screen finds in its own replica).
REFUSALS = ("watching", "not_begun", "computer", "chat_wait", "not_started", "not_yours",
            "not_a_move", "rules", "waiting")
NAME = Str(1, 24)
NONCE = Hex(32)
PROOF = Hex(64)
TOKEN = Hex(32)
TABLE = Str(0, 40)
CHAT_TEXT = Str(1, 200)
_VERSION = Str(1, 40)


class ProtocolError(ValueError):
    """A line that is not a message of this protocol; the text is for the host's log."""


def _msg(keys: Mapping[str, Field], optional: tuple[str, ...] = (),
         nullable: tuple[str, ...] = ()) -> Obj:
    return Obj({"t": Str(1, 20), **keys}, frozenset(optional), frozenset(nullable))


_SEAT_INFO = Obj({"name": Str(0, 24), "kind": Str(choices=SEAT_KINDS),
                  "state": Str(choices=SEAT_STATES), "level": Str(0, 20)})
_COMMAND = Obj()  # a Command.to_dict(): checked by Command.from_dict where it is read

#: What a client may send the host.
TO_HOST: dict[str, Obj] = {
    "join": _msg({"proto": Int(0, 1 << 30), "version": _VERSION, "name": NAME,
                  "watch": Bool(), "cnonce": NONCE, "token": TOKEN, "proof": PROOF},
                 nullable=("token",)),
    "wish": _msg({"command": Str(choices=COMMANDS), "args": ListOf(Int(0, 8), 6)}),
    "chat": _msg({"text": CHAT_TEXT}),
    "bye": _msg({"reason": Str(choices=BYE_REASONS)}, optional=("reason",)),
}

#: What the host may send a client.
TO_CLIENT: dict[str, Obj] = {
    "hello": _msg({"proto": Int(0, 1 << 30), "version": _VERSION, "table": TABLE,
                   "nonce": NONCE}),
    "welcome": _msg({"seat": Int(0, MAX_SEATS - 1), "token": TOKEN, "table": TABLE, "proof": PROOF},
                    nullable=("seat", "token")),
    "seats": _msg({"seats": ListOf(_SEAT_INFO, MAX_SEATS, 1)}),
    "game": _msg({"record": Obj(), "fingerprint": Hex(64), "commands": Int(0, 200_000)}),
    "backlog": _msg({"commands": ListOf(_COMMAND, 5000, 1)}),
    "played": _msg({"command": _COMMAND}),
    "refused": _msg({"reason": Str(1, 400), "why": Str(choices=REFUSALS)},
                    optional=("why",)),
    "chat": _msg({"name": NAME, "text": CHAT_TEXT}),
    "reveal": _msg({"seed": Int(-(1 << 64) + 1, (1 << 64) - 1), "start": Obj()},
                   nullable=("start",)),
    "bye": _msg({"reason": Str(choices=BYE_REASONS), "version": _VERSION},
                optional=("version",)),
}


def plain(text: str, limit: int) -> str:
    """``text`` as a message may carry it: one line of plain characters (what a schema's
    plain string refuses is dropped, runs of spaces made one), at most ``limit`` long."""
    kept = "".join(c if c.isspace() or is_plain(c) else "" for c in text)
    return " ".join(kept.split())[:limit].strip()


def encode(message: Mapping[str, Any]) -> bytes:
    """One line of the protocol (ValueError when it would be longer than MAX_LINE)."""
    line = (json.dumps(message, ensure_ascii=False, separators=(",", ":"),
                       allow_nan=False) + "\n").encode("utf-8")
    if len(line) > MAX_LINE:
        raise ValueError(f"a {message.get('t')} message of {len(line)} bytes is too long")
    return line


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"{name} is not JSON")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ProtocolError("a key appears twice")
    return out


def decode(line: bytes, schemas: Mapping[str, Obj]) -> dict[str, Any]:
    """The message a line holds, checked against ``schemas`` (:data:`TO_HOST` on the
    host, :data:`TO_CLIENT` on a client); ProtocolError with the reason otherwise."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line of {len(line)} bytes is longer than {MAX_LINE}")
    try:
        text = line.decode("utf-8")
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique)
    except UnicodeDecodeError:
        raise ProtocolError("the line is not UTF-8") from None
    except RecursionError:
        raise ProtocolError("the line nests too deep") from None
    except ValueError as e:  # (json.JSONDecodeError, and ProtocolError itself)
        raise ProtocolError(f"the line is not JSON: {e}"[:200]) from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("t")
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError(f"unknown message {kind!r:.40}")
    try:
        schema.check(data, str(kind))
    except SchemaError as e:
        raise ProtocolError(str(e)) from None
    return data


# -- the join code and its proofs ---------------------------------------------------------


def new_code() -> str:
    """A fresh join code: eight digits in two groups ("4821-7396"), easy to read aloud in
    any language; a table gets a new one each time it is hosted (unless ``--code``)."""
    digits = f"{secrets.randbelow(10 ** 8):08d}"
    return f"{digits[:4]}-{digits[4:]}"


def normalize_code(code: str) -> str:
    """The code as proven: letters and digits only, in lower case ("4821 7396" and
    "4821-7396" are one code)."""
    return "".join(c for c in code.casefold() if c.isalnum())


def valid_code(code: str) -> bool:
    """Whether ``code`` can be a join code (4 to 32 letters or digits, spaces and dashes
    aside)."""
    return 4 <= len(normalize_code(code)) <= 32 and code.isprintable() and len(code) <= 64


def new_nonce() -> str:
    return secrets.token_hex(16)


def _mac(code: str, *parts: str) -> str:
    message = "\0".join(parts).encode("utf-8")
    return hmac.new(normalize_code(code).encode("utf-8"), message, hashlib.sha256).hexdigest()


def join_proof(code: str, nonce: str, cnonce: str, name: str, watch: bool,
               token: str | None) -> str:
    """The client's proof that it knows ``code``, bound to this handshake and its request."""
    return _mac(code, "tenthousand join", nonce, cnonce, name, "watch" if watch else "play",
                token or "")


def host_proof(code: str, nonce: str, cnonce: str) -> str:
    """The host's answer: it knows the code too (over the client's nonce)."""
    return _mac(code, "tenthousand host", cnonce, nonce)


def proofs_match(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("ascii", "replace"), b.encode("ascii", "replace"))
