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


def test_the_benchmark_times_a_table_through_the_relay(capsys: pytest.CaptureFixture[str],
                                                       long_run: bool) -> None:
    """``--relay``: a mailbox server and transit relay of its own on loopback, the friends
    joined by invite codes, every line through the relay (some ten seconds: --long)."""
    if not long_run:
        pytest.skip("the benchmark through the relay runs with --long")
    assert benchmark.main(["network", "--relay", "--clients", "1", "--wishes", "5"]) == 0
    result = json.loads(capsys.readouterr().out)["1"]
    assert result["wishes"] >= 5 and 0 < result["own_ms_p50"] <= result["own_ms_p99"]
