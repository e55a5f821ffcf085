"""The host pauses the room (``partyapp/rooms/pause.py``): every timer stops
with its time left, nothing is played meanwhile (``paused``), and resume
gives back exactly the time that was left; the pause is saved with the room.
On the fake clock, over the Socket.IO test client."""

from __future__ import annotations

from partyapp.games.kit.cards import STANDARD_DECK
from tests.conftest import error_code, next_state, ok, player, quick
from tests.games.hand_helpers import deal_order_deck, whole_deal


def act(client, type_: str, **params) -> dict:
    return client.call("game.act", {"action": {"type": type_, **params}})


def pause(sender, paused: bool = True) -> dict:
    return sender.call("host.command", {"command": "pause", "paused": paused})


def cheat(t, ana, call_seconds: int = 5) -> None:
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 2, "call_seconds": call_seconds,
                                                          "deck": whole_deal([], 2, STANDARD_DECK)}}))


def test_the_host_phone_pauses_and_every_screen_says_who(table, join, clock):
    """room.paused is {by, name, since} on the table and every phone, and null again after resume."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    cheat(t, ana)
    ok(pause(ana))
    for c in (t, ana, bob):
        paused = c.last_state()["room"]["paused"]
        assert paused["by"] == ana.player_id and paused["name"] == "Ana" and paused["since"] == clock.now()
    ok(pause(ana, False))
    assert t.last_state()["room"]["paused"] is None and bob.last_state()["room"]["paused"] is None


def test_the_table_pauses_too_and_a_guest_may_not(table, join):
    """The table device is the host too (by: null); another player is refused forbidden."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    cheat(t, ana)
    assert error_code(pause(bob)) == "forbidden"
    ok(pause(t))
    assert t.last_state()["room"]["paused"]["by"] is None
    assert error_code(pause(t, "yes")) == "bad_request"


def test_nothing_is_played_while_paused(table, join):
    """A move, the host's skip and a guest's move are refused with the code paused."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    cheat(t, ana)
    card = ana.last_state()["you"]["hand"][0]
    ok(pause(ana))
    answer = act(ana, "play", cards=[card], rank="A")
    assert error_code(answer) == "paused" and "Ana" in answer["error"]["message"]
    assert ana.last_state()["you"]["hand"][0] == card
    ok(pause(ana, False))
    ok(act(ana, "play", cards=[card], rank="A"))


def test_a_pause_needs_a_running_game(table, join):
    t, code, _ = table
    join(code, "Ana")
    assert error_code(pause(t)) == "illegal_action"


def test_the_call_window_gets_back_exactly_the_time_it_had_left(table, join, clock):
    """Cheat's 5 s window, paused 2 s in for ten minutes, closes 3 s after the resume, not before."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    cheat(t, ana)
    card = ana.last_state()["you"]["hand"][0]
    ok(act(ana, "play", cards=[card], rank="A"))
    clock.advance(2)
    ok(pause(t))
    assert t.last_state()["room"]["paused"]["clock_s"] == 3.0
    clock.advance(600)
    assert t.states() == []  # nothing changed: the window stood still
    assert error_code(act(bob, "call")) == "paused"
    ok(pause(t, False))
    window = t.last_state()["game"]["window"]
    assert window["until"] == clock.now() + 3
    t.states()
    clock.advance(2.999)
    assert t.states() == []
    clock.advance(0.001)
    game = t.last_state()["game"]
    assert game["window"] is None and game["turn"] == bob.player_id


def test_the_away_clock_stops_before_the_app_plays_a_seat(app, table, join, clock):
    """Ana's phone goes while it is her turn: paused 10 s into the 30 s, the app plays her seat
    20 s after the resume, however long the pause."""
    quick(app, takeover_s=30)
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    deck = deal_order_deck([["7S", "7H", "7D", "3C", "5C", "9C", "JC"], ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]])
    ok(t.call("game.start", {"mode": "go_fish", "options": {"deck": deck, "seed": 3, "again": False}}))
    ana.disconnect()
    clock.advance(10)
    ok(pause(t))
    assert t.last_state()["room"]["paused"]["takeovers"] == {ana.player_id: 20.0}
    clock.advance(3600)
    assert t.states() == []  # nothing changed: Ana's seat is not played
    ok(pause(t, False))
    resumed = clock.now()
    taken = next_state(t, clock, lambda s: player(s, ana.player_id)["auto"])
    assert taken["room"]["time"] == resumed + 20


