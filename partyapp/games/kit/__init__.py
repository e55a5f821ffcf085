"""The engine kit every game is built on: the engine protocol and its
refusals, options, the log of message keys, seeded randomness, seats, the
action specs and the one validator, cards, shoes and dealing, chips, the
forfeit ledger, fair races, melds and scores, the text cleaner and the
wording markers.

Imports nothing outside ``partyapp.games.kit`` but the standard library and
orjson.
"""
