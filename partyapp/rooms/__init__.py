"""Rooms: seats, tokens, the host, ``rev``, the running game and the night
around it (profiles, the ledger's forms, the recap's history), the house
variants' rules, and the registry that finds rooms in the store.

Every change of a room goes through ``Room.change`` (``room.py``); each
other job of a room is a module of its own (``room.py`` lists them). Rooms
know nothing of sockets: they refuse with their own errors (``errors.py``),
each carrying a code of the protocol's one enum
(``partyapp.games.kit.refusals.Code``), which the transport answers. May
import ``partyapp.store`` and ``partyapp.games``.
"""
