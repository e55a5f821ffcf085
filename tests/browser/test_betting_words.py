"""The betting tables' words: a blackjack against an ace is offered even
money; and casino and Russian Blackjack played in Russian (the TV and both
phones) leave no word in English and break no word inside itself, after an
insurance lost at the peek and after a three sevens bonus.

Screenshots at TV 1920x1080 and phone 390x844 are kept for people to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, broken_words, missing, settle
from tests.browser.test_betting import send_amount, start, tap
from tests.browser.test_blackjack import PHONE_SIZE
from tests.wire import WireClient

pytestmark = pytest.mark.browser

RU = "ru-RU"


def join(open_table, open_phone, server, locale=None):
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Аня" if locale else "Ana", locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", "Борис" if locale else "Bob", locale=locale)
    expect(table.locator("#players .pname")).to_have_count(2)
    return table, code, ana, bob


def look(shots, label, table, *phones) -> None:
    """Screenshots of the TV and the phones; everything fits, nothing is in
    English, no word is broken inside itself."""
    settle(table)
    shots(f"tv-{label}", table)
    assert_fits(table, f"the TV {label}")
    assert missing(table) == [], missing(table)
    assert broken_words(table) == [], broken_words(table)
    for i, phone in enumerate(phones):
        phone.set_viewport_size(PHONE_SIZE)
        settle(phone)
        shots(f"phone{i + 1}-{label}", phone, full_page=True)
        assert_fits(phone, f"phone {i + 1} {label}", phone=True)
        assert missing(phone) == [], missing(phone)
        assert broken_words(phone) == [], broken_words(phone)


def test_a_blackjack_against_an_ace_is_offered_even_money(open_table, open_phone, server, shots, watch):
    """Ana's blackjack against the dealer's ace: her phone offers even money
    (never "Insure for 5?"); she takes it and wins her bet, net +10."""
    table, code, ana, bob = join(open_table, open_phone, server)
    # Ana, Bob, the upcard, Ana, Bob, the hole card
    start(table, "casino_blackjack", {"deck": ["AH", "10C", "AS", "KD", "9D", "7S"], "rounds": 1, "dealer_pace_ms": 200})
    send_amount(ana, "bet", 10)
    send_amount(bob, "bet", 10)
    offer = ana.locator("[data-action=insurance]")
    expect(offer).to_contain_text("even money")
    expect(offer).not_to_contain_text("Insure for")
    expect(offer.locator("button[data-value=true]")).to_have_text("Even money (10)")
    expect(bob.locator("[data-action=insurance]")).to_contain_text("Insure for 5")
    ana.set_viewport_size(PHONE_SIZE)
    shots("ana-even-money", ana, full_page=True)
    assert_fits(ana, "Ana's phone offered even money", phone=True)
    offer.locator("button[data-value=true]").click()
    bob.locator("[data-action=insurance] button[data-value=false]").click()
    tap(bob, "stand")
    expect(table.locator(".bet-result")).to_be_visible(timeout=15_000)
    ana_box = table.locator(".bx-box", has_text="Ana")
    expect(ana_box.locator(".net-badge")).to_have_text("net +10")
    expect(ana.locator(".my-payouts .net-badge")).to_have_text("net +10")
    assert not watch.errors and not watch.dialogs


def test_casino_blackjack_in_russian_after_the_insurance_is_lost(open_table, open_phone, server, shots, watch):
    """In Russian: Борис insures, the dealer peeks and his insurance is lost:
    the box and his phone say so and agree with the chips at the end."""
    table, code, ana, bob = join(open_table, open_phone, server, locale=RU)
    start(table, "casino_blackjack", {"deck": ["8H", "10C", "AS", "8D", "9D", "7S", "3C", "KC", "10H"], "rounds": 1,
                                      "dealer_pace_ms": 300})
    look(shots, "bets", table, ana)
    send_amount(ana, "bet", 10)
    send_amount(bob, "bet", 10)
    expect(bob.locator("[data-action=insurance]")).to_be_visible()
    look(shots, "insurance", table, bob)
    bob.locator("[data-action=insurance] button[data-value=true]").click()
    ana.locator("[data-action=insurance] button[data-value=false]").click()
    expect(ana.locator("button[data-action=split]")).to_be_visible()
    expect(table.locator(".bx-box", has_text="Борис")).to_contain_text("страховка сгорела −5")
    look(shots, "after-the-peek", table, ana, bob)
    tap(ana, "split")
    ana.locator("form[data-action=double] button[type=submit]").click()
    tap(ana, "stand")
    tap(bob, "stand")
    expect(table.locator(".bet-result")).to_be_visible(timeout=15_000)
    expect(table.locator(".bx-box", has_text="Борис").locator(".net-badge")).to_have_text("итого +5")
    look(shots, "over", table, ana, bob)
    assert not watch.errors and not watch.dialogs


def test_russian_blackjack_in_russian_with_three_sevens(open_table, open_phone, server, shots, watch):
    """In Russian: Аня's three sevens bonus shows in her box and on her phone;
    Борис's tie is left on the table and his phone offers to play it again."""
    table, code, ana, bob = join(open_table, open_phone, server, locale=RU)
    cy = WireClient(server.url).connect()
    try:
        assert cy.call("player.join", {"code": code, "name": "Сева"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(3)
        start(table, "russian_blackjack", {"deck": ["7H", "10C", "10S", "7D", "8D", "7C", "8S"], "rounds": 2})
        send_amount(ana, "bet", 10)
        send_amount(bob, "bet", 10)
        tap(ana, "hit")
        expect(table.locator(".bx-box", has_text="Аня")).to_contain_text("+10")
        look(shots, "three-sevens", table, ana, bob)
        tap(bob, "stand")
        cy.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "dealer")
        assert cy.call("game.act", {"action": {"type": "hit"}})["ok"]
        cy.wait_for(lambda s: len(s["game"]["dealer_hand"]["cards"]) == 2)
        assert cy.call("game.act", {"action": {"type": "stand"}})["ok"]
        expect(bob.locator("button[data-action=leave]")).to_be_visible()
        look(shots, "tie", table, ana, bob)
        assert not watch.errors and not watch.dialogs
    finally:
        cy.close()


def test_who_drinks_for_a_lost_hand_and_why(open_table, open_phone, server, shots, watch):
    """Ana (drinking) and Bob (not drinking) both lose to the dealer's 19:
    each box on the TV says who takes what and why, in their own form, and
    each phone says it to its owner ("Lost: You drink 1 drink.")."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob", profile="none")
    expect(table.locator("#players .pname")).to_have_count(2)
    # Ana, Bob, the upcard, Ana, Bob, the hole card: Ana 17, Bob 16, the dealer 19
    start(table, "casino_blackjack", {"deck": ["10C", "10H", "9D", "7D", "6S", "KC"], "rounds": 2, "dealer_pace_ms": 200})
    send_amount(ana, "bet", 10)
    send_amount(bob, "bet", 10)
    tap(ana, "stand")
    tap(bob, "stand")
    expect(table.locator(".bx-box", has_text="Ana")).to_contain_text("Lost: Ana drinks 1 drink.", timeout=15_000)
    expect(table.locator(".bx-box", has_text="Bob")).to_contain_text("Lost: Bob takes 1 point.")
    expect(ana.locator(".bet-phone")).to_contain_text("Lost: You drink 1 drink.")
    expect(bob.locator(".bet-phone")).to_contain_text("Lost: You take 1 point.")
    expect(table.locator("#ticker")).to_contain_text("Ana loses 10. Ana drinks 1 drink.")
    look(shots, "lost", table, ana, bob)
    assert not watch.errors and not watch.dialogs


def test_a_player_out_of_chips_is_told_so(open_table, open_phone, server, shots, watch):
    """Ana stakes her whole stack and loses it while Bob wins: her phone
    says she is out of chips and watches the rest (re-buys are off), and
    her box on the TV says "out of chips", not "watching"."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    # Ana, Bob, the upcard, Ana, Bob, the hole card: Ana 17, Bob 20, the dealer 19
    start(table, "casino_blackjack", {"deck": ["10C", "10H", "9D", "7D", "10S", "KC"], "rounds": 3, "start_chips": 10,
                                      "min_bet": 10, "max_bet": 10, "dealer_pace_ms": 200})
    send_amount(ana, "bet", 10)
    send_amount(bob, "bet", 10)
    tap(ana, "stand")
    tap(bob, "stand")
    expect(ana.locator(".status-line.out-of-chips")).to_contain_text("You are out of chips: you watch the rest of this game.",
                                                                   timeout=15_000)
    expect(table.locator(".bx-box", has_text="Ana")).to_contain_text("out of chips")
    expect(bob.locator("form[data-action=bet]")).to_be_visible()
    look(shots, "out-of-chips", table, ana)
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("locale", [None, RU])
def test_a_player_out_of_chips_buys_back_in(open_table, open_phone, server, shots, watch, locale):
    """With re-buys on (a stack of 20), Ana's phone asks her, once she has
    lost her whole stack, to buy back in or sit out; she buys back in, the
    TV's ticker says so, and the next deal opens with her 20 chips and her
    bet to make."""
    table, code, ana, bob = join(open_table, open_phone, server, locale)
    # Ana, Bob, the upcard, Ana, Bob, the hole card: Ana 17, Bob 20, the dealer 19
    start(table, "casino_blackjack", {"deck": ["10C", "10H", "9D", "7D", "10S", "KC"], "rounds": 3, "start_chips": 10,
                                      "min_bet": 10, "max_bet": 10, "dealer_pace_ms": 200, "rebuy": True,
                                      "rebuy_chips": 20})
    send_amount(ana, "bet", 10)
    send_amount(bob, "bet", 10)
    tap(ana, "stand")
    tap(bob, "stand")
    expect(ana.locator(".status-line.out-of-chips")).to_contain_text(
        "купите снова стопку (20)" if locale else "buy back in for a new stack of 20", timeout=15_000)
    expect(ana.locator("button[data-action=sit_out_rest]")).to_be_visible()
    expect(bob.locator("form[data-action=bet]")).to_have_count(0)
    look(shots, f"rebuy-asked{'-ru' if locale else ''}", table, ana)
    ana.locator("button[data-action=rebuy]").click()
    expect(ana.locator("form[data-action=bet]")).to_be_visible()
    expect(ana.locator(".stack-line")).to_contain_text("20")
    expect(bob.locator("form[data-action=bet]")).to_be_visible()
    expect(table.locator("#ticker")).to_contain_text("Аня" if locale else "Ana buys a new stack of 20.")
    look(shots, f"rebuy-bought{'-ru' if locale else ''}", table, ana)
    assert not watch.errors and not watch.dialogs
