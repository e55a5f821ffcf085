"""The layout audit, run in the page: every element that holds text is on
screen, not clipped by its own box or an ancestor's, and not covered by
another element. Game screens reuse it at every TV and phone size.

A name cut on purpose with an ellipsis (the whole name the title of its
element or of an ancestor, as on a choice button) is not a problem: the
part shown is checked like any text.

``audit(page)`` returns a list of problems (empty when the page is fine);
``assert_fits(page, what)`` fails with them. Elements inside
``[data-audit=skip]`` are left out (the TV's ticker scrolls by design), and
so are hidden ones and those behind a modal question (``inert``). On a page that scrolls (the phone), each element is
scrolled into view before it is checked.
"""

from __future__ import annotations

import re

AUDIT_JS = r"""
(opts) => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const minFont = opts.minFontVh ? opts.minFontVh * vh / 100 : 0;
  const describe = (el) => {
    const text = (el.innerText || el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 60);
    const id = el.id ? "#" + el.id : "";
    const cls = el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "";
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  // out of reach behind a modal (inert): covered on purpose
  const skipped = (el) => el.closest("[data-audit=skip]") !== null || el.closest("[inert]") !== null;
  const visible = (el) => {
    // The content of a closed <details> (its summary aside) is not shown.
    const closed = el.closest("details:not([open])");
    if (closed && !el.closest("summary")) return false;
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    for (let n = el; n && n !== document.documentElement; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.display === "none" || cs.visibility === "hidden" || cs.opacity === "0") return false;
      if (n.hidden) return false;
    }
    return true;
  };
  // Elements with a text node of their own that shows something.
  const holders = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue.trim()) continue;
    const el = node.parentElement;
    if (!el || ["SCRIPT", "STYLE", "OPTION", "TITLE", "NOSCRIPT"].includes(el.tagName)) continue;
    holders.add(el);
  }
  for (const el of holders) {
    if (skipped(el) || !visible(el)) continue;
    if (opts.scroll) el.scrollIntoView({ block: "center", inline: "nearest" });
    const range = document.createRange();
    const rects = [];
    for (const child of el.childNodes) {
      if (child.nodeType !== Node.TEXT_NODE || !child.nodeValue.trim()) continue;
      range.selectNodeContents(child);
      for (const r of range.getClientRects()) if (r.width > 0.5 && r.height > 0.5) rects.push(r);
    }
    if (!rects.length) {
      problems.push(`no box: ${describe(el)}`);
      continue;
    }
    const cs = getComputedStyle(el);
    if (minFont && parseFloat(cs.fontSize) + 0.01 < minFont) {
      problems.push(`type too small (${cs.fontSize} < ${minFont.toFixed(1)}px): ${describe(el)}`);
    }
    // Its own box: no text cut by overflow or an ellipsis, but a deliberate
    // ellipsis whose whole text is the title of the element or of an
    // ancestor (a long name on a button); then what is checked below is the
    // part of its text inside its box.
    const cut = el.scrollWidth > el.clientWidth + 1;
    const full = (el.textContent || "").trim();
    const titled = cs.textOverflow === "ellipsis" && cs.overflowX === "hidden"
      && el.closest("[title]") !== null && el.closest("[title]").getAttribute("title").trim() === full;
    if ((cs.overflowX !== "visible" || cs.textOverflow === "ellipsis") && cut && !titled) {
      problems.push(`overflows its box sideways (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    if (titled && cut) {
      const own = el.getBoundingClientRect();
      for (let i = 0; i < rects.length; i += 1) {
        const r = rects[i];
        const left = Math.max(r.left, own.left + el.clientLeft);
        const right = Math.min(r.right, own.left + el.clientLeft + el.clientWidth);
        rects[i] = new DOMRect(left, r.top, Math.max(0, right - left), r.height);
      }
    }
    if (cs.overflowY !== "visible" && el.scrollHeight > el.clientHeight + 1) {
      problems.push(`overflows its box downwards (${el.scrollHeight} > ${el.clientHeight}): ${describe(el)}`);
    }
    let bad = false;
    for (const r of rects) {
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
        problems.push(`off screen (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)}x${Math.round(r.bottom)} in ${vw}x${vh}): ${describe(el)}`);
        bad = true;
        break;
      }
      // Clipped by an ancestor that hides its overflow.
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const acs = getComputedStyle(a);
        if (acs.overflowX === "visible" && acs.overflowY === "visible") continue;
        const ar = a.getBoundingClientRect();
        const left = ar.left + a.clientLeft;
        const top = ar.top + a.clientTop;
        if (r.left < left - 0.5 || r.top < top - 0.5 || r.right > left + a.clientWidth + 0.5 || r.bottom > top + a.clientHeight + 0.5) {
          problems.push(`clipped by ${describe(a).slice(0, 60)}: ${describe(el)}`);
          bad = true;
          break;
        }
      }
      if (bad) break;
      // Covered: the point at the middle of each line, and near its ends.
      const y = r.top + r.height / 2;
      for (const x of [r.left + Math.min(3, r.width / 2), r.left + r.width / 2, r.right - Math.min(3, r.width / 2)]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== el && !el.contains(hit)) {
          problems.push(`covered by ${describe(hit).slice(0, 60)}: ${describe(el)}`);
          bad = true;
          break;
        }
      }
      if (bad) break;
    }
  }
  if (opts.scroll) window.scrollTo(0, 0);
  if (!opts.scroll && (document.documentElement.scrollHeight > vh + 1 || document.documentElement.scrollWidth > vw + 1)) {
    problems.push(`the page scrolls (${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight} in ${vw}x${vh})`);
  }
  if (opts.scroll && document.documentElement.scrollWidth > vw + 1) {
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
  }
  return { problems, checked: holders.size };
}
"""


