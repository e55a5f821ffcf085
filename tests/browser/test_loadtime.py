"""The phone page in a real Chromium: every module asked for once, under its
hashed URL, and announced by a preload hint; the socket straight on a
WebSocket; the manifest and the service worker that make it installable;
a reload drawn from the worker with the server stopped; an upgraded
server's new scripts taken up by a page left open."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from partyapp.web.assets import Assets
from tests.browser.conftest import PHONE
from tests.serverproc import ServerProcess
from tests.wire import WireClient

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # the service worker, installed
HASHED = re.compile(r"/static/.+\.[0-9a-f]{12}\.js$")
REPO = Path(__file__).resolve().parent.parent.parent


def room_code(table) -> str:
    return table.locator(".room-code").inner_text().strip()


def new_phone(browser, watch):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    watch.watch(page)
    return ctx, page


def join(page, name: str) -> None:
    page.wait_for_selector("#join-screen:not([hidden])")
    page.fill("#name", name)
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#room-screen:not([hidden]) #you-line")


def controlled(page) -> str:
    """Wait until the service worker is in charge of the page; its cache's name."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    return page.evaluate("async () => (await caches.keys()).join(' ')")


def test_the_phone_page_asks_for_every_module_once_all_preloaded_and_opens_a_websocket(
        open_table, browser, server, watch, shots):
    code = room_code(open_table())
    ctx, page = new_phone(browser, watch)
    requests, sockets = [], []
    page.on("request", lambda r: requests.append(r))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{server.url}/j/{code}")
    join(page, "Ana")
    preloads = page.eval_on_selector_all("link[rel=modulepreload]", "links => links.map(l => l.href)")
    # The modules: every script but the page's classic ones (the socket's
    # client, and testing mode's keeper of the page's errors).
    modules = [r.url for r in requests if r.resource_type == "script" and not re.search(r"/socket\.io/|/testing-errors\.", r.url)
               and ("/static/" in r.url or "/i18n/" in r.url)]
    # The join form and the seat need no game's screens: they come when a game does.
    assert len(preloads) > 25 and not [u for u in preloads if re.search(r"/modes/(?!index|registry|generic)", u)]
    assert set(preloads) <= set(modules)  # every hint used
    # The words are a module of the graph, preloaded with it and asked for once.
    words = [r.url for r in requests if "/i18n/" in r.url]
    assert len(words) == 1 and re.search(r"/i18n/en\.js\?v=[0-9a-f]{12}$", words[0]) and words[0] in preloads
    # Every other module fetched is the host's game picker's first game (its
    # lobby options), asked for once the host is seated.
    assets = Assets(REPO / "partyapp" / "static")
    picked = {server.url + assets.url(p) for p in assets.module_graph("js/modes/drinking.js") + ["js/modes/kit.js"]}
    assert set(modules) - set(preloads) <= picked, set(modules) - set(preloads)
    assert len(modules) == len(set(modules))  # each once
    assert all(HASHED.search(u) for u in modules if u not in words), [u for u in modules if not HASHED.search(u)]
    assert not [r.url for r in requests if "/static/" in r.url and not re.search(r"\.[0-9a-f]{12}\.\w+$", r.url)]
    # the socket went straight to a WebSocket: no long-polling request at all
    assert sockets and "transport=websocket" in sockets[0]
    assert not [r.url for r in requests if "/socket.io/?" in r.url]
    shots("seated", page)
    ctx.close()


