"""The computer players: human-like Beginner and Normal, exact Max-expected, and Expert.

A player reads the game and answers; it never calls a command on it.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence

from ..model import scoring
from ..model.game import Game, Phase
from ..model.rules import Rules
from .interface import Decision
from .pyramid import PyramidTable
from .tables import ExpectedTable, tables_for

#: One candidate move: faces to freeze, points they add, turn score after, dice left
#: (0: a corner), and whether banking with them is allowed.
Move = tuple[tuple[int, ...], int, int, int, bool]


def candidate_moves(game: Game, *, prune: bool = True) -> list[Move]:
    """The freezes of the current throw worth considering.

    With ``prune`` (and without pyramiding) only the most points for each number of dice
    frozen are kept: the same dice left with fewer points is never better.  Whether a bank
    is allowed follows :meth:`Game.bank_refusal` (the engine checks again on the move).
    """
    rules = game.rules
    used = len(game.stretch_dice)
    turn = game.turn_score
    me = game.current
    need = rules.minimum_for(game.board[me])
    beat = game.last_turn_added if rules.surpassing else None
    out: list[Move] = []
    seen: set[int] = set()
    for faces, points in game.legal_freezes():  # best points first
        left = rules.dice - used - len(faces)
        if prune and not rules.pyramiding:
            if left in seen:
                continue
            seen.add(left)
        total = turn + points
        can_bank = (not rules.rotary_club and total >= need
                    and (beat is None or total > beat)
                    and not (left == 0 and rules.corner_throw_mandatory))
        out.append((faces, points, total, left, can_bank))
    return out


def decide(game: Game, faces: Sequence[int], bank: bool) -> Decision:
    return Decision(game.indices_for(faces), bank)


def trash_value(game: Game) -> float:
    """What trash costs the player now (a challenge penalty, the three-trash penalty)."""
    rules = game.rules
    value = 0.0
    if game.challenge_slot is not None:
        value -= rules.challenge_penalties[game.challenge_slot]
    if (rules.three_trash and not rules.rotary_club
            and game.trash_streak[game.current] >= rules.trash_run - 1):
        value -= rules.trash_penalty
    return value


class BasePlayer:
    """What every level shares: the ready flag, the lock, a seeded random source."""

    level = "base"

    def __init__(self, rules: Rules, *, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.fallback_reason: str | None = None
        self._ready = False
        self._lock = threading.Lock()

    def prepare(self) -> None:
        with self._lock:
            if not self._ready:
                self._build()
                self._ready = True

    def _build(self) -> None:
        """Build what the decisions need (nothing for the human-like levels)."""

    @property
    def ready(self) -> bool:
        return self._ready

    # defaults a level may override
    def choose_challenge(self, game: Game) -> int | None:
        return None

    def choose_discard(self, game: Game) -> int:
        return 0

    def choose_move(self, game: Game) -> Decision:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level} {self.rules.label}>"


def _area_points(game: Game, die: int) -> int:
    area = (list(game.play_area) + [die])[-6:]
    return scoring.best_score(area, game.rules)


def _others(game: Game) -> list[int]:
    return [s for s in range(len(game.seats)) if s != game.current]


# -- Beginner and Normal ---------------------------------------------------------------------


class HumanLike(BasePlayer):
    """Plays the way people do: rules of thumb about when to bank by the dice left, a
    personal taste for risk, and a wish to keep dice in hand.

    Beginner takes every scoring die and banks early; Normal keeps dice back when that
    pays, presses on with many dice, and makes the obvious end-game and challenge plays.
    """

    #: Bank once the turn score reaches this, by dice left (0: a corner, six fresh dice).
    THRESHOLDS = {
        "beginner": {0: 1000, 1: 250, 2: 300, 3: 350, 4: 450, 5: 600},
        "normal": {0: 2500, 1: 300, 2: 300, 3: 400, 4: 700, 5: 1500},
    }

    def __init__(self, rules: Rules, level: str, *, seed: int | None = None) -> None:
        super().__init__(rules, seed=seed)
        self.level = level
        low, high = (0.7, 1.4) if level == "beginner" else (0.85, 1.2)
        self.risk = self.rng.uniform(low, high)  # above 1: presses on longer
        self._ready = True

    def _threshold(self, left: int) -> float:
        return self.THRESHOLDS[self.level][left] * self.risk

    def choose_move(self, game: Game) -> Decision:
        moves = candidate_moves(game, prune=not self.rules.rotary_club)
        beginner = self.level == "beginner"
        if self.rules.rotary_club:
            # Rotary Club: score as little as it can; keep dice so as not to turn the corner.
            if beginner:
                move = self.rng.choice(moves)
            else:
                move = min(moves, key=lambda m: m[1] + (400 if m[3] == 0 else 0) - 40 * m[3])
            return decide(game, move[0], False)

        def appeal(m: Move) -> float:
            _, points, _, left, _ = m
            if beginner:
                return points + 5 * left  # takes everything that scores
            keep = {0: 350, 1: 0, 2: 30, 3: 80, 4: 150, 5: 250}[left]
            return points + keep

        faces, _, total, left, can_bank = max(moves, key=appeal)
        want = self._threshold(left)
        if game.stage != "normal":
            # The last chance: pass the leader, then stop.
            others = [game.board[s] for s in _others(game)]
            want = max(others) - game.board[game.current] + 50 if others else want
        elif self.level == "normal" and game.board[game.current] + total >= self.rules.game_point:
            want = min(want, total)  # reaching the game point: take it
        if self.level == "beginner" and self.rng.random() < 0.1:
            want *= 1.8  # a rash moment
        return decide(game, faces, can_bank and total >= want)

    def choose_challenge(self, game: Game) -> int | None:
        if (self.level == "beginner" or self.rules.rotary_club
                or game.challenge_slot_for(game.current) is None):
            return None
        me = game.board[game.current]
        others = _others(game)
        if not others:
            return None
        leader = max(others, key=lambda s: game.board[s])
        gap = game.board[leader] - me
        if game.stage != "normal" or (gap >= self.rules.game_point // 5
                                      and self.rng.random() < 0.5):
            return leader
        return None

    def choose_discard(self, game: Game) -> int:
        choices = game.discard_choices
        if self.level == "beginner":
            return self.rng.randrange(len(choices))
        sign = -1 if self.rules.rotary_club else 1
        return min(range(len(choices)), key=lambda i: sign * _area_points(game, choices[i]))


# -- Max-expected ----------------------------------------------------------------------------


class MaxExpected(BasePlayer):
    """Plays each turn for the exact maximum expected turn score (a dynamic program over
    turn score, dice left and corner, honouring the minimum in force, surpassing's target,
    the mandatory corner throw and what trash costs). It never challenges."""

    level = "max-expected"

    def __init__(self, rules: Rules, *, seed: int | None = None) -> None:
        super().__init__(rules, seed=seed)
        self.tables = tables_for(rules)

    def _build(self) -> None:
        t = self.tables
        if self.rules.rotary_club:
            t.rotary_table(1)
            return
        for need in {self.rules.opening_minimum, self.rules.minimum}:
            t.expected_table(need, 0.0)
            if self.rules.three_trash:
                t.expected_table(need, -float(self.rules.trash_penalty))

    @property
    def table_seconds(self) -> float:
        return self.tables.seconds

    def expected_turn(self, *, on_board: bool) -> float:
        """The exact expected score of a whole turn (no surpassing target, no penalty)."""
        if self.rules.rotary_club:
            return self.tables.rotary_table(1).start
        need = self.rules.minimum if on_board else self.rules.opening_minimum
        return self.tables.expected_table(need, 0.0).start

    # -- the move ----------------------------------------------------------------------

    def choose_move(self, game: Game) -> Decision:
        moves = candidate_moves(game)
        if self.rules.rotary_club:
            return self._rotary(game, moves, sign=1)
        table = self.tables.expected_table(game.minimum(), trash_value(game))
        return self._best(game, moves, table)

    def _throw_value(self, game: Game, table: ExpectedTable | PyramidTable, move: Move) -> float:
        faces, _, total, left, _ = move
        if isinstance(table, PyramidTable):
            if left == 0:
                return table.after_corner_throw(total)
            stretch = scoring.counts_of(game.stretch_dice + tuple(faces))
            return table.throw_value(game.banked_stretches, stretch)
        return table.throw_value(total, left if left else 6)

    def _best(self, game: Game, moves: Sequence[Move],
              table: ExpectedTable | PyramidTable) -> Decision:
        best: tuple[float, int, tuple[int, ...], bool] | None = None
        for move in moves:
            options = [(self._throw_value(game, table, move), 0, False)]
            if move[4]:
                options.append((float(move[2]), 1, True))  # a tie goes to the sure thing
            for value, pref, bank in options:
                if best is None or (value, pref) > best[:2]:
                    best = (value, pref, move[0], bank)
        assert best is not None
        return decide(game, best[2], best[3])

    def _rotary(self, game: Game, moves: Sequence[Move], sign: int) -> Decision:
        table = self.tables.rotary_table(sign)
        best = max(moves, key=lambda m: sign * table.after(m[2], m[3]))
        return decide(game, best[0], False)


# -- Expert ------------------------------------------------------------------------------------


class Expert(MaxExpected):
    """Max-expected, plus what wins games.

    * The catch-up round and the last tie-break turn: the exact maximum probability of
      passing the leader (a tie counts half).
    * Rotary Club: the exact minimum expected pegging.
    * Challenges when the expected swing beats the expected penalty; in the catch-up round
      it challenges the leader, which halves the gap.
    * Mutant Trash: discards the die that hands the opponent the least (the most in Rotary
      Club, where points hurt).
    * Near the game point it weighs how close the opponents are: a turn that already holds
      the game point can bank or throw for the best chance that nobody answers it
      (:meth:`_reach`).  Measured against Max-expected this gained nothing (see
      ``docs/strength.md``), so it is off by default (``weigh_reach``).
    """

    level = "expert"

    #: Whether the turn that can end the game weighs the opponents' answer (see _reach).
    weigh_reach = False  # measured: no gain (docs/strength.md), so off

    def _build(self) -> None:
        super()._build()
        if self.rules.rotary_club:
            self.tables.rotary_table(-1)
            return
        self.tables.pass_table(True)
        if self.rules.challenging and not self.rules.pyramiding:
            # The tables a challenge decision reads, so that it is fast too.
            for need in {self.rules.opening_minimum, self.rules.minimum}:
                for penalty in self.rules.challenge_penalties:
                    self.tables.expected_table(need, -float(penalty))

    def expected_turn(self, *, on_board: bool) -> float:
        if self.rules.rotary_club:
            return self.tables.rotary_table(-1).start
        return super().expected_turn(on_board=on_board)

    def choose_move(self, game: Game) -> Decision:
        if self.rules.rotary_club:
            # Scoring little: the fewest points for the dice kept, so no pruning.
            return self._rotary(game, candidate_moves(game, prune=False), sign=-1)
        moves = candidate_moves(game)
        if len(game.seats) > 1 and not self.rules.pyramiding:
            decision = self._catch_up(game, moves)
            if decision is None and self.weigh_reach:
                decision = self._reach(game, moves)
            if decision is not None:
                return decision
        table = self.tables.expected_table(game.minimum(), trash_value(game))
        return self._best(game, moves, table)

    @staticmethod
    def _leader(game: Game) -> int:
        others = _others(game)
        return max(others, key=lambda s: (game.board[s], -s))

    def _catch_up(self, game: Game, moves: Sequence[Move]) -> Decision | None:
        """The catch-up round or the last tie-break turn: the most probable pass."""
        if not (game.stage == "catch-up" or (game.stage == "tie-break" and not game.queue)):
            return None
        gap = game.board[self._leader(game)] - game.board[game.current]
        if gap < 0:
            return None  # already ahead: nothing to chase
        if game.challenge_target == self._leader(game):
            # A bank also comes off the challenged leader: half the gap is enough.
            unit = self.tables.plain_model().unit
            half = gap / 2
            if half % unit:
                gap = int(half // unit) * unit  # no tie possible: pass with one unit more
                need = game.minimum()
                target = max(need, gap + unit)
                return self._chase(game, moves, target, None, False)
            gap = int(half)
        need = game.minimum()
        tie = gap >= need  # a bank of exactly the gap is allowed: a tie-break, half a win
        target = gap + 50 if tie else max(need, gap + 50)
        return self._chase(game, moves, target, gap if tie else None, tie)

    def _chase(self, game: Game, moves: Sequence[Move], target: int, tie_at: int | None,
               tie: bool) -> Decision | None:
        passing = self.tables.pass_table(tie)
        chance = passing.table
        best: tuple[float, int, tuple[int, ...], bool] | None = None
        for faces, _, total, left, can_bank in moves:
            level = passing.level(total, target)
            if level is None:
                return None  # too far for the table: play for points
            if level >= chance.cap:
                throw = chance.C[left][chance.cap]
            else:
                throw = chance.V[left or 6][level]
            options = [(throw, 0, False)]
            if can_bank:
                bank = 1.0 if total >= target else (0.5 if total == tie_at else 0.0)
                options.append((bank, 1, True))
            for value, pref, bank_it in options:
                if best is None or (value, pref) > best[:2]:
                    best = (value, pref, faces, bank_it)
        assert best is not None
        return decide(game, best[2], best[3])

    def _reach(self, game: Game, moves: Sequence[Move]) -> Decision | None:
        """The turn already holds the game point: every bank now ends the game but for the
        others' one answer (D-8).  Bank or throw for the best chance that nobody passes,
        against what trash leaves (a rough estimate of the race that goes on)."""
        rules = self.rules
        me = game.current
        board = game.board[me]
        if game.stage != "normal" or board + game.turn_score < rules.game_point:
            return None
        if game.challenge_slot is not None:
            return None  # a challenge changes the scores twice over: stay with points
        leader = self._leader(game)
        opp = game.board[leader]
        if board + game.turn_score <= opp:
            return None
        unit = self.tables.plain_model().unit
        opp_need = rules.minimum_for(opp) // unit
        q = self._race_estimate(board, opp, game)
        q_key = round(q * 40)
        key = ("reach", opp_need, q_key)
        passing = self.tables.pass_table(True)

        def make() -> tuple[list[float], float]:
            reward = []
            for lead in range(passing.far + 1):
                d = max(lead + 1, opp_need)  # what the opponent must score, in units
                reward.append(1.0 - passing.starts[min(d, passing.far)])
            return reward, q_key / 40

        table = self.tables.reward_table(key, make)
        best: tuple[float, int, tuple[int, ...], bool] | None = None
        for faces, _, total, left, can_bank in moves:
            lead = (board + total - opp) // unit
            throw = table.after_throw(lead, left)
            options = [(throw, 0, False)]
            if can_bank:
                options.append((table.bank_value(lead), 1, True))
            for value, pref, bank_it in options:
                if best is None or (value, pref) > best[:2]:
                    best = (value, pref, faces, bank_it)
        assert best is not None
        return decide(game, best[2], best[3])

    def _race_estimate(self, board: int, opp: int, game: Game) -> float:
        """A rough chance to win the race after a trash here, the opponent throwing next:
        turns each still needs at the expected turn score, through a logistic curve."""
        per_turn = max(self.tables.expected_table(self.rules.minimum, 0.0).start, 1.0)
        mine = max(self.rules.game_point - board, 0) / per_turn
        theirs = max(self.rules.game_point - opp, 0) / per_turn
        x = (theirs - mine - 0.5) / math.sqrt(1.0 + mine + theirs)
        return 1.0 / (1.0 + math.exp(-1.7 * x))

    def choose_challenge(self, game: Game) -> int | None:
        if game.challenge_slot_for(game.current) is None:
            return None
        others = _others(game)
        if not others:
            return None
        slot = game.challenge_slot_for(game.current)
        assert slot is not None
        penalty = self.rules.challenge_penalties[slot]
        me = game.board[game.current]
        if self.rules.rotary_club:
            # Every Rotary Club turn ends in trash, so the penalty is certain, and it lowers
            # our score, which is what we want; what we peg goes on us and comes off the
            # seat we challenge.  Challenge the lowest seat when the penalty outweighs
            # twice the (least) expected pegging.
            low = min(others, key=lambda s: (game.board[s], s))
            pegging = self.tables.rotary_table(-1).start
            if penalty > 2 * pegging and (len(others) == 1 or game.board[low] <= me):
                return low
            return None
        leader = max(others, key=lambda s: (game.board[s], -s))
        if game.stage != "normal":
            return leader  # every point taken from the leader counts twice
        need = game.minimum()
        base = trash_value(game)
        plain = self.tables.expected_table(need, base).start
        risky = self.tables.expected_table(need, base - penalty).start
        # A bank adds to us and takes as much from the leader, so the challenge is worth
        # at least twice its expected turn (the penalty is inside ``risky`` and hits us
        # alone) against one plain turn.  With more than two seats, taking from a seat
        # behind us helps the others more than us.
        if 2 * risky > plain and (len(others) == 1 or game.board[leader] >= me):
            return leader
        return None

    def choose_discard(self, game: Game) -> int:
        choices = game.discard_choices
        sign = -1 if self.rules.rotary_club else 1
        return min(range(len(choices)),
                   key=lambda i: (sign * _area_points(game, choices[i]), i))


def is_choosing(game: Game) -> bool:
    return game.phase is Phase.CHOOSE
