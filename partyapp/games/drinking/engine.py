"""Drinking decks: one engine, two decks (``ring_of_fire`` and ``kings``).

Variants implemented
--------------------
- **Ring of Fire** as given in ``seeds/000`` ("RING OF FIRE"), and **Kings**,
  the house variant of ``seeds/002`` ("Kings"). Each card's meaning is data
  (``decks.py``): a title, the text shown on the table and an effect from a
  small catalogue with parameters. A house variant is another definition
  (``options["variant"]``), checked by ``decks.validate_deck``.
- The deck is the standard 52 cards. The card drawn is chosen at the moment it
  is drawn, uniformly from the cards still undrawn, by the kit's seeded
  generator (``Engine.random``: the state's 63-bit ``seed``, replaced by the
  next one at each draw, so the saved state holds 8 bytes of randomness and
  the game is deterministic under the seed given at set-up); a staged
  ``options["deck"]`` (testing only) is dealt from the front first. Undrawn
  cards never appear in a view: only the count ``remaining`` does.

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
- **Ring of Fire 10** is headed "Thumbmaster" in the seed and describes a
  category game: both halves are played. The drawer becomes the thumbmaster,
  a role for the game that passes like the other "for the game" roles (see
  Roles), with the thumb race and powers of Kings' thumbmaster: whenever
  they like they put a left or right thumb on the table, and the last to
  copy with the correct thumb drinks the card's ``n`` (1). Then the category round is played from the drawer, as the text says.
  Groups that play the 10 as a category game only turn off the card's
  ``thumbmaster`` parameter (the ``round`` effect's, shown in the house-rules
  editor); house decks saved before it existed play their round cards
  without it.
- Ring of Fire counts drinks, Kings counts fingers (``unit`` in the view).
- **Left and right.** "Left" is the next seat clockwise and does not change
  when play reverses (option ``sides="seats"``, the default); with
  ``sides="play"`` left means the next player in the current direction of
  play and right the previous one. Chugalug's "one to my left/right" follows
  the same option.
- **Waterfall** has no prompt; each player's tally counts ``n`` (default 1)
  drinks. Ring of Fire's seed: "Everyone must keep drinking until the
  person who picked the card stops": everybody drinks until the drawer
  stops, and the table names the drawer (``cascade`` off, the catalogue's
  default). Kings' seed is a cascade ("You can only stop when the person on
  your right stops. The person who pulled the card is the first to choose
  when to stop"): with ``cascade`` the table shows the stopping order, the
  drawer first, then round the table in the direction of play. A house
  deck saved before the choice existed keeps the cascade it played.
- **Mate** (Ring of Fire 8): the drawer picks a mate, then drinks ``n``
  (default 1), which their new mate shares. Mates are undirected and chain
  transitively: whenever a player is given drinks, everybody linked to them by
  mates drinks the same (once, the largest amount if several forfeits of one
  call reach them). Necks are personal and do not pass to mates unless option
  ``mates_share_necks`` is on.
- **Roles** have one holder each, unless every card of it is its own (the
  role's ``each``, for the question master, the question card and the
  thumbmaster). A role "until the next card of that rank" (question master)
  is taken away when that rank is drawn again, and the new card gives it to
  its drawer. A role "for the game" passes to whoever draws another card
  that grants it (option ``roles_pass_on``, default on; off: the first
  holder keeps it and the new card is void). The toilet and jail cards are
  returned once used. A player who leaves returns every role they held.
- **Every Queen and every Four of Kings is its drawer's own** (``each``):
  "The cardholder keeps the card in front of him on the table", so a new
  Queen does not take the card from the earlier holder: each Queen's drawer
  keeps theirs until the game ends, several players may hold one, each
  catches for their own card (a catch by another holder is another
  offence) and each may be told "f*** off" (``deflect`` then names which
  holder, ``player``, when there are several). The same for the Four: each
  Four's drawer may start a thumb race until the game ends.
  ``roles.question_card`` names the latest holder; ``holders`` all of them.
- **Races** (Floor, Heaven, the thumb): every participant gets one ``tap``.
  Taps are judged fairly, by the kit's race judging (``kit/races.py``, as
  the slap races are): each tap counts from when the phone sent it, its
  arrival at the server less half that phone's recent round trip, the
  compensation capped at 80 ms (``races.MAX_LAG_MS``), so a phone on slow
  Wi-Fi is not always last, and a phone that answers its pings slowly on
  purpose gains at most that. The server measures the phones' round trips
  and stamps every move with its arrival for the whole game (``reflex``).
  The race settles when everybody has tapped; when one participant is
  left, as soon as no tap of theirs still on its way could be judged ahead
  of the last tap in (the last tap's judged time plus the cap: at most
  80 ms later), and that one is last; or at the time-out
  (``race_timeout_s``), when everybody missing counts as last. A race
  whose taps came with no measured round trip (no compensation: judged by
  arrival) settles as soon as one is left. In the thumb race the
  thumbmaster does not tap, and a copy with the wrong thumb is no copy (the
  seed: "the last person to copy with the correct thumb loses"): that
  player has still not copied and may copy again with the right thumb, the
  race goes on, and the one left last loses, alone; a wrong thumb costs
  nothing of itself. A race with fewer than two participants is called off.
- **Round games** (Rhyme, Category): the drawer goes first, then round the
  table in the direction of play, out loud, as at a real table: nobody taps
  after a word. The drawer is the caller: they (or, if they leave, the next
  player) or the host mark who messed up, one tap, and that player drinks.
  With the table rule ``word_turns`` (off by default) the app keeps the
  goes: the player whose go it is taps ``done`` after their word to pass it
  on, and the screens show whose go it is.
- **Sitting out**: a player sitting out (the room's ``set_sitting_out``)
  stays in the game with their roles, rules and mates, and is passed over:
  the draw, a round game's goes, the neighbours a card names (left, right,
  paper-scissors-stone, chugalug), the races and every card for everybody
  or a group skip them; a prompt already open when they sit out goes on as
  it is. Switched back in, they draw when the turn next comes round to
  them.
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
- **Jail card** (Kings' Jack: "Can be used only once to get you out of any
  game or forfeit within each game of Kings. Beware! This card can be
  stolen when it is not in your pocket."): used once, it either cancels any
  forfeit (drinks or neck) of its holder's in this game, the holder picking
  which (``jail {entry}``: every one still in the log, its latest
  ``LOG_MAX`` entries), their mates who drank only because of them let off
  too; or gets them out of the game in play (``escape``): a race before
  they tapped (the race goes on without them), a round game or chugalug
  (their goes are passed over; left with one player, it is called off),
  paper-scissors-stone (called off, nobody drinks). With the role's
  ``pocket`` (Kings' Jack) the card is out, face up, when drawn (and when
  stolen); its holder pockets it on their phone (``pocket``, ``unpocket``)
  and it can be stolen only while out of the pocket. Without it (a house
  jail card saved before), it can be stolen at any time. A steal is
  announced; the host may undo it while the thief still holds it.
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
- **The kings** (the cup effect): in Ring of Fire each is poured into the
  cup in the middle (``cup``); the drawer of the last of them necks the cup
  and the game ends, and the table then shows the cup empty. Kings has no
  cup: the seed's "Pull the 1st 2nd or 3rd king with no forfeit. You pull
  the last king you neck the remainder of the drink in front of you" (the
  ``cup`` parameter off): the kings are shown as drawn (``kings``), the
  first ones free, and the last king's drawer necks the drink in front of
  them. In Kings every feature card is returned: the final state holds no
  roles and no rules. If a house deck has no card of the cup effect the game
  ends when the deck runs out.
- **Tallies**: ``drinks()`` counts drinks (Kings: fingers) only; necks are
  logged and counted separately (``necks`` in the public view). The host can
  undo any forfeit still in the log: its drinks and necks are taken back.
- **Late joiners** are seated last and take part from the next prompt on.
- **An absent player** (phone away) the game waits on can be skipped by the
  host (``skip``): their draw passes to the next player; a prompt only they
  can settle (their pick, rule, chugalug start, paper-scissors-stone) is
  called off with nobody drinking; in a race they sit it out; in a round
  game or the chugalug count their go passes to the next player.
- **Undo** offers the forfeits in the public log only, so that every undo the
  host is offered can be shown with what it undoes.
- **More time**: a player who asked for it (``set_more_time``) has twice as
  long for their own clocks: their chugalug answer and their
  paper-scissors-stone pick (the pair's clock, when either of them asked).
  Races are against everybody and keep their time.
- **Forfeits are counted, never worded here**: the log names who takes a
  forfeit and how many (parts below); whether it is a drink, a sip of
  something soft, water, points or a dare is the room's business (each
  player's profile, the pace, family mode: ``partyapp/rooms/night.py``), and the
  screens word it so.

The public ``log`` holds the latest ``PUBLIC_LOG`` entries (the state keeps
``LOG_MAX`` for undo and the jail card). Moves return their events: the log
entries they added, in the public form of ``public_view()["log"]`` (``id``,
``kind``, the message key ``msg`` and its parameters, ``drinks``,
``necks``, ``undone``), like the card games' log: ``{"id": 7, "kind":
"forfeit", "msg": "drinking.drink", "lead": "pick", "by": "p1", "players":
["p2"], "count": 1, ...}``. The screens word each key in their language
(``static/js/modes/drinking.js``). A forfeit's ``lead`` names what caused
it (its own parameters beside it), ``players`` and ``count`` who drinks
how much, and ``mates`` who drinks too through a mate. Card titles are
the deck's words (``title``): a standard deck's (the default deck, or
the family deck family mode plays) are worded by the screens,
a house deck's (``house_deck`` in the view) shown as their authors typed
them. A game saved before the log had keys still loads: its old entries
keep their ``text`` parts, which the screens still show as they were.

How it is built
---------------
- ``DrinkingGame`` is a kit ``Engine`` (``kit/engine.py``), like every card
  game: its options are ``Option`` declarations (``OPTIONS``, with their
  help texts: the host's option form and ``option_list`` show them; the
  deck ``variant`` and a staged ``deck`` are data, checked by
  ``check_data``), its log entries are declared message keys
  (``MESSAGES``; a forfeit's entry also takes what led to it, ``LEADS``),
  its randomness is the kit's, and the seats (order, left and next,
  presence and away, more time) are the kit's helpers.
- The whole state is a ``state.State`` (dataclasses, saved as JSON at every
  change); this module is the engine that changes it. The state stays
  dataclasses because its prompts are typed classes and its saved form
  has versions to read; it gives the kit its fields by name through
  ``Fields`` (``state["seats"]``), the interface a card game's plain dict
  gives as it is.
- What each card effect does is in ``effects.py`` (one function per effect
  of the catalogue in ``decks.py``). Each prompt kind an effect can open is
  a small class in ``prompts/`` with its own moves, views, time-out and
  leaving rules. The engine keeps the draw, the turns, the powers usable at
  any time, the host's moves, the log and the tallies.
- Every move goes through the kit's one validator (``Engine.check``: it is
  among the player's legal actions, built with ``actions.spec`` and its
  domains, every value within its domain, nothing missing or extra; the
  refusal is worded as in every other game), then through what the domains
  cannot express: a penalty call already made on this card, and a prompt's
  own ``verify`` (time is up). A move the player is not offered at all is
  refused in this game's terms (``refusal``: finish the card in play, not
  your go ...). ``verify`` raises the reason, ``can`` says yes or no, and
  ``apply`` makes the move, in the spirit of pokerkit's ``verify_x`` /
  ``can_x`` / ``x``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

import orjson

from partyapp.games.kit.wording import N_, Term
from partyapp.games.kit.actions import Action, one_of, spec
from partyapp.games.kit.base import HOST, IllegalAction, NotYourTurn
from partyapp.games.kit.cards import STANDARD_DECK, colour_of, parse_card, validate_cards
from partyapp.games.kit.engine import Engine
from partyapp.games.kit.options import choice, flag, number
from partyapp.games.kit.races import split_arrival
from partyapp.games.drinking.decks import (GROUPS, ROLE_POWERS, ROLE_TITLES, ROLES, default_deck, entry_for, family_deck, validate_deck)
from partyapp.games.drinking.effects import EFFECTS
from partyapp.games.drinking.prompts import Prompt, Race
from partyapp.games.drinking.state import RoleInfo, Rule, State, dump, dumps, load

LOG_MAX = 24  # kept for undo and the jail card
PUBLIC_LOG = 12  # sent to the screens: the ticker shows the latest
CATCH_ROLES = ("question_master", "question_card")
THUMBS = ("left", "right")

OPTIONS = {
    "race_timeout_s": number(10, 1, 120, "A race (Floor, Heaven, the thumb) ends after this many seconds: "
                                         "whoever has not tapped by then is last."),
    "answer_timeout_s": number(10, 1, 120, "Seconds for each answer in chugalug: no answer in time is a mistake."),
    "rps_timeout_s": number(30, 5, 300, "Seconds for each pick in paper, scissors, stone: "
                                        "no pick in time loses the round."),
    "sides": choice("seats", ("seats", "play"), "Who is on your left: the next seat clockwise (seats), "
                                               "or the next player in the direction of play (play)."),
    "roles_pass_on": flag(True, "A role for the game passes to whoever draws another card that grants it "
                                "(off: the first holder keeps it)."),
    "mates_share_necks": flag(False, "Mates share necks too, not only drinks."),
    "chugalug_max": number(100, 10, 1000, "Chugalug stops at this number with nobody drinking."),
    "word_turns": flag(False, "Round games (Rhyme, Category): each speaker taps Done after their word "
                              "(off: the table just talks, and the caller marks who messed up)."),
}

# The log: each message key's kind (the screens and the jail card and undo
# read it) and the names of its parameters.
_LOG: dict[str, tuple[str, tuple[str, ...]]] = {
    "draw": ("draw", ("player", "card", "title")),
    "role_lost": ("role", ("player", "role")),
    "role_kept": ("role", ("player", "role")),
    "role_taken": ("role", ("player", "role")),
    "thumb": ("thumb", ("player", "thumb")),
    "toilet": ("toilet", ("player",)),
    "jail": ("jail", ("player", "ref")),
    "escape": ("jail", ("player",)),
    "steal": ("steal", ("player", "victim")),
    "undo": ("undo", ("ref",)),
    "undo_steal": ("undo", ("player", "ref")),
    "skip_draw": ("skip", ("player", "next")),
    "skip_race": ("skip", ("player",)),
    "skip_card": ("skip", ("player",)),
    "skip_go": ("skip", ("player",)),
    "join": ("join", ("player",)),
    "sit_out": ("join", ("player",)),
    "sit_in": ("join", ("player",)),
    "leave": ("leave", ("player", "returned")),
    "rule": ("rule", ("player", "rule")),
    "mates": ("mate", ("player", "mate")),
    "cup": ("cup", ("player", "filled", "of")),
    "king": ("cup", ("player", "count", "of")),
    "reverse": ("reverse", ("direction",)),
    "chugalug_start": ("chugalug", ("player", "side")),
    "chugalug_clean": ("chugalug", ("number",)),
    "end": ("end", ()),
    "end_returned": ("end", ()),
    "no_race": ("note", ("race", "title")),
    "host_skip": ("note", ()),
    "called_off": ("note", ()),
    "thumb_called_off": ("note", ()),
    "race_off": ("note", ()),
    "no_mate": ("note", ()),
    "chugalug_alone": ("note", ()),
    "rps_alone": ("note", ()),
    "rps_off": ("note", ()),
    # Forfeits, and a forfeit that reached nobody: with what led to them.
    "drink": ("forfeit", ("cause", "players", "count")),
    "neck": ("forfeit", ("cause", "players")),
    "cup_neck": ("forfeit", ("cause", "players")),
    "last_king": ("forfeit", ("cause", "players")),
    "nobody": ("note", ()),
}
MESSAGES = {"drinking." + key: names for key, (_, names) in _LOG.items()}
KINDS = {"drinking." + key: kind for key, (kind, _) in _LOG.items()}
# What led to a forfeit (its ``lead``) and the parameters it brings.
LEADS: dict[str, tuple[str, ...]] = {
    "pick": ("by",), "caught": ("by", "player"), "deflect": ("by", "player"), "breach": ("by", "rule"),
    "waterfall": (), "race": ("race", "title"), "race_timed_out": ("race", "title"), "round": ("title",),
    "chugalug_slow": ("number", "expected", "said"), "chugalug_wrong": ("number", "expected", "said"),
    "rps": ("winner",),
}
_LED = frozenset({"drinking.drink", "drinking.neck", "drinking.cup_neck", "drinking.last_king", "drinking.nobody"})
# The roles a card may give several players at once (``RoleInfo.each``).
SHARED_ROLES = ("question_master", "question_card", "thumbmaster")

# Penalty calls: one call per offence (see "Penalty calls" above); the reason
# a repeat is refused with.
_CALLED = {
    "breach": "That player has already been called for that rule on this card.",
    "caught": "That player has already been caught on this card.",
    "deflect": "The question card has already been told off on this card.",
}

_EMPTY: dict = {}


def _group(value: Any) -> str | None:
    return value if value in GROUPS else None


class DrinkingGame(Engine):
    """The engine shared by the drinking decks; a subclass names its mode and deck."""

    mode: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 16
    # Races are judged by arrival less each phone's lag: the server measures
    # the phones' round trips and stamps every move (``races.ARRIVAL``).
    reflex: ClassVar[bool] = True
    # A player sitting out keeps their seat, roles and rules: passed over.
    KEEPS_SITTING_OUT: ClassVar[bool] = True
    unit: ClassVar[tuple[str, str]] = ("drink", "drinks")
    # A room in family mode plays the deck's family wording (``decks.FAMILY_DECKS``).
    FAMILY_OPTIONS: ClassVar[dict[str, Any]] = {}
    OPTIONS = OPTIONS
    # A house variant (a deck definition) and a staged deck (testing) are data.
    OPTION_DATA = ("variant", "deck")
    MESSAGES = MESSAGES
    LOG_MAX = LOG_MAX
    PUBLIC_LOG = PUBLIC_LOG

    def __init__(self, state: State) -> None:
        super().__init__(state)
        # The deck never changes during a game: encoded once for the store.
        self._deck_json = dumps(state.deck)
        # Log entries rarely change once written: their encodings are kept,
        # each with what it was made from (see ``_entry_json``).
        self._entry_json_cache: dict[int, tuple[tuple, str]] = {}
        self._breach_memo: tuple | None = None  # (calls, number of rules, seats, domain)
        # Whether a cup stands in the middle: a card of the deck pours into it.
        self._has_cup = any(card["effect"] == "cup" and card["params"].get("cup", True)
                            for entry in state.deck["cards"].values()
                            for card in ((entry["red"], entry["black"]) if "red" in entry else (entry,)))

    @property
    def state(self) -> State:
        """The game's state (the kit's ``self.s``)."""
        return self.s

    # -- set-up and persistence ---------------------------------------------
    @classmethod
    def check_data(cls, name: str, value: Any) -> Any:
        if name == "variant":
            return validate_deck(value)
        return validate_cards(value, max_len=len(STANDARD_DECK))

    @classmethod
    def new(cls, players: list[dict], options: dict, rng: random.Random, now: float) -> "DrinkingGame":
        opts = cls.check_options(options)
        house = opts.pop("variant", None)
        deck = house or default_deck(cls.mode)
        # The family deck (family mode's ``variant``) is a standard deck: its
        # words are message ids, worded in each screen's language.
        own = house is not None and house != family_deck(cls.mode)
        staged = opts.pop("deck", [])
        seats = cls.seat_ids(players)
        groups = {p["id"]: _group(p.get("group")) for p in players}
        if not seats:
            raise ValueError("a game needs at least one player.")
        cup_total = sum(1 for code in STANDARD_DECK
                        if entry_for(deck, parse_card(code)[0], colour_of(code))["effect"] == "cup")
        return cls(State(
            mode=cls.mode, deck=deck, house=own, opts=opts, seats=seats, groups=groups, current=seats[0],
            staged=list(staged), cup_total=cup_total, roles={r: None for r in ROLES},
            fingers={pid: 0 for pid in seats}, necks={pid: 0 for pid in seats},
            seed=cls.new_seed(rng),
        ))

    def to_state(self) -> dict:
        return orjson.loads(self.persist_json())

    def persist_json(self) -> str:
        return dump(self.state, self._deck_json, ",".join(self._entry_json(e) for e in self.state.log))

    def _entry_json(self, entry: dict) -> str:
        """An entry's encoding, made again only when the entry changed. Entries
        change only by assignment of new ``mates``/``drinks``/``necks`` objects,
        a new exemption, or ``undone``: those are the cache's key."""
        key = (entry.get("mates"), entry["drinks"], entry["necks"], entry["undone"], len(entry.get("_ex", ())))
        cache = self._entry_json_cache
        hit = cache.get(entry["id"])
        if hit is not None:
            old = hit[0]
            if old[0] is key[0] and old[1] is key[1] and old[2] is key[2] and old[3:] == key[3:]:
                return hit[1]
        text = dumps(entry)
        if len(cache) > 2 * LOG_MAX:
            live = {e["id"] for e in self.state.log}
            for gone in [i for i in cache if i not in live]:
                del cache[gone]
        cache[entry["id"]] = (key, text)
        return text

    @classmethod
    def from_state(cls, state: dict) -> "DrinkingGame":
        klass = _CLASSES.get(state.get("mode"), cls)
        if klass is DrinkingGame:
            raise ValueError(f"unknown drinking mode {state.get('mode')!r}")
        return klass(load(orjson.loads(orjson.dumps(state))))  # a copy: nothing shared with the caller

    # -- seats (the kit's ``step``, ``left_of``, presence and more time) ------
    def in_play(self) -> list[str]:
        """The players not sitting out, in seat order (everybody when all are)."""
        s = self.state
        out = s.sitting_out
        active = [p for p in s.seats if p not in out] if out else list(s.seats)
        return active or list(s.seats)

    def step(self, pid: str, k: int) -> str:
        """The player ``k`` places round the table from ``pid`` among those
        not sitting out (``pid`` counted in its place whatever it is)."""
        s = self.state
        out = s.sitting_out
        ring = [p for p in s.seats if p == pid or p not in out] if out else s.seats
        if len(ring) == 1 and len(s.seats) > 1:
            ring = s.seats  # everybody else sits out: round the whole table
        return ring[(ring.index(pid) + k) % len(ring)]

    def set_sitting_out(self, pids: list[str], now: float) -> None:
        """Players sitting out keep their roles, rules and mates but are
        passed over: the draw, the goes of a round game, the neighbours a
        card names, the races and the cards for everybody skip them. A
        prompt already open goes on as it is."""
        s = self.state
        new = [p for p in s.seats if p in pids]
        if new == s.sitting_out:
            return
        self.begin(now)
        for pid in s.seats:
            if (pid in new) != (pid in s.sitting_out):
                self.log("drinking.sit_out" if pid in new else "drinking.sit_in", player=pid)
        s.sitting_out = new
        if not s.over and s.current in new and len(self.in_play()) < len(s.seats):
            s.current = self.next_in_play(s.current)

    def next_in_play(self, pid: str) -> str:
        return self.step(pid, self.state.direction)

    def left_step(self) -> int:
        """The step to a player's left (option ``sides``)."""
        return 1 if self.state.opts["sides"] == "seats" else self.state.direction

    def who(self, drawer: str, who: str) -> list[str]:
        seats = self.state.seats
        if who == "drawer":
            return [drawer]
        if who == "left":
            return [self.step(drawer, self.left_step())]
        if who == "right":
            return [self.step(drawer, -self.left_step())]
        playing = self.in_play()
        if who == "everybody":
            return playing
        if who == "others":
            return [p for p in playing if p != drawer]
        return [p for p in playing if self.state.groups.get(p) == who]

    def pick_candidates(self, pid: str) -> list[str]:
        others = [p for p in self.in_play() if p != pid]
        return others or [pid]

    # -- the log and the tallies -----------------------------------------------
    def log_entry(self, seq: int, msg: str, params: dict) -> dict:
        """An entry: its kind, message key, what it handed out (``drinks``,
        ``necks``), whether the host undid it, and its parameters (names
        starting with ``_`` are the engine's own and never shown)."""
        return {"id": seq, "kind": KINDS[msg], "msg": msg, "drinks": {}, "necks": {}, "undone": False, **params}

    def declared(self, msg: str, params: dict) -> tuple[str, ...] | None:
        names = MESSAGES.get(msg)
        if names is None or "lead" not in params:
            return names
        lead = LEADS.get(params["lead"]) if msg in _LED else None
        return None if lead is None else (*names, "lead", *lead)

    def events(self) -> list[dict]:
        return [self._pub_entry(e) for e in self._events]

    def _expand(self, targets: dict, exempt: set) -> dict:
        """Everybody a forfeit reaches through mates: each drinks the largest
        amount aimed at anyone they are linked to."""
        mates = self.state.mates
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
        s = self.state
        exempt = set(entry["_ex"])
        drinks = self._expand(entry["_t"], exempt)
        if s.opts["mates_share_necks"]:
            necks = self._expand(entry["_nt"], exempt)
        else:
            necks = {p: n for p, n in entry["_nt"].items() if p not in exempt}
        for tally, old, new in ((s.fingers, entry["drinks"], drinks), (s.necks, entry["necks"], necks)):
            for p, n in old.items():
                tally[p] = tally.get(p, 0) - n
            for p, n in new.items():
                tally[p] = tally.get(p, 0) + n
        entry["drinks"] = drinks
        entry["necks"] = necks

    def _forfeit(self, msg: str, cause: str, lead: dict | None, drinks: dict | None = None,
                 necks: dict | None = None, **params: Any) -> dict:
        entry = self.log("drinking." + msg, cause=cause, **(lead or _EMPTY), **params,
                         _t={p: n for p, n in (drinks or _EMPTY).items() if n > 0},
                         _nt=dict(necks or _EMPTY), _ex=[])
        self._settle(entry)
        extra = [p for p in entry["drinks"] if p not in entry["_t"]]
        if extra:
            entry["mates"] = extra
        return entry

    def drink(self, pids: list[str], n: int, cause: str, lead: dict | None = None) -> None:
        """``pids`` drink ``n`` each (and their mates with them). ``lead``:
        what caused it, ``{"lead": key, ...its parameters}``."""
        if not pids:
            self.log("drinking.nobody", **(lead or _EMPTY))
            return
        self._forfeit("drink", cause, lead, drinks={p: n for p in pids}, players=list(pids), count=n)

    def neck(self, pid: str, cause: str, lead: dict | None = None, msg: str = "neck") -> None:
        self._forfeit(msg, cause, lead, necks={pid: 1}, players=[pid])

    def _catch_cost(self, role: str, pid: str, cause: str, lead: dict) -> None:
        info = self.state.role_info.get(role)
        if info is not None and info.neck:
            self.neck(pid, cause, lead)
        else:
            self.drink([pid], info.n if info is not None else 1, cause, lead)

    def link_mates(self, a: str, b: str) -> None:
        if a == b:
            return
        mates = self.state.mates
        for x, y in ((a, b), (b, a)):
            lst = mates.setdefault(x, [])
            if y not in lst:
                lst.append(y)

    def add_rule(self, pid: str, text: str, n: int) -> None:
        self.state.rules.append(Rule(by=pid, text=text, n=n))
        self.log("drinking.rule", player=pid, rule=text)

    # -- views --------------------------------------------------------------------
    def drinks(self) -> dict[str, int]:
        return dict(self.state.fingers)

    def log_mark(self) -> int:
        return self.state.log_seq

    def house_rules(self) -> list[dict]:
        return [{"by": r.by, "text": r.text} for r in self.state.rules]

    def seconds(self, option: str, pids: list[str]) -> float:
        """The length of a clock (an option in seconds) that is the own clock
        of ``pids``: twice as long when one of them asked for more time
        (the kit's ``seconds_for``)."""
        return self.seconds_for(self.state.opts[option], pids)

    def next_deadline(self) -> float | None:
        pr = self.state.prompt
        return pr.due() if pr is not None else None

    def turn(self) -> str | None:
        s = self.state
        if s.over:
            return None
        return s.current if s.prompt is None else s.prompt.turn()

    @staticmethod
    def _pub_entry(e: dict) -> dict:
        # Lists and dicts in an entry are only ever replaced, never changed
        # in place, so the view may share them instead of copying.
        if "text" in e:  # an entry of a game saved before the log had keys
            return {"id": e["id"], "kind": e["kind"], "text": e["text"],
                    "drinks": e["drinks"], "necks": e["necks"], "undone": e["undone"]}
        return {k: v for k, v in e.items() if k[0] != "_"}

    def _mate_groups(self) -> list[list[str]]:
        mates = self.state.mates
        seen: set[str] = set()
        groups = []
        for p in self.state.seats:
            if p in seen or p not in mates:
                continue
            comp = self._expand({p: 1}, set())
            seen.update(comp)
            groups.append([q for q in self.state.seats if q in comp])
        return groups

    def _card_view(self) -> dict | None:
        code = self.state.last_card
        if code is None:
            return None
        rank, suit = parse_card(code)
        colour = colour_of(code)
        e = entry_for(self.state.deck, rank, colour)
        return {"code": code, "rank": rank, "suit": suit, "colour": colour,
                "title": e["title"], "text": e["text"], "effect": e["effect"]}

    def _cup_view(self) -> dict | None:
        """The cup in the middle: how many kings were poured in, of how many
        (none left once necked); None when the deck has no cup."""
        s = self.state
        if not self._has_cup or not s.cup_total:
            return None
        return {"filled": 0 if s.cup_necked else s.cup, "of": s.cup_total, "necked": s.cup_necked}

    def _cup_cards(self) -> list[str]:
        """The cards of the cup effect drawn so far (the kings), in order."""
        deck = self.state.deck
        return [c for c in self.state.drawn if entry_for(deck, parse_card(c)[0], colour_of(c))["effect"] == "cup"]

    def public_view(self) -> dict:
        s = self.state
        outcome = s.outcome
        return {
            "mode": self.mode,
            "title": self.title,
            "deck_name": s.deck["name"],
            "house_deck": s.house,
            "turn": self.turn(),
            "next_drawer": None if s.over else s.current,
            "over": s.over,
            "result": orjson.loads(orjson.dumps(s.result)) if s.result else None,
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
            "mates": self._mate_groups(),
            "direction": s.direction,
            "prompt": s.prompt.public() if s.prompt is not None else None,
            "paused": s.paused.public() if s.paused is not None else None,
            "outcome": orjson.loads(orjson.dumps(outcome)) if outcome else None,
            "drinks": dict(s.fingers),
            "necks": dict(s.necks),
            "unit": self.unit[1],
            "log": [self._pub_entry(e) for e in s.log[-self.PUBLIC_LOG:]],
        }

    def private_view(self, pid: str) -> dict:
        s = self.state
        view: dict[str, Any] = {"roles": [], "prompt": None, "rps_pick": None, "mates": []}
        if pid not in s.seats:
            return view
        for r in ROLES:
            if pid in self.holders(r):
                item = {"role": r, "title": ROLE_TITLES[r], "can": ROLE_POWERS[r]}
                if r == "jail":
                    targets = self._jail_targets(pid)
                    item["ready"] = bool(targets)
                    # what it can cancel, in the log's public form (the
                    # public log may have moved past some of them)
                    item["forfeits"] = [self._pub_entry(e) for e in targets]
                    item["pocket"] = self._pocketable()
                    item["pocketed"] = s.pocketed
                view["roles"].append(item)
        if pid in s.mates:
            view["mates"] = [p for p in self._expand({pid: 1}, set()) if p != pid]
        if s.prompt is not None:
            mine = s.prompt.you(self, pid)
            if mine:
                view.update(mine)
        return view

    # -- what each player may do ----------------------------------------------
    def _jail_targets(self, pid: str) -> list[dict]:
        """The forfeits of ``pid``'s that the jail card can cancel: every one
        of this game still in the log, the latest first."""
        return [e for e in reversed(self.state.log)
                if e["kind"] == "forfeit" and not e["undone"] and (pid in e["drinks"] or pid in e["necks"])]

    def _pocketable(self) -> bool:
        info = self.state.role_info.get("jail")
        return info is not None and info.pocket

    def _undoable(self) -> list[int]:
        s = self.state
        ids = []
        latest_steal = True
        for e in reversed(s.log[-PUBLIC_LOG:]):  # only what the screens can show
            if e["undone"]:
                continue
            if e["kind"] == "forfeit" and (e["drinks"] or e["necks"]):
                ids.append(e["id"])
            elif e["kind"] == "steal":
                if latest_steal and s.roles["jail"] == e["_to"]:
                    ids.append(e["id"])
                latest_steal = False
        return ids

    def host_actions(self) -> list[dict]:
        s = self.state
        if s.over:
            return []
        acts = []
        ids = self._undoable()
        if ids:
            acts.append(spec("undo", entry=one_of(ids)))
        if s.prompt is not None:
            acts.append(spec("skip"))
            acts.extend(s.prompt.host_actions(self))
        return acts

    def actions(self, pid: str) -> list[dict]:
        s = self.state
        acts: list[dict] = []
        pr = s.prompt
        if pid in self.holders("thumbmaster") and s.paused is None and not isinstance(pr, Race):
            if s.role_info["thumbmaster"].thumbs:
                acts.append(spec("thumb", thumb=one_of(THUMBS)))
            else:
                acts.append(spec("thumb"))
        if pr is None:
            if pid == s.current:
                acts.append(spec("draw"))
        else:
            acts.extend(pr.actions(self, pid))
        self._power_actions(pid, acts)
        return acts

    def _power_actions(self, pid: str, acts: list[dict]) -> None:
        """The powers usable at any time: catches, "f*** off", the toilet and
        jail cards, and reporting a broken rule. An offence already called on
        this card is not offered again."""
        s = self.state
        seats, roles, calls = s.seats, s.roles, s.calls
        held = [r for r in CATCH_ROLES if pid in self.holders(r)]
        if held and len(seats) > 1:
            if not calls:
                acts.append(spec("caught", by=one_of(held), player=one_of([p for p in seats if p != pid])))
            else:
                open_ = {r: [p for p in seats if p != pid and f"caught:{r}:{pid}:{p}" not in calls] for r in held}
                by = [r for r in held if open_[r]]
                if by:
                    players = [p for p in seats if any(p in open_[r] for r in by)]
                    acts.append(spec("caught", by=one_of(by), player=one_of(players)))
        cards = self.holders("question_card")
        told = [h for h in cards if h != pid and (not calls or f"deflect:{h}" not in calls)]
        if len(cards) == 1 and told:
            acts.append(spec("deflect"))
        elif told:  # several question cards: which holder is told off
            acts.append(spec("deflect", player=one_of(told)))
        if roles["toilet"] == pid:
            acts.append(spec("toilet"))
        jailer = roles["jail"]
        if jailer == pid:
            targets = self._jail_targets(pid)
            if targets:
                acts.append(spec("jail", entry=one_of([e["id"] for e in targets])))
            if s.prompt is not None and s.prompt.escapable(self, pid):
                acts.append(spec("escape"))
            if self._pocketable():
                acts.append(spec("unpocket") if s.pocketed else spec("pocket"))
        elif jailer is not None and not (s.pocketed and self._pocketable()):
            acts.append(spec("steal"))
        if s.rules:
            if calls:
                rules, breakers = self._breach_domain()
            else:
                rules, breakers = range(len(s.rules)), seats
            if rules:
                acts.append(spec("breach", rule=one_of(rules), player=one_of(breakers)))

    def _breach_domain(self) -> tuple[list[int], list[str]]:
        """The rules that can still be reported on this card, and the players
        who can still be reported for one of them (the same for everybody,
        so it is worked out once per change of the calls, rules or seats;
        the list of calls is never changed in place, only replaced)."""
        s = self.state
        memo = self._breach_memo
        if memo is not None and memo[0] is s.calls and memo[1] == len(s.rules) and memo[2] == s.seats:
            return memo[3]
        called: dict[int, set[str]] = {}
        for call in s.calls:
            kind, _, rest = call.partition(":")
            if kind == "breach":
                i, _, p = rest.partition(":")
                called.setdefault(int(i), set()).add(p)
        rules = [i for i in range(len(s.rules)) if any(p not in called.get(i, ()) for p in s.seats)]
        if any(i not in called for i in rules):
            breakers = list(s.seats)
        else:
            breakers = [p for p in s.seats if any(p not in called[i] for i in rules)]
        self._breach_memo = (s.calls, len(s.rules), list(s.seats), (rules, breakers))
        return rules, breakers

    # -- checking and making a move -------------------------------------------------
    def _refusal(self, pid: str, type_: str) -> IllegalAction:
        """Why ``pid`` is not offered a move of ``type_`` now."""
        s = self.state
        if pid != HOST and pid not in s.seats:
            return IllegalAction("You are not in this game; you will be dealt in next game.")
        pr = s.prompt
        if type_ == "draw":
            if pr is not None:
                return IllegalAction("Finish the card in play before the next draw.")
            return NotYourTurn("It is not your turn to draw.")
        if pr is not None and type_ in ("pick", "rule", "start", "answer", "done", "missed"):
            return NotYourTurn("It is not your go.")
        if type_ in ("tap", "rps") and pr is not None:
            return IllegalAction("You have already had your go.")
        return IllegalAction("That move is not possible now.")

    def _called_before(self, pid: str, type_: str, values: Any) -> IllegalAction | None:
        """The refusal of a penalty call already made on this card (None when
        it is not one)."""
        calls = self.state.calls
        if type_ in _CALLED and calls and self._call_key(pid, type_, values) in calls:
            return IllegalAction(_CALLED[type_])
        return None

    def refusal(self, pid: str, action: Any, specs: list[dict], refused: IllegalAction) -> IllegalAction:
        """A move the kit's validator refused, in this game's terms: a penalty
        call made already says so, a move not offered says why not."""
        type_ = action.get("type") if isinstance(action, dict) else None
        if not isinstance(type_, str):
            return refused
        again = self._called_before(pid, type_, action)
        if again is not None:
            return again
        if not any(s["type"] == type_ for s in specs):
            return self._refusal(pid, type_)
        return refused

    def check(self, pid: str, action: Any) -> Action:
        """The kit's validator, then what the domains cannot express: a
        penalty call made already on this card, and the prompt's own checks
        (its clock, judged at the move's arrival)."""
        act = super().check(pid, action)
        again = self._called_before(pid, act.type, act.params)
        if again is not None:
            raise again
        prompt = self.state.prompt
        if prompt is not None and pid != HOST and act.type in prompt.moves:
            prompt.verify(self, pid, act.type, act.params, self.arrival.at)
        return act

    def verify(self, pid: str, action: Any, now: float) -> Action:
        """Why ``pid`` may not make ``action`` now (raises ``IllegalAction``
        with the reason); else the checked move. Every rule of this game is
        checked before anything changes, so this is exactly what ``apply``
        takes; it changes nothing."""
        self.now = now
        action, self.arrival = split_arrival(action, now)
        return self.check(pid, action)

    def can(self, pid: str, action: Any, now: float) -> bool:
        """Whether ``apply`` would take ``action`` from ``pid`` now."""
        try:
            self.verify(pid, action, now)
        except IllegalAction:
            return False
        return True

    def perform(self, pid: str, act: Action) -> None:
        prompt = self.state.prompt
        if prompt is not None and act.type in prompt.moves:
            getattr(prompt, act.type)(self, pid, act.params, self.now)
        else:
            self._MOVES[act.type](self, pid, act.params, self.now)
        self._check_end()

    def tick(self, now: float) -> list[dict]:
        s = self.state
        pr = s.prompt
        due = pr.due() if pr is not None and not s.over else None
        if due is None or now < due:
            return []
        self.begin(now)
        pr.timeout(self, now)
        self._check_end()
        return self.events()

    # -- the prompt in play ------------------------------------------------------------
    def close(self, outcome: dict | None = None) -> None:
        """The prompt in play is settled (``outcome``: how, for the table)."""
        self.state.prompt = None
        if outcome is not None:
            self.state.outcome = outcome

    def resume(self, now: float) -> None:
        """The thumb race is over: the card prompt it paused carries on, its
        clock started afresh."""
        s = self.state
        paused = s.paused
        if paused is None or s.prompt is not None:
            return
        s.paused = None
        s.prompt = paused
        paused.restart_clock(self, now)

    def _check_end(self) -> None:
        s = self.state
        if not s.over and s.prompt is None and s.paused is None and len(s.drawn) >= len(STANDARD_DECK):
            self.game_over("deck_empty", None, False)

    def game_over(self, reason: str, by: str | None, return_cards: bool) -> None:
        s = self.state
        s.over = True
        s.prompt = None
        s.paused = None
        s.current = None
        if return_cards:
            s.roles = {r: None for r in ROLES}
            s.holders = {}
            s.pocketed = False
            s.rules = []
            self.log("drinking.end_returned")
        else:
            self.log("drinking.end")
        s.result = {"reason": reason, "by": by, "drinks": dict(s.fingers), "necks": dict(s.necks)}

    # -- the draw and the card effects ------------------------------------------
    def _deal(self) -> str:
        s = self.state
        if s.staged:
            return s.staged.pop(0)
        drawn = set(s.drawn)
        pool = [c for c in STANDARD_DECK if c not in drawn]
        return pool[self.random().randrange(len(pool))]

    def _draw(self, pid: str, values: dict, now: float) -> None:
        s = self.state
        code = self._deal()
        s.drawn.append(code)
        rank, _ = parse_card(code)
        entry = entry_for(s.deck, rank, colour_of(code))
        s.last_card = code
        s.last_drawer = pid
        s.outcome = None
        s.calls = []
        if rank == "K":
            s.kings += 1
        self.log("drinking.draw", player=pid, card=code, title=entry["title"])
        for role in ROLES:
            info = s.role_info.get(role)
            if info is not None and info.until == "next_same_rank" and info.rank == rank:
                for holder in self.holders(role):
                    self.log("drinking.role_lost", player=holder, role=role)
                self.set_holders(role, [])
        EFFECTS[entry["effect"]](self, pid, rank, entry, now)
        if not s.over:
            s.current = self.next_in_play(pid)

    def grant(self, pid: str, role: str, info: RoleInfo) -> None:
        s = self.state
        holder = s.roles[role]
        if info.each and role in SHARED_ROLES:
            # every card of it is its own: the drawer keeps theirs beside the others'
            self.set_holders(role, [p for p in self.holders(role) if p != pid] + [pid])
        elif holder is not None and holder != pid and not s.opts["roles_pass_on"]:
            self.log("drinking.role_kept", player=holder, role=role)
            return
        else:
            self.set_holders(role, [pid])
        if role == "jail":
            s.pocketed = False  # drawn face up: out of the pocket
        s.role_info[role] = info
        self.log("drinking.role_taken", player=pid, role=role)

    def holders(self, role: str) -> list[str]:
        """Everybody holding ``role``: of a role whose every card is its own,
        all its holders in the order they drew it, else its one holder."""
        s = self.state
        if role in s.holders:
            return list(s.holders[role])
        holder = s.roles[role]
        return [holder] if holder is not None else []

    def set_holders(self, role: str, pids: list[str]) -> None:
        """``role`` is held by ``pids`` (``roles`` names the latest of them)."""
        s = self.state
        if len(pids) > 1 or role in s.holders:
            s.holders = {**s.holders, role: list(pids)}
            if not pids:
                del s.holders[role]
        s.roles[role] = pids[-1] if pids else None

    def start_race(self, by: str, race: str, title: str, participants: list[str],
                    thumb: str | None, n: int, now: float) -> None:
        if len(participants) < 2:
            self.log("drinking.no_race", race=race, title=title)
            return
        self.state.prompt = Race(by=by, race=race, title=title, thumb=thumb, participants=participants,
                                 n=n, opened=now, deadline=now + self.state.opts["race_timeout_s"])

    # -- powers usable at any time ---------------------------------------------------------
    def _thumb(self, pid: str, values: dict, now: float) -> None:
        s = self.state
        info = s.role_info["thumbmaster"]
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

    def _call_key(self, pid: str, type_: str, values: dict) -> str | None:
        """The offence a penalty call is about (None for other moves): a
        catch is the catcher's (several may hold a question card)."""
        if type_ == "breach":
            return f"breach:{values.get('rule')!s}:{values.get('player')!s}"
        if type_ == "caught":
            return f"caught:{values.get('by')!s}:{pid}:{values.get('player')!s}"
        if type_ == "deflect":
            return f"deflect:{values.get('player', self.state.roles['question_card'])!s}"
        return None

    def _called(self, key: str) -> None:
        """Record a penalty call; its log entry (the last one) remembers it so
        that the host's undo frees it."""
        self.state.calls = self.state.calls + [key]  # replaced, never changed in place
        for e in reversed(self._events):
            if e["kind"] in ("forfeit", "note"):
                e["_call"] = key
                break

    def _caught(self, pid: str, values: dict, now: float) -> None:
        self._catch_cost(values["by"], values["player"], "caught",
                         {"lead": "caught", "by": pid, "player": values["player"]})
        self._called(self._call_key(pid, "caught", values))

    def _deflect(self, pid: str, values: dict, now: float) -> None:
        holder = values.get("player", self.state.roles["question_card"])
        key = self._call_key(pid, "deflect", values)
        self._catch_cost("question_card", holder, "deflect", {"lead": "deflect", "by": pid, "player": holder})
        self._called(key)

    def _toilet(self, pid: str, values: dict, now: float) -> None:
        self.state.roles["toilet"] = None
        self.log("drinking.toilet", player=pid)

    def _jail(self, pid: str, values: dict, now: float) -> None:
        entry = next(e for e in self.state.log if e["id"] == values["entry"])
        entry["_ex"].append(pid)
        self._settle(entry)
        self._return_jail()
        self.log("drinking.jail", player=pid, ref=entry["id"])

    def _escape(self, pid: str, values: dict, now: float) -> None:
        """The jail card gets its holder out of the game in play."""
        prompt = self.state.prompt
        self._return_jail()
        self.log("drinking.escape", player=pid)
        prompt.escape(self, pid, now)
        self.resume(now)

    def _return_jail(self) -> None:
        self.state.roles["jail"] = None
        self.state.pocketed = False

    def _pocket(self, pid: str, values: dict, now: float) -> None:
        self.state.pocketed = True

    def _unpocket(self, pid: str, values: dict, now: float) -> None:
        self.state.pocketed = False

    def _steal(self, pid: str, values: dict, now: float) -> None:
        roles = self.state.roles
        victim = roles["jail"]
        roles["jail"] = pid
        self.state.pocketed = False  # in front of the thief until they pocket it
        self.log("drinking.steal", player=pid, victim=victim, _from=victim, _to=pid)

    def _breach(self, pid: str, values: dict, now: float) -> None:
        rule = self.state.rules[values["rule"]]
        self.drink([values["player"]], rule.n, "breach", {"lead": "breach", "by": pid, "rule": rule.text})
        self._called(self._call_key(pid, "breach", values))

    # -- host moves ----------------------------------------------------------------------
    def _undo(self, pid: str, values: dict, now: float) -> None:
        s = self.state
        entry = next(e for e in s.log if e["id"] == values["entry"])
        entry["undone"] = True
        if entry["kind"] == "steal":
            back = entry["_from"] if entry["_from"] in s.seats else None
            s.roles["jail"] = back
            s.pocketed = False
            self.log("drinking.undo_steal", player=back, ref=entry["id"])
            return
        for key, tally in (("drinks", s.fingers), ("necks", s.necks)):
            for p, n in entry[key].items():
                tally[p] = tally.get(p, 0) - n
        if entry.get("_call") in s.calls:
            s.calls = [c for c in s.calls if c != entry["_call"]]
        self.log("drinking.undo", ref=entry["id"])

    def _skip(self, pid: str, values: dict, now: float) -> None:
        self.state.prompt = None
        self.log("drinking.host_skip")
        self.resume(now)

    _MOVES: ClassVar[dict[str, Callable]] = {
        "draw": _draw, "thumb": _thumb, "caught": _caught, "deflect": _deflect, "toilet": _toilet,
        "jail": _jail, "escape": _escape, "pocket": _pocket, "unpocket": _unpocket, "steal": _steal,
        "breach": _breach, "undo": _undo, "skip": _skip,
    }

    # -- an absent player ---------------------------------------------------------------------
    def waiting_for(self) -> list[str]:
        s = self.state
        if s.over:
            return []
        if s.prompt is None:
            return [s.current] if s.current else []
        return s.prompt.waiting()

    def skip(self, pid: str, now: float) -> list[dict]:
        """The host goes on without ``pid`` (their phone is away): their draw
        passes to the next player, or the prompt in play goes on without them
        (each kind says how: ``Prompt.skip``)."""
        s = self.state
        if pid not in self.waiting_for():
            raise IllegalAction("The game is not waiting for that player.")
        self.begin(now)
        if s.prompt is None:
            s.current = self.next_in_play(pid)
            self.log("drinking.skip_draw", player=pid, next=s.current)
        else:
            s.prompt.skip(self, pid, now)
        self.resume(now)
        self._check_end()
        return self.events()

    # -- seats during a game ----------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        s = self.state
        if s.over:
            raise IllegalAction("This game is over; you will be dealt in next game.")
        pid = player.get("id") if isinstance(player, dict) else None
        if not isinstance(pid, str) or not pid or pid == HOST:
            raise IllegalAction("That player cannot join.")
        if pid in s.seats:
            raise IllegalAction("You are already in this game.")
        if len(s.seats) >= self.max_players:
            raise IllegalAction("{game} takes at most {count} player.|{game} takes at most {count} players.",
                                game=Term(self.title), count=self.max_players)
        self.begin(now)
        s.seats.append(pid)
        s.groups[pid] = _group(player.get("group"))
        s.fingers.setdefault(pid, 0)
        s.necks.setdefault(pid, 0)
        if s.current is None:
            s.current = pid
        self.log("drinking.join", player=pid)

    def remove_player(self, pid: str, now: float) -> None:
        s = self.state
        if pid not in s.seats:
            raise IllegalAction("That player is not in this game.")
        self.begin(now)
        nxt = self.next_in_play(pid)
        nxt = None if nxt == pid else nxt
        returned = [r for r in ROLES if pid in self.holders(r)]
        for r in returned:
            self.set_holders(r, [p for p in self.holders(r) if p != pid])
        for m in s.mates.pop(pid, []):
            s.mates[m].remove(pid)
            if not s.mates[m]:
                del s.mates[m]
        if s.current == pid:
            s.current = nxt
        self.log("drinking.leave", player=pid, returned=returned)
        still: Prompt | None = None
        if not s.over:
            if s.paused is not None and s.paused.leave(self, pid, nxt, now):
                s.paused = None
                self.log("drinking.called_off")
            pr = s.prompt
            if pr is not None:
                if pr.leave(self, pid, nxt, now):
                    s.prompt = None
                    thumb = isinstance(pr, Race) and pr.race == "thumb"
                    self.log("drinking.thumb_called_off" if thumb else "drinking.called_off")
                else:
                    still = pr
        s.seats.remove(pid)
        if pid in s.sitting_out:
            s.sitting_out = [p for p in s.sitting_out if p != pid]
        if still is not None:
            still.after_leave(self, now)
        if not s.seats and not s.over:
            self.game_over("empty", None, False)
        self.resume(now)
        self._check_end()


class RingOfFire(DrinkingGame):
    """Ring of Fire: the cards round a cup, drinks counted as drinks."""

    mode = "ring_of_fire"
    title = N_("Ring of Fire")
    unit = ("drink", "drinks")
    FAMILY_OPTIONS = {"variant": family_deck("ring_of_fire")}


class Kings(DrinkingGame):
    """Kings, the house variant of the seed: drinks counted in fingers."""

    mode = "kings"
    title = N_("Kings")
    unit = ("finger", "fingers")
    FAMILY_OPTIONS = {"variant": family_deck("kings")}


_CLASSES: dict[str, type[DrinkingGame]] = {"ring_of_fire": RingOfFire, "kings": Kings}
