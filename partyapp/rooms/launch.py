"""How a room starts a game: the start-options pipeline and the seats dealt.

``start_game`` takes the host's mode and options through these steps:
1. the family options, in a room in family mode (no drinks; the host
   cannot change them there);
2. the testing-only options (a staged deck, a seed), refused unless the
   server runs in testing mode;
3. a house variant named by the host: its deck (``variants.py``);
4. the server's defaults (``config.toml``) for the options left out;
5. the game's own check of its options (``Game.check_options``);
6. the seats dealt in (``_seats_for``) and, in a game whose deal passes
   from game to game, the next dealer (``dealers.py``: the player on the
   left of who dealt the last deal of the mode's last game; none for the
   room's first, which the game draws by lot, nor with a staged deck);
7. the game's count of players, then the engine, built before the old
   game is let go.

``Launch`` is that part of ``Room`` (``room.py``); ``start_game`` runs under
``Room.change``.
"""

from __future__ import annotations

import random

from partyapp.games import MODES
from partyapp.games.kit.base import Game, IllegalAction
from partyapp.games.kit.wording import Term, wording_of
from partyapp.rooms import dealers, variants
from partyapp.rooms.errors import BadRequest, Forbidden
from partyapp.rooms.seat import Seat


class Launch:
    """The room's start of a game (see the module text)."""

    def start_game(self, mode: str, options: dict, testing: bool) -> None:
        cls = MODES.get(mode)
        if cls is None:
            raise BadRequest("There is no mode {mode}.", mode=repr(mode))
        if self.game and not self.game.is_over():
            raise IllegalAction("A game is running: end it first.")
        if self.night.ended is not None:
            raise IllegalAction("The night is over: the host can start a new night.")
        options, seed = self._start_options(cls, options, testing)
        seats = self._seats_for(cls)
        if cls.DEAL_PASSES and "dealer" not in options and "deck" not in options:
            dealer = self._next_dealer(cls, seats)
            if dealer is not None:
                options["dealer"] = dealer
        dealt = [s for s in seats if not s.sitting_out]
        if len(dealt) < cls.min_players:
            raise IllegalAction("{game} needs at least {count} player.|{game} needs at least {count} players.",
                                game=Term(cls.title), count=cls.min_players)
        if len(dealt) > cls.max_players:
            raise IllegalAction("{game} takes at most {count} player.|{game} takes at most {count} players.",
                                game=Term(cls.title), count=cls.max_players)
        rng = random.Random(seed if seed is not None else self.registry.seeds())
        # The new engine is built before the old game is let go: a failure
        # here leaves the room with the game (and the drinks) it had.
        game = cls.new([s.entrant() for s in seats], options, rng, self.registry.clock())
        self._close_game()
        if cls.DEAL_PASSES:
            self.dealers[cls.mode] = dealers.record(game.last_dealer(), game.players())
        self.game = game
        for seat in self.seats:
            seat.played_for = []
        self.night.game_started(game, self.registry.clock())
        self._tell_more_time()
        self._tell_sitting_out()

    def _start_options(self, cls: type[Game], options: dict, testing: bool) -> tuple[dict, int | None]:
        """Steps 1 to 5: the options the game starts with, and the seed
        (None: a fresh one)."""
        options = dict(options)
        if self.night.family:
            options.update(cls.FAMILY_OPTIONS)  # the family wording, no drinks
        seed = options.pop("seed", None)
        staged = [name for name in cls.TESTING_OPTIONS if name in options]
        if (staged or seed is not None) and not testing:
            raise Forbidden("Choosing the cards or the seed is for testing only.")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > 2**63):
            raise BadRequest("options.seed must be an integer")
        if isinstance(options.get("variant"), str):
            options["variant"] = variants.deck_for(self.registry.store, options["variant"], cls.mode)
        for name, value in self.registry.option_defaults.items():
            if name in cls.option_names:
                options.setdefault(name, value)
        try:
            return cls.check_options(options), seed
        except (ValueError, TypeError) as exc:
            raise BadRequest("Bad options: {reason}", reason=wording_of(exc)) from None

    def _next_dealer(self, cls: type[Game], seats: list[Seat]) -> str | None:
        """Step 6's dealer: the next of ``seats`` clockwise from who dealt the
        last deal of the mode's last game (the game still on the table, when
        it is of the mode: it is let go only once the new one is built)."""
        last = self.dealers.get(cls.mode)
        old = self.game
        if old is not None and old.mode == cls.mode:
            last = dealers.closing(last, old.last_dealer(), old.players())
        return dealers.next_dealer(last, [s.id for s in self.seats], [s.id for s in seats])

    def _seats_for(self, cls: type[Game]) -> list[Seat]:
        """The seats dealt into a new game of ``cls``: bots sit out a mode
        they do not play (the drinking decks); a bot's forfeits never count.
        Players sitting out are not dealt in, except where the game keeps
        them in their seat (``KEEPS_SITTING_OUT``: the game learns they sit
        out; they never count for its number of players)."""
        bots = self.takes_bots(cls.mode)
        keeps = cls.KEEPS_SITTING_OUT
        return [s for s in self.seats if (bots or not s.bot) and (keeps or not s.sitting_out)]
