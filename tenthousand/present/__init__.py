"""Plain view models without tkinter: what the table, the log, speech and the replay show.

See docs/architecture.md."""
