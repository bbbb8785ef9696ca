"""The presenter's lines: the banners events put on the table, the result, the log's and
the status bar's lines.  Plain data from the game; no tkinter here (see
:mod:`tenthousand.present.presenter`, which offers all of these too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..history.codes import fingerprint_of, short_fingerprint
from ..i18n import N_, _, ngettext, number, percent
from ..model import (
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
    Thrown,
    TieBreak,
    Trash,
    TurnStarted,
)
from ..model.game import Phase
from ..model.grammar import Person
from ..model.rules import Rules
from .stakes import pair, person

_LOG_TAGS: dict[type[Event], str] = {
    TurnStarted: "turn", Banked: "bank", Pegged: "bank", Trash: "trash", Penalty: "trash",
    Corner: "corner", Challenged: "challenge", ScoreTaken: "challenge", GameOver: "over",
    CatchUp: "corner", TieBreak: "corner", Discarded: "bank",
}

# Translators: the last line after a game; F8 and Esc are keys.
AGAIN = N_("F8 plays again, Esc sets up a new game")
# Translators: the last line after a network game at a friend's screen (F8 is the host's
# there); Esc is a key.
AGAIN_FRIEND = N_("The host starts the next game; Esc sets up a game of your own")


def at_friends_screen(game: Game) -> bool:
    """Whether this screen joined the game at a host's table (a friend playing a seat, or
    watching): the next game of the match is the host's to start, not this screen's F8."""
    network = game.record.network
    return network is not None and network.role != "host"


def again_line(game: Game) -> str:
    """The line after a game: what plays again, where it does (F8 at one's own table)."""
    return _(AGAIN_FRIEND) if at_friends_screen(game) else _(AGAIN)


def over_reason(game: Game) -> str:
    """The line beside the buttons after a game (F8 only where it plays again)."""
    if at_friends_screen(game):
        return _("Game over. The host starts the next game of the match; Esc sets up a game "
                 "of your own.")
    return _("Game over. F8 plays again with the same players; Esc sets up a new game.")


@dataclass(frozen=True)
class Cue:
    """A banner across the table; ``ms=None`` keeps it until it is cleared."""

    kind: str  # trash, corner, win or info
    text: str
    ms: int | None


# -- cues, the result and other lines -----------------------------------------------------


def _discarded(game: Game, who: Person, event: Discarded) -> Cue:
    """The banner of a die played into the play area (Mutant Trash)."""
    to = person(game, event.to_seat)
    if game.rules.rotary_club:  # (points on a board count against it there)
        # Translators: Mutant Trash in Rotary Club: "Ann played a 5: 350 onto Bob's score".
        text = pair(who, to, _("You played a {die}: {points} onto {other}'s score"),
                    _("{name} played a {die}: {points} onto your score"),
                    _("{name} played a {die}: {points} onto {other}'s score"),
                    die=event.die, points=number(event.points))
    else:
        # Translators: a die played into the play area: "Ann played a 5: 350 for Bob".
        text = pair(who, to, _("You played a {die}: {points} for {other}"),
                    _("{name} played a {die}: {points} for you"),
                    _("{name} played a {die}: {points} for {other}"),
                    die=event.die, points=number(event.points))
    if event.points and event.board_score == event.points and not game.rules.rotary_club:
        # D-15: the gift made a board score of zero nonzero
        text += "\n" + to.pick(_("You are on the board now"),
                               _("{name} is on the board now"))
    return Cue("info", text, 1300)


def cue(game: Game, event: Event) -> Cue | None:
    """The banner an event puts on the table, if any."""
    who = person(game, event.seat) if event.seat >= 0 else Person("")
    if isinstance(event, Thrown) and event.no_score:
        # Translators: a banner: six dice thrown and nothing scores, worth {points} (Zilch).
        return Cue("corner", who.pick(_("No dice scored: {points} for you"),
                                      _("No dice scored: {points} for {name}"),
                                      points=number(event.no_score)), 1300)
    if isinstance(event, Corner) and event.dice == 5:
        return Cue("corner", who.pick(_("Corner! Five fresh dice for you"),
                                      _("Corner! Five fresh dice for {name}")), 1300)
    if isinstance(event, Corner):
        return Cue("corner", who.pick(_("Corner! Six fresh dice for you"),
                                      _("Corner! Six fresh dice for {name}")), 1300)
    if isinstance(event, Trash):
        lost = number(event.lost)
        if event.lost:
            return Cue("trash", who.pick(_("Trash! You lost {points}"),
                                         _("Trash! {name} lost {points}"), points=lost), 1500)
        # Translators: a banner: trash on a turn that had scored nothing yet.
        return Cue("trash", who.pick(_("Trash! Nothing for you this turn"),
                                     _("Trash! Nothing for {name} this turn")), 1500)
    if isinstance(event, Banked):
        return Cue("info", who.pick(_("You banked {points}"), _("{name} banked {points}"),
                                    points=number(event.points)), 1000)
    if isinstance(event, Pegged):
        return Cue("corner", who.pick(_("Pegged: {points} onto your board"),
                                      _("Pegged: {points} onto {name}'s board"),
                                      points=number(event.points)), 1300)
    if isinstance(event, Challenged):
        return Cue("info", pair(who, person(game, event.target), _("You challenged {other}!"),
                                _("{name} challenged you!"), _("{name} challenged {other}!")),
                   1300)
    if isinstance(event, Discarded):
        return _discarded(game, who, event)
    if isinstance(event, CatchUp):
        return Cue("corner", who.pick(_("You reached {points}!\nEveryone else has one more turn"),
                                      _("{name} reached {points}!\nEveryone else has one more "
                                        "turn"), points=number(game.rules.game_point)), 1800)
    if isinstance(event, TieBreak):
        return Cue("corner", _("A tie for first place: one more turn each"), 1800)
    if isinstance(event, GameOver):
        return Cue("win", result_text(game, event), None)
    return None


#: The computer's delay as it comes (s): a turn's banner is read for its whole time then.
USUAL_DELAY = 0.8


def hold(game: Game, delay: float) -> float:
    """How long (s) the first step of a turn waits, so that the banner of the turn that
    just ended in trash or a bank is read: its whole time at the usual delay, less when
    play is faster, nothing at no delay (a trash was replaced by the next throw in under a
    second, with its banner); 0 once the turn has begun."""
    if game.phase is not Phase.START or delay <= 0:
        return 0.0
    for event in reversed(game.log):
        if isinstance(event, Thrown):
            return 0.0
        if isinstance(event, Trash | Banked):
            shown = cue(game, event)
            ms = shown.ms if shown is not None and shown.ms is not None else 0
            return ms / 1000 * min(1.0, delay / USUAL_DELAY)
    return 0.0


def first_throw_hint(game: Game) -> str:
    """What the table says a person does to start a turn: throw (or enter) all the dice."""
    if game.record.real_dice is not None:
        return (_("Throw six real dice and enter them below") if game.rules.dice == 6
                else _("Throw five real dice and enter them below"))
    return (_("Press Space or click Throw to throw six dice") if game.rules.dice == 6
            else _("Press Space or click Throw to throw five dice"))


def result_text(game: Game, over: GameOver) -> str:
    winner = person(game, over.seat)
    points = number(game.rules.game_point)
    if len(over.ranking) == 1:
        return "\n".join([winner.pick(
            ngettext("You reached {points} in {turns} turn!",
                     "You reached {points} in {turns} turns!", over.turns),
            ngettext("{name} reached {points} in {turns} turn!",
                     "{name} reached {points} in {turns} turns!", over.turns),
            points=points, turns=over.turns), again_line(game)])
    lines = [winner.pick(_("You win!"), _("{name} wins!"))]
    if game.rules.rotary_club:
        lines.append(_("(the lowest score wins in Rotary Club)"))
    for seat, rank, board, gained in over.ranking:
        # Translators: one line of the final ranking: place, name, score, match points won.
        lines.append(ngettext("{rank}.  {name}   {points}   (+{gained} match point)",
                              "{rank}.  {name}   {points}   (+{gained} match points)",
                              gained).format(rank=rank, name=game.seats[seat].name,
                                             points=number(board), gained=gained))
    lines += ["", again_line(game)]
    return "\n".join(lines)


def log_line(game: Game, event: Event) -> tuple[str, str]:
    """An event's line in the game log, and its tag (its colour)."""
    return event.message(game.names), _LOG_TAGS.get(type(event), "info")


def start_line(game: Game, resumed: bool = False) -> str:
    """The log's first line: a new game, or one resumed from its save."""
    label, point = game.rules.label, number(game.rules.game_point)
    if point in label:  # a label may name its game point
        text = _("Resumed game: {rules}.") if resumed else _("New game: {rules}.")
    else:
        text = _("Resumed game: {rules}, to {points}.") if resumed else \
            _("New game: {rules}, to {points}.")
    return text.format(rules=label, points=point)


def as_expert_line(game: Game, seat: int, why: str) -> str:
    # Translators: {why} says why, without its full stop.
    return person(game, seat).pick(_("You (Perfect) play as Expert: {why}."),
                                   _("{name} (Perfect) plays as Expert: {why}."), why=why)


def fingerprint_line(game: Game) -> str | None:
    """The log's line with the fingerprint of the game's dice seed (checked against the
    seed shown when the game ends), or None: no seed, or the game is over."""
    if game.record.real_dice is not None and not game.over:
        # Translators: the table's log at the start of a game played with real dice;
        # {dice} is the name the players gave their set of dice.
        return (_("Real dice ({dice}): every throw is entered as it falls.").format(
            dice=game.record.real_dice) if game.record.real_dice
            else _("Real dice: every throw is entered as it falls."))
    seed = game.record.start.seed
    if seed is None or game.over:
        return None
    # Translators: the table's log; {fingerprint} is four groups of four hex digits, made
    # from the seed that decides every throw; the seed is shown when the game ends.
    return _("Fair dice: every throw was fixed before the game began (fingerprint "
             "{fingerprint}); when the game ends, the log shows how to check it.").format(fingerprint=short_fingerprint(fingerprint_of(seed)))


def start_lines(game: Game, as_expert: Sequence[str | None] = (), *,
                resumed: bool = False) -> list[tuple[str, str]]:
    """The game log's first lines, with their tags: the game and its rules, each Perfect
    seat that plays as Expert (``as_expert``: why, per seat, or None), the dice
    fingerprint.  A new game, a resumed one and the log rebuilt after an undo all begin so."""
    lines = [(start_line(game, resumed), "info")]
    lines += [(as_expert_line(game, seat, why), "info")
              for seat, why in enumerate(as_expert) if why]
    fingerprint = fingerprint_line(game)
    if fingerprint is not None:
        lines.append((fingerprint, "info"))
    return lines


SOLVING_PREFIX = N_("Solving perfect play for these rules")
SOLVED_STATUS = N_("Perfect play is solved for these rules: Perfect plays its best from now on.")
SOLVE_FAILED_STATUS = N_("Perfect play could not be solved for these rules "
                         "(the log file says why): Perfect goes on playing as Expert.")


def solving_status(share: float, remaining: float | None = None) -> str:
    """The status bar while a Perfect player's table is solved in the background, with
    the time it still needs once that can be guessed (``remaining`` seconds)."""
    # a long solve moves below 10% in tenths, so that it is seen to move
    done = (percent(int(share * 1000) / 1000, 1) if share < 0.1
            else percent(int(share * 100) / 100, 0))
    if remaining is None:
        # Translators: {solving} is "Solving perfect play for these rules", {percent} "45%".
        return _("{solving}: {percent}...").format(solving=_(SOLVING_PREFIX), percent=done)
    # Translators: {solving} is "Solving perfect play for these rules", {percent} "45%",
    # {left} "about 3 hours left".
    return _("{solving}: {percent}, {left}...").format(
        solving=_(SOLVING_PREFIX), percent=done, left=time_left(remaining))


def time_left(seconds: float) -> str:
    """A long job's time left, as a person would guess it: "about 20 minutes left" (whole
    minutes to ten, then fives; whole hours from an hour and a half)."""
    if seconds < 45:
        return _("less than a minute left")
    minutes = seconds / 60
    if minutes < 90:
        count = max(1, round(minutes)) if minutes < 10 else 5 * round(minutes / 5)
        return ngettext("about {count} minute left", "about {count} minutes left",
                        count).format(count=number(count))
    count = round(minutes / 60)
    return ngettext("about {count} hour left", "about {count} hours left",
                    count).format(count=number(count))


def thinking_status(game: Game) -> str:
    return person(game, game.current).pick(_("You are thinking..."), _("{name} is thinking..."))


def window_title(rules: Rules, assisted: bool) -> str:
    """The window's title: the program, then the rules in play, the program's name not
    twice ("Ten-Thousand — to 5,000, pyramiding" for its own preset's rules)."""
    program = _("Ten-Thousand")
    label = rules.label
    if label == program:
        label = ""
    elif label.startswith(program + ", "):
        label = label[len(program) + 2:]
    if not label:
        # Translators: the window's title when the game's own rules are played unchanged.
        return _("Ten-Thousand (assisted)") if assisted else program
    # Translators: the window's title; {rules} is the name of the rules in play.
    title = (_("Ten-Thousand — {rules} (assisted)") if assisted
             else _("Ten-Thousand — {rules}"))
    return title.format(rules=label)


#: Said when Throw is pressed while a die must first go into the play area (Mutant Trash).
DISCARD_FIRST = N_("First play one of your frozen dice into the play area.")
NOT_BANKED = N_("Not banked: throw on, or bank when you are sure.")


def sentence(reason: str) -> str:
    """A reason ("you cannot bank now") as a sentence: its first letter a capital (the
    rest as it is: German nouns keep theirs) and a full stop."""
    return reason[:1].upper() + reason[1:] + "."


def not_your_turn(game: Game) -> str:
    """The status line when a key is pressed while the computer plays."""
    if game.over:
        if at_friends_screen(game):
            return _("The game is over: the host starts the next game of the match.")
        return _("The game is over: {again}.").format(again=_(AGAIN))
    me = person(game, game.current)
    if me.you:  # demo mode plays the seat called "You"
        return _("Wait: the computer is playing your turn.")
    return _("Wait: it is {name}'s turn.").format(name=me.name)
