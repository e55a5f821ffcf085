"""The host's pause in real browsers: the host's phone pauses a game of Cheat
in its call window; the TV and the phones say who paused and what goes on at
resume, the countdown stands still and nothing can be played; the host
resumes. The table on a tablet pauses from its Host drawer and resumes
from the notice. In English and Russian."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from partyapp.games.kit.cards import STANDARD_DECK
from tests.browser.layout import assert_fits
from tests.games.hand_helpers import whole_deal
from tests.wire import WireClient

pytestmark = pytest.mark.browser

HANDS = [["7S", "7H", "5D"], ["2C", "KD", "9S"], ["8S", "4H", "JD"]]
WORDS = {
    "en-US": {"by": "Paused by Maximilian-Alexander", "table": "Paused at the table", "resume": "Resume the game",
              "pause": "Pause the game", "clock": "seconds left on the clock", "host": "Host controls"},
    "ru-RU": {"by": "Пауза: Maximilian-Alexander", "table": "Пауза за столом",
              "resume": "Продолжить игру", "pause": "Поставить игру на паузу", "clock": "на часах",
              "host": "Управление ведущего"},
}


def start(table, mode, options):
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})", [mode, options])
    assert answer == {"ok": True}, answer


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_host_phone_pauses_and_every_screen_shows_it(open_table, open_phone, server, shots, locale):
    words = WORDS[locale]
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    host = open_phone(f"{server.url}/j/{code}", "Maximilian-Alexander", locale=locale)
    other = open_phone(f"{server.url}/j/{code}", "Анастасия Владимировна", locale=locale)
    cat = WireClient(server.url).connect()
    try:
        assert cat.call("player.join", {"code": code, "name": "🦊"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(3)
        start(table, "cheat", {"deck": whole_deal(HANDS, 3, STANDARD_DECK), "call_seconds": 60})
        host.locator(".hand button[data-card='7S']").click(position={"x": 10, "y": 30})
        host.locator(".rank-chooser button[data-rank='7']").click()
        host.locator(".act-play").click()
        expect(other.locator(".act-call")).to_be_visible()

        host.locator("#host-box > summary").click()
        host.locator("#btn-pause").click()
        notice = table.locator("#pause-notice")
        expect(notice).to_contain_text(words["by"])
        expect(notice).to_contain_text(words["clock"])
        expect(notice.locator("#btn-resume")).to_have_count(0)  # the TV carries no button
        expect(other.locator("#pause-notice")).to_contain_text(words["by"])
        expect(other.locator("#play-area")).to_have_attribute("inert", "")
        expect(host.locator("#pause-notice #btn-resume")).to_have_text(words["resume"])
        answer = cat.call("game.act", {"action": {"type": "call"}})
        assert answer["error"]["code"] == "paused", answer
        shots("tv", table)
        shots("host-phone", host, full_page=True)
        shots("phone", other, full_page=True)
        assert_fits(host, "the host's phone while paused", phone=True)
        assert_fits(other, "a phone while paused", phone=True)

        host.locator("#pause-notice #btn-resume").click()
        expect(table.locator("#pause-notice")).to_have_count(0)
        expect(other.locator("#play-area")).not_to_have_attribute("inert", "")
        expect(other.locator(".act-call")).to_be_enabled()
    finally:
        cat.close()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_table_on_a_tablet_pauses_and_resumes(open_table, server, shots, locale):
    words = WORDS[locale]
    tablet = open_table(locale=locale, viewport={"width": 820, "height": 1180})
    code = tablet.locator(".room-code").inner_text().strip()
    guests = [WireClient(server.url).connect() for _ in range(2)]
    try:
        for g, name in zip(guests, ("Ana", "Анастасия Владимировна")):
            assert g.call("player.join", {"code": code, "name": name})["ok"]
        expect(tablet.locator("#players .pname")).to_have_count(2)
        start(tablet, "cheat", {"deck": whole_deal(HANDS[:2], 2, STANDARD_DECK), "call_seconds": 60})
        tablet.locator("#btn-host").click()
        tablet.locator("#btn-pause").click()
        tablet.locator("#btn-host-close").click()
        notice = tablet.locator("#pause-notice")
        expect(notice).to_contain_text(words["table"])
        expect(notice.locator("#btn-resume")).to_have_text(words["resume"])
        expect(tablet.locator("main.tv-main")).to_have_attribute("inert", "")
        shots("tablet", tablet)
        assert_fits(tablet, "the table on a tablet while paused", phone=True)
        notice.locator("#btn-resume").click()
        expect(notice).to_have_count(0)
        tablet.locator("#btn-host").click()
        expect(tablet.locator("#btn-pause")).to_have_text(words["pause"])
    finally:
        for g in guests:
            g.close()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_undo_my_move_on_a_phone(open_table, open_phone, server, shots, locale):
    """Ana's phone offers "Undo my move" right after her play, and only then; it takes the play back."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Анастасия Владимировна", group="chicks", locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", "Maximilian-Alexander", locale=locale)
    start(table, "cheat", {"deck": whole_deal(HANDS[:2], 2, STANDARD_DECK), "call_seconds": 60})
    expect(ana.locator(".act-play")).to_be_visible()
    expect(ana.locator("#btn-undo")).to_have_count(0)
    ana.locator(".hand button[data-card='7S']").click(position={"x": 10, "y": 30})
    ana.locator(".rank-chooser button[data-rank='7']").click()
    ana.locator(".act-play").click()
    undo = ana.locator("#btn-undo")
    expect(undo).to_have_text({"en-US": "Undo my move", "ru-RU": "Отменить мой ход"}[locale])
    expect(bob.locator("#btn-undo")).to_have_count(0)
    shots("may-undo", ana, full_page=True)
    assert_fits(ana, "Ana's phone offering Undo", phone=True)
    undo.click()
    expect(undo).to_have_count(0)
    expect(ana.locator(".hand button[data-card='7S']")).to_have_count(1)
    took = {"en-US": "Анастасия Владимировна took back her move.", "ru-RU": "Анастасия Владимировна отменила свой ход."}
    expect(table.locator("#ticker")).to_contain_text(took[locale])
    shots("taken-back-tv", table)
