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


FIRST_SCREEN = 844


def bottom(locator) -> float:
    box = locator.bounding_box()
    return box["y"] + box["height"]


@pytest.mark.parametrize("count", [2, 8])
def test_your_books_are_on_the_first_screen(count, open_table, seat_party, server, shots, watch):
    """Ana lays down books (three with two players, two with eight) and goes
    on asking: on a 390x844 phone her books, her hand and the Ask button are
    all on the first screen, and the TV lists her books."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phone, guests = seat_party(table, ["Ana", "Bob", *[f"Guest {i}" for i in range(count - 2)]])
    if count == 2:
        ana = ["7S", "7H", "7D", "8S", "9S", "9H", "3C"]
        bob = ["7C", "8H", "8D", "8C", "9D", "9C", "4D"]
        asks = ["7", "8", "9"]
    else:
        ana = ["7S", "7H", "7D", "8S", "3C"]
        bob = ["7C", "8H", "8D", "8C", "4D"]
        asks = ["7", "8"]
    used = set(ana + bob)
    rest = [f"{r}{s}" for s in "SHDC" for r in ["2", "5", "6", "10", "J", "Q", "K", "A"] if f"{r}{s}" not in used]
    rest += [c for c in ("3S", "3H", "3D", "4S", "4H", "4C") if c not in used]
    size = len(ana)
    others = [rest[i * size:(i + 1) * size] for i in range(count - 2)]
    deck = deal_order_deck([ana, bob, *others], rest[(count - 2) * size:])
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'go_fish', options: {deck: d}})", deck)
    assert answer == {"ok": True}, answer
    phone.set_viewport_size({"width": 390, "height": FIRST_SCREEN})
    for rank in asks:
        phone.locator(f".rank-chooser button[data-rank='{rank}']").click()
        if count > 2:
            phone.locator(".who-choices button", has_text="Bob").click()
        phone.locator(".act-ask").click()
        expect(table.locator(".books-box .book")).to_have_count(asks.index(rank) + 1)
    expect(phone.locator(".status-line.mine")).to_be_visible()
    phone.evaluate("() => window.scrollTo(0, 0)")
    shots(f"phone-{count}", phone)
    shots(f"tv-{count}", table)
    books = phone.locator(".my-books")
    expect(books.locator(".book")).to_have_text(asks)
    assert bottom(books) <= FIRST_SCREEN, f"the books end at {bottom(books):.0f} px"
    assert bottom(phone.locator(".hand")) <= FIRST_SCREEN
    assert bottom(phone.locator(".act-ask")) <= FIRST_SCREEN, f"the Ask button ends at {bottom(phone.locator('.act-ask')):.0f} px"
    assert_fits(phone, f"Ana's phone with {len(asks)} books", phone=True)
    assert_fits(table, f"the TV with Ana's {len(asks)} books")
    assert not watch.errors and not watch.dialogs
