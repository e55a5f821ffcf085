"""A guest without a phone takes back their move on the table device: Dan,
seated on a tablet (or a phone-sized table), plays in Cheat, the table
offers "Undo Dan's move" while the play may still be taken back, and the
press takes it back (his turn again, his cards in his hand, the log says
so). His look at his hand out of turn asks with the app's own question, no
browser dialog. In English and Russian."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from partyapp.games.kit.cards import STANDARD_DECK
from tests.browser.layout import assert_fits
from tests.browser.test_guests import add_guests, code_of
from tests.browser.test_pause import HANDS, start
from tests.games.hand_helpers import whole_deal
from tests.wire import WireClient

pytestmark = pytest.mark.browser

WORDS = {
    "en-GB": {"undo": "Undo Dan's move", "took": "Dan took back their move.", "look": "I am Dan: look at my hand"},
    "ru-RU": {"undo": "Dan: отменить ход", "took": "Dan берёт свой ход назад.", "look": "Я Dan: посмотреть мои карты"},
}
TABLET = {"width": 820, "height": 1180}
PHONE = {"width": 390, "height": 844}


def dan_plays_a_seven(table):
    table.locator("#btn-show-hand").click()
    hand = table.locator("#guest-hand")
    hand.locator(".hand button[data-card='7S']").click(position={"x": 10, "y": 30})
    hand.locator(".rank-chooser button[data-rank='7']").click()
    hand.locator(".act-play").click()


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["820x1180", "390x844"])
def test_a_guest_takes_back_their_play_on_the_table_device(open_table, server, shots, watch, size, locale):
    words = WORDS[locale]
    table = open_table(locale=locale, viewport=size)
    table.wait_for_selector("#guest-name-lobby")
    add_guests(table, ["Dan"])  # Dan sits first and plays first
    ana = WireClient(server.url).connect()
    try:
        assert ana.call("player.join", {"code": code_of(table), "name": "Анастасия Владимировна"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(2)
        start(table, "cheat", {"deck": whole_deal(HANDS[:2], 2, STANDARD_DECK), "call_seconds": 60})
        expect(table.locator("#btn-show-hand")).to_be_visible()
        expect(table.locator("#btn-guest-undo")).to_have_count(0)  # nothing to take back yet
        dan_plays_a_seven(table)
        undo = table.locator("#btn-guest-undo")
        expect(undo).to_have_text(words["undo"])
        # his hand closes, Ana's call window is open: the undo stays on the table's face
        expect(table.locator("#guest-hand")).to_have_count(0)
        expect(undo).to_be_visible()
        ana.wait_for(lambda s: s["game"] and any(a["type"] == "call" for a in s["you"]["actions"]))
        shots("may-undo", table)
        assert_fits(table, "the table offering Dan's undo", phone=True)
        undo.click()
        expect(undo).to_have_count(0)
        expect(table.locator("#ticker")).to_contain_text(words["took"])
        # the play is gone: Dan's turn again, the seven back in his hand
        expect(table.locator("#btn-show-hand")).to_be_visible()
        table.locator("#btn-show-hand").click()
        expect(table.locator("#guest-hand .hand button[data-card='7S']")).to_have_count(1)
        shots("taken-back", table)
        table.locator("#btn-hide-hand").click()
        assert ana.state["you"]["can_undo"] is False
    finally:
        ana.close()
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_guests_look_out_of_turn_asks_in_the_app_not_the_browser(open_table, server, shots, watch, locale):
    words = WORDS[locale]
    table = open_table(locale=locale, viewport=TABLET)
    table.wait_for_selector("#guest-name-lobby")
    ana = WireClient(server.url).connect()
    try:
        assert ana.call("player.join", {"code": code_of(table), "name": "Ana"})["ok"]
        add_guests(table, ["Dan"])  # Ana plays first: Dan looks out of turn
        start(table, "cheat", {"deck": whole_deal(HANDS[:2], 2, STANDARD_DECK), "call_seconds": 60})
        table.wait_for_selector("#game-area")
        seats = table.locator("#guest-seats")
        seats.locator("summary").click()
        seats.locator("[data-look]").click()
        ask = table.locator("#ask")
        expect(ask).to_be_visible()
        expect(ask.locator("button[data-answer=yes]")).to_have_text(words["look"])
        shots("look-asked", table)
        ask.locator("button[data-answer=yes]").click()
        expect(table.locator("#guest-hand.guest-look [data-card='2C']")).to_have_count(1)
    finally:
        ana.close()
    assert watch.errors == [] and watch.dialogs == []
