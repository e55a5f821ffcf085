"""A phone looks back during a game, in WebKit and in Firefox
(partyapp/static/js/ui/history.js): Ana opens the history, sees every entry
newest first with who made it, a new entry comes in at the top, and after a
reload the panel is open again with the whole history."""

from __future__ import annotations

import pytest


pytestmark = pytest.mark.engines

ROWS = "#history-sheet .history-entry"


def test_the_phone_opens_the_history_and_keeps_it_open(pages):
    table, code, ana, bob = pages.ana_and_bob()
    pages.start(table, "kings", {"deck": ["2H", "2D", "3H", "3D", "2S"]})
    ana.tap("button[data-action=draw]")  # Ana: drinks two
    bob.wait_for(lambda s: s["game"] and s["game"]["turn"] == bob.state["you"]["player_id"])
    assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]
    # Ana's screen has drawn Bob's draw (her turn again): the tap below
    # lands where the button is, not where it was before the screen moved.
    drawn = bob.wait_for(lambda s: s["game"]["turn"] != bob.state["you"]["player_id"])["rev"]
    ana.wait_for("(n) => Number(document.documentElement.dataset.rev) >= n", drawn, what="Bob's draw on Ana's screen")
    ana.tap("#btn-history")
    ana.wait_for(f"() => document.querySelectorAll('{ROWS}').length >= 4", what="the entries of the game")
    ids = ana.evaluate(f"() => [...document.querySelectorAll('{ROWS}')].map((r) => Number(r.dataset.id))")
    assert ids == sorted(ids, reverse=True) and ids[-1] == 1
    assert "Bob" in ana.text(f"{ROWS} .history-who")
    pages.shot(ana, "history-open")

    # Ana's next draw comes in at the top
    ana.tap("button[data-action=draw]")
    ana.wait_for(f"(n) => Number(document.querySelector('{ROWS}').dataset.id) > n", ids[0], what="a new entry on top")
    count = ana.count(ROWS)
    ana.reload()
    ana.wait_for(f"(n) => document.querySelectorAll('{ROWS}').length === n", count, what="the panel open after a reload")
    pages.shot(ana, "history-after-reload")
    bob.close()
