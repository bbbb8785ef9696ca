"""What dice score, preset by preset: every counter of both manuals and decisions D-2 to D-6.

``score`` is the value of freezing exactly the given dice together (``None``: some die would
not belong to a counter); ``best_score`` is the most any allowed subset scores (0: trash).
"""

from __future__ import annotations

import pytest

from tenthousand.model import scoring
from tenthousand.model.rules import PRESETS

TT = PRESETS["ten-thousand"]
T5, T10, T15 = PRESETS["trash-5000"], PRESETS["trash-10000"], PRESETS["trash-15000"]
FARKLE = PRESETS["farkle"]
TRASH = (T5, T10, T15)
ALL = tuple(PRESETS.values())


def s(dice: str, rules, first: bool = True) -> int | None:  # type: ignore[no-untyped-def]
    return scoring.score([int(c) for c in dice], rules, first_throw=first)


def best(dice: str, rules, first: bool = True) -> int:  # type: ignore[no-untyped-def]
    return scoring.best_score([int(c) for c in dice], rules, first_throw=first)


# -- counters every preset shares ---------------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.preset)
def test_singles_and_triplets_of_every_preset(rules) -> None:  # type: ignore[no-untyped-def]
    assert s("1", rules) == 100
    assert s("5", rules) == 50
    assert s("11", rules) == 200
    assert s("55", rules) == 100
    assert s("15", rules) == 150
    assert s("111", rules) == 1000
    for face in (2, 3, 4, 5, 6):
        assert s(str(face) * 3, rules) == 100 * face
    assert s("", rules) == 0


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.preset)
def test_lone_twos_to_sixes_never_score(rules) -> None:  # type: ignore[no-untyped-def]
    for face in "2346":
        assert s(face, rules) is None
        assert s(face * 2, rules) is None
        assert s("1" + face, rules) is None  # every frozen die must belong to a counter
    assert best("2346", rules) == 0
    assert best("22334", rules) == 0


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.preset)
def test_straight_is_1500_on_the_first_throw(rules) -> None:  # type: ignore[no-untyped-def]
    assert s("123456", rules) == 1500
    assert s("654321", rules) == 1500


# -- Ten-Thousand (1992) ------------------------------------------------------------------

# The manual's "Value Of Groups" table: rows 3..6 of a kind, columns ones..sixes.
GROUPS_1992 = {
    3: (1000, 200, 300, 400, 500, 600),
    4: (2000, 400, 600, 800, 1000, 1200),
    5: (4000, 800, 1200, 1600, 2000, 2400),
    6: (8000, 1600, 2400, 3200, 4000, 4800),
}


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_ten_thousand_groups_table_of_the_manual(n: int) -> None:
    for face, points in zip(range(1, 7), GROUPS_1992[n], strict=True):
        assert s(str(face) * n, TT) == points, (n, face)
        assert s(str(face) * n, TT, first=False) == points, (n, face)


def test_ten_thousand_examples_of_the_manual() -> None:
    assert s("44411", TT) == 600  # example A: three 4s + two 1s
    assert s("444415", TT) == 950  # example B: four 4s + a 1 + a 5
    assert s("555", TT) == 500  # three or more fives score as a group
    assert s("55", TT) == 100


def test_ten_thousand_doubles_are_three_different_pairs_on_the_first_throw() -> None:
    assert s("664422", TT) == 1000  # example A
    assert s("113355", TT) == 1000  # example B (beats 1+1+5+5 = 300)
    assert s("223344", TT, first=False) is None  # D-2
    assert s("113355", TT, first=False) is None  # the 3s cannot go with a later throw
    assert best("113355", TT, first=False) == 300


def test_ten_thousand_four_of_a_kind_and_a_pair_is_not_doubles() -> None:  # D-3
    assert s("222233", TT) is None
    assert best("222233", TT) == 400
    assert s("111155", TT) == 2100  # four 1s + two 5s, not doubles
    assert s("222222", TT) == 1600  # six of a kind is a group, not doubles


def test_ten_thousand_straight_only_on_the_first_throw() -> None:  # D-2
    assert s("123456", TT, first=False) is None
    assert best("123456", TT, first=False) == 150


def test_ten_thousand_has_no_two_triplets_counter() -> None:
    assert s("222333", TT) == 500  # just two groups
    assert s("111555", TT) == 1500


# -- Tommy's Trash! (1989) ----------------------------------------------------------------


@pytest.mark.parametrize("rules", TRASH, ids=lambda r: r.preset)
def test_trash_counters_of_every_size(rules) -> None:  # type: ignore[no-untyped-def]
    assert s("5", rules) == 50
    assert s("1", rules) == 100
    assert s("111", rules) == 1000
    assert s("666", rules) == 600
    assert s("123456", rules) == 1500
    assert s("123456", rules, first=False) == 1500  # D-6: any throw of six dice


