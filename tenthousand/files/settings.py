"""Game settings and preferences: small typed objects with defaults, saved as JSON.

``GameSettings`` is what the new-game dialog edits and the command line overrides;
``Preferences`` holds everything the player sets (delay, sound, theme, the last game...).
Both validate field by field: a bad field falls back to its default, and the loader says
which (the file itself is then set aside by :func:`load_preferences`).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import (
    LANGUAGE_NAMES,
    N_,
    _,
    available,
    ngettext,
    number,
    translate_in,
)
from ..model import LEVELS, OPTION_NAMES, PRESETS, Rules
from ..model.rules import NUMBER_LIMITS, option_clash
from ..model.text import is_plain
from .paths import paths
from .pref_kinds import (
    PUBLIC_MAILBOX,
    PUBLIC_RELAY,
    Choice,
    Flag,
    LanguageChoice,
    Number,
    Pref,
    Server,
    Text,
    relay_problem,
)
from .storage import BadFile, read_json, set_aside, write_json_atomic

if TYPE_CHECKING:
    from ..model.game import Seat

log = logging.getLogger(__name__)

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
THEMES = ("color", "mono", "contrast", "colorblind")
#: The size of dice and text, in per cent of normal, on top of the desktop's own scaling.
SIZE_RANGE = (100, 200)
SIZES = (100, 125, 150, 175, 200)  # the steps Preferences offers
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
    #: A seat a friend fills over the network (a hosted table only: never saved, the name
    #: is the friend's once they join).
    net: bool = False

    def to_seat(self) -> Seat:
        from ..model.game import Seat  # the engine loads when a game is made

        return Seat(self.name.strip(), self.computer, self.level)


#: Computer seats are lettered, never numbered: "Computer 2 0" would read like a score.
COMPUTER_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _letters(index: int) -> str:
    """A, B, ... Z, AA, AB... for ``index`` 0, 1, ..."""
    letters = ""
    index = max(0, index)
    while True:
        letters = COMPUTER_LETTERS[index % 26] + letters
        index = index // 26 - 1
        if index < 0:
            return letters


def computer_name(index: int) -> str:
    """The name of the ``index``-th computer seat (from 0): Computer A, Computer B, ...
    Computer Z, Computer AA..."""
    # Translators: the name of a computer seat; {letters} is A, B, ... Z, AA...
    return _("Computer {letters}").format(letters=_letters(index))


def guest_name(index: int) -> str:
    """The name a seat kept for a friend over the network has until the friend joins
    (their own name then): Guest A, Guest B..."""
    # Translators: a seat of a hosted table that a friend fills over the network, until
    # they join; {letters} is A, B, ... Z, AA...
    return _("Guest {letters}").format(letters=_letters(index))


def next_guest_name(used: Iterable[str]) -> str:
    """The first guest name not in ``used``."""
    taken = {name.strip().casefold() for name in used}
    index = 0
    while guest_name(index).casefold() in taken:
        index += 1
    return guest_name(index)


def person_name(index: int) -> str:
    """The name of a person's seat beyond "You": Player A, Player B..."""
    # Translators: the name of a person's seat when "You" is taken; {letters} is A, B, ...
    return _("Player {letters}").format(letters=_letters(index))


def next_person_name(used: Iterable[str]) -> str:
    """"You" while no seat has it, else the first person's name not in ``used``."""
    taken = {name.strip().casefold() for name in used}
    if _("You").casefold() not in taken:
        return _("You")
    index = 0
    while person_name(index).casefold() in taken:
        index += 1
    return person_name(index)


def default_name_kind(name: str) -> str | None:
    """Which kind of seat ``name`` is a default name of, in the language in use:
    "person" (You, Player A), "computer" (Computer A), "guest" (Guest A); None for a name
    the player chose."""
    for kind, made in (("person", person_name), ("computer", computer_name),
                       ("guest", guest_name)):
        head, _sep, tail = made(0).partition(_letters(0))
        letters = name[len(head):len(name) - len(tail)] if tail else name[len(head):]
        if name.startswith(head) and name.endswith(tail) and letters.isascii() \
                and letters.isalpha() and letters.isupper():
            return kind
    return "person" if name == _("You") else None


