"""Out of chips and back in, on a phone in WebKit and in Firefox: with
re-buys on (a stack of 20), Ana loses her whole stack of 10; her phone says
she is out of chips and shows "Buy back in" and "Sit out"; she taps "Buy
back in" and the next deal opens with her 20 chips and her bet to make."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines

# Ana, Bob, the upcard, Ana, Bob, the hole card: Ana 17, Bob 20, the dealer 19
DECK = ["10C", "10H", "9D", "7D", "10S", "KC"]


def test_a_broke_phone_buys_back_in(pages):
    table, code, ana, bob = pages.ana_and_bob()
    pages.start(table, "casino_blackjack", {"deck": DECK, "rounds": 3, "start_chips": 10, "min_bet": 10,
                                            "max_bet": 10, "dealer_pace_ms": 200, "rebuy": True, "rebuy_chips": 20})
    ana.tap("form[data-action=bet] button[type=submit]")
    bob.wait_for(lambda s: s["game"] is not None and s["you"]["actions"])
    assert bob.call("game.act", {"action": {"type": "bet", "amount": 10}})["ok"]
    ana.tap("button[data-action=stand]")
    bob.wait_for(lambda s: any(a["type"] == "stand" for a in s["you"]["actions"]))
    assert bob.call("game.act", {"action": {"type": "stand"}})["ok"]

    ana.wait_for("() => /buy back in for a new stack of 20/.test("
                 "document.querySelector('.status-line.out-of-chips')?.textContent || '')",
                 what="Ana told she is out of chips", timeout=30)
    assert ana.text("button[data-action=rebuy]").strip() == "Buy back in"
    assert ana.text("button[data-action=sit_out_rest]").strip() == "Sit out"
    pages.shot(ana, "ana-out-of-chips")
    ana.tap("button[data-action=rebuy]")
    ana.wait_for("() => Boolean(document.querySelector('form[data-action=bet]'))"
                 " && /20/.test(document.querySelector('.stack-line')?.textContent || '')",
                 what="Ana's bet to make with her new stack of 20")
    state = bob.wait_for(lambda s: s["game"]["phase"] == "bet" and s["game"]["rebuys"])
    assert list(state["game"]["rebuys"].values()) == [1]
    pages.shot(ana, "ana-back-in")
