"""Kings Corner in real browsers: a table and two phones play a turn on a
staged deck with a thumb's moves (tap a card then its place, slide a card
onto its place, tap a pile then where it goes), then the layout at the TV
and phone sizes, also with the game's six players and 24-character names."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.tablegames import audit_phone, audit_tv, check_crowded, drag, room_code, start

pytestmark = pytest.mark.browser

ANA = ["QH", "JC", "KD", "3S", "9H", "5C", "2D"]
BOB = ["4H", "4S", "6C", "7D", "8S", "10C", "AH"]
FOUNDATIONS = ["KS", "8C", "9D", "2C"]  # North, East, South, West
DECK = [h[r] for r in range(7) for h in (ANA, BOB)] + FOUNDATIONS + ["6H", "5D"]


def tv_pile(table, space):
    return table.locator(f"#game-area .kc-space[data-space={space}] [data-card]")


def test_a_turn_of_kings_corner_with_taps_and_a_drag(open_table, open_phone, server, shots, watch):
    """Ana plays the queen on the king (tap, tap), slides the jack onto it,
    starts a corner with a king, moves the East pile onto South and fills
    East; the TV shows every card; Bob cannot move until Ana draws."""
    table = open_table()
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "kings_corner", {"deck": DECK})

    expect(ana.locator(".status-line.mine")).to_be_visible()
    expect(bob.locator(".status-line")).to_contain_text("Ana is playing")
    expect(bob.locator("[data-action]")).to_have_count(0)
    for space, card in zip(("N", "E", "S", "W"), FOUNDATIONS):
        expect(tv_pile(table, space)).to_have_attribute("data-card", card)
    shots("table-dealt", table)

    # tap the queen: North is marked; tap North
    ana.locator(".hand [data-card='QH']").click()
    expect(ana.locator(".kc-cell[data-space=N].target")).to_be_visible()
    expect(ana.locator(".kc-cell.target")).to_have_count(1)
    shots("ana-queen-picked", ana, full_page=True)
    ana.locator(".kc-cell[data-space=N]").click()
    expect(tv_pile(table, "N")).to_have_count(2)

    # slide the jack of clubs onto North
    drag(ana, ana.locator(".hand [data-card='JC']"), ana.locator(".kc-cell[data-space=N]"))
    expect(tv_pile(table, "N")).to_have_count(3)
    assert [c.get_attribute("data-card") for c in tv_pile(table, "N").all()] == ["KS", "QH", "JC"]

    # a king into a corner: every empty corner is marked
    ana.locator(".hand [data-card='KD']").click()
    expect(ana.locator(".kc-cell.corner.target")).to_have_count(4)
    ana.locator(".kc-cell[data-space=NE]").click()
    expect(tv_pile(table, "NE")).to_have_attribute("data-card", "KD")

    # move the East pile (8C) onto South (9D), then fill East from the hand
    expect(ana.locator(".kc-cell[data-space=E].source")).to_be_visible()
    ana.locator(".kc-cell[data-space=E]").click()
    expect(ana.locator(".kc-cell[data-space=S].target")).to_be_visible()
    ana.locator(".kc-cell[data-space=S]").click()
    expect(tv_pile(table, "S")).to_have_count(2)
    expect(tv_pile(table, "E")).to_have_count(0)
    ana.locator(".hand [data-card='3S']").click()
    ana.locator(".kc-cell[data-space=E]").click()
    expect(tv_pile(table, "E")).to_have_attribute("data-card", "3S")
    expect(table.locator("#ticker")).to_contain_text("Ana plays")
    shots("table-after-ana", table)
    audit_tv(table, shots, "table-mid-turn")
    audit_phone(ana, shots, "ana-mid-turn")

    # the button that ends the turn sits on the first screen, above the hand
    ana.evaluate("() => window.scrollTo(0, 0)")
    box = ana.locator("button[data-action=draw]").bounding_box()
    assert box["y"] + box["height"] <= ana.viewport_size["height"], box
    # drawing ends the turn; the card drawn reaches Ana's phone only
    ana.locator("button[data-action=draw]").click()
    expect(ana.locator(".hand [data-card='6H']")).to_be_visible()
    expect(bob.locator(".status-line.mine")).to_be_visible()
    expect(table.locator("#game-area [data-card='6H']")).to_have_count(0)
    # the ace counts low here: Bob's hand sorts it below the two
    assert bob.locator(".hand [data-card]").first.get_attribute("data-card").startswith("A")
    bob.locator(".hand [data-card='AH']").click()
    expect(bob.locator(".kc-cell[data-space=W].target")).to_be_visible()
    bob.locator(".kc-cell[data-space=W]").click()
    expect(tv_pile(table, "W")).to_have_count(2)
    audit_phone(bob, shots, "bob-turn")
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("count", [2, 6])
def test_kings_corner_fits_every_name(count, open_table, open_phone, server, shots, watch):
    """With the game's most players (6) and 24-character names, nothing on
    the TV or the phone is covered, clipped or off screen."""
    check_crowded(open_table, open_phone, server, shots, watch, mode="kings_corner", count=count,
                  options={"seed": 5}, ready=".kc-layout")
