"""The advisor service: what the advisor panel shows, kept up to date without blocking Tk.

The controller tells it of every redraw (:meth:`AdvisorService.update`: the game, whether a
human is to play, the dice selected); it asks :func:`tenthousand.advice.values.evaluate` for the
values of a new position on the job runner's ``advisor`` lane (only the newest position
is valued; an answer for a position that has gone by is dropped) and hands the panel a
plain :class:`AdvisorDisplay` to draw.  The human's decisions for the review are read from
the game's record (:func:`tenthousand.advice.human_decisions`), so they survive a resume and an undo.
No Tk here: it runs on any object with ``after`` through :class:`tenthousand.services.jobs.JobRunner`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..advice import WIN, human_decisions
from ..i18n import _, percent
from ..model.game import Game, Phase
from ..present.advice import AdvisorDisplay
from ..present.value_kind import value_kind
from ..services.jobs import JobRunner

if TYPE_CHECKING:  # the advisor and its solver load on first use, not at start-up
    from ..advice.values import AdvisorValues, Decision

__all__ = ["LANE", "AdvisorService", "position_key"]

LANE = "advisor"
Key = tuple[Any, ...]


def position_key(game: Game) -> Key:
    """What identifies a position for the advisor (a new event gives a new key)."""
    return (id(game), len(game.log), game.phase, game.thrown, game.turn_score,
            tuple(game.board), game.current)


class AdvisorService:
    """Keeps an :class:`AdvisorDisplay` up to date with the game; ``show`` draws it."""

    def __init__(self, jobs: JobRunner, show: Callable[[AdvisorDisplay], None],
                 place: Callable[[bool], None]) -> None:
        self.jobs = jobs
        self.show = show  # draws a display (the panel and the line)
        self.place = place  # shows (True) or hides (False) the panel in the window
        self.shown = False
        self.values: AdvisorValues | None = None  # the latest values received
        self.asking = False  # a position is being valued
        self._game: Game | None = None
        self._human = False
        self._selection: tuple[int, ...] = ()
        self._key: Key | None = None  # the position being shown
        self._values_key: Key | None = None  # the position self.values belongs to
        self._error: str | None = None
        self._decided = False  # the game has decisions of the human to review
        #: The last position was valued while perfect play for its rules was being solved:
        #: once the solve ends it is valued again (win chances where it had none).
        self._before_solve = False

    # -- the controller's calls -------------------------------------------------------------

    def update(self, game: Game, human: bool, selection: Sequence[int] = ()) -> None:
        """The game changed or was redrawn: value a new position, show the selection."""
        self._game, self._human, self._selection = game, human, tuple(selection)
        key = position_key(game) + (human,)  # demo off gives the seat back: ask again
        if key != self._key or (self._before_solve and not _being_solved(game)):
            self._key = key
            if game.over:
                self._decided = any(s.human for s in game.record.steps)
            if self.shown:
                self._ask(game)
        self._redraw()

    def set_shown(self, on: bool) -> None:
        """Options > Advisor: show (and value) or hide the panel."""
        if on == self.shown:
            return
        self.shown = on
        self.place(on)
        if on and self._game is not None:
            self._key = None
            self.update(self._game, self._human, self._selection)
        else:
            self._redraw()

    def has_decisions(self) -> bool:
        """Whether the game on the table has a decision of a person to review (cheap: no
        replay, for the menu's enabled state after every move)."""
        return self._game is not None and self._game.record.has_human_decision()

    def decisions(self) -> list[Decision]:
        """The human's decisions in the game on the table, for the review."""
        return human_decisions(self._game.record) if self._game is not None else []

    # -- the work ---------------------------------------------------------------------------

    def _ask(self, game: Game) -> None:
        # The position without its log (the values never read it): the same cost at
        # every move of a long game, in the Tk thread.
        key, data = self._key, game.to_dict(last_events=1)
        self.asking = True
        self._error = None
        self._before_solve = _being_solved(game)

        def work() -> AdvisorValues | None:
            from ..advice.values import (  # in the worker: the solver loads off the Tk thread
                evaluate,
            )

            return evaluate(Game.from_dict(data))

        self.jobs.submit(work,
                         lambda values: self._answer(key, values, None),
                         lambda e: self._answer(key, None, _("The advisor failed: {error}").format(
                             error=e)),
                         name="advisor", lane=LANE, latest=True)

    def _answer(self, key: Key | None, values: AdvisorValues | None,
                error: str | None) -> None:
        if key != self._key:
            return  # a position that has gone by; a newer answer is on its way
        self.asking = False
        self.values, self._values_key, self._error = values, key, error
        self._redraw()

    # -- what is shown ----------------------------------------------------------------------

    def display(self) -> AdvisorDisplay:
        """What the panel shows now."""
        game = self._game
        if not self.shown or game is None:
            return AdvisorDisplay()
        choosing = game.phase is Phase.CHOOSE and self._human
        current = self._values_key == self._key and not self.asking
        values = self.values if current else None
        # The bars stay while the next position is valued (the same game): no flicker.
        last = self.values if self._values_key and self._values_key[0] == id(game) else None
        win = last.win if last is not None else None
        bars = (game.names, win) if win is not None else (None, None)
        shown_values = values if choosing and current else None
        chosen, line = None, ""
        if shown_values is not None:
            thrown = game.thrown
            faces = [thrown[i] for i in self._selection if 0 <= i < len(thrown)]
            chosen = shown_values.index_of(faces) if faces else None
            line = shown_values.line(faces)
        return AdvisorDisplay(bars[0], bars[1], shown_values, chosen,
                              self._note(game, choosing, current, values), line,
                              game.over and self._decided)

    def _note(self, game: Game, choosing: bool, current: bool,
              values: AdvisorValues | None) -> str:
        if game.over:
            return (_("The game is over. Review your decisions below.") if self._decided
                    else _("The game is over."))
        if choosing and not current:
            return _("thinking...")
        if self._error and current:
            return self._error
        if choosing and values is not None and values.choices:
            # Translators: the advisor's note under its list; \u2605 and \u25b6 are marks.
            note = (_("Values: win probability. \u2605 marks the best freeze, \u25b6 the best way on.")
                    if values.kind == WIN else
                    _("Values: expected points pegged, fewest best. \u2605 marks the best freeze, "
                      "\u25b6 the best way on.") if values.lower_is_better else
                    _("Values: expected final turn score. \u2605 marks the best freeze, \u25b6 the "
                      "best way on."))
            if values.kind == WIN and values.mixes:
                note = _("{note} Perfect play mixes here: the mover draws between two ways "
                         "of playing this turn that are worth the same to him, so either of "
                         "the close choices is as good.").format(note=note)
            if values.kind != WIN:
                # which values, and why not win chances (a solve under way, the reason)
                kind = value_kind(game.rules, len(game.seats))
                if _being_solved(game):
                    note = _("{note} Win chances follow once perfect play is solved for these "
                             "rules.").format(note=note)
                elif not kind.exact:
                    note = f"{note} {kind.why}"
            return note
        if choosing and current:
            return _("No advice for this position.")
        if self._human and game.phase is Phase.START:
            if current and values is not None and values.challenge is not None:
                yes, no = (percent(v, 1) for v in values.challenge)
                return (_("A challenge now wins {yes}; throwing without one, {no}. Challenge, "
                          "or throw.") if values.challenge[0] > values.challenge[1] else
                        _("Throwing without a challenge wins {no}; a challenge now, {yes}. "
                          "Throw, or challenge.")).format(yes=yes, no=no)
            return _("Throw, and every choice of the throw is valued here.")
        return ""

    def _redraw(self) -> None:
        self.show(self.display())


def _being_solved(game: Game) -> bool:
    """Whether this game's perfect-play table (for its rules and number of seats) is being
    solved right now."""
    from ..solver.cache import being_solved

    return being_solved(game.rules, len(game.seats))
