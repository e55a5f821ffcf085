"""Every game's own screens in WebKit and in Firefox: with the table and a
phone open as long as a host takes to pick a game (each page has asked
for every game's screens by then: prefetchScreens), every mode that has
screens of its own (modes/index.js) is started, and both the table and the
phone draw it on its own screens, never on the generic ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from partyapp.web.assets import Assets

pytestmark = pytest.mark.engines

STATIC = Path(__file__).resolve().parents[2] / "partyapp" / "static"
# Mode -> the module of its screens, as the server reads modes/index.js.
SCREENS = Assets(STATIC).screens
GENERIC = STATIC / "js" / "modes" / "generic.js"

# Has the page asked for every game's screens module (any of their hashed URLs)?
ALL_ASKED = """(stems) => {
  const asked = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
  return stems.every((stem) => asked.some((path) => path.startsWith(stem)));
}"""
TABLE_IN_GAME = "() => Boolean(document.querySelector('#game-area'))"
PHONE_IN_GAME = "() => Boolean(document.querySelector('#room-screen:not([hidden]) #btn-rules'))"


def test_the_generic_screens_are_told_apart_by_their_classes():
    """What the check below looks for is what the generic screens draw."""
    source = GENERIC.read_text()
    assert 'class="generic-table"' in source and 'class="generic-phone"' in source
    assert len(SCREENS) >= 15 and "casino_blackjack" in SCREENS


def test_every_mode_s_own_screens_load_on_the_table_and_a_phone(pages):
    table, code, phone, bob = pages.ana_and_bob()
    stems = sorted({"/static/" + module.removesuffix(".js") + "." for module in SCREENS.values()})
    for page in (table, phone):
        page.wait_for(ALL_ASKED, stems, timeout=60, what="every game's screens asked for")

    fell_back = []
    for mode in SCREENS:
        pages.start(table, mode, {"seed": 1})
        table.wait_for(TABLE_IN_GAME, what=f"{mode} drawn on the table")
        phone.wait_for(PHONE_IN_GAME, what=f"{mode} drawn on the phone")
        generic = [name for page, selector, name in ((table, "#game-area .generic-table", "the table"),
                                                     (phone, "#play-area .generic-phone", "the phone"))
                   if page.count(selector)]
        if generic:
            fell_back.append(f"{mode} on {' and '.join(generic)}")
            pages.shot(table, f"{mode}-table", keep=True)
            pages.shot(phone, f"{mode}-phone", keep=True)
        else:
            pages.shot(table, f"{mode}-table")
            pages.shot(phone, f"{mode}-phone")
        # End it, and once more if it shows a result: back to the lobby.
        state = bob.wait_for(lambda s, mode=mode: s["game"] is not None and s["game"]["mode"] == mode)
        for _ in range(2):
            if state["game"] is None:
                break
            assert pages.call(table, "host.command", {"command": "end_game"})["ok"]
            state = bob.wait_rev(state["rev"] + 1)
        assert state["game"] is None, f"{mode} did not end"
        table.wait_for(f"() => !({TABLE_IN_GAME})()", what="the table back in the lobby")
        phone.wait_for(f"() => !({PHONE_IN_GAME})()", what="the phone back in the lobby")

    warnings = [f"{page.name}: {text}" for page in (table, phone) for text in page.warnings()]
    assert not fell_back, ("games drawn on the generic screens: " + "; ".join(fell_back)
                           + "\nthe pages' warnings:\n" + "\n".join(warnings))
