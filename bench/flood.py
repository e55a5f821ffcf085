"""Connections flooding with packets the server cannot take, beside a
party: ``python -m bench.flood``.

The load of ``bench.load`` (rooms of a table and phones, the phone whose
turn it is drawing once a second per room) runs once quietly and then once
per kind of flood while three more clients (``--flooders``), each a process
of its own from an address of its own, send that kind as fast as their
sockets take it, connecting again each time the server closes them (as an
attacker would). Reported per run: the other rooms' move latency (a draw to
the last screen showing it: p50, p95, p99), the server's CPU, and what the
flooders got through (packets sent, connections the server closed,
connections refused). The kinds are those of issue 23: truncated JSON
(``42["x"``), JSON 1,000 deep, an empty ``4``, an integer of 4,301 digits,
a binary-event header without its attachment, and, for comparison, a
well-formed event of an unknown name (``42["x"]``, which the rate limit
answers); and those of issue 44: four undecodable packets, then ``41`` and
``40`` again on the same socket (``rejoin``: before, every per-connection
limit started afresh), acknowledgements of ids the server never asked
(``acks``, ``43N[]``), bare ``41``/``40`` churn (``churn``), and a message
longer than the server takes (``oversize``); and the Engine.IO packets a
page never sends: a client's ping (``eio-ping``, ``2``), an upgrade outside
an upgrade (``eio-upgrade``, ``5``), a pong to no ping (``eio-pong``, ``3``),
a type engine.io does not know (``eio-unknown``, ``7``), a type that is no
digit (``eio-unreadable``, ``x``), a message of 60,000 ``[`` that engine.io
would parse as JSON before Socket.IO sees it (``eio-deep``); and over
long-polling, each connection's one POST that engine.io refuses, too long
(``polling-oversize``) or of a type it does not know (``polling-unknown``).

    python -m bench.flood                  # 50 rooms x 4 phones, 12 s a kind, 3 flooders
    python -m bench.flood --kinds truncated,acks --seconds 20
    python -m bench.flood --flooders 1     # one flooder
    python -m bench.flood --addresses 40   # each flooder from 40 addresses in turn
    python -m bench.flood --json           # only the JSON line

The machine may be shared: the load average is printed beside the figures.
The flooder runs at the lowest CPU priority (see ``bad_flood_main``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time

# What a flooder sends once in the namespace, again and again: one packet
# (Engine.IO message text), or a round of several; "acks" counts its ids up.
KINDS = {
    "truncated": '42["x"',
    "deep": '42["x",' + "[" * 1000 + "]" * 1000 + "]",
    "empty": "4",
    "huge-int": '42["x",' + "9" * 4301 + "]",
    "binary-header": '451-["x",{"_placeholder":true,"num":0}]',
    "unknown-event": '42["x"]',
    "rejoin": ['42["x"'] * 4 + ["41", "40"],
    "acks": "43{n}[]",
    "churn": ["41", "40"],
    "oversize": '42["x","' + "a" * 70_000 + '"]',
    "eio-ping": "2",
    "eio-upgrade": "5",
    "eio-pong": "3",
    "eio-unknown": "7",
    "eio-unreadable": "x",
    "eio-deep": "4" + "[" * 60_000,
    "polling-oversize": "4" + "a" * 70_000,  # the body of one long-polling POST (``polling_round``)
    "polling-unknown": "7",
}
TARGET_P95_MS = 100.0
FLOODERS = 3


def rounds(kind: str):
    """The packets of ``kind``, round after round, without end."""
    pattern = KINDS[kind]
    n = 0
    while True:
        n += 1
        if isinstance(pattern, list):
            yield from pattern
        else:
            yield pattern.format(n=n) if kind == "acks" else pattern


def bad_flood_main(conn, port: int, kind: str, addresses: int = 1, index: int = 0, flooders: int = 1) -> None:
    """One flooder (a process of its own): ``KINDS[kind]`` as fast as the
    socket takes it, a new connection whenever the server closes one. It
    runs at the lowest CPU priority: an attacker brings their own machine,
    while here the flooders, the load generator and the server share two
    cores, and a flooder at full priority would slow the generator's own
    measuring as much as the server. Flooder ``index`` of several connects
    from an address of its own (127.0.1.1, 127.0.2.1...); with ``addresses``
    above 1 from that many in turn (127.0.1.1, 127.0.1.2...), so that the
    refusal of an address cut off too often does not stop it."""
    from .sio import Client

    os.nice(19)

    async def go() -> dict:
        loop = asyncio.get_running_loop()
        stop = loop.run_in_executor(None, conn.recv)
        counts = {"kind": kind, "sent": 0, "connections": 0, "closed_by_server": 0, "refused": 0}
        t0 = time.perf_counter()
        n = 0
        while not stop.done():
            n += 1
            source = f"127.0.{1 + index}.{1 + n % addresses}" if addresses > 1 or flooders > 1 else None
            if kind.startswith("polling-"):
                outcome = await polling_round(port, source, KINDS[kind].encode())
                if outcome == "refused":
                    counts["refused"] += 1
                    await asyncio.sleep(0.01)
                else:
                    counts["connections"] += 1
                    counts["sent"] += 1
                    counts["closed_by_server"] += outcome == "closed"
                continue
            c = Client("127.0.0.1", port)
            try:
                await c.connect(timeout=5, source=source)
            except Exception:
                counts["refused"] += 1
                await asyncio.sleep(0.01)
                continue
            counts["connections"] += 1
            packets = rounds(kind)  # each connection from the start of a round
            try:
                # A transport the server has closed is not written to (asyncio
                # would log each write that fails).
                while not c.closed and not c.writer.transport.is_closing() and not stop.done():
                    for _ in range(50):
                        if c.writer.transport.is_closing():
                            break
                        c._send_text(next(packets))
                        counts["sent"] += 1
                    await c.writer.drain()
                    await asyncio.sleep(0)
            except (ConnectionError, OSError, RuntimeError):
                pass
            if c.closed or c.writer.transport.is_closing():
                counts["closed_by_server"] += 1
            c.abort()
        counts["seconds"] = round(time.perf_counter() - t0, 1)
        return counts

    conn.send(asyncio.run(go()))


async def polling_round(port: int, source: str | None, body: bytes) -> str:
    """One long-polling Engine.IO connection: its handshake, then one POST of
    ``body``. "refused" (the handshake was not answered 200), "closed" (the
    server answered the POST or closed the connection within 0.2 s) or
    "open" (it did neither); the connection is then let go."""
    local = {"local_addr": (source, 0)} if source else {}
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, **local), 5)
    except (OSError, asyncio.TimeoutError):
        return "refused"
    try:
        writer.write(b"GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\n\r\n")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        if not head.startswith(b"HTTP/1.1 200"):
            return "refused"
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        sid = json.loads((await reader.readexactly(length))[1:])["sid"]
        writer.write(f"POST /socket.io/?EIO=4&transport=polling&sid={sid} HTTP/1.1\r\nHost: x\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        try:
            await asyncio.wait_for(reader.read(1), 0.2)
            return "closed"
        except asyncio.TimeoutError:
            return "open"
    except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, StopIteration, ValueError):
        return "refused"
    finally:
        writer.close()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.flood", description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--phones", type=int, default=4)
    p.add_argument("--seconds", type=float, default=12.0, help="measured seconds per run")
    p.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " + ", ".join(KINDS))
    p.add_argument("--flooders", type=int, default=FLOODERS,
                   help=f"flooding clients at once, each a process of its own (default {FLOODERS})")
    p.add_argument("--addresses", type=int, default=1,
                   help="each flooder connects from this many loopback addresses in turn (default 1)")
    p.add_argument("--json", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    from . import load
    from .servers import raise_fd_limit

    args = parse_args(argv)
    raise_fd_limit()
    log = (lambda *a, **k: print(*a, file=sys.stderr, **k)) if args.json else print
    base = ["--rooms", str(args.rooms), "--phones", str(args.phones), "--seconds", str(args.seconds),
            "--procs", "1"]
    runs = []
    for kind in ["none", *args.kinds.split(",")]:
        largs = load.parse_args(base)
        largs.bad_packets = None if kind == "none" else kind
        largs.flood_addresses = args.addresses
        largs.flooders = args.flooders
        before = os.getloadavg()
        r = load.run_once(largs, "app", log=log)
        row = {"kind": kind, "p50_ms": r["p50_ms"], "p95_ms": r["p95_ms"], "p99_ms": r["p99_ms"],
               "max_ms": r["max_ms"], "moves": r["samples"], "lost": r["lost"],
               "server_cpu_pct": r["server_cpu_pct"], "load_avg_1m": round(before[0], 2),
               "flood": r.get("flood")}
        runs.append(row)
        f = row["flood"] or {}
        log(f"  {kind:14} p50 {row['p50_ms']:7.1f} ms  p95 {row['p95_ms']:7.1f} ms  p99 {row['p99_ms']:7.1f} ms  "
            f"CPU {row['server_cpu_pct']:5.1f}%  load {row['load_avg_1m']:.2f}"
            + (f"  flood: {f.get('sent', 0):,} sent on {f.get('connections', 0):,} connections, "
               f"{f.get('closed_by_server', 0):,} closed by the server, {f.get('refused', 0):,} refused"
               if f else ""))
    worst = max(r["p95_ms"] for r in runs)
    line = {"rooms": args.rooms, "phones": args.phones, "seconds": args.seconds, "addresses": args.addresses,
            "flooders": args.flooders,
            "runs": runs,
            "worst_p95_ms": worst, "target_p95_ms": TARGET_P95_MS, "ok": worst < TARGET_P95_MS,
            "machine": load.machine()}
    if not args.json:
        print(f"\nworst p95 of the other rooms' moves: {worst} ms (target < {TARGET_P95_MS:g} ms): "
              + ("OK" if line["ok"] else "MISSED"))
    print(json.dumps(line, separators=(",", ":")))
    return 0 if line["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
