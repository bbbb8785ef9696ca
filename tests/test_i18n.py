"""The language machinery: choosing a language, numbers, access keys, the pseudo language,
and the catalogues (complete, up to date, compiled)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenthousand import i18n

ROOT = Path(__file__).resolve().parent.parent


def _catalogues():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "packaging" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANG": "en_GB.UTF-8", "LANGUAGE": "fr:de"}, "fr"),
    ({"LANG": "en_GB.UTF-8", "LANGUAGE": "ja:de"}, "de"),
    ({"LANGUAGE": "de"}, "en"),  # as in gettext: LANGUAGE counts only with a locale set
    ({"LANG": "en_US.UTF-8", "LC_ALL": "de_AT.UTF-8"}, "de"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR"}, "fr"),
    ({}, "en"),
])
def test_the_language_follows_the_desktop(env: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(env) == expected


def test_every_language_has_a_catalogue_and_a_name() -> None:
    assert set(i18n.available()) == {"en", "de", "fr"}
    for code in i18n.available():
        assert i18n.LANGUAGE_NAMES[code]


def test_an_unknown_language_is_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.set_language("de_DE.UTF-8") == "de"


@pytest.mark.parametrize("code, n, text", [
    ("en", 10000, "10,000"), ("de", 10000, "10.000"), ("fr", 10000, "10\u00a0000"),
    ("en", -2500, "-2,500"), ("de", -2500, "-2.500"), ("de", 350, "350"),
    ("en", 1234567, "1,234,567"), ("de", 1234567, "1.234.567"),
])
def test_numbers_as_the_language_writes_them(code: str, n: int, text: str) -> None:
    i18n.set_language(code)
    assert i18n.number(n) == text


def test_decimals_and_percentages() -> None:
    i18n.set_language("en")
    assert (i18n.decimal(1234.5, 1), i18n.percent(0.53487, 3)) == ("1,234.5", "53.487%")
    i18n.set_language("de")
    assert (i18n.decimal(1234.5, 1), i18n.percent(0.53487, 3)) == ("1.234,5", "53,487\u00a0%")
    i18n.set_language("fr")
    assert i18n.percent(0.5, 0) == "50\u00a0%"
    assert i18n.signed(350) == "+350" and i18n.signed(-1000) == "-1\u00a0000"


@pytest.mark.parametrize("text, shown, index", [
    ("&Game point", "Game point", 0), ("Game &point", "Game point", 5),
    ("Rock && roll", "Rock & roll", -1), ("No key", "No key", -1), ("&&&A", "&A", 1),
])
def test_access_keys(text: str, shown: str, index: int) -> None:
    assert i18n.mnemonic(text) == (shown, index)


@given(st.text())
def test_access_keys_never_fail(text: str) -> None:
    shown, index = i18n.mnemonic(text)
    assert -1 <= index < max(len(shown), 1)


def test_plurals_follow_each_language() -> None:
    i18n.set_language("en")
    assert i18n.ngettext("{n} die", "{n} dice", 1) == "{n} die"
    assert i18n.ngettext("{n} die", "{n} dice", 0) == "{n} dice"


def test_the_pseudo_language_marks_every_message_and_keeps_fields() -> None:
    i18n.set_language("pseudo")
    text = i18n._("{name} throws {dice} for %(points)s with &Bank <Return>")
    assert text.startswith("⟦") and text.endswith("⟧")
    for kept in ("{name}", "{dice}", "%(points)s", "&B", "<Return>"):
        assert kept in text
    assert len(text) > len("{name} throws {dice} for %(points)s with &Bank <Return>")
    assert text.format(name="Ann", dice="1, 5") != text
    assert i18n.ngettext("{n} die", "{n} dice", 2).startswith("⟦{n} dîçé")


def test_argparse_speaks_the_language() -> None:
    import argparse
    i18n.set_language("pseudo")
    usage = argparse.ArgumentParser(prog="x").format_usage()
    assert usage.startswith("⟦")


def test_the_catalogues_are_complete_and_compiled() -> None:
    """Every message of the source is in every language, translated, with its fields, and
    every .mo is compiled from its .po (`python packaging/catalogues.py check` says the same)."""
    pytest.importorskip("babel")
    problems = list(_catalogues().problems())
    assert not problems, "\n".join(problems[:40]) + f"\n... {len(problems)} problems; " \
        "see docs/translating.md"
