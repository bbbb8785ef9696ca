"""The guess of a long solve's time left (tenthousand.solver.pace), and the command's line."""

from __future__ import annotations

import pytest

from tenthousand.solver import _left
from tenthousand.solver.pace import Pace


def test_a_steady_run_is_guessed_at_its_rate_after_twenty_seconds() -> None:
    now = [0.0]
    pace = Pace(lambda: now[0])
    assert pace.remaining() is None
    for second in range(0, 61, 5):
        now[0] = float(second)
        pace.report(second / 600)  # a tenth in a minute
        if second < 20:
            assert pace.remaining() is None
    assert pace.remaining() == pytest.approx(540.0)


def test_a_run_that_slows_down_is_guessed_from_its_later_half() -> None:
    now = [0.0]
    pace = Pace(lambda: now[0])
    for now[0], share in ((0, 0.0), (10, 0.2), (20, 0.4), (40, 0.5), (60, 0.6)):
        pace.report(share)
    assert pace.remaining() == pytest.approx(80.0)  # not the whole run's 40 s


def test_a_machine_that_slept_does_not_make_the_guess_longer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A solve of a tenth every ten minutes, reporting every 5 s, and two hours asleep in
    the middle: the gap counts as two minutes, and the guess stays near the awake rate's
    4,500 s (counted in full it would be hours more)."""
    def run() -> float | None:
        now = [0.0]
        pace = Pace(lambda: now[0])
        share = 0.0
        for step in range(240 + 60):
            if step == 240:
                now[0] += 7200  # asleep
            now[0] += 5
            share += 5 / 6000
            pace.report(share)
        return pace.remaining()

    left = run()
    assert left is not None and 4500 * 0.9 < left < 4500 * 1.25
    monkeypatch.setattr(Pace, "LONGEST_GAP", float("inf"))
    counted = run()
    assert counted is not None and counted > 3 * 4500


def test_the_commands_progress_line_says_hours_and_minutes() -> None:
    assert _left(None).strip() == ""
    assert _left(3 * 3600 + 299).strip() == "about 3 h 05 min left"
    assert _left(600).strip() == "about 10 min left"
    assert len({len(_left(s)) for s in (None, 60, 3600, 36_000)}) == 1  # written over itself
