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
    room.seats[0].drinks = 4
    saved = json.loads(room.to_json())
    saved["game"] = {"mode": "kings", "state": {"mode": "kings", "rng": [3, [1, 2, 3], None], "seats": ["p1", "p2"]}}
    store.save(room.code, json.dumps(saved), 1.0)
    again = Registry(store).get(room.code)
    assert again.game is None
    assert [(s.name, s.drinks) for s in again.seats] == [("Ana", 4), ("Bob", 0)]
    assert again.seat_by_token(token).id == "p1"
    assert "cannot be read back" in caplog.text
