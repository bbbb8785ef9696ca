"""Input that is too big, too strange or wrongly typed is refused where it enters, quickly,
with one sentence (issue 26): files the player names are read only when they are regular
files and never past their limit, codes far longer than any real one are refused before
they are decoded, hostile rule files get the usual line-numbered refusal, a damaged solver
cache is set aside, text that cannot be written as UTF-8 or that garbles the table is
refused, and the command line says what is wrong with a flag in one line (exit 2)."""

from __future__ import annotations

import json
import math
import os
import struct
import subprocess
import sys
import threading
import time
import tracemalloc
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from history_kit import played
from save_kit import assert_one_sentence

from tenthousand import cli
from tenthousand.files import records, rulefile, savegame, storage
from tenthousand.files.paths import paths
from tenthousand.files.settings import load_preferences
from tenthousand.history.codes import (
    MAX_CODE_CHARACTERS,
    BadCode,
    Result,
    daily_challenge,
    fingerprint_of,
    read_challenge,
    read_result,
    result_code,
)
from tenthousand.model import BadSave
from tenthousand.model.rules import PRESETS, Rules
from tenthousand.model.text import is_plain
from tenthousand.solver import cache
from tenthousand.solver import table as tables

ROOT = Path(__file__).resolve().parent.parent


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The parser's one error line for ``argv`` (it must exit 2)."""
    with pytest.raises(SystemExit) as exit_info:
        cli.parse(list(argv))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line]
    assert len(lines) == 1 and lines[0].startswith("tenthousand: error: "), err
    assert "Errno" not in err and "Traceback" not in err and "_day" not in err, err
    return lines[0]


