"""What each card effect of the catalogue (``decks.EFFECTS``) does when its
card is drawn: one function per effect, called as ``effect(g, drawer, rank,
entry, now)`` with the engine ``g`` (a ``DrinkingGame``), the drawer's id,
the card's rank and its ``state.Card`` (title, text, effect, params). An effect
hands out drinks, grants a role, changes the direction, fills the cup, or
opens a prompt (``prompts/``) that holds the next draw."""

from __future__ import annotations

from typing import Callable

from partyapp.games.drinking.prompts import Chugalug, MakeRule, PaperScissorsStone, Pick, RoundGame
from partyapp.games.drinking.outcomes import Cup, Waterfall
from partyapp.games.drinking.state import Card, RoleInfo


def text(g, pid: str, rank: str, entry: Card, now: float) -> None:
    """Nothing to track: the table shows the card's text."""


def drink(g, pid: str, rank: str, entry: Card, now: float) -> None:
    p = entry.params
    if p.who == "pick":
        g.s.prompt = Pick(by=pid, what="drink", n=p.n)
    else:
        g.drink(g.who(pid, p.who), p.n, "card")


def mate(g, pid: str, rank: str, entry: Card, now: float) -> None:
    if len(g.in_play()) < 2:
        g.log("drinking.no_mate")
    else:
        g.s.prompt = Pick(by=pid, what="mate", n=entry.params.n)


def role(g, pid: str, rank: str, entry: Card, now: float) -> None:
    p = entry.params
    g.grant(pid, p.role, RoleInfo(rank=rank, until=p.until, n=p.n, neck=p.neck, thumbs=p.thumbs,
                                     each=p.each, pocket=p.pocket))


def rule(g, pid: str, rank: str, entry: Card, now: float) -> None:
    g.s.prompt = MakeRule(by=pid, n=entry.params.n)


def race(g, pid: str, rank: str, entry: Card, now: float) -> None:
    g.start_race(pid, "card", entry.title, g.in_play(), None, entry.params.n, now)


def round_game(g, pid: str, rank: str, entry: Card, now: float) -> None:
    """A round game from the drawer; with ``thumbmaster`` (Ring of Fire's 10)
    the drawer first takes the thumbmaster role for the game, with the thumb
    race of Kings' thumbmaster (left or right thumb) costing the card's n."""
    p = entry.params
    if p.thumbmaster:
        g.grant(pid, "thumbmaster", RoleInfo(rank=rank, until="game_end", n=p.n, neck=False, thumbs=True))
    turns = g.s.opts.word_turns
    g.s.prompt = RoundGame(by=pid, title=entry.title, caller=pid, speaker=pid if turns else None,
                               n=p.n, turns=turns)


def waterfall(g, pid: str, rank: str, entry: Card, now: float) -> None:
    """Everybody drinks until the drawer stops (``drawer``); as a cascade
    (``cascade``) each stops only when the one on their right has, in the
    stopping ``order`` from the drawer round the table to their left (the
    option ``sides`` says which way that is), or with ``follow_play`` (a
    house rule) round the direction of play."""
    s = g.s
    p = entry.params
    way = s.direction if p.follow_play else g.left_step()
    order = [g.step(pid, way * i) for i in range(len(g.in_play()) + (pid not in g.in_play()))]
    if p.cascade:
        s.outcome = Waterfall(cascade=True, drawer=pid, order=order)
    else:
        s.outcome = Waterfall(cascade=False, drawer=pid)
    if p.n:
        g.drink(order, p.n, "waterfall", {"lead": "waterfall"})


def cup(g, pid: str, rank: str, entry: Card, now: float) -> None:
    """A king: poured into the cup (``cup``), or just counted (Kings: the
    first ones are free). The last one's drawer necks the cup, or the drink
    in front of them, and the game ends."""
    s = g.s
    poured = entry.params.cup
    s.cup += 1
    s.outcome = Cup(filled=s.cup, of=s.cup_total, cup=poured)
    if s.cup >= s.cup_total:
        if poured:
            s.cup_necked = True
            g.neck(pid, "cup", msg="cup_neck")
        else:
            g.neck(pid, "last_king", msg="last_king")
        g.game_over("last_king", pid, entry.params.return_cards)
    elif poured:
        g.log("drinking.cup", player=pid, filled=s.cup, of=s.cup_total)
    else:
        g.log("drinking.king", player=pid, count=s.cup, of=s.cup_total)


def reverse(g, pid: str, rank: str, entry: Card, now: float) -> None:
    s = g.s
    s.direction = -s.direction
    g.log("drinking.reverse", direction=s.direction)
    if entry.params.n:
        g.drink([pid], entry.params.n, "card")


def chugalug(g, pid: str, rank: str, entry: Card, now: float) -> None:
    if len(g.in_play()) < 2:
        g.log("drinking.chugalug_alone")
    else:
        g.s.prompt = Chugalug(by=pid, speaker=pid, n=entry.params.n)


def rps(g, pid: str, rank: str, entry: Card, now: float) -> None:
    p = entry.params
    a, b = g.step(pid, 1), g.step(pid, -1)
    if a == pid:
        g.log("drinking.rps_alone")
        return
    if a == b:
        b = pid
    g.s.prompt = PaperScissorsStone(
        by=pid, players=[a, b], picks={a: None, b: None}, wins={a: 0, b: 0},
        need=p.best_of // 2 + 1, best_of=p.best_of, n=p.n,
        deadline=now + g.seconds("rps_timeout_s", [a, b]))


EFFECTS: dict[str, Callable] = {
    "text": text, "drink": drink, "mate": mate, "role": role, "rule": rule, "race": race,
    "round": round_game, "waterfall": waterfall, "cup": cup, "reverse": reverse, "chugalug": chugalug,
    "rps": rps,
}
