"""A phone (390x844) or a tablet (820x1180) as the table, with Dan and
Eve without a phone, in English and in Russian: the top bar stays on one
row, and the card drawn and each guest's named button of the race it
starts are on the first screen, without scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_drinking import start
from tests.browser.test_guest_races import PHONE, TABLET, seat, tap_of

pytestmark = pytest.mark.browser

ONE_ROW = """() => {
  const bar = document.querySelector('.table-bar');
  const items = [...bar.querySelectorAll(':scope > *, .bar-buttons > *, .lang-switch > *')]
    .filter((e) => !e.matches('.bar-buttons, .lang-switch'))
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const top = Math.max(...items.map((r) => r.top)), bottom = Math.min(...items.map((r) => r.bottom));
  const b = bar.getBoundingClientRect();
  return {oneRow: top < bottom, height: b.height, right: Math.max(...items.map((r) => r.right)), width: innerWidth};
}"""


def in_view(page, selector: str) -> bool:
    return page.locator(selector).first.evaluate(
        "(e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"
        " && r.left >= 0 && r.right <= innerWidth; }")


@pytest.mark.parametrize("size,locale", [pytest.param(size, locale, id=f"{size['width']}x{size['height']}-{locale[:2]}")
                                         for size in (PHONE, TABLET) for locale in ("en-GB", "ru-RU")])
def test_the_bar_is_one_row_and_the_card_and_the_guests_buttons_are_on_the_first_screen(
        open_table, server, shots, watch, size, locale):
    table, (ana, _ben), ids, _ = seat(open_table, server, size, locale)
    bar = table.evaluate(ONE_ROW)
    assert bar["oneRow"], f"the top bar takes {bar['height']:.0f} px: more than one row"
    assert bar["right"] <= bar["width"] + 0.5, "the top bar runs off the screen"
    # language, sound, voice and full screen behind one button, on screen when opened
    table.click("#btn-bar-more")
    for selector in (".bar-lang button[data-lang=ru]", "#btn-fullscreen"):
        expect(table.locator(selector)).to_be_visible()
        assert in_view(table, selector)
    shots("bar-menu", table)
    table.click("#btn-bar-more")
    expect(table.locator("#btn-fullscreen")).to_be_hidden()
    start(table, "ring_of_fire", ["4S", "5H", "6D", "7C"])
    table.wait_for_selector(".drinking-table")
    # the host controls opened and closed again leave the page at its top
    table.click("#btn-host")
    expect(table.locator(".host-drawer")).to_be_visible()
    table.evaluate("() => window.scrollTo(0, 400)")
    table.click("#btn-host-close")
    expect(table.locator(".host-drawer")).to_be_hidden()
    table.wait_for_function("() => window.scrollY === 0")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    for name in ("Dan", "Eve"):
        expect(tap_of(table, ids[name], "tap")).to_be_visible()
    table.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running'"
                            " || a.effect.getTiming().iterations === Infinity)")
    shots("floor-first-screen", table)
    bar = table.evaluate(ONE_ROW)
    assert bar["oneRow"], f"in the game the top bar takes {bar['height']:.0f} px: more than one row"
    for what, selector in (("the card", ".drinking-table .card-title"),
                           ("Dan's button", f"#guest-play [data-guest-tap='{ids['Dan']}']"),
                           ("Eve's button", f"#guest-play [data-guest-tap='{ids['Eve']}']")):
        assert in_view(table, selector), f"{what} is not on the first screen"
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_bar_menu_closes_on_a_tap_outside_on_escape_and_once_an_item_is_chosen(open_table, shots, watch, locale):
    """The "⋯" menu of a phone-sized table closes as any menu does: a tap
    anywhere else on the page (here on the lobby's heading, which is no
    button), Escape (the focus back on "⋯"), and choosing one of its items."""
    table = open_table(locale=locale, viewport=PHONE)
    more, menu = table.locator("#btn-bar-more"), table.locator("#bar-extra")
    full = table.locator("#btn-fullscreen")
    more.tap()
    expect(full).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "true")
    shots("bar-menu-open", table)
    table.locator(".lobby-title").tap()
    expect(full).to_be_hidden()
    expect(more).to_have_attribute("aria-expanded", "false")
    more.tap()
    expect(full).to_be_visible()
    table.keyboard.press("Escape")
    expect(full).to_be_hidden()
    expect(more).to_be_focused()
    more.tap()
    expect(full).to_be_visible()
    menu.locator(".bar-lang button[aria-pressed=true]").tap()  # the language already in use: no reload
    expect(full).to_be_hidden()
    shots("bar-menu-closed", table)
    assert watch.errors == [] and watch.dialogs == []
