"""Drinking-deck definitions: the two default decks as data, the catalogue of
effects a card may have, and ``validate_deck`` for the house-rules editor and
JSON import.

A deck definition is JSON-ready data::

    {
      "name": "Kings",
      "mode": "kings",                      # optional, informational
      "cards": {
        "A": {"title": "Waterfall", "text": "...", "effect": "waterfall", "params": {"n": 1}},
        "2": {"red":   {"title": ..., "text": ..., "effect": "drink", "params": {"who": "drawer", "n": 2}},
              "black": {"title": ..., "text": ..., "effect": "drink", "params": {"who": "pick", "n": 2}}},
        ...                                 # every rank A 2..10 J Q K, exactly once
      }
    }

A rank holds either one card entry or a ``{"red": entry, "black": entry}``
pair when the two colours mean different things (Kings' 2 and 3). Every
entry has a ``title`` (1-40 characters), the ``text`` shown on the table (up
to 300), an ``effect`` named in ``EFFECTS`` and its ``params``; a missing
parameter takes the catalogue's default (or, for one added since decks were
first saved, ``legacy``: what such a deck played, as the waterfall's
``cascade``), an unknown one is refused. The editor fills every parameter
in, so only a deck saved before a parameter existed leaves one out.

Parameter domains use the protocol's spelling (``{"one_of": [...]}``,
``{"int": {"min": a, "max": b}}``) so an editor can draw its inputs from them.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from partyapp.games.kit.wording import N_, Term, Worded, Wording
from partyapp.games.kit.text import clean_text
from partyapp.games.kit.cards import COLOURS, RANKS

TITLE_MAX = 40
TEXT_MAX = 300
NAME_MAX = 40  # a house variant's name
RULE_MAX = 100
# Bounds on the house variants a server keeps: how many, and how large each
# deck may be once encoded (the default decks are about 4 KB).
VARIANTS_MAX = 50
DECK_BYTES_MAX = 32_000

# Who a "drink" effect hands drinks to.
WHO = ("drawer", "left", "right", "everybody", "others", "guys", "chicks", "pick")
GROUPS = ("guys", "chicks")
_COLOUR_WORDS = (N_("red"), N_("black"))  # the colours as reasons name them
ROLES = ("question_master", "thumbmaster", "toilet", "jail", "question_card")
ROLE_TITLES = {
    "question_master": N_("Question master"),
    "thumbmaster": N_("Thumbmaster"),
    "toilet": N_("Toilet card"),
    "jail": N_("Get out of jail free"),
    "question_card": N_("Question card"),
}
# What holding each role lets its holder do (shown on the holder's phone).
ROLE_POWERS = {
    "question_master": N_("Tap \"caught\" and pick whoever answered one of your questions."),
    "thumbmaster": N_("Start the thumb race whenever you like between cards."),
    "toilet": N_("Use it once to go to the toilet; the table announces it."),
    "jail": N_("Use it once: cancel any forfeit of yours in this game, or get out of the game in play. "
               "Others may steal it while it is out of your pocket."),
    "question_card": N_("Tap \"caught\" and pick whoever answered your question: they neck their drink."),
}


class DeckError(Worded, ValueError):
    """A deck definition refused, with the reason (a ``Wording``)."""


def _int(lo: int, hi: int) -> dict:
    return {"int": {"min": lo, "max": hi}}


def _one(*values: Any) -> dict:
    return {"one_of": list(values)}


_BOOL = _one(True, False)


_SAME = object()


def _p(domain: dict, default: Any, label: str, legacy: Any = _SAME) -> dict:
    """A parameter: its domain, the default a new card takes, its label in
    the editor and, for a parameter added after decks were first saved whose
    default is not what such a deck played (``legacy``), the value a deck
    saved without it keeps."""
    spec = {"domain": domain, "default": default, "label": label}
    if legacy is not _SAME:
        spec["legacy"] = legacy
    return spec


def missing_value(spec: dict) -> Any:
    """The value of a parameter a deck leaves out: what a deck saved before
    the parameter existed played (``legacy``), else the default."""
    return spec.get("legacy", spec["default"])


EFFECTS: dict[str, dict] = {
    "text": {
        "label": N_("Just the text"),
        "help": N_("Nothing to track: the table shows the card's text."),
        "params": {},
    },
    "drink": {
        "label": N_("Drink"),
        "help": N_("Hand out drinks: to the drawer, the player on their left or right, "
                "everybody, everybody else, the guys, the chicks, or a player the drawer picks."),
        "params": {
            "who": _p(_one(*WHO), "drawer", N_("Who drinks")),
            "n": _p(_int(1, 10), 1, N_("Drinks")),
        },
    },
    "mate": {
        "label": N_("Pick a mate"),
        "help": N_("The drawer picks a mate: from now on, whenever one of them drinks, "
                "the other drinks the same. The drawer then drinks n (and so their mates)."),
        "params": {"n": _p(_int(0, 10), 1, N_("Drinks to seal it"))},
    },
    "role": {
        "label": N_("Give a role"),
        "help": N_("The drawer takes a role: until the next card of this rank, or to the end "
                "of the game. n is what a catch or the thumb race costs; neck makes a catch "
                "a neck; thumbs lets the thumbmaster choose left or right thumb. With each card "
                "its own, every drawer of this card keeps theirs (question cards, thumbmasters) "
                "instead of taking it from the one before. With the pocket, the jail card's "
                "holder pockets it on their phone and it can be stolen only while it is out."),
        "params": {
            "role": _p(_one(*ROLES), "question_master", N_("Role")),
            "until": _p(_one("next_same_rank", "game_end"), "game_end", N_("Held until")),
            "n": _p(_int(1, 10), 1, N_("Drinks")),
            "neck": _p(_BOOL, False, N_("A catch is a neck")),
            "thumbs": _p(_BOOL, False, N_("Left or right thumb")),
            "each": _p(_BOOL, False, N_("Each card its own: several players may hold one")),
            "pocket": _p(_BOOL, False, N_("The jail card goes in a pocket: it can be stolen only while out")),
        },
    },
    "rule": {
        "label": N_("Make a rule"),
        "help": N_("The drawer types a rule that holds to the end of the game; "
                "anyone may report a breach, which costs n."),
        "params": {"n": _p(_int(1, 10), 1, N_("Drinks per offence"))},
    },
    "race": {
        "label": N_("Race: last one drinks"),
        "help": N_("Everybody taps; the last (and anyone missing at the time-out) drinks n."),
        "params": {"n": _p(_int(1, 10), 1, N_("Drinks"))},
    },
    "round": {
        "label": N_("Round game"),
        "help": N_("A game played aloud round the table from the drawer (rhyme, category); "
                "the drawer or the host picks who messed up, and they drink n. With "
                "thumbmaster, the drawer first becomes the thumbmaster for the game (the "
                "thumb race costs n; left or right thumb), then the round is played."),
        "params": {
            "n": _p(_int(1, 10), 1, N_("Drinks")),
            "thumbmaster": _p(_BOOL, False, N_("The drawer becomes thumbmaster first")),
        },
    },
    "waterfall": {
        "label": N_("Waterfall"),
        "help": N_("Everybody drinks until the drawer stops. As a cascade, each player stops "
                "only when the one on their right has stopped, round the table from the drawer to "
                "their left, whichever way play goes; with the direction of play, round the table "
                "the way play goes. Each player's tally counts n."),
        "params": {
            "n": _p(_int(0, 10), 1, N_("Drinks counted each")),
            # decks saved before it played the cascade
            "cascade": _p(_BOOL, False, N_("A cascade: each stops only when the one before them stops"),
                          legacy=True),
            # decks saved before it ran the cascade the way play goes
            "follow_play": _p(_BOOL, False, N_("The cascade runs in the direction of play (off: to the left)"),
                              legacy=True),
        },
    },
    "cup": {
        "label": N_("The cup"),
        "help": N_("The kings: with a cup in the middle, each is poured into it and the drawer "
                "of the last necks the cup; without, the first ones are free and the drawer of "
                "the last necks the drink in front of them. Then the game ends; with "
                "return_cards, every role and rule is handed back."),
        "params": {
            "return_cards": _p(_BOOL, False, N_("Return roles and rules at the end")),
            "cup": _p(_BOOL, True, N_("A cup in the middle to pour into")),
        },
    },
    "reverse": {
        "label": N_("Reverse"),
        "help": N_("The direction of play reverses; the drawer drinks n."),
        "params": {"n": _p(_int(0, 10), 0, N_("Drinks"))},
    },
    "chugalug": {
        "label": N_("Chugalug"),
        "help": N_("The number game: count round the table from the drawer, saying \"chugalug\" "
                "for multiples of 5 or 7, which reverse the count. The first mistake drinks n."),
        "params": {"n": _p(_int(1, 10), 2, N_("Drinks"))},
    },
    "rps": {
        "label": N_("Paper, scissors, stone"),
        "help": N_("The players either side of the drawer play on their phones; the loser drinks n."),
        "params": {
            "n": _p(_int(1, 10), 2, N_("Drinks")),
            "best_of": _p(_one(1, 3, 5), 3, N_("Best of")),
        },
    },
}


def _card(title: str, text: str, effect: str, **params: Any) -> dict:
    return {"title": title, "text": text, "effect": effect, "params": params}


RING_OF_FIRE: dict = {
    "name": "Ring of Fire",
    "mode": "ring_of_fire",
    "cards": {
        "A": _card(N_("Waterfall"), N_("Everyone must keep drinking until the person who picked the "
                   "card stops."), "waterfall", n=1, cascade=False, follow_play=False),
        "2": _card(N_("You"), N_("You can choose someone to drink."), "drink", who="pick", n=1),
        "3": _card(N_("Me"), N_("You must drink."), "drink", who="drawer", n=1),
        "4": _card(N_("Floor"), N_("Last one to touch the floor has to drink."), "race", n=1),
        "5": _card(N_("Guys"), N_("All guys have to drink."), "drink", who="guys", n=1),
        "6": _card(N_("Chicks"), N_("All girls have to drink."), "drink", who="chicks", n=1),
        "7": _card(N_("Heaven"), N_("Point your finger in the sky: whoever is last must drink."),
                   "race", n=1),
        "8": _card(N_("Mate"), N_("Choose someone to drink with you: whenever one of you drinks, "
                   "so does the other."), "mate", n=1),
        "9": _card(N_("Rhyme"), N_("Say a word; the next person must rhyme with it, and so on round "
                   "the circle until someone messes up. They drink."), "round", n=1),
        "10": _card(N_("Thumbmaster"), N_("You are the thumbmaster: put a thumb on the table whenever you "
                    "like; the last to copy drinks. Now pick a category, such as football; round "
                    "the circle everyone names something in it. Whoever messes up drinks."),
                    "round", n=1, thumbmaster=True),
        "J": _card(N_("Make a Rule"), N_("Make up a rule everyone must follow for the whole game. "
                   "Whoever disobeys drinks."), "rule", n=1),
        "Q": _card(N_("Questionmaster"), N_("Until the next queen, whoever answers one of your "
                   "questions drinks."), "role", role="question_master",
                   until="next_same_rank", n=1),
        "K": _card(N_("Pour!"), N_("Pour a little of your drink into the cup. Whoever picks up the "
                   "last king drinks the whole cup."), "cup", return_cards=False, cup=True),
    },
}

KINGS: dict = {
    "name": "Kings",
    "mode": "kings",
    "cards": {
        "A": _card(N_("Waterfall"), N_("You start drinking, then each player round the table. "
                   "You can only stop when the person on your right stops."), "waterfall", n=1, cascade=True,
                   follow_play=False),
        "2": {
            "red": _card(N_("Drink two"), N_("Drink two fingers."), "drink", who="drawer", n=2),
            "black": _card(N_("Nominate"), N_("Nominate someone for two fingers."), "drink",
                           who="pick", n=2),
        },
        "3": {
            "red": _card(N_("Left drinks"), N_("The person on your left does two fingers."), "drink",
                         who="left", n=2),
            "black": _card(N_("Right drinks"), N_("The person on your right does two fingers."),
                           "drink", who="right", n=2),
        },
        "4": _card(N_("Thumbmaster"), N_("At any time, put your left or right thumb on the edge of the "
                   "table. The last to copy with the correct thumb does two fingers."), "role",
                   role="thumbmaster", until="game_end", n=2, thumbs=True, each=True),
        "5": _card(N_("Chugalug"), N_("Count round the table from \"one to my left\" or \"one to my "
                   "right\". Multiples of 5 or 7 are \"chugalug\" and reverse the count. "
                   "First mistake: two fingers."), "chugalug", n=2),
        "6": _card(N_("Toilet Card"), N_("Nobody goes to the toilet without this card. It can be "
                   "used once."), "role", role="toilet", until="game_end"),
        "7": _card(N_("Reverse"), N_("Drink two fingers; play is reversed."), "reverse", n=2),
        "8": _card(N_("Paper, Scissors, Stone"), N_("The two people either side of you play, best "
                   "of three. The loser does two fingers."), "rps", n=2, best_of=3),
        "9": _card(N_("The Rule"), N_("Make up any rule; it holds for the rest of the game. "
                   "Two fingers for each offence."), "rule", n=2),
        "10": _card(N_("The Rule"), N_("Make up any rule; it holds for the rest of the game. "
                    "Two fingers for each offence."), "rule", n=2),
        "J": _card(N_("Get out of Jail Free"), N_("Use it once to get out of any game or forfeit. "
                   "Beware: it can be stolen when it is not in your pocket."), "role", role="jail",
                   until="game_end", pocket=True),
        "Q": _card(N_("Question Card"), N_("Keep it in front of you. Ask a question while touching the "
                   "card: whoever answers properly necks their drink; answer \"f*** off\" and the asker "
                   "necks."), "role", role="question_card", until="game_end", neck=True, each=True),
        "K": _card(N_("Last King Necks It"), N_("The first three kings are free. Pull the fourth and "
                   "you neck the drink in front of you; the game ends and every feature card is "
                   "returned."), "cup", return_cards=True, cup=False),
    },
}

DEFAULT_DECKS: dict[str, dict] = {"ring_of_fire": RING_OF_FIRE, "kings": KINGS}

# The family wording of the two decks (a room in family mode plays these): the
# same game, with a category, a rhyme, a question or a clap where the default
# deck has a drink. Forfeits are counted as points (the room words them), so
# the cards say "takes a point"; no card is about drinking, toilets or
# swearing, and the Guys and Chicks cards are replaced by cards for everybody.

FAMILY_RING_OF_FIRE: dict = {
    "name": "Ring of Fire for everyone",
    "mode": "ring_of_fire",
    "cards": {
        "A": _card(N_("Waterfall"), N_("Everyone starts clapping with you and keeps clapping until "
                   "you stop."), "waterfall", n=0, cascade=False, follow_play=False),
        "2": _card(N_("You"), N_("Choose someone to take a point."), "drink", who="pick", n=1),
        "3": _card(N_("Me"), N_("You take a point."), "drink", who="drawer", n=1),
        "4": _card(N_("Floor"), N_("Last one to touch the floor takes a point."), "race", n=1),
        "5": _card(N_("Question"), N_("Ask anyone a quiz question. If they cannot answer, they take a "
                   "point: tap who."), "drink", who="pick", n=1),
        "6": _card(N_("Everybody else"), N_("Everybody but you takes a point."), "drink", who="others", n=1),
        "7": _card(N_("Heaven"), N_("Point your finger in the sky: whoever is last takes a point."),
                   "race", n=1),
        "8": _card(N_("Partner"), N_("Choose a partner: whenever one of you takes a point, so does the "
                   "other."), "mate", n=0),
        "9": _card(N_("Rhyme"), N_("Say a word; the next person must rhyme with it, and so on round "
                   "the circle until someone gets stuck. They take a point."), "round", n=1),
        "10": _card(N_("Category"), N_("You are the thumbmaster: put a thumb on the table whenever you "
                    "like; the last to copy takes a point. Now pick a category, such as animals; "
                    "round the circle everyone names something in it. Whoever gets stuck takes "
                    "a point."), "round", n=1, thumbmaster=True),
        "J": _card(N_("Make a Rule"), N_("Make up a rule everyone must follow for the whole game. "
                   "Whoever forgets it takes a point."), "rule", n=1),
        "Q": _card(N_("Questionmaster"), N_("Until the next queen, whoever answers one of your "
                   "questions takes a point."), "role", role="question_master",
                   until="next_same_rank", n=1),
        "K": _card(N_("Crown"), N_("Add a jewel to the crown. Whoever draws the last king ends the "
                   "game."), "cup", return_cards=False, cup=True),
    },
}

FAMILY_KINGS: dict = {
    "name": "Kings for everyone",
    "mode": "kings",
    "cards": {
        "A": _card(N_("Waterfall"), N_("You start clapping, then each player round the table. "
                   "You can only stop when the person on your right stops."), "waterfall", n=0,
                   cascade=True, follow_play=False),
        "2": {
            "red": _card(N_("Take two"), N_("You take two points."), "drink", who="drawer", n=2),
            "black": _card(N_("Nominate"), N_("Choose someone to take two points."), "drink",
                           who="pick", n=2),
        },
        "3": {
            "red": _card(N_("Left"), N_("The person on your left takes two points."), "drink",
                         who="left", n=2),
            "black": _card(N_("Right"), N_("The person on your right takes two points."),
                           "drink", who="right", n=2),
        },
        "4": _card(N_("Thumbmaster"), N_("At any time, put your left or right thumb on the edge of the "
                   "table. The last to copy with the correct thumb takes two points."), "role",
                   role="thumbmaster", until="game_end", n=2, thumbs=True, each=True),
        "5": _card(N_("Category"), N_("Pick a category, such as colours; round the table everyone "
                   "names something in it. Whoever gets stuck takes two points."), "round", n=2),
        "6": _card(N_("Questionmaster"), N_("Until the next six, whoever answers one of your "
                   "questions takes two points."), "role", role="question_master",
                   until="next_same_rank", n=2),
        "7": _card(N_("Reverse"), N_("Play is reversed."), "reverse", n=0),
        "8": _card(N_("Paper, Scissors, Stone"), N_("The two people either side of you play, best "
                   "of three. The loser takes two points."), "rps", n=2, best_of=3),
        "9": _card(N_("Rhyme"), N_("Say a word; round the table everyone rhymes with it. Whoever "
                   "gets stuck takes two points."), "round", n=2),
        "10": _card(N_("The Rule"), N_("Make up any rule; it holds for the rest of the game. "
                    "Two points for each slip."), "rule", n=2),
        "J": _card(N_("Get out of Jail Free"), N_("Use it once to get out of any game or forfeit. "
                   "Beware: it can be stolen when it is not in your pocket."), "role", role="jail",
                   until="game_end", pocket=True),
        "Q": _card(N_("Question"), N_("Ask the player on your left a riddle or a quiz question. If "
                   "they cannot answer, they take two points."), "drink", who="left", n=2),
        "K": _card(N_("Last King"), N_("The first three kings are free. Whoever draws the fourth "
                   "ends the game, and every feature card is returned."), "cup",
                   return_cards=True, cup=False),
    },
}

FAMILY_DECKS: dict[str, dict] = {"ring_of_fire": FAMILY_RING_OF_FIRE, "kings": FAMILY_KINGS}


def catalogue() -> dict:
    """The effect catalogue, JSON-ready, for the deck editor."""
    return copy.deepcopy(EFFECTS)


def default_deck(mode: str) -> dict:
    """A fresh, normalised copy of a mode's default deck."""
    return validate_deck(DEFAULT_DECKS[mode])


