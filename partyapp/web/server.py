"""gevent's WSGI server, as ``socketio.run`` would start it, with these
changes, used by ``partyapp serve`` and by the benchmark's baseline, so both
stand on the same server:

- simple-websocket talks over a duplicate of the connection's socket, so
  once a WebSocket ends, pywsgi must not read what is left on the original
  as a new HTTP request;
- a request must finish its request line and headers within
  ``header_timeout`` seconds of the connection (or of the previous request
  on a kept-alive connection), else the connection is closed without an
  answer: half-sent requests cannot hold descriptors;
- one client address holds at most ``per_address`` connections at once
  (0: no cap); a connection past the cap is closed as soon as it is
  accepted. Behind a reverse proxy every connection comes from the proxy,
  so ``partyapp serve`` sets no cap there (the Socket.IO connections are
  capped per forwarded address instead, ``handlers.on_connect``);
- every connection is TCP_NODELAY: an answer's headers and body leave at
  once, instead of the body waiting for the client to acknowledge the
  headers (Nagle's algorithm against the client's delayed ACK: 40 ms for
  each file after the first on a kept-alive connection, which the page's
  files all are);
- an address the app has cut off too often (bad packets, flooding:
  ``Realtime.penalized``) has its new connections closed as they are
  accepted, for a while.
"""

from __future__ import annotations

import logging
import resource
import socket
from collections import Counter
from typing import Callable

import gevent
from gevent import pywsgi

log = logging.getLogger("partyapp.http")


class HeadersTooSlow(socket.timeout):
    """The request's headers did not arrive in time."""


class UpgradeAwareHandler(pywsgi.WSGIHandler):
    _headers_timer: gevent.Timeout | None = None

    def handle_one_request(self):
        timeout = getattr(self.server, "header_timeout", None)
        if timeout:
            self._headers_timer = gevent.Timeout.start_new(timeout, HeadersTooSlow("request headers too slow"))
        try:
            return super().handle_one_request()
        finally:
            self._stop_headers_timer()

    def read_request(self, raw_requestline):
        result = super().read_request(raw_requestline)
        self._stop_headers_timer()  # the headers are in: the application may take its time
        return result

    def _stop_headers_timer(self) -> None:
        if self._headers_timer is not None:
            self._headers_timer.close()
            self._headers_timer = None

    def _handle_client_error(self, ex):
        if isinstance(ex, HeadersTooSlow):
            return None  # closed without an answer
        return super()._handle_client_error(ex)

    def run_application(self):
        upgrade = self.environ.get("HTTP_UPGRADE", "").lower() == "websocket"
        try:
            super().run_application()
        finally:
            if upgrade:
                self.close_connection = True


class PartyServer(pywsgi.WSGIServer):
    """pywsgi's server with a cap on the connections of one address."""

    def __init__(self, *args, per_address: int = 0, header_timeout: float = 0,
                 refuse: Callable[[str], bool] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.per_address = per_address
        self.refuse = refuse  # an address whose new connections are refused for now (cut off too often)
        self.header_timeout = header_timeout
        self.open_by_address: Counter[str] = Counter()
        self.refused = 0  # connections closed at once for their address's cap

    def handle(self, sock, address):
        addr = address[0] if isinstance(address, tuple) else str(address)
        if self.refuse is not None and self.refuse(addr):
            try:
                sock.close()
            except OSError:
                pass
            return
        if self.per_address and self.open_by_address[addr] >= self.per_address:
            self.refused += 1
            if self.refused in (1, 10, 100) or self.refused % 1000 == 0:
                log.warning("%s holds %d connections, the most one address may: closing new ones "
                            "(%d so far)", addr, self.per_address, self.refused)
            try:
                sock.close()
            except OSError:
                pass
            return
        self.open_by_address[addr] += 1
        try:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:  # not TCP (a Unix socket) or already closed
                pass
            super().handle(sock, address)
        finally:
            left = self.open_by_address[addr] - 1
            if left > 0:
                self.open_by_address[addr] = left
            else:
                del self.open_by_address[addr]


def make_server(app, host: str, port: int, error_log: logging.Logger | None = None, *, per_address: int = 0,
                header_timeout: float = 0, refuse: Callable[[str], bool] | None = None) -> pywsgi.WSGIServer:
    return PartyServer((host, port), app, handler_class=UpgradeAwareHandler, log=None,
                       error_log=error_log or log, per_address=per_address, header_timeout=header_timeout,
                       refuse=refuse)


# Descriptors kept aside for the store, the logs and the listening socket.
RESERVED_FDS = 64


def raise_open_files_limit() -> tuple[int, int]:
    """Raise this process's limit on open descriptors to its hard limit (a
    server starts with the common soft limit of 1,024). Returns the limit
    before and after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            target = soft
    else:
        target = soft
    return soft, target


def connections_for(open_files: int) -> int:
    """How many phones' connections fit in ``open_files`` descriptors: a
    WebSocket holds two (pywsgi's socket and simple-websocket's duplicate)."""
    return max(0, (open_files - RESERVED_FDS) // 2)
