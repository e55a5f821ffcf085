"""Races are won by watching the table, not one's own phone: a slap game's
phone looks the same whether or not the card just turned matches (the SLAP
button, the status line, the card to turn, no buzz), and an earlier race's
result is gone once the next race opens, on the TV and on the phones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, settle
from tests.games.reflex_helpers import snap_at

pytestmark = pytest.mark.browser

# What a phone shows that a player might read a race from.
LOOK = """() => {
  const b = document.querySelector('button.slap-button');
  const box = b ? b.getBoundingClientRect() : null;
  return {
    slap: b ? [b.className.replace(/\\s*\\bhit\\b/, ''), b.innerText.trim(), Math.round(box.height)] : null,
    status: (document.querySelector('.status-line') || {}).innerText || '',
    flip: Boolean(document.querySelector('button[data-action=flip]')),
    buzz: window.__buzz.map((p) => JSON.stringify(p)),
  };
}"""
COUNT_BUZZ = "() => { window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; }; }"


def seat(open_table, open_phone, server, names, **options):
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phones = [open_phone(f"{server.url}/j/{code}", name) for name in names]
    expect(table.locator("#players .pname")).to_have_count(len(names))
    # A long window: a busy test machine must not time the race out meanwhile.
    answer = table.evaluate("(o) => window.partyappTable.call('game.start', {mode: 'irish_snap', options: o})",
                            {"slap_window_ms": 15000, **options})
    assert answer["ok"], answer
    for phone in phones:
        phone.evaluate(COUNT_BUZZ)
    return table, phones


def test_irish_snap_phones_look_the_same_on_a_match(open_table, open_phone, server, shots, watch):
    """Cat's card matches the count: the TV shows the snap, while Ana's and
    Bob's phones keep the SLAP button as it was, buzz no more than on any
    card, and name the next to turn as if no card had matched (Ana, with
    the card to turn on her phone)."""
    table, (ana, bob, cat) = seat(open_table, open_phone, server, ["Ana", "Bob", "Cat"], deck=snap_at(2))
    ana.locator("button[data-action=flip]").click()
    expect(table.locator(".said-word")).to_have_text("Ace")
    bob.locator("button[data-action=flip]").click()
    expect(table.locator(".said-word")).to_have_text("Two")
    expect(cat.locator("button[data-action=flip]")).to_be_visible()
    before = {name: phone.evaluate(LOOK) for name, phone in (("ana", ana), ("bob", bob), ("cat", cat))}
    # After a card with no match, the next player (Cat) has the card to turn.
    assert before["cat"]["flip"] and "Your turn" in before["cat"]["status"]
    shots("phone-no-match", ana)

    cat.locator("button[data-action=flip]").click()
    expect(table.locator(".race-live .race-call")).to_have_text("Snap!")
    settle(ana)
    during = {name: phone.evaluate(LOOK) for name, phone in (("ana", ana), ("bob", bob))}
    shots("phone-on-a-match", ana)
    shots("table-on-a-match", table)
    for name in ("ana", "bob"):
        assert during[name]["slap"] == before[name]["slap"], (name, before[name], during[name])
        # the only buzz is the one for a turn, as after any card
        assert set(during[name]["buzz"]) <= {"120"}, f"{name}'s phone buzzed for the race: {during[name]['buzz']}"
        assert "slap" not in during[name]["status"].lower(), during[name]
    assert during["bob"]["buzz"] == before["bob"]["buzz"], "Bob's phone buzzed when the card matched"
    # one buzz more, for the turn, as Cat's phone had for hers (a buzz at the game's start, for Ana's
    # first turn, comes or not as her join tap is counted a gesture before or after it)
    assert len(during["ana"]["buzz"]) - len(before["ana"]["buzz"]) == len(before["cat"]["buzz"]) == 1, \
        (before["ana"], during["ana"], before["cat"])
    # Ana would turn next had the card not matched: her phone says so, as it would.
    assert during["ana"]["flip"] and "Your turn" in during["ana"]["status"], during["ana"]
    assert "Ana turns" in during["bob"]["status"], during["bob"]
    assert_fits(ana, "Ana's phone while the snap is open", phone=True)

    # The slaps still count: Ana's phone says she slapped once she has.
    ana.locator("button.slap-button").click()
    expect(ana.locator("button.slap-button")).to_contain_text("Slapped!")
    bob.locator("button.slap-button").click()
    cat.locator("button.slap-button").click()
    expect(table.locator(".race-result .race-row")).to_have_count(3)
    assert not watch.errors and not watch.dialogs


def test_the_last_race_is_gone_when_the_next_opens(open_table, open_phone, server, shots, watch):
    """A second snap: the TV shows the open race alone, without the first
    race's order, and a phone's "Last slap" line is gone from the next card
    turned on, so the old result never sits beside the new race."""
    table, (ana, bob) = seat(open_table, open_phone, server, ["Ana", "Bob"], deck=snap_at(1), restart_count=False)
    ana.locator("button[data-action=flip]").click()
    expect(table.locator(".said-word")).to_have_text("Ace")
    bob.locator("button[data-action=flip]").click()
    expect(table.locator(".race-live")).to_be_visible()
    ana.locator("button.slap-button").click()
    expect(table.locator(".race-live")).to_contain_text("Waiting for Bob")
    bob.locator("button.slap-button").click()
    expect(table.locator(".race-result .race-row")).to_have_count(2)
    expect(ana.locator(".my-place")).to_contain_text("first")
    expect(bob.locator(".my-place")).to_contain_text("2 of 2")

    # Bob picked up and turns next (no match), then Ana's card matches.
    bob.locator("button[data-action=flip]").click()
    expect(bob.locator(".my-place")).to_have_count(0)
    expect(table.locator(".race-result .race-row")).to_have_count(2)  # the TV keeps it between races
    ana.locator("button[data-action=flip]").click()
    expect(table.locator(".race-live")).to_be_visible()
    expect(table.locator(".race-result")).to_have_count(0)
    expect(ana.locator(".my-place")).to_have_count(0)
    settle(table)
    shots("table-second-race", table)
    shots("phone-second-race", ana)
    assert_fits(table, "the table in the second race")
    assert not watch.errors and not watch.dialogs
