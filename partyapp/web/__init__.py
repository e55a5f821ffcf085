"""HTTP: the pages (start, table, phone), the QR codes, the recap picture,
the health check, and the WSGI server that serves them with the Socket.IO
transport.

May import every layer below it (``partyapp.realtime`` for the wire
contract's codes, ``partyapp.bots``, ``partyapp.rooms``, ``partyapp.i18n``,
``partyapp.games``).
"""
