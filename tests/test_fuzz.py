"""Fuzzed save and preferences documents never crash the loaders, and a save that loads
never breaks the rules: it passes every invariant and a random legal player finishes it.

Saves come in three forms, all fuzzed: positions (format 1, what earlier releases wrote),
records (format 2) and the autosave's journal of a record (a header line, then one line
per command).

The default counts keep to a few seconds; ``--long`` runs many more examples.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_kit import assert_plays_on, sample_documents

from tenthousand.files import savegame
from tenthousand.files.settings import DELAY, Preferences, load_preferences
from tenthousand.files.storage import BadFile, write_json_atomic
from tenthousand.model import BadSave, load_game

DOCS = sample_documents()


def _sample_records() -> list[dict[str, Any]]:
    """Records of the sample games, replayed from their start, with an undo in some."""
    from save_kit import new_game

    from tenthousand.tools.headless import RandomPlayer, step

    out = []
    for k, doc in enumerate(DOCS[:14]):
        game = new_game(k, seed=k)
        player = RandomPlayer(k)
        for _ in range(len(doc["log"]) // 3 + 1):
            if game.over:
                break
            step(game, player)
        humans = {0}
        if k % 3 == 0 and game.record.undo_refusal(humans) is None:
            game = game.record.undo(humans)
        out.append(json.loads(json.dumps(game.record.to_dict())))
    return out


RECORDS = _sample_records()

json_scalars = (st.none() | st.booleans() | st.integers(-10**12, 10**12)
                | st.sampled_from([10**400, -10**400, 1e300, -0.0])
                | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=6),
    max_leaves=20,
)
#: Numbers near the edges the loader has to police.
edge_ints = st.sampled_from([-10**9 - 1, -1000, -50, -1, 0, 1, 2, 3, 5, 6, 7, 8, 9, 50, 100,
                             624, 625, 1000, 5000, 10000, 10**6, 10**9, 10**9 + 1, 2**32])


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document, as a path of keys and indices."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            if prefix == () and k == "rng":
                out.append(("rng",))  # not its 625 numbers: the rest matter more
                continue
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, prefix + (i,)))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _other_type(value: Any) -> Any:
    """The same content in a different JSON type."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        if value % 3 == 1 and abs(value) < 10**300:
            return float(value)
        return str(value) if value % 3 == 0 or value % 3 == 1 else value != 0
    if isinstance(value, float):
        return str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


@st.composite
def mutated_documents(draw: st.DrawFn, docs: list[dict[str, Any]] = DOCS) -> dict[str, Any]:
    """A valid save with one to three changes: a value replaced by random JSON or an edge
    number, a key dropped, a type swapped, an item removed or duplicated in a list."""
    doc = copy.deepcopy(draw(st.sampled_from(docs)))
    for _ in range(draw(st.integers(1, 3))):
        places = _paths(doc)
        path = draw(st.sampled_from(places[1:]))
        *parent_path, key = path
        try:
            parent = _get(doc, tuple(parent_path))
            old = parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        how = draw(st.sampled_from(["json", "edge", "edge", "drop", "type", "dup"]))
        if how == "json":
            parent[key] = draw(json_values)
        elif how == "edge":
            parent[key] = draw(edge_ints)
        elif how == "drop":
            del parent[key]
        elif how == "type":
            parent[key] = _other_type(old)
        elif how == "dup" and isinstance(parent, list):
            parent.insert(key, old)
        else:
            parent[key] = draw(edge_ints)
    return doc


def _check_loader(doc: Any) -> None:
    try:
        game = load_game(doc)
    except BadSave as e:
        assert str(e)  # a sentence for the player, never empty
        return
    # It loaded: it must be a position the rules allow, and play on to the end.
    assert_plays_on(game, seed=0)


def _count(long_run: bool, short: int, long: int) -> settings:
    return settings(max_examples=long if long_run else short, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_random_json_never_crashes_the_loader(long_run: bool) -> None:
    @_count(long_run, 40, 5000)
    @given(json_values | st.dictionaries(st.sampled_from(list(DOCS[0])), json_values))
    def check(doc: Any) -> None:
        _check_loader(doc)

    check()


def test_mutated_saves_never_crash_or_break_the_rules(long_run: bool) -> None:
    @_count(long_run, 60, 4000)
    @given(mutated_documents())
    def check(doc: dict[str, Any]) -> None:
        _check_loader(doc)

    check()


def test_mutated_records_never_crash_or_break_the_rules(long_run: bool) -> None:
    @_count(long_run, 60, 4000)
    @given(mutated_documents(RECORDS))
    def check(doc: dict[str, Any]) -> None:
        _check_loader(doc)

    check()


def _journal(doc: dict[str, Any]) -> bytes:
    game = load_game(doc)
    return savegame.journal_text(game.record.snapshot()).encode("utf-8")


JOURNALS = [_journal(doc) for doc in RECORDS]


@st.composite
def damaged_journals(draw: st.DrawFn) -> bytes:
    """A valid journal with lines dropped, doubled, swapped, cut, or bytes changed."""
    lines = draw(st.sampled_from(JOURNALS)).splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "dup", "swap", "cut", "byte", "json", "tail"]))
        if how == "drop" and len(lines) > 1:
            del lines[i]
        elif how == "dup":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif how == "cut":
            lines[i] = lines[i][:draw(st.integers(0, len(lines[i])))]
        elif how == "byte" and lines[i]:
            at = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:at] + bytes([draw(st.integers(0, 255))]) + lines[i][at + 1:]
        elif how == "json":
            lines[i] = json.dumps(draw(json_values)).encode() + b"\n"
        else:
            lines.append(draw(st.binary(max_size=30)))
    return b"".join(lines)


