"""A phone's Undo and the host's pause, in WebKit and in Firefox: Ana plays
a card and takes it back with "Undo my move" (the button goes with it);
she plays again, opens Host controls and pauses: Bob's phone says who
paused and what goes on at resume, and its game is out of reach; Ana
resumes from the notice."""

from __future__ import annotations

import pytest

from partyapp.games.kit.cards import STANDARD_DECK
from tests.games.hand_helpers import whole_deal

pytestmark = pytest.mark.engines

HANDS = [["7S", "7H", "5D"], ["2C", "KD", "9S"]]  # Ana, Bob
CARD_STRIP = (10, 30)
HAND = "() => [...document.querySelectorAll('.hand button[data-card]')].map((b) => b.dataset.card).sort().join()"


def test_undo_and_pause_on_the_phones(pages):
    table, code, ana, bob = pages.ana_and_bob(bob_on_a_phone=True)
    pages.start(table, "cheat", {"deck": whole_deal(HANDS, 2, STANDARD_DECK), "call_seconds": 60})
    ana.wait_for("() => /Your turn/.test(document.querySelector('.status-line.mine')?.textContent || '')",
                 what="Ana's turn")
    hand = ana.evaluate(HAND)
    assert ana.count("#btn-undo") == 0

    ana.tap(".hand button[data-card='7S']", at=CARD_STRIP)
    ana.wait_for("() => document.querySelector(`.hand button[data-card='7S']`).closest('.hand-slot.up')", what="7S picked")
    ana.tap(".rank-chooser button[data-rank='7']")
    ana.tap(".act-play")
    ana.wait_for("() => document.querySelector('#btn-undo')?.textContent.trim() === 'Undo my move'", what="Undo")
    assert bob.count("#btn-undo") == 0
    pages.shot(ana, "ana-may-undo")
    ana.tap("#btn-undo")
    ana.wait_for("(h) => !document.querySelector('#btn-undo') && "
                 "[...document.querySelectorAll('.hand button[data-card]')].map((b) => b.dataset.card).sort().join() === h",
                 hand, what="the card back in Ana's hand and no Undo")
    table.wait_for("() => /Ana took back their move/.test(document.querySelector('#ticker')?.textContent || '')",
                   what="the log saying Ana took back her move")
    bob.wait_for("() => !document.querySelector('button[data-action=call]')", what="nothing for Bob to call")

    ana.tap(".hand button[data-card='7S']", at=CARD_STRIP)
    ana.tap(".rank-chooser button[data-rank='7']")
    ana.tap(".act-play")
    bob.wait_for("() => Boolean(document.querySelector('button[data-action=call]'))", what="Bob's Cheat! button")
    ana.tap("#host-box > summary")
    ana.tap("#btn-pause")
    notice = bob.wait_for("() => document.querySelector('#pause-notice')?.textContent || ''", what="the pause notice")
    assert "Paused by Ana" in notice and "seconds left on the clock" in notice
    assert bob.evaluate("() => document.querySelector('#play-area').inert === true")
    assert bob.count("#btn-undo") == 0 and ana.count("#btn-undo") == 0  # nothing is played while paused
    pages.shot(bob, "bob-paused")
    pages.shot(ana, "ana-paused")
    ana.tap("#pause-notice #btn-resume")
    bob.wait_for("() => !document.querySelector('#pause-notice') && document.querySelector('#play-area').inert === false",
                 what="the game back within reach")
    ana.wait_for("() => Boolean(document.querySelector('#btn-undo'))", what="Undo back after the resume")
