"""Room changes and what clients are told: a connection is bound, told it
was removed, or marked away only as part of a change the store kept, and a
game is never lost to a failed start."""

from __future__ import annotations

import pytest

from partyapp.games import MODES
from partyapp.games.kit.base import IllegalAction


def realtime(app):
    return app.extensions["partyapp"]


def fail_next_save(app, monkeypatch) -> list:
    """The store's next save raises (a full disk, a lost Redis); later saves
    work again. Returns the list of failed saves."""
    store = realtime(app).registry.store
    real = store.save
    failed: list = []

    def save(code, data, touched):
        if not failed:
            failed.append(code)
            raise OSError("disk full")
        return real(code, data, touched)

    monkeypatch.setattr(store, "save", save)
    return failed


def test_a_phone_that_resumes_while_its_old_connection_closes_stays_connected(app, table, join, client, monkeypatch):
    """The old connection of a seat closing and the phone resuming on a new
    one at the same moment leave the seat connected (the last-connection
    check is made inside the room's change)."""
    t, code, _ = table
    ana = join(code, "Ana")
    room = realtime(app).registry.get(code)
    real_change = room.change
    again = client()
    resumed: list = []

    def change(*args, **kwargs):
        if not resumed:  # the resume lands between the old socket closing and its change
            resumed.append(None)
            resumed[0] = again.call("player.resume", {"code": code, "token": ana.token})
        return real_change(*args, **kwargs)

    monkeypatch.setattr(room, "change", change)
    ana.disconnect()
    assert resumed == [{"ok": True, "player_id": ana.player_id}]
    assert room.seat(ana.player_id).connected is True
    assert t.last_state()["players"][0]["connected"] is True
    assert "draw" not in str(again.last_state()["you"]["actions"])  # it gets its frames
    assert again.call("player.update", {"group": "chicks"}) == {"ok": True}


def test_last_connection_of_a_seat_closing_marks_it_away(table, join, client):
    """With two connections on one seat, the seat is away only once both are gone."""
    t, code, _ = table
    ana = join(code, "Ana")
    second = client()
    assert second.call("player.resume", {"code": code, "token": ana.token})["ok"]
    t.states()
    ana.disconnect()
    assert t.states() == []  # still one phone on the seat: nothing changed
    second.disconnect()
    assert t.last_state()["players"][0]["connected"] is False


def test_a_failed_save_does_not_kick_the_phone(app, table, join, monkeypatch):
    """A kick the store could not save is answered conflict, and the phone
    is not told it was removed: its seat and token still work."""
    t, code, _ = table
    join(code, "Ana")
    bob = join(code, "Bob")
    failed = fail_next_save(app, monkeypatch)
    answer = t.call("host.command", {"command": "kick", "player_id": bob.player_id})
    assert failed and answer["error"]["code"] == "conflict"
    assert bob.received("kicked") == []
    assert [p["name"] for p in t.last_state()["players"]] == ["Ana", "Bob"]
    assert bob.call("player.update", {"group": "guys"}) == {"ok": True}
    # the kick goes through once the store works again
    assert t.call("host.command", {"command": "kick", "player_id": bob.player_id}) == {"ok": True}
    assert bob.received("kicked") == [{"code": code, "reason": "kicked"}]


def test_a_failed_save_does_not_seat_the_connection(app, table, join, client, monkeypatch):
    """A join the store could not save binds nothing: the seat id it would
    have had goes to the next guest, and the first connection never receives
    that guest's private view."""
    t, code, _ = table
    failed = fail_next_save(app, monkeypatch)
    ghost = client()
    answer = ghost.call("player.join", {"code": code, "name": "Ghost"})
    assert failed and answer["error"]["code"] == "conflict"
    assert ghost.states() == []
    ana = join(code, "Ana")
    assert ana.player_id == "p1"  # the id the failed join would have had
    ana.call("player.update", {"group": "chicks"})
    assert ghost.states() == []
    assert ghost.received("kicked") == []
    assert ghost.call("game.act", {"action": {"type": "draw"}})["error"]["code"] == "forbidden"


def test_a_failed_save_after_resume_leaves_the_connection_unbound(app, table, join, client, monkeypatch):
    """A resume the store could not save is answered conflict and the
    connection gets no frames of the seat; the next try works."""
    t, code, _ = table
    ana = join(code, "Ana")
    ana.disconnect()
    again = client()
    fail_next_save(app, monkeypatch)
    assert again.call("player.resume", {"code": code, "token": ana.token})["error"]["code"] == "conflict"
    join(code, "Bob")
    assert again.states() == []
    assert again.call("player.resume", {"code": code, "token": ana.token}) == {"ok": True, "player_id": ana.player_id}
    assert again.last_state()["you"]["player_id"] == ana.player_id


def test_a_failed_start_keeps_the_finished_game_and_its_drinks(app, table, join, monkeypatch):
    """When the next game cannot be built, the game that was there (over,
    with its drinks) is still there and no drink is counted twice."""
    t, code, _ = table
    phones = {p.player_id: p for p in (join(code, "Ana"), join(code, "Bob"))}
    assert t.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["3S", "KS", "KH", "KD", "KC"]}})["ok"]
    for _ in range(5):
        drawer = t.last_state()["game"]["turn"]
        assert phones[drawer].call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    before = t.last_state()
    assert before["game"]["over"] is True
    drinks = [p["drinks"] for p in before["players"]]
    assert drinks == [1, 0]

    def broken(*_args, **_kwargs):
        raise IllegalAction("The deck could not be shuffled.")

    monkeypatch.setattr(MODES["kings"], "new", broken)
    answer = t.call("game.start", {"mode": "kings", "options": {}})
    assert answer["ok"] is False and answer["error"]["code"] == "illegal_action"
    room = realtime(app).registry.get(code)
    assert room.game is not None and room.game.mode == "ring_of_fire" and room.game.is_over()
    assert [p["drinks"] for p in room.public_view()["players"]] == [1, 0]
    monkeypatch.undo()
    assert t.call("game.start", {"mode": "kings", "options": {}})["ok"]
    assert [p["drinks"] for p in t.last_state()["players"]] == [1, 0]


@pytest.mark.parametrize("event", ["player.join", "table.attach"])
def test_nothing_is_bound_before_a_refusal(table, client, event):
    """A join or attach refused by the room leaves the connection unbound."""
    t, code, _ = table
    c = client()
    payload = {"code": code, "name": ""} if event == "player.join" else {"code": code, "host_token": "A" * 32}
    assert c.call(event, payload)["ok"] is False
    assert c.states() == []
    assert c.call("host.command", {"command": "end_game"})["error"]["code"] == "forbidden"
