"""Testing only: moving the fake clock of a server started with
``partyapp serve --testing --fake-clock`` (``realtime/clock.py``).

``POST /testing/clock`` with ``{"advance": seconds}`` (or ``{"to": time}``)
moves the server's clock on and makes every call due by then (the games'
time-outs, the bots' moves, the chores, the other processes' heartbeats and
sweeps), in order, before it answers ``{"now": time, "calls": made}``; an
empty body only reads the clock. Any other server answers 404: the route
exists only for a server on a fake clock, which only testing mode allows.
"""

from __future__ import annotations

import math

from flask import Blueprint, abort, current_app, jsonify, request

from partyapp.realtime.clock import ClockError

bp = Blueprint("testing", __name__)


@bp.post("/testing/clock")
def move_clock():
    """A test moves the server's fake clock (404 on a real one)."""
    realtime = current_app.extensions["partyapp"]
    clock = realtime.clock
    if not (clock.fake and realtime.settings["PARTYAPP_TESTING"]):
        abort(404)
    body = request.get_json(silent=True) or {}
    advance, to = body.get("advance"), body.get("to")
    calls = 0
    try:
        if advance is not None:
            calls = clock.advance(_seconds(advance))
        elif to is not None:
            calls = clock.advance_to(max(clock.now(), _seconds(to)))
    except ValueError as exc:
        return jsonify({"error": str(exc)}), 400
    except ClockError as exc:  # moved by two requests at once
        return jsonify({"error": str(exc)}), 409
    return jsonify({"now": clock.now(), "calls": calls})


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"a time must be a number of seconds, not {value!r}")
    return float(value)
