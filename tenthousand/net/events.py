"""What the links tell the window, and what the window tells a host link about its table.

:class:`HostLink.poll` gives :data:`HostEvent` values and :class:`ClientLink.poll`
:data:`ClientEvent` values: plain frozen data, made in the network thread and read in the
Tk thread.  Texts in them that a player sees are already in the player's language
(the client's own, for what the client says; the host's for the engine's refusals).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Chat", "ClientEvent", "Closed", "FoundTable", "HostEvent", "InviteCode", "Invites",
           "Joined", "Lobby", "LobbySeat", "Played", "Problem", "Refused", "Revealed",
           "SeatInfo", "SeatJoined", "SeatLeft", "SeatsChanged", "TableAddress", "Trouble",
           "WatcherJoined", "WatcherLeft", "Welcome", "Wish"]


# -- the table -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LobbySeat:
    """A seat as the host sets the table: ``kind`` "person" (someone at the host's screen),
    "computer" (at ``level``) or "net" (a friend who joins fills it).  A net seat's
    ``name`` is kept for the friend of that name (a game hosted again from its record);
    "" lets whoever joins first take it."""

    kind: str
    name: str = ""
    level: str = "normal"


@dataclass(frozen=True)
class Lobby:
    """The table to host: its ``rules`` (``Rules.to_dict()``), its seats, and the name it
    is announced under on the local network."""

    rules: dict[str, Any]
    seats: tuple[LobbySeat, ...]
    name: str = ""


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the lobby shows it: ``state`` "here" (a person at the host's screen or a
    computer), "open" (a net seat nobody has taken), "joined" (a friend is connected),
    "away" (the friend dropped: the seat waits) or "computer" (handed to a computer at
    ``level``)."""

    name: str
    kind: str
    state: str
    level: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "state": self.state,
                "level": self.level}


@dataclass(frozen=True)
class TableAddress:
    """How to join a table: the host's addresses, the port and the join code; over the
    internet (``internet``) there are none of them, but an invite code for each open seat
    (:class:`InviteCode`, told as they come by :class:`Invites`)."""

    addresses: tuple[str, ...]
    port: int
    code: str
    internet: bool = False


@dataclass(frozen=True)
class InviteCode:
    """An invite code of a table over the internet: for the friend of seat ``seat`` (None:
    to watch).  Each lets one friend in, once."""

    seat: int | None
    code: str


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the local network (:func:`tenthousand.net.discovery.browse`)."""

    name: str
    address: str
    port: int
    version: str


# -- what the host link tells its window ---------------------------------------------------


@dataclass(frozen=True)
class SeatJoined:
    """A friend took net seat ``seat`` (``rejoined``: the same seat again)."""

    seat: int
    name: str
    rejoined: bool


@dataclass(frozen=True)
class SeatLeft:
    """The friend at ``seat`` is gone (``reason``: a sentence for the table); the seat
    waits for them (or for the host to hand it to a computer)."""

    seat: int
    name: str
    reason: str


@dataclass(frozen=True)
class WatcherJoined:
    name: str


@dataclass(frozen=True)
class WatcherLeft:
    name: str


@dataclass(frozen=True)
class Wish:
    """The friend at ``seat`` wants ``command`` (a word of
    :data:`tenthousand.model.command.COMMANDS`) with ``args``; the host's engine judges it
    (``HostLink.publish`` it, or ``HostLink.refuse`` with the engine's reason)."""

    seat: int
    command: str
    args: tuple[int, ...]


@dataclass(frozen=True)
class Chat:
    """A chat line from ``name`` (on the host: from a friend; on a client: from anyone)."""

    name: str
    text: str


@dataclass(frozen=True)
class Problem:
    """A connection was closed for a fault of its own (``peer``: its address; ``reason``
    in English, for the host's log); the game goes on."""

    peer: str
    reason: str


@dataclass(frozen=True)
class Invites:
    """The invite codes of a table over the internet, as they are now (a seat that fills
    loses its code; a code used or given up is replaced by a new one)."""

    codes: tuple[InviteCode, ...]


@dataclass(frozen=True)
class Trouble:
    """Something the host should know about the table itself (``text``: a sentence in the
    host's language): the mailbox server cannot be reached, wrong codes are being tried,
    the table was closed to new joins.  ``word`` says which (``mailbox``, ``relay``,
    ``guesses``, ``closed``, ``open``)."""

    text: str
    word: str = ""


HostEvent = (SeatJoined | SeatLeft | WatcherJoined | WatcherLeft | Wish | Chat | Problem
             | Invites | Trouble)


# -- what the client link tells its window -------------------------------------------------


@dataclass(frozen=True)
class Joined:
    """The host let us in: at ``seat`` (None: watching), at the table named ``table``."""

    seat: int | None
    table: str


@dataclass(frozen=True)
class SeatsChanged:
    """The lobby: every seat as it is now."""

    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True)
class Welcome:
    """A game to show: the host's shared record (``Record.shared_dict()``: no seed) and the
    fingerprint of its seed; sent when a game begins and on a (re)join to a game under way.
    Build the replica from it (:meth:`tenthousand.net.replica.Replica.from_game`)."""

    seat: int | None
    record_data: dict[str, Any]
    fingerprint: str


@dataclass(frozen=True)
class Played:
    """A command the host's engine carried out (``Command.to_dict()`` with its dice)."""

    command_data: dict[str, Any]


@dataclass(frozen=True)
class Refused:
    """The host refused our wish: ``why`` in a word of :data:`~.protocol.REFUSALS` (said
    here in this screen's language), ``reason`` in the host's words."""

    reason: str
    why: str = ""


@dataclass(frozen=True)
class Revealed:
    """The game is over and the host shows its seed (and the start its record kept:
    whether the first seat was drawn), for :func:`tenthousand.net.replica.fair_check`."""

    seed: int
    start: dict[str, Any] | None


@dataclass(frozen=True)
class Closed:
    """The connection is over; ``reason``: a sentence for the player, in their language."""

    reason: str


ClientEvent = Joined | SeatsChanged | Welcome | Played | Refused | Chat | Revealed | Closed
