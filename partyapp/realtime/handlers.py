"""Socket.IO handlers: who sent it, parse the payload, change the room, fan out.

Every client event is answered through its acknowledgement with
``{"ok": true, ...}`` or ``{"ok": false, "error": {"code", "message"}}``.
How an event reaches its handler (rate limits, the answer, the language of
refusals) is ``dispatch.py``'s job; payloads are parsed in ``protocol.py``;
rooms change through ``Room.change``; the connections and the seats they
speak for are ``hub.py``'s, who receives which frame is ``fanout.py``'s.
Importing this module registers the handlers (``app.create_app`` does).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from flask import request

from partyapp.games.kit.wording import N_, Term
from partyapp.i18n import languages as i18n
from partyapp.i18n.languages import answer_text
from partyapp.realtime import netinfo, protocol, tablemove
from partyapp.realtime.commands import HOST_COMMANDS
from partyapp.realtime.connections import Conn
from partyapp.realtime.dispatch import ATTEMPTS_REFUSAL, handler
from partyapp.realtime.extension import socketio
from partyapp.realtime.hub import Realtime, client_addr, rt
from partyapp.realtime.protocol import Code, Event, ProtocolError, error
from partyapp.rooms import variants
from partyapp.rooms.room import UNCHANGED, Room, hash_token

log = logging.getLogger(__name__)


# -- connections ---------------------------------------------------------------

@socketio.on_error_default
def on_error(exc: Exception) -> dict:
    log.exception("handler failed: %s", exc)
    return error(Code.BAD_REQUEST, answer_text("That request could not be handled."))


@socketio.on("connect")
def on_connect(auth: Any = None) -> bool:
    """Anyone may connect from an allowed origin; a seat comes with join/resume.
    The connection's limits are its Engine.IO connection's (``Conn.link``)."""
    r = rt()
    link = r.links.get(socketio.server.manager.eio_sid_from_sid(request.sid, "/"))
    if link is None:
        return False  # no Engine.IO connection the app knows (it was refused, or is gone)
    if not r.origin_allowed(request.headers.get("Origin"), request.environ):
        log.warning("refused a socket from origin %r", request.headers.get("Origin"))
        return False
    s = r.settings
    addr = client_addr()
    cap = s["PARTYAPP_CONNECTIONS_PER_ADDRESS"]
    if cap and r.by_address[addr] >= cap:
        log.warning("refused a socket from %s: it holds %d already", addr, cap)
        return False
    if r.penalized(addr):
        return False  # cut off again and again (bad packets, flooding): for a while, no new socket
    r.by_address[addr] += 1
    r.conns[request.sid] = Conn(
        sid=request.sid,
        addr=addr,
        link=link,
        lang=i18n.current(),
        scheme=request.scheme,
        host=request.host,
    )
    r.link_connected(link, request.sid)
    r.housekeeping.start()
    r.start_pings()
    return True


@socketio.on("disconnect")
def on_disconnect(*_reason: Any) -> None:
    r = rt()
    conn = r.conns.pop(request.sid, None)
    if conn is not None:
        left = r.by_address[conn.addr] - 1
        if left > 0:
            r.by_address[conn.addr] = left
        else:
            r.by_address.pop(conn.addr, None)
        r.link_left(conn.link)
        r.unbind(conn)
        tablemove.claim_gone(r, conn)


def _room_for(r: Realtime, conn: Conn) -> Room:
    if conn.code is None:
        raise ProtocolError(Code.FORBIDDEN, "Join a room first.")
    return r.registry.get(conn.code)


def _enter(r: Realtime, conn: Conn, room: Room, role: str, mutate: Callable[[], Any],
           pid_of: Callable[[Any], str] | None = None) -> Any:
    """Apply ``mutate`` and, once the change is saved, bind the connection to
    the table or to the seat ``pid_of(result)``; when nothing changed, still
    send the current view to this connection. With several processes it is
    always a change: the new connection's first frame then comes in rev order
    with every other frame of the room (``partyapp/cluster/sequencer.py``)."""

    def seat(result: Any) -> None:
        r.bind(conn, room, role, pid_of(result) if pid_of is not None else None)
        if result is UNCHANGED and not r.shared:
            r.send_current(room, conn)

    return room.change(mutate, then=seat, force=r.shared)


@handler(Event.ROOM_CREATE, guarded=True)
def room_create(r: Realtime, conn: Conn, payload: dict) -> dict:
    """A table screen opens a room (``family``: in family mode; ``tv``: it
    is a TV, see ``table_attach``); it is attached as the room's table and
    gets the host token (to itself only)."""
    family = protocol.parse_create(payload)
    tv = protocol.table_tv(payload)
    r.unbind(conn)
    s = r.settings
    base = netinfo.join_base(s["PARTYAPP_PUBLIC_URL"], conn.scheme, conn.host, r.lan_ip, s["PARTYAPP_PORT"],
                             bind_host=s["PARTYAPP_HOST"])
    room, host_token = r.registry.create(base, family=family, owner=conn.addr)
    conn.table_key = hash_token(host_token)
    _enter(r, conn, room, "table", lambda: room.attach_table(tv))
    return {"code": room.code, "host_token": host_token}


@handler(Event.TABLE_ATTACH, guarded=True)
def table_attach(r: Realtime, conn: Conn, payload: dict) -> None:
    """A table screen comes back (reload, reconnect, server restart).
    ``tv``: it is a TV, a screen nobody is handed (the host's phone then
    plays for the guest the game waits on); left out, it is the device the
    guests are handed, which alone plays for them (``Room.guest_for_host``)."""
    code = protocol.room_code(payload)
    token = protocol.token(payload, "host_token")
    tv = protocol.table_tv(payload)

    def prove(room: Room) -> None:
        if not room.check_host_token(token):
            raise ProtocolError(Code.FORBIDDEN, "This screen is not the table of that room.")

    room = r.find_proven_room(code, prove, conn.addr)
    r.unbind(conn)
    conn.table_key = hash_token(token)
    _enter(r, conn, room, "table", lambda: room.attach_table(tv))


@handler(Event.PLAYER_JOIN)
def player_join(r: Realtime, conn: Conn, payload: dict) -> dict:
    """A phone takes a new seat; its token goes to it alone. ``device``:
    the token its page keeps for good (a kick bars it too). Paced per room
    and per device (``pacing.py``), and then charged to the address's join
    budget like every guarded event: a join refused for the room's pace
    costs the address nothing, so that guests behind one address tapping
    Join again while many come in do not spend their own budget."""
    join = protocol.parse_join(payload)
    room = r.find_room(join.code, conn.addr)
    r.pacing.check_join(room.code, join.device, conn.addr)
    if not r.join_limiter.allow(conn.addr):
        raise ProtocolError(Code.RATE_LIMITED, ATTEMPTS_REFUSAL)
    r.unbind(conn)
    pid, token = _enter(r, conn, room, "player",
                        lambda: room.join(join.name, join.group, join.profile, join.more_time, device=join.device),
                        lambda result: result[0])
    r.pacing.joined(room.code, join.device, conn.addr)
    return {"player_id": pid, "token": token}


@handler(Event.ROOM_WATCH, guarded=True)
def room_watch(r: Realtime, conn: Conn, payload: dict) -> None:
    """A spectator (the watch page): from now on the connection receives the
    room's public ``state``, exactly the table's frames, and may send nothing
    more (``dispatch.refuse_watcher``); it leaves by disconnecting. Paced and
    refused like a join (an unknown code costs the server-wide budget), at
    most ``limits.max_watchers`` per room and ``limits.watchers_per_address``
    from one address (``room_full``); refused while the room is locked (a
    device that watched it before comes back) and from a device the host
    removed (``device``: the token the page keeps; ``kind``: phone, tablet or
    screen, for the host's list). No seat, no token, no ``you``."""
    watch = protocol.parse_watch(payload)
    room = r.find_room(watch.code, conn.addr)
    r.pacing.check_watch(room.code, conn.addr)
    r.unbind(conn)
    cap, per_address = r.settings["PARTYAPP_MAX_WATCHERS"], r.settings["PARTYAPP_WATCHERS_PER_ADDRESS"]
    _enter(r, conn, room, "watcher", lambda: room.watch(cap, per_address=per_address, addr=conn.addr,
                                                        device=watch.device, kind=watch.kind, sid=conn.sid),
           lambda wid: wid)


@handler(Event.PLAYER_RESUME, guarded=True)
def player_resume(r: Realtime, conn: Conn, payload: dict) -> dict:
    """A phone comes back into its seat: same seat, same hand, same roles."""
    code = protocol.room_code(payload)
    token = protocol.token(payload)
    # a token of no seat does not cost the connection its seat
    room = r.find_proven_room(code, lambda room: room.read(lambda: room.token_seat(token)), conn.addr)
    found: list[str] = []

    def resume() -> Any:
        seat = room.token_seat(token)
        found[:] = [seat.id]
        return room.set_connected(seat.id, True)

    r.unbind(conn)
    _enter(r, conn, room, "player", resume, lambda _: found[0])
    return {"player_id": found[0]}


@handler(Event.PLAYER_LEAVE)
def player_leave(r: Realtime, conn: Conn, payload: dict) -> None:
    """A phone leaves for good: the seat and its token are gone."""
    if conn.role != "player":
        raise ProtocolError(Code.FORBIDDEN, "Only a player can leave.")
    room = _room_for(r, conn)
    pid = conn.pid

    room.change(lambda: room.remove(pid), then=lambda _: r.evict_seat(room, pid, "left"))


@handler(Event.PLAYER_UPDATE)
def player_update(r: Realtime, conn: Conn, payload: dict) -> None:
    """A player changes what they said at join time: their drinking group,
    their name (checked as at a join), their drink profile, whether they
    want more time and whether they sit the next games out
    (``sitting_out``); what is left out stays. With ``as``, the table or
    the host changes a guest seat's (a person without a phone). The change
    is applied and answered at once; its frames go to everybody at most a
    few times a second per room (``coalesce.py``), the latest state each
    time."""
    guest = protocol.acting_for(payload)
    if guest is None and conn.role != "player":
        raise ProtocolError(Code.FORBIDDEN, "Only a player can change that.")
    group = protocol.group(payload["group"]) if "group" in payload else UNCHANGED
    name = protocol.clean_name(payload["name"]) if "name" in payload else UNCHANGED
    profile = protocol.profile(payload["profile"]) if "profile" in payload else UNCHANGED
    more_time = protocol.flag(payload["more_time"], "more_time") if "more_time" in payload else UNCHANGED
    sitting_out = (protocol.flag(payload["sitting_out"], "sitting_out") if "sitting_out" in payload
                   else UNCHANGED)
    room = _room_for(r, conn)

    def update() -> Any:
        pid = conn.pid if guest is None else _guest_of(r, conn, room, guest)
        return room.update_player(pid, group=group, name=name, profile=profile, more_time=more_time,
                                  sitting_out=sitting_out)

    # applied and answered at once; the frames to everybody at most a few a second (``coalesce.py``)
    room.change(update, coalesce=True)


def _guest_of(r: Realtime, conn: Conn, room: Room, pid: str) -> str:
    """The guest seat ``pid`` the sender (the table or the host player) acts
    for; ``forbidden`` for anyone else, and for a seat with its own phone."""
    _require_host(r, conn, room, N_("Only the table or the host can play for a guest without a phone."))
    return room.guest_seat(pid).id


def _guest_to_see(r: Realtime, conn: Conn, room: Room, pid: str, look: bool = False) -> str:
    """The guest seat whose hand the sender asks for: the table's as
    ``Room.guest_for_table`` allows (in a card game, the guest waited on,
    or a look from their own seat, logged); the host player's phone's as
    ``_guest_to_play``."""
    if conn.role == "table":
        room.guest_for_table(_guest_of(r, conn, room, pid), look)
        return pid
    return _guest_to_play(r, conn, room, pid)


def _guest_to_play(r: Realtime, conn: Conn, room: Room, pid: str) -> str:
    """The guest seat ``pid`` whose hand or move the sender asks for: any
    guest's for the table; for the host player's phone only as
    ``Room.guest_for_host`` allows (no table device here, and the game
    waiting on that guest)."""
    pid = _guest_of(r, conn, room, pid)
    if conn.role != "table":
        room.guest_for_host(pid)
    return pid


def _require_host(r: Realtime, conn: Conn, room: Room, refusal: str) -> None:
    """Refuse anyone but the host (inside the room's change, or ``read``)."""
    if not r.is_host(conn, room):
        raise ProtocolError(Code.FORBIDDEN, refusal)


def _check_rev(room: Room, rev: int | None) -> None:
    """An optional ``rev`` says which state the sender acted on; a stale one
    lost a race with another change."""
    if rev is not None and rev != room.rev:
        raise ProtocolError(Code.CONFLICT, "Something changed meanwhile; look again and retry.")


@handler(Event.HOST_COMMAND)
def host_command(r: Realtime, conn: Conn, payload: dict) -> dict | None:
    """The table or the host player: one of the commands of
    ``commands.HOST_COMMANDS`` (kick, lock, unban, seat_order, end_game,
    set_host, skip, add_bot, add_guest, the game's own host moves, the
    night's settings, end_night, new_night, sit_out, pause), with the ``rev`` it
    acted on if it says. Everybody receives the new state; a kicked phone
    receives ``kicked`` first; add_bot and add_guest are answered with the
    new seat's ``player_id``."""
    room = _room_for(r, conn)
    name = protocol.command_name(payload, HOST_COMMANDS)
    rev = protocol.parse_rev(payload)
    command = HOST_COMMANDS[name]
    fields = command.parse(payload)
    if command.sender:
        fields = (fields, conn.pid if conn.role == "player" else None)

    def change() -> Any:
        _require_host(r, conn, room, N_("Only the host can do that."))
        _check_rev(room, rev)
        return command.act(r, room, fields)

    then = None if command.then is None else (lambda result: command.then(r, room, fields, result))
    result = room.change(change, then=then)
    return None if command.answers is None else {command.answers: result}


@handler(Event.GAME_START)
def game_start(r: Realtime, conn: Conn, payload: dict) -> None:
    """The table or the host player starts a game of ``mode``."""
    start = protocol.parse_start(payload)
    room = _room_for(r, conn)
    testing = bool(r.settings["PARTYAPP_TESTING"])

    def begin() -> None:
        _require_host(r, conn, room, N_("Only the host can start a game."))
        if isinstance(start.options.get("variant"), dict):  # a deck given whole: its texts are typed
            room.check_words(start.options["variant"], Term("The house rules"))
        room.start_game(start.mode, start.options, testing)

    room.change(begin)


def _owners(conn: Conn, room: Room, payload: dict) -> list[str]:
    """Who the sender is, for the house variants they own (``Room.owner_tokens``)."""
    return room.owner_tokens(protocol.device_token(payload), table=conn.role == "table",
                             pid=conn.pid if conn.role == "player" else None)


@handler(Event.VARIANT_LIST)
def variant_list(r: Realtime, conn: Conn, payload: dict) -> dict:
    """Anyone in a room: the built-in decks (``defaults``), the house
    variants the sender saved (their device token, their seat's or the
    table's token: ``mine``, to change or delete) or that were saved from
    this room, and the effect catalogue, for the deck editor and the mode
    picker. Other rooms' variants are never listed: a host sees the
    built-ins and their own (``rooms/variants.py``)."""
    room = _room_for(r, conn)
    mine, house = room.read(lambda: (set(_owners(conn, room, payload)), list(room.house)))
    return variants.listing(r.registry.store, mine, house)


@handler(Event.VARIANT_SAVE)
def variant_save(r: Realtime, conn: Conn, payload: dict) -> dict:
    """The host saves (or replaces) a named house variant; the rules (who
    owns it, its name, the deck, how many) are ``rooms/variants.py``'s.
    Only the sender is answered; everybody in the room lists the name."""
    room = _room_for(r, conn)
    save = protocol.parse_variant_save(payload)
    mine = room.read(lambda: (_require_host(r, conn, room, N_("Only the host can edit house rules.")),
                              room.check_words([save.name, save.deck], Term("The house rules")),
                              _owners(conn, room, payload))[2])
    deck = variants.save(r.registry.store, save.name, save.mode, save.deck, mine, r.registry.clock())
    room.change(lambda: room.note_house_variant(save.name))
    return {"variant": {"name": save.name, "mode": save.mode, "deck": deck, "mine": True}}


@handler(Event.VARIANT_DELETE)
def variant_delete(r: Realtime, conn: Conn, payload: dict) -> None:
    """The host deletes a house variant they saved (``rooms/variants.py``)."""
    room = _room_for(r, conn)
    name = protocol.parse_variant_name(payload)
    mine = room.read(lambda: (_require_host(r, conn, room, N_("Only the host can edit house rules.")),
                              _owners(conn, room, payload))[1])
    variants.delete(r.registry.store, name, mine)


@handler(Event.GAME_ACT)
def game_act(r: Realtime, conn: Conn, payload: dict) -> dict | None:
    """A player's move; it is checked against the rules and the turn. With
    ``as``, the table or the host player makes the move of a guest seat (a
    person without a phone; the host player only as ``_guest_to_play``
    allows); any other seat is refused ``forbidden``. With ``as`` and
    ``view``, the table device's answer carries that guest's view after
    their move (``you``): the hand it shows them a moment longer, the card
    a take brought included."""
    guest = protocol.acting_for(payload)
    view = guest is not None and conn.role == "table" and protocol.flag_of(payload, "view")
    if guest is None and conn.role != "player":
        raise ProtocolError(Code.FORBIDDEN, "Only players make moves.")
    arrival = {"at": r.registry.clock(), "rtt": conn.trips.estimate()}  # the server's stamp, for races
    action = protocol.parse_action(payload)
    room = _room_for(r, conn)
    rev = protocol.parse_rev(payload)

    def move() -> list[dict]:
        actor = conn.pid if guest is None else _guest_to_play(r, conn, room, guest)
        _check_rev(room, rev)
        return room.act(actor, action, arrival)

    room.change(move)
    return room.read(lambda: {"rev": room.rev, "you": room.you(guest)}) if view else None


@handler(Event.ROOM_HISTORY, watchers=True)
def room_history(r: Realtime, conn: Conn, payload: dict) -> dict:
    """Anybody in the room (the table, a phone, a spectator): this game's
    history, every log entry the table's view showed, oldest first, each
    with who made it and when (``rooms/history.py``); from id ``since`` on
    when given. Answered to the sender alone; nothing changes."""
    since = protocol.history_since(payload)
    room = _room_for(r, conn)
    return {"history": room.read(lambda: room.history_since(since))}


@handler(Event.GAME_UNDO)
def game_undo(r: Realtime, conn: Conn, payload: dict) -> None:
    """A player takes back their own last move, while ``you.can_undo`` says
    they may (``Room.take_back``); with ``as``, the table or the host player
    does it for a guest seat, as ``game.act`` does. Everybody receives the
    state without the move."""
    guest = protocol.acting_for(payload)
    if guest is None and conn.role != "player":
        raise ProtocolError(Code.FORBIDDEN, "Only players make moves.")
    room = _room_for(r, conn)
    rev = protocol.parse_rev(payload)

    def undo() -> list[dict]:
        actor = conn.pid if guest is None else _guest_to_play(r, conn, room, guest)
        _check_rev(room, rev)
        return room.take_back(actor)

    room.change(undo)


@handler(Event.GUEST_VIEW)
def guest_view(r: Realtime, conn: Conn, payload: dict) -> dict:
    """The table or the host player: a guest seat's private view (``you``,
    with the ``rev`` it belongs to), in this answer only: no ``state``
    frame ever carries it. With ``player_ids``, the views of several guests
    at one rev (``views``, by player id): a table handed round among many
    guests asks once per change, not once per guest; one id that is not a
    guest seat refuses them all. The host player's phone gets a guest's
    view only as ``_guest_to_play`` allows. In a card game the table gets
    only the views of the guests the game waits on; ``look`` (one
    ``player_id``): that guest opened their hand from their own seat out
    of turn, which the game's log says, so everybody receives the state."""
    many = protocol.guest_ids(payload)
    pids = many if many is not None else [protocol.player_id(payload.get("player_id"))]
    look = protocol.flag_of(payload, "look") and many is None
    room = _room_for(r, conn)

    def views() -> dict:
        seen = {pid: room.you(_guest_to_see(r, conn, room, pid, look)) for pid in pids}
        if many is None:
            return {"rev": room.rev, "you": seen[pids[0]]}
        return {"rev": room.rev, "views": seen}

    if look:
        answer = room.change(views)
        return {**answer, "rev": room.rev}
    return room.read(views)
