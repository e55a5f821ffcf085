"""One connection and the seat it speaks for: what the transport keeps of a
connection (its address, its rate limit, its round trips, what it read from
its handshake), and nothing of the room.

Two layers: the Engine.IO connection (``Link``: one WebSocket or long-polling
session, from its handshake to its close) and the Socket.IO connection to the
namespace it carries (``Conn``). Every limit and count of a connection is the
``Link``'s, so that leaving the namespace and connecting to it again on the
same socket (``41``, ``40``) starts nothing afresh."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from partyapp.i18n.languages import DEFAULT
from partyapp.realtime.limits import TokenBucket
from partyapp.realtime.pings import RoundTrips


@dataclass(eq=False)
class Link:
    """One Engine.IO connection, from its handshake to its close: its
    address, and every limit and count of the connection, whatever it does
    with the namespace meanwhile."""

    eio_sid: str
    addr: str
    bucket: TokenBucket  # the events it may send (``dispatch.throttle``)
    refused: int = 0  # refusals by the rate limit, less two for each event let through
    bad_packets: int = 0  # packets that could not be taken (``dispatch.bad_packet``)
    joins: int = 0  # connects to the namespace asked for (a page asks once)
    sid: str | None = None  # its Socket.IO connection while it is in the namespace
    unjoined: bool = True  # counted among its address's sockets outside the namespace (``Realtime.links``)
    timer: Any = None  # the time-out for joining the namespace (``Realtime.join_due``)


@dataclass
class Conn:
    """One Socket.IO connection and the seat it speaks for, if any; its
    limits and counts are its ``link``'s."""

    sid: str
    addr: str
    link: Link
    code: str | None = None
    role: str | None = None  # "table", "player" or "watcher" (a spectator: receives, sends nothing)
    pid: str | None = None
    table_key: str | None = None  # a table's: the hash of the token it attached with (``Realtime.is_host``)
    claim: str | None = None  # the room this screen asked to become the table of (``tablemove.py``)
    trips: RoundTrips = field(default_factory=RoundTrips)  # pings of a phone in a reflex game
    # read from the handshake request at connect (``handlers.on_connect``)
    lang: str = DEFAULT  # the page's language, for the words of refusals
    scheme: str = "http"  # the scheme and host the page reached the server by
    host: str = ""
