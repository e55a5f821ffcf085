"""The room's saved form: every seat field is kept, and a room read back from
the store is the same room."""

from __future__ import annotations

import json
from dataclasses import fields

from partyapp.rooms import Registry, Seat
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