def in_time(work: Callable[[], Any], seconds: float = 10.0) -> Any:
    """``work()``'s result (or the exception it raised), failing if it takes longer than
    ``seconds`` (a read that blocks on a pipe would wait forever: a daemon thread)."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            out.append(e)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert out, f"still running after {seconds} s"
    return out[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


# -- one helper reads the files a player names -----------------------------------------


def test_a_folder_a_device_and_a_pipe_are_refused_unread(tmp_path: Path, fifo: Path) -> None:
    for path in (tmp_path, Path("/dev/zero"), fifo):
        error = in_time(lambda p=path: storage.read_limited(p, 1000))
        assert isinstance(error, storage.BadFile), error
        assert "folder" in str(error) or "device or a pipe" in str(error)


def test_a_file_is_read_to_its_limit_plus_one_byte_and_no_further(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 1_000_000)
    read: list[int] = []
    real = os.read

    def counting(fd: int, n: int) -> bytes:
        chunk = real(fd, n)
        read.append(len(chunk))
        return chunk

    monkeypatch.setattr(storage.os, "read", counting)
    with pytest.raises(storage.TooBig):
        storage.read_limited(path, 1000)
    assert sum(read) == 1001
    path.write_bytes(b"x" * 1000)
    assert storage.read_limited(path, 1000) == b"x" * 1000


def test_a_big_record_is_refused_after_reading_its_limit(tmp_path: Path,
                                                        long_run: bool) -> None:
    """A 100 MB record (--long; 12 MB in the normal run) is refused in little time and
    memory: the size check comes before the whole file is read."""
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate((100 if long_run else 12) * 1024 * 1024)
    tracemalloc.start()
    started = time.perf_counter()
    with pytest.raises(BadSave) as refused_:
        records.read_record(path)
    seconds = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "far too large" in str(refused_.value)
    assert seconds < 2 and peak < 3 * storage.MAX_BYTES, (seconds, peak)


def test_rules_file_and_verify_refuse_dev_zero_and_a_pipe_at_once(fifo: Path) -> None:
    """The real program, with its memory limited: before, it read /dev/zero until the
    kernel killed it, and waited for a writer on the pipe forever."""
    for argv in (["--rules-file", "/dev/zero"], ["--verify", "/dev/zero"],
                 ["--rules-file", str(fifo)], ["--replay", str(fifo)]):
        done = subprocess.run(
            [sys.executable, "-c", "import resource, sys; resource.setrlimit("
             "resource.RLIMIT_AS, (1 << 30, 1 << 30)); from tenthousand.__main__ import main;"
             " sys.exit(main())", *argv], capture_output=True, text=True, timeout=60,
            cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "not an ordinary file" in done.stderr


def test_rulefile_read_refuses_what_is_no_file(tmp_path: Path, fifo: Path) -> None:
    for path, words in ((Path("/dev/zero"), "device or a pipe"), (fifo, "device or a pipe"),
                        (tmp_path, "folder"), (tmp_path / "none.toml", "there is no file")):
        error = in_time(lambda p=path: rulefile.read(p))
        assert isinstance(error, rulefile.RuleFileError), error
        assert words in str(error) and "Errno" not in str(error)


def test_a_byte_order_mark_before_a_record_or_a_rule_file_is_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = played(11)
    path = tmp_path / "game.json"
    records.write_record(game.record, path, with_transcript=False)
    path.write_bytes(storage.BOM + path.read_bytes())
    assert records.read_record(path).game is not None
    assert cli.run(["--verify", str(path), "--fingerprint", fingerprint_of(11)[:16]]) == 0
    assert capsys.readouterr().out.strip().endswith("Verified.")
    rules = tmp_path / "rules.toml"
    rules.write_bytes(storage.BOM + rulefile.dumps(PRESETS["farkle"]).encode())
    assert rulefile.read(rules).rules == PRESETS["farkle"]


# -- hostile rule files ------------------------------------------------------------------

HEAD = 'format = 1\nname = "Hostile"\nbase = "farkle"\n'


@pytest.mark.parametrize(("body", "line", "words"), [
    ("[end]\ngame_point = " + "1" * 4301 + "\n", 5, "far too many digits"),
    ("[end]\nstarting_scores = " + "[" * 20_000 + "]" * 20_000 + "\n", 5, "nested far too"),
    ("[turn]\nminimum = " + "{a=" * 5000 + "1" + "}" * 5000 + "\n", 5, "nested far too"),
])
def test_a_huge_number_or_deep_nesting_gets_a_line_numbered_refusal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, line: int,
        words: str) -> None:
    path = tmp_path / "hostile.toml"
    path.write_text(HEAD + body)
    with pytest.raises(rulefile.RuleFileError) as error:
        rulefile.read(path)
    assert error.value.line == line and words in str(error.value)
    assert str(error.value).startswith(f"hostile.toml, line {line}: ")
    message = refused(capsys, "--rules-file", str(path))
    assert f"hostile.toml, line {line}: " in message and words in message


@pytest.mark.parametrize("name", ["Evil\u202eelur", "Tab\there", "Bell\x07", "Iso\u2067x",
                                  "Line\u2028x", "New\nline"])
def test_rule_file_names_refuse_control_and_direction_characters(name: str) -> None:
    text = rulefile.dumps(PRESETS["farkle"]).replace('name = "Farkle"',
                                                     f"name = {json.dumps(name)}")
    with pytest.raises(rulefile.RuleFileError) as error:
        rulefile.loads(text)
    assert error.value.line == 4 and "plain text" in str(error.value)


# -- codes -------------------------------------------------------------------------------


def test_the_longest_real_code_is_well_inside_the_limit() -> None:
    longest = result_code(Result(b"abcd", "\U0001F600" * 24, 99_999, True, 65535, 65535,
                                 1.0, "win"))
    assert len(longest) == 193 and 2 * len(longest) <= MAX_CODE_CHARACTERS + 14
    assert read_result(longest).score == 99_999
    assert read_challenge(daily_challenge().code) == daily_challenge().__class__(
        daily_challenge().rules, "expert", daily_challenge().seed)


@pytest.mark.parametrize("reader", [read_challenge, read_result])
def test_a_million_characters_are_refused_before_decoding(
        reader: Callable[[str], object]) -> None:
    """Before, a million characters took 53 s (the decoding is quadratic)."""
    for text in ("TC-" + "A" * 1_000_000, "TR-" + "A" * 1_000_000, " " * 1_000_000):
        started = time.perf_counter()
        with pytest.raises(BadCode) as error:
            reader(text)
        assert time.perf_counter() - started < 0.05
        assert "far too long" in str(error.value)
        assert_one_sentence(str(error.value))


# -- the solver's cache ------------------------------------------------------------------


def _house() -> Rules:
    import dataclasses

    return dataclasses.replace(PRESETS["farkle"], title="House", single_two=0,
                               straight=1000, game_point=600, opening_minimum=150)


def _header(rules: Rules) -> dict[str, object]:
    from tenthousand.solver.variant import variant_of

    variant = variant_of(rules, fresh=True)
    assert not isinstance(variant, str) and hasattr(variant, "space")
    return {"format": tables.FORMAT, "rules": rules.to_dict(), "players": 2,
            "extra": variant.extra, "features": list(variant.names), "model": variant.model,
            "families": variant.space.describe(), "size": variant.space.size,
            "figures": {"states": 1}}


def _table_file(rules: Rules, *, header: object = None, values: array[float] | None = None,
                body: bytes | None = None) -> bytes:
    if header is None:
        header = _header(rules)
    head = header.encode() if isinstance(header, str) else json.dumps(header).encode()
    if body is None:
        if values is None:
            values = array("f", [0.5] * _header(rules)["size"])  # type: ignore[operator]
        body = zlib.compress(values.tobytes())
    return tables.MAGIC + struct.pack("<I", len(head)) + head + body


def _bomb(megabytes: int) -> bytes:
    """A zlib stream of a few hundred KB that inflates to ``megabytes`` MB."""
    squeeze = zlib.compressobj(9)
    zeros = bytes(1 << 20)
    return b"".join(squeeze.compress(zeros) for _ in range(megabytes)) + squeeze.flush()


def _damaged(rules: Rules, long_run: bool) -> dict[str, bytes]:
    good = _table_file(rules)
    header = _header(rules)
    count = int(header["size"])  # type: ignore[call-overload]
    return {
        "header a list": _table_file(rules, header=[1, 2, 3]),
        "header nested deep": _table_file(rules, header="[" * 100_000 + "]" * 100_000),
        "infinite": _table_file(rules, values=array("f", [math.inf] + [0.5] * (count - 1))),
        "negative": _table_file(rules, values=array("f", [-0.25] + [0.5] * (count - 1))),
        "above one": _table_file(rules, values=array("f", [0.5] * (count - 1) + [7.0])),
        "short": _table_file(rules, values=array("f", [0.5] * (count - 1))),
        "huge size claimed": _table_file(rules, header=dict(header, size=10**9)),
        "text for a number": _table_file(rules, header=dict(header, size=str(count))),
        "another version": _table_file(rules, header=dict(header, families=[])),
        "bad figures": _table_file(rules, header=dict(header, figures={"x": "nan%"})),
        "bomb": _table_file(rules, body=_bomb(1024 if long_run else 64)),
        "cut": good[:-10],
    }


def test_a_sound_cache_file_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _house()
    path = cache.cache_file(rules)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_table_file(rules))
    table = cache.load_cached(rules)
    assert table is not None and path.exists()
    assert table.normal(0, 1, 2) == 0.5


def test_any_damage_sets_the_cache_file_aside(long_run: bool) -> None:
    """A header that is a list or nested deep, infinite or negative chances, a table of
    another version, a bomb that would
    inflate to 1 GB (--long; 64 MB in the normal run): set aside, nothing trusted, and
    the bomb is not inflated past the table's size."""
    rules = _house()
    path = cache.cache_file(rules)
    path.parent.mkdir(parents=True, exist_ok=True)
    for what, data in _damaged(rules, long_run).items():
        path.write_bytes(data)
        tracemalloc.start()
        started = time.perf_counter()
        assert cache.load_cached(rules) is None, what
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert not path.exists() and path.with_suffix(".bad").exists(), what
        assert seconds < 2 and peak < 8 * len(data) + (4 << 20), (what, seconds, peak)


