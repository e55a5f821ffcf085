"""Kings' "f*** off" answers a question: the phone asks whether the question
card's holder asked one, then gives a moment to take the call back before
the holder necks."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.browser.tablegames import room_code, start

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_f_off_asks_first_and_can_be_taken_back(open_table, open_phone, server, shots, watch, locale):
    table = open_table(locale=locale)
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", "Анастасия Владимировна", locale=locale)
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "kings", {"deck": ["QS", "8H"]})
    ana.locator("button[data-action=draw]").click()  # Ana: a question card
    expect(table.locator(".roles li[data-role=question_card]")).to_contain_text("Ana")
    bob.locator("details.powers summary").click()
    deflect = bob.locator("button[data-action=deflect]")

    # one tap is a question, not the call: "no question" sends nothing
    deflect.click()
    expect(bob.locator("#ask .ask-text")).to_contain_text("Ana")
    shots(f"phone-deflect-ask-{locale or 'en'}", bob)
    bob.locator("#ask button[data-answer=no]").click()
    expect(bob.locator(".deflect-moment")).to_have_count(0)

    # said, then taken back within the moment: Ana does not neck
    deflect.click()
    bob.locator("#ask button[data-answer=yes]").click()
    moment = bob.locator(".deflect-moment")
    expect(moment).to_be_visible()
    shots(f"phone-deflect-moment-{locale or 'en'}", bob)
    assert_fits(bob, "the moment to take f*** off back", phone=True)
    bob.locator("#take-back-deflect").click()
    expect(moment).to_have_count(0)

    # said and left: Ana necks once the moment is over
    deflect.click()
    bob.locator("#ask button[data-answer=yes]").click()
    expect(moment).to_be_visible()
    expect(table.locator("#players li[data-pid=p1] .mark.neck")).to_be_visible(timeout=20_000)
    expect(moment).to_have_count(0)
    ticker = table.locator("#ticker")
    assert ticker.inner_text().count("f*** off") + ticker.inner_text().count("Да пошёл ты") == 1
    assert not watch.errors and not watch.dialogs