def next_computer_name(used: Iterable[str]) -> str:
    """The first computer name not in ``used`` (compared as the name check does)."""
    taken = {name.strip().casefold() for name in used}
    index = 0
    while computer_name(index).casefold() in taken:
        index += 1
    return computer_name(index)


def in_this_language(seat: SeatSetting) -> SeatSetting:
    """A seat whose name is a default name of any language ("You", "Du", "Computer A",
    "Ordinateur A") under the name the language in use gives it: settings made in English
    and opened in German say "Du".  A name the player chose stays as it is."""
    name = seat.name.strip()
    folded = name.casefold()
    for code in ("en", *available()):
        if folded == translate_in(code, "You").casefold():
            return dataclasses.replace(seat, name=_("You"))
        head, _sep, tail = translate_in(code, "Computer {letters}").partition("{letters}")
        letters = name[len(head):len(name) - len(tail)] if tail else name[len(head):]
        if seat.computer and head and folded.startswith(head.casefold()) \
                and folded.endswith(tail.casefold()) and letters.isascii() \
                and letters.isalpha() and letters.isupper():
            return dataclasses.replace(seat, name=_("Computer {letters}").format(
                letters=letters))
    return seat


def _default_seats() -> tuple[SeatSetting, ...]:
    return (SeatSetting(_("You")), SeatSetting(computer_name(0), True, "normal"))


#: ``GameSettings.preset`` names a saved rule set (see :mod:`tenthousand.files.rulefile`) so.
SAVED_PREFIX = "saved:"


def _saved_rules(name: str) -> Rules | None:
    from . import rulefile

    found = rulefile.find_saved(name)
    return None if found is None else found.rules


#: The coach's choices in a real-dice game (present/dice_entry.COACH_MODES says the same).
COACH_MODES = ("everyone", "nobody", "after")
#: The longest name of a set of real dice (a record refuses longer ones).
DICE_SET_LENGTH = 40


def real_dice_errors(dice_set: object, coach: object) -> dict[str, str]:
    """What is wrong with the real-dice choices of the new-game dialog (field -> why)."""
    errors: dict[str, str] = {}
    if not isinstance(dice_set, str) or len(dice_set) > DICE_SET_LENGTH:
        errors["dice_set"] = _("a name has at most {n} characters").format(
            n=number(DICE_SET_LENGTH))
    elif not is_plain(dice_set):
        errors["dice_set"] = _("a name cannot hold control characters, text-direction "
                               "marks or broken characters")
    if coach not in COACH_MODES:
        errors["coach"] = _("choose who sees the coach: everyone, nobody, or after a decision")
    return errors


