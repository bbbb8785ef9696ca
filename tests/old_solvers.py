"""The solvers of commit aa5b132 (one module per option and pair), read in the generic states.

For the solver's redesign (issue 39) their values are kept as fixtures
(``tests/make_solver_fixtures.py``) and compared with :class:`solver_brute.GameBruteForce`.
This module is for that code only: it imports the old ``tenthousand.solver`` modules, so it
runs on aa5b132's code (or any checkout that still has them).

For each old solver: :data:`VARIANTS` names its module; :func:`solve` runs it;
:func:`seat0` reads seat 0's chance in a generic state (``solver_brute.State``) off its
solution, as the old tests' ``_seat0`` did in their own states; :data:`CASES` are the small
rule sets its tests checked.  :data:`OLD_TRUNCATIONS` are brute forces with the old solvers'
own truncations where they differ from the generic convention (see each class): with them
the brute force gives the old values, which shows that the truncation is the whole
difference.
"""

from __future__ import annotations

import importlib
from typing import Any

from solver_brute import STEP, GameBruteForce, State

from tenthousand.model.rules import PRESETS, Rules

#: variant -> the module of tenthousand.solver that solves it
VARIANTS: dict[str, str] = {
    "core": "core", "penalty": "penalty", "surpass": "surpass", "challenge": "challenge",
    "surpass_end": "surpass_end", "penalty_end": "penalty_end",
    "challenge_end": "challenge_end", "challenge_penalty_end": "challenge_penalty_end",
    "surpass_challenge": "surpass_challenge", "surpass_penalty_end": "surpass_penalty_end",
    "pyramid": "pyramid", "rotary": "rotary",
}


def _trash(game_point: int, *options: str, **changes: Any) -> Rules:
    return PRESETS["trash-5000"].with_options(*options, game_point=game_point, **changes)


