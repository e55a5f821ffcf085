"""The end of a game and of the night on a phone in WebKit and Firefox: a
game the host ends says who ended it and shows its result; once the night
ends, the phone lists every game of the night (not "the recap is on the
TV") and a phone seated during a game that deals nobody in says why it
waits."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines


def test_the_end_of_a_game_and_of_the_night_on_a_phone(pages):
    table, code, ana, bob = pages.ana_and_bob()
    pages.start(table, "old_maid", {"seed": 1})
    ana.wait_for("() => Boolean(document.querySelector('#room-screen:not([hidden]) #btn-rules'))", what="the game drawn")
    cy = pages.join(pages.phone("cy"), code, "Cy")  # seated while Old Maid runs: told why it waits
    cy.wait_for("() => (document.querySelector('#next-game-note') || {}).textContent?.includes('you play from the next game')",
                what="Cy told why they wait")
    pages.shot(cy, "cy-waits")
    assert pages.call(table, "host.command", {"command": "end_game"})["ok"]
    ana.wait_for("() => document.querySelector('#play-area').textContent.includes('Ana ended the game.')",
                 what="who ended the game, on the phone")
    pages.shot(ana, "ended-by-the-host")
    assert pages.call(table, "host.command", {"command": "end_night"})["ok"]
    ana.wait_for("() => document.querySelectorAll('#night-over .night-games li').length === 1", what="the night's games")
    assert "Old Maid" in ana.text("#night-over .night-games")
    assert "The recap is on the TV" not in ana.text("#night-over")
    pages.shot(ana, "night-over")
    bob.close()
