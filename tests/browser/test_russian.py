"""A Russian-speaking party: the table and the phones in Russian (their
browsers' language), playing Ring of Fire and Рыба (Go Fish), with an
English-speaking guest whose phone stays in English at the same table.
Nothing on a Russian screen may come out in English: every message id a
Russian screen asked for is in the catalogue, and the layout audit passes
with the longer Russian words."""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.games.hand_helpers import deal_order_deck

pytestmark = pytest.mark.browser

RU = "ru-RU"


def missing(page) -> list[str]:
    """Message ids this page asked for that its catalogue lacks."""
    return page.evaluate("() => [...window.partyappI18n.missing]")


def russian_table(open_table):
    table = open_table(locale=RU)
    expect(table.locator("html")).to_have_attribute("lang", "ru")
    return table


def test_the_start_page_in_russian_and_its_switch(browser, server, shots, watch):
    ctx = browser.new_context(locale=RU, viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        watch.watch(page)
        page.goto(server.url + "/")
        expect(page.locator("#start-table")).to_have_text("Открыть стол (ТВ)")
        expect(page.locator("h2").first).to_have_text("Новый стол")
        expect(page.locator(".lang-switch button[data-lang=ru]")).to_have_attribute("aria-pressed", "true")
        shots("start-ru", page)
        # The scripts' plurals follow the catalogue's rule: three Russian forms.
        forms = page.evaluate("""async () => {
          const { t } = await import("/static/js/i18n.js");
          return [1, 2, 5, 11, 21, 22, 25].map((count) => t("({count} drink)|({count} drinks)", { count }));
        }""")
        assert forms == ["(1 глоток)", "(2 глотка)", "(5 глотков)", "(11 глотков)", "(21 глоток)", "(22 глотка)", "(25 глотков)"]
        page.click(".lang-switch button[data-lang=en]")  # remembered on this device
        expect(page.locator("#start-table")).to_have_text("Start a table (TV)")
        page.goto(server.url + "/")
        expect(page.locator("#start-table")).to_have_text("Start a table (TV)")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.click(".lang-switch button[data-lang=ru]")
        expect(page.locator("#start-table")).to_have_text("Открыть стол (ТВ)")
    finally:
        ctx.close()
    assert watch.errors == [] and watch.dialogs == []


def test_lang_in_the_address_is_honoured_by_every_page_and_the_switch_outranks_it(open_table, browser, server, shots,
                                                                                 watch):
    """An English browser opening a page with ``?lang=ru`` gets it in
    Russian: the server's words (the tab's title) and the scripts' alike,
    nothing left in English; the start page takes it on to the table it
    opens and the phone page a code opens. The switch then outranks the
    address: English reloads the page in English, without the ``?lang``."""
    code = room_code_of(open_table())
    ctx = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        watch.watch(page)
        page.goto(f"{server.url}/j/{code}?lang=ru")
        expect(page.locator("h1.screen-title")).to_have_text("Присоединиться к столу")
        expect(page).to_have_title(re.compile(r"^Комната "))
        assert page.evaluate("() => window.partyappI18n.lang") == "ru" and missing(page) == []
        shots("phone-lang-ru", page)
        page.click(".lang-switch button[data-lang=en]")
        expect(page.locator("h1.screen-title")).to_have_text("Join the table")
        assert "lang=" not in page.url and page.evaluate("document.documentElement.lang") == "en"

        # the table page (not this browser's table: it says so) and the watch page
        for path, where, words in ((f"/t/{code}", ".dead-page h1", f"Комната {code}"), (f"/w/{code}", "#watching", "Просмотр")):
            page.goto(f"{server.url}{path}?lang=ru")
            expect(page.locator(where)).to_have_text(words)
            expect(page.locator("html")).to_have_attribute("lang", "ru")
            assert page.evaluate("() => window.partyappI18n.lang") == "ru" and missing(page) == [], path

        page.goto(f"{server.url}/?lang=ru")
        expect(page.locator("#start-table")).to_have_text("Открыть стол (ТВ)")
        page.fill("#join-code", code)
        page.click("#join-form button[type=submit]")
        expect(page.locator("h1.screen-title")).to_have_text("Присоединиться к столу")
        page.goto(f"{server.url}/?lang=ru")
        page.click("#start-table")
        expect(page.locator(".table-bar #btn-host")).to_have_text("Ведущий")
        assert page.url.endswith("?lang=ru")
        page.goto(f"{server.url}/?lang=ru")
        page.click(".lang-switch button[data-lang=en]")
        expect(page.locator("#start-table")).to_have_text("Start a table (TV)")
        assert page.url == f"{server.url}/"
    finally:
        ctx.close()
    assert watch.errors == [] and watch.dialogs == []


def room_code_of(table) -> str:
    return table.locator(".room-code").inner_text().strip()


def test_ring_of_fire_in_russian_with_an_english_guest(open_table, open_phone, server, shots, watch):
    table = russian_table(open_table)
    code = table.locator(".room-code").inner_text().strip()
    expect(table.locator(".lobby")).to_contain_text("Отсканируйте")
    anya = open_phone(f"{server.url}/j/{code}", "Аня", group="chicks", locale=RU)
    boris = open_phone(f"{server.url}/j/{code}", "Борис", group="guys", locale=RU)
    ed = open_phone(f"{server.url}/j/{code}", "Ed", group="guys", locale="en-GB")
    expect(table.locator("#players .pname")).to_have_count(3)
    answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'ring_of_fire', "
                            "options: {deck: ['QS', '2H', '5C', '7D', '3S']}})")
    assert answer["ok"], answer
    expect(anya.locator(".status-line.mine")).to_have_text("Ваш ход: нажмите, чтобы тянуть")
    expect(ed.locator(".status-line")).to_have_text("Аня is drawing")
    expect(table.locator(".prompt-line")).to_have_text("Тянет Аня")

    anya.locator("button[data-action=draw]").click()  # the queen: question master
    expect(table.locator(".drawn .card-title")).to_have_text("Мастер вопросов")
    expect(table.locator(".drawn .card-rule")).to_contain_text("До следующей дамы")
    expect(ed.locator(".phone-card .card-title")).to_have_text("Questionmaster")
    expect(table.locator(".roles li.held")).to_contain_text("Мастер вопросов")

    boris.locator("button[data-action=draw]").click()  # 2 "You": Boris picks Ed
    boris.wait_for_selector("[data-action=pick]")
    expect(boris.locator(".status-line.mine")).to_have_text("Выберите, кто пьёт")
    shots("phone-pick-ru", boris, full_page=True)
    assert_fits(boris, "Boris's phone picking, in Russian", phone=True)
    boris.locator("[data-action=pick] button", has_text="Ed").click()
    ticker = table.locator("#ticker")
    expect(ticker).to_contain_text("Борис выбирает: Ed пьёт 1 глоток.")

    ed.locator("button[data-action=draw]").click()  # 5 Guys: Boris and Ed drink
    expect(ticker).to_contain_text("Борис и Ed пьют по 1 глотку.")
    expect(ed.locator("body")).not_to_contain_text("пьют")

    anya.locator("button[data-action=draw]").click()  # 7 Heaven: a race
    for phone in (anya, boris, ed):
        phone.wait_for_selector("button[data-action=tap]")
    expect(table.locator(".race-title")).to_have_text("Небо: ЖМИТЕ на телефоны!")
    shots("table-race-ru", table)
    assert_fits(table, "the table during a race, in Russian")
    anya.locator("button[data-action=tap]").click()
    ed.locator("button[data-action=tap]").click()
    table.wait_for_selector(".outcome .loser")
    expect(table.locator(".outcome")).to_contain_text("Небо")
    expect(ticker).to_contain_text(re.compile(r"Небо \(Аня \+0 мс и Ed \+\d+ мс\): Борис пьёт 1 глоток\."))  # the race's timings
    expect(table.locator(".deck-count")).to_contain_text("осталось")
    shots("table-after-race-ru", table)
    shots("phone-after-race-ru", anya, full_page=True)
    shots("phone-after-race-en", ed, full_page=True)
    assert_fits(table, "the table after the race, in Russian")
    assert_fits(anya, "Anya's phone after the race, in Russian", phone=True)

    for page in (table, anya, boris):
        assert missing(page) == [], f"English left on a Russian screen: {missing(page)}"
    assert watch.errors == [] and watch.dialogs == []


