"""The evening around the games (issue 25) on real pages, at a 1920x1080 TV
and a 390x844 phone, in English and Russian: sitting out (the phone's
switch, the host's seat manager, the TV's players list, the drinking decks
passing over), a word round played aloud (one tap from the caller), and the
recap of a game the host stopped, with a long name, whole, in the picture."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS, TV
from tests.browser.layout import assert_fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_390(open_phone, server):
    """A phone at 390x844 seated in room ``code`` (the shared opener, another size)."""
    return lambda code, name, locale=None: open_phone(f"{server.url}/j/{code}", name, locale=locale,
                                                      viewport={"width": 390, "height": 844})


def code_of(table) -> str:
    return table.locator(".room-code").inner_text().strip()


def start(table, mode, deck=None, **options):
    if deck is not None:
        options["deck"] = deck
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})",
                            [mode, options])
    assert answer["ok"], answer


def host(table, command: dict) -> None:
    answer = table.evaluate("(c) => window.partyappTable.call('host.command', c)", command)
    assert answer["ok"], answer


def open_settings(phone) -> None:
    if phone.locator("#me-box[open]").count() == 0:
        phone.click("#me-box > summary")


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_guest_sits_out_and_the_host_sits_another_out(open_table, phone_390, server, shots, watch, locale):
    ru = locale.startswith("ru")
    table = open_table(locale)
    code = code_of(table)
    ana = phone_390(code, "Ana", locale)
    bo = phone_390(code, "Bo", locale)
    cy = WireClient(server.url).connect()
    dee = WireClient(server.url).connect()
    try:
        assert cy.call("player.join", {"code": code, "name": "Cy"})["ok"]
        assert dee.call("player.join", {"code": code, "name": "Dee"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(4)

        open_settings(bo)
        switch = bo.locator("#sit-out")
        expect(switch).to_contain_text("Пропускать следующие игры" if ru else "Sit out the next games")
        switch.click()
        note = bo.locator("#sitting-out-note")
        expect(note).to_be_visible()
        badge = table.locator("#players .player").filter(has_text="Bo").locator(".mark.sitting-out")
        expect(badge).to_have_text("пропускает" if ru else "sitting out")

        # The host sits Cy out from the seat manager.
        if ana.locator("#host-box[open]").count() == 0:
            ana.click("#host-box > summary")
        if ana.locator(".seat-manager[open]").count() == 0:
            ana.locator(".seat-manager summary").click()
        ana.locator(".host-seat").filter(has_text="Cy").locator("[data-sit-out]").click()
        expect(table.locator("#players .player").filter(has_text="Cy").locator(".mark.sitting-out")).to_be_visible()
        seat_manager = ana.locator(".seat-manager")
        seat_manager.locator(".host-seat").filter(has_text="Cy").scroll_into_view_if_needed()
        shots(f"phone-host-seat-manager-{locale}", ana)
        assert_fits(ana, "the host's seat manager", phone=True)

        # Ring of Fire: Bo is in their seat but passed over; the TV says so.
        start(table, "ring_of_fire", ["6S", "6H", "6D"])
        expect(table.locator("#players .player").filter(has_text="Bo").locator(".mark.sitting-out")).to_be_visible()
        ana.locator("#play-area button").first.click()  # Ana draws; Bo and Cy are passed over: Dee
        expect(table.locator("#players .player.is-turn")).to_contain_text("Dee")
        assert dee.call("game.act", {"action": {"type": "draw"}})["ok"]
        expect(table.locator("#players .player.is-turn")).to_contain_text("Ana")
        shots(f"table-sitting-out-{locale}", table)
        assert_fits(table, "the TV with two players sitting out")
        bo.evaluate("() => window.scrollTo(0, 0)")
        shots(f"phone-sitting-out-{locale}", bo)
        assert_fits(bo, "the phone sitting out", phone=True)
        note.locator("button").click()
        expect(note).to_have_count(0)
        expect(table.locator("#players .player").filter(has_text="Bo").locator(".mark.sitting-out")).to_have_count(0)
        assert watch.errors == [], watch.errors
    finally:
        cy.close()
        dee.close()


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_word_round_is_played_aloud_and_the_caller_taps_once(open_table, phone_390, server, shots, watch, locale):
    ru = locale.startswith("ru")
    table = open_table(locale)
    code = code_of(table)
    ana = phone_390(code, "Ana", locale)
    bo = phone_390(code, "Bo", locale)
    cy = WireClient(server.url).connect()
    try:
        assert cy.call("player.join", {"code": code, "name": "Cy"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(3)
        start(table, "ring_of_fire", ["9S", "6S"])
        ana.locator("#play-area button").first.click()  # 9: Rhyme
        prompt = table.locator(".round-aloud")
        expect(prompt).to_contain_text("говорите по кругу" if ru else "say it round the table")
        # Nobody has a Done button; Bo's phone has nothing to tap.
        expect(ana.locator("button", has_text="Готово" if ru else "Done")).to_have_count(0)
        expect(bo.locator("#play-area button")).to_have_count(0)
        shots(f"table-word-round-{locale}", table)
        assert_fits(table, "the TV in a word round")
        ana.evaluate("() => window.scrollTo(0, 0)")
        shots(f"phone-word-round-caller-{locale}", ana)
        assert_fits(ana, "the caller's phone", phone=True)
        ana.locator("#play-area button", has_text="Cy").first.click()  # one tap: Cy messed up
        expect(table.locator("#players .player").filter(has_text="Cy").locator(".drinks")).to_contain_text("1")
        assert watch.errors == [], watch.errors
    finally:
        cy.close()


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_recap_of_a_stopped_game_with_a_long_name(open_table, phone_390, browser, server, shots, watch,
                                                       locale):
    ru = locale.startswith("ru")
    table = open_table(locale)
    code = code_of(table)
    long = "Bartholomew Featherstone"
    ana = phone_390(code, "Ana", locale)
    guests = [WireClient(server.url).connect() for _ in range(2)]
    try:
        for guest, name in zip(guests, [long, "Cy"]):
            assert guest.call("player.join", {"code": code, "name": name})["ok"]
        expect(table.locator("#players .pname")).to_have_count(3)
        start(table, "cheat", seed=5)
        host(table, {"command": "end_game"})
        host(table, {"command": "end_night"})
        recap = table.locator("#recap")
        expect(recap).to_contain_text("остановлена ведущим" if ru else "stopped by the host")
        expect(recap).not_to_contain_text("победа" if ru else "won by")
        expect(recap.locator(".recap-table")).to_contain_text(long)
        shots(f"table-recap-stopped-{locale}", table)
        assert_fits(table, "the recap on the TV")
        # The picture, as the TV saves it, drawn at its own size: the long name whole.
        svg = table.evaluate("""async (code) => {
            const token = localStorage.getItem(`partyapp.table.${code}`);
            const r = await fetch(`/recap/${code}.svg`, {headers: {"X-Party-Token": token}});
            return await r.text(); }""", code)
        assert long in svg and "…" not in svg
        ctx = browser.new_context(**TV)
        try:
            page = ctx.new_page()
            page.set_content(f"<body style='margin:0;background:#000'>{svg}</body>")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.locator("svg").screenshot(path=str(SHOTS / f"recap-picture-long-name-{locale}.png"))
            # every text of the picture lies inside it
            overflow = page.evaluate("""() => {
                const svg = document.querySelector('svg'); const box = svg.getBoundingClientRect();
                return [...svg.querySelectorAll('text')].filter((t) => {
                    const b = t.getBoundingClientRect(); return b.right > box.right + 1 || b.left < box.left - 1; })
                  .map((t) => t.textContent); }""")
            assert overflow == [], overflow
            widths = page.evaluate("""() => [...document.querySelectorAll('svg text.person')]
                .map((t) => [t.textContent, t.getBBox().width])""")
            shown = " ".join(text for text, _ in widths)
            assert "Bartholomew" in shown and "Featherstone" in shown, widths
            assert all(w <= 420 for _, w in widths), widths  # within the name column
        finally:
            ctx.close()
        ana.evaluate("() => window.scrollTo(0, 0)")
        shots(f"phone-night-over-{locale}", ana)
        assert watch.errors == [], watch.errors
    finally:
        for g in guests:
            g.close()
