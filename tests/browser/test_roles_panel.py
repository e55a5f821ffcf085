"""The Kings TV's "Roles" panel with every role card handed round among 2,
8 and 16 long-named players: every role holder is named on the TV, whole
(broken only between words), nothing clipped, covered or under the ticker,
at 1920x1080 and 1280x720; never "+N more", which nobody can tap on a TV."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, broken_words, settle
from tests.browser.tablegames import drawn, host_and_guests, start

pytestmark = pytest.mark.browser

SIXTEEN = ["Maximilian-Alexander", "Анастасия Владимировна", "🦄 Sparkle Unicorn 🌈", "Bartholomew Fitzgerald",
           "Wilhelmina Catherwood", "Konstantin Papadopoulos", "Evangeline Rutherford", "Christopher Montgomery",
           "Guinevere Blackthorne", "Екатерина Александровна", "Hieronymus Bosch-Ward", "Persephone Wentworth",
           "Cassiopeia Dunwoody", "Leopold Wetherby-Mowbray", "Ottoline Marchbanks-Hume", "Mortimer Worthington"]
# Every role card of Kings: four thumbmasters, four question cards, the
# toilet card and the jail card, each drawn by the next player round.
DECK = ["4S", "QS", "6S", "QH", "4H", "QD", "JS", "QC", "4D", "4C"]


# Resolves once every name given has been seen in a line of the roles panel
# that shows (a panel in pages shows each in turn, a page every few seconds).
SEEN_ALL_JS = """(names) => {
  const seen = (window.__rolesSeen = window.__rolesSeen || new Set());
  for (const li of document.querySelectorAll(".roles-panel li")) {
    if (!li.checkVisibility()) continue;
    for (const name of names) if (li.textContent.includes(name)) seen.add(name);
  }
  return names.every((name) => seen.has(name));
}"""


def all_seen(table, names) -> None:
    """Wait until every one of ``names`` has shown in the roles panel."""
    table.evaluate("() => { window.__rolesSeen = new Set(); }")
    table.wait_for_function(SEEN_ALL_JS, arg=sorted(names), polling=100, timeout=60_000)


def holders(game: dict) -> set[str]:
    out = set()
    out.update(pid for pid in (game.get("roles") or {}).values() if pid)
    for pids in (game.get("holders") or {}).values():
        out.update(pids)
    return out


# (players, language, a rule made last: the rules panel then takes the wider
# column and the roles turn to their denser forms or to pages)
CASES = [(2, None, False), (8, None, False), (8, None, True), (16, None, False), (16, None, True),
         (16, "ru-RU", False), (16, "ru-RU", True)]


@pytest.mark.parametrize(("count", "locale", "ruled"), CASES)
def test_every_role_holder_is_named_on_the_tv(count, locale, ruled, open_table, open_phone, server, shots, watch):
    names = SIXTEEN[:count]
    deck = DECK + ["9H"] if ruled else DECK
    table, _, _phone, seated = host_and_guests(open_table, open_phone, server, names, locale=locale)
    clients = {c.pid: c for c in seated}
    try:
        expect(table.locator("#players .pname")).to_have_count(count, timeout=20_000)
        start(table, "kings", {"deck": deck})
        for i, card in enumerate(deck):
            state = seated[0].wait_for(lambda s, i=i: s["game"] is not None and s["game"]["drawn"] == i
                                       and s["game"]["prompt"] is None)
            drawer = clients[state["game"]["turn"]]
            answer = drawer.call("game.act", {"action": {"type": "draw"}})
            assert answer["ok"], answer
            if card == "9H":
                rule = {"type": "rule", "text": "Nobody says drink or points with a finger at the table"}
                answer = drawer.call("game.act", {"action": rule})
                assert answer["ok"], answer
        state = seated[0].wait_for(lambda s: s["game"]["drawn"] == len(deck) and s["game"]["prompt"] is None)
        by_id = {p["id"]: p["name"] for p in state["players"]}
        held = sorted(by_id[p] for p in holders(state["game"]))
        assert len(held) == min(count, len(DECK))
        drawn(table, state["rev"])
        panel = table.locator(".roles-panel")
        for width, height in [(1920, 1080), (1280, 720)]:
            table.set_viewport_size({"width": width, "height": height})
            settle(table)
            label = f"kings-roles-{count}-{locale or 'en'}{'-ruled' if ruled else ''}-{width}x{height}"
            shots(label, table)
            assert not re.search(r"\+\d+\s*(more|ещё)|\+\s*ещё\s*\d+", panel.inner_text()), f"{label}: a role holder summed up as +N more"
            all_seen(table, held)  # each shown (a panel in pages turns them in a few seconds)
            settle(table)
            assert_fits(table, label)
            assert broken_words(table) == [], f"{label}: a word broken inside itself"
        assert watch.errors == []
    finally:
        for c in seated:
            c.close()


# Ring of Fire: four mates picked and the question master;
# and the Guys and Chicks lines naming every player of each group.
RING = ["8S", "8H", "8D", "8C", "QS"]


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_ring_of_fire_mates_and_groups_are_all_named_on_the_tv(locale, open_table, open_phone, server, shots, watch):
    from tests.wire import WireClient

    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    seated = []
    try:
        for i, name in enumerate(SIXTEEN):
            client = WireClient(server.url).connect()
            answer = client.call("player.join", {"code": code, "name": name, "group": "guys" if i % 2 else "chicks"})
            assert answer["ok"], answer
            client.pid = answer["player_id"]
            seated.append(client)
        clients = {c.pid: c for c in seated}
        expect(table.locator("#players .pname")).to_have_count(16, timeout=20_000)
        start(table, "ring_of_fire", {"deck": RING})
        for i, card in enumerate(RING):
            state = seated[0].wait_for(lambda s, i=i: s["game"] is not None and s["game"]["drawn"] == i
                                       and s["game"]["prompt"] is None)
            drawer = clients[state["game"]["turn"]]
            assert drawer.call("game.act", {"action": {"type": "draw"}})["ok"]
            if card.startswith("8"):  # a mate: the player across the table
                mate = seated[(seated.index(drawer) + 8) % 16].pid
                drawer.wait_for(lambda s: any(a["type"] == "pick" for a in s["you"]["actions"]))
                answer = drawer.call("game.act", {"action": {"type": "pick", "player": mate}})
                assert answer["ok"], answer
        state = seated[0].wait_for(lambda s: s["game"]["drawn"] == len(RING) and s["game"]["prompt"] is None)
        game = state["game"]
        assert len(game["mates"]) == 4
        by_id = {p["id"]: p["name"] for p in state["players"]}
        named = {by_id[p] for p in holders(game)} | {by_id[p] for group in game["mates"] for p in group}
        drawn(table, state["rev"])
        panel = table.locator(".roles-panel")
        for width, height in [(1920, 1080), (1280, 720)]:
            table.set_viewport_size({"width": width, "height": height})
            settle(table)
            label = f"ring-roles-16-{locale or 'en'}-{width}x{height}"
            shots(label, table)
            assert not re.search(r"\+\d+\s*(more|ещё)|\+\s*ещё\s*\d+", panel.inner_text()), label
            # each role holder and mate, and everybody in the Guys or Chicks line, shown (in turn, if in pages)
            all_seen(table, named | set(SIXTEEN))
            settle(table)
            assert_fits(table, label)
            assert broken_words(table) == [], f"{label}: a word broken inside itself"
        assert watch.errors == []
    finally:
        for c in seated:
            c.close()