def test_damaged_journals_never_crash_or_break_the_rules(long_run: bool) -> None:
    @_count(long_run, 75, 5000)
    @given(damaged_journals())
    def check(raw: bytes) -> None:
        try:
            game = savegame.parse_save(raw)
        except (BadSave, BadFile) as e:
            assert str(e)
            return
        assert_plays_on(game, seed=0)

    check()


def test_the_sample_journals_load_as_they_were() -> None:
    for doc, raw in zip(RECORDS, JOURNALS, strict=True):
        assert savegame.parse_save(raw).to_dict() == load_game(doc).to_dict()


def test_an_unhashable_preset_is_a_bad_save() -> None:
    doc = copy.deepcopy(DOCS[0])
    doc["rules"]["preset"] = ["ten-thousand"]
    with pytest.raises(BadSave):
        load_game(doc)


def test_a_game_that_loads_saves_again_after_play() -> None:
    doc = copy.deepcopy(next(d for d in DOCS if d["phase"] == "start" and len(d["seats"]) == 2))
    doc["match_points"] = [10**9, 0]
    with pytest.raises(BadSave):  # far beyond what play can reach
        load_game(doc)
    from tenthousand.model.persist import LIMIT

    doc["match_points"] = [LIMIT - 1000, 0]  # a hundred games of headroom
    game = load_game(doc)
    assert_plays_on(game)  # finishing adds match points; the save still loads


@pytest.mark.parametrize("counter", ["single_one", "single_five"])
def test_a_missing_counter_value_is_a_bad_save(counter: str) -> None:
    from tenthousand.model import scoring

    doc = copy.deepcopy(next(d for d in DOCS if d["phase"] == "choose"))
    doc["rules"][counter] = None
    scoring_cache = getattr(scoring, "_table", None)
    if hasattr(scoring_cache, "cache_clear"):
        scoring_cache.cache_clear()
    with pytest.raises(BadSave):
        load_game(doc)


def test_savegame_survives_the_unhashable_preset() -> None:
    """Whatever load_game raises, the launch goes on with a message."""
    from tenthousand.files import savegame
    from tenthousand.files.storage import write_json_atomic

    doc = copy.deepcopy(DOCS[0])
    doc["rules"]["preset"] = {"x": 1}
    write_json_atomic(savegame.save_path(), doc)
    game, message = savegame.load_saved_game()
    assert game is None and message is not None


def test_the_samples_cover_every_phase() -> None:
    phases = {d["phase"] for d in DOCS}
    assert {"start", "choose", "discard", "over"} <= phases, phases


# -- preferences ---------------------------------------------------------------------------

VALID_PREFS = Preferences().to_dict()


@st.composite
def mutated_prefs(draw: st.DrawFn) -> dict[str, Any]:
    doc = copy.deepcopy(VALID_PREFS)
    doc["delay"] = 0.5
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)[1:]))
        *parent_path, key = path
        try:
            parent = _get(doc, tuple(parent_path))
            old = parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        how = draw(st.sampled_from(["json", "edge", "drop", "type"]))
        if how == "json":
            parent[key] = draw(json_values)
        elif how == "edge":
            parent[key] = draw(edge_ints)
        elif how == "drop":
            del parent[key]
        else:
            parent[key] = _other_type(old)
    return doc


def _check_prefs(doc: Any) -> None:
    prefs, bad = Preferences.from_dict(doc)
    assert isinstance(prefs, Preferences)
    assert isinstance(bad, list)
    # Whatever came in, what comes out is valid and saves and reloads unchanged.
    assert not prefs.game.errors()
    again, bad_again = Preferences.from_dict(json.loads(json.dumps(prefs.to_dict())))
    assert bad_again == [] and again == prefs


def test_random_preferences_never_crash(long_run: bool) -> None:
    @_count(long_run, 40, 5000)
    @given(json_values | st.dictionaries(st.sampled_from(list(VALID_PREFS)), json_values))
    def check(doc: Any) -> None:
        _check_prefs(doc)

    check()


def test_mutated_preferences_keep_the_good_fields(long_run: bool) -> None:
    @_count(long_run, 50, 5000)
    @given(mutated_prefs())
    def check(doc: dict[str, Any]) -> None:
        _check_prefs(doc)
        prefs, bad = Preferences.from_dict(doc)
        for name, value in doc.items():
            if name in ("format", "game") or name in bad:
                continue
            # a good delay is kept to its nearest step (0.125 s is played as 0.1 s)
            kept = DELAY.clamp(value) if name == "delay" else value
            assert prefs.to_dict()[name] == kept, name

    check()


def test_preferences_files_of_random_bytes(long_run: bool) -> None:
    from tenthousand.files.paths import paths

    @_count(long_run, 50, 1000)
    @given(st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()))
    def check(raw: bytes) -> None:
        path = paths().preferences
        path.parent.mkdir(parents=True, exist_ok=True)
        for p in path.parent.iterdir():
            p.unlink()
        path.write_bytes(raw)
        prefs, message = load_preferences()
        assert isinstance(prefs, Preferences)
        if message is not None:
            assert "\n" not in message and message.endswith(".")
        # Saving what came out and loading it again is silent and the same.
        write_json_atomic(path, prefs.to_dict())
        assert load_preferences() == (prefs, None)

    check()
