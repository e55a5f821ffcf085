"""The room's saved form: every seat field is kept, and a room read back from
the store is the same room."""

from __future__ import annotations

import json
from dataclasses import fields

from partyapp.rooms.registry import Registry
from partyapp.rooms.room import Seat
from partyapp.store import MemoryStore


def test_saved_seats_keep_every_field():
    """Room.to_json writes each Seat field (the list is spelt out for speed)."""
    registry = Registry(MemoryStore())
    room, _ = registry.create("http://party.test")
    room.change(lambda: room.join("Ana", "chicks"))
    saved = json.loads(room.to_json())
    assert set(saved["seats"][0]) == {f.name for f in fields(Seat)}


def test_room_round_trips_through_the_store():
    """A room with a running game, read back from its JSON, gives the same views."""
    registry = Registry(MemoryStore())
    room, _ = registry.create("http://party.test")
    for name in ("Ana", "Bob", "Cat"):
        room.change(lambda name=name: room.join(name, None))
    room.change(lambda: room.start_game("kings", {"seed": 3}, testing=True))
    room.change(lambda: room.act("p1", {"type": "draw"}))
    again = type(room)(registry, json.loads(room.to_json()))
    assert again.public_view() == room.public_view()
    assert again.you("p2") == room.you("p2")


def test_a_room_whose_game_cannot_be_read_back_opens_in_the_lobby(caplog):
    """A room saved with a game this version cannot read (here: the state of
    the first version of the drinking decks, with the generator's whole
    state) still opens, in the lobby, with its seats, tokens and tallies."""
    store = MemoryStore()
    registry = Registry(store)
    room, _ = registry.create("http://party.test")
    _, token = room.change(lambda: room.join("Ana", None))
    room.change(lambda: room.join("Bob", None))
    room.night.ledger.totals["p1"] = {"drinks": 4}
    saved = json.loads(room.to_json())
    saved["game"] = {"mode": "kings", "state": {"mode": "kings", "rng": [3, [1, 2, 3], None], "seats": ["p1", "p2"]}}
    store.save(room.code, json.dumps(saved), 1.0)
    again = Registry(store).get(room.code)
    assert again.game is None
    assert [(p["name"], p["drinks"]) for p in again.public_view()["players"]] == [("Ana", 4), ("Bob", 0)]
    assert again.seat_by_token(token).id == "p1"
    assert "cannot be read back" in caplog.text


def test_a_room_saved_with_the_seats_counters_keeps_every_tally():
    """A room saved before the ledger had its own place (the seats carried
    the night's counters, the night the ledger's fields) opens with the same
    drinks, soft drinks, water and points, and the recap still reads them."""
    store = MemoryStore()
    registry = Registry(store)
    room, _ = registry.create("http://party.test")
    room.change(lambda: room.join("Ana", None))
    room.change(lambda: room.join("Bob", None, "soft"))
    room.change(lambda: room.join("Cy", None, "none"))
    saved = json.loads(room.to_json())
    counters = {"p1": (5, 2, 2), "p2": (3, 0, 0), "p3": (0, 4, 0)}  # drinks, forfeits, water
    for seat in saved["seats"]:
        seat["drinks"], seat["forfeits"], seat["water"] = counters[seat["id"]]
    night = saved["night"]
    del night["ledger"]
    night.update({"games": [{"no": 1, "mode": "kings", "title": "Kings", "started": 1.0, "over": True,
                             "result": None, "rules": [], "tally": {"p1": {"drinks": 5, "water": 2}}}],
                  "game_no": 1, "seen": {}, "mark": 0, "stack": [], "records": [], "recent": {},
                  "dare_seq": 0, "record_seq": 0})
    store.save(room.code, json.dumps(saved), 1.0)
    again = Registry(store).get(room.code)
    players = {p["id"]: p for p in again.public_view()["players"]}
    assert [(players[p]["drinks"], players[p]["forfeits"], players[p]["water"]) for p in counters] == [
        (5, 2, 2), (3, 0, 0), (0, 4, 0)]
    assert players["p2"]["tally"] == {"soft": 3} and players["p3"]["tally"] == {"points": 4}
    assert again.night.ledger.game_tally(1) == {"p1": {"drinks": 5, "water": 2}}


def test_each_part_of_a_room_defines_its_own_methods():
    """A room is made of parts, one job a module (``room.py``'s text); no
    part defines a name another part defines too, so none overrides
    another's method and each is read in one place."""
    from partyapp.rooms.room import Room

    where: dict[str, list[str]] = {}
    for part in Room.__mro__[:-1]:
        for name in vars(part):
            if not name.startswith("__"):
                where.setdefault(name, []).append(part.__name__)
    assert {name: parts for name, parts in where.items() if len(parts) > 1} == {}


def test_every_seat_is_dealt_in_as_one_record():
    """What a game is told of a seat (a new game, a newcomer, a bot, a player
    back in) is ``Seat.entrant``: its id and group, ``bot`` for a bot."""
    assert Seat("p1", "Ana", "h", group="chicks").entrant() == {"id": "p1", "group": "chicks"}
    assert Seat("p2", "Bot", "h", bot=True).entrant() == {"id": "p2", "group": None, "bot": True}