def test_a_game_s_screens_come_when_it_starts_and_a_reload_asks_for_them_with_the_page(
        open_table, browser, server, watch, shots):
    """Old Maid starts: the seated phone fetches Old Maid's screens (once,
    under their hashed URL) and shows them, never the generic screen; a
    reload in the middle of the game has them hinted by the page itself."""
    table = open_table()
    code = room_code(table)
    ctx, page = new_phone(browser, watch)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server.url}/j/{code}")
    join(page, "Ana")
    bob = WireClient(server.url).connect()
    try:
        assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(2)
        answer = table.evaluate("() => window.partyappTable.call('game.start', {mode: 'old_maid', options: {seed: 4}})")
        assert answer == {"ok": True}, answer
        expect(page.locator(".old-maid-phone")).to_be_visible()
        expect(page.locator(".generic-phone")).to_have_count(0)
        fetched = [u for u in requests if "/modes/old_maid." in u]
        assert len(fetched) == 1 and HASHED.search(fetched[0]), fetched
        shots("old-maid-on-demand", page)

        page.reload()
        expect(page.locator(".old-maid-phone")).to_be_visible()
        hinted = page.eval_on_selector_all("link[rel=modulepreload]", "links => links.map(l => l.href)")
        assert [u for u in hinted if "/modes/old_maid." in u] and not [u for u in hinted if "/modes/cheat." in u]
    finally:
        bob.close()
        ctx.close()


def test_the_phone_page_has_a_manifest_and_registers_its_service_worker(open_table, browser, server, watch):
    code = room_code(open_table())
    ctx, page = new_phone(browser, watch)
    page.goto(f"{server.url}/j/{code}")
    href = page.eval_on_selector("link[rel=manifest]", "l => l.href")
    answer = page.request.get(href)
    assert answer.ok and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == f"/j/{code}"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"] == "#14121f"
    sizes = {}
    for icon in manifest["icons"]:
        got = page.request.get(server.url + icon["src"])
        assert got.ok, icon
        if icon["type"] == "image/png":
            width, height = Image.open(io.BytesIO(got.body())).size
            assert icon["sizes"] == f"{width}x{height}"
            sizes.setdefault(icon["purpose"], set()).add(width)
        else:
            assert icon["type"] == "image/svg+xml" and got.body().lstrip().startswith(b"<svg")
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]

    script = page.evaluate("async () => (await navigator.serviceWorker.ready).active.scriptURL")
    assert script == f"{server.url}/sw.js"
    shell = page.evaluate("document.documentElement.dataset.shell")
    assert controlled(page) == f"partyapp-{shell}"
    kept = page.evaluate("async (name) => (await (await caches.open(name)).keys()).map(r => r.url)",
                         f"partyapp-{shell}")
    preloads = page.eval_on_selector_all("link[rel=modulepreload]", "links => links.map(l => l.href)")
    # Every static module at install; the words of the page's language (one
    # worker serves every language) are kept like the page itself, once
    # asked for through the worker (test_a_reload_with_the_server_stopped...).
    assert {u for u in preloads if "/i18n/" not in u} <= set(kept)
    ctx.close()


def test_forty_links_to_one_room_are_kept_as_one_page(open_table, browser, server, watch):
    """The worker keeps a page under its address without the query string:
    forty links to one room (the QR code's, shared ones, ?lang=...) are one
    entry in its cache, not forty (issue 44)."""
    code = room_code(open_table())
    ctx, page = new_phone(browser, watch)
    page.goto(f"{server.url}/j/{code}")
    cache = controlled(page)
    for n in range(40):
        page.goto(f"{server.url}/j/{code}?from=link{n}", wait_until="commit")
    page.goto(f"{server.url}/j/{code}?lang=ru")
    page.wait_for_selector("#join-screen:not([hidden])")
    kept = page.evaluate("""async ([name, path]) => (await (await caches.open(name)).keys())
        .map((r) => r.url).filter((u) => new URL(u).pathname === path)""", [cache, f"/j/{code}"])
    assert kept == [f"{server.url}/j/{code}"], kept
    ctx.close()


