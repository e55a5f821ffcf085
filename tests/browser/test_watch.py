"""Spectators and the TV's voice (issue 28): the watch page (/w/CODE) shows
the table's public view live at phone and TV sizes, in English and Russian;
the TV's lobby carries its watch code and counts the watchers; and the TV
reads the drawn cards and the key moments aloud, in its language, with a
switch it remembers, and keeps quiet while a race is open."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import PHONE, TV, decode_qr
from tests.browser.layout import assert_fits, settle
from tests.browser.tablegames import join_wire as guests, room_code, start

pytestmark = pytest.mark.browser

RU = "ru-RU"
PHONE_SIZE = {**PHONE, "viewport": {"width": 390, "height": 844}}

# A speechSynthesis that records what it is given (the words, the language,
# the voice), with an English and a Russian voice on the device, and the
# page's user activation as a browser keeps it.
SPEECH_STUB = """
(() => {
  window.__spoken = [];
  window.__hushed = 0;
  const voices = [
    { name: "English voice", lang: "en-US", default: true, localService: true },
    { name: "Russian voice", lang: "ru-RU", default: false, localService: true },
  ];
  class Utterance { constructor(text) { this.text = text; this.lang = ""; this.voice = null; } }
  const synth = {
    speak(u) { window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null }); },
    cancel() { window.__hushed += 1; },
    getVoices() { return voices; },
    addEventListener() {}, removeEventListener() {},
    speaking: false, pending: false, paused: false,
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = Utterance;
  // The browser the tests drive counts every page as tapped already; a real
  // one counts a page as activated from its first gesture only.
  let active = false;
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, () => { active = true; }, true);
  Object.defineProperty(navigator, "userActivation", {
    value: { get hasBeenActive() { return active; }, get isActive() { return active; } }, configurable: true,
  });
})();
"""


def act(guest, action: dict) -> None:
    answer = guest.call("game.act", {"action": action})
    assert answer["ok"], answer


def watch_page(browser, server, watch, code: str, size: dict, locale: str | None = None):
    ctx = browser.new_context(**size, **({"locale": locale} if locale else {}))
    page = ctx.new_page()
    watch.watch(page)
    page.goto(f"{server.url}/w/{code}")
    page.wait_for_selector("#players")
    return ctx, page


def settled(page) -> None:
    """Wait for the card just drawn to finish turning over (before a screenshot)."""
    page.locator(".drawn .card").first.evaluate("(el) => Promise.all(el.getAnimations().map((a) => a.finished))")


def spoken(page) -> list[dict]:
    return page.evaluate("() => window.__spoken")


def test_the_watch_page_follows_the_table_at_phone_and_tv_sizes(browser, server, open_table, shots, watch):
    table = open_table()
    code = room_code(table)
    # the lobby's watch code leads to the watch page, beside the join code
    watch_url = table.locator("#watch-url").inner_text().replace("\n", "")
    assert watch_url.endswith(f"/w/{code}")
    lobby = shots("lobby", table)
    qr_png = lobby.with_name(f"{lobby.stem}-watch-qr.png")
    # the code is an image: read it once it has loaded (a busy machine is slow to)
    table.locator("#watch-qr").evaluate("(img) => img.decode()")
    table.locator("#watch-qr").screenshot(path=str(qr_png))
    assert decode_qr(qr_png) == watch_url
    ana, bo = guests(server, code, ["Ana", "Bo"])
    phone_ctx, phone = watch_page(browser, server, watch, code, PHONE_SIZE)
    tv_ctx, tv = watch_page(browser, server, watch, code, TV)
    try:
        expect(phone.locator("#watching")).to_have_text("Watching")
        expect(phone.locator("#players .pname")).to_have_text(["Ana", "Bo"])
        expect(table.locator("#watchers")).to_have_text("2 watching")
        shots("tv-lobby", table)
        shots("phone-lobby", phone, full_page=True)
        assert_fits(phone, "the watch page's lobby on a phone", phone=True)
        assert_accessible(phone, "the watch page's lobby on a phone")

        start(table, "ring_of_fire", {"deck": ["3H", "5C"]})
        act(ana, {"type": "draw"})
        for page in (phone, tv):
            expect(page.locator(".drawn .card-title")).to_have_text("Me")
            expect(page.locator("#ticker")).to_contain_text("Ana")
            assert page.locator("button[data-action]").count() == 0  # read-only: nothing to press
        settled(phone)
        settled(tv)
        shots("phone-game", phone, full_page=True)
        shots("tv-game", tv)
        assert_fits(phone, "the watch page in a game on a phone", phone=True)
        assert_fits(tv, "the watch page in a game on a big screen")
        assert_accessible(tv, "the watch page in a game on a big screen")

        act(bo, {"type": "draw"})  # live: the next card comes without a reload
        expect(phone.locator(".drawn .card-title")).to_have_text("Guys")
        tv_ctx.close()
        expect(table.locator("#watchers")).to_have_text("1 watching")
    finally:
        phone_ctx.close()
        if tv_ctx.pages:
            tv_ctx.close()
    expect(table.locator("#watchers")).to_have_count(0)
    assert watch.errors == [] and watch.dialogs == []


def test_the_watch_page_in_russian_at_phone_and_tv_sizes(browser, server, open_table, shots, watch):
    table = open_table(locale=RU)
    code = room_code(table)
    ana, _bo = guests(server, code, ["Аня", "Боря"])
    start(table, "ring_of_fire", {"deck": ["5C"]})
    act(ana, {"type": "draw"})
    contexts = []
    try:
        for size, name in ((PHONE_SIZE, "phone"), (TV, "tv")):
            ctx, page = watch_page(browser, server, watch, code, size, locale=RU)
            contexts.append(ctx)
            expect(page.locator("html")).to_have_attribute("lang", "ru")
            expect(page.locator("#watching")).to_have_text("Просмотр")
            expect(page.locator(".drawn .card-title")).to_have_text("Парни")
            settled(page)
            shots(f"{name}-game-ru", page, full_page=name == "phone")
            assert_fits(page, f"the Russian watch page ({name})", phone=name == "phone")
            assert page.evaluate("() => [...window.partyappI18n.missing]") == []
        expect(table.locator("#watchers")).to_have_text("2 зрителя")
        shots("tv-ru", table)
    finally:
        for ctx in contexts:
            ctx.close()
    assert watch.errors == [] and watch.dialogs == []


def test_an_unknown_code_on_the_watch_page_is_refused_as_a_join_is(browser, server, shots, watch):
    ctx, page = None, None
    try:
        ctx = browser.new_context(**PHONE_SIZE)
        page = ctx.new_page()
        watch.watch(page)
        page.goto(f"{server.url}/w/ZZZZZZ")
        expect(page.locator("#no-room")).to_have_text("There is no room ZZZZZZ")
        expect(page.locator(".dead-main")).to_contain_text("Check the code on the TV.")
        shots("no-room", page)
    finally:
        if ctx:
            ctx.close()
    assert watch.errors == [] and watch.dialogs == []


@pytest.fixture
def voiced_table(open_table, browser, watch):
    """voiced_table(locale) -> the table of a fresh room on a TV-sized screen
    that was switched on and pointed at /t/CODE (nobody has tapped it yet),
    with the recording speechSynthesis."""
    made = []

    def opener(locale: str | None = None):
        first = open_table(locale)
        code, url = room_code(first), first.url
        token = first.evaluate("(code) => localStorage.getItem(`partyapp.table.${code}`)", code)
        first.close()
        ctx = browser.new_context(**TV, **({"locale": locale} if locale else {}))
        made.append(ctx)
        ctx.add_init_script(SPEECH_STUB)
        ctx.add_init_script(f"localStorage.setItem({f'partyapp.table.{code}'!r}, {token!r})")
        table = ctx.new_page()
        watch.watch(table)
        table.goto(url)
        table.wait_for_selector("#join-url:not(:empty)")
        return table

    yield opener
    for ctx in made:
        ctx.close()


def test_the_tv_reads_the_cards_aloud_with_a_switch_it_remembers_and_not_in_a_race(voiced_table, server, shots, watch):
    table = voiced_table()
    code = room_code(table)
    ana, bo, cy = guests(server, code, ["Ana", "Bo", "Cy"])
    # on, but a browser speaks only after a gesture on the page: the switch asks for one
    expect(table.locator("#btn-voice")).to_have_attribute("data-voice", "locked")
    expect(table.locator("#btn-voice")).to_have_text("Tap for voice")
    table.click("#btn-voice")
    expect(table.locator("#btn-voice")).to_have_text("Voice on")
    expect(table.locator("#btn-voice")).to_have_attribute("aria-pressed", "true")
    start(table, "ring_of_fire", {"deck": ["3H", "5C", "4S", "6D"]})
    expect(table.locator(".drinking-table")).to_be_visible()
    assert spoken(table) == []  # the game's first frame is nothing drawn yet

    act(ana, {"type": "draw"})
    expect(table.locator(".drawn .card-title")).to_have_text("Me")
    table.wait_for_function("() => window.__spoken.length === 1")
    assert spoken(table) == [{"text": "Me. You must drink.", "lang": "en-US", "voice": "English voice"}]
    shots("voice-on", table)

    table.click("#btn-voice")  # off
    expect(table.locator("#btn-voice")).to_have_text("Voice off")
    act(bo, {"type": "draw"})
    expect(table.locator(".drawn .card-title")).to_have_text("Guys")
    settle(table)  # the frame's effects (the voice among them) have run
    assert len(spoken(table)) == 1

    table.reload()  # remembered on this screen
    expect(table.locator("#btn-voice")).to_have_attribute("aria-pressed", "false")
    expect(table.locator("#btn-voice")).to_have_text("Voice off")
    table.click("#btn-voice")
    expect(table.locator("#btn-voice")).to_have_text("Voice on")
    shots("voice-switch", table)

    act(cy, {"type": "draw"})  # Floor: a race opens, and the TV keeps quiet
    expect(table.locator(".drawn .card-title")).to_have_text("Floor")
    table.wait_for_function("() => window.__hushed > 0")
    for g in (ana, bo, cy):
        act(g, {"type": "tap"})
    expect(table.locator(".outcome")).to_be_visible()
    settle(table)  # the frame's effects (the voice among them) have run
    assert spoken(table) == []  # the reload started a fresh recording: nothing said since

    act(ana, {"type": "draw"})
    expect(table.locator(".drawn .card-title")).to_have_text("Chicks")
    table.wait_for_function("() => window.__spoken.length === 1")
    assert [s["text"] for s in spoken(table)] == ["Chicks. All girls have to drink."]
    assert watch.errors == [] and watch.dialogs == []


def test_text_typed_as_ssml_is_spoken_as_its_letters(voiced_table, server, watch):
    """Issue 44: speech is handed plain text. A house card whose title and
    rule are typed as SSML (a pause, a document) is said as its letters:
    no tag reaches the speech engine."""
    import copy

    from partyapp.games.drinking.decks import RING_OF_FIRE

    table = voiced_table()
    code = room_code(table)
    ana, _bo = guests(server, code, ["<speak>Ana</speak>", "Bo"])
    deck = copy.deepcopy(RING_OF_FIRE)
    deck["name"] = "House"
    deck["cards"]["3"] = {**deck["cards"]["3"], "title": "<speak>Me</speak>",
                          "text": '<?xml version="1.0"?><speak>Drink<break time="9s"/> now</speak>'}
    start(table, "ring_of_fire", {"variant": deck, "deck": ["3H"]})
    act(ana, {"type": "draw"})
    expect(table.locator(".drawn .card-title")).to_have_text("<speak>Me</speak>")  # shown as typed
    table.wait_for_function("() => window.__spoken.length === 1")
    said = spoken(table)[0]["text"]
    assert "<" not in said and ">" not in said, said
    assert said == 'speak Me /speak. ?xml version="1.0"? speak Drink break time="9s"/ now /speak', said
    assert watch.errors == [] and watch.dialogs == []


def test_the_tv_speaks_russian_with_a_russian_voice(voiced_table, server, shots, watch):
    table = voiced_table(RU)
    code = room_code(table)
    ana, _bo = guests(server, code, ["Аня", "Боря"])
    start(table, "ring_of_fire", {"deck": ["3H"]})
    act(ana, {"type": "draw"})
    table.wait_for_function("() => window.__spoken.length === 1")
    title = table.locator(".drawn .card-title").inner_text()
    rule = table.locator(".drawn .card-rule").inner_text()
    assert spoken(table) == [{"text": f"{title}. {rule}", "lang": "ru-RU", "voice": "Russian voice"}]
    expect(table.locator("#btn-voice")).to_have_text("Нажмите для голоса")  # no gesture yet
    table.click("#btn-voice")
    expect(table.locator("#btn-voice")).to_have_text("Голос включён")
    shots("voice-ru", table)
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.own_server(fake_clock=True)  # the slaps' times are the server's clock's
def test_a_slap_game_is_quiet_while_the_race_is_open_and_says_who_picks_up(voiced_table, server, shots, watch):
    table = voiced_table()
    code = room_code(table)
    ana, bo = guests(server, code, ["Ana", "Bo"])
    # Ana turns the first card, an ace, as the count says "Ace": snap
    start(table, "irish_snap", {"deck": ["AS", "7H", "9C", "3D"], "seed": 1})
    act(ana, {"type": "flip"})
    table.wait_for_selector(".racing, .race-live")
    table.wait_for_function("() => window.__hushed > 0")
    assert spoken(table) == []
    act(ana, {"type": "slap"})
    # Bo slaps clearly later: more than the 80 ms the lag compensation may
    # move a tap, by the server's clock.
    server.advance(0.2)
    act(bo, {"type": "slap"})  # the last to slap picks up
    table.wait_for_function("() => window.__spoken.length > 0")
    said = [s["text"] for s in spoken(table)]
    assert "Bo was last and picks up the pile (1 card)." in said, said
    assert all(s["lang"] == "en-US" for s in spoken(table))
    shots("snap-pickup", table)
    assert watch.errors == [] and watch.dialogs == []
