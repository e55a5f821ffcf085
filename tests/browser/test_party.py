"""What a party of eight met on its first evening, mended: an absent player
shown big and skipped by the host, leavers keep their names, undo says what
it undoes, renaming without leaving, a phone on the table's address, the
sound button telling the truth, paper-scissors-stone opponents and score."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CHROMIUM_ARGS, PHONE, TV, chromium_path
from tests.wire import WireClient

pytestmark = pytest.mark.browser


def start(table, mode, deck):
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: {deck: a[1]}})", [mode, deck])
    assert answer == {"ok": True}, answer


def test_absent_player_shown_big_skipped_and_leavers_keep_names(open_table, server, browser, shots, watch):
    """Cy's phone goes while it is Cy's turn: the table says so big after a
    few seconds, the host's phone skips Cy, and play goes on. Bob makes a
    rule and leaves: the rule, the ticker and the undo list still name him.
    Each undo says what it undoes, and so does the app's question before it."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ctx = browser.new_context(**PHONE)
    ana = ctx.new_page()
    ana.on("pageerror", lambda e: watch.errors.append(str(e)))
    confirms: list[str] = []

    def dialog(d):
        confirms.append(d.message)
        d.accept()

    ana.on("dialog", dialog)
    ana.goto(f"{server.url}/j/{code}")
    # A name over 24 characters is not cut as it is typed: the refusal says how long it is.
    ana.fill("#name", "Anastasia Featherstonehaugh")
    assert ana.locator("#name").input_value() == "Anastasia Featherstonehaugh"
    ana.click("#name-form button[type=submit]")
    expect(ana.locator("#phone-message")).to_contain_text("The name has 27 characters: 24 at most.")
    ana.fill("#name", "Ana")
    ana.click("#name-form button[type=submit]")
    ana.wait_for_selector("#you-line")
    bob = WireClient(server.url).connect()
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    cy = WireClient(server.url).connect()
    assert cy.call("player.join", {"code": code, "name": "Cy"})["ok"]
    try:
        start(table, "ring_of_fire", ["3S", "JS", "5C", "3H"])
        ana.click("button[data-action=draw]")  # Ana: Me, one drink
        expect(table.locator(".prompt-line")).to_contain_text("Bob to draw")
        assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]  # Bob: a rule
        assert bob.call("game.act", {"action": {"type": "rule", "text": "No first names"}})["ok"]
        expect(table.locator(".prompt-line")).to_contain_text("Cy to draw")
        cy.close()
        notice = table.locator(".away-notice")
        expect(notice).to_have_text("Cy's phone is away — the host can skip them.", timeout=15_000)
        shots("table-away", table)
        skip = ana.locator("button[data-skip=p3]")
        expect(skip).to_have_text("Skip Cy")
        shots("phone-host-skip", ana, full_page=True)
        skip.click()
        expect(table.locator(".prompt-line")).to_contain_text("Ana to draw")
        expect(notice).to_have_count(0)
        expect(table.locator("#ticker")).to_contain_text("Cy is away: the draw passes to Ana.")

        # Bob leaves: his rule, the ticker and the undo list still say "Bob".
        assert bob.call("player.leave", {})["ok"]
        expect(table.locator("#players .pname")).to_have_text(["Ana", "Cy"])
        expect(table.locator(".rules li")).to_contain_text("No first names — Bob")
        expect(table.locator("#ticker")).to_contain_text("Bob makes a rule: No first names")
        assert "someone" not in table.locator("body").inner_text()

        # Ana reports Cy for breaking Bob's rule, then undoes it from the host box.
        ana.click("details.powers summary")
        breach = ana.locator("form[data-action=breach]")
        breach.locator("button[data-value='0']").click()
        breach.locator("button[data-value=p3]").click()
        breach.locator("button[type=submit]").click()
        expect(table.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 1")
        host_box = ana.locator("#host-box")
        assert host_box.get_attribute("open") is None  # closed by default during a game
        ana.click("#host-box > summary")
        undo = ana.locator("[data-action=undo] button").first
        label = "Undo: Ana reports a broken rule (No first names): Cy drinks 1 drink."
        expect(undo).to_have_text(label)
        expect(ana.locator("[data-action=undo]")).not_to_contain_text("#")
        shots("phone-undo", ana, full_page=True)
        undo.click()
        expect(ana.locator("#ask .ask-text")).to_have_text(f"{label}\nThis forfeit is taken back.")
        ana.locator("#ask button[data-answer=yes]").click()
        expect(table.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 0")
        assert confirms == []  # the app's own question, not the browser's
        assert watch.errors == []
    finally:
        bob.close()
        ctx.close()


def test_rename_from_the_phone_keeps_the_tally(open_table, open_phone, server):
    """A guest renames from the phone without leaving: same seat, same drinks."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    open_phone(f"{server.url}/j/{code}", "Bob")
    start(table, "ring_of_fire", ["3S"])
    ana.click("button[data-action=draw]")
    expect(table.locator("#players li[data-pid=p1] .drinks")).to_have_text("🍺 1")
    ana.click(".btn-rename")
    ana.fill("#rename", "bob")
    ana.click(".rename-form button[type=submit]")
    expect(ana.locator("#phone-message")).to_contain_text("already called Bob.")  # as seated
    ana.fill("#rename", "Anastasia")
    ana.click(".rename-form button[type=submit]")
    expect(ana.locator(".you-name")).to_have_text("Anastasia")
    expect(table.locator("#players li[data-pid=p1] .pname")).to_have_text("Anastasia")
    expect(table.locator("#players li[data-pid=p1] .drinks")).to_have_text("🍺 1")
    expect(ana.locator(".rename-form")).to_have_count(0)


def test_a_phone_on_the_table_address_is_offered_to_join(open_table, open_phone, server, shots):
    """A phone that opens /t/CODE (not the table) gets a clear way to join."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phone = open_phone(f"{server.url}/t/{code}")
    join = phone.locator("#join-as-player")
    expect(join).to_have_text(f"Join room {code} as a player")
    shots("phone-on-table-url", phone, full_page=True)
    join.click()
    phone.wait_for_url(f"**/j/{code}")
    phone.fill("#name", "Dee")
    phone.click("#name-form button[type=submit]")
    expect(table.locator("#players .pname")).to_have_text(["Dee"])


# The AudioContexts a page makes, for a test to wait for the first tap's unlock.
KEEP_AUDIO = """(() => {
  const Real = window.AudioContext;
  window.partyappAudio = [];
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.partyappAudio.push(this); }
  };
})();"""


def test_the_first_tap_on_a_fresh_table_acts_and_moves_nothing_under_the_finger(browser, server, shots, watch):
    """A table opened or reloaded without a gesture (WebKit never carries
    the start page's tap into the table page) has its sound and voice
    locked. The first press anywhere unlocks both, and nothing in the bar
    moves between the press and the release: a first tap on the language
    switch switches, a first tap on "Tap for voice" turns the voice on."""
    strict = browser.browser_type.launch(executable_path=chromium_path(),
                                         args=[a for a in CHROMIUM_ARGS if not a.startswith("--autoplay-policy")])
    creator = WireClient(server.url).connect()
    try:
        made = creator.call("room.create", {})
        kept = [{"name": f"partyapp.table.{made['code']}", "value": made["host_token"]}]
        ctx = strict.new_context(**TV, storage_state={"cookies": [], "origins": [{"origin": server.url, "localStorage": kept}]})
        ctx.add_init_script(KEEP_AUDIO)
        page = ctx.new_page()
        watch.watch(page)

        def bar() -> list[dict]:
            return [button.bounding_box() for button in page.locator(".table-bar button").all()]

        def first_tap(selector: str) -> None:
            """Press the middle of ``selector`` on a page drawn with its sound and
            voice locked; once the press has unlocked the sound (and the page
            has drawn), check the bar has not moved; release. (Playwright's
            own calls into the page count as gestures in Chromium: the page
            is left to draw the room first, so that nothing redraws the
            switches before the press.)"""
            page.wait_for_selector("#join-url:not(:empty)")
            expect(page.locator("#btn-mute")).to_have_attribute("data-sound", "locked")
            expect(page.locator("#btn-voice")).to_have_attribute("data-voice", "locked")
            before = bar()
            box = page.locator(selector).bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.wait_for_function("() => window.partyappAudio.some((a) => a.state === 'running')")
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            assert bar() == before
            page.mouse.up()

        page.goto(f"{server.url}/t/{made['code']}")
        first_tap("#btn-voice")
        expect(page.locator("#btn-voice")).to_have_attribute("data-voice", "on")
        expect(page.locator("#btn-voice")).to_have_text("Voice on")
        expect(page.locator("#btn-mute")).to_have_text("Sound on")
        shots("table-first-tap-voice", page)

        page.reload()  # locked again
        first_tap("#btn-mute")
        expect(page.locator("#btn-mute")).to_have_attribute("data-sound", "on")
        expect(page.locator("#btn-voice")).to_have_attribute("data-voice", "on")

        page.reload()
        first_tap(".bar-lang button[data-lang=ru]")
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.locator("#btn-host")).to_have_text("Ведущий")
        shots("table-first-tap-ru", page)
    finally:
        creator.close()
        strict.close()
    assert watch.errors == []


# Says on the console when the phone first shows "your turn", once the
# frame's effects (the turn's buzz) have run; counts the buzzes.
TURN_MARK = "partyapp-test: your turn drawn"
MARK_TURN = """(() => {
  window.partyappBuzzes = 0;
  const vibrate = navigator.vibrate.bind(navigator);
  navigator.vibrate = (pattern) => { window.partyappBuzzes += 1; return vibrate(pattern); };
  new MutationObserver((_, observer) => {
    if (!document.querySelector(".status-line.mine")) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => console.log("%s"), 0));
  }).observe(document, { childList: true, subtree: true });
})();""" % TURN_MARK


def test_a_reloaded_phone_buzzes_only_after_a_tap(open_table, open_phone, server, watch):
    """A phone reloaded before its turn comes has had no tap yet: browsers
    refuse to vibrate then (Chromium says "Blocked call to
    navigator.vibrate" on the console), so the turn does not ask; once the
    phone has been tapped, it buzzes."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = WireClient(server.url).connect()
    try:
        assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
        ana.context.add_init_script(MARK_TURN)
        said: list[str] = []
        ana.on("console", lambda message: said.append(message.text))
        # Nothing may reach into the page until its turn is drawn: in
        # Chromium, a test's call into a page counts as a tap.
        with ana.expect_console_message(lambda message: message.text == TURN_MARK):
            ana.reload()
            start(table, "ring_of_fire", ["5C", "7D", "3S"])
        assert not [text for text in said if "vibrate" in text], said
        assert ana.evaluate("window.partyappBuzzes") == 0

        ana.locator("#you-line").click()  # a tap: from now on the phone may buzz
        assert ana.evaluate("async () => { (await import('/static/js/gesture.js')).buzz(50); return window.partyappBuzzes; }") == 1
        assert not [text for text in said if "vibrate" in text], said
    finally:
        bob.close()
    assert watch.errors == []


def test_sound_button_tells_the_truth_after_a_reload(browser, server, shots):
    """Without a gesture the browser keeps audio off: the button says "Tap
    for sound" (also after a reload) until a tap on the page, then "Sound
    on"; muting says "Sound off" and is remembered."""
    # A browser of its own, with the autoplay policy every real browser has.
    strict = browser.browser_type.launch(executable_path=chromium_path(),
                                         args=[a for a in CHROMIUM_ARGS if not a.startswith("--autoplay-policy")])
    try:
        page = strict.new_context(**TV).new_page()
        page.goto(server.url + "/")
        page.click("#start-table")
        page.wait_for_url("**/t/*")
        button = page.locator("#btn-mute")
        page.reload()
        expect(button).to_have_text("Tap for sound")
        shots("table-tap-for-sound", page)
        page.mouse.click(400, 700)
        expect(button).to_have_text("Sound on")
        button.click()
        expect(button).to_have_text("Sound off")
        page.reload()
        expect(button).to_have_text("Sound off")
        button.click()
        expect(button).to_have_text("Sound on")
        page.reload()
        expect(button).to_have_text("Tap for sound")
    finally:
        strict.close()
