"""Cheat in real browsers: a table and three phones play a round with a
challenge on a staged deck. Ana plays two true 7s and everybody lets them
pass; Bob lies with two cards called 8s; Cat calls "Cheat!" first, Ana's
call comes too late; the turned cards show on the TV and every phone, and
Bob picks up the pile."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from partyapp.games.kit.cards import STANDARD_DECK
from tests.browser.layout import assert_fits, settle
from tests.games.hand_helpers import whole_deal
from tests.wire import WireClient

pytestmark = pytest.mark.browser

HANDS = [["7S", "7H", "5D"], ["2C", "KD", "9S"], ["8S", "4H", "JD"]]  # Ana, Bob, Cat; the rest dealt in deck order


def tap_card(page, code):
    """Tap a card of the fanned hand where it shows: its left edge."""
    page.locator(f".hand button[data-card='{code}']").click(position={"x": 10, "y": 30})


def start(table, mode, options):
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})", [mode, options])
    assert answer == {"ok": True}, answer


def test_a_round_of_cheat_with_a_challenge(open_table, open_phone, server, shots, watch):
    """Cards are tapped, a rank chosen, then Play; in the window the others
    see a big Cheat! button and a countdown; the first call counts; the
    challenge is shown in words and cards; the pile goes to the liar."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana, bob, cat = (open_phone(f"{server.url}/j/{code}", n) for n in ("Ana", "Bob", "Cat"))
    expect(table.locator("#players .pname")).to_have_count(3)
    start(table, "cheat", {"deck": whole_deal(HANDS, 3, STANDARD_DECK), "call_seconds": 60})

    # Ana's turn: the hand is sorted and tappable; the rank chooser offers every rank.
    expect(ana.locator(".status-line.mine")).to_contain_text("Your turn")
    expect(table.locator(".big-line")).to_have_text("Ana to play: any rank")
    expect(ana.locator(".rank-chooser button")).to_have_count(13)
    expect(bob.locator(".act-play")).to_have_count(0)
    play = ana.locator(".act-play")
    expect(play).to_be_disabled()
    tap_card(ana, "7S")
    tap_card(ana, "7H")
    ana.locator(".rank-chooser button[data-rank='7']").click()
    expect(play).to_have_text("Play two 7s")
    shots("ana-plays", ana, full_page=True)
    assert_fits(ana, "Ana's phone choosing a play", phone=True)
    play.click()

    # The window: everybody else may call; the TV says what was claimed.
    # The moment of the game fills the TV's top: the claim, the countdown, who still decides.
    expect(table.locator(".cheat-moment .moment-claim")).to_have_text("Ana says: two 7s.")
    expect(table.locator(".call-prompt")).to_contain_text("Cheat?")
    expect(table.locator(".moment-waiting")).to_have_text("Still deciding: Bob and Cat")
    assert table.locator(".moment-claim").evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 48
    for phone in (bob, cat):
        expect(phone.locator("button[data-action=call]")).to_have_text("Cheat!")
    expect(ana.locator("button[data-action=call]")).to_have_count(0)
    # Ana's own cards stay out of a neighbour's glance until she asks to see them
    note = ana.locator(".played-note")
    expect(note.locator("summary")).to_have_text("You played two 7s: tap to see which cards")
    expect(note.locator(".played-cards")).not_to_be_visible()
    expect(ana.locator(".played-note .card")).to_have_count(0)
    note.locator("summary").click()
    expect(note.locator(".played-cards")).to_have_text("7♠ and 7♥")
    expect(table.locator(".pile-box .pile-count")).to_have_text("2 cards")
    shots("table-window", table)
    assert_fits(table, "table in the call window")
    shots("bob-window", bob, full_page=True)
    assert_fits(bob, "Bob's phone in the call window", phone=True)
    bob.locator("button[data-action=pass]").click()
    expect(table.locator(".moment-waiting")).to_have_text("Still deciding: Cat")
    cat.locator("button[data-action=pass]").click()

    # Bob's turn: 6, 7 or 8. He plays 2♣ K♦ as two 8s.
    expect(bob.locator(".status-line.mine")).to_contain_text("Your turn")
    expect(bob.locator(".rank-chooser button")).to_have_text(["6", "7", "8"])
    expect(table.locator(".big-line")).to_contain_text("Bob to play: 6s, 7s or 8s")
    tap_card(bob, "2C")
    tap_card(bob, "KD")
    bob.locator(".rank-chooser button[data-rank='8']").click()
    bob.locator(".act-play").click()
    expect(cat.locator("button[data-action=call]")).to_be_visible()
    cat.locator("button[data-action=call]").click()

    # The challenge: the cards turned on the TV and the phones; Bob picks up the pile.
    reveal = table.locator(".reveal-box")
    expect(reveal).to_contain_text("Cat called “Cheat!” on Bob")
    expect(reveal).to_contain_text("caught! Bob picks up the pile.")
    # who drinks and why, on the TV, on Bob's phone (to him) and on the others'
    expect(reveal).to_contain_text("Caught cheating: Bob drinks 1 drink.")
    expect(bob.locator(".reveal-box")).to_contain_text("Caught cheating: You drink 1 drink.")
    expect(cat.locator(".reveal-box")).to_contain_text("Caught cheating: Bob drinks 1 drink.")
    expect(reveal.locator(".card")).to_have_count(2)
    expect(reveal.locator(".card[data-card='2C']")).to_have_count(1)
    for phone in (ana, bob, cat):
        expect(phone.locator(".reveal-box .card[data-card='KD']")).to_have_count(1)
    late = ana.evaluate("() => window.partyappPhone.send({type: 'call'})")
    assert late["ok"] is False and late["error"]["code"] == "conflict"
    expect(ana.locator("#phone-message")).to_contain_text("Too late")
    expect(table.locator("#players li", has_text="Bob").locator(".hand-size")).to_have_text("19")
    expect(table.locator("#players li", has_text="Bob").locator(".drinks")).to_have_text("🍺 1")
    expect(table.locator("#ticker")).to_contain_text("Bob picks up the pile (4 cards). Caught cheating: Bob drinks 1 drink.")
    expect(bob.locator(".hand [data-card='7S']")).to_have_count(1)  # the whole pile, Ana's 7s too
    expect(ana.locator(".hand [data-card='2C']")).to_have_count(0)
    expect(cat.locator(".status-line.mine")).to_contain_text("Your turn")
    settle(table)
    shots("table-challenge", table)
    assert_fits(table, "table after the challenge")
    table.set_viewport_size({"width": 1280, "height": 720})
    shots("table-challenge-720", table)
    assert_fits(table, "table after the challenge at 1280x720")
    shots("bob-caught", bob, full_page=True)
    assert_fits(bob, "Bob's phone after the challenge", phone=True)
    assert not watch.errors and not watch.dialogs


