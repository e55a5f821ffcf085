"""The wire contract in one place: event names, error codes, and the parsing
of every client payload into typed values (PROTOCOL.md).

The error codes are ``Code``, defined once with every refusal's base in
``partyapp.games.kit.refusals`` (the lowest layer that refuses) and named
here for the transport. The host's commands are one table of a parser (the
field parsers here) and a change each: ``commands.py``."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from partyapp.games.drinking import decks
from partyapp.rooms.names import clean_name
from partyapp.rooms.registry import ROOM_CODE_RE
from partyapp.games.kit.refusals import Code, Refusal
from partyapp.games.kit.text import TextRefused, clean_text  # the one text cleaner: engines clean typed moves too
from partyapp.games.kit.wording import Term, Wording


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
    GAME_UNDO = "game.undo"  # a player takes back their own last move (docs/protocol-extensions.md)
    VARIANT_LIST = "variant.list"
    VARIANT_SAVE = "variant.save"
    VARIANT_DELETE = "variant.delete"
    ROOM_WATCH = "room.watch"
    GUEST_VIEW = "guest.view"
    ROOM_HISTORY = "room.history"
    TABLE_CLAIM = "table.claim"  # a second screen asks to become the table (docs/protocol-extensions.md)
    TABLE_MOVE = "table.move"  # the host's phone answers it: Move or Not now
    # server to client
    STATE = "state"
    KICKED = "kicked"
    NET_PING = "net.ping"  # answered through its acknowledgement: the phone's round trip
    TABLE_GRANTED = "table.granted"  # to the asking screen alone: the table's new token
    TABLE_CLAIM_ENDED = "table.claim_ended"  # to the asking screen: declined, lapsed or replaced
    TABLE_MOVED = "table.moved"  # to the old table's screens: the table is another screen now


class ProtocolError(Refusal):
    """Answered to the sender as ``{"ok": false, "error": {code, message}}``;
    the message is a ``Wording``, worded in the sender's language by the
    handler that answers (``partyapp.i18n``)."""

    def __init__(self, code: Code, message: str | Wording, **params: Any) -> None:
        super().__init__(message, **params)
        self.code = Code(code)
        self.message = str(self.wording)

    def answer(self) -> dict:
        return error(self.code, self.message)


def error(code: Code, message: str) -> dict:
    return {"ok": False, "error": {"code": str(code), "message": message}}


def bad(message: str | Wording, **params: Any) -> ProtocolError:
    return ProtocolError(Code.BAD_REQUEST, message, **params)


# -- field checks ---------------------------------------------------------------

TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
DEVICE_RE = re.compile(r"^[A-Za-z0-9_-]{22,100}$")  # 128 bits at least
PLAYER_ID_RE = re.compile(r"^p[0-9]{1,6}$")
WATCHER_ID_RE = re.compile(r"^w[0-9]{1,9}$")


def wire_text(value: Any, field: str, max_visible: int) -> str:
    """``clean_text`` for a field of a client payload: refused as ``bad_request``."""
    try:
        return clean_text(value, field, max_visible)
    except TextRefused as exc:
        raise bad(exc.wording) from None


def want_dict(payload: Any) -> dict:
    if payload is None:
        return {}
    if not isinstance(payload, dict):
        raise bad("the payload must be a JSON object")
    return payload


def room_code(payload: dict) -> str:
    code = payload.get("code")
    if not isinstance(code, str):
        raise bad("code must be a room code")
    code = code.strip().upper()
    if not ROOM_CODE_RE.match(code):
        raise ProtocolError(Code.NO_SUCH_ROOM, "There is no room {room}. Check the code on the TV.", room=code[:8])
    return code


def token(payload: dict, field: str = "token") -> str:
    value = payload.get(field)
    if not isinstance(value, str) or not TOKEN_RE.match(value):
        raise ProtocolError(Code.FORBIDDEN, "That seat token is not valid.")
    return value


def device_token(payload: dict) -> str | None:
    """The optional ``device`` of the variant events, ``player.join`` and
    ``room.watch``: a secret the page keeps for good (at least 128 bits, the
    same alphabet as the seat tokens) that makes the house variants it
    saves its own in every room, and that a kick bars. None when absent; a
    malformed one is refused."""
    value = payload.get("device")
    if value is None:
        return None
    if not isinstance(value, str) or not DEVICE_RE.match(value):
        raise bad("device must be a token of 22 to 100 URL-safe characters")
    return value


def player_id(value: Any, field: str = "player_id") -> str:
    if not isinstance(value, str) or not PLAYER_ID_RE.match(value):
        raise bad("{field} must be a player id", field=field)
    return value


def group(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if value not in decks.GROUPS:  # the groups the drinking decks' cards name
        raise bad("group must be one of guys, chicks or null")
    return value


PROFILES = ("drinks", "soft", "none")


def profile(value: Any) -> str:
    """A drink profile: ``drinks``, ``soft`` (something without alcohol) or ``none``."""
    if value not in PROFILES or not isinstance(value, str):
        raise bad("profile must be one of drinks, soft or none")
    return value


def flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise bad("{field} must be true or false", field=field)
    return value


@dataclass(frozen=True)
class Join:
    code: str
    name: str
    group: str | None
    profile: str = "drinks"
    more_time: bool = False
    device: str | None = None  # the token the page keeps for good (``device_token``)


def parse_join(payload: Any) -> Join:
    p = want_dict(payload)
    return Join(room_code(p), clean_name(p.get("name")), group(p.get("group")),
                profile(p["profile"]) if p.get("profile") is not None else "drinks",
                flag(p["more_time"], "more_time") if p.get("more_time") is not None else False,
                device_token(p))


@dataclass(frozen=True)
class Watch:
    code: str
    device: str | None = None
    kind: str | None = None  # "phone", "tablet" or "screen": what the watch page says it is


WATCH_KINDS = ("phone", "tablet", "screen")


def parse_watch(payload: Any) -> Watch:
    """``room.watch``: ``code``, and the optional ``device`` and ``kind``."""
    p = want_dict(payload)
    kind = p.get("kind")
    if kind is not None and kind not in WATCH_KINDS:
        raise bad("kind must be phone, tablet or screen")
    return Watch(room_code(p), device_token(p), kind)


def flag_of(payload: dict, field: str) -> bool:
    """An optional true or false of a payload (false when left out): the
    ``look`` of ``guest.view``, the ``view`` of ``game.act``."""
    return flag(payload[field], field) if payload.get(field) is not None else False


def table_tv(payload: dict) -> bool:
    """The optional ``tv`` of ``room.create`` and ``table.attach``: the
    table is a TV, a screen nobody is handed (false when left out)."""
    return flag(payload["tv"], "tv") if payload.get("tv") is not None else False


def parse_create(payload: Any) -> bool:
    """``room.create``: whether the room opens in family mode."""
    p = want_dict(payload)
    return flag(p["family"], "family") if p.get("family") is not None else False


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


def history_since(payload: dict) -> int | None:
    """``room.history``: ``since`` (optional), the lowest log entry id wanted."""
    since = payload.get("since")
    if since is not None and (isinstance(since, bool) or not isinstance(since, int) or not 0 <= since < 2**31):
        raise bad("since must be a log entry id")
    return since


def acting_for(payload: dict) -> str | None:
    """The optional ``as`` of ``game.act`` and ``player.update``: the guest
    seat (no phone) the table or the host acts for."""
    value = payload.get("as")
    return None if value is None else player_id(value, "as")


# The most player ids one list may name (a seat order, the guests whose
# views are asked for): more than any room seats.
PLAYER_IDS_MAX = 64


def guest_ids(payload: dict) -> list[str] | None:
    """The ``player_ids`` of ``guest.view`` (every guest of the table in
    one request): a non-empty list of distinct player ids, or None when
    the single ``player_id`` is asked for instead."""
    value = payload.get("player_ids")
    if value is None:
        return None
    if not isinstance(value, list) or not 0 < len(value) <= PLAYER_IDS_MAX:
        raise bad("player_ids must be a list of 1 to {count} player ids", count=PLAYER_IDS_MAX)
    ids = [player_id(v, "player_ids") for v in value]
    if len(set(ids)) != len(ids):
        raise bad("player_ids must not name a player twice")
    return ids


def parse_rev(payload: dict) -> int | None:
    """The optional ``rev`` a sender acted on (a stale one is a conflict)."""
    rev = payload.get("rev")
    if rev is None:
        return None
    if not isinstance(rev, int) or isinstance(rev, bool):
        raise bad("rev must be an integer")
    return rev


# -- host.command's fields (the table of commands: ``commands.py``) ----------------

PACE_MAX = 12
DARE_MAX = 80
DARES_MAX = 12
BOT_LEVELS = ("slow", "normal", "fast")


def command_name(p: dict, commands: Collection[str]) -> str:
    """``host.command``'s ``command``: one of ``commands``."""
    command = p.get("command")
    if not isinstance(command, str) or command not in commands:
        raise bad("command must be one of {commands}", commands=", ".join(commands))
    return command


