"""Loading a saved game: every field checked, the whole checked for consistency.

Two formats load.  Format 2 is a game's record (:mod:`tenthousand.model.record`): rules,
seats, start and commands, replayed to rebuild the game.  Format 1, what earlier releases
saved, is a position: the plain JSON document of :meth:`Game.to_dict`; it becomes a record
whose start is that position, from which play goes on.  Nothing here trusts the document:
a wrong type, a value out of range, an unknown newer format, a command the rules refuse or a
state the rules cannot reach raises :class:`BadSave` (a ValueError) with one readable
sentence.

The checks of a position and of a save's fields are in :mod:`.position` (below the record,
which may start at a position); this module reads whole saves.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ..i18n import _, number
from .game import Game, Seat
from .position import (
    LIMIT,
    BadSave,
    _check_format,
    _int,
    _ints,
    _match_games,
    _opt_seat,
    _rng_state,
    _rules_and_seats,
)
from .record import FORMAT, Command, Network, Record, Start, load_position
from .rules import Rules
from .text import is_plain

__all__ = ["LIMIT", "MAX_COMMANDS", "BadSave", "dumps", "load_game", "load_position",
           "load_record", "loads", "replay_commands"]


def load_game(data: Any) -> Game:
    """Rebuild a :class:`Game` from a saved record (format 2) or position (format 1), with
    its record; or raise :class:`BadSave`."""
    if isinstance(data, dict) and data.get("format") == FORMAT:
        game = load_record(data).game
        assert game is not None
        return game
    game = load_position(data)
    Record.starting_at(game)
    return game


#: More commands than any game needs (a long game of Ten-Thousand has some thousands).
MAX_COMMANDS = 200_000


def _start(data: Any, rules: Rules, seats: list[Seat]) -> Start:
    if not isinstance(data, dict):
        raise BadSave(_("'{key}' must be a JSON object").format(key="start"))
    n = len(seats)
    if "position" in data:
        if set(data) != {"position"}:
            raise BadSave(_("a start from a position holds nothing else"))
        game = load_position(data["position"])
        if game.rules != rules or list(game.seats) != seats:
            raise BadSave(_("the start position is for other rules or players"))
        return Start(position=data["position"])
    seed = data.get("seed")
    if "seed" in data:
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 2**64 \
                or "rng" in data:
            raise BadSave(_("the dice seed must be a whole number below 2**64, and alone"))
        state = random.Random(seed).getstate()
    else:
        state = _rng_state(data.get("rng"))
    played = _int(data, "games_played", 0)
    return Start(rng_state=state, seed=seed,
                 first_seat=_opt_seat(data.get("first_seat"), "first_seat", n),
                 match_points=tuple(_ints(data.get("match_points"), "match_points", n, 0)),
                 games_played=played,
                 match_games=tuple(_match_games(data.get("match_games", []), n, played)))


def load_record(data: Any) -> Record:
    """Rebuild a record (format 2) and replay it; the record's ``game`` is the game.
    Anything wrong, including a command the rules refuse, raises :class:`BadSave`."""
    _check_format(data, FORMAT, FORMAT)
    rules, seats = _rules_and_seats(data)
    start = _start(data.get("start"), rules, seats)
    dice, assisted = data.get("dice"), data.get("assisted")
    if dice not in ("generator", "recorded", "real"):
        raise BadSave(_("'{key}' must be \"generator\", \"recorded\" or \"real\"").format(
            key="dice"))
    dice_set = data.get("dice_set", "") if dice == "real" else None
    if dice_set is not None and (not isinstance(dice_set, str) or len(dice_set) > 40
                                 or not is_plain(dice_set)):
        raise BadSave(_("'{key}' must be a short name").format(key="dice_set"))
    if not isinstance(assisted, bool):
        raise BadSave(_("'{key}' must be true or false").format(key="assisted"))
    commands_data = data.get("commands")
    if not isinstance(commands_data, list) or len(commands_data) > MAX_COMMANDS:
        raise BadSave(_("'{key}' must be a list of at most {count} commands").format(
            key="commands", count=number(MAX_COMMANDS)))
    try:
        commands = [Command.from_dict(c, len(seats)) for c in commands_data]
    except ValueError as e:
        raise BadSave(str(e)) from None
    if dice == "generator" and any(c.dice is not None for c in commands):
        raise BadSave(_("a command holds dice, but this record's dice come from its generator"))
    branch = data.get("branch", "")
    if not isinstance(branch, str) or len(branch) > 64 or not branch.isalnum() and branch:
        raise BadSave(_("'{key}' must be a short word of letters and digits").format(
            key="branch"))
    record = Record(rules, seats, start, recorded_dice=dice != "generator", assisted=assisted)
    record.real_dice = dice_set
    record.network = _network(data.get("network"), len(seats))
    record.branch = branch
    record.played_as = _played_as(data.get("played_as", []), seats)
    return replay_commands(record, commands)


def _network(value: Any, seats: int) -> Network | None:
    """How this screen took part in a network game (None: a game at one screen)."""
    if value is None:
        return None
    role = value.get("role") if isinstance(value, dict) else None
    seat = value.get("seat") if isinstance(value, dict) else None
    friends = value.get("friends", []) if isinstance(value, dict) else None
    port = value.get("port") if isinstance(value, dict) else None
    internet = value.get("internet", False) if isinstance(value, dict) else None
    checked = value.get("dice_check", "") if isinstance(value, dict) else None
    if not isinstance(internet, bool):
        raise BadSave(_("'{key}' must say how this screen took part in a network game").format(
            key="network"))
    if role not in Network.ROLES or (role == "player") != isinstance(seat, int) \
            or isinstance(seat, bool) or isinstance(seat, int) and not 0 <= seat < seats \
            or not _seat_list(friends, seats) or friends and role != "host" \
            or port is not None and (type(port) is not int or not 0 < port < 65536
                                     or role != "host") \
            or checked not in ("", *Network.DICE_CHECKS) or checked and role == "host":
        raise BadSave(_("'{key}' must say how this screen took part in a network game").format(
            key="network"))
    return Network(role, seat, tuple(friends or ()), internet, port, checked)


def _seat_list(value: Any, seats: int) -> bool:
    """Whether ``value`` is a list of distinct seat numbers of a game of ``seats`` seats."""
    return isinstance(value, list) and len(set(value)) == len(value) and all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < seats for i in value)


def _played_as(value: Any, seats: list[Seat]) -> dict[int, tuple[str, str]]:
    """The computer seats that played at another level than the one chosen (records of
    earlier releases have none: each seat played as chosen)."""
    from .rules import LEVELS

    if not isinstance(value, list) or len(value) > len(seats):
        raise BadSave(_("'{key}' must be a list").format(key="played_as"))
    out: dict[int, tuple[str, str]] = {}
    for item in value:
        seat = item.get("seat") if isinstance(item, dict) else None
        level = item.get("level") if isinstance(item, dict) else None
        why = item.get("why", "") if isinstance(item, dict) else None
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats) \
                or not seats[seat].computer or seat in out or level not in LEVELS \
                or not isinstance(why, str) or len(why) > 200 or not is_plain(why):
            raise BadSave(_("'{key}' names a seat, level or reason that does not fit").format(
                key="played_as"))
        out[seat] = (level, why)
    return out


def replay_commands(record: Record, commands: list[Command]) -> Record:
    """Play ``commands`` from ``record``'s start; the new game's record, or BadSave."""
    record._commands = commands  # an empty record: nothing has seen this list yet
    try:
        game = record.replay()
        game.check_invariants()
    except ValueError as e:
        raise BadSave(_("the record cannot be played again: {reason}").format(reason=e)) \
            from None
    except AssertionError as e:
        raise BadSave(_("the replayed game breaks the rules: {reason}").format(reason=e)) \
            from None
    record._commands = []
    return game.record


def dumps(game: Game) -> str:
    """The game as JSON text."""
    return json.dumps(game.to_dict(), separators=(",", ":"))


def loads(text: str) -> Game:
    """A game from JSON text, or :class:`BadSave`."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise BadSave(_("the save is not valid JSON ({reason})").format(reason=e)) from None
    return load_game(data)
