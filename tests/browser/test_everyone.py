"""Everyone at the table, in a real browser: a non-drinker, a soft drinker
and a driver's pace, dares, family mode from the start page, more time and
four-colour cards on a phone, reduced motion, and the end-of-night recap
(with the layout audit at every size), screenshots of each."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TV
from tests.browser.layout import assert_fits, in_step, settle, wait_drawn
from tests.browser.tablegames import room_code, start
from tests.browser.test_old_maid import deal as old_maid_deal
from tests.browser.test_layout import audit_phone, audit_tv, names as long_names

pytestmark = pytest.mark.browser

DRINK_WORDS = re.compile(r"drink|\bsips?\b|neck|beer|chug|\bcup\b|toilet|finger|booze|alcohol", re.I)

SEEN_TEXT = """() => {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    for (const a of ["aria-label", "title", "placeholder"]) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
  }
  return parts.join("\\n");
}"""


def join(open_phone, server, code: str, name: str, profile: str | None = None):
    """A phone page joined by its form, choosing a profile when given."""
    return open_phone(f"{server.url}/j/{code}", name, profile=profile)


def draw(page) -> None:
    page.locator("button[data-action=draw]").click()


def open_host_box(page) -> None:
    if page.locator("#host-box[open]").count() == 0:
        page.click("#host-box > summary")


def test_a_non_drinker_a_soft_drinker_and_the_pace(open_table, open_phone, server, shots, watch):
    """Bo does not drink, Cy drinks something soft, the host sets a pace of
    one drink an hour: Bo's forfeit is a point, Cy's a sip with her soft
    badge, Ana's second forfeit is water, her phone suggests a glass, and
    nobody is told to drink who does not."""
    table = open_table()
    code = room_code(table)
    ana = join(open_phone, server, code, "Ana")
    bo = join(open_phone, server, code, "Bo", "none")
    cy = join(open_phone, server, code, "Cy", "soft")
    open_host_box(ana)
    ana.click("#night-settings > summary")
    ana.select_option("#pace", "1")
    expect(ana.locator("#pace")).to_have_value("1")
    shots("phone-night-settings", ana, full_page=True)
    start(table, "ring_of_fire", {"deck": ["3D", "3H", "3C", "3S"]})
    for phone in (ana, bo, cy, ana):
        seen = in_step([table, phone])
        draw(phone)
        wait_drawn(phone, seen, newer=True)  # the draw is drawn
    seat = lambda pid: table.locator(f"#players li[data-pid={pid}]")  # noqa: E731
    expect(seat("p1").locator(".water")).to_have_text("💧 1")
    expect(seat("p1").locator(".drinks")).to_have_text("🍺 1")
    expect(seat("p2").locator(".forfeits")).to_have_text("★ 1")
    assert seat("p2").locator(".drinks").count() == 0
    expect(seat("p3").locator(".drinks.soft")).to_have_text("🥤 1")
    ticker = table.locator("#ticker").inner_text()
    assert "Bo takes 1 point." in ticker and "Ana has a glass of water instead." in ticker
    assert "Cy drinks 1 drink." in ticker and "Bo drinks" not in ticker
    expect(ana.locator("#pace-note")).to_contain_text("glass of water")
    assert bo.locator("#pace-note").count() == 0 and cy.locator("#pace-note").count() == 0
    expect(bo.locator("#you-line .forfeits")).to_have_text("★ 1")
    shots("table", table)
    shots("phone-ana-pace", ana, full_page=True)
    shots("phone-bo", bo, full_page=True)
    assert_fits(table, "table with a non-drinker, a soft drinker and water")
    assert_fits(ana, "phone with the pace note", phone=True)
    assert watch.errors == [] and watch.dialogs == []


def test_dares_for_who_is_not_drinking(open_table, open_phone, server, shots, watch):
    """The host chooses dares and writes their own; Bo's forfeit is the
    first of them, on his phone and on the table."""
    table = open_table()
    code = room_code(table)
    ana = join(open_phone, server, code, "Ana")
    bo = join(open_phone, server, code, "Bo", "none")
    open_host_box(ana)
    ana.click("#night-settings > summary")
    ana.click("button[data-alternative=dares]")
    ana.fill("#dares", "Hop round the table on one leg.\nWhistle the national anthem.")
    ana.click("#btn-save-dares")
    expect(ana.locator("#btn-save-dares")).to_have_text("Saved")
    start(table, "ring_of_fire", {"deck": ["6S", "3H"]})  # Ana: 6 (chicks: nobody), Bo: 3 (Me)
    draw(ana)
    draw(bo)
    expect(bo.locator("#dare-card")).to_contain_text("Hop round the table on one leg.")
    expect(table.locator("#ticker")).to_contain_text("Bo takes a dare: Hop round the table on one leg.")
    expect(table.locator("#players li[data-pid=p2] .forfeits")).to_have_text("★ 1")
    shots("phone-dare", bo, full_page=True)
    shots("table-dare", table)
    assert watch.errors == [] and watch.dialogs == []


def test_family_mode_from_the_start_page(browser, server, open_phone, shots, watch):
    """The start page says once who the drinking games are for; a table
    started in family mode plays the family deck, its phones are not asked
    about drinks, and no screen says a drink word."""
    ctx = browser.new_context(**TV)
    try:
        table = ctx.new_page()
        watch.watch(table)
        table.goto(server.url + "/")
        body = table.locator("body").inner_text()
        assert body.count("legal drinking age") == 1 and "Nobody has to drink" in body
        shots("start-page", table)
        table.check("#family-mode")
        table.click("#start-table")
        table.wait_for_url("**/t/*")
        table.wait_for_selector("#join-url:not(:empty)")
        code = room_code(table)
        phone = open_phone(f"{server.url}/j/{code}")
        phone.wait_for_selector("#join-screen:not([hidden])")
        assert phone.locator("input[name=profile], input[name=group]").count() == 0
        shots("phone-join-family", phone, full_page=True)
        phone.fill("#name", "Ana")
        phone.click("#name-form button[type=submit]")
        phone.wait_for_selector("#room-screen:not([hidden]) #you-line")
        other = join(open_phone, server, code, "Bo")
        open_host_box(phone)
        assert phone.locator(".btn-edit-rules").count() == 0  # house decks are not for family mode
        start(table, "ring_of_fire", {"deck": ["3D", "2H", "4S", "KS", "AH"]})
        draw(phone)  # Me: a point
        expect(table.locator(".drawn .card-title")).to_have_text("Me")
        draw(other)  # You: Bo picks Ana
        other.locator("[data-action=pick] button", has_text="Ana").click()
        draw(phone)  # Floor: a race
        for p in (phone, other):
            p.wait_for_selector("button[data-action=tap]")
        shots("table-family-race", table)
        phone.locator("button[data-action=tap]").click()  # two in the race: Bo is last
        table.wait_for_selector(".outcome .loser")
        draw(other)  # a king: a jewel in the crown, nothing like a glass on the table
        expect(table.locator(".ring .crown .jewel.set")).to_have_count(1)
        expect(table.locator(".ring .crown .jewel")).to_have_count(4)
        expect(table.locator(".ring .crown-label")).to_have_text("1/4")
        expect(table.locator(".ring .cup")).to_have_count(0)
        draw(phone)  # waterfall: everybody claps until the drawer stops
        expect(table.locator(".outcome")).to_contain_text("everybody claps until")
        expect(table.locator("#players li[data-pid=p1] .forfeits")).to_contain_text("★")
        assert table.locator(".drinks").count() == 0
        shots("table-family", table)
        shots("phone-family", phone, full_page=True)
        for page, what in ((table, "table"), (phone, "phone"), (other, "second phone")):
            words = page.evaluate(SEEN_TEXT)
            assert not DRINK_WORDS.search(words), f"{what} says {DRINK_WORDS.search(words).group(0)!r}: {words}"
        phone.click("#host-box > summary")  # closed once the game started
        phone.click("#night-settings > summary")
        expect(phone.locator("#family-switch")).to_have_attribute("aria-pressed", "true")
        assert phone.locator("#pace").count() == 0
        words = phone.evaluate(SEEN_TEXT)
        assert not DRINK_WORDS.search(words), DRINK_WORDS.search(words).group(0)
        assert_fits(table, "family table")
        assert watch.errors == [] and watch.dialogs == []
    finally:
        ctx.close()


def test_more_time_and_four_colour_cards(open_table, open_phone, server, shots, watch):
    """A phone turns on more time (the server keeps it) and four-colour
    cards (this phone only): the diamond it sees is blue; the table turns
    them on in its Host drawer."""
    table = open_table()
    code = room_code(table)
    ana = join(open_phone, server, code, "Ana")
    bo = join(open_phone, server, code, "Bo")
    bo.click("#me-box > summary")
    bo.click("#more-time")
    expect(bo.locator("#more-time")).to_have_attribute("aria-pressed", "true")
    bo.click("#four-colour")
    expect(bo.locator("#four-colour")).to_have_attribute("aria-pressed", "true")
    shots("phone-settings", bo, full_page=True)
    one_line = "(el) => el.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(el).lineHeight)"
    for switch in ("#more-time", "#four-colour"):
        assert bo.locator(f"{switch} .switch-state").evaluate(one_line), f"{switch}: its On/Off breaks over lines"
    start(table, "ring_of_fire", {"deck": ["3D"]})
    draw(ana)
    colour = "(el) => getComputedStyle(el).color"
    bo.wait_for_selector(".phone-card .card.suit-D")
    assert bo.locator(".phone-card .card.suit-D").evaluate(colour) == "rgb(11, 87, 208)"
    assert ana.locator(".phone-card .card.suit-D").evaluate(colour) != "rgb(11, 87, 208)"
    assert table.locator(".drawn .card.suit-D").evaluate(colour) != "rgb(11, 87, 208)"
    table.click("#btn-host")
    table.click("#four-colour")
    table.click("#btn-host-close")
    assert table.locator(".drawn .card.suit-D").evaluate(colour) == "rgb(11, 87, 208)"
    bo.reload()
    bo.wait_for_selector(".phone-card .card.suit-D")
    assert bo.locator(".phone-card .card.suit-D").evaluate(colour) == "rgb(11, 87, 208)"  # kept on the phone
    bo.click("#me-box > summary")
    expect(bo.locator("#more-time")).to_have_attribute("aria-pressed", "true")  # kept by the server
    shots("table-four-colour", table)
    shots("phone-four-colour", bo, full_page=True)
    assert watch.errors == [] and watch.dialogs == []


def clock_seconds(page) -> int:
    text = page.locator(".my-clock").inner_text().strip()
    m = re.fullmatch(r"(\d+) seconds? left", text)
    assert m, f"the phone's clock says {text!r}"
    return int(m.group(1))


def counting(phones: dict, number: int) -> str:
    """The name of the phone asked to say ``number`` (waiting for it)."""
    first = next(iter(phones.values()))
    for _ in range(100):
        seen = in_step(list(phones.values()))  # every phone at the same step
        found = [name for name, page in phones.items()
                 if page.locator(f"[data-action=answer] button[data-value='{number}']").count()]
        if found:
            assert len(found) == 1, found
            return found[0]
        wait_drawn(first, seen, newer=True)  # the next step
    raise AssertionError(f"no phone was asked to say {number}")


def test_more_time_shows_on_the_phones_clock(open_table, open_phone, server, shots, watch):
    """Kings' chugalug: the player counting sees the seconds left to answer
    on their phone; Bo, who asked for more time, sees twice as long (20
    seconds instead of 10), the others their 10, and nobody else a clock."""
    table = open_table()
    code = room_code(table)
    phones = {name: join(open_phone, server, code, name) for name in ("Ana", "Bo", "Cy")}
    bo = phones["Bo"]
    bo.click("#me-box > summary")
    bo.click("#more-time")
    expect(bo.locator("#more-time")).to_have_attribute("aria-pressed", "true")
    bo.click("#me-box > summary")
    start(table, "kings", {"deck": ["5S"], "answer_timeout_s": 10})
    ana = phones["Ana"]
    draw(ana)  # 5: chugalug, Ana picks the side
    ana.locator("[data-action=start] button[data-value=left]").click()
    seen = {}
    for number in (2, 3):
        speaker = counting(phones, number)
        page = phones[speaker]
        expect(page.locator(".my-clock")).to_be_visible()
        seen[speaker] = clock_seconds(page)
        for name, other in phones.items():
            if name != speaker:
                expect(other.locator(".my-clock")).to_have_count(0)
        shots(f"phone-clock-{speaker}", page, full_page=True)
        page.locator(f"[data-action=answer] button[data-value='{number}']").click()
        expect(page.locator(f"[data-action=answer] button[data-value='{number}']")).to_have_count(0)
    others = [n for name, n in seen.items() if name != "Bo"]
    assert 10 < seen["Bo"] <= 20 and len(others) == 1 and 0 < others[0] <= 10, seen
    assert watch.errors == [] and watch.dialogs == []


def test_reduced_motion_stops_the_card_flip(browser, server, open_phone, watch):
    """With reduced motion asked for, the drawn card appears without its flip."""
    durations = {}
    for motion in ("no-preference", "reduce"):
        ctx = browser.new_context(**{**TV, "reduced_motion": motion})
        try:
            table = ctx.new_page()
            watch.watch(table)
            table.goto(server.url + "/")
            table.click("#start-table")
            table.wait_for_url("**/t/*")
            table.wait_for_selector("#join-url:not(:empty)")
            code = room_code(table)
            ana = join(open_phone, server, code, f"Ana {motion[:2]}")
            join(open_phone, server, code, f"Bo {motion[:2]}")
            start(table, "ring_of_fire", {"deck": ["3D"]})
            draw(ana)
            card = table.locator(".drawn-card .card.flip-in")
            card.wait_for()
            durations[motion] = card.evaluate("(el) => parseFloat(getComputedStyle(el).animationDuration)")
        finally:
            ctx.close()
    assert durations["no-preference"] == pytest.approx(0.6)
    assert durations["reduce"] < 0.01


def test_the_end_of_the_night_with_sixteen_players(open_table, seat_party, shots, watch):
    """Sixteen long names with every profile and the pace: two waterfalls
    give each their tally (drinks and water, soft drinks, points), which
    fits the TV and the phone at every size; then the host ends the night
    from the table's Host drawer: the recap fits, can be saved as a
    picture, and the phones say thanks."""
    table = open_table()
    all_names = long_names(16)
    phone, guests = seat_party(table, all_names)
    for i, guest in enumerate(guests):
        profile = ("none", "soft", "drinks")[i % 3]
        assert guest.call("player.update", {"profile": profile})["ok"]
    table.evaluate("() => window.partyappTable.command({command: 'settings', pace: 1})")
    start(table, "ring_of_fire", {"deck": ["AS", "AH", "JD"]})
    phone.locator("button[data-action=draw]").click()  # waterfall: everybody
    turn = guests[0].wait_for(lambda s: s["game"]["drawn"] == 1)["game"]["turn"]
    assert next(g for g in guests if g.pid == turn).call("game.act", {"action": {"type": "draw"}})["ok"]  # again
    state = guests[0].wait_for(lambda s: s["game"]["drawn"] == 2)
    turn = state["game"]["turn"]
    drawer = next(g for g in guests if g.pid == turn)
    assert drawer.call("game.act", {"action": {"type": "draw"}})["ok"]  # J: a rule
    assert drawer.call("game.act", {"action": {"type": "rule", "text": "Nobody says a name of a weekday, ever again"}})["ok"]
    expect(table.locator("#players li[data-pid=p1] .water")).to_have_text("💧 1")
    expect(table.locator("#players li[data-pid=p2] .forfeits")).to_have_text("★ 2")
    expect(table.locator("#players li[data-pid=p3] .drinks.soft")).to_have_text("🥤 2")
    audit_tv(table, shots, "tallies-16")
    audit_phone(phone, shots, "phone-tallies-16")

    table.click("#btn-host")
    table.click("#btn-end-night")
    table.click("#ask button[data-answer=yes]")
    table.wait_for_selector("#recap")
    assert table.locator("#host-panel #btn-new-night").count() == 1
    table.click("#btn-host-close")
    expect(table.locator("#recap")).to_contain_text("Ring of Fire: stopped by the host.")
    expect(table.locator("#recap .rules")).to_contain_text("Nobody says a name of a weekday")
    row = table.locator("#recap tr[data-pid=p1]")
    assert row.locator("td").all_text_contents()[:3] == ["1", "0", "1"]  # drinks, soft, water
    audit_tv(table, shots, "recap-16")
    with table.expect_download() as saved:  # fetched with the table's token, saved from the answer
        table.click("#recap-save")
    assert saved.value.suggested_filename.startswith("partyapp-night-")
    with open(saved.value.path(), encoding="utf-8") as fh:
        svg = fh.read()
    assert svg.startswith("<svg")
    assert all_names[0] in svg and "Nobody says a name of a weekday" in svg
    expect(phone.locator("#night-over")).to_contain_text("The night is over")
    shots("phone-night-over", phone, full_page=True)
    assert_fits(phone, "phone after the night", phone=True)
    phone.click("#btn-new-night")
    table.wait_for_selector(".lobby")
    expect(table.locator("#players .tally")).to_have_count(0)  # every tally from zero: none shown in the lobby
    assert watch.errors == [] and watch.dialogs == []


def test_the_recap_picture_looks_right(open_table, seat_party, shots, tmp_path, browser, server):
    """The saved picture, opened as an image, shows the night (screenshot)."""
    table = open_table()
    phone, guests = seat_party(table, ["Ana", "Bo", "Cy"])
    assert guests[0].call("player.update", {"profile": "none"})["ok"]
    start(table, "ring_of_fire", {"deck": ["3D", "3H", "JD"]})
    phone.locator("button[data-action=draw]").click()
    guests[0].wait_for(lambda s: s["game"]["drawn"] == 1)
    assert guests[0].call("game.act", {"action": {"type": "draw"}})["ok"]
    guests[1].wait_for(lambda s: s["game"]["drawn"] == 2)
    assert guests[1].call("game.act", {"action": {"type": "draw"}})["ok"]
    assert guests[1].call("game.act", {"action": {"type": "rule", "text": "Toast with the left hand"}})["ok"]
    table.evaluate("() => window.partyappTable.command({command: 'end_night'})")
    table.wait_for_selector("#recap")
    code = room_code(table)
    token = table.evaluate("(c) => window.localStorage.getItem(`partyapp.table.${c}`)", code)
    svg = table.request.get(f"{server.url}/recap/{code}.svg", headers={"X-Party-Token": token}).text()
    path = tmp_path / "recap.svg"
    path.write_text(svg, encoding="utf-8")
    ctx = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        page = ctx.new_page()
        (tmp_path / "recap.html").write_text('<!doctype html><body style="margin:0"><img id="pic" src="recap.svg"></body>',
                                             encoding="utf-8")
        page.goto((tmp_path / "recap.html").as_uri())
        size = page.locator("#pic").evaluate("(img) => img.decode().then(() => [img.naturalWidth, img.naturalHeight])")
        assert size[0] >= 800 and size[1] >= 400  # drawn as an image, not a broken one
        shots("recap-picture", page, full_page=True)
        assert "Bo (not drinking)" in svg and "“Toast with the left hand” (Cy)" in svg
    finally:
        ctx.close()
    shots("table-recap", table)


def test_a_card_game_in_family_mode(browser, server, open_phone, shots, watch):
    """A full card game in a family room is a plain card game: Old Maid
    played to its end says no drink word on the table or the phones, and
    it has no forfeits: the one left with the queen has lost, nothing more."""
    ctx = browser.new_context(**TV)
    try:
        table = ctx.new_page()
        watch.watch(table)
        table.goto(server.url + "/")
        table.check("#family-mode")
        table.click("#start-table")
        table.wait_for_url("**/t/*")
        table.wait_for_selector("#join-url:not(:empty)")
        code = room_code(table)
        ana = join(open_phone, server, code, "Ana")
        bo = join(open_phone, server, code, "Bo")
        start(table, "old_maid", {"deck": old_maid_deal(["5H", "9S"], ["5S", "9H", "QS"])})
        pages = ((table, "table"), (ana, "Ana's phone"), (bo, "Bo's phone"))

        def no_drink_words():
            for page, what in pages:
                words = page.evaluate(SEEN_TEXT)
                assert not DRINK_WORDS.search(words), f"{what} says {DRINK_WORDS.search(words).group(0)!r}: {words}"

        expect(ana.locator(".back-picks button")).to_have_count(3)
        no_drink_words()
        fan = [c.get_attribute("data-card") for c in bo.locator(".fan-order .card").all()]
        ana.locator(f".back-picks button[data-position='{fan.index('5S')}']").click()
        ana.locator(".act-take").click()
        expect(bo.locator(".back-picks button")).to_have_count(1)
        bo.locator(".back-picks button").click()
        bo.locator(".act-take").click()
        expect(table.locator(".big-line")).to_have_text("Bo is left holding the Old Maid!")
        expect(table.locator(".outcome-box")).to_contain_text("Lost: Bo")
        expect(table.locator("#players li[data-pid=p2] .forfeits")).to_have_text("★ 0")
        assert table.locator("#players .drinks").count() == 0
        settle(table)
        shots("table-old-maid-over", table)
        shots("phone-old-maid-lost", bo, full_page=True)
        no_drink_words()
        assert_fits(table, "family Old Maid over")
        assert watch.errors == [] and watch.dialogs == []
    finally:
        ctx.close()
