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


def play_turn(table, rule: str) -> str:
    """One step of a drinking deck on the table device, as the guest handed
    it would: what was pressed."""
    area = table.locator("#guest-play")
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
        choice.first.click()
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