@dataclass(frozen=True)
class GameSettings:
    """Everything the new-game dialog chooses."""

    preset: str = "ten-thousand"
    seats: tuple[SeatSetting, ...] = field(default_factory=_default_seats)
    game_point: int | None = None  # None: the preset's
    opening_minimum: int | None = None
    minimum: int | None = None
    options: tuple[str, ...] = ()
    #: Played with real dice at a real table: the faces of each throw are entered.
    real_dice: bool = False
    #: The name of the set of real dice ("" until the player names one).
    dice_set: str = ""
    #: Who sees the coach (the advisor) in a real-dice game: everyone, nobody, or each
    #: person after a decision (see tenthousand.present.dice_entry.COACH_MODES).
    coach: str = "everyone"
    #: A table hosted for friends over the internet (invite codes), not on this network;
    #: chosen for each table, never saved.
    internet: bool = False

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
            # Translators: {name} is the name of a saved rule set, in quotes.
            errors["preset"] = _("the saved rule set {name} is gone or cannot be read; "
                                 "choose another").format(
                name=repr(self.preset[len(SAVED_PREFIX):]))
        elif not self._known_base():
            # Translators: {presets} lists the presets' names as the command line writes them.
            errors["preset"] = _("choose one of: {presets}").format(presets=", ".join(PRESETS))
        if not 1 <= len(self.seats) <= MAX_SEATS:
            errors["seats"] = _("a game has 1 to {most} seats").format(most=number(MAX_SEATS))
        errors.update(self._seat_errors())
        errors.update(self._number_errors())
        errors.update(self._order_errors(errors))
        unknown = [o for o in self.options if o not in OPTION_NAMES]
        if unknown:
            errors["options"] = _("unknown option {name}").format(name=unknown[0])
        elif "mutant-trash" in self.options and len(self.seats) != 2:
            errors["options"] = _("Mutant Trash needs exactly two seats")
        else:  # with a saved rule set's own options too
            own = self.base().options if self._known_base() else ()
            clash = option_clash((*own, *self.options))
            if clash is not None:
                errors["options"] = clash
        errors.update(real_dice_errors(self.dice_set, self.coach))
        starts = len(self.base().starting_scores)
        if starts > len(self.seats):
            errors.setdefault("seats", ngettext(
                "these rules give a starting score to {n} seat",
                "these rules give starting scores to {n} seats", starts).format(n=number(starts)))
        return errors

    def _seat_errors(self) -> dict[str, str]:
        errors: dict[str, str] = {}
        for i, seat in enumerate(self.seats):
            name = seat.name.strip()
            if not name:
                errors[f"seat{i}"] = _("give this seat a name")
            elif len(name) > NAME_LENGTH:
                errors[f"seat{i}"] = _("a name has at most {n} characters").format(
                    n=number(NAME_LENGTH))
            elif not is_plain(name):
                errors[f"seat{i}"] = _("a name cannot hold control characters, text-direction "
                                       "marks or broken characters")
            elif seat.level not in LEVELS:
                # Translators: {levels} lists the levels as the command line writes them.
                errors[f"seat{i}"] = _("choose a level: {levels}").format(
                    levels=", ".join(LEVELS))
        names = [s.name.strip().casefold() for s in self.seats]
        for i, name in enumerate(names):
            if name and names.index(name) != i:
                errors.setdefault(f"seat{i}", _("two seats have this name"))
        return errors

    def _number_errors(self) -> dict[str, str]:
        errors: dict[str, str] = {}
        for key in ("game_point", "opening_minimum", "minimum"):
            value = getattr(self, key)
            if value is None:
                continue
            low, high = NUMBER_LIMITS[key]
            if isinstance(value, bool) or not isinstance(value, int):
                errors[key] = _("enter a whole number")
            elif not low <= value <= high:
                errors[key] = _("enter {low} to {high}").format(low=number(low),
                                                                high=number(high))
            elif value % 50:
                errors[key] = _("enter a multiple of 50")
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
        below = {
            # Translators: next to the game point field; {value} is the preset's minimum.
            "opening_minimum": N_("must not be below the opening minimum ({value})"),
            "minimum": N_("must not be below the later minimum ({value})"),
        }
        for key, text in below.items():
            value = getattr(self, key)
            value = value if value is not None else getattr(base, key)
            if value <= game_point:
                continue
            if getattr(self, key) is not None:
                found[key] = _("must not be above the game point ({value})").format(
                    value=number(game_point))
            else:
                found.setdefault("game_point", _(text).format(value=number(value)))
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
            "seats": [{"name": s.name, "computer": s.computer, "level": s.level}
                      for s in self.seats],
            "game_point": self.game_point,
            "opening_minimum": self.opening_minimum,
            "minimum": self.minimum,
            "options": list(self.options),
            "real_dice": self.real_dice,
            "dice_set": self.dice_set,
            "coach": self.coach,
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
            real_dice=data.get("real_dice", False) is True,
            dice_set=data.get("dice_set", ""),
            coach=data.get("coach", "everyone"),
        )
        errors = settings.errors()
        if errors:
            raise ValueError(next(iter(errors.values())))
        return settings


# -- the preferences, each defined once ---------------------------------------------------

