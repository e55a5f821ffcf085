"""The Socket.IO transport: the protocol's events in and the rooms' frames out.

Owns the handlers (who sent it, parse the payload, change the room, fan out),
the connections and their seats, the fan-out of each change, the phones'
round trips, the rate limits, the games' timers, the background chores, and
``seams/``, the one package that touches python-socketio's and
python-engineio's internals (a module per seam, checked at start-up). It may import
``partyapp.cluster``, ``partyapp.bots``, ``partyapp.rooms``, ``partyapp.store``,
``partyapp.i18n`` and ``partyapp.games``; nothing below imports it.
"""
