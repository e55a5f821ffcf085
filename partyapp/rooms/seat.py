"""A seat of a room: who sits there, their token (as a hash), their phone's
presence and what they chose; and what a game is told of a seat
(``Seat.entrant``), the one player record every engine is dealt.

Tokens come from ``secrets`` (192 bits); a room keeps only their hashes,
so a copy of the store seats nobody.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field


def hash_token(token: str) -> str:
    """Rooms keep only a hash of each token: a copy of the store seats nobody."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


@dataclass(slots=True)
class Seat:
    id: str
    name: str
    token_hash: str
    group: str | None = None
    connected: bool = True
    away_since: float | None = None  # server time the seat's last phone went
    hosts: list[str] = field(default_factory=list)  # server processes holding one of its phones' connections
    profile: str = "drinks"  # "drinks", "soft" or "none" (night.py)
    more_time: bool = False  # their own timers run twice as long
    bot: bool = False  # a seat the server plays (``partyapp/bots``)
    look: str | None = None  # a bot's face on the screens
    level: str | None = None  # a bot's speed: slow, normal or fast
    auto: bool = False  # a person's seat the server plays while their phone is away
    sitting_out: bool = False  # sits the next games out: kept in the room, not dealt in
    guest: bool = False  # a person without a phone, played from the table device: here while the table is
    device: str | None = None  # the hash of the device token its page sent at the join (a kick bars it too)
    # What the server played for this person while their phone was away (``auto``),
    # for their phone to tell them: ``[{"action": ..., "log": [entries]}]``.
    played_for: list[dict] = field(default_factory=list)

    def entrant(self) -> dict:
        """What a game is told of this seat when it deals it in (``Game.new``,
        ``Game.add_player``): its player id, its group, and ``bot`` for a
        seat the server plays (whose forfeits never count)."""
        return {"id": self.id, "group": self.group, **({"bot": True} if self.bot else {})}

    def saved(self) -> dict:
        """The seat in the room's saved form (every field, spelt out: this
        runs at every change)."""
        return {"id": self.id, "name": self.name, "token_hash": self.token_hash, "group": self.group,
                "connected": self.connected, "away_since": self.away_since, "hosts": self.hosts,
                "profile": self.profile, "more_time": self.more_time, "bot": self.bot, "look": self.look,
                "level": self.level, "auto": self.auto, "sitting_out": self.sitting_out,
                "guest": self.guest, "device": self.device, "played_for": self.played_for}

    @classmethod
    def restore(cls, saved: dict) -> Seat:
        """A seat from its saved form; fields this version no longer keeps
        (such as the night's counters, now the ledger's) are left behind."""
        return cls(**{k: v for k, v in saved.items() if k in SEAT_FIELDS})


SEAT_FIELDS = frozenset(Seat.__dataclass_fields__)
