"""Bots in real browsers: the host seats a bot from the phone, the table and
the phones show it as a bot with its face, it sits out a drinking deck, it
deals a hand of Blackjack by itself, and the host removes it; a phone that
drops on its turn is played for, the table says so, and it takes its seat
back when it returns. The server here takes over after one second
(``bot_takeover_s`` in the config file of this file's one server)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.games.hand_helpers import deal_order_deck
from tests.serverproc import SHARED_CONFIG, ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for this file's tests (each makes its own room on it): the
    shared server's limits, and a bot takes over after one second."""
    where = tmp_path_factory.mktemp("bots-server")
    config = where / "config.toml"
    config.write_text(SHARED_CONFIG + "\n[games]\nbot_takeover_s = 1\n")
    proc = ServerProcess(f"sqlite:///{where / 'rooms.db'}", extra=["--config", str(config)],
                         log_path=where / "server.log").start()
    yield proc
    proc.stop()


def test_the_host_adds_a_bot_from_the_phone_and_plays_blackjack_with_it(open_table, open_phone, server, shots, watch):
    """Ana, the host, adds a fast bot from her phone; it shows as a bot (a
    face, a "bot" mark, no drinks) on the TV and her phone; choosing Ring of
    Fire says the bots sit it out; in Blackjack the bot deals: it shows its
    16, hits, stands on 17, and Ana's 19 wins; then Ana removes it."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    host_box = ana.locator("#host-box")
    expect(host_box.locator("#btn-add-bot")).to_be_visible()
    host_box.locator(".bot-levels [data-level=fast]").click()
    expect(host_box.locator(".bot-levels [data-level=fast]")).to_have_attribute("aria-checked", "true")
    host_box.locator("#btn-add-bot").click()

    bot_row = table.locator("#players li.is-bot")
    expect(bot_row).to_have_count(1)
    expect(bot_row.locator(".mark.bot")).to_have_text("bot")
    expect(bot_row.locator(".look")).not_to_be_empty()
    expect(bot_row.locator(".drinks")).to_have_count(0)
    bot_name = bot_row.locator(".pname").evaluate("(e) => e.lastChild.textContent")
    expect(table.locator(".lobby-title")).to_have_text("2 players in the room")
    ana.locator(".players-box summary").click()
    expect(ana.locator("#players li.is-bot .mark.bot")).to_be_visible()
    shots("table-lobby-with-bot", table)
    assert_fits(table, "the lobby with a bot")

    host_box.locator("[data-mode=ring_of_fire]").click()
    expect(host_box.locator(".bots-sit-out")).to_have_text(
        "The bots sit this one out: the drinking decks are for people.")
    expect(host_box.locator("#btn-start")).to_have_text("Waiting for 1 more player")
    host_box.locator("[data-mode=blackjack]").click()
    expect(host_box.locator(".bots-sit-out")).to_have_count(0)
    shots("ana-host-box", ana, full_page=True)
    assert_fits(ana, "the host's phone with a bot seated", phone=True)

    # Ana (first seat) 10 and 9; the bot deals itself 5 and queen, hits a 2 and stands on 17.
    options = {"deck": ["10H", "5D", "9C", "QC", "2S"], "rounds": 1}
    answer = table.evaluate("(o) => window.partyappTable.call('game.start', {mode: 'blackjack', options: o})", options)
    assert answer["ok"], answer
    bet = ana.locator("form[data-action=bet]")
    expect(bet).to_be_visible()
    bet.locator("input[type=number]").fill("10")
    bet.locator("button[type=submit]").click()
    ana.locator("button[data-action=stand]").click()
    expect(table.locator("#ticker")).to_contain_text(f"{bot_name} turns the down card: 5♦ and Q♣, 15.")
    expect(table.locator("#ticker")).to_contain_text(f"{bot_name} hits: 2♠.", timeout=15_000)
    expect(table.locator("#ticker")).to_contain_text(f"{bot_name} stands.", timeout=15_000)
    expect(table.locator("body")).to_contain_text("Game over", timeout=20_000)
    expect(table.locator("#ticker")).to_contain_text("Game over (all deals played): Ana won.")
    expect(table.locator("#players li.is-bot .drinks")).to_have_count(0)
    shots("table-bot-dealt", table)
    assert_fits(table, "the table after the bot dealt")
    shots("ana-after-the-deal", ana, full_page=True)

    # Host controls folded away while the game ran and open again at its end
    expect(ana.locator("#host-box")).to_have_attribute("open", "")
    ana.locator(".seat-manager summary").click()
    ana.locator(".host-seat").filter(has_text=bot_name).locator("[data-remove]").click()
    ana.locator("#ask button[data-answer=yes]").click()
    expect(table.locator("#players li.is-bot")).to_have_count(0)
    assert not watch.errors and not watch.dialogs


def test_a_bot_sits_out_ring_of_fire_and_the_screens_say_so(open_table, open_phone, server, shots, watch):
    """Ana and Bob play Ring of Fire with a bot seated: the bot is dealt no
    turn, its seat says "sits this out" with no drinks on the table and the
    phones, the draws go Ana, Bob, Ana, and Ana's 8 offers her Bob as a
    mate, not the bot."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    ana.locator("#host-box #btn-add-bot").click()
    expect(table.locator("#players li.is-bot")).to_have_count(1)
    bot_name = table.locator("#players li.is-bot .pname").evaluate("(e) => e.lastChild.textContent")
    answer = table.evaluate("() => window.partyappTable.call('game.start', "
                            "{mode: 'ring_of_fire', options: {deck: ['5C', '6D', '8H']}})")
    assert answer["ok"], answer
    table.wait_for_selector(".drinking-table")
    bot_row = table.locator("#players li.is-bot")
    expect(bot_row.locator(".mark.waiting")).to_have_text("sits this out")
    expect(bot_row.locator(".drinks")).to_have_count(0)
    for phone, name in ((ana, "Ana"), (bob, "Bob"), (ana, "Ana")):
        expect(table.locator(".prompt-line")).to_contain_text(name)
        phone.locator("button[data-action=draw]").click()
        expect(phone.locator("button[data-action=draw]")).to_have_count(0)
    picks = ana.locator("[data-action=pick] button")  # 8: a mate, and never the bot
    expect(picks.filter(has_text="Bob")).to_have_count(1)
    expect(picks.filter(has_text=bot_name)).to_have_count(0)
    shots("table-bot-sits-out", table)
    assert_fits(table, "Ring of Fire with a bot sitting out")
    bob.locator(".players-box summary").click()
    expect(bob.locator("#players li.is-bot .mark.waiting")).to_have_text("sits this out")
    shots("bob-bot-sits-out", bob, full_page=True)
    assert not watch.errors and not watch.dialogs


