"""How fast the phone page and the table page load, in real Chromium at
390x844: ``python -m bench.pageload`` (a step of ``make bench``).

For each page, cold (a new browser profile: no HTTP cache, no service
worker) and warm (the same profile again, as a guest coming back), at three
network conditions between the browser and the server. The phone page is
measured twice: at 127.0.0.1, a secure origin, where its service worker
keeps it, and as at a party, at a LAN name (``http://party.lan:PORT``,
mapped to 127.0.0.1 by Chromium's resolver and named in the server's
``allowed_origins``), which no browser counts as a secure origin: no
service worker there, a warm visit comes from the HTTP cache alone
(``phone (LAN http)``). The conditions:

- ``loopback``: none;
- ``60ms``: 60 ms round trip, 5 Mbit/s each way;
- ``fast3g``: "Fast 3G" as Lighthouse has it, 150 ms round trip, 1.6 Mbit/s
  down and 750 kbit/s up.

The network is shaped by a proxy between the browser and the server
(``Link``): each direction is one link of that bandwidth, shared by every
connection, and each chunk arrives half a round trip after it has been
sent; opening a connection costs a round trip. Chromium's own emulation
(CDP ``Network.emulateNetworkConditions``) was not used because it applies
to one page's requests only: the service worker's requests (a warm phone
page is asked of the server by its worker) and the WebSocket's frames pass
it unshaped, which would flatter the warm figures.

Measured per load (the median of ``--repeat`` loads):

- ``requests``, ``kb``: the requests that reached the server and the bytes
  on the wire both ways (headers, bodies, the WebSocket's first frames
  until the page is ready), counted by the proxy;
- ``form_ms``: from the start of the navigation to the join form shown
  (the phone page) or the room's join link shown (the table page);
- ``seated_ms`` (phone page): from the tap on "Join" to the seat shown.

The floor on each line is what no page can beat to its join form: cold,
the connection, the page and its files (asked at once), a round trip each;
warm, the connection and the page; the table's join link also waits for its
socket (four round trips); plus the bytes at the link's bandwidth
(``floor_ms``).

    python -m bench.pageload                     # every page, condition, cold and warm
    python -m bench.pageload --repeat 5 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass

from bench.servers import BENCH_CONFIG, Server

VIEWPORT = {"width": 390, "height": 844}
# The party's own address as a phone opens it: not a secure origin.
LAN_NAME = "party.lan"
LAN_PHONE = "phone (LAN http)"


@dataclass(frozen=True)
class Condition:
    name: str
    rtt_ms: float  # round trip
    down_kbit: float  # server to browser; 0: unlimited
    up_kbit: float


CONDITIONS = [
    Condition("loopback", 0, 0, 0),
    Condition("60ms", 60, 5000, 5000),
    Condition("fast3g", 150, 1600, 750),
]


class Link:
    """One direction of the shaped network: a queue of chunks leaving at the
    link's bandwidth and arriving half a round trip later."""

    def __init__(self) -> None:
        self.bytes_per_s = 0.0
        self.one_way_s = 0.0
        self.free_at = 0.0
        self.bytes = 0

    def shape(self, kbit: float, one_way_s: float) -> None:
        self.bytes_per_s = kbit * 1000 / 8 if kbit else 0
        self.one_way_s = one_way_s

    def arrival(self, size: int) -> float:
        now = time.monotonic()
        self.bytes += size
        if self.bytes_per_s:
            self.free_at = max(now, self.free_at) + size / self.bytes_per_s
            return self.free_at + self.one_way_s
        return now + self.one_way_s


