"""Computer players (pure Python, no tkinter)."""