def test_the_host_sets_the_options_of_cheat_before_starting(open_table, open_phone, server, shots, watch):
    """The game picker on the host's phone lists the engine's options: the
    call window's seconds, the ranks going round, forfeits; the game starts
    with what the host chose."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    ana.locator("button[data-mode=cheat]").click()
    options = ana.locator("details.options-box")
    options.locator("summary").click()
    expect(options.locator(".opt .field-label")).to_have_text(["Forfeits", "Call seconds", "Wrap"])
    expect(options).to_contain_text("Seconds after a play in which anybody may call")
    forfeits = options.locator("[data-option=forfeits] button")
    expect(forfeits).to_have_text("On")
    forfeits.click()
    expect(forfeits).to_have_attribute("aria-pressed", "false")
    more = options.locator("[data-option=call_seconds] button[aria-label=More]")
    for _ in range(4):
        more.click()
    expect(options.locator("[data-option=call_seconds] input")).to_have_value("12")
    expect(options.locator("summary")).to_have_text("Table rules (2 changed)")
    shots("host-options", ana, full_page=True)
    assert_fits(ana, "the host's phone with the options open", phone=True)
    ana.locator("#btn-start").click()
    expect(table.locator(".big-line")).to_contain_text("to play: any rank")
    watcher = WireClient(server.url).connect()  # a late guest sees the public view
    try:
        assert watcher.call("player.join", {"code": code, "name": "Cy"})["ok"]
        chosen = watcher.wait_for(lambda v: v["game"] is not None)["game"]["options"]
    finally:
        watcher.close()
    assert chosen == {"forfeits": False, "call_seconds": 12, "wrap": True}
    assert not watch.errors and not watch.dialogs
