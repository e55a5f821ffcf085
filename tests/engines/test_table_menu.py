"""A phone as the table, in WebKit and in Firefox: the bar's "⋯" menu
closes on a touch anywhere else on the page (iOS WebKit fires no click on
a plain element, so the menu listens for the touch itself), and on Escape,
which puts the focus back on "⋯"."""

from __future__ import annotations

import pytest

from tests.engines.conftest import PHONE
from tests.engines.driver import ESCAPE

pytestmark = pytest.mark.engines

SHOWN = "() => { const e = document.querySelector('#btn-fullscreen'); return Boolean(e && e.getClientRects().length); }"
HIDDEN = "() => { const e = document.querySelector('#btn-fullscreen'); return !e || !e.getClientRects().length; }"


def test_the_bar_menu_closes_on_a_touch_outside_and_on_escape(pages):
    table = pages.open("table", PHONE, touch=True)
    table.goto(pages.server.url + "/")
    table.tap("#start-here")
    # the room's state drawn (the page's own rev): the bar's buttons are live
    table.wait_for("() => /\\/t\\/[A-Z]+$/.test(location.pathname) && Boolean(document.querySelector('.lobby-title'))"
                   " && Boolean(document.documentElement.dataset.rev)", what="the table on this device")
    table.tap("#btn-bar-more")
    table.wait_for(SHOWN, what="the menu open")
    pages.shot(table, "bar-menu-open")
    table.tap(".lobby-title")
    table.wait_for(HIDDEN, what="the menu closed by a touch outside it")
    table.tap("#btn-bar-more")
    table.wait_for(SHOWN, what="the menu open again")
    table.key(ESCAPE)
    table.wait_for(HIDDEN, what="the menu closed by Escape")
    assert table.evaluate("() => document.activeElement && document.activeElement.id") == "btn-bar-more"
    pages.shot(table, "bar-menu-closed")
    assert pages.errors() == []
