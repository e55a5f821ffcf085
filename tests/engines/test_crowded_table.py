"""A crowded betting table in WebKit and in Firefox: sixteen long-named
players at Russian Blackjack while they bet, on a TV at 1280x720. Every
box is whole on screen (none summed up as "+N more", none cut), the line
above them counts the bets it waits for instead of listing fifteen names,
and every seat stays listed and present."""

from __future__ import annotations

import pytest

from tests.browser.layout import BROKEN_WORDS_JS
from tests.browser.test_layout import names
from tests.wire import WireClient

pytestmark = pytest.mark.engines

# The boxes that show whole on screen, those cut or off it, and the status line.
BOXES = """() => {
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const out = { whole: [], cut: [] };
  for (const box of document.querySelectorAll(".bx-box")) {
    const name = box.querySelector(".bx-name").textContent.trim();
    const r = box.getBoundingClientRect();
    const shown = !box.hidden && r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
    (shown ? out.whole : out.cut).push(name);
  }
  const status = document.querySelector(".bx-status");
  out.status = status ? status.textContent.trim() : "";
  return out;
}"""


def test_a_crowded_betting_table_shows_every_box(pages):
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
        boxed = sorted(seated[ids.index(pid)] for pid in ids if pid != dealer)
        found = table.wait_for(f"""() => {{ const b = ({BOXES})(); return b.whole.length + b.cut.length === 15
                                   && b.status.includes("15 players") && b; }}""", what="15 boxes and the count")
        # and beside them the players panel lists all sixteen, none left out, no name broken inside a word
        table.wait_for(f"""() => {{
          const more = document.querySelector(".players-panel .more-line");
          return !(more && !more.hidden && more.textContent.trim()) && ({BROKEN_WORDS_JS})().length === 0;
        }}""", what="every seat listed, no name broken inside a word")
        pages.shot(table, "crowded-betting", keep=True)
        assert found["cut"] == [], f"boxes cut or off screen: {found['cut']}"
        assert sorted(found["whole"]) == boxed
        assert not any(name in found["status"] for name in seated), found["status"]
        away = [p["name"] for p in clients[-1].state["players"] if not p["connected"]]
        assert away == [], f"seats away: {away}"
        assert pages.errors() == []
    finally:
        for client in clients:
            client.close()
