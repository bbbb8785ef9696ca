"""The links as the window uses them: run as jobs of its one job runner, what the host
sends made plain, addresses as typed."""

from __future__ import annotations

import threading

import pytest
from fake_tk import FakeTk
from net_kit import CODE, FAST, Collect, Raw, host, lobby, pump_until, raw_join

from tenthousand.net.events import Chat, Closed, Joined, SeatsChanged
from tenthousand.net.link import ClientLink, HostLink, split_address
from tenthousand.net.protocol import DEFAULT_PORT, plain
from tenthousand.services.jobs import JobRunner


def test_the_links_run_as_jobs_of_the_windows_runner() -> None:
    tk = FakeTk()
    runner = JobRunner(tk)
    link = HostLink.open(lobby("person", "net"), port=0, code=CODE, announce=False,
                         bind="127.0.0.1", runner=runner, limits=FAST)
    friend = ClientLink.connect("127.0.0.1", link.port, code=CODE, name="Ann", runner=runner)
    seen = Collect(friend)
    pump_until(lambda: any(isinstance(e, Joined) for e in seen.events), seen)
    lanes = {t.name for t in threading.enumerate()}
    assert {"net-host", "net-client"} <= lanes
    assert runner.pending == 2  # each link is a job for as long as it is open
    link.close()
    pump_until(lambda: any(isinstance(e, Closed) for e in seen.events), seen)
    assert link.wait_closed() and friend.wait_closed()
    tk.pump(2, until=lambda: runner.pending == 0)
    assert runner.pending == 0
    runner.close()


def test_what_the_host_sends_is_plain_and_a_blank_name_is_refused() -> None:
    table = lobby("person", "net", name="Kim's\ttable\u202e" + "x" * 60)
    link = host(table)
    try:
        ann = ClientLink.connect("127.0.0.1", link.port, code=CODE, name="Ann")
        seen = Collect(ann)
        pump_until(lambda: any(isinstance(e, SeatsChanged) for e in seen.events), seen)
        joined = next(e for e in seen.events if isinstance(e, Joined))
        assert joined.table == "Kim's table" + "x" * 29
        link.chat("Kim\n", "hello\u0007 there\nall")
        pump_until(lambda: any(isinstance(e, Chat) for e in seen.events), seen)
        assert next(e for e in seen.events if isinstance(e, Chat)) == Chat("Kim",
                                                                          "hello there all")
        assert ann.poll() == [] and not any(isinstance(e, Closed) for e in seen.events)
        with pytest.raises(AssertionError):
            raw_join(link.port, "   ")
        raw = Raw(link.port)
        assert raw.line()
        raw.close()
    finally:
        link.close()
    assert plain(" a \u202eb\x00 c ", 10) == "a b c"


def test_addresses_as_a_player_types_them() -> None:
    assert split_address("192.168.1.20") == ("192.168.1.20", DEFAULT_PORT)
    assert split_address(" 192.168.1.20:5000 ") == ("192.168.1.20", 5000)
    assert split_address("kim.local:47100") == ("kim.local", 47100)
    assert split_address("[fd00::2]:6000") == ("fd00::2", 6000)
    assert split_address("fd00::2") == ("fd00::2", DEFAULT_PORT)
    for bad in ("", "host:0", "host:99999", "host:abc", "a b"):
        with pytest.raises(ValueError):
            split_address(bad)