def family_deck(mode: str) -> dict:
    """A fresh, normalised copy of a mode's family deck."""
    return validate_deck(FAMILY_DECKS[mode])


# -- validation ----------------------------------------------------------------

def _check_value(domain: dict, value: Any) -> bool:
    if "one_of" in domain:
        return any(value == v and type(value) is type(v) for v in domain["one_of"])
    if "int" in domain:
        lim = domain["int"]
        return (isinstance(value, int) and not isinstance(value, bool)
                and lim["min"] <= value <= lim["max"])
    return False  # pragma: no cover - the catalogue only uses these two


def _describe(domain: dict) -> "Wording":
    if "one_of" in domain:
        return Wording("one of {values}", values=", ".join(repr(v) if isinstance(v, str) else str(v).lower()
                                                           for v in domain["one_of"]))
    lim = domain["int"]
    return Wording("a whole number from {min} to {max}", min=lim["min"], max=lim["max"])


def _quote(value: Any) -> str:
    """A value named in a reason, cut short: a reason never echoes a whole file."""
    text = repr(value)
    return text if len(text) <= 42 else text[:40] + "…"


def _text(value: Any, where: "Wording", what: str, lo: int, hi: int) -> str:
    """Typed text of a deck, through the one cleaner every typed text goes
    through (``text.clean_text``)."""
    return clean_text(value, Wording("{where}: the {what}", where=where, what=Term(what)), hi, min_visible=lo)


