"""The rules text and scoring table: derived from the engine, complete, no tkinter."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tenthousand.model import OPTION_NAMES, PRESETS, Rules
from tenthousand.model.scoring import counters
from tenthousand.present.rules_text import (
    FIRST_THROW_NOTE,
    all_rules_markdown,
    rules_markdown,
    rules_text,
    scoring_groups,
    scoring_rows,
)

ALL_RULES = [pytest.param(r, id=r.preset) for r in PRESETS.values()]


def _points(text: str) -> int:
    return int(text.replace(",", ""))


@pytest.mark.parametrize("rules", ALL_RULES)
def test_every_counter_is_in_exactly_one_row(rules: Rules) -> None:
    groups = scoring_groups(rules)
    listed = [k for _, ks in groups for k in ks]
    assert sorted(map(id, listed)) == sorted(map(id, counters(rules)))
    assert len(set(map(id, listed))) == len(listed)


@pytest.mark.parametrize("rules", ALL_RULES)
def test_row_points_agree_with_the_engine(rules: Rules) -> None:
    for (words, points, note), ks in scoring_groups(rules):
        face_rule = re.fullmatch(r"([\d,]+) x face", points)
        for k in ks:
            if face_rule:
                face = next(f for f, n in enumerate(k.counts, start=1) if n)
                assert k.points == _points(face_rule.group(1)) * face, (words, k)
            else:
                assert k.points == _points(points), (words, k)
            assert (FIRST_THROW_NOTE in note) == k.first_throw_only, (words, k)


def test_ten_thousand_table() -> None:
    rows = {w: (p, n) for w, p, n in scoring_rows(PRESETS["ten-thousand"])}
    assert rows["a single 1"][0] == "100"
    assert rows["a single 5"][0] == "50"
    assert rows["three 1s"][0] == "1,000"
    assert rows["three of 2-6"][0] == "100 x face"
    assert rows["four 1s"][0] == "2,000"
    assert rows["six of 2-6"][0] == "800 x face"
    assert rows["three pairs"] == ("1,000", f"three different values; {FIRST_THROW_NOTE}")
    assert rows["a straight 1-2-3-4-5-6"] == ("1,500", FIRST_THROW_NOTE)


def test_trash_tables() -> None:
    five = {w for w, _, _ in scoring_rows(PRESETS["trash-5000"])}
    assert five == {"a single 1", "a single 5", "three 1s", "three of 2-6",
                    "a straight 1-2-3-4-5-6"}
    fifteen = {w: (p, n) for w, p, n in scoring_rows(PRESETS["trash-15000"])}
    assert fifteen["four of a kind"][0] == "4,000"
    assert fifteen["six of a kind"][0] == "6,000"
    assert fifteen["three pairs"] == ("2,000", "also four of a kind with a pair or six of a kind")
    assert fifteen["two triplets"] == ("3,000", "also six of a kind")


@pytest.mark.parametrize("rules", ALL_RULES)
def test_text_states_the_numbers(rules: Rules) -> None:
    text = " ".join(p for _, p in rules_text(rules))
    assert f"{rules.game_point:,}" in text
    if rules.opening_minimum:
        assert f"{rules.opening_minimum:,}" in text
    if rules.minimum:
        assert f"{rules.minimum:,}" in text
    if rules.corner_throw_mandatory:
        assert "must throw them again" in text
    else:
        assert "You may bank at that point" in text
    if rules.six_dice_first_throw_only:
        assert "only on the first throw of a turn" in text


def test_options_have_their_sections_only_when_on() -> None:
    base = PRESETS["trash-10000"]
    headings = {h for h, _ in rules_text(base)}
    for title in ("Pyramiding", "Surpassing", "Challenging", "Rotary Club"):
        assert title not in headings
    every = base.with_options(*OPTION_NAMES[:3], *OPTION_NAMES[4:])  # all but Rotary Club
    sections = dict(rules_text(every))
    for title in ("Pyramiding", "Surpassing", "Challenging", "Mutant Trash (two players)"):
        assert title in sections
    rotary = dict(rules_text(base.with_options("challenging", "rotary-club", "mutant-trash")))
    assert "Rotary Club" in rotary and "Mutant Trash (two players)" in rotary
    assert "1,000 points off your board" in sections["Trash"]
    # D-11: one tenth and four tenths of the game point
    assert "(1,000) on a first challenge" in sections["Challenging"]
    assert "(4,000) on a second" in sections["Challenging"]
    assert "LOWEST" in rotary[f"{base.title}: the aim"]
    assert "No minimum" in rotary["Minimum turn scores"]


def test_changed_numbers_show() -> None:
    rules = PRESETS["farkle"].with_options(game_point=3000, opening_minimum=250, minimum=150)
    text = " ".join(p for _, p in rules_text(rules))
    assert "3,000" in text and "250" in text and "150" in text
    assert "to 3,000" in rules_markdown(rules)


def test_markdown_has_every_row() -> None:
    rules = PRESETS["trash-15000"]
    md = rules_markdown(rules)
    for words, points, _ in scoring_rows(rules):
        assert f"| {words} | {points} |" in md


def test_docs_page_is_up_to_date() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "rules-text.md"
    assert page.read_text(encoding="utf-8") == all_rules_markdown(), (
        "docs/rules-text.md is stale: python -m tenthousand.present.rules_text > docs/rules-text.md")


def test_no_tkinter() -> None:
    code = ("import sys, tenthousand.present.rules_text as r; from tenthousand.model import PRESETS; "
            "r.rules_text(PRESETS['farkle']); print('tkinter' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"
