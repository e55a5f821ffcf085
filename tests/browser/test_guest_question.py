"""The question master's "caught" for guests without a phone, on a table
device (a tablet at 820x1180, a phone at 390x844, a TV-sized screen
opened with "Play on this device"): Ana and Ben play on their phones
(protocol clients), two guests by tapping the table device. While somebody
holds the question master's card, a small strip on the table's face (not
folded away, not in place of the turn or a race) names the holder and
gives each guest their own named button, under what to do in words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_drinking import start
from tests.browser.test_guest_races import PHONE, TABLET
from tests.browser.test_guest_races import seat as seat_guests
from tests.browser.test_guests import fits

pytestmark = pytest.mark.browser

TV_HERE = {"width": 1920, "height": 1080}
CASES = [pytest.param(TABLET, "en-GB", ("Dan", "Eve"), id="820x1180-en"),
         pytest.param(PHONE, "ru-RU", ("Dan", "Eve"), id="390x844-ru"),
         pytest.param(PHONE, "en-GB", ("Maximilian-Alexander", "🦄"), id="390x844-en-long"),
         pytest.param(TABLET, "ru-RU", ("Анастасия Владимировна", "Eve"), id="820x1180-ru-long"),
         pytest.param(TV_HERE, "en-GB", ("Dan", "Eve"), id="1920x1080-en")]


def seat(open_table, server, size, locale, guests):
    """The table device with Ana and Ben on their phones, then two guests
    added on it: the table, (Ana, Ben), {name: id}."""
    table, phones, ids, _ = seat_guests(open_table, server, size, locale, guests=guests)
    return table, phones, ids


def strip_button(table, pid, move, target=None):
    extra = f"[data-target='{target}']" if target else ""
    return table.locator(f"#guest-standing [data-guest-tap='{pid}'][data-move='{move}']{extra}")


def apart(page, *selectors: str) -> None:
    """The boxes of ``selectors`` (each the first match) do not overlap."""
    boxes = [(s, page.locator(s).first.bounding_box()) for s in selectors]
    for i, (sa, a) in enumerate(boxes):
        for sb, b in boxes[i + 1:]:
            assert a and b, (sa, sb)
            clear = (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                     or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)
            assert clear, f"{sa} and {sb} overlap"


@pytest.mark.parametrize("size,locale,guests", CASES)
def test_a_guest_says_caught_on_the_table_face_while_ana_is_question_master(open_table, server, shots, watch,
                                                                           size, locale, guests):
    """Ring of Fire: Ana draws the queen and is question master. At once the
    table device's face shows her title and each guest's own "caught"
    button, named, under what to do. The first guest's tap makes them drink
    (Ana's catch, owned up to), and the strip stays for the next question.
    Through Ben's Floor race the strip is still there, under the race's
    named buttons, and covers neither them nor the card."""
    first, second = guests
    table, (ana, ben), ids = seat(open_table, server, size, locale, guests)
    start(table, "ring_of_fire", ["QS", "4S", "5H", "6D", "7C"], race_timeout_s=60)
    table.wait_for_selector(".drinking-table")
    expect(table.locator("#guest-standing")).to_have_count(0)  # nobody holds a catching card yet
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    for name in guests:
        expect(strip_button(table, ids[name], "answered")).to_be_visible()
        expect(strip_button(table, ids[name], "answered")).to_contain_text(name)
    expect(table.locator("#guest-standing .standing-title")).to_contain_text("Ana")
    if locale == "en-GB":
        expect(table.locator("#guest-standing .standing-title")).to_contain_text("Question master")
        expect(table.locator("#guest-standing .standing-call")).to_contain_text("Answered Ana's question?")
    shots("question-master", table)
    fits(table, "the question master's strip")
    strip_button(table, ids[first], "answered").click()
    end = ana.wait_for(lambda s: s["game"]["drinks"].get(ids[first]) == 1)
    assert end["game"]["drinks"][ids[second]] == 0
    assert any(e.get("msg") == "drinking.forfeit" or e.get("kind") == "forfeit" for e in end["game"]["log"])
    expect(strip_button(table, ids[second], "answered")).to_be_visible()  # the card is still held
    assert ben.call("game.act", {"action": {"type": "draw"}})["ok"]  # Floor: a race
    race = f"#guest-play [data-guest-tap='{ids[first]}'][data-move=tap]"
    expect(table.locator(race)).to_be_visible()
    expect(strip_button(table, ids[first], "answered")).to_be_visible()
    shots("question-master-and-floor", table)
    if size is not TV_HERE:  # a TV-sized table squeezes the roles panel in a race, strip or not (left as it was)
        fits(table, "the race with the question master's strip")
    assert table.locator("#guest-standing").evaluate(
        "(e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.left >= 0 && r.right <= innerWidth; }")
    apart(table, "#guest-play", "#guest-standing", ".drinking-table .card-title")
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("size,locale", [pytest.param(TABLET, "en-GB", id="820x1180-en"),
                                         pytest.param(PHONE, "ru-RU", id="390x844-ru")])
def test_a_guest_holding_the_queen_catches_whoever_answered_from_the_table_face(open_table, server, shots, watch,
                                                                               size, locale):
    """Ring of Fire: Dan, without a phone, draws the queen on the table
    device. The strip names him question master and gives him a named
    button for each player ("Dan: caught Eve"); his tap on Eve's makes her
    drink, as a phone's catch would; a second catch of Eve on the same card
    is refused with the reason."""
    table, (ana, ben), ids = seat(open_table, server, size, locale, ("Dan", "Eve"))
    start(table, "ring_of_fire", ["3S", "5H", "QS", "6D"])
    table.wait_for_selector(".drinking-table")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    ana.wait_for(lambda s: s["game"]["turn"] == ids["Ben"])
    assert ben.call("game.act", {"action": {"type": "draw"}})["ok"]
    draw = table.locator(f"#guest-play [data-guest='{ids['Dan']}'] button[data-action=draw]")
    draw.click()
    ana.wait_for(lambda s: s["game"]["holders"]["question_master"] == [ids["Dan"]])
    for name in ("Ana", "Ben", "Eve"):
        expect(strip_button(table, ids["Dan"], "caught", ids[name])).to_be_visible()
        expect(strip_button(table, ids["Dan"], "caught", ids[name])).to_contain_text(name)
    expect(strip_button(table, ids["Dan"], "caught", ids["Dan"])).to_have_count(0)
    expect(table.locator("#guest-standing .standing-title")).to_contain_text("Dan")
    shots("guest-question-master", table)
    fits(table, "a guest's question master strip")
    strip_button(table, ids["Dan"], "caught", ids["Eve"]).click()
    ana.wait_for(lambda s: s["game"]["drinks"].get(ids["Eve"]) == 1)
    strip_button(table, ids["Dan"], "caught", ids["Eve"]).click()
    expect(table.locator(".banner.error, [role=alert]").first).to_be_visible()
    assert ana.state["game"]["drinks"][ids["Eve"]] == 1
    assert watch.errors == [] and watch.dialogs == []
