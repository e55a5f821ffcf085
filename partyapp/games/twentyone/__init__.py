"""The 21 family: four games of 21 against a dealer or a banker, each file
named after its game and holding its own rules.

- ``blackjack.py``: home Blackjack (``blackjack``, seed 000): a player deals,
  one card down and one up, hit or stand, the dealer hits 16 and stands on
  17, ties knock.
- ``casino_blackjack.py``: Casino Blackjack (``casino_blackjack``, seed 001):
  the house deals from a shoe of 1 to 8 decks to 1 to 7 players; hole card
  and peek or the European no-hole-card game, surrender, double for less,
  3:2 or 6:5, soft 17 either way, the dealer's play paced on the clock.
- ``russian_blackjack.py``: Russian Blackjack (``russian_blackjack``, seed
  003): a player deals with one card until the players are done, double on 9
  to 11, three sevens, a tied stake left on the table for the next deal, the
  deal passing round the table.
- ``pontoon.py``: Pontoon (``pontoon``, seed 000): the bank cut for and
  passed on a pontoon, declare, split, buy, twist, stick, five card tricks.
- ``rounds.py``: the round loop all four play (``TwentyOne``): the session
  of deals, the bets, the players' hands in turn, the dealer's or banker's
  play (paced on the clock for the house), settling, seats. Each game's
  engine hands it its rule table as a value (``rules = CasinoRules()``).
- ``rules.py``: what a rule table answers (``Rules``): who deals next, the
  deal, the moves now, the dealer's play, the outcome of every stake.
- ``table.py``: the typed records on the table: the state, a ``Hand``, the
  dealer's hand, the hand in play, an ``Outcome``.
- ``betting.py``: the session's options, log keys and final result.
- ``boxes.py``: the mechanics casino and Russian Blackjack share, as
  functions: the shoe, dealing the boxes, insurance stakes, splitting a
  pair, the dealer drawing to 17, settling a box, the boxes' views.
- ``rotation.py``: a dealer who is a player and passes the deal to the left
  (home and Russian).

Built on ``partyapp.games.kit``; imports nothing else of the project.
"""
