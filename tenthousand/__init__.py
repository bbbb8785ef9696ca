"""Ten-Thousand: the classic six-dice game (Zilch, Farkle) for the desktop.

The folders of this package are its layers, from the engine (``model``, ``ai``,
``solver``, ``advice``, ``history``) through the files, the desktop services and the view
models (``files``, ``services``, ``present``) to the window (``view``, ``dialogs``) and the
controller that joins them (``control``); ``tools`` holds what developers run and the game
never loads.  docs/architecture.md says what each layer may import, where each thing
lives, and how a click and a computer turn go through the code.
"""

__version__ = "0.1.0"
