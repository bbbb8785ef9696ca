"""The presenter: what the window shows, worked out from the game as plain data.

Pure functions of the game and of what the controller knows (the selection, who the
computer plays, the pending computer move, the dice left from the last stretch ...).  They
return frozen dataclasses that the views draw; nothing here imports tkinter, so all of it
is tested without a display.  Every text that holds a seat name is built with
:class:`~tenthousand.model.grammar.Person`, so "You" reads as the second person.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import (
    Banked,
    CatchUp,
    Challenged,
    Corner,
    Discarded,
    Event,
    Game,
    GameOver,
    Pegged,
    Penalty,
    ScoreTaken,
    TieBreak,
    Trash,
    TurnStarted,
    best_score,
)
from .model.game import Phase
from .model.grammar import Person
from .presenter_stakes import bank_outcome, notice, person, residue

LEVEL_NAMES = {"beginner": "Beginner", "normal": "Normal", "expert": "Expert",
               "max-expected": "Best average", "perfect": "Perfect"}

_LOG_TAGS: dict[type[Event], str] = {
    TurnStarted: "turn", Banked: "bank", Pegged: "bank", Trash: "trash", Penalty: "trash",
    Corner: "corner", Challenged: "challenge", ScoreTaken: "challenge", GameOver: "over",
    CatchUp: "corner", TieBreak: "corner", Discarded: "bank",
}

AGAIN = "F8 plays again, Esc sets up a new game"

#: How many of a game's last events the log panel shows when it is filled at once (a
#: resumed game, an undo, a step of the replay); the panel keeps 400 lines at most.
LOG_TAIL = 120


# -- what the views draw -----------------------------------------------------------------


@dataclass(frozen=True)
class TableDisplay:
    """What the table shows now.  ``frozen`` holds one tuple of faces per throw."""

    caption: str = ""
    thrown: tuple[int, ...] = ()
    thrown_state: str = "normal"  # normal, dim (last turn) or trash
    selected: frozenset[int] = field(default_factory=frozenset)
    thrown_clickable: bool = False
    frozen: tuple[tuple[int, ...], ...] = ()
    frozen_label: str = "Frozen this stretch"
    frozen_state: str = "frozen"  # frozen or dim
    frozen_clickable: bool = False  # Mutant Trash: click one to discard it
    frozen_marked: int | None = None  # a die about to be discarded (index across groups)
    play_area: tuple[int, ...] | None = None  # None: not a Mutant Trash game
    area_label: str = ""  # what the play area is worth, and for whom
    turn_score: str = ""
    dice_left: str = ""
    need: str = ""
    notice: str = ""  # what is at stake this turn: the last turn, a challenge, a penalty
    selection: str = ""
    selection_ok: bool | None = None  # None: a hint, not a judgement
    hint: str = ""
    footer: str = ""  # the rules in play, bottom right


@dataclass(frozen=True)
class SeatRow:
    """What the scoreboard shows for one seat."""

    name: str
    player: str  # "Human", "Expert AI"...
    board: int
    on_board: bool
    challenges: int | None  # None: challenging is off
    match_points: int
    to_play: bool = False
    winner: bool = False
    show_match: bool = True  # False until a game of the match has ended
    show_on_board: bool = True  # False in Rotary Club, where nobody needs to get on
    trash_streak: int | None = None  # trash turns in a row (None: no three-trash penalty)

    def details(self) -> str:
        parts = [self.player]
        if self.show_on_board:
            parts.append("on board" if self.on_board else "not on board")
        if self.challenges is not None:
            parts.append({0: "no challenge", 1: "1 challenge"}.get(
                self.challenges, f"{self.challenges} challenges"))
        if self.trash_streak is not None:
            parts.append(f"trash turns in a row: {self.trash_streak} of 3")
        if self.show_match:
            parts.append(f"match {self.match_points}")
        return " \u00b7 ".join(parts)


@dataclass(frozen=True)
class ActionBarDisplay:
    """The buttons under the table, the line beside them, or the challenge prompt."""

    throw_text: str = "Throw (Space)"
    throw_ok: bool = False
    bank_text: str = "Bank (B)"
    bank_ok: bool = False
    reason: str = ""
    bad: bool = False  # the reason is a refusal or a warning (shown in red)
    bank_shown: bool = True  # False in Rotary Club, where nobody banks
    question: str = ""  # not empty: ask whom to challenge instead of the buttons
    targets: tuple[tuple[int, str], ...] = ()
    confirm_bank: str = ""  # not empty: banking now loses the game; ask this first


@dataclass(frozen=True)
class Cue:
    """A banner across the table; ``ms=None`` keeps it until it is cleared."""

    kind: str  # trash, corner, win or info
    text: str
    ms: int | None


@dataclass(frozen=True)
class Context:
    """What the controller knows beyond the game."""

    computers: tuple[bool, ...]  # per seat: the computer plays it (demo mode included)
    levels: tuple[str, ...] = ()  # per seat: the level the computer plays at
    as_expert: tuple[bool, ...] = ()  # per seat: a Perfect player falls back to Expert
    solving: tuple[bool, ...] = ()  # per seat: ... while its table is solved
    selection: frozenset[int] = frozenset()
    thinking: bool = False
    decision_bank: bool | None = None  # the computer's move on show: bank or throw
    discard_mark: int | None = None  # the die the computer is about to discard
    challenge_offered: bool = False
    can_rematch: bool = False

    def human_to_play(self, game: Game) -> bool:
        return not game.over and not self.computers[game.current]


def _caption(game: Game, ctx: Context) -> str:
    me = person(game, game.current)
    if game.over:
        return "Game over"
    if ctx.computers[game.current]:
        caption = me.says("is") + " playing" + (" (thinking...)" if ctx.thinking else "")
    else:
        caption = ("Your turn" if len(game.seats) == 1 or me.you
                   else f"{me.subject}, your turn")
    if game.stage == "catch-up":
        caption += " - last turn"
    elif game.stage == "tie-break":
        caption += " - tie-break"
    return caption


def _footer(game: Game) -> str:
    rules = game.rules
    footer = rules.label
    if f"{rules.game_point:,}" not in footer and str(rules.game_point) not in footer:
        footer += f"  \u00b7  game point {rules.game_point:,}"
    if rules.rotary_club:
        footer += "  \u00b7  lowest score wins"
    return footer


def _need(game: Game) -> str:
    if game.over:
        return ""
    if game.rules.rotary_club:
        return "No banking: each corner (all six dice frozen) adds the turn score to the board"
    minimum = game.minimum(game.current)
    if minimum <= 0:
        return ""
    word = "to get on the board" if game.board[game.current] == 0 else "to bank"
    return f"{minimum:,} needed {word}"


def area_label(game: Game) -> str:
    """Mutant Trash: what the play area is worth as it lies, and whom it scores for next
    (D-13: after each discard the whole area scores for the other player)."""
    if not game.rules.mutant_trash:
        return ""
    value = best_score(game.play_area, game.rules) if game.play_area else 0
    worth = f"Play area: {value:,} as it lies" if game.play_area else "Play area: empty"
    if game.over:
        return worth
    me, other = person(game, game.current), person(game, 1 - game.current)
    if game.phase is Phase.DISCARD:
        return (f"{worth} \u00b7 {me.says('plays')} a die into it, and it scores for "
                f"{other.object}")
    return f"{worth} \u00b7 after this turn it scores for {other.object}"


def discard_offers(game: Game) -> str:
    """Mutant Trash, a discard to make: what each die would give the other player."""
    other = person(game, 1 - game.current)
    offers = []
    for die in sorted(set(game.discard_choices)):
        area = (list(game.play_area) + [die])[-6:]
        offers.append(f"{best_score(area, game.rules):,} for a {die}")
    return f"{other.subject} would get " + ", ".join(offers)


def table(game: Game, ctx: Context) -> TableDisplay:
    """The table now: dice, captions, what is needed and what is at stake."""
    human = ctx.human_to_play(game)
    common: dict[str, Any] = {
        "caption": _caption(game, ctx), "footer": _footer(game),
        "play_area": tuple(game.play_area) if game.rules.mutant_trash else None,
        "area_label": area_label(game), "notice": notice(game, human),
    }
    if game.phase is Phase.CHOOSE:
        return _choosing(game, ctx, common)
    if game.phase is Phase.DISCARD:
        return _discarding(game, ctx, common)
    return _between_turns(game, ctx, common)


def _choosing(game: Game, ctx: Context, common: dict[str, Any]) -> TableDisplay:
    human = ctx.human_to_play(game)
    left = len(game.thrown) - len(ctx.selection)
    text, ok = "", None
    if ctx.selection:
        words, points = game.describe_selection(sorted(ctx.selection))
        text, ok = words, points is not None
        if not human and ctx.decision_bank is not None and ok:
            text += "  -  banks" if ctx.decision_bank else "  -  throws again"
    elif human:
        text = "Click dice or press 1-6 to choose what to freeze"
    return TableDisplay(
        thrown=game.thrown, selected=frozenset(ctx.selection), thrown_clickable=human,
        frozen=tuple(game.frozen), frozen_label="Frozen this stretch",
        turn_score=f"Turn score {game.turn_score:,}",
        dice_left="Next throw: 6 fresh dice" if left == 0 else f"Dice to throw {left}",
        need=_need(game), selection=text, selection_ok=ok, **common)


def _discarding(game: Game, ctx: Context, common: dict[str, Any]) -> TableDisplay:
    human = ctx.human_to_play(game)
    me = person(game, game.current)
    label = ("Your last stretch" if human else
             f"{me.says('plays')} one of these dice into the play area")
    return TableDisplay(
        thrown=residue(game).thrown, thrown_state="dim", frozen=(tuple(game.discard_choices),),
        frozen_label=label, frozen_clickable=human,
        frozen_marked=None if human else ctx.discard_mark,
        turn_score=f"Banked {game.turn_score:,}" if game.turn_score else "",
        selection=discard_offers(game) if human else "", **common)


def _between_turns(game: Game, ctx: Context, common: dict[str, Any]) -> TableDisplay:
    """START or OVER: the last turn's dice stay on the table, dimmed."""
    human = ctx.human_to_play(game)
    last = residue(game)
    hint = ""
    if human:
        hint = ("Challenge a player, or throw without a challenge" if ctx.challenge_offered
                else "Press Space or click Throw to throw six dice")
    shown = bool(last.frozen or last.thrown)
    return TableDisplay(
        thrown=last.thrown, thrown_state=last.state, frozen=last.frozen,
        frozen_state="dim",
        frozen_label=(f"{person(game, last.seat).Possessive} last turn" if shown
                      else "Frozen this stretch"),
        turn_score="" if game.over else f"Turn score {game.turn_score:,}",
        dice_left="" if game.over else "Dice to throw 6", need=_need(game),
        hint=hint if not last.thrown else "",
        selection=hint if last.thrown and human else "", **common)


