"""The betting games' screens at their sizes: casino Blackjack with 2 and 7
players (its most), Russian Blackjack and Pontoon with 2, 8 and 16, every
name 24 characters long. In play (boxes split, doubled, bust, stuck) and at
the end, nothing on the TV is off screen, clipped or covered at 1920x1080
and 1280x720, and the host's phone fits at two phone sizes. The boxes keep
their cards drawn (full size, or short) where they fit and write them in
words only when they do not.

The table and the host's phone are real pages; every player plays through
a Socket.IO client (the host's through a second connection to their seat,
as a second tab would)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import PAGE_LINE, assert_fits, broken_words, check_at_tv_sizes, settle
from tests.browser.test_layout import TV_SIZES, audit_phone, names
from tests.wire import WireClient

pytestmark = pytest.mark.browser

# How many players the betting table's status line names before it counts
# them instead (ui/betting/table.js's NAMED_WAITING).
NAMED_WAITING = 4

# The cards stay drawn (full size, or short: their corners) while they fit:
# up to 8 boxes in play, split hands and all, and two players' box at the end
# under the result; in words only when they do not (16 boxes in play, the
# result of 7 or more players beside them). At the end of a full table (six
# to eight boxes) every box shows beside the result, none left out; on a
# crowded one (16, the players panel half the TV) boxes that do not fit
# under the result even in words are left out.
PLAY_FORMS = {2: {"cards"}, 7: {"cards"}, 8: {"cards"}, 16: {"cards", "words"}}
OVER_FORMS = {2: {"cards"}, 7: {"cards", "words"}, 8: {"cards", "words"}, 16: {"cards", "words", "none"}}

CASES = [("casino_blackjack", 2), ("casino_blackjack", 7), ("russian_blackjack", 2), ("russian_blackjack", 8),
         ("russian_blackjack", 16), ("pontoon", 2), ("pontoon", 8), ("pontoon", 16)]


def total_of(you: dict, hand: int) -> int:
    if "totals" in you:
        return you["totals"][hand]["total"] if hand < len(you["totals"]) else 0
    return you["hands"][hand]["total"] if hand < len(you.get("hands", [])) else 0


def choose(state: dict, step: int) -> dict | None:
    """A move a sensible player makes: splits and doubles where they may (so
    the boxes fill up), hit below 13 (twist below 15), else stand or stick."""
    you, game = state["you"], state["game"]
    acts = {a["type"]: a for a in you["actions"]}
    if not acts:
        return None
    hand = game["current"]["hand"] if game.get("current") else 0
    total = total_of(you, hand)
    for kind in ("deal", "leave", "refuse", "declare", "split"):
        if kind in acts:
            return {"type": kind}
    if "insurance" in acts:
        return {"type": "insurance", "take": step % 2 == 0}
    if "bet" in acts:
        lim = acts["bet"]["params"]["amount"]["int"]
        return {"type": "bet", "amount": lim["max"] if step % 3 == 0 else lim["min"]}
    if "double" in acts and step % 2 == 0:
        return {"type": "double", "amount": acts["double"]["params"]["amount"]["int"]["max"]}
    if "buy" in acts and step % 3 == 0:
        return {"type": "buy", "amount": acts["buy"]["params"]["amount"]["int"]["min"]}
    if "hit" in acts and (total < 13 or "stand" not in acts):
        return {"type": "hit"}
    if "twist" in acts and (total < 15 or "stick" not in acts):
        return {"type": "twist"}
    for kind in ("stand", "stick"):
        if kind in acts:
            return {"type": kind}
    spec = next(iter(acts.values()))
    return {"type": spec["type"]} if not spec["params"] else None


def play(clients: dict[str, WireClient], until, limit: int = 400) -> dict:
    """Every player moves as ``choose`` says until ``until(state)`` holds."""
    watcher = next(iter(clients.values()))
    for step in range(limit):
        latest = max(c.state["rev"] for c in clients.values() if c.state is not None)
        state = watcher.wait_for(lambda s: s["game"] is not None and s["rev"] >= latest)
        if until(state):
            return state
        assert not state["game"]["over"], "the game ended before the state looked for"
        moved = False
        for client in clients.values():
            mine = client.state
            if mine is None or mine["rev"] < state["rev"]:
                mine = client.wait_rev(state["rev"])
            action = choose(mine, step)
            if action is not None:
                answer = client.call("game.act", {"action": action})
                assert answer["ok"] or answer["error"]["code"] in ("not_your_turn", "illegal_action"), answer
                moved = True
                break
        if not moved:
            watcher.wait_rev(state["rev"] + 1)  # the house dealer plays on the clock
    raise AssertionError("the game never reached the state looked for")


def audit_table(page, shots, label: str) -> set[str]:
    """The TV at both sizes fits (tests/browser/layout.py); returns how the
    boxes showed their cards at those sizes: "cards" (drawn, full size or
    short), "words", or "none" (no box shown)."""
    forms = set()
    for width, height in TV_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        shots(f"{label}-{width}x{height}", page)
        assert_fits(page, f"table {label} at {width}x{height}")
        drawn = page.locator(".bx-box .card-row .card:visible").count()
        words = page.locator(".bx-box .card-labels:visible").count()
        assert not (drawn and words), f"{label} at {width}x{height}: {drawn} boxes' cards drawn, {words} in words"
        forms.add("cards" if drawn else "words" if words else "none")
    return forms


def end_boxes(table, count: int) -> None:
    """At the end every box of the last deal is on the TV with its result
    (a net badge or a result word on each box that was played) beside or
    under the night's chips, at both TV sizes; none is left out."""
    for width, height in TV_SIZES:
        table.set_viewport_size({"width": width, "height": height})
        settle(table)
        expect(table.locator(".bet-result .result-table tbody tr")).to_have_count(count)
        assert table.locator(".bx-more:visible").count() == 0, f"boxes left out at {width}x{height}"
        played = table.locator(".bx-box:has(.bet-hand)")
        assert played.count() > 0
        for i in range(played.count()):
            box = played.nth(i)
            assert box.is_visible(), f"box {i} hidden at {width}x{height}"
            assert box.locator(".net-badge, .result-badge").count() > 0, box.inner_text()


