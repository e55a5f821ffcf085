"""Rooms: seats, tokens, the host, ``rev``, the running game and the night
around it (profiles, the ledger's forms, the recap's history), and the
registry that finds rooms in the store.

Every change of a room goes through ``Room.change``. Rooms know nothing of
sockets: they refuse with their own errors (``errors.py``), which the
transport answers with its error codes. May import ``partyapp.store`` and
``partyapp.games``.
"""
