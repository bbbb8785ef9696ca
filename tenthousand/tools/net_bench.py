"""``python -m tenthousand.tools.benchmark network``: how quickly a wish shows on every screen.

A host on 127.0.0.1 and 2, then 8 friends (each at a net seat, played by a computer at
``--level``; no window): for every wish a friend sends, the time until its own replica
shows the command the host's engine carried out (``own``), and until each other friend's
replica shows it (``others``); and the host's callback (one poll of its link: the wishes
judged by the engine, the commands published) as the window would run it from ``after``;
and the check a friend's window makes of each wish on a copy of its replica before sending
it (``wish_check``; the headless friends here do not make it).
The host runs in this process, the friends in one process of their own (as they are at
other computers; the delays are timed there, on one clock): each polls its links every
``--pause-ms``, and each link has its network thread.  A window that polls its link every
P ms adds up to P ms at the host and again at a friend.

It prints one JSON object, per number of friends::

    {"2": {"wishes", "own_ms_p50", "own_ms_p99", "others_ms_p50", "others_ms_p99",
           "host_callback_ms_p50", "host_callback_ms_p99", "host_callback_ms_max",
           "host_callbacks_over_16ms", "wish_check_ms_p50", "wish_check_ms_max"},
     "8": {...}}

With ``--relay`` the table is over the internet, on a magic-wormhole mailbox server and
transit relay started on loopback for the run: the friends join by invite codes, and every
line goes through the relay (no direct connection is tried), sealed end to end.

Timings depend on the machine: compare medians and ratios, not single runs.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import queue
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..model.game import Game, Seat
from ..model.rules import PRESETS
from ..net.headless import HostedGame, JoinedGame, computer_chooser
from ..net.link import ClientLink, HostLink, Invites, Limits, Lobby, LobbySeat, Servers
from .sim import percentile

__all__ = ["main", "run"]

LIMIT_MS = 16.0
CODE = "1234-5678"
#: A computer friend wishes far faster than a person: no rate limit gets in the way.
#: (All the friends come from 127.0.0.1 at once: room for all of them.)
BENCH_LIMITS = Limits(messages_per_s=1e6, burst=1_000_000, unproven_per_address=16)


def _pump_until(done: Any, parts: Sequence[Any], pause: float, timeout: float = 30.0) -> None:
    """Poll ``parts`` (links, or the headless host and friends) until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        for part in parts:
            (part.pump if hasattr(part, "pump") else part.poll)()
        if time.monotonic() > deadline:
            raise RuntimeError("the table did not get there in time")
        time.sleep(pause)


def _gather(friends: Sequence[JoinedGame], own: list[float], others: list[float]) -> None:
    """The game's delays, from the friends' clock (then cleared for the next game)."""
    for wisher in friends:
        assert wisher.wished is not None
        for number, at in wisher.wished.items():
            for friend in friends:
                arrived = (friend.arrivals or {}).get(number)
                if arrived is not None:
                    (own if friend is wisher else others).append((arrived - at) * 1000)
        wisher.wished.clear()
    for friend in friends:
        assert friend.arrivals is not None
        friend.arrivals.clear()


def _friends(where: int | tuple[Servers, list[str]], count: int, level: str, pause: float,
             results: Any, stop: Any) -> None:
    """The friends' process: ``count`` friends join the table at ``where`` (a port on
    127.0.0.1, or the servers and the invite codes of a table over the internet) and play
    until ``stop`` is set; after each game, its delays go to ``results`` (own, others), or
    a sentence when something went wrong."""
    rules = PRESETS["ten-thousand"]
    friends = []
    for i in range(count):
        name = f"Friend {i + 1}"
        friend = JoinedGame(
            ClientLink.connect("127.0.0.1", where, code=CODE, name=name)
            if isinstance(where, int) else
            ClientLink.connect_code(where[1][i], where[0], name=name))
        friend.chooser = computer_chooser(level, Game(rules, [Seat("a"), Seat("b")]), i)
        friend.clock, friend.arrivals, friend.wished = time.monotonic, {}, {}
        friends.append(friend)
    reported = False
    while not stop.is_set():
        for friend in friends:
            friend.pump()
        verdicts = [f.verdict for f in friends]
        if any(f.closed is not None or f.problems for f in friends):
            results.put("a friend's screen was closed, or its replica refused a command")
            return
        if not reported and all(v is not None for v in verdicts):
            if not all(v is not None and v.fair for v in verdicts):
                results.put("a friend's fair-dice check failed")
                return
            own: list[float] = []
            others: list[float] = []
            _gather(friends, own, others)
            results.put((own, others))
        reported = all(v is not None for v in verdicts)
        time.sleep(pause)
    for friend in friends:
        friend.link.close()


