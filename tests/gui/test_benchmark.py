"""``python -m tenthousand.tools.benchmark``: times every Tk callback while computers play."""

from __future__ import annotations

import tkinter as tk

import pytest

from tenthousand.tools import benchmark

pytestmark = pytest.mark.gui


def test_a_short_run_times_the_callbacks(tk_root: tk.Tk) -> None:
    # The session's root stays; the benchmark makes (and destroys) its own window.
    result = benchmark.run("trash-5000", ["perfect", "expert"], 3.0, seed=4)
    assert result["rules"] == "trash-5000" and result["players"] == ["perfect", "expert"]
    assert result["callbacks"] > 20 and result["events"] > 0
    assert 0 <= result["callback_ms_p50"] <= result["callback_ms_p99"] \
        <= result["callback_ms_max"]
    assert 0 <= result["over_16ms"] <= result["callbacks"]
    names = [name for name, _, _ in result["slowest"]]
    assert names and not any(n.endswith((".callit", ".run")) for n in names)
    assert tk.CallWrapper.__call__.__name__ == "__call__"  # the timer is gone again


def test_the_profile_names_the_costliest_functions(tk_root: tk.Tk,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    result = benchmark.run("trash-5000", ["expert", "expert"], 2.0, seed=4, profile=5)
    assert result["callbacks"] > 10
    err = capsys.readouterr().err
    assert "Ordered by: cumulative time" in err and "function calls" in err
    from tenthousand.services.jobs import JobRunner

    assert JobRunner._deliver.__name__ == "_deliver"  # the delivery's spy is gone again
