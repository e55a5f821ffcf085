"""Make a rule (Ring of Fire's Jack, Kings' 9 and 10): the drawer types a
rule that holds to the end of the game."""

from __future__ import annotations


from partyapp.games.drinking.decks import RULE_MAX
from partyapp.games.kit.actions import spec, text
from partyapp.games.drinking.prompts.base import Prompt
from partyapp.games.kit.base import IllegalAction


def _same(text: str) -> str:
    """A rule as compared with the rules in force: capitals and spaces aside."""
    return " ".join(text.split()).casefold()


class MakeRule(Prompt, tag="rule"):

    moves = ("rule",)

    def turn(self) -> str | None:
        return self.by

    def actions(self, g, pid: str) -> list[dict]:
        if pid != self.by:
            return []
        return [spec("rule", text=text(RULE_MAX))]

    def verify(self, g, pid: str, move: str, values: dict, now: float) -> None:
        super().verify(g, pid, move, values, now)
        typed = _same(values["text"])
        if any(_same(r.text) == typed for r in g.s.rules):
            raise IllegalAction("That rule is in force already: make up another one.")

    def rule(self, g, pid: str, values: dict, now: float) -> None:
        g.close()
        g.add_rule(pid, values["text"], self.n)

    def public(self) -> dict:
        return {"kind": "rule", "by": self.by, "max_len": RULE_MAX}

    def you(self, g, pid: str) -> dict | None:
        return {"prompt": {"prompt": "type_rule", "max_len": RULE_MAX}} if pid == self.by else None
