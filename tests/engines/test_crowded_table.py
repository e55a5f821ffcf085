"""A crowded betting table in WebKit and in Firefox: sixteen long-named
players at Russian Blackjack while they bet, on a TV at 1280x720. The boxes
that do not fit go to pages that turn by themselves ("Page 1 of 2", then
"Page 2 of 2"), each page's boxes whole on screen, so that every box is
seen on the TV and none is summed up as "+N more"."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_layout import names
from tests.wire import WireClient

pytestmark = pytest.mark.engines

# Polled: every box that shows is kept as seen when it is whole on screen
# (else as cut), and each page line that shows; true once every name given
# has been seen.
SEEN = """(names) => {
  const seen = (window.__boxes = window.__boxes || { seen: [], cut: [], lines: [] });
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  for (const box of document.querySelectorAll(".bx-box")) {
    if (box.hidden || !box.checkVisibility()) continue;
    const name = box.querySelector(".bx-name").textContent.trim();
    const r = box.getBoundingClientRect();
    const whole = r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
    const into = whole ? seen.seen : seen.cut;
    if (!into.includes(name)) into.push(name);
  }
  const line = document.querySelector(".bx-paged .page-line");
  const text = line && !line.hidden ? line.textContent.trim() : "";
  if (text && !seen.lines.includes(text)) seen.lines.push(text);
  return names.every((n) => seen.seen.includes(n)) && seen;
}"""


def test_a_crowded_betting_table_turns_its_pages_of_boxes(pages):
    table, code = pages.table()
    table.resize(1280, 720)
    seated = names(16)
    clients = []
    try:
        for name in seated:
            client = WireClient(pages.server.url).connect()
            clients.append(client)
            assert client.call("player.join", {"code": code, "name": name})["ok"]
        table.wait_for("() => document.querySelectorAll('#players .pname').length === 16", what="all 16 listed")
        pages.start(table, "russian_blackjack", {"seed": 7})
        state = clients[0].wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bet")
        dealer = state["game"]["dealer"]
        ids = [p["id"] for p in state["players"]]
        boxed = {seated[ids.index(pid)] for pid in ids if pid != dealer}
        table.wait_for("() => document.querySelectorAll('.bx-box').length === 15", what="15 boxes drawn")

        pages.shot(table, "boxes-page-1", keep=True)
        found = table.wait_for(SEEN, sorted(boxed), timeout=60, what="every box seen on some page")
        pages.shot(table, "boxes-later", keep=True)
        assert found["cut"] == [], f"boxes cut or off screen: {found['cut']}"
        assert len(found["lines"]) >= 2 and all(re.fullmatch(r"Page \d+ of \d+", line) for line in found["lines"]), found
        assert "more box" not in (table.text(".bx-table") or "")
        away = [p["name"] for p in clients[-1].state["players"] if not p["connected"]]
        assert away == [], f"seats away: {away}"
        assert pages.errors() == []
    finally:
        for client in clients:
            client.close()