class Proxy:
    """A TCP proxy on 127.0.0.1 shaping what passes it (``Link``), counting
    HTTP requests and bytes; it runs its own event loop in a thread."""

    def __init__(self, condition: Condition) -> None:
        self.upstream_port = 0  # set once the server is up
        self.condition = condition
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = 0
        self.down, self.up = Link(), Link()
        self.reset()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.wait(10)

    def reset(self) -> None:
        """Count afresh, under ``condition``. The two links are the same
        objects for every connection, kept-alive ones included."""
        one_way = self.condition.rtt_ms / 2000
        self.down.shape(self.condition.down_kbit, one_way)
        self.up.shape(self.condition.up_kbit, one_way)
        self.down.bytes = self.up.bytes = 0
        self.requests = 0

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = self.server.sockets[0].getsockname()[1]
        self.ready.set()
        self.loop.run_forever()
        self.loop.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await asyncio.sleep(self.condition.rtt_ms / 1000)  # the TCP handshake
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
            except OSError:
                writer.close()
                return
            await asyncio.gather(self._pipe(reader, up_writer, self.up, True),
                                 self._pipe(up_reader, writer, self.down, False), return_exceptions=True)
        except asyncio.CancelledError:
            writer.close()

    async def _pipe(self, reader, writer, link: Link, upstream: bool) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, chunk = await queue.get()
                if chunk is None:
                    break
                delay = at - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                writer.write(chunk)
                await writer.drain()
            writer.close()

        sender = asyncio.ensure_future(deliver())
        try:
            while True:
                chunk = await reader.read(16384)
                if not chunk:
                    break
                if upstream:
                    self.requests += chunk.count(b" HTTP/1.1\r\n")
                queue.put_nowait((link.arrival(len(chunk)), chunk))
        except (ConnectionError, OSError):
            pass
        queue.put_nowait((0, None))
        try:
            await sender
        except (ConnectionError, OSError):
            pass

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        async def shut() -> None:
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.loop.stop()

        asyncio.run_coroutine_threadsafe(shut(), self.loop)
        self.thread.join(10)


