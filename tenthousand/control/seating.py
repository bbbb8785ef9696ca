"""Who plays each seat at this screen: a person here, this screen's computer, or (in a
network game) somebody at another screen, whose moves arrive over the network.

:class:`Seating` is the part of the :class:`~tenthousand.control.controller.Controller` that
answers it (the controller is one): demo mode gives every seat to the computer; a network
game (:mod:`tenthousand.control.network`) names the seats played elsewhere
(:attr:`Seating.remote`), the seats of friends gone that a computer level took over
(:attr:`Seating.stand_ins`), and on a friend's screen where its own commands go instead of
the engine (:attr:`Seating.relay`: to the host, whose engine judges them).  No Tk here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..model import Event, Game

__all__ = ["DEMO_LEVEL", "Seating"]

DEMO_LEVEL = "expert"


class Seating:
    """See the module's docstring."""

    game: Game
    demo: bool

    def __init__(self) -> None:
        #: Whether the game on the table is played over the network (no undo, no demo).
        self.network = False
        #: The game waits for the table: the host's lobby is open over it (nobody plays).
        self.held = False
        #: The seats played at other screens: this screen neither plays them nor takes
        #: their keys, it waits for their moves.
        self.remote: frozenset[int] = frozenset()
        #: The seats a computer plays for a person gone (a friend whose connection
        #: dropped), by level.
        self.stand_ins: dict[int, str] = {}
        #: On a friend's screen: a command of this screen's own seat (its name, as
        #: ``throw``, and its arguments as the game takes them) goes here, not to the game.
        self.relay: Callable[[str, tuple[Any, ...]], None] | None = None
        #: The host: told of every command's events as they are taken (to send them on).
        self.on_took: Callable[[Sequence[Event]], None] | None = None

    def is_computer(self, seat: int) -> bool:
        return self.demo or self.game.seats[seat].computer or seat in self.stand_ins

    def computer_here(self, seat: int) -> bool:
        """Whether this screen's computer plays ``seat`` (not one at another screen)."""
        return self.is_computer(seat) and seat not in self.remote and not self.held

    def level(self, seat: int) -> str:
        return DEMO_LEVEL if self.demo else self.stand_ins.get(seat, self.game.seats[seat].level)

    @property
    def human_to_play(self) -> bool:
        """Whether a person at this screen is to play."""
        g = self.game
        return not (g.over or self.held or self.is_computer(g.current)
                    or g.current in self.remote)
