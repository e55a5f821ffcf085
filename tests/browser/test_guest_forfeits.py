"""Forfeits of guests without a phone, on a table device: a soft-drinks
guest who draws the last king is never told to neck the cup the drinkers
poured into; in family mode the crown is full after the fourth king and
the log's words for a mate are the card's ("partner")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_drinking import start
from tests.browser.test_guest_races import PHONE, TABLET
from tests.browser.test_guests import code_of, fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser


def add_guest(table, name: str, profile: str = "drinks") -> None:
    answer = table.evaluate("(a) => window.partyappTable.call('host.command', {command: 'add_guest', name: a[0], profile: a[1]})",
                            [name, profile])
    assert answer["ok"], answer


def draw_for_guest(table) -> None:
    table.locator("#guest-play button[data-action=draw]").click()


@pytest.mark.parametrize("size,locale", [pytest.param(TABLET, "en-GB", id="820x1180-en"),
                                         pytest.param(PHONE, "ru-RU", id="390x844-ru")])
def test_a_soft_drinks_guest_who_draws_the_last_king_is_not_told_to_neck_the_cup(open_table, server, shots, watch,
                                                                                   size, locale):
    """Ring of Fire: Ana (drinking, on her phone) and Eve (soft drinks, no
    phone) pour the kings in turn; Eve draws the fourth: she necks a soft
    drink of her own, not the cup."""
    table = open_table(locale=locale, viewport=size)
    ana = WireClient(server.url).connect()
    assert ana.call("player.join", {"code": code_of(table), "name": "Ana"})["ok"]
    add_guest(table, "Eve", "soft")
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "ring_of_fire", ["KS", "KH", "KD", "KC"])
    table.wait_for_selector(".drinking-table")
    for _ in range(2):
        ana.wait_for(lambda s: any(a["type"] == "draw" for a in s["you"]["actions"]))
        assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
        draw_for_guest(table)
    over = table.locator(".drinking-table .prompt-line.over")
    expect(over).to_be_visible()
    assert "Eve" in over.inner_text()
    if locale == "en-GB":
        expect(over).to_contain_text("Eve drew the last king and necks a soft drink of their own (not the cup)!")
    else:
        expect(over).to_contain_text("не кубок")
    shots("soft-last-king", table)
    fits(table, "the soft drinker's last king")
    assert watch.errors == [] and watch.dialogs == []


def test_family_mode_crown_is_full_after_the_fourth_king_and_mates_are_partners(open_table, server, shots, watch):
    """Family mode, Ring of Fire: after the fourth king the crown reads 4/4
    (not 0/4), and the mate card's log line speaks of partners."""
    table = open_table(viewport=TABLET)
    assert table.evaluate("() => window.partyappTable.call('host.command', {command: 'settings', family: true})")["ok"]
    ana = WireClient(server.url).connect()
    assert ana.call("player.join", {"code": code_of(table), "name": "Ana"})["ok"]
    add_guest(table, "Eve")
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "ring_of_fire", ["8S", "KS", "KH", "KD", "KC"])
    table.wait_for_selector(".drinking-table")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]  # the eight: Ana picks a mate
    spec = ana.wait_for(lambda s: any(a["type"] == "pick" for a in s["you"]["actions"]))
    eve = next(p["id"] for p in spec["players"] if p["name"] == "Eve")
    assert ana.call("game.act", {"action": {"type": "pick", "player": eve}})["ok"]
    expect(table.locator("#ticker")).to_contain_text("Ana and Eve are partners.")
    draw_for_guest(table)
    for _ in range(1):
        ana.wait_for(lambda s: any(a["type"] == "draw" for a in s["you"]["actions"]))
        assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
        draw_for_guest(table)
    ana.wait_for(lambda s: any(a["type"] == "draw" for a in s["you"]["actions"]))
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    expect(table.locator(".drinking-table .prompt-line.over")).to_be_visible()
    expect(table.locator(".ring .crown .crown-label")).to_have_text("4/4")
    shots("family-crown", table)
    assert watch.errors == [] and watch.dialogs == []
