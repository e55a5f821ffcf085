"""The drinking decks' log: each message key's kind and parameters, what
may lead to a forfeit, and the log entry record (``Entry``).

An entry is the kit's ``LogEntry`` (``id``, ``msg``, ``params``: the
declared parameters, all shown) with what the screens, the host's undo and
the jail card read beside it: its ``kind``, what it handed out (``drinks``,
``necks``, and ``mates``: who drank too through a mate), whether the host
undid it, and, never shown, what a forfeit was aimed at (``aimed``,
``aimed_necks``: the drinks and necks before mates and the jail card), who
the jail card let off (``let_off``), the penalty call it settled (``call``,
freed by its undo) and the jail card a steal moved (``steal``). An entry of
a game saved before the log had message keys keeps its worded ``text``.

Its wire form (``wire``) is the screens': ``{"id", "kind", "msg",
"drinks", "necks", "undone", **params}``, and ``mates`` when a mate drank.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.drinking.calls import Call
from partyapp.games.kit.record import Record
from partyapp.games.kit.state import LogEntry

# Each message key's kind (the screens, the jail card and undo read it) and
# the names of its parameters.
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
    "waterfall": (), "race": ("race", "title", "order", "margins"), "race_timed_out": ("race", "title", "order", "margins"),
    "round": ("title",),
    "chugalug_slow": ("number", "expected", "said"), "chugalug_wrong": ("number", "expected", "said"),
    "rps": ("winner",),
}
# The message keys that take what led to them.
LED = frozenset({"drinking.drink", "drinking.neck", "drinking.cup_neck", "drinking.last_king", "drinking.nobody"})


def declared(msg: str, params: dict) -> tuple[str, ...] | None:
    """The parameter names message ``msg`` takes with these parameters: a
    forfeit's also name what led to it (``lead``, ``LEADS``)."""
    names = MESSAGES.get(msg)
    if names is None or "lead" not in params:
        return names
    lead = LEADS.get(params["lead"]) if msg in LED else None
    return None if lead is None else (*names, "lead", *lead)


class Steal(Record):
    """The jail card taken: from whom (None: nobody held it) and by whom."""

    victim: str | None
    thief: str


class Entry(LogEntry, omit_defaults=True):
    """One entry of the drinking decks' log; see the module docstring
    (saved without the fields it leaves at their defaults)."""

    kind: str = ""
    drinks: dict[str, int] = {}
    necks: dict[str, int] = {}
    undone: bool = False
    mates: list[str] | None = None
    text: list[Any] | None = None  # a game saved before the log had keys: the entry as worded then
    aimed: dict[str, int] = {}
    aimed_necks: dict[str, int] = {}
    let_off: list[str] = []
    call: Call | None = None
    steal: Steal | None = None

    def __post_init__(self) -> None:
        if not self.kind:
            self.kind = KINDS[self.msg]

    def is_forfeit(self) -> bool:
        return self.kind == "forfeit"

    def wire(self) -> dict:
        # Lists and dicts in an entry are only ever replaced, never changed
        # in place, so the view may share them instead of copying.
        if self.text is not None:
            return {"id": self.id, "kind": self.kind, "text": self.text, "drinks": self.drinks,
                    "necks": self.necks, "undone": self.undone}
        out = {"id": self.id, "kind": self.kind, "msg": self.msg, "drinks": self.drinks, "necks": self.necks,
               "undone": self.undone, **self.params}
        if self.mates is not None:
            out["mates"] = self.mates
        return out
