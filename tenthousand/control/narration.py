"""What a command's events show and say: the log's lines, the spoken report, the banners
(a trash throw's lines and banners once its dice have landed: :mod:`.landing`) and the
sound of a throw."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..model import Event, Frozen, Game, Thrown, TurnStarted
from ..present import presenter, spoken
from ..services.speech import Priority
from .landing import Landing
from .messages import Messages
from .screen import Screen
from .seating import Seating

__all__ = ["Narration"]


class Narration:
    """Tells a game's events on a screen (the controller's part of taking them)."""

    def __init__(self, screen: Screen, messages: Messages, seating: Seating,
                 landing: Landing, game: Callable[[], Game],
                 turn_started: Callable[[int], None],
                 on_sound: Callable[[], None] | None) -> None:
        self.screen, self.messages, self.seating = screen, messages, seating
        self.landing, self._game, self._turn_started = landing, game, turn_started
        self.on_sound = on_sound

    def take(self, events: Sequence[Event]) -> bool:
        """Show events (the log, the cues, the sound); whether dice were thrown."""
        game = self._game()
        thrown_now = False
        self.say(events)
        self.landing.log([presenter.log_line(game, e) for e in events])
        for event in events:
            if isinstance(event, TurnStarted):
                self._turn_started(event.seat)
            elif isinstance(event, Thrown):
                if not game.over:
                    self.screen.clear_cue()  # the last cue has been read: the dice matter now
                thrown_now = True
            elif not isinstance(event, Frozen):
                shown = presenter.cue(game, event)
                if shown is not None:  # (trash's: once its dice have landed)
                    self.landing.cue(shown.kind, shown.text, shown.ms)
        if thrown_now and self.on_sound is not None:
            self.on_sound()
        return thrown_now

    def say(self, events: Sequence[Event]) -> None:
        """Speak the log's lines of ``events`` (the result as its banner gives it), as one
        message: the player's own moves cut a stale message, the computer's queue."""
        if self.messages.speak is None or not events:
            return
        game, seat = self._game(), events[0].seat
        computer = 0 <= seat < len(game.seats) and self.seating.elsewhere(seat)
        self.messages.say(spoken.events_report(game, events),
                          Priority.QUEUED if computer else Priority.NORMAL)
