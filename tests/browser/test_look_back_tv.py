"""The TV shows the game's last few entries (at least three, in words, who
made each) and the rules in force at all times during play, in every mode:
on screen, whole, readable, covered by nothing and lying over nothing, at
1920x1080 and 1280x720, with 2, 8 and 16 players with long names, in English
and Russian (ui/history.js's LookBackStrip, which the page yields room to).
Beside it the players panel still lists every seat: nobody left out for a
"+N more players" (nobody can tap it on a TV), each whole name on screen,
broken only between words, covered by nothing (ui/seat.js's FitGrid).

The players join through Socket.IO clients and play a few random moves; the
table is a real page."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from partyapp.games import MODES
from tests.browser.layout import TV_MIN_FONT_VH, quiet, settle
from tests.browser.tablegames import MAIN_SCREEN, drawn, join_wire, play_random, room_code, start
from tests.browser.test_layout import TV_SIZES, names

pytestmark = pytest.mark.browser

RU_NAMES = ["Анастасия Владимировна", "Maximilian-Alexander", "\U0001F389 Зоя Константиновна",
            "Екатерина Александровна"]

# What must show, checked in the page: the strip's newest three entries (their
# maker and their words) and the rules in force (the strip's line, or in a
# drinking deck the table's own list of the rules made): each on screen, cut
# by no box, covered by nothing at any of its text's lines, in type large
# enough for the TV.
STRIP_JS = r"""
({minFontVh}) => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const describe = (el) => `<${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, ".")}> `
    + JSON.stringify((el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 50));
  const strip = document.querySelector("#look-back");
  if (!strip) return ["no strip of last entries on the TV"];
  const entries = [...strip.querySelectorAll(".history-entry")].slice(0, 3);
  if (entries.length < 3) problems.push(`the strip shows ${entries.length} entries, not 3`);
  const targets = [];
  for (const e of entries) {
    const who = e.querySelector(".history-who");
    const what = e.querySelector(".history-what");
    const maker = (e.dataset.maker || "").trim();
    if (!maker) problems.push(`an entry without its maker: ${describe(e)}`);
    if (!what || !what.textContent.trim()) { problems.push(`an entry without its words: ${describe(e)}`); continue; }
    // who made it shows: before the words, or (a dense entry) as the words' own subject
    if (who) {
      if (who.textContent.trim() !== maker) problems.push(`the maker is not who made it: ${describe(e)}`);
      targets.push(who, what);
    } else {
      if (!e.classList.contains("named") || !what.textContent.includes(maker)) problems.push(`the maker is named nowhere: ${describe(e)}`);
      targets.push(what);
    }
  }
  const rules = strip.querySelector(".history-rules") || document.querySelector("#game-area .rules-panel");
  if (!rules) problems.push("no rules in force");
  else targets.push(...[...rules.querySelectorAll("li, p, h3")].filter((el) => el.textContent.trim()));
  for (const el of targets) {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
      problems.push(`hidden: ${describe(el)}`);
      continue;
    }
    const cs = getComputedStyle(el);
    if (parseFloat(cs.fontSize) + 0.01 < minFontVh * vh / 100) problems.push(`type too small (${cs.fontSize}): ${describe(el)}`);
    if (el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== "visible") problems.push(`cut sideways: ${describe(el)}`);
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) { problems.push(`no box: ${describe(el)}`); continue; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      problems.push(`off screen (${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}): ${describe(el)}`);
    }
    for (let n = el.parentElement; n && n !== document.documentElement; n = n.parentElement) {
      const ns = getComputedStyle(n);
      if (ns.overflowX === "visible" && ns.overflowY === "visible") continue;
      const a = n.getBoundingClientRect();
      if (r.left < a.left - 0.5 || r.right > a.right + 0.5 || r.top < a.top - 0.5 || r.bottom > a.bottom + 0.5) {
        problems.push(`cut by ${describe(n)}: ${describe(el)}`);
        break;
      }
    }
    // every line of its text, at its middle and near both ends, shows this element
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const line of range.getClientRects()) {
      if (line.width < 2 || line.height < 2) continue;
      const y = line.top + line.height / 2;
      for (const x of [line.left + Math.min(3, line.width / 2), line.left + line.width / 2, line.right - Math.min(3, line.width / 2)]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit) && !hit.contains(el)) {
          problems.push(`covered by ${describe(hit)}: ${describe(el)}`);
          break;
        }
      }
    }
  }
  // and the page yields it its place: nothing of the game or the players lies over it or under it
  const box = strip.getBoundingClientRect();
  for (const el of document.querySelectorAll(".tv-main *")) {
    if (strip.contains(el) || el.contains(strip) || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (el.closest("[aria-hidden=true]")) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const over = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
    const across = Math.min(r.right, box.right) - Math.max(r.left, box.left);
    if (over > 1 && across > 1) problems.push(`the game's ${describe(el)} overlaps the strip`);
  }
  return [...new Set(problems)].slice(0, 30);
}
"""

# Every seat of the players panel, checked in the page: no "+N more" line,
# each seat's whole name shown in its panel and on screen, no word of it
# broken across lines, covered by nothing at any of its lines, in type large
# enough for the TV.
PLAYERS_JS = r"""
({minFontVh, count}) => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const describe = (el) => `<${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, ".")}> `
    + JSON.stringify((el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 50));
  const panel = document.querySelector(".game-layout .side .players-panel");
  if (!panel) return ["no players panel beside the game"];
  const more = panel.querySelector(".more-line");
  if (more && more.checkVisibility() && more.textContent.trim()) problems.push(`a seat left out: ${describe(more)}`);
  const seats = [...panel.querySelectorAll("#players > .seat")];
  if (seats.length !== count) problems.push(`${seats.length} seats listed, not ${count}`);
  for (const seat of seats) {
    const name = seat.querySelector(".pname");
    if (!seat.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || !name
      || !name.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
      problems.push(`a seat not shown: ${describe(seat)}`);
      continue;
    }
    const cs = getComputedStyle(name);
    if (parseFloat(cs.fontSize) + 0.01 < minFontVh * vh / 100) problems.push(`type too small (${cs.fontSize}): ${describe(name)}`);
    for (const el of [seat, name]) {
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`wider than its place: ${describe(el)}`);
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
        problems.push(`off screen (${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}): ${describe(el)}`);
      }
      for (let n = el.parentElement; n && n !== document.documentElement; n = n.parentElement) {
        const ns = getComputedStyle(n);
        if (ns.overflowX === "visible" && ns.overflowY === "visible") continue;
        const a = n.getBoundingClientRect();
        if (r.left < a.left - 0.5 || r.right > a.right + 0.5 || r.top < a.top - 0.5 || r.bottom > a.bottom + 0.5) {
          problems.push(`cut by ${describe(n)}: ${describe(el)}`);
          break;
        }
      }
    }
    const range = document.createRange();
    for (const node of name.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      // no word broken across two lines (a hyphen of its own may break)
      for (const m of node.nodeValue.matchAll(/[^\s\-\u2010\u2013\u2014]+/g)) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`a word broken across lines: ${JSON.stringify(m[0])} in ${describe(name)}`);
      }
    }
    range.selectNodeContents(name);
    for (const line of range.getClientRects()) {
      if (line.width < 2 || line.height < 2) continue;
      const y = line.top + line.height / 2;
      for (const x of [line.left + Math.min(3, line.width / 2), line.left + line.width / 2, line.right - Math.min(3, line.width / 2)]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || (!name.contains(hit) && !hit.contains(name))) {
          problems.push(`covered by ${hit ? describe(hit) : "nothing (off screen)"}: ${describe(name)}`);
          break;
        }
      }
    }
  }
  return [...new Set(problems)].slice(0, 30);
}
"""

# English with 8 players is the case every mode is checked in; Russian with
# 16 (as many as the mode takes) and with 2 players too; and for the players
# panel English with 16 and 6 (the late guests' QR code beside the players)
# and Russian with 8.
CASES = [("en", 8), ("ru", 16), ("ru", 2), ("en", 16), ("ru", 8), ("en", 6)]


def players(lang: str, count: int) -> list[str]:
    if lang == "en":
        return names(count)
    return [f"{i + 1} {RU_NAMES[i % len(RU_NAMES)]}"[:24] for i in range(count)]


@pytest.mark.parametrize("lang,count", CASES, ids=[f"{lang}-{n}" for lang, n in CASES])
@pytest.mark.parametrize("mode", list(MAIN_SCREEN))
def test_the_tv_shows_the_last_entries_the_rules_and_every_player_in_every_mode(mode, lang, count, server, open_table, shots):
    count = min(count, MODES[mode].max_players)
    table = open_table(locale=None if lang == "en" else "ru-RU")
    code = room_code(table)
    guests = join_wire(server, code, players(lang, count))
    try:
        expect(table.locator("#players .pname")).to_have_count(count, timeout=20_000)
        start(table, mode, {"seed": 7})
        for g in guests:
            g.wait_for(lambda s: s["game"] is not None)
        plan = MAIN_SCREEN[mode]
        rng = random.Random(7)
        play_random(guests, rng, plan["steps"], avoid=plan.get("avoid", ()), prefer=plan.get("prefer", ()))
        for _ in range(20):  # at least three entries to show (a game's first moves may log little)
            if len(guests[0].state["game"]["log"]) >= 3 or guests[0].state["game"]["over"]:
                break
            play_random(guests, rng, 1, avoid=plan.get("avoid", ()), prefer=plan.get("prefer", ()))
        assert not guests[0].state["game"]["over"], "the game ended before the check"
        drawn(table, max(g.state["rev"] for g in guests))
        expect(table.locator("#look-back .history-entry")).to_have_count(3)
        for width, height in TV_SIZES:
            table.set_viewport_size({"width": width, "height": height})
            settle(table)
            quiet(table)
            seats = {"minFontVh": TV_MIN_FONT_VH, "count": count}
            try:  # the panel fits its seats, and the page makes room for the strip, a frame or two after a change
                table.wait_for_function(f"(a) => ({PLAYERS_JS})(a).length === 0 && ({STRIP_JS})(a).length === 0",
                                        arg=seats, timeout=5_000)
            except PlaywrightTimeout:
                pass  # named below
            shots(f"{width}x{height}", table)
            problems = table.evaluate(STRIP_JS, {"minFontVh": TV_MIN_FONT_VH})
            problems += table.evaluate(PLAYERS_JS, seats)
            assert not problems, f"{mode} at {width}x{height}:\n" + "\n".join(problems)
    finally:
        for g in guests:
            g.close()
