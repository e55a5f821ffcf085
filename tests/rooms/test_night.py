"""The night through the protocol: drink profiles, the pace, family mode,
more time and the end-of-night recap. Engines count plain forfeits; the
room counts each person's in the form they chose, and says which form each
forfeit took so that the screens can word it."""

from __future__ import annotations

from partyapp.realtime.coalesce import EVERY_S
import pytest

from partyapp.rooms.night import DEFAULT_DARES
from tests.conftest import act_ok, error_code, players, start_staged


def test_profile_is_chosen_at_join_and_changed_at_any_time(table, join):
    """players[].profile comes from player.join (default drinks) and player.update."""
    t, code, _ = table
    join(code, "Ana")
    bo = join(code, "Bo", profile="none")
    cy = join(code, "Cy", profile="soft")
    seen = players(t.last_state())
    assert [seen[n]["profile"] for n in ("Ana", "Bo", "Cy")] == ["drinks", "none", "soft"]
    assert bo.call("player.update", {"profile": "drinks"}) == {"ok": True}
    assert players(t.last_state())["Bo"]["profile"] == "drinks"
    assert cy.last_state()["you"]["profile"] == "soft"


@pytest.mark.parametrize("payload", [
    {"profile": "beer"}, {"profile": 1}, {"profile": ["none"]}, {"more_time": "yes"}, {"more_time": 1},
])
def test_bad_profile_or_more_time_is_refused(table, join, payload):
    """A profile other than drinks, soft or none, or a more_time that is not
    true or false, is bad_request at join and at update."""
    _, code, _ = table
    ana = join(code, "Ana")
    assert error_code(ana.call("player.update", payload)) == "bad_request"
    assert error_code(ana.call("player.join", {"code": code, "name": "Zed", **payload})) == "bad_request"


def test_a_non_drinkers_forfeit_is_counted_as_points_never_as_drinks(table, join):
    """Ring of Fire's 3 (Me) drawn by a player who does not drink: their
    forfeits count one, their drinks stay 0, and the room says the forfeit
    took the form of points for the log entries of that change."""
    t, code, _ = table
    bo = join(code, "Bo", profile="none")
    join(code, "Ana")
    start_staged(t, "ring_of_fire", ["3D", "3H"])
    act_ok(bo, type="draw")
    state = t.last_state()
    me = players(state)["Bo"]
    assert me["drinks"] == 0 and me["forfeits"] == 1
    entry = state["game"]["log"][-1]
    assert entry["drinks"] == {bo.player_id: 1}
    [record] = state["room"]["forfeits"]
    assert record["player"] == bo.player_id and record["form"] == "points" and record["count"] == 1
    assert record["from"] <= entry["id"] <= record["to"]


def draws_me(table, join, name: str, profile: str):
    """``name`` (who drinks ``profile``) and Ana at Ring of Fire; ``name``
    draws the 3 (Me: they drink). Returns the table."""
    t, code, _ = table
    drawer = join(code, name, profile=profile)
    join(code, "Ana")
    start_staged(t, "ring_of_fire", ["3D"])
    act_ok(drawer, type="draw")
    return t


def test_soft_drinks_are_the_same_sips(table, join):
    """A soft drinker's forfeit counts in drinks like anybody's; no other form is recorded."""
    t = draws_me(table, join, "Cy", "soft")
    state = t.last_state()
    assert players(state)["Cy"]["drinks"] == 1 and players(state)["Cy"]["forfeits"] == 0
    assert state["room"]["forfeits"] == []