# Recorded in the page, against its navigation's start (performance.now()).
MARKS = """
(() => {
  const mark = () => {
    if (!window.__form && document.querySelector(
        "#join-screen:not([hidden]) #name, #join-url:not(:empty)")) window.__form = performance.now();
    if (window.__tap && !window.__seated && document.querySelector("#room-screen:not([hidden]) #you-line"))
      window.__seated = performance.now();
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


def load(context, url: str, proxy: Proxy, seat: str | None, timeout_ms: float = 60_000) -> dict:
    page = context.new_page()
    proxy.reset()
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    page.wait_for_function("() => window.__form !== undefined", timeout=timeout_ms, polling=20)
    result = {"form_ms": page.evaluate("window.__form")}
    if seat is not None:
        page.fill("#name", seat)
        page.evaluate("() => { window.__tap = performance.now(); "
                      "document.querySelector('#name-form button[type=submit]').click(); }")
        page.wait_for_function("() => window.__seated !== undefined", timeout=timeout_ms, polling=20)
        result["seated_ms"] = page.evaluate("window.__seated - window.__tap")
    page.wait_for_timeout(300)  # what is still under way (the socket's first frames) is counted too
    result["requests"] = proxy.requests
    result["kb"] = (proxy.down.bytes + proxy.up.bytes) / 1000
    result["kb_down"] = proxy.down.bytes / 1000
    result["kb_up"] = proxy.up.bytes / 1000
    page.close()
    return result


def floor_ms(c: Condition, row: dict, state: str, page: str) -> float:
    """What no page can beat to its join form: cold, the connection, the
    page and its files (all asked at once), three round trips; warm, the
    connection and the page (its files are on the phone), two; the table
    shows its join link once its socket is attached: four more (the
    socket's connection, its upgrade, the namespace, the attach); plus the
    bytes at the link's bandwidth (each direction its own)."""
    trips = (3 if state == "cold" else 2) + (4 if page == "table" else 0)
    transfer = max(row["kb_down"] * 8 / c.down_kbit, row["kb_up"] * 8 / c.up_kbit) * 1000 if c.down_kbit else 0
    return trips * c.rtt_ms + transfer


def median_of(runs: list[dict]) -> dict:
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def run(repeat: int, chromium: str, app_root: str | None = None) -> list[dict]:
    from playwright.sync_api import sync_playwright

    from tests.wire import WireClient

    # One proxy for every condition, so that the pages' origins are the
    # ones the server takes for its own (its public URL, and the LAN name
    # in its allowed_origins, as a host whose router names the laptop sets).
    proxy = Proxy(CONDITIONS[0])
    lan_url = f"http://{LAN_NAME}:{proxy.port}"
    config = tempfile.NamedTemporaryFile("w", suffix=".toml", prefix="partyapp-pageload-", delete=False)
    config.write(BENCH_CONFIG.replace("[server]\n", f"[server]\nallowed_origins = [{json.dumps(lan_url)}]\n", 1))
    config.close()
    server = Server("app", extra=["--public-url", proxy.url, "--config", config.name], root=app_root)
    proxy.upstream_port = server.port
    rows = []
    try:
        base = f"http://127.0.0.1:{server.port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=[
                "--disable-gpu", f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"])
            for c in CONDITIONS:
                proxy.condition = c
                for page_kind in ("phone", "table", LAN_PHONE):
                    phone = page_kind != "table"
                    site = lan_url if page_kind == LAN_PHONE else proxy.url
                    cold, warm = [], []
                    for i in range(repeat):
                        owner = WireClient(base).connect()
                        made = owner.call("room.create", {})
                        owner.close()
                        code, token = made["code"], made["host_token"]
                        context = browser.new_context(viewport=VIEWPORT, is_mobile=phone, has_touch=phone)
                        context.add_init_script(MARKS)
                        if page_kind == "table":
                            context.add_init_script(
                                f"localStorage.setItem('partyapp.table.{code}', {json.dumps(token)})")
                            url, seat = f"{site}/t/{code}", None
                        else:
                            url, seat = f"{site}/j/{code}", f"Guest {i}"
                        cold.append(load(context, url, proxy, seat))
                        if page_kind == LAN_PHONE:
                            # no worker to wait for: the HTTP cache alone
                            context.add_init_script(f"localStorage.removeItem('partyapp.seat.{code}')")
                        elif phone:
                            # the seated phone comes back: its worker is in charge by now
                            page = context.new_page()
                            page.goto(url)
                            # A load that left before the worker took charge is not
                            # the worker's (it claims only the pages it finds): once
                            # the worker is active, the next load is.
                            if page.evaluate("async () => !!document.querySelector('link[rel=manifest]') "
                                             "&& (await navigator.serviceWorker.ready, "
                                             "navigator.serviceWorker.controller === null)"):
                                page.reload()
                            page.wait_for_function("() => !document.querySelector('link[rel=manifest]') "
                                                   "|| navigator.serviceWorker.controller !== null", timeout=30_000)
                            page.close()
                            # a new guest on this phone: the join form again, warm
                            context.add_init_script(f"localStorage.removeItem('partyapp.seat.{code}')")
                        warm.append(load(context, url, proxy, f"Guest {i}b" if phone else None))
                        context.close()
                    for state, runs in (("cold", cold), ("warm", warm)):
                        row = {"page": page_kind, "state": state, "condition": c.name, **median_of(runs)}
                        row["floor_ms"] = floor_ms(c, row, state, page_kind)
                        rows.append(row)
                        print(fmt_row(row), file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.stop()
        proxy.close()
        os.unlink(config.name)
    return rows


def fmt_row(r: dict) -> str:
    seated = f"{r['seated_ms']:.0f}" if "seated_ms" in r else "-"
    return (f"| {r['page']} | {r['state']} | {r['condition']} | {r['requests']:.0f} | "
            f"{r['kb_down']:.1f} / {r['kb_up']:.1f} | "
            f"{r['form_ms']:.0f} | {seated} | {r['floor_ms']:.0f} |")


HEADER = ("| page | visit | network | requests | KB down / up | join form ms | seated ms (after the tap) | floor ms |\n"
          "|---|---|---|---:|---:|---:|---:|---:|")


# The targets: the phone page's join form on Fast 3G (warm at the LAN
# address, without a service worker, from the HTTP cache).
TARGETS = {("phone", "cold"): 1500, ("phone", "warm"): 500, (LAN_PHONE, "cold"): 1500, (LAN_PHONE, "warm"): 700}


def report(result: dict) -> str:
    """The table and the targets, as ``make bench``'s summary prints them."""
    rows = result["rows"]
    lines = ["page load (Chromium 390x844, median of "
             f"{result['repeat']}; load average {result['load_before']} before, {result['load_after']} after):", "",
             HEADER] + [fmt_row(r) for r in rows] + ["", "targets:"]
    for r in rows:
        target = TARGETS.get((r["page"], r["state"]))
        if r["condition"] == "fast3g" and target:
            lines.append(f"- {r['page']} page, {r['state']}, Fast 3G: join form within {target} ms: "
                         f"{r['form_ms']:.0f} ms, {'met' if r['form_ms'] <= target else 'MISSED'}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.pageload", description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="loads of each page, condition and visit (median)")
    ap.add_argument("--chromium", default=os.environ.get("PARTYAPP_CHROMIUM", "/usr/bin/chromium"))
    ap.add_argument("--app-root", help="serve the package of another checkout (a folder holding partyapp/), "
                    "to measure an older version beside this one")
    ap.add_argument("--json", action="store_true", help="print one JSON line at the end")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    load_before = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    rows = run(args.repeat, args.chromium, args.app_root)
    load_after = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    result = {"rows": rows, "repeat": args.repeat, "load_before": load_before, "load_after": load_after,
              "seconds": round(time.perf_counter() - started)}
    print(report(result))
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
