"""Access keys: every label, button and check box of a dialog has an underlined letter, and
Alt with that letter goes to it (a label focuses the field it names; a button is pressed; a
check box or radio button is focused and toggled).

Labels are written with ``&`` before the letter, inside the translated text, so each
language picks its own letters: ``access.label(frame, _("&Game point"), entry)``.  The keys
are bound on the dialog's toplevel; :func:`keys_of` lists them, and a test checks that no
dialog uses one letter twice.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import Any, cast

from ..i18n import PSEUDO, language, mnemonic

__all__ = ["label", "button", "check", "radio", "tab", "bind_key", "keys_of", "tk_language",
           "select_all_keys"]

#: The text fields, by Tk class: Ctrl+A selects all their text.
_FIELDS = ("Entry", "TEntry", "TCombobox", "Spinbox", "TSpinbox")


def select_all_keys(widget: tk.Misc) -> None:
    """Ctrl+A in a text field selects all of it, as in every other program (Tk's own
    binding moves the cursor to the start of the line, as Emacs does)."""
    for name in _FIELDS:
        widget.bind_class(name, "<Control-a>", _select_field)
        widget.bind_class(name, "<Control-A>", _select_field)
    widget.bind_class("Text", "<Control-a>", _select_text)
    widget.bind_class("Text", "<Control-A>", _select_text)


def _select_field(event: tk.Event) -> str:
    field = cast(tk.Entry, event.widget)  # (ttk's entry, combobox, spin box are entries)
    field.selection_range(0, "end")
    field.icursor("end")
    return "break"


def _select_text(event: tk.Event) -> str:
    text = cast(tk.Text, event.widget)
    text.tag_add("sel", "1.0", "end-1c")
    text.mark_set("insert", "end-1c")
    return "break"

_REGISTRY = "_access_keys"


def tk_language(root: tk.Misc, code: str | None = None) -> str:
    """Tk's own boxes (the Yes and No of a question, the file dialogs) in the game's language:
    Tk takes their words, with their access keys ("&Ja"), from its message catalogue, which
    follows ``msgcat``'s locale, not ours.  Returns the locale set."""
    wanted = code or language()
    locale = "en" if wanted == PSEUDO else wanted
    root.tk.call("::msgcat::mclocale", locale)
    return str(root.tk.call("::msgcat::mclocale"))


def keys_of(toplevel: tk.Misc) -> dict[str, list[str]]:
    """The access keys bound on a toplevel: letter -> the texts that use it."""
    found: dict[str, list[str]] = getattr(toplevel, _REGISTRY, {})
    return found


def bind_key(widget: tk.Misc, text: str, index: int, action: Callable[[], object]) -> None:
    """Bind Alt+the letter at ``index`` of ``text`` on ``widget``'s toplevel to ``action``."""
    if index < 0 or index >= len(text):
        return
    top = widget.winfo_toplevel()
    letter = text[index].lower()
    registry = keys_of(top)
    registry.setdefault(letter, []).append(text)
    setattr(top, _REGISTRY, registry)

    def handler(event: tk.Event) -> str:
        try:  # (a widget gone, with its toplevel still there: its key does nothing)
            if str(widget.winfo_toplevel()) != str(event.widget.winfo_toplevel()) \
                    or not widget.winfo_viewable():
                return ""
        except tk.TclError:
            return ""
        action()
        return "break"

    for name in {letter, letter.upper()}:
        keysym = name if name.isascii() and name.isalnum() else _keysym(name)
        if keysym:
            top.bind(f"<Alt-{keysym}>", handler, add="+")


def _keysym(ch: str) -> str | None:
    """Tk's key name for a letter outside ASCII (é is "eacute"), if it has one."""
    names = {"ä": "adiaeresis", "ö": "odiaeresis", "ü": "udiaeresis", "é": "eacute",
             "è": "egrave", "à": "agrave", "ç": "ccedilla", "ß": "ssharp"}
    low = names.get(ch.lower())
    if low is None:
        return None
    return low if ch.islower() else low[0].upper() + low[1:]


def _focus(target: tk.Misc) -> Callable[[], object]:
    return lambda: target.focus_set()


def label(parent: tk.Misc, text: str, target: tk.Misc | None = None,
          **options: Any) -> ttk.Label:
    """A label ("&Game point") whose access key focuses ``target``, the field it names."""
    shown, index = mnemonic(text)
    widget = ttk.Label(parent, text=shown, underline=index, **options)
    if target is not None:
        bind_key(widget, shown, index, _focus(target))
    return widget


def button(parent: tk.Misc, text: str, command: Callable[[], object],
           **options: Any) -> ttk.Button:
    """A button whose access key presses it."""
    shown, index = mnemonic(text)
    widget = ttk.Button(parent, text=shown, underline=index, command=command, **options)

    def press() -> None:
        if "disabled" not in widget.state():
            widget.focus_set()
            widget.invoke()

    bind_key(widget, shown, index, press)
    return widget


def check(parent: tk.Misc, text: str, **options: Any) -> ttk.Checkbutton:
    """A check box whose access key focuses and toggles it."""
    shown, index = mnemonic(text)
    widget = ttk.Checkbutton(parent, text=shown, underline=index, **options)
    bind_key(widget, shown, index, _toggle(widget))
    return widget


def radio(parent: tk.Misc, text: str, **options: Any) -> ttk.Radiobutton:
    """A radio button whose access key focuses and chooses it."""
    shown, index = mnemonic(text)
    widget = ttk.Radiobutton(parent, text=shown, underline=index, **options)
    bind_key(widget, shown, index, _toggle(widget))
    return widget


def _toggle(widget: ttk.Checkbutton | ttk.Radiobutton) -> Callable[[], None]:
    def run() -> None:
        if "disabled" not in widget.state():
            widget.focus_set()
            widget.invoke()
    return run


def tab(notebook: ttk.Notebook, page: tk.Misc, text: str, **options: Any) -> None:
    """A notebook page whose access key selects it (``enable_traversal`` also gives
    Ctrl+Tab)."""
    shown, index = mnemonic(text)
    notebook.add(page, text=shown, underline=index, **options)  # type: ignore[arg-type]
    bind_key(notebook, shown, index, lambda: notebook.select(page))  # type: ignore[no-untyped-call]
