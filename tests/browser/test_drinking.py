"""Ring of Fire and Kings as a party plays them: a table and phones, with
screenshots of each step."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def seat_phones(open_table, open_phone, server, names):
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phones = [open_phone(f"{server.url}/j/{code}", name, group=group) for name, group in names]
    expect(table.locator("#players .pname")).to_have_count(len(names))
    return table, phones


def start(table, mode, deck, variant=None):
    options = {"deck": deck}
    if variant:
        options["variant"] = variant
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})", [mode, options])
    assert answer["ok"], answer


def drawer(phones):
    for phone in phones:
        phone.wait_for_timeout(50)
    found = [p for p in phones if p.locator("button[data-action=draw]").count()]
    assert len(found) == 1, "exactly one phone may draw"
    return found[0]


def test_ring_of_fire_turns_with_three_phones(open_table, open_phone, server, shots, watch):
    """Four turns of Ring of Fire: the question master, "You", a race won and
    lost on the phones, and the table keeps count."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", "chicks"), ("Bob", "guys"), ("Cat", "chicks")])
    ana, bob, cat = phones
    start(table, "ring_of_fire", ["QS", "2H", "5C", "7D"])
    table.wait_for_selector(".drinking-table")
    expect(table.locator(".ring .cup .cup-label")).to_have_text("0/4")  # the cup the kings fill
    expect(table.locator(".ring .crown")).to_have_count(0)
    assert ana.locator(".status-line.mine").inner_text() == "Your turn: tap to draw"
    assert "Ana" in table.locator(".prompt-line").inner_text()

    drawer(phones).locator("button[data-action=draw]").click()  # Ana: Queen
    expect(table.locator(".drawn .card-title")).to_contain_text("Questionmaster")
    expect(table.locator(".roles li.held")).to_contain_text("Ana")
    ana.wait_for_selector(".my-roles")

    drawer(phones).locator("button[data-action=draw]").click()  # Bob: 2 "You"
    bob.wait_for_selector("[data-action=pick]")
    shots("phone-pick", bob, full_page=True)
    bob.locator("[data-action=pick] button", has_text="Cat").click()
    expect(table.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 1")

    drawer(phones).locator("button[data-action=draw]").click()  # Cat: 5 Guys
    expect(table.locator("#players li[data-pid=p2] .drinks")).to_have_text("🍺 1")

    drawer(phones).locator("button[data-action=draw]").click()  # Ana: 7 Heaven, a race
    for phone in phones:
        phone.wait_for_selector("button[data-action=tap]")
    shots("table-race", table)
    shots("phone-race", cat, full_page=True)
    ana.locator("button[data-action=tap]").click()
    cat.locator("button[data-action=tap]").click()
    table.wait_for_selector(".outcome .loser")
    assert table.locator(".outcome .loser").inner_text() == "Bob drinks 1 drink."
    assert table.locator("#players li[data-pid=p2] .drinks").inner_text().endswith("2")
    assert "Bob" in table.locator("#ticker").inner_text()
    shots("table-after-race", table)
    shots("phone-after-race", ana, full_page=True)
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.own_server  # the house variants are listed to every table of the server
def test_edit_a_card_then_draw_it(open_table, open_phone, server, shots, watch, tmp_path):
    """The host edits the Jack in the editor, saves the house rules, and the
    next game plays the edited card."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", None), ("Bob", None)])
    table.click("#btn-host")  # the Host drawer: host controls are not on the TV itself
    table.click("button[data-mode=ring_of_fire]")
    table.click(".btn-edit-rules")
    jack = table.locator(".ed-card[data-rank=J]")
    jack.locator(".ed-title").fill("House Jack")
    jack.locator(".ed-text").fill("Everybody drinks three.")
    jack.locator(".ed-effect").select_option("drink")
    jack.locator("select[data-param=who]").select_option(label="everybody")
    jack.locator("input[data-param=n]").fill("3")
    table.fill(".ed-name", "Our house")
    shots("editor", table)
    table.click(".ed-save")
    table.wait_for_selector(".ok-line:not([hidden])")
    with table.expect_download() as download:
        table.click(".ed-export")
    with open(download.value.path()) as fh:
        exported = json.load(fh)
    assert exported["name"] == "Our house" and exported["deck"]["cards"]["J"]["title"] == "House Jack"

    # A broken file is refused with the reason.
    bad = tmp_path / "bad.json"
    del exported["deck"]["cards"]["Q"]
    exported["name"] = "Broken"
    bad.write_text(json.dumps(exported))
    table.set_input_files(".editor input[type=file]", str(bad))
    table.wait_for_selector(".editor .error:not([hidden])")
    assert "Q" in table.locator(".editor .error").inner_text()
    expect(table.locator(".ed-base option")).to_have_text(["Standard Ring of Fire", "Our house"])
    table.click(".ed-close")
    expect(table.locator("#host-panel")).not_to_contain_text("null")

    table.wait_for_selector(".variant-select")
    assert table.locator(".variant-select").input_value() == "Our house"
    start(table, "ring_of_fire", ["JS"], variant="Our house")
    drawer(phones).locator("button[data-action=draw]").click()
    expect(table.locator(".drawn .card-title")).to_have_text("House Jack")
    expect(table.locator("#players .drinks")).to_have_text(["🍺 3", "🍺 3"])
    shots("table-house-jack", table)
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.own_server  # the house variants are listed to every table of the server
def test_house_rules_of_another_device_are_copied_not_changed(open_table, open_phone, server, shots, watch):
    """A second table (another device, another party on the server) sees the
    first one's house rules: it may start from them and save a copy under
    another name, and cannot delete them; the first may."""
    first, _ = seat_phones(open_table, open_phone, server, [("Ana", None)])
    first.click("#btn-host")
    first.click("button[data-mode=ring_of_fire]")
    first.click(".btn-edit-rules")
    first.locator(".ed-card[data-rank=J] .ed-title").fill("House Jack")
    first.fill(".ed-name", "Our house")
    first.click(".ed-save")
    first.wait_for_selector(".ok-line:not([hidden])")
    first.click(".ed-close")

    second, _ = seat_phones(open_table, open_phone, server, [("Bob", None)])
    second.click("#btn-host")
    second.click("button[data-mode=ring_of_fire]")
    second.click(".btn-edit-rules")
    second.locator(".ed-base").select_option("Our house")
    expect(second.locator(".ed-name")).to_have_value("Our house (copy)")
    expect(second.locator(".ed-delete")).to_be_disabled()
    assert second.locator(".ed-card[data-rank=J] .ed-title").input_value() == "House Jack"
    shots("editor-someone-elses", second)
    second.fill(".ed-name", "Our house")
    second.click(".ed-save")  # over somebody else's: refused with the reason
    expect(second.locator(".editor .error")).to_contain_text("another name")
    second.fill(".ed-name", "Our house (copy)")
    second.click(".ed-save")
    second.wait_for_selector(".ok-line:not([hidden])")
    expect(second.locator(".ed-delete")).to_be_enabled()  # the copy is its own

    first.click(".btn-edit-rules")
    first.locator(".ed-base").select_option("Our house")
    expect(first.locator(".ed-name")).to_have_value("Our house")
    first.click(".ed-delete")
    expect(first.locator(".ok-line")).to_contain_text("Deleted")
    assert watch.errors == [] and watch.dialogs == []


def test_kings_thumb_race_and_rps(open_table, open_phone, server, shots, watch):
    """Kings: the thumbmaster starts a thumb race from the phone; paper,
    scissors, stone is played on the phones either side of the drawer."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", None), ("Bob", None), ("Cat", None)])
    ana, bob, cat = phones
    start(table, "kings", ["4S", "8H", "QS"])
    ana.locator("button[data-action=draw]").click()  # Ana: thumbmaster
    ana.wait_for_selector("[data-action=thumb]")
    bob.locator("button[data-action=draw]").click()  # Bob: 8, Ana and Cat play
    for phone in (ana, cat):
        phone.wait_for_selector("[data-action=rps]")
    assert bob.locator("[data-action=rps]").count() == 0
    # Each player is told whom they play, and the score.
    expect(ana.locator(".rps-vs")).to_have_text("You play Cat")
    expect(cat.locator(".rps-vs")).to_have_text("You play Ana")
    expect(ana.locator(".rps-line")).to_have_text("Score: you 0 – 0 Cat (first to 2 wins)")
    shots("phone-rps", ana, full_page=True)
    ana.locator("[data-action=rps] button[data-value=paper]").click()
    cat.locator("[data-action=rps] button[data-value=stone]").click()
    expect(cat.locator(".rps-line")).to_have_text("Score: you 0 – 1 Ana (first to 2 wins)")
    expect(cat.locator(".rps-box .sub").first).to_contain_text("Last round: you stone, Ana paper — Ana won it")
    ana.locator("[data-action=rps] button[data-value=paper]").click()
    cat.locator("[data-action=rps] button[data-value=stone]").click()
    table.wait_for_selector(".outcome, .tick")
    expect(table.locator("#players li[data-pid=p3] .drinks")).to_have_text("🍺 2")
    # Between cards the thumbmaster starts the thumb race.
    ana.locator("[data-action=thumb] button[data-value=left]").click()
    for phone in (bob, cat):
        phone.wait_for_selector("[data-action=tap]")
    shots("table-thumb", table)
    # Bob copies with the wrong thumb; Cat, the only one left, is last: both lose.
    bob.locator("[data-action=tap] button[data-value=right]").click()
    # The race's outcome replaces paper, scissors, stone's (whose loser is Cat too).
    expect(table.locator(".outcome")).to_contain_text("Thumb")
    losers = table.locator(".outcome .loser").inner_text()
    assert "Bob" in losers and "Cat" in losers
    # Cat draws the question card and catches Ana answering: Ana necks, and
    # the table shows it apart from the fingers.
    cat.locator("button[data-action=draw]").click()
    cat.locator("details.powers summary").click()
    caught = cat.locator("form[data-action=caught]")
    caught.locator("button[data-value=p1]").click()  # Ana
    caught.locator("button[type=submit]").click()
    expect(table.locator("#players li[data-pid=p1] .mark.neck")).to_have_text("necked 1×")
    shots("table-kings", table)
    assert watch.errors == [] and watch.dialogs == []


