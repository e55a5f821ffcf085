"""``host.command``: the host's commands, one table of a parser and a change
each (PROTOCOL.md, docs/protocol-extensions.md).

Each entry's ``parse`` reads the command's fields from the payload
(``protocol.py``'s field parsers: refused ``bad_request``); its ``act`` is
the change of the room, run under ``Room.change`` once the sender is found
to be the host and the ``rev`` they acted on is the room's; ``then`` runs
once the change is saved, with what ``act`` returned (a kicked phone is
told, and the spectators whose watching ended); ``answers`` names the
field of the answer that carries what ``act`` returned. Adding a command is
one entry here (and its line in the docs). ``handlers.host_command`` reads
the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from partyapp.games.kit.base import HOST
from partyapp.realtime import protocol
from partyapp.realtime.hub import Realtime
from partyapp.rooms.room import Room


@dataclass(frozen=True, slots=True)
class HostCommand:
    parse: Callable[[dict], Any]  # payload -> the command's fields
    act: Callable[[Realtime, Room, Any], Any]  # (realtime, room, fields) -> the change's result
    then: Callable[[Realtime, Room, Any, Any], None] | None = None  # (realtime, room, fields, result), once saved
    answers: str | None = None  # the answer's field for the result
    # ``act`` is given (fields, who sent it: the host player's id, None for the table)
    sender: bool = False


# In the order the refusal of an unknown command lists them.
HOST_COMMANDS: dict[str, HostCommand] = {
    # the seat's token, name and device are barred from the room until ``unban``; the device's watching ends
    "kick": HostCommand(protocol.one_player, lambda r, room, pid: room.kick(pid),
                        then=lambda r, room, pid, ended: (r.evict_seat(room, pid, "kicked"),
                                                          r.end_watching(room, ended, "kicked"))),
    "seat_order": HostCommand(protocol.seat_order, lambda r, room, pids: room.set_seat_order(list(pids))),
    "end_game": HostCommand(protocol.no_fields, lambda r, room, _: room.end_game()),
    "set_host": HostCommand(protocol.one_player, lambda r, room, pid: room.set_host(pid)),
    # the game's own host moves (``Game.legal_actions(HOST)``)
    "game": HostCommand(protocol.parse_action, lambda r, room, action: room.act(HOST, action)),
    # go on without an absent player the game waits on
    "skip": HostCommand(protocol.one_player, lambda r, room, pid: room.skip_absent(pid)),
    "settings": HostCommand(protocol.parse_settings, lambda r, room, changes: room.set_settings(changes)),
    "end_night": HostCommand(protocol.no_fields, lambda r, room, _: room.end_night()),
    "new_night": HostCommand(protocol.no_fields, lambda r, room, _: room.new_night()),
    "add_bot": HostCommand(protocol.bot_level, lambda r, room, level: r.autoplay.seat_bot(room, level),
                           answers="player_id"),
    # every timer stops with its time left, and nothing is played, until the host resumes
    "pause": HostCommand(protocol.paused, lambda r, room, p: room.set_paused(p[0], p[1]), sender=True),
    # no new joins while locked
    "lock": HostCommand(protocol.locked, lambda r, room, locked: room.set_locked(locked)),
    "unban": HostCommand(protocol.unban_name, lambda r, room, name: room.unban(name)),
    # a spectator's watching ends, and its device may not watch the room again
    "unwatch": HostCommand(protocol.watcher_id, lambda r, room, wid: room.remove_watcher(wid),
                           then=lambda r, room, wid, ended: r.end_watching(room, ended, "unwatched")),
    # a player sits the next games out, or comes back in
    "sit_out": HostCommand(protocol.sit_out, lambda r, room, s: room.set_sitting_out(s.player_id, s.sitting_out)),
    # a person without a phone, played from the table
    "add_guest": HostCommand(protocol.guest, lambda r, room, g: room.add_guest(g.name, g.group, g.profile),
                             answers="player_id"),
}
