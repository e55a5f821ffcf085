"""One driver for the cross-engine tests: a ``Page`` that a test drives the
same way in WebKit and in Firefox, as a guest would (real pointer and key
input, never a synthetic DOM event), and the browsers that make pages.

- **WebKit**: Debian's WebKitGTK, driven by its ``WebKitWebDriver``
  (package webkit2gtk-driver) through Selenium, each page a MiniBrowser of
  its own (the browser WebKitGTK ships) under an Xvfb display: a new
  automation session has fresh, ephemeral storage, so two pages are two
  guests. WebKitGTK delivers a WebDriver "touch" pointer as a mouse, so
  WebKit pages are tapped with the mouse.
- **Firefox**: ``firefox-esr --headless``, which speaks WebDriver BiDi
  itself (tests/engines/bidi.py); one browser per test process, each page a
  window in a user context of its own (its own storage), tapped with a
  touch pointer on a phone.

Every page's uncaught errors, unhandled rejections and console errors are
kept by the page itself in testing mode (partyapp/static/js/testing-errors.js,
in sessionStorage, so a reload keeps them); Firefox's console log
(``log.entryAdded``) is read as well. ``Page.errors()`` returns both.

A page's coordinates are CSS pixels of its viewport. Waits poll a
JavaScript predicate until it holds or a deadline passes, never a fixed
time."""

from __future__ import annotations

import abc
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

PHONE = (390, 844)
TABLE = (1920, 1080)

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "firefox-esr"
XVFB = "Xvfb"

# How long a page may take to show what a test waits for: a busy machine
# (every core running tests) is slow; a quiet one shows it at once.
WAIT = 30.0

# The longest one WebDriver command may take (a page load, a script):
# beyond it the command fails instead of holding the test.
COMMAND_S = 2 * WAIT

END = "\ue010"  # WebDriver's End key
ESCAPE = "\ue00c"  # WebDriver's Escape key

# What installs each engine on Debian (the tests fail with it when missing).
INSTALL = "apt-get install -y webkit2gtk-driver xvfb xauth firefox-esr"

ERRORS_KEY = "partyapp.testing.errors"
WARNINGS_KEY = "partyapp.testing.warnings"


def _die_with_us() -> None:
    """In a child process before it runs: it is sent SIGTERM if the test
    process dies (killed by a time-out, say), so no browser or display is
    left behind."""
    import ctypes
    import signal

    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Timeout(AssertionError):
    """A page never reached what a test waited for."""


def missing_tools() -> list[str]:
    """The programs the engines need that this machine lacks."""
    needed = [WEBKIT_DRIVER, MINIBROWSER]
    missing = [p for p in needed if not Path(p).exists()]
    missing += [name for name in (XVFB, FIREFOX) if shutil.which(name) is None]
    return missing


# ---------------------------------------------------------------- the page


