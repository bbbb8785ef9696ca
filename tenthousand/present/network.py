"""The words of a network game, worked out without Tk: how a friend joins the host's table
(the lobby: the addresses, the port, the join code and the seats filling), the table and
the scoreboard while a table fills (:class:`Filling`: never the game that waits under it),
what the join dialog and the command line accept as an address and a code, and the log's
lines of who did what at another screen.

The lobby panel (:mod:`tenthousand.view.lobby`) and the join dialog
(:mod:`tenthousand.dialogs.join`) only show what this module returns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..files.settings import SeatSetting
from ..i18n import N_, _, join_words, ngettext, number
from ..model.grammar import is_you
from ..model.names import shows_a_name
from ..model.text import is_plain
from .presenter import LEVEL_NAMES, ActionBarDisplay, Display, SeatRow, TableDisplay

__all__ = ["CODE_CHARACTERS", "Filling", "LobbySeat", "LobbyShown", "WATCHERS_SHOWN",
           "code_problem", "filling_display", "hosted_filling", "hosted_seats_problem",
           "joining_filling", "lobby", "name_problem", "refusal_text", "split_address",
           "waits_for", "waits_to_be_hosted", "watchers_text", "where_text", "error_words",
           "you_problem"]

#: The most characters a join code may be typed with (the host's table groups it).
CODE_CHARACTERS = 32
#: The longest name a seat takes (as the new-game dialog's).
NAME_CHARACTERS = 24
#: The most watchers the lobby names; the rest are counted ("and 12 more").
WATCHERS_SHOWN = 8

_HOST_NAME = re.compile(r"^[A-Za-z0-9._%:-]{1,253}$", re.ASCII)


def split_address(text: str) -> tuple[str, int | None] | None:
    """``ADDRESS[:PORT]`` -> (address, port or None); None when it is not one.  An IPv6
    address takes its port after brackets: ``[fe80::1]:48620``."""
    text = text.strip()
    host, port = text, ""
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")) or rest == ":":
            return None
        port = rest[1:]
    elif text.count(":") == 1:
        host, _colon, port = text.partition(":")
        if not port:
            return None
    if not _HOST_NAME.match(host) or (port and not (port.isdigit() and len(port) <= 5)):
        return None
    found = int(port) if port else None
    if found is not None and not 1 <= found <= 65535:
        return None
    return host, found


def code_problem(text: str) -> str | None:
    """What is wrong with a join code as typed (None: it may be one; the host judges): 4 to
    32 letters or digits, spaces and dashes aside (as the net layer's ``valid_code``)."""
    code = text.strip()
    if not code:
        return _("give the join code the host's table shows")
    kept = [c for c in code if c not in " -"]
    if not 4 <= len(kept) <= CODE_CHARACTERS or len(code) > 2 * CODE_CHARACTERS \
            or not all(c.isalnum() and c.isprintable() for c in kept):
        return _("a join code has 4 to 32 letters or digits, as the host's table shows it")
    return None


def name_problem(text: str) -> str | None:
    """What is wrong with a player's name for the table (None: it is fine)."""
    name = text.strip()
    if not name:
        return _("give your name for the table")
    if len(name) > NAME_CHARACTERS or not is_plain(name):
        return _("a name of 1 to {n} characters, in plain text").format(
            n=number(NAME_CHARACTERS))
    if not shows_a_name(name):  # (the host refuses a name of blanks, dots or fillers)
        return _("a name the others can read: at least one letter or digit")
    if is_you(name):
        return you_problem(name)
    return None


def hosted_seats_problem(seats: Sequence[SeatSetting]) -> str | None:
    """What is wrong with the seats of a table to host (None: nothing): a friend's seat is
    needed, and no seat at the host's screen may be called "You"."""
    if not any(seat.net for seat in seats):
        return _("choose a player over the network for a friend's seat")
    mine = [s.name for s in seats if not s.net and not s.computer and is_you(s.name)]
    return you_problem(mine[0]) if mine else None


def you_problem(name: str) -> str:
    """Why a seat of a network game cannot be called "You" (each screen reads it as its
    own player)."""
    return _("give the name the others know you by: \"{name}\" would mean each of them at "
             "their own screen").format(name=name.strip())


@dataclass(frozen=True)
class LobbySeat:
    """A seat of the hosted table as the lobby knows it."""

    name: str
    kind: str  # "here" (a person at the host's screen), "computer", "net"
    level: str = ""  # a computer's level, in words (Expert)
    joined: bool = False  # a net seat: a friend sits in it
    dropped: bool = False  # a net seat: the friend's connection dropped (the seat waits)
    rejoin: bool = False  # ... in a game hosted again: the friend has not come back yet


@dataclass(frozen=True)
class LobbyShown:
    """What the lobby panel shows."""

    title: str
    how: tuple[str, ...]  # how to join: the addresses, the port, the code (at most 4 lines)
    seats: tuple[tuple[str, str, bool], ...]  # per seat: "1. Ann", its state, whether open
    watchers: str  # who watches ("" for nobody)
    ready: bool  # every seat is filled: Start
    footer: str  # what Start does now, or why it waits
    #: Over the internet: the invite codes, each with whose it is ("Seat 2 (Guest A)").
    codes: tuple[tuple[str, str], ...] = ()
    #: New friends may join (the host can close the table to new joins).
    joins_open: bool = True


def _seat_state(seat: LobbySeat) -> tuple[str, bool]:
    if seat.kind == "here":
        # Translators: the lobby's seat states.
        return _("at this screen"), False
    if seat.kind == "computer":
        return _("computer: {level}").format(level=seat.level), False
    if seat.dropped and seat.rejoin:
        return _("waiting for them to rejoin"), True
    if seat.dropped:
        return _("connection dropped: the seat waits"), True
    if seat.joined:
        return _("joined"), False
    return _("waiting for a friend"), True


def lobby(addresses: Sequence[str], port: int, code: str, seats: Sequence[LobbySeat],
          watchers: Sequence[str] = (),
          invites: Mapping[int | None, str] | None = None,
          joins_open: bool = True) -> LobbyShown:
    """The lobby of a hosted table: how to join it, and the seats filling; ``invites``: a
    table over the internet, its invite codes by seat (None: to watch); ``joins_open``:
    False when the host has closed the table to new joins."""
    shown = ", ".join(addresses) if addresses else "127.0.0.1"
    how: tuple[str, ...] = (
        # Translators: the lobby; {addresses} lists this computer's addresses.
        _("Address: {addresses}").format(addresses=shown),
        _("Port: {port}").format(port=port),
        _("Join code: {code}").format(code=code),
        _("Friends choose Game > Join a network game, pick this table (or type the address) "
          "and give the code."),
    )
    codes: tuple[tuple[str, str], ...] = ()
    if invites is not None:
        how = (_("Over the internet: each friend joins with the invite code of their seat "
                 "(Game > Join a network game). A code lets one friend in, once."),)
        codes = _invite_rows(invites, seats)
    rows = []
    for index, seat in enumerate(seats, start=1):
        state, open_ = _seat_state(seat)
        rows.append((f"{index}. {seat.name}", state, open_))
    empty = sum(1 for _row, _state, open_ in rows if open_)
    ready = empty == 0
    footer = (_("Every seat is filled: Start begins the game.") if ready else
              _("Start when every seat is filled, or give an empty seat to a computer."))
    if not joins_open:
        footer = " ".join((footer, _("The table is closed to new joins.")))
    return LobbyShown(_("Your table is open"), how, tuple(rows), watchers_text(watchers),
                      ready, footer, codes, joins_open)


def left_line(name: str, seat: int, in_game: bool) -> str:
    """The host's status line when a friend's connection ends: in a game the seat waits
    for them; in the lobby any friend with the code may take it (``seat`` from 0)."""
    if in_game:
        return _("{name}'s connection dropped: the seat waits for them.").format(name=name)
    # Translators: a friend left the lobby before the game began; {seat} is a number.
    return _("{name} left the table: seat {seat} is open again.").format(name=name,
                                                                          seat=seat + 1)


def watchers_text(watchers: Sequence[str]) -> str:
    """Who watches, as the lobby says it: the first :data:`WATCHERS_SHOWN` names and how
    many more ("" for nobody), so that the line stays one line however many come."""
    if not watchers:
        return ""
    names = list(watchers[:WATCHERS_SHOWN])
    more = len(watchers) - len(names)
    if more:
        # Translators: the end of the lobby's list of watchers: "Zoe, Yan and 12 more".
        names.append(ngettext("{n} more", "{n} more", more).format(n=number(more)))
    return _("Watching: {names}").format(names=join_words(names))


# -- the table while it fills ----------------------------------------------------------


@dataclass(frozen=True)
class Filling:
    """A table being filled, as the window shows it instead of a game (the host's lobby
    before the game, a friend's screen joining): each seat's name and who sits there in
    words, the table's caption, the line beside its buttons, and what the middle of the
    table says (nothing where the lobby panel covers it)."""

    seats: tuple[tuple[str, str], ...]
    caption: str
    reason: str
    hint: str = ""


def hosted_filling(seats: Sequence[LobbySeat]) -> Filling:
    """The host's table while its lobby is open: the seats filling."""
    return Filling(tuple((seat.name, _seat_state(seat)[0]) for seat in seats),
                   _("Waiting for the table"),
                   _("The table is waiting for friends: start the game when every seat is "
                     "filled."))


def waits_for(names: Sequence[str]) -> str:
    """Why a game in progress waits: friends' seats wait for them to rejoin."""
    return _("The game waits for {names} to rejoin.").format(names=join_words(list(names)))


def waits_to_be_hosted() -> str:
    """Why a game hosted for friends, resumed after the program stopped, waits."""
    return _("This game waits for its friends: Game > Host a network game opens its table "
             "again.")


#: A seat's state as the host's lobby tells a friend's screen (the net layer's words).
_STATES = {
    "open": N_("waiting for a friend"),
    "joined": N_("joined"),
    "away": N_("connection dropped: the seat waits"),
}


def joining_filling(seats: Sequence[tuple[str, str, str, str]], *, joined: bool) -> Filling:
    """A friend's screen while it joins (``joined``: the host let it in; the game begins
    when the host starts it): the host's seats as the host tells them, (name, kind, state,
    level) each."""
    rows = []
    for name, kind, state, level in seats:
        if state == "computer" or kind == "computer":
            who = _("computer: {level}").format(level=_(LEVEL_NAMES.get(level, level)))
        elif state == "here":
            who = _("at the host's screen")
        else:
            who = _(_STATES.get(state, _STATES["open"]))
        rows.append((name or _("(a free seat)"), who))
    reason = (_("The game begins when the host starts it.") if joined
              else _("Joining the table..."))
    return Filling(tuple(rows), _("Waiting for the table") if joined
                   else _("Joining the table"), reason, hint=reason)


def filling_display(filling: Filling) -> Display:
    """What the window shows while a table fills: its seats, no dice, no scores of the
    game that waits under it."""
    rows = tuple(SeatRow(name=name, player=who, board=0, on_board=False, challenges=None,
                         match_points=0, show_match=False, show_on_board=False)
                 for name, who in filling.seats)
    return Display(TableDisplay(caption=filling.caption, frozen_label="", hint=filling.hint),
                   rows, "", False, ActionBarDisplay(reason=filling.reason))


def _invite_rows(invites: Mapping[int | None, str], seats: Sequence[LobbySeat]
                 ) -> tuple[tuple[str, str], ...]:
    """Each invite code with whose it is: an open seat's first, then the one to watch."""
    rows = []
    for index, seat in enumerate(seats):
        code = invites.get(index)
        if seat.kind == "net" and not (seat.joined and not seat.dropped):
            # Translators: whose an invite code is; {name}: the name kept for the seat.
            whose = (_("Seat {number} ({name})").format(number=index + 1, name=seat.name)
                     if seat.name else _("Seat {number}").format(number=index + 1))
            rows.append((whose, code or _("(a code is being made...)")))
    if None in invites:
        rows.append((_("To watch"), invites[None]))
    return tuple(rows)


def refusal_text(why: str) -> str:
    """Why the host refused a wish or a chat line (a word of the protocol's ``REFUSALS``),
    in this screen's language; "" for the engine's own reason ("rules", which this screen's
    replica says in its own words) or a word this release does not know."""
    return {
        "watching": _("You are watching this game: you cannot play in it."),
        "not_begun": _("The game has not begun yet."),
        "computer": _("The host has given your seat to a computer player."),
        "chat_wait": _("Wait a moment before the next chat line."),
        "not_started": _("the game has not started"),
        "not_yours": _("that seat is not yours to play now"),
        "not_a_move": _("that move is not one of the game's"),
        "waiting": _("the game waits for a friend to rejoin"),
    }.get(why, "")


def where_text(where: Any) -> str:
    """What ``--host`` prints: the addresses, the port and the code, a line each (over the
    internet, each invite code follows as a line ``join code: CODE``)."""
    if where.internet:
        return "\n".join((
            _("Hosting a table of Ten-Thousand over the internet."),
            _("Each friend joins with the invite code of their seat (tenthousand --join-code "
              "CODE --name NAME):")))
    return "\n".join((
        _("Hosting a table of Ten-Thousand."),
        _("Address: {addresses}").format(addresses=", ".join(where.addresses) or "127.0.0.1"),
        _("Port: {port}").format(port=where.port),
        _("Join code: {code}").format(code=where.code)))


def error_words(error: BaseException) -> str:
    """An error as a player reads it: in words, never its class or its number."""
    import errno

    known = {errno.EADDRINUSE: _("the port is in use by another program"),
             errno.ECONNREFUSED: _("nobody answers at that address and port"),
             errno.EHOSTUNREACH: _("that address cannot be reached"),
             errno.ENETUNREACH: _("the network cannot be reached"),
             errno.ETIMEDOUT: _("the other side did not answer in time"),
             errno.EACCES: _("this port needs rights the program does not have")}
    if isinstance(error, OSError) and error.errno in known:
        return known[error.errno]
    if isinstance(error, TimeoutError):
        return known[errno.ETIMEDOUT]
    text = (error.strerror if isinstance(error, OSError) and error.strerror else str(error))
    return text.strip().rstrip(".") or _("the network refused")
