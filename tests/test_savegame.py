"""Autosave and resume: a round trip keeps everything, and no bad file or full disk crashes."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from save_kit import assert_one_sentence, assert_plays_on, mid_game_document, new_game

from tenthousand.files import records, savegame, storage
from tenthousand.files.paths import paths
from tenthousand.model import load_game
from tenthousand.tools.headless import RandomPlayer, play_to_end, step

BAD_NAME = re.compile(r"^savegame\.json\.bad-\d{8}-\d{6}(-\d+)?$")


def save_file() -> Path:
    return paths().savegame


def write_raw(data: bytes | str) -> bytes:
    path = save_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    path.write_bytes(raw)
    return raw


def assert_set_aside(message: str | None, raw: bytes) -> None:
    """The file is gone, kept beside under the right name with its bytes, and the player is
    told in one sentence."""
    assert_one_sentence(message)
    assert message is not None and "saved game" in message
    assert not save_file().exists()
    aside = [p for p in save_file().parent.iterdir() if p.name != ".keep"]
    assert len(aside) == 1, aside
    assert BAD_NAME.match(aside[0].name), aside[0].name
    assert aside[0].name in message
    assert aside[0].read_bytes() == raw


# -- the round trip ----------------------------------------------------------------------


def test_no_file_no_game() -> None:
    assert savegame.load_saved_game() == (None, None)
    assert not savegame.has_unfinished_game()
    savegame.clear_saved_game()  # nothing to clear is fine


def test_round_trip_keeps_everything() -> None:
    doc = mid_game_document()
    game = load_game(doc)
    assert savegame.autosave(game) is None
    assert save_file().exists()
    assert savegame.has_unfinished_game()
    loaded, message = savegame.load_saved_game()
    assert message is None and loaded is not None
    assert loaded.to_dict() == doc  # seats, rules, scores, turn, dice, rng, match table, log
    # The same dice come next: the resumed game plays on exactly like the original.
    a, b = load_game(doc), loaded
    for _ in range(40):
        if a.over:
            break
        step(a, RandomPlayer(7))
        step(b, RandomPlayer(7))
        assert a.to_dict() == b.to_dict()


def test_match_table_survives_a_rematch() -> None:
    game = new_game(0, seed=3)
    play_to_end(game, RandomPlayer(3))
    nxt = game.rematch()
    step(nxt, RandomPlayer(1))
    assert savegame.autosave(nxt) is None
    loaded, _ = savegame.load_saved_game()
    assert loaded is not None
    assert loaded.match_points == game.match_points and loaded.games_played == 1
    assert any(loaded.match_points)


def test_a_finished_game_is_not_offered() -> None:
    game = new_game(0, seed=5)
    play_to_end(game, RandomPlayer(5))
    assert savegame.autosave(game) is None
    assert savegame.load_saved_game() == (None, None)
    assert not savegame.has_unfinished_game()
    assert save_file().exists()  # not bad: simply nothing to resume


def test_clear_saved_game() -> None:
    assert savegame.autosave(new_game(1, seed=1)) is None
    savegame.clear_saved_game()
    assert not save_file().exists()
    assert savegame.load_saved_game() == (None, None)


def test_every_sample_resumes_and_plays_on() -> None:
    from save_kit import sample_documents

    for i, doc in enumerate(sample_documents()):
        game = load_game(doc)
        if game.over:
            continue
        assert savegame.autosave(game) is None
        loaded, message = savegame.load_saved_game()
        assert message is None and loaded is not None
        assert_plays_on(loaded, seed=i)


# -- bad files ---------------------------------------------------------------------------


def _mutated(change: Any) -> str:
    doc = mid_game_document()
    change(doc)
    return json.dumps(doc)


def _set(path: str, value: Any) -> Any:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return change


def _drop(key: str) -> Any:
    return lambda doc: doc.pop(key)


BAD_DOCUMENTS: dict[str, Any] = {
    "empty": b"",
    "garbage": b"\x00\x01\xffthis is not a save\x89PNG",
    "not utf-8": "{\"format\": 1, \"x\": \"\xe9\"}".encode("latin-1"),
    "a python pickle": b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01a\x94K\x01s.",
    "python code": b"__import__('os').system('echo pwned')",
    "a JSON list": b"[1, 2, 3]",
    "a JSON string": b"\"savegame\"",
    "null": b"null",
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "an empty object": b"{}",
    "format 99": _mutated(_set("format", 99)),
    "format 0": _mutated(_set("format", 0)),
    "format as text": _mutated(_set("format", "1")),
    "no format": _mutated(_drop("format")),
    "a die of 7": _mutated(_set("turn.thrown.0", 7)),
    "a die of 0": _mutated(_set("turn.thrown.0", 0)),
    "a frozen die of 7": _mutated(_set("turn.frozen.0.0", 7)),
    "a die as text": _mutated(_set("turn.thrown.0", "5")),
    "a die as true": _mutated(_set("turn.thrown.0", True)),
    "negative game point": _mutated(_set("rules.game_point", -10000)),
    "game point zero": _mutated(_set("rules.game_point", 0)),
    "game point not a multiple of 50": _mutated(_set("rules.game_point", 10001)),
    "board as text": _mutated(_set("board", "0,0")),
    "board too short": _mutated(_set("board", [0])),
    "board score as float": _mutated(_set("board.0", 100.5)),
    "seats as an object": _mutated(_set("seats", {"name": "x"})),
    "no seats": _mutated(_set("seats", [])),
    "ten seats": _mutated(_set("seats", [{"name": f"S{i}", "computer": False, "level": "normal"}
                                         for i in range(10)])),
    "unknown level": _mutated(_set("seats.0.level", "godlike")),
    "current seat out of range": _mutated(_set("current", 5)),
    "negative current seat": _mutated(_set("current", -1)),
    "unknown phase": _mutated(_set("phase", "dancing")),
    "unknown preset": _mutated(_set("rules.preset", "yahtzee")),
    "unknown rule field": _mutated(_set("rules.cheat", True)),
    "turn missing": _mutated(_drop("turn")),
    "log missing": _mutated(_drop("log")),
    "log garbage": _mutated(_set("log", [{"type": "explosion"}])),
    "rng damaged": _mutated(_set("rng", [3, [1, 2], None])),
    "negative turn score": _mutated(_set("turn.stretch_score", -50)),
    "huge number": _mutated(_set("board.0", 10**400)),
    "over without a result": _mutated(_set("phase", "over")),
    "a huge file": b"{\"format\": 1, \"pad\": \"" + b"x" * (storage.MAX_BYTES + 10) + b"\"}",
}


@pytest.mark.parametrize("name", list(BAD_DOCUMENTS))
def test_a_bad_file_is_set_aside(name: str) -> None:
    raw = write_raw(BAD_DOCUMENTS[name])
    assert not savegame.has_unfinished_game()
    assert save_file().exists()  # the question alone changes nothing on disk
    game, message = savegame.load_saved_game()
    assert game is None
    assert_set_aside(message, raw)
    # And the next launch starts clean.
    assert savegame.load_saved_game() == (None, None)


def test_format_99_says_newer() -> None:
    write_raw(BAD_DOCUMENTS["format 99"])
    _, message = savegame.load_saved_game()
    assert message is not None and "newer" in message


def test_truncated_at_every_offset(long_run: bool) -> None:
    """A save cut off anywhere (a torn write without the atomic rename) is set aside."""
    text = json.dumps(mid_game_document(), indent=1).encode()
    offsets = list(range(len(text)))
    if not long_run:
        offsets = sorted(random.Random(6).sample(offsets, 50)) + [0, 1, len(text) - 1]
    folder = save_file().parent
    for cut in offsets:
        raw = write_raw(text[:cut])
        game, message = savegame.load_saved_game()
        assert game is None, cut
        assert_set_aside(message, raw)
        for p in folder.iterdir():
            p.unlink()


def test_two_bad_files_in_the_same_second_keep_both() -> None:
    write_raw(b"one")
    savegame.load_saved_game()
    write_raw(b"two")
    savegame.load_saved_game()
    names = sorted(p.name for p in save_file().parent.iterdir())
    assert len(names) == 2 and all(BAD_NAME.match(n) for n in names), names
    contents = sorted(p.read_bytes() for p in save_file().parent.iterdir())
    assert contents == [b"one", b"two"]


def test_a_bad_file_that_cannot_be_moved_still_gives_a_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    write_raw(b"garbage")
    monkeypatch.setattr(storage.os, "replace", _raiser(errno.EROFS))
    game, message = savegame.load_saved_game()
    assert game is None
    assert_one_sentence(message)


def test_an_unreadable_save_is_left_alone_and_never_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No permission to read the save is not damage: the file stays as it is (not set
    aside, not called read-only), and this process's saves do not replace it."""
    raw = write_raw(json.dumps(mid_game_document()))

    def refuse(path: Path, limit: int = 0) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied")

    with monkeypatch.context() as m:
        m.setattr(savegame, "read_limited", refuse)
        game, message = savegame.load_saved_game()
    assert game is None
    assert_one_sentence(message)
    assert message is not None and "permission" in message and "read-only" not in message
    assert "Permission denied" not in message and "Errno" not in message
    assert sorted(p.name for p in save_file().parent.iterdir()) == ["savegame.json"]
    assert save_file().read_bytes() == raw
    # The new game of this launch is not saved over it, nor is it cleared.
    refused = savegame.autosave(new_game(0, seed=1))
    assert_one_sentence(refused)
    savegame.clear_saved_game()
    assert save_file().read_bytes() == raw
    # Once it can be read (the next launch), it resumes.
    game, message = savegame.load_saved_game()
    assert message is None and game is not None


