"""What speech says of the game's events, and the answers to the player's spoken questions
(Ctrl+D, Ctrl+S, the die cursor): the window's own texts, in the order they are heard.  :class:`tenthousand.services.speech.Speaker`
speaks them."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, number
from ..model import Event, Game, GameOver
from .lines import log_line, result_text
from .presenter import SeatRow, TableDisplay

__all__ = ["dice_report", "die_report", "events_report", "scores_report", "sentences"]


def events_report(game: Game, events: Sequence[Event]) -> str:
    """Events as one message: their log lines, the result as its banner gives it."""
    return "\n".join(result_text(game, e) if isinstance(e, GameOver) else log_line(game, e)[0]
                     for e in events)


def sentences(lines: Sequence[str]) -> str:
    """Lines as one text of sentences, for the status line: each begins with a capital and
    ends with a full stop unless it has its own mark (the spoken form keeps the lines)."""
    out = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if line.endswith("..."):
            line = line[:-3].rstrip()
        if line[-1] not in ".!?:…":
            line += "."
        out.append(line[:1].upper() + line[1:])
    return " ".join(out)


def dice_report(display: TableDisplay) -> list[str]:
    """Ctrl+D: what is on the table, as the table shows it: whose turn, the dice (the
    picked ones named), what the pick is worth, the turn score, what is needed."""
    lines = [display.caption]
    if display.thrown:
        dice = " ".join(map(str, display.thrown))
        picked = [display.thrown[i] for i in sorted(display.selected)
                  if i < len(display.thrown)]
        # Translators: spoken: the dice on the table ("Dice 1 1 4 5 5 6; picked 1 1").
        lines.append(_("Dice {dice}; picked {picked}").format(
            dice=dice, picked=" ".join(map(str, picked))) if picked
            else _("Dice {dice}").format(dice=dice))
    frozen = [face for group in display.frozen for face in group]
    if frozen:
        # Translators: spoken: {label} is "Frozen so far" or "Ann's last turn".
        lines.append(_("{label}: {dice}").format(label=display.frozen_label,
                                                 dice=" ".join(map(str, frozen))))
    lines += [display.selection or display.hint, display.turn_score, display.dice_left,
              display.need, display.notice]
    return [line for line in lines if line]


def scores_report(rows: Sequence[SeatRow], stage: str) -> list[str]:
    """Ctrl+S: every seat's board score and details, as the scoreboard shows them."""
    lines = [stage] if stage else []
    for row in rows:
        # Translators: spoken: a seat's score and {details} as the scoreboard shows them.
        text = (_("{name} {points}, to play; {details}") if row.to_play
                else _("{name} {points}, the winner; {details}") if row.winner
                else _("{name} {points}; {details}"))
        lines.append(text.format(name=row.name, points=number(row.board),
                                 details=row.details()))
    return lines


def die_report(index: int, face: int, picked: bool) -> str:
    """The die the cursor moved to: its place from the left and its face."""
    # Translators: spoken when the cursor moves to a die: its place and its face.
    text = _("Die {place}: {face}, picked") if picked else _("Die {place}: {face}")
    return text.format(place=index + 1, face=face)
