"""Cheat's bot.

Playing: it lays every card it holds of one rank it may call (the rank it
holds most of), truthfully; now and then it slips one more card under them
(a bluff), never on its last cards. Holding no rank it may call, it must
lie: one card (two on a small pile), the card of the rank it holds fewest
of, called as one of the ranks allowed.

Calling: it calls "Cheat!" whenever the claim is impossible: more cards of
the rank than its own hand, the cards it knows lie in the pile (its own
plays since the last pick-up) and the claim can hold together (a pack has
four). Otherwise it mostly lets the play stand: it calls more often when the
claimant would go out with it, a little on a claim of three or four cards,
and less when the pile it would pick up is big.

Memory (from its frames only): the cards it has put on the pile since it was
last picked up (``you.played`` after each play of its own, forgotten at every
``cheat.pickup``).
"""

from __future__ import annotations

import random

from partyapp.games.kit.cards import ACE_LOW, rank_of
from partyapp.bots.strategy import Moves, Strategy, me, new_log

PACK_OF_A_RANK = 4
MAX_PLAY = 4
BLUFF_CHANCE = {"slow": 0.1, "normal": 0.15, "fast": 0.2}
CALL_WHEN_GOING_OUT = 0.55
BIG_PILE = 10


def count_rank(cards: list[str], rank: str) -> int:
    return sum(1 for c in cards if rank_of(c) == rank)


class CheatBot(Strategy):
    remembers = True

    def observe(self, frame: dict, memory: dict, level: str, rng: random.Random) -> None:
        pile = memory.setdefault("pile", [])
        for entry in new_log(frame, memory):
            if entry["msg"] == "cheat.pickup":
                pile.clear()
            elif entry["msg"] == "cheat.play" and entry["player"] == me(frame) and frame["you"].get("played"):
                pile.extend(c for c in frame["you"]["played"] if c not in pile)

    def situation(self, frame: dict) -> list:
        window = frame["game"].get("window")
        return [frame["you"]["actions"], frame["you"]["hand"], frame["game"].get("turn"),
                window and [window["player"], window["until"]]]

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        if moves.has("call"):
            return {"type": "call" if self.calls(frame, memory, rng) else "pass"}
        if moves.has("play"):
            return self.play(frame, moves, level, rng)
        return None

    @staticmethod
    def calls(frame: dict, memory: dict, rng: random.Random) -> bool:
        game = frame["game"]
        window = game["window"]
        rank, count, claimant = window["rank"], window["count"], window["player"]
        mine = count_rank(frame["you"]["hand"], rank)
        known = count_rank(memory.get("pile", []), rank)
        if count + mine + known > PACK_OF_A_RANK:
            return True
        chance = 0.03
        if count >= 3:
            chance += 0.12
        if count + mine + known == PACK_OF_A_RANK:
            chance += 0.1
        if game["hand_sizes"].get(claimant, 1) == 0:
            chance = max(chance, CALL_WHEN_GOING_OUT)
        if game["piles"].get("pile", 0) > BIG_PILE:
            chance /= 2
        return rng.random() < chance

    @staticmethod
    def play(frame: dict, moves: Moves, level: str, rng: random.Random) -> dict:
        hand = list(frame["you"]["hand"])
        allowed = moves.choices("play", "rank")
        groups = {r: [c for c in hand if rank_of(c) == r] for r in allowed}
        true = [r for r in allowed if groups[r]]
        if true:
            best = max(len(groups[r]) for r in true)
            rank = rng.choice([r for r in true if len(groups[r]) == best])
            cards = groups[rank][:MAX_PLAY]
            rest = [c for c in hand if c not in cards]
            if rest and len(cards) < MAX_PLAY and rng.random() < BLUFF_CHANCE.get(level, 0.15):
                cards = cards + [rng.choice(rest)]
            return {"type": "play", "cards": cards, "rank": rank}
        # Nothing true to call: get rid of the rank held fewest of.
        by_rank: dict[str, list[str]] = {}
        for c in hand:
            by_rank.setdefault(rank_of(c), []).append(c)
        fewest = min(len(v) for v in by_rank.values())
        lonely = sorted((r for r, v in by_rank.items() if len(v) == fewest), key=ACE_LOW.index)
        card = by_rank[rng.choice(lonely)][0]
        cards = [card]
        small_pile = frame["game"]["piles"].get("pile", 0) <= 3
        others = [c for c in hand if c != card]
        if small_pile and others and rng.random() < 0.4:
            cards.append(rng.choice(others))
        return {"type": "play", "cards": cards, "rank": rng.choice(allowed)}
