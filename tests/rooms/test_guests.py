"""Guests without a phone (issue 27): the table device or the host seats a
named guest (``host.command add_guest``), plays their moves (``game.act``
with ``as``), looks at their hand (``guest.view``, in the answer only) and
removes them; any seat with its own phone is refused ``forbidden``; a guest
is never played by the app while the table is here; bots and guests mix.
The host player's phone plays for a guest only while no table device is
here (a TV is none) and only while the game waits on that guest (issue 44)."""

from __future__ import annotations

from partyapp.realtime.coalesce import EVERY_S
import json

from tests.conftest import PACE, error_code, next_state, ok, player, quick


def add_guest(sender, name: str, **extra) -> str:
    return ok(sender.call("host.command", {"command": "add_guest", "name": name, **extra}))["player_id"]


def cards_in(text: str, cards: list[str]) -> list[str]:
    """Which of ``cards`` appear as card strings in a frame's JSON text."""
    return [c for c in cards if f'"{c}"' in text]


# -- seating ------------------------------------------------------------------------------

def test_the_table_seats_a_guest_with_a_tally_a_profile_and_no_phone(table):
    t, code, _ = table
    dan = add_guest(t, "Dan", profile="soft")
    state = t.last_state()
    seat = player(state, dan)
    assert seat["name"] == "Dan" and seat["guest"] is True and seat["bot"] is False
    assert seat["connected"] is True  # here while the table is
    assert seat["profile"] == "soft" and seat["drinks"] == 0 and "forfeits" in seat
    assert state["room"]["host_player"] is None  # a guest never hosts
    # the names follow a join's rules
    assert error_code(t.call("host.command", {"command": "add_guest", "name": "DAN"})) == "name_taken"
    assert error_code(t.call("host.command", {"command": "add_guest", "name": "   "})) == "bad_request"
    assert error_code(t.call("host.command", {"command": "add_guest", "name": "x" * 25})) == "bad_request"
    assert error_code(t.call("host.command", {"command": "add_guest", "name": "Eve", "profile": "beer"})) \
        == "bad_request"


def test_only_the_table_or_the_host_seats_a_guest_and_a_guest_cannot_host(table, join, client):
    t, code, _ = table
    ana = join(code, "Ana")
    bea = join(code, "Bea")
    assert error_code(bea.call("host.command", {"command": "add_guest", "name": "Dan"})) == "forbidden"
    dan = add_guest(ana, "Dan")
    assert error_code(ana.call("host.command", {"command": "set_host", "player_id": dan})) == "illegal_action"
    # a phone cannot take the guest's name, and the guest's seat has no token anybody knows
    answer = client().call("player.join", {"code": code, "name": "dan"})
    assert answer["ok"] is False and answer["error"]["code"] == "name_taken"
    # the host leaves: the host role passes to a person with a phone, never to the guest
    ok(ana.call("player.leave", {}))
    assert t.last_state()["room"]["host_player"] == bea.player_id


def test_the_host_changes_a_guests_profile_and_name_and_nobody_else_can(table, join, clock):
    t, code, _ = table
    ana = join(code, "Ana")
    bea = join(code, "Bea")
    dan = add_guest(t, "Dan")
    ok(t.call("player.update", {"as": dan, "profile": "none"}))
    ok(ana.call("player.update", {"as": dan, "name": "Danny"}))
    clock.advance(EVERY_S)  # a phone's own changes go out a few times a second at most
    seat = player(t.last_state(), dan)
    assert seat["profile"] == "none" and seat["name"] == "Danny"
    assert error_code(bea.call("player.update", {"as": dan, "profile": "drinks"})) == "forbidden"
    assert error_code(t.call("player.update", {"as": bea.player_id, "profile": "none"})) == "forbidden"
    assert error_code(t.call("player.update", {"as": "nobody", "profile": "none"})) == "bad_request"
    assert t.states() == []  # nothing changed


def test_the_host_removes_a_guest_who_may_be_seated_again(table, join):
    t, code, _ = table
    dan = add_guest(t, "Dan")
    ok(t.call("host.command", {"command": "kick", "player_id": dan}))
    state = t.last_state()
    assert all(p["id"] != dan for p in state["players"]) and state["room"]["banned"] == []
    add_guest(t, "Dan")


