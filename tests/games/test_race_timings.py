"""A drinking deck's race keeps its timings in the log (looking back: "Floor:
Ana +0 ms, Ben +180 ms"): the forfeit it ends with names every tapper in
judged order with their margin behind the first."""

from __future__ import annotations

from .drinking_helpers import act, draw, make


def test_the_floor_race_forfeit_keeps_every_tap_and_its_margin():
    """Ring of Fire's 4: p1 taps at 1.0 s, p2 0.18 s later, p3 0.45 s later; p0, left, drinks."""
    g = make("ring_of_fire", 4, deck=["4S", "2H"])
    draw(g)
    for pid, at in (("p1", 1.0), ("p2", 1.18), ("p3", 1.45)):
        act(g, pid, "tap", at)
    entry = next(e.wire() for e in reversed(g.s.log) if e.msg == "drinking.drink")
    assert entry["lead"] == "race"
    assert entry["order"] == ["p1", "p2", "p3"]
    assert entry["margins"] == [0, 180, 450]
    assert entry["players"] == ["p0"]
