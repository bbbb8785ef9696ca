"""Kill -9 at any instant leaves a save that loads, plays on and lost at most one command.

A subprocess (``tests/kill_driver.py``) plays games and saves after every command through
:mod:`tenthousand.files.savegame` (a journal: appended lines, atomic rewrites after an undo or a
new game); it is killed with SIGKILL at random moments, and each time the save must load
(a torn last line dropped), hold what the driver last saved or was saving, and a random
legal player must finish the game.  About 20 kills by default, 200 with ``--long``.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from save_kit import assert_plays_on

from tenthousand.files import savegame

DRIVER = Path(__file__).with_name("kill_driver.py")

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _start(home: Path, seed: int, ai: bool, *extra: str) -> subprocess.Popen[bytes]:
    # The built-in random player starts in a fraction of a second; the computer players
    # (make_player) take about a second to build their tables, so only some kills use them.
    return subprocess.Popen(
        [sys.executable, str(DRIVER), str(seed)] + (["--ai"] if ai else []) + list(extra),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TENTHOUSAND_HOME": str(home),
             # the package under test, not one installed elsewhere
             "PYTHONPATH": os.pathsep.join([str(DRIVER.parent.parent),
                                            os.environ.get("PYTHONPATH", "")])},
    )


def _what_may_be_saved(out: bytes) -> set[tuple[int, int]]:
    """The last state the driver finished saving, and the one it was saving, if any."""
    marks = re.findall(r"^(saving|saved) (\d+) (\d+)$", out.decode(), re.MULTILINE)
    allowed = set()
    for i in range(len(marks) - 1, -1, -1):  # back to the last finished save
        allowed.add((int(marks[i][1]), int(marks[i][2])))
        if marks[i][0] == "saved":
            break
    return allowed


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
    save = folder / "data" / "savegame.json"
    states: dict[str, int] = {}
    for n in range(first_seed, first_seed + kills):
        before = save.stat().st_mtime_ns if save.exists() else -1
        proc = _start(folder, seed=n, ai=n % 10 == 9)
        try:
            _wait_for_change(save, before, proc)  # the new game is saved...
            _wait_for_change(save, save.stat().st_mtime_ns, proc)  # ...and play has begun
            time.sleep(rng.uniform(0.0, 0.3))
        finally:
            proc.send_signal(signal.SIGKILL)
            out, _ = proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL, proc.returncode
        game = savegame.parse_save(save.read_bytes())  # never torn beyond its last line
        assert (game.games_played, len(game.record)) in _what_may_be_saved(out)
        states[game.phase.value] = states.get(game.phase.value, 0) + 1
        assert_plays_on(savegame.parse_save(save.read_bytes()), seed=n)
    # Left-over temporary files (a kill between mkstemp and os.replace) are hidden and never
    # mistaken for the save.
    leftovers = [p.name for p in save.parent.iterdir() if p.name != "savegame.json"]
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
    dest.write_bytes((tmp_path / "w0" / "data" / "savegame.json").read_bytes())
    loaded, message = savegame.load_saved_game()
    assert message is None and loaded is not None


def test_one_copy_plays_per_home_and_a_kill_leaves_no_stale_lock(tmp_path: Path,
                                                                 long_run: bool) -> None:
    """Two copies on one home: the second is refused while the first plays (and its save
    is only the first's); the first killed, the next copy plays at once."""
    save = tmp_path / "data" / "savegame.json"
    for n in range(30 if long_run else 3):
        before = save.stat().st_mtime_ns if save.exists() else -1
        first = _start(tmp_path, n, False, "--lock")
        try:
            _wait_for_change(save, before, first)
            second = _start(tmp_path, 1000 + n, False, "--lock")
            out2, _err = second.communicate(timeout=30)
            assert second.returncode == 3 and out2.decode().split() == ["already", "running"]
            assert first.poll() is None  # the first plays on
        finally:
            first.send_signal(signal.SIGKILL)
            out, _ = first.communicate(timeout=30)
        game = savegame.parse_save(save.read_bytes())
        assert (game.games_played, len(game.record)) in _what_may_be_saved(out)  # the first's
