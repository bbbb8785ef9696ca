"""What the host's table (:mod:`.net_host`) and a friend's (:mod:`.net_client`) share:
how often they look at their link, the window while a table fills (never the game that
waits under it), and this screen's own game back when the table closes before its game
began.  No Tk here."""

from __future__ import annotations

from ..present.network import Filling
from .controller import Controller

__all__ = ["POLL_MS", "play_own_game", "show_filling"]

#: How often the link is asked what has arrived (each poll only takes what is there).
POLL_MS = 15


def show_filling(controller: Controller, filling: Filling) -> None:
    """A table fills (the host's lobby, or this screen joining): the window shows it, with
    a log of its own, instead of the game that waits under it."""
    first = controller.seating.filling is None
    controller.seating.fill(filling)
    if first:
        controller.cancel_all()
        controller.screen.clear_log()
    controller.refresh()


def play_own_game(controller: Controller) -> None:
    """The table closed before its game began: this screen's own game is back, its log
    with it, and plays on."""
    controller.seating.alone()
    controller.rebuild_log()
    controller.start()