# -- the scoreboard -----------------------------------------------------------------------


def seat_rows(game: Game, ctx: Context) -> tuple[SeatRow, ...]:
    winner = game.result.seat if game.result is not None else None
    streaks = game.rules.three_trash and not game.rules.rotary_club
    rows = []
    for s, seat in enumerate(game.seats):
        if ctx.computers[s]:
            level = ctx.levels[s] if s < len(ctx.levels) else seat.level
            player = f"{LEVEL_NAMES.get(level, level)} AI"
            if s < len(ctx.solving) and ctx.solving[s]:
                player += " (as Expert until solved)"
            elif s < len(ctx.as_expert) and ctx.as_expert[s]:
                player += " (as Expert)"
        else:
            player = "Human"
        rows.append(SeatRow(
            name=seat.name, player=player, board=game.board[s], on_board=game.on_board(s),
            challenges=game.challenges_left(s) if game.rules.challenging else None,
            match_points=game.match_points[s], to_play=(s == game.current and not game.over),
            winner=(s == winner), show_match=game.games_played > 0,
            show_on_board=not game.rules.rotary_club,
            trash_streak=game.trash_streak[s] if streaks else None))
    return tuple(rows)


def stage_text(game: Game) -> str:
    """The line above the seats: Rotary Club's rule, the catch-up round, a tie-break."""
    lines = []
    if game.rules.rotary_club:
        lines.append("Rotary Club: the lowest score wins. Nobody banks: a turn goes on until "
                     "trash, and each corner adds the turn score to the board (a peg).")
    if not game.over and game.stage == "catch-up" and game.reacher is not None:
        lines.append(f"Last round: {person(game, game.reacher).subject} reached "
                     f"{game.rules.game_point:,}; everyone else has one more turn.")
    elif not game.over and game.stage == "tie-break":
        lines.append("Tie-break: the players tied for first play one more turn each.")
    return "\n".join(lines)


