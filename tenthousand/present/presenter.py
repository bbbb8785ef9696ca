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

from ..i18n import N_, _, ngettext, number
from ..model import Game
from ..model.game import Phase
from .lines import (
    AGAIN,
    DISCARD_FIRST,
    NOT_BANKED,
    SOLVE_FAILED_STATUS,
    SOLVED_STATUS,
    SOLVING_PREFIX,
    Cue,
    as_expert_line,
    at_friends_screen,
    cue,
    fingerprint_line,
    first_throw_hint,
    log_line,
    not_your_turn,
    over_reason,
    result_text,
    sentence,
    solving_status,
    start_line,
    start_lines,
    thinking_status,
    window_title,
)
from .play_area import area_label, discard_offers
from .stakes import bank_outcome, challenge_from, challenges_text, notice, person, residue

__all__ = ["AGAIN", "DISCARD_FIRST", "NOT_BANKED", "SOLVE_FAILED_STATUS", "SOLVED_STATUS", "SOLVING_PREFIX", "Cue",
           "as_expert_line", "cue", "fingerprint_line", "log_line", "not_your_turn",
           "result_text", "sentence", "solving_status", "start_line", "start_lines", "thinking_status",
           "window_title",
           "LEVEL_NAMES", "TableDisplay", "SeatRow", "ActionBarDisplay", "Context", "Display",
           "display", "table", "seat_rows", "stage_text", "action_bar", "area_label",
           "discard_offers", "LOG_TAIL", "FROZEN", "THROW", "BANK"]

#: What a selection of thrown dice is worth: its words and points (None: it does not
#: score), as :meth:`~tenthousand.model.game.Game.describe_selection` gives them.
Described = tuple[str, int | None]

LEVEL_NAMES = {"beginner": N_("Beginner"), "normal": N_("Normal"), "expert": N_("Expert"),
               "max-expected": N_("Best average"), "perfect": N_("Perfect")}

#: How many of a game's last events the log panel shows when it is filled at once (a
#: resumed game, an undo, a step of the replay); the panel keeps 400 lines at most.
LOG_TAIL = 120


# -- what the views draw -----------------------------------------------------------------


#: The label of the dice frozen in this stretch (of the turn: since its start or a corner;
#: a corner clears them, and the rules window says so).
# Translators: the label of the row of dice frozen so far (since the turn began, or since
# the last time all six were frozen and six fresh dice came back).
FROZEN = N_("Frozen so far")


@dataclass(frozen=True)
class TableDisplay:
    """What the table shows now.  ``frozen`` holds one tuple of faces per throw."""

    caption: str = ""
    thrown: tuple[int, ...] = ()
    thrown_state: str = "normal"  # normal, dim (last turn) or trash
    selected: frozenset[int] = field(default_factory=frozenset)
    thrown_clickable: bool = False
    frozen: tuple[tuple[int, ...], ...] = ()
    frozen_label: str = field(default_factory=lambda: _(FROZEN))
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
    challenge_from: int | None = None  # the game point, when the one left opens only there

    def details(self) -> str:
        """The line under the seat's name: "Expert AI · on board · 8 match points"."""
        return " \u00b7 ".join(self.parts())

    def parts(self) -> list[str]:
        """The pieces of :meth:`details`, each a phrase not to be broken across lines."""
        parts = [self.player]
        if self.show_on_board:
            parts.append(_("on board") if self.on_board else _("not on board"))
        if self.challenges is not None:
            parts.append(challenges_text(self.challenges, self.challenge_from))
        if self.trash_streak is not None:
            parts.append(_("trash turns in a row: {n} of 3").format(n=self.trash_streak))
        if self.show_match:
            # Translators: a seat's match points so far, on the scoreboard.
            parts.append(ngettext("{points} match point", "{points} match points",
                                  self.match_points).format(points=number(self.match_points)))
        return parts


# Translators: the table's buttons; the key that does the same is in brackets.
THROW = N_("Throw (Space)")
BANK = N_("Bank (B)")


@dataclass(frozen=True)
class ActionBarDisplay:
    """The buttons under the table, the line beside them, or the challenge prompt."""

    throw_text: str = field(default_factory=lambda: _(THROW))
    throw_ok: bool = False
    bank_text: str = field(default_factory=lambda: _(BANK))
    bank_ok: bool = False
    reason: str = ""
    bad: bool = False  # the reason is a refusal or a warning (shown in red)
    bank_shown: bool = True  # False in Rotary Club, where nobody banks
    question: str = ""  # not empty: ask whom to challenge instead of the buttons
    targets: tuple[tuple[int, str], ...] = ()
    confirm_bank: str = ""  # not empty: banking now loses the game; ask this first


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
    remote: frozenset[int] = frozenset()  # a network game's seats played at other screens
    held: bool = False  # the game waits while the host's table fills
    #: A friend's screen whose table is gone: what the prompt says ("": the table is there).
    gone: str = ""

    def human_to_play(self, game: Game) -> bool:
        return not (game.over or self.held or self.gone or self.computers[game.current]
                    or game.current in self.remote)


