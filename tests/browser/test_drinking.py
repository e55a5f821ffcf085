"""Ring of Fire and Kings as a party plays them: a table and phones, with
screenshots of each step."""

from __future__ import annotations

import copy
import json

import pytest
from playwright.sync_api import expect

from partyapp.games.drinking.decks import KINGS
from tests.browser.layout import in_step

pytestmark = pytest.mark.browser


def seat_phones(open_table, open_phone, server, names):
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phones = [open_phone(f"{server.url}/j/{code}", name, group=group) for name, group in names]
    expect(table.locator("#players .pname")).to_have_count(len(names))
    return table, phones


def start(table, mode, deck, variant=None, **more):
    options = {"deck": deck, **more}
    if variant:
        options["variant"] = variant
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})", [mode, options])
    assert answer["ok"], answer


def drawer(phones):
    in_step(phones)
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


@pytest.mark.own_server  # the house variants' names are the server's
def test_house_rules_of_another_party_are_neither_listed_nor_taken(open_table, open_phone, server, shots, watch):
    """Another party on the same server (another room, another device) does
    not see the first one's house rules, nor can it save over them: it is
    told to pick another name, and what it saves is its own. The first
    party still lists, starts and deletes its own."""
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
    expect(second.locator(".ed-base option")).to_have_text(["Standard Ring of Fire"])
    expect(second.locator(".editor")).not_to_contain_text("House Jack")
    second.fill(".ed-name", "Our house")
    second.click(".ed-save")  # the first party's name: refused with the reason
    expect(second.locator(".editor .error")).to_contain_text("another name")
    shots("editor-name-taken", second)
    second.fill(".ed-name", "Bob's house")
    second.click(".ed-save")
    second.wait_for_selector(".ok-line:not([hidden])")
    expect(second.locator(".ed-delete")).to_be_enabled()  # its own
    expect(second.locator(".ed-base option")).to_have_text(["Standard Ring of Fire", "Bob's house"])

    first.click(".btn-edit-rules")
    expect(first.locator(".ed-base option")).to_have_text(["Standard Ring of Fire", "Our house"])
    first.locator(".ed-base").select_option("Our house")
    expect(first.locator(".ed-name")).to_have_value("Our house")
    first.click(".ed-delete")
    first.click("#ask button[data-answer=yes]")  # the app's own question
    expect(first.locator(".ok-line")).to_contain_text("Deleted")
    assert watch.errors == [] and watch.dialogs == []


def test_kings_thumb_race_and_rps(open_table, open_phone, server, shots, watch):
    """Kings: the thumbmaster starts a thumb race from the phone; paper,
    scissors, stone is played on the phones either side of the drawer."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", None), ("Bob", None), ("Cat", None)])
    ana, bob, cat = phones
    # a race long enough for the screenshots taken while it runs
    start(table, "kings", ["4S", "8H", "QS"], race_timeout_s=60)
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
    shots("phone-thumb-race", bob, full_page=True)
    # The copying phones get two thumbs as big as the card races' TAP.
    for phone in (bob, cat):
        for thumb in ("left", "right"):
            box = phone.locator(f"[data-action=tap] button[data-value={thumb}]").bounding_box()
            assert box["height"] >= 0.3 * 760 and box["width"] >= 0.4 * 360, box
    # Bob copies with the wrong thumb: no copy, the race goes on and his
    # phone says so; he copies again with the right one and Cat, left
    # last, loses alone.
    bob.locator("[data-action=tap] button[data-value=right]").click()
    expect(bob.locator(".wrong-thumb-line")).to_have_text("Wrong thumb: that was no copy. Copy again!")
    expect(table.locator(".prompt-line .wrong-thumb")).to_contain_text("Bob")
    shots("phone-wrong-thumb", bob, full_page=True)
    bob.locator("[data-action=tap] button[data-value=left]").click()
    # The race's outcome replaces paper, scissors, stone's (whose loser is Cat too).
    expect(table.locator(".outcome")).to_contain_text("Thumb")
    expect(table.locator(".outcome .loser")).to_have_text("Cat drinks 2 fingers.")
    # Cat draws the question card and catches Ana answering: the button
    # reads "Caught" as the card says, with the card, not folded away. Ana
    # necks, and the table shows it apart from the fingers.
    cat.locator("button[data-action=draw]").click()
    caught = cat.locator(".my-roles form[data-action=caught]")
    expect(caught.locator(".action-label")).to_have_text("Caught")
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
    start(table, "ring_of_fire", ["10H"], word_turns=True)  # the table rule: a tap after each word
    ana.locator("button[data-action=draw]").click()
    expect(table.locator(".drawn .card-title")).to_have_text("Thumbmaster")
    held = table.locator(".roles li.held")
    expect(held).to_have_count(1)
    expect(held).to_contain_text("Thumbmaster")
    expect(held).to_contain_text("Ana")
    ana.wait_for_selector("[data-action=thumb]")
    expect(ana.locator(".my-roles")).to_contain_text("Thumbmaster")
    # The thumb race starts from the thumbmaster's card, apart from the
    # round's "Done: pass it on".
    expect(ana.locator(".my-roles [data-action=thumb]")).to_have_count(1)
    expect(ana.locator(".actions.primary [data-action=thumb]")).to_have_count(0)
    expect(ana.locator(".actions.primary button[data-action=done]")).to_have_count(1)
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


def test_ring_of_fire_waterfall_until_the_drawer_stops_and_the_necked_cup(open_table, open_phone, server, shots, watch):
    """Ring of Fire's Ace as the seed says: everybody drinks until the
    drawer stops, and the table names the drawer (no stopping order); after
    the last king is necked the table shows the cup empty."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", None), ("Bob", None)])
    ana, bob = phones
    start(table, "ring_of_fire", ["AS", "KS", "KH", "KD", "KC"])
    ana.locator("button[data-action=draw]").click()
    expect(table.locator(".outcome.waterfall")).to_have_text("Waterfall — everybody drinks until Ana stops.")
    expect(table.locator(".drawn .card-rule")).to_have_text(
        "Everyone must keep drinking until the person who picked the card stops.")
    assert "order" not in table.locator(".dt-status").inner_text()
    # Ana's own phone says her part to her.
    expect(ana.locator(".phone-card .card-forfeits")).to_have_text("Waterfall: You drink 1 drink. Bob drinks 1 drink.")
    shots("table-waterfall", table)
    for kings, phone in enumerate((bob, ana, bob), start=1):
        phone.locator("button[data-action=draw]").click()
        expect(table.locator(".ring .cup .cup-label")).to_have_text(f"{kings}/4")
    ana.locator("button[data-action=draw]").click()  # the last king: Ana necks the cup
    expect(table.locator(".prompt-line.over")).to_contain_text("Ana drew the last king and necks the cup!")
    expect(table.locator(".ring .cup.necked .cup-label")).to_have_text("empty")
    table.wait_for_function("() => document.querySelector('.ring .cup-fill').getBoundingClientRect().height === 0")
    expect(table.locator(".deck-count")).to_contain_text("the cup is necked")
    shots("table-cup-necked", table)
    assert watch.errors == [] and watch.dialogs == []


