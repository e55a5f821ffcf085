"""The state every engine has: ``GameState`` and its ``LogEntry``.

An engine's state is one ``GameState`` subclass (``Engine.State``), a typed
record (``record.py``) that the game extends with its own fields::

    class OldMaidState(HandState):
        dealer: str | None = None
        taker: str | None = None
        last_take: Take | None = None

The kit owns these fields, the same in every game:

``v``, ``mode``
    The state's format version (``STATE_VERSION``) and the mode id.
``seats``
    The player ids in seat order, clockwise.
``opts``
    The game's checked options, a record with one field per option
    (``options.options_record``): ``state.opts.forfeits``. The kit gives
    each game's ``State`` its own options record (``Engine``).
``seed``
    The next step's random seed (``Engine.random``).
``log``, ``log_seq``
    The latest ``LogEntry``s (``Engine.LOG_MAX``) and the last entry's id.
``over``, ``away``, ``more_time``
    Whether the game is over, whose phone is away, who asked for more time.
``undo``
    The last move, while its player may still take it back (``Undo``:
    who made it, and the state before it; ``Engine.take_back``).

A game's own fields have defaults (the kit makes the state, the game's
``setup`` fills it in), and a field added later needs one too, so that a
saved game from before it still reads.

Format versions
    1. Plain JSON data, log entries flat (``{"id", "msg", **params}``),
       some games' keys under a short prefix (``kc.play``).
    2. Typed records; a log entry keeps its parameters apart (``params``),
       and its key starts with its mode id (``kings_corner.play``), or with
       the name a family or the kit shares (``twentyone.hit``, ``game.over``).
    ``upgrade`` reads a version 1 save into version 2's form where the
    game's own fields kept their shape, its log keys renamed by
    ``V1_PREFIXES`` (``v1_key``); a game whose fields changed shape says
    how in its own ``upgrade``.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.record import Record

STATE_VERSION = 2


class LogEntry(Record):
    """One thing that happened: a message key the game declares
    (``Engine.MESSAGES``) with its parameters, numbered in the game."""

    id: int
    msg: str
    params: dict[str, Any] = {}

    def wire(self) -> dict:
        """The entry as the screens get it: ``{"id", "msg", **params}``."""
        return {"id": self.id, "msg": self.msg, **self.params}


class Undo(Record):
    """A move its player may still take back: who made it, and the whole
    state before it (without its own ``undo``), as the codec's JSON text."""

    player: str
    before: str


class GameState(Record):
    """The kit's fields of every game's state; see the module docstring."""

    v: int = STATE_VERSION
    mode: str = ""
    seats: list[str] = []
    opts: Any = None  # each game's own options record (``Engine.__init_subclass__``)
    seed: int = 0
    log: list[LogEntry] = []
    log_seq: int = 0
    over: bool = False
    away: list[str] = []
    more_time: list[str] = []
    undo: Undo | None = None


# Version 1's log key prefixes that were not a mode id -> today's: the mode
# id, or for the keys Casino and Russian Blackjack share, their family's.
V1_PREFIXES = {
    "bj": "twentyone",
    "casino": "casino_blackjack",
    "russian": "russian_blackjack",
    "kc": "kings_corner",
    "rummy": "croatian_rummy",
    "shif": "shif_shof_shum",
    "snap": "irish_snap",
    "ratscrew": "egyptian_ratscrew",
}


def v1_key(msg: str) -> str:
    """A version 1 log key as today's (``kc.play`` -> ``kings_corner.play``)."""
    prefix, dot, rest = msg.partition(".")
    return f"{V1_PREFIXES[prefix]}.{rest}" if dot and prefix in V1_PREFIXES else msg


def upgrade_log(entries: list[dict]) -> list[dict]:
    """Version 1's flat log entries in version 2's form, their keys renamed (``v1_key``)."""
    return [{"id": e["id"], "msg": v1_key(e["msg"]), "params": {k: v for k, v in e.items() if k not in ("id", "msg")}}
            for e in entries]
