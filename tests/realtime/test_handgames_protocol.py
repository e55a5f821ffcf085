"""The hand games over the wire (Socket.IO test client): who did and did not
receive which card in a round of Cheat with a challenge, in an Old Maid take
and in a Go Fish ask; the call window closing on its own time."""

from __future__ import annotations

import json

from partyapp.games.kit.cards import STANDARD_DECK
from tests.games.hand_helpers import deal_order_deck, whole_deal
from tests.games.test_old_maid import deal as old_maid_deal

from tests.conftest import CARD, cards_in, ok


def act(client, type_: str, **params) -> dict:
    return client.call("game.act", {"action": {"type": type_, **params}})


def types(frame: dict) -> list[str]:
    return [a["type"] for a in frame["you"]["actions"]]


def test_a_round_of_cheat_with_a_challenge(table, join):
    """Ana, Bob and Cat play true cards; Ana then lies, Bob calls first and
    Cat's call comes too late. The turned cards reach everybody, the pile goes
    to Ana alone, and nobody ever receives another player's face-down cards."""
    t, code, _ = table
    ana, bob, cat = (join(code, n) for n in ("Ana", "Bob", "Cat"))
    deck = whole_deal([["7S", "2C", "KD"], ["8S"], ["9S", "9H"]], 3, STANDARD_DECK)
    ok(t.call("game.start", {"mode": "cheat", "options": {"deck": deck, "seed": 1}}))
    start = {c: c.last_state() for c in (t, ana, bob, cat)}
    assert start[t]["game"]["turn"] == ana.player_id and start[t]["game"]["piles"] == {"pile": 0}
    assert types(start[ana]) == ["play"] and types(start[bob]) == []
    hands = {c: set(start[c]["you"]["hand"]) for c in (ana, bob, cat)}

    ok(act(ana, "play", cards=["7S"], rank="7"))
    window = bob.last_state()
    assert window["game"]["turn"] is None and types(window) == ["call", "pass"]
    assert types(ana.last_state()) == [] and types(cat.last_state()) == ["call", "pass"]
    err = act(bob, "play", cards=["8S"], rank="8")
    assert err["ok"] is False and err["error"]["code"] == "illegal_action"
    ok(act(bob, "pass"))
    ok(act(cat, "pass"))
    ok(act(bob, "play", cards=["8S"], rank="8"))
    ok(act(ana, "pass"))
    ok(act(cat, "pass"))
    ok(act(cat, "play", cards=["9S", "9H"], rank="9"))
    ok(act(ana, "pass"))
    ok(act(bob, "pass"))
    assert t.last_state()["game"]["piles"] == {"pile": 4}
    ok(act(ana, "play", cards=["2C", "KD"], rank="8"))  # a lie
    ok(act(bob, "call"))
    late = act(cat, "call")
    assert late["ok"] is False and late["error"]["code"] == "conflict" and "first" in late["error"]["message"]

    frames = {c: c.states() for c in (t, ana, bob, cat)}
    end = frames[t][-1]["game"]
    assert end["reveal"] == {"player": ana.player_id, "rank": "8", "cards": ["2C", "KD"], "truthful": False,
                             "caller": bob.player_id, "taker": ana.player_id}
    assert end["piles"] == {"pile": 0} and end["turn"] == bob.player_id
    assert end["hand_sizes"][ana.player_id] == 18 - 3 + 6
    assert frames[t][-1]["players"][0]["drinks"] == 1
    assert {"7S", "8S", "9S", "9H", "2C", "KD"} <= set(frames[ana][-1]["you"]["hand"])
    # The face-down cards reached their holders only; the turned ones reached everybody.
    assert cards_in(frames[t]) == {"2C", "KD"}
    assert cards_in(frames[bob]) - hands[bob] == {"2C", "KD"}
    assert cards_in(frames[cat]) - hands[cat] == {"2C", "KD"}
    log = [e["msg"] for e in end["log"]]
    assert log[-3:] == ["cheat.call", "cheat.reveal", "cheat.pickup"]


