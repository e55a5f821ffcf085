"""What a gone connection leaves behind: nothing that waits for the cycle
collector (the churn growth of issue 17).

``partyapp serve`` collects the oldest generation only every few minutes
(``cli.tune_gc``), so whatever a connection leaves in a reference cycle
stays until then, with everything the cycle reaches. Flask-SocketIO runs
every event in a Flask request context built from the connection's WSGI
environ, whose path (``/socket.io/``) is no route of the app: Flask keeps
the ``NotFound`` in ``request.routing_exception``, and that exception's
traceback held the request context (and, through the frames, the stack of
the connection's reader with its socket) in a cycle
(``app.PartyRequestContext``). These tests keep the collector paused while
connections come and go, then look at what only the collector could free.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

import flask
from flask import ctx as flask_ctx

from partyapp.realtime.extension import socketio


@contextmanager
def cycles_left():
    """Collect what came before and pause the collector for the block; the
    list it yields is filled, after the block, with the objects that only
    the collector could free (freed then)."""
    gc.collect()
    gc.disable()
    found: list = []
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def request_leftovers(garbage: list) -> list[str]:
    return sorted({type(o).__qualname__ for o in garbage
                   if isinstance(o, (flask.Request, flask_ctx.RequestContext, flask_ctx.AppContext))})


def test_connections_that_come_and_go_leave_no_request_in_a_cycle(table, client):
    t, code, _ = table
    phone = client()
    token = phone.call("player.join", {"code": code, "name": "Ann"})["token"]
    phone.disconnect()
    with cycles_left() as garbage:
        for _ in range(5):
            c = client()
            assert c.call("player.resume", {"code": code, "token": token})["ok"]
            assert c.states()
            c.disconnect()
            c = client()
            assert c.call("no.such.event", {})["error"]["code"] == "bad_request"
            c.disconnect()
    assert request_leftovers(garbage) == []


def test_the_server_keeps_no_entry_for_gone_connections(app, table, client):
    t, code, _ = table
    phone = client()
    token = phone.call("player.join", {"code": code, "name": "Ann"})["token"]
    phone.disconnect()
    realtime = app.extensions["partyapp"]
    for _ in range(5):
        c = client()
        assert c.call("player.resume", {"code": code, "token": token})["ok"]
        c.disconnect()
    # the table alone is left: its connection, its channel, its room member
    assert len(realtime.conns) == 1
    assert {key: len(sids) for key, sids in realtime.fanout.listeners.items()} == {(code, None): 1}
    rooms = socketio.server.manager.rooms["/"]
    channels = {name: len(members) for name, members in rooms.items()
                if isinstance(name, str) and name.startswith(("t:", "p:"))}
    assert channels == {f"t:{code}": 1}
