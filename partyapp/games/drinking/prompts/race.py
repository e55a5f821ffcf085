"""Races: the last one drinks (Floor, Heaven, and the thumbmaster's thumb).

Every participant taps once; the order of arrival is the order of the
moves. The race settles as soon as at most one participant has not tapped
(that one is last), or at the time-out, when everybody missing counts as
last. In the thumb race whoever copies with the wrong thumb loses too."""

from __future__ import annotations

from dataclasses import dataclass, field

from partyapp.games.drinking.prompts.base import Prompt, act, one

THUMBS = ("left", "right")


@dataclass(slots=True, kw_only=True)
class Race(Prompt):
    kind: str = "race"
    race: str  # "card" (the card drawn) or "thumb" (the thumbmaster's)
    title: str
    thumb: str | None = None  # the thumb to copy, when the thumbmaster chose one
    participants: list[str]
    order: list[str] = field(default_factory=list)
    thumbs: dict[str, str] = field(default_factory=dict)

    moves = ("tap",)
    clock = "race_timeout_s"

    def waiting(self) -> list[str]:
        return [p for p in self.participants if p not in self.order]

    def actions(self, g, pid: str) -> list[dict]:
        if pid not in self.participants or pid in self.order:
            return []
        if self.thumb is not None:
            return [act("tap", thumb=one(THUMBS))]
        return [act("tap")]

    def tap(self, g, pid: str, values: dict, now: float) -> None:
        self.order.append(pid)
        if "thumb" in values:
            self.thumbs[pid] = values["thumb"]
        if len(self.waiting()) <= 1:
            self.settle(g, now, timed_out=False)

    def timeout(self, g, now: float) -> None:
        self.settle(g, now, timed_out=True)

    def settle(self, g, now: float, timed_out: bool) -> None:
        order = self.order
        waiting = self.waiting()
        wrong = [p for p in order if self.thumb is not None and self.thumbs.get(p) != self.thumb]
        last = waiting if waiting else order[-1:]
        losers = wrong + [p for p in last if p not in wrong]
        g.close({"kind": "race", "race": self.race, "title": self.title, "thumb": self.thumb,
                 "order": list(order), "last": list(last), "wrong_thumb": wrong, "losers": losers,
                 "timed_out": timed_out})
        g.drink(losers, self.n, "race", {"lead": "race_timed_out" if timed_out else "race", "race": self.race,
                                         "title": self.title})
        g.resume(now)

    def public(self) -> dict:
        return {"kind": "race", "race": self.race, "title": self.title, "by": self.by,
                "thumb": self.thumb, "participants": list(self.participants),
                "order": list(self.order), "thumbs": dict(self.thumbs), "waiting": self.waiting(),
                "deadline": self.deadline, "n": self.n}

    def you(self, g, pid: str) -> dict | None:
        if pid not in self.participants or pid in self.order:
            return None
        return {"prompt": {"prompt": "tap", "title": self.title, "thumb_choice": self.thumb is not None}}

    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        if pid not in self.participants:
            return False
        self.participants.remove(pid)
        if pid in self.order:
            self.order.remove(pid)
        self.thumbs.pop(pid, None)
        return len(self.participants) < 2

    def skip(self, g, pid: str, now: float) -> None:
        """An absent racer sits the race out; the others race on."""
        g.log("skip", "skip_race", player=pid)
        self.participants.remove(pid)
        self.thumbs.pop(pid, None)
        if len(self.participants) < 2:
            g.close()
            g.log("note", "race_off")
        elif len(self.waiting()) <= 1:
            self.settle(g, now, timed_out=False)

    def after_leave(self, g, now: float) -> None:
        if len(self.waiting()) <= 1:
            self.settle(g, now, timed_out=False)
