"""Several server processes on one shared store: the message queue's frames
messages, the per-room ordering of frames (the sequencer) and the processes
keeping track of each other (peers).

Plain logic over what it is handed: it may import ``partyapp.rooms``,
``partyapp.store`` and ``partyapp.games`` (the words of its refusals), never the
transport above it, which gives it the library's queue, its connections and
its clock.
"""
