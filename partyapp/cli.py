"""``partyapp serve``: start the server on all interfaces and print where
phones can reach it.

The server is gevent's WSGI server (production grade, one OS thread serving
thousands of WebSockets as greenlets), run through Flask-SocketIO's ``gevent``
async mode with WebSockets from simple-websocket. The standard library is
patched for gevent before anything else is imported.
"""

from __future__ import annotations

import argparse
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="partyapp", description="Party card games on one TV and everybody's phone.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the server")
    serve.add_argument("--host", help="interface to listen on (default 0.0.0.0: the whole LAN)")
    serve.add_argument("--port", type=int, help="TCP port (default 8000)")
    serve.add_argument("--store", help="sqlite:///PATH (default: in the user's data directory), memory://, "
                       "redis://HOST:PORT/DB (several processes sharing the rooms)")
    serve.add_argument("--message-queue", metavar="URL",
                       help="redis://HOST:PORT/DB between the processes (default: the store's Redis)")
    serve.add_argument("--testing", action="store_true", default=None,
                       help="testing mode: game.start honours options.seed and options.deck")
    serve.add_argument("--fake-clock", action="store_true", default=None,
                       help="testing mode only: every timer on a clock that stands still until a test moves it "
                            "(POST /testing/clock)")
    serve.add_argument("--config", help="path of a config.toml (default: ./config.toml when present)")
    serve.add_argument("--public-url", help="address for the QR code when behind a proxy")
    serve.add_argument("--quiet", action="store_true", help="do not draw the QR code in the terminal")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.command == "serve":
        serve(args)


def serve(args: argparse.Namespace) -> None:
    from gevent import monkey

    monkey.patch_all()

    import logging

    import qrcode

    from partyapp.realtime import netinfo
    from partyapp.app import create_app
    from partyapp.config import ConfigError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    overrides = {
        "PARTYAPP_HOST": args.host,
        "PARTYAPP_PORT": args.port,
        "PARTYAPP_STORE_URL": args.store,
        "PARTYAPP_MESSAGE_QUEUE": args.message_queue,
        "PARTYAPP_TESTING": args.testing,
        "PARTYAPP_FAKE_CLOCK": args.fake_clock,
        "PARTYAPP_PUBLIC_URL": args.public_url,
    }
    try:
        app = create_app(overrides, config_path=args.config, async_mode="gevent")
    except (ConfigError, ValueError, OSError) as exc:
        sys.exit(f"partyapp: {exc}")
    cfg = app.config
    lan = app.extensions["partyapp"].lan_ip
    host, port = cfg["PARTYAPP_HOST"], cfg["PARTYAPP_PORT"]
    loopback_only = netinfo.is_loopback_host(host) and not cfg["PARTYAPP_PUBLIC_URL"]
    if loopback_only:
        base = f"http://{host}:{port}" if ":" not in host else f"http://[{host}]:{port}"
    else:
        base = netinfo.join_base(cfg["PARTYAPP_PUBLIC_URL"], "http", f"{lan}:{port}", lan, port)
    print(f"\npartyapp is running. Open {base}/ on the TV or laptop and press \"Start a table (TV)\".", flush=True)
    if loopback_only:
        print(f"WARNING: listening on {host} only: phones cannot reach this server. "
              "Start it with --host 0.0.0.0 (the default) to let phones on the same Wi-Fi join.", flush=True)
    else:
        print(f"Phones on the same Wi-Fi join at {base}/ (or scan the code on the table screen).", flush=True)
    print(f"Rooms are kept in {cfg['PARTYAPP_STORE_URL']}", flush=True)
    if app.extensions["partyapp"].queue is not None:
        print(f"Shared with the other processes on it; this one is {app.extensions['partyapp'].registry.host_id}.",
              flush=True)
    if cfg["PARTYAPP_TESTING"]:
        print("TESTING MODE: game.start accepts options.seed and options.deck.", flush=True)
    if cfg["PARTYAPP_FAKE_CLOCK"]:
        print("FAKE CLOCK: time stands still until POST /testing/clock moves it.", flush=True)
    if not args.quiet and not loopback_only:
        code = qrcode.QRCode(border=1)
        code.add_data(f"{base}/")
        code.print_ascii(out=sys.stdout, invert=True)
    from partyapp.web.server import connections_for, raise_open_files_limit

    before, after = raise_open_files_limit()
    raised = f" (raised from {before:,})" if after > before else ""
    print(f"Open files: up to {after:,}{raised}, room for about {connections_for(after):,} connections at once; "
          f"at most {cfg['PARTYAPP_CONNECTIONS_PER_ADDRESS']:,} from one address.", flush=True)
    sys.stdout.flush()
    tune_gc()
    run_server(app, host, port)


def tune_gc() -> None:
    """A full garbage collection scans every live object: with a thousand
    sockets open it stops the server for 50 to 100 ms, several times a
    minute. Young objects are still collected as usual; the start-up objects
    are frozen out of every later scan, and full collections happen only in
    the store housekeeping, every few minutes (``housekeeping.FULL_GC_SECONDS``)."""
    import gc

    gc.collect()
    gc.freeze()
    from partyapp.realtime.housekeeping import AUTOMATIC_OFF

    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, AUTOMATIC_OFF)


def run_server(app, host: str, port: int) -> None:
    from partyapp.web.server import make_server

    cfg = app.config
    # Behind a reverse proxy every TCP connection is the proxy's: the cap per
    # address is then applied to the Socket.IO connections of each forwarded
    # address (``handlers.on_connect``), not here.
    behind_proxy = bool(cfg["PARTYAPP_TRUSTED_PROXIES"])
    per_address = 0 if behind_proxy else cfg["PARTYAPP_CONNECTIONS_PER_ADDRESS"]
    refuse = None if behind_proxy else app.extensions["partyapp"].penalized
    make_server(app, host, port, per_address=per_address, header_timeout=cfg["PARTYAPP_HEADER_TIMEOUT_S"],
                refuse=refuse).serve_forever()
