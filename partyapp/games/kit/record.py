"""Typed records and the one JSON codec of the engines' state.

Every engine keeps its state as ``Record``s: msgspec Structs, so each field
has a name and a type, instances are slotted, and the whole state goes to
JSON and back through one codec (``encode``/``decode``, ``to_plain``/
``from_plain``) that checks every field's type on the way in. A record is
mutable (an engine changes its state in place, move by move) and keyword
only, so a field added to a base class never shifts another's position.

    class Take(Record):
        taker: str
        holder: str
        position: int
        card: str

    encode(take)                    -> '{"taker":"p1","holder":"p2",...}'
    decode(text, Take)              -> Take(taker="p1", ...)
    from_plain({"taker": ...}, Take) -> the same, from decoded JSON

``from_plain`` and ``decode`` raise ``StateError`` (a ``ValueError``) naming
the field that does not fit: a saved game that cannot be read back is
refused as a whole, never half read. Fields a record no longer has are
ignored when read, so a field dropped from a state does not make old saves
unreadable; a field added needs a default for the same reason.

``to_plain`` gives builtins (dicts, lists, strings, numbers) for the wire
views, which are plain dicts built in one place per engine.

Imports nothing outside ``partyapp.games.kit`` but the standard library and
msgspec.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

__all__ = ["Record", "StateError", "decode", "encode", "field", "from_plain", "to_plain"]

# A field with a default made anew for each record (``field(default_factory=Forfeits)``).
field = msgspec.field

T = TypeVar("T")


class _RecordMeta(msgspec.StructMeta):
    """Every record is keyword-only, its subclasses included (a msgspec
    Struct's ``kw_only`` is otherwise set class by class)."""

    def __new__(mcls, name, bases, namespace, **kwargs):
        kwargs.setdefault("kw_only", True)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


class Record(msgspec.Struct, metaclass=_RecordMeta):
    """The base of every typed record of an engine's state."""


class StateError(ValueError):
    """Saved data that does not fit the record it is read into."""


_encoder = msgspec.json.Encoder()


def encode(value: Any) -> str:
    """``value`` (records, or builtins holding records) as compact JSON text."""
    return _encoder.encode(value).decode()


def decode(text: str | bytes, type_: type[T]) -> T:
    """JSON text read into ``type_``; ``StateError`` when it does not fit."""
    try:
        return msgspec.json.decode(text, type=type_)
    except msgspec.ValidationError as e:
        raise StateError(str(e)) from None
    except msgspec.DecodeError as e:
        raise StateError(f"not JSON: {e}") from None


def from_plain(data: Any, type_: type[T]) -> T:
    """Decoded JSON (dicts and lists) read into ``type_``; ``StateError``
    when it does not fit."""
    try:
        return msgspec.convert(data, type_)
    except msgspec.ValidationError as e:
        raise StateError(str(e)) from None


def to_plain(value: Any) -> Any:
    """Records turned into builtins, recursively (for a wire view)."""
    return msgspec.to_builtins(value)

