"""Out of chips at a betting table with re-buys on: while a broke player's
phone offers "Buy back in" and "Sit out", their box on the TV says they are
deciding; once they have chosen, "Bought back in (+20)" or "Out of chips:
sitting out". With 3 and 7 (a full table) long-named players, in English and in Russian,
at TV 1920x1080 and 1280x720: the words fit, whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import check_at_tv_sizes
from tests.browser.tablegames import join_wire, room_code
from tests.browser.test_betting import send_amount, start, tap
from tests.browser.test_end_screens import EIGHT

pytestmark = pytest.mark.browser

RU = "ru-RU"
# Ana, Bob, Cat, the upcard, Ana, Bob, Cat, the hole card: Ana 17, Bob 17,
# Cat 20, the dealer 19: Ana and Bob lose their whole stack of 10.
DECK = ["10C", "10H", "10D", "9D", "7D", "7S", "KS", "KC"]
WORDS = {
    None: {"deciding": "Out of chips: deciding to buy back in or sit out", "bought": "Bought back in (+20)",
           "gone": "Out of chips: sitting out"},
    RU: {"deciding": "Фишки кончились: решает, купить снова или выйти", "bought": "Фишки куплены снова (+20)",
         "gone": "Фишки кончились: пропускает остаток игры"},
}



@pytest.mark.parametrize(("count", "locale"), [(3, None), (7, None), (7, RU)])
def test_a_broke_players_box_says_what_they_choose(count, locale, open_table, open_phone, server, shots, watch):
    names = EIGHT[:count]
    words = WORDS[locale]
    table = open_table(locale=locale)
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", names[0], locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", names[1], locale=locale)
    others = join_wire(server, code, names[2:])
    cat, rest = others[0], others[1:]
    try:
        expect(table.locator("#players .pname")).to_have_count(count)
        start(table, "casino_blackjack", {"deck": DECK, "rounds": 3, "start_chips": 10, "min_bet": 10, "max_bet": 10,
                                          "dealer_pace_ms": 200, "rebuy": True, "rebuy_chips": 20})
        send_amount(ana, "bet", 10)
        send_amount(bob, "bet", 10)
        cat.wait_for(lambda s: s["game"] is not None and any(a["type"] == "bet" for a in s["you"]["actions"]))
        assert cat.call("game.act", {"action": {"type": "bet", "amount": 10}})["ok"]
        for other in rest:  # the others sit this deal out
            other.wait_for(lambda s: any(a["type"] == "sit_out" for a in s["you"]["actions"]))
            assert other.call("game.act", {"action": {"type": "sit_out"}})["ok"]
        tap(ana, "stand")
        tap(bob, "stand")
        cat.wait_for(lambda s: any(a["type"] == "stand" for a in s["you"]["actions"]))
        assert cat.call("game.act", {"action": {"type": "stand"}})["ok"]

        # Both broke: their phones ask, their boxes on the TV say they are deciding.
        expect(ana.locator("button[data-action=rebuy]")).to_be_visible(timeout=15_000)
        expect(bob.locator("button[data-action=sit_out_rest]")).to_be_visible()
        ana_box = table.locator(".bx-box", has=table.locator(".bx-name", has_text=names[0]))
        bob_box = table.locator(".bx-box", has=table.locator(".bx-name", has_text=names[1]))
        expect(ana_box.locator(".bx-chips-line")).to_have_text(words["deciding"])
        expect(bob_box.locator(".bx-chips-line")).to_have_text(words["deciding"])
        check_at_tv_sizes(table, shots, f"rebuy-deciding-{count}-{locale or 'en'}")

        # Ana buys back in while Bob still decides.
        tap(ana, "rebuy")
        expect(ana_box.locator(".bx-chips-line")).to_have_text(words["bought"])
        expect(bob_box.locator(".bx-chips-line")).to_have_text(words["deciding"])
        check_at_tv_sizes(table, shots, f"rebuy-bought-{count}-{locale or 'en'}")

        # Bob sits the rest out: the next deal opens, Ana's box still says she bought back in.
        tap(bob, "sit_out_rest")
        expect(ana.locator("form[data-action=bet]")).to_be_visible()
        expect(bob_box.locator(".bx-chips-line")).to_have_text(words["gone"])
        expect(ana_box.locator(".bx-chips-line")).to_have_text(words["bought"])
        check_at_tv_sizes(table, shots, f"rebuy-chosen-{count}-{locale or 'en'}")
        assert not watch.errors and not watch.dialogs
    finally:
        for other in others:
            other.close()
