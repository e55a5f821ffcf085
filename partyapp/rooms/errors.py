"""What a room refuses, and why, in words a player can read.

A room raises one of these; the transport answers the sender with the
error of the same ``code`` (``partyapp.realtime.protocol.Code``) and the
sentence in their language. Each class names a kind of refusal, the way
``partyapp.games.kit.base.IllegalAction`` and its kinds do for the rules.
"""

from __future__ import annotations

from partyapp.games.kit.wording import Worded


class RoomError(Worded):
    """A change the room refuses; ``code`` is its kind."""

    code = "bad_request"


class BadRequest(RoomError):
    """The request names something that is not there or cannot be."""


class NoSuchRoom(RoomError):
    code = "no_such_room"


class Forbidden(RoomError):
    """Not this sender's to do (not the host, not their seat, testing only)."""

    code = "forbidden"


class RoomFull(RoomError):
    code = "room_full"


class NameTaken(RoomError):
    code = "name_taken"


class Busy(RoomError):
    """Another change got there first, or the room is too busy; try again."""

    code = "conflict"


class TooManyRooms(RoomError):
    """The server holds as many live rooms as it may (``limits.max_rooms``)."""

    code = "server_full"


class Unavailable(RoomError):
    """The store cannot be reached for a moment."""

    code = "unavailable"


def unavailable() -> Unavailable:
    return Unavailable("The server cannot reach its rooms for a moment; try again.")
