"""The engine kit every game is built on: the engine protocol and its
refusals (``base.py``), on the protocol's one list of error codes
(``refusals.py``); ``Engine``, the one base of every game, card games
and drinking decks alike (``engine.py``: declared options, the log of
message keys, seeded randomness, seats, presence, more time and the one
action validator); option declarations (``options.py``), the action specs
(``actions.py``), ``CardGame`` for the full card games (``cardgame.py``:
stock, staged deck, forfeits, piles and hands), cards, shoes and dealing,
chips, the forfeit ledger, fair races (``races.py``, ``reflex.py``), melds
and scores, the text cleaner and the wording markers.

Imports nothing outside ``partyapp.games.kit`` but the standard library,
msgspec (the typed state's records and its JSON codec, ``record.py``) and
regex (the text cleaner, ``text.py``).
"""