# -- the action bar -----------------------------------------------------------------------


def action_bar(game: Game, ctx: Context) -> ActionBarDisplay:
    """The Throw and Bank buttons, the line beside them, or the challenge prompt."""
    rotary = game.rules.rotary_club
    if game.over:
        return ActionBarDisplay(
            "Play again (F8)", ctx.can_rematch, reason="Game over. F8 plays again with the "
            "same players; Esc sets up a new game.", bank_shown=not rotary)
    if not ctx.human_to_play(game):
        what = "thinking..." if ctx.thinking else "playing..."
        return ActionBarDisplay(reason=f"{person(game, game.current).says('is')} {what}",
                                bank_shown=not rotary)
    if game.phase is Phase.START:
        if ctx.challenge_offered:
            slot = game.challenge_slot_for(game.current) or 0
            penalty = game.rules.challenge_penalties[slot]
            what = "every peg" if rotary else "your bank"
            return ActionBarDisplay(
                question=f"Challenge someone? This turn {what} also comes off their board; "
                         f"trash would cost you {penalty:,}.",
                targets=tuple((s, seat.name) for s, seat in enumerate(game.seats)
                              if s != game.current))
        return ActionBarDisplay("Throw 6 dice (Space)", True, reason="Throw to start your turn.",
                                bank_shown=not rotary)
    if game.phase is Phase.DISCARD:
        return ActionBarDisplay(reason="Click one of your frozen dice (or press its number) to "
                                "play it into the play area.", bank_shown=not rotary)
    return _choosing_bar(game, ctx)


