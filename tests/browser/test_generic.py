"""The generic screens play and show any mode from the protocol alone: the
action renderer (cards chosen by tapping the hand, one_of as buttons, int
with steppers, text as an input) and the table (piles, hand sizes, chips,
whose turn, the worded log, the result). Rendered in a real page from the
shipped modules with a staged state."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits

pytestmark = pytest.mark.browser

STATE = {
    "rev": 5,
    "room": {"code": "BCDF", "host_player": "p1", "join_url": "http://x/j/BCDF", "time": 100.0, "former": {"p9": "Zed"}},
    "players": [
        {"id": "p1", "name": "Ana", "seat": 0, "connected": True, "drinks": 2, "in_game": True, "waiting": False, "away_since": None},
        {"id": "p2", "name": "Bob", "seat": 1, "connected": True, "drinks": 0, "in_game": True, "waiting": True, "away_since": None},
        {"id": "p3", "name": "<b>Cy</b>", "seat": 2, "connected": False, "drinks": 1, "in_game": True, "waiting": False, "away_since": 90.0},
    ],
    "game": {
        "mode": "test_cards", "title": "Test Cards", "turn": "p2", "over": False, "result": None, "host_actions": [],
        "piles": {"stock": 30, "discard": ["4C", "KD"]},
        "hand_sizes": {"p1": 5, "p2": 3, "p3": 0},
        "chips": {"p1": 100, "p2": 80, "p3": 120},
        "log": [
            {"id": 1, "msg": "test.bust", "player": "p2", "total": 24},
            {"id": 2, "msg": "test.never_worded", "player": "p9", "cards": ["AS", "KD"]},
        ],
    },
    "you": {
        "player_id": "p1", "name": "Ana", "is_host": True, "hand": ["QH", "3S", "10D", "3H", "AS"],
        "actions": [
            {"type": "play", "params": {"cards": {"subset_of": ["QH", "3S", "10D", "3H", "AS"], "min": 1, "max": 4},
                                        "rank": {"one_of": ["A", "3", "Q"]}}},
            {"type": "discard", "params": {"card": {"one_of": ["3S", "3H"]}}},
            {"type": "pass", "params": {}},
            {"type": "bet", "params": {"amount": {"int": {"min": 5, "max": 50}}}},
            {"type": "ask", "params": {"player": {"one_of": ["p2", "p3"]}}},
            {"type": "note", "params": {"text": {"text": {"max_len": 30}}}},
        ],
    },
}

RENDER = """async ([state, where]) => {
  const view = await import('/static/js/view.js');
  const { generic } = await import('/static/js/modes/generic.js');
  const { registerMessages } = await import('/static/js/words.js');
  const { PlayerGrid } = await import('/static/js/ui/seat.js');
  registerMessages({ 'test.bust': '{player} busts with {total}.' });
  document.body.className = where === 'tv' ? 'page-table' : 'page-phone';
  document.body.replaceChildren();
  const root = document.createElement('div');
  document.body.appendChild(root);
  window.sent = [];
  const send = async (action) => { window.sent.push(action); return { ok: true }; };
  state.receivedAt = Date.now();
  const info = (p) => generic.seatInfo(state, p);
  if (where === 'tv') {
    view.render(view.html`<div class="tv"><main class="tv-main"><div class="game-layout">
      <section class="game-area"><${generic.Table} state=${state} ctx=${{}} /></section>
      <aside class="side"><${PlayerGrid} state=${state} turn=${state.game.turn} info=${info} title="Players" /></aside>
    </div></main></div>`, root);
  } else {
    view.render(view.html`<div class="phone"><div class="screen"><${generic.Status} state=${state} />
      <${generic.Phone} state=${state} send=${send} /></div></div>`, root);
  }
}"""


def test_generic_phone_plays_every_domain(open_phone, server, shots, watch):
    """Cards are chosen by tapping the hand, then the move; a lone one_of is
    a button per value; an int has steppers; text is an input."""
    page = open_phone(server.url + "/")
    page.evaluate(RENDER, [STATE, "phone"])
    hand = page.locator(".hand")
    expect(hand.locator("button.card")).to_have_count(5)
    assert hand.locator("button.card").first.get_attribute("aria-label") == "3 of spades"  # sorted by rank
    play = page.locator("form[data-action=play]")
    expect(play.locator("button[type=submit]")).to_be_disabled()
    hand.locator("button[data-card='3S']").click()
    hand.locator("button[data-card='3H']").click()
    assert hand.locator("button[data-card='3H']").get_attribute("aria-pressed") == "true"
    expect(play).to_contain_text("2 chosen")
    play.locator("button[data-value='3']").click()
    shots("generic-phone", page, full_page=True)
    assert_fits(page, "generic phone", phone=True)
    play.locator("button[type=submit]").click()
    expect(hand.locator("button[aria-pressed=true]")).to_have_count(0)  # sent: the choice is cleared

    discard = page.locator("form[data-action=discard]")
    hand.locator("button[data-card='3H']").click()
    hand.locator("button[data-card='3S']").click()
    expect(discard.locator("button[type=submit]")).to_be_disabled()  # a discard is one card
    hand.locator("button[data-card='3H']").click()
    expect(hand.locator("button[aria-pressed=true]")).to_have_count(1)
    discard.locator("button[type=submit]").click()

    page.click("button[data-action=pass]")
    bet = page.locator("form[data-action=bet]")
    expect(bet.locator("input")).to_have_value("5")
    bet.get_by_label("More").click()
    bet.get_by_label("More").click()
    bet.locator("button[type=submit]").click()
    page.locator("[data-action=ask] button", has_text="<b>Cy</b>").click()
    note = page.locator("form[data-action=note]")
    note.locator("input").fill("  hello  ")
    note.locator("button[type=submit]").click()
    sent = page.evaluate("() => window.sent")
    assert sent == [
        {"type": "play", "cards": ["3S", "3H"], "rank": "3"},
        {"type": "discard", "card": "3S"},
        {"type": "pass"},
        {"type": "bet", "amount": 7},
        {"type": "ask", "player": "p3"},
        {"type": "note", "text": "hello"},
    ]
    assert page.locator("b", has_text="Cy").count() == 0  # a name is text, never markup
    assert watch.errors == []


def test_generic_table_reads_well(open_phone, browser, server, shots, watch):
    """Piles, hand sizes, chips, whose turn and the log in words (a known key
    worded by its table, an unknown one still readable, a leaver by name),
    then the result."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    watch.watch(page)
    try:
        page.goto(server.url + "/")
        page.evaluate(RENDER, [STATE, "tv"])
        expect(page.locator(".turn-line")).to_have_text("Bob to play")
        expect(page.locator(".pile[data-pile=stock]")).to_contain_text("Stock")
        expect(page.locator(".pile[data-pile=stock] .pile-count")).to_have_text("30 cards")
        expect(page.locator(".pile[data-pile=discard] .card")).to_have_count(2)
        expect(page.locator("#players li[data-pid=p2] .hand-size")).to_have_text("3")
        expect(page.locator("#players li[data-pid=p3] .chips")).to_have_text("120")
        expect(page.locator("#players li[data-pid=p3] .mark.offline")).to_have_text("away")
        log = page.locator(".log-list li")
        expect(log).to_have_text(["Test: never worded — Zed, cards A♠ and K♦.", "Bob busts with 24."])
        shots("generic-table", page)
        assert_fits(page, "generic table")
        over = dict(STATE, game=dict(STATE["game"], over=True, turn=None,
                                     result={"winners": ["p3"], "losers": ["p9"], "chips": {"p1": 90, "p2": 0, "p3": 210}}))
        page.evaluate(RENDER, [over, "tv"])
        result = page.locator(".result-panel")
        expect(result.locator(".result-line").first).to_have_text("Won: <b>Cy</b>")
        expect(result.locator(".result-line").nth(1)).to_have_text("Lost: Zed")
        expect(result.locator("tbody tr")).to_have_text(["Ana90", "Bob0", "<b>Cy</b>210"])
        shots("generic-result", page)
        assert_fits(page, "generic result")
        assert watch.errors == []
    finally:
        ctx.close()
