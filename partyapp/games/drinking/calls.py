"""Penalty calls: catches (``caught``), "f*** off" (``deflect``) and
reporting a broken rule (``breach``), bounded the way a real table bounds
them: one call per offence.

A catch is made by the catching role's holder (``caught {by, player}``:
the role and who answered) or owned up to by the one who answered
(``answered {player}``: whose question it was; the seed's "if the person
who was asked the question gives a proper response they have to neck
their drink"). Owning up is the same offence as the holder's catch of that
player, by that holder's role (the first of ``CATCH_ROLES`` they hold whose
catch of this player is still open), and costs the same. It lets a player
with no phone, whose seat the table device plays, say "caught" on the
table's face while the holder has a phone, and is open to everybody.

An offence (``Call``) is one penalty against one player for one thing
during the card in play, from one draw to the next: a rule broken by a
player, a catch by one holder of a catching role (several may hold the
question card) of another player, the question card's holder told off. The
state keeps the calls made on the card in play (``calls``, emptied at each
draw); calling the same offence again, by anyone, is refused with the
reason (``called_before``), and a call is offered only while some offence
of its kind is still open. The log entry of the forfeit a call gave keeps
its ``Call``, so that the host's undo of it frees the offence.

``PenaltyCalls`` is the part of the engine (``engine.DrinkingGame``) that
offers, checks and makes these moves.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.record import Record
from partyapp.games.kit.wording import N_

CATCH_ROLES = ("question_master", "question_card")
QUESTION_CARD = "question_card"
# The reason a repeat of each kind of call is refused with.
CALLED = {
    "breach": N_("That player has already been called for that rule on this card."),
    "caught": N_("That player has already been caught on this card."),
    "answered": N_("You have already been caught by that question on this card."),
    "deflect": N_("The question card has already been told off on this card."),
}


class Call(Record):
    """One offence called: its kind (``breach``, ``caught``, ``deflect``)
    and the player called for it; a rule broken (``rule``, its index), or
    a catch (the catching ``role`` and the catcher, ``by``)."""

    kind: str
    player: str | None = None  # the breaker, the one caught, the question card told off
    rule: int | None = None
    role: str | None = None
    by: str | None = None

    @classmethod
    def of(cls, pid: str, kind: str, values: dict, question_card: str | None) -> "Call | None":
        """The offence a move of ``kind`` by ``pid`` calls (None: the move is
        no penalty call). The values are the move's as sent."""
        if kind == "breach":
            return cls(kind=kind, rule=values.get("rule"), player=values.get("player"))
        if kind == "caught":
            return cls(kind=kind, role=values.get("by"), by=pid, player=values.get("player"))
        if kind == "deflect":
            return cls(kind=kind, player=values.get("player", question_card))
        return None

    def same(self, other: "Call") -> bool:
        """Is ``other`` the same offence, its values compared as a player
        may send them (a rule sent as ``"0"`` is rule 0)?"""
        return self.kind == other.kind and all(
            str(a) == str(b) for a, b in ((self.player, other.player), (self.rule, other.rule),
                                          (self.role, other.role), (self.by, other.by)))

    @classmethod
    def parse(cls, key: str) -> "Call":
        """A call saved as its key (``"breach:0:p2"``, ``"caught:role:by:p2"``,
        ``"deflect:p2"``) before calls were records."""
        kind, _, rest = key.partition(":")
        if kind == "breach":
            rule, _, player = rest.partition(":")
            return cls(kind=kind, rule=int(rule), player=player)
        if kind == "caught":
            role, by, player = rest.split(":", 2)
            return cls(kind=kind, role=role, by=by, player=player)
        return cls(kind=kind, player=rest)


