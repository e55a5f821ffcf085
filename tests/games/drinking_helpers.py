"""Helpers shared by the drinking-deck engine tests."""

from __future__ import annotations

import json
import random

from partyapp.games import MODES
from partyapp.games.kit.base import HOST, IllegalAction
from partyapp.games.kit.cards import STANDARD_DECK

PIDS = [f"p{i}" for i in range(16)]


def make(mode: str, n: int = 4, deck: list[str] | None = None, groups: dict | None = None,
         seed: int = 1, **options):
    """A game of ``mode`` for players p0..p(n-1), optionally with a staged deck."""
    players = [{"id": PIDS[i], "group": (groups or {}).get(PIDS[i])} for i in range(n)]
    if deck is not None:
        options["deck"] = deck
    cls = MODES[mode]
    return cls.new(players, cls.check_options(options), random.Random(seed), 0.0)


def act(g, pid: str, type_: str, now: float = 0.0, **params):
    """Apply one move, params spelt as keyword arguments."""
    return g.apply(pid, {"type": type_, **params}, now)


def draw(g, now: float = 0.0) -> str:
    """The player whose turn it is draws; returns who drew."""
    pid = g.public_view()["turn"]
    act(g, pid, "draw", now)
    return pid


def types(g, pid: str) -> list[str]:
    return [a["type"] for a in g.legal_actions(pid)]


def scalars_in(value) -> set:
    """Every number and string anywhere in a JSON-ready value (keys included)."""
    out: set = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.update(v)
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, (str, int, float)) and not isinstance(v, bool):
            out.add(v)
    return out


def audit(g) -> None:
    """No view carries an undrawn card (staged ones included), the engine's
    seed, or another player's pending pick, and every view is JSON-ready and
    round-trips unchanged."""
    s = g.state
    undrawn = set(STANDARD_DECK) - set(s.drawn)
    seed = s.seed
    pub = g.public_view()
    assert json.loads(json.dumps(pub)) == pub
    for key in ("mode", "turn", "over", "result", "host_actions", "last_card", "remaining",
                "kings_drawn", "rules", "roles", "direction"):
        assert key in pub
    assert pub["remaining"] == len(undrawn)
    views = [pub, g.legal_actions(HOST)]
    for pid in g.players():
        priv = g.private_view(pid)
        assert json.loads(json.dumps(priv)) == priv
        views.append(priv)
        views.append(g.legal_actions(pid))
    for v in views:
        seen = scalars_in(v)
        leaked = seen & undrawn
        assert not leaked, f"undrawn cards in a view: {leaked}"
        assert seed not in seen and str(seed) not in seen, "the engine's seed is in a view"
    # Paper, scissors, stone: each pick is seen by its player alone.
    picks = getattr(s.prompt, "picks", {})
    assert "picks" not in (pub["prompt"] or {})
    for pid in g.players():
        assert g.private_view(pid)["rps_pick"] == picks.get(pid)


# Penalty calls: a repeat of the same call on the same card is refused.
PENALTIES = frozenset({"breach", "caught", "deflect"})
PROGRESS = frozenset({"draw", "pick", "rule", "tap", "done", "missed", "start", "answer", "rps"})


def random_action(g, pid: str, rng: random.Random, only: frozenset | None = None) -> dict:
    """A random action of ``pid`` (among the types in ``only`` when given)."""
    specs = g.legal_actions(pid)
    if only is not None:
        specs = [a for a in specs if a["type"] in only] or specs
    spec = rng.choice(specs)
    action = {"type": spec["type"]}
    for name, domain in spec["params"].items():
        if "one_of" in domain:
            action[name] = rng.choice(domain["one_of"])
        elif "text" in domain:  # never a rule in force again: that is refused
            taken = {" ".join(r["text"].split()).casefold() for r in g.public_view().get("rules") or []}
            while True:
                length = rng.randint(1, domain["text"]["max_len"])
                action[name] = "".join(rng.choice("abc xyz!?") for _ in range(length)).strip() or "x"
                if " ".join(action[name].split()).casefold() not in taken:
                    break
        elif "int" in domain:
            action[name] = rng.randint(domain["int"]["min"], domain["int"]["max"])
        else:  # subset_of
            k = rng.randint(domain["min"], domain["max"])
            action[name] = rng.sample(domain["subset_of"], k)
    return action


def bot_apply(g, pid: str, action: dict, now: float) -> None:
    """Apply a move a bot drew from its legal actions: it must be applied,
    unless it is a second call of a penalty already called on this card,
    which is refused with the reason and changes nothing."""
    if action["type"] not in PENALTIES:
        g.apply(pid, action, now)
        return
    before = g.persist_json()
    try:
        g.apply(pid, action, now)
    except IllegalAction as refused:
        assert "already" in str(refused), refused
        assert g.persist_json() == before


def play_randomly(g, rng: random.Random, *, audit_every: int = 1, max_steps: int = 20000,
                  churn: bool = False, focus: float = 0.7) -> int:
    """Random bots (the host now and then) play until the game is over; returns
    the number of steps. With probability ``focus`` a step is taken among the
    moves that advance the game (draws and prompts), else among every legal
    move. With ``churn`` players leave and join mid-game."""
    now = 0.0
    steps = 0
    joined = 100
    while not g.is_over():
        steps += 1
        assert steps < max_steps, "the game does not finish"
        now += rng.choice([0.1, 0.5, 2.0])
        deadline = g.next_deadline()
        if deadline is not None and now >= deadline:
            g.tick(now)
            continue
        if churn and rng.random() < 0.01 and len(g.players()) > 1:
            g.remove_player(rng.choice(g.players()), now)
            continue
        if churn and rng.random() < 0.01 and len(g.players()) < 12:
            joined += 1
            g.add_player({"id": f"late{joined}", "group": rng.choice(["guys", "chicks", None])}, now)
            continue
        movers = [p for p in g.players() if g.legal_actions(p)]
        if g.legal_actions(HOST) and (not movers or rng.random() < 0.03):
            movers = [HOST]
        assert movers or deadline is not None, f"wedged: {g.public_view()['prompt']}"
        if not movers:
            now = deadline
            continue
        only = None
        if rng.random() < focus:
            keen = [p for p in movers if PROGRESS & {a["type"] for a in g.legal_actions(p)}]
            if keen:
                movers, only = keen, PROGRESS
        pid = rng.choice(movers)
        bot_apply(g, pid, random_action(g, pid, rng, only), now)
        if audit_every and steps % audit_every == 0:
            audit(g)
    audit(g)
    return steps
