"""Looking back during a game (ui/history.js): a phone and the watch page
open the game's whole history without leaving the game (every entry, newest
first, who made it and when, and the rules in force), the panel stays open
and scrolled where it was across new entries and a reload, and the TV (and
the table on a tablet) shows the last few entries and the rules in force at
all times; in English and in Russian."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.browser.tablegames import join_wire, play_random, room_code, start

pytestmark = pytest.mark.browser

NAMES = ["Maximilian-Alexander", "Анастасия Владимировна", "\U0001F389 Zoe"]
PHONE_SIZE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
WORDS = {None: ("Look back", "Rules in force"), "ru-RU": ("История", "Действующие правила")}


# Every line of text in the open race's panel lies inside the panel and on
# screen (its right edge beside the players).
RACE_INSIDE_JS = r"""
() => {
  const problems = [];
  const panel = document.querySelector("#game-area .race-live");
  if (!panel) return ["no race on the table"];
  const box = panel.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue.trim()) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > vw + 0.5) {
        problems.push(`outside the race's panel (${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(box.left)}-${Math.round(box.right)}): ${JSON.stringify(node.nodeValue.trim())}`);
        break;
      }
    }
  }
  return problems;
}
"""


def dealt(guests, begin) -> None:
    """Start the game and wait until every guest has its first frame."""
    rev = max(g.wait_rev(0)["rev"] for g in guests)
    begin()
    for g in guests:
        g.wait_rev(rev + 1)


def log_ids(guest) -> list[int]:
    return [e["id"] for e in guest.state["game"]["log"]]


def top_entry(page) -> int:
    """The id of the entry at the top of the panel's list as scrolled."""
    return page.evaluate("""() => {
      const list = document.querySelector('#history-sheet .history-list');
      const top = list.getBoundingClientRect().top;
      const rows = [...list.querySelectorAll('.history-entry')];
      const row = rows.find((r) => r.getBoundingClientRect().bottom > top + 2);
      return Number(row.dataset.id);
    }""")


@pytest.mark.parametrize("locale", [None, "ru-RU"], ids=["en", "ru"])
def test_a_phone_and_the_watch_page_look_back_and_the_tv_shows_the_last_entries(
        locale, browser, server, open_table, open_phone, shots, watch):
    label, rules = WORDS[locale]
    table = open_table(locale=locale)
    code = room_code(table)
    guests = join_wire(server, code, NAMES)
    # a fixed deal, so that the random play below is the same every run and
    # the game is still on after it (its end takes the strip away)
    dealt(guests, lambda: start(table, "go_fish", {"seed": 3}))
    rng = random.Random(5)
    assert not play_random(guests, rng, 40)["over"]
    ids = log_ids(guests[0])
    assert ids[-1] > 20  # more than the view's window
    # the TV: the last entries and the rules in force, at all times
    strip = table.locator("#look-back")
    expect(strip.locator(".history-entry")).to_have_count(3)
    expect(strip.locator(".history-entry").first).to_have_attribute("data-id", str(log_ids(guests[0])[-1]))
    expect(strip).to_contain_text(rules)
    shots("tv", table)
    assert_fits(table, "the TV with its last entries")

    # a phone seated after the deal opens the history: every entry, newest first
    phone = open_phone(f"{server.url}/j/{code}", name="Ben", locale=locale, viewport=PHONE_SIZE)
    button = phone.locator("#btn-history")
    expect(button).to_have_text(label)
    button.click()
    sheet = phone.locator("#history-sheet")
    rows = sheet.locator(".history-entry")
    last = log_ids(guests[0])[-1]
    expect(rows).to_have_count(last)
    expect(rows.first).to_have_attribute("data-id", str(last))
    expect(rows.last).to_have_attribute("data-id", "1")
    expect(rows.first.locator(".history-who")).not_to_be_empty()
    expect(rows.first.locator(".history-when")).not_to_be_empty()
    expect(sheet).to_contain_text(rules)
    shots("phone", phone)

    # scrolled down to an older entry: new entries come in at the top and move nothing under the eyes
    sheet.locator(".history-list").evaluate("(el) => { el.scrollTop = el.scrollHeight / 2; }")
    phone.wait_for_function("() => document.querySelector('#history-sheet .history-list').scrollTop > 0")
    seen = top_entry(phone)
    before = log_ids(guests[0])[-1]
    assert not play_random(guests, rng, 4)["over"]
    after = log_ids(guests[0])[-1]
    assert after > before
    expect(rows.first).to_have_attribute("data-id", str(after))
    assert top_entry(phone) == seen
    # and a reload comes back open, at the same entry
    phone.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('partyapp.keep.')"
                            " && localStorage.getItem(k).includes('history.scroll'))")
    phone.reload()
    expect(phone.locator("#history-sheet .history-entry").first).to_have_attribute("data-id", str(after))
    phone.wait_for_function(f"""() => {{
      const list = document.querySelector('#history-sheet .history-list');
      const top = list.getBoundingClientRect().top;
      const row = [...list.querySelectorAll('.history-entry')].find((r) => r.getBoundingClientRect().bottom > top + 2);
      return row && Number(row.dataset.id) === {seen};
    }}""")
    shots("phone-reloaded", phone)

    # the watch page reads it too
    ctx = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True,
                              **({"locale": locale} if locale else {}))
    try:
        page = ctx.new_page()
        watch.watch(page)
        page.goto(f"{server.url}/w/{code}")
        page.locator("#btn-history").click()
        expect(page.locator("#history-sheet .history-entry")).to_have_count(after)
        expect(page.locator("#history-sheet .history-entry").first).to_have_attribute("data-id", str(after))
        shots("watch", page)
    finally:
        ctx.close()
    for g in guests:
        g.close()