class Page(abc.ABC):
    """A browser page: one guest's phone or the table. ``name`` says which
    in messages; ``touch``: taps are a finger, not a mouse."""

    engine = ""

    def __init__(self, name: str, size: tuple[int, int], touch: bool) -> None:
        self.name = name
        self.size = size
        self.touch = touch
        self._held: tuple[float, float] | None = None

    def __repr__(self) -> str:
        return f"<{self.engine} page {self.name} {self.size[0]}x{self.size[1]}>"

    # What each engine provides.

    @abc.abstractmethod
    def goto(self, url: str) -> None:
        """Open ``url`` in this page and wait for it to load."""

    @abc.abstractmethod
    def reload(self) -> None:
        """Load the page again and wait for it."""

    @abc.abstractmethod
    def screenshot(self, path: Path) -> Path:
        """Save what the page shows as a PNG at ``path``; returns it."""

    @abc.abstractmethod
    def resize(self, width: int, height: int) -> None:
        """Give the page's viewport this size."""

    @abc.abstractmethod
    def close(self) -> None:
        """Close the page (its browser window or tab)."""

    @abc.abstractmethod
    def _call(self, source: str, args_json: str) -> str:
        """Run ``source`` (a JavaScript function) with the arguments in
        ``args_json``; the JSON of {value} or {error}."""

    @abc.abstractmethod
    def _perform(self, actions: list[dict]) -> None:
        """WebDriver input actions (the same JSON in classic WebDriver and BiDi)."""

    def _log_errors(self) -> list[str]:
        """Errors the browser's own console reported for this page."""
        return []

    # The same in every engine.

    def evaluate(self, source: str, *args):
        """The value of the JavaScript function ``source`` called with
        ``args`` (JSON values), awaited when it is a promise; a thrown
        error is raised here."""
        answer = json.loads(self._call(source, json.dumps(list(args))))
        if "error" in answer:
            raise JavaScriptError(f"{self!r}: {answer['error']}")
        return answer["value"]

    def wait_for(self, predicate: str, *args, timeout: float = WAIT, what: str | None = None):
        """Poll the JavaScript function ``predicate`` until it returns a
        true value (returned), or fail after ``timeout`` seconds. A page
        that is navigating meanwhile is asked again."""
        deadline = time.monotonic() + timeout
        last: object = None
        # True as JavaScript counts it (an element is, though it comes back as {}).
        truthy = f"async (...args) => {{ const v = await ({predicate})(...args); return v ? [v] : null; }}"
        while True:
            try:
                found = self.evaluate(truthy, *args)
                if found:
                    return found[0]
                last = found
            except (JavaScriptError, NavigationError) as exc:
                last = exc
            if time.monotonic() > deadline:
                raise Timeout(f"{self!r}: {what or predicate} did not happen in {timeout:.0f} s (last: {last!r})")
            time.sleep(0.05)

    def wait_for_selector(self, selector: str, timeout: float = WAIT):
        return self.wait_for("(s) => Boolean(document.querySelector(s))", selector, timeout=timeout,
                             what=f"{selector!r} drawn")

    def text(self, selector: str) -> str | None:
        return self.evaluate("(s) => { const e = document.querySelector(s); return e ? e.textContent.trim() : null; }",
                             selector)

    def count(self, selector: str) -> int:
        return self.evaluate("(s) => document.querySelectorAll(s).length", selector)

    def _target(self, selector: str, timeout: float, at: tuple[float, float] | None) -> tuple[float, float]:
        """The point to tap: the element's centre, or ``at`` (x, y from its
        top left corner), once it is drawn, enabled, scrolled into view and
        nothing else covers that point."""
        found = self.wait_for(FIND_TARGET, selector, at, timeout=timeout, what=f"{selector!r} ready to be tapped")
        return found["x"], found["y"]

    def _pointer(self, *steps: dict) -> None:
        kind = "touch" if self.touch else "mouse"
        self._perform([{"type": "pointer", "id": f"{kind}-pointer", "parameters": {"pointerType": kind},
                        "actions": list(steps)}])

    def press(self, selector: str, at: tuple[float, float] | None = None, timeout: float = WAIT) -> None:
        """Put a finger (or the mouse button) down on the element (its
        centre, or ``at``) and keep it there (``release`` lifts it)."""
        x, y = self._target(selector, timeout, at)
        self._pointer({"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0},
                      {"type": "pointerDown", "button": 0})
        self._held = (x, y)

    def release(self) -> None:
        """Lift the finger where it went down."""
        assert self._held is not None, "release() without press()"
        self._pointer({"type": "pointerUp", "button": 0})
        self._held = None

    def tap(self, selector: str, at: tuple[float, float] | None = None, timeout: float = WAIT) -> None:
        """A tap (down, then up) on the element (its centre, or ``at``), as
        a finger on a touch page, else the mouse: one action sequence, so
        that the page has no turn between the finger going down and coming
        up in which to draw itself again."""
        x, y = self._target(selector, timeout, at)
        self._pointer({"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0},
                      {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0})

    def key(self, value: str) -> None:
        """Press and release one key (``ESCAPE``, ``END``, a character) where
        the focus is."""
        self._perform([{"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": value},
                                                                      {"type": "keyUp", "value": value}]}])

    def type(self, selector: str, text: str, timeout: float = WAIT) -> None:
        """Tap the field (again, as a person would, if a page still
        drawing itself took the focus away), put the caret at the end of
        what it holds, then type ``text`` key by key."""
        focused = "(s) => document.activeElement === document.querySelector(s)"
        deadline = time.monotonic() + timeout
        while True:
            self.tap(selector, timeout=max(1.0, deadline - time.monotonic()))
            try:
                self.wait_for(focused, selector, timeout=min(3.0, max(0.5, deadline - time.monotonic())),
                              what=f"{selector!r} focused")
                break
            except Timeout:
                if time.monotonic() > deadline:
                    raise
        keys = [{"type": "keyDown", "value": END}, {"type": "keyUp", "value": END}]
        for char in text:
            keys += [{"type": "keyDown", "value": char}, {"type": "keyUp", "value": char}]
        self._perform([{"type": "key", "id": "keyboard", "actions": keys}])

    def errors(self) -> list[str]:
        """The page's errors so far: its own record (testing mode) and the
        browser's console."""
        try:
            mine = self.evaluate("(k) => JSON.parse(sessionStorage.getItem(k) || '[]')", ERRORS_KEY)
        except (JavaScriptError, NavigationError) as exc:
            mine = [f"(the page's errors could not be read: {exc})"]
        return [*mine, *self._log_errors()]

    def warnings(self) -> list[str]:
        """The page's console warnings so far (testing mode)."""
        return list(self.evaluate("(k) => JSON.parse(sessionStorage.getItem(k) || '[]')", WARNINGS_KEY))