def test_a_forfeit_keeps_the_form_it_was_taken_in_when_the_profile_changes(table, join, clock):
    """Cy drinks a soft drink, then switches to drinks: the soft drink stays
    a soft drink on every screen (the counters by form, and a record naming
    the log entry's form), and the next forfeit is a drink."""
    t, code, _ = table
    cy = join(code, "Cy", profile="soft")
    ana = join(code, "Ana")
    start_staged(t, "ring_of_fire", ["3D", "2H", "3C"])
    act_ok(cy, type="draw")
    entry = t.last_state()["game"]["log"][-1]
    assert cy.call("player.update", {"profile": "drinks"}) == {"ok": True}
    state = t.last_state()
    me = players(state)["Cy"]
    assert me["tally"] == {"soft": 1} and me["drinks"] == 1 and me["profile"] == "drinks"
    [record] = state["room"]["forfeits"]
    assert (record["player"], record["form"], record["count"]) == (cy.player_id, "soft", 1)
    assert record["from"] <= entry["id"] <= record["to"]
    act_ok(ana, type="draw")  # 2: you, pick a player
    act_ok(ana, type="pick", player=cy.player_id)
    assert players(t.last_state())["Cy"]["tally"] == {"soft": 1, "drinks": 1}
    assert cy.call("player.update", {"profile": "none"}) == {"ok": True}
    clock.advance(EVERY_S)  # a phone's own changes go out a few times a second at most
    forms = [(r["player"], r["form"]) for r in t.last_state()["room"]["forfeits"]]
    assert forms == [(cy.player_id, "soft"), (cy.player_id, "drinks")]


def test_mates_follow_their_own_profile(table, join):
    """Ana (drinks) picks Bo (not drinking) as her mate; when Ana drinks, Bo
    takes the same forfeit as points."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo", profile="none")
    start_staged(t, "ring_of_fire", ["8D", "2H", "3C"])
    act_ok(ana, type="draw")  # 8: mate, then Ana drinks 1 and Bo with her
    act_ok(ana, type="pick", player=bo.player_id)
    seen = players(t.last_state())
    assert (seen["Ana"]["drinks"], seen["Ana"]["forfeits"]) == (1, 0)
    assert (seen["Bo"]["drinks"], seen["Bo"]["forfeits"]) == (0, 1)


def test_dares_come_from_the_hosts_list_in_turn(table, join):
    """With the dares alternative, a non-drinker's forfeit is the next dare of
    the list; the host can replace the list."""
    t, code, _ = table
    bo = join(code, "Bo", profile="none")
    join(code, "Ana")
    assert t.call("host.command", {"command": "settings", "alternative": "dares"}) == {"ok": True}
    assert t.last_state()["room"]["settings"]["dares"] == list(DEFAULT_DARES)
    assert t.call("host.command", {"command": "settings", "dares": ["Hop on one leg.", "Whistle a tune."]}) == {"ok": True}
    start_staged(t, "ring_of_fire", ["3D", "3H", "3C"])
    act_ok(bo, type="draw")
    state = t.last_state()
    record = state["room"]["forfeits"][-1]
    assert record["form"] == "dare" and record["dare"] == "Hop on one leg."
    assert players(state)["Bo"]["forfeits"] == 1


@pytest.mark.parametrize("settings", [
    {"pace": 13}, {"pace": -1}, {"pace": True}, {"pace": 1.5}, {"family": "yes"}, {"alternative": "hugs"},
    {"dares": []}, {"dares": ["x"] * 13}, {"dares": ["\u202eevil"]}, {"dares": ["y" * 81]}, {"dares": "Sing."}, {},
])
def test_bad_settings_are_refused(app, table, settings):
    """Settings out of their domains are bad_request, and change nothing."""
    t, code, _ = table
    assert error_code(t.call("host.command", {"command": "settings", **settings})) == "bad_request"
    assert t.states() == []
    room = app.extensions["partyapp"].registry.get(code)
    assert room.night.settings["pace"] == 0 and room.night.settings["dares"] == list(DEFAULT_DARES)


def test_only_the_host_changes_settings_or_ends_the_night(table, join):
    """A guest's settings, end_night and new_night are forbidden."""
    _, code, _ = table
    join(code, "Ana")
    bo = join(code, "Bo")
    for payload in ({"command": "settings", "pace": 2}, {"command": "end_night"}, {"command": "new_night"}):
        assert error_code(bo.call("host.command", payload)) == "forbidden"


