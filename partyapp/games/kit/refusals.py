"""Every refusal that reaches the wire, and its error code.

``Code`` is the protocol's error codes, defined once, here in the lowest
layer that raises them (the rules refuse a move with ``illegal_action``,
``not_your_turn``, ``game_over`` or ``conflict``): PROTOCOL.md's, and those
docs/protocol-extensions.md adds (``unavailable``, ``server_full``, ``paused``). Every
refusal is a ``Refusal``: the rules' (``base.IllegalAction`` and its
kinds), the rooms' (``partyapp.rooms.errors``) and the transport's
(``partyapp.realtime.protocol.ProtocolError``). The transport answers it as
``{"ok": false, "error": {"code": code, "message": the sentence}}``, the
sentence worded in the sender's language. A test checks that every code a
refusal can carry is a member here and every member is documented.
"""

from __future__ import annotations

from enum import StrEnum

from partyapp.games.kit.wording import Worded


class Code(StrEnum):
    BAD_REQUEST = "bad_request"  # a malformed payload, or something that is not there
    NO_SUCH_ROOM = "no_such_room"
    FORBIDDEN = "forbidden"  # not the sender's to do: wrong or missing token, not the host, testing only
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"  # well formed, but the rules forbid it now
    ROOM_FULL = "room_full"
    NAME_TAKEN = "name_taken"
    RATE_LIMITED = "rate_limited"
    CONFLICT = "conflict"  # lost a race with another action
    GAME_OVER = "game_over"
    UNAVAILABLE = "unavailable"  # the store cannot be reached for a moment (docs/protocol-extensions.md)
    SERVER_FULL = "server_full"  # room.create: the server holds as many rooms as it may (the same)
    WORDS_FILTERED = "words_filtered"  # a typed text with a word the room's word filter refuses (the same)
    PAUSED = "paused"  # the host has paused the room: no move until they resume it (the same)


class Refusal(Worded):
    """A refusal answered to its sender with ``code`` (a ``Code``) and the
    sentence (a ``Wording``: message id and values)."""

    code: Code = Code.BAD_REQUEST
