"""The forfeits: who drinks (Kings: fingers) and who necks, with their
mates, counted in the kit's ``Forfeits`` (``kit/forfeits.py``: the state's
``forfeits``, ``drink`` and ``neck`` its two causes, every player counted
from the start or from joining).

A forfeit is one log entry (``log.Entry``) that keeps what it was aimed at
(``aimed``: drinks; ``aimed_necks``) and what it handed out (``drinks``,
``necks``): everybody linked by mates to a player given drinks drinks the
same (once, the largest amount aimed at any of them); necks are personal
unless option ``mates_share_necks`` is on. The jail card lets its holder
off one forfeit (``let_off``, their mates who drank only because of them
with them) and the host may undo one (``undo_forfeit``): the tallies move
by the difference; an undo frees the penalty call the forfeit settled
(``calls.py``), and the host may also undo the latest steal of the jail
card while its thief still holds it (``roles.py``). ``Tally`` is the part of the engine
(``engine.DrinkingGame``) that does this.
"""

from __future__ import annotations

from partyapp.games.drinking.log import Entry
from partyapp.games.drinking.state import DRINK, NECK

_EMPTY: dict = {}


class Tally:
    """The engine's forfeits (a part of ``engine.DrinkingGame``)."""

    def drinks(self) -> dict[str, int]:
        """Drinks (Kings: fingers) handed out so far, by player; necks apart."""
        return self.s.forfeits.of(DRINK)

    def necks(self) -> dict[str, int]:
        return self.s.forfeits.of(NECK)

    def drink(self, pids: list[str], n: int, cause: str, lead: dict | None = None) -> None:
        """``pids`` drink ``n`` each (and their mates with them). ``lead``:
        what caused it, ``{"lead": key, ...its parameters}``."""
        if not pids:
            self.log("drinking.nobody", **(lead or _EMPTY))
            return
        self._forfeit("drink", cause, lead, {p: n for p in pids if n > 0}, _EMPTY, players=list(pids), count=n)

    def neck(self, pid: str, cause: str, lead: dict | None = None, msg: str = "neck") -> None:
        self._forfeit(msg, cause, lead, _EMPTY, {pid: 1}, players=[pid])

    def _forfeit(self, msg: str, cause: str, lead: dict | None, drinks: dict, necks: dict, **params) -> None:
        entry = self.log("drinking." + msg, cause=cause, **(lead or _EMPTY), **params)
        entry.aimed = drinks
        entry.aimed_necks = dict(necks)
        self._settle(entry)
        extra = [p for p in entry.drinks if p not in entry.aimed]
        if extra:
            entry.mates = extra

    def _settle(self, entry: Entry) -> None:
        """(Re)work out an entry's drinks and necks from what it was aimed
        at, and move the tallies by the difference."""
        exempt = set(entry.let_off)
        drinks = self.reached(entry.aimed, exempt)
        if self.s.opts.mates_share_necks:
            necks = self.reached(entry.aimed_necks, exempt)
        else:
            necks = {p: n for p, n in entry.aimed_necks.items() if p not in exempt}
        tally = self.s.forfeits
        for cause, old, new in ((DRINK, entry.drinks, drinks), (NECK, entry.necks, necks)):
            for p, n in old.items():
                tally.take_back(p, cause, n)
            for p, n in new.items():
                tally.give(p, cause, n)
        entry.drinks = drinks
        entry.necks = necks

    def reached(self, targets: dict[str, int], exempt: set) -> dict[str, int]:
        """Everybody a forfeit reaches through mates: each drinks the largest
        amount aimed at anyone they are linked to."""
        mates = self.s.mates
        out: dict[str, int] = {}
        for t, n in targets.items():
            if t in exempt:
                continue
            seen = {t}
            stack = [t]
            while stack:
                p = stack.pop()
                if out.get(p, 0) < n:
                    out[p] = n
                for m in mates.get(p, ()):
                    if m not in seen and m not in exempt:
                        seen.add(m)
                        stack.append(m)
        return out

    def let_off(self, entry: Entry, pid: str) -> None:
        """The jail card cancels ``pid``'s part of a forfeit (and their
        mates' who drank only because of them)."""
        entry.let_off = entry.let_off + [pid]
        self._settle(entry)

    def undo_forfeit(self, entry: Entry) -> None:
        """The host undid a forfeit: what it handed out is taken back."""
        tally = self.s.forfeits
        for cause, given in ((DRINK, entry.drinks), (NECK, entry.necks)):
            for p, n in given.items():
                tally.take_back(p, cause, n)

    def forfeits_of(self, pid: str) -> list[Entry]:
        """The forfeits of ``pid``'s still in the log and not undone, the
        latest first (what the jail card can cancel)."""
        return [e for e in reversed(self.s.log)
                if e.kind == "forfeit" and not e.undone and (pid in e.drinks or pid in e.necks)]

    # -- the host's undo ----------------------------------------------------------------
    def undoable(self) -> list[int]:
        """The forfeits the host may undo, and the latest steal while its
        thief still holds the card: only what the screens can show."""
        ids = []
        latest_steal = True
        for e in reversed(self.s.log[-self.PUBLIC_LOG:]):
            if e.undone:
                continue
            if e.kind == "forfeit" and (e.drinks or e.necks):
                ids.append(e.id)
            elif e.kind == "steal":
                if latest_steal and self.may_undo_steal(e):
                    ids.append(e.id)
                latest_steal = False
        return ids

    def _undo(self, pid: str, values: dict, now: float) -> None:
        entry = next(e for e in self.s.log if e.id == values["entry"])
        entry.undone = True
        if entry.kind == "steal":
            self.undo_steal(entry)
            return
        self.undo_forfeit(entry)
        self.free_call(entry.call)
        self.log("drinking.undo", ref=entry.id)

    # -- mates -----------------------------------------------------------------------
    def link_mates(self, a: str, b: str) -> None:
        if a == b:
            return
        mates = self.s.mates
        for x, y in ((a, b), (b, a)):
            lst = mates.setdefault(x, [])
            if y not in lst:
                lst.append(y)

    def mates_of(self, pid: str) -> list[str]:
        """Everybody linked to ``pid`` by mates, ``pid`` not included."""
        if pid not in self.s.mates:
            return []
        return [p for p in self.reached({pid: 1}, set()) if p != pid]

    def mate_groups(self) -> list[list[str]]:
        """The groups of players linked by mates, in seat order."""
        s = self.s
        seen: set[str] = set()
        groups = []
        for p in s.seats:
            if p in seen or p not in s.mates:
                continue
            comp = self.reached({p: 1}, set())
            seen.update(comp)
            groups.append([q for q in s.seats if q in comp])
        return groups

    def drop_mates(self, pid: str) -> None:
        """``pid`` leaves: their mates are no longer linked through them."""
        mates = self.s.mates
        for m in mates.pop(pid, []):
            mates[m].remove(pid)
            if not mates[m]:
                del mates[m]