def test_a_guest_is_here_while_the_table_or_the_hosts_phone_is(table, join, client):
    """The table plays for a guest, or with no table the host's phone: the
    guest is away (and the app may take their seat over) only when both
    are gone, and the host's phone that counts is the host's of the moment."""
    t, code, host_token = table
    dan = add_guest(t, "Dan")
    ana = join(code, "Ana")  # the host
    bea = join(code, "Bea")
    t.disconnect()
    here = bea.last_state()
    assert player(here, dan)["connected"] is True and player(here, dan)["away_since"] is None
    ana.disconnect()
    away = bea.last_state()
    assert player(away, dan)["connected"] is False and player(away, dan)["away_since"] is not None
    back = client()
    ok(back.call("table.attach", {"code": code, "host_token": host_token}))
    assert player(back.last_state(), dan)["connected"] is True
    ok(back.call("host.command", {"command": "set_host", "player_id": bea.player_id}))
    back.disconnect()
    assert player(bea.last_state(), dan)["connected"] is True  # Bea's phone hosts now, and it is here


# -- playing for a guest ---------------------------------------------------------------------

def test_the_table_and_the_host_play_a_guests_turn_and_no_seat_with_a_phone(table, join):
    t, code, host_token = table
    ana = join(code, "Ana")
    bea = join(code, "Bea")
    dan = add_guest(t, "Dan")
    ok(t.call("host.command", {"command": "seat_order", "player_ids": [dan, ana.player_id, bea.player_id]}))
    ok(t.call("game.start", {"mode": "ring_of_fire", "options": {"seed": 1, "deck": ["5S", "5H", "5D", "5C"]}}))
    assert t.last_state()["game"]["turn"] == dan
    # Bea (not the host) may not play for the guest; nobody may play a seat that has a phone
    assert error_code(bea.call("game.act", {"as": dan, "action": {"type": "draw"}})) == "forbidden"
    assert error_code(ana.call("game.act", {"as": bea.player_id, "action": {"type": "draw"}})) == "forbidden"
    assert error_code(t.call("game.act", {"as": ana.player_id, "action": {"type": "draw"}})) == "forbidden"
    assert error_code(t.call("game.act", {"action": {"type": "draw"}})) == "forbidden"
    assert error_code(t.call("game.act", {"as": 7, "action": {"type": "draw"}})) == "bad_request"
    ok(t.call("game.act", {"as": dan, "action": {"type": "draw"}}))
    state = t.last_state()
    assert state["game"]["last_card"] == "5S" and state["game"]["turn"] == ana.player_id
    ok(ana.call("game.act", {"action": {"type": "draw"}}))
    ok(bea.call("game.act", {"action": {"type": "draw"}}))
    assert t.last_state()["game"]["turn"] == dan
    # while the table device is here it plays for the guest alone: not the host's phone, even on his turn
    assert error_code(ana.call("game.act", {"as": dan, "action": {"type": "draw"}})) == "forbidden"
    # a TV (a screen nobody is handed): the host's phone plays the guest's turn; a wrong move is the rules' refusal
    ok(t.call("table.attach", {"code": code, "host_token": host_token, "tv": True}))
    assert t.last_state()["room"]["table_tv"] is True
    assert error_code(ana.call("game.act", {"as": dan, "action": {"type": "fly"}})) == "illegal_action"
    ok(ana.call("game.act", {"as": dan, "action": {"type": "draw"}}))
    assert t.last_state()["game"]["last_card"] == "5C"


def test_a_guests_hand_is_only_in_the_answer_to_guest_view(table, join):
    """Old Maid with a guest: the guest's cards are in no frame the table or
    a phone is sent, only in the answer to guest.view (from the table or the
    host), which matches the rev it answers."""
    t, code, _ = table
    ana = join(code, "Ana")
    bea = join(code, "Bea")
    dan = add_guest(t, "Dan")
    for seed in range(1, 40):  # a game in which Dan takes first: the table sees his hand on his turn
        for client in (t, ana, bea):
            client.states()
        ok(t.call("game.start", {"mode": "old_maid", "options": {"seed": seed}}))
        frames = {"table": t.states(), "ana": ana.states(), "bea": bea.states()}
        if frames["table"][-1]["game"]["turn"] == dan:
            break
        ok(t.call("host.command", {"command": "end_game"}))
    assert all("you" not in f for f in frames["table"])
    seen = ok(t.call("guest.view", {"player_id": dan}))
    you = seen["you"]
    assert you["player_id"] == dan and you["hand"] and seen["rev"] == frames["table"][-1]["rev"]
    # the host player's phone may not look while the table device is here (issue 44)
    assert error_code(ana.call("guest.view", {"player_id": dan})) == "forbidden"
    for who, sent in frames.items():
        for frame in sent:
            assert cards_in(json.dumps(frame), you["hand"]) == [], who
            assert frame.get("you", {}).get("player_id") in (None, ana.player_id, bea.player_id)
    assert len(you["hand"]) == frames["table"][-1]["game"]["hand_sizes"][dan]
    # nobody else may look, and no seat with a phone can be looked at
    assert error_code(bea.call("guest.view", {"player_id": dan})) == "forbidden"
    assert error_code(t.call("guest.view", {"player_id": ana.player_id})) == "forbidden"
    assert error_code(t.call("guest.view", {"player_id": "p999"})) == "forbidden"
    assert error_code(t.call("guest.view", {})) == "bad_request"
    # the guest's move, made from the view's actions, goes through
    state = t.last_state() if t.states() else frames["table"][-1]
    turn = state["game"]["turn"]
    if turn == dan:
        action = you["actions"][0]
        ok(t.call("game.act", {"as": dan, "action": {"type": action["type"], "position": 0}}))


