"""A game in plain words (:func:`transcript`): who played, under which rules, and the log
line by line, as the game's text file and the history's copy give it."""

from __future__ import annotations

from ..i18n import _, number
from .events import TurnStarted
from .play import Seat
from .record import Played, Record
from .rules import Rules, level_word

__all__ = ["transcript"]


def transcript(record: Record) -> str:
    """The game in plain words: who played, under which rules, and the log line by line."""
    names = [s.name for s in record.seats]
    game = record.game if record.game is not None else record.replay()
    lines = [_transcript_head(record.rules)]
    for seat, played in zip(record.seats, record.seats_as_played(), strict=True):
        lines.append("  " + _seat_words(seat, played))
    friend = record.network is not None and record.network.role != "host"
    if record.start.position is not None and not friend:  # (a friend's record starts from
        lines.append(_("Resumed from a saved position."))  # the host's, without its seed)
    elif record.start.seed is not None and game.over:  # the seed tells the dice to come
        lines.append(_("Dice seed: {seed}").format(seed=record.start.seed))
    if record.real_dice is not None:
        lines.append(_("Thrown with real dice: {set}.").format(set=record.real_dice)
                     if record.real_dice else _("Thrown with real dice."))
    if record.network is not None:
        lines.append(_("Played over the network."))
    if record.assisted:
        lines.append(_("Assisted: moves were taken back during this game."))
    for event in game.log:
        if isinstance(event, TurnStarted):
            lines.append("")
        lines.append(event.message(names))
    if not game.over:
        lines.append("")
        lines.append(_("(The game was not finished.)"))
    return "\n".join(lines) + "\n"



def _transcript_head(rules: Rules) -> str:
    """The transcript's first line; the game point once (a rule set's label names it when
    it differs from its preset's)."""
    from .rules import PRESETS

    base = PRESETS.get(rules.preset)
    if base is not None and base.game_point != rules.game_point:
        # Translators: the first line of a game's transcript; {rules} names the rule set
        # with its game point ("Kim House, to 1,000, Rotary Club").
        return _("Ten-Thousand: {rules}").format(rules=rules.label)
    # Translators: the first line of a game's transcript; {rules} names the rule set.
    return _("Ten-Thousand: {rules}, to {points}").format(
        rules=rules.label, points=number(rules.game_point))


def _seat_words(seat: Seat, played: Played) -> str:
    """A seat in a transcript: a person, or the computer at its level as played."""
    if played.person:
        return _("{name}: person").format(name=seat.name)
    if played.fell_back:
        # Translators: a seat in a transcript; {chosen} the level chosen (perfect),
        # {level} the level that played (expert).
        return _("{name}: computer ({chosen}, played as {level})").format(
            name=seat.name, chosen=level_word(played.chosen), level=level_word(played.level))
    # Translators: a seat in a transcript; {level} is the computer's level (Expert).
    return _("{name}: computer ({level})").format(name=seat.name, level=level_word(seat.level))
