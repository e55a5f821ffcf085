"""Real Chromium (Debian's headless shell, driven by Playwright) against a
real server process. Screenshots go to test-artifacts/screenshots/ for people to look
at, with PARTYAPP_SHOTS=1 (``make test SHOTS=1``).

The browser is required: a missing Chromium fails these tests with the
command that installs it, instead of skipping them.

One server process serves every test of a session (of an xdist worker when
the tests run in parallel): each test makes its own room on it, and the
join limit per address, which all these pages share (127.0.0.1), is lifted.
A test that kills, restarts or configures its server, or changes what the
whole server holds (house variants, listed to every device), is marked
``own_server`` and gets a server of its own; ``own_server(fake_clock=True)``:
one whose time moves only when the test moves it (``server.advance``), for a
test about the server's time."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.serverproc import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic", "--autoplay-policy=no-user-gesture-required",
]
# The pages ask for reduced motion (the CSS then draws every card flip, pulse
# and slide at once), so that a test waits for the state it checks, never for
# an animation to end; test_everyone's flip test asks for both.
PHONE = {"viewport": {"width": 360, "height": 760}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2,
         "reduced_motion": "reduce"}
TV = {"viewport": {"width": 1920, "height": 1080}, "reduced_motion": "reduce"}


# The browser: Debian's Chromium in its headless shell (the package
# chromium-headless-shell, built from the same source and version as
# /usr/bin/chromium: the same Blink, V8, fonts and network stack, without the
# browser window's own interface). It is what Playwright itself runs for a
# headless Chromium, and the browser tests take a fifth less time on it than
# on the full browser run headless. PARTYAPP_CHROMIUM names another binary
# (for example /usr/bin/chromium, which bench/pageload.py measures).
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def chromium_path() -> str:
    path = os.environ.get("PARTYAPP_CHROMIUM") or shutil.which("chromium-headless-shell") or HEADLESS_SHELL
    if not Path(path).exists():
        pytest.fail("Chromium's headless shell is needed for the browser tests: apt-get install -y "
                    "chromium-headless-shell (or set PARTYAPP_CHROMIUM to a Chromium binary)", pytrace=False)
    return path


# Chromium's features that cost every new context a process and that no
# test uses: the address bar's popup drawn as a WebUI page (a renderer for
# each window, a headless one too) and the spare renderer kept ready for the
# next tab (of one context only, so thrown away at the next new context).
# They halve the CPU of opening a page.
LEAN_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup",
                 "SpareRendererForSitePerProcess"]


def _launched_features(last: bool = False) -> list[str]:
    """The features the newest Chromium this process launched was started
    without (Playwright's own ``--disable-features`` list); ``last``: only
    those of its last such switch, the one Chromium keeps."""
    import psutil

    # The browser process: Playwright drives it over a pipe; its children
    # (renderers, GPU, utilities) carry a --type.
    browsers = []
    for proc in psutil.Process().children(recursive=True):
        try:
            line, started = proc.cmdline(), proc.create_time()
        except psutil.Error:  # gone meanwhile
            continue
        if "--remote-debugging-pipe" in line and not any(a.startswith("--type=") for a in line):
            browsers.append((started, line))
    assert browsers, "no Chromium process found under the test process"
    newest = max(browsers)[1]
    found = [a.split("=", 1)[1] for a in newest if a.startswith("--disable-features=")]
    found = found[-1:] if last else found
    return [f for value in found for f in value.split(",") if f]


def launch_chromium(p, args: list[str] = CHROMIUM_ARGS):
    """Chromium with ``args`` (CHROMIUM_ARGS), and LEAN_FEATURES turned off
    beside the ones Playwright turns off: Chromium keeps only the last
    ``--disable-features``, so the two lists are given as one, read from
    Playwright's own launch."""
    path = chromium_path()
    probe = p.chromium.launch(executable_path=path, args=args)
    try:
        theirs = _launched_features()
    finally:
        probe.close()
    features = list(dict.fromkeys(theirs + LEAN_FEATURES))
    browser = p.chromium.launch(executable_path=path, args=[*args, "--disable-features=" + ",".join(features)])
    assert set(features) <= set(_launched_features(last=True)), "Playwright's own --disable-features list was lost"
    return browser


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


class Browser:
    """The session's Chromium, whose new contexts block the service worker
    unless the test is marked ``service_worker``. A fresh context otherwise
    installs the worker on its first page, which fetches and keeps every
    static file again: that doubled the processor time of a page load
    (browser, network service and server) in tests that never reload
    offline. The worker's own tests (test_loadtime.py) are marked.

    Its contexts grant the screen wake lock, as Chromium with a window does
    without asking (the headless shell refuses it, and the pages would keep
    the screen on with a video instead: ``static/js/awake.js``)."""

    def __init__(self, chromium, workers: str) -> None:
        self._chromium = chromium
        self._workers = workers

    def new_context(self, **options):
        options.setdefault("service_workers", self._workers)
        options.setdefault("permissions", ["screen-wake-lock"])
        return self._chromium.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._chromium, name)


@pytest.fixture
def browser(chromium, request):
    return Browser(chromium, "allow" if request.node.get_closest_marker("service_worker") else "block")


@pytest.fixture
def server(request, tmp_path):
    """The server the test's pages talk to: the shared one, or for a test
    marked ``own_server`` a fresh one on a store of its own."""
    own = request.node.get_closest_marker("own_server")
    if own is None:
        shared = request.getfixturevalue("shared_server")
        yield shared
        assert shared.proc.poll() is None, f"the shared server exited; see {shared.log_path}"
        return
    proc = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=tmp_path / "server.log",
                         fake_clock=own.kwargs.get("fake_clock", False)).start()
    yield proc
    proc.stop()


