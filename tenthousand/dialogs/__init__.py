"""The dialogs of the game window, one module each (new game, preferences, rules, about,
keys), sharing the pattern of :mod:`tenthousand.dialogs.base`."""