def test_trash_5000_triplets_are_exactly_three_dice() -> None:  # D-4
    assert s("3333", T5) is None
    assert best("3333", T5) == 300
    assert s("1111", T5) == 1100
    assert s("5555", T5) == 550
    assert s("111111", T5) == 2000  # two triplets of 1s, each worth 1000
    assert s("222222", T5) == 400  # six 2s are two triplets of 2s
    assert s("22222", T5) is None
    assert best("22222", T5) == 200


def test_trash_5000_has_no_pairs_or_two_triplets_counters() -> None:
    assert s("223344", T5) is None
    assert best("223344", T5) == 0  # trash
    assert s("222333", T5) == 500
    assert s("112255", T5) is None


@pytest.mark.parametrize("rules", (T10, T15), ids=lambda r: r.preset)
def test_trash_any_three_pairs_2000_and_any_two_triplets_3000(rules) -> None:  # type: ignore[no-untyped-def]
    assert s("223344", rules) == 2000
    assert s("113355", rules) == 2000
    assert s("222333", rules) == 3000
    assert s("111666", rules) == 3000  # beats 1000 + 600
    for first in (True, False):  # D-6
        assert s("224466", rules, first=first) == 2000
        assert s("444555", rules, first=first) == 3000


def test_trash_10000_any_pairs_include_four_and_two_and_six_of_a_kind() -> None:  # D-5
    assert s("222233", T10) == 2000
    assert s("444444", T10) == 3000  # two triplets beats three pairs (D-5)
    assert s("111111", T10) == 3000
    assert s("2222", T10) is None  # no four of a kind below Trash 15000 (D-4)
    assert best("2222", T10) == 200


def test_trash_15000_four_five_six_of_a_kind() -> None:
    for face in "123456":
        assert s(face * 4, T15) == 4000
        assert s(face * 5, T15) == 5000
        assert s(face * 6, T15) == 6000
    assert s("11115", T15) == 4050
    assert s("222211", T15) == 4200  # four 2s + two 1s beats three pairs
    assert s("222233", T15) == 2000  # the only way to count all six
    assert best("222233", T15) == 4000  # the player may freeze just the four 2s


# -- Farkle (modern rules) -----------------------------------------------------------------


def test_farkle_counters() -> None:
    assert s("2222", FARKLE) == 1000
    assert s("22222", FARKLE) == 2000
    assert s("222222", FARKLE) == 3000
    assert s("1111", FARKLE) == 1100  # three 1s + a 1 beats four of a kind
    assert s("223344", FARKLE) == 1500
    assert s("222233", FARKLE) == 1500  # four of a kind + a pair counts as three pairs
    assert s("333444", FARKLE) == 2500
    assert s("123456", FARKLE, first=False) == 1500


# -- best score, legal freezes and words ----------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.preset)
def test_trash_means_no_counter_at_all(rules) -> None:  # type: ignore[no-untyped-def]
    for throw in ("2", "23", "234", "2346", "22346", "223346"):
        assert best(throw, rules) == 0
        assert scoring.legal_freezes([int(c) for c in throw], rules) == ()
    assert best("2345", rules) == 50
    assert best("1", rules) == 100


def test_legal_freezes_list_every_choice_best_first() -> None:
    found = scoring.legal_freezes([1, 5, 2, 2, 2, 3], T5)
    assert found[0] == ((1, 2, 2, 2, 5), 350)
    assert dict(found) == {
        (1, 2, 2, 2, 5): 350, (1, 2, 2, 2): 300, (2, 2, 2, 5): 250, (2, 2, 2): 200,
        (1, 5): 150, (1,): 100, (5,): 50,
    }
    points = [p for _, p in found]
    assert points == sorted(points, reverse=True)
    # made once for the throw and kept: every throw is asked about by the engine, the
    # sure bank and the player; the first throw of a turn has its own answer
    assert scoring.legal_freezes([2, 5, 2, 3, 1, 2], T5) is found
    first = scoring.legal_freezes([1, 5, 2, 2, 2, 3], T5, first_throw=False)
    assert first is not found and first == found


def test_best_way_to_count_is_taken() -> None:  # D-5
    assert s("111555", T5) == 1500
    assert s("111555", T10) == 3000
    assert s("555555", TT) == 4000
    assert s("115555", TT) == 1200  # four 5s (1000) + two 1s; doubles need different values


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.preset)
def test_describe_says_how_the_dice_count(rules) -> None:  # type: ignore[no-untyped-def]
    words = scoring.describe([4, 4, 4, 1], rules)
    assert words.endswith("= 500") and "three 4s" in words and "a 1" in words
    assert scoring.describe([], rules) == "no dice selected"
    assert "3" in scoring.describe([3, 1], rules)  # names the die that does not score
    assert scoring.describe([3, 1], rules) == scoring.why_not([3, 1], rules)


def test_why_not_explains_the_first_throw_rule() -> None:
    reason = scoring.why_not([1, 2, 3, 4, 5, 6], TT, first_throw=False)
    assert "first throw" in reason
    # Trash 5000 has no four of a kind: three 3s score, the fourth does not.
    assert scoring.why_not([3, 3, 3, 3], T5) == "1 of the 3s does not score"
    assert scoring.why_not([1, 5], T5) == "these dice score"