def _caption(game: Game, ctx: Context) -> str:
    me = person(game, game.current)
    if game.over:
        return _("Game over")
    if ctx.held:  # Translators: the table's caption while the host's lobby is open.
        return _("Waiting for the table")
    if ctx.gone:  # Translators: the table's caption on a friend's screen once the host left.
        return _("The table is closed")
    if ctx.computers[game.current] or game.current in ctx.remote:
        caption = (me.pick(_("You are playing (thinking...)"), _("{name} is playing (thinking...)"))
                   if ctx.thinking else me.pick(_("You are playing"), _("{name} is playing")))
    else:
        caption = (_("Your turn") if len(game.seats) == 1 or me.you
                   else _("{name}, your turn").format(name=me.name))
    if game.stage == "catch-up":
        # Translators: {caption} is "Your turn", "Ann is playing"...
        caption = _("{caption} - last turn").format(caption=caption)
    elif game.stage == "tie-break":
        caption = _("{caption} - tie-break").format(caption=caption)
    return caption


def _footer(game: Game) -> str:
    rules = game.rules
    footer = rules.label
    if number(rules.game_point) not in footer and str(rules.game_point) not in footer:
        # Translators: the rules in play, bottom right of the table.
        footer = _("{rules}  \u00b7  game point {points}").format(
            rules=footer, points=number(rules.game_point))
    if rules.rotary_club:
        footer = _("{rules}  \u00b7  lowest score wins").format(rules=footer)
    return footer


def _need(game: Game) -> str:
    if game.over:
        return ""
    if game.rules.rotary_club:
        return _("No banking: each corner (all six dice frozen) adds the turn score to the board")
    minimum = game.minimum(game.current)
    if minimum <= 0:
        return ""
    if game.board[game.current] == 0:
        return _("{points} needed to get on the board").format(points=number(minimum))
    return _("{points} needed to bank").format(points=number(minimum))




@dataclass(frozen=True)
class Display:
    """Everything the window shows of the game after one change, worked out once: the
    table, the scoreboard (its seats, the line above them) and the action bar."""

    table: TableDisplay
    seats: tuple[SeatRow, ...]
    stage: str
    challenging: bool
    bar: ActionBarDisplay


def display(game: Game, ctx: Context) -> Display:
    """The window's display of ``game``; the selection is described once for the table
    and the bar (a click on a die costs one :meth:`describe_selection`)."""
    described = (game.describe_selection(sorted(ctx.selection))
                 if game.phase is Phase.CHOOSE else None)
    return Display(table(game, ctx, described), seat_rows(game, ctx), stage_text(game),
                   game.rules.challenging, action_bar(game, ctx, described))


def table(game: Game, ctx: Context, described: Described | None = None) -> TableDisplay:
    """The table now: dice, captions, what is needed and what is at stake (``described``:
    the selection's words and points, when the caller has them already)."""
    human = ctx.human_to_play(game)
    common: dict[str, Any] = {
        "caption": _caption(game, ctx), "footer": _footer(game),
        "play_area": tuple(game.play_area) if game.rules.mutant_trash else None,
        "area_label": area_label(game), "notice": notice(game, human),
    }
    if game.phase is Phase.CHOOSE:
        return _choosing(game, ctx, common, described)
    if game.phase is Phase.DISCARD:
        return _discarding(game, ctx, common)
    return _between_turns(game, ctx, common)


def _turn_score(game: Game, picked: int | None = None) -> str:
    """The turn score, top left; with ``picked``, the points of the dice picked and not yet
    frozen, which the dice to throw and the Bank button already count."""
    if picked is not None:
        # Translators: the turn score so far and the points of the dice picked (not yet
        # frozen), top left of the table: "Turn score 700 + 350 picked"; the second, when
        # the pick takes points off (pyramiding: "Turn score 4,000 - 2,000 picked").
        text = (_("Turn score {points} + {picked} picked") if picked >= 0
                else _("Turn score {points} - {picked} picked"))
        return text.format(points=number(game.turn_score), picked=number(abs(picked)))
    # Translators: the points of the turn so far, top left of the table.
    return _("Turn score {points}").format(points=number(game.turn_score))


def _dice_left(left: int) -> str:
    # Translators: how many dice the next throw throws, top right of the table.
    return ngettext("Dice to throw {n}", "Dice to throw {n}", left).format(n=left)