def test_every_guests_view_in_one_request_at_one_rev(table, join):
    """A table handed round among many guests asks for all their views in
    one guest.view (``player_ids``), not one request per guest, so a table
    of sixteen does not run into the rate limit at every change: each view
    is the one its single request gives, all at the answer's rev. One id
    that is not a guest refuses the lot; a malformed list is bad_request."""
    t, code, _ = table
    ana = join(code, "Ana")
    bea = join(code, "Bea")
    guests = [add_guest(t, name) for name in ("Dan", "Eve", "Fay")]
    # a drinking deck: nothing in a view is secret, every guest's buttons are on the table
    ok(t.call("game.start", {"mode": "ring_of_fire", "options": {"seed": 11}}))
    both = ok(t.call("guest.view", {"player_ids": guests}))
    assert set(both["views"]) == set(guests) and "you" not in both
    for pid in guests:
        one = ok(t.call("guest.view", {"player_id": pid}))
        assert one["rev"] == both["rev"] and one["you"] == both["views"][pid]
    assert [v["player_id"] for v in both["views"].values()] == guests
    assert error_code(t.call("guest.view", {"player_ids": [guests[0], ana.player_id]})) == "forbidden"
    assert error_code(bea.call("guest.view", {"player_ids": guests})) == "forbidden"
    assert error_code(ana.call("guest.view", {"player_ids": guests})) == "forbidden"  # the table device is here
    for bad in ([], [guests[0], guests[0]], "p1", [1], ["p1"] * 65):
        assert error_code(t.call("guest.view", {"player_ids": bad})) == "bad_request", bad


def test_the_host_player_reads_no_guests_hand_while_the_table_device_is_here(table, join):
    """Issue 44: from the host's phone, guest.view returned a guest's ten
    Cheat cards in a game the host played in, while a table device was
    attached, and ``as`` let the host move for the guest. While a table
    device is here, guests' views and moves come from it alone."""
    t, code, _ = table
    ana = join(code, "Ana")
    bea = join(code, "Bea")
    dan = add_guest(t, "Dan")
    ok(t.call("host.command", {"command": "seat_order", "player_ids": [dan, ana.player_id, bea.player_id]}))
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 4}}))
    state = t.last_state()
    assert state["game"]["turn"] == dan and dan in state["game"]["hand_sizes"]
    hand = ok(t.call("guest.view", {"player_id": dan}))["you"]["hand"]  # the table's, as before
    assert len(hand) >= 10
    for asked in ({"player_id": dan}, {"player_ids": [dan]}):
        answer = ana.call("guest.view", asked)
        assert error_code(answer) == "forbidden" and "you" not in answer and "views" not in answer
        assert "table device" in answer["error"]["message"]
    play = {"type": "play", "cards": hand[:1], "rank": "A"}
    assert error_code(ana.call("game.act", {"as": dan, "action": play})) == "forbidden"
    assert t.states() == []  # nothing moved
    assert error_code(bea.call("guest.view", {"player_id": dan})) == "forbidden"


