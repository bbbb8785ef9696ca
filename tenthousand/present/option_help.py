"""The options of the new-game dialog: each check box's label and its line of help, in our
own words, and which of them a saved rule set has on of its own (no tkinter).

A saved rule set brings its options with it (``GameSettings.to_rules`` switches the ticked
options on over it, never off), so the dialog ticks them and keeps them ticked, and the
help line of the trash penalty gives the set's own numbers, not the presets'.
"""

from __future__ import annotations

from ..i18n import N_, _, number
from ..model.rules import Rules

__all__ = ["OPTION_HELP", "option_help", "own_options"]

#: One line per option, in our own words: (the check box's label with its access key, help).
OPTION_HELP: dict[str, tuple[str, str]] = {
    # Translators: the options of the new-game dialog; "&" marks the access key.
    "pyramiding": (N_("&Pyramiding"), N_("counters may mix new dice with dice frozen earlier")),
    "surpassing": (N_("S&urpassing"), N_("to bank, beat the previous player's last bank")),
    "challenging": (N_("&Challenging"), N_("your banked points also come off a rival's board")),
    "rotary-club": (N_("Ro&tary Club"), N_("lowest score wins; each corner pegs your turn score")),
    "mutant-trash": (N_("&Mutant Trash"),
                     N_("two seats: the dice you discard score for the other")),
    "three-trash": (N_("T&hree-trash penalty"),
                    N_("three trash turns in a row cost 1,000 points")),
}


def option_help(name: str, rules: Rules) -> str:
    """The help line of an option's check box for a game on ``rules`` (the preset or saved
    rule set chosen), in the language in use."""
    text = OPTION_HELP.get(name, (name, ""))[1]
    if name != "three-trash":
        return _(text)
    run, points = rules.trash_run, number(rules.trash_penalty)
    if run == 3 and rules.trash_penalty == 1000 and rules.score_floor is None:
        return _(text)
    if rules.score_floor is None:
        # Translators: the help of the trash penalty's check box; {count} is 2 to 9.
        return _("{count} trash turns in a row cost {points} points").format(
            count=number(run), points=points)
    # Translators: the help of the trash penalty's check box; {count} is 2 to 9, {lowest}
    # the lowest board score (0 or below).
    return _("{count} trash turns in a row cost {points} points, never below {lowest}").format(
        count=number(run), points=points, lowest=number(rules.score_floor))


def own_options(rules: Rules) -> frozenset[str]:
    """The options a rule set has on of its own (a saved set's; none for a preset)."""
    return frozenset(rules.options)