def seat_and_start(table, phone, server, mode: str, all_names: list[str], clients: dict[str, WireClient]) -> None:
    """The host (``phone``, her seat played through a second connection in
    ``clients``) and a client for every other name take their seats, and
    the table starts ``mode``."""
    code = table.locator(".room-code").inner_text().strip()
    host = WireClient(server.url).connect()
    token = phone.evaluate("(k) => localStorage.getItem(k)", f"partyapp.seat.{code}")
    assert host.call("player.resume", {"code": code, "token": token})["ok"]
    clients["p1"] = host
    for name in all_names[1:]:
        guest = WireClient(server.url).connect()
        answer = guest.call("player.join", {"code": code, "name": name})
        assert answer["ok"], answer
        clients[answer["player_id"]] = guest
    expect(table.locator("#players .pname")).to_have_count(len(all_names), timeout=30_000)
    options = {"seed": 7, "rounds": 2, "start_chips": 200, "max_bet": 100}
    if mode == "casino_blackjack":
        options["dealer_pace_ms"] = 100
    answer = table.evaluate("([m, o]) => window.partyappTable.call('game.start', {mode: m, options: o})", [mode, options])
    assert answer == {"ok": True}, answer


@pytest.mark.parametrize("mode, count", CASES)
def test_betting_tables_fit_every_name(mode, count, open_table, open_phone, server, shots, watch):
    """In play and at the end the TV and the host's phone fit every name."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    all_names = names(count)
    phone = open_phone(f"{server.url}/j/{code}", all_names[0])
    clients: dict[str, WireClient] = {}
    try:
        seat_and_start(table, phone, server, mode, all_names, clients)

        def mid_deal(s: dict) -> bool:  # about half the boxes have played
            g = s["game"]
            return (g["phase"] == "play" and g["current"] is not None
                    and g["order"].index(g["current"]["player"]) >= min((count - 1) // 2, len(g["order"]) - 1))

        state = play(clients, mid_deal)
        expect(table.locator(".bx-box")).to_have_count(len(state['game']['order']), timeout=30_000)
        forms = audit_table(table, shots, f"{mode}-{count}-play")
        assert forms <= PLAY_FORMS[count], forms
        audit_phone(phone, shots, f"{mode}-{count}-phone-play")

        play(clients, lambda s: s["game"]["over"])
        table.wait_for_selector(".result-panel")
        forms = audit_table(table, shots, f"{mode}-{count}-over")
        assert forms <= OVER_FORMS[count], forms
        if count <= 8:
            end_boxes(table, count)
        assert_fits(phone, "the host's phone at the end", phone=True)
        assert watch.errors == [] and watch.dialogs == []
    finally:
        for client in clients.values():
            client.close()


@pytest.mark.parametrize("mode, locale", [("russian_blackjack", None), ("pontoon", "ru-RU")], ids=["russian_blackjack-en", "pontoon-ru"])
def test_a_crowded_betting_table_shows_every_box_in_pages(mode, locale, open_table, open_phone, server, shots, watch):
    """Sixteen at the table: while they bet, the line above the boxes counts
    the bets it waits for (each box says its own) and every box is seen on
    the TV, none summed up as "+N more boxes" (boxes that do not fit go to
    pages that turn by themselves); on a tablet every name is whole; in
    play the box in play shows (on its page, if the boxes are in pages)."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    all_names = names(16)
    phone = open_phone(f"{server.url}/j/{code}", all_names[0], locale=locale)
    clients: dict[str, WireClient] = {}
    try:
        seat_and_start(table, phone, server, mode, all_names, clients)
        state = play(clients, lambda s: s["game"]["phase"] == "bet")
        g = state["game"]
        house = g.get("dealer") or g.get("banker")
        ids = [p["id"] for p in state["players"]]
        boxed = [all_names[ids.index(pid)] for pid in ids if pid != house]
        expect(table.locator(".bx-box")).to_have_count(len(boxed))
        # the line above says how many bets it waits for, not fifteen names (each box says its own)
        waiting = len(state["game"]["waiting_for"])
        assert waiting > NAMED_WAITING
        expect(table.locator(".bx-status")).to_contain_text(f"{waiting} players" if locale is None else f"{waiting} игроков")
        expect(table.locator(".bx-status .who")).to_have_count(0)
        check_at_tv_sizes(table, shots, f"{mode}-16-betting", paged=(".bx-paged", ".bx-box .bx-name", boxed))
        # the table on a tablet, standing up or lying down: every name whole,
        # broken only between its words (the players panel takes one column
        # where two would be too narrow)
        for size in ({"width": 820, "height": 1180}, {"width": 1180, "height": 820}):
            table.set_viewport_size(size)
            settle(table)
            shots(f"{mode}-16-betting-{size['width']}x{size['height']}", table)
            assert broken_words(table) == [], f"a name broken inside a word at {size}"
            expect(table.locator("#players .pname")).to_have_count(16)

        def in_play(s: dict) -> bool:  # a box late in the order plays
            g = s["game"]
            return g["phase"] == "play" and g["current"] is not None and g["order"].index(g["current"]["player"]) >= 10

        state = play(clients, in_play)
        playing = state["game"]["current"]["player"]
        turn = table.locator(f".bx-box[data-pid={playing}]")
        for width, height in TV_SIZES:
            table.set_viewport_size({"width": width, "height": height})
            settle(table)
            shots(f"{mode}-16-in-play-{width}x{height}", table)
            assert_fits(table, f"16 in play at {width}x{height}")
            expect(turn).to_be_visible()
            if table.locator(".bx-paged[data-page]").count():  # the page of the box in play, and it says which
                expect(table.locator(".bx-paged .page-line")).to_have_text(PAGE_LINE)
            else:
                expect(table.locator(".bx-box:visible")).to_have_count(len(boxed))
        assert watch.errors == [] and watch.dialogs == []
    finally:
        for client in clients.values():
            client.close()
