"""What one launch was asked for on the command line: :class:`Options`, which
:mod:`tenthousand.cli` fills in and :func:`tenthousand.launch.launch` carries out.  What is
given here is for that launch only: it does not change the saved preferences."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Options", "SeatSpec"]


@dataclass(frozen=True)
class SeatSpec:
    """A seat of ``--players``: a name, and a computer level or a person (``net``: a
    friend over the network, with ``--host``)."""

    name: str
    computer: bool
    level: str
    net: bool = False


@dataclass
class Options:
    """What the command line asked for (None: take it from the preferences)."""

    rules: str | None = None
    players: list[SeatSpec] | None = None
    options: list[str] = field(default_factory=list)
    seed: int | None = None
    demo: bool = False
    real_dice: bool = False  # --real-dice: the new game is played with real dice
    delay: float | None = None
    resume: bool = False
    reset_preferences: bool = False
    sound: bool | None = None
    theme: str | None = None
    skip_intro: bool = False
    speech: bool | None = None
    language: str | None = None  # --language: for this launch only, never saved
    #: --replay FILE: the record, read and checked while parsing (a Record).
    replay: Any = None
    #: --host: open a table for friends over the network (its port and join code, None:
    #: the default port and a new code).
    host: bool = False
    port: int | None = None
    code: str | None = None
    #: --join ADDRESS[:PORT]: the table to join (address, port), with --code, as --name
    #: (None: the name of the preferences' first person seat), --watch: to watch only.
    join: tuple[str, int | None] | None = None
    name: str | None = None
    watch: bool = False
    #: --host --internet: friends join over the internet by invite codes; --join-code CODE:
    #: join such a table; --mailbox and --transit-relay: the servers, for this launch.
    internet: bool = False
    join_code: str | None = None
    mailbox: str | None = None
    transit_relay: str | None = None
