"""The replay's steps and the decisions they show: a step shows the position with the next
command's freeze selected, so the advice line under it speaks of that decision, and the
review's "Show in replay" opens on the step before the decision's command."""

from __future__ import annotations

from tenthousand.model import PRESETS, Game, Seat
from tenthousand.present.replaying import Replay, build, context, showing
from tenthousand.tools.headless import play_to_end


def _replayed() -> tuple[Game, Replay]:
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "expert")], seed=21)
    play_to_end(game, seed=21)
    return game, build(game.record)


def test_each_decision_is_shown_on_the_step_before_its_command() -> None:
    game, replay = _replayed()
    decisions = replay.decisions()
    assert len(decisions) > 5
    for made, decision in decisions:
        step = showing(made)
        assert step == made - 1
        # The advice line at that step speaks of this decision...
        assert replay.decision_shown(step) == decision
        # ...and the table there shows its freeze selected, before it is made.
        shown = replay.game(step)
        command = game.record.commands[made - 1]
        ctx = context(replay, step, shown)
        assert ctx.selection == frozenset(command.args)
        assert ctx.decision_bank == (command.name == "bank")
        assert decision.position == replay.positions[step]


def test_a_step_after_a_decision_does_not_speak_of_it() -> None:
    _game, replay = _replayed()
    made = {step for step, _d in replay.decisions()}
    for step in range(replay.last + 1):
        shown = replay.decision_shown(step)
        assert (shown is not None) == (step + 1 in made)


def test_the_last_step_shows_no_decision() -> None:
    _game, replay = _replayed()
    assert replay.decision_shown(replay.last) is None
    assert showing(1) == 0
