"""Roles and their powers: the question master and the question card, the
thumbmaster and the thumb race, the toilet card, and the jail card (use it
on a forfeit or to escape the game in play, pocket it, steal it).

A role has one holder (``roles``), unless every card of it is its own
(``RoleInfo.each``: then ``holders`` lists all of them, ``roles`` the
latest). A role "until the next card of that rank" is taken away when that
rank is drawn again (``lose_roles``); a role "for the game" passes to
whoever draws another card that grants it (option ``roles_pass_on``). A
player who leaves returns every role they held (``return_roles``).
``RolesAndPowers`` is the part of the engine (``engine.DrinkingGame``)
that grants, holds and uses them.
"""

from __future__ import annotations

from partyapp.games.kit.actions import one_of, spec
from partyapp.games.drinking.decks import ROLES
from partyapp.games.drinking.log import Entry, Steal
from partyapp.games.drinking.prompts import Race
from partyapp.games.drinking.state import RoleInfo

THUMBS = ("left", "right")
THUMBMASTER = "thumbmaster"
TOILET = "toilet"
JAIL = "jail"
# The roles a card may give several players at once (``RoleInfo.each``).
SHARED_ROLES = ("question_master", "question_card", THUMBMASTER)


class RolesAndPowers:
    """The engine's roles and powers (a part of ``engine.DrinkingGame``)."""

    # -- who holds what ------------------------------------------------------------
    def holders(self, role: str) -> list[str]:
        """Everybody holding ``role``: of a role whose every card is its own,
        all its holders in the order they drew it, else its one holder."""
        s = self.s
        if role in s.holders:
            return list(s.holders[role])
        holder = s.roles[role]
        return [holder] if holder is not None else []

    def set_holders(self, role: str, pids: list[str]) -> None:
        """``role`` is held by ``pids`` (``roles`` names the latest of them)."""
        s = self.s
        if len(pids) > 1 or role in s.holders:
            s.holders = {**s.holders, role: list(pids)}
            if not pids:
                del s.holders[role]
        s.roles[role] = pids[-1] if pids else None

    def grant(self, pid: str, role: str, info: RoleInfo) -> None:
        s = self.s
        holder = s.roles[role]
        if info.each and role in SHARED_ROLES:
            # every card of it is its own: the drawer keeps theirs beside the others'
            self.set_holders(role, [p for p in self.holders(role) if p != pid] + [pid])
        elif holder is not None and holder != pid and not s.opts.roles_pass_on:
            self.log("drinking.role_kept", player=holder, role=role)
            return
        else:
            self.set_holders(role, [pid])
        if role == JAIL:
            s.pocketed = False  # drawn face up: out of the pocket
        s.role_info[role] = info
        self.log("drinking.role_taken", player=pid, role=role)

    def lose_roles(self, rank: str) -> None:
        """A card of ``rank`` was drawn: the roles held until the next card
        of that rank are taken away."""
        s = self.s
        for role in ROLES:
            info = s.role_info.get(role)
            if info is not None and info.until == "next_same_rank" and info.rank == rank:
                for holder in self.holders(role):
                    self.log("drinking.role_lost", player=holder, role=role)
                self.set_holders(role, [])

    def return_roles(self, pid: str) -> list[str]:
        """``pid`` leaves: every role they held is returned; returns which."""
        returned = [r for r in ROLES if pid in self.holders(r)]
        for r in returned:
            self.set_holders(r, [p for p in self.holders(r) if p != pid])
        return returned

    def return_all(self) -> None:
        """The game ends with every feature card returned (Kings)."""
        s = self.s
        s.roles = {r: None for r in ROLES}
        s.holders = {}
        s.pocketed = False

    def pocketable(self) -> bool:
        info = self.s.role_info.get(JAIL)
        return info is not None and info.pocket

    # -- what the holders may do -----------------------------------------------------
    def _thumb_actions(self, pid: str, acts: list[dict]) -> None:
        """The thumb race, any time but during another race."""
        s = self.s
        if pid in self.holders(THUMBMASTER) and s.paused is None and not isinstance(s.prompt, Race):
            if s.role_info[THUMBMASTER].thumbs:
                acts.append(spec("thumb", thumb=one_of(THUMBS)))
            else:
                acts.append(spec("thumb"))

    def _card_actions(self, pid: str, acts: list[dict]) -> None:
        """The toilet card, and the jail card: use it, escape, pocket it, or
        steal it from its holder."""
        s = self.s
        if s.roles[TOILET] == pid:
            acts.append(spec("toilet"))
        jailer = s.roles[JAIL]
        if jailer == pid:
            targets = self.forfeits_of(pid)
            if targets:
                acts.append(spec("jail", entry=one_of([e.id for e in targets])))
            if s.prompt is not None and s.prompt.escapable(self, pid):
                acts.append(spec("escape"))
            if self.pocketable():
                acts.append(spec("unpocket") if s.pocketed else spec("pocket"))
        elif jailer is not None and not (s.pocketed and self.pocketable()):
            acts.append(spec("steal"))

    # -- the powers ---------------------------------------------------------------------
    def _thumb(self, pid: str, values: dict, now: float) -> None:
        s = self.s
        info = s.role_info[THUMBMASTER]
        thumb = values.get("thumb")
        others = [p for p in s.seats if p != pid]
        self.log("drinking.thumb", player=pid, thumb=thumb)
        paused = s.prompt
        s.prompt = None
        self.start_race(pid, "thumb", "Thumb", others, thumb, info.n, now)
        if s.prompt is None:
            s.prompt = paused  # called off: nothing to pause
        else:
            s.paused = paused

    def _toilet(self, pid: str, values: dict, now: float) -> None:
        self.s.roles[TOILET] = None
        self.log("drinking.toilet", player=pid)

    def _jail(self, pid: str, values: dict, now: float) -> None:
        entry = next(e for e in self.s.log if e.id == values["entry"])
        self.let_off(entry, pid)
        self._return_jail()
        self.log("drinking.jail", player=pid, ref=entry.id)

    def _escape(self, pid: str, values: dict, now: float) -> None:
        """The jail card gets its holder out of the game in play."""
        prompt = self.s.prompt
        self._return_jail()
        self.log("drinking.escape", player=pid)
        prompt.escape(self, pid, now)
        self.resume(now)

    def _return_jail(self) -> None:
        self.s.roles[JAIL] = None
        self.s.pocketed = False

    def _pocket(self, pid: str, values: dict, now: float) -> None:
        self.s.pocketed = True

    def _unpocket(self, pid: str, values: dict, now: float) -> None:
        self.s.pocketed = False

    def _steal(self, pid: str, values: dict, now: float) -> None:
        s = self.s
        victim = s.roles[JAIL]
        s.roles[JAIL] = pid
        s.pocketed = False  # in front of the thief until they pocket it
        entry = self.log("drinking.steal", player=pid, victim=victim)
        entry.steal = Steal(victim=victim, thief=pid)

    def may_undo_steal(self, entry: Entry) -> bool:
        """A steal can be undone while the thief still holds the card."""
        return entry.steal is not None and self.s.roles[JAIL] == entry.steal.thief

    def undo_steal(self, entry: Entry) -> None:
        """The host undid a steal: the card goes back to its victim (nobody,
        once they left)."""
        s = self.s
        back = entry.steal.victim if entry.steal is not None and entry.steal.victim in s.seats else None
        s.roles[JAIL] = back
        s.pocketed = False
        self.log("drinking.undo_steal", player=back, ref=entry.id)