def test_a_folder_where_the_cache_file_should_be_is_set_aside() -> None:
    rules = _house()
    path = cache.cache_file(rules)
    path.mkdir(parents=True)
    assert cache.load_cached(rules) is None
    assert not path.exists()


# -- text that cannot be written, names that garble the table ----------------------------


def test_plain_text() -> None:
    assert is_plain("Zoë 😀 Ann-Marie") and is_plain("Line\nbreak", newlines=True)
    for bad in ("\ud800", "\udcff", "a\u202eb", "a\u2066b", "\x1b[31m", "a\u200fb",
                "Line\nbreak"):
        assert not is_plain(bad), repr(bad)


def _save_with_name(name_json: str) -> bytes:
    from save_kit import mid_game_document

    doc = mid_game_document()
    text = json.dumps(doc)
    first = doc["seats"][0]["name"]
    return text.replace(json.dumps(first), name_json, 1).encode()


@pytest.mark.parametrize("name_json", ['"\\ud800"', '"A\\u202eB"', '"Bell\\u0007"'])
def test_a_save_with_such_a_name_is_set_aside(name_json: str) -> None:
    path = savegame.save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_save_with_name(name_json))
    game, message = savegame.load_saved_game()
    assert game is None and message is not None and "saved game" in message
    assert_one_sentence(message)
    assert not path.exists()


