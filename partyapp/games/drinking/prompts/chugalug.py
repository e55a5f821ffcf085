"""Chugalug, the number game (Kings' 5): the drawer says "one to my left" or
"one to my right"; the count goes round that way, multiples of 5 or 7 are
"chugalug" and reverse it. The table referees: the player whose go it is
taps one of a few answers; a wrong one, or none within
``answer_timeout_s``, is the mistake and that player drinks. Past
``chugalug_max`` the count stops with nobody drinking. The jail card's
holder may get out of it: the count passes them over (the drawer getting
out before the count starts, or a count left with one player, calls it
off)."""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.record import Record, to_plain
from partyapp.games.drinking.outcomes import ChugalugEnd
from partyapp.games.drinking.prompts.base import Prompt

SIDES = ("left", "right")


def right_answer(k: int) -> int | str:
    return "chugalug" if k % 5 == 0 or k % 7 == 0 else k


class Said(Record):
    """The last right answer in the count, and who said it."""

    player: str
    said: int | str


class Chugalug(Prompt, tag="chugalug"):
    phase: str = "choose"  # "choose" (the drawer picks a side), then "count"
    number: int = 1  # the number to say next
    dir: int = 0  # the step round the seats
    speaker: str
    last: Said | None = None  # the last right answer
    out: list[str] = []  # got out of it with the jail card

    moves = ("start", "answer")
    clock = "answer_timeout_s"

    def turn(self) -> str | None:
        return self.by if self.phase == "choose" else self.speaker

    def timed(self) -> list[str]:
        return [self.speaker]

    def actions(self, g, pid: str) -> list[dict]:
        if self.phase == "choose":
            return [spec("start", side=one_of(SIDES))] if pid == self.by else []
        if pid != self.speaker:
            return []
        k = self.number
        return [spec("answer", say=one_of([k - 1, k, k + 1, "chugalug"]))]

    def start(self, g, pid: str, values: dict, now: float) -> None:
        step = g.left_step()
        self.dir = step if values["side"] == "left" else -step
        self.phase = "count"
        self.number = 2
        self.last = Said(player=pid, said=1)
        self.speaker = self.step(g, pid)
        self.deadline = now + g.seconds("answer_timeout_s", [self.speaker])
        g.log("drinking.chugalug_start", player=pid, side=values["side"])

    def answer(self, g, pid: str, values: dict, now: float) -> None:
        k = self.number
        right = right_answer(k)
        said = values["say"]
        if said != right or type(said) is not type(right):
            self.mistake(g, pid, said)
            return
        self.last = Said(player=pid, said=right)
        if right == "chugalug":
            self.dir = -self.dir
        self.number = k + 1
        if k + 1 > g.s.opts.chugalug_max:
            g.close(ChugalugEnd(loser=None, number=k, said=right, expected=right))
            g.log("drinking.chugalug_clean", number=k)
            return
        self.speaker = self.step(g, pid)
        self.deadline = now + g.seconds("answer_timeout_s", [self.speaker])

    def step(self, g, pid: str) -> str:
        """The next player in the count's direction who is still in it."""
        p = g.step(pid, self.dir)
        for _ in range(len(g.s.seats)):
            if p not in self.out:
                return p
            p = g.step(p, self.dir)
        return p

    def escapable(self, g, pid: str) -> bool:
        return pid in g.s.seats and pid not in self.out

    def escape(self, g, pid: str, now: float) -> None:
        if self.phase == "choose" and pid == self.by:
            g.close()
            g.log("drinking.called_off")
            return
        self.out.append(pid)
        if len([p for p in g.s.seats if p not in self.out]) < 2:
            g.close()
            g.log("drinking.called_off")
            return
        if self.phase == "count" and self.speaker == pid:
            self.speaker = self.step(g, pid)
            self.deadline = now + g.seconds("answer_timeout_s", [self.speaker])

    def mistake(self, g, pid: str, said: Any) -> None:
        k = self.number
        right = right_answer(k)
        g.close(ChugalugEnd(loser=pid, number=k, said=said, expected=right))
        g.drink([pid], self.n, "chugalug", {"lead": "chugalug_slow" if said is None else "chugalug_wrong",
                                            "number": k, "expected": right, "said": said})

    def timeout(self, g, now: float) -> None:
        self.mistake(g, self.speaker, None)

    def public(self) -> dict:
        view = {"kind": "chugalug", "by": self.by, "phase": self.phase, "number": self.number,
                "direction": self.dir, "speaker": self.speaker,
                "last": to_plain(self.last) if self.last else None, "deadline": self.deadline, "n": self.n}
        if self.out:
            view["out"] = list(self.out)
        return view

    def you(self, g, pid: str) -> dict | None:
        if self.phase == "choose" and pid == self.by:
            return {"prompt": {"prompt": "chugalug_start"}}
        if self.phase == "count" and pid == self.speaker:
            return {"prompt": {"prompt": "chugalug_answer", "number": self.number}}
        return None

    def skip(self, g, pid: str, now: float) -> None:
        """Before the count starts it is called off; in the count an absent
        speaker's go passes on, their clock started afresh."""
        if self.phase == "choose":
            Prompt.skip(self, g, pid, now)
            return
        self.speaker = self.step(g, pid)
        self.deadline = now + g.seconds("answer_timeout_s", [self.speaker])
        g.log("drinking.skip_go", player=pid)

    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        if self.phase == "choose":
            return pid == self.by
        if len(g.s.seats) <= 2:
            return True
        if pid in self.out:
            self.out.remove(pid)
        if self.speaker == pid:
            self.speaker = self.step(g, pid)
            if self.deadline is not None:
                self.deadline = now + g.seconds("answer_timeout_s", [self.speaker])
        return False