# Every animation of the page that ends (a card turning over, a slide; not a
# pulse that repeats for ever) has ended, and two frames have been drawn since,
# so the sizes measured after a change have been laid out again.
SETTLE_JS = """
() => Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(a.effect ? a.effect.getComputedTiming().endTime : Infinity))
    .map((a) => a.finished.catch(() => null)))
  .then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
"""


def settle(page) -> None:
    """Wait until the page has finished moving (before a screenshot or an audit)."""
    page.evaluate(SETTLE_JS)


# The room's revision a page has drawn (the page shell sets it on <html>).
DRAWN_JS = "() => Number(document.documentElement.dataset.rev || 0)"


def drawn(page) -> int:
    """The room's revision the page has drawn (0: none yet)."""
    return page.evaluate(DRAWN_JS)


def wait_drawn(page, rev: int, *, newer: bool = False, timeout_ms: float = 30_000) -> None:
    """Wait until the page has drawn the room's revision ``rev`` or a later
    one (``newer``: a later one)."""
    page.wait_for_function(f"(r) => ({DRAWN_JS})() {'>' if newer else '>='} r", arg=rev, timeout=timeout_ms)


def in_step(pages) -> int:
    """Wait until every page has drawn the newest revision any of them has
    drawn; that revision."""
    rev = max(drawn(page) for page in pages)
    for page in pages:
        wait_drawn(page, rev)
    return rev


# Resolves once the page has drawn ``frames`` frames in a row in which
# nothing in its document changed (a panel that measures itself after a
# frame, a ResizeObserver, a layout effect that takes a smaller form, all
# change the document), or after ``limit`` ms.
QUIET_JS = """
({frames, limit}) => new Promise((done) => {
  const start = performance.now();
  let calm = 0;
  const changes = new MutationObserver(() => { calm = 0; });
  changes.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  const frame = () => {
    calm += 1;
    if (calm > frames || performance.now() - start > limit) {
      changes.disconnect();
      done(calm > frames);
    } else {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
})
"""


def quiet(page, frames: int = 3, limit_ms: int = 1500) -> bool:
    """Wait until the page has stopped changing: ``frames`` frames drawn in
    a row with no change to its document (False if it still changed after
    ``limit_ms``)."""
    return page.evaluate(QUIET_JS, {"frames": frames, "limit": limit_ms})


