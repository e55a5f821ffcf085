"""What a room shows: the public view every screen gets (the table, the
spectators, every phone) and each seat's private part (``you``).

A player's frame is exactly the table's view of the same ``rev`` plus
``you`` (PROTOCOL.md); nothing else differs between recipients. ``Views``
is that part of ``Room`` (``room.py``); ``Room.publish`` hands these to the
transport after every change (``frames.py`` encodes them).
"""

from __future__ import annotations

from typing import Any


class Views:
    """The room's views (see the module text)."""

    @property
    def watch_url(self) -> str:
        """The watch page's address: the join URL's site, ``/w/CODE``."""
        site, _, _ = self.join_url.rpartition("/j/")
        return f"{site}/w/{self.code}"

    def public_view(self) -> dict:
        in_game = set(self.game.players()) if self.game else set()
        waiting = set(self.game.waiting_for()) if self.game and not self.game.is_over() else set()
        ledger = self.night.ledger
        return {
            "rev": self.rev,
            "room": {
                "code": self.code,
                "host_player": self.host_player,
                "join_url": self.join_url,
                "watch_url": self.watch_url,
                "table_connected": self.table_connected,
                "table_tv": self.table_tv,
                "time": self.touched,
                "former": self.former,
                "locked": self.locked,
                "paused": self.paused_view(),
                "watchers": self.watcher_count(),
                "watching": self.watcher_list(),
                "banned": [b["name"] for b in self.banned.values()],
                **self.night.public(self.seats, self.former),
            },
            "players": [
                {
                    "id": s.id,
                    "name": s.name,
                    "seat": i,
                    "connected": s.connected,
                    **ledger.counts(s.id),
                    "profile": s.profile,
                    "group": s.group,
                    "in_game": s.id in in_game,
                    "away_since": s.away_since,
                    "waiting": s.id in waiting,
                    "sitting_out": s.sitting_out,
                    "guest": s.guest,
                    **self._bot_fields(s),
                }
                for i, s in enumerate(self.seats)
            ],
            "game": self.game.public_view() if self.game else None,
        }

    def you(self, pid: str) -> dict:
        seat = self.seat(pid)
        you: dict[str, Any] = {"player_id": pid, "name": seat.name, "group": seat.group,
                               "is_host": self.host_player == pid, "hand": [], "actions": [],
                               **self.night.you(seat, self.registry.clock())}
        if self.game and pid in self.game.players():
            you.update(self.game.private_view(pid))
            you["actions"] = self.game.legal_actions(pid)
            # the phone's Undo (``game.undo``): their last move, while it may still be taken back
            you["can_undo"] = self.paused is None and self.game.can_take_back(pid)
        if seat.played_for:
            you["played_for"] = seat.played_for
        move = self.pending_table_move() if self.host_player == pid else None
        if move is not None:  # a screen asks to become the table: its number, for the host alone
            you["table_move"] = {"pin": move["pin"]}
        return you

    def view_for(self, pid: str | None) -> dict:
        view = self.public_view()
        if pid is not None:
            view["you"] = self.you(pid)
        return view
