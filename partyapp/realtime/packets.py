"""How Socket.IO packets are encoded on the way out.

The fan-out sends every recipient of a room the same public view, and each
phone that view plus its own ``you``. Encoding the whole view again for each
recipient (and letting python-socketio walk every payload looking for binary
data first) costs most of the server's time under load, so the fan-out
(``fanout.view_frames``) encodes the public view once and splices each
``you`` into that text, and ``delivery.deliver_local`` puts the packets on
the sockets itself. ``emit`` can send such text too: wrapped in a
``Fragment``, this packet class writes it out as it is (the tests and
``bench/fanout.py`` compare the two ways byte for byte).

The protocol never sends binary payloads, so packets skip python-socketio's
search for them. Incoming packets are decoded as usual.
"""

from __future__ import annotations

import orjson
from engineio import json as _json  # the standard module, with a bound on integer size when decoding
from socketio import packet as _packet

_dumps = _json.dumps


class Fragment:
    """JSON text, already encoded, to be sent as one event argument."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Fragment({self.text[:40]!r}...)"


class _Json:
    """A ``json`` module for packets: ``[event, Fragment]`` is joined as text,
    everything else goes through the standard encoder unchanged."""

    loads = staticmethod(_json.loads)

    @staticmethod
    def dumps(obj, **kwargs):
        if type(obj) is list and len(obj) == 2 and type(obj[1]) is Fragment:
            return "[" + _dumps(obj[0]) + "," + obj[1].text + "]"
        return _dumps(obj, **kwargs)


# Names python-socketio dispatches to the server's own lifecycle handlers (or
# to the catch-all itself) when a client sends them as an event: "connect"
# would run the connect handler again, "disconnect" would forget a live
# connection, "*" crashes the dispatcher and is never answered.
RESERVED_EVENTS = frozenset({"connect", "disconnect", "connect_error", "*"})


class WirePacket(_packet.Packet):
    """The server's Socket.IO packet class (``serializer=`` of the server).

    An incoming event with a reserved name, or with no name at all, is
    renamed on the way in, so that the catch-all handler answers it as an
    unknown event (``bad_request``) like any other."""

    uses_binary_events = False
    json = _Json

    def decode(self, encoded_packet):
        attachments = super().decode(encoded_packet)
        if self.packet_type in (_packet.EVENT, _packet.BINARY_EVENT):
            data = self.data
            if not isinstance(data, list) or not data or not isinstance(data[0], str):
                self.data = ["(no name)"]
            elif data[0] in RESERVED_EVENTS:
                self.data = [f"(reserved) {data[0]}", *data[1:]]
        return attachments


def encode(data) -> str:
    """Compact JSON text of ``data``, with orjson (several times faster than the
    standard encoder on the views; non-ASCII text stays UTF-8 rather than
    escape sequences, which every JSON parser reads the same)."""
    return orjson.dumps(data).decode()