def test_ring_of_fire_ten_makes_the_drawer_thumbmaster(open_table, open_phone, server, shots, watch):
    """Ring of Fire's 10: the table shows the drawer as thumbmaster with the
    category round, and the drawer's phone offers the thumb race."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", None), ("Bob", None), ("Cat", None)])
    ana, bob, cat = phones
    start(table, "ring_of_fire", ["10H"])
    ana.locator("button[data-action=draw]").click()
    expect(table.locator(".drawn .card-title")).to_have_text("Thumbmaster")
    held = table.locator(".roles li.held")
    expect(held).to_have_count(1)
    expect(held).to_contain_text("Thumbmaster")
    expect(held).to_contain_text("Ana")
    ana.wait_for_selector("[data-action=thumb]")
    expect(ana.locator(".my-roles")).to_contain_text("Thumbmaster")
    assert bob.locator("[data-action=thumb]").count() == 0 and cat.locator("[data-action=thumb]").count() == 0
    shots("table-thumbmaster", table)
    shots("phone-thumbmaster", ana, full_page=True)
    # The thumb race from Ana's phone; the category round waits for it.
    ana.locator("[data-action=thumb] button[data-value=right]").click()
    for phone in (bob, cat):
        phone.wait_for_selector("[data-action=tap]")
    shots("table-thumb-race", table)
    cat.locator("[data-action=tap] button[data-value=right]").click()
    table.wait_for_selector(".outcome .loser")
    assert table.locator(".outcome .loser").inner_text() == "Bob drinks 1 drink."
    expect(table.locator("#players li[data-pid=p2] .drinks")).to_have_text("🍺 1")
    ana.wait_for_selector("button[data-action=done]")
    assert watch.errors == [] and watch.dialogs == []
