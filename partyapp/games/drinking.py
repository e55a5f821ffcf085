"""Drinking decks: one engine, two decks (``ring_of_fire`` and ``kings``).

Variants implemented
--------------------
- **Ring of Fire** as given in ``seeds/000`` ("RING OF FIRE"), and **Kings**,
  the house variant of ``seeds/002`` ("Kings"). Each card's meaning is data
  (``decks.py``): a title, the text shown on the table and an effect from a
  small catalogue with parameters. A house variant is another definition
  (``options["variant"]``), checked by ``decks.validate_deck``.
- The deck is the standard 52 cards. The card drawn is chosen at the moment it
  is drawn, uniformly from the cards still undrawn, by a generator seeded from
  the state's ``seed``, which is then replaced by the next seed that generator
  gives (so the saved state holds 8 bytes of randomness, and the game is
  deterministic under the seed given at set-up); a staged ``options["deck"]``
  (testing only) is dealt from the front first. Undrawn cards never appear in
  a view: only the count ``remaining`` does.

Turns
-----
- The first player in seat order draws first; then play goes round the table
  following ``direction`` (1 clockwise, -1 counter-clockwise). After a card's
  effect the turn passes from the drawer to the next player in the (possibly
  just reversed) direction of play.
- A card that opens a prompt (pick a player, type a rule, a race, a round
  game, chugalug, paper-scissors-stone) holds the next draw until it is
  settled: every prompt can be settled by the players' own actions, a
  time-out, or the host's ``skip``.
- The thumbmaster may start the thumb race at any time except during another
  race. Started while a card's prompt is open, the race pauses that prompt
  (public ``paused``); when the race is settled the prompt carries on, its
  clock (if any) started afresh. The other powers (catch, report a broken
  rule, toilet, jail, steal, "f*** off") may be used at any time, prompts
  included.

Choices where the rule text is open
-----------------------------------
- **Ring of Fire 10** is headed "Thumbmaster" in the seed but describes a
  category game; the deck titles it "Category" and plays it as a round game.
  Ring of Fire counts drinks, Kings counts fingers (``unit`` in the view).
- **Left and right.** "Left" is the next seat clockwise and does not change
  when play reverses (option ``sides="seats"``, the default); with
  ``sides="play"`` left means the next player in the current direction of
  play and right the previous one. Chugalug's "one to my left/right" follows
  the same option.
- **Waterfall** has no prompt: the table shows the stopping order (the drawer
  first, then round the table in the direction of play) and each player's
  tally counts ``n`` (default 1) drinks.
- **Mate** (Ring of Fire 8): the drawer picks a mate, then drinks ``n``
  (default 1), which their new mate shares. Mates are undirected and chain
  transitively: whenever a player is given drinks, everybody linked to them by
  mates drinks the same (once, the largest amount if several forfeits of one
  call reach them). Necks are personal and do not pass to mates unless option
  ``mates_share_necks`` is on.
- **Roles** have one holder each. A role "until the next card of that rank"
  (question master) is taken away when that rank is drawn again, and the new
  card gives it to its drawer. A role "for the game" passes to whoever draws
  another card that grants it (option ``roles_pass_on``, default on; off: the
  first holder keeps it and the new card is void). The toilet and jail cards
  are returned once used. A player who leaves returns every role they held.
- **Races** (Floor, Heaven, the thumb): every participant gets one ``tap``.
  The order of arrival is the order of ``apply`` calls. The race settles as
  soon as at most one participant has not tapped (that one is last), or at the
  time-out (``race_timeout_s``), when everybody missing counts as last. In the
  thumb race the thumbmaster does not tap and anyone copying with the wrong
  thumb loses too. A race with fewer than two participants is called off.
- **Round games** (Rhyme, Category): the drawer goes first, then round the
  table in the direction of play; the player whose go it is taps ``done`` to
  pass it on; the drawer (or, if they leave, the next player) or the host
  picks who messed up, and they drink.
- **Chugalug**: the drawer says "one to my left" or "one to my right" (that is
  the number 1); the neighbour on that side answers next. Multiples of 5 or 7
  must be "chugalug" and reverse the count. The table referees: the player
  whose go it is taps one of a few answers; a wrong answer, or none within
  ``answer_timeout_s``, is the mistake: that player drinks and the game ends.
  Past ``chugalug_max`` the count stops with nobody drinking.
- **Paper, scissors, stone** is played by the player on the drawer's left and
  the one on their right. With two players in the game those are the same
  person, so the drawer plays the other player; alone, it is called off. A
  tie is replayed; the first to win a majority of ``best_of`` rounds wins and
  the other drinks. A pick not made within ``rps_timeout_s`` loses that round
  (both missing: the game is called off). Picks stay private until both are in.
- **Jail card**: the holder may cancel the latest forfeit (drinks or neck)
  aimed at them that is still in the log, once; their mates who drank only
  because of them are let off too. Any other player may steal the card at
  any time (announced); the host may undo the steal while the thief still
  holds it.
- **Question master / question card**: the holder taps ``caught`` and picks
  who answered; the question master's catch costs ``n`` drinks, the question
  card's is a neck. Against the question card, any other player may report
  ``deflect`` ("f*** off"): the holder necks.
- **Rules**: anyone may report a breach of any rule in force and pick the
  breaker, who drinks that rule's penalty (Ring of Fire 1, Kings 2 fingers).
- **Penalty calls** (``caught``, ``breach``, ``deflect``) are bounded the way
  a real table bounds them: one call per offence. An offence is one penalty
  against one player for one thing (a rule, a catching role, the question
  card) during the card in play, from one draw to the next. Calling the same
  offence again (by anyone) is refused with the reason; another player,
  another rule or the next card is another offence. There is no cool-down,
  so honest play never waits, and the host's undo of a wrong call frees it.
- **The cup**: each card with the cup effect (the kings) is poured in; the
  drawer of the last of them necks the cup and the game ends. In Kings every
  feature card is returned: the final state holds no roles and no rules. If a
  house deck has no cup the game ends when the deck runs out.
- **Tallies**: ``drinks()`` counts drinks (Kings: fingers) only; necks are
  logged and counted separately (``necks`` in the public view). The host can
  undo any forfeit still in the log: its drinks and necks are taken back.
- **Late joiners** are seated last and take part from the next prompt on.

The public ``log`` holds the latest ``PUBLIC_LOG`` entries (the state keeps
``LOG_MAX`` for undo and the jail card). Moves return their events: the log
entries they added, in the public form of ``public_view()["log"]`` (``id``, ``kind``, ``text`` parts that are strings,
``{"player": pid}`` or ``{"card": code}``, ``drinks``, ``necks``, ``undone``).
"""

from __future__ import annotations

import copy
import json

import orjson
import random
from typing import Any, ClassVar

from ..protocol import TextRefused, clean_text
from .base import (HOST, Game, GameIsOver, IllegalAction, NotYourTurn, options_of,
                   rng_from_json)
