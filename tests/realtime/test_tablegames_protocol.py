"""Croatian Rummy, Kings Corner and Shif-shof-shum over the wire (Socket.IO
test client): who did and did not receive which card, and moves sent exactly
as ``you.actions`` offers them."""

from __future__ import annotations

import json
import re

from tests.conftest import ok

# Card codes, jokers included (a rummy pack has two).
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC]|X[12])"')


def cards_in(frames: list[dict]) -> set[str]:
    return {c for f in frames for c in CARD.findall(json.dumps(f))}


def offered(frame: dict, type_: str) -> list:
    """The values a phone is offered for a move's first parameter."""
    out = []
    for a in frame["you"]["actions"]:
        if a["type"] == type_:
            out.extend(next(iter(a["params"].values()))["one_of"])
    return out


def test_rummy_hands_draws_takes_and_sets_reach_exactly_who_may_see_them(table, join):
    """Ana (first seat, eight cards) and Bob: each hand reaches its holder
    alone; a card drawn reaches the drawer alone; a card taken from the line
    and a set laid reach everybody."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    ana_hand = ["QH", "5H", "6H", "7H", "KS", "KD", "KC", "2C"]
    bob_hand = ["10H", "JH", "3S", "4S", "8C", "8D", "9S"]
    deck = [h[r] for r in range(7) for h in (ana_hand, bob_hand)] + [ana_hand[7], "2D", "3D"]
    ok(t.call("game.start", {"mode": "croatian_rummy", "options": {"deck": deck, "seed": 5}}))
    dealt = {c: c.states() for c in (t, ana, bob)}
    assert sorted(dealt[ana][-1]["you"]["hand"]) == sorted(ana_hand)
    assert cards_in(dealt[t]) == set()
    assert cards_in(dealt[bob]) == set(bob_hand)
    assert cards_in(dealt[ana]) == set(ana_hand)
    first = dealt[ana][-1]
    assert first["game"]["turn"] == ana.player_id and "discard" in [a["type"] for a in first["you"]["actions"]]
    assert ["KS", "KD", "KC"] in offered(first, "meld")

    err = bob.call("game.act", {"action": {"type": "draw"}})
    assert err["ok"] is False and err["error"]["code"] == "not_your_turn"
    ok(ana.call("game.act", {"action": {"type": "meld", "cards": ["KS", "KD", "KC"]}}))
    ok(ana.call("game.act", {"action": {"type": "discard", "card": "QH"}}))
    laid = {c: c.states() for c in (t, ana, bob)}
    assert cards_in(laid[t]) == {"KS", "KD", "KC", "QH"}
    assert laid[t][-1]["game"]["melds"][0]["cards"] == ["KS", "KD", "KC"]
    assert laid[t][-1]["game"]["piles"]["line"] == ["QH"]

    ok(bob.call("game.act", {"action": {"type": "draw"}}))  # 2D, Bob's alone
    drawn = {c: c.states() for c in (t, ana, bob)}
    assert "2D" in cards_in(drawn[bob]) and "2D" not in cards_in(drawn[t]) | cards_in(drawn[ana])
    assert drawn[t][-1]["game"]["hand_sizes"] == {ana.player_id: 4, bob.player_id: 8}
    err = bob.call("game.act", {"action": {"type": "meld", "cards": ["3S", "4S", "8C"]}})
    assert err["ok"] is False and err["error"]["code"] == "illegal_action"
    ok(bob.call("game.act", {"action": {"type": "discard", "card": "9S"}}))
    ok(ana.call("game.act", {"action": {"type": "draw"}}))  # 3D, Ana's alone
    ok(ana.call("game.act", {"action": {"type": "discard", "card": "2C"}}))
    line = bob.last_state()
    assert line["game"]["piles"]["line"] == ["QH", "9S", "2C"] and offered(line, "take") == [0, 2]
    t.states()
    ana.states()

    ok(bob.call("game.act", {"action": {"type": "take", "position": 0}}))
    taken = {c: c.states() for c in (t, ana, bob)}
    assert taken[t][-1]["game"]["pending"] == "QH"
    assert [a["type"] for a in taken[bob][-1]["you"]["actions"]] == ["meld"]
    ok(bob.call("game.act", {"action": {"type": "meld", "cards": ["10H", "JH", "QH"]}}))
    frame = t.last_state()
    mine = bob.last_state()
    assert frame["game"]["melds"][1] == {"id": 2, "owner": bob.player_id, "kind": "run",
                                         "cards": ["10H", "JH", "QH"], "jokers": [None, None, None]}
    assert "3D" not in cards_in([frame, mine])
    assert sorted(mine["you"]["hand"]) == sorted(["3S", "4S", "8C", "8D", "2D", "9S", "2C"])
    assert mine["you"]["hand_points"] == 3 + 4 + 8 + 8 + 2 + 9 + 2


def test_kings_corner_foundations_reach_everybody_and_a_drawn_card_its_drawer(table, join):
    """The four foundations are public; each hand and each drawn card reach
    one phone; a move outside the offered ones is refused."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    ana_hand = ["QH", "JC", "10D", "9S", "8H", "7C", "6D"]
    bob_hand = ["KH", "2C", "3C", "4C", "5C", "6C", "7D"]
    deck = [h[r] for r in range(7) for h in (ana_hand, bob_hand)] + ["KS", "9H", "9D", "8S", "AC"]
    ok(t.call("game.start", {"mode": "kings_corner", "options": {"deck": deck, "seed": 2}}))
    dealt = {c: c.states() for c in (t, ana, bob)}
    foundations = {"KS", "9H", "9D", "8S"}
    assert cards_in(dealt[t]) == foundations
    assert cards_in(dealt[ana]) == foundations | set(ana_hand)
    assert cards_in(dealt[bob]) == foundations | set(bob_hand)
    err = ana.call("game.act", {"action": {"type": "play", "card": "QH", "to": "E"}})
    assert err["ok"] is False and err["error"]["code"] == "illegal_action"
    ok(ana.call("game.act", {"action": {"type": "play", "card": "QH", "to": "N"}}))
    ok(ana.call("game.act", {"action": {"type": "draw"}}))
    played = {c: c.states() for c in (t, ana, bob)}
    assert played[t][-1]["game"]["piles"]["N"] == ["KS", "QH"]
    assert "AC" in cards_in(played[ana]) and "AC" not in cards_in(played[t]) | cards_in(played[bob])
    assert played[bob][-1]["game"]["turn"] == bob.player_id


def test_shif_shof_shum_cards_set_aside_reach_nobody(table, join):
    """The cards an equal deal leaves over are set aside: no frame carries them."""
    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bob", "Cat")]
    ok(t.call("game.start", {"mode": "shif_shof_shum", "options": {"seed": 4, "pack": "32"}}))
    received = {c: c.states() for c in (t, *phones)}
    hands = [set(received[p][-1]["you"]["hand"]) for p in phones]
    assert [len(h) for h in hands] == [10, 10, 10] and received[t][-1]["game"]["piles"]["aside"] == 2
    assert cards_in(received[t]) == set()
    for phone, hand in zip(phones, hands):
        assert cards_in(received[phone]) == hand
    game = received[t][-1]["game"]
    assert game["tokens"] == {p.player_id: 4 for p in phones} and game["box"] == 3