# Translators: the labels of the preferences dialog; "&" marks the access key (Alt+letter),
# which must be a letter of your text and must not repeat in that dialog.
DELAY: Number[float] = Number(
    "delay", 0.8, N_("Computer &delay"), low=DELAY_RANGE[0], high=DELAY_RANGE[1],
    step=0.05, unit=" s", ask=N_("enter a number of seconds"),
    out_of_range=N_("enter {low} to {high} seconds"),
    hint=N_("seconds between the computer's moves, {low} to {high} (Up and Down "
            "change it in the game)"))
PITCH: Number[int] = Number(
    "pitch", 0, N_("&Pitch"), low=PITCH_RANGE[0], high=PITCH_RANGE[1], whole=True,
    signed=True,
    hint=N_("semitones, {low} to {high}; 0 is the natural sound (Left and Right "
            "change it)"))
VOLUME: Number[int] = Number(
    "volume", 80, N_("&Volume"), low=VOLUME_RANGE[0], high=VOLUME_RANGE[1],
    whole=True, unit="%", hint=N_("0 is silent; + and - change it in the game"))
SOUND = Flag("sound", True, N_("&Rattle the dice (F1)"))
ANIMATION = Flag("animation", True, N_("&Animate the dice"))
INTRO = Flag("intro", True, N_("Play the &title show at start-up"))
ADVISOR = Flag("advisor", False)
SPEECH = Flag("speech", False, N_("Sp&eak what happens (Ctrl+Period silences)"))
GUIDE_DONE = Flag("guide_done", False)  # the first-turn tour was finished or skipped
ANIMATION_SPEED = Choice("animation_speed", "normal", N_("Animation speed"),
                         choices=(("slow", N_("Slo&w")), ("normal", N_("&Normal")),
                                  ("fast", N_("&Fast"))))
assert tuple(dict(ANIMATION_SPEED.choices)) == tuple(ANIMATION_SPEEDS)
THEME = Choice("theme", "color", N_("Screen"),
               choices=(("color", N_("&Colour")), ("mono", N_("&Monochrome")),
                        ("contrast", N_("&High contrast")),
                        ("colorblind", N_("Colour-&blind safe"))))
assert tuple(dict(THEME.choices)) == THEMES
SIZE: Number[int] = Number(
    "size", 100, N_("&Size"), low=SIZE_RANGE[0], high=SIZE_RANGE[1], whole=True,
    unit="%", hint=N_("of dice and text; the desktop's own scaling comes on top"))
# Translators: the colours of the table (the felt) in the preferences dialog's list.
TABLE_COLOUR = Choice("table_colour", "green", N_("Table c&olour"),
                      choices=(("green", N_("Green")), ("blue", N_("Blue")), ("red", N_("Red")),
                               ("brown", N_("Brown")), ("slate", N_("Slate")),
                               ("purple", N_("Purple"))),
                      hint=N_("F10 cycles the table colours in a game; the table stays grey "
                              "in monochrome and black in high contrast"))
assert tuple(dict(TABLE_COLOUR.choices)) == tuple(n for n, _colour in TABLE_COLOURS)
LANGUAGE = LanguageChoice("language", "", N_("Lan&guage"),
                          choices=(("", ""), *((code, name) for code, name in
                                               LANGUAGE_NAMES.items())))
GEOMETRY = Text("geometry", "")  # Tk geometry of the main window, "" for the default

MAILBOX = Server("mailbox", PUBLIC_MAILBOX, N_("Ma&ilbox server"),
                 N_("where friends over the internet meet by their codes"))
TRANSIT_RELAY = Server("transit_relay", PUBLIC_RELAY, N_("Transit rela&y"),
                       N_("carries the game when neither computer can reach the other "
                          "(empty: none)"), check=relay_problem)

def next_delay(delay: float, faster: bool) -> float:
    """The delay after one press of Up (faster) or Down: steps of 0.1 s up to 1 s, then
    0.2 s."""
    if faster:
        delay -= 0.2 if delay > 1.0 + 1e-9 else 0.1
    else:
        delay += 0.2 if delay >= 1.0 - 1e-9 else 0.1
    return DELAY.clamp(delay)