from .cards import STANDARD_DECK, colour_of, parse_card, validate_cards
from .decks import (GROUPS, ROLE_POWERS, ROLE_TITLES, ROLES, RULE_MAX, default_deck,
                    entry_for, validate_deck)

LOG_MAX = 24  # kept for undo and the jail card
PUBLIC_LOG = 12  # sent to the screens: the ticker shows the latest
RPS_PICKS = ("paper", "scissors", "stone")
_BEATS = {"paper": "stone", "scissors": "paper", "stone": "scissors"}
CATCH_ROLES = ("question_master", "question_card")

OPTION_DEFAULTS: dict[str, Any] = {
    "race_timeout_s": 10,
    "answer_timeout_s": 10,
    "rps_timeout_s": 30,
    "sides": "seats",
    "roles_pass_on": True,
    "mates_share_necks": False,
    "chugalug_max": 100,
}
_NUMBER_OPTIONS = {"race_timeout_s": (1, 120), "answer_timeout_s": (1, 120),
                   "rps_timeout_s": (5, 300)}
_BOOL_OPTIONS = ("roles_pass_on", "mates_share_necks")

_EMPTY: dict = {}


def _dumps(value: Any) -> str:
    """Compact JSON for the store (orjson: the state is saved at every change)."""
    return orjson.dumps(value).decode()


def in_domain(domain: dict, value: Any) -> tuple[bool, Any]:
    """Is ``value`` allowed by a protocol domain? Returns (ok, normalised value)."""
    if "one_of" in domain:
        for choice in domain["one_of"]:
            if value == choice and type(value) is type(choice):
                return True, choice
        return False, None
    if "int" in domain:
        lim = domain["int"]
        ok = isinstance(value, int) and not isinstance(value, bool) and \
            lim["min"] <= value <= lim["max"]
        return ok, value
    if "text" in domain:
        try:
            return True, clean_text(value, "The text", domain["text"]["max_len"])
        except TextRefused:
            return False, None
    if "subset_of" in domain:
        if not isinstance(value, list) or not domain["min"] <= len(value) <= domain["max"]:
            return False, None
        out = []
        for v in value:
            ok, v = in_domain({"one_of": domain["subset_of"]}, v)
            if not ok or v in out:
                return False, None
            out.append(v)
        return True, out
    return False, None


def _act(type_: str, **params: dict) -> dict:
    return {"type": type_, "params": params}


def _one(values: list) -> dict:
    return {"one_of": list(values)}


def _group(value: Any) -> str | None:
    return value if value in GROUPS else None


