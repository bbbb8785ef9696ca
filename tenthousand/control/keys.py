"""The main window's keys and the menu entries' state, from the command table: each
command's sequences are bound to its handler (found across the command groups by
:func:`~tenthousand.present.commands.handlers_of`), and an entry is greyed out while its
condition does not hold."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from ..present.commands import COMMANDS, Command, number_of
from ..services.speech import Speaker
from ..view import access
from ..view.guide import Guide
from ..view.window import MainWindow
from .advising import AdvisorService
from .controller import Controller


class Keys:
    """The bindings of one main window on its root, and the enabled state of its menus."""

    def __init__(self, root: tk.Tk, window: MainWindow, guide: Guide,
                 handlers: dict[str, Callable[..., object]], *, controller: Controller,
                 advisor: AdvisorService, speaker: Speaker) -> None:
        self.root = root
        self.window = window
        self.guide = guide
        self.handlers = handlers
        #: When a command of the table can be used, by the name its ``enabled`` gives.
        self.conditions: dict[str, Callable[[], bool]] = {
            "has_decisions": advisor.has_decisions,
            "can_undo": lambda: controller.seating.undo_refusal() is None,
            "can_redo": lambda: controller.seating.redo_refusal() is None,
            "speech_available": lambda: speaker.available}
        self._bound: list[str] = []

    def bind(self) -> None:
        """Bind every key of the table of commands to its handler."""
        for command in COMMANDS:
            handler = self.handlers.get(command.name)
            if handler is None or command.context != "main":
                continue
            for sequence in command.sequences:
                self._bind(sequence, command, handler)

        def any_key(event: tk.Event) -> str | None:
            if self.window.table.intro_running:  # any key skips the startup show
                self.window.table.skip_intro()
                return "break"
            return None

        self.root.bind("<Key>", any_key)
        self._bound.append("<Key>")

    def _bind(self, sequence: str, command: Command,
              handler: Callable[..., object]) -> None:
        args = (number_of(sequence),) if command.numbered else ()

        def on_key(event: tk.Event) -> str:
            if self.window.table.intro_running:
                self.window.table.skip_intro()
            elif sequence == "<Escape>" and self.guide.takes_esc:
                self.guide.skip()  # Esc ends the tour first; the next one sets up a new game
            else:  # even when its menu entry is greyed out: the handler says why not
                handler(*args)
            return "break"

        self.root.bind(sequence, on_key)
        self._bound.append(sequence)

    def enabled(self, command: Command) -> bool:
        """Whether ``command`` can be used now (its menu entry is greyed out if not)."""
        return not command.enabled or self.conditions[command.enabled]()

    def update_enabled(self) -> None:
        for command in COMMANDS:
            if command.enabled:
                self.window.set_enabled(command.name, self.enabled(command))

    def unbind(self) -> None:
        """Remove every binding of this window (the review button's Alt+letter keys too):
        the next window on this root has its own."""
        keys = [str(s) for s in self.root.bind() if "Alt-" in str(s)] \
            if access.keys_of(self.root) else []
        for sequence in self._bound + keys:
            self.root.unbind(sequence)
        self._bound.clear()
        access.keys_of(self.root).clear()
