"""The links between screens, as the window uses them (one import for the window).

- :class:`~tenthousand.net.host.HostLink`: host a :class:`Lobby`, relay the game.
- :class:`~tenthousand.net.client.ClientLink`: join a table, wish and chat.
- :func:`~tenthousand.net.discovery.browse`: the tables on the local network.
- :class:`Servers`: the mailbox server and transit relay of tables over the internet.
- :data:`DEFAULT_PORT` and :func:`new_code`.

Both links run their network work in a thread of their own, or as a job of the window's
job runner (``runner=``); the window polls them (``poll()`` never waits).
"""

from __future__ import annotations

from .client import ClientLink, bye_text, split_address
from .discovery import browse, local_addresses
from .events import (
    Chat,
    ClientEvent,
    Closed,
    FoundTable,
    HostEvent,
    InviteCode,
    Invites,
    Joined,
    Lobby,
    LobbySeat,
    Played,
    Problem,
    Refused,
    Revealed,
    SeatInfo,
    SeatJoined,
    SeatLeft,
    SeatsChanged,
    TableAddress,
    Trouble,
    WatcherJoined,
    WatcherLeft,
    Welcome,
    Wish,
)
from .host import HostLink, Limits
from .protocol import (
    DEFAULT_PORT,
    PROTOCOL,
    VERSION,
    Servers,
    new_code,
    normalize_code,
    valid_code,
)

__all__ = ["DEFAULT_PORT", "PROTOCOL", "VERSION", "Chat", "ClientEvent", "ClientLink",
           "Closed", "FoundTable", "HostEvent", "HostLink", "InviteCode", "Invites", "Joined",
           "Limits", "Lobby", "LobbySeat", "Played", "Problem", "Refused", "Revealed",
           "SeatInfo", "SeatJoined", "SeatLeft", "SeatsChanged", "Servers", "TableAddress",
           "Trouble", "WatcherJoined", "WatcherLeft", "Welcome", "Wish", "browse", "bye_text",
           "local_addresses", "new_code", "normalize_code", "split_address", "valid_code"]
