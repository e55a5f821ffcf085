"""``CardGame``: the base of every full card game (betting, hand and reflex games).

A game subclasses ``CardGame`` (or a family's loop built on it), declares its
options, its message keys and its forfeits, and writes its rules as small
methods. ``CardGame`` is an ``engine.Engine``: options, the log, seeded
randomness, seats, presence, more time and the one action validator are the
kit's, the same as every game's (see ``engine.py``). What it owns is what
card games have and the drinking decks have not:

State
    ``self.s`` is a ``CardState`` (the game's subclass of it, ``State``):
    the kit's fields (``state.py``), ``result``, ``stock`` (a list whose
    last item is the top card, see ``cards.make_stock``), ``staged`` (what
    is left of a staged deck, testing mode) and ``forfeits``
    (``forfeits.Forfeits``), plus the game's own fields, filled in by its
    ``setup``. The options that are data (``OPTION_DATA``) are not kept in
    ``opts``: a staged ``deck`` becomes ``staged``, and any other is handed
    to ``setup`` as a keyword argument (the first dealer: ``dealer``).

The first dealer
    A game with a dealer and no rule of its own for the first one
    (``DEAL_PASSES``) takes the start input ``dealer`` (``OPTION_DATA`` and
    ``TESTING_OPTIONS``: the room hands it the next player to the left of
    who dealt its last game; in testing mode a test may name one) and
    starts with ``starting_dealer(dealer)``: that player when seated, else
    the last seat with a staged deck (so the first seat plays first and the
    staged deck is dealt from them), else one drawn by lot with the game's
    seeded generator, logged ``game.dealer_lot`` (``DEALER_LOT``, which
    such a game declares in its ``MESSAGES``), so the table says who the lot
    fell on. The log entry of the deal names the dealer.

The stock and the staged deck
    ``restock`` shuffles a new stock (with the kit's ``random()``) under
    what is left of a staged deck; ``draw`` takes the top card. A staged
    ``deck`` option is checked against ``STAGED_FROM`` (no card more often
    than the pack holds it).

Moves
    ``perform`` calls the handler ``do_<type>(pid, **params)`` of a move
    the kit's validator took; ``apply`` returns the log entries the move
    added. A move of a reflex game carries its arrival stamp
    (``races.ARRIVAL``), which the kit takes out into ``self.arrival``.

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

Joining and leaving
    ``add_player`` seats a joiner last and calls ``on_join`` (a game deals
    them in at its next round where it can); ``remove_player`` takes the
    player out of ``seats`` and calls ``on_leave`` so the game can handle
    their cards; when fewer than ``min_players`` are left the game ends.

Forfeits and the end
    ``forfeit(pid, cause)`` hands out the drinks of ``FORFEITS`` (when the
    option ``forfeits`` is on), logged as ``forfeit.drink``. ``end(reason)``
    marks the game over with ``final_result(reason)`` in ``result``;
    ``finish(now)`` is the host ending the game: ``on_finish`` tidies up
    (stakes handed back) and the result shows what is known.

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

from partyapp.games.kit.wording import Term
from partyapp.games.kit.actions import Action
from partyapp.games.kit.base import HOST, GameIsOver, IllegalAction
from partyapp.games.kit.cards import STANDARD_DECK, make_stock, take_out, validate_cards
from partyapp.games.kit.engine import Engine
from partyapp.games.kit.forfeits import Forfeits
from partyapp.games.kit.options import Option, choice, flag, number
from partyapp.games.kit.record import field, to_plain
from partyapp.games.kit.state import GameState

__all__ = ["CardGame", "CardState", "Option", "choice", "flag", "number", "LOG_MAX", "PUBLIC_LOG"]

LOG_MAX = 40
PUBLIC_LOG = 20


class CardState(GameState):
    """What every card game's state holds beside the kit's fields."""

    result: dict | None = None
    stock: list[str] = []
    staged: list[str] = []
    forfeits: Forfeits = field(default_factory=Forfeits)


# The log key of a first dealer drawn by lot (``CardGame.starting_dealer``),
# which every game that draws one declares in its ``MESSAGES``.
DEALER_LOT: dict[str, tuple[str, ...]] = {"game.dealer_lot": ("player",)}


class CardGame(Engine):
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
        "game.looked": ("player",),  # a guest without a phone looked at their hand out of turn (``looked``)
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
    # A staged deck (testing mode) is the one option that is data.
    OPTION_DATA: ClassVar[tuple[str, ...]] = ("deck",)
    LOG_MAX = LOG_MAX
    PUBLIC_LOG = PUBLIC_LOG
    State = CardState

    @classmethod
    def check_data(cls, name: str, value: Any) -> Any:
        """``dealer``: a player id (who deals first: the room's turn to deal,
        or a test's). The staged deck (testing mode): cards of
        ``STAGED_FROM``, none more often than the pack holds it."""
        if name == "dealer":
            if not isinstance(value, str) or not 0 < len(value) <= 64:
                raise ValueError("dealer must be a player id.")
            return value
        staged = validate_cards(value, allow_duplicates=True, jokers=cls.STAGED_JOKERS, max_len=len(cls.STAGED_FROM))
        take_out(cls.STAGED_FROM, staged)
        return staged

    # -- set-up and persistence ------------------------------------------------------
    @classmethod
    def new(cls, players: list[dict], options: dict, rng: random.Random, now: float) -> "CardGame":
        opts = cls.check_options(options)
        data = {name: opts.pop(name) for name in cls.OPTION_DATA if name in opts}
        staged = data.pop("deck", None) or []
        seats = cls.seat_ids(players)
        if not cls.min_players <= len(seats) <= cls.max_players:
            raise ValueError(f"{cls.title} takes {cls.min_players} to {cls.max_players} players.")
        options_record = cls.Options(**opts)
        s = cls.State(mode=cls.mode, opts=options_record, seats=seats, staged=list(staged), seed=cls.new_seed(rng),
                      forfeits=Forfeits.new(cls.FORFEITS, getattr(options_record, "forfeits", True),
                                            [p["id"] for p in players if p.get("bot")]))
        game = cls(s)
        game.now = now
        game.setup(**data)
        return game

    def setup(self) -> None:
        """Build the game's own state and deal (called once by ``new``, with
        the options that are data but a staged deck as keyword arguments)."""

    def starting_dealer(self, dealer: str | None, among: list[str] | None = None) -> str:
        """Who deals first among ``among`` (default: every seat): ``dealer``
        when among them (the room's turn to deal, or a test's); else the last
        of them with a staged deck, so the first seat plays first; else one
        drawn by lot with the game's seeded generator (logged
        ``game.dealer_lot``)."""
        among = among if among is not None else self.s.seats
        if dealer in among:
            return dealer
        if self.s.staged:
            return among[-1]
        drawn = self.random().choice(among)
        self.log("game.dealer_lot", player=drawn)
        return drawn

    # -- the stock --------------------------------------------------------------------
    def restock(self, cards: list[str]) -> None:
        """A new stock from ``cards``, shuffled, with what is left of a staged
        deck on top."""
        self.s.stock = make_stock(cards, self.random(), self.s.staged)

    def draw(self) -> str:
        """The top card of the stock (a staged card first, while any is left)."""
        card = self.s.stock.pop()
        if self.s.staged:
            del self.s.staged[0]
        return card

    # -- forfeits -----------------------------------------------------------------------
    def forfeit(self, pid: str, cause: str, count: int | None = None, *, log: bool = True) -> int:
        """``pid`` drinks for ``cause`` (when forfeits are on), logged as
        ``forfeit.drink`` unless the caller logs it with its own entry."""
        n = self.s.forfeits.give(pid, cause, count)
        if n and log:
            self.log("forfeit.drink", player=pid, count=n, cause=cause)
        return n

    def drinks(self) -> dict[str, int]:
        return self.s.forfeits.totals()

    # -- play ------------------------------------------------------------------------
    def perform(self, pid: str, act: Action) -> None:
        getattr(self, "do_" + act.type)(pid, **act.params)

    def default_action(self, pid: str) -> dict | None:
        """The move made for ``pid`` when their phone is away and the game waits
        on them, or None when it does not wait on them."""
        return None

    def waiting_for(self) -> list[str]:
        """The players the game cannot go on without now: those with a
        default move (``default_action``), in seat order."""
        if self.s.over:
            return []
        return [p for p in self.s.seats if self.default_action(p) is not None]

    def skip(self, pid: str, now: float) -> list[dict]:
        """Play the default move for an absent player."""
        self.begin(now)
        if self.s.over:
            raise GameIsOver("The game is over.")
        action = self.default_action(pid) if pid in self.s.seats else None
        if action is None:
            raise IllegalAction("The game is not waiting for that player.")
        self.log("game.skipped", player=pid, action=action["type"])
        self.play_absent(pid, action)
        return self.events()

    def play_absent(self, pid: str, action: dict) -> None:
        """Make an absent player's default move, checked like any move."""
        self._run(pid, action)

    def looked(self, pid: str, now: float) -> list[dict]:
        """``pid``, a guest without a phone, opened their hand on the table
        device out of their turn (from their own seat): the log says so, so
        that nobody looks at a guest's cards unnoticed."""
        self.begin(now)
        self.log("game.looked", player=pid)
        return self.events()

    def tick(self, now: float) -> list[dict]:
        self.begin(now)
        if not self.s.over:
            self.due_steps(now)
        return self.events()

    def due_steps(self, now: float) -> None:
        """Run the steps of the game's own that are due at ``now`` (none by
        default; see ``next_deadline``)."""

    # -- seats -----------------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        pid = player["id"]
        if self.s.over:
            raise IllegalAction("This game is over; you will be dealt in next game.")
        if pid in self.s.seats or pid == HOST:
            raise IllegalAction("You are in this game already.")
        if len(self.s.seats) >= self.max_players:
            raise IllegalAction("{game} takes at most {count} player; you will be dealt in next game.|"
                                "{game} takes at most {count} players; you will be dealt in next game.",
                                game=Term(self.title), count=self.max_players)
        self.begin(now)
        self.s.seats.append(pid)
        if player.get("bot"):
            self.s.forfeits.exempt_from_now(pid)
        self.log("game.joined", player=pid)
        self.on_join(pid)

    def on_join(self, pid: str) -> None:
        """A player was seated last mid-game."""

    def remove_player(self, pid: str, now: float) -> None:
        if pid not in self.s.seats:
            return
        self.begin(now)
        index = self.s.seats.index(pid)
        del self.s.seats[index]
        self.log("game.left", player=pid)
        if self.s.over:
            return
        if len(self.s.seats) < self.min_players:
            self.on_finish()
            self.end("players")
            return
        self.on_leave(pid, index)

    def on_leave(self, pid: str, index: int) -> None:
        """``pid`` left mid-game, from seat ``index`` (already out of ``seats``,
        so ``seats[index]`` is the next player clockwise, when any): deal with
        their cards, stakes and turn."""

    # -- the end -----------------------------------------------------------------------
    def end(self, reason: str) -> None:
        """The game is over: ``result`` holds ``final_result(reason)``."""
        if self.s.over:
            return
        self.s.over = True
        result = self.final_result(reason)
        if self.LOSER_FORFEIT is not None:
            for pid in result["losers"]:
                self.forfeit(pid, self.LOSER_FORFEIT)
            result["drinks"] = self.drinks()
        self.s.result = result
        self.log("game.over", reason=reason, winners=result["winners"], losers=result["losers"])

    def final_result(self, reason: str) -> dict:
        """The outcome; games add their own (final stacks, scores ...)."""
        return {"reason": reason, "winners": [], "losers": [], "drinks": self.drinks()}

    def finish(self, now: float, by: str | None = None) -> bool:
        """The host ends the game: it is over with what is known, the
        result naming who ended it (``by``, the host's seat)."""
        if not self.s.over:
            self.begin(now)
            self.on_finish()
            self.end("host")
            if by is not None and self.s.result is not None:
                self.s.result["by"] = by
        return True

    def on_finish(self) -> None:
        """Tidy up before the host ends the game (hand stakes back ...)."""

    # -- views -------------------------------------------------------------------------
    def public_view(self) -> dict:
        s = self.s
        view = {
            "mode": self.mode,
            "turn": None if s.over else self.turn(),
            "over": s.over,
            "result": s.result,
            "host_actions": self.legal_actions(HOST),
            "log": self.public_log(),
            "piles": self.piles(),
            "hand_sizes": self.hand_sizes(),
            "drinks": self.drinks(),
            "options": s.opts,
        }
        view.update(self.table_view())
        return to_plain(view)

    def private_view(self, pid: str) -> dict:
        view = {"hand": self.hand(pid)}
        view.update(self.seat_view(pid))
        return view

    def piles(self) -> dict:
        """Public piles: each a list of visible cards or a count."""
        return {"stock": len(self.s.stock)}

    def hand_sizes(self) -> dict[str, int]:
        return {p: len(self.hand(p)) for p in self.s.seats}

    def hand(self, pid: str) -> list[str]:
        """The cards ``pid`` holds and may see (``you.hand``)."""
        return []

    def table_view(self) -> dict:
        """The game's own public fields."""
        return {}

    def seat_view(self, pid: str) -> dict:
        """The game's own private fields for ``pid``."""
        return {}