def test_the_log_says_set_aside_only_when_it_was(monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    write_raw(b"garbage")
    with monkeypatch.context() as m, caplog.at_level("WARNING"):
        m.setattr(storage.os, "replace", _raiser(errno.EROFS))
        savegame.load_saved_game()
    assert "set aside" not in caplog.text and "could not be renamed" in caplog.text
    caplog.clear()
    with caplog.at_level("WARNING"):
        savegame.load_saved_game()
    assert "set aside" in caplog.text and ".bad-" in caplog.text


# -- a disk that refuses -----------------------------------------------------------------


def _raiser(code: int) -> Any:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize("where, code, words", [
    ("fsync", errno.ENOSPC, "full"),
    ("replace", errno.ENOSPC, "full"),
    ("replace", errno.EROFS, "the disk is read-only"),
    ("replace", errno.EACCES, "no permission to write"),
    ("fsync", errno.EIO, "the disk reported an error"),
    ("fsync", errno.ENOTSUP, "the disk reported an error"),
])
def test_a_refused_write_returns_a_sentence(monkeypatch: pytest.MonkeyPatch, where: str,
                                            code: int, words: str) -> None:
    old = new_game(0, seed=1)
    assert savegame.autosave(old) is None
    before = save_file().read_bytes()
    game = new_game(0, seed=2)
    step(game, RandomPlayer(1))
    with monkeypatch.context() as m:
        m.setattr(storage.os, where, _raiser(code))
        message = savegame.autosave(game)
    assert_one_sentence(message)
    assert message is not None and words in message.lower()
    assert os.strerror(code) not in message and "Errno" not in message  # our own words
    # The old save is untouched and no temporary file is left behind.
    assert save_file().read_bytes() == before
    assert sorted(p.name for p in save_file().parent.iterdir()) == ["savegame.json"]
    loaded, _ = savegame.load_saved_game()
    assert loaded is not None and loaded.to_dict() == old.to_dict()


def test_a_folder_that_cannot_exist(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TENTHOUSAND_HOME", str(blocker))  # data/ would be inside a file
    message = savegame.autosave(new_game(0, seed=1))
    assert_one_sentence(message)
    game, message = savegame.load_saved_game()
    assert game is None
    if message is not None:
        assert_one_sentence(message)
    assert not savegame.has_unfinished_game()
    savegame.clear_saved_game()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root can write to a read-only folder")
def test_a_read_only_folder() -> None:  # pragma: no cover - CI runs as a user
    folder = save_file().parent
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        message = savegame.autosave(new_game(0, seed=1))
        assert_one_sentence(message)
        assert message is not None and "no permission to write" in message
    finally:
        folder.chmod(0o700)


def test_only_json_is_read() -> None:
    """The loader's modules never reach for eval, exec or pickle."""
    import inspect

    import tenthousand.files.settings as settings
    import tenthousand.model.persist as persist
    import tenthousand.model.position as position

    for module in (savegame, storage, persist, position, settings):
        source = inspect.getsource(module)
        code = re.sub(r'"""[\s\S]*?"""', "", source)  # docstrings may say "unpickled"
        for word in ("eval(", "exec(", "pickle", "marshal", "shelve", "yaml"):
            assert word not in code, (module.__name__, word)


def test_temporary_files_of_a_killed_write_are_cleaned_up() -> None:
    assert savegame.autosave(new_game(0, seed=1)) is None
    folder = save_file().parent
    stale = folder / ".savegame.json.abc123.tmp"
    fresh = folder / ".savegame.json.def456.tmp"  # perhaps another window writing now
    other = folder / "notes.tmp"
    for p in (stale, fresh, other):
        p.write_text("{\"torn")
    old = time.time() - savegame.STALE_SECONDS - 5
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    game, message = savegame.load_saved_game()
    assert game is not None and message is None
    assert not stale.exists() and fresh.exists() and other.exists()


# -- the journal ---------------------------------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("name", ["savegame-v1.json", "savegame-v1-midturn.json"])
def test_a_save_of_the_previous_release_loads_and_plays_on(name: str) -> None:
    raw = (FIXTURES / name).read_bytes()
    expected = load_game(json.loads(raw)).to_dict()
    write_raw(raw)
    assert savegame.has_unfinished_game()
    game, message = savegame.load_saved_game()
    assert message is None and game is not None
    assert game.to_dict() == expected  # the same position, log and dice to come
    if name.endswith("midturn.json"):
        assert game.phase.value == "choose" and game.frozen
    # It was rewritten as a journal whose start is that position...
    header = json.loads(save_file().read_text().splitlines()[0])
    assert header["format"] == 2 and header["start"]["position"] == json.loads(raw)
    # ...from which play goes on and is saved by appending.
    player = RandomPlayer(3)
    for _ in range(10):
        if game.over:
            break
        step(game, player)
        assert savegame.autosave(game) is None
    if not game.over:
        loaded, message = savegame.load_saved_game()
        assert message is None and loaded is not None
        assert loaded.to_dict() == game.to_dict() and loaded.log == game.log


def test_autosave_appends_one_line_per_command() -> None:
    game = new_game(0, seed=9)
    player = RandomPlayer(9)
    assert savegame.autosave(game) is None
    sizes = []
    for _ in range(60):
        before = save_file().read_bytes()
        step(game, player)
        if game.over:
            break
        assert savegame.autosave(game) is None
        after = save_file().read_bytes()
        assert after.startswith(before)  # nothing written is written again
        sizes.append(len(after) - len(before))
        assert after.count(b"\n") == len(game.record) + 1
    assert max(sizes) < 120  # one short line, however long the game
    loaded, _ = savegame.load_saved_game()
    assert loaded is not None and loaded.to_dict() == game.to_dict()


def test_the_saver_writes_what_is_new_even_when_saves_were_skipped() -> None:
    game = new_game(2, seed=4)
    assert savegame.autosave(game) is None
    snapshots = []
    player = RandomPlayer(4)
    for _ in range(8):
        step(game, player)
        snapshots.append(game.record.snapshot())
    assert savegame.autosave(snapshots[-1]) is None  # the seven before were superseded
    loaded, _ = savegame.load_saved_game()
    assert loaded is not None and loaded.to_dict() == game.to_dict()


def test_a_torn_last_line_is_dropped() -> None:
    """A kill during an append costs the last command, never the save."""
    game = new_game(1, seed=12)
    player = RandomPlayer(12)
    states = [game.to_dict()]
    assert savegame.autosave(game) is None
    for _ in range(12):
        step(game, player)
        states.append(game.to_dict())
        assert savegame.autosave(game) is None
    whole = save_file().read_bytes()
    header_end = whole.index(b"\n")
    last_start = whole.rindex(b"\n", 0, len(whole) - 1) + 1
    cuts = [header_end, header_end + 1, header_end + 5] + list(range(last_start, len(whole)))
    for cut in cuts:
        write_raw(whole[:cut])
        loaded, message = savegame.load_saved_game()
        assert message is None and loaded is not None, cut
        lines = max(0, whole[:cut].count(b"\n") - 1)
        assert loaded.to_dict() == states[lines], cut
        # Loading compacted the file: it ends with a whole line again.
        assert save_file().read_bytes().endswith(b"\n")
    write_raw(whole[:header_end - 3])  # the header itself torn: not a game to trust
    game_back, message = savegame.load_saved_game()
    assert game_back is None and message is not None


def _journal_lines() -> tuple[list[bytes], list[dict[str, Any]]]:
    """The lines of a journal of 12 commands, and the game's state after each command."""
    game = new_game(0, seed=12)
    player = RandomPlayer(12)
    states = [game.to_dict()]
    for _ in range(12):
        step(game, player)
        states.append(game.to_dict())
    assert savegame.autosave(game) is None
    lines = save_file().read_bytes().splitlines(keepends=True)
    savegame.clear_saved_game()
    return lines, states


def assert_start_kept(message: str | None, raw: bytes, lost: int) -> None:
    """The whole damaged file is kept beside the save, which now holds its good start, and
    the player is told how many moves were lost."""
    assert_one_sentence(message)
    assert message is not None and "damaged" in message
    assert (f"last {lost} moves" in message) if lost > 1 else ("last move" in message)
    aside = [p for p in save_file().parent.iterdir() if BAD_NAME.match(p.name)]
    assert len(aside) == 1 and aside[0].read_bytes() == raw and aside[0].name in message
    assert save_file().exists()


@pytest.mark.parametrize("damage, kept", [
    ("garbage line", 3), ("lost line", 3), ("doubled line", 4), ("bad command", 3),
    ("an illegal command", 3), ("number as true", 1), ("a byte not UTF-8", 5)])
def test_a_damaged_journal_keeps_the_good_lines_before_the_damage(damage: str,
                                                                  kept: int) -> None:
    lines, states = _journal_lines()
    if damage == "garbage line":
        lines[4] = b"{\"seat\": 0, \xff\n"
    elif damage == "lost line":
        del lines[4]
    elif damage == "doubled line":
        lines.insert(4, lines[4])
    elif damage == "bad command":
        lines[4] = b"{\"seat\":0,\"jump\":[1],\"n\":3}\n"
    elif damage == "an illegal command":
        data = json.loads(lines[4])
        lines[4] = (json.dumps({"seat": data["seat"], "bank": [5, 4, 3, 2, 1, 0], "n": 3})
                    + "\n").encode()
    elif damage == "number as true":
        lines[2] = lines[2].replace(b"\"n\":1", b"\"n\":true")
    else:
        lines[6] = lines[6][:3] + b"\xfe" + lines[6][4:]
    raw = write_raw(b"".join(lines))
    game, message = savegame.load_saved_game()
    assert game is not None and game.to_dict() == states[kept]
    assert_start_kept(message, raw, len(lines) - 1 - kept)
    # The save is the good start, and play goes on from it, appended as before.
    again, note = savegame.load_saved_game()
    assert note is None and again is not None and again.to_dict() == states[kept]


def test_one_changed_byte_anywhere_in_a_line_keeps_the_lines_before_it(long_run: bool) -> None:
    lines, states = _journal_lines()
    line = 7  # the seventh command's line: six good commands before it
    offsets = range(len(lines[line])) if long_run else range(0, len(lines[line]), 5)
    for at in offsets:
        for value in (0x00, 0x22, 0x7b, 0x39, 0xff):
            damaged = list(lines)
            if damaged[line][at] == value:
                continue
            damaged[line] = damaged[line][:at] + bytes([value]) + damaged[line][at + 1:]
            for p in save_file().parent.iterdir():
                p.unlink()
            write_raw(b"".join(damaged))
            game, message = savegame.load_saved_game()
            assert game is not None, (at, value, message)
            # Never less than the lines before the damage (a byte that leaves a legal
            # command may keep more); never a crash, never the whole game set aside.
            length = len(game.record)
            assert length >= line - 1, (at, value)
            if length < len(states) - 1:
                assert message is not None and "damaged" in message, (at, value)
            assert game.to_dict()["board"] is not None
            assert_plays_on(game, seed=at)


def test_a_damaged_first_line_still_sets_the_whole_file_aside() -> None:
    lines, _states = _journal_lines()
    lines[0] = lines[0][:10] + b"\xff" + lines[0][11:]
    raw = write_raw(b"".join(lines))
    game, message = savegame.load_saved_game()
    assert game is None
    assert_set_aside(message, raw)


def test_undo_rewrites_the_save_and_marks_it_assisted() -> None:
    from tenthousand.model import PRESETS, Game, Seat

    game = Game(PRESETS["ten-thousand"], [Seat("You"), Seat("Bot", True)], seed=3)
    player = RandomPlayer(3)
    for _ in range(30):
        step(game, player)
        assert savegame.autosave(game) is None
    back = game.record.undo({0})
    assert savegame.autosave(back) is None
    loaded, _ = savegame.load_saved_game()
    assert loaded is not None and loaded.to_dict() == back.to_dict()
    assert loaded.record.assisted
    assert json.loads(save_file().read_text().splitlines()[0])["assisted"] is True


def test_an_append_that_fails_is_followed_by_a_whole_rewrite(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(0, seed=5)
    player = RandomPlayer(5)
    assert savegame.autosave(game) is None
    step(game, player)
    with monkeypatch.context() as m:
        m.setattr(savegame.os, "fsync", _raiser(errno.ENOSPC))
        message = savegame.autosave(game)
    assert message is not None and "full" in message
    step(game, player)
    assert savegame.autosave(game) is None
    loaded, _ = savegame.load_saved_game()
    assert loaded is not None and loaded.to_dict() == game.to_dict()


# -- records -------------------------------------------------------------------------------


def test_a_record_file_and_its_transcript(tmp_path: Path) -> None:
    game = new_game(3, seed=8)
    play_to_end(game, RandomPlayer(8))
    path = tmp_path / "game.json"
    words = records.write_record(game.record, path)
    assert words == tmp_path / "game.txt"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.txt"]
    record = records.read_record(path)
    assert record.game is not None and record.game.to_dict() == game.to_dict()
    assert record.game.log == game.log
    assert words.read_text(encoding="utf-8").count("\n") > len(game.record) // 2
    # The same game, the same bytes.
    records.write_record(record, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()


@pytest.mark.parametrize("raw", [b"", b"garbage", b"[]", b"null", b"{\"format\": 2}"])
def test_a_bad_record_file_is_one_sentence(tmp_path: Path, raw: bytes) -> None:
    from tenthousand.model import BadSave

    path = tmp_path / "record.json"
    path.write_bytes(raw)
    with pytest.raises(BadSave) as caught:
        records.read_record(path)
    assert_one_sentence(str(caught.value))
    with pytest.raises(BadSave) as caught:
        records.read_record(tmp_path / "missing.json")
    assert_one_sentence(str(caught.value))


# -- another copy's file, links, and whose save it is -------------------------------------


def _played(index: int, seed: int, commands: int) -> Any:
    game = new_game(index, seed=seed)
    player = RandomPlayer(seed)
    for _ in range(commands):
        step(game, player)
    return game


def test_a_same_size_rewrite_by_another_copy_is_not_appended_to() -> None:
    """The append check is the file itself (inode, size, time), not only its size: a file
    of the same size written by another copy is replaced by a whole journal, never joined
    to this game's lines."""
    mine, theirs = _played(0, 21, 8), _played(0, 22, 2)
    assert savegame.autosave(mine) is None
    size = save_file().stat().st_size
    other = savegame.journal_text(theirs.record.snapshot()).encode()
    header, rest = other.split(b"\n", 1)
    pad = size - len(other)
    assert pad >= 0
    # Spaces before the header's closing brace: still the other copy's valid journal.
    other = header[:-1] + b" " * pad + b"}\n" + rest
    storage.write_bytes_atomic(save_file(), other)  # another copy's atomic rewrite
    assert save_file().stat().st_size == size
    assert savegame.parse_save(other).to_dict() == theirs.to_dict()
    step(mine, RandomPlayer(21))
    assert savegame.autosave(mine) is None
    loaded = savegame.parse_save(save_file().read_bytes())  # one whole journal, ours
    assert loaded.to_dict() == mine.to_dict()


def test_an_in_place_rewrite_of_the_same_size_is_not_appended_to() -> None:
    mine = _played(1, 23, 6)
    assert savegame.autosave(mine) is None
    raw = save_file().read_bytes()
    st = save_file().stat()
    with open(save_file(), "r+b") as f:  # the same inode and size, other bytes
        f.write(raw[:-2] + b" \n")
    os.utime(save_file(), ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    step(mine, RandomPlayer(23))
    assert savegame.autosave(mine) is None
    assert savegame.parse_save(save_file().read_bytes()).to_dict() == mine.to_dict()


def test_a_save_that_is_a_link_is_replaced_not_followed(tmp_path: Path) -> None:
    game = _played(0, 31, 5)
    assert savegame.autosave(game) is None
    target = tmp_path / "elsewhere.json"
    target.write_bytes(save_file().read_bytes())
    before = target.read_bytes()
    save_file().unlink()
    save_file().symlink_to(target)
    loaded, message = savegame.load_saved_game()  # it reads through the link...
    assert message is None and loaded is not None
    for _ in range(5):
        step(loaded, RandomPlayer(31))
        assert savegame.autosave(loaded) is None
    assert target.read_bytes() == before  # ...but never writes into its target
    assert not save_file().is_symlink() and save_file().is_file()
    assert savegame.parse_save(save_file().read_bytes()).to_dict() == loaded.to_dict()


def test_a_link_put_in_place_of_the_save_during_play_is_replaced(tmp_path: Path) -> None:
    game = _played(2, 32, 3)
    assert savegame.autosave(game) is None
    target = tmp_path / "victim.txt"
    target.write_bytes(b"not yours\n")
    save_file().unlink()
    save_file().symlink_to(target)
    step(game, RandomPlayer(32))
    assert savegame.autosave(game) is None
    assert target.read_bytes() == b"not yours\n"
    assert not save_file().is_symlink()
    assert savegame.parse_save(save_file().read_bytes()).to_dict() == game.to_dict()


def test_a_finished_game_does_not_replace_another_games_save() -> None:
    """A game that ends clears (replaces) the save only if the save holds that game."""
    theirs = _played(0, 41, 8)
    mine = new_game(0, seed=42)
    assert savegame.autosave(mine) is None
    storage.write_text_atomic(save_file(), savegame.journal_text(theirs.record.snapshot()))
    play_to_end(mine, RandomPlayer(42))
    assert savegame.autosave(mine) is None
    assert savegame.parse_save(save_file().read_bytes()).to_dict() == theirs.to_dict()
    # Its own save it does replace: the match lives in the finished game.
    again = new_game(1, seed=43)
    assert savegame.autosave(again) is None
    play_to_end(again, RandomPlayer(43))
    assert savegame.autosave(again) is None
    assert savegame.parse_save(save_file().read_bytes()).over


def test_a_save_is_cleared_only_by_its_own_game() -> None:
    offered, other = _played(0, 51, 6), _played(0, 52, 6)
    assert savegame.autosave(other) is None
    savegame.clear_saved_game(offered)  # another copy saved another game since
    assert savegame.parse_save(save_file().read_bytes()).to_dict() == other.to_dict()
    savegame.clear_saved_game(other)
    assert not save_file().exists()


# -- games kept aside by a start that plays another (issue 43, item 1) ---------------------


def _unfinished(seed: int) -> Any:
    game = new_game(0, seed)
    player = RandomPlayer(seed, bank_chance=0.3)
    while len(game.record) < 20:
        step(game, player)
    assert savegame.autosave(game) is None
    return game


def test_saves_kept_aside_wait_newest_first_and_come_back_whole() -> None:
    first = _unfinished(1)
    assert savegame.keep_aside() is None and not save_file().exists()
    second = _unfinished(2)
    assert savegame.keep_aside() is None
    assert savegame.keep_aside() is None  # nothing saved: nothing to do
    kept = savegame.kept_games()
    assert len(kept) == 2
    newest, oldest = (savegame.load_kept(p)[0] for p in kept)
    assert newest.to_dict() == second.to_dict() and oldest.to_dict() == first.to_dict()
    back = savegame.resume_kept(kept[0])
    assert back is not None and back.to_dict() == second.to_dict()
    assert savegame.load_saved_game()[0].to_dict() == second.to_dict()
    assert savegame.kept_games() == [kept[1]]
    savegame.drop_kept(kept[1])
    assert savegame.kept_games() == []


def test_a_save_that_cannot_be_kept_aside_is_never_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _unfinished(3)
    raw = save_file().read_bytes()
    with monkeypatch.context() as m:
        m.setattr(savegame.os, "replace", _raiser(errno.EACCES))
        note = savegame.keep_aside()
    assert_one_sentence(note)
    assert note is not None and "could not be kept aside" in note
    other = new_game(1, 9)
    step(other, RandomPlayer(9))
    assert savegame.autosave(other) is not None  # the start's own game is not saved...
    assert save_file().read_bytes() == raw  # ...over the player's
    assert savegame.load_saved_game()[0].to_dict() == game.to_dict()


def test_a_damaged_save_kept_aside_is_set_aside_with_a_sentence() -> None:
    _unfinished(4)
    assert savegame.keep_aside() is None
    kept = savegame.kept_games()[0]
    kept.write_bytes(b"{not json")
    game, note = savegame.load_kept(kept)
    assert game is None and note is not None and "could not be read" in note
    assert savegame.kept_games() == []
