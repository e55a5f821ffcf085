"""An earlier race's result is not shown beside the next race: the drinking
decks' outcome is cleared when a race opens."""

from __future__ import annotations

from .drinking_helpers import act, draw, make

K = "kings"


def test_a_thumb_race_opening_clears_the_last_race_outcome():
    """The thumbmaster starts a second thumb race: the first race's result
    ("Thumb: ... Cat drinks 2") is gone from the table's view while it runs."""
    g = make(K, 3, deck=["4S", "8H"])
    draw(g)
    act(g, "p0", "thumb", 1.0, thumb="right")
    act(g, "p1", "tap", 1.2, thumb="right")
    assert g.public_view()["outcome"]["kind"] == "race"
    act(g, "p0", "thumb", 5.0, thumb="left")
    view = g.public_view()
    assert view["prompt"]["kind"] == "race"
    assert view["outcome"] is None
