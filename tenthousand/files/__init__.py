"""Files and settings: where things are kept, preferences, saved games and rule files.

See docs/architecture.md."""
