"""The TV layout with 2, 8 and 16 players with 24-character names, at
1920x1080 and 1280x720, in the lobby and in play, and the phone page at
390x844 and 360x760: no text off screen, clipped or covered (checked in the
page by tests/browser/layout.py), and the TV carries no host controls.

The players join through real Socket.IO clients; the table and one phone
(the host's) are real pages."""

from __future__ import annotations

import time

import pytest

from tests.browser.conftest import PHONE
from tests.browser.layout import assert_fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser

TV_SIZES = [(1920, 1080), (1280, 720)]
PHONE_SIZES = [(390, 844), (360, 760)]

# 24 characters each, wide letters included.
LONG_NAMES = [
    "Bartholomew Fitzgerald Q", "Anastasia Wolkonskaya MM", "Maximilian Oberhauser WW", "Wilhelmina Catherwood Jr",
    "Christopher Montgomery B", "Evangeline Rutherford VI", "Konstantin Papadopoulos", "Guinevere Blackthorne MW",
    "Wolfgang Wawrzyniak WWWW", "Mortimer Worthington III", "Ottoline Marchbanks-Hume", "Hieronymus Bosch-Ward MM",
    "Persephone Wentworth Jnr", "Montgomery Whitmore WMWM", "Cassiopeia Dunwoody Shaw", "Leopold Wetherby-Mowbray",
]
assert all(len(n) >= 23 for n in LONG_NAMES)


def names(n: int) -> list[str]:
    return [name.ljust(24, "W")[:24] for name in LONG_NAMES[:n]]


def audit_tv(page, shots, label: str) -> None:
    for width, height in TV_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        shots(f"{label}-{width}x{height}", page)
        assert_fits(page, f"table {label} at {width}x{height}")


def audit_phone(page, shots, label: str) -> None:
    for width, height in PHONE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        shots(f"{label}-{width}x{height}", page, full_page=True)
        assert_fits(page, f"phone {label} at {width}x{height}", phone=True)


@pytest.mark.parametrize("count", [2, 8, 16])
def test_tv_and_phone_fit_every_name(count, open_table, browser, server, shots, watch):
    """Every name, the Start hint, the card, the rules, the roles and the
    away notice fit the TV at both sizes; the host's phone fits too."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    all_names = names(count)

    ctx = browser.new_context(**PHONE)
    phone = ctx.new_page()
    watch.watch(phone)
    phone.goto(f"{server.url}/j/{code}")
    phone.fill("#name", all_names[0])
    phone.click("#name-form button[type=submit]")
    phone.wait_for_selector("#room-screen:not([hidden]) #you-line")
    guests = []
    try:
        for name in all_names[1:]:
            guest = WireClient(server.url).connect()
            answer = guest.call("player.join", {"code": code, "name": name})
            assert answer["ok"], answer
            guest.pid = answer["player_id"]
            guests.append(guest)
        table.wait_for_function(f"document.querySelectorAll('#players .pname').length === {count}")

        # The lobby: everybody's name, who starts the game, and no host controls on the TV.
        assert table.locator("#players .pname").all_text_contents() == all_names
        assert all_names[0] in table.locator(".lobby-next").inner_text()
        assert table.locator("#btn-start:visible, button[data-mode]:visible").count() == 0
        audit_tv(table, shots, f"lobby-{count}")
        audit_phone(phone, shots, f"phone-lobby-{count}")

        # In play: roles, two long rules, and the player whose turn it is away.
        deck = ["4S", "QS", "9H", "10H", "JS", "6S"]
        draws = 6 if count > 2 else 5
        answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'kings', options: {deck: d}})", deck)
        assert answer == {"ok": True}
        pages = {"p1": phone}
        wires = {g.pid: g for g in guests}
        for i in range(draws):
            turn = guests[0].wait_for(lambda s: s["game"] is not None and s["game"]["prompt"] is None)["game"]["turn"]
            action = {"type": "draw"}
            rule = {"type": "rule", "text": f"Nobody says drink or points with a finger, rule {i + 1}"}
            for a in (action, rule) if deck[i][0] in "91" else (action,):
                if turn in pages:
                    result = pages[turn].evaluate("(a) => window.partyappPhone.send(a)", a)
                else:
                    result = wires[turn].call("game.act", {"action": a})
                assert result["ok"], result
        state = guests[0].wait_for(lambda s: len(s["game"]["rules"]) == 2)
        away = state["game"]["turn"]
        assert away != "p1"
        wires[away].close()
        away_name = next(p["name"] for p in state["players"] if p["id"] == away)
        table.wait_for_selector(".away-notice", timeout=15_000)
        assert away_name in table.locator(".away-notice").inner_text()
        table.locator("#players .pname", has_text=all_names[-1]).wait_for()
        assert table.locator("#players .pname").all_text_contents() == all_names
        assert table.locator(".rules li").count() == 2
        assert table.locator("button:visible", has_text="Undo").count() == 0
        audit_tv(table, shots, f"play-{count}")

        phone.click("details.powers summary")
        phone.wait_for_selector("details.powers[open] form[data-action=breach]")
        audit_phone(phone, shots, f"phone-play-{count}")
        assert watch.errors == [] and watch.dialogs == []
    finally:
        for guest in guests:
            guest.close()
        ctx.close()