@pytest.mark.parametrize("locale", [None, "ru-RU"], ids=["en", "ru"])
def test_the_table_on_a_tablet_shows_the_last_entries_and_the_rules(locale, server, open_table, shots):
    """With a race open, who slapped and who it waits for (long names) stay
    inside the race's panel beside the players, cut by nothing."""
    label, rules = WORDS[locale]
    table = open_table(locale=locale, viewport=TABLET)
    code = room_code(table)
    guests = join_wire(server, code, NAMES)
    dealt(guests, lambda: start(table, "irish_snap", {"seed": 2, "slap_window_ms": 15000}))
    game = play_random(guests, random.Random(2), 200, until=lambda g: g.get("race") is not None, avoid=("slap",))
    assert game.get("race") is not None, "no race opened"
    slapper = guests[1]  # Анастасия Владимировна
    slapper.wait_for(lambda s: any(a["type"] == "slap" for a in s["you"]["actions"]))
    assert slapper.call("game.act", {"action": {"type": "slap"}})["ok"]
    expect(table.locator("#game-area .race-live .race-in")).to_contain_text(NAMES[1])
    expect(table.locator("#game-area .race-live .race-wait")).to_be_visible()
    strip = table.locator("#look-back")
    expect(strip).to_be_visible()
    expect(strip.locator(".history-entry").first).to_have_attribute("data-id", str(log_ids(guests[0])[-1]))
    expect(strip).to_contain_text(rules)
    shots("tablet", table, full_page=True)
    problems = table.evaluate(RACE_INSIDE_JS)
    assert not problems, "\n".join(problems)
    for g in guests:
        g.close()


@pytest.mark.parametrize("locale", [None, "ru-RU"], ids=["en", "ru"])
def test_a_drinking_race_keeps_its_timings_on_the_tv_and_in_the_history(locale, server, open_table, open_phone, shots):
    """Floor: everybody taps; the forfeit the race ends with names each tap's
    margin behind the first, on the TV's strip and in a phone's history."""
    table = open_table(locale=locale)
    code = room_code(table)
    guests = join_wire(server, code, NAMES)
    dealt(guests, lambda: start(table, "ring_of_fire", {"deck": ["4S", "2H"]}))
    turn = guests[0].state["game"]["turn"]
    drawer = next(g for g in guests if g.pid == turn)
    assert drawer.call("game.act", {"action": {"type": "draw"}})["ok"]
    for g in guests[:2] if drawer is guests[2] else [g for g in guests if g is not drawer][:2]:
        g.wait_for(lambda s: any(a["type"] == "tap" for a in s["you"]["actions"]))
        assert g.call("game.act", {"action": {"type": "tap"}})["ok"]
    # on the table as the race's outcome, and in the TV's strip of last entries
    expect(table.locator("#game-area")).to_contain_text("+0 ms" if locale is None else "+0 мс")
    strip = table.locator("#look-back")
    expect(strip.locator(".history-entry").first).to_contain_text("+0 ms" if locale is None else "+0 мс")
    shots("tv-race", table)
    phone = open_phone(f"{server.url}/j/{code}", name="Ben", locale=locale, viewport=PHONE_SIZE)
    phone.locator("#btn-history").click()
    expect(phone.locator("#history-sheet .history-list")).to_contain_text("+0 ms" if locale is None else "+0 мс")
    shots("phone-race", phone)
    for g in guests:
        g.close()