def test_faces_outside_one_to_six_are_refused() -> None:
    for bad in ([0], [7], [True], [2.0]):
        with pytest.raises(ValueError):
            scoring.score(bad, TT)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        scoring.score([1] * 7, TT)


# -- an independent count of every multiset of dice ------------------------------------------


def _reference_counters(preset: str, first: bool) -> list[tuple[tuple[int, ...], int]]:
    """The counters of RULES.md written out afresh, as (faces, points)."""
    out: list[tuple[tuple[int, ...], int]] = [((1,), 100), ((5,), 50)]
    triplet = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
    for face, points in triplet.items():
        out.append(((face,) * 3, points))
        if preset == "ten-thousand":
            out += [((face,) * 4, points * 2), ((face,) * 5, points * 4),
                    ((face,) * 6, points * 8)]
        elif preset == "trash-15000":
            out += [((face,) * 4, 4000), ((face,) * 5, 5000), ((face,) * 6, 6000)]
        elif preset == "farkle":
            out += [((face,) * 4, 1000), ((face,) * 5, 2000), ((face,) * 6, 3000)]
    six_ok = first or preset != "ten-thousand"
    if six_ok:
        out.append(((1, 2, 3, 4, 5, 6), 1500))
    pairs = {"ten-thousand": 1000, "trash-10000": 2000, "trash-15000": 2000, "farkle": 1500}
    triplets = {"trash-10000": 3000, "trash-15000": 3000, "farkle": 2500}
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                if preset in pairs and six_ok:
                    if preset != "ten-thousand" or a < b < c:  # D-3 / D-5
                        out.append(((a, a, b, b, c, c), pairs[preset]))
        for b in range(a, 7):
            if preset in triplets:
                out.append(((a, a, a, b, b, b), triplets[preset]))
    return out


def _reference_score(dice: tuple[int, ...], counters, memo: dict) -> int | None:  # type: ignore[no-untyped-def,type-arg]
    """The best way to count all of ``dice`` (sorted) with these counters, or None."""
    if not dice:
        return 0
    if dice in memo:
        return memo[dice]  # type: ignore[no-any-return]
    best_found = None
    for faces, points in counters:
        rest = list(dice)
        try:
            for f in faces:
                rest.remove(f)
        except ValueError:
            continue
        more = _reference_score(tuple(rest), counters, memo)
        if more is not None and (best_found is None or points + more > best_found):
            best_found = points + more
    memo[dice] = best_found
    return best_found


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.preset)
def test_every_multiset_matches_an_independent_count(rules) -> None:  # type: ignore[no-untyped-def]
    for first in (True, False):
        counters = _reference_counters(rules.preset, first)
        memo: dict[tuple[int, ...], int | None] = {}
        for counts in scoring.ALL_COUNTS:
            dice = scoring.dice_of(counts)
            expected = _reference_score(dice, counters, memo)
            assert scoring.score(dice, rules, first_throw=first) == expected, (dice, first)


def test_all_counts_are_every_multiset_of_up_to_six_dice_in_order() -> None:
    import itertools

    from tenthousand.model.scoring import ALL_COUNTS

    assert ALL_COUNTS == tuple(c for c in itertools.product(range(7), repeat=6) if sum(c) <= 6)


def test_equal_single_dice_are_summed_as_one() -> None:
    assert scoring.describe([1, 1, 5, 5], TT) == "two 1s + two 5s = 300"
    assert scoring.describe([4, 4, 4, 5, 5], T5) == "three 4s + two 5s = 500"
    assert scoring.describe([1, 5, 5, 5, 5], T5) == "three 5s + a 1 + a 5 = 650"
    assert scoring.describe([1, 5], TT) == "a 1 + a 5 = 150"


def test_a_refusal_names_the_dice_that_do_not_score_in_every_preset() -> None:
    for rules in PRESETS.values():
        assert scoring.why_not([2, 3], rules) == "the 2 and the 3 do not score"
        assert scoring.why_not([4, 6, 6, 1], rules) == "the 4 and two 6s do not score"
        for c in scoring.ALL_COUNTS:
            for first in (True, False):
                reason = scoring.why_not(scoring.dice_of(c), rules, first_throw=first)
                assert "form counters" not in reason
    # Trash 5000 counts no three pairs: every pair is named.
    assert scoring.why_not([2, 2, 3, 3, 4, 4], T5) == \
        "two 2s, two 3s and two 4s do not score"
    # A rule about the throw is said when it alone stands in the way ...
    assert "first throw" in scoring.why_not([1, 1, 5, 5, 2, 2], TT, first_throw=False)
    # ... and not when the dice would not score on the first throw either.
    assert scoring.why_not([2, 3, 4, 6, 6, 6], TT, first_throw=False) == \
        "the 2, the 3 and the 4 do not score"