def test_past_the_pace_forfeits_turn_into_water(table, join, clock):
    """Pace 2 an hour: Ana's third drink within the hour is water (counted in
    forfeits and water, never hidden), her phone knows she is at the pace,
    and an hour later she drinks again."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    assert t.call("host.command", {"command": "settings", "pace": 2}) == {"ok": True}
    start_staged(t, "kings", ["2H", "3H", "2D", "3D", "2S"])  # Kings' red 2: the drawer does two fingers
    act_ok(ana, type="draw")  # Ana: 2 fingers, at the pace now
    assert ana.last_state()["you"]["pace"] == {"limit": 2, "this_hour": 2}
    act_ok(bo, type="draw")  # red 3: the person on Bo's left (Ana) does two: water
    state = t.last_state()
    me = players(state)["Ana"]
    assert (me["drinks"], me["forfeits"], me["water"]) == (2, 2, 2)
    record = state["room"]["forfeits"][-1]
    assert record["form"] == "water" and record["count"] == 2 and record["drinks"] == 0
    assert bo.last_state()["you"]["pace"] == {"limit": 2, "this_hour": 0}
    clock.advance(3601)
    act_ok(ana, type="draw")  # red 2 again, an hour later
    me = players(t.last_state())["Ana"]
    assert (me["drinks"], me["water"]) == (4, 2)
    assert ana.last_state()["you"]["pace"]["this_hour"] == 2


def test_undo_takes_back_in_the_form_it_was_taken(table, join):
    """The host undoes a non-drinker's forfeit: their forfeits go back to 0."""
    t = draws_me(table, join, "Bo", "none")
    entry = t.last_state()["game"]["log"][-1]["id"]
    assert t.call("host.command", {"command": "game", "action": {"type": "undo", "entry": entry}}) == {"ok": True}
    me = players(t.last_state())["Bo"]
    assert (me["drinks"], me["forfeits"]) == (0, 0)


def test_a_profile_change_counts_from_the_next_forfeit_on(table, join):
    """Ana drinks one, then stops drinking: her drink stays, the next forfeit is points."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    start_staged(t, "ring_of_fire", ["3D", "6S", "3H"])
    act_ok(ana, type="draw")
    assert ana.call("player.update", {"profile": "none"}) == {"ok": True}
    act_ok(bo, type="draw")
    act_ok(ana, type="draw")
    me = players(t.last_state())["Ana"]
    assert (me["drinks"], me["forfeits"]) == (1, 1)


def test_family_mode_plays_the_family_deck_and_counts_points(client, join):
    """A room opened in family mode: the drinking deck is its family
    wording, every forfeit is points (drinks stay 0), and a full card game
    is started without forfeits."""
    t = client()
    answer = t.call("room.create", {"family": True})
    code = answer["code"]
    assert t.last_state()["room"]["settings"]["family"] is True
    ana = join(code, "Ana")
    join(code, "Bo")
    start_staged(t, "ring_of_fire", ["3D"])
    state = t.last_state()
    assert state["game"]["deck_name"] == "Ring of Fire for everyone"
    act_ok(ana, type="draw")
    state = t.last_state()
    assert state["game"]["card"]["text"] == "You take a point."
    me = players(state)["Ana"]
    assert (me["drinks"], me["forfeits"]) == (0, 1)
    assert state["room"]["forfeits"][-1]["form"] == "points"
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    start_staged(t, "cheat", [], forfeits=True)
    assert t.last_state()["game"]["options"]["forfeits"] is False


def test_family_mode_changes_between_games_only(table, join):
    """Turning family mode on during a game is refused; in the lobby it works."""
    t, code, _ = table
    join(code, "Ana")
    join(code, "Bo")
    start_staged(t, "ring_of_fire", [])
    assert error_code(t.call("host.command", {"command": "settings", "family": True})) == "illegal_action"
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    assert t.call("host.command", {"command": "settings", "family": True}) == {"ok": True}
    assert t.last_state()["room"]["settings"]["family"] is True


def test_more_time_doubles_a_players_own_clock_only(app, table, join, clock):
    """Kings' 8 (paper, scissors, stone): the pick clock doubles when one of
    the two players asked for more time; the Floor race of Ring of Fire
    does not."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo", more_time=True)
    assert bo.last_state()["you"]["more_time"] is True
    start_staged(t, "kings", ["8H"], rps_timeout_s=30, race_timeout_s=10)
    act_ok(ana, type="draw")
    prompt = t.last_state()["game"]["prompt"]
    assert prompt["kind"] == "rps" and prompt["deadline"] == pytest.approx(clock.now() + 60)
    assert bo.call("player.update", {"more_time": False}) == {"ok": True}
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    start_staged(t, "kings", ["8H"], rps_timeout_s=30)
    act_ok(ana, type="draw")
    assert t.last_state()["game"]["prompt"]["deadline"] == pytest.approx(clock.now() + 30)
    assert bo.call("player.update", {"more_time": True}) == {"ok": True}
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    start_staged(t, "ring_of_fire", ["4H"], race_timeout_s=10)
    act_ok(ana, type="draw")
    prompt = t.last_state()["game"]["prompt"]
    assert prompt["kind"] == "race" and prompt["deadline"] == pytest.approx(clock.now() + 10)