def _choosing_bar(game: Game, ctx: Context) -> ActionBarDisplay:
    chosen = sorted(ctx.selection)
    words, points = game.describe_selection(chosen)
    left = len(game.thrown) - len(chosen)
    count = 6 if left == 0 else left
    throw = f"Throw {count} {'die' if count == 1 else 'dice'} (Space)"
    rotary = game.rules.rotary_club
    bank = "Bank (B)" if points is None else f"Bank {game.turn_score + points:,} (B)"
    if points is None:
        reason = (words[0].upper() + words[1:] + ".") if chosen else \
            "Choose at least one scoring die to freeze."
        return ActionBarDisplay(throw, False, bank, False, reason, bad=bool(chosen),
                                bank_shown=not rotary)
    if rotary:
        return ActionBarDisplay(throw, True, reason=f"{words}. Throw on: the turn ends with "
                                "trash, and freezing all six dice pegs your turn score.",
                                bank_shown=False)
    refusal = game.bank_refusal(chosen)
    if refusal is not None:
        return ActionBarDisplay(throw, True, bank, False, f"You cannot bank: {refusal}.")
    outcome, loses = bank_outcome(game, game.turn_score + points)
    if loses:
        return ActionBarDisplay(throw, True, bank, True, f"{words}. {outcome}", bad=True,
                                confirm_bank=f"{outcome} Bank anyway?")
    return ActionBarDisplay(throw, True, bank, True,
                            f"{words}. {outcome or 'Throw on, or bank.'}")


