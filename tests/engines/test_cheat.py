"""A hand move and a "Cheat!" call from the phones, in WebKit and in
Firefox: Ana taps two cards of her fanned hand (raised, they stay under
the phone's top bar when scrolled up to it), the rank and Play; Bob's
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

# The page scrolled (instantly) so that the card's top edge sits under the
# middle of the phone's sticky top bar, as when a guest scrolls on to the rank
# and Play with cards raised; then what is drawn where the card's strip meets
# the bar. The bar stays on top: the element there is the bar or inside it.
UNDER_THE_BAR = """(code, strip) => {
  const bar = document.querySelector('.phone-bar');
  const card = () => document.querySelector(`.hand button[data-card='${code}']`).getBoundingClientRect();
  const b = bar.getBoundingClientRect();
  window.scrollBy({ top: card().top - (b.top + b.height / 2), behavior: 'instant' });
  const c = card(), after = bar.getBoundingClientRect();
  const x = c.left + strip, y = (Math.max(c.top, after.top) + Math.min(c.bottom, after.bottom)) / 2;
  const top = document.elementFromPoint(x, y);
  return { x, y, overlaps: c.top < after.bottom && c.bottom > after.top, onBar: Boolean(top && bar.contains(top)),
           drawn: top ? `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}` : null };
}"""


def test_a_hand_move_and_a_cheat_call(pages):
    table, code, ana, bob = pages.ana_and_bob(bob_on_a_phone=True)
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
    # A raised card scrolled up under the top bar is drawn beneath it, never over it.
    for card in ("7S", "7H"):
        seen = ana.evaluate(UNDER_THE_BAR, card, CARD_STRIP[0])
        pages.shot(ana, f"ana-{card}-under-the-bar")
        assert seen["overlaps"], f"{card} was not scrolled under the top bar: {seen}"
        assert seen["onBar"], f"the raised {card} is drawn over the phone's top bar: {seen}"
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
