"""The TV's look-back strip asks the server for the history as the game
moves (ui/history.js), out of the table connection's own event budget, the
one its host commands and guests' moves draw on: a burst of moves costs a
few asks, never two within ASK_GAP_MS (400 ms) of each other, and the strip
still ends on the last entry."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.tablegames import join_wire, play_random, room_code, start

pytestmark = pytest.mark.browser

# Every room.history the page sends, with the page's clock when it went.
RECORD_ASKS = """(() => {
  window.__historyAsks = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string" && data.startsWith("42") && data.includes('"room.history"')) {
      window.__historyAsks.push(Date.now());
    }
    return send.call(this, data);
  };
})();"""


def test_a_burst_of_moves_costs_the_table_a_few_history_asks_and_the_strip_ends_on_the_last(
        server, open_table, shots, watch):
    table = open_table()
    table.add_init_script(RECORD_ASKS)
    table.reload()
    table.wait_for_selector("#join-url:not(:empty)")
    code = room_code(table)
    guests = join_wire(server, code, ["Ana", "Ben", "Cat"])
    start(table, "go_fish", {"seed": 3})  # a fixed deal: the same play every run, and the game still on after it
    for g in guests:
        g.wait_for(lambda s: s["game"] is not None)
    assert not play_random(guests, random.Random(7), 30)["over"]
    last = guests[0].state["game"]["log"][-1]["id"]
    strip = table.locator("#look-back")
    expect(strip.locator(".history-entry").first).to_have_attribute("data-id", str(last))
    asks = table.evaluate("() => window.__historyAsks")
    assert asks, "the strip asked for the history"
    gaps = [b - a for a, b in zip(asks, asks[1:])]
    assert all(gap >= 395 for gap in gaps), gaps
    shots("strip-after-burst", table)
    assert watch.errors == []
    for g in guests:
        g.close()
