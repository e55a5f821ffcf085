"""The cross-engine tier: the guest's path in WebKit (Safari's engine) and
Firefox, beside the Chromium of tests/browser/. Each test is written once
against tests/engines/driver.py's ``Page`` and runs in both engines
(``engine``), with phones of 390x844 and a table of 1920x1080, against the
test process's shared server (tests/conftest.py's ``shared_server``).

- Each test process starts one Xvfb display (WebKit's pages draw there)
  and one headless Firefox, when a test first asks for them; every WebKit
  page is a browser of its own, every Firefox page a window in a user
  context of its own, so each page is one guest with its own storage.
- The browsers are required: a missing one fails the tests with the
  command that installs it, never skips them.
- Any error a page reports (an uncaught error, an unhandled rejection, a
  console error) fails the test that opened it, after its own checks.
- Under xdist each engine's tests go to one worker (xdist_group), so each
  browser starts once; ``make test`` passes ``--dist loadgroup``.
- Screenshots: every page's screen when a test fails, and each step a test
  names (``shot``) with PARTYAPP_SHOTS=1, in test-artifacts/screenshots/."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.engines import driver
from tests.engines.driver import PHONE, TABLE, Page

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
KEEP_SHOTS = os.environ.get("PARTYAPP_SHOTS", "") not in ("", "0")
ENGINES = ["webkit", "firefox"]


def engine_params():
    """``engine`` for a test: each engine's tests kept on one xdist worker."""
    return [pytest.param(name, marks=pytest.mark.xdist_group(f"engine-{name}"), id=name) for name in ENGINES]


def pytest_generate_tests(metafunc):
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", engine_params(), scope="session")


@pytest.fixture(scope="session")
def engine_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("engines")


@pytest.fixture(scope="session")
def _tools():
    missing = driver.missing_tools()
    if missing:
        pytest.fail(f"the cross-engine tests need {', '.join(missing)}: {driver.INSTALL}", pytrace=False)


@pytest.fixture(scope="session")
def webkit(_tools, engine_home):
    display = driver.Display()
    try:
        yield driver.WebKit(display, engine_home / "webkit")
    finally:
        display.stop()


@pytest.fixture(scope="session")
def firefox(_tools, engine_home):
    browser = driver.Firefox(engine_home)
    yield browser
    browser.close()


@pytest.fixture
def engine_browser(engine, request):
    return request.getfixturevalue(engine)


class Pages:
    """The pages a test opens, closed after it; ``table()`` and
    ``phone()`` open them at their sizes on the test's server."""

    def __init__(self, browser, server, request) -> None:
        self.browser = browser
        self.server = server
        self.opened: list[Page] = []
        self.prefix = re.sub(r"[^\w.-]+", "-", request.node.name).strip("-")

    def open(self, name: str, size: tuple[int, int], touch: bool) -> Page:
        page = self.browser.new_page(name, size, touch)
        self.opened.append(page)
        return page

    def phone(self, name: str) -> Page:
        return self.open(name, PHONE, touch=True)

    def table(self) -> tuple[Page, str]:
        """A TV-sized table as a host opens one: the start page, then
        "Start a table (TV)". Returns (page, room code)."""
        page = self.open("table", TABLE, touch=False)
        page.goto(self.server.url + "/")
        page.tap("#start-table")
        page.wait_for("() => /\\/t\\/[A-Z]+$/.test(location.pathname) && "
                      "Boolean(document.querySelector('#join-url:not(:empty)'))", what="the new table drawn")
        code = page.evaluate("() => location.pathname.split('/').pop()")
        return page, code

    def join(self, page: Page, code: str, name: str) -> Page:
        """``page`` opens the room's join link, types the name and taps Join."""
        page.goto(f"{self.server.url}/j/{code}")
        page.wait_for_selector("#join-screen:not([hidden]) #name")
        page.type("#name", name)
        page.tap("#name-form button[type=submit]")
        page.wait_for_selector("#room-screen:not([hidden]) #you-line")
        return page

    def ana_and_bob(self, *, bob_on_a_phone: bool = False) -> tuple[Page, str, Page, object]:
        """A table with Ana seated from a phone page and Bob from a phone
        page too (``bob_on_a_phone``) or a protocol client, both listed on
        the table. Returns (table, room code, Ana's page, Bob)."""
        from tests.wire import WireClient

        table, code = self.table()
        ana = self.join(self.phone("ana"), code, "Ana")
        if bob_on_a_phone:
            bob = self.join(self.phone("bob"), code, "Bob")
        else:
            bob = WireClient(self.server.url).connect()
            assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
        table.wait_for("() => document.querySelectorAll('#players .pname').length === 2", what="both players listed")
        return table, code, ana, bob

    @staticmethod
    def call(table: Page, event: str, payload: dict) -> dict:
        """The table page sends ``event`` (as its host) and returns the answer."""
        return table.evaluate("(e, p) => window.partyappTable.call(e, p)", event, payload)

    def start(self, table: Page, mode: str, options: dict) -> None:
        answer = self.call(table, "game.start", {"mode": mode, "options": options})
        assert answer == {"ok": True}, answer

    def shot(self, page: Page, step: str, keep: bool = False) -> Path:
        """Saves the page's screen as test-artifacts/screenshots/<test>-<step>.png
        (with PARTYAPP_SHOTS=1, or ``keep``)."""
        path = SHOTS / f"engines-{self.prefix}-{step}.png"
        if KEEP_SHOTS or keep:
            page.screenshot(path)
        return path

    def errors(self) -> list[str]:
        return [f"{page.name}: {text}" for page in self.opened for text in page.errors()]

    def close(self) -> None:
        for page in self.opened:
            try:
                page.close()
            except Exception:  # noqa: BLE001 - the others are closed all the same
                pass


@pytest.fixture
def pages(engine_browser, shared_server, request):
    made = Pages(engine_browser, shared_server, request)
    request.node.engine_pages = made
    yield made
    made.close()
    assert shared_server.proc.poll() is None, f"the shared server exited; see {shared_server.log_path}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After a test's own checks: any error its pages reported fails it; a
    failed test leaves a screenshot of every page it opened, and says what
    its pages reported."""
    made: Pages | None = getattr(item, "engine_pages", None)
    try:
        result = yield
    except BaseException as exc:
        if made is not None:
            _shoot_all(made)
            try:
                errors = made.errors()
            except Exception as unread:  # noqa: BLE001 - a page gone with the failure
                errors = [f"(not read: {unread!r})"]
            if errors:
                exc.add_note("the pages reported errors:\n" + "\n".join(errors))
        raise
    if made is not None:
        errors = made.errors()
        if errors:
            _shoot_all(made)
            raise AssertionError("the pages reported errors:\n" + "\n".join(errors))
    return result


def _shoot_all(made: Pages) -> None:
    for page in made.opened:
        try:
            page.screenshot(SHOTS / f"engines-{made.prefix}-failed-{page.name}.png")
        except Exception:  # noqa: BLE001 - a page that cannot draw any more
            pass