def test_kings_jail_pocket_and_cancel_beside_the_forfeit_and_two_question_cards(open_table, open_phone, server, shots, watch):
    """Kings: the jail card is out when drawn (Bob may steal it) and its
    holder pockets it on the phone (then nobody may); a forfeit of Ana's
    offers her jail card right where it is shown, and her phone says her
    forfeit to her; two Queens make two question cards, both on the table;
    the kings are shown as drawn, with no cup."""
    table, phones = seat_phones(open_table, open_phone, server, [("Ana", None), ("Bob", None), ("Cat", None)])
    ana, bob, cat = phones
    start(table, "kings", ["JS", "3S", "QS", "KS", "QH"])
    expect(table.locator(".ring .cup")).to_have_count(0)
    expect(table.locator(".ring .kings-drawn .kings-label")).to_have_text("0/4")
    ana.locator("button[data-action=draw]").click()  # Ana: the jail card, out
    expect(ana.locator(".my-roles .pocket-line")).to_have_text("Out of your pocket: it can be stolen!")
    bob.locator("details.powers summary").click()
    expect(bob.locator("[data-action=steal]")).to_have_count(1)
    shots("phone-jail-out", ana, full_page=True)
    ana.locator(".my-roles button[data-action=pocket]").click()
    expect(ana.locator(".my-roles .pocket-line")).to_have_text("In your pocket: nobody can steal it.")
    expect(bob.locator("[data-action=steal]")).to_have_count(0)
    expect(table.locator(".roles li[data-role=jail]")).to_contain_text("(in the pocket)")

    bob.locator("button[data-action=draw]").click()  # Bob: black 3, Ana on his right drinks 2
    mine = ana.locator(".phone-card .card-forfeit")
    expect(mine).to_contain_text("You drink 2 fingers.")
    expect(table.locator(".drawn .card-forfeits")).to_contain_text("Ana drinks 2 fingers.")
    cancel = mine.locator("button.btn-jail-cancel")
    expect(cancel).to_have_text("Cancel it with your jail card")
    assert cancel.bounding_box()["height"] >= 44
    shots("phone-forfeit-jail", ana, full_page=True)
    cancel.click()
    expect(table.locator("#players li[data-pid=p1] .drinks")).to_have_text("🍺 0")
    expect(table.locator("#ticker")).to_contain_text("Ana gets out of jail free")

    cat.locator("button[data-action=draw]").click()  # Cat: the first question card
    ana.locator("button[data-action=draw]").click()  # Ana: a king, free, no pouring
    expect(table.locator("#ticker")).to_contain_text("Ana draws king 1 of 4: no forfeit.")
    expect(table.locator(".ring .kings-drawn .card")).to_have_count(1)
    expect(table.locator(".deck-count")).to_contain_text("kings 1/4")
    assert "pour" not in table.locator("#ticker").inner_text()
    bob.locator("button[data-action=draw]").click()  # Bob: a second question card; Cat keeps hers
    held = table.locator(".roles li[data-role=question_card]")
    expect(held).to_contain_text("Cat")
    expect(held).to_contain_text("Bob")
    expect(cat.locator(".my-roles")).to_contain_text("Question card")
    expect(cat.locator(".my-roles form[data-action=caught]")).to_have_count(1)
    shots("table-two-question-cards", table)
    shots("phone-question-card", cat, full_page=True)
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("size", [(360, 760), (390, 844)])
def test_kings_phones_in_russian(open_table, open_phone, server, shots, watch, size):
    """A Russian phone at phone sizes: the jail card by a forfeit, the thumb
    race's two thumbs and the cards' own moves, all in Russian, nothing off
    the screen or broken inside a word."""
    from tests.browser.layout import assert_fits

    table = open_table(locale="ru-RU")  # the TV in Russian too
    code = table.locator(".room-code").inner_text().strip()
    ana, bob = (open_phone(f"{server.url}/j/{code}", name) for name in ("Ana", "Bob"))
    ru = open_phone(f"{server.url}/j/{code}", "Катя", locale="ru-RU")
    ru.set_viewport_size({"width": size[0], "height": size[1]})
    expect(table.locator("#players .pname")).to_have_count(3)
    start(table, "kings", ["4S", "JS", "3S"], race_timeout_s=60)
    ana.locator("button[data-action=draw]").click()  # Ana: thumbmaster
    bob.locator("button[data-action=draw]").click()  # Bob: the jail card
    ru.locator("button[data-action=draw]").click()  # Катя: black 3, Bob drinks 2
    ana.locator("[data-action=thumb] button[data-value=left]").click()
    ru.wait_for_selector(".thumb-tap")
    expect(ru.locator(".thumb-tap button[data-value=left]")).to_have_text("Левый палец")
    shots(f"phone-thumb-ru-{size[0]}x{size[1]}", ru, full_page=True)
    assert_fits(ru, "the thumb race in Russian", phone=True)
    ru.locator(".thumb-tap button[data-value=right]").click()
    expect(ru.locator(".wrong-thumb-line")).to_have_text("Не тот палец: это не считается. Повторите ещё раз!")
    assert_fits(ru, "a wrong thumb in Russian", phone=True)
    expect(table.locator(".prompt-line .wrong-thumb")).to_contain_text("Не тот палец, ещё не повторили: Катя")
    expect(table.locator(".ring .kings-drawn .kings-label")).to_have_text("0/4")
    shots("table-wrong-thumb-ru", table)
    assert table.evaluate("() => [...window.partyappI18n.missing]") == []
    ru.locator(".thumb-tap button[data-value=left]").click()
    expect(ru.locator(".phone-outcome")).to_be_visible()
    assert ru.evaluate("() => [...window.partyappI18n.missing]") == []
    shots(f"phone-after-thumb-ru-{size[0]}x{size[1]}", ru, full_page=True)
    assert watch.errors == [] and watch.dialogs == []


