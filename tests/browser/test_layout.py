"""The TV layout with 2, 8 and 16 players with 24-character names, at
1920x1080 and 1280x720, in the lobby and in play, and the phone page at
390x844 and 360x760: no text off screen, clipped or covered (checked in the
page by tests/browser/layout.py), and the TV carries no host controls.

The players join through real Socket.IO clients; the table and one phone
(the host's) are real pages."""

from __future__ import annotations

import pytest

from tests.browser.layout import assert_fits, audit, settle

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
        settle(page)
        shots(f"{label}-{width}x{height}", page)
        assert_fits(page, f"table {label} at {width}x{height}")


# The visible strip of each card of a hand on the phone, in px: what a thumb
# can tap before the next card covers it.
HAND_STRIPS = """() => [...document.querySelectorAll('.hand .hand-row')].flatMap((row) => {
  const slots = [...row.querySelectorAll('.hand-slot')].map((s) => s.getBoundingClientRect());
  return slots.map((r, i) => (i + 1 < slots.length ? slots[i + 1].left : r.right) - r.left);
})"""


def audit_phone(page, shots, label: str) -> None:
    for width, height in PHONE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        shots(f"{label}-{width}x{height}", page, full_page=True)
        assert_fits(page, f"phone {label} at {width}x{height}", phone=True)
        strips = page.evaluate(HAND_STRIPS)
        assert all(w >= 43.5 for w in strips), f"phone {label} at {width}x{height}: a card of the hand is {min(strips):.0f} px to tap"


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
# The words of a text node broken over lines (a word's own line boxes on
# more than one line), as a script for the page.
BROKEN_WORDS = r"""const brokenWords = (node) => {
  const broken = [];
  let at = 0;
  for (const word of node.nodeValue.split(" ")) {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(word);
    at += word.length + 1;
  }
  return broken;
};"""
# Each choice button naming a player: the words of its name broken over
# lines, its title and accessible name, whether it lies on the screen.
NAME_LINES = "() => {" + BROKEN_WORDS + r"""
  return [...document.querySelectorAll("details.powers[open] .btn-choice[data-player]")].map((b) => {
    const text = b.querySelector(".choice-name");
    const box = b.getBoundingClientRect();
    return { name: text.textContent, broken: brokenWords(text.firstChild), title: b.title, label: b.textContent.trim(),
             inside: box.left >= 0 && box.right <= document.documentElement.clientWidth };
  });
}"""


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


# Rules in force: a short one (a short name's length), a short sentence, a
# long sentence and one near the longest a rule may be, with a word longer
# than a phone's row.
RULE_TEXTS = ["No swearing", "No first names", "Nobody may point with a finger or say the word drink",
              "Whoever laughs at their own joke drinks twice, and Supercalifragilisticexpialidocious is banned"]
SHORT_TEXT = 11  # characters: longer texts take the whole row (as names longer than this do)
# Each choice button naming a rule: its text, its width and its row's, the
# left edge and top of each line of its text, and the words broken over lines.
RULE_LINES = "() => {" + BROKEN_WORDS + r"""
  const buttons = "details.powers[open] form[data-action=breach] .btn-choice:not([data-player])";
  return [...document.querySelectorAll(buttons)].map((b) => {
    const node = [...b.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.nodeValue.trim());
    const whole = document.createRange();
    whole.selectNodeContents(node);
    const lines = [...whole.getClientRects()].filter((r) => r.width > 0);
    const box = b.getBoundingClientRect();
    return { text: node.nodeValue, width: box.width, row: b.closest(".choices").getBoundingClientRect().width,
             lines: [...new Set(lines.map((r) => Math.round(r.top)))].length,
             lefts: [...new Set(lines.map((r) => Math.round(r.left)))], broken: brokenWords(node),
             inside: box.left >= 0 && box.right <= document.documentElement.clientWidth };
  });
}"""


@pytest.mark.parametrize("width, height", [(360, 640), (412, 915)])
def test_long_rule_texts_in_the_phone_penalty_grid(width, height, open_table, seat_party, shots, watch):
    """Which rule was broken: a rule longer than a short name takes the
    whole row and reads as a sentence (several words a line, every line
    starting at the left, no word broken but one longer than the row); a
    short one keeps its column; nothing overflows the phone."""
    table = open_table()
    phone, (bob,) = seat_party(table, ["Ana", "Bob"])
    phone.set_viewport_size({"width": width, "height": height})
    answer = table.evaluate("(d) => window.partyappTable.call('game.start', {mode: 'ring_of_fire', options: {deck: d}})",
                            ["JD", "JH", "JS", "JC", "3H"])
    assert answer == {"ok": True}
    for i, text in enumerate(RULE_TEXTS):  # Ana and Bob in turn draw a jack and make a rule
        for action in ({"type": "draw"}, {"type": "rule", "text": text}):
            if i % 2 == 0:
                assert phone.evaluate("(a) => window.partyappPhone.send(a)", action)["ok"]
            else:
                assert bob.call("game.act", {"action": action})["ok"]
    phone.click("details.powers summary")
    phone.wait_for_selector("details.powers[open] form[data-action=breach]")
    phone.wait_for_function("(n) => document.querySelectorAll('form[data-action=breach] .btn-choice:not([data-player])')"
                            ".length === n", arg=len(RULE_TEXTS))
    phone.locator("form[data-action=breach]").scroll_into_view_if_needed()
    shots(f"phone-rules-{width}x{height}", phone)
    shots(f"phone-rules-{width}x{height}-page", phone, full_page=True)
    buttons = phone.evaluate(RULE_LINES)
    assert sorted(b["text"] for b in buttons) == sorted(RULE_TEXTS)
    for b in buttons:
        words = b["text"].split(" ")
        if len(b["text"]) > SHORT_TEXT:
            assert abs(b["width"] - b["row"]) <= 1, f"{b['text']!r} does not take the whole row: {b}"
            assert len(b["lefts"]) == 1, f"{b['text']!r}: its lines do not start at the left: {b}"
            assert b["lines"] <= max(1, len(words) // 2), f"{b['text']!r}: {b['lines']} lines for {len(words)} words"
        else:
            assert b["width"] < b["row"] * 0.6, f"{b['text']!r} takes more than its column: {b}"
        assert all(len(w) > 24 for w in b["broken"]), f"{b['text']!r}: broken in mid-word: {b['broken']}"
        assert b["inside"], f"{b['text']!r}'s button is off the screen"
    assert_fits(phone, f"the rules of the penalty grid at {width}x{height}", phone=True)
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
