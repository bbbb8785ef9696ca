"""The command line of a network game: --host with net seats, --join ADDRESS[:PORT] with a
code, and every flag that does not fit refused with one clear sentence (issue 22)."""

from __future__ import annotations

import pytest
from test_cli import refused

from tenthousand import cli
from tenthousand.net.link import DEFAULT_PORT
from tenthousand.present.network import split_address


def test_host_with_a_friends_seat() -> None:
    _ns, opts = cli.parse(["--host", "--players", "Ann,net,cpu:expert"])
    assert opts.host and opts.port is None and opts.code is None
    assert [(s.name, s.computer, s.level, s.net) for s in opts.players or []] == [
        ("Ann", False, "normal", False), ("Guest A", False, "normal", True),
        ("Computer A", True, "expert", False)]
    _ns, opts = cli.parse(["--host", "--port", "0", "--code", "4821-7396", "--players",
                           "Ann,net,net"])
    assert opts.port == 0 and opts.code == "4821-7396"
    assert [s.name for s in opts.players or []] == ["Ann", "Guest A", "Guest B"]


def test_join_an_address_with_a_code() -> None:
    _ns, opts = cli.parse(["--join", "192.168.1.20:47200", "--code", "4821 7396", "--name",
                           "Bob", "--watch"])
    assert opts.join == ("192.168.1.20", 47200) and opts.code == "4821 7396"
    assert opts.name == "Bob" and opts.watch and not opts.host
    _ns, opts = cli.parse(["--join", "[fe80::1]:5000", "--code", "abcd"])
    assert opts.join == ("fe80::1", 5000) and opts.name is None
    _ns, opts = cli.parse(["--join", "tablehost", "--code", "abcd"])
    assert opts.join == ("tablehost", None)  # the default port