def test_more_time_doubles_the_cheat_call_window_a_player_is_in(table, join, clock):
    """Cheat: a player waiting to call asked for more time, so the window
    to call the play is twice as long; without them in it, it is not."""
    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bo", "Cy")]
    start_staged(t, "cheat", [], call_seconds=8, seed=3)

    def play_one() -> dict:
        for p in phones:
            state = p.last_state()
            play = next((a for a in state["you"]["actions"] if a["type"] == "play"), None)
            if play:
                act_ok(p, type="play", cards=[state["you"]["hand"][0]], rank=play["params"]["rank"]["one_of"][0])
                return p
        raise AssertionError("nobody may play")

    current = next(p for p in phones if any(a["type"] == "play" for a in p.last_state()["you"]["actions"]))
    slow = next(p for p in phones if p is not current)
    assert slow.call("player.update", {"more_time": True}) == {"ok": True}
    assert play_one() is current
    window = t.last_state()["game"]["window"]
    assert slow.player_id in window["waiting"]
    assert window["seconds"] == 16 and window["until"] == pytest.approx(clock.now() + 16)
    for p in phones:
        if p is not current:
            act_ok(p, type="pass")
    assert slow.call("player.update", {"more_time": False}) == {"ok": True}
    play_one()
    assert t.last_state()["game"]["window"]["seconds"] == 8


