"""gevent's WSGI server, as ``socketio.run`` would start it, with one fix:
simple-websocket talks over a duplicate of the connection's socket, so once a
WebSocket ends, pywsgi must not read what is left on the original as a new
HTTP request. Used by ``partyapp serve`` and by the benchmark's baseline, so
both stand on the same server."""

from __future__ import annotations

import logging
import socket

from gevent import pywsgi


class UpgradeAwareHandler(pywsgi.WSGIHandler):
    def run_application(self):
        upgrade = self.environ.get("HTTP_UPGRADE", "").lower() == "websocket"
        if upgrade:
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            super().run_application()
        finally:
            if upgrade:
                self.close_connection = True


def make_server(app, host: str, port: int, error_log: logging.Logger | None = None) -> pywsgi.WSGIServer:
    return pywsgi.WSGIServer((host, port), app, handler_class=UpgradeAwareHandler, log=None,
                             error_log=error_log or logging.getLogger("partyapp.http"))
