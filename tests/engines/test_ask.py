"""The app's own question in WebKit and in Firefox: a guest taps Leave, the
question shows in the page (no browser dialog), No keeps the seat, Yes
leaves the room."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines

SEATED = "() => Boolean(document.querySelector('#room-screen:not([hidden]) #you-line'))"


def test_leave_asks_in_the_app(pages):
    table, code = pages.table()
    pages.join(pages.phone("ana"), code, "Ana")
    bob = pages.join(pages.phone("bob"), code, "Bob")
    table.wait_for("() => document.querySelectorAll('#players .pname').length === 2", what="both players listed")
    bob.tap("#btn-leave")
    bob.wait_for("() => document.querySelector('#ask')?.getAttribute('role') === 'alertdialog'"
                 " && /Leave this room for good/.test(document.querySelector('#ask-text').textContent)",
                 what="the app's question")
    pages.shot(bob, "phone-ask-leave")
    bob.tap("#ask button[data-answer=no]")
    bob.wait_for("() => !document.querySelector('#ask')", what="the question gone")
    bob.wait_for(SEATED, what="Bob still seated")
    bob.tap("#btn-leave")
    bob.tap("#ask button[data-answer=yes]")
    table.wait_for("() => document.querySelectorAll('#players .pname').length === 1", what="Bob gone from the table")