def test_without_a_table_device_the_host_s_phone_gets_only_the_guest_waited_on(table, join):
    """With a TV (a screen nobody is handed) or no table at all, the host's
    phone gets a guest's view and makes their move only while the game
    waits on that guest; never another guest's, never out of their turn."""
    t, code, host_token = table
    ana = join(code, "Ana")
    dan = add_guest(t, "Dan")
    eve = add_guest(t, "Eve")
    ok(t.call("table.attach", {"code": code, "host_token": host_token, "tv": True}))
    ok(t.call("game.start", {"mode": "go_fish", "options": {"seed": 3}}))
    state = t.last_state()
    turn = state["game"]["turn"]
    assert turn in (dan, eve)
    other = eve if turn == dan else dan
    assert player(state, turn)["waiting"] and not player(state, other)["waiting"]
    assert ok(ana.call("guest.view", {"player_id": turn}))["you"]["hand"]
    answer = ana.call("guest.view", {"player_id": other})
    assert error_code(answer) == "forbidden" and "own turn" in answer["error"]["message"]
    assert error_code(ana.call("guest.view", {"player_ids": [turn, other]})) == "forbidden"
    assert error_code(ana.call("game.act", {"as": other, "action": {"type": "ask", "player": turn, "rank": "A"}})) \
        == "forbidden"
    # no table at all: the same
    t.disconnect()
    you = ok(ana.call("guest.view", {"player_id": turn}))["you"]
    assert error_code(ana.call("guest.view", {"player_id": other})) == "forbidden"
    ask = next(a for a in you["actions"] if a["type"] == "ask")
    ok(ana.call("game.act", {"as": turn, "action": {"type": "ask", "player": ask["params"]["player"]["one_of"][0],
                                                    "rank": ask["params"]["rank"]["one_of"][0]}}))
    state = ana.last_state()
    if not player(state, turn)["waiting"]:  # the turn is over: the guest's hand is theirs again
        assert error_code(ana.call("guest.view", {"player_id": turn})) == "forbidden"


def test_a_guest_plays_old_maid_to_the_end_beside_a_bot_and_the_app_never_plays_the_guest(app, table, join, clock):
    """A bot, a person and a guest: the bot moves by itself, the table plays
    the guest's turns from guest.view, the guest's seat is never taken over
    while the table is here (however long the app would wait for an absent
    phone), and the game ends."""
    quick(app, takeover_s=0.05)
    t, code, _ = table
    ana = join(code, "Ana")
    bot = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    dan = add_guest(t, "Dan")
    ok(t.call("game.start", {"mode": "old_maid", "options": {"seed": 5}}))
    end = clock.now() + 600
    state = ana.last_state()
    takers: list[str] = []
    while not state["game"]["over"]:
        assert clock.now() < end, "the game did not finish"
        assert player(state, dan)["auto"] is False
        if state["game"]["turn"] == dan:
            clock.advance(10 * PACE)  # longer than the take-over wait: the app still leaves the guest alone
            you = ok(t.call("guest.view", {"player_id": dan}))["you"]
            if any(a["type"] == "take" for a in you["actions"]):
                t.call("game.act", {"as": dan, "action": {"type": "take", "position": 0}})
        elif any(a["type"] == "take" for a in state["you"]["actions"]):
            ana.call("game.act", {"action": {"type": "take", "position": 0}})
        else:
            clock.step()  # the bot's move, when it is due
        for state in ana.states():
            takers.extend(e["player"] for e in state["game"]["log"] if e["msg"] == "old_maid.take")
    assert {bot, dan, ana.player_id} <= set(takers)
    room = app.extensions["partyapp"].registry.get(code)
    assert dan not in room.autoplay.get("seats", {})


def go_fish_waiting_on_dan(app, table, join):
    """Go Fish with Ana (the host's phone) and Dan (no phone), waiting on
    Dan, the app taking an absent seat over after 0.2 s: (table, code, Ana,
    Dan's id)."""
    quick(app, takeover_s=0.2)
    t, code, _ = table
    ana = join(code, "Ana")
    dan = add_guest(t, "Dan")
    ok(t.call("host.command", {"command": "seat_order", "player_ids": [dan, ana.player_id]}))
    ok(t.call("game.start", {"mode": "go_fish", "options": {"seed": 3}}))
    assert t.last_state()["game"]["turn"] == dan
    return t, code, ana, dan


def test_with_the_table_gone_the_hosts_phone_plays_for_the_guest_and_the_app_leaves_them_alone(
        app, table, join, clock):
    """The table device goes while Go Fish waits on the guest, and the
    host's phone stays: however long it takes, the app never takes the
    guest's seat over, and the host's phone plays the guest's turn."""
    t, code, ana, dan = go_fish_waiting_on_dan(app, table, join)
    t.disconnect()
    clock.advance(10 * 0.2)  # far past the take-over wait
    state = ana.last_state()
    assert player(state, dan)["connected"] is True and player(state, dan)["auto"] is False
    assert state["game"]["turn"] == dan
    you = ok(ana.call("guest.view", {"player_id": dan}))["you"]
    ask = next(a for a in you["actions"] if a["type"] == "ask")
    ok(ana.call("game.act", {"as": dan, "action": {"type": "ask", "player": ana.player_id,
                                                   "rank": ask["params"]["rank"]["one_of"][0]}}))
    room = app.extensions["partyapp"].registry.get(code)
    assert dan not in room.autoplay.get("seats", {})


