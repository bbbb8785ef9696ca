"""Preferences: saved and loaded whole; a bad file is set aside, its good fields kept."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from save_kit import assert_one_sentence

from tenthousand.files import storage
from tenthousand.files.paths import paths
from tenthousand.files.settings import (
    GameSettings,
    Preferences,
    SeatSetting,
    load_preferences,
    save_preferences,
)

BAD_NAME = re.compile(r"^preferences\.json\.bad-\d{8}-\d{6}(-\d+)?$")


def prefs_file() -> Path:
    return paths().preferences


def write_raw(raw: bytes | str) -> bytes:
    data = raw.encode() if isinstance(raw, str) else raw
    prefs_file().parent.mkdir(parents=True, exist_ok=True)
    prefs_file().write_bytes(data)
    return data


def set_aside_files() -> list[Path]:
    return [p for p in prefs_file().parent.iterdir() if BAD_NAME.match(p.name)]


def assert_set_aside(message: str | None, raw: bytes) -> None:
    assert_one_sentence(message)
    assert message is not None and "preferences" in message.lower()
    assert not prefs_file().exists()
    aside = set_aside_files()
    assert len(aside) == 1 and aside[0].read_bytes() == raw
    assert aside[0].name in message


CHANGED = Preferences(delay=0.25, sound=False, pitch=-3, theme="mono", table_colour="blue",
                      intro=False, animation=False, advisor=True, geometry="900x700+10+20",
                      volume=35, animation_speed="fast", guide_done=True,
                      game=GameSettings(preset="farkle",
                                        seats=(SeatSetting("Ann"), SeatSetting("Bo", True, "expert")),
                                        game_point=5000, options=("three-trash",)))


def test_no_file_gives_the_defaults() -> None:
    assert load_preferences() == (Preferences(), None)


def test_round_trip() -> None:
    save_preferences(CHANGED)
    assert load_preferences() == (CHANGED, None)
    assert json.loads(prefs_file().read_text())["format"] == 1


@pytest.mark.parametrize("raw", [
    b"", b"garbage{", b"\xff\xfe\x00", b"[1, 2]", b"\"text\"", b"42", b"null",
    b"[" * 50_000 + b"]" * 50_000,
    b"{\"pad\": \"" + b"x" * (storage.MAX_BYTES + 1) + b"\"}",
], ids=["empty", "garbage", "not-utf8", "list", "string", "number", "null", "deep", "huge"])
def test_an_unreadable_file_is_set_aside(raw: bytes) -> None:
    write_raw(raw)
    prefs, message = load_preferences()
    assert prefs == Preferences()
    assert_set_aside(message, raw)
    assert load_preferences() == (Preferences(), None)


def test_truncated_file_is_set_aside() -> None:
    text = json.dumps(CHANGED.to_dict(), indent=1).encode()
    for cut in range(0, len(text), max(1, len(text) // 40)):
        for p in prefs_file().parent.iterdir() if prefs_file().parent.exists() else ():
            p.unlink()
        write_raw(text[:cut])
        prefs, message = load_preferences()
        assert isinstance(prefs, Preferences), cut
        assert_set_aside(message, text[:cut])


@pytest.mark.parametrize("field, value", [
    ("delay", "fast"), ("delay", -1), ("delay", 99), ("delay", True), ("delay", 10**400),
    ("sound", "yes"), ("pitch", 100), ("pitch", 1.5), ("theme", "neon"),
    ("table_colour", "chartreuse"), ("table_colour", ["green"]), ("table_colour", {}),
    ("geometry", "x" * 100), ("geometry", 5), ("intro", None),
    ("volume", 101), ("volume", -1), ("volume", 50.5), ("volume", True), ("volume", "80%"),
    ("animation_speed", "warp"), ("animation_speed", ["fast"]), ("animation_speed", 2),
    ("guide_done", "yes"),
    ("game", {"preset": "farkle", "seats": []}),
    ("game", {"preset": "farkle", "seats": [{"name": "A"}], "game_point": -50}),
    ("game", {"preset": "farkle", "seats": [{"name": "A"}], "game_point": 10001}),
    ("game", {"preset": "yahtzee", "seats": [{"name": "A"}]}),
    ("game", {"preset": "farkle", "seats": [{"name": "A", "level": "godlike"}]}),
    ("game", {"preset": "farkle", "seats": [{"name": "A"}, {"name": "a"}]}),
    ("game", "farkle"),
])
def test_a_bad_field_falls_back_and_the_rest_is_kept(field: str, value: Any) -> None:
    data = CHANGED.to_dict()
    data["game"] = CHANGED.game.to_dict()
    data[field] = value
    raw = write_raw(json.dumps(data))
    prefs, message = load_preferences()
    assert getattr(prefs, field) == getattr(Preferences(), field)
    for other in ("delay", "sound", "pitch", "theme", "table_colour", "geometry", "game",
                  "volume", "animation_speed", "guide_done"):
        if other != field:
            assert getattr(prefs, other) == getattr(CHANGED, other), other
    assert_set_aside(message, raw)
    assert message is not None and field in message


def test_a_newer_format_is_set_aside_but_its_fields_are_used() -> None:
    data = CHANGED.to_dict()
    data["format"] = 99
    raw = write_raw(json.dumps(data))
    prefs, message = load_preferences()
    assert prefs == CHANGED
    assert_set_aside(message, raw)
    assert message is not None and "newer" in message


def test_unknown_fields_are_ignored() -> None:
    data = CHANGED.to_dict()
    data["from_the_future"] = {"x": 1}
    write_raw(json.dumps(data))
    assert load_preferences() == (CHANGED, None)


def test_a_refused_save_raises_oserror_and_keeps_the_old_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """save_preferences reports the disk's refusal as OSError (the window shows it)."""
    save_preferences(CHANGED)
    before = prefs_file().read_bytes()

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as m:
        m.setattr(storage.os, "fsync", full)
        with pytest.raises(OSError):
            save_preferences(Preferences())
    assert prefs_file().read_bytes() == before
    assert [p.name for p in prefs_file().parent.iterdir()] == ["preferences.json"]


