"""A slap counts on the touch itself, in WebKit and in Firefox: Ana and
Bob turn their cards from their phones until Bob's two on "Two" is a snap;
Ana puts her finger on SLAP and, before she lifts it, her phone says she
slapped and the table waits for Bob; then Bob slaps and picks the pile up."""

from __future__ import annotations

import pytest

from tests.games.reflex_helpers import snap_at

pytestmark = pytest.mark.engines


def test_a_slap_registers_on_the_touch_down(pages):
    table, code, ana, bob = pages.ana_and_bob(bob_on_a_phone=True)
    # A long window: a busy machine must not time the race out meanwhile.
    pages.start(table, "irish_snap", {"deck": snap_at(1), "slap_window_ms": 15000})

    ana.tap("button[data-action=flip]")
    table.wait_for("() => document.querySelector('.said-word')?.textContent.trim() === 'Ace'", what="Ace said")
    bob.tap("button[data-action=flip]")
    table.wait_for("() => document.querySelector('.race-live .race-call')?.textContent.trim() === 'Snap!'",
                   what="the snap on the table")
    for phone in (ana, bob):
        phone.wait_for_selector("button.slap-button.ready")
    pages.shot(ana, "ana-in-the-race")

    ana.press("button.slap-button")
    ana.wait_for_selector("button.slap-button.done")
    table.wait_for("() => /Waiting for Bob/.test(document.querySelector('.race-live')?.textContent || '')",
                   what="the table waiting for Bob only")
    pages.shot(ana, "ana-slapped-finger-down")
    ana.release()
    bob.tap("button.slap-button")

    rows = ("() => [...document.querySelectorAll('.race-result .race-row')].map((r) => r.textContent)")
    order = table.wait_for(f"() => {{ const r = ({rows})(); return r.length === 2 && r; }}", what="the race's order")
    assert "Ana" in order[0] and "first" in order[0]
    assert "Bob" in order[1] and "picks up the pile" in order[1]
    pages.shot(table, "table-after")
