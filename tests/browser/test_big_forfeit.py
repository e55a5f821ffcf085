"""A big forfeit said with what it is: in Kings a player who does not drink
draws the last king; the TV and their own phone say they take a big forfeit
and what it is ("Sing a chorus of a song the table picks.", the night's
setting), and the end-of-night recap counts it under "Big forfeits" and says
what one is. With 2 and 8 long-named players, in English and Russian; the
TV at 1920x1080 and 1280x720 and the phone at 390x844 fit, whole words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, broken_words, check_at_tv_sizes, missing, settle
from tests.browser.tablegames import join_wire, room_code, start
from tests.browser.test_end_screens import EIGHT

pytestmark = pytest.mark.browser

RU = "ru-RU"
KINGS = ["KD", "KH", "KS", "KC"]  # the fourth king is drawn by the fourth seat round (the second of two)
WORDS = {
    None: {"tv": "{name} drew the last king and takes a big forfeit: Sing a chorus of a song the table picks.",
           "phone": "You drew the last king and take a big forfeit: Sing a chorus of a song the table picks.",
           "column": "Big forfeits", "recap": "A big forfeit: Sing a chorus of a song the table picks."},
    RU: {"tv": "Последний король — у игрока {name}: большой штраф — Спеть припев песни, которую выберет стол.",
         "phone": "Вы тянете последнего короля: вам большой штраф — Спеть припев песни, которую выберет стол.",
         "column": "Большие штрафы", "recap": "Большой штраф: Спеть припев песни, которую выберет стол."},
}



@pytest.mark.parametrize(("count", "locale"), [(2, None), (8, None), (8, RU)])
def test_a_non_drinkers_big_forfeit_says_what_it_is_and_reaches_the_recap(count, locale, open_table, open_phone,
                                                                          server, shots, watch):
    names = EIGHT[:count]
    at = 3 % count  # the seat that draws the fourth king
    words = WORDS[locale]
    table = open_table(locale=locale)
    code = room_code(table)
    url = f"{server.url}/j/{code}"
    host = open_phone(url, names[0], locale=locale)
    wires = join_wire(server, code, names[1:at])
    bo = open_phone(url, names[at], profile="none", locale=locale)
    wires += join_wire(server, code, names[at + 1:])
    try:
        expect(table.locator("#players .pname")).to_have_count(count)
        start(table, "kings", {"deck": KINGS})
        for i in range(len(KINGS)):
            seat = i % count
            if seat == 0:
                host.locator("button[data-action=draw]").click()
            elif seat == at:
                bo.locator("button[data-action=draw]").click()
            else:
                client = wires[seat - 1 if seat < at else seat - 2]
                client.wait_for(lambda s: any(a["type"] == "draw" for a in s["you"]["actions"]))
                assert client.call("game.act", {"action": {"type": "draw"}})["ok"]
            if i + 1 < len(KINGS):  # the next drawer's turn has come
                expect(table.locator(".kings-label")).to_have_text(f"{i + 1}/4")
        over = table.locator(".drinking-table .prompt-line.over")
        expect(over).to_contain_text(words["tv"].format(name=names[at]))
        expect(bo.locator(".status-line")).to_contain_text(words["phone"])
        label = f"big-forfeit-{count}-{locale or 'en'}"
        check_at_tv_sizes(table, shots, f"{label}-tv")
        bo.set_viewport_size({"width": 390, "height": 844})
        settle(bo)
        shots(f"{label}-phone", bo, full_page=True)
        assert_fits(bo, f"{label} on the phone", phone=True)
        assert broken_words(bo) == [] and missing(bo) == []

        answer = table.evaluate("() => window.partyappTable.call('host.command', {command: 'end_night'})")
        assert answer["ok"], answer
        recap = table.locator("#recap")
        expect(recap.locator(".recap-table thead")).to_contain_text(words["column"])
        headers = recap.locator(".recap-table thead th").all_inner_texts()
        column = headers.index(words["column"])
        row = recap.locator(".recap-table tbody tr", has=table.locator("th", has_text=names[at]))
        expect(row.locator("th, td").nth(column)).to_have_text("1")
        first = recap.locator(".recap-table tbody tr", has=table.locator("th", has_text=names[0]))
        expect(first.locator("th, td").nth(column)).to_have_text("0")  # a drinker's necks are not big forfeits
        expect(recap.locator(".big-forfeit-line")).to_have_text(words["recap"])
        check_at_tv_sizes(table, shots, f"{label}-recap")
        assert not watch.errors and not watch.dialogs
    finally:
        for w in wires:
            w.close()


def test_the_host_says_what_a_big_forfeit_is(open_table, open_phone, server, shots, watch):
    """The host's night settings on their phone: the big forfeit, the
    built-in one shown, replaced with the host's own words; a non-drinker's
    last king then says those words on the TV."""
    from tests.browser.test_everyone import open_host_box

    table = open_table()
    code = room_code(table)
    url = f"{server.url}/j/{code}"
    ana = open_phone(url, "Maximilian-Alexander")
    bo = open_phone(url, "🦄 Sparkle Unicorn 🌈", profile="none")
    open_host_box(ana)
    ana.click("#night-settings > summary")
    field = ana.locator("#big-forfeit")
    expect(field).to_have_value("Sing a chorus of a song the table picks.")
    ana.set_viewport_size({"width": 390, "height": 844})
    settle(ana)
    shots("big-forfeit-setting-phone", ana, full_page=True)
    assert_fits(ana, "the big forfeit in the night settings", phone=True)
    field.fill("Dance like nobody is watching for ten seconds.")
    ana.click("#btn-save-big-forfeit")
    expect(ana.locator("#btn-save-big-forfeit")).to_have_text("Saved")
    start(table, "kings", {"deck": KINGS})
    for i in range(len(KINGS)):
        (ana if i % 2 == 0 else bo).locator("button[data-action=draw]").click()
        if i + 1 < len(KINGS):
            expect(table.locator(".kings-label")).to_have_text(f"{i + 1}/4")
    expect(table.locator(".drinking-table .prompt-line.over")).to_contain_text(
        "🦄 Sparkle Unicorn 🌈 drew the last king and takes a big forfeit: Dance like nobody is watching for ten seconds.")
    assert not watch.errors and not watch.dialogs
