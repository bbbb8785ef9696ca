"""The dice rattle: synthesised in Python and played through what the platform offers.

The sound is a handful of short clicks (dice hitting the table and each other), each a burst
of noise ringing at a few resonant frequencies and dying away.  The pitch shifts every
frequency by semitones, and the volume scales the samples.  It is made and played in a
background thread: winsound on Windows, afplay on macOS, and on Linux the first of pw-play,
paplay and aplay that exists.  When nothing can play it the game stays silent and says
nothing.
"""

from __future__ import annotations

import array
import io
import logging
import math
import os
import random
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable
from functools import lru_cache

log = logging.getLogger(__name__)

RATE = 22050
LENGTH = 0.42  # seconds
LINUX_PLAYERS = ("pw-play", "paplay", "aplay")


#: The loudest sample at full volume, as a share of the 16-bit range (headroom for the
#: clicks that overlap).  The default volume (80%) plays it at 0.6, the level before the
#: volume preference existed.
FULL_SCALE = 0.94


@lru_cache(maxsize=8)  # ~0.3 MB each; the pitch changes one step at a time
def rattle_samples(pitch: int = 0, seed: int = 1989) -> tuple[float, ...]:
    """The rattle ``pitch`` semitones up or down, as samples from -1 to 1 (peak 1)."""
    rng = random.Random(seed)
    shift = 2 ** (pitch / 12)
    n = int(RATE * LENGTH)
    samples = [0.0] * n
    hits = sorted(rng.uniform(0.0, LENGTH * 0.72) for _ in range(11))
    for k, start in enumerate(hits):
        loud = (1.0 - k / 14) * rng.uniform(0.5, 1.0)
        freqs = [f * shift * rng.uniform(0.93, 1.07) for f in (1850.0, 3100.0, 4700.0)]
        decay = rng.uniform(260.0, 420.0)
        first = int(start * RATE)
        length = min(n - first, int(RATE * 0.035))
        for j in range(length):
            t = j / RATE
            env = loud * math.exp(-decay * t)
            ring = sum(math.sin(2 * math.pi * f * t) for f in freqs) / 3
            noise = rng.uniform(-1.0, 1.0) * math.exp(-decay * 3 * t)
            samples[first + j] += env * (0.75 * ring + 0.5 * noise)
    peak = max(1e-9, max(abs(s) for s in samples))
    return tuple(s / peak for s in samples)


def gain(volume: int) -> float:
    """The amplitude factor for ``volume`` per cent (0 to 100).

    Loudness is heard on a roughly logarithmic scale, so the slider follows the square of
    the amplitude: 50% sounds about half as loud as 100%, not nearly as loud."""
    v = min(100, max(0, volume)) / 100
    return FULL_SCALE * v * v


def pcm(samples: tuple[float, ...], volume: int) -> array.array[int]:
    """16-bit samples at ``volume`` per cent (little-endian on every machine, as WAV is)."""
    scale = gain(volume) * 32767
    data = array.array("h", (round(s * scale) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()
    return data


@lru_cache(maxsize=32)
def rattle(pitch: int = 0, volume: int = 100, seed: int = 1989) -> bytes:
    """A WAV file (bytes) of a dice rattle, ``pitch`` semitones up or down, at ``volume``
    per cent."""
    import wave  # here, like subprocess below: the window shows before any sound is made

    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm(rattle_samples(pitch, seed), volume).tobytes())
    return out.getvalue()


def player_command() -> list[str] | None:
    """The command that plays a WAV file here, or None (winsound needs none)."""
    if sys.platform == "darwin":
        path = shutil.which("afplay")
        return [path] if path else None
    for name in LINUX_PLAYERS:
        path = shutil.which(name)
        if path:
            return [path, "-q"] if name == "aplay" else [path]
    return None


def can_play() -> bool:
    if sys.platform.startswith("win"):
        return True
    return player_command() is not None


class Sound:
    """Plays the rattle without ever blocking the window; one sound at a time."""

    def __init__(self, runner: Callable[[bytes], None] | None = None) -> None:
        self._busy = threading.Lock()
        self._runner = runner or _play_bytes
        self.played = 0  # how many rattles were started (tests read it)

    def rattle(self, pitch: int = 0, volume: int = 100) -> None:
        """Start the rattle at ``pitch`` and ``volume`` per cent in a background thread
        (skipped if one plays, or at volume 0).  The samples are made in that thread too."""
        if volume <= 0 or not self._busy.acquire(blocking=False):
            return
        self.played += 1

        def work() -> None:
            try:
                self._runner(rattle(pitch, volume))
            except Exception as e:  # noqa: BLE001 - sound is a nicety; never a crash
                log.info("the dice sound could not be played: %s", e)
            finally:
                self._busy.release()

        threading.Thread(target=work, name="dice-sound", daemon=True).start()


def _play_bytes(wav: bytes) -> None:
    if sys.platform.startswith("win"):
        import winsound

        winsound.PlaySound(wav, winsound.SND_MEMORY)
        return
    command = player_command()
    if command is None:
        return
    import subprocess

    fd, name = tempfile.mkstemp(prefix="tenthousand-", suffix=".wav")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(wav)
        subprocess.run([*command, name], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        log.info("the dice sound player failed: %s", e)
    finally:
        try:
            os.unlink(name)
        except OSError:
            pass
