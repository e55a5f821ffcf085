"""Shif-shof-shum in real browsers: a table and two phones play the moves that
matter on a staged 32-card deck (a lead, a "shif" that costs the leader a
token, the two-player end's new lead, a pass), then the layout at 2, 8 and
16 players with 24-character names at the TV and phone sizes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.tablegames import audit_phone, audit_tv, check_crowded, room_code, start

pytestmark = pytest.mark.browser

ANA = ["7S", "9H", "9S", "9D", "9C", "8S", "8H", "8D", "8C", "10S", "10H", "10D", "10C", "JS", "JH", "JD"]
PACK32 = [r + s for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
BOB = [c for c in PACK32 if c not in ANA]
DECK = [h[r] for r in range(16) for h in (ANA, BOB)]


def card(code: str) -> str:
    return f".hand [data-card='{code}']"


def test_a_lead_a_shif_and_a_pass(open_table, open_phone, server, shots, watch):
    """Ana leads the 7 of spades; Bob may only match it with a seven and says
    "shif": Ana pays a token into the box; two players, so Ana leads again;
    Bob holds no nine and passes."""
    table = open_table()
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "shif_shof_shum", {"deck": DECK, "pack": "32"})

    expect(ana.locator(".status-line.mine")).to_contain_text("Your lead")
    expect(table.locator(".ssh-box")).to_contain_text("2")  # one token each in the box
    ana.locator(card("7S")).click()
    ana.locator("button[data-action=play]").click()
    expect(table.locator(".ssh-run [data-card='7S']")).to_be_visible()
    expect(table.locator(".ssh-word")).to_contain_text("Shif!")

    # Bob may lay only a seven: the other cards are not offered
    # (and may not pass: the phone promises no pass it does not offer)
    expect(bob.locator(".status-line.mine")).to_have_text("Match 7♠ — “Shif!”: a match must be laid.")
    expect(bob.locator("button[data-action=pass]")).to_have_count(0)
    expect(table.locator(".turn-line")).to_have_text("Bob matches 7♠, or passes holding none.")
    expect(bob.locator(".hand button:not([disabled])")).to_have_count(3)
    bob.locator(card("7D")).click()
    expect(bob.locator("button[data-action=play]")).to_contain_text("Shif!")
    shots("bob-shif", bob, full_page=True)
    bob.locator("button[data-action=play]").click()
    expect(table.locator("#ticker")).to_contain_text("Ana pays 1")
    expect(table.locator(".ssh-box")).to_contain_text("3")
    expect(table.locator("#players .player").first.locator(".chips")).to_have_text("3")

    # the two-player end: Ana, matched, leads a new card; Bob holds no nine
    # Ana holds no other seven: she is not told to lay one
    expect(ana.locator(".status-line.mine")).to_have_text("You were matched: lead a new card.")
    ana.locator(card("9H")).click()
    ana.locator("button[data-action=play]").click()
    expect(bob.locator("button[data-action=play]")).to_have_count(0)
    expect(bob.locator(".status-line.mine")).to_contain_text("pass")
    shots("table-before-pass", table)
    bob.locator("button[data-action=pass]").click()
    expect(bob.locator(".status-line.mine")).to_contain_text("Your lead")
    expect(table.locator("#ticker")).to_contain_text("Bob passes")
    audit_tv(table, shots, "table-after-pass")
    audit_phone(bob, shots, "bob-lead")
    assert not watch.errors and not watch.dialogs


def lead_a_card(table, phone) -> None:
    phone.locator(".hand button:not([disabled])").first.click(position={"x": 8, "y": 30})
    phone.locator("button[data-action=play]").click()
    expect(table.locator(".ssh-run [data-card]")).to_be_visible()


@pytest.mark.parametrize("count", [2, 8, 16])
def test_shif_shof_shum_fits_every_name(count, open_table, open_phone, server, shots, watch):
    """2, 8 and 16 players with 24-character names: nothing on the TV or the
    phone is covered, clipped or off screen. (A staged card makes the last
    seat deal, so the first, the phone page, leads.)"""
    check_crowded(open_table, open_phone, server, shots, watch, mode="shif_shof_shum", count=count,
                  options={"seed": 2, "deck": ["AS"]}, ready=".ssh-box", move=lead_a_card)


def test_the_host_chooses_the_32_card_pack_in_the_lobby(open_table, open_phone, server, shots, watch):
    """The host's phone lists the game's options; the 32-card pack chosen
    there deals sixteen cards each to two players, seven to ace."""
    table = open_table()
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    open_phone(f"{server.url}/j/{code}", "Bob")
    ana.locator("[data-mode=shif_shof_shum]").click()
    ana.locator(".options-box summary").click()
    pack = ana.locator(".opt[data-option=pack]")
    expect(pack).to_contain_text("32")
    pack.locator("[data-value='32']").click()
    expect(ana.locator(".options-box summary")).to_contain_text("1 changed")
    shots("host-options", ana, full_page=True)
    ana.locator("#btn-start").click()
    expect(ana.locator(".hand [data-card]")).to_have_count(16)
    ranks = {c.get_attribute("data-card")[:-1] for c in ana.locator(".hand [data-card]").all()}
    assert ranks <= {"7", "8", "9", "10", "J", "Q", "K", "A"}
    expect(table.locator(".ssh-laid .sub")).to_contain_text("0 set aside")
    expect(table.locator("#ticker")).to_contain_text("16 cards each; 0 set aside.")
    assert not watch.errors
