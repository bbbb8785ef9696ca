"""A game turned into what the history stores (pure Python)."""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Collection

from ..model.events import Banked, Corner, Thrown, Trash, TurnStarted
from ..model.game import Game
from ..model.record import Record
from .analysis import Analysis, analyse
from .codes import fingerprint_of
from .store import ABANDONED, FINISHED, GameEntry, SeatRow, ThrowRow

log = logging.getLogger(__name__)


def _seat_rows(game: Game, analysis: Analysis | None) -> tuple[SeatRow, ...]:
    n = len(game.seats)
    faces = [[0] * 6 for _ in range(n)]
    banked = [0] * n
    best = [0] * n
    trash = [0] * n
    corners = [0] * n
    for e in game.log:
        if isinstance(e, Thrown):
            for face in e.dice:
                faces[e.seat][face - 1] += 1
        elif isinstance(e, Banked):
            banked[e.seat] += e.points
            best[e.seat] = max(best[e.seat], e.points)
        elif isinstance(e, Trash):
            trash[e.seat] += 1
        elif isinstance(e, Corner):
            corners[e.seat] += 1
    ranks: dict[int, tuple[int, int]] = {}
    if game.result is not None:
        ranks = {seat: (rank, points) for seat, rank, _, points in game.result.ranking}
    win = analysis is not None and analysis.start is not None
    played = game.record.seats_as_played()
    rows = []
    for s, seat in enumerate(game.seats):
        rank, points = ranks.get(s, (None, 0))
        f = faces[s]
        rows.append(SeatRow(
            # The level that played: a Perfect seat that played as Expert is not "perfect".
            s, seat.name, seat.computer, played[s].level, game.board[s],
            rank, points, rank == 1, game.turns_taken[s], banked[s], trash[s], corners[s],
            best[s], (f[0], f[1], f[2], f[3], f[4], f[5]),
            None if analysis is None else analysis.luck[s],
            None if analysis is None else analysis.skill[s],
            analysis.start[s] if win and analysis is not None and analysis.start else None))
    return tuple(rows)


def game_key(record: Record) -> str:
    """The same for a game however often it is saved, resumed or undone: its rules, seats
    and start (the dice generator), not its moves."""
    head = record.header()
    head.pop("assisted", None)
    head.pop("played_as", None)  # noted during the game: the game stays the same
    if "network" in head:  # (the check of a host's dice: noted at the game's end)
        head["network"] = {k: v for k, v in head["network"].items() if k != "dice_check"}
    return hashlib.sha256(json.dumps(head, sort_keys=True).encode()).hexdigest()[:32]


def summarize(record: Record, *, started: float | None = None, seconds: float = 0.0,
              demo: bool = False, source: str = "window", advised: bool = False,
              analysis: Analysis | None = None, analyse_game: bool = True,
              decisions_of: Collection[int] | None = None,
              challenge: str = "") -> GameEntry:
    """Everything the history keeps of ``record``'s game (finished, or abandoned when it is
    not over).  ``analyse_game``: value the decisions and throws (about half a second a
    game; the simulator skips it).  ``advised``: the advisor was shown."""
    game = record.game if record.game is not None else record.replay()
    if analysis is None and analyse_game and len(record) > 0:
        try:
            analysis = analyse(record, decisions_of)
        except (ValueError, ArithmeticError) as e:
            log.warning("the game could not be analysed: %s", e)
    decisions = () if analysis is None else tuple(analysis.decisions)
    throws = () if analysis is None else tuple(
        ThrowRow(t.step, t.seat, t.dice, t.luck) for t in analysis.throws)
    seed = record.start.seed
    turns = sum(1 for e in game.log if isinstance(e, TurnStarted))
    log.debug("summarised a game of %d turns", turns)
    return GameEntry(
        started=time.time() - seconds if started is None else started,
        seconds=seconds,
        status=FINISHED if game.over else ABANDONED,
        preset=record.rules.preset,
        rules_label=record.rules.stored_label,  # data: English in every language
        rules=record.rules.to_dict(),
        assisted=record.assisted or advised,
        demo=demo or _all_demo(record),
        source=source,
        record=record.to_dict(),
        seats=_seat_rows(game, analysis),
        decisions=decisions,
        throws=throws,
        fingerprint=fingerprint_of(seed) if seed is not None else "",
        challenge=challenge,
        value_kind="" if analysis is None else analysis.kind,
        game_key=game_key(record),
        optimum=_optimum(record),
        dice_set=record.real_dice,
        network="" if record.network is None else record.network.role,
        network_seat=None if record.network is None else record.network.seat,
        dice_check=_dice_check(record),
    )


def _dice_check(record: Record) -> str:
    """A friend's network game: what the check of the host's dice found, ``unchecked``
    when nothing was (the game was stored before a seed came); '' for any other game."""
    network = record.network
    if network is None or not network.friend:
        return ""
    return network.dice_check or "unchecked"


def _all_demo(record: Record) -> bool:
    """Whether the computer gave every command of the people's seats (demo mode all the
    game): nobody's game to count."""
    humans = record.human_seats()
    made = [c for c in record.commands if c.seat in humans]
    return bool(made) and all(c.stand_in for c in made)


def _optimum(record: Record) -> float | None:
    from .stats import optimum_per_turn

    try:
        return optimum_per_turn(json.dumps(record.rules.to_dict(), sort_keys=True))
    except (ValueError, ArithmeticError) as e:
        log.warning("no optimum for these rules: %s", e)
        return None
