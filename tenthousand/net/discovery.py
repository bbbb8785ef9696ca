"""Finding tables on the local network: mDNS / DNS-SD through python-zeroconf.

A host announces ``_tenthousand._tcp.local.`` with its port and, in the TXT record, the
program's version and the table's name; :func:`browse` lists the tables it hears of in a
few seconds (a job for the window's job runner: it waits).  Nothing found is trusted
further than a hint: joining a table still needs its code, and the handshake checks the
version again.  Where multicast does not pass (another network, a firewall) a player types
the address instead.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Sequence
from typing import Any

from .events import FoundTable

__all__ = ["SERVICE", "Announcer", "browse", "local_addresses"]

SERVICE = "_tenthousand._tcp.local."

log = logging.getLogger("tenthousand.net")


def local_addresses() -> tuple[str, ...]:
    """This computer's IPv4 addresses that others may reach it at (loopback last), as a
    host shows them."""
    found: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and ip.ip not in found:
                    found.append(ip.ip)
    except Exception as e:  # noqa: BLE001 - only a hint for the player: say what we can
        log.info("no list of the network's addresses: %s", e)
    outside = [a for a in found if not a.startswith("127.") and not a.startswith("169.254.")]
    return tuple(outside) or ("127.0.0.1",)


def _service_name(table: str) -> str:
    host = socket.gethostname().split(".")[0][:20] or "host"
    label = "".join(c for c in (table or "Ten-Thousand") if c.isprintable() and c != ".")
    return f"{label[:40] or 'Ten-Thousand'} ({host}).{SERVICE}"


class Announcer:
    """Announces one table (``start`` and ``stop`` wait for the network: call them off the
    Tk thread; the host link does)."""

    def __init__(self, table: str, port: int, version: str, *,
                 interfaces: Sequence[str] | None = None) -> None:
        self.table, self.port, self.version = table, port, version
        self.interfaces = list(interfaces) if interfaces is not None else None
        self._zc: Any = None
        self._info: Any = None
        self._lock = threading.Lock()
        self._stopped = False

    def start(self) -> None:
        from zeroconf import IPVersion, ServiceInfo, Zeroconf

        addresses = list(self.interfaces) if self.interfaces else list(local_addresses())
        info = ServiceInfo(SERVICE, _service_name(self.table),
                           addresses=[socket.inet_aton(a) for a in addresses],
                           port=self.port,
                           properties={"version": self.version, "table": self.table[:40]},
                           server=f"{socket.gethostname().split('.')[0] or 'host'}.local.")
        with self._lock:
            if self._stopped:
                return
            try:
                zc = Zeroconf(interfaces=self.interfaces or addresses,
                              ip_version=IPVersion.V4Only)
                zc.register_service(info, allow_name_change=True)
            except Exception as e:  # noqa: BLE001 - the table works without it: log why
                log.warning("the table is not announced on the local network: %s", e)
                return
            self._zc, self._info = zc, info

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            zc, info = self._zc, self._info
            self._zc = self._info = None
        if zc is not None:
            try:
                zc.unregister_service(info)
            finally:
                zc.close()

    @property
    def announced(self) -> bool:
        return self._zc is not None


def browse(timeout_s: float = 3.0, *, interfaces: Sequence[str] | None = None,
           enough: int | None = None) -> list[FoundTable]:
    """The tables announced on the local network within ``timeout_s`` seconds (it waits:
    run it as a job); ``enough``: return as soon as that many are heard of."""
    from zeroconf import IPVersion, ServiceBrowser, ServiceListener, Zeroconf

    names: list[str] = []

    class Listener(ServiceListener):
        def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            if name not in names:
                names.append(name)

        def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            self.add_service(zc, type_, name)

        def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            pass

    zc = (Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only) if interfaces
          else Zeroconf(ip_version=IPVersion.V4Only))
    try:
        browser = ServiceBrowser(zc, SERVICE, Listener())
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and (enough is None or len(names) < enough):
            time.sleep(0.05)
        browser.cancel()
        return _resolve(zc, names)
    finally:
        zc.close()


def _resolve(zc: Any, names: Sequence[str]) -> list[FoundTable]:
    found: list[FoundTable] = []
    for name in names:
        info = zc.get_service_info(SERVICE, name, timeout=1500)
        if info is None or not info.parsed_addresses():
            continue
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items()}
        table = props.get("table") or name.removesuffix("." + SERVICE)
        found.append(FoundTable(table[:40], info.parsed_addresses()[0], int(info.port or 0),
                                props.get("version", "")[:40]))
    return sorted(found, key=lambda t: (t.name.casefold(), t.address, t.port))
