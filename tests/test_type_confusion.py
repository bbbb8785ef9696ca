"""A float where a whole number belongs (``dice = 6.0``), or a bool (``true`` is 1 to
Python), is refused by every reader of rules and saves with the line or one sentence in
words: never taken, never a TypeError later, never "damaged: TypeError" (issue 43, item 9)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from save_kit import assert_one_sentence, mid_game_document

from tenthousand.files import rulefile, savegame
from tenthousand.files.paths import paths
from tenthousand.model import PRESETS, BadSave, Game, Seat, load_game
from tenthousand.model.rules import Rules
from tenthousand.tools.headless import RandomPlayer, step


def _rule_file(**turn: str) -> str:
    text = rulefile.dumps(PRESETS["farkle"], "")
    for key, value in turn.items():
        text = "\n".join(f"{key} = {value}" if line.startswith(f"{key} =") else line
                         for line in text.splitlines()) + "\n"
    return text


@pytest.mark.parametrize("value", ["6.0", "5.0", "true", "6.5", '"6"'])
def test_a_rule_file_with_dice_that_are_not_a_whole_number_is_refused_with_its_line(
        value: str) -> None:
    text = _rule_file(dice=value)
    with pytest.raises(rulefile.RuleFileError) as found:
        rulefile.loads(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("dice ="))
    assert found.value.line == line
    assert "dice must be 5 or 6" in found.value.sentence
    assert "TypeError" not in str(found.value)


def test_a_saved_rule_file_with_dice_6_0_is_not_offered(tmp_path: Any) -> None:
    rulefile.folder().mkdir(parents=True, exist_ok=True)
    text = _rule_file(dice="6.0").replace('name = "Farkle"', 'name = "Floaty"')
    (rulefile.folder() / "floaty.toml").write_text(text, encoding="utf-8")
    sets, problems = rulefile.saved()
    assert "Floaty" not in [s.name for s in sets]
    assert len(problems) == 1 and "dice must be 5 or 6, not 6.0" in problems[0]


def test_rules_are_never_built_with_dice_that_are_not_5_or_6() -> None:
    import dataclasses

    for bad in (6.0, 5.0, True, "6"):
        with pytest.raises(ValueError, match="dice must be 5 or 6"):
            dataclasses.replace(PRESETS["farkle"], dice=bad)  # type: ignore[arg-type]


def _journal(doc: dict[str, Any]) -> str:
    """A save journal whose first line is ``doc``'s header and then its commands."""
    head = {k: v for k, v in doc.items() if k != "commands"}
    lines = [json.dumps(head)] + [json.dumps(dict(c, n=i))
                                  for i, c in enumerate(doc["commands"])]
    return "\n".join(lines) + "\n"


def _record_document() -> dict[str, Any]:
    game = Game(PRESETS["farkle"], [Seat("Ann"), Seat("Bot", True, "normal")], seed=11)
    player = RandomPlayer(11, bank_chance=0.4)
    while len(game.record) < 12:
        step(game, player)
    return game.record.to_dict()


def test_a_save_whose_rules_say_dice_6_0_is_set_aside_with_words() -> None:
    doc = _record_document()
    doc["rules"]["dice"] = 6.0
    path = paths().savegame
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_journal(doc), encoding="utf-8")
    game, message = savegame.load_saved_game()
    assert game is None and message is not None
    assert_one_sentence(message)
    assert "dice must be 5 or 6, not 6.0" in message
    assert "TypeError" not in message and "damaged" not in message
    assert not path.exists()  # set aside
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("savegame.json.bad-")]


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    else:
        yield path, node


def _with(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _whole_number_fields(doc: dict[str, Any]) -> list[tuple[Any, ...]]:
    """One path of each whole-number field of ``doc`` (the generator's 625 numbers count
    as one field, each command's fields once per kind of command)."""
    seen: set[tuple[Any, ...]] = set()
    paths_: list[tuple[Any, ...]] = []
    for path, value in _leaves(doc):
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        shape = tuple("#" if isinstance(k, int) and not (path[0] == "rng" and k < 3)
                      else k for k in path)
        if path[0] == "commands":  # a command's kind (throw, bank...) is its other key
            command = doc["commands"][path[1]]
            shape = (*shape, tuple(sorted(command)))
        if shape not in seen:
            seen.add(shape)
            paths_.append(path)
    return paths_


def _documents() -> list[tuple[str, dict[str, Any]]]:
    return [("record", _record_document()), ("position", mid_game_document())]


@pytest.mark.parametrize("kind", ["record", "position"])
def test_every_whole_number_of_a_save_refuses_a_float_and_a_bool(kind: str) -> None:
    doc = dict(_documents())[kind]
    load_game(copy.deepcopy(doc))  # as it is, it loads
    fields = _whole_number_fields(doc)
    assert len(fields) >= 15, fields
    taken = []
    for path in fields:
        value = _value_at(doc, path)
        for wrong in (float(value), value == 1):
            try:
                load_game(_with(doc, path, wrong))
            except BadSave as e:
                assert "Error" not in str(e), (path, wrong, e)
            else:
                taken.append((path, wrong))
    assert not taken, taken


def _value_at(doc: dict[str, Any], path: tuple[Any, ...]) -> Any:
    node: Any = doc
    for key in path:
        node = node[key]
    return node


@pytest.mark.parametrize("key,value", [("dice", 6.0), ("trash_run", 3.0), ("dice", True),
                                       ("game_point", 10000.0), ("straight", 1500.0),
                                       ("no_score_six", True), ("catch_up", 1),
                                       ("starting_scores", [0.0, 0])])
def test_the_rules_of_a_save_say_in_words_what_a_field_must_be(key: str, value: Any) -> None:
    data = PRESETS["farkle"].to_dict()
    data[key] = value
    with pytest.raises(ValueError) as found:
        Rules.from_dict(data)
    text = str(found.value)
    assert text.startswith(f"{key} must be ") and f"not {value!r}" in text, text
    assert "Error" not in text