def test_the_cheat_call_window_closes_on_its_own_time(table, join, clock):
    """With nobody calling, the play stands once ``call_seconds`` have gone by."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 2, "call_seconds": 5,
                                                          "deck": whole_deal([], 2, STANDARD_DECK)}}))
    card = ana.last_state()["you"]["hand"][0]
    played = clock.now()
    ok(act(ana, "play", cards=[card], rank="A"))
    window = t.last_state()["game"]["window"]
    assert window["until"] == played + 5 and window["seconds"] == 5
    clock.advance(4.999)
    assert t.states() == []  # not yet: nothing changed
    clock.advance(0.001)
    game = t.last_state()["game"]
    assert game["window"] is None and game["turn"] == bob.player_id
    assert types(bob.last_state()) == ["play"]


def test_an_old_maid_take_reaches_the_taker_and_the_holder_only(table, join):
    """Ana takes a card unseen from Cat's fan: Ana and Cat see which card; Bob
    and the table see only the place it came from."""
    t, code, _ = table
    ana, bob, cat = (join(code, n) for n in ("Ana", "Bob", "Cat"))
    deck = old_maid_deal(["5H", "9S", "KD", "JH", "10H"], ["5S", "9H", "QS", "2C", "8D"],
                         ["KH", "JS", "10S", "2S", "8H"])
    ok(t.call("game.start", {"mode": "old_maid", "options": {"deck": deck, "seed": 3}}))
    view = ana.last_state()
    assert view["game"]["taker"] == ana.player_id and view["game"]["holder"] == cat.player_id
    assert view["you"]["actions"] == [{"type": "take", "params": {"position": {"one_of": [0, 1, 2, 3, 4]}}}]
    assert cat.last_state()["you"]["hand"] == ["KH", "JS", "10S", "2S", "8H"]
    for c in (t, ana, bob, cat):
        c.states()
    ok(act(ana, "take", position=3))
    frames = {c: c.states() for c in (t, ana, bob, cat)}
    assert frames[ana][-1]["you"]["last_take"]["card"] == "2S" and "2S" in frames[ana][-1]["you"]["hand"]
    assert frames[cat][-1]["you"]["last_take"]["card"] == "2S"
    assert frames[bob][-1]["you"]["last_take"] is None
    assert frames[t][-1]["game"]["last_take"] == {"taker": ana.player_id, "holder": cat.player_id, "position": 3}
    assert "2S" not in cards_in(frames[t]) | cards_in(frames[bob])
    assert frames[t][-1]["game"]["taker"] == bob.player_id


def test_a_go_fish_ask_shows_the_rank_and_count_but_not_the_suits(table, join):
    """Ana asks Bob for sevens: Ana receives the cards, the table and Bob's
    neighbours see "two 7s", never which."""
    t, code, _ = table
    ana, bob, cat = (join(code, n) for n in ("Ana", "Bob", "Cat"))
    hands = [["7S", "3C", "4C", "5C", "6C", "8C", "9C"], ["7H", "7D", "3D", "4D", "5D", "6D", "8D"],
             ["2S", "3S", "4S", "5S", "6S", "8S", "9S"]]
    ok(t.call("game.start", {"mode": "go_fish", "options": {"deck": deal_order_deck(hands), "seed": 4}}))
    for c in (t, ana, bob, cat):
        c.states()
    ok(act(ana, "ask", player=bob.player_id, rank="7"))
    frames = {c: c.states() for c in (t, ana, bob, cat)}
    game = frames[t][-1]["game"]
    assert game["last"] == {"player": ana.player_id, "target": bob.player_id, "rank": "7", "count": 2}
    give = [e for e in game["log"] if e["msg"] == "go_fish.give"]
    assert [{k: e[k] for k in ("player", "to", "rank", "count")} for e in give] == [
        {"player": bob.player_id, "to": ana.player_id, "rank": "7", "count": 2}]
    assert {"7H", "7D"} <= set(frames[ana][-1]["you"]["hand"])
    for c in (t, bob, cat):
        assert not {"7H", "7D"} & cards_in(frames[c]), c
    assert game["turn"] == ana.player_id
    assert not CARD.findall(json.dumps(frames[t]))


def test_the_go_fish_deal_passes_clockwise_from_game_to_game(table, join):
    """Five games of Go Fish in one room: the first dealer is drawn by lot,
    then each game is dealt by the next player clockwise from the last
    game's dealer, whatever the seed; a player who left is passed over."""
    t, code, _ = table
    phones = [join(code, n) for n in ("Ana", "Bob", "Cat", "Dan")]
    ids = [p.player_id for p in phones]
    dealers = []
    for seed in (4, 4, 9, 1, 4):
        ok(t.call("game.start", {"mode": "go_fish", "options": {"seed": seed}}))
        game = t.last_state()["game"]
        dealers.append(game["dealer"])
        assert game["turn"] == ids[(ids.index(game["dealer"]) + 1) % 4]
        ok(t.call("host.command", {"command": "end_game"}))
    first = ids.index(dealers[0])
    assert dealers == [ids[(first + k) % 4] for k in range(5)]
    # The next dealer leaves: the deal goes to the player after them.
    leaver = phones[(first + 5) % 4]
    ok(leaver.call("player.leave", {}))
    ok(t.call("game.start", {"mode": "go_fish", "options": {"seed": 4}}))
    assert t.last_state()["game"]["dealer"] == ids[(first + 6) % 4]
