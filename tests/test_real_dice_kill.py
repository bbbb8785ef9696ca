"""Kill -9 during a real-dice game, while a throw is being typed or saved: the save loads,
is still a real-dice game with its set, holds what was last saved (the throw being typed
is all that is lost), replays to the same events, and the game resumed asks for dice."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_kill import _wait_for_change

from tenthousand.files import savegame
from tenthousand.model import persist
from tenthousand.model.real_dice import EnteredDice, dice_wanted, entered_dice

DRIVER = Path(__file__).with_name("real_dice_kill_driver.py")

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _start(home: Path, seed: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, str(DRIVER), str(seed)], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TENTHOUSAND_HOME": str(home),
             "PYTHONPATH": os.pathsep.join([str(DRIVER.parent.parent),
                                            os.environ.get("PYTHONPATH", "")])})


def _may_hold(out: bytes) -> set[int]:
    """The commands the last finished save held, and those of a save under way."""
    marks = re.findall(r"^(saving|saved) (\d+)$", out.decode(), re.MULTILINE)
    allowed = set()
    for kind, count in reversed(marks):
        allowed.add(int(count))
        if kind == "saved":
            break
    return allowed


def test_a_kill_during_entry_loses_at_most_the_throw_being_typed(tmp_path: Path) -> None:
    rng = random.Random(24)
    typing = 0
    for n in range(12):
        home = tmp_path / f"h{n}"
        save = home / "data" / "savegame.json"
        proc = _start(home, seed=n)
        try:
            _wait_for_change(save, -1, proc)
            time.sleep(rng.uniform(0.0, 0.15))
        finally:
            proc.send_signal(signal.SIGKILL)
            out, _ = proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL, proc.returncode
        typing += out.decode().rstrip().endswith(tuple(f"typing {k}" for k in range(999)))
        game = savegame.parse_save(save.read_bytes())
        assert len(game.record) in _may_hold(out)
        assert game.record.real_dice == "Kitchen dice" and game.record.recorded_dice
        assert persist.load_record(game.record.to_dict()).replay().log == game.log
        if not game.over:  # resumed: the next throw's dice are asked for again
            source = entered_dice(game)
            assert isinstance(source, EnteredDice) and not source.loaded
            if game.phase.value == "start":
                assert dice_wanted(game) == 6
    assert typing >= 1  # some kills landed while a throw was being typed