ANYA = ["7S", "7H", "7D", "3C", "5C", "9C", "JC"]
BORIS = ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]


def test_ryba_in_russian(open_table, open_phone, server, shots, watch):
    """Рыба (Go Fish): Anya asks Boris for sevens, lays down the book, fishes."""
    table = russian_table(open_table)
    code = table.locator(".room-code").inner_text().strip()
    anya = open_phone(f"{server.url}/j/{code}", "Аня", locale=RU)
    boris = open_phone(f"{server.url}/j/{code}", "Борис", locale=RU)
    expect(table.locator("#players .pname")).to_have_count(2)
    table.click("#btn-host")
    expect(table.locator("button[data-mode=go_fish]")).to_contain_text("Рыба")
    expect(table.locator("button[data-mode=shif_shof_shum]")).to_contain_text("Шиф, шоф и шум")
    expect(table.locator("button[data-mode=russian_blackjack]")).to_contain_text("Блек-джек")
    table.click("button[data-mode=go_fish]")
    table.locator(".options-box summary").click()
    shots("table-lobby-ru", table)
    table.click("#btn-host")
    deck = deal_order_deck([ANYA, BORIS], ["4S", "2D"])
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'go_fish', options: {deck: d}})", deck)
    assert answer == {"ok": True}, answer

    expect(anya.locator(".status-line.mine")).to_have_text("Ваш ход: спросите ранг, который у вас есть")
    expect(table.locator(".big-line")).to_have_text("Спрашивает Аня")
    anya.locator(".hand button[data-card='7H']").click(position={"x": 10, "y": 30})
    ask = anya.locator(".act-ask")
    expect(ask).to_have_text("Спросить у игрока Борис: семёрки")
    shots("phone-ask-ru", anya, full_page=True)
    assert_fits(anya, "Anya's phone asking, in Russian", phone=True)
    ask.click()
    expect(table.locator("#ticker")).to_contain_text("Аня спрашивает у игрока Борис: семёрки.")
    shots("table-ryba-ru", table)
    assert_fits(table, "the table of Рыба in Russian")
    shots("phone-boris-ru", boris, full_page=True)
    assert_fits(boris, "Boris's phone in Russian", phone=True)
    for page in (table, anya, boris):
        assert missing(page) == [], f"English left on a Russian screen: {missing(page)}"
    assert watch.errors == [] and watch.dialogs == []


