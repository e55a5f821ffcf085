"""The server's packet class (seam 3).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

from socketio import packet as sio_packet

from partyapp.realtime.packets import BadPacket, PacketJson, fault

# -- 3. the packet class ----------------------------------------------------------------

# Names python-socketio dispatches to the server's own lifecycle handlers (or
# to the catch-all itself) when a client sends them as an event: "connect"
# would run the connect handler again, "disconnect" would forget a live
# connection, "*" crashes the dispatcher and is never answered.
RESERVED_EVENTS = frozenset({"connect", "disconnect", "connect_error", "*"})

# The packet types a client may send: CONNECT, DISCONNECT, EVENT, ACK.
_CLIENT_TYPES = frozenset({sio_packet.CONNECT, sio_packet.DISCONNECT, sio_packet.EVENT, sio_packet.ACK})


class WirePacket(sio_packet.Packet):
    """The server's Socket.IO packet class (``serializer=`` of the server).

    An incoming event with a reserved name, or with no name at all, is
    renamed on the way in, so that the catch-all handler answers it as an
    unknown event (``bad_request``) like any other. A packet that cannot be
    taken raises ``BadPacket`` (see the module's text)."""

    uses_binary_events = False
    json = PacketJson

    def __init__(self, packet_type=sio_packet.EVENT, data=None, namespace=None, id=None, binary=None,
                 encoded_packet=None):
        if encoded_packet is not None:
            if not isinstance(encoded_packet, str):
                raise BadPacket("a binary message")
            if not encoded_packet:
                raise BadPacket("an empty packet")
        super().__init__(packet_type, data, namespace, id, binary, encoded_packet)

    def decode(self, encoded_packet):
        try:
            attachments = super().decode(encoded_packet)
        except BadPacket as exc:
            exc.ack_id = self.id
            raise
        except (ValueError, TypeError, RecursionError) as exc:
            raise BadPacket(fault(exc), self.id) from None
        if self.packet_type not in _CLIENT_TYPES:
            raise BadPacket(f"a packet of type {self.packet_type!r}", self.id)
        if self.packet_type == sio_packet.EVENT:
            data = self.data
            if not isinstance(data, list) or not data or not isinstance(data[0], str):
                self.data = ["(no name)"]
            elif data[0] in RESERVED_EVENTS:
                self.data = [f"(reserved) {data[0]}", *data[1:]]
        return attachments
