"""A hand move and a "Cheat!" call from the phones, in WebKit and in
Firefox: Ana taps two cards of her fanned hand, the rank and Play; Bob's
phone offers "Cheat!" and he taps it; the turned cards show on the table
and on both phones (Ana told the truth: Bob picks up the pile)."""

from __future__ import annotations

import pytest

from partyapp.games.kit.cards import STANDARD_DECK
from tests.games.hand_helpers import whole_deal

pytestmark = pytest.mark.engines

HANDS = [["7S", "7H", "5D"], ["2C", "KD", "9S"]]  # Ana, Bob; the rest dealt in deck order
# A card of the fanned hand is tapped on its left strip, the part that shows.
CARD_STRIP = (10, 30)


def test_a_hand_move_and_a_cheat_call(pages):
    table, code = pages.table()
    ana = pages.join(pages.phone("ana"), code, "Ana")
    bob = pages.join(pages.phone("bob"), code, "Bob")
    table.wait_for("() => document.querySelectorAll('#players .pname').length === 2", what="both players listed")
    pages.start(table, "cheat", {"deck": whole_deal(HANDS, 2, STANDARD_DECK), "call_seconds": 60})

    ana.wait_for("() => /Your turn/.test(document.querySelector('.status-line.mine')?.textContent || '')",
                 what="Ana's turn")
    for card in ("7S", "7H"):
        ana.tap(f".hand button[data-card='{card}']", at=CARD_STRIP)
        ana.wait_for("(c) => document.querySelector(`.hand button[data-card='${c}']`).closest('.hand-slot.up')",
                     card, what=f"{card} picked")
    ana.tap(".rank-chooser button[data-rank='7']")
    ana.wait_for("() => document.querySelector('.act-play')?.textContent.trim() === 'Play two 7s'",
                 what="the Play button saying two 7s")
    pages.shot(ana, "ana-plays")
    ana.tap(".act-play")

    table.wait_for("() => document.querySelector('.cheat-moment .moment-claim')?.textContent.trim() === "
                   "'Ana says: two 7s.'", what="the claim on the table")
    assert ana.count("button[data-action=call]") == 0
    bob.wait_for("() => document.querySelector('button[data-action=call]')?.textContent.trim() === 'Cheat!'",
                 what="Bob's Cheat! button")
    pages.shot(bob, "bob-may-call")
    bob.tap("button[data-action=call]")

    turned = ("() => { const box = document.querySelector('.reveal-box');"
              " return box && [...box.querySelectorAll('.card[data-card]')].map((c) => c.dataset.card).sort().join(); }")
    for page in (table, ana, bob):
        assert page.wait_for(turned, what="the turned cards") == "7H,7S"
    assert "Bob called “Cheat!” on Ana" in table.text(".reveal-box")
    assert "Bob picks up the pile" in table.text(".reveal-box")
    pages.shot(table, "table-reveal")
    pages.shot(bob, "bob-reveal")
