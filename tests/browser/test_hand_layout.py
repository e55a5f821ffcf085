"""The hand games' TV and phone with 2, 8 and 16 players (Go Fish: its
maximum, 10) with 24-character names: after a few moves (an Old Maid take,
a Cheat play called and a play in its window, Go Fish asks), nothing on the
TV at either TV size, or on the host's phone at either phone size, is off
screen, clipped or covered.

The host's phone is a real page; everybody else joins through Socket.IO."""

from __future__ import annotations

import pytest

from tests.browser.layout import assert_fits, quiet, settle, wait_drawn
from tests.browser.test_layout import PHONE_SIZES, TV_SIZES, names
from tests.wire import WireClient

pytestmark = pytest.mark.browser


class Table:
    """Every player's seat on a wire client (the host's too, resumed with
    its page's token, so the test reads each hand and moves for anybody)."""

    def __init__(self, wires: dict):
        self.wires = wires
        self.watcher = next(iter(wires.values()))

    def state(self, predicate=lambda s: True) -> dict:
        return self.watcher.wait_for(lambda s: s["game"] is not None and predicate(s))

    def actions(self, pid: str) -> list[dict]:
        rev = self.watcher.state["rev"]
        return self.wires[pid].wait_rev(rev)["you"]["actions"]

    def act(self, pid: str, action: dict) -> None:
        answer = self.wires[pid].call("game.act", {"action": action})
        assert answer["ok"], (pid, action, answer)

    def cards(self, pid: str, n: int) -> list[str]:
        spec = next(a for a in self.actions(pid) if a["type"] == "play")
        return spec["params"]["cards"]["subset_of"][:min(n, spec["params"]["cards"]["max"])]


def old_maid_moves(t):
    for _ in range(2):
        s = t.state()
        if s["game"]["over"]:
            return
        t.act(s["game"]["taker"], {"type": "take", "position": 0})
        t.state(lambda s, rev=s["rev"]: s["rev"] > rev)


def cheat_moves(t):
    first = t.state()["game"]["current"]
    t.act(first, {"type": "play", "cards": t.cards(first, 3), "rank": "7"})
    s = t.state(lambda s: s["game"]["window"] is not None)
    t.act(s["game"]["window"]["waiting"][-1], {"type": "call"})
    s = t.state(lambda s: s["game"]["window"] is None and s["game"]["current"] is not None)
    nxt = s["game"]["current"]
    t.act(nxt, {"type": "play", "cards": t.cards(nxt, 2), "rank": "8"})
    t.state(lambda s: s["game"]["window"] is not None)


def go_fish_moves(t):
    for _ in range(3):
        s = t.state()
        if s["game"]["over"]:
            return
        pid = s["game"]["current"]
        spec = t.actions(pid)[0]
        action = {"type": "ask", "rank": spec["params"]["rank"]["one_of"][0]}
        if "player" in spec["params"]:
            action["player"] = spec["params"]["player"]["one_of"][-1]
        t.act(pid, action)
        t.state(lambda s, rev=s["rev"]: s["rev"] > rev)


MOVES = {"old_maid": old_maid_moves, "cheat": cheat_moves, "go_fish": go_fish_moves}
CASES = [(mode, n) for mode in ("old_maid", "cheat") for n in (2, 8, 16)] + [("go_fish", n) for n in (2, 8, 10)]


@pytest.mark.parametrize("mode, count", CASES)
def test_hand_games_fit_every_name(mode, count, open_table, seat_party, server, shots, watch):
    """Every name, the centre of the table and the log fit the TV at both
    sizes, and the host's phone fits at both phone sizes."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    all_names = names(count)
    phone, guests = seat_party(table, all_names)
    answer = table.evaluate("(m) => window.partyappTable.call('game.start', {mode: m, options: {seed: 5}})", mode)
    assert answer == {"ok": True}, answer
    host = WireClient(server.url).connect()
    try:
        token = phone.evaluate("(c) => localStorage.getItem('partyapp.seat.' + c)", code)
        host.pid = host.call("player.resume", {"code": code, "token": token})["player_id"]
        MOVES[mode](Table({g.pid: g for g in [host, *guests]}))
        last = max(g.state["rev"] for g in [host, *guests])
    finally:
        host.close()
    wait_drawn(table, last)  # the moves drawn, the cards turned over, the panels measured
    settle(table)
    quiet(table)
    assert table.locator("#players .pname").all_text_contents() == all_names
    for width, height in TV_SIZES:
        table.set_viewport_size({"width": width, "height": height})
        settle(table)
        shots(f"{mode}-{count}-tv-{width}x{height}", table)
        assert_fits(table, f"{mode} table with {count} players at {width}x{height}")
    for width, height in PHONE_SIZES:
        phone.set_viewport_size({"width": width, "height": height})
        settle(phone)
        shots(f"{mode}-{count}-phone-{width}x{height}", phone, full_page=True)
        assert_fits(phone, f"{mode} phone with {count} players at {width}x{height}", phone=True)
    assert watch.errors == [] and watch.dialogs == []