def test_the_night_in_russian(open_table, open_phone, server, shots, watch):
    """The night's screens in Russian: a phone's own settings and the host's
    night settings, a built-in dare for who is not drinking (worded in
    Russian), and the end of the night: the recap on the table and its
    picture, both in Russian."""
    table = russian_table(open_table)
    code = table.locator(".room-code").inner_text().strip()
    anya = open_phone(f"{server.url}/j/{code}", "Аня", locale=RU)
    boris = open_phone(f"{server.url}/j/{code}", "Борис", profile="none", locale=RU)
    expect(table.locator("#players .pname")).to_have_count(2)
    boris.click("#me-box > summary")
    shots("phone-settings-ru", boris, full_page=True)
    assert_fits(boris, "Boris's own settings, in Russian", phone=True)
    if anya.locator("#host-box[open]").count() == 0:
        anya.click("#host-box > summary")
    anya.click("#night-settings > summary")
    anya.click("button[data-alternative=dares]")
    expect(anya.locator("#dares")).to_have_value(re.compile("^Спойте первую строчку любой песни."))
    shots("phone-night-settings-ru", anya, full_page=True)
    assert_fits(anya, "Anya's night settings, in Russian", phone=True)

    answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'ring_of_fire', "
                            "options: {deck: ['6S', '3H', 'JD']}})")
    assert answer["ok"], answer
    anya.locator("button[data-action=draw]").click()  # 6 Chicks: nobody here
    boris.locator("button[data-action=draw]").click()  # 3 Me: Boris, not drinking, takes a dare
    expect(boris.locator("#dare-card")).to_contain_text("Спойте первую строчку любой песни.")
    expect(table.locator("#ticker")).to_contain_text("Задание для игрока Борис: Спойте первую строчку любой песни.")
    anya.locator("button[data-action=draw]").click()  # J: a rule
    anya.fill("form[data-action=rule] input", "Не называть имён")
    anya.click("form[data-action=rule] button[type=submit]")
    expect(table.locator(".rules")).to_contain_text("Не называть имён")

    table.click("#btn-host")
    table.click("#btn-end-night")
    table.click("#ask button[data-answer=yes]")
    table.wait_for_selector("#recap")
    table.click("#btn-host-close")
    expect(table.locator("#recap")).to_contain_text("Вечер в двух словах")
    expect(table.locator("#recap")).to_contain_text("Огненное кольцо")
    shots("table-recap-ru", table)
    assert_fits(table, "the recap, in Russian")
    expect(boris.locator("#night-over")).to_be_visible()
    shots("phone-night-over-ru", boris, full_page=True)
    svg = table.evaluate("async (c) => (await (await import('/static/js/recap.js')).fetchRecap(c)).text()",
                         code)  # the table's language, with the table's token
    assert "Вечер в двух словах" in svg and "Борис (не пьёт)" in svg and "«Не называть имён» (Аня)" in svg
    assert "The night" not in svg and "Games played" not in svg
    picture = table.context.new_page()
    picture.set_content('<body style="margin:0"><img id="pic" src="data:image/svg+xml;base64,'
                        + base64.b64encode(svg.encode()).decode() + '"></body>')
    assert picture.locator("#pic").evaluate("(img) => img.decode().then(() => img.naturalWidth)") >= 800
    shots("recap-picture-ru", picture, full_page=True)
    picture.close()
    for page in (table, anya, boris):
        assert missing(page) == [], f"English left on a Russian screen: {missing(page)}"
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", [None, RU])
def test_starting_chugalug_reads_naturally(locale, open_table, open_phone, server, shots, watch):
    """Kings' five: the drawer's phone asks where "one" goes in a line that
    reads as one sentence with its buttons ("Start chugalug: one… to my
    left", «Начать чагалаг: «раз»… налево»), and the TV says the start."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    anya = open_phone(f"{server.url}/j/{code}", "Аня", locale=locale)
    open_phone(f"{server.url}/j/{code}", "Борис", locale=locale)
    expect(table.locator("#players .pname")).to_have_count(2)
    answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'kings', options: {deck: ['5S']}})")
    assert answer == {"ok": True}, answer
    anya.locator("button[data-action=draw]").click()
    offer = anya.locator("[data-action=start]")
    expect(offer).to_contain_text("Начать чагалаг: «раз»…" if locale else "Start chugalug: one…")
    expect(offer.locator("button")).to_have_text(["налево", "направо"] if locale else ["to my left", "to my right"])
    assert "Левый" not in offer.inner_text() and "Left" not in offer.inner_text()
    anya.set_viewport_size({"width": 390, "height": 844})
    shots("anya-starts", anya, full_page=True)
    assert_fits(anya, "Anya's phone starting chugalug", phone=True)
    offer.locator("button[data-value=left]").click()
    expect(table.locator("#ticker")).to_contain_text(
        "Аня начинает чагалаг: «раз налево»." if locale else "Аня starts chugalug: “one to my left”.")
    shots("table", table)
    for page in (table, anya):
        assert missing(page) == [], f"English left on a Russian screen: {missing(page)}"
    assert watch.errors == [] and watch.dialogs == []