def no_fields(p: dict) -> None:
    """A command that takes nothing but its name (and ``rev``)."""
    return None


def one_player(p: dict) -> str:
    """``kick``, ``set_host``, ``skip``: ``player_id``."""
    return player_id(p.get("player_id"))


def seat_order(p: dict) -> tuple[str, ...]:
    """``seat_order``: ``player_ids``, the seats clockwise."""
    ids = p.get("player_ids")
    if not isinstance(ids, list) or len(ids) > PLAYER_IDS_MAX:
        raise bad("player_ids must be a list of player ids")
    return tuple(player_id(i, "player_ids") for i in ids)


def bot_level(p: dict) -> str:
    """``add_bot``: its ``level`` (normal when left out)."""
    level = p.get("level", "normal")
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise bad("level must be slow, normal or fast")
    return level


def locked(p: dict) -> bool:
    """``lock``: ``locked``."""
    return flag(p.get("locked"), "locked")


def paused(p: dict) -> bool:
    """``pause``: ``paused`` (false: resume)."""
    return flag(p.get("paused"), "paused")


@dataclass(frozen=True)
class SitOut:
    player_id: str
    sitting_out: bool


def sit_out(p: dict) -> SitOut:
    """``sit_out``: ``player_id`` and ``sitting_out``."""
    return SitOut(player_id(p.get("player_id")), flag(p.get("sitting_out"), "sitting_out"))


