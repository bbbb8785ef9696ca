"""Busche's blog facts against variants of the Facebook Farkle scoring (docs/perfect-play.md).

For each variant of the scoring of tenthousand/resources/rules/busche-2016-facebook.toml,
prints the lowest turn score at which banking with six dice to throw is worth at least
throwing them, and the expected turn with the bank of 300 (max-expected tables, exact).
Run from the checkout: ``python docs/rules/busche_facts.py`` (about a minute; ``--all``
prints every variant, not only those near his "16,400" and "just under 550").
"""

from __future__ import annotations

import dataclasses
import itertools
import sys

from tenthousand.ai.tables import tables_for
from tenthousand.files import rulefile

BASE = rulefile.read("tenthousand/resources/rules/busche-2016-facebook.toml").rules
TRIPLETS = (1000, 200, 300, 400, 500, 600)
KINDS = {
    "doubling": lambda b: (b, 2 * b, 4 * b, 8 * b),
    "triplet alone": lambda b: (b, None, None, None),
    "2x whatever their number": lambda b: (b, 2 * b, 2 * b, 2 * b),
    "fixed 1000/2000/3000": lambda b: (b, 1000, 2000, 3000),
    "2x 3x 4x": lambda b: (b, 2 * b, 3 * b, 4 * b),
    "+100 a die": lambda b: (b, b + 100, b + 200, b + 300),
}


def facts(kinds: str, pairs: int, straight: int, distinct: bool) -> tuple[int, float]:
    rules = dataclasses.replace(BASE, kinds=tuple(KINDS[kinds](b) for b in TRIPLETS),
                                kind_doubling=False, three_pairs=pairs, straight=straight,
                                three_pairs_distinct=distinct)
    tables = tables_for(rules)
    free = tables.expected_table(0)
    bank_from = next(i * free.unit for i in range(1, free.top)
                     if free.V[6][i] <= i * free.unit)
    return bank_from, tables.expected_table(rules.minimum).start


if __name__ == "__main__":
    every = "--all" in sys.argv
    for kinds, pairs, straight, distinct in itertools.product(
            KINDS, (500, 750, 1000, 1500), (1000, 1500, 2000, 2500), (False, True)):
        bank_from, turn = facts(kinds, pairs, straight, distinct)
        if every or (16300 <= bank_from <= 16500 and 540 <= turn < 560):
            print(f"{kinds:26} pairs {pairs:5} ({'different' if distinct else 'any'}) "
                  f"straight {straight:5}: bank from {bank_from:,}, turn {turn:.2f}")
