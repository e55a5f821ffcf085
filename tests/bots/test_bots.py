"""Bots over the wire (Socket.IO test client): the host seats a bot and removes
it, with every refusal; bots sit the drinking decks out and never drink; a
game with a bot is played to its end on the server's own timers; a dropped
phone's seat is played after ``bot_takeover_s`` and handed back the moment it
resumes; bots survive a restart; and every frame a bot is handed is exactly
the frame a phone in its seat is sent."""

from __future__ import annotations

import pytest

from partyapp.realtime import fanout
from partyapp.bots import runner
from tests.conftest import Client, error_code, go_fish_away, next_state, ok, player, quick
from tests.games.test_old_maid import deal as old_maid_deal


# -- seating and removing a bot --------------------------------------------------------

def test_the_host_adds_a_bot_with_a_name_a_look_and_a_level(table, join):
    """add_bot answers the bot's player id; everybody sees it as a bot with a
    name and a look of its own, the level asked for, connected, no drinks."""
    t, code, _ = table
    ana = join(code, "Ana")
    first = ok(ana.call("host.command", {"command": "add_bot"}))
    second = ok(t.call("host.command", {"command": "add_bot", "level": "fast"}))
    assert first["player_id"] != second["player_id"]
    state = ana.last_state()
    bots = [p for p in state["players"] if p["bot"]]
    assert [b["id"] for b in bots] == [first["player_id"], second["player_id"]]
    assert [b["level"] for b in bots] == ["normal", "fast"]
    assert len({b["name"] for b in bots}) == 2 and len({b["look"] for b in bots}) == 2
    assert all(b["connected"] and b["drinks"] == 0 and not b["auto"] for b in bots)
    assert player(state, ana.player_id)["bot"] is False
    assert state["room"]["host_player"] == ana.player_id


def test_a_bot_never_takes_a_name_in_use(table, join):
    """A person already called like the first bot name keeps it; the bot takes another."""
    t, code, _ = table
    join(code, "Chip")
    pid = ok(t.call("host.command", {"command": "add_bot"}))["player_id"]
    name = player(t.last_state(), pid)["name"]
    assert name.casefold() != "chip"


def test_add_bot_refusals(make_app, join):
    """Only the host may seat a bot; a full room refuses it; a bad level or
    rev is a bad request; a connection in no room is refused."""
    app = make_app(PARTYAPP_MAX_PLAYERS=3)
    t = Client(app)
    code = ok(t.call("room.create", {}))["code"]
    ana = Client(app)
    ok(ana.call("player.join", {"code": code, "name": "Ana"}))
    bob = Client(app)
    ok(bob.call("player.join", {"code": code, "name": "Bob"}))
    assert error_code(bob.call("host.command", {"command": "add_bot"})) == "forbidden"
    for junk in ({"command": "add_bot", "level": "insane"}, {"command": "add_bot", "level": 2},
                 {"command": "add_bot", "level": None}, {"command": "add_bot", "rev": "x"},
                 {"command": "add_bots"}, {"command": ["add_bot"]}):
        assert error_code(ana.call("host.command", junk)) == "bad_request", junk
    assert error_code(ana.call("host.command", "add_bot")) == "bad_request"
    assert error_code(Client(app).call("host.command", {"command": "add_bot"})) == "forbidden"
    ok(ana.call("host.command", {"command": "add_bot"}))
    assert error_code(ana.call("host.command", {"command": "add_bot"})) == "room_full"
    assert error_code(t.call("host.command", {"command": "add_bot", "rev": 0})) == "conflict"
    assert len(t.last_state()["players"]) == 3


