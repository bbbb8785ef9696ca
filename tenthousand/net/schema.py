"""A small schema checker for the messages that cross the wire.

Nothing that arrives on the port is trusted: each message is checked against its schema
(the known keys, each value's type, range and length) before anything reads it, and a
message that does not fit raises :class:`SchemaError` with a reason for the host's log.
The checker knows JSON's types only (what :func:`json.loads` gives): ``bool`` is not an
integer here, and no value is converted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..model.text import is_plain

__all__ = ["Bool", "Field", "Hex", "Int", "ListOf", "Obj", "SchemaError", "Str", "check"]


class SchemaError(ValueError):
    """A message that does not fit its schema; the text is for the log (in English)."""


class Field:
    """One value of a message."""

    def check(self, value: Any, where: str) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Field):
    lo: int
    hi: int

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SchemaError(f"{where} must be a whole number")
        if not self.lo <= value <= self.hi:
            raise SchemaError(f"{where} must be from {self.lo} to {self.hi}")


@dataclass(frozen=True)
class Bool(Field):
    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise SchemaError(f"{where} must be true or false")


@dataclass(frozen=True)
class Str(Field):
    """A string of ``lo`` to ``hi`` characters; ``plain``: no control characters nor
    direction marks (a name, a chat line); ``choices``: one of these words."""

    lo: int = 0
    hi: int = 200
    plain: bool = True
    choices: tuple[str, ...] = ()

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise SchemaError(f"{where} must be a string")
        if self.choices:
            if value not in self.choices:
                raise SchemaError(f"{where} must be one of {', '.join(self.choices)}")
            return
        if not self.lo <= len(value) <= self.hi:
            raise SchemaError(f"{where} must have {self.lo} to {self.hi} characters")
        if self.plain and not is_plain(value):
            raise SchemaError(f"{where} holds a control character")


_HEX = re.compile(r"[0-9a-f]*")


@dataclass(frozen=True)
class Hex(Field):
    """Lower-case hexadecimal digits, exactly ``length`` of them."""

    length: int

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str) or len(value) != self.length \
                or not _HEX.fullmatch(value):
            raise SchemaError(f"{where} must be {self.length} hexadecimal digits")


@dataclass(frozen=True)
class ListOf(Field):
    item: Field
    hi: int
    lo: int = 0

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list) or not self.lo <= len(value) <= self.hi:
            raise SchemaError(f"{where} must be a list of {self.lo} to {self.hi} items")
        for i, item in enumerate(value):
            self.item.check(item, f"{where}[{i}]")


@dataclass(frozen=True)
class Obj(Field):
    """A JSON object: with ``keys``, exactly those (``optional`` may be left out, and
    ``nullable`` may be null); without, any object (checked later by its reader, as a
    game record is by :func:`tenthousand.model.persist.load_record`)."""

    keys: Mapping[str, Field] | None = None
    optional: frozenset[str] = field(default_factory=frozenset)
    nullable: frozenset[str] = field(default_factory=frozenset)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise SchemaError(f"{where} must be an object")
        if self.keys is None:
            return
        unknown = set(value) - set(self.keys)
        if unknown:
            raise SchemaError(f"{where} has an unknown key {sorted(unknown)[0]!r:.40}")
        for key, spec in self.keys.items():
            if key not in value:
                if key in self.optional:
                    continue
                raise SchemaError(f"{where} lacks {key!r}")
            if value[key] is None and key in self.nullable:
                continue
            spec.check(value[key], f"{where}.{key}")


def check(value: Any, spec: Field, where: str = "message") -> None:
    """Check ``value`` against ``spec`` (SchemaError when it does not fit)."""
    spec.check(value, where)
