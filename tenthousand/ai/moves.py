"""One game step for every front end: ask the seat to play, then carry its move out.

The window, the simulator, the headless driver and :func:`tenthousand.ai.play_game` all
play the computer through these functions, so they cannot drift apart::

    move = decide(game, player)   # ask: what to do in this phase
    events = apply(game, move)    # do: the engine commands the move stands for
    events = step(game, player)   # both at once

The window shows a move before it makes it (the dice selected, a pause, then the throw),
so it calls :func:`decide` in one ``after`` step and runs :func:`commands` one per step.

Every level banks when banking cannot lose anything (:func:`sure_bank`, asked before the
player): when the bank wins the game, or when the rules make every throw score, so that a
turn would otherwise only end when the player chose to bank (issue 26: a computer turn
under such rules ran for minutes).

A challenge is part of the start of a turn, not a turn of its own: the player challenges
"at the start of a turn, before throwing" (RULES.md, Challenging), so a move at
:attr:`Phase.START` is an optional challenge *and then* the first throw.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from ..model.checkpoints import trial_copy
from ..model.events import Event
from ..model.game import Game, Phase
from ..model.rule_checks import never_trash

if TYPE_CHECKING:
    from .interface import Player

__all__ = ["Move", "Command", "decide", "commands", "apply", "step", "sure_bank"]

#: One engine command, ready to run (see :func:`commands`).
Command = Callable[[], list[Event]]


class Move(NamedTuple):
    """What the seat to play decided, for the phase it decided in.

    * :attr:`Phase.START`: ``challenge`` is the seat challenged before the first throw, or
      None; the throw follows either way.
    * :attr:`Phase.CHOOSE`: freeze ``freeze`` (indices into ``game.thrown``), then bank
      (``bank``) or throw the rest.
    * :attr:`Phase.DISCARD`: play ``discard`` (an index into ``game.discard_choices``).

    A named tuple rather than a frozen dataclass: the simulator makes one per decision,
    and a tuple is made in half the time.
    """

    phase: Phase
    challenge: int | None = None
    freeze: tuple[int, ...] = ()
    bank: bool = False
    discard: int | None = None


_JUST_THROW = Move(Phase.START)  # the start of a turn with no challenge (made once)


def decide(game: Game, player: Player) -> Move:
    """Ask ``player`` (the seat to play) what to do now; ``game`` is not changed.

    At the start of a turn the player is asked about a challenge only when one is open
    to it (challenging on, a challenge of the right kind left, none made this turn yet),
    so a player cannot make a challenge the rules refuse.
    """
    phase = game.phase
    if phase is Phase.CHOOSE:
        sure = sure_bank(game)
        if sure is not None:
            return sure
        decision = player.choose_move(game)
        return Move(phase, None, tuple(decision.freeze), decision.bank)
    if phase is Phase.START:
        if game.challenge_target is None and game.challenge_slot_for(game.current) is not None:
            target = player.choose_challenge(game)
            if target is not None:
                return Move(phase, target)
        return _JUST_THROW
    if phase is Phase.DISCARD:
        return Move(phase, discard=player.choose_discard(game))
    raise ValueError("the game is over: there is nothing to decide")


def sure_bank(game: Game) -> Move | None:
    """The bank every level makes at this throw, whatever it would choose: one that wins
    the game at once, or (under rules where no throw can be trash) the first bank the
    minimum allows, with the most points; None when the player is to choose."""
    if game.phase is not Phase.CHOOSE:
        return None
    if never_trash(game.rules):
        bankable = [(faces, points) for faces, points in game.legal_freezes()
                    if game.bank_refusal(game.indices_for(faces)) is None]
        if not bankable:
            return None
        faces = max(bankable, key=lambda f: f[1])[0]
        return Move(Phase.CHOOSE, None, game.indices_for(faces), True)
    if game.rules.rotary_club:
        return None  # the lowest score wins: reaching the game point is no win
    # Only a bank that reaches the game point can win: the rules are asked about those
    # alone (asking about every freeze of every throw was a tenth of a simulated game).
    me = game.current
    for faces, points in sorted(game.legal_freezes(), key=lambda f: -f[1]):
        if game.board[me] + game.turn_score + points < game.rules.game_point:
            break  # best first: no smaller bank reaches the game point either
        freeze = game.indices_for(faces)
        if game.bank_refusal(freeze) is None and _bank_wins(game, freeze):
            return Move(Phase.CHOOSE, None, freeze, True)
    return None


def _bank_wins(game: Game, freeze: tuple[int, ...]) -> bool:
    """Whether banking ``freeze`` ends the game with the seat to play first, alone (tried
    on a copy of the game without its log)."""
    copy = trial_copy(game)
    copy.dice_source = None
    copy.bank(freeze)
    if not copy.over:
        return False
    first = [seat for seat, rank, _board, _points in copy.ranking() if rank == 1]
    return first == [game.current]


def apply(game: Game, move: Move) -> list[Event]:
    """Carry ``move`` out on ``game``; the events of its engine commands, in order.

    Raises ValueError when the game is no longer in the phase the move was decided for
    (a move kept across a change of the game); the engine itself refuses an illegal move
    with :class:`IllegalAction`, changing nothing.
    """
    phase = move.phase
    if phase is not game.phase:
        raise ValueError(f"a move for phase {phase.value!r} cannot be made "
                         f"in phase {game.phase.value!r}")
    if phase is Phase.CHOOSE:
        return (game.bank if move.bank else game.throw)(move.freeze)
    if phase is Phase.START:
        if move.challenge is None:
            return game.throw()
        return game.challenge(move.challenge) + game.throw()
    if phase is Phase.DISCARD and move.discard is not None:
        return game.discard(move.discard)
    raise ValueError(f"there is no command for {move}")


def commands(game: Game, move: Move) -> list[Command]:
    """:func:`apply` as single engine commands, for a front end that shows or saves the
    game between them: a challenge, then the throw after it; any other move is one."""
    if move.phase is Phase.START and move.challenge is not None and game.phase is Phase.START:
        return [partial(game.challenge, move.challenge), partial(apply, game, _JUST_THROW)]
    return [partial(apply, game, move)]  # (apply refuses a move made for another phase)


def step(game: Game, player: Player) -> list[Event]:
    """One step of the seat to play: :func:`decide`, then :func:`apply`."""
    return apply(game, decide(game, player))
