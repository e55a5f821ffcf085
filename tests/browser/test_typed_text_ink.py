"""Every character the text cleaner takes draws something (issue 44, point
4): each one is drawn in a real Chromium, in the app's fonts (the start
page's own), and none of them may leave the canvas blank. Before, "Ann" +
U+FFFC (the object replacement character, which Chromium draws as nothing)
sat beside "Ann" and the TV showed two Ann.

A character is drawn alone; a combining mark after an "o", and it must
change what the "o" alone draws. White space is left out (the cleaner
folds it into one plain space), and so are the characters the cleaner
lets through only inside an emoji (the joiners, the variation selectors,
the tags): what is checked is every character a cleaned text can hold
between two letters. The joiners a script needs, which the cleaner takes
only there, must change what the letters beside them draw."""

from __future__ import annotations

import unicodedata

import pytest

from partyapp.games.kit.text import TextRefused, clean_text

pytestmark = pytest.mark.browser

# Characters a canvas cell is drawn per pass; each cell is clipped to itself,
# so a wide glyph never lends its ink to a neighbour.
BATCH = 4000

INK = """(items) => {
  const font = getComputedStyle(document.body).fontFamily;
  const size = 24, cell = 64, cols = 64;
  const canvas = document.createElement("canvas");
  canvas.width = cols * cell;
  canvas.height = Math.ceil(items.length / cols) * cell;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  g.font = `${size}px ${font}`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  // what an "o" alone draws, for the combining marks drawn after one
  const ref = document.createElement("canvas");
  ref.width = ref.height = cell;
  const r = ref.getContext("2d", { willReadFrequently: true });
  r.font = g.font;
  r.textAlign = "center";
  r.textBaseline = "middle";
  r.fillText("o", cell / 2, cell / 2);
  const base = r.getImageData(0, 0, cell, cell).data;
  const at = (i) => [(i % cols) * cell, Math.floor(i / cols) * cell];
  items.forEach(([cp, mark], i) => {
    const [x, y] = at(i);
    g.save();
    g.beginPath();
    g.rect(x, y, cell, cell);
    g.clip();
    g.fillText((mark ? "o" : "") + String.fromCodePoint(cp), x + cell / 2, y + cell / 2);
    g.restore();
  });
  const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
  const blank = [];
  items.forEach(([cp, mark], i) => {
    const [x0, y0] = at(i);
    for (let y = 0; y < cell; y++) {
      for (let x = 0; x < cell; x++) {
        const alpha = data[((y0 + y) * canvas.width + x0 + x) * 4 + 3];
        if (mark ? alpha !== base[(y * cell + x) * 4 + 3] : alpha !== 0) return;
      }
    }
    blank.push(cp);
  });
  return { font, blank };
}"""

ALONE = """([cp, mark]) => {
  const canvas = document.createElement("canvas");
  canvas.width = 600;
  canvas.height = 300;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  g.font = `96px ${getComputedStyle(document.body).fontFamily}`;
  g.textBaseline = "middle";
  const draw = (text) => {
    g.clearRect(0, 0, 600, 300);
    g.fillText(text, 200, 150);
    return Array.from(g.getImageData(0, 0, 600, 300).data.filter((_, i) => i % 4 === 3));
  };
  const with_ = draw((mark ? "o" : "") + String.fromCodePoint(cp));
  const without = mark ? draw("o") : with_.map(() => 0);
  return with_.some((a, i) => a !== without[i]);
}"""


def accepted() -> list[tuple[int, bool]]:
    """Every code point a cleaned text can hold between two letters, and
    whether it is a combining mark."""
    found = []
    for cp in range(0x110000):
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn"):
            continue
        try:
            cleaned = clean_text(f"x{ch}x", "text", 8)
        except TextRefused:
            continue
        if cleaned == f"x{ch}x" and not ch.isspace():
            found.append((cp, unicodedata.category(ch).startswith("M")))
    return found


def test_every_character_the_cleaner_takes_draws_something(browser, server):
    chars = accepted()
    assert len(chars) > 140_000 and (ord("A"), False) in chars
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/")
        blank, font = [], ""
        for i in range(0, len(chars), BATCH):
            found = page.evaluate(INK, [list(c) for c in chars[i:i + BATCH]])
            font = found["font"]
            blank += found["blank"]
        assert "sans-serif" in font, font  # the app's own stack, not the browser's default
        # a character blank in its cell is drawn again, big and unclipped
        marks = dict(chars)
        blank = [cp for cp in blank if not page.evaluate(ALONE, [cp, marks[cp]])]
        # what the check itself rests on: a blank is seen as one
        assert not page.evaluate(ALONE, [0xFFFC, False]) and page.evaluate(ALONE, [ord("A"), False])
    finally:
        ctx.close()
    assert blank == [], [f"U+{cp:04X} {unicodedata.name(chr(cp), '?')}" for cp in blank]


SAME = """([a, b]) => {
  const canvas = document.createElement("canvas");
  canvas.width = 900;
  canvas.height = 300;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  g.font = `96px ${getComputedStyle(document.body).fontFamily}`;
  g.textBaseline = "middle";
  const draw = (text) => {
    g.clearRect(0, 0, 900, 300);
    g.fillText(text, 20, 150);
    return Array.from(g.getImageData(0, 0, 900, 300).data.filter((_, i) => i % 4 === 3));
  };
  const one = draw(a), other = draw(b);
  return one.every((alpha, i) => alpha === other[i]);
}"""


def test_a_script_s_joiner_draws_its_letters_otherwise(browser, server):
    """The Persian non-joiner the cleaner keeps between two letters that
    would join (Alireza, written with one) draws them apart in the app's
    fonts; the same joiner between two Latin letters, which it refuses,
    would draw nothing."""
    with_joiner, without = "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627", "\u0639\u0644\u06cc\u0631\u0636\u0627"
    assert clean_text(with_joiner, "text", 8) == with_joiner
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/")
        assert not page.evaluate(SAME, [with_joiner, without])
        assert page.evaluate(SAME, ["An\u200cn", "Ann"])  # what the check rests on
    finally:
        ctx.close()
