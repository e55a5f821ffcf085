"""Home Blackjack in real browsers: a table and two phones play a deal through
the generic action controls (the mode has no screens of its own yet)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_deal_of_blackjack_on_two_phones(open_table, open_phone, server, shots, watch):
    """Ana bets and hits on her phone, Bob deals and stands on his; only Ana's
    phone shows her down card until the end; the game ends with its result."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    options = {"deck": ["10H", "9C", "5D", "QC", "2S"], "rounds": 1}
    answer = table.evaluate("(o) => window.partyappTable.call('game.start', {mode: 'blackjack', options: o})", options)
    assert answer["ok"], answer

    bet = ana.locator("form[data-action=bet]")
    expect(bet).to_be_visible()
    expect(bob.locator("[data-action=bet]")).to_have_count(0)
    bet.locator("input[type=number]").fill("10")
    bet.locator("button[type=submit]").click()
    expect(ana.locator("button[data-action=hit]")).to_be_visible()
    shots("ana-to-play", ana)
    ana.locator("button[data-action=hit]").click()
    ana.locator("button[data-action=stand]").click()
    expect(bob.locator("button[data-action=stand]")).to_be_visible()
    expect(bob.locator("button[data-action=hit]")).to_have_count(0)
    shots("bob-deals", bob)
    bob.locator("button[data-action=stand]").click()
    expect(table.locator("body")).to_contain_text("Game over")
    shots("table-over", table)
    expect(ana.locator("[data-action]")).to_have_count(0)
    assert not watch.errors and not watch.dialogs
