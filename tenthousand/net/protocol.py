"""The wire protocol: one JSON object a line, UTF-8, at most :data:`MAX_LINE` bytes.

Every message is an object whose ``"t"`` names its kind; :data:`TO_HOST` and
:data:`TO_CLIENT` hold the schema of each kind, one list for each direction, and
:func:`decode` checks a line against them before anything reads it (a kind not in the
list, a key not in its schema, a value of the wrong type or out of range: refused).

The handshake on the local network (docs/network.md; :mod:`tenthousand.net.pake`)::

    host   -> hello    {proto, version, table, nonce}
    host   -> key      {pake}                          the table's SPAKE2 message
    client -> key      {proto, version, pake, confirm} the friend's, and its proof of the key
    host   -> confirm  {confirm}                       or bye {reason: code, ...}
    ... from here on every line is sealed (net/channel.py) ...
    client -> join     {proto, version, name, watch, token}
    host   -> welcome  {seat, token, table}            or bye {reason, version}

The join code never crosses the wire, and nothing that does lets anyone test a code
offline: each side's SPAKE2 message hides the code behind a random secret of its own, and
the key confirmations are MACs under the key only the two sides hold.  Over the internet
magic-wormhole makes the key with the code (the same SPAKE2) and carries the lines on its
own sealed connection (:mod:`tenthousand.net.internet`): the host says ``hello``, the
client ``join``, with no key messages.  Then the host sends ``seats`` (the lobby) whenever
it changes, ``game`` + ``backlog`` when a game begins (or on a rejoin: the shared record,
which holds no seed), ``played`` after each command, ``refused`` when the engine refused a
wish, ``chat`` lines and at the end ``reveal`` (the seed).  A client sends ``wish`` (a
command it wants for its own seat), ``chat`` and ``bye``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..files.pref_kinds import PUBLIC_MAILBOX, PUBLIC_RELAY
from ..model.command import COMMANDS
from ..model.text import is_plain
from .schema import Bool, Field, Hex, Int, ListOf, Obj, SchemaError, Str

__all__ = ["DEFAULT_PORT", "MAX_LINE", "plain", "PROTOCOL", "TO_CLIENT", "TO_HOST", "VERSION",
           "ProtocolError", "Servers", "decode", "encode", "new_code", "new_nonce",
           "normalize_code"]

#: The protocol's version (the handshake's ``proto``); the program's is :data:`VERSION`.
#: 2: the join code proven by SPAKE2 and the lines sealed after it (1: an HMAC of the code).
PROTOCOL = 2
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
               "closing", "left", "busy", "closed", "guesses", "watch_only")
#: Why a wish or a chat line was refused (a word: each screen says it in its own language;
#: "rules": the engine's own reason, which the friend's screen finds in its own replica).
REFUSALS = ("watching", "not_begun", "computer", "chat_wait", "not_started", "not_yours",
            "not_a_move", "rules", "waiting")
NAME = Str(1, 24)
NONCE = Hex(32)
PAKE = Hex(66)  # a SPAKE2 message: its side's byte and a point of Ed25519
CONFIRM = Hex(64)
TOKEN = Hex(32)
TABLE = Str(0, 40)
CHAT_TEXT = Str(1, 200)
_VERSION = Str(1, 40)


@dataclass(frozen=True)
class Servers:
    """Where the invite codes of a table over the internet meet (``mailbox``: a ``ws://``
    or ``wss://`` URL of a magic-wormhole mailbox server) and the relay that carries a
    connection neither side can make directly (``relay``: a hint ``tcp:HOST:PORT``; ""
    for none).  ``direct``: offer and try direct connections too (the benchmark turns
    them off, so that everything goes through the relay)."""

    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY
    direct: bool = True


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
    "key": _msg({"proto": Int(0, 1 << 30), "version": _VERSION, "pake": PAKE,
                 "confirm": CONFIRM}),
    "join": _msg({"proto": Int(0, 1 << 30), "version": _VERSION, "name": NAME,
                  "watch": Bool(), "token": TOKEN}, nullable=("token",)),
    "wish": _msg({"command": Str(choices=COMMANDS), "args": ListOf(Int(0, 8), 6)}),
    "chat": _msg({"text": CHAT_TEXT}),
    "bye": _msg({"reason": Str(choices=BYE_REASONS)}, optional=("reason",)),
}

#: What the host may send a client.
TO_CLIENT: dict[str, Obj] = {
    "hello": _msg({"proto": Int(0, 1 << 30), "version": _VERSION, "table": TABLE,
                   "nonce": NONCE}),
    "key": _msg({"pake": PAKE}),
    "confirm": _msg({"confirm": CONFIRM}),
    "welcome": _msg({"seat": Int(0, MAX_SEATS - 1), "token": TOKEN, "table": TABLE},
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


def claimed_version(line: bytes) -> tuple[int, str] | None:
    """The protocol and program version a line that is not a message of this protocol says
    it comes from, if it says so (a program of another version: told the host's version
    rather than that it cannot be read)."""
    if len(line) > MAX_LINE:
        return None
    try:
        data = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    proto, version = data.get("proto"), data.get("version")
    if type(proto) is not int or proto == PROTOCOL or not isinstance(version, str):
        return None
    return proto, version[:40]


# -- the join code ---------------------------------------------------------


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
