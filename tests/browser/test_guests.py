"""No TV, no phone (issue 27): the table on a phone or tablet, handed round
to guests without a phone; screenshots at each size, English and Russian."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.browser.test_drinking import start

pytestmark = pytest.mark.browser

PORTRAIT = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 760}
LANDSCAPE = {"width": 844, "height": 390}
TABLET = {"width": 768, "height": 1024}


def code_of(page) -> str:
    return page.locator(".room-code").first.inner_text().strip()


def add_guests(table, names):
    for name in names:
        table.fill("#guest-name-lobby", name)
        table.click(".guest-adder.compact button[type=submit]")
        expect(table.locator("#players .pname", has_text=name)).to_have_count(1)


def play_turn(page, rule: str, where: str = "#guest-play", nth: int = 0) -> str:
    """One step of a drinking deck, as the guest handed the table device
    (or a person on their own phone: ``where`` "#play-area") would: what
    was pressed. ``nth``: which of several choices (paper, scissors, stone
    must not tie for ever)."""
    area = page.locator(where)
    race = area.locator("[data-guest-tap]")
    if race.count():
        race.first.click()
        return "race"
    primary = area.locator(".actions.primary")
    draw = primary.locator("button[data-action=draw]")
    if draw.count():
        draw.click()
        return "draw"
    text = primary.locator("form input[type=text]")
    if text.count():
        text.fill(rule)
        primary.locator("form button[type=submit]").click()
        return "rule"
    tap = primary.locator("button[data-action=tap]")
    if tap.count():
        tap.first.click()
        return "tap"
    choice = primary.locator("button[data-value]")
    if choice.count():
        choice.nth(nth % choice.count()).click()
        submit = primary.locator("form button[type=submit]")
        if submit.count():
            submit.first.click()
        return "choice"
    button = primary.locator("button:not([disabled])")
    if button.count():
        button.first.click()
        return "button"
    return ""


def fits(page, what: str):
    """Everything on the page is on screen (it scrolls down), not clipped
    and not covered, and the whose-turn line is big enough to read across
    a table."""
    assert_fits(page, what, phone=True)
    for head in page.locator(".guest-turn-name").all():
        assert head.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 30


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_whole_ring_of_fire_on_one_phone_with_four_guests(open_table, server, shots, watch, locale):
    """Play on this device: four guests without a phone play Ring of Fire to
    its last king on a 390x844 table page; each turn says whose it is in big
    type and offers that guest's buttons: draw, pick a player, type a rule
    and the races, tapped on the device in turn."""
    table = open_table(locale=locale, viewport=PORTRAIT)
    add_guests(table, ["Dan", "Eve", "Fay", "Gus"])
    shots("lobby", table)
    fits(table, "the lobby")
    deck = ["2S", "JH", "7D", "8C", "KS", "3D", "KH", "4C", "QS", "KD", "9H", "KC"]
    start(table, "ring_of_fire", deck, race_timeout_s=60)
    table.wait_for_selector(".drinking-table")
    expect(table.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
    shots("first-turn", table)
    fits(table, "the first turn")
    done = set()
    over = table.locator(".drinking-table .prompt-line.over")
    for _ in range(120):
        if over.count():
            break
        pressed = play_turn(table, "Drink with your left hand")
        if pressed and pressed not in done:
            done.add(pressed)
            shots(f"after-{pressed}", table)
            fits(table, f"after a {pressed}")
        table.wait_for_timeout(100)
    expect(over).to_contain_text("Gus")  # he drew the last king
    assert {"draw", "rule", "race", "choice"} <= done, done
    expect(table.locator("#guest-play")).to_have_count(0)
    expect(table.locator(".drinking-table")).to_be_visible()
    shots("over", table, full_page=True)
    fits(table, "the game's end")
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_kings_with_two_phones_and_two_guests_on_a_tablet(open_table, open_phone, server, shots, watch, locale):
    """A tablet lying on the table: Ana and Bob play on their phones, Dan
    and Eve by being handed the tablet; the host's phone can play a guest's
    turn too. Kings is played to its last king."""
    table = open_table(locale=locale, viewport=TABLET)
    code = code_of(table)
    ana, bob = (open_phone(f"{server.url}/j/{code}", name, locale=locale) for name in ("Ana", "Bob"))
    add_guests(table, ["Dan", "Eve"])
    expect(ana.locator("#players .mark.guest")).to_have_count(2)
    deck = ["4S", "8H", "9D", "2S", "KS", "3D", "KH", "7C", "KD", "QH", "KC"]
    start(table, "kings", deck, race_timeout_s=60)
    table.wait_for_selector(".drinking-table")
    shots("table-start", table)
    fits(table, "the tablet at the start")
    # Ana draws; then Bob; then Dan's turn: the host's phone offers his buttons too
    ana.locator("#play-area button[data-action=draw]").click()
    expect(ana.locator("#guest-play")).to_have_count(0)  # nobody without a phone is waited on
    steps = 0
    seen = set()
    over = table.locator(".drinking-table .prompt-line.over")
    while not over.count():
        steps += 1
        assert steps < 150, "Kings did not finish"
        pressed = (play_turn(ana, "No pointing", "#play-area", steps) or play_turn(bob, "No pointing", "#play-area", steps * 7))
        if not pressed:
            host_turn = ana.locator("#guest-play .guest-turn-name")
            if "host" not in seen and host_turn.count():
                seen.add("host")
                shots("host-phone-plays-for-a-guest", ana, full_page=True)
                fits(ana, "the host's phone playing for a guest")
                pressed = play_turn(ana, "No pointing", nth=steps)
            else:
                pressed = play_turn(table, "No pointing", nth=steps * 3)
                if pressed and pressed not in seen:
                    seen.add(pressed)
                    shots(f"tablet-{pressed}", table)
                    fits(table, f"the tablet after a {pressed}")
        table.wait_for_timeout(100)
    assert "host" in seen and "draw" in seen, seen
    shots("tablet-over", table)
    fits(table, "the tablet at the end")
    assert watch.errors == [] and watch.dialogs == []
