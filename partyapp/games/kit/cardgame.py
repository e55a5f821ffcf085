"""``CardGame``: the base of every full card game (betting, hand and reflex games).

A game subclasses ``CardGame`` (or ``betting.BettingGame``), declares its
options, its message keys and its forfeits, and writes its rules as small
methods. The base gives every game the same outside:

State
    ``self.s`` is plain JSON data (``to_state``/``from_state`` round-trip it):
    ``seats`` (player ids clockwise), ``opts``, ``stock`` (a list whose last
    item is the top card, see ``cards.make_stock``), ``staged`` (what is left
    of a staged deck, testing mode), ``seed``, ``log``, ``over``, ``result``
    and ``forfeits``, plus whatever the game adds in ``setup``. Randomness
    comes from ``self.random()``: a generator seeded from the state's 63-bit
    ``seed``, which it then replaces (8 bytes in the saved state, and the same
    seed plays the same game).

Moves
    ``legal_actions(pid)`` is the game's ``actions(pid)`` (typed specs built
    with ``actions.spec`` and the domains there) unless the game is over.
    ``apply`` checks a move against those specs once (``actions.match``:
    type, every parameter in its domain, none missing or extra) and calls the
    handler ``do_<type>(pid, **params)``, with the server's time of the call
    in ``self.now`` (never saved: a game that needs a time keeps it in its
    state, e.g. a race's deadline for ``next_deadline``/``tick``). A player with nothing to do while
    another has the turn gets ``NotYourTurn``; every refusal is an
    ``IllegalAction`` with a sentence for the player, raised before anything
    changed. ``apply`` returns the log entries the move added. A move of a
    reflex game carries its arrival stamp (``races.ARRIVAL``): ``apply``
    takes it out of the action into ``self.arrival`` (``at``, ``rtt``;
    without a stamp the move arrived at ``now``).

Presence
    ``presence(pid, connected, now)`` keeps the players whose phone is away
    in ``away`` and calls ``on_presence`` (a race stops waiting for them).

Absent players
    ``skip(pid, now)`` plays the game's ``default_action(pid)`` for a player
    whose phone is away (stand, sit out, pass ...), through the same checks,
    after a ``game.skipped`` log entry; it is refused when the game is not
    waiting on that player. ``waiting_for()`` lists the players with such a
    default move now (whom the game waits on).

Time
    A game that moves by itself (a house dealer's paced play) keeps the time
    of its next step in its state and returns it from ``next_deadline``;
    the server calls ``tick(now)`` then, which runs the due steps with
    ``self.now`` set. ``due_steps`` is that loop.

Seats
    ``add_player`` seats a joiner last and calls ``on_join`` (a game deals
    them in at its next round where it can); ``remove_player`` takes the
    player out of ``seats`` and calls ``on_leave`` so the game can handle
    their cards; when fewer than ``min_players`` are left the game ends.

The end
    ``end(reason)`` marks the game over with ``final_result(reason)`` in
    ``result``; ``finish(now)`` is the host ending the game: ``on_finish``
    tidies up (stakes handed back) and the result shows what is known.

The log
    ``log(msg, **params)`` appends ``{"id": n, "msg": key, **params}``: a
    message key the game declares in ``MESSAGES`` (key -> the names of its
    parameters, exactly), never English. Parameters are JSON scalars or
    lists (``player``, ``players``, ``card``, ``cards``, ``rank``, ``count``,
    ``amount``, ``total``...). The state keeps ``LOG_MAX`` entries; the
    public view shows the latest ``PUBLIC_LOG``.

Views
    The public view holds what every client relies on (``mode``, ``turn``,
    ``over``, ``result``, ``host_actions``, ``log``, ``piles``,
    ``hand_sizes``, ``drinks``, ``options``) plus the game's
    ``table_view()``; the private view is ``{"hand": hand(pid)}`` plus the
    game's ``seat_view(pid)``. Nothing else reaches a client, so hiding a
    card means keeping it out of those two.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import orjson

from partyapp.games.kit.wording import Term
from partyapp.games.kit.actions import Action, match
from partyapp.games.kit.base import HOST, Game, GameIsOver, IllegalAction, NotYourTurn, OptionError
from partyapp.games.kit.cards import STANDARD_DECK, make_stock, take_out, validate_cards
from partyapp.games.kit.forfeits import Forfeits, new_forfeits
from partyapp.games.kit.options import Option, choice, flag, number  # noqa: F401 (the games' option kinds)
from partyapp.games.kit.races import Arrival, split_arrival

LOG_MAX = 40
PUBLIC_LOG = 20
STATE_VERSION = 1


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


class CardGame(Game):
    """The base of the full card games; see the module docstring."""

    OPTIONS: ClassVar[dict[str, Option]] = {
        "forfeits": flag(True, "Results cost drinks (the game's forfeits); off: nobody drinks."),
    }
    # Message key -> the names of its parameters.
    MESSAGES: ClassVar[dict[str, tuple[str, ...]]] = {
        "game.joined": ("player",),
        "game.left": ("player",),
        "game.skipped": ("player", "action"),
        "game.over": ("reason", "winners", "losers"),
        "forfeit.drink": ("player", "count", "cause"),
    }
    # Forfeit cause -> drinks, when forfeits are on.
    FORFEITS: ClassVar[dict[str, int]] = {}
    # The options a room in family mode starts the game with: a plain card
    # game, no forfeits (a game whose other options name drinks adds them).
    FAMILY_OPTIONS: ClassVar[dict[str, Any]] = {"forfeits": False}
    # The forfeit cause every loser takes when the game ends (None: none).
    LOSER_FORFEIT: ClassVar[str | None] = None
    # The cards a staged deck (testing mode) is checked against.
    STAGED_FROM: ClassVar[tuple[str, ...]] = STANDARD_DECK
    STAGED_JOKERS: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The options the server may fill in from its config.
        cls.option_names = (*cls.OPTIONS, "deck")

    def __init__(self, state: dict) -> None:
        self.s = state
        self._events: list[dict] = []
        # The server's time of the call being handled (``apply``, ``skip``,
        # seats, ``finish``): reflex games judge arrival times with it.
        self.now = 0.0
        # When the move being applied reached the server, and its phone's
        # round trip (``races.split_arrival``).
        self.arrival = Arrival(0.0, None)

    # -- options ---------------------------------------------------------------------
    @classmethod
    def option_list(cls) -> list[dict]:
        """The options as the lobby may show them: name, kind, default, limits, meaning."""
        return [opt.describe(name) for name, opt in cls.OPTIONS.items()]

    @classmethod
    def check_options(cls, options: dict) -> dict:
        if not isinstance(options, dict):
            raise ValueError("options must be an object.")
        out: dict[str, Any] = {name: opt.default for name, opt in cls.OPTIONS.items()}
        for name, value in options.items():
            if name == "seed":
                continue
            if name == "deck":
                if value is not None:
                    staged = validate_cards(value, allow_duplicates=True, jokers=cls.STAGED_JOKERS,
                                            max_len=len(cls.STAGED_FROM))
                    take_out(cls.STAGED_FROM, staged)  # no card more often than the pack holds it
                    out["deck"] = staged
                continue
            opt = cls.OPTIONS.get(name)
            if opt is None:
                known = ", ".join(sorted([*cls.OPTIONS, "deck"]))
                raise ValueError(f"unknown option {name!r} (options: {known}).")
            out[name] = opt.check(name, value)
        cls.check_together(out)
        return out

    @classmethod
    def check_together(cls, opts: dict) -> None:
        """Checks between options (e.g. minimum <= maximum); raise ``ValueError``."""

    # -- set-up and persistence ------------------------------------------------------
    @classmethod
    def new(cls, players: list[dict], options: dict, rng: random.Random, now: float) -> "CardGame":
        opts = cls.check_options(options)
        staged = opts.pop("deck", [])
        seats: list[str] = []
        for p in players:
            pid = p.get("id") if isinstance(p, dict) else None
            if not isinstance(pid, str) or not pid or pid == HOST or pid in seats:
                raise ValueError(f"bad or repeated player id {pid!r}.")
            seats.append(pid)
        if not cls.min_players <= len(seats) <= cls.max_players:
            raise ValueError(f"{cls.title} takes {cls.min_players} to {cls.max_players} players.")
        s = {
            "v": STATE_VERSION, "mode": cls.mode, "opts": opts, "seats": seats,
            "stock": [], "staged": list(staged), "seed": rng.getrandbits(63),
            "log": [], "log_seq": 0, "over": False, "result": None,
            "forfeits": new_forfeits(cls.FORFEITS, opts.get("forfeits", True),
                                     [p["id"] for p in players if p.get("bot")]),
        }
        game = cls(s)
        game.now = now
        game.setup()
        return game

    def setup(self) -> None:
        """Build the game's own state and deal (called once by ``new``)."""

    def to_state(self) -> dict:
        return orjson.loads(self.persist_json())

    def persist_json(self) -> str:
        return _dumps(self.s)

    @classmethod
    def from_state(cls, state: dict) -> "CardGame":
        if state.get("mode") != cls.mode:
            raise ValueError(f"a saved {state.get('mode')!r} game is not {cls.mode!r}.")
        return cls(orjson.loads(orjson.dumps(state)))

    # -- randomness and the stock ------------------------------------------------------
    def random(self) -> random.Random:
        """A generator for this step, seeded from the state; the state's seed
        moves on, so the next call gives other numbers."""
        rng = random.Random(self.s["seed"])
        self.s["seed"] = rng.getrandbits(63)
        return rng

    def restock(self, cards: list[str]) -> None:
        """A new stock from ``cards``, shuffled, with what is left of a staged
        deck on top."""
        self.s["stock"] = make_stock(cards, self.random(), self.s["staged"])

    def draw(self) -> str:
        """The top card of the stock (a staged card first, while any is left)."""
        card = self.s["stock"].pop()
        if self.s["staged"]:
            del self.s["staged"][0]
        return card

    # -- the log and forfeits ----------------------------------------------------------
    def log(self, msg: str, **params: Any) -> dict:
        """Log what happened as a message key with parameters (see ``MESSAGES``)."""
        declared = self.MESSAGES.get(msg)
        if declared is None or len(declared) != len(params) or not all(k in params for k in declared):
            raise ValueError(f"message {msg!r} with {sorted(params)} is not declared in {type(self).__name__}.MESSAGES")
        s = self.s
        s["log_seq"] += 1
        entry = {"id": s["log_seq"], "msg": msg, **params}
        s["log"].append(entry)
        if len(s["log"]) > LOG_MAX:
            del s["log"][0]
        self._events.append(entry)
        return entry

    def forfeit(self, pid: str, cause: str, count: int | None = None, *, log: bool = True) -> int:
        """``pid`` drinks for ``cause`` (when forfeits are on), logged as
        ``forfeit.drink`` unless the caller logs it with its own entry."""
        n = Forfeits(self.s["forfeits"]).give(pid, cause, count)
        if n and log:
            self.log("forfeit.drink", player=pid, count=n, cause=cause)
        return n

    def drinks(self) -> dict[str, int]:
        return Forfeits(self.s["forfeits"]).totals()

    def log_mark(self) -> int:
        return self.s["log_seq"]

    # -- more time ---------------------------------------------------------------------
    def set_more_time(self, pids: list[str]) -> None:
        self.s["more_time"] = sorted(pids)

    def seconds_for(self, seconds: float, pids: list[str]) -> float:
        """How long a timer of ``seconds`` runs when it is the own timer of
        ``pids`` (whose answer it waits for): twice as long when one of them
        asked for more time (``set_more_time``)."""
        slow = self.s.get("more_time") or ()
        return seconds * 2 if any(p in slow for p in pids) else seconds

    # -- play ------------------------------------------------------------------------
    def players(self) -> list[str]:
        return list(self.s["seats"])

    def is_over(self) -> bool:
        return self.s["over"]

    def legal_actions(self, pid: str) -> list[dict]:
        if self.s["over"]:
            return []
        if pid == HOST:
            return self.host_actions()
        if pid not in self.s["seats"]:
            return []
        return self.actions(pid)

    def actions(self, pid: str) -> list[dict]:
        """What ``pid`` may do now (the game's rules)."""
        return []

    def host_actions(self) -> list[dict]:
        """Moves only the host may make (none by default)."""
        return []

    def turn(self) -> str | None:
        """The player expected to act, or None when anyone may."""
        return None

    def apply(self, pid: str, action: dict, now: float) -> list[dict]:
        self._events = []
        self.now = now
        action, self.arrival = split_arrival(action, now)
        self._run(pid, action)
        return self._events

    def _run(self, pid: str, action: dict) -> None:
        if self.s["over"]:
            raise GameIsOver("The game is over.")
        specs = self.legal_actions(pid)
        if not specs:
            turn = self.turn()
            if pid != HOST and turn is not None and turn != pid:
                raise NotYourTurn("It is not your turn.")
        act: Action = match(specs, action)
        getattr(self, "do_" + act.type)(pid, **act.params)

    def default_action(self, pid: str) -> dict | None:
        """The move made for ``pid`` when their phone is away and the game waits
        on them, or None when it does not wait on them."""
        return None

    def waiting_for(self) -> list[str]:
        """The players the game cannot go on without now: those with a
        default move (``default_action``), in seat order."""
        if self.s["over"]:
            return []
        return [p for p in self.s["seats"] if self.default_action(p) is not None]

    def skip(self, pid: str, now: float) -> list[dict]:
        """Play the default move for an absent player."""
        self._events = []
        self.now = now
        self.arrival = Arrival(now, None)
        if self.s["over"]:
            raise GameIsOver("The game is over.")
        action = self.default_action(pid) if pid in self.s["seats"] else None
        if action is None:
            raise IllegalAction("The game is not waiting for that player.")
        self.log("game.skipped", player=pid, action=action["type"])
        self._run(pid, action)
        return self._events

    def tick(self, now: float) -> list[dict]:
        self._events = []
        self.now = now
        if not self.s["over"]:
            self.due_steps(now)
        return self._events

    def due_steps(self, now: float) -> None:
        """Run the steps of the game's own that are due at ``now`` (none by
        default; see ``next_deadline``)."""

    # -- seats -----------------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        pid = player["id"]
        if self.s["over"]:
            raise IllegalAction("This game is over; you will be dealt in next game.")
        if pid in self.s["seats"] or pid == HOST:
            raise IllegalAction("You are in this game already.")
        if len(self.s["seats"]) >= self.max_players:
            raise IllegalAction("{game} takes at most {count} player; you will be dealt in next game.|"
                                "{game} takes at most {count} players; you will be dealt in next game.",
                                game=Term(self.title), count=self.max_players)
        self._events = []
        self.now = now
        self.s["seats"].append(pid)
        if player.get("bot"):
            Forfeits(self.s["forfeits"]).exempt(pid)
        self.log("game.joined", player=pid)
        self.on_join(pid)

    def on_join(self, pid: str) -> None:
        """A player was seated last mid-game."""

    def remove_player(self, pid: str, now: float) -> None:
        if pid not in self.s["seats"]:
            return
        self._events = []
        self.now = now
        index = self.s["seats"].index(pid)
        del self.s["seats"][index]
        self.log("game.left", player=pid)
        if self.s["over"]:
            return
        if len(self.s["seats"]) < self.min_players:
            self.on_finish()
            self.end("players")
            return
        self.on_leave(pid, index)

    def on_leave(self, pid: str, index: int) -> None:
        """``pid`` left mid-game, from seat ``index`` (already out of ``seats``,
        so ``seats[index]`` is the next player clockwise, when any): deal with
        their cards, stakes and turn."""

    def away(self) -> list[str]:
        """Players in this game whose phone is away."""
        return [p for p in self.s.get("away", []) if p in self.s["seats"]]

    def presence(self, pid: str, connected: bool, now: float) -> None:
        if pid not in self.s["seats"]:
            return
        away = self.s.setdefault("away", [])
        if connected == (pid not in away):
            return
        self._events = []
        self.now = now
        if connected:
            away.remove(pid)
        else:
            away.append(pid)
        if not self.s["over"]:
            self.on_presence(pid, connected)

    def on_presence(self, pid: str, connected: bool) -> None:
        """``pid``'s phone came back or went away (already in ``away()``)."""

    def set_seat_order(self, pids: list[str]) -> None:
        if sorted(pids) != sorted(self.s["seats"]):
            raise IllegalAction("The players changed meanwhile; look again and retry.")
        self.s["seats"] = list(pids)

    def left_of(self, pid: str, among: list[str] | None = None) -> str:
        """The next player clockwise of ``pid`` among ``among`` (default the seats),
        ``pid`` itself included in the circle when it is seated."""
        seats = self.s["seats"]
        pool = seats if among is None else among
        if pid in seats:
            i = seats.index(pid)
            for k in range(1, len(seats) + 1):
                p = seats[(i + k) % len(seats)]
                if p in pool:
                    return p
        return pool[0]

    # -- the end -----------------------------------------------------------------------
    def end(self, reason: str) -> None:
        """The game is over: ``result`` holds ``final_result(reason)``."""
        if self.s["over"]:
            return
        self.s["over"] = True
        result = self.final_result(reason)
        if self.LOSER_FORFEIT is not None:
            for pid in result["losers"]:
                self.forfeit(pid, self.LOSER_FORFEIT)
            result["drinks"] = self.drinks()
        self.s["result"] = result
        self.log("game.over", reason=reason, winners=result["winners"], losers=result["losers"])

    def final_result(self, reason: str) -> dict:
        """The outcome; games add their own (final stacks, scores ...)."""
        return {"reason": reason, "winners": [], "losers": [], "drinks": self.drinks()}

    def finish(self, now: float) -> bool:
        """The host ends the game: it is over with what is known."""
        if not self.s["over"]:
            self._events = []
            self.now = now
            self.on_finish()
            self.end("host")
        return True

    def on_finish(self) -> None:
        """Tidy up before the host ends the game (hand stakes back ...)."""

    # -- views -------------------------------------------------------------------------
    def public_view(self) -> dict:
        s = self.s
        view = {
            "mode": self.mode,
            "turn": None if s["over"] else self.turn(),
            "over": s["over"],
            "result": s["result"],
            "host_actions": self.legal_actions(HOST),
            "log": s["log"][-PUBLIC_LOG:],
            "piles": self.piles(),
            "hand_sizes": self.hand_sizes(),
            "drinks": self.drinks(),
            "options": s["opts"],
        }
        view.update(self.table_view())
        return orjson.loads(orjson.dumps(view))

    def private_view(self, pid: str) -> dict:
        view = {"hand": self.hand(pid)}
        view.update(self.seat_view(pid))
        return view

    def piles(self) -> dict:
        """Public piles: each a list of visible cards or a count."""
        return {"stock": len(self.s["stock"])}

    def hand_sizes(self) -> dict[str, int]:
        return {p: len(self.hand(p)) for p in self.s["seats"]}

    def hand(self, pid: str) -> list[str]:
        """The cards ``pid`` holds and may see (``you.hand``)."""
        return []

    def table_view(self) -> dict:
        """The game's own public fields."""
        return {}

    def seat_view(self, pid: str) -> dict:
        """The game's own private fields for ``pid``."""
        return {}
