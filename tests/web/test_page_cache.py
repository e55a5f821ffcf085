"""A reload on the party's plain http:// address comes from the HTTP cache
(no service worker there): the page is revalidated, answered 304 while it
is unchanged, and every file it names is under a hashed URL, cached for
good. Over plain http browsers take gzip, not brotli."""

from __future__ import annotations

import gzip
import re

import pytest

ENCODINGS = ["gzip, deflate", "gzip, deflate, br", ""]


@pytest.fixture
def room_code(app):
    room, _ = app.extensions["partyapp"].registry.create("http://party.test")
    return room.code


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("page", ["/j/{}", "/t/{}", "/w/{}", "/"])
def test_an_unchanged_page_is_answered_304_a_second_later(app, room_code, monkeypatch, page, encoding):
    """gzip writes the time into what it makes: the page's ETag is taken
    before, so a reload a second later is still answered 304."""
    web = app.test_client()
    url = page.format(room_code)
    first = web.get(url, headers={"Accept-Encoding": encoding})
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    monkeypatch.setattr(gzip.time, "time", lambda: 4_000_000_000.0)  # another second for gzip's header
    again = web.get(url, headers={"Accept-Encoding": encoding, "If-None-Match": etag})
    assert again.status_code == 304, (etag, again.headers.get("ETag"))
    assert again.data == b""


def test_a_page_names_only_hashed_static_files_each_cached_for_good(app, room_code):
    web = app.test_client()
    page = web.get(f"/j/{room_code}").get_data(as_text=True)
    static = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert static
    for url in static:
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        answer = web.get(url, headers={"Accept-Encoding": "gzip, deflate"})
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
