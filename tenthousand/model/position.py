"""Reading a saved position (format 1, what :meth:`Play.to_dict` writes): every field
checked, the whole checked for consistency, or :class:`BadSave` with one readable sentence.

The checks of a save's fields live here too, for :mod:`.persist`, which reads whole saves.
This module is below the record (:mod:`.record`), whose games may start at a position, and
knows the game only as a :class:`~tenthousand.model.play.Play`; the caller names the class
to build.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from ..i18n import _, number
from .events import Event, GameOver
from .play import Phase, Play, Seat
from .rules import Rules

P = TypeVar("P", bound=Play)


class BadSave(ValueError):
    """A saved game that cannot be trusted."""


# Scores and counters in a save stay far below what events and later saves accept (10**9),
# so a game that loads can be played on and saved again.
LIMIT = 10**8


def _int(data: dict[str, Any], key: str, low: int = -LIMIT, high: int = LIMIT) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        # Translators: {key} is a field of the save file, kept as it is.
        raise BadSave(_("'{key}' must be a whole number from {low} to {high}, not {value}").format(
            key=key, low=number(low), high=number(high), value=f"{value!r:.40}"))
    return value


def _ints(value: Any, what: str, length: int | None = None, low: int = -LIMIT,
          high: int = LIMIT, max_len: int = 64) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length) \
            or len(value) > max_len:
        if length is None:
            raise BadSave(_("'{key}' must be a list of numbers").format(key=what))
        raise BadSave(_("'{key}' must be a list of {count} numbers").format(key=what,
                                                                          count=length))
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise BadSave(_("'{key}' holds {value}; allowed are whole numbers {low} to {high}")
                          .format(key=what, value=f"{v!r:.20}", low=number(low),
                                  high=number(high)))
    # A copy: a game playing on must not change the document it came from (a record's
    # start position, which every replay from the start loads again).
    return list(value)


def _dice(value: Any, what: str, max_len: int = 6) -> tuple[int, ...]:
    return tuple(_ints(value, what, None, 1, 6, max_len))


def _opt_seat(value: Any, what: str, n: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise BadSave(_("'{key}' must be a seat number 0 to {last} or null").format(
            key=what, last=n - 1))
    return value


def _check_format(data: Any, fmt_wanted: int, newest: int) -> None:
    """BadSave unless ``data`` is a JSON object of format ``fmt_wanted``; ``newest`` is
    the newest format there is (the record's), to tell a newer save from a wrong one."""
    if not isinstance(data, dict):
        raise BadSave(_("a saved game must be a JSON object"))
    fmt = data.get("format")
    if fmt != fmt_wanted or not isinstance(fmt, int) or isinstance(fmt, bool):  # (not 2.0)
        if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > newest:
            raise BadSave(_("the save is format {format}, newer than this program understands")
                          .format(format=fmt))
        raise BadSave(_("unknown save format {format}").format(format=f"{fmt!r:.20}"))


def _rules_and_seats(data: dict[str, Any]) -> tuple[Rules, list[Seat]]:
    try:
        rules = Rules.from_dict(data.get("rules"))
    except ValueError as e:
        raise BadSave(_("the rules are bad: {reason}").format(reason=e)) from None
    seats_data = data.get("seats")
    if not isinstance(seats_data, list):
        raise BadSave(_("'{key}' must be a list").format(key="seats"))
    try:
        seats = [Seat.from_dict(s) for s in seats_data]
        rules.check_seats(len(seats))
    except ValueError as e:
        raise BadSave(str(e)) from None
    return rules, seats


def _turn_added(game: Play, data: dict[str, Any], n: int) -> None:
    """Surpassing's scores to beat (D-14): what each seat added on its last turn.  A save
    from before they were kept per seat has only the score the player to move must beat,
    which is then what the seat before him added."""
    last = _int(data, "last_turn_added", 0)
    if "turn_added" not in data:
        game.turn_added = [0] * n
        game.last_turn_added = last
        return
    game.turn_added = _ints(data.get("turn_added"), "turn_added", n, 0)
    if game.last_turn_added != last:
        raise BadSave(_("'{key}' does not agree with '{other}'").format(
            key="last_turn_added", other="turn_added"))


def load_position(data: Any, kind: type[P], newest: int) -> P:
    """Rebuild a game of class ``kind`` from a position document (format 1,
    :meth:`Play.to_dict`), without a record (the caller gives it one); or raise
    :class:`BadSave`.  ``newest`` is the newest save format (see :func:`_check_format`).

    :func:`tenthousand.model.record.load_position` is this for the
    :class:`~tenthousand.model.game.Game` every caller plays."""
    _check_format(data, kind.FORMAT, newest)
    rules, seats = _rules_and_seats(data)
    n = len(seats)
    turn = data.get("turn")
    if not isinstance(turn, dict):
        raise BadSave(_("'{key}' must be a JSON object").format(key="turn"))
    game = kind.__new__(kind)
    game.rules = rules
    game.seats = tuple(seats)
    game.dice_source = None
    game.listeners = []
    game.rng = random.Random()
    game.rng.setstate(_rng_state(data.get("rng")))
    _read_table(game, data, n)
    _read_turn(game, turn, n)
    _read_log(game, data, n)
    # The stretch's score must be what its dice are worth (D-10) or the sum of its freezes.
    try:
        game.check_invariants()
        _check_stretch(game)
    except AssertionError as e:
        if str(e):
            raise BadSave(_("the saved position breaks the rules: {reason}").format(reason=e)) \
                from None
        raise BadSave(_("the saved position breaks the rules")) from None
    return game


def _read_table(game: Any, data: Any, n: int) -> None:
    """The boards, the match, the stage and whose turn and phase it is."""
    game.board = _ints(data.get("board"), "board", n)
    used = data.get("challenges_used")
    if not (isinstance(used, list) and len(used) == n and all(
            isinstance(u, list) and len(u) == 2 and all(isinstance(b, bool) for b in u)
            for u in used)):
        raise BadSave(_("'{key}' must hold two true/false values per seat").format(
            key="challenges_used"))
    game.challenges_used = [list(u) for u in used]
    game.trash_streak = _ints(data.get("trash_streak"), "trash_streak", n, 0, 2)
    game.turns_taken = _ints(data.get("turns_taken"), "turns_taken", n, 0)
    game.match_points = _ints(data.get("match_points"), "match_points", n, 0)
    game.games_played = _int(data, "games_played", 0)
    game.match_games = _match_games(data.get("match_games", []), n, game.games_played)
    game.play_area = list(_dice(data.get("play_area"), "play_area"))
    stage = data.get("stage")
    if stage not in ("normal", "catch-up", "tie-break"):
        raise BadSave(_("unknown stage {stage}").format(stage=f"{stage!r:.20}"))
    game.stage = stage
    game.reacher = _opt_seat(data.get("reacher"), "reacher", n)
    game.queue = _ints(data.get("queue"), "queue", None, 0, n - 1, 9)
    game.current = _int(data, "current", 0, n - 1)
    _turn_added(game, data, n)
    try:
        game.phase = Phase(data.get("phase"))
    except ValueError:
        raise BadSave(_("unknown phase {phase}").format(phase=f"{data.get('phase')!r:.20}")) \
            from None


def _read_turn(game: Any, turn: Any, n: int) -> None:
    """The turn in play: its dice, score, corners and challenge."""
    game.thrown = _dice(turn.get("thrown"), "thrown")
    frozen = turn.get("frozen")
    if not isinstance(frozen, list) or len(frozen) > 6:
        raise BadSave(_("'{key}' must be a list of groups of dice").format(key="frozen"))
    game.frozen = [_dice(g, "frozen") for g in frozen]
    if any(not g for g in game.frozen):
        raise BadSave(_("'{key}' holds an empty group").format(key="frozen"))
    game.stretch_score = _int(turn, "stretch_score", 0)
    game.banked_stretches = _int(turn, "banked_stretches", 0)
    game.throws = _int(turn, "throws", 0)
    game.corners = _int(turn, "corners", 0)
    for key in ("corner_pending",):
        if not isinstance(turn.get(key), bool):
            raise BadSave(_("'{key}' must be true or false").format(key=key))
    game.corner_pending = turn["corner_pending"]
    game.last_stretch = _dice(turn.get("last_stretch"), "last_stretch")
    game.challenge_target = _opt_seat(turn.get("challenge_target"), "challenge_target", n)
    slot = turn.get("challenge_slot")
    if slot is not None and (not isinstance(slot, int) or isinstance(slot, bool)
                             or slot not in (0, 1)):  # (1.0 and true are not a slot)
        raise BadSave(_("'{key}' must be 0, 1 or null").format(key="challenge_slot"))
    game.challenge_slot = slot
    if (slot is None) != (game.challenge_target is None) or game.challenge_target == game.current:
        raise BadSave(_("the challenge of this turn is inconsistent"))
    game.discard_choices = _dice(turn.get("discard_choices"), "discard_choices")


def _read_log(game: Any, data: Any, n: int) -> None:
    """The game's log of events, and its result if it is over."""
    log = data.get("log")
    if not isinstance(log, list):
        raise BadSave(_("'{key}' must be a list").format(key="log"))
    try:
        game.log = [Event.from_dict(e) for e in log]
    except (ValueError, TypeError) as e:
        raise BadSave(_("the game log is damaged: {reason}").format(reason=e)) from None
    for event in game.log:
        if event.seat >= n or any(
                isinstance(v, int) and not isinstance(v, bool) and k in ("target", "to_seat", "by")
                and not 0 <= v < n for k, v in vars(event).items()):
            raise BadSave(_("the game log names a seat that does not exist"))
    game.result = None
    if game.phase is Phase.OVER:
        last = game.log[-1] if game.log else None
        if not isinstance(last, GameOver):
            raise BadSave(_("a finished game must end its log with the result"))
        game.result = last


def _match_games(value: Any, n: int, played: int) -> list[tuple[tuple[int, int, int, int],
                                                                 ...]]:
    """The match's finished games: ranking rows ``[seat, rank, board, points]`` for every
    seat.  Saves before this field have none (their match table shows totals only)."""
    if not isinstance(value, list) or len(value) > played:
        raise BadSave(_("'{key}' must be a list of at most '{count_key}' games").format(
            key="match_games", count_key="games_played"))
    games = []
    for rows in value:
        if not isinstance(rows, list) or len(rows) != n:
            raise BadSave(_("each game of '{key}' must rank every seat").format(key="match_games"))
        ranked = [tuple(_ints(r, "match_games", 4)) for r in rows]
        if sorted(r[0] for r in ranked) != list(range(n)) or any(
                not 1 <= r[1] <= n or not 0 <= r[3] <= 10 for r in ranked):
            raise BadSave(_("a game of '{key}' has a bad seat, rank or points").format(
                key="match_games"))
        games.append(tuple(ranked))
    return games  # type: ignore[return-value]


def _rng_state(rng: Any) -> tuple[Any, ...]:
    """A generator state from its JSON form ``[version, [625 numbers], gauss]``."""
    try:
        if not (isinstance(rng, list) and len(rng) == 3 and isinstance(rng[1], list)
                and isinstance(rng[0], int) and not isinstance(rng[0], bool)
                and (rng[2] is None or isinstance(rng[2], float))):
            raise ValueError  # (a version of 3.0 or true is not one Python wrote)
        _ints(rng[1], "rng", 625, 0, 2**32 - 1, 625)
        state = (rng[0], tuple(rng[1]), rng[2])
        random.Random().setstate(state)  # refuses a bad version or gauss value
    except (ValueError, TypeError, BadSave):
        raise BadSave(_("the random generator's state is damaged")) from None
    return state


def _check_stretch(game: Play) -> None:
    from . import scoring

    stretch = game.stretch_dice
    if not stretch:
        assert game.stretch_score == 0, _("points without frozen dice")
        return
    if game.rules.pyramiding:
        return  # check_invariants compared the whole stretch already
    total = 0
    for i, group in enumerate(game.frozen):
        thrown = 6 - sum(len(g) for g in game.frozen[:i])
        points = scoring.score(group, game.rules, first_throw=game.corners == 0 and i == 0,
                               thrown=thrown)
        assert points is not None, _("frozen dice {dice} do not score").format(
            dice=" ".join(map(str, group)))
        total += points
    assert total == game.stretch_score, _("the stretch's points do not match its dice")
    assert game.phase in (Phase.CHOOSE, Phase.DISCARD), _("frozen dice outside a turn")
