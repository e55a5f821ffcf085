"""Reading a game saved in the drinking decks' earlier forms.

Versions 2 and 3 saved ``{"v", "mode", "deck", "log", "s"}``: the deck
definition and the log apart, the rest under ``s``; log entries were flat
dicts whose engine bookkeeping hid in ``_``-keys (``_t``, ``_nt``, ``_ex``,
``_call``, ``_from``, ``_to``), penalty calls were strings
(``"breach:0:p2"``), the tallies two dicts (``fingers``, ``necks``), and
version 2 spelt the pick prompt's purpose ``for``. ``upgrade`` gives such
a save in today's form (``state.DrinkingState``, as decoded JSON), filling
in the card parameters the effect catalogue has gained since with what such
a deck played (``decks.with_defaults``).
"""

from __future__ import annotations

import copy

from partyapp.games.drinking.calls import Call
from partyapp.games.drinking.decks import with_defaults
from partyapp.games.drinking.state import DRINK, NECK, VERSION, Deck
from partyapp.games.kit.record import to_plain

# The keys of an old log entry that are not its parameters.
_ENTRY_KEYS = frozenset({"id", "kind", "msg", "text", "drinks", "necks", "undone", "mates",
                         "_t", "_nt", "_ex", "_call", "_from", "_to"})
# The fields of an old state that changed shape or went.
_CHANGED = frozenset({"v", "fingers", "necks", "calls", "prompt", "paused", "deck", "log"})


def is_split(saved: dict) -> bool:
    """Is ``saved`` in the form of versions 2 and 3 (the rest under ``s``)?"""
    return isinstance(saved.get("s"), dict)


def upgrade(saved: dict) -> dict:
    """A state saved by versions 2 or 3 in today's form."""
    s = saved["s"]
    out = {k: v for k, v in s.items() if k not in _CHANGED}
    out["v"] = VERSION
    out["mode"] = saved["mode"]
    out["deck"] = to_plain(Deck.of(with_defaults(copy.deepcopy(saved["deck"]))))
    out["log"] = [_entry(e) for e in saved["log"]]
    fingers, necks = s.get("fingers") or {}, s.get("necks") or {}
    out["forfeits"] = {"counts": {p: {DRINK: fingers.get(p, 0), NECK: necks.get(p, 0)}
                                  for p in {**fingers, **necks}}}
    out["calls"] = [to_plain(Call.parse(c)) for c in s.get("calls") or []]
    out["prompt"] = _prompt(s.get("prompt"))
    out["paused"] = _prompt(s.get("paused"))
    return out


def _prompt(data: dict | None) -> dict | None:
    if data is not None and data.get("kind") == "pick" and "for" in data:  # saved by version 2
        data = {**{k: v for k, v in data.items() if k != "for"}, "what": data["for"]}
    return data


def _entry(e: dict) -> dict:
    out = {"id": e["id"], "msg": e.get("msg", ""), "kind": e["kind"], "drinks": e.get("drinks") or {},
           "necks": e.get("necks") or {}, "undone": bool(e.get("undone")),
           "params": {k: v for k, v in e.items() if k not in _ENTRY_KEYS}}
    if "text" in e:
        out["text"] = e["text"]
    if "mates" in e:
        out["mates"] = e["mates"]
    if "_t" in e:
        out["aimed"] = e["_t"]
    if "_nt" in e:
        out["aimed_necks"] = e["_nt"]
    if "_ex" in e:
        out["let_off"] = e["_ex"]
    if e.get("_call"):
        out["call"] = to_plain(Call.parse(e["_call"]))
    if "_to" in e:
        out["steal"] = {"victim": e.get("_from"), "thief": e["_to"]}
    return out
