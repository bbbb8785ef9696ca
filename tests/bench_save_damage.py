"""What loading a damaged save journal costs: ``python tests/bench_save_damage.py [N]``.

Plays one two-seat game of about N commands (default 250; 3000 for a very long one) into a
temporary ``TENTHOUSAND_HOME``, then times :func:`tenthousand.files.savegame.load_saved_game`
on the journal whole and with one line in its middle damaged three ways: a byte that is not
UTF-8, broken JSON (the lines before are kept at once), and a well-formed command the rules
refuse (the longest prefix that replays is searched by halving).  Prints milliseconds and
how many commands were kept.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["TENTHOUSAND_HOME"] = tempfile.mkdtemp(prefix="tenthousand-bench-")

from tenthousand.files import savegame  # noqa: E402
from tenthousand.files.paths import paths  # noqa: E402
from tenthousand.model import PRESETS, Game, Seat  # noqa: E402
from tenthousand.tools.headless import RandomPlayer, step  # noqa: E402


def _timed(raw: bytes, label: str) -> None:
    save = paths().savegame
    save.write_bytes(raw)
    for old in save.parent.glob("savegame.json.bad-*"):
        old.unlink()
    start = time.perf_counter()
    game, note = savegame.load_saved_game()
    took = (time.perf_counter() - start) * 1000
    kept = len(game.record) if game is not None else "-"
    print(f"{label:45} {took:7.0f} ms   commands kept: {kept}   told: {note is not None}")


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 250
    rules = PRESETS["ten-thousand"].with_options(game_point=100_000)  # it lasts
    game = Game(rules, [Seat("A"), Seat("B")], seed=1)
    player = RandomPlayer(1)
    while len(game.record) < n and not game.over:
        step(game, player)
    assert savegame.autosave(game) is None
    lines = paths().savegame.read_bytes().splitlines(keepends=True)
    print(f"a journal of {len(lines) - 1} commands")
    mid = len(lines) // 2
    _timed(b"".join(lines), "whole")
    bad = list(lines)
    bad[mid] = bad[mid][:5] + b"\xff" + bad[mid][6:]
    _timed(b"".join(bad), "a byte not UTF-8 in the middle")
    bad = list(lines)
    bad[mid] = bad[mid].replace(b"{", b"[", 1)
    _timed(b"".join(bad), "broken JSON in the middle")
    data = json.loads(lines[mid])
    bad = list(lines)
    bad[mid] = (json.dumps({"seat": data["seat"], "bank": [5, 4, 3, 2, 1, 0], "n": data["n"]})
                + "\n").encode()
    _timed(b"".join(bad), "a refused command in the middle (halving)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