# Screenshots of every step, for people to look at, are taken with
# PARTYAPP_SHOTS=1 (``make test SHOTS=1``); without it only those a test
# reads (a QR code decoded from the screen) are taken: each costs the
# browser a frame drawn and encoded, a fifth of a second of CPU.
KEEP_SHOTS = os.environ.get("PARTYAPP_SHOTS", "") not in ("", "0")


@pytest.fixture
def shots(request):
    """shots("name", page): saves test-artifacts/screenshots/<test>-<name>.png
    (with PARTYAPP_SHOTS=1, or ``read=True`` for a test that reads it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    prefix = request.node.name.replace("[", "-").replace("]", "")

    def take(name: str, page, full_page: bool = False, read: bool = False) -> Path:
        path = SHOTS / f"{prefix}-{name}.png"
        if not (KEEP_SHOTS or read):
            return path
        if full_page:  # from the top, so that a sticky bar is drawn where it belongs
            page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


class PageErrors:
    """Collects uncaught page errors and dialogs (an alert would mean script
    injection worked)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.dialogs: list[str] = []

    def watch(self, page) -> None:
        page.on("pageerror", lambda e: self.errors.append(str(e)))

        def dialog(d):
            if d.type == "confirm":
                d.accept()
            else:
                self.dialogs.append(f"{d.type}: {d.message}")
                d.dismiss()

        page.on("dialog", dialog)


@pytest.fixture
def watch():
    return PageErrors()


@pytest.fixture
def open_table(browser, server, watch):
    """A TV-sized table page with a fresh room (``locale``: the browser's
    language, e.g. "ru-RU"). ``viewport``: a phone or tablet instead (touch),
    as "Play on this device" opens it. The room is made as the start page
    makes it (``room.create``, its host token kept in the browser's storage
    under the same key) and the table page is opened straight away: the
    start page itself has tests of its own (test_everyone, test_guests,
    test_party, test_russian)."""
    from tests.wire import WireClient

    made = []

    def opener(locale: str | None = None, viewport: dict | None = None):
        creator = WireClient(server.url).connect()
        try:
            answer = creator.call("room.create", {})
        finally:
            creator.close()
        assert answer["ok"], answer
        code = answer["code"]
        kept = [{"name": f"partyapp.table.{code}", "value": answer["host_token"]}]
        if viewport:
            kept.append({"name": f"partyapp.table.{code}.here", "value": "yes"})
        size = {**PHONE, "viewport": viewport} if viewport else TV
        ctx = browser.new_context(**size, **({"locale": locale} if locale else {}),
                                  storage_state={"cookies": [], "origins": [{"origin": server.url, "localStorage": kept}]})
        made.append(ctx)
        page = ctx.new_page()
        watch.watch(page)
        page.goto(f"{server.url}/t/{code}")
        page.wait_for_selector("#join-url:not(:empty)")
        return page

    yield opener
    for ctx in made:
        ctx.close()


@pytest.fixture
def open_phone(browser, watch):
    made = []

    def opener(url: str, name: str | None = None, group: str | None = None, profile: str | None = None,
               locale: str | None = None, viewport: dict | None = None):
        ctx = browser.new_context(**{**PHONE, **({"viewport": viewport} if viewport else {})},
                                  **({"locale": locale} if locale else {}))
        made.append(ctx)
        page = ctx.new_page()
        watch.watch(page)
        page.goto(url)
        if name is not None:
            page.wait_for_selector("#join-screen:not([hidden])")
            page.fill("#name", name)
            if group:
                page.check(f"input[name=group][value={group}]")
            if profile:
                page.check(f"input[name=profile][value={profile}]")
            page.click("#name-form button[type=submit]")
            page.wait_for_selector("#room-screen:not([hidden]) #you-line")
        return page

    yield opener
    for ctx in made:
        ctx.close()


def decode_qr(png_path: Path) -> str:
    """The text of the QR code in a screenshot."""
    import zxingcpp
    from PIL import Image

    results = zxingcpp.read_barcodes(Image.open(png_path))
    texts = [r.text for r in results if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert texts, f"no QR code found in {png_path}"
    return texts[0]


@pytest.fixture
def seat_party(browser, server, watch):
    """seat_party(table, names) -> (phone, guests): the host's phone, a real
    page joined under the first name, and a Socket.IO client (``.pid`` set)
    for every other name, all seated in the table's room; the table shows
    them all before it returns. Closed at the end of the test."""
    from playwright.sync_api import expect

    from tests.wire import WireClient

    contexts, guests = [], []

    def seat(table, names):
        code = table.locator(".room-code").inner_text().strip()
        ctx = browser.new_context(**PHONE)
        contexts.append(ctx)
        phone = ctx.new_page()
        watch.watch(phone)
        phone.goto(f"{server.url}/j/{code}")
        phone.fill("#name", names[0])
        phone.click("#name-form button[type=submit]")
        phone.wait_for_selector("#room-screen:not([hidden]) #you-line")
        mine = []
        for name in names[1:]:
            guest = WireClient(server.url).connect()
            guests.append(guest)
            answer = guest.call("player.join", {"code": code, "name": name})
            assert answer["ok"], answer
            guest.pid = answer["player_id"]
            mine.append(guest)
        expect(table.locator("#players .pname")).to_have_count(len(names), timeout=20_000)
        return phone, mine

    yield seat
    for guest in guests:
        guest.close()
    for ctx in contexts:
        ctx.close()
