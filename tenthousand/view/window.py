"""The main window's widgets: menus, table, scoreboard, log, action bar and status bar."""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from tkinter import ttk

from ..i18n import _, mnemonic
from ..present.commands import MENU_TITLES, in_menu
from ..present.dice_entry import EntryDisplay
from .advisor import AdvisorPanel
from .dice import DiceImages
from .dice_entry import DiceEntryRow
from .panels import ActionBar, LogPanel, StatusBar
from .scaling import factor
from .scoreboard import Scoreboard
from .table import DieClick, TableView
from .theme import Palette

Command = Callable[[], object]


#: The colours of the menus that high contrast sets.
MENU_COLOURS = ("background", "foreground", "activebackground", "activeforeground",
                "disabledforeground", "selectcolor")


def side_width(total: int, f: float, size: float = 1.0) -> int:
    """The side panel's width in a window ``total`` pixels wide at the scaling ``f`` (the
    size preference ``size`` included): a little wider on big screens, so the scores stay
    easy to read, and with the text's scaling, never more than 45% of the window.  A larger
    size never takes width the table's dice need: the table stays at least as wide as at
    100% wherever its dice were as wide as the table allows (issue 23: at 150% on a
    1280x900 screen the side panel grew and the dice shrank)."""
    def wanted(scale: float) -> int:
        return int(min(max(340 * scale, min(460 * scale, total * 0.24)),
                       max(240, total * 0.45)))

    width = wanted(f)
    if size > 1.0:
        at_100 = f / size
        die = min((total - wanted(at_100)) / 8, 150 * at_100)  # the dice at 100% (across)
        width = min(width, max(wanted(at_100), int(total - 8 * die)))
    return width