def test_a_bot_waits_out_the_pause_and_then_its_time_left(app, table, join, clock):
    """A bot about to move makes no move while paused; after the resume it moves in the time it had left."""
    quick(app)
    t, code, _ = table
    ana = join(code, "Ana")
    bot = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 5}}))
    room = app.extensions["partyapp"].registry.get(code)
    if room.game.turn() != bot:  # Ana plays first: her move hands the turn to the bot
        you = ana.last_state()["you"]
        ok(act(ana, "play", cards=[you["hand"][0]], rank=you["actions"][0]["params"]["rank"]["one_of"][0]))
        clock.advance_until(lambda: room.game.turn() == bot, 60, "the bot's turn")
    due = room.autoplay["seats"][bot]["due"]
    left = due - clock.now()
    assert left > 0
    ok(pause(ana))
    rev = room.rev
    clock.advance(900)
    assert room.rev == rev  # nothing moved
    ok(pause(ana, False))
    assert room.autoplay["seats"][bot]["due"] == clock.now() + left


def test_the_pause_is_saved_with_the_room(make_app, tmp_path, client):
    """A server started again on the same store still has the room paused, with its timers stopped."""
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    first = make_app(PARTYAPP_STORE_URL=store)
    from tests.conftest import Client

    t = Client(first)
    created = ok(t.call("room.create", {}))
    ana = Client(first)
    ok(ana.call("player.join", {"code": created["code"], "name": "Ana"}))
    ok(Client(first).call("player.join", {"code": created["code"], "name": "Bob"}))
    ok(t.call("game.start", {"mode": "cheat", "options": {"seed": 2}}))
    ok(pause(ana))
    since = t.last_state()["room"]["paused"]["since"]
    second = make_app(PARTYAPP_STORE_URL=store)
    t2 = Client(second)
    ok(t2.call("table.attach", {"code": created["code"], "host_token": created["host_token"]}))
    paused = t2.last_state()["room"]["paused"]
    assert paused["name"] == "Ana" and paused["since"] == since


def test_a_clock_started_during_the_pause_runs_its_whole_length_from_the_resume(table, join, clock):
    """Kings' chugalug count: the speaker leaves while the room is paused, so the next speaker's
    10 s answer clock starts then; after the resume they have the whole 10 s, not 10 s plus the
    part of the pause that came after the leave."""
    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bob", "Cat", "Dan")]
    ok(t.call("game.start", {"mode": "kings", "options": {"deck": ["5H"], "answer_timeout_s": 10, "seed": 1}}))
    by_id = {p.player_id: p for p in phones}
    drawer = by_id[t.last_state()["game"]["turn"]]
    ok(act(drawer, "draw"))
    ok(act(drawer, "start", side="left"))
    speaker = by_id[t.last_state()["game"]["prompt"]["speaker"]]
    ok(pause(t))
    clock.advance(100)
    ok(speaker.call("player.leave", {}))
    clock.advance(200)
    ok(pause(t, False))
    prompt = t.last_state()["game"]["prompt"]
    assert prompt["speaker"] not in (speaker.player_id, None)
    assert prompt["deadline"] == clock.now() + 10


def test_a_clock_running_before_the_pause_is_not_restarted_by_a_change_during_it(table, join, clock):
    """The count's clock, 4 s into its 10 s when the host pauses, still has 6 s after the resume
    although somebody else left during the pause."""
    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bob", "Cat", "Dan", "Eve")]
    ok(t.call("game.start", {"mode": "kings", "options": {"deck": ["5H"], "answer_timeout_s": 10, "seed": 1}}))
    by_id = {p.player_id: p for p in phones}
    drawer = by_id[t.last_state()["game"]["turn"]]
    ok(act(drawer, "draw"))
    ok(act(drawer, "start", side="left"))
    speaker = t.last_state()["game"]["prompt"]["speaker"]
    clock.advance(4)
    ok(pause(t))
    clock.advance(100)
    other = next(p for p in phones if p.player_id not in (speaker, drawer.player_id))
    ok(other.call("player.leave", {}))
    clock.advance(100)
    ok(pause(t, False))
    prompt = t.last_state()["game"]["prompt"]
    assert prompt["speaker"] == speaker and prompt["deadline"] == clock.now() + 6
