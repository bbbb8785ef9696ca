"""Helpers for the rules tests: games with scripted dice and short ways to play them.

A test names the throws it wants (``[1, 5, 2, 3, 4, 6]``, then ``[5, 5]`` ...) and drives
the game through its public commands, so every rule is checked the way a player meets it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from math import factorial
from typing import Any

from tenthousand.model import scoring
from tenthousand.model.events import Event
from tenthousand.model.game import Game, Seat
from tenthousand.model.rules import PRESETS, Rules, option_clash


def compatible(options: Iterable[str]) -> tuple[str, ...]:
    """``options`` in order, leaving out each that does not go with one kept before it
    (Rotary Club and surpassing: rules.OPTION_CLASHES)."""
    kept: list[str] = []
    for option in options:
        if option_clash((*kept, option)) is None:
            kept.append(option)
    return tuple(kept)


class Script:
    """A dice source handing out given throws, then seeded random ones."""

    def __init__(self, throws: Iterable[Sequence[int]] = (), seed: int = 7) -> None:
        self.throws = [tuple(t) for t in throws]
        self.rng = random.Random(seed)

    def __call__(self, count: int) -> tuple[int, ...]:
        if self.throws:
            throw = self.throws.pop(0)
            assert len(throw) == count, (throw, count)
            return throw
        return tuple(self.rng.randint(1, 6) for _ in range(count))


class ScriptedDice:
    """A dice source that hands out the given throws in order.

    It fails loudly when the game asks for a different number of dice than the next
    scripted throw holds, or when the script runs out, so a test cannot silently drift.
    """

    def __init__(self, throws: Iterable[Sequence[int]] = ()) -> None:
        self.throws: list[tuple[int, ...]] = [tuple(t) for t in throws]
        self.asked: list[int] = []

    def add(self, *throws: Sequence[int]) -> None:
        self.throws.extend(tuple(t) for t in throws)

    def __call__(self, count: int) -> tuple[int, ...]:
        self.asked.append(count)
        if not self.throws:
            raise AssertionError(f"the script has no throw left for {count} dice")
        dice = self.throws.pop(0)
        if len(dice) != count:
            raise AssertionError(f"the game threw {count} dice; the script holds {dice}")
        return dice


def rules(preset: str, *options: str, **changes: object) -> Rules:
    """A preset with options switched on and fields changed."""
    return PRESETS[preset].with_options(*options, **changes)


def new_game(
    preset: str | Rules,
    *options: str,
    seats: int = 2,
    throws: Iterable[Sequence[int]] = (),
    first_seat: int = 0,
    board: Sequence[int] | None = None,
    **changes: object,
) -> tuple[Game, ScriptedDice]:
    """A game on scripted dice, seat ``first_seat`` to play, boards optionally preset."""
    r = preset if isinstance(preset, Rules) else rules(preset, *options, **changes)
    dice = ScriptedDice(throws)
    names = [Seat(f"P{i}") for i in range(seats)]
    game = Game(r, names, dice=dice, first_seat=first_seat, seed=1)
    if board is not None:
        game.board[:] = list(board)
    return game, dice


def freeze(game: Game, *faces: int) -> tuple[int, ...]:
    """Indices of the thrown dice showing these faces (for throw/bank)."""
    return game.indices_for(faces)


def throw(game: Game, *faces: int) -> list[Event]:
    """Freeze these faces of the current throw (none at the start) and throw the rest."""
    return game.throw(freeze(game, *faces) if faces else ())


def bank(game: Game, *faces: int) -> list[Event]:
    """Freeze these faces of the current throw and bank."""
    return game.bank(freeze(game, *faces))


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of some events, in order (``["freeze", "throw", ...]``)."""
    return [e.kind for e in events]


def of(events: Iterable[Event], cls: type) -> list:  # type: ignore[type-arg]
    """The events of one class."""
    return [e for e in events if isinstance(e, cls)]


def trash_turn(game: Game, dice: ScriptedDice, count: int = 6) -> list[Event]:
    """Play the current seat's turn as one trash throw of ``count`` dice."""
    dice.add([2, 3, 4, 6, 2, 3][:count] if count < 6 else [2, 3, 4, 6, 2, 3])
    return game.throw()


