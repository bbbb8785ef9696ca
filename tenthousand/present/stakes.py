"""What is at stake, as plain data for the presenter: who plays (as a grammatical
person), the last turn's chase (D-8, D-9), what a bank would do, the notice above the dice,
and the dice the last stretch left on the table.  No tkinter here."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, ngettext, number
from ..model import Corner, Frozen, Game, Thrown, TurnStarted
from ..model.game import Phase
from ..model.grammar import Person

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


def pair(one: Person, other: Person, you_other: str, other_you: str, neither: str,
         **values: object) -> str:
    """One whole sentence about two seats, already translated: ``you_other`` when ``one``
    is the player at the screen, ``other_you`` when ``other`` is, ``neither`` otherwise;
    ``{name}`` is ``one``'s name and ``{other}`` the other's."""
    text = you_other if one.you else other_you if other.you else neither
    return text.format(name=one.name, other=other.name, **values)


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
    points = number(total)
    if mine > top:
        return (_("Banking {points} wins the game.") if c.final
                else _("Banking {points} puts you in the lead.")).format(points=points), False
    if mine == top:
        return leader.pick(
            _("Banking {points} ties you with you for first: a tie-break follows."),
            _("Banking {points} ties you with {name} for first: a tie-break follows."),
            points=points), False
    # the gap to the leader as the bank leaves it (not the distance to a winning bank,
    # which is one step more: that is the notice's "reach ... to win")
    behind = number(top - mine)
    # Translators: said to the player whose last turn it is; {name} is the leader (a seat
    # named "You" is the player at the screen when several people share it); {behind} is
    # how far below the leader's score the bank leaves the player.
    if len(game.seats) == 2:
        text = leader.pick(_("Banking {points} leaves you {behind} behind you: you lose."),
                           _("Banking {points} leaves you {behind} behind {name}: you lose."),
                           points=points, behind=behind)
    else:
        text = leader.pick(
            _("Banking {points} leaves you {behind} behind you: you cannot win."),
            _("Banking {points} leaves you {behind} behind {name}: you cannot win."),
            points=points, behind=behind)
    return text, True


def chase_text(game: Game, human: bool) -> str:
    """The line that says what the last turn must reach."""
    if game.over or game.stage not in ("catch-up", "tie-break"):
        return ""
    me = person(game, game.current)
    if game.rules.rotary_club:
        return _("Last turn: the lowest score wins, and every corner adds to the board.")
    c = chase(game)
    if c is None:
        return ""
    if c.win_turn == 0:
        return _("Last turn: you are already ahead of everyone.") if human else me.pick(
            _("Your last turn: already ahead of everyone."),
            _("{name}'s last turn: already ahead of everyone."))
    need = max(c.win_turn, game.minimum(c.seat))
    # Translators: inside the brackets of the last turn's line: "(450 this turn, 100 to go)".
    detail = (_("{need} this turn, {left} to go") if 0 < game.turn_score < need
              else _("{need} this turn")).format(need=number(need),
                                                 left=number(need - game.turn_score))
    if human:
        # Translators: {board} is the score to reach, {detail} "450 this turn".
        text = (_("Last turn: reach {board} to win ({detail})") if c.final
                else _("Last turn: reach {board} to take the lead ({detail})"))
    elif c.final:
        text = (_("Your last turn: {board} to win ({detail})") if me.you
                else _("{name}'s last turn: {board} to win ({detail})"))
    else:
        text = (_("Your last turn: {board} to take the lead ({detail})") if me.you
                else _("{name}'s last turn: {board} to take the lead ({detail})"))
    text = text.format(board=number(c.board_after(game, need)), detail=detail, name=me.name)
    if c.next_seat is not None:
        turn = max(c.next_turn, game.minimum(c.seat))
        # Translators: {text} is the line above; a score that passes the seat just above.
        text = person(game, c.next_seat).pick(
            _("{text}; {board} passes you ({turn} this turn)"),
            _("{text}; {board} passes {name} ({turn} this turn)"),
            text=text, board=number(c.board_after(game, turn)), turn=number(turn))
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
        penalty = number(game.rules.challenge_penalties[game.challenge_slot])
        them = person(game, target)
        if game.rules.rotary_club:
            lines.append(pair(
                me, them,
                _("You challenged {other}: every peg this turn also comes off {other}'s board; "
                  "the trash that ends your turn takes {points} off yours."),
                _("{name} challenged you: every peg this turn also comes off your board; "
                  "the trash that ends the turn takes {points} off {name}'s."),
                _("{name} challenged {other}: every peg this turn also comes off {other}'s "
                  "board; the trash that ends the turn takes {points} off {name}'s."),
                points=penalty))
        else:
            lines.append(pair(
                me, them,
                _("You challenged {other}: a bank this turn also comes off {other}'s board; "
                  "trash costs you {points}."),
                _("{name} challenged you: a bank this turn also comes off your board; "
                  "trash costs {name} {points}."),
                _("{name} challenged {other}: a bank this turn also comes off {other}'s "
                  "board; trash costs {name} {points}."), points=penalty))
    streak, rules = game.trash_streak[game.current], game.rules
    if (rules.three_trash and not rules.rotary_club and streak == rules.trash_run - 1
            and game.phase in (Phase.START, Phase.CHOOSE)):
        points = number(rules.trash_penalty)  # the rule set's, not the presets' 1,000
        if streak == 2:
            lines.append(me.pick(
                _("Careful: you threw trash the last two turns; a third costs you {points}."),
                _("Careful: {name} threw trash the last two turns; a third costs {name} "
                  "{points}."), points=points))
        else:
            lines.append(me.pick(
                _("Careful: one more trash turn in a row costs you {points}."),
                _("Careful: one more trash turn in a row costs {name} {points}."),
                points=points))
    return "\n".join(line for line in lines if line)


def challenge_from(game: Game, seat: int) -> int | None:
    """The game point, when the seat's one challenge left is the second and its board
    score is below it, so none is offered now (the second is made at the game point and
    above); else None."""
    if (game.rules.challenging and game.challenges_left(seat) == 1
            and game.challenges_used[seat][0] and game.board[seat] < game.rules.game_point):
        return game.rules.game_point
    return None


def challenges_text(left: int, opens_at: int | None = None) -> str:
    """How many challenges a seat has left, as the scoreboard says it ("2 challenges";
    "1 challenge, from 10,000" when the one left opens only at the game point)."""
    if left == 0:
        # Translators: how many challenges a seat has left, on the scoreboard.
        return _("no challenge")
    if opens_at is not None:
        # Translators: on the scoreboard: the second challenge, which opens only when the
        # seat's board score reaches the game point ({points}).
        return _("1 challenge, from {points}").format(points=number(opens_at))
    return ngettext("{n} challenge", "{n} challenges", left).format(n=left)
