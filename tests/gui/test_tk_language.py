"""Tk's own boxes speak the game's language: the Yes and No of a question box come from Tk's
message catalogue, which the launch points at the game's language."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest

from tenthousand.view import access


@pytest.fixture
def tk_locale(tk_root: tk.Tk) -> Iterator[tk.Tk]:
    before = str(tk_root.tk.call("::msgcat::mclocale"))
    yield tk_root
    tk_root.tk.call("::msgcat::mclocale", before)


def _word(root: tk.Tk, english: str) -> str:
    """What Tk's message box shows for ``english`` (its catalogue lives in ::tk)."""
    return str(root.tk.eval(f"namespace eval ::tk {{::msgcat::mc {english}}}"))


@pytest.mark.parametrize("code, yes, no", [("de", "&Ja", "&Nein"), ("fr", "&Oui", "&Non"),
                                           ("en", "&Yes", "&No"), ("pseudo", "&Yes", "&No")])
def test_the_yes_and_no_of_tk_boxes_follow_the_language(tk_locale: tk.Tk, code: str, yes: str,
                                                        no: str) -> None:
    access.tk_language(tk_locale, code)
    assert (_word(tk_locale, "&Yes"), _word(tk_locale, "&No")) == (yes, no)
