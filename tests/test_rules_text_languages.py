"""The rules in words, rule-file errors and the workshop's texts in German, French and the
pseudo language: no English left, numbers as the language writes them, every text through
the catalogue."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from tenthousand import i18n
from tenthousand.dialogs.strategy import threshold_rows
from tenthousand.files import rulefile
from tenthousand.model.rules import OPTION_NAMES, PRESETS, Rules
from tenthousand.present.rules_text import rules_text, scoring_rows, title_of
from tenthousand.present.workshop_draft import (
    draft_of,
    figures,
    figures_text,
    read_draft,
    solvable,
)

NBSP = "\u00a0"
#: Words that give English away (whole words, in any case).
ENGLISH = {"de": r"\b(the|and|you|your|dice|throw|throws|bank|banks|turn|score|of|with|"
                 r"only|once|when|must|may|one|more)\b",
           "fr": r"\b(the|and|you|your|dice|throw|throws|bank|banks|turn|of|with|only|"
                 r"once|when|must|may|one|more)\b"}


def _variants() -> list[Rules]:
    """Every preset, each with all options it can take and some house rules."""
    out = list(PRESETS.values())
    for rules in PRESETS.values():
        out.append(rules.with_options(*(o for o in OPTION_NAMES if o != "rotary-club")))
        out.append(rules.with_options("pyramiding", "challenging", "rotary-club",
                                      "mutant-trash"))
        out.append(rules.with_options("challenging", "three-trash", catch_up=False,
                                      starting_scores=(0, 250), score_floor=-2500,
                                      trash_run=4))
    return out


VARIANTS = [pytest.param(r, id=f"{r.preset}-{i}") for i, r in enumerate(_variants())]


def _sentences(rules: Rules) -> list[str]:
    """The English sentences of the rules text (and the table's words), to hunt for."""
    i18n.set_language("en")
    found: list[str] = []
    for heading, paragraph in rules_text(rules):
        found += [s for s in re.split(r"(?<=[.:;])\s+", paragraph) if len(s) > 12]
        if heading not in ("Rotary Club",) and rules.title not in heading:
            found.append(heading)
    for words, _points, note in scoring_rows(rules):
        found += [words] + [n for n in note.split("; ") if n]
    return found


def _text(rules: Rules) -> str:
    parts = [f"{h}\n{p}" for h, p in rules_text(rules)]
    parts += ["\t".join(row) for row in scoring_rows(rules)]
    return "\n".join(parts)


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("rules", VARIANTS)
def test_the_rules_text_has_no_english_left(rules: Rules, language: str) -> None:
    english = _sentences(rules)
    assert i18n.set_language(language) == language
    text = _text(rules)
    for name in (rules.title, "Rotary Club", "Mutant Trash"):  # names stay as they are
        text = text.replace(name, "")
    left = [s for s in english if s in text and not re.fullmatch(r"[\d\-\s]+", s)]
    assert left == []
    assert re.findall(ENGLISH[language], text, flags=re.IGNORECASE) == []


@pytest.mark.parametrize("rules", VARIANTS)
def test_numbers_are_written_as_the_language_writes_them(rules: Rules) -> None:
    i18n.set_language("de")
    german = _text(rules)
    assert f"{rules.game_point:,}".replace(",", ".") in german
    assert not re.search(r"\d,\d{3}\b", german)
    i18n.set_language("fr")
    french = _text(rules)
    assert f"{rules.game_point:,}".replace(",", NBSP) in french
    assert not re.search(r"\d[,.]\d{3}\b", french)


def test_the_ten_thousand_rules_in_german_and_french() -> None:
    rules = PRESETS["trash-10000"].with_options("three-trash")
    i18n.set_language("de")
    sections = dict(rules_text(rules))
    assert sections["Niete"].startswith("Ein Wurf, aus dem sich keine Kombination bilden")
    assert "kosten dich 1.000 Punkte (die Strafe für drei Nieten)" in sections["Niete"]
    assert "mindestens 500 Zugpunkte" in sections["Mindestpunktzahlen"]
    rows = {w: p for w, p, _n in scoring_rows(rules)}
    assert rows["drei 1er"] == "1.000" and rows["Drilling 2-6"] == "100 x Augenzahl"
    i18n.set_language("fr")
    sections = dict(rules_text(rules))
    assert f"vous coûtent 1{NBSP}000 points" in sections["Fiasco"]
    assert f"{title_of(rules)}{NBSP}: le but" in sections


def test_a_bad_rule_file_in_german_keeps_its_line(tmp_path: Path) -> None:
    text = ('format = 1\nname = "Haus"\nbase = "farkle"\n[scoring]\nsingles = [100, 0, 0, 0, '
            '50, 0]\n[turn]\nminimum = 75\n')
    i18n.set_language("de")
    with pytest.raises(rulefile.RuleFileError) as info:
        rulefile.loads(text)
    assert info.value.line == 7
    assert info.value.sentence == "minimum muss ein Vielfaches von 50 sein; es ist 75"
    path = tmp_path / "haus.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(rulefile.RuleFileError) as info:
        rulefile.read(path)
    assert str(info.value) == "haus.toml, Zeile 7: minimum muss ein Vielfaches von 50 sein; es ist 75"
    with pytest.raises(rulefile.RuleFileError) as info:
        rulefile.loads('format = 1\nname = "x\n')
    assert (info.value.line, info.value.sentence) == (
        2, "das ist kein gültiges TOML: unzulässiges Zeichen '\\n'")


def test_a_refused_setting_keeps_its_line_in_any_language() -> None:
    text = ('format = 1\nname = "Haus"\nbase = "farkle"\n[end]\ngame_point = 1000\n'
            'starting_scores = [0, 1000]\n')
    lines = set()
    for language in ("en", "de", "fr", "pseudo"):
        i18n.set_language(language)
        with pytest.raises(rulefile.RuleFileError) as info:
            rulefile.loads(text)
        lines.add(info.value.line)
    assert lines == {6}


def test_the_workshop_and_the_card_speak_german() -> None:
    i18n.set_language("de")
    base = PRESETS["ten-thousand"]
    found = figures(base)
    lines = figures_text(found)
    assert lines[0].startswith("Ein Zug bringt im Schnitt 551,6 Punkte")
    assert lines[1].startswith("Sechs geworfene Würfel sind in 2,31\u00a0% der Fälle")
    # (three pairs and the straight count only on a turn's first throw: a corner's six dice
    # fail more often)
    assert lines[2] == "Sechs Würfel nach einer Ecke sind in 3,09\u00a0% der Fälle eine Niete (1 von 32)."
    draft = draft_of(base, "Haus") | {"minimum": "75", "single_one": "1.500",
                                      "trash_run": "12"}
    errors = read_draft(draft)[1]
    assert errors == {"minimum": "ein Vielfaches von 50",
                      "trash_run": "eine ganze Zahl von 2 bis 9"}
    assert read_draft(draft_of(base, "Haus") | {"game_point": "0"})[1] == {
        "game_point": "von 50 bis 1.000.000"}
    reason = solvable(dataclasses.replace(base, game_point=50_000))
    assert reason == "Die Zielpunktzahl ist zu hoch, um sie hier zu lösen (höchstens 20.000)."
    rows = threshold_rows(PRESETS["farkle"])
    assert rows[0][0] == "1 Würfel" and rows[5][0] == "6 (eine Ecke)"
    assert all(re.fullmatch(r"ab \d{1,3}(\.\d{3})*|immer werfen|werfen: Pflicht|"
                            r"weiterwerfen; schreiben, wenn es gewinnt", cell)
               for row in rows for cell in row[1:])


def _outside(text: str) -> str:
    """What is left of a pseudo-translated text once every ⟦...⟧ (nested too) is gone."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if shorter == text:
            return text
        text = shorter


@pytest.mark.parametrize("rules", VARIANTS)
def test_pseudo_covers_the_rules_text(rules: Rules) -> None:
    i18n.set_language("pseudo")
    for heading, paragraph in rules_text(rules):
        assert _outside(heading).strip() == ""
        assert re.fullmatch(r"[\s.;]*", _outside(paragraph)), paragraph
    for row in scoring_rows(rules):
        for cell in row:
            assert re.fullmatch(r"[\d.;\s]*", _outside(cell)), cell


def test_pseudo_covers_rule_file_errors_and_the_workshop_texts() -> None:
    i18n.set_language("pseudo")
    for text in ('format = 1\nname = "x\n', "format = 2\n",
                 'format = 1\nname = "x"\nbase = "farkle"\n[turn]\nminimum = 75\n'):
        with pytest.raises(rulefile.RuleFileError) as info:
            rulefile.loads(text)
        assert _outside(info.value.sentence).strip() == ""
    base = PRESETS["farkle"]
    for line in figures_text(figures(base)):
        assert _outside(line).strip() == ""
    errors = read_draft(draft_of(base, "") | {"minimum": "x", "trash_run": "1"})[1]
    assert errors and all(_outside(m).strip() == "" for m in errors.values())
