"""Guests without a phone in card games, on a table device (a tablet at
820x1180, a phone at 390x844): a guest's hand is shown only while that
guest is the one waited on, stays open through their own decision, closes
by itself when play moves on (after a moment when their move brought a
card) or when nobody touches it; a look out of turn is made from the
guest's own seat screen and written in the log. Their seat is added and
edited with a drink profile and a group, as a phone's join form sets them."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.test_guest_races import PHONE, TABLET, seat
from tests.browser.test_guests import add_guests, code_of, fits, wire_move
from tests.wire import WireClient

pytestmark = pytest.mark.browser


def start_on(table, ana, mode: str, turn_of: str, **options) -> dict:
    """``mode`` started (again) until the game waits on ``turn_of`` first."""
    for seed in range(1, 60):
        answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})",
                                [mode, {"seed": seed, **options}])
        assert answer["ok"], answer
        state = ana.wait_for(lambda s: s["game"] is not None and not s["game"]["over"])
        if state["game"]["turn"] == turn_of:
            return state
        assert table.evaluate("() => window.partyappTable.call('host.command', {command: 'end_game'})")["ok"]
        ana.wait_for(lambda s: s["game"] is None or s["game"]["over"])
    raise AssertionError(f"no deal in which {turn_of} goes first")


@pytest.mark.parametrize("size,locale", [pytest.param(TABLET, "en-GB", id="820x1180-en"),
                                         pytest.param(PHONE, "ru-RU", id="390x844-ru")])
def test_a_guests_hand_only_on_their_turn_closing_by_itself_and_a_look_is_logged(open_table, server, shots, watch,
                                                                                  size, locale):
    """Old Maid: Eve takes first. Only "I am Eve: show my hand" is offered
    (nobody else's hand is); she takes a card: her hand stays a moment,
    the card taken in it, then closes by itself as play moves on. Dan looks
    at his hand out of turn from his seat screen: it opens with no moves,
    and the log says he looked."""
    table, (ana, ben), ids, _ = seat(open_table, server, size, locale)
    start_on(table, ana, "old_maid", ids["Eve"])
    show = table.locator("#btn-show-hand")
    expect(show).to_have_attribute("data-guest", ids["Eve"])
    expect(table.locator("[data-show-hand]")).to_have_count(0)  # no other guest's hand on offer
    shots("privacy", table)
    show.click()
    hand = table.locator("#guest-hand")
    expect(hand.locator(".take-form")).to_be_visible()
    hand.locator(".back-pick").first.click()
    hand.locator(".act-take").click()
    expect(hand.locator(".guest-moved")).to_be_visible()  # her hand a moment longer, with what she took
    expect(hand.locator(".act-take")).to_have_count(0)
    shots("after-take", table)
    expect(hand).to_have_count(0, timeout=10_000)  # and then closed by itself
    # Dan, out of turn, from his own seat screen: logged
    table.locator("#guest-seats summary").click()
    table.locator(f"#guest-seats [data-look='{ids['Dan']}']").click()
    table.locator("#ask .ask-yes").click()  # only Dan may look, and the log will say so
    expect(hand).to_be_visible()
    expect(hand).to_have_attribute("data-guest", ids["Dan"])
    expect(hand.locator("button[data-action], .act-take")).to_have_count(0)
    looked = ana.wait_for(lambda s: any(e["msg"] == "game.looked" for e in s["game"]["log"]))
    assert [e["player"] for e in looked["game"]["log"] if e["msg"] == "game.looked"] == [ids["Dan"]]
    shots("looked", table)
    fits(table, "a look at a guest's hand")
    table.locator("#btn-hide-hand").click()
    expect(hand).to_have_count(0)
    if locale == "en-GB":
        expect(table.locator("#ticker, .log, .game-log").first).to_contain_text("Dan looked at their hand")
    assert watch.errors == [] and watch.dialogs == []


def test_an_open_hand_closes_when_nobody_touches_it(open_table, server, shots, watch):
    """Eve opens her hand on her turn and walks away: after half a minute
    with no touch the hand closes by itself (the page's clock is run on)."""
    table, (ana, ben), ids, _ = seat(open_table, server, TABLET, "en-GB")
    table.clock.install()
    table.reload()
    table.wait_for_selector("#guest-name-lobby")
    start_on(table, ana, "old_maid", ids["Eve"])
    table.locator("#btn-show-hand").click()
    hand = table.locator("#guest-hand")
    expect(hand.locator(".take-form")).to_be_visible()
    table.clock.run_for(20_000)
    expect(hand).to_be_visible()
    table.clock.run_for(11_000)
    expect(hand).to_have_count(0)
    expect(table.locator("#btn-show-hand")).to_be_visible()
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("size,locale", [pytest.param(TABLET, "en-GB", id="820x1180-en"),
                                         pytest.param(PHONE, "ru-RU", id="390x844-ru")])
def test_a_guest_is_added_and_edited_with_a_profile_and_a_group(open_table, server, shots, watch, size, locale):
    """"Add a player without a phone" asks, as the join form does, how they
    take part tonight and their group; the guest's seat screen changes both."""
    table = open_table(locale=locale, viewport=size)
    ana = WireClient(server.url).connect()
    assert ana.call("player.join", {"code": code_of(table), "name": "Ana"})["ok"]
    form = table.locator(".guest-adder.compact")
    form.locator("#guest-name-lobby").fill("Eve")
    form.locator("select[data-field=profile]").select_option("soft")
    form.locator("select[data-field=group]").select_option("chicks")
    shots("adding", table)
    form.locator("button[type=submit]").click()
    seated = ana.wait_for(lambda s: any(p["name"] == "Eve" for p in s["players"]))
    eve = next(p for p in seated["players"] if p["name"] == "Eve")
    assert (eve["profile"], eve["group"]) == ("soft", "chicks")
    seats = table.locator("#guest-seats")
    seats.locator("summary").click()
    seats.locator(f"[data-guest='{eve['id']}'] select[data-field=profile]").select_option("none")
    seats.locator(f"[data-guest='{eve['id']}'] select[data-field=group]").select_option("")
    ana.wait_for(lambda s: any(p["id"] == eve["id"] and p["profile"] == "none" and p["group"] is None
                               for p in s["players"]))
    shots("seat-screen", table)
    fits(table, "the guests' seats")
    assert watch.errors == [] and watch.dialogs == []


def test_the_folded_guests_cards_wear_no_your_turn_border_and_their_name_box_is_styled(open_table, server, shots,
                                                                                        watch):
    """Kings on a tablet: Dan draws the four (thumbmaster) and play moves to
    Ana: his card, usable at any time, is folded under "Players without a
    phone" with the plain border of a panel, not the yellow of a turn. The
    "Their name" box of the lobby is drawn as the theme's fields are (dark,
    with a border), not the browser's light grey."""
    table = open_table(viewport=TABLET)
    name_box = table.locator("#guest-name-lobby")
    field = name_box.evaluate("(e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).borderTopWidth]")
    assert field[0] not in ("rgb(255, 255, 255)", "rgb(240, 240, 240)") and field[1] != "0px", field
    code = code_of(table)
    ana = WireClient(server.url).connect()
    assert ana.call("player.join", {"code": code, "name": "Ana"})["ok"]
    add_guests(table, ["Dan"])
    from tests.browser.test_drinking import start
    start(table, "kings", ["6S", "4S", "6D", "7C"])
    table.wait_for_selector(".drinking-table")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    table.locator("#guest-play button[data-action=draw]").click()  # Dan: the four
    folded = table.locator("#guest-play.guest-cards")
    expect(folded).to_be_visible()
    colours = table.evaluate("""() => [getComputedStyle(document.querySelector('#guest-play.guest-cards')).borderTopColor,
        getComputedStyle(document.body).getPropertyValue('--accent').trim()]""")
    accent = table.evaluate("(c) => { const e = document.createElement('i'); e.style.color = c; document.body.append(e);"
                            " const v = getComputedStyle(e).color; e.remove(); return v; }", colours[1])
    assert colours[0] != accent, colours
    shots("folded-cards", table)
    assert watch.errors == [] and watch.dialogs == []


def test_a_guests_hand_stays_open_through_a_blackjack_hit(open_table, server, shots, watch):
    """Casino Blackjack: Dan and Eve, no phone, bet and are dealt; on the
    first guest's turn they open their hand and take a card: the hand stays
    open with the new card and total and their moves (they decide again),
    instead of closing after each card."""
    table, (ana, ben), ids, _ = seat(open_table, server, TABLET, "en-GB")
    assert table.evaluate("() => window.partyappTable.call('game.start', {mode: 'casino_blackjack', options: {seed: 3}})")["ok"]
    for client in (ana, ben):
        state = client.wait_for(lambda s: s["game"] is not None and any(a["type"] == "bet" for a in s["you"]["actions"]))
        spec = next(a for a in state["you"]["actions"] if a["type"] == "bet")
        assert client.call("game.act", {"action": {"type": "bet", "amount": spec["params"]["amount"]["int"]["min"]}})["ok"]
    hand = table.locator("#guest-hand")
    for _ in range(30):  # Dan and Eve bet, then the people play until a guest is to decide
        show = table.locator("#btn-show-hand")
        if show.count() and hand.count() == 0:
            show.click()
        if hand.locator("form[data-action=bet]").count():
            hand.locator("form[data-action=bet] button[type=submit]").click()
            expect(hand).to_have_count(0, timeout=10_000)
            continue
        if hand.locator("button[data-action=hit]").count():
            break
        for client in (ana, ben):
            if client.state["game"] and any(a["type"] == "stand" for a in client.state["you"]["actions"]):
                client.call("game.act", {"action": {"type": "stand"}})
        try:  # a guest's turn on the table, or (the wire's state moving on) a person's to stand
            table.wait_for_selector("#btn-show-hand, #guest-hand form[data-action=bet], #guest-hand button[data-action=hit]",
                                    timeout=2000)
        except PlaywrightTimeout:
            pass
    hit = hand.locator("button[data-action=hit]")
    expect(hit).to_be_visible()
    cards = hand.locator(".card").count()
    hit.click()
    expect(hand.locator(".card")).to_have_count(cards + 1)  # the card she took, in her open hand
    expect(hand).to_be_visible()
    guest = hand.get_attribute("data-guest")
    state = ana.wait_for(lambda s: True)
    if guest and any(p["id"] == guest and p["waiting"] for p in state["players"]):
        expect(hand.locator("button[data-action=stand]")).to_be_visible()  # she decides again, hand still open
    shots("after-a-hit", table)
    assert watch.errors == [] and watch.dialogs == []
