"""The suite's sharing of one result between pytest-xdist workers (tests/shared_kit.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import shared_kit


class _Factory:
    """A stand-in for pytest's TempPathFactory: one worker's base inside a run's folder."""

    def __init__(self, run: Path, worker: str) -> None:
        self.base = run / f"popen-{worker}"
        self.base.mkdir(parents=True, exist_ok=True)

    def getbasetemp(self) -> Path:
        return self.base


def _at(run: Path, worker: str) -> Any:
    return _Factory(run, worker)


def _maker(out: bytes, calls: list[int]) -> Callable[[], bytes]:
    def make() -> bytes:
        calls.append(1)
        return out
    return make


def test_outside_xdist_the_work_is_done_and_nothing_is_shared(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    calls: list[int] = []
    for _ in range(2):
        assert shared_kit.shared(_at(tmp_path, "gw0"), "k", _maker(b"x", calls)) == b"x"
    assert calls == [1, 1] and not (tmp_path / "shared").exists()


def test_the_second_worker_reads_the_first_ones_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    calls: list[int] = []
    first = shared_kit.shared(_at(tmp_path, "gw0"), "k", _maker(b"solved", calls))
    second = shared_kit.shared(_at(tmp_path, "gw1"), "k", _maker(b"again", calls))
    assert first == second == b"solved" and calls == [1]


def test_a_maker_that_failed_or_died_leaves_the_work_to_the_next(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    calls: list[int] = []

    def broken() -> bytes:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        shared_kit.shared(_at(tmp_path, "gw0"), "a", broken)
    assert shared_kit.shared(_at(tmp_path, "gw1"), "a", _maker(b"ok", calls)) == b"ok"
    # a lock whose worker is gone (a process that has ended), with no result
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (tmp_path / "shared" / "b.lock").write_text(gone)
    assert shared_kit.shared(_at(tmp_path, "gw1"), "b", _maker(b"mine", calls)) == b"mine"
    assert calls == [1, 1]
