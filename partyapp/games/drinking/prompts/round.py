"""Round games played aloud (Rhyme, Category): the drawer goes first, then
round the table in the direction of play. By default the table just talks:
nobody taps after a word, and the caller (the drawer, or the next player if
they leave) or the host marks who messed up, one tap, and they drink. With
the table rule ``word_turns`` (``turns`` here) the app keeps the goes: the
player whose go it is taps ``done`` to pass it on. The jail card's holder
may get out of it: their goes are passed over and they cannot be picked; a
round left with one player is called off. Players sitting out are not in
the round."""

from __future__ import annotations


from partyapp.games.kit.actions import one_of, spec
from partyapp.games.drinking.outcomes import RoundEnd
from partyapp.games.drinking.prompts.base import Prompt


class RoundGame(Prompt, tag="round"):
    title: str
    caller: str | None
    speaker: str | None  # whose go it is (``turns`` only; None when the table just talks)
    goes: int = 0
    out: list[str] = []  # got out of it with the jail card
    turns: bool = True  # a tap after each word (a round saved before the choice kept its goes)

    moves = ("done", "missed")

    def playing(self, g) -> list[str]:
        return [p for p in g.in_play() if p not in self.out]

    def next_after(self, g, pid: str) -> str:
        """The next player in play after ``pid`` who is still in the round."""
        p = g.next_in_play(pid)
        for _ in range(len(g.s.seats)):
            if p not in self.out:
                return p
            p = g.next_in_play(p)
        return p

    def actions(self, g, pid: str) -> list[dict]:
        acts = []
        if self.turns and self.speaker == pid:
            acts.append(spec("done"))
        if self.caller == pid:
            acts.append(spec("missed", player=one_of(self.playing(g))))
        return acts

    def host_actions(self, g) -> list[dict]:
        playing = self.playing(g)
        return [spec("missed", player=one_of(playing))] if playing else []

    def done(self, g, pid: str, values: dict, now: float) -> None:
        self.speaker = self.next_after(g, pid)
        self.goes += 1

    def escapable(self, g, pid: str) -> bool:
        return pid in g.s.seats and pid not in self.out

    def escape(self, g, pid: str, now: float) -> None:
        self.out.append(pid)
        if len(self.playing(g)) < 2:
            g.close()
            g.log("drinking.called_off")
            return
        if self.speaker == pid:
            self.speaker = self.next_after(g, pid)

    def missed(self, g, pid: str, values: dict, now: float) -> None:
        loser = values["player"]
        g.close(RoundEnd(title=self.title, loser=loser))
        g.drink([loser], self.n, "round", {"lead": "round", "title": self.title})

    def public(self) -> dict:
        view = {"kind": "round", "title": self.title, "by": self.by, "caller": self.caller,
                "speaker": self.speaker, "goes": self.goes, "n": self.n, "turns": self.turns}
        if self.out:
            view["out"] = list(self.out)
        return view

    def you(self, g, pid: str) -> dict | None:
        if pid not in (self.speaker, self.caller):
            return None
        return {"prompt": {"prompt": "round", "your_go": self.speaker == pid, "caller": self.caller == pid}}

    def waiting(self) -> list[str]:
        return [p for p in dict.fromkeys([self.speaker, self.caller]) if p]

    def skip(self, g, pid: str, now: float) -> None:
        """An absent speaker's go (and an absent caller's call) passes on."""
        if self.speaker == pid:
            self.speaker = self.next_after(g, pid)
        if self.caller == pid:
            self.caller = g.next_in_play(pid)
        g.log("drinking.skip_go", player=pid)

    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        if self.speaker == pid:
            self.speaker = None if nxt is None else self.next_after(g, pid)
        if self.caller == pid:
            self.caller = nxt
        if pid in self.out:
            self.out.remove(pid)
        return nxt is None
