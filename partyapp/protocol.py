"""The wire contract in one place: event names, error codes, and the parsing
of every client payload into typed values (PROTOCOL.md)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Event(StrEnum):
    ROOM_CREATE = "room.create"
    TABLE_ATTACH = "table.attach"
    PLAYER_JOIN = "player.join"
    PLAYER_RESUME = "player.resume"
    PLAYER_LEAVE = "player.leave"
    PLAYER_UPDATE = "player.update"
    HOST_COMMAND = "host.command"
    GAME_START = "game.start"
    GAME_ACT = "game.act"
    VARIANT_LIST = "variant.list"
    VARIANT_SAVE = "variant.save"
    VARIANT_DELETE = "variant.delete"
    # server to client
    STATE = "state"
    KICKED = "kicked"
    NET_PING = "net.ping"  # answered through its acknowledgement: the phone's round trip


class Code(StrEnum):
    BAD_REQUEST = "bad_request"
    NO_SUCH_ROOM = "no_such_room"
    FORBIDDEN = "forbidden"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"
    ROOM_FULL = "room_full"
    NAME_TAKEN = "name_taken"
    RATE_LIMITED = "rate_limited"
    CONFLICT = "conflict"
    GAME_OVER = "game_over"


class ProtocolError(Exception):
    """Answered to the sender as ``{"ok": false, "error": {code, message}}``."""

    def __init__(self, code: Code | str, message: str) -> None:
        super().__init__(message)
        self.code = str(code)
        self.message = message

    def answer(self) -> dict:
        return error(self.code, self.message)


def error(code: Code | str, message: str) -> dict:
    return {"ok": False, "error": {"code": str(code), "message": message}}


def bad(message: str) -> ProtocolError:
    return ProtocolError(Code.BAD_REQUEST, message)


# -- field checks ---------------------------------------------------------------

ROOM_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels (no words), no look-alikes
ROOM_CODE_RE = re.compile(f"^[{ROOM_ALPHABET}]{{4}}$")
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
PLAYER_ID_RE = re.compile(r"^p[0-9]{1,6}$")
NAME_MAX = 24
GROUPS = ("guys", "chicks")

# Characters refused in anything typed: bidi overrides and isolates, and
# invisible format characters that could hide or reorder text.
_BIDI_AND_INVISIBLE = set(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
)
# Joiners and variation selectors are fine inside emoji but are not visible.
_NOT_VISIBLE = {"\u200c", "\u200d"} | {chr(c) for c in range(0xFE00, 0xFE10)}


def clean_text(value: Any, field: str, max_visible: int, max_raw: int | None = None) -> str:
    """Typed text: a string of 1 to ``max_visible`` visible characters after
    NFC and trimming, with no control, bidi-override or private-use
    characters. Raises ``bad_request`` with the reason."""
    if not isinstance(value, str):
        raise bad(f"{field} must be text")
    max_raw = max_raw or max_visible * 4
    if len(value) > max_raw * 2:
        raise bad(f"{field} is too long")
    text = unicodedata.normalize("NFC", value).strip()
    visible = 0
    for ch in text:
        if ch in _BIDI_AND_INVISIBLE:
            raise bad(f"{field} contains an invisible or direction-changing character")
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise bad(f"{field} contains a control character")
        if cat in ("Mn", "Me", "Cf") or ch in _NOT_VISIBLE:
            continue
        visible += 1
    if visible == 0:
        raise bad(f"{field} must not be empty")
    if visible > max_visible or len(text) > max_raw:
        raise bad(f"{field} must be at most {max_visible} characters")
    return text


def clean_name(value: Any) -> str:
    name = clean_text(value, "name", NAME_MAX)
    return " ".join(name.split())  # no runs of spaces that look like two names


def name_key(name: str) -> str:
    """Names are unique per room ignoring case."""
    return unicodedata.normalize("NFKC", name).casefold()


def want_dict(payload: Any) -> dict:
    if payload is None:
        return {}
    if not isinstance(payload, dict):
        raise bad("the payload must be a JSON object")
    return payload


def room_code(payload: dict) -> str:
    code = payload.get("code")
    if not isinstance(code, str):
        raise bad("code must be a 4-letter room code")
    code = code.strip().upper()
    if not ROOM_CODE_RE.match(code):
        raise ProtocolError(Code.NO_SUCH_ROOM, f"There is no room {code[:8]!r}. Check the code on the TV.")
    return code


def token(payload: dict, field: str = "token") -> str:
    value = payload.get(field)
    if not isinstance(value, str) or not TOKEN_RE.match(value):
        raise ProtocolError(Code.FORBIDDEN, "That seat token is not valid.")
    return value


def player_id(value: Any, field: str = "player_id") -> str:
    if not isinstance(value, str) or not PLAYER_ID_RE.match(value):
        raise bad(f"{field} must be a player id")
    return value


def group(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if value not in GROUPS:
        raise bad("group must be one of guys, chicks or null")
    return value


@dataclass(frozen=True)
class Join:
    code: str
    name: str
    group: str | None


def parse_join(payload: Any) -> Join:
    p = want_dict(payload)
    return Join(room_code(p), clean_name(p.get("name")), group(p.get("group")))


MODE_RE = re.compile(r"^[a-z_]{1,32}$")


@dataclass(frozen=True)
class Start:
    mode: str
    options: dict


def parse_start(payload: Any) -> Start:
    p = want_dict(payload)
    mode = p.get("mode")
    if not isinstance(mode, str) or not MODE_RE.match(mode):
        raise bad("mode must be a mode id such as ring_of_fire")
    options = p.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise bad("options must be an object")
    return Start(mode, options)


def parse_action(payload: Any) -> dict:
    p = want_dict(payload)
    action = p.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise bad("action must be an object with a type")
    if len(action) > 16 or len(action["type"]) > 32:
        raise bad("action is too large")
    return action
