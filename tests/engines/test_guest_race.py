"""A phone as the table, in WebKit and in Firefox: "Play on this device",
Ana and Bob on their phones (protocol clients), Dan and Eve without one.
Floor gives Dan and Eve a named button each on the table's face at once;
a touch on Dan's counts (it goes, Eve's stays), then Eve's, and the race's
order reads as a numbered list."""

from __future__ import annotations

import pytest

from tests.engines.conftest import PHONE
from tests.wire import WireClient

pytestmark = pytest.mark.engines


def phone_table(pages):
    """A phone as the table ("Play on this device"), Ana and Bob on the
    wire, Dan and Eve added on it: the table, Ana, Bob and {name: id}."""
    table = pages.open("table", PHONE, touch=True)
    table.goto(pages.server.url + "/")
    table.tap("#start-here")
    table.wait_for("() => /\\/t\\/[A-Z]+$/.test(location.pathname) && Boolean(document.querySelector('#guest-name-lobby'))",
                   what="the table on this device")
    code = table.evaluate("() => location.pathname.split('/').pop()")
    ana, bob = (WireClient(pages.server.url).connect() for _ in range(2))
    ids = {}
    for client, name in ((ana, "Ana"), (bob, "Bob")):
        ids[name] = client.call("player.join", {"code": code, "name": name})["player_id"]
    for name in ("Dan", "Eve"):
        ids[name] = pages.call(table, "host.command", {"command": "add_guest", "name": name})["player_id"]
    return table, ana, bob, ids


def test_each_guest_taps_their_own_named_button_on_a_phone_table(pages):
    table, ana, bob, ids = phone_table(pages)
    pages.start(table, "ring_of_fire", {"deck": ["4S", "5H", "6D"], "race_timeout_s": 60})
    ana.wait_for(lambda s: s["game"] is not None)
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    button = "#guest-play [data-guest-tap='{}'][data-move=tap]"
    for name in ("Dan", "Eve"):
        table.wait_for_selector(button.format(ids[name]))
    pages.shot(table, "floor-named-buttons")
    assert bob.call("game.act", {"action": {"type": "tap"}})["ok"]
    table.tap(button.format(ids["Dan"]))
    table.wait_for(f"() => !document.querySelector(\"{button.format(ids['Dan'])}\")", what="Dan's tap taken")
    table.tap(button.format(ids["Eve"]))
    rows = table.wait_for("() => { const r = [...document.querySelectorAll('.outcome .race-order li')]"
                          ".map((e) => e.textContent.trim()); return r.length === 3 && r; }", what="the race's order")
    # Bob's tap and Dan's come close together: the server's fair judging
    # (each device's round trip counts) decides which is first.
    names = {pid: name for name, pid in ids.items()}
    order = [names[pid] for pid in ana.wait_for(
        lambda s: (s["game"]["outcome"] or {}).get("kind") == "race")["game"]["outcome"]["order"]]
    assert order[2] == "Eve" and sorted(order[:2]) == ["Bob", "Dan"], order
    assert rows == [f"{i}. {name}" for i, name in enumerate(order, 1)], rows
    pages.shot(table, "floor-order")
    assert pages.errors() == []


def test_a_guest_says_caught_on_the_question_masters_strip_of_a_phone_table(pages):
    """Ana draws the queen (question master): the phone table shows her
    strip with Dan's and Eve's own "caught" buttons; a touch on Dan's makes
    him drink (he owned up to answering her question), and the strip stays."""
    table, ana, bob, ids = phone_table(pages)
    pages.start(table, "ring_of_fire", {"deck": ["QS", "4S", "5H"], "race_timeout_s": 60})
    ana.wait_for(lambda s: s["game"] is not None)
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    button = "#guest-standing [data-guest-tap='{}'][data-move=answered]"
    for name in ("Dan", "Eve"):
        table.wait_for_selector(button.format(ids[name]))
    pages.shot(table, "question-master-strip")
    table.tap(button.format(ids["Dan"]))
    ana.wait_for(lambda s: s["game"]["drinks"].get(ids["Dan"]) == 1)
    table.wait_for_selector(button.format(ids["Eve"]))
    pages.shot(table, "question-master-caught")
    assert pages.errors() == []