class MainWindow(ttk.Frame):
    """Everything inside the root window; the menu bar is set on the root."""

    def __init__(self, root: tk.Tk | tk.Toplevel, pal: Palette, images: DiceImages,
                 commands: Mapping[str, Command], *, on_die: DieClick,
                 on_throw: Callable[[], None], on_bank: Callable[[], None],
                 on_challenge: Callable[[int | None], None], animation: bool = True) -> None:
        super().__init__(root)
        self.root = root
        self.commands = commands
        self.checks: dict[str, tk.BooleanVar] = {}
        #: Where each command sits in the menus: name -> (menu, index), for greying out.
        self.entries: dict[str, tuple[tk.Menu, int]] = {}
        self._enabled: dict[str, bool] = {}  # the state set_enabled gave each entry
        self._boxes = 0  # message boxes open now (native ones set no Tk grab)
        self.size_preference = 100  # the size preference (percent) the scaling includes
        self.menubar = self._menus()
        #: The menus' own colours (the desktop's), for the themes that keep them.
        self._menu_look = {o: str(self.menubar.cget(o)) for o in MENU_COLOURS}
        self._root_background = str(root.cget("background"))
        self._colour_menus(pal)
        root.configure(menu=self.menubar)

        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.table = TableView(self, images, pal, on_die=on_die, animation=animation)
        self.table.grid(row=0, column=0, sticky="nsew")
        self.side = tk.Frame(self, background=pal.panel, width=360)
        self.side.grid(row=0, column=1, sticky="ns")
        self.side.grid_propagate(False)
        self.side.pack_propagate(False)
        self.scoreboard = Scoreboard(self.side, pal)
        self.scoreboard.pack(fill="x")
        self.separator = ttk.Separator(self.side, orient="horizontal")
        self.separator.pack(fill="x", pady=4)
        self.log = LogPanel(self.side, pal)
        self.log.pack(fill="both", expand=True)
        self.advisor = AdvisorPanel(self.side, pal, on_review=commands.get("review"))
        self.actions = ActionBar(self, pal, on_throw=on_throw, on_bank=on_bank,
                                 on_challenge=on_challenge)
        self.actions.grid(row=1, column=0, columnspan=2, sticky="ew")
        #: A real-dice game's entry row, where the action bar stands while a throw waits
        #: for its dice (built by the real-dice commands).
        self.entry_row: DiceEntryRow | None = None
        self.status = StatusBar(self, pal)
        self.status.grid(row=2, column=0, columnspan=2, sticky="ew")
        self.pack(fill="both", expand=True)
        self.bind("<Configure>", self._fit_side)
        # (the advisor too: its list of freezes grows and shrinks from throw to throw)
        self._keeping: str | None = None  # the idle call of _keep_log to come
        for part in (self.side, self.scoreboard, self.advisor):
            part.bind("<Configure>", lambda _e: self._keep_log_soon(), add="+")

    def _keep_log_soon(self) -> None:
        """:meth:`_keep_log` once the sizes asked for so far are laid out: what it changes
        (the board's lines, the list's rows) changes the sizes it reads, and read before
        they are laid out they are last time's, which sent it back and forth for ever."""
        if self._keeping is None:
            self._keeping = self.after_idle(self._keep_log_now)

    def _keep_log_now(self) -> None:
        self._keeping = None
        self.update_idletasks()  # the sizes requested so far, laid out (no events run)
        self._keep_log()

    def _keep_log(self) -> None:
        """The game log keeps a few lines in a short window: the stage's words (the Rotary
        Club's rule, which the table's footer names too) give way first, then the seats'
        lines of details (issue 23: at 750x521 in German the log was gone), then rows of
        the advisor's list of freezes (three seats at 1024x600), which scroll."""
        board = self.scoreboard
        lines = 4 * tkfont.nametofont("TkDefaultFont", root=self).metrics("linespace")
        advisor = bool(self.advisor.winfo_manager())
        others = self.separator.winfo_reqheight() + 8 + (
            self.advisor.height_with_every_row() + 8 if advisor else 0)
        room = self.side.winfo_height() - others - lines
        heights = board.heights()
        level = next((level for level, height in enumerate(heights) if height <= room),
                     len(heights) - 1)
        board.set_compact(level)
        if advisor:
            self.advisor.limit_rows(heights[level] - room)

    def _fit_side(self, event: tk.Event | None = None) -> None:
        # The side panel grows a little on big screens, so the scores stay easy to read,
        # and with the text's scaling; it never takes more than 45% of the window.
        total = int(event.width) if event is not None else self.winfo_width()
        width = side_width(total, factor(self), self.size_preference / 100)
        if self.advisor.winfo_manager():  # as wide as the advisor's columns need, within 45%
            width = max(width, min(self.advisor.needed_width(), int(total * 0.45)))
        if int(self.side.cget("width")) != width:
            self.side.configure(width=width)
            self.scoreboard.set_width(width)

    def rescale(self, size: int | None = None) -> None:
        """The size of text changed (the size preference, ``size`` percent): the side panel
        and the table are laid out again (the fonts follow by themselves)."""
        if size is not None:
            self.size_preference = size
        self.advisor.fit_columns()  # (the fonts have their new sizes)
        self._fit_side()
        self.table.rescale(self.size_preference / 100)

    def _menus(self) -> tk.Menu:
        """The menu bar, built from the table of commands (``tenthousand.present.commands``), in the
        language in use (a label's ``&`` marks its underlined letter; a menu title without
        one underlines its first)."""
        menubar = tk.Menu(self.root, tearoff=False)
        for title in MENU_TITLES:
            menu = tk.Menu(menubar, tearoff=False)
            for command in in_menu(title):
                if command.name not in self.commands:
                    continue  # a command without a handler stays out of the menu
                if command.separator_before and menu.index("end") is not None:
                    menu.add_separator()
                handler = self.commands[command.name]
                label, underline = mnemonic(_(command.label))
                keys = _(command.keys) if command.keys else ""  # "Strg+Z" in German
                if command.check:
                    var = tk.BooleanVar(self.root, value=False)
                    self.checks[command.name] = var
                    menu.add_checkbutton(label=label, accelerator=keys, command=handler,
                                         variable=var, underline=underline)
                else:
                    menu.add_command(label=label, accelerator=keys, command=handler,
                                     underline=underline)
                self.entries[command.name] = (menu, int(menu.index("end") or 0))
            label, underline = mnemonic(_(title))
            menubar.add_cascade(label=label, menu=menu, underline=max(0, underline))
        return menubar

    def set_enabled(self, name: str, on: bool) -> None:
        """Grey out a menu entry, or make it usable again (asked after every move: Tk
        hears of it only when it changes)."""
        if name in self.entries and self._enabled.get(name) is not on:
            menu, index = self.entries[name]
            menu.entryconfigure(index, state="normal" if on else "disabled")
            self._enabled[name] = on

    def show_entry(self, display: EntryDisplay | None) -> None:
        """The entry row in place of Throw and Bank, showing ``display``; None: Throw and
        Bank come back."""
        row = self.entry_row
        if row is None:
            return
        if display is None:
            if row.winfo_manager():
                row.grid_remove()
                self.actions.grid()
            return
        row.show(display)
        if not row.winfo_manager():
            self.actions.grid_remove()
            row.grid(row=1, column=0, columnspan=2, sticky="ew")

    def show_advisor(self, on: bool) -> None:
        """Show the advisor panel between the scoreboard and the log, or hide it."""
        if on:
            self.advisor.pack(fill="x", before=self.log, pady=(0, 4))
        else:
            self.advisor.pack_forget()
        self._fit_side()

    def watched(self) -> bool:
        """Whether the player can watch the table: the window is not minimised and no
        modal box (a message box, a dialog) of this program holds the input elsewhere.

        The computer plays only while this holds, so none of its moves happen unseen."""
        if self._boxes:
            return False
        try:
            top = self.winfo_toplevel()
            if top.wm_state() == "iconic":
                return False
            grab = str(self.tk.call("grab", "current"))
            if not grab:
                return True
            return str(self.tk.call("winfo", "toplevel", grab)) == str(top)
        except tk.TclError:
            return False  # the box is closing, or the window is going away

    @contextmanager
    def box_open(self) -> Iterator[None]:
        """Around a message box: the computer does not play while it is open."""
        self._boxes += 1
        try:
            yield
        finally:
            self._boxes -= 1

    def set_check(self, name: str, value: bool) -> None:
        if name in self.checks:
            self.checks[name].set(value)

    def enabled(self, name: str) -> bool:
        """Whether a menu entry can be chosen (tests read it)."""
        if name not in self.entries:
            return False
        menu, index = self.entries[name]
        return str(menu.entrycget(index, "state")) != "disabled"

    def set_palette(self, pal: Palette) -> None:
        self._colour_menus(pal)
        self.table.set_palette(pal)
        self.side.configure(background=pal.panel)
        self.scoreboard.set_palette(pal)
        self.log.set_palette(pal)
        self.advisor.set_palette(pal)
        self.actions.set_palette(pal)
        if self.entry_row is not None:
            self.entry_row.set_palette(pal)
        self.status.set_palette(pal)

    def _colour_menus(self, pal: Palette) -> None:
        """High contrast covers the whole window, the menus too; the other themes keep the
        desktop's menus."""
        look = ({"background": pal.panel, "foreground": pal.panel_text,
                 "activebackground": pal.highlight, "activeforeground": pal.highlight_text,
                 "disabledforeground": "#9a9a9a", "selectcolor": pal.panel_text}
                if pal.theme == "contrast" else self._menu_look)
        for menu in (self.menubar, *self.menubar.winfo_children()):
            menu.configure(**look)
        # (the root shows for a moment while the window grows)
        self.root.configure(background=look["background"] if pal.theme == "contrast"
                            else self._root_background)

    def destroy(self) -> None:
        if self._keeping is not None:
            self.after_cancel(self._keeping)
            self._keeping = None
        try:
            if str(self.root.cget("menu")) == str(self.menubar):
                self.root.tk.call(str(self.root), "configure", "-menu", "")
        except tk.TclError:
            pass
        self.menubar.destroy()
        # Drop the Tk variables here, in the Tk thread: left to the garbage collector, one
        # could be deleted from a worker thread, which Tk refuses.
        self.checks.clear()
        super().destroy()
