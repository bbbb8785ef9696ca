"""What is at stake, as plain data for the presenter: who plays (as a grammatical
person), the last turn's chase (D-8, D-9), what a bank would do, the notice above the dice,
and the dice the last stretch left on the table.  No tkinter here."""

from __future__ import annotations

from dataclasses import dataclass

from .model import THREE_TRASH_PENALTY, Corner, Frozen, Game, Thrown, TurnStarted
from .model.game import Phase
from .model.grammar import Person

#: Every counter is a multiple of 50 (the rules refuse anything else), so is a turn score.
UNIT = 50

@dataclass(frozen=True)
class Residue:
    """The dice of the last stretch played, left dimmed on the table between turns."""

    thrown: tuple[int, ...] = ()
    frozen: tuple[tuple[int, ...], ...] = ()
    state: str = "dim"  # dim, or trash when the last throw was trash
    seat: int = 0


def residue(game: Game) -> Residue:
    """The dice of the last stretch played, read from the game's log (so a resumed game
    and an undone position show what the live game showed): the last throw's dice not
    frozen, and the freezes of its stretch.  A stretch begins with a turn or a corner."""
    log = game.log
    last_throw = next((i for i in range(len(log) - 1, -1, -1)
                       if isinstance(log[i], Thrown)), None)
    if last_throw is None:
        return Residue()
    start = next((i for i in range(last_throw, -1, -1)
                  if isinstance(log[i], (TurnStarted, Corner))), -1)
    thrown: list[int] = []
    frozen: list[tuple[int, ...]] = []
    state, seat = "dim", 0
    for event in log[start + 1:]:
        if isinstance(event, Thrown):
            thrown = list(event.dice)
            state, seat = ("trash" if event.trash else "dim"), event.seat
        elif isinstance(event, Frozen):
            for face in event.dice:
                if face in thrown:
                    thrown.remove(face)
            frozen.append(event.dice)
    return Residue(tuple(thrown), tuple(frozen), state, seat)



def person(game: Game, seat: int) -> Person:
    return Person(game.seats[seat].name)


# -- the last turn: what passes the others (D-8, D-9) ------------------------------------


@dataclass(frozen=True)
class Chase:
    """A last turn (catch-up round or tie-break): the turn scores that pass the others.

    A challenged seat loses what the challenger banks, so passing it takes half as much.
    ``win_turn`` is 0 when the seat is already ahead of everyone."""

    seat: int
    final: bool  # nobody plays after this turn (unless it ties): passing everyone wins
    leader: int  # the other seat that is hardest to pass
    win_turn: int  # the smallest turn score that passes every other seat
    next_seat: int | None = None  # the seat ranked just above, when it is not the leader
    next_turn: int = 0

    def board_after(self, game: Game, turn: int) -> int:
        return game.board[self.seat] + turn


def _turn_to_pass(game: Game, seat: int, other: int) -> int:
    gap = game.board[other] - game.board[seat]
    if gap < 0:
        return 0
    share = 2 if other == game.challenge_target else 1  # a bank also comes off the target
    return (gap // (UNIT * share) + 1) * UNIT


def chase(game: Game) -> Chase | None:
    """What the seat to play must reach in its last turn, or None when it is no last turn
    (or in Rotary Club, where nobody banks)."""
    if game.over or game.rules.rotary_club or len(game.seats) < 2:
        return None
    if game.stage not in ("catch-up", "tie-break"):
        return None
    seat = game.current
    passes = {s: _turn_to_pass(game, seat, s) for s in range(len(game.seats)) if s != seat}
    leader = max(passes, key=lambda s: (passes[s], game.board[s], -s))
    above = [s for s in passes if 0 < passes[s] < passes[leader]]
    next_seat = min(above, key=lambda s: (passes[s], s)) if above else None
    return Chase(seat, not game.queue, leader, passes[leader], next_seat,
                 passes[next_seat] if next_seat is not None else 0)


def bank_outcome(game: Game, total: int) -> tuple[str, bool]:
    """What banking ``total`` does in a last turn: a sentence, and whether it loses the
    chance to win (then the window asks before banking).  ("", False) outside last turns.
    Said to the player at the screen, whose turn it is: "you" whatever the seat's name."""
    c = chase(game)
    if c is None:
        return "", False
    mine = game.board[c.seat] + total
    theirs = {s: game.board[s] - (total if s == game.challenge_target else 0)
              for s in range(len(game.seats)) if s != c.seat}
    top = max(theirs.values())
    leader = Person(game.seats[max(theirs, key=lambda s: (theirs[s], -s))].name)
    if mine > top:
        return (f"Banking {total:,} wins the game." if c.final
                else f"Banking {total:,} puts you in the lead."), False
    if mine == top:
        return (f"Banking {total:,} ties you with {leader.object} for first: "
                "a tie-break follows."), False
    end = "you lose" if len(game.seats) == 2 else "you cannot win"
    return (f"Banking {total:,} leaves you {c.win_turn - total:,} short of "
            f"{leader.object}: {end}."), True


def chase_text(game: Game, human: bool) -> str:
    """The line that says what the last turn must reach."""
    if game.over or game.stage not in ("catch-up", "tie-break"):
        return ""
    me = person(game, game.current)
    if game.rules.rotary_club:
        return "Last turn: the lowest score wins, and every corner adds to the board."
    c = chase(game)
    if c is None:
        return ""
    head = "Last turn: " if human else f"{me.Possessive} last turn: "
    if c.win_turn == 0:
        return head + ("you are already ahead of everyone." if human
                       else "already ahead of everyone.")
    need = max(c.win_turn, game.minimum(c.seat))
    goal = "win" if c.final else "take the lead"
    text = f"{head}{'reach ' if human else ''}{c.board_after(game, need):,} to {goal} " \
           f"({need:,} this turn"
    if 0 < game.turn_score < need:
        text += f", {need - game.turn_score:,} to go"
    text += ")"
    if c.next_seat is not None:
        above = person(game, c.next_seat)
        turn = max(c.next_turn, game.minimum(c.seat))
        text += (f"; {c.board_after(game, turn):,} passes {above.object} "
                 f"({turn:,} this turn)")
    return text


# -- the table ----------------------------------------------------------------------------


def notice(game: Game, human: bool) -> str:
    """What is at stake this turn beyond the dice: the last turn's target, a challenge, the
    three-trash penalty.  One line each."""
    if game.over:
        return ""
    lines = [chase_text(game, human)]
    me = person(game, game.current)
    target = game.challenge_target
    if target is not None and game.challenge_slot is not None:
        them = person(game, target)
        penalty = game.rules.challenge_penalties[game.challenge_slot]
        what = "every peg" if game.rules.rotary_club else "a bank"
        lines.append(f"{me.subject} challenged {them.object}: {what} this turn also comes off "
                     f"{them.possessive} board; trash costs {me.object} {penalty:,}.")
    streak = game.trash_streak[game.current]
    if (game.rules.three_trash and not game.rules.rotary_club and streak == 2
            and game.phase in (Phase.START, Phase.CHOOSE)):
        lines.append(f"Careful: {me.object} threw trash the last two turns; a third costs "
                     f"{me.object} {THREE_TRASH_PENALTY:,}.")
    return "\n".join(line for line in lines if line)
