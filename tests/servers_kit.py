"""The tests' own magic-wormhole servers on loopback (tenthousand/tools/wormhole_servers.py)."""

from __future__ import annotations

from tenthousand.tools.wormhole_servers import (
    Running,
    free_port,
    local_servers,
    start,
    wait_for_port,
)

__all__ = ["Running", "free_port", "local_servers", "start", "wait_for_port"]
