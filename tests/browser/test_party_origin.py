"""The party's own address: phones and a table that reach the server by a
name on the LAN (``http://party.lan:PORT``, as a router's DNS would give
the laptop), which no browser counts as a secure origin, unlike 127.0.0.1.
There no service worker, wake lock, install or Web Share is offered; every
feature degrades without an error, and what guests rely on still works:
join, play, reload (from the HTTP cache), the screen kept on (a silent video
started from the join tap), the recap saved as a download. A page opened at
a name the server does not know says so instead of blaming the Wi-Fi.

These pages run in a Chromium of their own: its resolver maps the names to
127.0.0.1, and it plays media by Chromium's own rules (the session's
browser lets every page play sound without a tap), so that the video is
shown to start from the tap."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CHROMIUM_ARGS, PHONE, TV, launch_chromium
from tests.serverproc import TEST_CONFIG, ServerProcess, free_port
from tests.wire import WireClient

# One server and one browser for the module: its tests stay on one worker.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("party_origin")]

PARTY = "party.lan"  # the server's own name: its public_url
STRANGER = "laptop.lan"  # another name for the same machine, unknown to the server
PAGE_STATE = """() => ({secure: window.isSecureContext, worker: "serviceWorker" in navigator,
  share: "share" in navigator, lock: "wakeLock" in navigator})"""
VIDEO_PLAYING = """() => { const v = document.querySelector("video.stay-awake");
  return document.documentElement.dataset.awake === "video" && v !== null && !v.paused && v.currentTime > 0; }"""
# The static files a load took from the network, not from the HTTP cache.
STATIC_SEEN = """() => performance.getEntriesByType("resource")
  .filter((e) => new URL(e.name).pathname.startsWith("/static/")).map((e) => e.name)"""
FETCHED_STATIC = """() => performance.getEntriesByType("resource")
  .filter((e) => new URL(e.name).pathname.startsWith("/static/") && e.transferSize > 0).map((e) => e.name)"""


@pytest.fixture(scope="module")
def party_server(tmp_path_factory):
    """A server whose public URL is http://party.lan:PORT, as a host whose
    router names the laptop would set it (the QR code then names it too)."""
    where = tmp_path_factory.mktemp("party-origin")
    config = where / "config.toml"
    config.write_text(TEST_CONFIG)
    port = free_port()
    proc = ServerProcess(f"sqlite:///{where / 'rooms.db'}", port=port, log_path=where / "server.log",
                         extra=["--config", str(config), "--public-url", f"http://{PARTY}:{port}"]).start()
    proc.party_url = f"http://{PARTY}:{port}"
    proc.stranger_url = f"http://{STRANGER}:{port}"
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def lan_chromium(chromium):
    """Chromium resolving the LAN names to 127.0.0.1, with its own autoplay
    rules (no ``--autoplay-policy`` switch)."""
    args = [a for a in CHROMIUM_ARGS if not a.startswith("--autoplay-policy")]
    args.append(f"--host-resolver-rules=MAP {PARTY} 127.0.0.1, MAP {STRANGER} 127.0.0.1")
    browser = launch_chromium(SimpleNamespace(chromium=chromium.browser_type), args=args)
    yield browser
    browser.close()


class Console:
    """Every console error and uncaught error (an unhandled rejection
    included) of the pages it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page, name: str):
        page.on("console", lambda m: self.errors.append(f"{name}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{name}: uncaught {e}"))
        return page


@pytest.fixture
def lan(lan_chromium, party_server):
    """Opens pages at the party's LAN name: ``lan.table()``, ``lan.phone(name)``."""
    console = Console()
    contexts = []

    def context(**options):
        ctx = lan_chromium.new_context(**options)
        contexts.append(ctx)
        return ctx

    def table():
        creator = WireClient(party_server.url).connect()
        try:
            made = creator.call("room.create", {})
        finally:
            creator.close()
        assert made["ok"], made
        kept = [{"name": f"partyapp.table.{made['code']}", "value": made["host_token"]}]
        page = console.watch(context(**TV, storage_state={
            "cookies": [], "origins": [{"origin": party_server.party_url, "localStorage": kept}]}).new_page(), "table")
        page.goto(f"{party_server.party_url}/t/{made['code']}")
        page.wait_for_selector("#join-url:not(:empty)")
        return page, made["code"]

    def phone(url: str, name: str | None = None):
        page = console.watch(context(**PHONE).new_page(), name or "phone")
        page.goto(url)
        if name is not None:
            page.wait_for_selector("#join-screen:not([hidden])")
            page.fill("#name", name)
            page.click("#name-form button[type=submit]")
            page.wait_for_selector("#room-screen:not([hidden]) #you-line")
        return page

    yield SimpleNamespace(table=table, phone=phone, console=console)
    for ctx in contexts:
        ctx.close()


