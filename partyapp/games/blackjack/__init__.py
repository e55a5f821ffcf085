"""The Blackjack family: three games of 21 against a dealer.

Where each rule lives:

- ``home.py``: home Blackjack (``blackjack``, seed 000): a player deals,
  one card down and one up, hit or stand, the dealer hits 16 and stands on
  17, ties knock.
- ``boxes.py``: what casino and Russian Blackjack share: betting boxes
  against a dealer, the shoe, insurance, hit, stand, double, split and
  re-split, split aces, the dealer drawing to 17, settling.
- ``casino.py``: Casino Blackjack (``casino_blackjack``, seed 001): the
  house deals from a shoe of 1 to 8 decks to 1 to 7 players; hole card and
  peek or the European no-hole-card game, surrender, double for less, 3:2
  or 6:5, soft 17 either way, the dealer's play paced on the clock.
- ``russian.py``: Russian Blackjack (``russian_blackjack``, seed 003): a
  player deals with one card until the players are done, double on 9 to 11,
  three sevens, a tied stake left on the table for the next deal, the deal
  passing round the table.
- ``rotation.py``: a dealer who is a player and passes the deal to the left
  (home and Russian).
"""

from __future__ import annotations

from .casino import CasinoBlackjack
from .home import RESULTS, Blackjack
from .russian import RussianBlackjack

__all__ = ["RESULTS", "Blackjack", "CasinoBlackjack", "RussianBlackjack"]
