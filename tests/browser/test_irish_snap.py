"""Irish Snap in real browsers: a table and two phones. Ana and Bob turn
their cards from their phones saying the count; Bob's two on "Two" is a
snap, seen on the TV (the phones' SLAP buttons look as on any card), and both slap; the TV shows the
order with the margin in ms, and the last picks the pile up."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, settle
from tests.games.reflex_helpers import snap_at

pytestmark = pytest.mark.browser


@pytest.mark.own_server(fake_clock=True)  # a late slap is late by the server's clock
def test_a_snap_with_two_phones_slapping(open_table, open_phone, server, shots, watch):
    """The count on the TV, the SLAP buttons on a match, the race on the
    TV while it is open, then the order with the margin and who picks up."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    # A long window: a busy test machine must not time the race out meanwhile.
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', "
                            "{mode: 'irish_snap', options: {deck: d, slap_window_ms: 15000}})", snap_at(1))
    assert answer["ok"], answer

    # Ana turns her card saying Ace; Bob has nothing to turn yet, only the slap.
    flip = ana.locator("button[data-action=flip]")
    expect(flip).to_contain_text("Ace")
    expect(bob.locator("button[data-action=flip]")).to_have_count(0)
    expect(bob.locator("button.slap-button.ready")).to_be_visible()
    expect(table.locator(".turn-big")).to_contain_text("Ana")
    shots("ana-to-turn", ana)
    flip.click()
    expect(table.locator(".said-word")).to_have_text("Ace")
    expect(table.locator(".faceup-pile .fp-top[data-card='3S']")).to_be_visible()

    # Bob turns a two saying Two: snap.
    bob.locator("button[data-action=flip]").click()
    expect(table.locator(".race-live .race-call")).to_have_text("Snap!")
    expect(ana.locator("button.slap-button.ready")).to_be_visible()
    expect(bob.locator("button.slap-button.ready")).to_be_visible()
    settle(table)
    shots("table-snap", table)
    shots("ana-in-the-race", ana)
    assert_fits(table, "table with the race open")
    assert_fits(ana, "Ana's phone in the race", phone=True)

    ana.locator("button.slap-button").click()
    expect(ana.locator("button.slap-button.done")).to_be_visible()
    expect(table.locator(".race-live")).to_contain_text("Waiting for Bob")
    bob.locator("button.slap-button").click()

    rows = table.locator(".race-result .race-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Ana")
    expect(rows.nth(0)).to_contain_text("first")
    expect(rows.nth(1)).to_contain_text("Bob")
    expect(rows.nth(1).locator(".race-margin")).to_have_text(re.compile(r"^\+\d+ ms$"))
    expect(rows.nth(1)).to_contain_text("picks up the pile")
    expect(table.locator("#players .player", has_text="Bob")).to_contain_text("27")
    expect(bob.locator(".my-stack")).to_contain_text("27 cards")
    expect(bob.locator(".my-place")).to_contain_text("2 of 2")
    expect(ana.locator(".my-place")).to_contain_text("first")
    expect(table.locator("#ticker")).to_contain_text("picks up the pile")
    shots("table-after", table)
    shots("bob-after", bob, full_page=True)
    assert_fits(table, "table after the snap")
    assert_fits(bob, "Bob's phone after the snap", phone=True)
    assert not watch.errors and not watch.dialogs


@pytest.mark.own_server(fake_clock=True)  # the second after a race passes on the server's clock
def test_a_slap_on_no_match_is_told_big_on_the_tv_and_on_the_slapper_phone(open_table, open_phone, server, shots, watch):
    """After a snap the TV says in big type who picked up the pile; when Ana
    then slaps on no match, the TV's headline names her (not the last race's
    loser) and her phone no longer says she was first in the last slap."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', "
                            "{mode: 'irish_snap', options: {deck: d, slap_window_ms: 15000}})", snap_at(1))
    assert answer["ok"], answer
    ana.locator("button[data-action=flip]").click()
    bob.locator("button[data-action=flip]").click()
    expect(table.locator(".race-live")).to_be_visible()
    ana.locator("button.slap-button").click()
    expect(ana.locator("button.slap-button.done")).to_be_visible()
    bob.locator("button.slap-button").click()
    expect(table.locator(".news-big")).to_have_text("Bob was last and picks up the pile (2 cards).")
    expect(ana.locator(".my-place")).to_contain_text("first")
    # the pile's top card reads from across the room: its rank in the middle
    settle(table)
    shots("table-pickup", table)

    # Bob turns the next card; no match. Ana slaps anyway.
    bob.locator("button[data-action=flip]").click()
    expect(table.locator(".news-big")).to_have_count(0)
    expect(table.locator(".faceup-pile .fp-top .pip.ranked")).to_be_visible()
    height = table.locator(".faceup-pile .fp-top .pip-rank").bounding_box()["height"]
    assert height >= 60, f"the pile's rank is {height:.0f} px high"
    # A slap within a second of the last race's close is late, not one on
    # no match (race.late): that second passes on the server's clock (the
    # race closed before this card was turned).
    server.advance(1.1)
    shots("table-card", table)
    ana.locator("button.slap-button").click()
    expect(table.locator(".news-big")).to_have_text("Ana slapped on no match and picks up the pile (1 card).")
    expect(table.locator(".said-who")).to_have_count(0)  # the headline says it once
    expect(ana.locator(".my-place")).to_have_text("Last slap: yours, on no match")
    expect(bob.locator(".reflex-phone")).not_to_contain_text("on no match")
    settle(table)
    shots("table-false-slap", table)
    shots("ana-false-slap", ana)
    assert_fits(table, "table after a slap on no match")
    assert_fits(ana, "Ana's phone after her slap on no match", phone=True)
    assert not watch.errors and not watch.dialogs


EIGHT = ["Maximilian-Alexander", "Анастасия Владимировна", "🦄 Sparkle Unicorn 🌈", "Bartholomew Fitzgerald",
         "Wilhelmina Catherwood", "Екатерина Александровна", "Hieronymus Bosch-Ward", "Persephone Wentworth"]


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_every_slapper_of_eight_is_shown_on_the_tv(locale, open_table, server, shots, watch):
    """Eight long-named players slap: the TV's "Last slap" shows every one
    of them, denser then in pages that turn by themselves, never "+2 more"
    nobody can tap; nothing clipped or off screen at 1920x1080 and 1280x720."""
    from tests.browser.layout import check_at_tv_sizes
    from tests.browser.tablegames import join_wire, room_code, start

    table = open_table(locale=locale)
    clients = join_wire(server, room_code(table), EIGHT)
    try:
        expect(table.locator("#players .pname")).to_have_count(8, timeout=20_000)
        start(table, "irish_snap", {"deck": snap_at(1), "slap_window_ms": 15000})
        for client in clients[:2]:  # Ace, then a two on "Two": snap
            client.wait_for(lambda s, me=client.pid: s["game"] is not None and s["game"]["turn"] == me)
            assert client.call("game.act", {"action": {"type": "flip"}})["ok"]
        clients[0].wait_for(lambda s: s["game"]["race"] is not None)
        for client in clients:
            answer = client.call("game.act", {"action": {"type": "slap"}})
            assert answer["ok"], answer
        panel = table.locator(".race-result")
        expect(panel.locator(".race-row")).to_have_count(8)
        check_at_tv_sizes(table, shots, f"snap-last-slap-8-{locale or 'en'}",
                          paged=(".race-result", ".race-result .race-row", EIGHT))
        assert watch.errors == [] and not watch.dialogs
    finally:
        for c in clients:
            c.close()