def _choosing(game: Game, ctx: Context, common: dict[str, Any],
              described: Described | None) -> TableDisplay:
    human = ctx.human_to_play(game)
    left = len(game.thrown) - len(ctx.selection)
    text, ok, picked = "", None, None
    if ctx.selection:
        words, points = described or game.describe_selection(sorted(ctx.selection))
        text, ok, picked = words, points is not None, points
        better = game.better_freeze(sorted(ctx.selection)) if human and ok else None
        if better is not None:
            # Translators: a selection that scores more with fewer dice: {selection} is
            # how it counts now ("three pairs = 2,000"), {dice} the dice that score more
            # on their own ("5 5 5 5"), {points} what they score.
            text = _("{selection}; {dice} alone would score {points}").format(
                selection=words, dice=" ".join(str(d) for d in better[0]),
                points=number(better[1]))
        if not human and ctx.decision_bank is not None and ok:
            # Translators: {selection} is what the computer picked ("three 4s and a 5, 500").
            text = (_("{selection}  -  banks") if ctx.decision_bank
                    else _("{selection}  -  throws again")).format(selection=words)
    elif human:
        text = _("Click dice or press 1-6 to choose what to freeze")
    return TableDisplay(
        thrown=game.thrown, selected=frozenset(ctx.selection), thrown_clickable=human,
        frozen=tuple(game.frozen), frozen_label=_(FROZEN), turn_score=_turn_score(game, picked),
        dice_left=(_dice_left(left) if left else _("Next throw: 6 fresh dice")
                   if game.rules.dice == 6 else _("Next throw: 5 fresh dice")),
        need=_need(game), selection=text, selection_ok=ok, **common)


def _discarding(game: Game, ctx: Context, common: dict[str, Any]) -> TableDisplay:
    human = ctx.human_to_play(game)
    me = person(game, game.current)
    label = (_("Your last stretch") if human else
             me.pick(_("You play one of these dice into the play area"),
                     _("{name} plays one of these dice into the play area")))
    return TableDisplay(
        thrown=residue(game).thrown, thrown_state="dim", frozen=(tuple(game.discard_choices),),
        frozen_label=label, frozen_clickable=human,
        frozen_marked=None if human else ctx.discard_mark,
        turn_score=(_("Banked {points}").format(points=number(game.turn_score))
                    if game.turn_score else ""),
        selection=discard_offers(game) if human else "", **common)


