"""Every mode in Russian with two and eight players, a few moves in: the TV
(1920x1080) and the host's phone (390x844) show no word left in English (``partyappI18n.missing``
lists every word a screen asked for and the catalogue lacked) and no word
that a line break cut inside itself, and everything fits.

Screenshots of both are kept for people to look at."""

from __future__ import annotations

import pytest

from partyapp.games import MODES
from tests.browser.layout import assert_fits, broken_words, missing, settle
from tests.browser.tablegames import MAIN_SCREEN, drive_to_main_screen

pytestmark = pytest.mark.browser

RU = "ru-RU"
PHONE_SIZE = {"width": 390, "height": 844}
NAMES = ["Аня", "Борис", "Всеволод", "Галина", "Дмитрий", "Екатерина", "Жанна", "Зиновий"]


def test_every_mode_has_a_way_to_its_main_screen():
    assert set(MAIN_SCREEN) == set(MODES)


@pytest.mark.parametrize("count", [2, 8])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_mode_in_russian(mode, count, open_table, open_phone, server, shots, watch):
    """Two players, and eight (or the mode's most, when fewer)."""
    names = NAMES[:min(count, MODES[mode].max_players)]
    table, phone, clients = drive_to_main_screen(open_table, open_phone, server, mode, names, locale=RU)
    try:
        shots("tv", table)
        phone.set_viewport_size(PHONE_SIZE)
        settle(phone)
        shots("phone", phone, full_page=True)
        for page, where in ((table, "the TV"), (phone, "the phone")):
            assert missing(page) == [], f"{mode}: {where} in English: {missing(page)}"
            assert broken_words(page) == [], f"{mode}: {where} breaks inside words: {broken_words(page)}"
        assert_fits(table, f"{mode}: the Russian TV")
        assert_fits(phone, f"{mode}: the Russian phone", phone=True)
        assert not watch.errors and not watch.dialogs
    finally:
        for client in clients:
            client.close()
