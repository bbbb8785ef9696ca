"""The dice sound's volume: the samples are scaled before they are played, 0 is silent."""

from __future__ import annotations

import array
import io
import sys
import threading
import wave

from tenthousand.services import sound


def peak(volume: int, pitch: int = 0) -> int:
    return max(abs(s) for s in sound.pcm(sound.rattle_samples(pitch), volume))


def frames(wav: bytes) -> array.array[int]:
    with wave.open(io.BytesIO(wav)) as w:
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


def test_the_volume_scales_every_sample() -> None:
    full = sound.pcm(sound.rattle_samples(0), 100)
    half = sound.pcm(sound.rattle_samples(0), 50)
    assert peak(100) == round(sound.FULL_SCALE * 32767)
    assert peak(50) == round(peak(100) / 4)  # the slider follows the square of the amplitude
    for a, b in zip(full, half, strict=True):
        assert abs(b - a / 4) <= 1
    assert round(peak(80) / 32767, 2) == 0.6  # the default: the level before the slider
    assert all(s == 0 for s in sound.pcm(sound.rattle_samples(0), 0))
    peaks = [peak(v) for v in range(0, 101, 10)]
    assert peaks == sorted(peaks) and len(set(peaks)) == len(peaks)


def test_out_of_range_volumes_are_held_to_the_range() -> None:
    assert sound.gain(-20) == 0.0 and sound.gain(150) == sound.gain(100)


def test_the_wav_carries_the_scaled_samples() -> None:
    loud, soft = frames(sound.rattle(3, 100)), frames(sound.rattle(3, 30))
    assert max(map(abs, loud)) == peak(100, 3)
    assert max(map(abs, soft)) == peak(30, 3)
    assert len(loud) == len(soft) == int(sound.RATE * sound.LENGTH)


def test_the_player_gets_the_volume_and_zero_plays_nothing() -> None:
    played: list[bytes] = []
    done = threading.Event()

    def runner(wav: bytes) -> None:
        played.append(wav)
        done.set()

    player = sound.Sound(runner=runner)
    player.rattle(0, 0)
    assert player.played == 0  # silent: no thread, no player started
    player.rattle(-2, 40)
    assert done.wait(5)
    assert player.played == 1 and played == [sound.rattle(-2, 40)]