def _validate_entry(entry: Any, where: Wording) -> dict:
    if not isinstance(entry, dict):
        raise DeckError("{where}: a card needs a title, a text and an effect.", where=where)
    unknown = set(entry) - {"title", "text", "effect", "params"}
    if unknown:
        raise DeckError("{where}: unknown field {name}.", where=where, name=_quote(sorted(unknown)[0]))
    if "title" not in entry:
        raise DeckError("{where}: the title is missing.", where=where)
    title = _text(entry["title"], where, N_("title"), 1, TITLE_MAX)
    text = _text(entry.get("text", ""), where, N_("text"), 0, TEXT_MAX)
    effect = entry.get("effect")
    if effect is None:
        raise DeckError("{where}: the effect is missing.", where=where)
    if not isinstance(effect, str) or effect not in EFFECTS:
        raise DeckError("{where}: unknown effect {effect} (known: {known}).", where=where,
                        effect=_quote(effect), known=", ".join(EFFECTS))
    params = entry.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise DeckError("{where}: params must be an object.", where=where)
    schema = EFFECTS[effect]["params"]
    for name in params:
        if name not in schema:
            allowed = ", ".join(schema) or "none"
            raise DeckError("{where}: the effect {effect} has no parameter {name} (parameters: {allowed}).",
                            where=where, effect=repr(effect), name=_quote(name), allowed=allowed)
    out = {}
    for name, spec in schema.items():
        value = params[name] if name in params else missing_value(spec)
        if not _check_value(spec["domain"], value):
            raise DeckError("{where}: parameter {name} of {effect} must be {what}, not {value}.", where=where,
                            name=repr(name), effect=repr(effect), what=_describe(spec["domain"]), value=_quote(value))
        out[name] = value
    return {"title": title, "text": text, "effect": effect, "params": out}