def run(count: int, wishes: int, *, level: str = "normal", seed: int = 1,
        pause_ms: float = 0.5, relay: Servers | None = None) -> dict[str, Any]:
    """Play games at a table of ``count`` friends (in a process of their own, as friends
    are at their own computers) until ``wishes`` wishes are timed; ``relay``: over the
    internet on these servers, every line through the relay."""
    pause = pause_ms / 1000
    # The engine builds its scoring table at the first throw of the process (half a second
    # here); the host's window has thrown long before a friend wishes: so has this.
    Game(PRESETS["ten-thousand"], [Seat("a"), Seat("b")], seed=seed).throw()
    rules = PRESETS["ten-thousand"]
    lobby = Lobby(rules.to_dict(), tuple(LobbySeat("net") for _seat in range(count)), "Bench")
    if relay is None:
        link = HostLink.open(lobby, port=0, code=CODE, announce=False, bind="127.0.0.1",
                             limits=BENCH_LIMITS)
        where: int | tuple[Servers, list[str]] = link.port
    else:
        link = HostLink.open_internet(lobby, relay, limits=BENCH_LIMITS)
        where = (relay, _codes(link, count, pause))
    context = multiprocessing.get_context("spawn")
    results, stop = context.Queue(), context.Event()
    process = context.Process(target=_friends, daemon=True,
                              args=(where, count, level, pause, results, stop))
    process.start()
    own: list[float] = []
    others: list[float] = []
    callbacks: list[float] = []
    try:
        _pump_until(lambda: link.full, [link], pause, timeout=60)
        game = Game(rules, [Seat(s.name, False) for s in link.seats()], seed=seed)
        while len(own) < wishes:
            table = HostedGame(link, game, {})
            table.begin()
            callbacks += _host_game(table, (results, process), own, others, pause)
            played, game = game, game.rematch(seed=seed + len(own))
    finally:
        stop.set()
        link.close()
        process.join(10)
    own.sort()
    others.sort()
    callbacks.sort()
    checks = _wish_checks(played.record.game_at(len(played.record) // 2))
    return {"wishes": len(own),
            "own_ms_p50": round(statistics.median(own), 3),
            "own_ms_p99": round(percentile(own, 0.99), 3),
            "others_ms_p50": round(statistics.median(others), 3) if others else None,
            "others_ms_p99": round(percentile(others, 0.99), 3) if others else None,
            "host_callback_ms_p50": round(statistics.median(callbacks), 3),
            "host_callback_ms_p99": round(percentile(callbacks, 0.99), 3),
            "host_callback_ms_max": round(callbacks[-1], 3),
            "host_callbacks_over_16ms": sum(c > LIMIT_MS for c in callbacks),
            "wish_check_ms_p50": round(statistics.median(checks), 3),
            "wish_check_ms_max": round(checks[-1], 3)}


def _codes(link: HostLink, count: int, pause: float) -> list[str]:
    """The invite codes of the table's ``count`` seats, in the seats' order."""
    codes: dict[int | None, str] = {}

    def told() -> bool:
        for event in link.poll():
            if isinstance(event, Invites):
                codes.clear()
                codes.update((c.seat, c.code) for c in event.codes)
        return all(seat in codes for seat in range(count))

    _pump_until(told, [], pause, timeout=60)
    return [codes[seat] for seat in range(count)]


def _wish_checks(game: Game, tries: int = 200) -> list[float]:
    """How long a friend's window takes to try a wish on a copy of its replica before it
    sends it (``Replica.refusal``), in ``game`` (the last one played, half way): ms, sorted."""
    from ..net.replica import Replica

    replica = Replica.from_game(game.record.shared_dict(), seat=game.current)
    times = []
    for _try in range(tries):
        started = time.perf_counter()
        replica.refusal("throw", ())
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def _host_game(table: HostedGame, friends: tuple[Any, Any], own: list[float],
               others: list[float], pause: float) -> list[float]:
    """Host one game until the friends' process reports it; the host's callback times."""
    results, process = friends
    callbacks = []
    deadline = time.monotonic() + 120
    while True:
        started = time.perf_counter()
        table.pump(computer_steps=0)
        callbacks.append((time.perf_counter() - started) * 1000)
        if table.revealed:
            try:
                report = results.get_nowait()
            except queue.Empty:
                report = None
            if isinstance(report, str):
                raise RuntimeError(report)
            if report is not None:
                own += report[0]
                others += report[1]
                return callbacks
        if time.monotonic() > deadline or not process.is_alive():
            raise RuntimeError("a game did not end in time (did the friends' process fail?)")
        time.sleep(pause)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tenthousand.tools.benchmark network",
        description="Time a wish from one friend's screen to every screen, on loopback.")
    parser.add_argument("--clients", default="2,8", metavar="N,M",
                        help="the numbers of friends to try (default 2,8; 1 to 9 each)")
    parser.add_argument("--wishes", type=int, default=400, metavar="N",
                        help="time at least N wishes at each table (default 400)")
    parser.add_argument("--level", default="normal", help="the friends' computer level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pause-ms", type=float, default=0.5,
                        help="the pause between two rounds of polls (default 0.5)")
    parser.add_argument("--relay", action="store_true",
                        help="over the internet: a mailbox server and transit relay on "
                             "loopback, every line through the relay")
    args = parser.parse_args(argv)
    try:
        counts = [int(x) for x in args.clients.split(",") if x.strip()]
    except ValueError:
        parser.error("--clients takes numbers, e.g. 2,8")
    if not counts or any(not 1 <= c <= 9 for c in counts):
        parser.error("--clients takes numbers from 1 to 9")
    if not 1 <= args.wishes <= 100_000 or not 0 <= args.pause_ms <= 100:
        parser.error("--wishes must be from 1 to 100000, --pause-ms from 0 to 100")
    if not args.relay:
        result = {str(c): run(c, args.wishes, level=args.level, seed=args.seed,
                              pause_ms=args.pause_ms) for c in counts}
    else:
        import dataclasses
        import tempfile

        from .wormhole_servers import start

        with tempfile.TemporaryDirectory(prefix="tenthousand-bench-") as folder:
            running = start(Path(folder))
            try:
                servers = dataclasses.replace(running.servers, direct=False)
                result = {str(c): run(c, args.wishes, level=args.level, seed=args.seed,
                                      pause_ms=args.pause_ms, relay=servers) for c in counts}
            finally:
                running.stop()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