def test_kick_removes_a_bot_and_a_bot_never_hosts(table, join):
    """kick takes a bot away (its name stays in room.former); a bot cannot be
    made host, and when the host leaves the role passes to a person."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    pid = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    ok(t.call("host.command", {"command": "seat_order", "player_ids": [ana.player_id, pid, bob.player_id]}))
    assert error_code(ana.call("host.command", {"command": "set_host", "player_id": pid})) == "illegal_action"
    ok(ana.call("player.leave", {}))
    state = t.last_state()
    assert state["room"]["host_player"] == bob.player_id
    name = player(state, pid)["name"]
    ok(bob.call("host.command", {"command": "kick", "player_id": pid}))
    state = t.last_state()
    assert [p["id"] for p in state["players"]] == [bob.player_id]
    assert state["room"]["former"][pid] == name


def test_bots_sit_out_the_drinking_decks(table, join):
    """A drinking deck deals in people only: one person and a bot are too few,
    and with two people the bot sits it out and the table says so."""
    t, code, _ = table
    ana = join(code, "Ana")
    pid = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    assert error_code(t.call("game.start", {"mode": "ring_of_fire", "options": {}})) == "illegal_action"
    join(code, "Bob")
    ok(t.call("game.start", {"mode": "ring_of_fire", "options": {}}))
    state = t.last_state()
    bot = player(state, pid)
    assert bot["in_game"] is False and bot["sits_out"] is True
    assert [p["sits_out"] for p in state["players"]] == [False, True, False]


def test_a_bot_joining_mid_game_is_dealt_in_where_the_game_allows(app, table, join, clock):
    """A bot seated during Blackjack's betting bets in this deal; one seated
    during a hand game waits for the next game, like a person."""
    quick(app)
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    ok(t.call("game.start", {"mode": "blackjack", "options": {"seed": 1}}))
    pid = ok(t.call("host.command", {"command": "add_bot"}))["player_id"]
    state = t.last_state()
    assert player(state, pid)["in_game"] is True and pid in state["game"]["waiting_for"]
    next_state(t, clock, lambda s: any(e["msg"] == "blackjack.bet" and e["player"] == pid for e in s["game"]["log"]))
    ok(t.call("host.command", {"command": "end_game"}))
    ok(t.call("host.command", {"command": "end_game"}))
    ok(t.call("game.start", {"mode": "old_maid", "options": {"seed": 2}}))
    late = ok(t.call("host.command", {"command": "add_bot"}))["player_id"]
    state = t.last_state()
    assert player(state, late)["in_game"] is False and player(state, late)["sits_out"] is False


# -- playing ----------------------------------------------------------------------------

def test_a_person_and_a_bot_play_old_maid_to_the_end(app, table, join, clock):
    """The bot takes its turns by itself, on the server's timers, through the
    same moves as a phone; the person answers theirs; the game ends."""
    quick(app)
    t, code, _ = table
    ana = join(code, "Ana")
    bot = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    ok(t.call("game.start", {"mode": "old_maid", "options": {"seed": 5}}))
    end = clock.now() + 600
    state = ana.last_state()
    log: dict[int, dict] = {}
    while not state["game"]["over"]:
        assert clock.now() < end, "the game did not finish"
        if any(a["type"] == "take" for a in state["you"]["actions"]):
            ana.call("game.act", {"action": {"type": "take", "position": 0}})
        else:
            clock.step()  # the bot's move, when it is due
        for state in ana.states():
            log.update((e["id"], e) for e in state["game"]["log"])
    takers = [e["player"] for _, e in sorted(log.items()) if e["msg"] == "old_maid.take"]
    assert bot in takers and ana.player_id in takers
    assert state["game"]["result"]["reason"] == "out"


def test_bots_never_drink(app, table, join, clock):
    """The bot deals home Blackjack, hits its 16 and busts: a bust dealer
    drinks, but a bot drinks nothing, in the log, the result or its seat."""
    quick(app)
    t, code, _ = table
    ana = join(code, "Ana")
    bot = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    deck = ["10S", "6S", "10H", "QH", "KD"]  # Ana 20; the bot, dealing, 16 and then a king
    ok(t.call("game.start", {"mode": "blackjack", "options": {"deck": deck, "rounds": 1, "seed": 1}}))
    assert t.last_state()["game"]["dealer"] == bot
    ok(ana.call("game.act", {"action": {"type": "bet", "amount": 10}}))
    ok(ana.call("game.act", {"action": {"type": "stand"}}))
    end = next_state(t, clock, lambda s: s["game"] is not None and s["game"]["over"])
    log = end["game"]["log"]
    assert [e["card"] for e in log if e["msg"] == "blackjack.hit" and e["player"] == bot] == ["KD"]
    assert not [e for e in log if e["msg"] == "forfeit.drink"]
    assert end["game"]["result"]["drinks"] == {} and end["game"]["drinks"] == {}
    assert player(end, bot)["drinks"] == 0
    ok(t.call("host.command", {"command": "end_game"}))
    assert player(t.last_state(), bot)["drinks"] == 0


# -- a phone that drops ------------------------------------------------------------------

def test_a_dropped_phone_is_played_for_and_handed_back_on_resume(app, table, join, client, clock):
    """Ana's phone goes while Go Fish waits on her: after bot_takeover_s the
    table shows her seat played by the app (auto) and her turn is taken; when
    her phone resumes the seat is hers again and the app stops playing it."""
    t, code, ana, bob = go_fish_away(app, table, join)
    away = next_state(t, clock, lambda s: not player(s, ana.player_id)["connected"])
    assert player(away, ana.player_id)["auto"] is False  # not yet: it waits bot_takeover_s
    taken = next_state(t, clock, lambda s: player(s, ana.player_id)["auto"])
    assert taken["room"]["time"] - player(taken, ana.player_id)["away_since"] >= 0.3
    assert taken["game"]["turn"] == ana.player_id
    played = next_state(t, clock, lambda s: s["game"]["turn"] == bob.player_id)
    assert played["game"]["log"][-2]["msg"] in ("go_fish.give", "go_fish.fish", "go_fish.ask")
    assert [e["player"] for e in played["game"]["log"] if e["msg"] == "go_fish.ask"] == [ana.player_id]
    assert player(played, ana.player_id)["auto"] is True
    # Ana's phone comes back: her seat and hand, and no move made for her any more.
    back = client()
    ok(back.call("player.resume", {"code": code, "token": ana.token}))
    state = back.last_state()
    assert player(state, ana.player_id)["auto"] is False and player(state, ana.player_id)["connected"]
    room = app.extensions["partyapp"].registry.get(code)
    assert room.autoplay["seats"] == {} and room.autoplay["memory"] == {}
    rank = bob.last_state()["you"]["actions"][0]["params"]["rank"]["one_of"][0]
    ok(bob.call("game.act", {"action": {"type": "ask", "player": ana.player_id, "rank": rank}}))
    state = back.last_state()
    assert state["game"]["turn"] == ana.player_id and state["you"]["actions"]
    clock.advance(60)  # far beyond a bot's pause and the take-over wait: nobody moves for Ana
    assert back.states() == []
    assert room.game.turn() == ana.player_id


def test_bots_wait_for_an_audience(app, table, join, clock):
    """With the table and every person's phone gone, the bots make no move."""
    quick(app)
    t, code, _ = table
    ana = join(code, "Ana")
    for _ in range(2):
        ok(ana.call("host.command", {"command": "add_bot"}))
    room = app.extensions["partyapp"].registry.get(code)
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 4}}))
    t.disconnect()
    ana.disconnect()
    clock.advance(0.2)
    rev = room.rev
    assert app.extensions["partyapp"].autoplay.next_due(room) is None
    clock.advance(60)
    assert room.rev == rev


