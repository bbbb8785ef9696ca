"""The network benchmark runs and says what it measured."""

from __future__ import annotations

import json

import pytest

from tenthousand.tools import benchmark
from tenthousand.tools.net_bench import run


def test_the_benchmark_times_wishes_on_every_screen() -> None:
    result = run(2, 10)
    assert result["wishes"] >= 10
    assert 0 < result["own_ms_p50"] <= result["own_ms_p99"]
    assert 0 < result["others_ms_p50"] <= result["others_ms_p99"]
    assert result["host_callback_ms_p50"] <= result["host_callback_ms_max"]
    assert result["host_callbacks_over_16ms"] >= 0


def test_the_benchmark_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert benchmark.main(["network", "--clients", "1", "--wishes", "3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == {"1"} and printed["1"]["others_ms_p50"] is None
    with pytest.raises(SystemExit):
        benchmark.main(["network", "--clients", "12"])
