"""What the entry row of a real-dice game shows and says: a plain view model.

At a real table the dice are thrown by hand and the faces entered
(:mod:`tenthousand.control.real_dice` runs it); this module works out the row's words, the
faces entered so far, and what speech reads back.  No tkinter here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..advice import WIN
from ..i18n import _, ngettext, number, percent
from ..model.game import Game
from ..model.grammar import Person

if TYPE_CHECKING:  # the advisor's values load with the advisor, off the Tk thread
    from ..advice.values import AdvisorValues

__all__ = ["COACH_MODES", "EntryDisplay", "coach_after", "coach_line", "computer_decision", "entry_display",
           "faces_text", "took_back", "typed_face"]

#: Who sees the coach (the advisor) in a real-dice game: everyone, nobody, or each person
#: only after a decision (a line in the log, spoken).
COACH_MODES = ("everyone", "nobody", "after")


@dataclass(frozen=True)
class EntryDisplay:
    """The entry row: whose throw, how many dice, the faces typed so far."""

    seat: int
    name: str
    count: int
    faces: tuple[int, ...]
    prompt: str  # the row's first line
    progress: str  # "3 of 6 entered: 1 1 4"
    computer: bool  # someone throws for a computer seat (no going back to the freeze)
    problem: str = ""  # why the last Enter was refused (the progress line begins with it)

    @property
    def full(self) -> bool:
        return len(self.faces) >= self.count


def faces_text(faces: Sequence[int]) -> str:
    """Faces as the row and speech give them: "1 1 4 5"."""
    return " ".join(str(f) for f in faces)


def entry_display(seat: int, name: str, count: int, faces: Sequence[int], *,
                  computer: bool, problem: str = "") -> EntryDisplay:
    """The row for ``name``'s throw of ``count`` dice with ``faces`` typed so far."""
    if computer:
        # Translators: the entry row of a real-dice game; someone throws for a computer.
        prompt = ngettext("Throw {count} die for {name}, then enter it: a digit 1 to 6, then "
                          "Enter.",
                          "Throw {count} dice for {name}, then enter them: a digit 1 to 6 for "
                          "each, then Enter.", count).format(count=number(count), name=name)
    else:
        prompt = Person(name).pick(
            ngettext("Throw {count} die, then enter it: a digit 1 to 6, then Enter.",
                     "Throw {count} dice, then enter them: a digit 1 to 6 for each, then "
                     "Enter.", count),
            ngettext("{name}: throw {count} die, then enter it: a digit 1 to 6, then Enter.",
                     "{name}: throw {count} dice, then enter them: a digit 1 to 6 for each, "
                     "then Enter.", count), count=number(count))
    if faces:
        # Translators: how much of a real throw is entered; {faces} are digits ("1 1 4").
        progress = _("{done} of {count} entered: {faces}").format(
            done=number(len(faces)), count=number(count), faces=faces_text(faces))
    else:
        progress = _("None entered yet (Backspace takes back the last one).")
    if problem:
        # Translators: a refused entry of real dice: {problem} says why (a sentence), then
        # {progress} what is entered ("3 of 6 entered: 1 1 4").
        progress = _("{problem} {progress}").format(problem=problem, progress=progress)
    return EntryDisplay(seat, name, count, tuple(faces), prompt, progress, computer, problem)


def typed_face(face: int, entered: int, count: int) -> str:
    """What speech reads back when a face is entered: "4, 3 of 6"."""
    return _("{face}, {done} of {count}").format(face=face, done=number(entered),
                                                 count=number(count))


def took_back(face: int, entered: Sequence[int]) -> str:
    """What speech says when Backspace takes a face back."""
    return _("Took back {face}; entered: {faces}.").format(
        face=face, faces=faces_text(entered) or _("none"))


def computer_decision(name: str, faces: Sequence[int], bank: bool, count: int) -> str:
    """What a computer seat at a real table says it does: its freeze, then bank or the
    dice to throw for it."""
    if bank:
        # Translators: a computer at a real table; {faces} are the dice it keeps ("1 5").
        return _("{name} freezes {faces} and banks.").format(name=name, faces=faces_text(faces))
    if faces:
        return ngettext("{name} freezes {faces} and throws on: throw {count} die for it.",
                        "{name} freezes {faces} and throws on: throw {count} dice for it.",
                        count).format(name=name, faces=faces_text(faces), count=number(count))
    return ngettext("{name} throws: throw {count} die for it.",
                    "{name} throws: throw {count} dice for it.", count).format(
        name=name, count=number(count))


def coach_line(name: str, faces: Sequence[int], bank: bool, banked: int, *,
               best_faces: Sequence[int], best_bank: bool, gain: str | None,
               kind: str = "score") -> str:
    """The coach after a person's decision: what they did and, when another choice was
    worth more, which and by how much (``gain`` formatted; None: theirs was the best):
    in expected points (``kind`` "score"), chances of winning ("win") or points pegged,
    fewest best ("fewer", Rotary Club)."""
    who = Person(name)
    if bank:
        # Translators: the coach after a decision at a real table; {points} the turn
        # score banked.
        did = who.pick(_("You banked {points}"), _("{name} banked {points}"),
                       points=number(banked))
    else:
        did = who.pick(_("You froze {faces} and threw on"), _("{name} froze {faces} and threw on"),
                       faces=faces_text(faces))
    if gain is None:
        # Translators: {did} is "Ann banked 350".
        return _("{did}: the coach agrees, that was the best choice.").format(did=did)
    if sorted(best_faces) == sorted(faces):
        other = _("banking") if best_bank else _("throwing on")
    else:
        other = (_("freezing {faces} and banking") if best_bank
                 else _("freezing {faces} and throwing on")).format(faces=faces_text(best_faces))
    if kind == "win":
        # Translators: {did} is "Ann banked 350", {other} "throwing on", {gain} "3.5%".
        text = _("{did}; {other} would have won {gain} more often.")
    elif kind == "fewer":
        # Translators: Rotary Club, fewest points best; {gain} is a number of points.
        text = _("{did}; {other} would have pegged {gain} fewer points.")
    else:
        # Translators: {did} is "Ann banked 350", {other} "throwing on", {gain} "12".
        text = _("{did}; {other} was worth {gain} more.")
    return text.format(did=did, other=other, gain=gain)


def coach_after(game: Game, faces: Sequence[int], bank: bool,
                values: AdvisorValues | None) -> str | None:
    """The coach's line after a person's decision in ``game`` (the position before it):
    freezing ``faces`` and banking (``bank``) or throwing on, against the advisor's
    ``values`` of the throw; None when the advisor has nothing to say of it."""
    if values is None or values.best is None:
        return None
    chosen = next((c for c in values.choices if sorted(c.faces) == sorted(faces)), None)
    if chosen is None or chosen.value(bank) is None:
        return None
    mine = chosen.value(bank)
    best = values.choices[values.best]
    assert mine is not None
    loss = mine - best.best if values.lower_is_better else best.best - mine
    least = 0.001 if values.kind == WIN else 1.0
    gain = None if loss < least else (percent(loss, 1) if values.kind == WIN
                                      else number(round(loss)))
    return coach_line(game.names[game.current], faces, bank, game.turn_score + chosen.points,
                      best_faces=best.faces, best_bank=best.bank_is_best
                      and not values.lower_is_better, gain=gain,
                      kind="win" if values.kind == WIN else
                      "fewer" if values.lower_is_better else "score")