#: The small rule sets of the old tests, by name: (variant, rules, extra beyond the game
#: point).  The names say which test they come from.
CASES: dict[str, tuple[str, Rules, int]] = {
    # test_solver.CASES
    "core-ten-thousand": ("core", PRESETS["ten-thousand"].with_options(game_point=100), 50),
    "core-trash-5000": ("core", _trash(150, opening_minimum=100, minimum=50), 50),
    "core-farkle": ("core", PRESETS["farkle"].with_options(game_point=100,
                                                           opening_minimum=150), 50),
    # test_solver.PENALTY_CASES
    "penalty-ten-thousand": ("penalty", PRESETS["ten-thousand"].with_options(
        "three-trash", game_point=150, catch_up=False, trash_run=2, trash_penalty=100,
        score_floor=-100), 0),
    "penalty-trash-5000": ("penalty", _trash(
        150, "three-trash", catch_up=False, opening_minimum=100, minimum=50, trash_run=3,
        trash_penalty=50, score_floor=-100), 100),
    "penalty-farkle": ("penalty", PRESETS["farkle"].with_options(
        "three-trash", game_point=100, catch_up=False, opening_minimum=100, trash_run=2,
        trash_penalty=500, score_floor=0), 0),
    # test_solver.SURPASS_CASES
    "surpass-ten-thousand": ("surpass", PRESETS["ten-thousand"].with_options(
        "surpassing", game_point=300, catch_up=False), 0),
    "surpass-trash-5000": ("surpass", _trash(250, "surpassing", catch_up=False,
                                             opening_minimum=100, minimum=50), 100),
    # test_solver.CHALLENGE_RULES, with a lowest score of 0 and without one
    "challenge-floor-0": ("challenge", PRESETS["ten-thousand"].with_options(
        "challenging", game_point=500, catch_up=False, score_floor=0), 0),
    "challenge-no-floor": ("challenge", PRESETS["ten-thousand"].with_options(
        "challenging", game_point=500, catch_up=False), 0),
    # test_solver_end: SMALL and SURPASS_END_CASES
    "surpass_end-small": ("surpass_end", _trash(100, "surpassing", opening_minimum=50,
                                                minimum=50, straight=None,
                                                triplet_ones=300), 0),
    "surpass_end-trash-5000": ("surpass_end", _trash(100, "surpassing", opening_minimum=50,
                                                     minimum=50), 0),
    "surpass_end-ten-thousand": ("surpass_end", PRESETS["ten-thousand"].with_options(
        "surpassing", game_point=100, straight=None, three_pairs=None, triplet_ones=300,
        kind_doubling=False), 50),
    # test_solver_penalty_end: CASES and LONG_500
    "penalty_end-trash": ("penalty_end", _trash(
        150, "three-trash", opening_minimum=50, minimum=50, trash_run=2, trash_penalty=200,
        score_floor=-50, straight=None, triplet_ones=300), 0),
    "penalty_end-ten-thousand": ("penalty_end", PRESETS["ten-thousand"].with_options(
        "three-trash", game_point=150, trash_run=3, trash_penalty=100, score_floor=-100,
        straight=None, three_pairs=None, triplet_ones=300, kind_doubling=False), 50),
    "penalty_end-farkle": ("penalty_end", PRESETS["farkle"].with_options(
        "three-trash", game_point=100, opening_minimum=100, minimum=100, trash_run=2,
        trash_penalty=500, score_floor=0, straight=None, three_pairs=None,
        two_triplets=None), 0),
    "penalty_end-farkle-500": ("penalty_end", PRESETS["farkle"].with_options(
        "three-trash", game_point=500, opening_minimum=300, minimum=300, trash_run=2,
        trash_penalty=300, score_floor=-100), 0),
    # test_solver_challenge_end: SMALL and BLOCKS
    "challenge_end-small": ("challenge_end", _trash(500, "challenging", opening_minimum=100,
                                                    minimum=50, straight=None,
                                                    triplet_ones=300), 0),
    "challenge_end-blocks": ("challenge_end", _trash(500, "challenging", opening_minimum=150,
                                                     minimum=100, straight=None,
                                                     triplet_ones=300), 0),
    # test_solver_challenge_penalty_end.SMALL
    "challenge_penalty_end-small": ("challenge_penalty_end", _trash(
        500, "challenging", "three-trash", opening_minimum=100, minimum=50, straight=None,
        triplet_ones=300, trash_run=2, trash_penalty=100, score_floor=-100), 0),
    # test_solver_surpass_challenge.SMALL
    "surpass_challenge-small": ("surpass_challenge", _trash(
        500, "surpassing", "challenging", opening_minimum=100, minimum=50, straight=None,
        kinds=((300, None, None, None),) + ((200, None, None, None),) * 5), 0),
    # test_solver_surpass_penalty_end: SMALL, OFF and LONG
    "surpass_penalty_end-small": ("surpass_penalty_end", _trash(
        150, "surpassing", "three-trash", opening_minimum=50, minimum=50, trash_run=2,
        trash_penalty=200, score_floor=-50, straight=None, triplet_ones=300), 0),
    "surpass_penalty_end-off": ("surpass_penalty_end", _trash(
        150, "surpassing", "three-trash", opening_minimum=100, minimum=50, trash_run=3,
        trash_penalty=50, score_floor=0, straight=None, triplet_ones=300), 0),
    "surpass_penalty_end-ten-thousand": ("surpass_penalty_end",
                                         PRESETS["ten-thousand"].with_options(
        "surpassing", "three-trash", game_point=200, trash_run=3, trash_penalty=100,
        score_floor=-100, straight=None, three_pairs=None, triplet_ones=300,
        kind_doubling=False), 50),
    # the tables in play of test_solver_penalty_end, test_solver_surpass_penalty_end and
    # test_solver_end (PLAY, PLAY and end_table), with their turn caps
    "penalty_end-play": ("penalty_end", _trash(
        400, "three-trash", opening_minimum=100, minimum=50, trash_penalty=200,
        score_floor=-100), 500),
    "surpass_penalty_end-play": ("surpass_penalty_end", _trash(
        300, "surpassing", "three-trash", opening_minimum=100, minimum=50, trash_run=2,
        trash_penalty=100, score_floor=-100), 300),
    "surpass_end-play": ("surpass_end", _trash(400, "surpassing", opening_minimum=100,
                                               minimum=50), 2000),
    # test_solver_pyramid.CASES
    "pyramid-trash-5000": ("pyramid", _trash(150, "pyramiding", opening_minimum=100,
                                             minimum=50), 50),
    "pyramid-ten-thousand": ("pyramid", PRESETS["ten-thousand"].with_options(
        "pyramiding", game_point=100), 50),
    # test_solver_rotary.CASES
    "rotary-trash-5000": ("rotary", _trash(150, "rotary-club", straight=None,
                                           triplet_ones=300), 100),
    "rotary-ten-thousand": ("rotary", PRESETS["ten-thousand"].with_options(
        "rotary-club", game_point=150, triplet_ones=300, kind_doubling=False, three_pairs=500,
        straight=500), 50),
}


