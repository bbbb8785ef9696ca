"""The entry row of a real-dice game: whose throw and how many dice, the faces entered so
far (drawn as the table draws its dice), and a row of six faces to click.

It stands where Throw and Bank stand while the table waits for the dice of a throw, and
draws an :class:`~tenthousand.present.dice_entry.EntryDisplay`; the keys (digits,
Backspace, Enter, Esc) go to the same handlers as its buttons.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from functools import partial
from tkinter import ttk
from typing import TYPE_CHECKING, Union

from ..i18n import _
from ..present.dice_entry import EntryDisplay
from .dice import DiceImages
from .scaling import factor
from .theme import Palette

if TYPE_CHECKING:
    from PIL import ImageTk

__all__ = ["DiceEntryRow"]

Image = Union["ImageTk.PhotoImage", tk.PhotoImage]

FACE_SIZE = 40  # the face buttons, at 100%
SLOT_SIZE = 34  # the faces entered


class DiceEntryRow(tk.Frame):
    """The prompt, the faces entered, the face buttons and Backspace, Enter and Put off."""

    def __init__(self, master: tk.Misc, pal: Palette, images: DiceImages, *,
                 on_face: Callable[[int], None], on_backspace: Callable[[], None],
                 on_enter: Callable[[], None], on_cancel: Callable[[], None]) -> None:
        super().__init__(master, background=pal.panel, padx=10, pady=6)
        self.pal = pal
        self.images = images
        #: The images shown here, held: the dice cache may drop what the table unpins.
        self._held: dict[tuple[int, int], Image] = {}
        base = tkfont.nametofont("TkDefaultFont")
        self.font = tkfont.Font(self, family=base.cget("family"),
                                size=int(base.cget("size")) + 1, weight="bold")
        self.prompt = tk.Label(self, text="", anchor="w", justify="left", font=self.font,
                               background=pal.panel, foreground=pal.panel_text)
        self.prompt.pack(fill="x")
        line = self.line = tk.Frame(self, background=pal.panel)
        line.pack(fill="x", pady=(4, 0))
        self.slots = tk.Frame(line, background=pal.panel)
        self.slots.pack(side="left", padx=(0, 12))
        self.faces: list[ttk.Button] = []
        for face in range(1, 7):
            button = ttk.Button(line, command=partial(on_face, face), takefocus=0,
                                text=str(face), compound="image")
            button.pack(side="left", padx=2)
            self.faces.append(button)
        self.enter_button = ttk.Button(line, text=_("Enter"), command=on_enter, takefocus=0)
        self.back_button = ttk.Button(line, text=_("Backspace"), command=on_backspace,
                                      takefocus=0)
        self.cancel_button = ttk.Button(line, text=_("Put off (Esc)"), command=on_cancel,
                                        takefocus=0)
        self.cancel_button.pack(side="right", padx=(6, 0))
        self.enter_button.pack(side="right", padx=(6, 0))
        self.back_button.pack(side="right", padx=(12, 0))
        self.progress = tk.Label(self, text="", anchor="w", background=pal.panel,
                                 foreground=pal.panel_muted)
        self.progress.pack(fill="x", pady=(4, 0))
        self.shown: EntryDisplay | None = None
        self._slot_labels: list[tk.Label] = []

    @property
    def puts_off(self) -> bool:
        """Whether the row is shown with its Put off (Esc): then Esc is its."""
        return bool(self.winfo_manager()) and bool(self.cancel_button.winfo_manager())

    def _image(self, face: int, size: int) -> Image:
        key = (face, size)
        if key not in self._held:
            self._held[key] = self.images.get(face, size)
        return self._held[key]

    def show(self, display: EntryDisplay) -> None:
        """Draw ``display``: the words, a slot per die (the faces entered in them)."""
        self.shown = display
        self.prompt.configure(text=display.prompt)
        self.progress.configure(text=display.progress, foreground=(
            self.pal.loss if display.problem else self.pal.panel_muted))
        scale = factor(self)
        size, slot = int(FACE_SIZE * scale), int(SLOT_SIZE * scale)
        for face, button in enumerate(self.faces, 1):
            button.configure(image=self._image(face, size))
        for label in self._slot_labels[display.count:]:
            label.destroy()
        del self._slot_labels[display.count:]
        while len(self._slot_labels) < display.count:
            label = tk.Label(self.slots, background=self.pal.felt, width=slot, height=slot,
                             borderwidth=1, relief="sunken")
            label.pack(side="left", padx=2)
            self._slot_labels.append(label)
        if (0, slot) not in self._held:  # an empty slot keeps its size
            self._held[(0, slot)] = tk.PhotoImage(master=self, width=slot, height=slot)
        for i, label in enumerate(self._slot_labels):
            face = display.faces[i] if i < len(display.faces) else 0
            image = self._image(face, slot) if face else self._held[(0, slot)]
            label.configure(image=image)
        if display.computer:
            self.cancel_button.pack_forget()
        elif not self.cancel_button.winfo_manager():
            self.cancel_button.pack(side="right", padx=(6, 0), before=self.enter_button)

    def set_palette(self, pal: Palette) -> None:
        self.pal = pal
        self._held.clear()  # the dice of the new theme
        for widget in (self, self.line, self.slots, self.prompt, self.progress):
            widget.configure(background=pal.panel)
        self.prompt.configure(foreground=pal.panel_text)
        self.progress.configure(foreground=pal.panel_muted)
        if self.shown is not None:
            self.show(self.shown)
