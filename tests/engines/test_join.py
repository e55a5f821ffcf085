"""A guest joins in WebKit and in Firefox: the host opens a table from the
start page on a TV-sized screen, a phone opens the room's join link, types
a name and taps Join, and is seated; the table lists them."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines


def test_a_phone_joins_and_the_table_shows_it(pages):
    table, code = pages.table()
    pages.shot(table, "table-lobby")
    phone = pages.join(pages.phone("ana"), code, "Ana")
    assert phone.text("#you-line .you-name") == "Ana"
    table.wait_for("() => [...document.querySelectorAll('#players .pname')].map((e) => e.textContent.trim())"
                   ".join() === 'Ana'", what="Ana listed on the table")
    pages.shot(phone, "phone-seated")
    pages.shot(table, "table-with-ana")