def validate_deck(defn: Any) -> dict:
    """Check a deck definition and return its normalised copy (defaults filled
    in, text trimmed); raise ``ValueError`` with a readable reason otherwise."""
    if not isinstance(defn, dict):
        raise DeckError("A deck definition must be an object with \"cards\".")
    name = defn.get("name", "House rules")
    name = _text(name, Wording("Deck"), N_("name"), 1, NAME_MAX)
    cards = defn.get("cards")
    if not isinstance(cards, dict):
        raise DeckError("The deck has no \"cards\" object.")
    for rank in RANKS:
        if rank not in cards:
            raise DeckError("Card {rank} is missing.", rank=rank)
    for key in cards:
        if key not in RANKS:
            raise DeckError("{key} is not a rank (ranks: {ranks}).", key=_quote(key), ranks=" ".join(RANKS))
    out_cards: dict[str, dict] = {}
    for rank in RANKS:
        entry = cards[rank]
        if isinstance(entry, dict) and ("red" in entry or "black" in entry):
            extra = set(entry) - set(COLOURS)
            if extra:
                raise DeckError("Card {rank}: a colour pair holds only \"red\" and \"black\", not {key}.",
                                rank=rank, key=_quote(sorted(extra)[0]))
            for colour in COLOURS:
                if colour not in entry:
                    raise DeckError("Card {rank}: the {colour} card is missing.", rank=rank, colour=Term(colour))
            out_cards[rank] = {c: _validate_entry(entry[c], Wording("Card {rank} ({colour})", rank=rank, colour=Term(c)))
                               for c in COLOURS}
        else:
            out_cards[rank] = _validate_entry(entry, Wording("Card {rank}", rank=rank))
    out = {"name": name, "cards": out_cards}
    mode = defn.get("mode")
    if mode is not None:
        if not isinstance(mode, str) or mode not in DEFAULT_DECKS:
            raise DeckError("Unknown mode {mode} (modes: {modes}).", mode=_quote(mode), modes=", ".join(DEFAULT_DECKS))
        out["mode"] = mode
    if len(json.dumps(out, ensure_ascii=False).encode()) > DECK_BYTES_MAX:
        raise DeckError("The deck is larger than {size} KB; shorten its texts.", size=DECK_BYTES_MAX // 1000)
    return out


def with_defaults(deck: dict) -> dict:
    """A deck saved inside a game, with every parameter the catalogue has
    gained since filled in with its default (the game plays on as it was)."""
    for entry in deck["cards"].values():
        for card in (entry[c] for c in COLOURS) if "red" in entry else (entry,):
            schema = EFFECTS.get(card.get("effect"), {}).get("params", {})
            params = card.setdefault("params", {})
            for name, spec in schema.items():
                params.setdefault(name, missing_value(spec))
    return deck


def entry_for(deck: dict, rank: str, colour: str) -> dict:
    """The entry of a normalised deck for a card of this rank and colour."""
    entry = deck["cards"][rank]
    return entry[colour] if "red" in entry else entry