#: Every preference but the last game's settings, by name.
PREFS: dict[str, Pref[Any]] = {p.name: p for p in (
    DELAY, SOUND, PITCH, THEME, TABLE_COLOUR, INTRO, ANIMATION, ADVISOR, VOLUME,
    ANIMATION_SPEED, SIZE, GUIDE_DONE, GEOMETRY, SPEECH, LANGUAGE, MAILBOX, TRANSIT_RELAY)}
#: What the preferences dialog edits (the rest the window keeps by itself).
DIALOG_PREFS = ("delay", "animation", "intro", "animation_speed", "sound", "pitch", "volume",
                "theme", "table_colour", "size", "speech", "language", "mailbox", "transit_relay")


def _game_settings(data: Any, bad: list[str]) -> dict[str, GameSettings]:
    """The last game's settings from JSON ({} and "game" in ``bad`` when they are damaged).

    A saved rule set that is gone (deleted, renamed, no longer readable) is no damage: the
    seats and options stay, and the game falls back to the first preset's rules."""
    try:
        return {"game": GameSettings.from_dict(data)}
    except ValueError:
        pass
    preset = data.get("preset") if isinstance(data, dict) else None
    if isinstance(preset, str) and preset.startswith(SAVED_PREFIX):
        try:
            kept = GameSettings.from_dict(dict(data, preset=next(iter(PRESETS)),
                                               game_point=None, opening_minimum=None,
                                               minimum=None))
        except ValueError:
            pass
        else:
            log.warning("the rule set %r of the last game is gone; using %s", preset,
                        kept.preset)
            return {"game": kept}
    bad.append("game")
    return {}


@dataclass(frozen=True)
class Preferences:
    """What the player sets once and keeps; each field is defined by its :class:`Pref`.

    Every value is cleaned when the object is made: the delay is always a multiple of
    0.05 s, whoever set it."""

    delay: float = DELAY.default  # seconds between the computer's moves
    sound: bool = SOUND.default
    pitch: int = PITCH.default
    theme: str = THEME.default
    table_colour: str = TABLE_COLOUR.default
    intro: bool = INTRO.default
    animation: bool = ANIMATION.default
    advisor: bool = ADVISOR.default
    volume: int = VOLUME.default  # per cent
    animation_speed: str = ANIMATION_SPEED.default  # a key of ANIMATION_SPEEDS
    size: int = SIZE.default  # dice and text, per cent
    guide_done: bool = GUIDE_DONE.default
    geometry: str = GEOMETRY.default
    speech: bool = SPEECH.default  # the game speaks what happens (issue 14)
    language: str = LANGUAGE.default  # "" follows the desktop; else en, de, fr (issue 14)
    mailbox: str = MAILBOX.default  # the magic-wormhole mailbox server (issue 41)
    transit_relay: str = TRANSIT_RELAY.default  # and its transit relay ("" for none)
    game: GameSettings = field(default_factory=GameSettings)

    def __post_init__(self) -> None:
        # The one rounding rule: a delay of 0.23 s is kept, played and shown as 0.25 s.
        object.__setattr__(self, "delay", DELAY.clamp(self.delay))

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
            return default, [_("the whole file")]
        bad: list[str] = []
        values: dict[str, Any] = {}
        for name, pref in PREFS.items():
            if name in data:
                try:
                    values[name] = pref.clean(data[name])
                except (ValueError, OverflowError):
                    bad.append(name)
        if "guide_done" not in data and data:
            # A file from before the tour: its player has played already.
            values["guide_done"] = True
        if "game" in data:
            values.update(_game_settings(data["game"], bad))
        return dataclasses.replace(default, **values), bad

    def replace(self, **changes: Any) -> Preferences:
        return dataclasses.replace(self, **changes)

    def changed(self, other: Preferences) -> dict[str, Any]:
        """The fields whose value in ``other`` differs from this one's: name -> new value."""
        return {f.name: getattr(other, f.name) for f in dataclasses.fields(self)
                if getattr(other, f.name) != getattr(self, f.name)}


Watcher = Callable[[], None]


