"""Kill -9 at any instant leaves a save that loads and plays on.

A subprocess (``python -m tenthousand.headless``) plays computer-vs-computer games and
saves after every command; it is killed with SIGKILL at random moments, and each time the
save file must be valid JSON that :func:`load_game` accepts and a random legal player can
finish.  About 20 kills by default, 200 with ``--long``.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from save_kit import assert_plays_on

from tenthousand import savegame
from tenthousand.model import load_game

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _start(save: Path, seed: int, ai: bool) -> subprocess.Popen[bytes]:
    # The built-in random player starts in a fraction of a second; the computer players
    # (make_player) take about a second to build their tables, so only some kills use them.
    return subprocess.Popen(
        [sys.executable, "-m", "tenthousand.headless", "--seed", str(seed), "--games", "1000",
         "--save", str(save)] + ([] if ai else ["--random"]),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def _wait_for_change(save: Path, before: float, proc: subprocess.Popen[bytes],
                     timeout: float = 30.0) -> None:
    """Wait until the process has written the save at least once."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if save.stat().st_mtime_ns > before:
                return
        except FileNotFoundError:
            pass
        if proc.poll() is not None:
            raise AssertionError(f"the driver stopped: {proc.stderr.read().decode()[-2000:]}"
                                 if proc.stderr else "the driver stopped")
        time.sleep(0.005)
    raise AssertionError("the driver never saved")


def _kill_loop(folder: Path, kills: int, first_seed: int) -> dict[str, int]:
    """Start, kill and check ``kills`` times in ``folder``; returns the phases found."""
    rng = random.Random(first_seed)
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / "savegame.json"
    states: dict[str, int] = {}
    for n in range(first_seed, first_seed + kills):
        before = save.stat().st_mtime_ns if save.exists() else -1
        proc = _start(save, seed=n, ai=n % 10 == 9)
        try:
            _wait_for_change(save, before, proc)  # the new game is saved...
            _wait_for_change(save, save.stat().st_mtime_ns, proc)  # ...and play has begun
            time.sleep(rng.uniform(0.0, 0.3))
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
            if proc.stderr:
                proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL, proc.returncode
        text = save.read_text(encoding="utf-8")
        data = json.loads(text)  # valid JSON, never torn
        game = load_game(data)  # passes every check of the loader
        states[game.phase.value] = states.get(game.phase.value, 0) + 1
        assert_plays_on(load_game(data), seed=n)
    # Left-over temporary files (a kill between mkstemp and os.replace) are hidden and never
    # mistaken for the save.
    leftovers = [p.name for p in folder.iterdir() if p.name != "savegame.json"]
    assert all(p.startswith(".savegame.json.") and p.endswith(".tmp") for p in leftovers)
    return states


def test_sigkill_at_random_moments_leaves_a_loadable_save(tmp_path: Path, long_run: bool,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    kills = 200 if long_run else 20
    workers = 4  # the driver mostly waits for fsync, so four at once finish sooner
    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(_kill_loop, tmp_path / f"w{w}", kills // workers,
                               w * (kills // workers)) for w in range(workers)]
        results = [f.result() for f in futures]  # re-raises a worker's failure
    states: dict[str, int] = {}
    for r in results:
        for phase, count in r.items():
            states[phase] = states.get(phase, 0) + count
    assert sum(states.values()) == kills
    # The kills landed in different parts of a turn, not always at the same point.
    assert len(states) >= 2, states
    # The last save also resumes through savegame, as the window does at launch.
    monkeypatch.setenv("TENTHOUSAND_HOME", str(tmp_path / "home"))
    dest = savegame.save_path()
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes((tmp_path / "w0" / "savegame.json").read_bytes())
    loaded, message = savegame.load_saved_game()
    assert message is None and loaded is not None