@pytest.mark.parametrize(("argv", "words"), [
    (["--players", "Ann,net"], "give --host to open the table"),
    (["--host", "--rules", "farkle"], "--players needs a seat net"),
    (["--host", "--seed", "3"], "--players needs a seat net"),
    (["--host", "--players", "Ann,cpu"], "--players needs a seat net"),
    (["--host", "--players", "net", "--join", "h", "--code", "abcd"], "cannot both"),
    (["--port", "5000"], "--port goes with --host"),
    (["--join", "h:1", "--code", "abcd", "--port", "2"], "--port goes with --host"),
    (["--host", "--players", "Ann,net", "--port", "70000"], "0 to 65535"),
    (["--host", "--players", "Ann,net", "--port", "x"], "0 to 65535"),
    (["--code", "abcd"], "--code goes with --host or --join"),
    (["--join", "h"], "--join needs --code"),
    (["--join", "h:0", "--code", "abcd"], "is no address"),
    (["--join", "h:", "--code", "abcd"], "is no address"),
    (["--join", "a b", "--code", "abcd"], "is no address"),
    (["--join", "h", "--code", "ab"], "is no join code"),
    (["--join", "h", "--code", "abcd!"], "is no join code"),
    (["--name", "Bob"], "--name goes with --join"),
    (["--watch"], "--watch goes with --join"),
    (["--join", "h", "--code", "abcd", "--name", "x" * 25], "--name:"),
    (["--join", "h", "--code", "abcd", "--name", " "], "--name:"),
    (["--join", "h", "--code", "abcd", "--players", "Ann"], "the host's to choose"),
    (["--join", "h", "--code", "abcd", "--seed", "4"], "the host's to choose"),
    (["--join", "h", "--code", "abcd", "--demo"], "cannot both"),
    (["--host", "--players", "Ann,net", "--resume"], "cannot both"),
    (["--host", "--players", "Ann,net", "--real-dice"], "cannot both"),
    (["--host", "--players", "Ann,Bob=net"], "only a computer seat takes a name"),
    (["--host", "--players", "You,net"], "give the name the others know you by"),
    (["--join", "h", "--code", "abcd", "--name", "you"], "would mean each of them"),
])
def test_flags_that_do_not_fit_are_refused_in_one_sentence(
        capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    line = refused(capsys, *argv)
    assert words in line
    assert "Traceback" not in line and "Error" not in line.split(":", 2)[-1]


def test_the_default_port_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"default {DEFAULT_PORT}" in out and "--join ADDRESS[:PORT]" in out


@pytest.mark.parametrize(("text", "found"), [
    ("10.0.0.2", ("10.0.0.2", None)), ("10.0.0.2:80", ("10.0.0.2", 80)),
    ("::1", ("::1", None)), ("[::1]", ("::1", None)), ("[::1]:9", ("::1", 9)),
    (" host.lan:47100 ", ("host.lan", 47100)), ("", None), ("[::1", None), ("[::1]x", None),
    ("h:99999", None), ("h:-1", None), ("h/x", None),
])
def test_addresses_as_typed(text: str, found: tuple[str, int | None] | None) -> None:
    assert split_address(text) == found


def test_host_over_the_internet_and_join_by_an_invite_code() -> None:
    """Issue 41: --host --internet, --join-code CODE, --mailbox and --transit-relay."""
    _ns, opts = cli.parse(["--host", "--internet", "--players", "Ann,net,cpu:expert"])
    assert opts.host and opts.internet and opts.port is None
    _ns, opts = cli.parse(["--join-code", "7 Guitarist revenge", "--name", "Bob", "--watch"])
    assert opts.join_code == "7-guitarist-revenge" and opts.name == "Bob" and opts.watch
    assert opts.join is None and not opts.host
    _ns, opts = cli.parse(["--join-code", "7-guitarist-revenge", "--mailbox",
                           "ws://127.0.0.1:4000/v1", "--transit-relay", "tcp:127.0.0.1:4001"])
    assert (opts.mailbox, opts.transit_relay) == ("ws://127.0.0.1:4000/v1",
                                                  "tcp:127.0.0.1:4001")


@pytest.mark.parametrize(("argv", "words"), [
    (["--internet", "--players", "Ann,cpu"], "--internet goes with --host"),
    (["--host", "--internet", "--port", "0", "--players", "Ann,net"], "--port and --code"),
    (["--host", "--join-code", "7-guitarist-revenge", "--players", "Ann,net"],
     "--join-code cannot be given with --host"),
    (["--join-code", "4821-7396"], "is no invite code"),
    (["--join-code", "7-guitarist-revenge", "--code", "abcd"], "--code goes with"),
    (["--join-code", "7-guitarist-revenge", "--seed", "3"], "--join-code plays the host's"),
    (["--mailbox", "http://example.org"], "a mailbox server is a URL"),
    (["--transit-relay", "example.org:4001"], "a transit relay is given as"),
])
def test_internet_flags_that_do_not_fit_are_refused(argv: list[str], words: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse(argv)
    assert words in capsys.readouterr().err


def test_host_alone_hosts_again_the_game_it_hosted_or_says_why_not(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42, the second tour: the README's ``--host`` alone (no --players) finds the
    game this screen hosted and hosts it again with its own seats; with no such game saved
    it ends at once (status 2) with a sentence, before a window opens or a save is touched."""
    from tenthousand import launch
    from tenthousand.files import savegame
    from tenthousand.files.paths import paths
    from tenthousand.model import PRESETS, Game, Seat

    _ns, opts = cli.parse(["--host"])
    assert opts.host and opts.players is None
    assert launch.launch(opts) == 2
    assert "there is no game you hosted to host again" in capsys.readouterr().err
    game = Game(PRESETS["ten-thousand"], [Seat("Ann"), Seat("Bot", True, "normal")], seed=5)
    game.throw([])
    assert savegame.autosave(game) is None
    before = paths().savegame.read_bytes()
    assert launch.launch(cli.parse(["--host", "--internet"])[1]) == 2
    err = capsys.readouterr().err
    assert "your saved game of Ten-Thousand was not hosted for friends" in err
    assert paths().savegame.read_bytes() == before and savegame.kept_games() == []
    from tenthousand.model.record import Network

    game.record.network = Network("host", friends=(1,))
    assert savegame.autosave(game) is None
    assert launch._nothing_hosted() is None  # the window opens and hosts it again
