"""A pause made on one server process holds on another (a real redis-server):
two registries on one Redis stand for two processes."""

from __future__ import annotations

import pytest

from partyapp.games.kit.cards import STANDARD_DECK
from partyapp.rooms.errors import Paused
from partyapp.rooms.registry import Registry
from partyapp.store import open_store
from tests.games.hand_helpers import whole_deal

pytestmark = pytest.mark.slow  # a real redis-server


def test_a_pause_made_on_one_process_holds_on_the_other(redis_url):
    """Process 1 pauses; process 2, whose copy is behind, refuses a move with paused, sees no
    deadline due, and its resume gives the call window back the time it had left."""
    now = [1000.0]
    stores = [open_store(redis_url), open_store(redis_url)]
    one, other = (Registry(s, host_id=f"h{i}", clock=lambda: now[0]) for i, s in enumerate(stores, 1))
    try:
        room1, _ = one.create("http://party.test")
        room1.change(lambda: room1.join("Ana", None))
        room1.change(lambda: room1.join("Bob", None))
        room2 = other.get(room1.code)
        room1.change(lambda: room1.start_game("cheat", {"seed": 2, "call_seconds": 5,
                                                        "deck": whole_deal([], 2, STANDARD_DECK)}, True))
        card = room1.you("p1")["hand"][0]
        room1.change(lambda: room1.act("p1", {"type": "play", "cards": [card], "rank": "A"}))
        now[0] += 2
        room1.change(lambda: room1.set_paused(True, "p1"))
        now[0] += 500
        with pytest.raises(Paused):
            room2.change(lambda: room2.act("p2", {"type": "call"}))
        assert room2.paused["name"] == "Ana"
        assert room2.read(room2.next_deadline) is None
        room2.change(lambda: room2.set_paused(False, None))
        assert room2.game.next_deadline() == now[0] + 3
        assert room1.read(lambda: room1.paused) is None
    finally:
        stores[0]._r.flushdb()
        for s in stores:
            s.close()
