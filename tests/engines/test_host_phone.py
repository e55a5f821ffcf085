"""The host's phone playing for a guest without a phone, in WebKit and in
Firefox: a TV-sized table (which never shows a hand), Dan (no phone), Bob
(a protocol client) and Ana (the host) on her phone. On Dan's turn Ana's
phone says to hand it to him and puts her own hand away, shows the privacy
screen first ("I am Dan: show my hand"), then his hand; he plays; the hand
closes and the phone comes back to Ana. Once the game waits on somebody
else, the host's phone may not see Dan's hand."""

from __future__ import annotations

import pytest

from tests.wire import WireClient

pytestmark = pytest.mark.engines

SHOWN = "(s) => { const e = document.querySelector(s); return Boolean(e) && e.getClientRects().length > 0; }"
TEXT_IS = "(s, t) => document.querySelector(s)?.textContent.trim() === t"
GUEST_VIEW = "(p) => window.partyappPhone.call('guest.view', {player_id: p})"


def test_the_hosts_phone_plays_for_the_guest_waited_on_behind_the_privacy_screen(pages):
    table, code = pages.table()
    ana = pages.join(pages.phone("ana"), code, "Ana")
    bob = WireClient(pages.server.url).connect()
    try:
        assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
        dan = pages.call(table, "host.command", {"command": "add_guest", "name": "Dan"})["player_id"]
        ids = {p["name"]: p["id"] for p in bob.wait_for(lambda s: len(s["players"]) == 3)["players"]}
        order = [dan, ids["Bob"], ids["Ana"]]
        assert pages.call(table, "host.command", {"command": "seat_order", "player_ids": order})["ok"]
        bob.wait_for(lambda s: [p["id"] for p in s["players"]] == order)
        # a staged deck is dealt from the first seat, who leads: Dan
        pages.start(table, "cheat", {"deck": ["2S", "3H", "4D", "5C", "6S", "7H"], "call_seconds": 60})

        table.wait_for(TEXT_IS, ".guest-turn.on-tv", "Dan's turn: hand the phone of the host, Ana, to Dan.",
                       what="the TV saying to hand Ana's phone to Dan")
        assert table.count("#btn-show-hand, #guest-hand, #guest-play") == 0
        ana.wait_for(TEXT_IS, "#btn-hand-over", "Hand this phone to Dan", what="Hand this phone to Dan")
        assert ana.evaluate(SHOWN, "#play-area")  # her own hand, until the phone goes round
        pages.shot(ana, "dan-waited-on")
        ana.tap("#btn-hand-over")
        ana.wait_for(TEXT_IS, "#btn-show-hand", "I am Dan: show my hand", what="the privacy screen")
        assert not ana.evaluate(SHOWN, "#play-area") and not ana.evaluate(SHOWN, "#you-line")
        assert ana.count("#guest-hand .hand") == 0
        pages.shot(ana, "privacy-screen")
        ana.tap("#btn-show-hand")
        ana.wait_for_selector("#guest-hand .hand button[data-card]")
        pages.shot(ana, "dans-hand")
        ana.tap("#guest-hand .hand button[data-card]", at=(10, 30))
        ana.tap("#guest-hand .rank-chooser button:not([disabled])")
        ana.tap("#guest-hand .act-play")
        bob.wait_for(lambda s: (s["game"].get("claim") or {}).get("player") == dan)
        ana.wait_for("() => !document.querySelector('#guest-hand')", what="Dan's hand closed after his play")

        refused = ana.evaluate(GUEST_VIEW, dan)  # the game waits on the others now
        assert refused["ok"] is False and refused["error"]["code"] == "forbidden", refused
        ana.wait_for(TEXT_IS, "#btn-back-to-me", "I am Ana: back to my screen", what="back to Ana's screen")
        ana.tap("#btn-back-to-me")
        ana.wait_for(SHOWN, "#you-line", what="Ana's own screen back")
        pages.shot(ana, "back-to-ana")
    finally:
        bob.close()
    assert pages.errors() == []
