"""The Engine.IO connections themselves, from their handshake to their close (seam 8).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

from typing import Any, Callable

import socketio

# -- 8. Engine.IO connections -----------------------------------------------------------

def watch_connections(server: socketio.Server, opened: Callable[[str, dict], bool],
                      closed: Callable[[str], Any]) -> None:
    """Tell the app of every Engine.IO connection of ``server``:
    ``opened(eio_sid, environ)`` at its handshake, before python-socketio
    takes it (False refuses it: engine.io answers 401), ``closed(eio_sid)``
    once python-socketio has let it go."""
    connect, disconnect = server._handle_eio_connect, server._handle_eio_disconnect

    def handle_connect(eio_sid: str, environ: dict) -> Any:
        if opened(eio_sid, environ) is False:
            return False
        return connect(eio_sid, environ)

    def handle_disconnect(eio_sid: str, *args: Any) -> None:
        try:
            disconnect(eio_sid, *args)
        finally:
            closed(eio_sid)

    server._handle_eio_connect = handle_connect
    server._handle_eio_disconnect = handle_disconnect
    server.eio.on("connect", handle_connect)
    server.eio.on("disconnect", handle_disconnect)
