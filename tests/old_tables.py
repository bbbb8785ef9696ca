"""The tables of the solver before issue 39 (format 1: ``TTPERFECT1``), read for the tests
that hold the one engine to the values they kept: the win chances at the start of a turn
``win[seat][a][b]``, the catch-up chances ``catch_up[on board][chaser in seat 0][d]`` and
the tie-break values (``tie_first``, ``tie_second[x]``)."""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

MAGIC = b"TTPERFECT1\n"


@dataclass
class OldTable:
    rules: dict[str, Any]
    ng: int
    extra: int
    dmax: int
    tie_first: float
    win: Any  # (2, ng, ng)
    catch_up: Any  # (2, 2, dmax)
    tie_second: Any  # (dmax,)


def read(path: Path) -> OldTable:
    data = path.read_bytes()
    assert data.startswith(MAGIC)
    (size,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    header = json.loads(data[start:start + size])
    body = np.frombuffer(zlib.decompress(data[start + size:]), dtype="<f4")
    ng, dmax = header["ng"], header["dmax"]
    win = body[:2 * ng * ng].reshape(2, ng, ng)
    catch_up = body[2 * ng * ng:2 * ng * ng + 4 * dmax].reshape(2, 2, dmax)
    return OldTable(header["rules"], ng, header["extra"], dmax, header["tie_first"], win,
                    catch_up, body[2 * ng * ng + 4 * dmax:])
