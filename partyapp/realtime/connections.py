"""One Socket.IO connection and the seat it speaks for: what the transport
keeps of a connection (its address, its rate limit, its round trips, what it
read from its handshake), and nothing of the room."""

from __future__ import annotations

from dataclasses import dataclass, field

from partyapp.i18n.languages import DEFAULT
from partyapp.realtime.limits import TokenBucket
from partyapp.realtime.pings import RoundTrips


@dataclass
class Conn:
    """One Socket.IO connection and the seat it speaks for, if any."""

    sid: str
    addr: str
    bucket: TokenBucket
    code: str | None = None
    role: str | None = None  # "table", "player" or "watcher" (a spectator: receives, sends nothing)
    pid: str | None = None
    refused: int = 0  # refusals by the rate limit, less two for each event let through
    bad_packets: int = 0  # packets that could not be decoded (``dispatch.bad_packet``)
    trips: RoundTrips = field(default_factory=RoundTrips)  # pings of a phone in a reflex game
    # read from the handshake request at connect (``handlers.on_connect``)
    lang: str = DEFAULT  # the page's language, for the words of refusals
    scheme: str = "http"  # the scheme and host the page reached the server by
    host: str = ""
