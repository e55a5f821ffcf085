"""The first tap on a freshly opened TV page acts, in WebKit and in
Firefox, with real pointer events (down, then up): the host presses
"Start a table (TV)" on the start page and the new table's very first tap,
on the language switch, switches the language; on a table page just loaded
again, the very first tap on the voice switch does not turn the voice off
(the tap is the gesture the browser waited for: the voice is on)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines


def test_the_first_tap_on_a_new_table_switches_the_language(pages):
    table, _ = pages.table()
    table.tap(".bar-lang button[data-lang=ru]")
    table.wait_for("() => document.documentElement.lang === 'ru' && "
                   "document.querySelector('.bar-lang button[data-lang=ru]')?.getAttribute('aria-pressed') === 'true'",
                   timeout=10, what="the table in Russian after its first tap")
    pages.shot(table, "table-ru")


def test_the_first_tap_on_the_voice_switch_leaves_the_voice_on(pages):
    table, _ = pages.table()
    table.reload()
    table.wait_for_selector("#join-url:not(:empty)")
    shown = table.wait_for("() => document.querySelector('#btn-voice')?.dataset.voice", what="the voice switch")
    assert shown == "locked", f"a table just loaded shows its voice {shown!r}, not waiting for a tap"
    table.tap("#btn-voice")
    after = table.wait_for("() => { const v = document.querySelector('#btn-voice')?.dataset.voice;"
                           " return v !== 'locked' && v; }", timeout=10, what="the voice switch after the tap")
    pages.shot(table, "voice-after-first-tap")
    assert after == "on", f"the first tap on the voice switch left the voice {after!r}"
