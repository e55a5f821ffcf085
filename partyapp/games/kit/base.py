"""The one protocol every rules engine speaks.

An engine is plain Python over plain data. It never reads the clock, the
network or a global: the server passes ``now`` (seconds, a float) into every
call that can depend on time, and a ``random.Random`` at set-up. Its whole
state round-trips through JSON (``to_state`` / ``from_state``), whatever it
keeps of its randomness included, so a room survives a server restart
mid-game and plays on exactly as it would have.

Players are identified by their player id (a short string). The engine keeps
them in seat order, clockwise; "left" is the next seat clockwise.

Who may act:
- ``legal_actions(pid)`` lists what that player may send now, as protocol
  action specs ``{"type": T, "params": {NAME: DOMAIN}}`` (see PROTOCOL.md).
  It is asked for every player, not only the one whose turn it is.
- ``HOST`` is the pseudo-player id for moves only the host may make (undo a
  wrong call, ...). ``legal_actions(HOST)`` lists them; they are public
  (``public_view()["host_actions"]``) and are sent by the table or the host
  player through ``host.command {"command": "game", "action": {...}}``.

``apply(pid, action, now)`` validates first, then mutates. It raises
``IllegalAction`` (or a kind of it carrying another ``refusals.Code``) with a
sentence a player can read, and leaves the state untouched when it does.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from partyapp.games.kit.refusals import Code, Refusal
from partyapp.games.kit.wording import Worded

HOST = "@host"


class IllegalAction(Refusal):
    """The rules forbid this move now. The message (a ``Wording``: message id
    and values) is shown to the player in their language."""

    code = Code.ILLEGAL_ACTION


class OptionError(Worded, ValueError):
    """Options a game cannot start with; the reason is shown to the host in
    their language."""


class NotYourTurn(IllegalAction):
    code = Code.NOT_YOUR_TURN


class GameIsOver(IllegalAction):
    code = Code.GAME_OVER


class TooLate(IllegalAction):
    """Another player's move got there first (a race lost): ``conflict``."""

    code = Code.CONFLICT