def test_only_json_is_read() -> None:
    write_raw(b"cos\nsystem\n(S'echo pwned'\ntR.")  # a pickle that would run a command
    prefs, message = load_preferences()
    assert prefs == Preferences() and message is not None


def test_a_file_from_before_volume_speed_and_the_tour_loads() -> None:
    """An older version's file has none of the new fields: their defaults fill in, nothing
    is set aside, and its player (who has played already) is not shown the tour."""
    data = CHANGED.to_dict()
    for name in ("volume", "animation_speed", "guide_done"):
        del data[name]
    write_raw(json.dumps(data))
    prefs, message = load_preferences()
    assert message is None and not set_aside_files()
    assert prefs == CHANGED.replace(volume=80, animation_speed="normal", guide_done=True)


def test_a_fresh_home_shows_the_tour_and_a_finished_one_stays_finished() -> None:
    assert not load_preferences()[0].guide_done
    save_preferences(Preferences())  # the first launch writes its file before any play
    assert not load_preferences()[0].guide_done
    save_preferences(Preferences(guide_done=True))
    assert load_preferences()[0].guide_done


def test_a_saved_rule_set_that_is_gone_keeps_the_seats_and_damages_nothing() -> None:
    from tenthousand.files.settings import GameSettings, SeatSetting

    game = GameSettings(preset="ten-thousand", seats=(SeatSetting("Ann"),
                                                      SeatSetting("Bot", True, "expert")))
    data = Preferences(game=game).to_dict()
    data["game"]["preset"] = "saved:Grandma's rules"  # its file was deleted
    prefs, bad = Preferences.from_dict(data)
    assert bad == []
    assert [s.name for s in prefs.game.seats] == ["Ann", "Bot"]
    assert prefs.game.seats[1].level == "expert"
    assert prefs.game.preset == "ten-thousand"


