"""A game's clock times moved on by a pause.

While the host has the room paused (``partyapp/rooms/pause.py``) no move is
made and no time-out fires; on resume every time a game keeps in its state
(a race's opening and deadline, each tap's arrival, Cheat's call window, a
prompt's clock, a house dealer's next paced step, a reflex game's time
limit) moves on by as long as the pause lasted, so that each timer has
exactly the time it had left, and the game goes on as if the pause had
never been.

The times are found by name: every field of a record (``record.py``) in
the state whose name is in ``TIMES`` and whose value is a number, however
deep in the state it sits. A duration kept as a float (a tap's
compensation, ``lag``) is named in ``DURATIONS``; ``tests/games/
test_pause_clock.py`` fails on a float field of any engine's record that is
in neither list, so a new timer cannot be forgotten here.

Imports nothing outside ``partyapp.games.kit`` but the standard library
and msgspec.
"""

from __future__ import annotations

from typing import Any

import msgspec

# Fields holding a time of the server's clock (seconds).
TIMES = frozenset({"at", "judged", "opened", "closed", "deadline", "until", "started", "ends_at", "due",
                   "closing"})
# Fields holding a length of time, which a pause leaves as it is.
DURATIONS = frozenset({"lag", "rtt"})


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def shift_times(value: Any, dt: float) -> None:
    """Move every time held in ``value`` (a record, or lists and dicts of
    them) on by ``dt`` seconds, in place."""
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            held = getattr(value, name)
            if name in TIMES and _number(held):
                setattr(value, name, held + dt)
            else:
                shift_times(held, dt)
    elif isinstance(value, list):
        for item in value:
            shift_times(item, dt)
    elif isinstance(value, dict):
        for item in value.values():
            shift_times(item, dt)