class Game(ABC):
    """Base class of every rules engine. Subclasses implement every abstract method."""

    mode: ClassVar[str] = ""
    title: ClassVar[str] = ""
    # A party table: two to sixteen players unless a game says otherwise.
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 16
    # Options the server may fill in from its config when the host leaves
    # them out (e.g. "race_timeout_s").
    option_names: ClassVar[tuple[str, ...]] = ()
    # A game with races judged by arrival (``races.py``): the server measures
    # its phones' round trips and stamps each move with ``races.ARRIVAL``.
    reflex: ClassVar[bool] = False
    # The options a room in family mode starts the game with (no drinks: the
    # family wording of a deck, a card game without forfeits); the host
    # cannot change these there.
    FAMILY_OPTIONS: ClassVar[dict[str, Any]] = {}
    # Options only a server in testing mode honours (a staged deck, who deals
    # or banks first): anywhere else the room refuses them (``forbidden``).
    TESTING_OPTIONS: ClassVar[tuple[str, ...]] = ("deck",)
    # A game with a dealer and no rule of its own for the first one: the deal
    # passes to the left from game to game. The room hands a new game of the
    # mode the start input ``dealer``, the next player clockwise from who
    # dealt the last deal of its last game of the mode (``last_dealer``);
    # without one the game draws its dealer by lot (a staged deck: the last
    # seat deals).
    DEAL_PASSES: ClassVar[bool] = False
    # Players sitting out (``set_sitting_out``) stay among the game's players
    # from its start (the drinking decks: their turn is passed over, their
    # roles kept); in every other game they are not dealt in.
    KEEPS_SITTING_OUT: ClassVar[bool] = False

    # -- set-up and persistence ---------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: list[dict], options: dict, rng: random.Random, now: float) -> "Game":
        """Start a game. ``players`` are ``{"id": pid, "group": str|None}`` in
        seat order (``"bot": true`` beside them for a seat the server plays,
        which never drinks); ``options`` are already checked by ``check_options``;
        ``options["deck"]``, when present (testing mode only), is the staged
        order of cards dealt from the front."""
        ...

    @classmethod
    def check_options(cls, options: dict) -> dict:
        """Validate and normalise the mode's options; raise ``IllegalAction``
        (or ``ValueError``) with the reason for a bad one."""
        return dict(options)

    @abstractmethod
    def to_state(self) -> dict:
        ...

    def persist_json(self) -> str:
        """The state for the store as JSON text (what ``from_state`` takes,
        once decoded). Engines may cache the encoding of what never changes
        during a game."""
        return json.dumps(self.to_state(), separators=(",", ":"))

    @classmethod
    @abstractmethod
    def from_state(cls, state: dict) -> "Game":
        ...

    def last_dealer(self) -> str | None:
        """Who dealt this game's latest deal (read by the room where the deal
        passes from game to game, ``DEAL_PASSES``)."""
        return None

    # -- play ----------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, pid: str) -> list[dict]:
        ...

    @abstractmethod
    def apply(self, pid: str, action: dict, now: float) -> list[dict]:
        """Apply a move; returns event records (``{"kind": ..., ...}``)."""
        ...

    def next_deadline(self) -> float | None:
        """When ``tick`` must next be called (a race's time-out), or None."""
        return None

    def tick(self, now: float) -> list[dict]:
        """Apply every time-out that is due at ``now``."""
        return []

    def presence(self, pid: str, connected: bool, now: float) -> None:
        """``pid``'s phone connected or went away (a race does not wait for a
        player who is not here). Default: the game does not care."""

    def waiting_for(self) -> list[str]:
        """The players the game cannot go on without now (whose turn it is, or
        who owe an answer to a prompt). The screens show an absent one of
        these big, and the host may ``skip`` them. Default: ``turn``."""
        turn = self.public_view().get("turn")
        return [turn] if turn else []

    def skip(self, pid: str, now: float) -> list[dict]:
        """Go on without ``pid``, whose phone is away while the game waits on
        them (the room checks the phone; the engine decides what skipping
        means: pass the turn on, call off a prompt, stand). Raise
        ``IllegalAction`` with the reason where it does not apply."""
        raise IllegalAction("This game cannot go on without that player's move.")

    # -- seats during a game --------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        """A guest joins mid-game (seated last). Raise ``IllegalAction`` where
        the game cannot take them."""
        raise IllegalAction("This game has started; you will be dealt in next game.")

    @abstractmethod
    def remove_player(self, pid: str, now: float) -> None:
        """A player leaves or is kicked mid-game."""
        ...

    @abstractmethod
    def set_seat_order(self, pids: list[str]) -> None:
        """The host moved seats; ``pids`` is the new clockwise order of the
        players in this game."""
        ...

    # -- views ---------------------------------------------------------------
    @abstractmethod
    def public_view(self) -> dict:
        """What everybody may see; must hold ``mode``, ``turn``, ``over``,
        ``result`` (None until over) and ``host_actions``."""
        ...

    @abstractmethod
    def private_view(self, pid: str) -> dict:
        """What only ``pid`` may see, beside ``actions`` which the room adds."""
        ...

    @abstractmethod
    def is_over(self) -> bool:
        ...

    def drinks(self) -> dict[str, int]:
        """Drinks handed out in this game so far, by player id."""
        return {}

    def necks(self) -> dict[str, int]:
        """Drinks finished (necked) in this game so far, by player id,
        counted apart from ``drinks``: for whoever does not drink, each is a
        big forfeit (the night's ``big_forfeit``)."""
        return {}

    def log_mark(self) -> int:
        """The id of the latest entry of the game's log (0 before any, or for
        a game without a log): the room notes it after every change, so that
        what it made of a change's forfeits (``partyapp/rooms/night.py``) can be matched
        with the log entries of that change."""
        return 0

    def house_rules(self) -> list[dict]:
        """The rules the players made in this game so far, ``[{"by": pid,
        "text": ...}]`` (the drinking decks), for the end-of-night recap."""
        return []

    def set_more_time(self, pids: list[str]) -> None:
        """The players who asked for more time: each of their own timers
        (their answer, their pick, a call window they are in) is twice as
        long from now on; a race against other players never is. Default:
        the game has no timers of a player's own."""

    def set_sitting_out(self, pids: list[str], now: float) -> None:
        """The players of this game who sit the next games out, from now on
        (the room tells every change, and the new game at its start). A game
        passes them over where it can from its next turn or deal; the
        default: they play this game to its end, and are not dealt into the
        next one."""

    def finish(self, now: float, by: str | None = None) -> bool:
        """The host ends the game (``by``: the host's seat, named in the
        result as who ended it). An engine with an outcome to show marks
        itself over with what is known (``result`` filled in) and returns
        True: the room keeps it on screen until the next ``end_game`` or
        game. The default returns False: nothing to show, back to the lobby."""
        return False

    @abstractmethod
    def players(self) -> list[str]:
        """The player ids in this game, in seat order."""
        ...