def test_bots_survive_a_restart(make_app, tmp_path):
    """A room with bots in a running game is saved; another server on the
    same store loads it with the bots seated, and they play on."""
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    first = make_app(PARTYAPP_STORE_URL=url)
    quick(first)
    t = Client(first)
    answer = ok(t.call("room.create", {}))
    code, host_token = answer["code"], answer["host_token"]
    ana = Client(first)
    ana_token = ok(ana.call("player.join", {"code": code, "name": "Ana"}))["token"]
    bots = [ok(t.call("host.command", {"command": "add_bot", "level": lv}))["player_id"] for lv in ("slow", "fast")]
    ok(t.call("game.start", {"mode": "casino_blackjack", "options": {"seed": 9, "dealer_pace_ms": 0}}))
    t.disconnect()
    ana.disconnect()
    second = make_app(PARTYAPP_STORE_URL=url)
    quick(second)
    t2 = Client(second)
    ok(t2.call("table.attach", {"code": code, "host_token": host_token}))
    state = t2.last_state()
    assert [p["id"] for p in state["players"] if p["bot"]] == bots
    assert all(player(state, b)["connected"] for b in bots)
    assert not player(state, state["players"][0]["id"])["connected"]  # Ana is away until she resumes
    bet = next_state(t2, second.extensions["partyapp"].clock,
                     lambda s: all(b in {e.get("player") for e in s["game"]["log"] if e["msg"] == "twentyone.bet"}
                                   for b in bots))
    assert bet["game"]["mode"] == "casino_blackjack"
    ana2 = Client(second)
    ok(ana2.call("player.resume", {"code": code, "token": ana_token}))


# -- what a bot is handed ------------------------------------------------------------------

def test_a_bot_is_handed_exactly_its_seats_frame(app, table, join, monkeypatch, clock):
    """Every frame the runner hands a bot (through its one view function) is,
    key for key, the frame the fan-out sends a phone in that seat at that
    revision: the public view and that seat's own ``you``, nothing more."""
    quick(app)
    sent: dict[tuple[int, str], dict] = {}
    handed: list[tuple[str, dict]] = []
    publish = fanout.Fanout.publish

    def spy_publish(self, code, public, private, route=None):
        for pid, you in private.items():
            sent[(public["rev"], pid)] = {**public, "you": you}
        return publish(self, code, public, private, route)

    frame_of = runner.frame_of

    def spy_frame(public_text, you):
        frame = frame_of(public_text, you)
        handed.append((you["player_id"], frame))
        return frame

    monkeypatch.setattr(fanout.Fanout, "publish", spy_publish)
    monkeypatch.setattr(runner, "frame_of", spy_frame)
    t, code, _ = table
    ana = join(code, "Ana")
    bots = [ok(ana.call("host.command", {"command": "add_bot"}))["player_id"] for _ in range(2)]
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 12, "call_seconds": 2}}))
    end = clock.now() + 600
    while len(handed) < 60 and clock.now() < end:
        state = ana.states()
        if state and state[-1]["you"]["actions"]:
            acts = state[-1]["you"]["actions"]
            if acts[0]["type"] == "play":
                card = state[-1]["you"]["hand"][0]
                ana.call("game.act", {"action": {"type": "play", "cards": [card],
                                                 "rank": acts[0]["params"]["rank"]["one_of"][0]}})
            else:
                ana.call("game.act", {"action": {"type": "pass"}})
        clock.step()
    assert len(handed) >= 60
    checked = 0
    for pid, frame in handed:
        assert pid in bots
        phone = sent.get((frame["rev"], pid))
        assert phone is not None, f"no frame for {pid} at rev {frame['rev']}"
        assert frame == phone
        assert frame["you"]["player_id"] == pid
        assert set(frame) == {"rev", "room", "players", "game", "you"}
        checked += 1
    assert checked == len(handed)
