"""How Socket.IO packets are encoded on the way out.

The fan-out sends every recipient of a room the same public view, and each
phone that view plus its own ``you``. Encoding the whole view again for each
recipient (and letting python-socketio walk every payload looking for binary
data first) costs most of the server's time under load, so the fan-out
(``fanout.view_frames``) encodes the public view once and splices each
``you`` into that text (``partyapp/rooms/frames.py``), and ``seams.deliver_local`` puts the packets on the
sockets itself. ``emit`` can send such text too: wrapped in a ``Fragment``,
the server's packet class (``seams.WirePacket``) writes it out as it is (the
tests and ``bench/fanout.py`` compare the two ways byte for byte).
"""

from __future__ import annotations

from engineio import json as _json  # the standard module, as python-socketio encodes names


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
