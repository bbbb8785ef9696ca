"""A magic-wormhole mailbox server and transit relay of one's own, started as their own
programs (``twist wormhole-mailbox``, ``twist transitrelay``) on loopback or in a network
namespace: for the tests (which never reach the public servers: CI has no internet) and
the network benchmark (``--relay``).  A developer tool: the game never loads it."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..net.protocol import Servers

__all__ = ["Running", "free_port", "local_servers", "start", "wait_for_port"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, host: str = "127.0.0.1", timeout: float = 20.0,
                  netns: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if netns:
            done = subprocess.run(["ip", "netns", "exec", netns, sys.executable, "-c",
                                   f"import socket; socket.create_connection(({host!r}, {port}),"
                                   " 1).close()"], capture_output=True)
            if done.returncode == 0:
                return
        else:
            try:
                socket.create_connection((host, port), 0.5).close()
                return
            except OSError:
                pass
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {host}:{port}")


@dataclass
class Running:
    """The servers and their processes."""

    servers: Servers
    mailbox: subprocess.Popen[bytes]
    relay: subprocess.Popen[bytes]

    def stop(self) -> None:
        for process in (self.mailbox, self.relay):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(5)


def twist(folder: Path, plugin: str, *args: str, prefix: tuple[str, ...] = ()
          ) -> subprocess.Popen[bytes]:
    """``twist PLUGIN ARGS`` (the servers' own command), its output in ``folder``."""
    log = (folder / f"{plugin}.log").open("wb")
    return subprocess.Popen([*prefix, sys.executable, "-m", "twisted", plugin, *args],
                            cwd=folder, stdout=log, stderr=subprocess.STDOUT)


def start(folder: Path, *, host: str = "127.0.0.1", prefix: tuple[str, ...] = (),
          netns: str = "") -> Running:
    """Start a mailbox server and a transit relay on ``host`` (in the network namespace
    ``netns`` when ``prefix`` runs them there)."""
    mailbox_port, relay_port = free_port(), free_port()
    mailbox = twist(folder, "wormhole-mailbox", "--port",
                    f"tcp:{mailbox_port}:interface={host}",
                    "--channel-db", str(folder / "channels.sqlite"), prefix=prefix)
    relay = twist(folder, "transitrelay", "--port", f"tcp:{relay_port}:interface={host}",
                  prefix=prefix)
    running = Running(Servers(f"ws://{host}:{mailbox_port}/v1", f"tcp:{host}:{relay_port}"),
                      mailbox, relay)
    try:
        wait_for_port(mailbox_port, host, netns=netns)
        wait_for_port(relay_port, host, netns=netns)
    except RuntimeError:
        running.stop()
        raise
    return running


def local_servers(folder: Path) -> Iterator[Servers]:
    """(For a fixture.)"""
    running = start(folder)
    try:
        yield running.servers
    finally:
        running.stop()