def audit(page, *, scroll: bool = False, min_font_vh: float = 0.0) -> tuple[list[str], int]:
    """Problems found in the page as it is now, and how many text elements
    were looked at. ``scroll``: the page may scroll vertically (phones);
    ``min_font_vh``: smallest type allowed, in % of the viewport's height."""
    quiet(page)  # let panels measure themselves after the last frame
    result = page.evaluate(AUDIT_JS, {"scroll": scroll, "minFontVh": min_font_vh})
    return result["problems"], result["checked"]


# Type on the TV must be readable from three metres: at least 1.8% of the
# screen's height (19 px on a 1080-line screen).
TV_MIN_FONT_VH = 1.8


def assert_fits(page, what: str, *, phone: bool = False) -> int:
    """Fail listing every piece of text that is off screen, clipped or
    covered. Returns the number of text elements checked."""
    problems, checked = audit(page, scroll=phone, min_font_vh=0.0 if phone else TV_MIN_FONT_VH)
    assert checked > 0, f"{what}: no text found"
    assert not problems, f"{what}: {len(problems)} problems\n" + "\n".join(problems[:40])
    return checked


# Every word that a line break cut inside itself (a word with a hyphen of
# its own may break there).
BROKEN_WORDS_JS = r"""
() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !el.checkVisibility || !el.checkVisibility()) continue;
    if (el.closest("[data-audit=skip]")) continue;
    const text = node.textContent;
    const re = /[^\s\-‐–—]+/g;
    let m;
    while ((m = re.exec(text))) {
      if (m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}
"""


def broken_words(page) -> list[str]:
    return page.evaluate(BROKEN_WORDS_JS)


def missing(page) -> list[str]:
    return page.evaluate("() => [...window.partyappI18n.missing]")


TV_SIZES = [(1920, 1080), (1280, 720)]


def check_at_tv_sizes(page, shots, label: str, paged: tuple[str, str, list[str]] | None = None) -> None:
    """At 1920x1080 and at 1280x720: a screenshot, everything fits, no word
    broken inside itself, no word left untranslated. ``paged``: (a panel,
    its items, their texts): the panel sums nothing up as "+N more", every
    text shows in an item on some page, and a panel in pages says which
    ("Page 1 of 3")."""
    for width, height in TV_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        shots(f"{label}-{width}x{height}", page)
        if paged is not None:
            panel_sel, item_sel, texts = paged
            panel = page.locator(panel_sel)
            assert not SUMMED_UP.search(panel.inner_text()), f"{label} at {width}x{height}: an entry summed up"
            all_shown(page, item_sel, texts)  # each shown, on whichever page
            if panel.get_attribute("data-page"):
                from playwright.sync_api import expect

                expect(panel.locator(".page-line")).to_have_text(PAGE_LINE)
            settle(page)
        assert_fits(page, f"{label} at {width}x{height}")
        assert broken_words(page) == [], f"{label}: a word broken inside itself"
        assert missing(page) == []


# Resolves once every text given has been seen in an item of `sel` that
# shows (a panel in pages, ui/pages.js, shows each in turn every few seconds).
SEEN_IN_JS = """([sel, texts]) => {
  const seen = (window.__seenIn = window.__seenIn || new Set());
  for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility()) continue;
    for (const text of texts) if (el.textContent.includes(text)) seen.add(text);
  }
  return texts.every((text) => seen.has(text));
}"""

# "+3 more", "+2 older rules", "+ещё 3": what a panel nobody can tap must never say.
SUMMED_UP = re.compile(r"\+\s*\d+\s+(more|older|стар)|\+\s*ещё\s*\d+", re.IGNORECASE)
# What a panel in pages says of itself (ui/pages.js).
PAGE_LINE = re.compile(r"^(Page|Страница) \d+ (of|из) \d+$")


def all_shown(page, sel: str, texts, timeout_ms: float = 60_000) -> None:
    """Wait until every one of ``texts`` has shown in an item of ``sel``, on
    whichever page of a panel in pages."""
    page.evaluate("() => { window.__seenIn = new Set(); }")
    page.wait_for_function(SEEN_IN_JS, arg=[sel, sorted(texts)], polling=100, timeout=timeout_ms)