def _between_turns(game: Game, ctx: Context, common: dict[str, Any]) -> TableDisplay:
    """START or OVER: the last turn's dice stay on the table, dimmed."""
    human = ctx.human_to_play(game)
    last = residue(game)
    hint = ""
    if human:
        hint = (_("Challenge a player, or throw without a challenge") if ctx.challenge_offered
                else first_throw_hint(game))
    shown = bool(last.frozen or last.thrown)
    return TableDisplay(
        thrown=last.thrown, thrown_state=last.state, frozen=last.frozen,
        frozen_state="dim",
        frozen_label=(person(game, last.seat).pick(_("Your last turn"), _("{name}'s last turn"))
                      if shown else _(FROZEN)),
        turn_score="" if game.over else _turn_score(game),
        dice_left="" if game.over else _dice_left(game.rules.dice), need=_need(game),
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
            # Translators: a computer player on the scoreboard: "Expert AI".
            player = _("{level} AI").format(level=_(LEVEL_NAMES.get(level, level)))
            if s < len(ctx.solving) and ctx.solving[s]:
                player = _("{player} (as Expert until solved)").format(player=player)
            elif s < len(ctx.as_expert) and ctx.as_expert[s]:
                player = _("{player} (as Expert)").format(player=player)
        else:  # Translators: on the scoreboard, a person at another screen.
            player = _("Over the network") if s in ctx.remote else _("Human")
        rows.append(SeatRow(
            name=seat.name, player=player, board=game.board[s], on_board=game.on_board(s),
            challenges=game.challenges_left(s) if game.rules.challenging else None,
            match_points=game.match_points[s], to_play=(s == game.current and not game.over),
            winner=(s == winner), show_match=game.games_played > 0,
            show_on_board=not game.rules.rotary_club,
            trash_streak=game.trash_streak[s] if streaks else None,
            challenge_from=challenge_from(game, s)))
    return tuple(rows)


def stage_text(game: Game) -> str:
    """The line above the seats: Rotary Club's rule, the catch-up round, a tie-break."""
    lines = []
    if game.rules.rotary_club:
        lines.append(_("Rotary Club: the lowest score wins. Nobody banks: a turn goes on until "
                       "trash, and each corner adds the turn score to the board (a peg)."))
    if not game.over and game.stage == "catch-up" and game.reacher is not None:
        lines.append(person(game, game.reacher).pick(
            _("Last round: you reached {points}; everyone else has one more turn."),
            _("Last round: {name} reached {points}; everyone else has one more turn."),
            points=number(game.rules.game_point)))
    elif not game.over and game.stage == "tie-break":
        lines.append(_("Tie-break: the players tied for first play one more turn each."))
    return "\n".join(lines)


# -- the action bar -----------------------------------------------------------------------


def action_bar(game: Game, ctx: Context,
               described: Described | None = None) -> ActionBarDisplay:
    """The Throw and Bank buttons, the line beside them, or the challenge prompt
    (``described``: the selection's words and points, when the caller has them)."""
    rotary = game.rules.rotary_club
    if game.over:
        friend = at_friends_screen(game)  # (F8 is the host's there: the next game comes)
        return ActionBarDisplay(_(THROW) if friend else _("Play again (F8)"),
                                ctx.can_rematch and not friend, reason=over_reason(game),
                                bank_shown=not rotary)
    if ctx.gone:  # nothing plays on: not "Computer A is playing..." (issue 42, tour 2)
        return ActionBarDisplay(reason=ctx.gone, bank_shown=not rotary)
    if not ctx.human_to_play(game):
        me = person(game, game.current)
        reason = (_("The game waits for the table.") if ctx.held else
                  me.pick(_("You are thinking..."), _("{name} is thinking...")) if ctx.thinking
                  else me.pick(_("You are playing..."), _("{name} is playing...")))
        return ActionBarDisplay(reason=reason, bank_shown=not rotary)
    if game.phase is Phase.START:
        if ctx.challenge_offered:
            slot = game.challenge_slot_for(game.current) or 0
            penalty = number(game.rules.challenge_penalties[slot])
            # Translators: Rotary Club, where the lowest score wins and every turn ends in
            # trash: a challenge's pegs lower the rival's score, its trash lowers yours.
            question = (_("Challenge someone? This turn every peg also comes off their board, "
                          "which helps them; the trash that ends your turn takes {points} off "
                          "yours, which helps you.") if rotary else
                        _("Challenge someone? This turn your bank also comes off their board; "
                          "trash would cost you {points}.")).format(points=penalty)
            return ActionBarDisplay(
                question=question,
                targets=tuple((s, seat.name) for s, seat in enumerate(game.seats)
                              if s != game.current))
        return ActionBarDisplay(ngettext("Throw {n} die (Space)", "Throw {n} dice (Space)",
                                         game.rules.dice).format(n=game.rules.dice), True,
                                reason=_("Throw to start your turn."), bank_shown=not rotary)
    if game.phase is Phase.DISCARD:
        return ActionBarDisplay(reason=_("Click one of your frozen dice (or press its number) "
                                         "to play it into the play area."),
                                bank_shown=not rotary)
    return _choosing_bar(game, ctx, described)


def _choosing_bar(game: Game, ctx: Context, described: Described | None) -> ActionBarDisplay:
    chosen = sorted(ctx.selection)
    words, points = described or game.describe_selection(chosen)
    left = len(game.thrown) - len(chosen)
    count = game.rules.dice if left == 0 else left
    throw = ngettext("Throw {n} die (Space)", "Throw {n} dice (Space)", count).format(n=count)
    rotary = game.rules.rotary_club
    bank = _(BANK) if points is None else _("Bank {points} (B)").format(
        points=number(game.turn_score + points))
    if points is None:
        reason = (words[0].upper() + words[1:] + ".") if chosen else \
            _("Choose at least one scoring die to freeze.")
        return ActionBarDisplay(throw, False, bank, False, reason, bad=bool(chosen),
                                bank_shown=not rotary)
    if rotary:
        # Translators: {selection} is what the dice picked score ("three 4s, 400").
        return ActionBarDisplay(throw, True, reason=_(
            "{selection}. Throw on: the turn ends with trash, and freezing all six dice pegs "
            "your turn score.").format(selection=words), bank_shown=False)
    refusal = game.bank_refusal(chosen)
    if refusal is not None:
        # Translators: {reason} says why, without its full stop.
        return ActionBarDisplay(throw, True, bank, False,
                                _("You cannot bank: {reason}.").format(reason=refusal))
    outcome, loses = bank_outcome(game, game.turn_score + points)
    if loses:
        return ActionBarDisplay(throw, True, bank, True,
                                _("{selection}. {outcome}").format(selection=words,
                                                                   outcome=outcome),
                                bad=True, confirm_bank=_("{outcome} Bank anyway?").format(
                                    outcome=outcome))
    return ActionBarDisplay(throw, True, bank, True, _("{selection}. {outcome}").format(
        selection=words, outcome=outcome or _("Throw on, or bank.")))
