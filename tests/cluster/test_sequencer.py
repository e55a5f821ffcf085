"""The per-room order of frames on one process (``partyapp/cluster/sequencer.py``): frames of
the process's own changes and frames from the queue meet in rev order."""

from __future__ import annotations

from partyapp.cluster.sequencer import Sequencer
from partyapp.realtime.clock import FakeClock


def setup() -> tuple[Sequencer, list[int], FakeClock]:
    """A sequencer on a fake clock, as the transport makes it (``hub.py``)."""
    clock = FakeClock()
    return Sequencer(wait=1.0, clock=clock.now, later=clock.call_later), [], clock


def test_a_queued_frame_waits_for_the_own_frame_before_it():
    """Rev 6 from the queue arrives before this process has handed on its
    own rev 5: it goes out right after 5."""
    seq, out, _ = setup()
    seq.own("ROOM", 4, True, lambda: out.append(4))
    seq.queued("ROOM", 6, lambda: out.append(6))
    assert out == [4]
    seq.own("ROOM", 5, True, lambda: out.append(5))
    assert out == [4, 5, 6]


def test_an_own_frame_waits_for_the_queued_frame_of_the_rev_it_was_made_on():
    """This process made rev 7 on rev 6, which another process made and
    whose frame is still on the queue: 7 goes out after 6."""
    seq, out, _ = setup()
    seq.queued("ROOM", 5, lambda: out.append(5))
    seq.own("ROOM", 7, True, lambda: out.append(7))
    assert out == [5]
    seq.queued("ROOM", 6, lambda: out.append(6))
    assert out == [5, 6, 7]


def test_nothing_older_is_owed_to_a_process_that_held_no_connection():
    """A process that held no connection of the room at rev 8 gets no frame
    of it: its own rev 9 goes out at once."""
    seq, out, _ = setup()
    seq.queued("ROOM", 3, lambda: out.append(3))
    seq.own("ROOM", 9, False, lambda: out.append(9))
    assert out == [3, 9]


def test_old_and_repeated_frames_are_dropped():
    """Never back in time, never twice."""
    seq, out, _ = setup()
    seq.own("ROOM", 2, False, lambda: out.append(2))
    seq.queued("ROOM", 2, lambda: out.append(-2))
    seq.queued("ROOM", 1, lambda: out.append(-1))
    seq.queued("ROOM", 4, lambda: out.append(4))
    seq.queued("ROOM", 4, lambda: out.append(-4))
    seq.queued("ROOM", 3, lambda: out.append(3))
    assert out == [2, 3, 4]


def test_a_frame_that_never_comes_is_given_up_after_the_wait():
    """Rev 11 is lost (its process died between save and publish): 12 and 13
    wait one second, then go out; nothing is lost after that."""
    seq, out, clock = setup()
    seq.own("ROOM", 10, False, lambda: out.append(10))
    seq.queued("ROOM", 12, lambda: out.append(12))
    clock.advance(0.5)
    seq.queued("ROOM", 13, lambda: out.append(13))
    seq.flush("ROOM")
    assert out == [10]  # not yet
    assert clock.next_at() == FakeClock.START + 1.0
    clock.advance(0.499)
    assert out == [10]
    clock.advance(0.001)
    assert out == [10, 12, 13] and seq.gaps == 1
    seq.queued("ROOM", 14, lambda: out.append(14))
    assert out == [10, 12, 13, 14]


def test_the_current_room_goes_out_after_the_queue_was_down():
    """After the queue was down the room as it is now is handed on at once,
    and whatever older was held or owed is given up."""
    seq, out, _ = setup()
    seq.own("ROOM", 20, True, lambda: out.append(20))
    seq.queued("ROOM", 23, lambda: out.append(23))
    seq.current("ROOM", 25, lambda: out.append(25))
    seq.queued("ROOM", 24, lambda: out.append(24))
    seq.current("ROOM", 25, lambda: out.append(-25))
    assert out == [20, 25]


def test_rooms_are_in_order_each_on_its_own():
    seq, out, _ = setup()
    seq.own("AAAA", 1, False, lambda: out.append("a1"))
    seq.queued("BBBB", 5, lambda: out.append("b5"))
    seq.queued("AAAA", 3, lambda: out.append("a3"))
    seq.queued("BBBB", 6, lambda: out.append("b6"))
    seq.queued("AAAA", 2, lambda: out.append("a2"))
    assert out == ["a1", "b5", "b6", "a2", "a3"]
    seq.forget("AAAA")
    assert seq.shown("AAAA") is None and seq.shown("BBBB") == 6


def test_a_frame_after_revs_that_had_no_frames_waits_only_for_the_one_it_names():
    """Changes whose frames waited went out as one (``realtime/coalesce.py``):
    rev 9 names rev 5 as the frame before it (6 to 8 had none), so it goes
    out right after 5, with no wait and no gap counted; a frame of a rev
    in between that still comes is dropped (never back in time)."""
    seq, out, clock = setup()
    seq.own("ROOM", 4, True, lambda: out.append(4))
    seq.queued("ROOM", 9, lambda: out.append(9), after=5)
    assert out == [4]
    seq.queued("ROOM", 5, lambda: out.append(5))
    assert out == [4, 5, 9]
    seq.queued("ROOM", 7, lambda: out.append(7))
    seq.own("ROOM", 10, True, lambda: out.append(10), after=9)
    assert out == [4, 5, 9, 10] and clock.pending() == 1  # only the wait's reminder set earlier
    clock.advance(2)
    assert seq.gaps == 0 and out == [4, 5, 9, 10]
