"""Forgetting an acknowledgement callback (seam 7).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

from typing import Any

import socketio

# -- 7. forgetting an acknowledgement callback ------------------------------------------

def drop_callback(server: socketio.Server, sid: str, callback: Any) -> bool:
    """Forget ``callback`` if python-socketio still waits to call it for an
    acknowledgement from ``sid``; True when it did."""
    waiting = server.manager.callbacks.get(sid)
    if not waiting:
        return False
    for ack_id, fn in list(waiting.items()):
        if fn is callback:
            del waiting[ack_id]
            return True
    return False


def pending_callbacks(server: socketio.Server, sid: str) -> int:
    """How many acknowledgements python-socketio waits for from ``sid``."""
    return sum(1 for key in server.manager.callbacks.get(sid, {}) if key != 0)
