"""The controller and the application's command groups: what happens when the player acts.

See docs/architecture.md."""
