"""The language switch in WebKit and in Firefox, on a seated phone and on
the table: English to Russian, and back. The page loads again in the
chosen language (its words from the Russian catalogue) and keeps its seat
or its room."""

from __future__ import annotations

import pytest

from partyapp.i18n.catalogue import load

pytestmark = pytest.mark.engines

RUSSIAN = load("ru")
SEATED = "() => Boolean(document.querySelector('#room-screen:not([hidden]) #you-line'))"


def russian(words: str) -> str:
    found = RUSSIAN.get(words).string
    assert found, f"no Russian for {words!r}"
    return found


def in_language(page, lang: str, selector: str, words: str) -> None:
    page.wait_for("(lang, s, w) => document.documentElement.lang === lang"
                  " && document.querySelector(s)?.textContent.trim() === w", lang, selector, words,
                  what=f"the page in {lang}: {selector} saying {words!r}")


def test_the_language_switch_on_a_phone(pages):
    _, code = pages.table()
    ana = pages.join(pages.phone("ana"), code, "Ana")
    in_language(ana, "en", "#btn-leave", "Leave this room")
    ana.tap("#room-screen .lang-switch button[data-lang=ru]")
    in_language(ana, "ru", "#btn-leave", russian("Leave this room"))
    ana.wait_for(SEATED, what="Ana seated again")
    assert ana.text("#you-line .you-name") == "Ana"
    pages.shot(ana, "phone-ru")
    ana.tap("#room-screen .lang-switch button[data-lang=en]")
    in_language(ana, "en", "#btn-leave", "Leave this room")
    ana.wait_for(SEATED, what="Ana seated again")


def test_the_language_switch_on_the_table(pages):
    table, code = pages.table()
    in_language(table, "en", "#btn-host", "Host")
    table.tap(".bar-lang button[data-lang=ru]")
    in_language(table, "ru", "#btn-host", russian("Host"))
    assert table.evaluate("() => location.pathname") == f"/t/{code}"
    pages.shot(table, "table-ru")
    table.tap(".bar-lang button[data-lang=en]")
    in_language(table, "en", "#btn-host", "Host")
