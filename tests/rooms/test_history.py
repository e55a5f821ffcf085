"""Looking back (``room.history``, ``partyapp/rooms/history.py``): every
screen reads the whole log of the game being played, newest entries last on
the wire, each with who made it and when, and nothing the table's view did
not show."""

from __future__ import annotations

import json
import random

import pytest

from partyapp.bots.strategy import fill
from partyapp.rooms.room import Room
from tests.conftest import error_code


def history(client, since=None) -> dict:
    answer = client.call("room.history", {} if since is None else {"since": since})
    assert answer["ok"], answer
    return answer["history"]


def seen_log(frames: list[dict], seen: dict) -> list[int]:
    """Keep the latest version of every log entry the frames showed; the ids new to ``seen``."""
    new = []
    for frame in frames:
        for entry in (frame.get("game") or {}).get("log") or []:
            if entry["id"] not in seen:
                new.append(entry["id"])
            seen[entry["id"]] = entry
    return new


@pytest.fixture
def go_fish(table, join):
    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bob", "Cy")]
    assert t.call("game.start", {"mode": "go_fish", "options": {}}) == {"ok": True}
    return t, code, phones


def latest(phone, frames: dict) -> dict:
    """The newest frame this phone was sent (kept across calls)."""
    got = phone.states()
    if got:
        frames[phone] = got[-1]
    return frames[phone]


def play(t, phones, clock, moves: int, seen: dict, makers: dict, rng: random.Random, frames: dict) -> None:
    """Random moves from each phone's ``you.actions``; the ids each move logged, by its maker."""
    seen_log(t.states(), seen)
    for _ in range(moves):
        views = {p: latest(p, frames) for p in phones}
        movers = [p for p in phones if views[p]["you"]["actions"]]
        if not movers or (views[phones[0]]["game"] or {}).get("over"):
            return
        phone = rng.choice(movers)
        clock.advance(1.5)
        action = fill(rng.choice(views[phone]["you"]["actions"]), rng)
        if phone.call("game.act", {"action": action})["ok"]:
            for i in seen_log(t.states(), seen):
                makers[i] = (phone.player_id, clock.now())


def test_the_whole_game_is_in_the_history_with_its_makers_and_times(go_fish, clock):
    """Longer than the view's window of 20 entries: the history holds every
    entry the table was shown, exactly as last shown, ids 1, 2, 3..., each
    with the phone whose move made it and the server's time of that move."""
    t, code, phones = go_fish
    seen, makers = {}, {}
    play(t, phones, clock, 120, seen, makers, random.Random(7), {})
    h = history(phones[1])
    ids = [e["entry"]["id"] for e in h["entries"]]
    assert len(ids) > 20 and ids == list(range(1, len(ids) + 1)) and h["earlier"] == 0
    assert set(ids) == set(seen)
    for e in h["entries"]:
        assert e["entry"] == seen[e["entry"]["id"]]
        if e["entry"]["id"] in makers:
            assert (e["by"], e["at"]) == makers[e["entry"]["id"]]
    assert len(makers) > 20
    # from an id on: the rest only
    assert [e["entry"]["id"] for e in history(phones[0], since=ids[-5])["entries"]] == ids[-5:]


def test_a_phone_reads_no_more_than_the_table_was_shown(go_fish, clock):
    """The leak audit holds through the history: every entry a phone reads
    is one the table's frames carried, and no card of another hand (the
    phone's own frames aside) is in it."""
    t, code, phones = go_fish
    seen, makers, frames = {}, {}, {}
    rng = random.Random(3)
    for _ in range(6):
        play(t, phones, clock, 15, seen, makers, rng, frames)
        table_text = json.dumps(list(seen.values()))
        for phone in phones:
            h = history(phone)
            for e in h["entries"]:
                assert e["entry"] == seen[e["entry"]["id"]]
            text = json.dumps(h)
            mine = set(latest(phone, frames)["you"]["hand"])
            others = {c for p in phones if p is not phone for c in latest(p, frames)["you"]["hand"]} - mine
            assert not [c for c in others if f'"{c}"' in text and f'"{c}"' not in table_text]


