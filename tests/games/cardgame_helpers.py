"""Helpers every full card game's tests reuse.

- ``make`` starts a game for players p0..p(n-1), optionally on a staged deck;
  ``complete_hands`` fills in the hands a staged deck need not name.
- ``random_action`` fills one of a player's ``legal_actions`` at random, as
  a bot that picks from ``you.actions`` would (PROTOCOL.md).
- ``play_randomly`` plays such bots to the end of the game; at every step it
  takes the state through JSON and plays on with the copy (the copy must be
  the same game), checks every new log entry against the game's
  ``MESSAGES``, and runs a leak ``Auditor`` when given one. Players may
  leave and join meanwhile (``churn``; a game that takes nobody once dealt
  refuses the joiner, as the room allows) and absent phones may be skipped
  (``skips``). The clock moves on half a second a step; a game's own
  deadline (a house dealer's paced play) is ticked when it is due or when
  nobody can move. With ``undos``, a player who may take their move back
  (``Engine.take_back``) does so that often, once the auditor has checked
  the move's own views: the state is then the one before the move, but for
  its log (which says who took it back).
- ``Auditor(hidden, visible)`` checks that no view carries a card its
  recipient may not see: ``hidden(game, viewer)`` and ``visible(game,
  viewer)`` say, from the engine's state, which cards are out of sight of a
  viewer (None: the table) and which are in sight. A code in a view that is
  hidden and not also visible is a leak. (In a shoe a code may be both, as
  the same code names several cards; audit shoe games with one deck too.)
  Log entries are public and never change, so each is checked once, when
  it is new, against what the table may see. The engine's seed appears in
  no view. ``unseen(game, viewer, *piles)`` is the usual ``hidden``: the
  cards of the piles named and of every hand but the viewer's.
- ``same_seed_same_game`` plays a game twice from one seed.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any, Callable

from partyapp.bots.strategy import fill
from partyapp.games import MODES
from partyapp.games.kit.base import HOST, Game, IllegalAction
from partyapp.games.kit.cards import STANDARD_DECK

PIDS = [f"p{i}" for i in range(16)]
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC]|X[12])"')
COMMON_PUBLIC = ("mode", "turn", "over", "result", "host_actions", "log", "piles", "hand_sizes", "drinks")


def make(mode: str, n: int = 3, deck: list[str] | None = None, seed: int = 1, **options):
    """A game of ``mode`` for players p0..p(n-1)."""
    cls = MODES[mode]
    if deck is not None:
        options["deck"] = deck
    players = [{"id": PIDS[i], "group": None} for i in range(n)]
    return cls.new(players, cls.check_options(options), random.Random(seed), 0.0)


def complete_hands(hands: list[list[str] | None], sizes: list[int], named=()) -> list[list[str]]:
    """Hands for a staged deck: each as given, or (given as None) made of
    cards no hand and nothing in ``named`` holds, high clubs first; every
    hand checked against its size."""
    taken = {c for h in hands if h for c in h} | set(named)
    spare = [c for c in reversed(STANDARD_DECK) if c not in taken]
    out = []
    for hand, size in zip(hands, sizes):
        out.append(list(hand) if hand is not None else [spare.pop(0) for _ in range(size)])
        assert len(out[-1]) == size, out[-1]
    return out


def act(g, pid: str, type_: str, **params) -> list[dict]:
    """Apply one move, its parameters as keyword arguments."""
    return g.apply(pid, {"type": type_, **params}, 0.0)


def types(g, pid: str) -> list[str]:
    return [a["type"] for a in g.legal_actions(pid)]


def msgs(g) -> list[str]:
    """The message keys in the state's log, oldest first."""
    return [e.msg for e in g.s.log]


def entries(g, msg: str) -> list[dict]:
    """The log entries with message key ``msg``, each without its id."""
    return [dict(e.params) for e in g.s.log if e.msg == msg]


def unseen(g, viewer, *piles) -> Counter:
    """The cards of ``piles`` and of every hand but the viewer's."""
    out = Counter()
    for pile in piles:
        out.update(pile)
    for pid, hand in g.s.hands.items():
        if pid != viewer:
            out.update(hand)
    return out


def random_action(g, pid: str, rng: random.Random) -> dict:
    """One of the player's legal moves, filled in at random as the bots do."""
    return fill(rng.choice(g.legal_actions(pid)), rng)


def check_entry(g, entry: dict) -> None:
    """A log entry is a declared message key with exactly its parameters, each
    a JSON scalar or a list of scalars."""
    assert isinstance(entry["id"], int)
    declared = {**type(g).KIT_MESSAGES, **type(g).MESSAGES}.get(entry["msg"])
    assert declared is not None, f"undeclared message {entry['msg']}"
    params = {k: v for k, v in entry.items() if k not in ("id", "msg")}
    assert set(params) == set(declared), (entry, declared)
    for v in params.values():
        items = v if isinstance(v, list) else [v]
        assert all(x is None or isinstance(x, (str, int, float, bool)) for x in items), entry


