"""Server-side players: bots that fill empty seats, and the play for a person
whose phone has been away too long.

``runner.py`` decides which seats the server plays, when each moves (a
human-looking pause on the server's timers) and hands each seat exactly its
frame; ``strategy.py`` holds what every strategy shares (and the random
fallback that plays any new game at once); each game's (or family's) own
play is one module named after it, and ``registry.py`` names the strategy
of each mode bots play, under its mode id (``STRATEGIES``).

A bot is a client without a socket: it plays through ``Room.change`` and
``Room.act`` like a phone. May import ``partyapp.rooms`` (the rooms it plays
in, their frames), ``partyapp.games`` and the standard library; nothing in
the rooms imports it (they know the ``Autoplayer`` protocol only).
"""

from __future__ import annotations

from partyapp.bots.registry import STRATEGIES, strategy_for
from partyapp.bots.runner import Autoplay, frame_for, plays
from partyapp.bots.strategy import LEVELS, Strategy

__all__ = ["LEVELS", "STRATEGIES", "Autoplay", "Strategy", "frame_for", "plays", "strategy_for"]