def bank_turn(game: Game, dice: ScriptedDice, throw_faces: Sequence[int],
              keep: Sequence[int]) -> list[Event]:
    """Play the current seat's turn: one throw, freeze ``keep`` and bank."""
    dice.add(throw_faces)
    events = game.throw()
    return events + bank(game, *keep)


def normal_game(preset: str, options: tuple[str, ...], names: tuple[str, str],
                seed: int) -> Game:
    """A new two-player game for :func:`normal_steps`."""
    return Game(rules(preset, *options), [Seat(names[0]), Seat(names[1])], seed=seed)


def normal_steps(game: Game, seed: int) -> Iterator[list[Event]]:
    """``game`` played to its end by two Normal players, step by step: the events of each
    step (a challenge is a step of its own, the throw after it the next)."""
    from tenthousand.ai import make_player
    from tenthousand.model.game import Phase

    players = [make_player("normal", game.rules, seed=seed + s) for s in range(2)]
    for _ in range(3000):
        if game.over:
            return
        player = players[game.current]
        if game.phase is Phase.START:
            target = player.choose_challenge(game)
            events = game.challenge(target) if target is not None else []
            events += game.throw() if not events else []
        elif game.phase is Phase.CHOOSE:
            move = player.choose_move(game)
            events = (game.bank if move.bank else game.throw)(move.freeze)
        else:
            events = game.discard(player.choose_discard(game))
        yield events
    raise AssertionError("the game did not end")


def snapshot(game: Game) -> dict[str, object]:
    """The game's saved form minus the log, to check that a refused command changed nothing."""
    data = game.to_dict()
    data.pop("log")
    return data


def rolls(rules: Rules, n: int, first: bool) -> list[tuple[float, list[tuple[int, int]]]]:
    """Every multiset of ``n`` dice with its probability and all its (points, dice left)
    freezes, straight from the engine's score table (no solver code): the brute forces'
    dice."""
    t = scoring.table(rules)
    out = []
    for c in itertools.product(range(n + 1), repeat=6):
        if sum(c) != n:
            continue
        ways = factorial(n)
        for k in c:
            ways //= factorial(k)
        found = (t.freezes_first if first else t.freezes)[c]  # type: ignore[index]
        out.append((ways / 6 ** n, sorted({(p, n - sum(s)) for s, p in found})))
    return out


def reachable_states(force: Any, starts: Iterable[Any]) -> set[Any]:
    """Every state a brute force's game reaches from ``starts``: each state's turn walked
    once with a spy in place of ``force.value``, which collects the states it asks for."""
    seen = set(starts)
    todo = list(seen)
    original = force.value
    try:
        while todo:
            state = todo.pop()
            found: set[Any] = set()

            def spy(s: Any, found: set[Any] = found) -> float:
                found.add(s)
                return 0.5

            force.value = spy
            force.turn(state)
            for s in found - seen:
                seen.add(s)
                todo.append(s)
    finally:
        force.value = original
    return seen


class ForceBase:
    """What the brute forces of whole games share: the rules, the game point, the turn cap
    beyond it (``extra``; ``cap`` = game point + extra), every throw's rolls by (dice to
    throw, first throw of the turn), and the values found so far (0.5 until found)."""

    def __init__(self, rules: Rules, extra: int) -> None:
        self.r = rules
        self.g = rules.game_point
        self.extra = extra
        self.cap = rules.game_point + extra
        self.rolls = {(n, f): rolls(rules, n, f) for n in range(1, 7) for f in (False, True)}
        self.v: dict[Any, float] = {}

    def value(self, state: Any) -> float:
        return self.v.get(state, 0.5)


#: Scripted throws of the challenge tests: three 5s (500), and trash.
FIVES = [5, 5, 5, 2, 3, 4]
NOTHING = [2, 3, 4, 6, 2, 3]


def bank_fives(game: Game, challenge: bool = False) -> list[Event]:
    """The mover (challenging the other first, if asked) throws and banks three 5s."""
    if challenge:
        game.challenge(1 - game.current)
    game.throw()
    return game.bank(game.indices_for((5, 5, 5)))


def challenge_trash(game: Game, challenge: bool = False) -> list[Event]:
    """The mover (challenging the other first, if asked) throws trash."""
    if challenge:
        game.challenge(1 - game.current)
    return game.throw()