def test_a_party_on_the_lan_address_joins_plays_reloads_and_keeps_the_screen_on(lan, party_server, shots):
    """At http://party.lan:PORT (not a secure origin) the TV and a phone
    work without one console error: the QR link names the party's address;
    the phone joins and its screen is kept on by the silent video from the
    join tap; a reload comes from the HTTP cache (the page revalidated, each
    static file from the cache) and, after the next tap, the video plays
    again; a card is drawn; the TV's screen is kept on after its first tap."""
    table, code = lan.table()
    assert table.evaluate(PAGE_STATE) == {"secure": False, "worker": False, "share": False, "lock": False}
    join_url = f"{party_server.party_url}/j/{code}"
    expect(table.locator("#join-url")).to_contain_text(join_url)
    ana = lan.phone(join_url, "Ana")
    assert ana.evaluate(PAGE_STATE) == {"secure": False, "worker": False, "share": False, "lock": False}
    ana.wait_for_function(VIDEO_PLAYING)  # started in the join tap
    shots("phone-seated-lan", ana)

    # A reload: the page asked again (304, no body), every static file it had from the cache
    # (one the page had not fetched yet, e.g. a game's screens prefetched a few seconds in, may come now).
    had = set(ana.evaluate(STATIC_SEEN))
    ana.reload()
    ana.wait_for_selector("#room-screen:not([hidden]) #you-line")
    navigation = ana.evaluate("() => { const n = performance.getEntriesByType('navigation')[0];"
                              " return {transfer: n.transferSize, body: n.encodedBodySize}; }")
    assert 0 < navigation["transfer"] < 1000 < navigation["body"], navigation
    assert [url for url in ana.evaluate(FETCHED_STATIC) if url in had] == []
    ana.locator(".phone-bar").click()  # the next tap anywhere starts the video again
    ana.wait_for_function(VIDEO_PLAYING)

    bob = WireClient(party_server.url).connect()
    try:
        assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(2)
        answer = table.evaluate("(o) => window.partyappTable.call('game.start', {mode: 'ring_of_fire', options: o})",
                                {"deck": ["QS", "2H", "5C", "7D"]})
        assert answer["ok"], answer
        ana.locator("button[data-action=draw]").click()
        expect(table.locator(".drawn .card-title")).to_contain_text("Questionmaster")
        ana.wait_for_selector(".my-roles")
        # the TV's strip of last entries asks the server for the history: it comes at this address too
        expect(table.locator("#look-back .history-entry").first).to_contain_text("Ana")
        shots("tv-lan-drawn", table)

        # In a game a reload draws the seat from the cache as well.
        had = set(ana.evaluate(STATIC_SEEN))
        ana.reload()
        ana.wait_for_selector(".my-roles")
        assert [url for url in ana.evaluate(FETCHED_STATIC) if url in had] == []

        table.locator(".room-code").click()  # the TV's first tap
        table.wait_for_function(VIDEO_PLAYING)
    finally:
        bob.close()
    assert lan.console.errors == []


def test_the_recap_is_saved_as_a_download_where_sharing_is_not_offered(lan, party_server):
    """Web Share needs a secure origin: on the LAN address the phone's
    button downloads the recap picture, without an error."""
    table, code = lan.table()
    ana = lan.phone(f"{party_server.party_url}/j/{code}", "Ana")
    answer = table.evaluate("() => window.partyappTable.command({command: 'end_night'})")
    assert answer["ok"], answer
    share = ana.locator("#recap-share")
    expect(share).to_be_visible()
    with ana.expect_download() as info:
        share.click()
    download = info.value
    assert download.suggested_filename == f"partyapp-night-{code}.png"
    assert download.failure() is None
    expect(ana.locator("#recap-share-done")).to_have_text("Saved to your downloads.")
    assert lan.console.errors == []


def test_a_page_at_a_name_the_server_does_not_know_says_to_open_the_tv_address(lan, party_server, shots):
    """The same machine under another name (one its router gave it, unknown
    to the server): the socket is refused for its origin, and the phone says
    to open the address on the TV, at once and on the join tap, instead of
    "No answer from the server. Check the Wi-Fi." after a wait."""
    _, code = lan.table()
    words = "This server does not answer pages opened at this address. Open the address shown on the TV."
    phone = lan.phone(f"{party_server.stranger_url}/j/{code}")
    expect(phone.locator("#phone-message")).to_have_text(words)
    phone.fill("#name", "Ana")
    phone.click("#name-form button[type=submit]")
    expect(phone.locator("#phone-message")).to_have_text(words)
    expect(phone.locator("#name-form button[type=submit]")).to_be_enabled()  # answered, not waiting
    shots("phone-unknown-name", phone, full_page=True)


def test_a_secure_origin_holds_a_wake_lock_and_a_refused_one_falls_back_to_the_video(browser, server, watch):
    """At 127.0.0.1 (a secure origin) the phone holds a screen wake lock;
    where the browser refuses it (the headless shell's default), the video
    keeps the screen on instead."""
    creator = WireClient(server.url).connect()
    try:
        code = creator.call("room.create", {})["code"]
    finally:
        creator.close()
    for permissions, holder in ((["screen-wake-lock"], "lock"), ([], "video")):
        ctx = browser.new_context(**PHONE, permissions=permissions)
        try:
            page = ctx.new_page()
            watch.watch(page)
            page.goto(f"{server.url}/j/{code}")
            page.fill("#name", f"Guest {holder}")
            page.click("#name-form button[type=submit]")
            page.wait_for_selector("#room-screen:not([hidden]) #you-line")
            assert page.evaluate("window.isSecureContext")
            page.wait_for_function(f"() => document.documentElement.dataset.awake === {json.dumps(holder)}")
            if holder == "video":
                page.wait_for_function(VIDEO_PLAYING)
        finally:
            ctx.close()
    assert watch.errors == []
