"""Old Maid in real browsers: a table and two phones play a staged game to
its end. Bob, the dealer, offers his fan and shuffles it; Ana picks a card
from the backs; the pairs go down on the TV; Bob is left with the queen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.layout import assert_fits, settle
from tests.browser.tablegames import join_wire
from tests.games.test_old_maid import deal

pytestmark = pytest.mark.browser


def test_old_maid_to_the_last_queen(open_table, open_phone, server, shots, watch):
    """The taker sees the neighbour's cards as backs and takes one; the
    holder sees their fan in order and may shuffle it; only the two of them
    learn which card moved, until a pair goes down face up."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'old_maid', options: {deck: d}})",
                            deal(["5H", "9S"], ["5S", "9H", "QS"]))
    assert answer == {"ok": True}, answer

    # Ana takes from Bob, the dealer: three backs to pick from.
    expect(ana.locator(".status-line.mine")).to_contain_text("Your turn: take a card from Bob")
    expect(ana.locator(".back-picks button")).to_have_count(3)
    expect(ana.locator(".back-picks [data-card]")).to_have_count(0)  # backs only
    expect(table.locator(".big-line")).to_have_text("Ana takes a card from Bob")
    expect(bob.locator(".fan-order .card")).to_have_count(3)
    shuffle = bob.locator("button[data-action=shuffle]")
    expect(shuffle).to_be_visible()
    shots("bob-offers", bob, full_page=True)
    assert_fits(bob, "Bob's phone offering his cards", phone=True)
    for times in (1, 2):
        shuffle.click()
        expect(table.locator(".offer-box")).to_contain_text(f"shuffled {times} time")
        expect(bob.locator(".offered-box .shuffle-count")).to_have_text(f"shuffled {times} time" + ("s" if times > 1 else ""))
    # The fan as Bob's phone shows it now, read at once (not card by card while it may still change).
    fan = bob.locator(".fan-order .card").evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
    assert sorted(fan) == ["5S", "9H", "QS"]
    take = ana.locator(".act-take")
    expect(take).to_be_disabled()
    ana.locator(f".back-picks button[data-position='{fan.index('5S')}']").click()
    expect(take).to_have_text(f"Take card {fan.index('5S') + 1}")
    shots("ana-picks", ana, full_page=True)
    assert_fits(ana, "Ana's phone picking a card", phone=True)
    take.click()

    # 5♠ pairs Ana's 5♥: both see which card it was, and the pair goes down face up.
    expect(ana.locator(".last-take-note")).to_have_text("You took 5♠ from Bob: a pair, laid down!")
    expect(bob.locator(".last-take-note")).to_have_text("Ana took your 5♠.")
    expect(table.locator(".discards-box .card[data-card='5S']")).to_have_count(1)
    expect(table.locator(".offer-box")).to_contain_text("Ana's cards")
    expect(table.locator(".big-line")).to_have_text("Bob takes a card from Ana")
    expect(table.locator("#ticker")).to_contain_text("Ana took a card from Bob.")
    shots("table-after-take", table)
    assert_fits(table, "table after a take")

    # Bob takes Ana's last card, the 9♠: a pair; Ana is safe, Bob keeps the queen.
    expect(bob.locator(".back-picks button")).to_have_count(1)
    bob.locator(".back-picks button").click()
    bob.locator(".act-take").click()
    expect(table.locator(".big-line")).to_have_text("Bob is left holding the Old Maid!")
    expect(table.locator(".offer-box .card[data-card='QS']")).to_have_count(1)
    expect(table.locator(".outcome-box")).to_contain_text("Lost: Bob")
    expect(table.locator(".outcome-box")).to_contain_text("Forfeits: Bob (1 drink)")
    expect(table.locator("#players li", has_text="Bob").locator(".drinks")).to_have_text("🍺 1")
    # Every number on a seat says what it counts: Ana, safe, has no cards to count.
    expect(table.locator("#players li", has_text="Ana").locator(".marks")).to_have_text(re.compile(r"^\s*host\s*safe\s*13 pairs\s*$"))
    expect(table.locator("#players li", has_text="Bob").locator(".hand-size")).to_have_attribute("aria-label", "1 card in hand")
    assert_accessible(table, "the table at the end of Old Maid")
    expect(ana.locator(".status-line")).to_have_text("Bob holds the Old Maid. You are safe!")
    expect(bob.locator(".status-line")).to_have_text("You hold the Old Maid: you lose.")
    settle(table)
    shots("table-over", table)
    assert_fits(table, "table at the end")
    table.set_viewport_size({"width": 1280, "height": 720})
    assert_fits(table, "table at the end at 1280x720")
    shots("bob-lost", bob, full_page=True)
    assert_fits(bob, "Bob's phone at the end", phone=True)
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_the_safe_players_are_not_numbered_like_places(locale, open_table, open_phone, server, shots, watch):
    """Five players; Bob and Cy hold nothing but pairs and are safe at the
    deal: the TV's Safe box names them both, unnumbered (being safe first
    is no better than being safe later), and the phone of a safe player
    says so."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    phones = [open_phone(f"{server.url}/j/{code}", name, locale=locale) for name in ("Ana", "Bob")]
    guests = join_wire(server, code, ["Cy", "Dee", "Eve"])
    try:
        expect(table.locator("#players .pname")).to_have_count(5)
        answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'old_maid', options: {deck: d}})",
                                deal(["5H"], [], [], ["5S", "9H"], ["9S", "QS"]))
        assert answer == {"ok": True}, answer
        names = table.locator(".safe-box .safe-list li")
        expect(names).to_have_text(["Bob", "Cy"])
        assert table.locator(".safe-box ol").count() == 0
        markers = names.evaluate_all("(els) => els.map((el) => getComputedStyle(el).listStyleType)")
        assert markers == ["none", "none"], markers
        assert not re.search(r"\b[12]\.", table.locator(".safe-box").inner_text())
        settle(table)
        shots("tv", table)
        assert_fits(table, "the TV with two players safe")
        bob = phones[1]
        expect(bob.locator(".status-line")).to_have_text(
            "Вы вне игры: карт не осталось." if locale else "You are safe: no cards left.")
        shots("bob", bob, full_page=True)
        assert_fits(bob, "Bob's phone, safe", phone=True)
        assert not watch.errors and not watch.dialogs
    finally:
        for g in guests:
            g.close()
