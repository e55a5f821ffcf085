"""The TV layout with 2, 8 and 16 players with 24-character names, at
1920x1080 and 1280x720, in the lobby and in play, and the phone page at
390x844 and 360x760: no text off screen, clipped or covered (checked in the
page by tests/browser/layout.py), and the TV carries no host controls.

The players join through real Socket.IO clients; the table and one phone
(the host's) are real pages."""

from __future__ import annotations

import pytest

from tests.browser.layout import assert_fits, audit

pytestmark = pytest.mark.browser

TV_SIZES = [(1920, 1080), (1280, 720)]
PHONE_SIZES = [(390, 844), (360, 760)]

# 24 characters each, wide letters included.
LONG_NAMES = [
    "Bartholomew Fitzgerald Q", "Anastasia Wolkonskaya MM", "Maximilian Oberhauser WW", "Wilhelmina Catherwood Jr",
    "Christopher Montgomery B", "Evangeline Rutherford VI", "Konstantin Papadopoulos", "Guinevere Blackthorne MW",
    "Wolfgang Wawrzyniak WWWW", "Mortimer Worthington III", "Ottoline Marchbanks-Hume", "Hieronymus Bosch-Ward MM",
    "Persephone Wentworth Jnr", "Montgomery Whitmore WMWM", "Cassiopeia Dunwoody Shaw", "Leopold Wetherby-Mowbray",
]
assert all(len(n) >= 23 for n in LONG_NAMES)


def names(n: int) -> list[str]:
    return [name.ljust(24, "W")[:24] for name in LONG_NAMES[:n]]


def audit_tv(page, shots, label: str) -> None:
    for width, height in TV_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        shots(f"{label}-{width}x{height}", page)
        assert_fits(page, f"table {label} at {width}x{height}")


def audit_phone(page, shots, label: str) -> None:
    for width, height in PHONE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        shots(f"{label}-{width}x{height}", page, full_page=True)
        assert_fits(page, f"phone {label} at {width}x{height}", phone=True)


@pytest.mark.parametrize("count", [2, 8, 16])
def test_tv_and_phone_fit_every_name(count, open_table, seat_party, shots, watch):
    """Every name, the Start hint, the card, the rules, the roles and the
    away notice fit the TV at both sizes; the host's phone fits too."""
    table = open_table()
    all_names = names(count)
    phone, guests = seat_party(table, all_names)
    # The lobby: everybody's name, who starts the game, and no host controls on the TV.
    assert table.locator("#players .pname").all_text_contents() == all_names
    assert all_names[0] in table.locator(".lobby-next").inner_text()
    assert table.locator("#btn-start:visible, button[data-mode]:visible").count() == 0
    audit_tv(table, shots, f"lobby-{count}")
    audit_phone(phone, shots, f"phone-lobby-{count}")

    # In play: roles, two long rules, and the player whose turn it is away.
    deck = ["4S", "QS", "9H", "10H", "JS", "6S"]
    draws = 6 if count > 2 else 5
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'kings', options: {deck: d}})", deck)
    assert answer == {"ok": True}
    pages = {"p1": phone}
    wires = {g.pid: g for g in guests}
    for i in range(draws):
        # the frame after the last move (i cards drawn, no prompt open) says whose turn it is
        turn = guests[0].wait_for(lambda s, i=i: s["game"] is not None and s["game"]["prompt"] is None
                                  and s["game"]["drawn"] == i)["game"]["turn"]
        action = {"type": "draw"}
        rule = {"type": "rule", "text": f"Nobody says drink or points with a finger, rule {i + 1}"}
        for a in (action, rule) if deck[i][0] in "91" else (action,):
            if turn in pages:
                result = pages[turn].evaluate("(a) => window.partyappPhone.send(a)", a)
            else:
                result = wires[turn].call("game.act", {"action": a})
            assert result["ok"], result
    state = guests[0].wait_for(lambda s: len(s["game"]["rules"]) == 2 and s["game"]["drawn"] == draws
                               and s["game"]["prompt"] is None)
    away = state["game"]["turn"]
    assert away != "p1"
    wires[away].close()
    away_name = next(p["name"] for p in state["players"] if p["id"] == away)
    table.wait_for_selector(".away-notice", timeout=15_000)
    assert away_name in table.locator(".away-notice").inner_text()
    table.locator("#players .pname", has_text=all_names[-1]).wait_for()
    assert table.locator("#players .pname").all_text_contents() == all_names
    assert table.locator(".rules li").count() == 2
    assert table.locator("button:visible", has_text="Undo").count() == 0
    audit_tv(table, shots, f"play-{count}")

    phone.click("details.powers summary")
    phone.wait_for_selector("details.powers[open] form[data-action=breach]")
    audit_phone(phone, shots, f"phone-play-{count}")
    assert watch.errors == [] and watch.dialogs == []


