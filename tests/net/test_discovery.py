"""Finding tables for real: a host's zeroconf announcement, heard by a browser on this
machine (in a network namespace of the test's own when the machine's loopback carries no
multicast; skipped, with the reason, only when neither works)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from net_kit import CODE, lobby

import tenthousand
from tenthousand.net.discovery import SERVICE, browse
from tenthousand.net.link import HostLink
from tenthousand.net.protocol import VERSION

#: The same as :func:`_announce_and_browse`, in a process of its own (for a namespace).
SCRIPT = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[1])
    from test_discovery import _announce_and_browse
    print(json.dumps(_announce_and_browse()))
""")


def _announce_and_browse() -> dict[str, object]:
    """A host announced on 127.0.0.1 and a browser listening there: its port and the
    tables the browser found."""
    link = HostLink.open(lobby("net", "net", name="Kim's table"), port=0, code=CODE,
                         bind="127.0.0.1", announce=True)
    try:
        found = browse(8.0, interfaces=["127.0.0.1"], enough=1)
    finally:
        link.close()
        link.wait_closed()
    return {"port": link.port, "found": [[t.name, t.address, t.port, t.version]
                                         for t in found]}


def _found(result: dict[str, object] | None) -> bool:
    return result is not None and [["Kim's table", "127.0.0.1", result["port"], VERSION]] \
        == result["found"]


def _in_namespace() -> dict[str, object] | None:
    """:func:`_announce_and_browse` in a new network namespace whose loopback carries
    multicast (None when no namespace can be made)."""
    command = ["unshare", "-rn", "sh", "-c",
               "ip link set lo up && ip link set lo multicast on && "
               "ip route add 224.0.0.0/4 dev lo && exec \"$@\"", "sh",
               sys.executable, "-c", SCRIPT, str(Path(__file__).parent)]
    env = dict(os.environ, PYTHONPATH=str(Path(tenthousand.__file__).parents[1]))
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_hosts_announcement_is_found_by_a_browser() -> None:
    if _found(_announce_and_browse()):
        return
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("multicast does not reach the browser on this machine's loopback, and "
                    "there is no unshare or ip to make a network namespace where it does")
    result = _in_namespace()
    if result is None:
        pytest.skip("multicast does not reach the browser on this machine's loopback, and "
                    "this machine lets no test make a network namespace (unshare -rn)")
    assert _found(result), result


def test_browsing_ends_when_its_time_is_up() -> None:
    assert SERVICE == "_tenthousand._tcp.local."
    started = time.monotonic()
    found = browse(0.3, interfaces=["127.0.0.1"])
    assert time.monotonic() - started < 3
    assert all(t.name != "Kim's table" for t in found)  # (the other test's host is gone)
