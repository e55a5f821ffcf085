"""A phone keeps what its person is doing while the room changes around it:
half-typed text with its focus, an open penalty panel and the choices made
in it, and the place of the box being typed in on the screen, survive other phones reconnecting and drawing, and the phone's own
connection dropping and coming back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.wire import WireClient

pytestmark = pytest.mark.browser

HALF_RULE = "Drink with your le"


def rejoin(server, code, client, token):
    """A phone that comes back: a new connection resumes the same seat."""
    client.close()
    again = WireClient(server.url).connect()
    answer = again.call("player.resume", {"code": code, "token": token})
    assert answer["ok"], answer
    return again


def drop_own_connection(phone):
    """The phone's socket drops (as when the Wi-Fi blips) and comes back by itself."""
    before = phone.evaluate("() => window.partyappPhone.socket.io.engine.id")
    phone.evaluate("() => window.partyappPhone.socket.io.engine.close()")
    phone.wait_for_function("(id) => window.partyappPhone.socket.connected"
                            " && window.partyappPhone.socket.io.engine.id !== id", arg=before, timeout=15_000)
    phone.wait_for_selector("#conn-status.ok", state="attached")


def test_half_typed_rule_and_open_penalty_panel_survive(open_table, open_phone, server, shots, watch):
    """Ana types half a rule and has the penalty panel open with a rule and
    a player chosen; Bob and Cy reconnect, Bob reports a broken rule, Ana's
    own connection drops and comes back: her text, its focus, the open panel
    and her choices are all still there. Then Bob and Cy draw: the panel and
    its choices stay."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = WireClient(server.url).connect()
    bob_seat = bob.call("player.join", {"code": code, "name": "Bob"})
    cy = WireClient(server.url).connect()
    cy_seat = cy.call("player.join", {"code": code, "name": "Cy"})
    try:
        answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'ring_of_fire', options: "
                                "{deck: ['JS', '3S', '3D', 'JH', '3H', '3C']}})")
        assert answer == {"ok": True}
        # Ana makes a first rule, Bob and Cy draw, and Ana draws another Jack.
        ana.click("button[data-action=draw]")
        ana.fill("form[data-action=rule] input", "No pointing")
        ana.click("form[data-action=rule] button[type=submit]")
        ana.wait_for_selector(".rules li")
        assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]
        assert cy.call("game.act", {"action": {"type": "draw"}})["ok"]
        ana.click("button[data-action=draw]")
        rule_input = ana.locator("form[data-action=rule] input")
        rule_input.wait_for()

        # The penalty panel, opened, with a rule and a player chosen.
        ana.click("details.powers summary")
        breach = ana.locator("form[data-action=breach]")
        breach.locator("button[data-value='0']").click()
        breach.locator("button[data-value=p2]").click()  # Bob
        # Then half a rule, typed key by key: the box has the focus.
        rule_input.click()
        rule_input.press_sequentially(HALF_RULE)
        ana.evaluate("() => window.scrollBy(0, 40)")
        assert ana.evaluate("() => window.scrollY") > 0

        def on_screen() -> float:  # where the rule box is on the screen
            return ana.evaluate("() => document.querySelector('form[data-action=rule] input')"
                                ".getBoundingClientRect().top")

        placed = on_screen()

        def kept(stage: str) -> None:
            assert rule_input.input_value() == HALF_RULE, stage
            assert ana.evaluate("() => document.activeElement && document.activeElement.matches("
                                "\"form[data-action=rule] input\")"), f"{stage}: the rule box lost the focus"
            assert ana.locator("details.powers").get_attribute("open") is not None, f"{stage}: the panel closed"
            assert breach.locator("button[data-value='0']").get_attribute("aria-checked") == "true", stage
            assert breach.locator("button[data-value=p2]").get_attribute("aria-checked") == "true", stage
            # lines added above it (a forfeit on the card) may scroll the
            # page, but the box being typed in stays where it was
            assert abs(on_screen() - placed) <= 1, f"{stage}: the rule box moved on the screen"

        rev = table.evaluate("() => document.querySelectorAll('#players .is-offline').length")
        assert rev == 0
        bob = rejoin(server, code, bob, bob_seat["token"])
        cy = rejoin(server, code, cy, cy_seat["token"])
        assert bob.call("game.act", {"action": {"type": "breach", "rule": 0, "player": "p3"}})["ok"]
        expect(table.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 2")
        expect(ana.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 2")
        kept("after Bob and Cy reconnected and Bob reported a rule")
        drop_own_connection(ana)
        kept("after Ana's own connection dropped and came back")
        shots("phone-kept", ana, full_page=True)

        # Ana finishes her rule; Bob and Cy draw; the panel keeps its choices.
        rule_input.press_sequentially("ft hand")
        rule_input.press("Enter")
        ana.wait_for_selector("form[data-action=rule]", state="detached")
        assert "Drink with your left hand" in ana.locator(".rules").inner_text()
        assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]
        bob = rejoin(server, code, bob, bob_seat["token"])
        assert cy.call("game.act", {"action": {"type": "draw"}})["ok"]
        expect(ana.locator(".rules li")).to_have_count(2)
        expect(ana.locator(".status-line.mine")).to_have_text("Your turn: tap to draw")
        drop_own_connection(ana)
        assert ana.locator("details.powers").get_attribute("open") is not None
        assert breach.locator("button[data-value=p2]").get_attribute("aria-checked") == "true"
        assert breach.locator("button[data-value='0']").get_attribute("aria-checked") == "true"
        shots("phone-after-draws", ana, full_page=True)
        assert watch.errors == [] and watch.dialogs == []
    finally:
        bob.close()
        cy.close()


def test_a_catch_being_chosen_with_your_card_survives_draws_and_a_dropped_connection(open_table, open_phone, server, shots, watch):
    """Kings: Ana holds a question card and has started her catch on the
    card's own "Caught" form (Cy chosen); Bob and Cy draw, Bob reconnects
    and Ana's own connection drops and comes back: her choice is still
    there, and she sends it."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = WireClient(server.url).connect()
    bob_seat = bob.call("player.join", {"code": code, "name": "Bob"})
    cy = WireClient(server.url).connect()
    cy.call("player.join", {"code": code, "name": "Cy"})
    try:
        answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'kings', options: "
                                "{deck: ['QS', '2H', '2D']}})")
        assert answer == {"ok": True}
        ana.click("button[data-action=draw]")
        caught = ana.locator(".my-roles form[data-action=caught]")
        caught.locator("button[data-value=p3]").click()  # Cy
        assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]
        assert cy.call("game.act", {"action": {"type": "draw"}})["ok"]
        bob = rejoin(server, code, bob, bob_seat["token"])
        expect(table.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 2")
        assert caught.locator("button[data-value=p3]").get_attribute("aria-checked") == "true"
        drop_own_connection(ana)
        assert caught.locator("button[data-value=p3]").get_attribute("aria-checked") == "true"
        shots("phone-catch-kept", ana, full_page=True)
        caught.locator("button[type=submit]").click()
        expect(table.locator("#players li[data-pid=p3] .mark.neck")).to_have_text("necked 1×")
        assert watch.errors == [] and watch.dialogs == []
    finally:
        bob.close()
        cy.close()
