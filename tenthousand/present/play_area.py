"""Mutant Trash on the table: what the play area is worth and whose score it goes to next
(D-13), and what each die a player may discard would give the other.  In Rotary Club the
points go onto a score that counts against its owner, so the lines say "adds to", never
"scores for" (issue 42, item 4)."""

from __future__ import annotations

from ..i18n import _, number
from ..model import Game, best_score
from ..model.game import Phase
from ..model.grammar import Person
from .stakes import pair, person

__all__ = ["area_label", "discard_offers"]


def area_label(game: Game) -> str:
    """Mutant Trash: what the play area is worth as it lies, and whom it scores for next
    (D-13: after each discard the whole area scores for the other player)."""
    if not game.rules.mutant_trash:
        return ""
    value = best_score(game.play_area, game.rules) if game.play_area else 0
    worth = (_("Play area: {points} as it lies").format(points=number(value)) if game.play_area
             else _("Play area: empty"))
    if game.over:
        return worth
    me, other = person(game, game.current), person(game, 1 - game.current)
    if game.rules.rotary_club:  # nobody banks, and points on a board count against it
        return _rotary_area_label(game, me, other, worth)
    if game.phase is Phase.DISCARD:
        # Translators: {worth} is "Play area: 300 as it lies"; {name} and {other} are players.
        return pair(me, other, _("{worth} \u00b7 You play a die into it, and it scores for {other}"),
                    _("{worth} \u00b7 {name} plays a die into it, and it scores for you"),
                    _("{worth} \u00b7 {name} plays a die into it, and it scores for {other}"),
                    worth=worth)
    return other.pick(_("{worth} \u00b7 after this turn it scores for you"),
                      _("{worth} \u00b7 after this turn it scores for {name}"), worth=worth)


def _rotary_area_label(game: Game, me: Person, other: Person, worth: str) -> str:
    """Mutant Trash in Rotary Club: the area's points go onto the other player's score,
    which counts against them (the lowest wins), after a trash before a corner."""
    if game.phase is Phase.DISCARD:
        # Translators: Mutant Trash in Rotary Club, where the lowest score wins; {worth} is
        # "Play area: 300 as it lies"; {name} and {other} are players.
        return pair(me, other,
                    _("{worth} \u00b7 You play a die into it: it adds to {other}'s score, "
                      "and the lowest score wins"),
                    _("{worth} \u00b7 {name} plays a die into it: it adds to your score, "
                      "and the lowest score wins"),
                    _("{worth} \u00b7 {name} plays a die into it: it adds to {other}'s score, "
                      "and the lowest score wins"), worth=worth)
    return other.pick(_("{worth} \u00b7 trash before a corner adds it to your score"),
                      _("{worth} \u00b7 trash before a corner adds it to {name}'s score"),
                      worth=worth)


def discard_offers(game: Game) -> str:
    """Mutant Trash, a discard to make: what each die would give the other player."""
    other = person(game, 1 - game.current)
    offers = []
    for die in sorted(set(game.discard_choices)):
        area = (list(game.play_area) + [die])[-6:]
        # Translators: what the other player would score if this die is played: "350 for a 5".
        offers.append(_("{points} for a {die}").format(
            points=number(best_score(area, game.rules)), die=die))
    # Translators: {offers} is a list such as "350 for a 5, 200 for a 2".
    return other.pick(_("You would get {offers}"), _("{name} would get {offers}"),
                      offers=", ".join(offers))
