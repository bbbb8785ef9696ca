"""The network benchmark runs and says what it measured."""

from __future__ import annotations

import json

import pytest

from tenthousand.tools import benchmark


def test_the_benchmark_times_wishes_on_every_screen(capsys: pytest.CaptureFixture[str]) -> None:
    assert benchmark.main(["network", "--clients", "2", "--wishes", "5"]) == 0
    printed = json.loads(capsys.readouterr().out)
    result = printed["2"]
    assert set(printed) == {"2"} and result["wishes"] >= 5
    assert 0 < result["own_ms_p50"] <= result["own_ms_p99"]
    assert 0 < result["others_ms_p50"] <= result["others_ms_p99"]
    assert result["host_callback_ms_p50"] <= result["host_callback_ms_max"]
    assert result["host_callbacks_over_16ms"] >= 0
    with pytest.raises(SystemExit):
        benchmark.main(["network", "--clients", "12"])