@pytest.mark.parametrize("name_json", ['"\\ud800"', '"A\\u202eB"'])
def test_a_record_with_such_a_name_is_refused(tmp_path: Path, name_json: str) -> None:
    game = played(11)
    path = tmp_path / "game.json"
    records.write_record(game.record, path, with_transcript=False)
    path.write_text(path.read_text().replace('"Ann"', name_json))
    with pytest.raises(BadSave) as error:
        records.read_record(path)
    assert_one_sentence(str(error.value))


@pytest.mark.parametrize("name_json", ['"\\ud800"', '"A\\u202eB"'])
def test_preferences_with_such_a_name_are_set_aside_and_the_game_starts(
        name_json: str) -> None:
    from tenthousand.files.settings import Preferences, save_preferences

    save_preferences(Preferences())
    path = paths().preferences
    data = json.loads(path.read_text())
    text = json.dumps(data).replace(json.dumps(data["game"]["seats"][0]["name"]),
                                    name_json, 1)
    path.write_text(text)
    prefs, message = load_preferences()
    assert message is not None and "preferences" in message.lower()
    assert not path.exists()
    save_preferences(prefs)  # what was kept can be written again
    assert load_preferences()[1] is None


# -- the command line --------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "words"), [
    (["--players", "\udcff,cpu:expert"], "a name cannot hold"),  # $'\xff' in the shell
    (["--players", "A\u202eB,cpu"], "a name cannot hold"),
    (["--players", "Tab\tname,cpu"], "a name cannot hold"),
    (["--seed", str(2**64)], "the seed is a whole number from"),
    (["--seed", str(-2**64)], "the seed is a whole number from"),
    (["--seed", "9" * 5000], "is not a whole number"),
    (["--until", "0001-01-01"], "too long ago or too far ahead"),
    (["--export-csv", ""], "give the folder"),
    (["--export-csv", "/dev/null"], "is not a folder"),
    (["--export-csv", "/no/such/folder"], "there is no folder"),
    (["--verify", ""], "give the name of a file"),
    (["--verify", "/"], "is a folder"),
    (["--verify", "/no/such/record.json"], "there is no file"),
    (["--rules-file", ""], "give the name of a file"),
    (["--install-desktop", "--uninstall-desktop"], "cannot both be given"),
    (["--fingerprint", "abcdef12"], "goes with --verify"),
    (["--verify", "/dev/null", "--fingerprint", "a" * 1_000_000], "at most 64 hex digits"),
    (["--stats", "--player", "\udcff"], "plain text"),
])
def test_bad_flags_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                           argv: list[str], words: str) -> None:
    assert words in refused(capsys, *argv)


def test_a_seed_at_the_limit_is_taken_and_loads_again() -> None:
    for seed in (2**64 - 1, -(2**64 - 1), 0):
        assert cli.parse(["--seed", str(seed)])[1].seed == seed


def test_export_csv_into_a_folder_replaces_the_earlier_export(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.parse(["--export-csv", str(tmp_path)])[0].export_csv == str(tmp_path)
    help_text = cli.build_parser().format_help()
    assert "a folder that exists" in help_text and "are replaced" in help_text


def test_a_pipe_in_place_of_the_desktop_manifest_or_an_installed_file_never_blocks(
        tmp_path: Path) -> None:
    from tenthousand.services import desktop

    manifest = paths().data / desktop.MANIFEST
    manifest.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(manifest)
    assert in_time(desktop.uninstall_files) == (0, [])
    manifest.unlink(missing_ok=True)
    pipe = tmp_path / "installed.desktop"
    os.mkfifo(pipe)
    manifest.write_text(json.dumps({"files": [{"path": str(pipe), "sha256": "0" * 64}],
                                    "dirs": []}))
    assert in_time(desktop.uninstall_files) == (0, [str(pipe)])
    assert pipe.exists()