def watcher_id(p: dict) -> str:
    """``unwatch``: the ``watcher`` the host removes (an id of ``room.watching``)."""
    value = p.get("watcher")
    if not isinstance(value, str) or not WATCHER_ID_RE.match(value):
        raise bad("watcher must be a watcher id")
    return value


def unban_name(p: dict) -> str:
    """``unban``: the ``name`` the host lets back in."""
    return clean_name(p.get("name"))


@dataclass(frozen=True)
class Guest:
    name: str
    group: str | None = None
    profile: str = "drinks"


def guest(p: dict) -> Guest:
    """``add_guest``: ``name``, and ``group`` and ``profile`` as at a join."""
    return Guest(clean_name(p.get("name")), group(p.get("group")),
                 profile(p["profile"]) if p.get("profile") is not None else "drinks")


def parse_settings(p: dict) -> dict:
    """``settings``: any of ``family`` (bool), ``clean_words`` (bool: the word
    filter outside family mode), ``pace`` (drinks per person
    per hour, 0 = off, up to ``PACE_MAX``), ``alternative`` (``points`` or
    ``dares``), ``dares`` (1 to ``DARES_MAX`` texts), ``big_forfeit`` (what
    a neck is for whoever is not drinking: a text); only the keys sent."""
    out: dict[str, Any] = {}
    if "family" in p:
        out["family"] = flag(p["family"], "family")
    if "clean_words" in p:
        out["clean_words"] = flag(p["clean_words"], "clean_words")
    if "pace" in p:
        pace = p["pace"]
        if isinstance(pace, bool) or not isinstance(pace, int) or not 0 <= pace <= PACE_MAX:
            raise bad("pace must be a whole number from 0 (off) to {max}", max=PACE_MAX)
        out["pace"] = pace
    if "alternative" in p:
        if p["alternative"] not in ("points", "dares"):
            raise bad("alternative must be points or dares")
        out["alternative"] = p["alternative"]
    if "dares" in p:
        dares = p["dares"]
        if not isinstance(dares, list) or not 1 <= len(dares) <= DARES_MAX:
            raise bad("dares must be a list of 1 to {max} dares", max=DARES_MAX)
        out["dares"] = [wire_text(d, "A dare", DARE_MAX) for d in dares]
    if "big_forfeit" in p:
        out["big_forfeit"] = wire_text(p["big_forfeit"], Term("The big forfeit"), DARE_MAX)
    if not out:
        raise bad("settings needs family, clean_words, pace, alternative, dares or big_forfeit")
    return out


VARIANT_NAME_MAX = decks.NAME_MAX


@dataclass(frozen=True)
class VariantSave:
    """``variant.save``: a house variant's name, mode and deck (the deck is
    checked by the deck validator)."""

    name: str
    mode: str
    deck: Any


def parse_variant_save(payload: Any) -> VariantSave:
    p = want_dict(payload)
    name = wire_text(p.get("name"), Term("The variant name"), VARIANT_NAME_MAX)
    mode = p.get("mode")
    if not isinstance(mode, str) or not MODE_RE.match(mode):
        raise bad("mode must be a mode id such as ring_of_fire")
    deck = p.get("deck")
    if isinstance(deck, dict):
        deck = dict(deck, name=name)
    return VariantSave(name, mode, deck)


def parse_variant_name(payload: Any) -> str:
    """``variant.delete``: the name of a house variant."""
    return wire_text(want_dict(payload).get("name"), Term("The variant name"), VARIANT_NAME_MAX)