# Names of one long word (24 characters at most, wide letters too), and of three.
ONE_WORD_NAMES = ["Ana", "Maximilianusbartholomew", "WWWWWWWWWWWWWWWWWWWWWWWW", "Konstantinopolitanische",
                  "Anna Maria Wawrzyniakowa"]
# Each choice button naming a player: the words of its name broken over
# lines (a word's own line boxes), its title and accessible name, whether
# it lies on the screen.
NAME_LINES = r"""() => [...document.querySelectorAll("details.powers[open] .btn-choice[data-player]")].map((b) => {
  const text = b.querySelector(".choice-name");
  const node = text.firstChild;
  const broken = [];
  let at = 0;
  for (const word of node.nodeValue.split(" ")) {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(word);
    at += word.length + 1;
  }
  const box = b.getBoundingClientRect();
  return { name: text.textContent, broken, title: b.title, label: b.textContent.trim(),
           inside: box.left >= 0 && box.right <= document.documentElement.clientWidth };
})"""


@pytest.mark.parametrize("width, height", [(360, 640), (412, 915)])
def test_long_one_word_names_in_the_phone_penalty_grid(width, height, open_table, seat_party, shots, watch):
    """A name on a choice button (who broke the rule) is never broken in
    mid-word: one long word stays on one line, smaller or cut with an
    ellipsis; several words break between them; the whole name is the
    button's title and accessible name, and nothing overflows the phone."""
    table = open_table()
    phone, guests = seat_party(table, ONE_WORD_NAMES)
    phone.set_viewport_size({"width": width, "height": height})
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'ring_of_fire', options: {deck: d}})",
                            ["JD", "3H"])
    assert answer == {"ok": True}
    assert phone.evaluate("(a) => window.partyappPhone.send(a)", {"type": "draw"})["ok"]
    assert phone.evaluate("(a) => window.partyappPhone.send(a)", {"type": "rule", "text": "No pointing"})["ok"]
    phone.click("details.powers summary")
    phone.wait_for_selector("details.powers[open] form[data-action=breach]")
    phone.locator("form[data-action=breach]").scroll_into_view_if_needed()
    shots(f"phone-penalties-{width}x{height}", phone)
    buttons = phone.evaluate(NAME_LINES)
    assert sorted(b["name"] for b in buttons) == sorted(ONE_WORD_NAMES)
    for b in buttons:
        assert b["broken"] == [], f"{b['name']}: broken in mid-word: {b['broken']}"
        assert b["title"] == b["name"] and b["label"] == b["name"], b
        assert b["inside"], f"{b['name']}'s button is off the screen"
    assert_fits(phone, f"the penalty grid at {width}x{height}", phone=True)
    assert watch.errors == [] and watch.dialogs == []


def test_the_audit_takes_an_ellipsis_only_with_the_whole_name_in_a_title(browser):
    """A name cut with an ellipsis passes the layout audit when the whole
    name is the title of its button, and fails it when it is nowhere."""
    page = browser.new_page(viewport={"width": 360, "height": 640})
    try:
        cut = ("display:block;width:120px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis")
        page.set_content(f"""<body style="margin:0">
          <button title="Maximilianusbartholomew"><span style="{cut}">Maximilianusbartholomew</span></button>
          <button><span style="{cut}">Konstantinopolitanische</span></button></body>""")
        problems, checked = audit(page, scroll=True)
        assert checked == 2
        assert problems and all("Konstantinopolitanische" in p for p in problems), problems
        assert any("overflows its box sideways" in p for p in problems), problems
    finally:
        page.close()
