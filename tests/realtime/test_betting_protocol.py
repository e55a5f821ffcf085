"""Casino Blackjack and Pontoon over the wire (Socket.IO test client): who
did and did not receive which card, and the house dealer playing on the
server's clock, one frame per step."""

from __future__ import annotations

import pytest

from tests.conftest import cards_in, ok


def cards_outside_the_log(frames: list[dict]) -> set[str]:
    """The cards a frame carries beside the public log (where the cut for the
    bank stays a while, though the cards went back into the pack)."""
    return cards_in([{**f, "game": {k: v for k, v in (f["game"] or {}).items() if k != "log"}} for f in frames])


def collect(clients, frames, until, clock):
    """Drain every client's frames into ``frames``, moving the clock on call
    by call (the dealer's steps), until ``until(table's last frame)`` holds."""

    def came() -> bool:
        for c in clients:
            frames[c].extend(c.states())
        return bool(frames[clients[0]]) and until(frames[clients[0]][-1])

    clock.advance_until(came, what="the state")


def test_casino_deal_keeps_the_hole_card_in_the_shoe_until_the_dealer_turns_it(table, join, clock):
    """Ana and Bob bet at once; their cards go face up to everybody; the hole
    card reaches nobody until the dealer, on the server's clock, turns it;
    then each dealer card comes in a frame of its own, and the deal settles."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    deck = ["10H", "9C", "6S", "7D", "9D", "10S", "5S"]  # Ana, Bob, upcard, Ana, Bob, hole, the dealer's hit
    options = {"deck": deck, "seed": 3, "rounds": 1, "dealer_pace_ms": 400}  # a step per frame, even on a busy machine
    ok(t.call("game.start", {"mode": "casino_blackjack", "options": options}))
    first = ana.last_state()
    t.states()
    assert first["game"]["dealer"] is None and first["game"]["turn"] is None
    assert [a["type"] for a in first["you"]["actions"]] == ["bet", "sit_out"]
    assert [a["type"] for a in bob.last_state()["you"]["actions"]] == ["bet", "sit_out"]

    ok(ana.call("game.act", {"action": {"type": "bet", "amount": 10}}))
    ok(bob.call("game.act", {"action": {"type": "bet", "amount": 20}}))
    clients = [t, ana, bob]
    frames = {c: c.states() for c in clients}
    for c in clients:
        assert cards_in(frames[c]) == {"10H", "9C", "6S", "7D", "9D"}
    assert frames[t][-1]["game"]["dealer_hand"]["cards"] == ["6S", None]
    assert frames[bob][-1]["you"]["totals"] == [{"total": 18, "soft": False}]

    err = bob.call("game.act", {"action": {"type": "stand"}})
    assert err["ok"] is False and err["error"]["code"] == "not_your_turn"
    ok(ana.call("game.act", {"action": {"type": "stand"}}))
    ok(bob.call("game.act", {"action": {"type": "stand"}}))
    collect(clients, frames, lambda f: f["game"]["over"], clock)
    for c in clients:
        hole_at = next(i for i, f in enumerate(frames[c]) if "10S" in cards_in([f]))
        assert frames[c][hole_at]["game"]["dealer_hand"]["cards"] == ["6S", "10S"]
        assert all(f["game"]["phase"] == "dealer" for f in frames[c][hole_at - 1:hole_at + 2])
        dealt = [f["game"]["dealer_hand"]["cards"] for f in frames[c] if f["game"]["phase"] == "dealer"]
        assert ["6S", "10S"] in dealt and ["6S", "10S", "5S"] in dealt, "each step is a frame of its own"
    end = frames[t][-1]["game"]
    assert end["result"]["chips"] == {ana.player_id: 90, bob.player_id: 80}
    assert [(p["player"], p["result"]) for p in end["payouts"]] == [(ana.player_id, "lose"), (bob.player_id, "lose")]
    assert [p["drinks"] for p in frames[t][-1]["players"]] == [1, 1]


def test_pontoon_face_down_cards_reach_their_holder_only(table, join):
    """A bought card goes to its buyer alone; a twisted one to everybody; the
    banker's cards reach nobody, the banker included, until they are turned."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    deck = ["2C", "KC",  # the cut: Bob banks
            "9H", "7S", "5D", "8S", "2S", "3S"]  # Ana, Bob; Ana, Bob; Ana buys 2S, twists 3S
    ok(t.call("game.start", {"mode": "pontoon", "options": {"deck": deck, "seed": 1, "rounds": 1}}))
    start = t.last_state()["game"]
    assert start["banker"] == bob.player_id and [c["card"] for c in start["cuts"]] == ["2C", "KC"]
    ana.states()
    bob.states()
    ok(bob.call("game.act", {"action": {"type": "deal"}}))
    ok(ana.call("game.act", {"action": {"type": "bet", "amount": 10}}))
    ok(ana.call("game.act", {"action": {"type": "buy", "amount": 10}}))
    ok(ana.call("game.act", {"action": {"type": "twist"}}))
    clients = [t, ana, bob]
    frames = {c: c.states() for c in clients}
    assert cards_outside_the_log(frames[ana]) == {"9H", "5D", "2S", "3S"}
    assert cards_outside_the_log(frames[t]) == {"3S"} and cards_outside_the_log(frames[bob]) == {"3S"}
    ok(ana.call("game.act", {"action": {"type": "stick"}}))  # 19
    turned = bob.last_state()
    assert turned["game"]["banker_hand"]["cards"] == ["7S", "8S"] and turned["you"]["hand"] == ["7S", "8S"]
    ok(bob.call("game.act", {"action": {"type": "stick"}}))  # 15: paying 16
    end = t.last_state()["game"]
    assert end["over"] and end["hands"][ana.player_id][0]["cards"] == ["9H", "5D", "2S", "3S"]
    assert end["result"]["chips"] == {ana.player_id: 120, bob.player_id: 80}


@pytest.mark.parametrize("mode, name, value", [("pontoon", "banker", "p2"), ("go_fish", "dealer", "p2"),
                                               ("pontoon", "deck", ["2S"])])
def test_staging_who_deals_is_for_testing_mode_only(mode, name, value):
    """The first banker (Pontoon) or dealer (Go Fish) is staged only by a
    server in testing mode, as a staged deck is: anywhere else ``forbidden``."""
    from partyapp.rooms.errors import Forbidden
    from partyapp.rooms.registry import Registry
    from partyapp.store import MemoryStore

    registry = Registry(MemoryStore())
    room, _ = registry.create("http://party.test")
    for who in ("Ana", "Bob", "Cat"):
        room.change(lambda who=who: room.join(who, None))
    with pytest.raises(Forbidden):
        room.change(lambda: room.start_game(mode, {name: value}, testing=False))
    room.change(lambda: room.start_game(mode, {name: value, "seed": 1}, testing=True))
    if name != "deck":
        assert room.game.public_view()[name] == value