def test_the_watch_page_and_the_table_read_it_and_a_stranger_does_not(go_fish, client):
    """A spectator may ask (and nothing else); a socket in no room is refused."""
    t, code, phones = go_fish
    w = client()
    assert w.call("room.watch", {"code": code})["ok"]
    assert history(w)["entries"] and history(t)["entries"]
    assert error_code(w.call("game.act", {"action": {"type": "ask"}})) == "forbidden"
    assert error_code(client().call("room.history", {})) == "forbidden"
    assert error_code(phones[0].call("room.history", {"since": "x"})) == "bad_request"


def test_the_lobby_has_no_history_and_a_new_game_starts_a_new_one(go_fish, clock):
    t, code, phones = go_fish
    play(t, phones, clock, 6, {}, {}, random.Random(1), {})
    for _ in range(2):
        assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    assert history(phones[0]) == {"game": None, "entries": [], "floor": 0, "earlier": 0}
    assert t.call("game.start", {"mode": "go_fish", "options": {}}) == {"ok": True}
    assert [e["entry"]["id"] for e in history(phones[0])["entries"]] == [e["id"] for e in t.last_state()["game"]["log"]]


def test_the_history_is_saved_with_the_room(go_fish, app, clock):
    """A room read back from the store (a restart) has the same history."""
    t, code, phones = go_fish
    play(t, phones, clock, 10, {}, {}, random.Random(2), {})
    registry = app.extensions["partyapp"].registry
    room = registry.get(code)
    again = Room(registry, json.loads(room.to_json()))
    assert again.history == json.loads(json.dumps(room.history)) and again.history_since(None)["entries"]


def test_joins_leaves_and_time_outs_name_the_person(table, join, clock):
    """Kings: Dan joins mid-game, the count's speaker lets the clock run out, Bob leaves and the host
    removes Dan: each entry names the person (the host for the removal), never "the game"; the
    time-out says it was that person's time that ran out."""
    t, code, _ = table
    phones = {p.player_id: p for p in (join(code, n) for n in ("Ana", "Bob", "Cat"))}
    assert t.call("game.start", {"mode": "kings", "options": {"deck": ["5H"], "answer_timeout_s": 10,
                                                              "seed": 1}})["ok"]
    dan = join(code, "Dan")
    drawer = phones[t.last_state()["game"]["turn"]]
    assert drawer.call("game.act", {"action": {"type": "draw"}})["ok"]
    assert drawer.call("game.act", {"action": {"type": "start", "side": "left"}})["ok"]
    speaker = t.last_state()["game"]["prompt"]["speaker"]
    clock.advance(10)
    assert t.last_state()["game"]["prompt"] is None  # the count's clock ran out
    bob = next(p for p in phones.values() if p.player_id not in (speaker, drawer.player_id))
    assert bob.call("player.leave", {})["ok"]
    assert t.call("host.command", {"command": "kick", "player_id": dan.player_id})["ok"]
    entries = history(t)["entries"]

    def by(msg, player=None):
        found = [h for h in entries if h["entry"]["msg"] == msg
                 and (player is None or h["entry"].get("player") == player)]
        assert found, (msg, [h["entry"]["msg"] for h in entries])
        return found[-1]

    assert by("drinking.join", dan.player_id)["by"] == dan.player_id
    slow = by("drinking.drink")
    assert slow["entry"]["lead"] == "chugalug_slow"
    assert slow["by"] == speaker and slow["timeout"] is True
    assert by("drinking.leave", bob.player_id)["by"] == bob.player_id
    assert by("drinking.leave", dan.player_id)["by"] == "@host"
    draw = by("drinking.draw")
    assert draw["by"] == drawer.player_id and draw["timeout"] is False
