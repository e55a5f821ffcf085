"""Guests without a phone in races and call windows, on a table device (a
tablet at 820x1180, a phone at 390x844): Ana (the host) and Ben play on
their phones (protocol clients), Dan and Eve by tapping the table device.
Every race and call window gives each of them a named button of their own
at once, under the instruction in words, without opening anybody's hand;
the race waits for each of them and its result reads as a list."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_drinking import start
from tests.browser.test_guests import Frames, add_guests, code_of, fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser

TABLET = {"width": 820, "height": 1180}
PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(TABLET, "en-GB", id="820x1180-en"), pytest.param(PHONE, "ru-RU", id="390x844-ru")]


def seat(open_table, server, size, locale, frames: bool = False, guests=("Dan", "Eve")):
    """The table device with Ana and Ben on their phones, then ``guests``
    (Dan and Eve) added on it: the table, (Ana, Ben), {name: id}, and its frames."""
    table = open_table(locale=locale, viewport=size)
    seen = None
    if frames:
        seen = Frames(table)
        table.reload()
        table.wait_for_selector("#guest-name-lobby")
    code = code_of(table)
    phones = []
    for name in ("Ana", "Ben"):
        phone = WireClient(server.url).connect()
        phone.pid = phone.call("player.join", {"code": code, "name": name})["player_id"]
        phones.append(phone)
    add_guests(table, list(guests))
    players = phones[0].wait_for(lambda s: len(s["players"]) == 2 + len(guests))["players"]
    return table, phones, {p["name"]: p["id"] for p in players}, seen


def tap_of(table, pid, move):
    return table.locator(f"#guest-play [data-guest-tap='{pid}'][data-move='{move}']")


def no_overlap(page, selector: str) -> None:
    """The boxes of ``selector`` do not overlap one another."""
    boxes = [b for b in (e.bounding_box() for e in page.locator(selector).all()) if b]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                     or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)
            assert apart, (selector, a, b)


@pytest.mark.parametrize("size,locale", SIZES)
def test_the_thumb_race_gives_each_guest_their_own_named_thumbs_and_waits_for_both(open_table, server, shots, watch,
                                                                                    size, locale):
    """Kings: Ana draws the four (thumbmaster, left or right) and puts her
    left thumb down. At once the table device shows Dan's and Eve's own
    left and right thumbs, named, under words saying which thumb to copy,
    and says to tap the phones or a name on this screen. Dan copies: the
    race still waits for Eve, whose buttons stay; she copies; Ben, last,
    loses. The result is a numbered list whose entries do not run into
    one another."""
    table, (ana, ben), ids, _ = seat(open_table, server, size, locale)
    start(table, "kings", ["4S", "5H", "6D", "7C", "8S", "9H"])
    table.wait_for_selector(".drinking-table")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    state = ana.wait_for(lambda s: any(a["type"] == "thumb" for a in s["you"]["actions"]))
    assert ana.call("game.act", {"action": {"type": "thumb", "thumb": "left"}})["ok"]
    for name in ("Dan", "Eve"):
        for thumb in ("left", "right"):
            expect(tap_of(table, ids[name], thumb)).to_be_visible()
    expect(tap_of(table, ids["Dan"], "left")).to_contain_text("Dan")
    call = table.locator("#guest-play .guest-call")
    expect(call).to_contain_text("Ana")
    if locale == "en-GB":
        expect(call).to_contain_text("left thumb")
        expect(table.locator(".prompt-line.race .race-title")).to_contain_text("your name on this screen")
    shots("thumb-race", table)
    fits(table, "the thumb race")
    tap_of(table, ids["Dan"], "left").click()
    expect(tap_of(table, ids["Dan"], "left")).to_have_count(0)
    expect(tap_of(table, ids["Eve"], "left")).to_be_visible()  # the race waits for her
    assert ben.state["game"]["outcome"] is None or ben.state["game"]["outcome"]["kind"] != "race"
    tap_of(table, ids["Eve"], "left").click()
    outcome = table.locator(".drinking-table .outcome")
    expect(outcome).to_contain_text("Ben")
    expect(outcome.locator(".race-order li")).to_have_text(["1. Dan", "2. Eve"])
    no_overlap(table, ".drinking-table .outcome .race-order li")
    expect(table.locator("#guest-play [data-guest-tap]")).to_have_count(0)
    end = ana.wait_for(lambda s: s["game"]["outcome"] and s["game"]["outcome"]["kind"] == "race")
    assert end["game"]["outcome"]["losers"] == [ids["Ben"]]
    shots("thumb-race-result", table)
    fits(table, "the thumb race's result")
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("size,locale", SIZES)
def test_floor_names_each_guest_and_says_what_to_do(open_table, server, shots, watch, size, locale):
    """Ring of Fire's Floor drawn by Ana: Dan and Eve each get "NAME: TAP!"
    at once, under the card's words; the race is judged when all four are
    in, the one left last drinks, and the order reads as a list."""
    table, (ana, ben), ids, _ = seat(open_table, server, size, locale)
    start(table, "ring_of_fire", ["4S", "5H", "6D", "7C"])
    table.wait_for_selector(".drinking-table")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    expect(tap_of(table, ids["Dan"], "tap")).to_be_visible()
    expect(tap_of(table, ids["Eve"], "tap")).to_be_visible()
    if locale == "en-GB":
        expect(table.locator("#guest-play .guest-call")).to_contain_text("touch the floor")
    shots("floor", table)
    fits(table, "the Floor race")
    assert ana.call("game.act", {"action": {"type": "tap"}})["ok"]
    tap_of(table, ids["Eve"], "tap").click()
    expect(tap_of(table, ids["Eve"], "tap")).to_have_count(0)
    expect(tap_of(table, ids["Dan"], "tap")).to_be_visible()
    tap_of(table, ids["Dan"], "tap").click()
    end = ana.wait_for(lambda s: s["game"]["outcome"] and s["game"]["outcome"]["kind"] == "race")
    assert end["game"]["outcome"]["losers"] == [ids["Ben"]]
    # Ana's tap and Eve's come close together: the server's fair judging
    # (each device's round trip counts) decides which is first.
    names = {pid: name for name, pid in ids.items()}
    order = [names[pid] for pid in end["game"]["outcome"]["order"]]
    assert order[2] == "Dan" and sorted(order[:2]) == ["Ana", "Eve"]
    expect(table.locator(".drinking-table .outcome .race-order li")).to_have_text(
        [f"{i}. {name}" for i, name in enumerate(order, 1)])
    no_overlap(table, ".drinking-table .outcome .race-order li")
    shots("floor-result", table)
    assert watch.errors == [] and watch.dialogs == []


def play_cards(client) -> None:
    """The phone whose turn it is plays one card, calling the first rank offered."""
    spec = next(a for a in client.state["you"]["actions"] if a["type"] == "play")
    action = {"type": "play", "cards": spec["params"]["cards"]["subset_of"][:1], "rank": spec["params"]["rank"]["one_of"][0]}
    assert client.call("game.act", {"action": action})["ok"]


@pytest.mark.parametrize("size,locale", SIZES)
def test_cheat_each_guest_calls_or_passes_without_opening_a_hand(open_table, server, shots, watch, size, locale):
    """Cheat: Ana plays. The call window gives Dan and Eve each "Cheat!" and
    "no call", named, on the table's face, at once: neither opens a hand
    (the table asks for no guest's view), both may decide at the same time.
    Dan lets it pass, Eve calls: the cards are turned."""
    table, (ana, ben), ids, frames = seat(open_table, server, size, locale, frames=True)
    assert table.evaluate("(o) => window.partyappTable.call('game.start', {mode: 'cheat', options: o})",
                          {"seed": 5, "call_seconds": 60, "deck": ["2S", "3H", "4D", "5C"]})["ok"]
    table.wait_for_selector("#game-area")
    # a staged deck is dealt from the first seat, who leads: Ana
    assert ana.wait_for(lambda s: s["game"] and s["game"]["turn"])["game"]["turn"] == ana.pid
    play_cards(ana)
    asked = len(frames.asked())
    for name in ("Dan", "Eve"):
        expect(tap_of(table, ids[name], "call")).to_be_visible()
        expect(tap_of(table, ids[name], "pass")).to_be_visible()
    expect(table.locator("#btn-show-hand, #guest-hand")).to_have_count(0)
    shots("cheat-window", table)
    fits(table, "the call window")
    tap_of(table, ids["Dan"], "pass").click()
    expect(tap_of(table, ids["Dan"], "pass")).to_have_count(0)
    tap_of(table, ids["Eve"], "call").click()
    expect(table.locator(".reveal-box")).to_be_visible()
    assert len(frames.asked()) == asked  # nobody's hand was asked for to call
    shots("cheat-called", table)
    assert watch.errors == [] and watch.dialogs == []


def test_irish_snap_gives_each_guest_a_named_slap(open_table, server, shots, watch):
    """Irish Snap on a tablet: when a card matches, Dan and Eve each get
    "NAME: SLAP!" on the table's face at once, beside the phones' SLAP."""
    from tests.games.reflex_helpers import snap_at

    table, (ana, ben), ids, _ = seat(open_table, server, TABLET, "en-GB")
    start(table, "irish_snap", snap_at(1), slap_window_ms=15000)
    table.wait_for_selector("#game-area")
    assert ana.call("game.act", {"action": {"type": "flip"}})["ok"]
    ben.wait_for(lambda s: s["game"]["turn"] == ben.pid)
    assert ben.call("game.act", {"action": {"type": "flip"}})["ok"]
    race = ana.wait_for(lambda s: s["game"]["race"] is not None)["game"]["race"]
    assert {ids["Dan"], ids["Eve"]} <= set(race["waiting"])
    expect(tap_of(table, ids["Dan"], "slap")).to_be_visible()
    expect(tap_of(table, ids["Eve"], "slap")).to_contain_text("Eve")
    shots("snap", table)
    fits(table, "a snap")
    tap_of(table, ids["Eve"], "slap").click()
    expect(tap_of(table, ids["Eve"], "slap")).to_have_count(0)
    expect(tap_of(table, ids["Dan"], "slap")).to_be_visible()
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("size", [pytest.param(TABLET, id="820x1180"), pytest.param(PHONE, id="390x844")])
def test_a_race_order_reads_as_a_list_on_a_table_device(open_table, server, shots, watch, size):
    """Floor with four phones on a table device: while the race is open and
    once it is judged, its order is a numbered list, "1. Ana", "2. Ben",
    each entry apart from the next (not "1. Ana2. Ben" run together, the
    numbers drawn over the names before them)."""
    table = open_table(viewport=size)
    code = code_of(table)
    phones = []
    for name in ("Ana", "Ben", "Cat", "Dan"):
        phone = WireClient(server.url).connect()
        assert phone.call("player.join", {"code": code, "name": name})["ok"]
        phones.append(phone)
    expect(table.locator("#players .pname")).to_have_count(4)
    start(table, "ring_of_fire", ["4S", "5H", "6D"])
    table.wait_for_selector(".drinking-table")
    ana, ben, cat, _ = phones
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    for phone in (ana, ben):
        assert phone.call("game.act", {"action": {"type": "tap"}})["ok"]
    # Who is first is the server's fair judging (each phone's round trip
    # counts, and a loaded machine can put Ben ahead): the list shows its order.
    names = {p["id"]: p["name"] for p in ana.state["players"]}
    view = ana.wait_for(lambda s: len(((s["game"] or {}).get("prompt") or {}).get("order", [])) == 2)
    first, second = (names[pid] for pid in view["game"]["prompt"]["order"])
    live = table.locator(".prompt-line.race .race-order li")
    expect(live).to_have_text([f"1. {first}", f"2. {second}"])
    no_overlap(table, ".prompt-line.race .race-order li")
    assert cat.call("game.act", {"action": {"type": "tap"}})["ok"]
    done = table.locator(".drinking-table .outcome .race-order li")
    expect(done).to_have_text([f"1. {first}", f"2. {second}", "3. Cat"])
    no_overlap(table, ".drinking-table .outcome .race-order li")
    shots("race-order", table)
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("size", [pytest.param(PHONE, id="390x844"), pytest.param(TABLET, id="820x1180")])
def test_a_long_name_on_a_race_button_breaks_only_between_words(open_table, server, shots, watch, size):
    """Floor on a table device with two long-named guests without a phone,
    in Russian: each guest's button ("Анастасия Владимировна: ЖМИ!") keeps
    every word of the name whole, its type smaller where the button is narrow."""
    from tests.browser.layout import broken_words

    guests = ["Анастасия Владимировна", "Maximilian-Alexander"]
    table, phones, ids, _ = seat(open_table, server, size, "ru-RU", guests=guests)
    start(table, "ring_of_fire", ["4S", "5H", "6D", "7C"])
    table.wait_for_selector(".drinking-table")
    assert phones[0].call("game.act", {"action": {"type": "draw"}})["ok"]
    for name in guests:
        expect(tap_of(table, ids[name], "tap")).to_contain_text(name)
    words = {w for name in guests for w in name.replace("-", " ").split()}
    broken = [w for w in broken_words(table) if w.strip(":") in words]
    shots("long-names", table)
    assert broken == [], broken
    fits(table, "the Floor race with long names")
    assert watch.errors == [] and watch.dialogs == []