def test_the_end_of_the_night_shows_the_recap(table, join):
    """end_night: the recap names the games played, who won, the rules made,
    and each person's forfeits by form; no game starts until a new night,
    which starts every tally from zero."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo", profile="none")
    start_staged(t, "ring_of_fire", ["JD", "3H"])
    act_ok(ana, type="draw")  # J: make a rule
    act_ok(ana, type="rule", text="No pointing")
    act_ok(bo, type="draw")  # 3: Bo takes one
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    state = t.last_state()
    assert state["game"] is None
    recap = state["room"]["recap"]
    [game] = recap["games"]
    assert game["mode"] == "ring_of_fire" and game["rules"] == [{"by": ana.player_id, "text": "No pointing"}]
    tallies = {p["name"]: p["tally"] for p in recap["players"]}
    assert tallies == {"Ana": {}, "Bo": {"points": 1}}
    assert {p["name"]: p["profile"] for p in recap["players"]} == {"Ana": "drinks", "Bo": "none"}
    assert error_code(t.call("game.start", {"mode": "ring_of_fire", "options": {}})) == "illegal_action"
    assert t.call("host.command", {"command": "new_night"}) == {"ok": True}
    state = t.last_state()
    assert state["room"]["recap"] is None and state["room"]["games_played"] == 0
    assert players(state)["Bo"]["forfeits"] == 0


def test_the_recap_says_a_card_game_the_host_ended_was_stopped(table, join):
    """A card game ended by the host is stopped in the recap: nobody won it;
    who was ahead and the standings are kept as they stood."""
    t, code, _ = table
    join(code, "Ana")
    join(code, "Bo")
    start_staged(t, "go_fish", [], seed=5)
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}  # over, with a result
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    [game] = t.last_state()["room"]["recap"]["games"]
    assert game["over"] is True and game["result"]["reason"] == "host" and game["result"]["stopped"] is True
    assert game["result"]["winners"] == [] and game["result"]["losers"] == []
    assert game["result"]["ahead"] and game["result"]["standings"]["kind"] == "books"


def test_the_recap_is_a_picture_to_save(app, table, join):
    """/recap/CODE.svg is 404 until the night ends; then an SVG to download,
    with what people typed as escaped text."""
    t, code, _ = table
    ana = join(code, "<b>Ana</b>")
    join(code, "Bo", profile="none")
    http = app.test_client()
    host = {"X-Party-Token": table[2]}
    assert http.get(f"/recap/{code}.svg", headers=host).status_code == 404
    start_staged(t, "ring_of_fire", ["JD"])
    act_ok(ana, type="draw")
    act_ok(ana, type="rule", text='No "pointing" <script>')
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    answer = http.get(f"/recap/{code}.svg", headers=host)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert "attachment" in answer.headers["Content-Disposition"]
    svg = answer.get_data(as_text=True)
    assert svg.startswith("<svg") and "<script" not in svg and "<b>" not in svg
    assert "&lt;b&gt;Ana&lt;/b&gt;" in svg and "No \"pointing\" &lt;script&gt;" in svg
    assert "Ring of Fire: stopped by the host." in svg
    assert "Bo (not drinking)" in svg
    assert f"Room {code}, " in svg and ": under a minute." in svg and " h." not in svg


@pytest.mark.parametrize("seconds, english, russian", [
    (0, "under a minute", "меньше минуты"),
    (59, "under a minute", "меньше минуты"),
    (60, "1 minute", "1 минута"),
    (12 * 60 + 20, "12 minutes", "12 минут"),
    (22 * 60, "22 minutes", "22 минуты"),
    (21 * 60, "21 minutes", "21 минута"),
    (3600, "1 hour", "1 час"),
    (2 * 3600 + 5 * 60, "2 hours and 5 minutes", "2 часа 5 минут"),
    (5 * 3600 + 59 * 60 + 40, "6 hours", "6 часов"),
])
def test_the_recap_words_how_long_the_night_lasted(app, seconds, english, russian):
    """The picture says a short night in minutes (never "0.0 hours"), a long
    one in hours and minutes, with Russian's plural forms."""
    from partyapp.i18n.languages import say_in
    from partyapp.web.recap import night_length
    from partyapp.games.kit.wording import Wording

    assert night_length(seconds) == english
    with app.app_context():
        assert night_length(seconds, lambda msgid, **values: say_in("ru", Wording(msgid, **values))) == russian


def test_the_recap_picture_of_a_short_night_in_each_language(app, clock, table, join):
    """Twelve minutes from the start of the night to its end, in the
    language of the screen that saves the picture."""
    t, code, _ = table
    ana = join(code, "Ana")
    clock.advance(12 * 60 + 10)
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    http = app.test_client()
    seat = {"X-Party-Token": ana.token}  # a seat's token opens the picture as the table's does
    english = http.get(f"/recap/{code}.svg", headers={"Accept-Language": "en", **seat}).get_data(as_text=True)
    russian = http.get(f"/recap/{code}.svg", headers={"Accept-Language": "ru", **seat}).get_data(as_text=True)
    assert ": 12 minutes.</text>" in english
    assert " — 12 минут.</text>" in russian and f"Комната {code}, " in russian


def test_the_night_survives_a_reload_from_the_store(app, table, join):
    """The night (settings, counters, history) is saved with the room."""
    from partyapp.rooms.room import Room

    t, code, _ = table
    bo = join(code, "Bo", profile="none")
    join(code, "Ana")
    assert t.call("host.command", {"command": "settings", "pace": 3, "alternative": "dares"}) == {"ok": True}
    start_staged(t, "ring_of_fire", ["3D"])
    act_ok(bo, type="draw")
    registry = app.extensions["partyapp"].registry
    room = registry.get(code)
    again = Room(registry, registry.store.load(code))
    assert again.night.to_json() == room.night.to_json()
    assert again.night.ledger.counts(bo.player_id)["forfeits"] == 1 and again.seat(bo.player_id).profile == "none"