# Twelve rules made, each long: the first words say which it is.
RULES = [f"Rule {i}: nobody says drink, points with a finger or touches the cup with the left hand at the table"
         if i % 2 else f"Правило {i}: никто не говорит «пить» и не показывает пальцем на стол, а кто забыл — пьёт два"
         for i in range(1, 13)]


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_every_rule_in_force_is_shown_on_the_tv(locale, open_table, server, shots, watch):
    """Twelve long rules: the TV's rules panel shows every one, the newest
    first, denser then in pages that turn by themselves ("Page 1 of 2"),
    never "+N older rules" nobody can tap; nothing clipped or off screen at
    1920x1080 and 1280x720."""
    from tests.browser.layout import check_at_tv_sizes
    from tests.browser.tablegames import join_wire, room_code

    table = open_table(locale=locale)
    clients = join_wire(server, room_code(table), ["Maximilian-Alexander", "Анастасия Владимировна", "🦄 Sparkle Unicorn 🌈"])
    try:
        by_pid = {c.pid: c for c in clients}
        expect(table.locator("#players .pname")).to_have_count(3)
        # Kings with its eights a rule card too, as its nines and tens: twelve rules.
        house = copy.deepcopy(KINGS)
        house["cards"]["8"] = house["cards"]["9"]
        start(table, "kings", [f"{rank}{suit}" for rank in ("8", "9", "10") for suit in "HSDC"], variant=house)
        for i, text in enumerate(RULES):
            state = clients[0].wait_for(lambda s, i=i: s["game"] is not None and s["game"]["drawn"] == i
                                        and s["game"]["prompt"] is None)
            who = by_pid[state["game"]["turn"]]
            assert who.call("game.act", {"action": {"type": "draw"}})["ok"]
            answer = who.call("game.act", {"action": {"type": "rule", "text": text}})
            assert answer["ok"], answer
        panel = table.locator(".rules-panel")
        expect(panel.locator("li")).to_have_count(12)
        # the newest first, as ever
        expect(panel.locator("li").first).to_contain_text("Правило 12:")
        check_at_tv_sizes(table, shots, f"kings-rules-12-{locale or 'en'}",
                          paged=(".rules-panel", ".rules-panel li", RULES))
        assert watch.errors == []
    finally:
        for c in clients:
            c.close()
