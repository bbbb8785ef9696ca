"""Killing the program while it stores games loses no finished game and leaves none
half-written: the database passes ``PRAGMA integrity_check`` and holds every game whose
id the driver printed (printed only after its transaction committed), each whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tenthousand.history.store import History

DRIVER = Path(__file__).with_name("history_kill_driver.py")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]


def _run_and_kill(db: Path, seed: int, delay: float) -> dict[int, int]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.pathsep.join([str(DRIVER.parent.parent), str(DRIVER.parent)])}
    proc = subprocess.Popen([sys.executable, str(DRIVER), str(db), str(seed)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the database is open: kill while games are stored
    assert first.strip() == b"open", proc.stderr.read() if proc.stderr else b""
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate()
    stored: dict[int, int] = {}
    for line in out.decode().splitlines():
        parts = line.split()
        if len(parts) == 2:  # a line torn by the kill has fewer parts
            stored[int(parts[0])] = int(parts[1])
    return stored


def test_kills_while_storing_lose_nothing_finished(tmp_path: Path, long_run: bool) -> None:
    db = tmp_path / "history.sqlite3"
    rng = random.Random(12)
    done: dict[int, int] = {}
    for k in range(40 if long_run else 5):
        done.update(_run_and_kill(db, k, rng.uniform(0.05, 0.6)))
        with History(db) as h:
            assert h.problem is None
            assert h.integrity() == "ok"
            seats = dict(h.con.execute(
                "SELECT g.id, count(s.seat) FROM games g LEFT JOIN seats s "
                "ON s.game_id = g.id GROUP BY g.id").fetchall())
            counts = dict(h.con.execute("SELECT id, seat_count FROM games").fetchall())
    assert done, "the driver stored nothing before it was killed"
    for game_id, n in done.items():
        assert seats.get(game_id) == n  # every game reported stored is there, whole
    assert all(seats[g] == counts[g] for g in counts)  # and no game is half-written
