"""What the screens see: the public view (the table) and each player's
private view (their phone), built in this one place as plain dicts from
the state's records. Undrawn cards never appear, only their count; a
player's paper-scissors-stone pick is theirs alone until both are in.
``Views`` is the part of the engine (``engine.DrinkingGame``) that builds
them."""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.cards import STANDARD_DECK, colour_of, parse_card
from partyapp.games.kit.wording import N_
from partyapp.games.drinking.decks import ROLE_POWERS, ROLE_TITLES, ROLES
from partyapp.games.drinking.roles import JAIL

# The standard decks' last-king titles, and what a king drawn before the last is called.
FIRST_KINGS = {"Last King Necks It": N_("A Free King"), "Last King": N_("A Free King")}


class Views:
    """The engine's views (a part of ``engine.DrinkingGame``)."""

    def public_view(self) -> dict:
        s = self.s
        return {
            "mode": self.mode,
            "title": self.title,
            "deck_name": s.deck.name,
            "house_deck": s.house,
            "turn": self.turn(),
            "next_drawer": None if s.over else s.current,
            "over": s.over,
            "result": s.result and s.result.public(),
            "host_actions": self.host_actions(),
            "seats": list(s.seats),
            "groups": {p: s.groups.get(p) for p in s.seats},
            "last_card": s.last_card,
            "last_drawer": s.last_drawer,
            "card": self._card_view(),
            "remaining": len(STANDARD_DECK) - len(s.drawn),
            "drawn": len(s.drawn),
            "kings_drawn": s.kings,
            "cup": self._cup_view(),
            "kings": {"cards": self._cup_cards(), "of": s.cup_total},
            "rules": [{"by": r.by, "text": r.text, "n": r.n} for r in s.rules],
            "roles": dict(s.roles),
            "holders": {r: self.holders(r) for r in ROLES},
            "jail_pocketed": s.pocketed,
            "mates": self.mate_groups(),
            "direction": s.direction,
            "prompt": s.prompt.public() if s.prompt is not None else None,
            "paused": s.paused.public() if s.paused is not None else None,
            "outcome": s.outcome.public() if s.outcome is not None else None,
            "drinks": self.drinks(),
            "necks": self.necks(),
            "unit": self.unit[1],
            "log": self.public_log(),
            "deck_cards": self._deck_cards(),
        }

    def _deck_cards(self) -> list[dict]:
        """The deck in force card by card (a rank, or a rank's red and black
        cards), for the how-to."""
        out = []
        for rank, face in self.s.deck.ranks.items():
            for colour, card in (("red", face.red), ("black", face.black)):
                if card is not None:
                    out.append({"rank": rank, "colour": colour if face.black is not None else None,
                                "title": card.title, "text": card.text})
        return out

    def private_view(self, pid: str) -> dict:
        s = self.s
        view: dict[str, Any] = {"roles": [], "prompt": None, "rps_pick": None, "mates": []}
        if pid not in s.seats:
            return view
        for r in ROLES:
            if pid in self.holders(r):
                item = {"role": r, "title": ROLE_TITLES[r], "can": ROLE_POWERS[r]}
                if r == JAIL:
                    targets = self.forfeits_of(pid)
                    item["ready"] = bool(targets)
                    # what it can cancel, in the log's public form (the
                    # public log may have moved past some of them)
                    item["forfeits"] = [e.wire() for e in targets]
                    item["pocket"] = self.pocketable()
                    item["pocketed"] = s.pocketed
                view["roles"].append(item)
        view["mates"] = self.mates_of(pid)
        if s.prompt is not None:
            mine = s.prompt.you(self, pid)
            if mine:
                view.update(mine)
        return view

    def _card_view(self) -> dict | None:
        code = self.s.last_card
        if code is None:
            return None
        rank, suit = parse_card(code)
        colour = colour_of(code)
        card = self.s.deck.card(rank, colour)
        title = card.title
        if card.effect == "cup" and title in FIRST_KINGS and self.s.kings < self.s.cup_total:
            title = FIRST_KINGS[title]  # the first kings are free: only the last is the last king
        return {"code": code, "rank": rank, "suit": suit, "colour": colour,
                "title": title, "text": card.text, "effect": card.effect}

    def _cup_view(self) -> dict | None:
        """The cup in the middle: how many kings were poured in, of how many
        (none left once necked); None when the deck has no cup."""
        s = self.s
        if not self.has_cup() or not s.cup_total:
            return None
        return {"filled": 0 if s.cup_necked else s.cup, "of": s.cup_total, "necked": s.cup_necked}

    def _cup_cards(self) -> list[str]:
        """The cards of the cup effect drawn so far (the kings), in order."""
        deck = self.s.deck
        return [c for c in self.s.drawn if deck.card(parse_card(c)[0], colour_of(c)).effect == "cup"]
