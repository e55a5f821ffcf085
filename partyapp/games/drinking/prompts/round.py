"""Round games played aloud (Rhyme, Category): the drawer goes first, then
round the table in the direction of play; the player whose go it is taps
``done`` to pass it on; the caller (the drawer, or the next player if they
leave) or the host picks who messed up, and they drink."""

from __future__ import annotations

from dataclasses import dataclass

from partyapp.games.kit.actions import one_of, spec
from partyapp.games.drinking.prompts.base import Prompt


@dataclass(slots=True, kw_only=True)
class RoundGame(Prompt):
    kind: str = "round"
    title: str
    caller: str | None
    speaker: str | None
    goes: int = 0

    moves = ("done", "missed")

    def actions(self, g, pid: str) -> list[dict]:
        acts = []
        if self.speaker == pid:
            acts.append(spec("done"))
        if self.caller == pid:
            acts.append(spec("missed", player=one_of(g.state.seats)))
        return acts

    def host_actions(self, g) -> list[dict]:
        return [spec("missed", player=one_of(g.state.seats))] if g.state.seats else []

    def done(self, g, pid: str, values: dict, now: float) -> None:
        self.speaker = g.next_in_play(pid)
        self.goes += 1

    def missed(self, g, pid: str, values: dict, now: float) -> None:
        loser = values["player"]
        g.close({"kind": "round", "title": self.title, "loser": loser})
        g.drink([loser], self.n, "round", {"lead": "round", "title": self.title})

    def public(self) -> dict:
        return {"kind": "round", "title": self.title, "by": self.by, "caller": self.caller,
                "speaker": self.speaker, "goes": self.goes, "n": self.n}

    def you(self, g, pid: str) -> dict | None:
        if pid not in (self.speaker, self.caller):
            return None
        return {"prompt": {"prompt": "round", "your_go": self.speaker == pid, "caller": self.caller == pid}}

    def waiting(self) -> list[str]:
        return [p for p in dict.fromkeys([self.speaker, self.caller]) if p]

    def skip(self, g, pid: str, now: float) -> None:
        """An absent speaker's go (and an absent caller's call) passes on."""
        if self.speaker == pid:
            self.speaker = g.next_in_play(pid)
        if self.caller == pid:
            self.caller = g.next_in_play(pid)
        g.log("drinking.skip_go", player=pid)

    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        if self.speaker == pid:
            self.speaker = nxt
        if self.caller == pid:
            self.caller = nxt
        return nxt is None
