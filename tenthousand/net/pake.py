"""The join code of a table on the local network, proven by a password-authenticated key
exchange (SPAKE2, the one magic-wormhole uses), and the key it gives.

Each side starts a SPAKE2 exchange with the code (the host as side A, the friend as side
B) and sends its message; each then finishes with the other's and holds a key ``K``.  Both
hold the same ``K`` only when they used the same code; an eavesdropper who recorded every
byte cannot test a code offline against them (finding ``K`` from the messages and a guess
is the hard problem SPAKE2 rests on), and someone who plays a table or a friend tests one
code per connection.  Each side then proves it holds ``K`` (key confirmation, a MAC over
the whole exchange): the friend first, so that the host counts every wrong code; then the
host, so that a table that does not know the code cannot pass for the one asked for.
From then on every line is sealed with keys derived from ``K``
(:class:`~tenthousand.net.channel.SealedChannel`).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from spake2 import SPAKE2_A, SPAKE2_B, SPAKEError

from .protocol import normalize_code

__all__ = ["Exchange", "PakeError", "confirm_matches", "host_exchange", "friend_exchange"]

#: The identities bound into the key: a table's key is not a key of anything else.
_HOST_ID = b"tenthousand table"
_FRIEND_ID = b"tenthousand friend"


class PakeError(ValueError):
    """A SPAKE2 message that is not one (the text is for the log)."""


@dataclass
class Exchange:
    """One side of one key exchange: :attr:`message` to send, then :meth:`finish` with the
    other side's."""

    side: SPAKE2_A | SPAKE2_B
    message: bytes
    nonce: str  # the host's hello nonce: binds the confirmations to this connection
    key: bytes = b""
    _transcript: bytes = b""

    def finish(self, theirs: bytes) -> bytes:
        """The shared key (PakeError when ``theirs`` is not a SPAKE2 message)."""
        try:
            self.key = self.side.finish(theirs)
        except (SPAKEError, ValueError, AssertionError) as e:
            raise PakeError(f"not a key exchange message: {e}"[:200]) from None
        host, friend = ((self.message, theirs) if isinstance(self.side, SPAKE2_A)
                        else (theirs, self.message))
        self._transcript = b"\0".join((self.nonce.encode("ascii"), host, friend))
        return self.key

    def confirm(self, who: str) -> str:
        """The proof that ``who`` ("host" or "friend") holds the key of this exchange."""
        assert self.key, "finish the exchange first"
        label = f"tenthousand {who} confirms".encode("ascii")
        return hmac.new(self.key, label + b"\0" + self._transcript,
                        hashlib.sha256).hexdigest()

    def sealing_keys(self, mine: str) -> tuple[bytes, bytes]:
        """The keys (to send with, to read with) of side ``mine`` ("host" or "friend")."""
        assert self.key, "finish the exchange first"
        host = _derive(self.key, b"tenthousand host to friend")
        friend = _derive(self.key, b"tenthousand friend to host")
        return (host, friend) if mine == "host" else (friend, host)


def _derive(key: bytes, purpose: bytes) -> bytes:
    return hmac.new(key, purpose, hashlib.sha256).digest()


def _password(code: str) -> bytes:
    return normalize_code(code).encode("utf-8")


def host_exchange(code: str, nonce: str) -> Exchange:
    """The table's side of the exchange for one connection (``nonce``: its hello's)."""
    side = SPAKE2_A(_password(code), idA=_HOST_ID, idB=_FRIEND_ID)
    return Exchange(side, side.start(), nonce)


def friend_exchange(code: str, nonce: str) -> Exchange:
    """A friend's side of the exchange, with the code as typed."""
    side = SPAKE2_B(_password(code), idA=_HOST_ID, idB=_FRIEND_ID)
    return Exchange(side, side.start(), nonce)


def confirm_matches(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode("ascii", "replace"),
                               expected.encode("ascii", "replace"))
