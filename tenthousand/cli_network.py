"""The command line's options for games with friends at their own screens (docs/network.md):
``--host``, ``--join``, ``--join-code`` and what goes with them, each value checked as it is
typed and each mistake one sentence (:mod:`tenthousand.cli` builds the whole parser)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .files.pref_kinds import mailbox_problem, relay_problem
from .i18n import _

__all__ = ["check_network", "network_arguments"]


def network_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a game with friends at their own screens (docs/network.md)."""
    parser.add_argument("--host", action="store_true",
                        help=_("open a table for friends at their own screens: --players gives "
                               "its seats, net for each friend's ('Ann,net,cpu:expert'); the "
                               "address, port and join code are printed and shown; alone, it hosts "
                               "again the game you hosted"))
    parser.add_argument("--port", type=_port, metavar=_("PORT"),
                        help=_("with --host: the port friends join on (default {port}; 0 picks "
                               "a free one)").format(port=_default_port()))
    parser.add_argument("--code", type=_code, metavar=_("CODE"),
                        help=_("with --host: the join code (default: a new one); with --join: "
                               "the code the host's table shows"))
    parser.add_argument("--join", type=_address, metavar=_("ADDRESS[:PORT]"),
                        help=_("join a friend's table at this address (with --code)"))
    parser.add_argument("--name", metavar=_("NAME"),
                        help=_("with --join: your name at the table (default: the first person "
                               "of your last game)"))
    parser.add_argument("--watch", action="store_true",
                        help=_("with --join or --join-code: watch the game without a seat"))
    parser.add_argument("--internet", action="store_true",
                        help=_("with --host: friends join over the internet, each by an invite "
                               "code (printed as 'join code: CODE'), with no port to open"))
    parser.add_argument("--join-code", type=_invite_code, metavar=_("CODE"),
                        help=_("join a friend's table over the internet by its invite code "
                               "(as 7-guitarist-revenge)"))
    parser.add_argument("--mailbox", type=_server(mailbox_problem), metavar=_("URL"),
                        help=_("the mailbox server where invite codes meet, for this launch "
                               "(default: the one in Preferences)"))
    parser.add_argument("--transit-relay", type=_server(relay_problem), metavar=_("HINT"),
                        help=_("the transit relay that carries a game neither computer can "
                               "reach directly, as tcp:HOST:PORT, for this launch"))


def _invite_code(text: str) -> str:
    from .model.text import invite_code

    code = invite_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            _("{text} is no invite code; give it as the host's table shows it, as "
              "7-guitarist-revenge").format(text=f"{text!r:.40}"))
    return code


def _server(problem: Callable[[str], str | None]) -> Callable[[str], str]:
    def check(text: str) -> str:
        found = problem(text)
        if found is not None:
            raise argparse.ArgumentTypeError(found)
        return text.strip()
    return check


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is a whole number from 0 to 65535 (0 picks a free one), not {text}"
              ).format(text=f"{text!r:.40}"))
    return value


def _code(text: str) -> str:
    from .present.network import code_problem

    if code_problem(text) is not None:
        raise argparse.ArgumentTypeError(
            _("{text} is no join code; give the code as the host's table shows it").format(
                text=f"{text!r:.40}"))
    return text.strip()


def _address(text: str) -> tuple[str, int | None]:
    from .present.network import split_address

    found = split_address(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            _("{text} is no address; give it as the host's table shows it, as 192.168.1.20 "
              "or 192.168.1.20:{port}").format(text=f"{text!r:.60}", port=_default_port()))
    return found


def _default_port() -> int:
    from .net.protocol import DEFAULT_PORT  # (not .net.link: asyncio is not needed to parse)

    return DEFAULT_PORT


def check_network(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> None:
    """--host and --join with what goes with them: each mistake is one sentence."""
    if ns.host and ns.join is not None:
        parser.error(_("--host and --join cannot both be given"))
    if ns.join_code is not None and (ns.host or ns.join is not None):
        parser.error(_("--join-code cannot be given with {other}").format(
            other="--host" if ns.host else "--join"))
    if ns.internet and not ns.host:
        parser.error(_("--internet goes with --host"))
    if ns.internet and (ns.port is not None or ns.code is not None):
        parser.error(_("--host --internet makes an invite code for each friend: --port and "
                       "--code are for a table on this network"))
    if ns.port is not None and not ns.host:
        parser.error(_("--port goes with --host (with --join, write the port after the "
                       "address: ADDRESS:PORT)"))
    if ns.code is not None and not (ns.host or ns.join is not None):
        parser.error(_("--code goes with --host or --join"))
    joining = ns.join is not None or ns.join_code is not None
    for flag, given in (("--name", ns.name is not None), ("--watch", ns.watch)):
        if given and not joining:
            parser.error(_("{flag} goes with --join or --join-code").format(flag=flag))
    nets = [i for i, seat in enumerate(ns.players or []) if seat.net]
    if nets and not ns.host:
        parser.error(_("--players: seat {number} is a friend over the network (net): give "
                       "--host to open the table").format(number=nets[0] + 1))
    if not (ns.host or joining):
        return
    flag = "--host" if ns.host else "--join" if ns.join is not None else "--join-code"
    for other, given in (("--demo", ns.demo), ("--replay", ns.replay is not None),
                         ("--resume", ns.resume), ("--real-dice", ns.real_dice)):
        if given:
            parser.error(_("{flag} and {other} cannot both be given").format(flag=flag,
                                                                           other=other))
    # --host alone hosts again the game this screen hosted (its seats are its own: the
    # launch looks for it in the save); a new table needs its seats, a friend's among them.
    new_table = ns.players is not None or ns.rules is not None or bool(ns.option) \
        or ns.seed is not None
    if ns.host and not nets and new_table:
        parser.error(_("--host: --players needs a seat net for each friend, as in "
                       "'Ann,net,cpu:expert'"))
    if ns.host:
        from .model.grammar import is_you
        from .present.network import you_problem

        mine = [s.name for s in ns.players or () if not s.net and not s.computer and is_you(s.name)]
        if mine:
            parser.error(_("--players: {problem}").format(problem=you_problem(mine[0])))
    if joining:
        _check_join(parser, ns)


def _check_join(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> None:
    if ns.code is None and ns.join is not None:
        parser.error(_("--join needs --code CODE: the join code the host's table shows"))
    if ns.code is not None and ns.join_code is not None:
        parser.error(_("--join-code is the code itself: --code goes with --join"))
    for other, given in (("--players", ns.players is not None), ("--rules", ns.rules is not None),
                         ("--option", bool(ns.option)), ("--seed", ns.seed is not None)):
        if given:
            parser.error(_("{flag} plays the host's game: {other} is the host's to "
                           "choose").format(flag="--join" if ns.join is not None
                                            else "--join-code", other=other))
    from .present.network import name_problem

    problem = name_problem(ns.name) if ns.name is not None else None
    if problem:
        parser.error(_("--name: {problem}").format(problem=problem))
