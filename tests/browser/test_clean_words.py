"""The word filter in the browser (partyapp/rooms/clean_words.py): the host
turns it on from their phone outside family mode; a guest whose name or rule
holds a swear word is told why on their own phone, in their language, and
the TV never shows the text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.tablegames import room_code, start

pytestmark = pytest.mark.browser

PHONE_SIZE = {"width": 390, "height": 844}
CASES = {None: ("Word filter", "Bloody shit", "word filter"), "ru-RU": ("Фильтр слов", "Пиздец Петрович", "фильтр слов")}


@pytest.mark.parametrize("locale", [None, "ru-RU"], ids=["en", "ru"])
def test_the_host_turns_the_filter_on_and_a_swear_word_is_refused_on_the_typists_phone(
        locale, server, open_table, open_phone, shots):
    switch_label, bad, reason = CASES[locale]
    table = open_table(locale=locale)
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", name="Анастасия Владимировна", locale=locale, viewport=PHONE_SIZE)
    if ana.locator("#host-box[open]").count() == 0:
        ana.click("#host-box > summary")
    ana.click("#night-settings > summary")
    switch = ana.locator("#words-switch")
    expect(switch).to_contain_text(switch_label)
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.scroll_into_view_if_needed()
    shots("host-switch", ana)

    # a guest types a swear word as their name: refused on their phone, with the reason
    guest = open_phone(f"{server.url}/j/{code}", locale=locale, viewport=PHONE_SIZE)
    guest.wait_for_selector("#join-screen:not([hidden])")
    guest.fill("#name", bad)
    guest.click("#name-form button[type=submit]")
    message = guest.locator("#phone-message")
    expect(message).to_be_visible()
    expect(message).to_contain_text(reason)
    shots("refused-name", guest)
    expect(table.locator("#players")).not_to_contain_text(bad.split()[-1])
    expect(ana.locator("#phone-message")).to_be_hidden()

    # a rule with a swear word: refused on the drawer's phone, never on the TV
    guest.fill("#name", "Ben")
    guest.click("#name-form button[type=submit]")
    guest.wait_for_selector("#room-screen:not([hidden]) #you-line")
    start(table, "kings", {"deck": ["9S", "2H"]})
    ana.click("button[data-action=draw]")
    ana.fill("form[data-action=rule] input", bad)
    ana.click("form[data-action=rule] button[type=submit]")
    expect(ana.locator("#phone-message")).to_contain_text(reason)
    expect(ana.locator("form[data-action=rule] input")).to_have_value(bad)  # kept to mend, not lost
    shots("refused-rule", ana)
    expect(table.locator("body")).not_to_contain_text(bad)
    expect(guest.locator("#phone-message")).to_be_hidden()
