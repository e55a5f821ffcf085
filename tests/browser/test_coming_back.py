"""A player seated while a game that deals nobody in mid-game runs (back
under their name, or new) is told why they wait, on their phone, in their
language, instead of an empty hand with no word why."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, broken_words, missing, settle
from tests.browser.tablegames import join_wire, room_code, start

pytestmark = pytest.mark.browser

SAID = {None: "you play from the next game", "ru-RU": "вы играете со следующей игры"}


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_a_player_seated_mid_game_is_told_why_they_wait(locale, open_table, open_phone, server, shots, watch):
    table = open_table(locale=locale)
    code = room_code(table)
    guests = join_wire(server, code, ["Maximilian-Alexander", "Анастасия Владимировна"])
    try:
        expect(table.locator("#players .pname")).to_have_count(2)
        start(table, "old_maid", {"seed": 2})
        guests[0].wait_for(lambda s: s["game"] is not None)
        phone = open_phone(f"{server.url}/j/{code}", "🦄 Sparkle Unicorn 🌈", locale=locale)
        note = phone.locator("#next-game-note")
        expect(note).to_contain_text(SAID[locale])
        phone.set_viewport_size({"width": 390, "height": 844})
        settle(phone)
        shots(f"phone-{locale or 'en'}", phone, full_page=True)
        assert_fits(phone, "the phone of a player waiting for the next game", phone=True)
        assert broken_words(phone) == [] and missing(phone) == []
        assert watch.errors == []
    finally:
        for g in guests:
            g.close()