class PenaltyCalls:
    """The engine's penalty calls (a part of ``engine.DrinkingGame``)."""

    def __init__(self) -> None:
        # The rules and players still open to a breach call (``_breach_domain``).
        self._breach_memo: tuple | None = None

    def _call_of(self, pid: str, type_: str, values: dict) -> Call | None:
        if type_ == "answered":
            holder = values.get("player") if isinstance(values, dict) else None
            role = self._answered_role(holder, pid, self.s.calls)
            return Call(kind="caught", role=role, by=holder, player=pid)
        return Call.of(pid, type_, values, self.s.roles[QUESTION_CARD])

    def _answered_role(self, holder: Any, pid: str, calls: list[Call]) -> str | None:
        """The role whose catch ``pid`` owns up to when they answered
        ``holder``'s question: the first they hold whose catch of ``pid`` is
        still open, else the first they hold (then a repeat)."""
        held = [r for r in CATCH_ROLES if isinstance(holder, str) and holder in self.holders(r)]
        open_ = [r for r in held if Call(kind="caught", role=r, by=holder, player=pid) not in calls]
        return (open_ or held or [None])[0]

    def called_before(self, pid: str, type_: str, values: Any) -> IllegalAction | None:
        """The refusal of a penalty call already made on this card (None when
        it is not one)."""
        calls = self.s.calls
        if type_ in CALLED and calls:
            call = self._call_of(pid, type_, values)
            if any(call.same(c) for c in calls):
                return IllegalAction(CALLED[type_])
        return None

    def _called(self, call: Call) -> None:
        """Record a penalty call; its log entry (the last one) keeps it so
        that the host's undo frees it."""
        self.s.calls = self.s.calls + [call]  # replaced, never changed in place
        for e in reversed(self._events):
            if e.kind in ("forfeit", "note"):
                e.call = call
                break

    def free_call(self, call: Call | None) -> None:
        """The host undid the forfeit of ``call``: it may be called again."""
        if call is not None and call in self.s.calls:
            self.s.calls = [c for c in self.s.calls if c != call]

    # -- what may be called ---------------------------------------------------
    def _catch_actions(self, pid: str, acts: list[dict]) -> None:
        """Catches and "f*** off", for the offences still open."""
        s = self.s
        seats, calls = s.seats, s.calls
        held = [r for r in CATCH_ROLES if pid in self.holders(r)]
        if held and len(seats) > 1:
            if not calls:
                acts.append(spec("caught", by=one_of(held), player=one_of([p for p in seats if p != pid])))
            else:
                open_ = {r: [p for p in seats if p != pid
                             and Call(kind="caught", role=r, by=pid, player=p) not in calls] for r in held}
                by = [r for r in held if open_[r]]
                if by:
                    players = [p for p in seats if any(p in open_[r] for r in by)]
                    acts.append(spec("caught", by=one_of(by), player=one_of(players)))
        asked: list[str] = []  # the holders whose question pid may own up to answering
        for h in (h for r in CATCH_ROLES for h in self.holders(r)):
            if h != pid and h not in asked and pid in seats:
                role = self._answered_role(h, pid, calls)
                if Call(kind="caught", role=role, by=h, player=pid) not in calls:
                    asked.append(h)
        if asked:
            acts.append(spec("answered", player=one_of(asked)))
        cards = self.holders(QUESTION_CARD)
        told = [h for h in cards if h != pid and (not calls or Call(kind="deflect", player=h) not in calls)]
        if len(cards) == 1 and told:
            acts.append(spec("deflect"))
        elif told:  # several question cards: which holder is told off
            acts.append(spec("deflect", player=one_of(told)))

    def _breach_actions(self, acts: list[dict]) -> None:
        """Reporting a broken rule, while a rule and a player are still open."""
        s = self.s
        if not s.rules:
            return
        if s.calls:
            rules, breakers = self._breach_domain()
        else:
            rules, breakers = range(len(s.rules)), s.seats
        if rules:
            acts.append(spec("breach", rule=one_of(rules), player=one_of(breakers)))

    def _breach_domain(self) -> tuple[list[int], list[str]]:
        """The rules that can still be reported on this card, and the players
        who can still be reported for one of them (the same for everybody,
        so it is worked out once per change of the calls, rules or seats;
        the list of calls is never changed in place, only replaced)."""
        s = self.s
        memo = self._breach_memo
        if memo is not None and memo[0] is s.calls and memo[1] == len(s.rules) and memo[2] == s.seats:
            return memo[3]
        called: dict[int, set[str]] = {}
        for call in s.calls:
            if call.kind == "breach":
                called.setdefault(call.rule, set()).add(call.player)
        rules = [i for i in range(len(s.rules)) if any(p not in called.get(i, ()) for p in s.seats)]
        if any(i not in called for i in rules):
            breakers = list(s.seats)
        else:
            breakers = [p for p in s.seats if any(p not in called[i] for i in rules)]
        self._breach_memo = (s.calls, len(s.rules), list(s.seats), (rules, breakers))
        return rules, breakers

    # -- the calls --------------------------------------------------------------
    def _catch_cost(self, role: str, pid: str, cause: str, lead: dict) -> None:
        info = self.s.role_info.get(role)
        if info is not None and info.neck:
            self.neck(pid, cause, lead)
        else:
            self.drink([pid], info.n if info is not None else 1, cause, lead)

    def _caught(self, pid: str, values: dict, now: float) -> None:
        self._catch_cost(values["by"], values["player"], "caught",
                         {"lead": "caught", "by": pid, "player": values["player"]})
        self._called(self._call_of(pid, "caught", values))

    def _answered(self, pid: str, values: dict, now: float) -> None:
        call = self._call_of(pid, "answered", values)
        self._catch_cost(call.role, pid, "caught", {"lead": "caught", "by": call.by, "player": pid})
        self._called(call)

    def _deflect(self, pid: str, values: dict, now: float) -> None:
        call = self._call_of(pid, "deflect", values)
        holder = call.player
        self._catch_cost(QUESTION_CARD, holder, "deflect", {"lead": "deflect", "by": pid, "player": holder})
        self._called(call)

    def _breach(self, pid: str, values: dict, now: float) -> None:
        rule = self.s.rules[values["rule"]]
        self.drink([values["player"]], rule.n, "breach", {"lead": "breach", "by": pid, "rule": rule.text})
        self._called(self._call_of(pid, "breach", values))