# -- cues, the result and other lines -----------------------------------------------------


def cue(game: Game, event: Event) -> Cue | None:
    """The banner an event puts on the table, if any."""
    who = person(game, event.seat) if event.seat >= 0 else Person("")
    if isinstance(event, Corner):
        return Cue("corner", f"Corner! Six fresh dice for {who.object}", 1300)
    if isinstance(event, Trash):
        lost = f" {who.subject} lost {event.lost:,}" if event.lost else ""
        return Cue("trash", f"Trash!{lost}", 1500)
    if isinstance(event, Banked):
        return Cue("info", f"{who.subject} banked {event.points:,}", 1000)
    if isinstance(event, Pegged):
        return Cue("corner", f"Pegged: {event.points:,} onto {who.possessive} board", 1300)
    if isinstance(event, Challenged):
        return Cue("info", f"{who.subject} challenged {person(game, event.target).object}!",
                   1300)
    if isinstance(event, Discarded):
        return Cue("info", f"{who.subject} played a {event.die}: {event.points:,} for "
                           f"{person(game, event.to_seat).object}", 1300)
    if isinstance(event, CatchUp):
        return Cue("corner", f"{who.subject} reached {game.rules.game_point:,}!\n"
                             "Everyone else has one more turn", 1800)
    if isinstance(event, TieBreak):
        return Cue("corner", "A tie for first place: one more turn each", 1800)
    if isinstance(event, GameOver):
        return Cue("win", result_text(game, event), None)
    return None


def result_text(game: Game, over: GameOver) -> str:
    winner = person(game, over.seat)
    if len(over.ranking) == 1:
        return (f"{winner.subject} reached {game.rules.game_point:,} in {over.turns} turns!"
                f"\n{AGAIN}")
    lines = [f"{winner.says('wins')}!"]
    if game.rules.rotary_club:
        lines.append("(the lowest score wins in Rotary Club)")
    for seat, rank, board, points in over.ranking:
        lines.append(f"{rank}.  {game.seats[seat].name}   {board:,}   (+{points} match points)")
    lines += ["", AGAIN]
    return "\n".join(lines)


def log_line(game: Game, event: Event) -> tuple[str, str]:
    """An event's line in the game log, and its tag (its colour)."""
    return event.message(game.names), _LOG_TAGS.get(type(event), "info")


def start_line(game: Game, resumed: bool = False) -> str:
    """The log's first line: a new game, or one resumed from its save."""
    label, point = game.rules.label, f"{game.rules.game_point:,}"
    goal = "" if point in label else f", to {point}"  # a label may name its game point
    return f"{'Resumed game' if resumed else 'New game'}: {label}{goal}."


def as_expert_line(game: Game, seat: int, why: str) -> str:
    return f"{person(game, seat).subject} (Perfect) {person(game, seat).verb('plays')} " \
           f"as Expert: {why}."


SOLVING_PREFIX = "Solving perfect play for these rules"
SOLVED_STATUS = "Perfect play is solved for these rules: Perfect plays its best from now on."
SOLVE_FAILED_STATUS = ("Perfect play could not be solved for these rules "
                       "(the log file says why): Perfect goes on playing as Expert.")


def solving_status(share: float) -> str:
    """The status bar while a Perfect player's table is solved in the background."""
    return f"{SOLVING_PREFIX}: {int(share * 100)}%..."


def thinking_status(game: Game) -> str:
    return f"{person(game, game.current).says('is')} thinking..."


def not_your_turn(game: Game) -> str:
    """The status line when a key is pressed while the computer plays."""
    if game.over:
        return f"The game is over: {AGAIN}."
    me = person(game, game.current)
    if me.you:  # demo mode plays the seat called "You"
        return "Wait: the computer is playing your turn."
    return f"Wait: it is {me.possessive} turn."
