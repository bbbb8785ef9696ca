"""Desktop services: the job runner, sound, speech programs, logs, the desktop entry, assets.

See docs/architecture.md."""
