"""Challenge and result codes (a changed code is refused), the daily challenge, the seed's
fingerprint and --verify."""

from __future__ import annotations

import datetime as dt

import pytest
from history_kit import played

from tenthousand.history.codes import (
    ALPHABET,
    BadCode,
    Challenge,
    Result,
    challenge_code,
    challenge_id,
    compare,
    daily_challenge,
    fingerprint_of,
    moves_digest,
    read_challenge,
    read_result,
    result_code,
    verify,
)
from tenthousand.model.game import Game, Seat
from tenthousand.model.record import Record
from tenthousand.model.rules import PRESETS


def _changed_everywhere(code: str) -> list[str]:
    out = []
    for i, c in enumerate(code):
        if c in ALPHABET and i > 2:
            for other in (ALPHABET[(ALPHABET.index(c) + k) % 32] for k in (1, 16, 31)):
                out.append(code[:i] + other + code[i + 1:])
    return out


def test_a_challenge_code_holds_rules_level_and_seed() -> None:
    rules = PRESETS["farkle"].with_options("surpassing", game_point=5000)
    ch = Challenge(rules, "expert", 2**63 + 12345)
    code = challenge_code(ch)
    assert code.startswith("TC-") and len(code) < 40
    back = read_challenge(code)
    assert (back.rules, back.level, back.seed) == (rules, "expert", 2**63 + 12345)
    # Friendly to retyping: case, spaces and the letters O, I and L are forgiven.
    assert read_challenge(code.lower().replace("-", " ")) == back


def test_every_changed_character_of_a_code_is_refused() -> None:
    code = daily_challenge(dt.date(2026, 11, 30)).code
    for bad in _changed_everywhere(code):
        with pytest.raises(BadCode):
            read_challenge(bad)
    # A code cut short or run on is of the wrong length, not "changed".
    with pytest.raises(BadCode, match="wrong length"):
        read_challenge(code[:-3])
    with pytest.raises(BadCode, match="wrong length"):
        read_challenge(code + "7")
    with pytest.raises(BadCode, match="wrong length"):
        read_challenge("TC-HELLO-THERE")


def test_rules_with_numbers_changed_by_hand_cannot_be_coded() -> None:
    from dataclasses import replace

    rules = replace(PRESETS["ten-thousand"], minimum=400)
    with pytest.raises(ValueError):
        challenge_code(Challenge(rules, "normal", 1))


def test_the_daily_challenge_is_the_same_for_everyone_that_day() -> None:
    a = daily_challenge(dt.date(2026, 11, 30))
    assert a == daily_challenge(dt.date(2026, 11, 30))
    assert a.seed != daily_challenge(dt.date(2026, 12, 1)).seed
    assert "2026-11-30" in a.describe()
    assert a.new_game("Ann").record.start.seed == a.seed


def _result(code: str, name: str, score: int, cost: float) -> Result:
    return Result(challenge_id(code), name, score, score >= 10000, 31, 44, cost, "win",
                  b"abcd")


def test_result_codes_round_trip_and_compare_side_by_side() -> None:
    code = daily_challenge(dt.date(2026, 1, 2)).code
    mine, theirs = _result(code, "Ann", 10250, 0.0523), _result(code, "Zoë", 8100, 0.12)
    back = read_result(result_code(mine))
    assert back == mine
    assert read_result(result_code(theirs)).name == "Zoë"
    rows = compare(mine, theirs)
    assert rows[0] == ("Player", "Ann", "Zoë")
    assert ("Final score", "10,250", "8,100") in rows
    assert ("Given away in all", "5.2% win chance", "12.0% win chance") in rows


def test_a_changed_result_code_is_refused() -> None:
    code = daily_challenge(dt.date(2026, 1, 2)).code
    rc = result_code(_result(code, "Ann", 10250, 0.05))
    for bad in _changed_everywhere(rc):
        with pytest.raises(BadCode):
            read_result(bad)


def test_results_of_different_challenges_do_not_compare() -> None:
    a = daily_challenge(dt.date(2026, 1, 2)).code
    b = daily_challenge(dt.date(2026, 1, 3)).code
    with pytest.raises(BadCode, match="different challenges"):
        compare(_result(a, "Ann", 1, 0.0), _result(b, "Bob", 1, 0.0))


def test_a_code_of_the_other_kind_is_named() -> None:
    code = daily_challenge(dt.date(2026, 1, 2)).code
    rc = result_code(_result(code, "Ann", 10250, 0.05))
    with pytest.raises(BadCode, match="result code, not a challenge code"):
        read_challenge(rc)
    with pytest.raises(BadCode, match="begin with TC"):
        read_challenge("hello there")


def test_the_fingerprint_and_verify() -> None:
    game = played(7)
    seed = game.record.start.seed
    assert seed == 7
    fp = fingerprint_of(7)
    assert len(fp) == 64 and fp != fingerprint_of(8)
    ok = verify(game.record, fp[:16])
    assert ok.ok and any("matches" in line for line in ok.lines)
    assert not verify(game.record, fingerprint_of(8)[:16]).ok
    assert moves_digest(game.record) != moves_digest(played(8).record)


def test_verify_refuses_dice_that_do_not_follow_from_the_seed() -> None:
    faces = iter([1, 5, 2, 2, 3, 4] * 50)
    game = Game(PRESETS["farkle"], [Seat("Ann"), Seat("Bob", True)], seed=3,
                dice=lambda n: [next(faces) for _ in range(n)], first_seat=0)
    game.throw()
    game.throw([0])
    verdict = verify(game.record)
    assert not verdict.ok
    assert "NOT" in verdict.lines[-1] or "cannot be played" in verdict.lines[-1]


def test_verify_needs_a_seed() -> None:
    game = Game(PRESETS["farkle"], [Seat("Ann"), Seat("Bob", True)], seed=3)
    record = Record.starting_at(game)
    assert not verify(record).ok


def test_a_challenge_to_another_game_point_names_it_once() -> None:
    rules = PRESETS["farkle"].with_options(game_point=5000)
    text = Challenge(rules, "expert", 1).describe()
    assert text == "Challenge: Farkle to 5,000 against the expert computer"
