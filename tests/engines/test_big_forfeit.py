"""A big forfeit on a phone in WebKit and Firefox: Ana, who is not
drinking, draws the last king of Kings; her phone says she takes a big
forfeit and what it is ("Sing a chorus of a song the table picks.")."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines

# Ana: the toilet card; then Bob, Ana, Bob, Ana the four kings: the last is Ana's.
DECK = ["6S", "KD", "KH", "KS", "KC"]


def test_a_non_drinkers_phone_says_what_a_big_forfeit_is(pages):
    table, _code, ana, bob = pages.ana_and_bob()
    assert ana.evaluate("() => window.partyappPhone.call('player.update', {profile: 'none'})")["ok"]
    pages.start(table, "kings", {"deck": DECK})
    for i in range(len(DECK)):
        # the frame after the last draw (i cards drawn, no prompt open), drawn on Ana's phone too
        state = bob.wait_for(lambda s, i=i: s["game"] is not None and s["game"]["drawn"] == i and s["game"]["prompt"] is None)
        if i % 2 == 0:
            ana.wait_for(f"() => Number(document.documentElement.dataset.rev || 0) >= {state['rev']}",
                         what=f"draw {i + 1} reached Ana's phone")
            ana.tap("button[data-action=draw]")
        else:
            assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]
    ana.wait_for("() => (document.querySelector('.status-line') || {}).textContent?.includes("
                 "'You drew the last king and take a big forfeit: Sing a chorus of a song the table picks.')",
                 what="the big forfeit said on Ana's phone")
    pages.shot(ana, "big-forfeit")
    bob.close()
