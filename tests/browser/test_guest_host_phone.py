"""A guest without a phone played from the host's phone, on real pages. A
player's view is the table's view plus their own, for the host too: with a
TV (which never shows a hand) or no table open at all, the host's phone
gets a guest's hand only while the game waits on that guest, and shows the
privacy screen first ("Hand this phone to Dan", then "I am Dan: show my
hand"); while a table device (a tablet lying on the table) is attached,
the host's phone gets nothing of the guests. Before, the host's phone read
a guest's cards whenever it asked, a table device there or not.

Cheat, staged so that Dan leads (a staged deck is dealt from the first
seat, who leads): Dan, Bob (a protocol client), Ana (the host, a phone at
390x844); the TV at 1920x1080; in English and Russian."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, broken_words, missing, settle
from tests.browser.test_guest_races import TABLET
from tests.browser.test_guests import code_of, fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser

HOST_PHONE = {"width": 390, "height": 844}
DECK = ["2S", "3H", "4D", "5C", "6S", "7H"]
WORDS = {
    "en-GB": {"tv": "Dan's turn: hand the phone of the host, Ana, to Dan.", "over": "Hand this phone to Dan",
              "show": "I am Dan: show my hand", "back": "I am Ana: back to my screen",
              "not now": "Only Dan's own turn can be played from the host's phone.",
              "device": "The table device plays for Dan: hand it to them."},
    "ru-RU": {"tv": "Ход игрока Dan: передайте ему телефон ведущего (Ana).", "over": "Передать телефон игроку Dan",
              "show": "Я — Dan: показать мои карты", "back": "Я — Ana: вернуться к своему экрану",
              "not now": "С телефона ведущего можно сыграть за игрока Dan только в его ход.",
              "device": "За игрока Dan играют с устройства стола: передайте его игроку."},
}


def guest_view(page, pid: str) -> dict:
    """Dan's hand as the host's phone asks for it (``guest.view``)."""
    return page.evaluate("(p) => window.partyappPhone.call('guest.view', {player_id: p})", pid)


def play_for_dan(ana, words: dict, shots, label: str) -> None:
    """Dan's turn on the host's phone: hand it over (the host's own screen
    put away), the privacy screen, Dan's hand after his tap, his play; then
    the hand closes and the phone comes back to Ana."""
    over = ana.locator("#btn-hand-over")
    expect(over).to_have_text(words["over"])
    expect(ana.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
    expect(ana.locator("#play-area")).to_be_visible()  # Ana's own hand, until it goes round
    shots(f"{label}-dan-waited-on", ana, full_page=True)
    fits(ana, "the host's phone on Dan's turn")
    over.click()
    show = ana.locator("#btn-show-hand")
    expect(show).to_have_text(words["show"])
    expect(ana.locator("#play-area")).to_be_hidden()
    expect(ana.locator("#you-line")).to_be_hidden()
    expect(ana.locator("#guest-hand .hand")).to_have_count(0)  # nothing of Dan's before his tap
    settle(ana)
    shots(f"{label}-privacy-screen", ana)
    fits(ana, "the privacy screen on the host's phone")
    assert broken_words(ana) == [] and missing(ana) == []
    show.click()
    hand = ana.locator("#guest-hand")
    expect(hand.locator(".hand button[data-card]").first).to_be_visible()
    settle(ana)
    shots(f"{label}-dans-hand", ana, full_page=True)
    fits(ana, "Dan's hand on the host's phone")
    assert broken_words(ana) == [] and missing(ana) == []
    hand.locator(".hand button[data-card]").first.click(position={"x": 10, "y": 30})
    hand.locator(".rank-chooser button:not([disabled])").first.click()
    hand.locator(".act-play").click()
    expect(ana.locator("#guest-hand")).to_have_count(0)  # closed after his move
    back = ana.locator("#btn-back-to-me")
    expect(back).to_have_text(words["back"])
    back.click()
    expect(ana.locator("#you-line")).to_be_visible()


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_with_a_tv_the_hosts_phone_shows_a_guests_hand_only_on_their_turn_behind_the_privacy_screen(
        open_table, open_phone, server, shots, watch, locale):
    words = WORDS[locale]
    table = open_table(locale=locale)
    ana, bob, dan = _seat(table, open_phone, server, locale)
    try:
        refused = guest_view(ana, dan)  # in the lobby nobody is waited on
        assert refused["ok"] is False and refused["error"]["code"] == "forbidden", refused
        assert refused["error"]["message"] == words["not now"]
        _start(table.evaluate, "window.partyappTable")
        expect(table.locator(".guest-turn.on-tv")).to_have_text(words["tv"])
        assert table.locator("#btn-show-hand, #guest-hand, #guest-play").count() == 0
        settle(table)
        shots("tv-dans-turn", table)
        assert_fits(table, "the TV on Dan's turn")
        assert broken_words(table) == [] and missing(table) == []
        assert guest_view(ana, dan)["ok"]  # the game waits on Dan
        play_for_dan(ana, words, shots, "phone")
        # the game waits on the others' calls now: Dan's hand is not the host's to see
        refused = guest_view(ana, dan)
        assert refused["ok"] is False and refused["error"]["message"] == words["not now"], refused
        expect(ana.locator("#guest-play, #guest-hand, #guest-cover")).to_have_count(0)
    finally:
        bob.close()
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_with_no_table_open_the_hosts_phone_plays_for_the_guest_behind_the_privacy_screen(
        open_table, open_phone, server, shots, watch, locale):
    words = WORDS[locale]
    table = open_table(locale=locale)
    ana, bob, dan = _seat(table, open_phone, server, locale)
    try:
        table.context.close()  # the table screen goes: no table is open
        bob.wait_for(lambda s: not s["room"]["table_connected"])
        _start(ana.evaluate, "window.partyappPhone")
        # the game waits on Dan: he is not away (no "Skip Dan"), the host's phone plays for him
        expect(ana.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
        expect(ana.locator(".away-box")).to_have_count(0)
        play_for_dan(ana, words, shots, "no-table")
        refused = guest_view(ana, dan)
        assert refused["ok"] is False and refused["error"]["message"] == words["not now"], refused
    finally:
        bob.close()
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_while_a_table_device_is_here_the_hosts_phone_gets_nothing_of_the_guests(
        open_table, open_phone, server, shots, watch, locale):
    """A tablet lying on the table plays for Dan: on his turn the host's
    phone shows whose turn it is and nothing of his, and its guest.view is
    refused with the reason in its language."""
    words = WORDS[locale]
    table = open_table(locale=locale, viewport=TABLET)
    ana, bob, dan = _seat(table, open_phone, server, locale)
    try:
        _start(table.evaluate, "window.partyappTable")
        expect(table.locator("#btn-show-hand")).to_have_attribute("data-guest", dan)
        expect(ana.locator(".status-line")).to_contain_text("Dan")
        expect(ana.locator("#guest-play, #guest-hand, #guest-cover, #btn-hand-over")).to_have_count(0)
        refused = guest_view(ana, dan)
        assert refused["ok"] is False and refused["error"]["code"] == "forbidden", refused
        assert refused["error"]["message"] == words["device"]
        moved = ana.evaluate("(p) => window.partyappPhone.call('game.act', {action: {type: 'play', cards: ['2S'],"
                             " rank: 'A'}, as: p})", dan)
        assert moved["ok"] is False and moved["error"]["message"] == words["device"], moved
        settle(ana)
        shots("host-phone-on-dans-turn", ana)
        fits(ana, "the host's phone while the tablet plays for Dan")
    finally:
        bob.close()
    assert watch.errors == [] and watch.dialogs == []


def _seat(table, open_phone, server, locale: str):
    """Ana on her phone (the host, 390x844), Bob on the wire, Dan added
    from Ana's host controls; seated Dan, Bob, Ana. Returns (Ana's page,
    Bob, Dan's id)."""
    code = code_of(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana", locale=locale, viewport=HOST_PHONE)
    bob = WireClient(server.url).connect()
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    ana.locator("#guest-name").fill("Dan")
    ana.locator(".guest-adder:not(.compact) button[type=submit]").click()
    state = bob.wait_for(lambda s: len(s["players"]) == 3)
    ids = {p["name"]: p["id"] for p in state["players"]}
    order = [ids["Dan"], ids["Bob"], ids["Ana"]]
    answer = ana.evaluate("(o) => window.partyappPhone.command({command: 'seat_order', player_ids: o})", order)
    assert answer["ok"], answer
    bob.wait_for(lambda s: [p["id"] for p in s["players"]] == order)
    return ana, bob, ids["Dan"]


def _start(evaluate, ctx: str) -> None:
    """Cheat on the staged deck (Dan leads), started by the table or the host's phone."""
    answer = evaluate(f"(o) => {ctx}.start('cheat', o)", {"deck": DECK, "call_seconds": 60})
    assert answer["ok"], answer
