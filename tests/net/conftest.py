"""The network tests' servers: a magic-wormhole mailbox and transit relay on loopback,
started once per test process (tests/net/servers_kit.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from servers_kit import local_servers

from tenthousand.net.protocol import Servers


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """A local mailbox server and transit relay."""
    yield from local_servers(tmp_path_factory.mktemp("wormhole-servers"))