def test_the_previous_releases_preferences_load_whole() -> None:
    """A preferences.json written by the release before this one (tests/fixtures): every
    value is kept, nothing is called damaged, and the new fields take their defaults."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "fixtures" / "preferences-0.1.0.json")
                      .read_text(encoding="utf-8"))
    prefs, bad = Preferences.from_dict(data)
    assert bad == []
    assert (prefs.delay, prefs.sound, prefs.pitch, prefs.theme, prefs.table_colour) == \
        (1.4, False, -2, "mono", "red")
    assert (prefs.intro, prefs.animation, prefs.advisor) == (False, False, True)
    assert prefs.geometry == "1100x760+30+40"
    game = prefs.game
    assert game.preset == "trash-5000" and game.options == ("surpassing",)
    assert game.game_point == 6000
    assert [(s.name, s.computer, s.level) for s in game.seats] == [
        ("Ann", False, "normal"), ("Computer 2", True, "expert")]
    assert prefs.guide_done  # a player of the last release has played already: no tour
    assert prefs.size == 100 and prefs.volume == 80 and not prefs.speech
    assert prefs.language == ""  # follows the desktop, as the last release did


def test_whole_number_preferences_are_ints_even_from_a_file_that_wrote_floats() -> None:
    """Issue 21: pitch, volume and size are whole numbers, kept as int (an older file may
    have written 80.0); a fraction is still a damaged value."""
    prefs, bad = Preferences.from_dict({"pitch": -2.0, "volume": 80.0, "size": 150.0,
                                        "delay": 1.4})
    assert bad == []
    assert (prefs.pitch, prefs.volume, prefs.size) == (-2, 80, 150)
    assert all(type(v) is int for v in (prefs.pitch, prefs.volume, prefs.size))
    assert type(prefs.delay) is float
    _prefs, bad = Preferences.from_dict({"volume": 80.5})
    assert bad == ["volume"]
    from tenthousand.files.settings import PITCH, VOLUME

    assert type(VOLUME.clamp(85.4)) is int and type(PITCH.parse("+3")) is int


def test_the_preferences_have_one_owner_of_in_use_saved_and_the_next_games() -> None:
    """Issue 21: what the window plays with (the command line's launch-only choices on
    top), what is saved (the player's own changes only), and the next new game's
    settings, in one object."""
    from tenthousand.files.settings import LivePreferences

    saved = Preferences(delay=1.0, sound=True)
    launch = saved.replace(sound=False, game=GameSettings(preset="farkle"))  # --no-sound
    owner = LivePreferences(launch, saved)
    heard: list[str] = []
    owner.watch("delay", lambda: heard.append("delay"))
    assert owner.value.sound is False and owner.saved.sound is True  # launch-only
    assert owner.game.preset == "farkle" and owner.saved.game.preset != "farkle"
    assert owner.update(delay=0.5) == {"delay": 0.5} and heard == ["delay"]
    assert owner.saved.delay == 0.5 and owner.saved.sound is True  # the change is kept
    assert owner.update(delay=0.5) == {} and heard == ["delay"]  # no change, no watcher
    owner.choose_game(owner.game)  # the player starts the command line's game: now theirs
    assert owner.saved.game.preset == "farkle"


def test_the_servers_of_internet_tables_are_preferences_checked_as_typed() -> None:
    """Issue 41: the mailbox server and the transit relay, the public ones by default; what
    cannot be a server's address is refused (and a file's bad value is set back)."""
    from tenthousand.files.settings import (
        MAILBOX,
        PUBLIC_MAILBOX,
        PUBLIC_RELAY,
        TRANSIT_RELAY,
        Preferences,
    )

    assert (Preferences().mailbox, Preferences().transit_relay) == (PUBLIC_MAILBOX, PUBLIC_RELAY)
    assert MAILBOX.clean(" wss://mailbox.example.org/v1 ") == "wss://mailbox.example.org/v1"
    assert TRANSIT_RELAY.clean("tcp:[fd00::2]:4001") == "tcp:[fd00::2]:4001"
    assert TRANSIT_RELAY.clean("") == ""  # no relay at all
    for pref, bad in ((MAILBOX, "http://x"), (MAILBOX, "ws://a b/v1"), (MAILBOX, ""),
                      (TRANSIT_RELAY, "transit.example.org:4001"),
                      (TRANSIT_RELAY, "tcp:host:70000")):
        with pytest.raises(ValueError):
            pref.clean(bad)
    prefs, bad_fields = Preferences.from_dict({"mailbox": "ftp://nope", "transit_relay": 5})
    assert prefs.mailbox == PUBLIC_MAILBOX and set(bad_fields) == {"mailbox", "transit_relay"}
    again, _bad = Preferences.from_dict(Preferences(mailbox="ws://127.0.0.1:4000/v1").to_dict())
    assert again.mailbox == "ws://127.0.0.1:4000/v1"
