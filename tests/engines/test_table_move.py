"""The host's question when a screen asks to become the table, in WebKit and
in Firefox: Ana's phone asks "Move the table to the new screen? Code NNNN"
in the app's own dialog; Not now keeps the table where it is; asked again,
Move hands the table to the new screen (a protocol client here) and the old
table's page says the table moved, with a link to watch."""

from __future__ import annotations

import queue

import pytest

from tests.wire import WireClient

pytestmark = pytest.mark.engines

QUESTION = ("(pin) => document.querySelector('#ask')?.getAttribute('role') === 'alertdialog'"
            " && document.querySelector('#ask-text').textContent === `Move the table to the new screen? Code ${pin}`")


def test_the_host_confirms_a_move_of_the_table_on_the_phone(pages):
    table, code = pages.table()
    ana = pages.join(pages.phone("ana"), code, "Ana")
    table.wait_for("() => document.querySelectorAll('#players .pname').length === 1", what="Ana listed")
    screen = WireClient(pages.server.url)
    told: queue.Queue = queue.Queue()
    for event in ("table.granted", "table.claim_ended"):
        screen.sio.on(event, lambda info, event=event: told.put((event, info)))
    screen.connect()
    try:
        answer = screen.call("table.claim", {"code": code})
        assert answer["ok"], answer
        ana.wait_for(QUESTION, answer["pin"], what="the host's question with the screen's code")
        pages.shot(ana, "phone-asks-to-move")
        ana.tap("#ask button[data-answer=no]")
        ana.wait_for("() => !document.querySelector('#ask')", what="the question gone")
        assert told.get(timeout=10) == ("table.claim_ended", {"code": code, "reason": "declined"})

        answer = screen.call("table.claim", {"code": code})
        assert answer["ok"], answer
        ana.wait_for(QUESTION, answer["pin"], what="the question again, with the new code")
        ana.tap("#ask button[data-answer=yes]")
        ana.wait_for("() => !document.querySelector('#ask')", what="the question gone")
        event, info = told.get(timeout=10)
        assert event == "table.granted" and info["code"] == code
        assert screen.call("table.attach", {"code": code, "host_token": info["host_token"]}) == {"ok": True}
        screen.wait_for(lambda s: [p["name"] for p in s["players"]] == ["Ana"])
        table.wait_for("() => document.querySelector('#table-moved h1')?.textContent === 'The table moved to another screen'"
                       " && document.querySelector('#watch-moved')?.getAttribute('href') === `/w/${location.pathname.split('/').pop()}`",
                       what="the old table saying it moved")
        pages.shot(table, "old-table-moved")
    finally:
        screen.close()
