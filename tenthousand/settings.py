"""Game settings and preferences: small typed objects with defaults, saved as JSON.

``GameSettings`` is what the new-game dialog edits and the command line overrides;
``Preferences`` holds everything the player sets (delay, sound, theme, the last game...).
Both validate field by field: a bad field falls back to its default, and the loader says
which (the file itself is then set aside by :func:`load_preferences`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .model import LEVELS, OPTION_NAMES, PRESETS, Rules, Seat
from .model.rules import NUMBER_LIMITS
from .paths import paths
from .storage import BadFile, read_json, set_aside, write_json_atomic

MAX_SEATS = 9
NAME_LENGTH = 24

#: Table colours F10 cycles through: (name, felt colour).
TABLE_COLOURS: tuple[tuple[str, str], ...] = (
    ("green", "#1e6b3c"),
    ("blue", "#1d4e89"),
    ("red", "#7d2330"),
    ("brown", "#6b4a2b"),
    ("slate", "#3b4250"),
    ("purple", "#4d2f6b"),
)
THEMES = ("color", "mono")
DELAY_RANGE = (0.0, 3.0)
PITCH_RANGE = (-12, 12)  # semitones around the natural rattle
VOLUME_RANGE = (0, 100)  # per cent of the loudest rattle; 0 is silent
VOLUME_STEP = 10  # what + and - change it by in the game
#: Animation speeds: name -> how long the table's animations take, as a factor of normal.
ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5}


@dataclass(frozen=True)
class SeatSetting:
    name: str
    computer: bool = False
    level: str = "normal"

    def to_seat(self) -> Seat:
        return Seat(self.name.strip(), self.computer, self.level)


#: Computer seats are lettered, never numbered: "Computer 2 0" would read like a score.
COMPUTER_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def computer_name(index: int) -> str:
    """The name of the ``index``-th computer seat (from 0): Computer A, Computer B, ...
    Computer Z, Computer AA..."""
    letters = ""
    index = max(0, index)
    while True:
        letters = COMPUTER_LETTERS[index % 26] + letters
        index = index // 26 - 1
        if index < 0:
            return f"Computer {letters}"


def next_computer_name(used: Iterable[str]) -> str:
    """The first computer name not in ``used`` (compared as the name check does)."""
    taken = {name.strip().casefold() for name in used}
    index = 0
    while computer_name(index).casefold() in taken:
        index += 1
    return computer_name(index)


def _default_seats() -> tuple[SeatSetting, ...]:
    return (SeatSetting("You"), SeatSetting(computer_name(0), True, "normal"))


#: ``GameSettings.preset`` names a saved rule set (see :mod:`tenthousand.rulefile`) so.
SAVED_PREFIX = "saved:"


def _saved_rules(name: str) -> Rules | None:
    from . import rulefile

    found = rulefile.find_saved(name)
    return None if found is None else found.rules


@dataclass(frozen=True)
class GameSettings:
    """Everything the new-game dialog chooses."""

    preset: str = "ten-thousand"
    seats: tuple[SeatSetting, ...] = field(default_factory=_default_seats)
    game_point: int | None = None  # None: the preset's
    opening_minimum: int | None = None
    minimum: int | None = None
    options: tuple[str, ...] = ()

    def base(self) -> Rules:
        """The preset, or the saved rule set when ``preset`` is ``saved:NAME``."""
        if self.preset.startswith(SAVED_PREFIX):
            found = _saved_rules(self.preset[len(SAVED_PREFIX):])
            if found is not None:
                return found
        return PRESETS.get(self.preset, PRESETS["ten-thousand"])

    def _known_base(self) -> bool:
        if self.preset.startswith(SAVED_PREFIX):
            return _saved_rules(self.preset[len(SAVED_PREFIX):]) is not None
        return self.preset in PRESETS

    def errors(self) -> dict[str, str]:
        """Field name -> what is wrong and what is allowed; empty when all is well."""
        errors: dict[str, str] = {}
        if self.preset.startswith(SAVED_PREFIX) and not self._known_base():
            errors["preset"] = (f"the saved rule set {self.preset[len(SAVED_PREFIX):]!r} "
                                "is gone or cannot be read; choose another")
        elif not self._known_base():
            errors["preset"] = f"choose one of: {', '.join(PRESETS)}"
        if not 1 <= len(self.seats) <= MAX_SEATS:
            errors["seats"] = f"a game has 1 to {MAX_SEATS} seats"
        for i, seat in enumerate(self.seats):
            name = seat.name.strip()
            if not name:
                errors[f"seat{i}"] = "give this seat a name"
            elif len(name) > NAME_LENGTH:
                errors[f"seat{i}"] = f"a name has at most {NAME_LENGTH} characters"
            elif seat.level not in LEVELS:
                errors[f"seat{i}"] = f"choose a level: {', '.join(LEVELS)}"
        names = [s.name.strip().casefold() for s in self.seats]
        for i, name in enumerate(names):
            if name and names.index(name) != i:
                errors.setdefault(f"seat{i}", "two seats have this name")
        for key in ("game_point", "opening_minimum", "minimum"):
            value = getattr(self, key)
            if value is None:
                continue
            low, high = NUMBER_LIMITS[key]
            if isinstance(value, bool) or not isinstance(value, int):
                errors[key] = "enter a whole number"
            elif not low <= value <= high:
                errors[key] = f"enter {low:,} to {high:,}"
            elif value % 50:
                errors[key] = "enter a multiple of 50"
        errors.update(self._order_errors(errors))
        unknown = [o for o in self.options if o not in OPTION_NAMES]
        if unknown:
            errors["options"] = f"unknown option {unknown[0]}"
        elif "mutant-trash" in self.options and len(self.seats) != 2:
            errors["options"] = "Mutant Trash needs exactly two seats"
        starts = len(self.base().starting_scores)
        if starts > len(self.seats):
            errors.setdefault("seats", f"these rules give starting scores to {starts} seats")
        return errors

    def _order_errors(self, errors: dict[str, str]) -> dict[str, str]:
        """A minimum above the game point could never be reached: say so on the field the
        player typed (the preset's own numbers always fit)."""
        if not self._known_base() or any(
                key in errors for key in ("game_point", "opening_minimum", "minimum")):
            return {}
        base = self.base()
        game_point = self.game_point if self.game_point is not None else base.game_point
        found: dict[str, str] = {}
        for key, text in (("opening_minimum", "opening minimum"), ("minimum", "later minimum")):
            value = getattr(self, key)
            value = value if value is not None else getattr(base, key)
            if value <= game_point:
                continue
            if getattr(self, key) is not None:
                found[key] = f"must not be above the game point ({game_point:,})"
            else:
                found.setdefault("game_point", f"must not be below the {text} ({value:,})")
        return found

    def to_rules(self) -> Rules:
        """The rule set (raises ValueError if :meth:`errors` is not empty)."""
        errors = self.errors()
        if errors:
            raise ValueError("; ".join(f"{k}: {v}" for k, v in errors.items()))
        changes: dict[str, Any] = {}
        for key in ("game_point", "opening_minimum", "minimum"):
            if getattr(self, key) is not None:
                changes[key] = getattr(self, key)
        return self.base().with_options(*self.options, **changes)

    def to_seats(self) -> list[Seat]:
        return [s.to_seat() for s in self.seats]

    def to_dict(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "seats": [dataclasses.asdict(s) for s in self.seats],
            "game_point": self.game_point,
            "opening_minimum": self.opening_minimum,
            "minimum": self.minimum,
            "options": list(self.options),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameSettings:
        """Rebuild from JSON; raises ValueError when anything is off."""
        if not isinstance(data, dict):
            raise ValueError("game settings must be a JSON object")
        seats_data = data.get("seats")
        if not isinstance(seats_data, list):
            raise ValueError("seats must be a list")
        seats = []
        for s in seats_data:
            if not isinstance(s, dict) or not isinstance(s.get("name"), str) \
                    or not isinstance(s.get("computer", False), bool) \
                    or not isinstance(s.get("level", "normal"), str):
                raise ValueError("a seat must have a name, computer true/false and a level")
            seats.append(SeatSetting(s["name"], s.get("computer", False), s.get("level", "normal")))
        options = data.get("options", [])
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            raise ValueError("options must be a list of names")
        settings = cls(
            preset=str(data["preset"]) if isinstance(data.get("preset"), str) else "",
            seats=tuple(seats),
            game_point=data.get("game_point"),
            opening_minimum=data.get("opening_minimum"),
            minimum=data.get("minimum"),
            options=tuple(options),
        )
        errors = settings.errors()
        if errors:
            raise ValueError(next(iter(errors.values())))
        return settings


@dataclass(frozen=True)
class Preferences:
    """What the player sets once and keeps."""

    delay: float = 0.8  # seconds between the computer's moves
    sound: bool = True
    pitch: int = 0
    theme: str = "color"
    table_colour: str = "green"
    intro: bool = True
    animation: bool = True
    advisor: bool = False
    volume: int = 80  # per cent, VOLUME_RANGE
    animation_speed: str = "normal"  # a key of ANIMATION_SPEEDS
    guide_done: bool = False  # the first-turn tour was finished or skipped
    geometry: str = ""  # Tk geometry of the main window, "" for the default
    game: GameSettings = field(default_factory=GameSettings)

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["game"] = self.game.to_dict()
        data["format"] = 1
        return data

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Preferences, list[str]]:
        """Preferences from JSON, with a default for each bad field, and the names of the
        fields that were bad."""
        default = cls()
        if not isinstance(data, dict):
            return default, ["the whole file"]
        bad: list[str] = []
        values: dict[str, Any] = {}

        def take(name: str, ok: bool, value: Any) -> None:
            if name not in data:
                return
            if ok:
                values[name] = value
            else:
                bad.append(name)

        d = data.get("delay")
        ok = isinstance(d, (int, float)) and not isinstance(d, bool) \
            and DELAY_RANGE[0] <= d <= DELAY_RANGE[1]
        take("delay", ok, float(d) if ok and d is not None else 0.0)  # float(10**400) would raise
        for name in ("sound", "intro", "animation", "advisor", "guide_done"):
            take(name, isinstance(data.get(name), bool), data.get(name))
        if "guide_done" not in data and data:
            # A file from before the tour: its player has played already.
            values["guide_done"] = True
        p = data.get("pitch")
        take("pitch", isinstance(p, int) and not isinstance(p, bool)
             and PITCH_RANGE[0] <= p <= PITCH_RANGE[1], p)
        v = data.get("volume")
        take("volume", isinstance(v, int) and not isinstance(v, bool)
             and VOLUME_RANGE[0] <= v <= VOLUME_RANGE[1], v)
        take("animation_speed", data.get("animation_speed") in tuple(ANIMATION_SPEEDS),
             data.get("animation_speed"))
        take("theme", data.get("theme") in THEMES, data.get("theme"))
        take("table_colour", data.get("table_colour") in [name for name, _ in TABLE_COLOURS],
             data.get("table_colour"))
        g = data.get("geometry")
        take("geometry", isinstance(g, str) and len(g) < 40, g)
        if "game" in data:
            try:
                values["game"] = GameSettings.from_dict(data["game"])
            except ValueError:
                bad.append("game")
        return dataclasses.replace(default, **values), bad

    def replace(self, **changes: Any) -> Preferences:
        return dataclasses.replace(self, **changes)


def load_preferences() -> tuple[Preferences, str | None]:
    """The saved preferences and, when the file was bad, one sentence to tell the player.

    A bad file is set aside as ``preferences.json.bad-TIMESTAMP``; the good fields are kept.
    """
    path = paths().preferences
    try:
        data = read_json(path)
    except BadFile as e:
        aside = set_aside(path)
        where = f" (kept as {aside.name})" if aside else ""
        return Preferences(), f"Your preferences could not be read: {e}{where}; using the defaults."
    if data is None and not path.exists():  # (a file holding JSON null is bad, below)
        return Preferences(), None
    prefs, bad = Preferences.from_dict(data)
    if isinstance(data, dict) and isinstance(data.get("format"), int) and data["format"] > 1:
        bad = ["the format (newer than this program)"]
    if bad:
        aside = set_aside(path)
        where = f" (the old file is kept as {aside.name})" if aside else ""
        return prefs, ("Some preferences were damaged and are back to their defaults: "
                       f"{', '.join(bad)}{where}.")
    return prefs, None


def save_preferences(prefs: Preferences) -> None:
    """Write the preferences atomically (OSError when the disk refuses)."""
    write_json_atomic(paths().preferences, prefs.to_dict())
