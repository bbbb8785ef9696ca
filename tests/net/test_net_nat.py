"""Behind two NATs (issue 41): five network namespaces made by the test: the "internet"
with the mailbox server and the transit relay, and two homes, each a computer behind a
router of its own that masquerades (iptables, or nft).  The host plays in one home, the
friend in the other; neither can reach the other directly, and they play a whole game
through the relay.  Needs root and ``ip netns`` (CI runs as root; .ci/run installs
iproute2 and iptables): skipped elsewhere."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tenthousand.tools.wormhole_servers import start

pytestmark = pytest.mark.netns

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
P = f"t{os.getpid() % 100000}"  # (names of at most 15 characters, this run's own)
INET, R1, R2, H1, H2 = (f"{P}{n}" for n in ("in", "r1", "r2", "h1", "h2"))
#: The "internet": its own addresses toward each router; the servers listen on the first.
PUBLIC = "198.51.100.1"


def _can_make_namespaces() -> bool:
    if os.geteuid() != 0 or shutil.which("ip") is None:
        return False
    probe = f"{P}probe"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True).returncode == 0
    if made:
        subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return made


def _ip(*args: str, ns: str = "") -> None:
    command = ["ip", "netns", "exec", ns, *args] if ns else list(args)
    subprocess.run(command, check=True, capture_output=True)


def _masquerade(ns: str, wan: str) -> None:
    """The router's NAT: everything leaving by ``wan`` takes the router's address."""
    if shutil.which("iptables") and subprocess.run(
            ["ip", "netns", "exec", ns, "iptables", "-t", "nat", "-A", "POSTROUTING", "-o",
             wan, "-j", "MASQUERADE"], capture_output=True).returncode == 0:
        return
    rules = (f"table ip nat {{ chain post {{ type nat hook postrouting priority 100; "
             f"oifname \"{wan}\" masquerade; }} }}")
    subprocess.run(["ip", "netns", "exec", ns, "nft", "-f", "-"], input=rules.encode(),
                   check=True, capture_output=True)


def _link(a: str, a_ns: str, a_ip: str, b: str, b_ns: str, b_ip: str) -> None:
    _ip("ip", "link", "add", a, "netns", a_ns, "type", "veth", "peer", "name", b, "netns",
        b_ns)
    _ip("ip", "addr", "add", a_ip, "dev", a, ns=a_ns)
    _ip("ip", "addr", "add", b_ip, "dev", b, ns=b_ns)
    _ip("ip", "link", "set", a, "up", ns=a_ns)
    _ip("ip", "link", "set", b, "up", ns=b_ns)


@pytest.fixture
def homes() -> Iterator[None]:
    if not _can_make_namespaces():
        pytest.skip("needs root and ip netns (CI runs it)")
    try:
        for ns in (INET, R1, R2, H1, H2):
            _ip("ip", "netns", "add", ns)
            _ip("ip", "link", "set", "lo", "up", ns=ns)
        # the internet and its two routers (public addresses of the test's own)
        _link(f"{P}i1", INET, f"{PUBLIC}/30", f"{P}w1", R1, "198.51.100.2/30")
        _link(f"{P}i2", INET, "198.51.100.5/30", f"{P}w2", R2, "198.51.100.6/30")
        # each home: a computer with a private address behind its router
        _link(f"{P}l1", R1, "10.1.0.1/24", f"{P}e1", H1, "10.1.0.2/24")
        _link(f"{P}l2", R2, "10.2.0.1/24", f"{P}e2", H2, "10.2.0.2/24")
        for ns in (INET, R1, R2):
            _ip("sysctl", "-q", "-w", "net.ipv4.ip_forward=1", ns=ns)
        _ip("ip", "route", "add", "default", "via", PUBLIC, ns=R1)
        _ip("ip", "route", "add", "default", "via", "198.51.100.5", ns=R2)
        _ip("ip", "route", "add", "default", "via", "10.1.0.1", ns=H1)
        _ip("ip", "route", "add", "default", "via", "10.2.0.1", ns=H2)
        _masquerade(R1, f"{P}w1")
        _masquerade(R2, f"{P}w2")
        yield
    finally:
        for ns in (INET, R1, R2, H1, H2):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


HOST = """
import json, sys, time
from net_kit import hosted_game, lobby, pump_until, Collect
from tenthousand.net.events import Invites
from tenthousand.net.host import HostLink
from tenthousand.net.protocol import Servers
servers = Servers(sys.argv[1], sys.argv[2])
link = HostLink.open_internet(lobby("cpu:expert", "net"), servers)
events = []
pump_until(lambda: any(isinstance(e, Invites) and any(c.seat == 1 for c in e.codes)
                       for e in events), Collect(link, events), timeout=60)
code = next(c.code for e in events if isinstance(e, Invites) for c in e.codes if c.seat == 1)
print(json.dumps({"code": code}), flush=True)
pump_until(lambda: link.full, Collect(link, events), timeout=60)
table = hosted_game(link, seed=5)
table.begin()
pump_until(lambda: table.revealed, table, timeout=120)
print(json.dumps({"commands": len(table.game.record)}), flush=True)
sys.stdin.read()  # (until the test has heard the friend)
link.close()
"""

FRIEND = """
import json, sys
from net_kit import join_code, pump_until
from tenthousand.net.protocol import Servers
servers = Servers(sys.argv[1], sys.argv[2])
ann = join_code(sys.argv[3], servers, "Ann")
pump_until(lambda: ann.verdict is not None or ann.closed is not None, ann, timeout=120)
print(json.dumps({"fair": bool(ann.verdict and ann.verdict.fair), "closed": ann.closed,
                  "commands": len(ann.replica.record) if ann.replica else 0,
                  "problems": ann.problems}), flush=True)
"""


def _in(ns: str, script: str, *args: str, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "TENTHOUSAND_HOME": str(home),
           "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)])}
    return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, "-c", script, *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_a_host_and_a_friend_behind_two_nats_play_through_the_relay(
        homes: None, tmp_path: Path) -> None:
    running = start(tmp_path, host=PUBLIC, prefix=("ip", "netns", "exec", INET), netns=INET)
    host = friend = None
    try:
        mailbox, relay = running.servers.mailbox, running.servers.relay
        host = _in(H1, HOST, mailbox, relay, home=tmp_path / "host")
        assert host.stdout is not None
        line = host.stdout.readline()
        assert line, host.stderr.read() if host.stderr else ""
        code = json.loads(line)["code"]
        # Neither home can reach the other: the friend's home has no way to the host's
        # address, nor does the host's to the friend's.
        for ns, other in ((H2, "10.1.0.2"), (H1, "10.2.0.2")):
            blocked = subprocess.run(
                ["ip", "netns", "exec", ns, sys.executable, "-c",
                 f"import socket; socket.create_connection(({other!r}, 9), 2)"],
                capture_output=True)
            assert blocked.returncode != 0
        friend = _in(H2, FRIEND, mailbox, relay, code, home=tmp_path / "friend")
        out, err = friend.communicate(timeout=150)
        said = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
        assert said.get("fair") is True, (out, err)
        assert said["closed"] is None and said["problems"] == []
        hosted = json.loads(host.stdout.readline())
        assert hosted["commands"] == said["commands"] >= 10
    finally:
        for process in (host, friend):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(5)
        running.stop()