def test_with_the_table_and_the_hosts_phone_gone_a_guest_waited_on_is_played_by_the_app(app, table, join, clock):
    """The table device and the host's phone go while Go Fish waits on the
    guest: like a phone that went away, the seat is played after
    bot_takeover_s."""
    t, code, ana, dan = go_fish_waiting_on_dan(app, table, join)
    bea = join(code, "Bea")  # stays to watch; she is no host
    bea.states()
    t.disconnect()
    ana.disconnect()
    taken = next_state(bea, clock, lambda s: player(s, dan)["auto"])
    assert player(taken, dan)["connected"] is False


def test_a_guests_hand_goes_to_the_table_only_on_their_turn_or_a_look_the_log_tells(table, join):
    """Old Maid with Dan and Eve, no phone: on Dan's turn the table device
    gets Dan's hand and not Eve's (alone or among several); Eve's comes out
    of her turn only as a look from her own seat (``look``), which the log
    says ("Eve looked at her hand") in every frame; the host's phone never
    gets either while the table device is here."""
    t, code, _ = table
    ana = join(code, "Ana")
    ben = join(code, "Ben")
    dan, eve = add_guest(t, "Dan"), add_guest(t, "Eve")
    ok(t.call("host.command", {"command": "seat_order", "player_ids": [dan, eve, ana.player_id, ben.player_id]}))
    for seed in range(1, 40):
        ok(t.call("game.start", {"mode": "old_maid", "options": {"seed": seed}}))
        state = t.last_state()
        if state["game"]["turn"] == dan:
            break
        ok(t.call("host.command", {"command": "end_game"}))
    assert [p["id"] for p in state["players"] if p["waiting"]] == [dan]
    assert ok(t.call("guest.view", {"player_id": dan}))["you"]["hand"]
    assert error_code(t.call("guest.view", {"player_id": eve})) == "forbidden"
    assert error_code(t.call("guest.view", {"player_ids": [dan, eve]})) == "forbidden"
    assert error_code(t.call("guest.view", {"player_id": eve, "look": "yes"})) == "bad_request"
    assert error_code(ana.call("guest.view", {"player_id": eve, "look": True})) == "forbidden"
    assert not [e for e in state["game"]["log"] if e["msg"] == "game.looked"] and t.states() == []
    looked = ok(t.call("guest.view", {"player_id": eve, "look": True}))
    assert looked["you"]["player_id"] == eve and looked["you"]["hand"]
    for client in (t, ana, ben):
        after = client.last_state()
        assert after["rev"] == looked["rev"]
        assert [e for e in after["game"]["log"] if e["msg"] == "game.looked"][-1]["player"] == eve


def test_a_guests_move_from_the_table_answers_with_their_hand_after_it(table, join):
    """Old Maid: Dan takes a card on the table device asking for his view
    (``view``): the answer carries his hand after the take, the card taken
    in it, to the table alone; without ``view`` the answer is a bare ok."""
    t, code, _ = table
    ana = join(code, "Ana")
    join(code, "Ben")
    dan = add_guest(t, "Dan")
    for seed in range(1, 40):
        ok(t.call("game.start", {"mode": "old_maid", "options": {"seed": seed}}))
        if t.last_state()["game"]["turn"] == dan:
            break
        ok(t.call("host.command", {"command": "end_game"}))
    before = ok(t.call("guest.view", {"player_id": dan}))["you"]
    take = next(a for a in before["actions"] if a["type"] == "take")
    position = take["params"]["position"]["one_of"][0]
    answer = ok(t.call("game.act", {"as": dan, "action": {"type": "take", "position": position}, "view": True}))
    after = answer["you"]
    assert after["player_id"] == dan  # the card taken joined his hand, or made a pair he put down
    assert len(after["hand"]) in (len(before["hand"]) + 1, len(before["hand"]) - 1)
    state = t.last_state()
    took = [e for e in state["game"]["log"] if e["msg"] == "old_maid.take"]
    assert took and took[-1]["player"] == dan
    assert answer["rev"] == state["rev"]  # the revision the view belongs to (the table's "Undo Dan's move")
    assert error_code(t.call("game.act", {"as": dan, "action": {"type": "take", "position": 0}, "view": 1})) \
        == "bad_request"
    assert "you" not in ok(ana.call("player.update", {"group": "chicks"}))
