"""What a room refuses, and why, in words a player can read.

A room raises one of these; the transport answers the sender with its
``code`` (a ``partyapp.games.kit.refusals.Code``, the protocol's one list
of error codes) and the sentence in their language. Each class names a kind
of refusal, the way ``partyapp.games.kit.base.IllegalAction`` and its kinds
do for the rules.
"""

from __future__ import annotations

from partyapp.games.kit.refusals import Code, Refusal


class RoomError(Refusal):
    """A change the room refuses; ``code`` is its kind."""

    code = Code.BAD_REQUEST


class BadRequest(RoomError):
    """The request names something that is not there or cannot be."""


class NoSuchRoom(RoomError):
    code = Code.NO_SUCH_ROOM


class Forbidden(RoomError):
    """Not this sender's to do (not the host, not their seat, testing only)."""

    code = Code.FORBIDDEN


class RoomFull(RoomError):
    code = Code.ROOM_FULL


class NameTaken(RoomError):
    code = Code.NAME_TAKEN


class Busy(RoomError):
    """Another change got there first, or the room is too busy; try again."""

    code = Code.CONFLICT


class Paused(RoomError):
    """The host has paused the room (``pause.py``): nothing is played until
    they resume it."""

    code = Code.PAUSED


class TooManyRooms(RoomError):
    """The server holds as many live rooms as it may (``limits.max_rooms``)."""

    code = Code.SERVER_FULL


class Unreadable(RoomError):
    """What the store keeps of a room cannot be read back (damaged, or
    written by something else): the room is answered as gone, in words
    that say so, and not as a room that does not exist."""

    code = Code.NO_SUCH_ROOM


class Unavailable(RoomError):
    """The store cannot be reached for a moment."""

    code = Code.UNAVAILABLE


def unavailable() -> Unavailable:
    return Unavailable("The server cannot reach its rooms for a moment; try again.")
