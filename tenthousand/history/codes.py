"""Proof that nobody chose the dice, and the same dice for friends on other computers.

- :func:`fingerprint_of`: the SHA-256 of a game's seed, shown before the game starts; the
  seed itself is shown at the end, and :func:`verify` checks a record against both.
- A **challenge code** holds the rules, the computer opponent's level and a seed: two
  friends who enter it play the same dice against the same opponent.  A **result code**
  holds what one of them did (name, score, win, decisions and what they gave away) and the
  challenge it answers, so the other can check it and compare side by side.

Codes are short: packed bytes in base 32 (no easily confused letters), grouped by five,
ending with four bytes of a SHA-256 checksum.  A changed, dropped or swapped character makes
the checksum fail and the code is refused.  (The checksum is not a secret signature: it
catches a typing slip or a casual edit, which is all a game between friends needs.)
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import _, ngettext, number, percent
from ..model.game import Game, Seat
from ..model.record import Command, Record
from ..model.rules import LEVELS, OPTION_NAMES, PRESETS, Rules, level_word

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_DECODE = {c: i for i, c in enumerate(ALPHABET)}
_DECODE.update({"O": 0, "I": 1, "L": 1})
_PRESET_LIST = tuple(sorted(PRESETS))
CHALLENGE_TAG = "TC"
RESULT_TAG = "TR"
#: The most characters a code may have as pasted, spaces and line breaks included: twice
#: the longest real one (a result code with a name of 72 bytes: 193 characters).  A longer
#: text is refused before it is decoded, whose time grows with the square of its length.
MAX_CODE_CHARACTERS = 400


class BadCode(ValueError):
    """A code that cannot be read or does not check; the message is for the player."""


# -- the fingerprint ----------------------------------------------------------------------------


def fingerprint_of(seed: int) -> str:
    """The SHA-256 of a seed, in hex (what is shown before the game)."""
    return hashlib.sha256(f"tenthousand seed {seed}".encode()).hexdigest()


def short_fingerprint(fingerprint: str) -> str:
    """The first 16 hex digits in groups of four, for a window line."""
    return " ".join(fingerprint[i:i + 4] for i in range(0, 16, 4))


def _thrown(game: Game) -> list[tuple[int, tuple[int, ...]]]:
    from ..model.events import Thrown

    return [(e.seat, e.dice) for e in game.log if isinstance(e, Thrown)]


@dataclass(frozen=True)
class Verdict:
    ok: bool
    lines: tuple[str, ...]


def verify(record: Record, fingerprint: str | None = None) -> Verdict:
    """Check that ``record``'s seed matches ``fingerprint`` (when given; the first hex
    digits are enough) and that its dice are exactly those the seed gives."""
    lines: list[str] = []
    seed = record.start.seed
    if seed is None:
        return Verdict(False, (_("The record keeps no seed (it starts from a saved position or "
                                 "a generator's state), so there is no fingerprint to check "
                                 "its dice against."),))
    mine = fingerprint_of(seed)
    # Translators: --verify's output; {seed} is a long number written as is (no grouping).
    lines.append(_("Seed: {seed}").format(seed=seed))
    # Translators: --verify's output; {fingerprint} is 64 hexadecimal digits.
    lines.append(_("Fingerprint: {fingerprint}").format(fingerprint=mine))
    ok = True
    if fingerprint is not None:
        want = "".join(c for c in fingerprint.lower() if c in "0123456789abcdef")
        if len(want) < 8:
            return Verdict(False, (*lines, _("The fingerprint to check needs at least 8 hex "
                                             "digits.")))
        if mine.startswith(want):
            lines.append(_("The seed matches the fingerprint shown before the game."))
        else:
            ok = False
            lines.append(_("The seed does NOT match the fingerprint given."))
    start = record.start
    fresh = Game(record.rules, record.seats, seed=seed, first_seat=start.first_seat,
                 match_points=start.match_points or None, games_played=start.games_played,
                 match_games=start.match_games)
    try:
        for command in record.commands:
            Command(command.seat, command.name, command.args).apply(fresh)
    except Exception as e:  # noqa: BLE001 - any failure means the dice differ; say so
        # Translators: {reason} is the game's own sentence about the move it refused.
        return Verdict(False, (*lines, _("The record's moves cannot be played with the "
                                         "seed's dice ({reason}).").format(reason=e)))
    game = record.game if record.game is not None else record.replay()
    if _thrown(fresh) != _thrown(game):
        return Verdict(False, (*lines, _("The record's dice are NOT the ones the seed "
                                         "gives.")))
    throws = len(_thrown(game))
    lines.append(ngettext("{n} throw of the record follows from the seed.",
                          "All {n} throws of the record follow from the seed.",
                          throws).format(n=number(throws)))
    return Verdict(ok, tuple(lines))


# -- base 32 with a checksum -------------------------------------------------------------------


def _encode(tag: str, payload: bytes) -> str:
    data = payload + hashlib.sha256(tag.encode() + payload).digest()[:4]
    count = (len(data) * 8 + 4) // 5
    bits = int.from_bytes(data, "big") << (count * 5 - len(data) * 8)  # pad at the end
    chars = [ALPHABET[(bits >> (5 * (count - 1 - i))) & 31] for i in range(count)]
    text = "".join(chars)
    return tag + "-" + "-".join(text[i:i + 5] for i in range(0, len(text), 5))


def _code_messages(tag: str) -> dict[str, str]:
    """The sentences about a bad code of the kind ``tag`` (whole sentences, one kind each)."""
    if tag == CHALLENGE_TAG:
        return {
            "other": _("This is a result code, not a challenge code."),
            "tag": _("This is not a challenge code: it should begin with {tag}-."),
            # Translators: {char} is the character, in quotes.
            "char": _("The challenge code has a character that cannot be in it: {char}."),
            "short": _("The challenge code is too short: a part of it is missing."),
            "long": _("This is far too long for a challenge code: copy only the code, from "
                      "TC- to its last group."),
            "changed": _("The challenge code does not check: a character was changed. Copy "
                         "it again exactly as it was sent."),
            "check": _("The challenge code does not check: a character was changed, left out "
                       "or added. Copy it again exactly as it was sent."),
        }
    return {
        "other": _("This is a challenge code, not a result code."),
        "tag": _("This is not a result code: it should begin with {tag}-."),
        # Translators: {char} is the character, in quotes.
        "char": _("The result code has a character that cannot be in it: {char}."),
        "short": _("The result code is too short: a part of it is missing."),
        "long": _("This is far too long for a result code: copy only the code, from TR- to "
                  "its last group."),
        "changed": _("The result code does not check: a character was changed. Copy it "
                     "again exactly as it was sent."),
        "check": _("The result code does not check: a character was changed, left out or "
                   "added. Copy it again exactly as it was sent."),
    }


def _decode(tag: str, code: str) -> bytes:
    words = _code_messages(tag)
    if len(code) > MAX_CODE_CHARACTERS:
        raise BadCode(words["long"])
    text = "".join(c for c in code.upper() if not c.isspace() and c != "-")
    if not text.startswith(tag):
        if text[:2] in (CHALLENGE_TAG, RESULT_TAG):
            raise BadCode(words["other"])
        raise BadCode(words["tag"].format(tag=tag))
    text = text[len(tag):]
    bits = 0
    for c in text:
        if c not in _DECODE:
            raise BadCode(words["char"].format(char=repr(c)))
        bits = (bits << 5) | _DECODE[c]
    size = len(text) * 5 // 8
    if size < 6:
        raise BadCode(words["short"])
    pad = len(text) * 5 - size * 8
    if bits & ((1 << pad) - 1):  # the padding is written as zeros: a change shows here too
        raise BadCode(words["changed"])
    bits >>= pad
    data = bits.to_bytes(size, "big")
    payload, check = data[:-4], data[-4:]
    if hashlib.sha256(tag.encode() + payload).digest()[:4] != check:
        raise BadCode(words["check"])
    return payload


# -- challenge codes ---------------------------------------------------------------------------

_CHALLENGE = struct.Struct(">BBBHBQ")  # version, preset, options, game point / 500, level, seed


@dataclass(frozen=True)
class Challenge:
    """What a challenge code holds."""

    rules: Rules
    level: str  # the computer opponent's level
    seed: int
    daily: str = ""  # the date of a daily challenge, or ''

    @property
    def code(self) -> str:
        return challenge_code(self)

    def seats(self, name: str) -> list[Seat]:
        """The table: the player first, then the computer (the first seat is fixed)."""
        # Translators: the seat name of the computer opponent in a challenge.
        return [Seat(name), Seat(_("Computer"), True, self.level)]

    def new_game(self, name: str) -> Game:
        return Game(self.rules, self.seats(name), seed=self.seed, first_seat=0)

    def describe(self) -> str:
        """One line about the challenge, without a full stop ("Challenge: Farkle to 10,000
        against the expert computer")."""
        fields = {"rules": self.rules.plain_label, "points": number(self.rules.game_point),
                  "level": level_word(self.level), "date": self.daily}
        if self.daily:
            # Translators: {date} is written 2026-11-30; {rules} is a rule set's name,
            # {points} its game point, {level} a computer level from the "computer level"
            # messages (expert...).  No full stop: the window adds what follows.
            return _("Daily challenge of {date}: {rules} to {points} against the {level} "
                     "computer").format(**fields)
        # Translators: as "Daily challenge of {date}: ..." without the date.
        return _("Challenge: {rules} to {points} against the {level} computer").format(
            **fields)


def _rules_from(preset: str, options: Sequence[str], game_point: int) -> Rules:
    return PRESETS[preset].with_options(*options, game_point=game_point)


def challenge_code(challenge: Challenge) -> str:
    """The code for ``challenge`` (ValueError for rules a code cannot carry)."""
    rules = challenge.rules
    if rules.game_point % 500 or not 0 < rules.game_point // 500 < 65536:
        raise ValueError(_("These rules cannot go into a code: a challenge code needs a game "
                           "point in steps of 500."))
    if _rules_from(rules.preset, rules.options, rules.game_point) != rules:
        raise ValueError(_("These rules cannot go into a code: a challenge code carries a "
                           "rule set and its options, not numbers changed by hand."))
    if challenge.level not in LEVELS:
        raise ValueError(_("These rules cannot go into a code: the computer level {level} "
                           "is unknown.").format(level=repr(challenge.level)))
    mask = sum(1 << i for i, name in enumerate(OPTION_NAMES) if name in rules.options)
    payload = _CHALLENGE.pack(1, _PRESET_LIST.index(rules.preset), mask,
                              rules.game_point // 500, LEVELS.index(challenge.level),
                              challenge.seed & (2**64 - 1))
    return _encode(CHALLENGE_TAG, payload)


def read_challenge(code: str) -> Challenge:
    """The challenge in ``code``; BadCode with a sentence when it is not one or is changed."""
    if len(code) > MAX_CODE_CHARACTERS:
        raise BadCode(_code_messages(CHALLENGE_TAG)["long"])
    text = "".join(c for c in code.upper() if not c.isspace() and c != "-")
    # A code's length is fixed: a text of another length is not a changed code but another
    # text, or a code cut short (said before its checksum would call it "changed").
    if text.startswith(CHALLENGE_TAG) and \
            len(text) != len(CHALLENGE_TAG) + -(-(_CHALLENGE.size + 4) * 8 // 5):
        raise BadCode(_("The challenge code has the wrong length."))
    payload = _decode(CHALLENGE_TAG, code)
    if len(payload) != _CHALLENGE.size:
        raise BadCode(_("The challenge code has the wrong length."))
    version, preset, mask, point, level, seed = _CHALLENGE.unpack(payload)
    if version != 1:
        raise BadCode(_("The challenge code comes from a newer release of the game."))
    if preset >= len(_PRESET_LIST) or level >= len(LEVELS) or mask >> len(OPTION_NAMES):
        raise BadCode(_("The challenge code names rules this release does not know."))
    options = [name for i, name in enumerate(OPTION_NAMES) if mask >> i & 1]
    try:
        rules = _rules_from(_PRESET_LIST[preset], options, point * 500)
    except ValueError as e:
        # Translators: {reason} is the rules' own sentence about what contradicts.
        raise BadCode(_("The challenge code's rules cannot be played: {reason}.").format(
            reason=str(e).rstrip("."))) from None
    return Challenge(rules, LEVELS[level], seed)


def daily_challenge(day: _dt.date | None = None) -> Challenge:
    """Today's challenge (the same for everyone): Ten-Thousand against Expert, with a seed
    from the date."""
    day = _dt.date.today() if day is None else day
    digest = hashlib.sha256(f"tenthousand daily {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") >> 1
    return Challenge(PRESETS["ten-thousand"], "expert", seed, daily=day.isoformat())


# -- result codes ------------------------------------------------------------------------------

_RESULT = struct.Struct(">B4s4siBHHIB")
# version, challenge id, moves digest, score, won, turns, decisions, cost (1e-5 or points),
# value kind (0 win, 1 score), then the name (UTF-8, at most 24 characters).


def challenge_id(code: str) -> bytes:
    """Four bytes naming a challenge (the same for any spelling of its code)."""
    challenge = read_challenge(code)
    return hashlib.sha256(challenge_code(challenge).encode()).digest()[:4]


def moves_digest(record: Record) -> bytes:
    text = ";".join(f"{c.seat}{c.name}{','.join(map(str, c.args))}" for c in record.commands)
    return hashlib.sha256(text.encode()).digest()[:4]


@dataclass(frozen=True)
class Result:
    """One player's answer to a challenge."""

    challenge: bytes  # challenge_id of the code played
    name: str
    score: int
    won: bool
    turns: int
    decisions: int
    cost: float  # win probability (0..1) or points given away in all
    kind: str  # "win" or "score"
    moves: bytes = b"\0\0\0\0"

    @property
    def cost_per_decision(self) -> float:
        return self.cost / self.decisions if self.decisions else 0.0

    def cost_text(self) -> str:
        if self.kind == "win":
            # Translators: what a player's decisions gave away, e.g. "5.2% win chance".
            return _("{percent} win chance").format(percent=percent(self.cost, 1))
        points = round(self.cost)
        return ngettext("{n} point", "{n} points", points).format(n=number(points))


def result_code(result: Result) -> str:
    name = result.name.encode()[:72]
    scale = 100_000 if result.kind == "win" else 1
    payload = _RESULT.pack(1, result.challenge, result.moves, result.score, int(result.won),
                           min(result.turns, 65535), min(result.decisions, 65535),
                           min(int(round(result.cost * scale)), 2**32 - 1),
                           0 if result.kind == "win" else 1) + name
    return _encode(RESULT_TAG, payload)


def read_result(code: str) -> Result:
    payload = _decode(RESULT_TAG, code)
    if len(payload) < _RESULT.size:
        raise BadCode(_("The result code is too short: a part of it is missing."))
    version, cid, moves, score, won, turns, decisions, cost, kind = _RESULT.unpack(
        payload[:_RESULT.size])
    if version != 1 or kind > 1 or won > 1:
        raise BadCode(_("The result code comes from a newer release of the game."))
    try:
        name = payload[_RESULT.size:].decode()
    except UnicodeDecodeError:
        raise BadCode(_("The result code's name cannot be read.")) from None
    scale = 100_000 if kind == 0 else 1
    return Result(cid, name or "?", score, bool(won), turns, decisions, cost / scale,
                  "win" if kind == 0 else "score", moves)


def compare(mine: Result, theirs: Result) -> list[tuple[str, str, str]]:
    """The two results side by side: (what, mine, theirs) rows.  BadCode when they answer
    different challenges."""
    if mine.challenge != theirs.challenge:
        raise BadCode(_("The two results answer different challenges, so they do not "
                        "compare."))
    yes, no = _("yes"), _("no")
    rows = [
        # Translators: the rows of the table that compares two results of a challenge.
        (_("Player"), mine.name, theirs.name),
        (_("Final score"), number(mine.score), number(theirs.score)),
        (_("Beat the computer"), yes if mine.won else no, yes if theirs.won else no),
        (_("Turns"), number(mine.turns), number(theirs.turns)),
        (_("Decisions"), number(mine.decisions), number(theirs.decisions)),
        (_("Given away in all"), mine.cost_text(), theirs.cost_text()),
    ]
    if mine.kind == "win":
        rows.append((_("Given away per decision"), percent(mine.cost_per_decision, 2),
                     percent(theirs.cost_per_decision, 2)))
    return rows
