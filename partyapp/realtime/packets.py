"""How Socket.IO packets are encoded on the way out, and decoded on the way in.

The fan-out sends every recipient of a room the same public view, and each
phone that view plus its own ``you``. Encoding the whole view again for each
recipient (and letting python-socketio walk every payload looking for binary
data first) costs most of the server's time under load, so the fan-out
(``fanout.view_frames``) encodes the public view once and splices each
``you`` into that text (``partyapp/rooms/frames.py``), and ``seams.deliver_local`` puts the packets on the
sockets itself. ``emit`` can send such text too: wrapped in a ``Fragment``,
the server's packet class (``seams.WirePacket``) writes it out as it is (the
tests and ``bench/fanout.py`` compare the two ways byte for byte).

On the way in, ``PacketJson`` (that packet class's ``json`` module) refuses,
before any work, JSON nested deeper than ``MAX_DEPTH`` or with a number
longer than ``MAX_NUMBER_CHARS`` characters (``BadPacket``). ``QueueJson`` is
the message queue's, with orjson: its messages come only from this
application's own processes.
"""

from __future__ import annotations

import json as _stdjson
import re
from itertools import accumulate
from typing import Any, Callable

from engineio import json as _json  # the standard module, with a bound on integer size when decoding


class Fragment:
    """JSON text, already encoded, to be sent as one event argument."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Fragment({self.text[:40]!r}...)"


def event_text(event: str, data_json: str) -> str:
    """The Socket.IO EVENT packet (default namespace, no ack) of ``event``
    with one argument already encoded as JSON."""
    return "2[" + _json.dumps(event) + "," + data_json + "]"


_dumps = _json.dumps
_loads = _json.original_loads  # the standard json.loads

# Limits on what an incoming packet's JSON may hold, checked before it is
# parsed (depth) or as each number is met (before it is converted). The
# protocol's deepest payload (a deck in variant.save) nests 6 deep.
MAX_DEPTH = 32
MAX_NUMBER_CHARS = 100


class BadPacket(ValueError):
    """An incoming packet the server does not take; ``ack_id`` is the
    acknowledgement id read before the fault (None when there was none)."""

    def __init__(self, reason: str, ack_id: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.ack_id = ack_id


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Does the JSON ``text`` open more than ``limit`` arrays or objects
    inside each other? (Brackets inside strings do not count.) Linear, in
    the regular expression engine and ``accumulate``: a 64 KB message of
    brackets costs about twice what parsing it would."""
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) > limit


def _number(kind: type) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise BadPacket("a number of more than %d characters" % MAX_NUMBER_CHARS)
        return kind(text)

    return parse


_parse_int, _parse_float = _number(int), _number(float)


class PacketJson:
    """A ``json`` module for packets: ``[event, Fragment]`` is joined as text,
    everything else goes through the standard encoder unchanged; decoding
    refuses too deep a nesting and too long a number before the work."""

    @staticmethod
    def loads(text, **_: Any):
        if too_deep(text):
            raise BadPacket("JSON nested deeper than %d" % MAX_DEPTH)
        return _loads(text, parse_int=_parse_int, parse_float=_parse_float)

    @staticmethod
    def dumps(obj, **kwargs):
        if type(obj) is list and len(obj) == 2 and type(obj[1]) is Fragment:
            return "[" + _dumps(obj[0]) + "," + obj[1].text + "]"
        return _dumps(obj, **kwargs)


def engine_fault(text: str) -> str | None:
    """Why the Engine.IO text packet ``text`` a client sent cannot be taken,
    before engine.io decodes it (None when it can). A page sends a message
    (``4`` and a Socket.IO packet, which starts with its type's digit), a
    pong (``3``), a close (``1``), and in an upgrade ``2probe`` and ``5``;
    engine.io would parse anything else after the type as JSON (a message
    opening 60,000 arrays stopped its reader with a traceback) or fail on
    a type that is no digit."""
    if not text:
        return "an empty Engine.IO packet"
    kind, rest = text[0], text[1:]
    if kind == "4":
        return None if not rest or "0" <= rest[0] <= "9" else "an Engine.IO message that is no Socket.IO packet"
    if "0" <= kind <= "6" and rest in ("", "probe"):
        return None
    return "an Engine.IO packet that cannot be read"


def fault(exc: BaseException) -> str:
    """A short description of a decoding failure (no traceback)."""
    if isinstance(exc, _stdjson.JSONDecodeError):
        return "JSON that does not parse"
    return (str(exc) or type(exc).__name__)[:80]


class QueueJson:
    """The queue's JSON module (the ``json`` of python-socketio's managers),
    with orjson: the messages come only from this application's own
    processes through Redis."""

    @staticmethod
    def dumps(obj: Any, **_: Any) -> bytes:
        import orjson

        return orjson.dumps(obj)

    @staticmethod
    def loads(data: Any, **_: Any) -> Any:
        import orjson

        return orjson.loads(data)
