"""The state of a drinking-deck game: typed records on the kit's
``GameState`` (``kit/state.py``), saved whole at every change through the
kit's one codec, so a room survives a server restart mid-game.

``DrinkingState`` holds, beside the kit's fields (seats, options, seed, the
log, over, away, more time): the deck played (``Deck``: each rank's card of
each colour, a ``Card`` with its effect's ``CardParams``), the cards drawn
and staged, the turn and direction, the cup and the kings, the rules in
force (``Rule``), the roles (their holders, and how each was got:
``RoleInfo``), the mates, the prompt in play and the one the thumb race
paused (``prompts/``), how the last card or prompt ended (``outcome``,
``outcomes.py``), the penalty calls made on the card in play (``Call``,
``calls.py``), the forfeits taken (the kit's ``Forfeits``, ``drink`` and
``neck`` its two causes), and the result. Its log entries are the
drinking decks' own ``Entry`` (``log.py``), which keep what each forfeit
handed out and what the host's undo and the jail card need.

Format versions (``v``): 2 and 3 kept the deck and the log apart from the
rest (``{"v", "mode", "deck", "log", "s"}``); 4, this one, is flat and typed
like every engine's, and reads both earlier forms through ``saved.upgrade``.
"""

from __future__ import annotations

from partyapp.games.drinking.calls import Call
from partyapp.games.drinking.log import Entry
from partyapp.games.drinking.outcomes import AnyOutcome
from partyapp.games.drinking.prompts import AnyPrompt
from partyapp.games.kit.cards import COLOURS
from partyapp.games.kit.forfeits import Forfeits
from partyapp.games.kit.record import Record, field, to_plain
from partyapp.games.kit.state import GameState

VERSION = 4
# The two kinds of forfeit, each its own cause in the kit's ``Forfeits``.
DRINK = "drink"
NECK = "neck"


class Rule(Record):
    """A rule in force, its author and what breaking it costs."""

    by: str
    text: str
    n: int


class RoleInfo(Record):
    """How the holder of a role got it and what it costs others."""

    rank: str  # the rank of the card that granted it
    until: str  # "next_same_rank" or "game_end"
    n: int  # what a catch or the thumb race costs
    neck: bool  # a catch is a neck
    thumbs: bool  # the thumbmaster chooses the left or right thumb
    each: bool = False  # every card of it is its own: several players may hold one
    pocket: bool = False  # the jail card can be pocketed: stolen only while out of the pocket


class CardParams(Record, omit_defaults=True):
    """A card's effect parameters (``decks.EFFECTS``): those of its effect
    are set, the others None."""

    who: str | None = None
    n: int | None = None
    role: str | None = None
    until: str | None = None
    neck: bool | None = None
    thumbs: bool | None = None
    each: bool | None = None
    pocket: bool | None = None
    thumbmaster: bool | None = None
    cascade: bool | None = None
    follow_play: bool | None = None
    cup: bool | None = None
    return_cards: bool | None = None
    best_of: int | None = None


class Card(Record):
    """What a card means: its title, the text shown, its effect."""

    title: str
    text: str
    effect: str
    params: CardParams = field(default_factory=CardParams)


class Face(Record, omit_defaults=True):
    """A rank's card of each colour: ``black`` only when the colours differ
    (Kings' 2 and 3), else ``red`` is the card of both."""

    red: Card
    black: Card | None = None


class Deck(Record):
    """The deck played: a deck definition (``decks.validate_deck``) as records."""

    name: str = ""
    mode: str | None = None
    ranks: dict[str, Face] = {}

    @classmethod
    def of(cls, definition: dict) -> "Deck":
        """The deck of a checked definition, every parameter filled in."""
        ranks = {}
        for rank, entry in definition["cards"].items():
            if "red" in entry:
                red, black = (entry[c] for c in COLOURS)
                ranks[rank] = Face(red=_card(red), black=_card(black))
            else:
                ranks[rank] = Face(red=_card(entry))
        return cls(name=definition["name"], mode=definition.get("mode"), ranks=ranks)

    def card(self, rank: str, colour: str) -> Card:
        """The card of this rank and colour."""
        face = self.ranks[rank]
        return face.black if colour == "black" and face.black is not None else face.red

    def cards(self) -> list[Card]:
        return [c for face in self.ranks.values() for c in (face.red, face.black) if c is not None]


def _card(entry: dict) -> Card:
    return Card(title=entry["title"], text=entry["text"], effect=entry["effect"],
                params=CardParams(**entry.get("params", {})))


class Result(Record):
    """How the game ended, and the forfeits taken over it."""

    reason: str
    by: str | None = None
    drinks: dict[str, int] = {}
    necks: dict[str, int] = {}

    def public(self) -> dict:
        return to_plain(self)


class DrinkingState(GameState):
    """Everything a drinking-deck game is; see the module docstring."""

    v: int = VERSION
    log: list[Entry] = []
    deck: Deck = field(default_factory=Deck)
    house: bool = False  # a house variant: its words are shown as typed, never translated
    groups: dict[str, str | None] = {}  # "guys", "chicks" or None, by player
    direction: int = 1  # 1 clockwise, -1 counter-clockwise
    current: str | None = None  # who draws next
    drawn: list[str] = []
    staged: list[str] = []  # testing: dealt from the front
    last_card: str | None = None
    last_drawer: str | None = None
    cup: int = 0
    cup_total: int = 0
    kings: int = 0
    cup_necked: bool = False  # the last king's drawer necked the cup: it is empty
    rules: list[Rule] = []
    roles: dict[str, str | None] = {}  # each role's holder (of a role with several, the latest)
    # A role whose every card is its own (``RoleInfo.each``: Kings' question
    # cards and thumbmasters): all its holders, in the order they drew it.
    holders: dict[str, list[str]] = {}
    role_info: dict[str, RoleInfo] = {}
    pocketed: bool = False  # the jail card is in its holder's pocket
    mates: dict[str, list[str]] = {}  # undirected: both ways
    prompt: AnyPrompt | None = None  # what the table is waiting for before the next draw
    paused: AnyPrompt | None = None  # a card's prompt paused by the thumb race
    outcome: AnyOutcome | None = None  # how the last prompt or card ended, for the table
    forfeits: Forfeits = field(default_factory=Forfeits)  # drinks (Kings: fingers) and necks taken
    result: Result | None = None
    calls: list[Call] = []  # penalty calls since the last draw (replaced, never changed in place)
    sitting_out: list[str] = []  # players sitting out: passed over, roles kept
