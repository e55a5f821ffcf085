"""Go Fish in real browsers: a table and two phones on a staged deck. Ana
taps a 7 and asks Bob, gets his 7 and lays down the book; asks again and
fishes; Bob asks Ana and fishes too. The table shows who gave whom how many
of which rank, never the suits."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.games.hand_helpers import deal_order_deck

pytestmark = pytest.mark.browser

ANA = ["7S", "7H", "7D", "3C", "5C", "9C", "JC"]
BOB = ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]


def tap_card(page, code):
    """Tap a card of the fanned hand where it shows: its left edge."""
    page.locator(f".hand button[data-card='{code}']").click(position={"x": 10, "y": 30})


def test_go_fish_asks_books_and_fishing(open_table, open_phone, server, shots, watch):
    """A rank is chosen by tapping a card or a rank button, the player by
    name; what changes hands is shown as a rank and a count."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    deck = deal_order_deck([ANA, BOB], ["4S", "2D"])
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'go_fish', options: {deck: d}})", deck)
    assert answer == {"ok": True}, answer

    expect(ana.locator(".status-line.mine")).to_contain_text("Your turn: ask for a rank you hold")
    expect(table.locator(".big-line")).to_have_text("Ana to ask")
    expect(ana.locator(".rank-chooser button")).to_have_text(["3×1", "5×1", "7×3", "9×1", "J×1"])
    ask = ana.locator(".act-ask")
    expect(ask).to_be_disabled()
    tap_card(ana, "7H")  # a card picks its rank
    expect(ana.locator(".rank-chooser button[data-rank='7']")).to_have_attribute("aria-checked", "true")
    expect(ana.locator(".hand button[aria-pressed=true]")).to_have_count(3)
    expect(ask).to_have_text("Ask Bob for 7s")  # the only other player is chosen already
    shots("ana-asks", ana, full_page=True)
    assert_fits(ana, "Ana's phone asking", phone=True)
    ask.click()

    # Bob hands over his 7: the table says "one 7", never 7♣; Ana lays down the book.
    expect(table.locator(".last-ask")).to_have_text("Ana asked Bob for 7s and got one 7.")
    expect(table.locator(".books-box")).to_contain_text("Ana")
    expect(table.locator(".books-box .book")).to_have_text(["7"])
    expect(bob.locator(".my-part")).to_have_text("You handed Ana one 7.")
    expect(table.locator("#ticker")).to_contain_text("Ana laid down the four 7s.")
    assert "7♣" not in table.locator("#ticker").inner_text()
    expect(ana.locator(".my-books")).to_contain_text("Your books:")
    expect(ana.locator(".status-line.mine")).to_be_visible()  # a good ask: Ana goes again

    # Ana asks for 5s with the rank button: Go fish! She sees 4♠; nobody else does.
    ana.locator(".rank-chooser button[data-rank='5']").click()
    ana.locator(".act-ask").click()
    expect(ana.locator(".my-part")).to_have_text("Go fish! You drew 4♠.")
    expect(table.locator(".last-ask")).to_have_text("Ana asked Bob for 5s — Go fish!")
    expect(table.locator(".pile-box .pile-count")).to_have_text("37 cards")
    assert "4♠" not in table.locator("body").inner_text() and "4♠" not in bob.locator("body").inner_text()
    expect(bob.locator(".status-line.mine")).to_be_visible()
    shots("table-fish", table)
    assert_fits(table, "table after Go fish")
    table.set_viewport_size({"width": 1280, "height": 720})
    assert_fits(table, "table after Go fish at 1280x720")

    # Bob asks Ana for 8s: none; he fishes 2♦ and the turn passes back.
    bob.locator(".rank-chooser button[data-rank='8']").click()
    bob.locator(".act-ask").click()
    expect(bob.locator(".my-part")).to_have_text("Go fish! You drew 2♦.")
    expect(ana.locator(".status-line.mine")).to_be_visible()
    shots("bob-fished", bob, full_page=True)
    assert_fits(bob, "Bob's phone after fishing", phone=True)
    assert not watch.errors and not watch.dialogs


def test_the_host_sees_the_empty_hand_rule_before_starting(open_table, open_phone, server, shots, watch):
    """The game picker lists Go Fish's table rule for an empty hand, with
    its help text and its default (wins), in the host's option form."""

    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    ana.locator("button[data-mode=go_fish]").click()
    options = ana.locator("details.options-box")
    options.locator("summary").click()
    expect(options.locator(".opt .field-label")).to_contain_text(["Empty hand"])
    expect(options).to_contain_text("wins at once")
    shots("host-options", ana, full_page=True)
    assert_fits(ana, "the host's phone with Go Fish's options open", phone=True)
    assert not watch.errors and not watch.dialogs
