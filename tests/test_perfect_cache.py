"""Perfect play for rules without a shipped table: solved here, kept in the cache folder,
and played as Expert until it is ready (issue 13)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tenthousand.ai import play_game
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules
from tenthousand.solver.levels import make_player

np = pytest.importorskip("numpy")

from tenthousand.solver import cache, engine, table  # noqa: E402 - needs numpy
from tenthousand.solver.player import SOLVING, PerfectPlayer  # noqa: E402


def _house(game_point: int = 600) -> Rules:
    return dataclasses.replace(PRESETS["farkle"], title="House", single_two=0,
                               straight=1000, game_point=game_point, opening_minimum=150)


def _reloaded(rules: Rules) -> Any:
    """The table a new session reads from the cache file."""
    table._REGISTERED.clear()
    found = table.load(rules)
    assert isinstance(found, table.Table)
    return found


def _perfect_ready(rules: Rules) -> PerfectPlayer:
    """Perfect for rules whose table is solved and cached: no solve waits for it."""
    perfect = make_player("perfect", rules, seed=1)
    assert isinstance(perfect, PerfectPlayer) and not perfect.solving
    perfect.prepare()
    return perfect


def _against_expert(rules: Rules, first_seat: int, seed: int) -> Game:
    return Game(rules, [Seat("P", True, "perfect"), Seat("E", True, "expert")],
                first_seat=first_seat, seed=seed)


@pytest.fixture(autouse=True)
def _forget_solves() -> None:
    table._REGISTERED.clear()
    cache._SOLVES.clear()


def test_perfect_plays_as_expert_until_its_table_is_solved() -> None:
    rules = _house()
    player = make_player("perfect", rules, seed=1)
    assert isinstance(player, PerfectPlayer)
    assert player.solving and player.fallback_reason == SOLVING
    player.prepare()
    assert player.ready  # the solve is not waited for
    game = Game(rules, [Seat("P", True, "perfect"), Seat("E", True, "expert")], seed=2)
    play_game(game, [player, make_player("expert", rules, seed=2)])  # as Expert meanwhile
    assert game.over

    work = player.background_solve()
    assert work is not None
    work()
    assert not player.solving and player.fallback_reason is None
    assert player.progress == 1.0 and player.background_solve() is None
    assert cache.cache_file(rules).is_file()
    # The table is what the solver gives, and it answers the advisor too.
    expected = engine.solve(rules)
    found = table.load(rules)
    assert found is not None and found.normal(0, 0, 0) == pytest.approx(
        expected.normal(0, 0, 0), abs=1e-7)


def test_a_solved_table_is_read_from_the_cache_in_a_later_session() -> None:
    rules = _house(500)
    cache.background(rules).run()
    table._REGISTERED.clear()  # a new session
    cache._SOLVES.clear()
    assert table.available(rules)
    player = make_player("perfect", rules, seed=1)
    assert isinstance(player, PerfectPlayer) and not player.solving
    player.prepare()
    assert player.fallback_reason is None and player.background_solve() is None


def test_a_damaged_cache_file_is_set_aside_and_solved_again() -> None:
    rules = _house(500)
    path = cache.cache_file(rules)
    path.parent.mkdir(parents=True)
    path.write_bytes(table.MAGIC + b"\x05\x00\x00\x00{}}}}" + b"junk")
    assert cache.load_cached(rules) is None
    assert not path.exists() and path.with_suffix(".bad").exists()
    found = cache.background(rules).run()
    assert found.rules == rules and path.is_file()


def test_two_games_with_the_same_rules_share_one_solve() -> None:
    rules = _house(500)
    assert cache.background(rules) is cache.background(rules)
    progress: list[float] = []
    solve = cache.background(rules)
    solve.run()
    progress.append(solve.progress)
    assert progress == [1.0] and solve.done


def test_rules_that_cannot_be_solved_say_why() -> None:
    with_option = PRESETS["farkle"].with_options("mutant-trash")
    assert "Mutant Trash" in (cache.unsolvable(with_option) or "")
    assert PerfectPlayer.for_rules(with_option, make_player("expert", with_option)) is None
    big = PRESETS["trash-10000"].with_options("surpassing")
    reason = cache.unsolvable(big) or ""
    assert "too many positions" in reason and "inside its last turns" in reason
    # a pair of options no solver took before comes with the features
    assert cache.unsolvable(PRESETS["farkle"].with_options("pyramiding", "challenging",
                                                           game_point=2000)) is None
    huge = dataclasses.replace(PRESETS["farkle"], title="Huge", game_point=50_000)
    assert "game point" in (cache.unsolvable(huge) or "")
    assert cache.unsolvable(_house()) is None


def test_a_failed_solve_says_so_and_the_player_goes_on_as_expert(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _house(500)

    def broken(*args: object, **kwargs: object) -> None:
        raise MemoryError("no room")

    monkeypatch.setattr(engine, "solve", broken)
    player = make_player("perfect", rules, seed=1)
    assert isinstance(player, PerfectPlayer)
    work = player.background_solve()
    assert work is not None
    with pytest.raises(MemoryError):
        work()
    assert not player.solving and "could not be solved" in (player.fallback_reason or "")
    player.prepare()
    assert player.ready


def test_the_advisor_says_win_chances_follow_while_the_table_is_solved() -> None:
    from tenthousand.advice import values as advisor
    from tenthousand.control.advising import AdvisorService

    rules = _house()
    game = Game(rules, [Seat("A"), Seat("B")], first_seat=0,
                dice=lambda n: (1, 5, 2, 3, 4, 6)[:n])
    game.throw()
    values = advisor.evaluate(game)
    assert values is not None and values.kind == advisor.SCORE
    service = AdvisorService(None, lambda display: None, lambda on: None)  # type: ignore[arg-type]
    assert "once perfect play is solved" not in service._note(game, True, True, values)
    solve = cache.background(rules)  # started, not done
    assert "Win chances follow once perfect play is solved" in service._note(
        game, True, True, values)
    solve.run()
    assert "once perfect play is solved" not in service._note(game, True, True, values)


def test_a_solve_nobody_waits_for_stops_and_can_start_again() -> None:
    """A new game with other rules, or quit, stops the solve at its next progress report
    instead of letting it run on for minutes."""
    import threading

    rules = _house(3000)
    solve = cache.background(rules)
    failed: list[BaseException] = []

    def run() -> None:
        try:
            solve.run()
        except BaseException as e:  # noqa: BLE001 - what the test looks at
            failed.append(e)

    worker = threading.Thread(target=run)
    worker.start()
    solve.cancel()
    worker.join(30)
    assert not worker.is_alive() and solve.done
    if solve.table is None:  # stopped (a very fast machine may have finished first)
        assert isinstance(failed[0], cache.SolveCancelled)
        again = cache.background(rules)
        assert again is not solve and not again.done


# -- the trash penalty ----------------------------------------------------------------------


def _penalty_rules(game_point: int = 500) -> Rules:
    return PRESETS["farkle"].with_options(
        "three-trash", title="Penalty", game_point=game_point, catch_up=False,
        opening_minimum=0, trash_run=2, trash_penalty=200, score_floor=-300)


def test_penalty_rules_are_solved_here_and_perfect_plays_them_from_the_cache() -> None:
    from tenthousand.solver import values

    rules = _penalty_rules()
    assert cache.unsolvable(rules) is None
    # with a catch-up round: solved too, by the same engine with the manuals' end
    assert cache.unsolvable(rules.with_options(catch_up=True)) is None
    assert "lowest score" in (cache.unsolvable(rules.with_options(score_floor=None)) or "")
    wide = rules.with_options(game_point=10000, score_floor=-2500, catch_up=True)
    assert "too many positions" in (cache.unsolvable(wide) or "")
    player = make_player("perfect", rules, seed=1)
    assert isinstance(player, PerfectPlayer) and player.solving
    work = player.background_solve()
    assert work is not None
    work()
    found = _reloaded(rules)
    sol = engine.solve(rules)
    for a, b, ka, kb in [(0, 0, 0, 0), (-6, 4, 1, 0), (9, -2, 0, 1), (3, 3, 1, 1)]:
        assert found.normal(0, a, b, run0=ka, run1=kb) == pytest.approx(
            sol.normal(0, a, b, run0=ka, run1=kb), abs=1e-6)

    # The turn start from the table: the runs of trash are part of the position.
    game = _against_expert(rules, 0, 3)
    game.board[:] = [-150, 200]
    game.trash_streak[:] = [1, 0]
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(
        sol.normal(0, -3, 4, run0=1, run1=0), abs=1e-5)
    game.trash_streak[:] = [0, 0]
    calmer = values.win_probabilities(game)
    assert calmer is not None and calmer[0] > probs[0]  # one trash from the penalty is worse

    # The advisor answers a throw (every freeze valued), so Perfect plays from the table.
    game.throw()
    if not game.over and game.phase.name == "CHOOSE":
        adv = values.advice(game)
        assert adv is not None and len(adv.freezes) == len(game.legal_freezes())

    # Perfect plays whole games from it.
    perfect = _perfect_ready(rules)
    assert perfect.fallback_reason is None
    expert = make_player("expert", rules, seed=2)
    wins = 0
    for seed in range(60):
        g = _against_expert(rules, seed % 2, seed)
        play_game(g, [perfect, expert])
        assert g.over and min(g.board) >= -300
        wins += g.board[0] > g.board[1]
    assert wins >= 25  # about half or more; a loose check that every move was legal


def test_surpassing_rules_are_solved_here_and_perfect_plays_them() -> None:
    from tenthousand.solver import values

    rules = PRESETS["ten-thousand"].with_options("surpassing", title="Surpass",
                                                 game_point=800, catch_up=False)
    assert cache.unsolvable(rules) is None
    # with the catch-up round too
    assert cache.unsolvable(rules.with_options(catch_up=True)) is None
    assert "too many positions" in (cache.unsolvable(rules.with_options(game_point=20000))
                                    or "")
    cache.background(rules).run()
    found = _reloaded(rules)
    sol = engine.solve(rules)
    for a, b, s in [(0, 0, 0), (3, 9, 6), (15, 15, 15), (10, 2, 1)]:
        assert found.normal(0, a, b, added1=s) == pytest.approx(
            sol.normal(0, a, b, added1=s), abs=1e-6)

    # what the opponent's last turn added is part of the position
    game = _against_expert(rules, 0, 5)
    game.board[:] = [750, 750]
    game.last_turn_added = 750
    probs = values.win_probabilities(game)
    assert probs is not None and probs[0] == pytest.approx(
        sol.normal(0, 15, 15, added1=15), abs=1e-5)
    game.last_turn_added = 0
    easier = values.win_probabilities(game)
    assert easier is not None and easier[0] > probs[0]

    perfect = _perfect_ready(rules)
    assert perfect.fallback_reason is None
    expert = make_player("expert", rules, seed=2)
    for seed in range(30):
        g = _against_expert(rules, seed % 2, seed)
        play_game(g, [perfect, expert])
        assert g.over


def test_challenging_rules_are_solved_here_and_perfect_challenges_from_them() -> None:
    from tenthousand.advice import values as advisor
    from tenthousand.ai import moves
    from tenthousand.solver import values

    rules = PRESETS["ten-thousand"].with_options("challenging", title="Challenge",
                                                 game_point=1000, catch_up=False)
    assert cache.unsolvable(rules) is None
    assert cache.unsolvable(rules.with_options(catch_up=True)) is None
    # with a lowest score too (no solver took that before the features)
    assert cache.unsolvable(rules.with_options(catch_up=True, score_floor=0)) is None
    assert "multiple of 50" in (cache.unsolvable(rules.with_options(game_point=1200)) or "")
    assert "too many positions" in (cache.unsolvable(rules.with_options(
        "surpassing", game_point=5000, catch_up=True)) or "")
    cache.background(rules).run()
    found = _reloaded(rules)
    sol = engine.solve(rules)
    for a, b, ca, cb in [(0, 0, 1, 1), (-15, 12, 0, 0), (19, -19, 0, 1), (5, 5, 0, 0)]:
        assert found.normal(0, a, b, first0=ca, first1=cb) == pytest.approx(
            sol.normal(0, a, b, first0=ca, first1=cb), abs=1e-6)

    # Far behind, a challenge is worth it: the table's value is the challenge turn's,
    # the bars say so before and after the challenge, and Perfect makes it.
    perfect = _perfect_ready(rules)
    game = _against_expert(rules, 0, 7)
    game.board[:] = [0, 900]
    before = values.win_probabilities(game)
    assert before is not None and before[0] == pytest.approx(sol.normal(0, 0, 18), abs=1e-5)
    assert perfect.think(game) is not None  # the plain and the challenge turn, in a worker
    assert perfect.choose_challenge(game) == 1
    shown = advisor.evaluate(game)  # the advisor weighs the two for a person
    assert shown is not None and shown.challenge is not None
    assert shown.challenge[0] == pytest.approx(before[0], abs=1e-5)
    assert shown.challenge[0] > shown.challenge[1]
    game.challenge(1)
    after = values.win_probabilities(game)
    assert after is not None and after[0] == pytest.approx(before[0], abs=1e-5)
    shown = advisor.evaluate(game)
    assert shown is not None and shown.challenge is None  # made: nothing left to weigh
    game.board[:] = [850, 0]  # far ahead, a plain turn is better
    game.challenges_used[0][0] = False
    game.challenge_target = game.challenge_slot = None
    assert perfect.choose_challenge(game) is None

    # Whole games: every move legal, both sides' challenges spent or kept as they choose.
    expert = make_player("expert", rules, seed=2)
    challenges = 0
    for seed in range(40):
        g = _against_expert(rules, seed % 2, seed)
        while not g.over:
            assert min(g.board) >= found.variant.bounds.lo * 50  # every position is in it
            player = perfect if g.current == 0 else expert
            move = moves.decide(g, player)
            challenges += g.current == 0 and move.challenge is not None
            moves.apply(g, move)
    assert challenges > 0


def test_the_last_turns_count_in_a_solves_size() -> None:
    # surpassing with challenging: the scores to beat and the challenges left make the
    # catch-up round and the tie-breaks larger than the game before them, and the time
    # goes there (50 s of 52 at 500 points): the size says so, and refuses 2,000 points
    from tenthousand.solver.variant import Variant, count_states, end_work, variant_of

    rules = PRESETS["trash-5000"].with_options("surpassing", "challenging", game_point=2000)
    found = variant_of(rules, limits=False)
    assert isinstance(found, Variant)
    assert end_work(found) > 4 * count_states(found)
    reason = cache.unsolvable(rules) or ""
    assert "too many positions" in reason and "inside its last turns" in reason
    assert cache.unsolvable(rules.with_options(game_point=500)) is None


def test_a_long_solve_guesses_its_time_left_from_its_own_rate() -> None:
    """The time left is the rest of the work at the rate of the later half of this run,
    counted from its first report (a resumed solve from where it went on): nothing before
    20 s and 0.2%, nothing once done."""
    now = [100.0]
    solve = cache.BackgroundSolve(_house(), 3, clock=lambda: now[0])
    assert solve.remaining() is None
    solve._report(0.40)  # a kept solve goes on at 40%
    now[0] = 110.0
    solve._report(0.45)
    assert solve.remaining() is None  # 10 s: too soon
    now[0] = 160.0
    solve._report(0.50)
    # the later half (from 110 s): 5% in 50 s, so the other half in 500 s
    assert solve.remaining() == pytest.approx(0.5 * 50 / 0.05)
    now[0] = 161.0
    solve._report(0.99)
    assert solve.remaining() == pytest.approx(0.01 * 51 / 0.54)
    solve._done.set()
    assert solve.remaining() is None
    slowing = cache.BackgroundSolve(_house(), 3, clock=lambda: now[0])
    for now[0], share in ((0, 0.0), (10, 0.2), (20, 0.4), (40, 0.5), (60, 0.6)):
        slowing._report(share)
    # half the speed in the later half: 80 s, not the whole run's 40 s
    assert slowing.remaining() == pytest.approx(80.0)
    for k in range(2000):  # a long solve keeps a few hundred reports, not all
        now[0] += 1
        slowing._report(0.6 + k * 1e-4)
    assert len(slowing._pace._seen) <= 512
    assert slowing.remaining() == pytest.approx((1 - 0.7999) * 1e4, rel=1e-3)
    slow = cache.BackgroundSolve(_house(), 3, clock=lambda: now[0])
    slow._report(0.010)
    now[0] += 600
    slow._report(0.011)
    assert slow.remaining() is None  # ten minutes, but a tenth of a percent: no guess yet


def test_three_players_are_not_solved_where_the_memory_would_not_do() -> None:
    """A three-player solve to 15,000 takes some 2.9 GiB at its peak: a machine with 3 GiB
    is told so instead of being swapped to a halt; one with 4 GiB solves it, and so does
    one whose memory the system does not tell."""
    big = PRESETS["trash-15000"]
    assert 2.6 * 2**30 < cache.memory_needed3(big) < 3.0 * 2**30
    assert 0.42 * 2**30 < cache.memory_needed3(PRESETS["trash-5000"]) < 0.5 * 2**30
    said = cache._too_big3(big, 3 * 2**30)
    assert said == ("solving three players to 15,000 takes some 2.9 GB of memory, more than "
                    "this computer can spare (3.0 GB in all)")
    assert cache._too_big3(big, 4 * 2**30) is None
    assert cache._too_big3(big, None) is None
    assert cache._too_big3(PRESETS["ten-thousand"], 2 * 2**30) is None


def test_the_reason_reaches_the_player_where_the_memory_would_not_do(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With too little memory no solve starts: Perfect plays as Expert and says why."""
    pytest.importorskip("numba")
    from tenthousand.solver import table3

    big = PRESETS["trash-15000"]
    monkeypatch.setattr(cache, "physical_memory", lambda: 3 * 2**30)
    monkeypatch.setattr(table3, "available", lambda rules: False)
    assert "more than this computer can spare" in str(cache.unsolvable(big, 3))
    player = make_player("perfect", big, seed=1, players=3)
    assert not isinstance(player, PerfectPlayer)
    from tenthousand.present.value_kind import table_refusal

    assert "2.9 GB of memory" in str(table_refusal(big, 3))


def test_a_control_groups_memory_limit_counts_as_the_machines(tmp_path: Any) -> None:
    """In a container (or a desktop's slice) the limit of its control group is what a
    solve may use; "max", a huge number or an unreadable file change nothing."""
    machine = cache.physical_memory(())
    if machine is None:
        pytest.skip("this system does not tell its memory")
    v2, v1 = tmp_path / "memory.max", tmp_path / "limit_in_bytes"
    v2.write_text("max\n")
    v1.write_text(f"{2 ** 62}\n")
    assert cache.physical_memory((v2, v1, tmp_path / "absent")) == machine
    v1.write_text(f"{2 * 2 ** 30}\n")
    assert cache.physical_memory((v2, v1)) == 2 * 2 ** 30