class JavaScriptError(AssertionError):
    """A script run in a page threw."""


class NavigationError(AssertionError):
    """A script could not run: the page was between two documents."""


# Where to tap an element (its centre, or `at` from its top left corner)
# once it can be tapped: drawn, enabled, in view, and that point not covered
# by another element.
FIND_TARGET = """(selector, at) => {
  const el = document.querySelector(selector);
  if (!el || el.disabled || el.getAttribute("aria-disabled") === "true") return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  const x = r.left + (at ? at[0] : r.width / 2), y = r.top + (at ? at[1] : r.height / 2);
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
    el.scrollIntoView({ block: "center", inline: "center" });
    return null;  // measured again once scrolled
  }
  const top = document.elementFromPoint(x, y);
  if (!top || !(top === el || el.contains(top))) return null;
  return { x, y };
}"""


# ---------------------------------------------------------------- WebKit


class Display:
    """An Xvfb display of its own for the WebKit pages (the number is the
    first free one, which Xvfb itself picks and reports: -displayfd)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     preexec_fn=_die_with_us)
        os.close(write)
        # The number comes as a line, once the display is up; the pipe stays
        # open until the whole line is read (Xvfb quits if it cannot write it).
        said = b""
        deadline = time.monotonic() + 30
        try:
            while not said.endswith(b"\n") and time.monotonic() < deadline:
                ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
                chunk = os.read(read, 64) if ready else b""
                if not chunk:
                    break
                said += chunk
        finally:
            os.close(read)
        number = said.decode().strip()
        if not number.isdigit():
            self.stop()
            raise RuntimeError("Xvfb did not start (no display number in 30 s)")
        self.name = f":{number}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class WebKit:
    """Makes WebKit pages: each one a WebKitWebDriver and its MiniBrowser,
    on ``display``. GTK is told to draw without animations, which WebKit
    reports to the page as prefers-reduced-motion (as the Chromium tests
    ask for it), so a test waits for a state, not for an animation."""

    engine = "webkit"

    def __init__(self, display: Display, home: Path) -> None:
        settings = home / "gtk-3.0" / "settings.ini"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text("[Settings]\ngtk-enable-animations=0\n")
        self.home = home
        # On the test's own X display, whatever desktop the tests run from.
        self.env = dict(os.environ, DISPLAY=display.name, GDK_BACKEND="x11", XDG_CONFIG_HOME=str(home))
        self.env.pop("WAYLAND_DISPLAY", None)

    def new_page(self, name: str, size: tuple[int, int], touch: bool) -> "WebKitPage":
        return WebKitPage(self, name, size)

    def close(self) -> None:
        pass


class WebKitPage(Page):
    engine = "webkit"

    def __init__(self, browser: WebKit, name: str, size: tuple[int, int]) -> None:
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.remote.webdriver import WebDriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        # WebKitGTK gives a WebDriver touch pointer to the page as a mouse.
        super().__init__(name, size, touch=False)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument("--full-screen")
        # The driver's own output: kept beside the session's other files.
        self._log = open(browser.home / f"webkit-{name}-{time.monotonic_ns()}.log", "wb")
        # The service started here and the session opened on it (Selenium's
        # WebKitGTK class does both, through a form of its own connection
        # that Selenium itself now warns about).
        self.service = Service(WEBKIT_DRIVER, env=browser.env, log_output=self._log,
                               popen_kw={"preexec_fn": _die_with_us})
        self.service.start()
        try:
            # Every command answered within COMMAND_S, or it fails: a page
            # that never finishes loading cannot hold a test for ever.
            config = ClientConfig(remote_server_addr=self.service.service_url, timeout=COMMAND_S)
            self.driver = WebDriver(command_executor=RemoteConnection(client_config=config), options=options)
        except BaseException:
            self.service.stop()
            self._log.close()
            raise
        self.driver.set_script_timeout(WAIT)
        self.driver.set_page_load_timeout(WAIT)
        self.resize(*size)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def resize(self, width: int, height: int) -> None:
        self.driver.set_window_size(width, height)
        self.size = (width, height)

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        # WebKit hands back the last frame it painted: let it paint the page as it is now
        self.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")
        path.write_bytes(self.driver.get_screenshot_as_png())
        return path

    def _call(self, source: str, args_json: str) -> str:
        from selenium.common.exceptions import JavascriptException, WebDriverException

        # Run at once (a script that returns at once cannot be lost to a
        # navigation); a promise is kept in the page and awaited in a
        # second, asynchronous script.
        now = ("try {\n"
               "  const value = (" + source + ")(...JSON.parse(arguments[0]));\n"
               "  if (!value || typeof value.then !== 'function')\n"
               "    return JSON.stringify({ value: value === undefined ? null : value });\n"
               "  const kept = (window.partyappTestPromises ||= {});\n"
               "  const id = String(Math.random());\n"
               "  kept[id] = value.then((v) => ({ value: v === undefined ? null : v }),\n"
               "                        (error) => ({ error: String((error && error.stack) || error) }));\n"
               "  return JSON.stringify({ pending: id });\n"
               "} catch (error) { return JSON.stringify({ error: String((error && error.stack) || error) }); }")
        later = ("const done = arguments[arguments.length - 1];\n"
                 "const kept = window.partyappTestPromises;\n"
                 "const promise = kept[arguments[0]];\n"
                 "delete kept[arguments[0]];\n"
                 "promise.then((answer) => done(JSON.stringify(answer)));")
        try:
            answer = self.driver.execute_script(now, args_json)
            pending = json.loads(answer).get("pending")
            if pending is not None:
                answer = self.driver.execute_async_script(later, pending)
            return answer
        except JavascriptException as exc:
            return json.dumps({"error": exc.msg})
        except WebDriverException as exc:
            # a script caught by a navigation (the page left, or is loading)
            raise NavigationError(f"{self!r}: {exc.msg}") from exc

    def _perform(self, actions: list[dict]) -> None:
        from selenium.webdriver.remote.command import Command

        self.driver.execute(Command.W3C_ACTIONS, {"actions": actions})

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.service.stop()
            self._log.close()


# ---------------------------------------------------------------- Firefox


# Firefox's own network traffic and first-run pages, turned off so that the
# tests' console stays the page's own (the BiDi agent sets its recommended
# preferences besides: remote.prefs.recommended).
FIREFOX_PREFS = {
    "app.normandy.enabled": False,
    "app.normandy.api_url": "",
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "browser.startup.homepage": "about:blank",
    "browser.startup.homepage_welcome_url": "about:blank",
    "browser.aboutwelcome.enabled": False,
    "browser.newtabpage.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "browser.search.update": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "",
    "messaging-system.rsexperimentloader.enabled": False,
    "nimbus.disabled": True,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "dom.push.connection.enabled": False,
    # as the Chromium tests ask: every transition drawn at once
    "ui.prefersReducedMotion": 1,
}


# Firefox's console line for a request its service worker was answering
# when the page left (a reload, a language switch): the navigation cuts the
# request off. It is no error of the page's when it comes just after a
# navigation of that page started, and counts as one at any other time.
LEFT_MID_ANSWER = "A ServiceWorker intercepted the request and encountered an unexpected error"
LEFT_WITHIN_MS = 2000


class Firefox:
    """One headless Firefox for the test process; each page is a window in
    a user context of its own (storage apart, as two phones are)."""

    engine = "firefox"

    def __init__(self, home: Path) -> None:
        from tests.engines.bidi import BiDi

        profile = Path(tempfile.mkdtemp(prefix="firefox-profile-", dir=home))
        profile.joinpath("user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        self.stderr: list[str] = []
        self.proc = subprocess.Popen([FIREFOX, "--headless", "--remote-debugging-port=0", "--profile", str(profile),
                                      "--no-remote"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                     env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"), preexec_fn=_die_with_us)
        url = self._listening(deadline=time.monotonic() + 60)
        # The rest of its output is read as it comes (a full pipe would stop it).
        threading.Thread(target=self._drain, name="firefox-stderr", daemon=True).start()
        self.bidi = BiDi(url + "/session")
        self.bidi.call("session.new", capabilities={"alwaysMatch": {"acceptInsecureCerts": False}})
        self.logs: dict[str, list[str]] = {}
        self.navigations: dict[str, list[float]] = {}  # context -> when each navigation started (ms)
        self.bidi.on("browsingContext.navigationStarted", self._navigating)
        self.bidi.on("log.entryAdded", self._logged)
        self.bidi.call("session.subscribe", events=["log.entryAdded", "browsingContext.navigationStarted"])

    def _listening(self, deadline: float) -> str:
        for line in self.proc.stderr:
            self.stderr.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                return found.group(1)
            if time.monotonic() > deadline:
                break
        self.proc.kill()
        raise RuntimeError("Firefox did not start its WebDriver BiDi agent:\n" + "".join(self.stderr[-20:]))

    def _drain(self) -> None:
        for line in self.proc.stderr:
            self.stderr.append(line)

    def _navigating(self, event: dict) -> None:
        self.navigations.setdefault(event.get("context"), []).append(event.get("timestamp", 0))

    def _logged(self, entry: dict) -> None:
        if entry.get("level") != "error":
            return
        context = (entry.get("source") or {}).get("context")
        text = entry.get("text") or ""
        if LEFT_MID_ANSWER in text and any(0 <= entry.get("timestamp", 0) - started <= LEFT_WITHIN_MS
                                           for started in self.navigations.get(context, ())):
            return  # a request of the page that was leaving, cut off by its own navigation
        where = (entry.get("stackTrace") or {}).get("callFrames") or []
        if where:
            text += f" ({where[0].get('url')}:{where[0].get('lineNumber')})"
        self.logs.setdefault(context, []).append(f"console: {text}")

    def new_page(self, name: str, size: tuple[int, int], touch: bool) -> "FirefoxPage":
        return FirefoxPage(self, name, size, touch)

    def close(self) -> None:
        try:
            self.bidi.call("browser.close", timeout=10)
        except Exception:  # noqa: BLE001 - it is going anyway
            pass
        self.bidi.close()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


class FirefoxPage(Page):
    engine = "firefox"

    def __init__(self, browser: Firefox, name: str, size: tuple[int, int], touch: bool) -> None:
        super().__init__(name, size, touch)
        self.browser = browser
        self.bidi = browser.bidi
        self.user_context = self.bidi.call("browser.createUserContext")["userContext"]
        self.context = self.bidi.call("browsingContext.create", type="window",
                                      userContext=self.user_context)["context"]
        self.resize(*size)

    def goto(self, url: str) -> None:
        self.bidi.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def reload(self) -> None:
        self.bidi.call("browsingContext.reload", context=self.context, wait="complete")

    def resize(self, width: int, height: int) -> None:
        self.bidi.call("browsingContext.setViewport", context=self.context,
                       viewport={"width": width, "height": height})
        self.size = (width, height)

    def screenshot(self, path: Path) -> Path:
        import base64

        shot = self.bidi.call("browsingContext.captureScreenshot", context=self.context)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    def _call(self, source: str, args_json: str) -> str:
        from tests.engines.bidi import BiDiError

        wrapper = ("async (argsJson) => { try { const value = await (" + source + ")(...JSON.parse(argsJson));"
                   " return JSON.stringify({ value: value === undefined ? null : value }); }"
                   " catch (error) { return JSON.stringify({ error: String((error && error.stack) || error) }); } }")
        try:
            result = self.bidi.call("script.callFunction", functionDeclaration=wrapper, awaitPromise=True,
                                    target={"context": self.context},
                                    arguments=[{"type": "string", "value": args_json}])
        except BiDiError as exc:
            raise NavigationError(f"{self!r}: {exc}") from exc
        if result["type"] == "exception":  # the function itself did not parse
            raise JavaScriptError(f"{self!r}: {result['exceptionDetails'].get('text')}")
        return result["result"]["value"]

    def _perform(self, actions: list[dict]) -> None:
        self.bidi.call("input.performActions", context=self.context, actions=actions)

    def _log_errors(self) -> list[str]:
        return list(self.browser.logs.get(self.context, []))

    def close(self) -> None:
        try:
            self.bidi.call("browsingContext.close", context=self.context)
        finally:
            self.bidi.call("browser.removeUserContext", userContext=self.user_context)