class LivePreferences:
    """The one owner of the preferences: those in use, those saved, and the settings of the
    next new game; and who wants to know when one changes.

    ``value`` is what the window plays with now: the saved preferences with the command
    line's launch-only choices on top.  ``saved`` is what :func:`save_preferences` writes:
    the preferences as loaded plus every change the player makes in the window (so a
    launch-only choice is never written back unless the player makes it again).
    ``game`` is the settings the next new game starts with (the new-game dialog's).

    Like Porcupine's ``<<GlobalSettingChanged:name>>``: a watcher is called once per
    :meth:`update`, and only when a value it watches really changed."""

    def __init__(self, prefs: Preferences, saved: Preferences | None = None) -> None:
        self.value = prefs
        self.saved = saved if saved is not None else prefs
        self._watchers: list[tuple[frozenset[str], Watcher]] = []

    @property
    def game(self) -> GameSettings:
        """The settings of the next new game."""
        return self.value.game

    def watch(self, names: str | Iterable[str], callback: Watcher) -> None:
        """Call ``callback()`` whenever one or more of ``names`` change."""
        names = frozenset((names,) if isinstance(names, str) else names)
        unknown = names - {f.name for f in dataclasses.fields(Preferences)}
        if unknown:
            raise KeyError(f"no such preference: {', '.join(sorted(unknown))}")
        self._watchers.append((names, callback))

    def update(self, **changes: Any) -> dict[str, Any]:
        """Take the player's ``changes`` (saved from now on), tell the watchers, and
        return what really changed."""
        old = self.value
        self.value = old.replace(**changes)
        changed = old.changed(self.value)
        if changed:
            self.saved = self.saved.replace(**changed)
        for names, callback in list(self._watchers):
            if names & changed.keys():
                callback()
        return changed

    def choose_game(self, settings: GameSettings) -> None:
        """The settings of a game the player starts: the next one's too, and saved (even
        when they are the command line's, now the player's own choice)."""
        self.update(game=settings)
        self.saved = self.saved.replace(game=settings)

    def clear(self) -> None:
        """Forget every watcher (the window is closing)."""
        self._watchers.clear()


def load_preferences() -> tuple[Preferences, str | None]:
    """The saved preferences and, when the file was bad, one sentence to tell the player.

    A bad file is set aside as ``preferences.json.bad-TIMESTAMP``; the good fields are kept.
    """
    path = paths().preferences
    try:
        data = read_json(path)
    except BadFile as e:
        aside = set_aside(path)
        if aside:
            # Translators: {problem} says what is wrong with the file; {file} is its new name.
            return Preferences(), _("Your preferences could not be read: {problem} (kept as "
                                    "{file}); using the defaults.").format(problem=e,
                                                                           file=aside.name)
        return Preferences(), _("Your preferences could not be read: {problem}; using the "
                                "defaults.").format(problem=e)
    if data is None and not path.exists():  # (a file holding JSON null is bad, below)
        return Preferences(), None
    prefs, bad = Preferences.from_dict(data)
    if isinstance(data, dict) and isinstance(data.get("format"), int) and data["format"] > 1:
        bad = [_("the format (newer than this program)")]
    if bad:
        aside = set_aside(path)
        # Translators: {names} lists the preferences (as the file names them) or a part of
        # the file; {file} is the old file's new name.
        if aside:
            return prefs, _("Some preferences were damaged and are back to their defaults: "
                            "{names} (the old file is kept as {file}).").format(
                names=", ".join(bad), file=aside.name)
        return prefs, _("Some preferences were damaged and are back to their defaults: "
                        "{names}.").format(names=", ".join(bad))
    return prefs, None


def save_preferences(prefs: Preferences) -> None:
    """Write the preferences atomically (OSError when the disk refuses)."""
    write_json_atomic(paths().preferences, prefs.to_dict())


def saved_language() -> str:
    """The language kept in Preferences ("" to follow the desktop, and when the file has
    none or cannot be read): read first at start-up, so every text is built in it."""
    try:
        data = read_json(paths().preferences)
    except BadFile:
        return ""
    if not isinstance(data, dict):
        return ""
    try:
        return LANGUAGE.clean(data.get("language", ""))
    except ValueError:
        return ""