def module(variant: str) -> Any:
    """The old solver module of a variant."""
    return importlib.import_module(f"tenthousand.solver.{VARIANTS[variant]}")


def solve(variant: str, rules: Rules, extra: int, tol: float = 1e-13) -> Any:
    """The old solver's solution (its ``extra`` in points, as the old tests gave it)."""
    return module(variant).solve(rules, tol=tol, extra=extra)


def first_player(sol: Any) -> float:
    """The old ``first_player_win_probability``."""
    return float(sol.first_player_win_probability)


def seat0(variant: str, sol: Any, state: State) -> float:
    """Seat 0's chance in a generic state, read off the old solution."""
    mine = _READERS[variant](sol, state)
    return float(mine) if state[9] == 0 else 1.0 - float(mine)


# -- readers: the mover's chance in a state (each as its old test's ``_seat0``) ------------


def _steps(state: State) -> tuple[str, tuple[int, int], tuple[int, int], tuple[int, int],
                                   tuple[int, int], int]:
    """(stage, boards, added, runs, challenge flags, mover), boards and added in steps."""
    stage, b0, b1, a0, a1, r0, r1, c0, c1, mover = state
    return (stage, (b0 // STEP, b1 // STEP), (a0 // STEP, a1 // STEP), (r0, r1), (c0, c1),
            mover)


def _core(sol: Any, state: State) -> float:
    """core, and pyramid (core's Solution): tie-break rounds do not depend on the boards.
    Beyond the catch-up and tie-break rows (a finisher further ahead than the old cap let
    him get) 0, as the old table's reader had it (``table_file.Table.c`` and ``second``)."""
    stage, board, _added, _runs, _chal, m = _steps(state)
    o = 1 - m
    if stage == "N":
        return float(sol.win[m, board[m], board[o]])
    if stage == "C":
        d = board[o] - board[m]
        return (float(sol.catch_up[int(board[m] != 0), int(m == 0), d])
                if d < sol.catch_up.shape[2] else 0.0)
    if m == 0:
        return float(sol.tie_first)
    x = board[0] - board[1]  # what seat 0 added in the round
    return float(sol.tie_second[x]) if x < len(sol.tie_second) else 0.0


def _penalty(sol: Any, state: State) -> float:
    _stage, board, _added, runs, _chal, m = _steps(state)
    return sol.w(board[m], board[1 - m], runs[m], runs[1 - m])  # type: ignore[no-any-return]


def _surpass(sol: Any, state: State) -> float:
    _stage, board, added, _runs, _chal, m = _steps(state)
    return sol.w(board[m], board[1 - m], added[1 - m])  # type: ignore[no-any-return]


def _challenge(sol: Any, state: State) -> float:
    _stage, board, _added, _runs, chal, m = _steps(state)
    o = 1 - m
    return sol.w(board[m], board[o], chal[m] >> 1, chal[o] >> 1)  # type: ignore[no-any-return]


def _surpass_end(sol: Any, state: State) -> float:
    stage, board, added, _runs, _chal, m = _steps(state)
    o = 1 - m
    if stage == "N":
        return sol.w(m, board[m], board[o], added[o])  # type: ignore[no-any-return]
    if stage == "C":
        d = board[o] - board[m]
        return (float(sol.chase[int(board[m] != 0), int(m == 0), d, added[o]])
                if d < sol.chase.shape[2] - 1 else 0.0)
    if m == 0:  # the first of a round, to beat what seat 1 added last
        return float(sol.tie_first[added[1]])
    return float(sol.tie_second[added[0]])  # after the first added that (0: his trash)


def _penalty_end(sol: Any, state: State) -> float:
    stage, board, _added, runs, _chal, m = _steps(state)
    o = 1 - m
    if stage == "N":
        return sol.w(m, board[m], board[o], runs[m], runs[o])  # type: ignore[no-any-return]
    if stage == "C":  # whatever the chaser's run (his trash loses)
        d = board[o] - board[m]
        return float(sol.chase[int(board[m] != 0), int(m == 0),
                               min(d, sol.chase.shape[2] - 1)])
    if m == 0:  # a round opens tied, with the runs alike
        return float(sol.tie[runs[0]])
    if board[0] > board[1]:  # the first banked
        return float(sol.tie_second[board[0] - board[1]])
    return float(sol.tie_trash[runs[1]])  # the first trashed: the second's run is the round's


def _surpass_penalty_end(sol: Any, state: State) -> float:
    """The end is surpass_end's, whatever the runs (its module says why)."""
    stage, board, added, runs, _chal, m = _steps(state)
    if stage != "N":
        return _surpass_end(sol, state)
    o = 1 - m
    return sol.w(m, board[m], board[o], added[o], runs[m],  # type: ignore[no-any-return]
                 runs[o])


def _challenge_end(sol: Any, state: State) -> float:
    """challenge_end, and challenge_penalty_end (the runs in the normal game; the end's
    values are challenge_end's whatever the runs, but for the second of a round whose trash
    would cost him the penalty too)."""
    stage, board, _added, runs, chal, m = _steps(state)
    bd = sol.bounds
    penalty = sol.rules.three_trash
    o = 1 - m
    if stage == "N":
        more = (runs[m], runs[o]) if penalty else ()
        return sol.w(m, board[m], board[o], chal[m] >> 1,  # type: ignore[no-any-return]
                     chal[o] >> 1, *more)
    if stage == "C":  # whatever the chaser's run: his trash loses
        c, f = board[m], board[o]
        return (0.0 if c < bd.c_lo else
                float(sol.chase[m, chal[m] >> 1, chal[o] >> 1, c - bd.c_lo, f - bd.ng]))
    if m == 0:
        return _challenge_round(sol, board[0], chal)
    y, z = board[1], board[0]
    pays = penalty and runs[1] + 1 >= sol.rules.trash_run  # his trash costs the penalty
    trashed = max(y - sol.rules.trash_penalty // STEP, bd.lo) if pays else y
    if z < y and trashed != z:
        return 1.0  # ahead (after his own trash too): he wins by not challenging
    return _challenge_second(sol, chal, y, max(z - y, 0))


def _challenge_round(sol: Any, x: int, chal: tuple[int, int]) -> float:
    """challenge_end's first of a tie-break round at ``x`` (challenge_penalty_end's too):
    far above the game point only the second challenges count."""
    bd = sol.bounds
    x0, x1 = chal
    if x > bd.x_hi:
        return float(sol.far[2 * (x0 & 1) + (x1 & 1)])
    return float(sol.tie[x - bd.x_lo, x0 >> 1, x0 & 1, x1 >> 1, x1 & 1])


def _challenge_second(sol: Any, chal: tuple[int, int], y: int, d: int) -> float:
    """challenge_end's second of a tie-break round at ``y`` (challenge_penalty_end's too),
    ``d`` behind: the better of his plain turn and, where he may make one, a challenge."""
    x0, x1 = chal
    s1, f2, s2 = x0 & 1, x1 >> 1, x1 & 1
    below = y < sol.bounds.ng
    plain = sol.s_plain[2 * s1 + s2, int(y == 0), d]
    chal_turn = sol.s_chal[2 * s1 + (s2 if below else 0), int(y == 0), d]
    return float(max(plain, chal_turn) if (f2 if below else s2) else plain)


def _surpass_challenge_second(sol: Any, y: int, z: int, u: int, s1: int, f2: int,
                              s2: int) -> float:
    """The second of a tie-break round (seat 1, at ``y`` against ``z``, to beat ``u``): the
    old solver keeps no table of it; its test worked it out from the far rounds, with
    core's turn programme (``test_solver_surpass_challenge._second``, of aa5b132 too)."""
    from tenthousand.solver.core import TurnSolver
    from test_solver_surpass_challenge import _second

    ts = _turn_solvers.setdefault(sol.rules, TurnSolver(sol.rules))
    return float(_second(sol, ts, y, z, u, s1, f2, s2))


_turn_solvers: dict[Rules, Any] = {}


def _surpass_challenge(sol: Any, state: State) -> float:
    stage, board, added, _runs, chal, m = _steps(state)
    bd = sol.bounds
    o = 1 - m
    if stage == "N":
        return sol.w(m, board[m], board[o], chal[m] >> 1,  # type: ignore[no-any-return]
                     chal[o] >> 1, added[o])
    if stage == "C":
        c, f = board[m], board[o]
        a = f - added[o]  # the finisher's board before his last bank
        if c < bd.c_lo or f - c >= 2 * bd.rows:
            return 0.0
        return float(sol.chase[m, chal[m] >> 1, chal[o] >> 1, c - bd.c_lo, f - bd.ng,
                               a - bd.lo])
    x0, x1 = chal
    if m == 0:
        x, u = board[0], added[1]
        k = 2 * (x0 & 1) + (x1 & 1)
        if x > bd.x_hi:
            return float(sol.far[u, k])
        return float(sol.tie[x - bd.x_lo, u, x0 >> 1, x0 & 1, x1 >> 1, x1 & 1])
    return _surpass_challenge_second(sol, board[1], board[0], added[0], x0 & 1, x1 >> 1,
                                     x1 & 1)


def _rotary(sol: Any, state: State) -> float:
    stage, board, _added, _runs, _chal, m = _steps(state)
    o = 1 - m
    if stage == "N":
        return float(sol.win[m, board[m], board[o]])
    if stage == "C":  # how far below the finisher
        return float(sol.chase[m, board[o] - board[m]])
    if m == 0:
        return float(sol.tie_first)
    return float(sol.second[board[0] - board[1]])  # how far below what the first pegged


_READERS = {
    "core": _core, "pyramid": _core, "penalty": _penalty, "surpass": _surpass,
    "challenge": _challenge, "surpass_end": _surpass_end, "penalty_end": _penalty_end,
    "surpass_penalty_end": _surpass_penalty_end, "challenge_end": _challenge_end,
    "challenge_penalty_end": _challenge_end, "surpass_challenge": _surpass_challenge,
    "rotary": _rotary,
}


# -- the old truncations, where they are not the generic ones ---------------------------------
#
# The generic truncation is the engine's (``Variant.cap``), which took over the old
# solvers' own where they differed from the first generic convention: core's and
# pyramid's cap without the minimum (no option), the cap a step lower where the first to the
# game point wins at once (penalty, surpass, challenge), Rotary Club's cap on the lead.
# Only surpass_end's is its own.


class SurpassEndCap(GameBruteForce):
    """surpass_end's cap in the normal game: a turn score above ``max(game point - own
    board, minimum) + extra`` banks as soon as it may, ``minimum`` without the score to
    beat (a turn that must beat more throws on until it does, then banks); the generic cap
    counts the score to beat in the minimum."""

    def cap(self, state: State, need: int, slot: int | None = None) -> int:
        if state[0] != "N":
            return super().cap(state, need, slot)
        base = self.rules.minimum_for(state[1 + state[9]])
        return max(max(self.g - state[1 + state[9]], base) + self.extra, need - STEP)


#: variant -> the brute force with its old truncation, where it is not the generic one
OLD_TRUNCATIONS: dict[str, type[GameBruteForce]] = {"surpass_end": SurpassEndCap}
