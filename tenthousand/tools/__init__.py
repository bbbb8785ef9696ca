"""Developer tools the game never loads: simulations, benchmarks, headless play, checks.

See docs/architecture.md."""
