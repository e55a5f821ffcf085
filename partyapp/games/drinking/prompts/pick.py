"""Pick a player: who drinks (Ring of Fire's 2, Kings' black 2) or a mate
(Ring of Fire's 8)."""

from __future__ import annotations


from partyapp.games.kit.actions import one_of, spec
from partyapp.games.drinking.prompts.base import Prompt


class Pick(Prompt, tag="pick"):
    what: str  # "drink": the one picked drinks n; "mate": the drawer picks a mate, then drinks n

    moves = ("pick",)

    def turn(self) -> str | None:
        return self.by

    def actions(self, g, pid: str) -> list[dict]:
        if pid != self.by:
            return []
        return [spec("pick", player=one_of(g.pick_candidates(pid)))]

    def pick(self, g, pid: str, values: dict, now: float) -> None:
        g.close()
        target = values["player"]
        if self.what == "drink":
            g.drink([target], self.n, "pick", {"lead": "pick", "by": pid})
            return
        g.link_mates(pid, target)
        g.log("drinking.mates", player=pid, mate=target)
        if self.n:
            g.drink([pid], self.n, "mate")

    def public(self) -> dict:
        return {"kind": "pick", "by": self.by, "for": self.what, "n": self.n}

    def you(self, g, pid: str) -> dict | None:
        if pid != self.by:
            return None
        return {"prompt": {"prompt": "pick_player", "for": self.what, "n": self.n}}
