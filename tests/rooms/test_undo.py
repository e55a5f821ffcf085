"""Taking a move back over the wire (``game.undo``, ``you.can_undo``): the
move goes from every screen as if never made, the log says who took it
back, only its own player may, and not while paused or once the game moved
on. On the fake clock, over the Socket.IO test client."""

from __future__ import annotations

from partyapp.games.kit.cards import STANDARD_DECK
from tests.conftest import error_code, ok
from tests.games.hand_helpers import whole_deal


def act(client, type_: str, **params) -> dict:
    return client.call("game.act", {"action": {"type": type_, **params}})


def cheat(t, call_seconds: int = 5) -> None:
    deck = whole_deal([["7S", "7H", "5D"], ["2C", "KD", "9S"]], 2, STANDARD_DECK)
    ok(t.call("game.start", {"mode": "cheat", "options": {"deck": deck, "call_seconds": call_seconds}}))


def without(view: dict, *keys) -> dict:
    return {k: v for k, v in view.items() if k not in keys}


def test_a_cheat_play_taken_back_is_gone_from_every_screen(table, join):
    t, code, _ = table
    ana, bob = join(code, "Ana", group="chicks"), join(code, "Bob")
    cheat(t)
    before = {c: c.last_state() for c in (t, ana, bob)}
    assert before[ana]["you"]["can_undo"] is False
    ok(act(ana, "play", cards=["7S"], rank="A"))
    assert ana.last_state()["you"]["can_undo"] is True
    assert bob.last_state()["you"]["can_undo"] is False
    assert error_code(bob.call("game.undo", {})) == "illegal_action"  # not his move
    ok(ana.call("game.undo", {}))
    for c in (t, ana, bob):
        after = c.last_state()
        assert without(after["game"], "log") == without(before[c]["game"], "log")
        if c is not t:
            assert without(after["you"], "can_undo") == without(before[c]["you"], "can_undo")
        assert after["game"]["log"][-1] == {"id": after["game"]["log"][-1]["id"], "msg": "game.took_back",
                                            "player": ana.player_id}
        assert "cheat.play" not in [e["msg"] for e in after["game"]["log"]]
    assert error_code(ana.call("game.undo", {})) == "illegal_action"


def test_the_undo_lasts_until_the_next_move_or_the_window_closes(table, join, clock):
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    cheat(t)
    ok(act(ana, "play", cards=["7S"], rank="A"))
    clock.advance(5)  # the call window closed by itself: the play stands
    assert ana.last_state()["you"]["can_undo"] is False
    assert error_code(ana.call("game.undo", {})) == "illegal_action"
    ok(act(bob, "play", cards=["2C"], rank="2"))
    ok(act(ana, "pass"))  # Ana answers Bob's play: his undo is gone
    assert bob.last_state()["you"]["can_undo"] is False


def test_no_undo_while_paused(table, join):
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    cheat(t)
    ok(act(ana, "play", cards=["7S"], rank="A"))
    ok(t.call("host.command", {"command": "pause", "paused": True}))
    assert ana.last_state()["you"]["can_undo"] is False
    assert error_code(ana.call("game.undo", {})) == "paused"
    ok(t.call("host.command", {"command": "pause", "paused": False}))
    assert ana.last_state()["you"]["can_undo"] is True
    ok(ana.call("game.undo", {}))


def test_the_table_takes_back_a_guests_move(table, join):
    """A guest without a phone played from the table device: the table takes their move back for them."""
    t, code, _ = table
    guest = ok(t.call("host.command", {"command": "add_guest", "name": "Gus"}))["player_id"]
    ana = join(code, "Ana")
    deck = whole_deal([["7S", "7H", "5D"], ["2C", "KD", "9S"]], 2, STANDARD_DECK)
    ok(t.call("game.start", {"mode": "cheat", "options": {"deck": deck}}))
    ok(t.call("game.act", {"action": {"type": "play", "cards": ["7S"], "rank": "A"}, "as": guest}))
    assert error_code(t.call("game.undo", {})) == "forbidden"  # the table has no seat of its own
    assert error_code(ana.call("game.undo", {})) == "illegal_action"  # not Ana's move
    ok(t.call("game.undo", {"as": guest}))
    assert t.last_state()["game"]["log"][-1]["msg"] == "game.took_back"
