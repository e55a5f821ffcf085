"""Races: the last one drinks (Floor, Heaven, and the thumbmaster's thumb).

Every participant taps once. Taps are judged by the kit's fair race judging
(``partyapp/games/kit/races.py``), the slap races' own: a tap counts from
when its phone sent it, its arrival (``g.arrival``, the server's stamp) less
half that phone's recent round trip, the compensation capped at
``races.MAX_LAG_MS``; ``order`` is the taps fastest first. The race settles
when everybody has tapped; with one participant left, once no tap of
theirs still on its way could be judged ahead of the last tap in
(``races.overtake_until``: that tap's judged time plus the cap; at once
when no tap in the race was compensated, as then arrival decides), and
that one is last; or at the time-out, when everybody missing counts as
last. In the thumb race a copy with the wrong thumb is no copy: that player
has still not copied and may copy again, with the right thumb; the one left
last loses, alone (the seed: "the last person to copy with the correct
thumb loses"). The jail card's holder may get out of a race before tapping."""

from __future__ import annotations


from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.races import Slap, judge, overtake_until, ranked
from partyapp.games.drinking.outcomes import RaceEnd
from partyapp.games.drinking.prompts.base import Prompt

THUMBS = ("left", "right")


class Race(Prompt, tag="race"):
    race: str  # "card" (the card drawn) or "thumb" (the thumbmaster's)
    title: str
    thumb: str | None = None  # the thumb to copy, when the thumbmaster chose one
    participants: list[str]
    order: list[str] = []  # who tapped, fastest first (judged)
    thumbs: dict[str, str] = {}
    # When the race opened (None: saved before races kept it) and each tap
    # as the kit judged it (``races.judge``), in the order they came in. A
    # tap saved before taps were judged is in ``order`` alone, ahead of the
    # judged ones (it came in before any of them).
    opened: float | None = None
    taps: list[Slap] = []
    # One participant left: when the race settles without them.
    closing: float | None = None
    # Who copied the thumb race with the wrong thumb (they copy again).
    wrong: list[str] = []

    moves = ("tap",)
    clock = "race_timeout_s"

    def waiting(self) -> list[str]:
        return [p for p in self.participants if p not in self.order]

    def due(self) -> float | None:
        times = [t for t in (self.deadline, self.closing) if t is not None]
        return min(times) if times else None

    def actions(self, g, pid: str) -> list[dict]:
        if pid not in self.participants or pid in self.order:
            return []
        if self.thumb is not None:
            return [spec("tap", thumb=one_of(THUMBS))]
        return [spec("tap")]

    def verify(self, g, pid: str, move: str, values: dict, now: float) -> None:
        Prompt.verify(self, g, pid, move, values, now)
        if self.closing is not None and now >= self.closing:
            raise IllegalAction("Too late: time is up.")

    def tap(self, g, pid: str, values: dict, now: float) -> None:
        if self.thumb is not None and values.get("thumb") != self.thumb:
            # the wrong thumb is no copy: still to copy, with the right one
            self.thumbs[pid] = values["thumb"]
            if pid not in self.wrong:
                self.wrong.append(pid)
            return
        self.taps.append(judge(pid, g.arrival, self.opened))
        self._rank()
        if "thumb" in values:
            self.thumbs[pid] = values["thumb"]
        self.settle_if_done(g, now)

    def _rank(self) -> None:
        judged = [e.player for e in ranked(self.taps)]
        self.order = [p for p in self.order if p not in judged] + judged

    def settle_if_done(self, g, now: float) -> None:
        """Settle once nobody is left to tap, or once the one left can no
        longer be judged ahead of the last tap in."""
        waiting = self.waiting()
        if len(waiting) > 1:
            self.closing = None
            return
        if not waiting or not any(e.lag for e in self.taps):
            self.settle(g, now, timed_out=False)
            return
        self.closing = overtake_until(self.taps)
        if now >= self.closing:
            self.settle(g, now, timed_out=False)

    def timeout(self, g, now: float) -> None:
        # Called once due: the one left can no longer be judged ahead
        # (``closing``), or the race's time is up first.
        closed = self.closing is not None and (self.deadline is None or self.closing <= self.deadline)
        self.settle(g, now, timed_out=not closed)

    def settle(self, g, now: float, timed_out: bool) -> None:
        order = self.order
        waiting = self.waiting()
        # A wrong thumb among the copies: only in a race saved before a wrong
        # thumb stopped counting as a copy (it lost then, and still does).
        before = [p for p in order if self.thumb is not None and self.thumbs.get(p) != self.thumb]
        last = waiting if waiting else order[-1:]
        losers = before + [p for p in last if p not in before]
        wrong = before + [p for p in self.wrong if p not in before and p in self.participants]
        g.close(RaceEnd(race=self.race, title=self.title, thumb=self.thumb, order=list(order), last=list(last),
                        wrong_thumb=wrong, losers=losers, timed_out=timed_out))
        g.drink(losers, self.n, "race", {"lead": "race_timed_out" if timed_out else "race", "race": self.race,
                                         "title": self.title, "order": list(order), "margins": self.margins(order)})
        g.resume(now)

    def margins(self, order: list[str]) -> list[int | None]:
        """Each tapper's margin behind the first, in ms as judged (None: a
        tap saved before taps were judged), for the log: the race keeps its
        timings ("Floor: Ana +0 ms, Ben +180 ms")."""
        judged = {e.player: e.judged for e in self.taps}
        first = min(judged.values(), default=0.0)
        return [round((judged[p] - first) * 1000) if p in judged else None for p in order]

    def copy_again(self) -> list[str]:
        """Who copied with the wrong thumb and has not copied right since."""
        return [p for p in self.wrong if p in self.participants and p not in self.order]

    def public(self) -> dict:
        view = {"kind": "race", "race": self.race, "title": self.title, "by": self.by,
                "thumb": self.thumb, "participants": list(self.participants),
                "order": list(self.order), "thumbs": dict(self.thumbs), "waiting": self.waiting(),
                "deadline": self.deadline, "n": self.n}
        again = self.copy_again()
        if again:
            view["wrong"] = again
        return view

    def you(self, g, pid: str) -> dict | None:
        if pid not in self.participants or pid in self.order:
            return None
        prompt = {"prompt": "tap", "title": self.title, "thumb_choice": self.thumb is not None}
        if pid in self.wrong:
            prompt["wrong"] = self.thumbs.get(pid)
        return {"prompt": prompt}

    def escapable(self, g, pid: str) -> bool:
        return pid in self.participants and pid not in self.order

    def escape(self, g, pid: str, now: float) -> None:
        self.participants.remove(pid)
        self.thumbs.pop(pid, None)
        if len(self.participants) < 2:
            g.close()
            g.log("drinking.race_off")
            g.resume(now)
        else:
            self.settle_if_done(g, now)

    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        if pid not in self.participants:
            return False
        self.participants.remove(pid)
        if pid in self.order:
            self.order.remove(pid)
        self.taps = [e for e in self.taps if e.player != pid]
        self.thumbs.pop(pid, None)
        if pid in self.wrong:
            self.wrong.remove(pid)
        return len(self.participants) < 2

    def skip(self, g, pid: str, now: float) -> None:
        """An absent racer sits the race out; the others race on."""
        g.log("drinking.skip_race", player=pid)
        self.participants.remove(pid)
        self.thumbs.pop(pid, None)
        if len(self.participants) < 2:
            g.close()
            g.log("drinking.race_off")
        else:
            self.settle_if_done(g, now)

    def after_leave(self, g, now: float) -> None:
        self.settle_if_done(g, now)
