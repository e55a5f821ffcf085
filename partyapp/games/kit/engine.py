"""``Engine``: the one base every rules engine is built on, the full card
games (``cardgame.CardGame``) and the drinking decks
(``partyapp.games.drinking.engine.DrinkingGame``) alike.

It owns what every game does the same way, so that every game does it the
same way; a game adds its rules and its own state.

Options
    Declared as ``Option`` objects (``options.py``: ``flag``, ``number``,
    ``choice``) in ``OPTIONS``. ``check_options`` fills in the defaults,
    checks each value, refuses an unknown name, then calls
    ``check_together`` (checks between options). Options that are data,
    not settings (``OPTION_DATA``: a staged ``deck`` in testing mode, a
    drinking deck's house ``variant``), are checked by the game's
    ``check_data`` and left out of the host's option form. ``option_list``
    describes the declared options for that form (name, kind, default,
    limits, help text); ``option_names`` (what the server may fill in from
    its config) is both kinds.

State
    The state is ``self.s``, a typed record (``state.py``): the game's
    ``State`` class, a ``GameState`` subclass with the game's own fields.
    The kit reads and writes its own fields by name (``s.seats``,
    ``s.opts``, ``s.seed``, ``s.log``, ``s.over``, ``s.away``,
    ``s.more_time``) and gives each game's ``State`` the game's own options
    record (``Options``, made from ``OPTIONS``), so ``s.opts.forfeits`` is
    typed too. ``to_state``/``from_state``/``persist_json`` round-trip the
    state through the one codec (``record.py``); ``from_state`` reads a
    save of an earlier format through ``upgrade``.

Randomness
    ``random()`` is a generator for one step, seeded from the state's
    63-bit ``seed``, which it then replaces with the next seed that
    generator gives (8 bytes in the saved state; the same seed plays the
    same game). ``new_seed(rng)`` is a game's first seed, from the
    server's generator at set-up.

The log
    ``log(msg, **params)`` appends an entry for a message key the game
    declares in ``MESSAGES`` (key -> the names of its parameters, exactly;
    ``declared`` may work the names out from the parameters, as the
    drinking decks' forfeits do with what led to them). The entry is a
    ``LogEntry`` (``state.py``); the state keeps ``LOG_MAX`` entries; a
    game's public view shows the latest ``PUBLIC_LOG`` in their wire form
    (``public_log``). A call's events are the entries it logged, in their
    wire form (``events()``). A game whose entries keep more than their
    parameters (the drinking decks' forfeits: what each player took, and
    what may still be undone) gives its own ``LogEntry`` subclass as
    ``Entry``, with its own ``wire``.

Seats
    ``seat_ids`` checks the players a game starts with; ``players()`` in
    seat order; ``step(pid, k)`` is the player ``k`` seats
    clockwise (negative: the other way), ``left_of`` the next one clockwise
    among some; ``set_seat_order`` takes the host's new order of the same
    players. ``presence(pid, connected, now)`` keeps the players whose
    phone is away in ``away`` and calls ``on_presence``. ``set_more_time``
    notes who asked for more time; ``seconds_for`` is how long one of their
    own timers then runs (twice as long).

Moves and the one validator
    ``legal_actions(pid)`` is nothing once the game is over, the game's
    ``host_actions()`` for ``HOST``, nothing for somebody not seated, else
    the game's ``actions(pid)``: specs built with ``actions.spec`` and its
    domains. ``apply(pid, action, now)`` takes the server's arrival stamp
    out of the action into ``self.arrival`` (``races.split_arrival``; the
    time of the call is ``self.now``), then ``_run``s it: ``check`` is the
    one validator, the same for every game: the game is not over, and the
    move is one of the player's specs, every parameter in its domain, none
    missing and none extra (``actions.match``). A refusal is an
    ``IllegalAction`` with a sentence for the player, raised before
    anything changed (``verify`` runs it alone, changing nothing, and
    ``can`` says yes or no: pokerkit's ``verify_x`` / ``can_x`` / ``x``);
    ``refusal`` may say it in the game's own terms (by default a player
    with nothing to do while another has the turn is told ``NotYourTurn``). What the domains cannot express (a penalty call made
    already, a prompt's clock) a game checks after ``check``, by extending
    it. ``perform(pid, act)`` then makes the checked move.

Taking a move back
    A player may take back their own last move (``take_back``) until the
    next move is made (anybody's ``apply``; the room drops it too when the
    game's clock moves it on or the host skips somebody: ``drop_undo``),
    where the move showed no hidden card to anyone and drew no random card.
    Each game declares which of its moves qualify (``takes_back(pid, act)``,
    asked once the move is made; none by default), its reading in its
    docstring; the kit adds what holds for every game: never a move that
    ended the game, moved the seed on (``random()``) or handed out a
    forfeit (the host's undo of a forfeit is the drinking decks' own). The
    state before the move is kept in ``s.undo`` (``state.Undo``), and
    taking back puts it back whole, so the move is gone from every view as
    if never made (whose phones are away and who asked for more time stay
    as they are now; the seats must be the same); the log keeps counting
    and says ``game.took_back`` (``KIT_MESSAGES``).

Imports nothing outside ``partyapp.games.kit`` but the standard library
(and msgspec, through ``record.py``).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any, ClassVar

from partyapp.games.kit.actions import Action, match
from partyapp.games.kit.base import HOST, Game, GameIsOver, IllegalAction, NotYourTurn
from partyapp.games.kit.options import Option, options_record
from partyapp.games.kit.races import Arrival, split_arrival
from partyapp.games.kit.record import Record, decode, encode, from_plain, to_plain
from partyapp.games.kit.state import STATE_VERSION, GameState, LogEntry, Undo, upgrade_log
from partyapp.games.kit.timeshift import shift_times

SEED_BITS = 63


class Engine(Game):
    """The base of every rules engine; see the module docstring."""

    OPTIONS: ClassVar[dict[str, Option]] = {}
    OPTION_DATA: ClassVar[tuple[str, ...]] = ()
    # Message key -> the names of its parameters.
    MESSAGES: ClassVar[dict[str, tuple[str, ...]]] = {}
    # The kit's own keys, logged in any game that offers them (a move taken back).
    KIT_MESSAGES: ClassVar[dict[str, tuple[str, ...]]] = {"game.took_back": ("player",)}
    LOG_MAX: ClassVar[int] = 40
    PUBLIC_LOG: ClassVar[int] = 20
    # The game's state (a ``GameState`` subclass) and its options record,
    # which the kit makes from ``OPTIONS`` and gives the state as ``opts``.
    State: ClassVar[type[GameState]] = GameState
    Options: ClassVar[type[Record]]
    # The record of one log entry (``log``): the kit's, or a game's subclass of it.
    Entry: ClassVar[type[LogEntry]] = LogEntry

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The options the server may fill in from its config.
        cls.option_names = (*cls.OPTIONS, *cls.OPTION_DATA)
        cls.Options = options_record(cls.__name__ + "Options", cls.OPTIONS)
        state = cls.State
        cls.State = type(state)(state.__name__, (state,), {"__annotations__": {"opts": cls.Options},
                                                            "__module__": state.__module__,
                                                            "__qualname__": state.__qualname__})

    def __init__(self, state: GameState) -> None:
        self.s = state
        self._events: list[LogEntry] = []
        # The server's time of the call being handled (``apply``, ``tick``,
        # ``skip``, seats, ``finish``); never saved.
        self.now = 0.0
        # When the move being applied reached the server, and its phone's
        # round trip (``races.split_arrival``).
        self.arrival = Arrival(0.0, None)

    def begin(self, now: float) -> None:
        """A call of the server's starts at ``now``: no events yet, and a
        move made now (a time-out's, a skip's) arrives now."""
        self._events = []
        self.now = now
        self.arrival = Arrival(now, None)

    # -- options ---------------------------------------------------------------------
    @classmethod
    def option_list(cls) -> list[dict]:
        """The options as the host's option form shows them: name, kind,
        default, limits, meaning."""
        return [opt.describe(name) for name, opt in cls.OPTIONS.items()]

    @classmethod
    def check_options(cls, options: dict) -> dict:
        if not isinstance(options, dict):
            raise ValueError("options must be an object.")
        out: dict[str, Any] = {name: opt.default for name, opt in cls.OPTIONS.items()}
        for name, value in options.items():
            if name == "seed":
                continue
            if name in cls.OPTION_DATA:
                if value is not None:
                    out[name] = cls.check_data(name, value)
                continue
            opt = cls.OPTIONS.get(name)
            if opt is None:
                known = ", ".join(sorted(cls.option_names))
                raise ValueError(f"unknown option {name!r} (options: {known}).")
            out[name] = opt.check(name, value)
        cls.check_together(out)
        return out

    @classmethod
    def check_data(cls, name: str, value: Any) -> Any:
        """Check one of the ``OPTION_DATA`` (a game that has any says how);
        raise ``ValueError`` with the reason."""
        raise ValueError(f"{name} cannot be set.")

    @classmethod
    def check_together(cls, opts: dict) -> None:
        """Checks between options (e.g. minimum <= maximum); raise ``ValueError``."""

    # -- persistence -------------------------------------------------------------------
    def to_state(self) -> dict:
        return to_plain(self.s)

    def persist_json(self) -> str:
        return encode(self.s)

    @classmethod
    def from_state(cls, state: dict) -> "Engine":
        """The game from its saved state (this version's, or an earlier
        one's through ``upgrade``); ``ValueError`` when it cannot be read."""
        if not isinstance(state, dict) or state.get("mode") != cls.mode:
            raise ValueError(f"a saved {state.get('mode') if isinstance(state, dict) else None!r} game "
                             f"is not {cls.mode!r}.")
        version = state.get("v", 1)
        if version != STATE_VERSION:
            state = cls.upgrade(dict(state), version)
        return cls(from_plain(state, cls.State))

    @classmethod
    def upgrade(cls, state: dict, version: int) -> dict:
        """A saved state of an earlier format (``version``) in this one's
        form, as decoded JSON; ``ValueError`` when it cannot be. Version 1
        differs in the kit's fields by its flat log entries only; a game
        whose own fields changed shape extends this."""
        if version != 1:
            raise ValueError(f"a saved game of format {version!r} cannot be read by format {STATE_VERSION}.")
        state["log"] = upgrade_log(state.get("log") or [])
        state["v"] = STATE_VERSION
        return state

    # -- randomness --------------------------------------------------------------------
    @staticmethod
    def new_seed(rng: random.Random) -> int:
        """A game's first seed, from the server's generator."""
        return rng.getrandbits(SEED_BITS)

    def random(self) -> random.Random:
        """A generator for this step, seeded from the state; the state's seed
        moves on, so the next call gives other numbers."""
        rng = random.Random(self.s.seed)
        self.s.seed = rng.getrandbits(SEED_BITS)
        return rng

    # -- the log -----------------------------------------------------------------------
    def declared(self, msg: str, params: dict) -> tuple[str, ...] | None:
        """The parameter names message ``msg`` takes (None: not declared)."""
        return self.MESSAGES[msg] if msg in self.MESSAGES else self.KIT_MESSAGES.get(msg)

    def log(self, msg: str, **params: Any) -> LogEntry:
        """Log what happened as a message key with parameters (see ``MESSAGES``)."""
        declared = self.declared(msg, params)
        if declared is None or len(declared) != len(params) or not all(k in params for k in declared):
            raise ValueError(f"message {msg!r} with {sorted(params)} is not declared in {type(self).__name__}.MESSAGES")
        s = self.s
        s.log_seq += 1
        # A list or dict handed in is copied: the entry says what was so at
        # this moment, whatever later becomes of the state it came from.
        params = {k: v.copy() if isinstance(v, (list, dict)) else v for k, v in params.items()}
        entry = self.Entry(id=s.log_seq, msg=msg, params=params)
        s.log.append(entry)
        if len(s.log) > self.LOG_MAX:
            del s.log[0]
        self._events.append(entry)
        return entry

    def log_mark(self) -> int:
        return self.s.log_seq

    def public_log(self) -> list[dict]:
        """The latest ``PUBLIC_LOG`` entries, as the screens get them."""
        return [e.wire() for e in self.s.log[-self.PUBLIC_LOG:]]

    def events(self) -> list[dict]:
        """The entries the call being handled logged, as the call returns them."""
        return [e.wire() for e in self._events]

    # -- seats -------------------------------------------------------------------------
    @staticmethod
    def seat_ids(players: list[dict]) -> list[str]:
        """The player ids of ``new``'s players, in seat order; raises
        ``ValueError`` for a missing, bad or repeated id."""
        seats: list[str] = []
        for p in players:
            pid = p.get("id") if isinstance(p, dict) else None
            if not isinstance(pid, str) or not pid or pid == HOST or pid in seats:
                raise ValueError(f"bad or repeated player id {pid!r}.")
            seats.append(pid)
        return seats

    def players(self) -> list[str]:
        return list(self.s.seats)

    def step(self, pid: str, k: int) -> str:
        """The player ``k`` seats clockwise from ``pid`` (negative: the other way)."""
        seats = self.s.seats
        return seats[(seats.index(pid) + k) % len(seats)]

    def left_of(self, pid: str, among: list[str] | None = None) -> str:
        """The next player clockwise of ``pid`` among ``among`` (default the seats),
        ``pid`` itself included in the circle when it is seated."""
        seats = self.s.seats
        pool = seats if among is None else among
        if pid in seats:
            i = seats.index(pid)
            for k in range(1, len(seats) + 1):
                p = seats[(i + k) % len(seats)]
                if p in pool:
                    return p
        return pool[0]

    def set_seat_order(self, pids: list[str]) -> None:
        seats = self.s.seats
        if not isinstance(pids, list) or not all(isinstance(p, str) for p in pids) or sorted(pids) != sorted(seats):
            raise IllegalAction("The players changed meanwhile; look again and retry.")
        self.s.seats = list(pids)

    def away(self) -> list[str]:
        """Players in this game whose phone is away."""
        return [p for p in self.s.away if p in self.s.seats]

    def presence(self, pid: str, connected: bool, now: float) -> None:
        if pid not in self.s.seats:
            return
        away = self.s.away
        if connected == (pid not in away):
            return
        self.begin(now)
        if connected:
            away.remove(pid)
        else:
            away.append(pid)
        if not self.is_over():
            self.on_presence(pid, connected)

    def on_presence(self, pid: str, connected: bool) -> None:
        """``pid``'s phone came back or went away (already in ``away()``)."""

    def set_more_time(self, pids: list[str]) -> None:
        self.s.more_time = sorted(pids)

    def shift_clock(self, dt: float) -> None:
        """The room was paused for ``dt`` seconds: every time the state
        keeps moves on by it (``timeshift.py``), so each timer has the time
        it had left."""
        shift_times(self.s, dt)
        undo = self.s.undo
        if undo is not None:  # the state a move may go back to keeps its times too
            before = decode(undo.before, type(self.s))
            shift_times(before, dt)
            undo.before = encode(before)

    def seconds_for(self, seconds: float, pids: list[str]) -> float:
        """How long a timer of ``seconds`` runs when it is the own timer of
        ``pids`` (whose answer it waits for): twice as long when one of them
        asked for more time (``set_more_time``)."""
        slow = self.s.more_time
        return seconds * 2 if any(p in slow for p in pids) else seconds

    # -- moves -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.s.over

    def turn(self) -> str | None:
        """The player expected to act, or None when anyone may."""
        return None

    def legal_actions(self, pid: str) -> list[dict]:
        if self.is_over():
            return []
        if pid == HOST:
            return self.host_actions()
        if pid not in self.s.seats:
            return []
        return self.actions(pid)

    def actions(self, pid: str) -> list[dict]:
        """What ``pid`` may do now (the game's rules)."""
        return []

    def host_actions(self) -> list[dict]:
        """Moves only the host may make (none by default)."""
        return []

    def apply(self, pid: str, action: dict, now: float) -> list[dict]:
        self.begin(now)
        action, self.arrival = split_arrival(action, now)
        point = self._undo_point(pid)
        self._run(pid, action)
        self.s.undo = None  # a move made: the one before it stands
        if point is not None:
            self._keep_undo(pid, point)
        return self.events()

    # -- taking a move back ------------------------------------------------------------
    def takes_back(self, pid: str, act: Action) -> bool:
        """May ``pid`` take back ``act``, the move they just made (the state
        is the one after it)? The game's declaration; none by default."""
        return False

    def _undo_point(self, pid: str) -> tuple[str, int, dict] | None:
        """The state before a move that may be taken back (without its own
        ``undo``), with the seed and the forfeits then; None where no move can be."""
        if pid == HOST or type(self).takes_back is Engine.takes_back or self.s.over:
            return None
        s = self.s
        kept, s.undo = s.undo, None
        try:
            return encode(s), s.seed, dict(self.drinks())
        finally:
            s.undo = kept

    def _keep_undo(self, pid: str, point: tuple[str, int, dict]) -> None:
        before, seed, drinks = point
        s = self.s
        if s.over or s.seed != seed or dict(self.drinks()) != drinks or not self.takes_back(pid, self.last_act):
            return
        s.undo = Undo(player=pid, before=before)

    def can_take_back(self, pid: str) -> bool:
        """Whether ``pid`` may take back their last move now."""
        undo = self.s.undo
        return undo is not None and undo.player == pid and not self.s.over

    def drop_undo(self) -> None:
        """The game moved on without a move (its clock, a skip): the last move stands."""
        self.s.undo = None

    def take_back(self, pid: str, now: float) -> list[dict]:
        """``pid`` takes back their last move: the state before it comes back
        whole (see the module docstring), and the log says so."""
        self.begin(now)
        if not self.can_take_back(pid):
            raise IllegalAction("You have no move to take back now.")
        s = self.s
        before = decode(s.undo.before, type(s))
        if before.seats != s.seats:
            raise IllegalAction("The players changed since your move, so it stands.")
        before.away, before.more_time, before.log_seq = list(s.away), list(s.more_time), s.log_seq
        self.s = before
        self.log("game.took_back", player=pid)
        return self.events()

    def verify(self, pid: str, action: Any, now: float) -> Action:
        """The move ``apply`` would make of ``action`` from ``pid`` at ``now``,
        or the ``IllegalAction`` it would raise: the one validator (``check``)
        alone, which changes nothing of the game."""
        self.now = now
        action, self.arrival = split_arrival(action, now)
        return self.check(pid, action)

    def can(self, pid: str, action: Any, now: float) -> bool:
        """Whether ``apply`` would take ``action`` from ``pid`` at ``now``."""
        try:
            self.verify(pid, action, now)
        except IllegalAction:
            return False
        return True

    def _run(self, pid: str, action: Any) -> None:
        act = self.check(pid, action)
        self.last_act = act  # the move being made, for ``takes_back``
        self.perform(pid, act)

    def check(self, pid: str, action: Any) -> Action:
        """The one validator: the move checked against ``pid``'s legal
        actions, or an ``IllegalAction`` saying why not."""
        if self.is_over():
            raise GameIsOver("The game is over.")
        specs = self.legal_actions(pid)
        try:
            return match(specs, action)
        except IllegalAction as refused:
            raise self.refusal(pid, action, specs, refused) from None

    def refusal(self, pid: str, action: Any, specs: list[dict], refused: IllegalAction) -> IllegalAction:
        """The refusal of a move ``match`` refused (``refused``), in the
        game's own terms where it has them."""
        if not specs and pid != HOST:
            turn = self.turn()
            if turn is not None and turn != pid:
                return NotYourTurn("It is not your turn.")
        return refused

    @abstractmethod
    def perform(self, pid: str, act: Action) -> None:
        """Make a checked move (the game's rules)."""