@pytest.mark.own_server
def test_a_reload_with_the_server_stopped_is_drawn_from_the_worker(open_table, browser, server, watch, shots):
    code = room_code(open_table())
    ctx, page = new_phone(browser, watch)
    page.goto(f"{server.url}/j/{code}")
    join(page, "Ana")
    controlled(page)
    page.reload()  # the page itself is now kept too
    page.wait_for_selector("#room-screen:not([hidden]) #you-line")

    # the page's files: its document, its stylesheet and every module it hints
    files = page.evaluate("""() => [location.href, ...[...document.querySelectorAll(
        'link[rel=stylesheet], link[rel=modulepreload], script[type=module][src]')].map(l => l.href || l.src)]""")
    server.stop()
    served = []
    page.on("response", lambda r: served.append(r))
    page.reload()
    page.wait_for_selector("#room-screen:not([hidden])")
    expect(page.locator("#conn-status")).to_have_class(re.compile(r"\bbad\b"))
    shots("server-stopped", page)
    ours = [r for r in served if r.url.startswith(server.url) and "/socket.io/" not in r.url]
    assert any(r.request.resource_type == "document" for r in ours)
    assert all(r.from_service_worker for r in ours), [r.url for r in ours if not r.from_service_worker]
    assert len(files) > 30 and set(files) <= {r.url for r in ours}, set(files) - {r.url for r in ours}

    server.start()  # back on the same port and store: the phone sits down again by itself
    page.wait_for_selector("#room-screen:not([hidden]) #you-line", timeout=30_000)
    expect(page.locator("#conn-status")).to_have_class(re.compile(r"\bok\b"))
    ctx.close()


def package_copy(where: Path) -> Path:
    """The package as it is, in a folder a server can be started from."""
    shutil.copytree(REPO / "partyapp", where / "partyapp", ignore=shutil.ignore_patterns("__pycache__"))
    return where


@pytest.mark.own_server
def test_an_upgraded_server_s_new_scripts_reach_a_phone_left_open(browser, watch, tmp_path, shots):
    app = package_copy(tmp_path / "app")
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    old = ServerProcess(store, log_path=tmp_path / "old.log", cwd=app).start()
    new = None
    try:
        table = WireClient(old.url).connect()
        code = table.call("room.create", {})["code"]
        ctx, page = new_phone(browser, watch)
        page.goto(f"{old.url}/j/{code}")
        join(page, "Ana")
        before = page.evaluate("document.documentElement.dataset.shell")
        assert controlled(page) == f"partyapp-{before}"
        assert page.evaluate("window.partyappUpgraded") is None
        table.close()

        old.stop()
        phone_js = app / "partyapp" / "static" / "js" / "phone.js"
        phone_js.write_text(phone_js.read_text() + "\nwindow.partyappUpgraded = true;\n")
        new = ServerProcess(store, port=old.port, log_path=tmp_path / "new.log", cwd=app).start()

        # Nobody touches the phone: its socket comes back, the new worker
        # takes over and the page loads again on the new scripts.
        page.wait_for_function("() => window.partyappUpgraded === true", timeout=40_000)
        after = page.evaluate("document.documentElement.dataset.shell")
        assert after != before
        page.wait_for_selector("#room-screen:not([hidden]) #you-line", timeout=20_000)
        assert controlled(page) == f"partyapp-{after}"  # the old cache is gone
        shots("upgraded", page)
        ctx.close()
    finally:
        old.stop()
        if new is not None:
            new.stop()


def test_the_join_form_comes_before_the_seated_screens_and_waits_for_them(open_table, browser, server, watch, shots):
    """The phone's join form needs a dozen small files; the seated screens
    (phone-room.js and what it imports) come behind them. Held back, they
    keep no one from typing a name and joining: the seat shows once they
    are here."""
    code = room_code(open_table())
    ctx, page = new_phone(browser, watch)
    held = []
    page.route(re.compile(r"/static/js/phone-room\.[0-9a-f]{12}\.js$"), lambda route: held.append(route))
    page.goto(f"{server.url}/j/{code}")
    page.wait_for_selector("#join-screen:not([hidden]) #name")
    page.fill("#name", "Ana")
    page.click("#name-form button[type=submit]")
    expect(page.locator("#room-screen")).to_be_visible()
    expect(page.locator("#room-screen")).to_contain_text("Connecting")
    assert held and page.locator("#you-line").count() == 0
    shots("seat-waiting", page)
    for route in held:
        route.continue_()
    expect(page.locator("#room-screen #you-line")).to_contain_text("Ana")
    shots("seated", page)
    ctx.close()
