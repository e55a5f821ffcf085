"""The recap can be saved or shared from every phone: the Web Share API
with the picture file where the phone can share files, a download where
not; the picture is fetched with the seat's token, never without one. The
table screen says when family mode is on; in a game its QR code is big
enough to scan from the sofa; the lobby's join words do not repeat the
code the link already holds."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.wire import WireClient

pytestmark = pytest.mark.browser

FAKE_SHARE = """
window.__shared = [];
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => { window.__shared.push(data.files.map((f) => [f.name, f.type, f.size])); };
"""


def end_night(table):
    answer = table.evaluate("() => window.partyappTable.command({command: 'end_night'})")
    assert answer["ok"], answer


def test_a_guest_shares_the_recap_picture_from_their_phone(open_table, open_phone, server, shots, watch):
    """Bob's phone can share files: the share sheet gets the recap as a PNG."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    bob.add_init_script(FAKE_SHARE)
    bob.reload()
    bob.wait_for_selector("#room-screen:not([hidden]) #you-line")
    end_night(table)
    share = bob.locator("#recap-share")
    expect(share).to_be_visible()
    share.click()
    expect(bob.locator("#recap-share-done")).to_have_text("Shared.")
    shared = bob.evaluate("() => window.__shared")
    assert len(shared) == 1
    [(name, kind, size)] = shared[0]
    assert name == f"partyapp-night-{code}.png" and kind == "image/png" and size > 1000
    shots("phone-recap-shared", bob, full_page=True)
    assert watch.errors == []


def test_a_phone_that_cannot_share_files_downloads_the_picture(open_table, open_phone, server, watch):
    """Without file sharing the same button downloads the picture."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    ana.add_init_script("navigator.canShare = () => false;")
    ana.reload()
    ana.wait_for_selector("#room-screen:not([hidden]) #you-line")
    end_night(table)
    with ana.expect_download() as info:
        ana.locator("#recap-share").click()
    assert info.value.suggested_filename == f"partyapp-night-{code}.png"
    expect(ana.locator("#recap-share-done")).to_have_text("Saved to your downloads.")
    # The picture needs a token: without one it is refused.
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server.url}/recap/{code}.svg", timeout=10)
    refused.value.close()  # its connection, not left for the collector
    assert refused.value.code == 403
    assert watch.errors == []


def test_the_tv_says_family_mode_and_shows_a_big_qr_code_in_a_game(open_table, open_phone, server, shots, watch):
    """Family mode is said on the TV; in a game the QR code is at least 160
    px and covers nothing; the lobby names the start page, not the code twice."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    site = server.url
    expect(table.locator(".lobby-join")).to_contain_text(f"Or open {site} and type the code {code}.")
    open_phone(f"{server.url}/j/{code}", "Ana")
    bob = WireClient(server.url).connect()
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    try:
        answer = table.evaluate("() => window.partyappTable.command({command: 'settings', family: true})")
        assert answer["ok"], answer
        expect(table.locator("#family-on")).to_have_text("Family mode")
        answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'old_maid', options: {seed: 2}})")
        assert answer["ok"], answer
        qr = table.locator("#qr")
        expect(qr).to_be_visible()
        # The game's screen takes the QR code to its place in one frame
        # or two: its size is read in one go, in the page.
        table.wait_for_function("() => { const q = document.querySelector('#qr');"
                                " if (!q) return false; const r = q.getBoundingClientRect();"
                                " return r.width >= 160 && r.height >= 160; }", timeout=10_000)
        expect(table.locator("#family-on")).to_be_visible()
        shots("tv-family-big-qr", table)
        from tests.browser.layout import assert_fits
        assert_fits(table, "a game with the big QR code")
        from tests.browser.conftest import decode_qr
        assert decode_qr(shots("tv-qr-scan", table, read=True)) == f"{server.url}/j/{code}"
    finally:
        bob.close()


@pytest.mark.parametrize("count,mode", [(8, "old_maid"), (8, "ring_of_fire"), (16, "cheat")])
def test_a_crowded_table_keeps_the_big_qr_code_where_the_game_leaves_room(open_table, server, shots, watch,
                                                                         count, mode):
    """Past six players the side needs its room for the names: the big QR
    code moves under the game, shown whole (at least 160 px, readable by a
    camera) beside the how-to, or in turns with it where the two do not fit
    together, never over a name or a card."""
    from tests.browser.conftest import decode_qr
    from tests.browser.layout import assert_fits

    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    guests = [WireClient(server.url).connect() for _ in range(count)]
    try:
        for i, guest in enumerate(guests):
            assert guest.call("player.join", {"code": code, "name": f"Guest Number {i + 1:02d} Longname"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(count)
        answer = table.evaluate("(m) => window.partyappTable.call('game.start', {mode: m, options: {seed: 3}})", mode)
        assert answer["ok"], answer
        expect(table.locator("#game-area .howto-slot")).to_have_count(1)
        expect(table.locator(".side #qr")).to_have_count(0)
        shots(f"tv-{count}-{mode}-start", table)
        assert_fits(table, f"{mode} with {count} players at its start")
        # The QR code shows beside the how-to, or where they do not fit
        # together, in turns with it.
        qr = table.locator("#game-area .howto-fill.shown #qr")
        expect(qr).to_be_visible(timeout=20_000)
        table.wait_for_function("() => { const q = document.querySelector('#game-area .howto-fill.shown #qr');"
                                " if (!q) return false; const r = q.getBoundingClientRect();"
                                " return r.width >= 160 && r.height >= 160; }", timeout=10_000)
        path = shots(f"tv-{count}-{mode}-qr", table, read=True)
        assert_fits(table, f"{mode} with {count} players and the QR code under the game")
        assert decode_qr(path) == f"{server.url}/j/{code}"
    finally:
        for guest in guests:
            guest.close()
    assert watch.errors == []