class DrinkingGame(Game):
    """The engine shared by the drinking decks; a subclass names its mode and deck."""

    mode: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 16
    unit: ClassVar[tuple[str, str]] = ("drink", "drinks")
    option_names: ClassVar[tuple[str, ...]] = tuple(sorted({*OPTION_DEFAULTS, "variant", "deck"}))

    def __init__(self, state: dict) -> None:
        self.s = state
        self._events: list[dict] = []
        # The deck never changes during a game: encoded once for the store.
        self._deck_json = _dumps(state["deck"])
        # Log entries rarely change once written: their encodings are kept,
        # each with what it was made from (see ``_entry_json``).
        self._entry_json_cache: dict[int, tuple[tuple, str]] = {}

    # -- set-up and persistence ---------------------------------------------
    @classmethod
    def check_options(cls, options: dict) -> dict:
        if not isinstance(options, dict):
            raise ValueError("options must be an object.")
        out: dict[str, Any] = dict(OPTION_DEFAULTS)
        for name, value in options.items():
            if name == "seed":
                continue
            if name not in cls.option_names:
                raise ValueError(f"unknown option {name!r} "
                                 f"(options: {', '.join(sorted(cls.option_names))}).")
            if name == "variant":
                if value is not None:
                    out["variant"] = validate_deck(value)
            elif name == "deck":
                if value is not None:
                    out["deck"] = validate_cards(value, max_len=len(STANDARD_DECK))
            elif name in _NUMBER_OPTIONS:
                lo, hi = _NUMBER_OPTIONS[name]
                if isinstance(value, bool) or not isinstance(value, (int, float)) \
                        or not lo <= value <= hi:
                    raise ValueError(f"{name} must be a number of seconds from {lo} to {hi}.")
                out[name] = value
            elif name in _BOOL_OPTIONS:
                if not isinstance(value, bool):
                    raise ValueError(f"{name} must be true or false.")
                out[name] = value
            elif name == "sides":
                if value not in ("seats", "play"):
                    raise ValueError("sides must be \"seats\" (left is the next seat clockwise) "
                                     "or \"play\" (left is the next player in play).")
                out[name] = value
            elif name == "chugalug_max":
                if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 1000:
                    raise ValueError("chugalug_max must be a whole number from 10 to 1000.")
                out[name] = value
        return out

    @classmethod
    def new(cls, players: list[dict], options: dict, rng: random.Random, now: float) -> "DrinkingGame":
        opts = cls.check_options(options)
        deck = opts.pop("variant", None) or default_deck(cls.mode)
        staged = opts.pop("deck", [])
        seats: list[str] = []
        groups: dict[str, str | None] = {}
        for p in players:
            pid = p["id"]
            if not isinstance(pid, str) or not pid or pid == HOST or pid in groups:
                raise ValueError(f"bad or repeated player id {pid!r}.")
            seats.append(pid)
            groups[pid] = _group(p.get("group"))
        if not seats:
            raise ValueError("a game needs at least one player.")
        cup_total = 0
        for code in STANDARD_DECK:
            rank, _ = parse_card(code)
            if entry_for(deck, rank, colour_of(code))["effect"] == "cup":
                cup_total += 1
        s = {
            "mode": cls.mode,
            "deck": deck,
            "opts": opts,
            "seats": seats,
            "groups": groups,
            "direction": 1,
            "current": seats[0],
            "drawn": [],
            "staged": list(staged),
            "last_card": None,
            "last_drawer": None,
            "cup": 0,
            "cup_total": cup_total,
            "kings": 0,
            "rules": [],
            "roles": {r: None for r in ROLES},
            "role_info": {},
            "mates": {},
            "prompt": None,
            "paused": None,
            "outcome": None,
            "fingers": {pid: 0 for pid in seats},
            "necks": {pid: 0 for pid in seats},
            "log": [],
            "log_seq": 0,
            "over": False,
            "result": None,
            # The next draw's generator seed: 8 bytes in the saved state
            # instead of the whole Mersenne Twister state.
            "seed": rng.getrandbits(64),
            # Penalty calls made since the last draw: one call per offence.
            "calls": [],
        }
        return cls(s)

    def to_state(self) -> dict:
        return json.loads(self.persist_json())

    def persist_json(self) -> str:
        rest = {k: v for k, v in self.s.items() if k not in ("deck", "log")}
        log = ",".join(self._entry_json(e) for e in self.s["log"])
        return (f'{{"v":2,"mode":{_dumps(self.mode)},"deck":{self._deck_json},'
                f'"log":[{log}],"s":{_dumps(rest)}}}')

    def _entry_json(self, entry: dict) -> str:
        """An entry's encoding, made again only when the entry changed. Entries
        change only by assignment of new ``text``/``drinks``/``necks`` objects,
        a new exemption, or ``undone``: those are the cache's key."""
        key = (entry["text"], entry["drinks"], entry["necks"], entry["undone"], len(entry.get("_ex", ())))
        cache = self._entry_json_cache
        hit = cache.get(entry["id"])
        if hit is not None:
            old = hit[0]
            if old[0] is key[0] and old[1] is key[1] and old[2] is key[2] and old[3:] == key[3:]:
                return hit[1]
        text = _dumps(entry)
        if len(cache) > 2 * LOG_MAX:
            live = {e["id"] for e in self.s["log"]}
            for gone in [i for i in cache if i not in live]:
                del cache[gone]
        cache[entry["id"]] = (key, text)
        return text

    @classmethod
    def from_state(cls, state: dict) -> "DrinkingGame":
        klass = _CLASSES.get(state.get("mode"), cls)
        if klass is DrinkingGame:
            raise ValueError(f"unknown drinking mode {state.get('mode')!r}")
        s = copy.deepcopy(state["s"])
        if "deck" in state:
            s["deck"] = copy.deepcopy(state["deck"])
        if "log" in state:
            s["log"] = copy.deepcopy(state["log"])
        if "seed" not in s:  # saved before the seed replaced the generator state
            s["seed"] = rng_from_json(state["rng"]).getrandbits(64)
        s.setdefault("calls", [])
        return klass(s)

    # -- seats ------------------------------------------------------------------
    def _step(self, pid: str, k: int) -> str:
        seats = self.s["seats"]
        return seats[(seats.index(pid) + k) % len(seats)]

    def _next_in_play(self, pid: str) -> str:
        return self._step(pid, self.s["direction"])

    def _left_step(self) -> int:
        return 1 if self.s["opts"]["sides"] == "seats" else self.s["direction"]

    def _left_of(self, pid: str) -> str:
        return self._step(pid, self._left_step())

    def _right_of(self, pid: str) -> str:
        return self._step(pid, -self._left_step())

    def _who(self, drawer: str, who: str) -> list[str]:
        seats = self.s["seats"]
        if who == "drawer":
            return [drawer]
        if who == "left":
            return [self._left_of(drawer)]
        if who == "right":
            return [self._right_of(drawer)]
        if who == "everybody":
            return list(seats)
        if who == "others":
            return [p for p in seats if p != drawer]
        return [p for p in seats if self.s["groups"].get(p) == who]

    # -- the log and the tallies -----------------------------------------------
    def _log(self, kind: str, parts: list, **extra: Any) -> dict:
        s = self.s
        s["log_seq"] += 1
        entry = {"id": s["log_seq"], "kind": kind, "text": parts, "drinks": {}, "necks": {},
                 "undone": False}
        entry.update(extra)
        s["log"].append(entry)
        if len(s["log"]) > LOG_MAX:
            del s["log"][0]
        self._events.append(entry)
        return entry

    @staticmethod
    def _plist(pids: list[str]) -> list:
        parts: list = []
        for i, p in enumerate(pids):
            if i:
                parts.append(" and " if i == len(pids) - 1 else ", ")
            parts.append({"player": p})
        return parts

    def _amount(self, n: int) -> str:
        return f"{n} {self.unit[0] if n == 1 else self.unit[1]}"

    def _expand(self, targets: dict, exempt: set) -> dict:
        mates = self.s["mates"]
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

    def _settle(self, entry: dict) -> None:
        """(Re)compute an entry's drinks and necks from its targets, and move the
        tallies by the difference."""
        s = self.s
        exempt = set(entry["_ex"])
        drinks = self._expand(entry["_t"], exempt)
        if s["opts"]["mates_share_necks"]:
            necks = self._expand(entry["_nt"], exempt)
        else:
            necks = {p: n for p, n in entry["_nt"].items() if p not in exempt}
        for key, new in (("fingers", drinks), ("necks", necks)):
            tally = s[key]
            old = entry["drinks" if key == "fingers" else "necks"]
            for p, n in old.items():
                tally[p] = tally.get(p, 0) - n
            for p, n in new.items():
                tally[p] = tally.get(p, 0) + n
        entry["drinks"] = drinks
        entry["necks"] = necks

    def _forfeit(self, parts: list, cause: str, drinks: dict | None = None,
                 necks: dict | None = None) -> dict:
        entry = self._log("forfeit", parts, cause=cause,
                          _t={p: n for p, n in (drinks or _EMPTY).items() if n > 0},
                          _nt=dict(necks or _EMPTY), _ex=[])
        self._settle(entry)
        extra = [p for p in entry["drinks"] if p not in entry["_t"]]
        if extra:
            entry["text"] = parts + [" Mates drink too: "] + self._plist(extra) + ["."]
        return entry

    def _drink(self, pids: list[str], n: int, cause: str, lead: list | None = None) -> None:
        if not pids:
            self._log("note", (lead or []) + ["Nobody drinks."])
            return
        verb = " drinks " if len(pids) == 1 else " drink "
        self._forfeit((lead or []) + self._plist(pids) + [verb + self._amount(n) + "."], cause,
                      drinks={p: n for p in pids})

    def _neck(self, pid: str, cause: str, parts: list) -> None:
        self._forfeit(parts, cause, necks={pid: 1})

    def _catch_cost(self, role: str, pid: str, cause: str, lead: list) -> None:
        info = self.s["role_info"].get(role, {})
        if info.get("neck"):
            self._neck(pid, cause, lead + [{"player": pid}, " necks their drink."])
        else:
            self._drink([pid], info.get("n", 1), cause, lead)

    # -- views --------------------------------------------------------------------
    def players(self) -> list[str]:
        return list(self.s["seats"])

    def is_over(self) -> bool:
        return self.s["over"]

    def drinks(self) -> dict[str, int]:
        return dict(self.s["fingers"])

    def next_deadline(self) -> float | None:
        pr = self.s["prompt"]
        return pr.get("deadline") if pr else None

    def _turn(self) -> str | None:
        s = self.s
        if s["over"]:
            return None
        pr = s["prompt"]
        if pr is None:
            return s["current"]
        kind = pr["kind"]
        if kind in ("pick", "rule"):
            return pr["by"]
        if kind == "chugalug":
            return pr["by"] if pr["phase"] == "choose" else pr["speaker"]
        return None

    @staticmethod
    def _pub_entry(e: dict) -> dict:
        # text, drinks and necks are only ever replaced, never changed in
        # place, so the view may share them instead of copying.
        return {"id": e["id"], "kind": e["kind"], "text": e["text"],
                "drinks": e["drinks"], "necks": e["necks"], "undone": e["undone"]}

    def _pub_prompt(self, pr: dict | None) -> dict | None:
        if pr is None:
            return None
        kind = pr["kind"]
        if kind == "pick":
            return {"kind": "pick", "by": pr["by"], "for": pr["for"], "n": pr["n"]}
        if kind == "rule":
            return {"kind": "rule", "by": pr["by"], "max_len": RULE_MAX}
        if kind == "race":
            return {"kind": "race", "race": pr["race"], "title": pr["title"], "by": pr["by"],
                    "thumb": pr["thumb"], "participants": list(pr["participants"]),
                    "order": list(pr["order"]), "thumbs": dict(pr["thumbs"]),
                    "waiting": [p for p in pr["participants"] if p not in pr["order"]],
                    "deadline": pr["deadline"], "n": pr["n"]}
        if kind == "round":
            return {"kind": "round", "title": pr["title"], "by": pr["by"],
                    "caller": pr["caller"], "speaker": pr["speaker"], "goes": pr["goes"],
                    "n": pr["n"]}
        if kind == "chugalug":
            return {"kind": "chugalug", "by": pr["by"], "phase": pr["phase"],
                    "number": pr["number"], "direction": pr["dir"], "speaker": pr["speaker"],
                    "last": dict(pr["last"]) if pr["last"] else None,
                    "deadline": pr["deadline"], "n": pr["n"]}
        # paper, scissors, stone: only who has picked, never what
        return {"kind": "rps", "by": pr["by"], "players": list(pr["players"]),
                "picked": [p for p in pr["players"] if pr["picks"][p] is not None],
                "wins": dict(pr["wins"]), "need": pr["need"], "best_of": pr["best_of"],
                "rounds": [{"picks": dict(r["picks"]), "winner": r["winner"]}
                           for r in pr["rounds"]],
                "deadline": pr["deadline"], "n": pr["n"]}

    def _mate_groups(self) -> list[list[str]]:
        mates = self.s["mates"]
        seen: set[str] = set()
        groups = []
        for p in self.s["seats"]:
            if p in seen or p not in mates:
                continue
            comp = self._expand({p: 1}, set())
            seen.update(comp)
            groups.append([q for q in self.s["seats"] if q in comp])
        return groups

    def _card_view(self) -> dict | None:
        code = self.s["last_card"]
        if code is None:
            return None
        rank, suit = parse_card(code)
        colour = colour_of(code)
        e = entry_for(self.s["deck"], rank, colour)
        return {"code": code, "rank": rank, "suit": suit, "colour": colour,
                "title": e["title"], "text": e["text"], "effect": e["effect"]}

    def public_view(self) -> dict:
        s = self.s
        outcome = s["outcome"]
        return {
            "mode": self.mode,
            "title": self.title,
            "deck_name": s["deck"]["name"],
            "turn": self._turn(),
            "next_drawer": None if s["over"] else s["current"],
            "over": s["over"],
            "result": copy.deepcopy(s["result"]),
            "host_actions": self._host_actions(),
            "seats": list(s["seats"]),
            "groups": {p: s["groups"].get(p) for p in s["seats"]},
            "last_card": s["last_card"],
            "last_drawer": s["last_drawer"],
            "card": self._card_view(),
            "remaining": len(STANDARD_DECK) - len(s["drawn"]),
            "drawn": len(s["drawn"]),
            "kings_drawn": s["kings"],
            "cup": {"filled": s["cup"], "of": s["cup_total"]},
            "rules": [{"by": r["by"], "text": r["text"], "n": r["n"]} for r in s["rules"]],
            "roles": dict(s["roles"]),
            "mates": self._mate_groups(),
            "direction": s["direction"],
            "prompt": self._pub_prompt(s["prompt"]),
            "paused": self._pub_prompt(s["paused"]),
            "outcome": copy.deepcopy(outcome) if outcome else None,
            "drinks": dict(s["fingers"]),
            "necks": dict(s["necks"]),
            "unit": self.unit[1],
            "log": [self._pub_entry(e) for e in s["log"][-PUBLIC_LOG:]],
        }

    def private_view(self, pid: str) -> dict:
        s = self.s
        if pid not in s["seats"]:
            return {"roles": [], "prompt": None, "rps_pick": None, "mates": []}
        roles = []
        for r in ROLES:
            if s["roles"][r] == pid:
                item = {"role": r, "title": ROLE_TITLES[r], "can": ROLE_POWERS[r]}
                if r == "jail":
                    item["ready"] = self._jail_target(pid) is not None
                roles.append(item)
        mates = [p for p in self._expand({pid: 1}, set()) if p != pid] if pid in s["mates"] else []
        view = {"roles": roles, "prompt": None, "rps_pick": None, "mates": mates}
        pr = s["prompt"]
        if pr is None or s["over"]:
            return view
        kind = pr["kind"]
        prompt = None
        if kind == "pick" and pr["by"] == pid:
            prompt = {"prompt": "pick_player", "for": pr["for"], "n": pr["n"]}
        elif kind == "rule" and pr["by"] == pid:
            prompt = {"prompt": "type_rule", "max_len": RULE_MAX}
        elif kind == "race" and pid in pr["participants"] and pid not in pr["order"]:
            prompt = {"prompt": "tap", "title": pr["title"], "thumb_choice": pr["thumb"] is not None}
        elif kind == "round" and pid in (pr["speaker"], pr["caller"]):
            prompt = {"prompt": "round", "your_go": pr["speaker"] == pid,
                      "caller": pr["caller"] == pid}
        elif kind == "chugalug":
            if pr["phase"] == "choose" and pr["by"] == pid:
                prompt = {"prompt": "chugalug_start"}
            elif pr["phase"] == "count" and pr["speaker"] == pid:
                prompt = {"prompt": "chugalug_answer", "number": pr["number"]}
        elif kind == "rps" and pid in pr["players"]:
            view["rps_pick"] = pr["picks"][pid]
            if pr["picks"][pid] is None:
                prompt = {"prompt": "rps"}
        view["prompt"] = prompt
        return view

    # -- what each player may do ----------------------------------------------
    def _jail_target(self, pid: str) -> dict | None:
        for e in reversed(self.s["log"]):
            if e["kind"] == "forfeit" and not e["undone"] and (pid in e["drinks"] or pid in e["necks"]):
                return e
        return None

    def _undoable(self) -> list[int]:
        s = self.s
        ids = []
        latest_steal = True
        for e in reversed(s["log"]):
            if e["undone"]:
                continue
            if e["kind"] == "forfeit" and (e["drinks"] or e["necks"]):
                ids.append(e["id"])
            elif e["kind"] == "steal":
                if latest_steal and s["roles"]["jail"] == e["_to"]:
                    ids.append(e["id"])
                latest_steal = False
        return ids

    def _host_actions(self) -> list[dict]:
        s = self.s
        if s["over"]:
            return []
        acts = []
        ids = self._undoable()
        if ids:
            acts.append(_act("undo", entry=_one(ids)))
        pr = s["prompt"]
        if pr is not None:
            acts.append(_act("skip"))
            if pr["kind"] == "round" and s["seats"]:
                acts.append(_act("missed", player=_one(s["seats"])))
        return acts

    def legal_actions(self, pid: str) -> list[dict]:
        s = self.s
        if s["over"]:
            return []
        if pid == HOST:
            return self._host_actions()
        seats = s["seats"]
        if pid not in seats:
            return []
        roles = s["roles"]
        acts: list[dict] = []
        pr = s["prompt"]
        if roles["thumbmaster"] == pid and s["paused"] is None \
                and (pr is None or pr["kind"] != "race"):
            if s["role_info"]["thumbmaster"]["thumbs"]:
                acts.append(_act("thumb", thumb=_one(["left", "right"])))
            else:
                acts.append(_act("thumb"))
        if pr is None:
            if pid == s["current"]:
                acts.append(_act("draw"))
        else:
            kind = pr["kind"]
            if kind == "pick":
                if pr["by"] == pid:
                    acts.append(_act("pick", player=_one(self._pick_candidates(pid))))
            elif kind == "rule":
                if pr["by"] == pid:
                    acts.append(_act("rule", text={"text": {"max_len": RULE_MAX}}))
            elif kind == "race":
                if pid in pr["participants"] and pid not in pr["order"]:
                    if pr["thumb"] is not None:
                        acts.append(_act("tap", thumb=_one(["left", "right"])))
                    else:
                        acts.append(_act("tap"))
            elif kind == "round":
                if pr["speaker"] == pid:
                    acts.append(_act("done"))
                if pr["caller"] == pid:
                    acts.append(_act("missed", player=_one(seats)))
            elif kind == "chugalug":
                if pr["phase"] == "choose":
                    if pr["by"] == pid:
                        acts.append(_act("start", side=_one(["left", "right"])))
                elif pr["speaker"] == pid:
                    k = pr["number"]
                    acts.append(_act("answer", say=_one([k - 1, k, k + 1, "chugalug"])))
            elif kind == "rps":
                if pid in pr["players"] and pr["picks"][pid] is None:
                    acts.append(_act("rps", pick=_one(RPS_PICKS)))
        calls = s["calls"]
        held = [r for r in CATCH_ROLES if roles[r] == pid]
        if held and len(seats) > 1:
            callable_ = {r: [p for p in seats if p != pid and f"caught:{r}:{p}" not in calls] for r in held}
            by = [r for r in held if callable_[r]]
            if by:
                players = [p for p in seats if any(p in callable_[r] for r in by)]
                acts.append(_act("caught", by=_one(by), player=_one(players)))
        holder = roles["question_card"]
        if holder is not None and holder != pid and f"deflect:{holder}" not in calls:
            acts.append(_act("deflect"))
        if roles["toilet"] == pid:
            acts.append(_act("toilet"))
        if roles["jail"] == pid and self._jail_target(pid) is not None:
            acts.append(_act("jail"))
        if roles["jail"] is not None and roles["jail"] != pid:
            acts.append(_act("steal"))
        if s["rules"]:
            if calls:
                open_ = [(i, p) for i in range(len(s["rules"])) for p in seats
                         if f"breach:{i}:{p}" not in calls]
                rules = sorted({i for i, _ in open_})
                breakers = [p for p in seats if any(q == p for _, q in open_)]
            else:
                rules, breakers = list(range(len(s["rules"]))), seats
            if rules:
                acts.append(_act("breach", rule=_one(rules), player=_one(breakers)))
        return acts

    def _pick_candidates(self, pid: str) -> list[str]:
        others = [p for p in self.s["seats"] if p != pid]
        return others or [pid]

    # -- applying a move ------------------------------------------------------------
    def _refusal(self, pid: str, type_: str) -> IllegalAction:
        s = self.s
        if pid != HOST and pid not in s["seats"]:
            return IllegalAction("You are not in this game; you will be dealt in next game.")
        pr = s["prompt"]
        if type_ == "draw":
            if pr is not None:
                return IllegalAction("Finish the card in play before the next draw.")
            return NotYourTurn("It is not your turn to draw.")
        if pr is not None and type_ in ("pick", "rule", "start", "answer", "done", "missed"):
            return NotYourTurn("It is not your go.")
        if type_ in ("tap", "rps") and pr is not None:
            return IllegalAction("You have already had your go.")
        return IllegalAction("That move is not possible now.")

    def apply(self, pid: str, action: dict, now: float) -> list[dict]:
        action = options_of(action)
        if self.s["over"]:
            raise GameIsOver("The game is over.")
        type_ = action["type"]
        if type_ in self._CALLED and self.s["calls"] and \
                self._call_key(type_, action) in self.s["calls"]:
            raise IllegalAction(self._CALLED[type_])
        spec = None
        for a in self.legal_actions(pid):
            if a["type"] == type_:
                spec = a
                break
        if spec is None:
            raise self._refusal(pid, type_)
        values: dict[str, Any] = {}
        for name, domain in spec["params"].items():
            if name not in action:
                raise IllegalAction(f"This move needs a {name}.")
            if "text" in domain:
                try:
                    value = clean_text(action[name], f"The {name}", domain["text"]["max_len"])
                except TextRefused as exc:
                    raise IllegalAction(str(exc)) from None
                values[name] = value
                continue
            ok, value = in_domain(domain, action[name])
            if not ok:
                raise IllegalAction(f"That {name} is not one you can choose now.")
            values[name] = value
        if type_ in ("tap", "answer", "rps"):
            deadline = self.next_deadline()
            if deadline is not None and now >= deadline:
                raise IllegalAction("Too late: time is up.")
        self._events = []
        getattr(self, "_do_" + type_)(pid, values, now)
        self._check_end()
        return [self._pub_entry(e) for e in self._events]

    def tick(self, now: float) -> list[dict]:
        s = self.s
        pr = s["prompt"]
        if s["over"] or pr is None or pr.get("deadline") is None or now < pr["deadline"]:
            return []
        self._events = []
        kind = pr["kind"]
        if kind == "race":
            self._resolve_race(now, timed_out=True)
        elif kind == "chugalug":
            self._chug_mistake(pr["speaker"], None)
        elif kind == "rps":
            self._rps_round(now)
        self._check_end()
        return [self._pub_entry(e) for e in self._events]

    # -- the draw and the card effects ------------------------------------------
    def _deal(self) -> str:
        s = self.s
        if s["staged"]:
            return s["staged"].pop(0)
        drawn = set(s["drawn"])
        pool = [c for c in STANDARD_DECK if c not in drawn]
        rng = random.Random(s["seed"])
        card = pool[rng.randrange(len(pool))]
        s["seed"] = rng.getrandbits(64)
        return card

    def _do_draw(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        code = self._deal()
        s["drawn"].append(code)
        rank, _ = parse_card(code)
        entry = entry_for(s["deck"], rank, colour_of(code))
        s["last_card"] = code
        s["last_drawer"] = pid
        s["outcome"] = None
        s["calls"] = []
        if rank == "K":
            s["kings"] += 1
        self._log("draw", [{"player": pid}, " drew ", {"card": code}, ": " + entry["title"] + "."],
                  card=code)
        for role in ROLES:
            info = s["role_info"].get(role)
            holder = s["roles"][role]
            if holder is not None and info and info["until"] == "next_same_rank" \
                    and info["rank"] == rank:
                s["roles"][role] = None
                self._log("role", [{"player": holder}, " is no longer " +
                                   ROLE_TITLES[role].lower() + "."])
        self._effect(pid, rank, entry, now)
        if not s["over"]:
            s["current"] = self._next_in_play(pid)

    def _effect(self, pid: str, rank: str, entry: dict, now: float) -> None:
        s = self.s
        effect = entry["effect"]
        p = entry["params"]
        title = entry["title"]
        if effect == "drink":
            if p["who"] == "pick":
                s["prompt"] = {"kind": "pick", "by": pid, "for": "drink", "n": p["n"]}
            else:
                self._drink(self._who(pid, p["who"]), p["n"], "card")
        elif effect == "mate":
            if len(s["seats"]) < 2:
                self._log("note", ["There is nobody to pick as a mate."])
            else:
                s["prompt"] = {"kind": "pick", "by": pid, "for": "mate", "n": p["n"]}
        elif effect == "role":
            self._grant(pid, rank, p)
        elif effect == "rule":
            s["prompt"] = {"kind": "rule", "by": pid, "n": p["n"]}
        elif effect == "race":
            self._start_race(pid, "card", title, list(s["seats"]), None, p["n"], now)
        elif effect == "round":
            s["prompt"] = {"kind": "round", "title": title, "by": pid, "caller": pid,
                           "speaker": pid, "goes": 0, "n": p["n"]}
        elif effect == "waterfall":
            order = [self._step(pid, s["direction"] * i) for i in range(len(s["seats"]))]
            s["outcome"] = {"kind": "waterfall", "order": order}
            if p["n"]:
                self._drink(order, p["n"], "waterfall", ["Waterfall: "])
        elif effect == "cup":
            s["cup"] += 1
            s["outcome"] = {"kind": "cup", "filled": s["cup"], "of": s["cup_total"]}
            if s["cup"] >= s["cup_total"]:
                self._neck(pid, "cup", [{"player": pid}, " drew the last king and necks the cup!"])
                self._end("last_king", pid, p["return_cards"])
            else:
                self._log("cup", [{"player": pid}, f" pours into the cup ({s['cup']} of "
                                                    f"{s['cup_total']})."])
        elif effect == "reverse":
            s["direction"] = -s["direction"]
            self._log("reverse", ["Play is reversed: now " +
                                  ("clockwise." if s["direction"] == 1 else "counter-clockwise.")])
            if p["n"]:
                self._drink([pid], p["n"], "card")
        elif effect == "chugalug":
            if len(s["seats"]) < 2:
                self._log("note", ["Chugalug needs at least two players."])
            else:
                s["prompt"] = {"kind": "chugalug", "by": pid, "phase": "choose", "n": p["n"],
                               "number": 1, "dir": 0, "speaker": pid, "last": None,
                               "deadline": None}
        elif effect == "rps":
            a, b = self._step(pid, 1), self._step(pid, -1)
            if a == pid:
                self._log("note", ["Paper, scissors, stone needs another player."])
                return
            if a == b:
                b = pid
            s["prompt"] = {"kind": "rps", "by": pid, "players": [a, b],
                           "picks": {a: None, b: None}, "wins": {a: 0, b: 0},
                           "need": p["best_of"] // 2 + 1, "best_of": p["best_of"],
                           "rounds": [], "n": p["n"],
                           "deadline": now + s["opts"]["rps_timeout_s"]}
        # "text": nothing to track

    def _grant(self, pid: str, rank: str, p: dict) -> None:
        s = self.s
        role = p["role"]
        holder = s["roles"][role]
        if holder is not None and holder != pid and not s["opts"]["roles_pass_on"]:
            self._log("role", [{"player": holder}, " keeps the " + ROLE_TITLES[role].lower() + "."])
            return
        s["roles"][role] = pid
        s["role_info"][role] = {"rank": rank, "until": p["until"], "n": p["n"],
                                "neck": p["neck"], "thumbs": p["thumbs"]}
        self._log("role", [{"player": pid}, " takes the " + ROLE_TITLES[role].lower() + "."],
                  role=role)

    def _start_race(self, by: str, race: str, title: str, participants: list[str],
                    thumb: str | None, n: int, now: float) -> None:
        if len(participants) < 2:
            self._log("note", [title + ": not enough players to race."])
            return
        self.s["prompt"] = {"kind": "race", "race": race, "title": title, "by": by,
                            "thumb": thumb, "participants": participants, "order": [],
                            "thumbs": {}, "n": n,
                            "deadline": now + self.s["opts"]["race_timeout_s"]}

    def _resolve_race(self, now: float, timed_out: bool) -> None:
        s = self.s
        pr = s["prompt"]
        order = pr["order"]
        waiting = [p for p in pr["participants"] if p not in order]
        wrong = [p for p in order if pr["thumb"] is not None and pr["thumbs"].get(p) != pr["thumb"]]
        last = waiting if waiting else order[-1:]
        losers = wrong + [p for p in last if p not in wrong]
        s["prompt"] = None
        s["outcome"] = {"kind": "race", "race": pr["race"], "title": pr["title"],
                        "thumb": pr["thumb"], "order": list(order), "last": list(last),
                        "wrong_thumb": wrong, "losers": losers, "timed_out": timed_out}
        lead = [pr["title"] + (" (time is up)" if timed_out else "") + ": "]
        self._drink(losers, pr["n"], "race", lead)
        self._resume(now)

    def _resume(self, now: float) -> None:
        """The thumb race is over: the card prompt it paused carries on, its
        clock started afresh."""
        s = self.s
        paused = s["paused"]
        if paused is None or s["prompt"] is not None:
            return
        s["paused"] = None
        s["prompt"] = paused
        if paused.get("deadline") is not None:
            key = "rps_timeout_s" if paused["kind"] == "rps" else "answer_timeout_s"
            paused["deadline"] = now + s["opts"][key]

    def _check_end(self) -> None:
        s = self.s
        if not s["over"] and s["prompt"] is None and s["paused"] is None \
                and len(s["drawn"]) >= len(STANDARD_DECK):
            self._end("deck_empty", None, False)

    def _end(self, reason: str, by: str | None, return_cards: bool) -> None:
        s = self.s
        s["over"] = True
        s["prompt"] = None
        s["paused"] = None
        s["current"] = None
        if return_cards:
            s["roles"] = {r: None for r in ROLES}
            s["rules"] = []
            self._log("end", ["The game is over: every feature card is returned."])
        else:
            self._log("end", ["The game is over."])
        s["result"] = {"reason": reason, "by": by, "drinks": dict(s["fingers"]),
                       "necks": dict(s["necks"])}

    # -- prompt moves ------------------------------------------------------------------
    def _do_pick(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        pr = s["prompt"]
        s["prompt"] = None
        target = a["player"]
        if pr["for"] == "drink":
            self._drink([target], pr["n"], "pick", [{"player": pid}, " picks "])
        else:
            if target != pid:
                for x, y in ((pid, target), (target, pid)):
                    lst = s["mates"].setdefault(x, [])
                    if y not in lst:
                        lst.append(y)
            self._log("mate", [{"player": pid}, " and ", {"player": target}, " are mates."])
            if pr["n"]:
                self._drink([pid], pr["n"], "mate")

    def _do_rule(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        pr = s["prompt"]
        s["prompt"] = None
        s["rules"].append({"by": pid, "text": a["text"], "n": pr["n"]})
        self._log("rule", [{"player": pid}, " makes a rule: " + a["text"]])

    def _do_tap(self, pid: str, a: dict, now: float) -> None:
        pr = self.s["prompt"]
        pr["order"].append(pid)
        if "thumb" in a:
            pr["thumbs"][pid] = a["thumb"]
        waiting = sum(1 for p in pr["participants"] if p not in pr["order"])
        if waiting <= 1:
            self._resolve_race(now, timed_out=False)

    def _do_done(self, pid: str, a: dict, now: float) -> None:
        pr = self.s["prompt"]
        pr["speaker"] = self._next_in_play(pid)
        pr["goes"] += 1

    def _do_missed(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        pr = s["prompt"]
        s["prompt"] = None
        s["outcome"] = {"kind": "round", "title": pr["title"], "loser": a["player"]}
        self._drink([a["player"]], pr["n"], "round", [pr["title"] + ": "])

    def _do_start(self, pid: str, a: dict, now: float) -> None:
        pr = self.s["prompt"]
        step = self._left_step()
        pr["dir"] = step if a["side"] == "left" else -step
        pr["phase"] = "count"
        pr["number"] = 2
        pr["last"] = {"player": pid, "said": 1}
        pr["speaker"] = self._step(pid, pr["dir"])
        pr["deadline"] = now + self.s["opts"]["answer_timeout_s"]
        self._log("chugalug", [{"player": pid}, f" starts chugalug: \"one to my {a['side']}\"."])

    @staticmethod
    def _chug_right(k: int) -> Any:
        return "chugalug" if k % 5 == 0 or k % 7 == 0 else k

    def _do_answer(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        pr = s["prompt"]
        k = pr["number"]
        right = self._chug_right(k)
        if a["say"] != right or type(a["say"]) is not type(right):
            self._chug_mistake(pid, a["say"])
            return
        pr["last"] = {"player": pid, "said": right}
        if right == "chugalug":
            pr["dir"] = -pr["dir"]
        pr["number"] = k + 1
        if k + 1 > s["opts"]["chugalug_max"]:
            s["prompt"] = None
            s["outcome"] = {"kind": "chugalug", "loser": None, "number": k, "said": right,
                            "expected": right}
            self._log("chugalug", [f"Chugalug: {k} without a mistake! Nobody drinks."])
            return
        pr["speaker"] = self._step(pid, pr["dir"])
        pr["deadline"] = now + s["opts"]["answer_timeout_s"]

    def _chug_mistake(self, pid: str, said: Any) -> None:
        s = self.s
        pr = s["prompt"]
        k = pr["number"]
        right = self._chug_right(k)
        s["prompt"] = None
        s["outcome"] = {"kind": "chugalug", "loser": pid, "number": k, "said": said,
                        "expected": right}
        what = "was too slow" if said is None else f"said {said}"
        self._drink([pid], pr["n"], "chugalug",
                    [f"Chugalug: at {k} (\"{right}\") ", {"player": pid}, f" {what}. "])

    def _do_rps(self, pid: str, a: dict, now: float) -> None:
        pr = self.s["prompt"]
        pr["picks"][pid] = a["pick"]
        if all(pr["picks"][p] is not None for p in pr["players"]):
            self._rps_round(now)

    def _rps_round(self, now: float) -> None:
        """Settle a round: both picks in, or the time-out with one or none."""
        s = self.s
        pr = s["prompt"]
        x, y = pr["players"]
        px, py = pr["picks"][x], pr["picks"][y]
        if px is None and py is None:
            s["prompt"] = None
            s["outcome"] = {"kind": "rps", "winner": None, "loser": None,
                            "rounds": copy.deepcopy(pr["rounds"])}
            self._log("note", ["Paper, scissors, stone is called off: nobody picked."])
            return
        if px is None or py is None:
            winner = x if py is None else y
        elif _BEATS[px] == py:
            winner = x
        elif _BEATS[py] == px:
            winner = y
        else:
            winner = None
        pr["rounds"].append({"picks": {x: px, y: py}, "winner": winner})
        del pr["rounds"][:-20]
        pr["picks"] = {x: None, y: None}
        pr["deadline"] = now + s["opts"]["rps_timeout_s"]
        if winner is None:
            return
        pr["wins"][winner] += 1
        if pr["wins"][winner] >= pr["need"]:
            loser = y if winner == x else x
            s["prompt"] = None
            s["outcome"] = {"kind": "rps", "winner": winner, "loser": loser,
                            "wins": dict(pr["wins"]), "rounds": copy.deepcopy(pr["rounds"])}
            self._drink([loser], pr["n"], "rps",
                        ["Paper, scissors, stone: ", {"player": winner}, " wins. "])

    # -- powers usable at any time ---------------------------------------------------------
    def _do_thumb(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        info = s["role_info"]["thumbmaster"]
        thumb = a.get("thumb")
        others = [p for p in s["seats"] if p != pid]
        what = f" puts a {thumb} thumb on the table!" if thumb else " puts a thumb on the table!"
        self._log("thumb", [{"player": pid}, what])
        paused = s["prompt"]
        s["prompt"] = None
        self._start_race(pid, "thumb", "Thumb", others, thumb, info["n"], now)
        if s["prompt"] is None:
            s["prompt"] = paused  # called off: nothing to pause
        else:
            s["paused"] = paused

    def _call_key(self, type_: str, values: dict) -> str | None:
        """The offence a penalty call is about (None for other moves)."""
        if type_ == "breach":
            return f"breach:{values.get('rule')!s}:{values.get('player')!s}"
        if type_ == "caught":
            return f"caught:{values.get('by')!s}:{values.get('player')!s}"
        if type_ == "deflect":
            return f"deflect:{self.s['roles']['question_card']}"
        return None

    _CALLED = {
        "breach": "That player has already been called for that rule on this card.",
        "caught": "That player has already been caught on this card.",
        "deflect": "The question card has already been told off on this card.",
    }

    def _called(self, key: str) -> None:
        """Record a penalty call; its log entry (the last one) remembers it so
        that the host's undo frees it."""
        self.s["calls"].append(key)
        for e in reversed(self._events):
            if e["kind"] == "forfeit" or e["kind"] == "note":
                e["_call"] = key
                break

    def _do_caught(self, pid: str, a: dict, now: float) -> None:
        self._catch_cost(a["by"], a["player"], "caught",
                         [{"player": pid}, " caught ", {"player": a["player"]}, " answering. "])
        self._called(self._call_key("caught", a))

    def _do_deflect(self, pid: str, a: dict, now: float) -> None:
        holder = self.s["roles"]["question_card"]
        key = self._call_key("deflect", a)
        self._catch_cost("question_card", holder, "deflect",
                         [{"player": pid}, " says \"f*** off\" to ", {"player": holder}, ". "])
        self._called(key)

    def _do_toilet(self, pid: str, a: dict, now: float) -> None:
        self.s["roles"]["toilet"] = None
        self._log("toilet", [{"player": pid}, " uses the toilet card and may go to the toilet."])

    def _do_jail(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        entry = self._jail_target(pid)
        entry["_ex"].append(pid)
        self._settle(entry)
        s["roles"]["jail"] = None
        self._log("jail", [{"player": pid}, " gets out of jail free: forfeit "
                           f"#{entry['id']} is cancelled for them."], ref=entry["id"])

    def _do_steal(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        victim = s["roles"]["jail"]
        s["roles"]["jail"] = pid
        self._log("steal", [{"player": pid}, " steals the jail card from ", {"player": victim}, "!"],
                  _from=victim, _to=pid)

    def _do_breach(self, pid: str, a: dict, now: float) -> None:
        rule = self.s["rules"][a["rule"]]
        self._drink([a["player"]], rule["n"], "breach",
                    [{"player": pid}, " reports a broken rule (" + rule["text"] + "): "])
        self._called(self._call_key("breach", a))

    # -- host moves ----------------------------------------------------------------------
    def _do_undo(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        entry = next(e for e in s["log"] if e["id"] == a["entry"])
        entry["undone"] = True
        if entry["kind"] == "steal":
            back = entry["_from"] if entry["_from"] in s["seats"] else None
            s["roles"]["jail"] = back
            parts = ["The host undoes the steal: the jail card goes back"]
            self._log("undo", parts + ([" to ", {"player": back}, "."] if back else ["."]),
                      ref=entry["id"])
            return
        for key, tally in (("drinks", s["fingers"]), ("necks", s["necks"])):
            for p, n in entry[key].items():
                tally[p] = tally.get(p, 0) - n
        if entry.get("_call") in s["calls"]:
            s["calls"].remove(entry["_call"])
        self._log("undo", [f"The host undoes #{entry['id']}: the drinks are taken back."],
                  ref=entry["id"])

    def _do_skip(self, pid: str, a: dict, now: float) -> None:
        s = self.s
        s["prompt"] = None
        self._log("note", ["The host skips the card in play."])
        self._resume(now)

    # -- seats during a game ----------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        s = self.s
        if s["over"]:
            raise IllegalAction("This game is over; you will be dealt in next game.")
        pid = player.get("id") if isinstance(player, dict) else None
        if not isinstance(pid, str) or not pid or pid == HOST:
            raise IllegalAction("That player cannot join.")
        if pid in s["seats"]:
            raise IllegalAction("You are already in this game.")
        if len(s["seats"]) >= self.max_players:
            raise IllegalAction(f"{self.title} takes at most {self.max_players} players.")
        self._events = []
        s["seats"].append(pid)
        s["groups"][pid] = _group(player.get("group"))
        s["fingers"].setdefault(pid, 0)
        s["necks"].setdefault(pid, 0)
        if s["current"] is None:
            s["current"] = pid
        self._log("join", [{"player": pid}, " joins the game."])

    def remove_player(self, pid: str, now: float) -> None:
        s = self.s
        seats = s["seats"]
        if pid not in seats:
            raise IllegalAction("That player is not in this game.")
        self._events = []
        nxt = self._next_in_play(pid)
        nxt = None if nxt == pid else nxt
        returned = [r for r in ROLES if s["roles"][r] == pid]
        for r in returned:
            s["roles"][r] = None
        for m in s["mates"].pop(pid, []):
            s["mates"][m].remove(pid)
            if not s["mates"][m]:
                del s["mates"][m]
        if s["current"] == pid:
            s["current"] = nxt
        parts = [{"player": pid}, " leaves the game."]
        if returned:
            parts.append(" Returned: " + ", ".join(ROLE_TITLES[r].lower() for r in returned) + ".")
        self._log("leave", parts)
        settle_race = False
        if not s["over"]:
            if s["paused"] is not None and self._leave_prompt(s["paused"], pid, nxt, now):
                s["paused"] = None
                self._log("note", ["The card in play is called off."])
            pr = s["prompt"]
            if pr is not None:
                if self._leave_prompt(pr, pid, nxt, now):
                    s["prompt"] = None
                    self._log("note", ["The card in play is called off." if pr["kind"] != "race"
                                       or pr["race"] != "thumb" else "The thumb race is called off."])
                else:
                    settle_race = pr["kind"] == "race"
        seats.remove(pid)
        pr = s["prompt"]
        if settle_race and sum(1 for p in pr["participants"] if p not in pr["order"]) <= 1:
            self._resolve_race(now, timed_out=False)
        if not seats and not s["over"]:
            self._end("empty", None, False)
        self._resume(now)
        self._check_end()

    def _leave_prompt(self, pr: dict, pid: str, nxt: str | None, now: float) -> bool:
        """Take a leaving player out of a prompt (before they leave their seat);
        True when the prompt cannot go on without them."""
        kind = pr["kind"]
        if kind in ("pick", "rule"):
            return pr["by"] == pid
        if kind == "race":
            if pid not in pr["participants"]:
                return False
            pr["participants"].remove(pid)
            if pid in pr["order"]:
                pr["order"].remove(pid)
            pr["thumbs"].pop(pid, None)
            return len(pr["participants"]) < 2
        if kind == "round":
            if pr["speaker"] == pid:
                pr["speaker"] = nxt
            if pr["caller"] == pid:
                pr["caller"] = nxt
            return nxt is None
        if kind == "chugalug":
            if pr["phase"] == "choose":
                return pr["by"] == pid
            if len(self.s["seats"]) <= 2:
                return True
            if pr["speaker"] == pid:
                pr["speaker"] = self._step(pid, pr["dir"])
                if pr["deadline"] is not None:
                    pr["deadline"] = now + self.s["opts"]["answer_timeout_s"]
            return False
        return pid in pr["players"]  # paper, scissors, stone

    def set_seat_order(self, pids: list[str]) -> None:
        s = self.s
        if not isinstance(pids, list) or len(pids) != len(s["seats"]) \
                or set(pids) != set(s["seats"]):
            raise IllegalAction("The new seat order must list every player in the game once.")
        s["seats"][:] = list(pids)


class RingOfFire(DrinkingGame):
    """Ring of Fire: the cards round a cup, drinks counted as drinks."""

    mode = "ring_of_fire"
    title = "Ring of Fire"
    unit = ("drink", "drinks")


class Kings(DrinkingGame):
    """Kings, the house variant of the seed: drinks counted in fingers."""

    mode = "kings"
    title = "Kings"
    unit = ("finger", "fingers")


_CLASSES: dict[str, type[DrinkingGame]] = {"ring_of_fire": RingOfFire, "kings": Kings}