class Auditor:
    """Checks every view of a game for cards and secrets it must not carry."""

    def __init__(self, hidden: Callable[[Any, str | None], Counter],
                 visible: Callable[[Any, str | None], Counter]) -> None:
        self.hidden = hidden
        self.visible = visible
        self.seen_log: set[int] = set()
        self.checked = 0

    def _leaks(self, g, viewer: str | None, text: str) -> set[str]:
        hidden = self.hidden(g, viewer)
        visible = self.visible(g, viewer)
        return {c for c in CARD.findall(text) if hidden[c] and not visible[c]}

    def check(self, g) -> None:
        public = g.public_view()
        assert json.loads(json.dumps(public)) == public
        for key in COMMON_PUBLIC:
            assert key in public, key
        log = public.pop("log")
        new = [e for e in log if e["id"] not in self.seen_log]
        for e in new:
            check_entry(g, e)
        assert not self._leaks(g, None, json.dumps(new)), f"log entries show hidden cards: {new}"
        seed = re.compile(rf"\b{g.s.seed}\b")
        views: list[tuple[str | None, Any]] = [(None, [public, g.legal_actions(HOST)])]
        for pid in g.players():
            private = g.private_view(pid)
            assert json.loads(json.dumps(private)) == private
            assert isinstance(private["hand"], list)
            views.append((pid, [public, private, g.legal_actions(pid)]))
        for viewer, value in views:
            text = json.dumps(value)
            leaked = self._leaks(g, viewer, text)
            assert not leaked, f"cards {leaked} in the view of {viewer or 'the table'}"
            assert not seed.search(text), "the seed is in a view"
        self.seen_log.update(e["id"] for e in new)
        self.checked += 1


def roundtrip(g):
    """The game through JSON text and back: the copy has the same state and views."""
    cls = type(g)
    copy = cls.from_state(json.loads(json.dumps(g.to_state())))
    assert copy.to_state() == g.to_state()
    assert copy.public_view() == g.public_view()
    for pid in g.players():
        assert copy.private_view(pid) == g.private_view(pid)
        assert copy.legal_actions(pid) == g.legal_actions(pid)
    return copy


def plays_on_the_same(g, pid: str, type_: str, **params) -> None:
    """``g`` and its copy through JSON take the same move and stay the same."""
    copy = roundtrip(g)
    for game in (g, copy):
        act(game, pid, type_, **params)
    assert copy.to_state() == g.to_state()


def play_randomly(g, rng: random.Random, *, auditor: Auditor | None = None, churn: bool = False,
                  joins: bool = True, skips: float = 0.0, max_steps: int = 5000, every: int = 1,
                  log: list | None = None, step_seconds: float = 0.5, undos: float = 0.0):
    """Random bots play ``g`` to its end; returns (the game, steps). Every
    ``every`` steps the game goes through JSON (and play continues on the
    copy). Every log entry is appended to ``log`` when given. The clock
    moves on ``step_seconds`` a step (0: it stands still, so a race's window
    closes only when everybody in it has slapped)."""
    steps = 0
    joined = 0
    now = 0.0
    seen_log: set[int] = set()
    if auditor is not None:
        auditor.check(g)  # the first views, before anybody moves
    while not g.is_over():
        steps += 1
        now += step_seconds
        assert steps < max_steps, "the game does not finish"
        movers = [p for p in g.players() if g.legal_actions(p)]
        deadline = g.next_deadline()
        if churn and steps % 40 == 0 and g.players():
            # a guest without a phone opens their hand out of turn: a log
            # line only (the random draws of the play stay as they were)
            g.looked(g.players()[steps // 40 % len(g.players())], now)
        if churn and rng.random() < 0.02 and len(g.players()) > 1:
            g.remove_player(rng.choice(g.players()), now)
        elif churn and joins and rng.random() < 0.02 and len(g.players()) < type(g).max_players:
            joined += 1
            try:
                g.add_player({"id": f"late{joined}", "group": None}, now)
            except IllegalAction:
                pass  # a game that deals nobody in once dealt: seated in the room only
        elif deadline is not None and (deadline <= now or not movers):
            now = max(now, deadline)
            g.tick(now)
        else:
            assert movers, f"nobody can move: {g.public_view()}"
            pid = rng.choice(movers)
            # A game with its own ``waiting_for`` is asked whom it waits on;
            # else it waits on the player whose turn it is (anybody with a
            # move when nobody has the turn).
            if type(g).waiting_for is not Game.waiting_for:
                waiting_on = pid in g.waiting_for()
            else:
                waiting_on = g.turn() in (None, pid)
            if skips and waiting_on and rng.random() < skips:
                g.skip(pid, now)
            else:
                before = g.to_state() if undos else None
                g.apply(pid, random_action(g, pid, rng), now)
                if undos and g.can_take_back(pid) and rng.random() < undos:
                    if auditor is not None:
                        auditor.check(g)  # the move's own views, before it is taken back
                    g.take_back(pid, now)
                    assert without_log(g.to_state()) == without_log(before), "a move taken back left a trace"
                    assert g.s.log[-1].msg == "game.took_back" and g.s.log[-1].params == {"player": pid}
        for e in g.s.log:
            if e.id not in seen_log:
                check_entry(g, e.wire())
                seen_log.add(e.id)
                if log is not None:
                    log.append(e.wire())
        if steps % every == 0:
            g = roundtrip(g)
            if auditor is not None:
                auditor.check(g)
    if auditor is not None:
        auditor.check(g)
    return g, steps


def without_log(state: dict) -> dict:
    """A saved state without its log and its undo (what taking a move back restores)."""
    return {k: v for k, v in state.items() if k not in ("log", "log_seq", "undo")}


def same_seed_same_game(mode: str, seed: int, n: int = 4, **options) -> None:
    """Two games from one seed, played by bots from one seed, are the same."""
    logs = []
    for _ in range(2):
        g, _ = play_randomly(make(mode, n, seed=seed, **options), random.Random(seed), every=50)
        logs.append((g.to_state(), g.public_log()))
    assert logs[0] == logs[1]