PLAYED_FOR_WORDS = {
    None: ("Your turn", "While your phone was away, the app made", "Ana asked Bob", "Got it"),
    "ru-RU": ("Ваш ход", "Пока вашего телефона не было, приложение сделало за вас", "Ana спрашивает у игрока Bob",
              "Понятно"),
}


@pytest.mark.parametrize("locale", [None, "ru-RU"], ids=["en", "ru"])
def test_a_phone_that_drops_on_its_turn_is_played_for_until_it_returns(open_table, open_phone, server, shots, watch,
                                                                       locale):
    """Ana's phone leaves the page while Go Fish waits on her: a second later
    the table marks her seat "app plays" and says the app plays for her, and
    her ask is made; when she opens the page again her seat is hers, the mark
    goes, and her phone says, in her language, what the app played for her
    until she closes the note (which stays closed across a reload)."""
    your_turn, title, asked, got_it = PLAYED_FOR_WORDS[locale]
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    deck = deal_order_deck([["7S", "7H", "7D", "3C", "5C", "9C", "JC"], ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]])
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'go_fish', "
                            "options: {deck: d, again: false}})", deck)
    assert answer["ok"], answer
    expect(ana.locator(".status-line.mine")).to_contain_text(your_turn)
    ana.goto("about:blank")  # the phone goes: its socket closes

    ana_row = table.locator("#players li", has_text="Ana")
    expect(ana_row.locator(".mark.auto")).to_have_text("app plays", timeout=10_000)
    expect(table.locator(".away-notice.played")).to_contain_text("the app plays for them until it is back")
    shots("table-notice", table)
    expect(table.locator(".big-line")).to_have_text("Bob to ask", timeout=15_000)
    expect(table.locator("#ticker")).to_contain_text("Ana asked Bob")
    expect(bob.locator(".status-line.mine")).to_contain_text("Your turn")
    shots("table-ana-played-for", table)
    assert_fits(table, "the table while the app plays for Ana")

    ana.goto(f"{server.url}/j/{code}")  # she comes back: the same seat
    expect(ana.locator("#you-line .you-name")).to_have_text("Ana")
    expect(ana_row.locator(".mark.auto")).to_have_count(0)
    expect(table.locator(".away-notice")).to_have_count(0)
    expect(ana.locator(".hand [data-card]")).to_have_count(4)
    note = ana.locator("#played-for-you")
    expect(note.locator(".played-title")).to_contain_text(title)
    expect(note.locator(".played-list li").first).to_contain_text(asked)
    assert note.bounding_box()["y"] + note.bounding_box()["height"] <= 844, "the note is on the first screen"
    assert ana.evaluate("() => [...window.partyappI18n.missing]") == []
    shots("ana-back", ana, full_page=True)
    assert_fits(ana, "Ana's phone with what was played for her", phone=True)
    note.get_by_role("button", name=got_it).click()
    expect(note).to_have_count(0)
    ana.reload()
    expect(ana.locator(".hand [data-card]")).to_have_count(4)
    expect(ana.locator("#played-for-you")).to_have_count(0)
    assert not watch.errors and not watch.dialogs
