"""House variants: the drinking decks a house edited and saved under a name,
kept in the store for every room of the server.

The rules:
- only the decks a house can edit (``decks.DEFAULT_DECKS``' modes) have
  variants, and a deck is saved only as the deck validator reads it;
- a variant belongs to whoever saved it (``owners``: the device token the
  page keeps, else their seat's token or the table's host token, as hashes:
  ``Room.owner_tokens``):
  saving over or deleting somebody else's is refused ``forbidden`` (the
  store checks and saves in one step);
- a name that looks like another variant's (the same skeleton,
  ``names.py``, not only the same name in another case) is refused: the
  screens would show one name for two variants;
- a server keeps at most ``decks.VARIANTS_MAX``;
- a room lists the built-in decks, its people's own variants and those
  saved from it (``Room.house``), never another room's;
- a game started with a variant's name plays its deck, for its mode only.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.drinking import decks
from partyapp.games.kit.wording import wording_of
from partyapp.rooms.errors import BadRequest, Forbidden, Unavailable
from partyapp.rooms.names import skeleton
from partyapp.store import NotOwner, Store, StoreUnavailable, TooMany


def _unavailable() -> Unavailable:
    return Unavailable("The server cannot reach its store for a moment; try again.")


def deck_modes() -> list[str]:
    """The modes whose cards are a deck definition a house can edit."""
    return list(decks.DEFAULT_DECKS)


def listing(store: Store, mine: set[str], house: list[str]) -> dict:
    """What a room's sender may see: the built-in decks (``defaults``), the
    variants they own (``mine``) or that were saved from the room (named in
    ``house``), and the effect catalogue."""
    here = {n.casefold() for n in house}
    try:
        kept = store.list_variants()
    except StoreUnavailable:
        raise _unavailable() from None
    return {
        # decks saved before the catalogue gained a parameter show its default
        "variants": [{"name": v["name"], "mode": v["mode"], "updated": v["updated"],
                      "deck": decks.with_defaults(v["deck"]), "mine": v["owner"] in mine}
                     for v in kept if v["owner"] in mine or v["name"].casefold() in here],
        "defaults": {m: decks.default_deck(m) for m in deck_modes()},
        "catalogue": decks.catalogue(),
    }


def save(store: Store, name: str, mode: str, deck: Any, owners: list[str], now: float) -> dict:
    """Save (or replace) the variant ``name`` owned by the first of
    ``owners``; returns the deck as validated. Refused by the rules above,
    with the reason."""
    if mode not in deck_modes():
        raise BadRequest("mode must be one of {modes}", modes=", ".join(deck_modes()))
    try:
        deck = decks.validate_deck(deck)
    except ValueError as exc:
        raise BadRequest(wording_of(exc)) from None
    try:
        kept = store.list_variants()
    except StoreUnavailable:
        raise _unavailable() from None
    look = skeleton(name)
    twin = next((v["name"] for v in kept
                 if v["name"].casefold() != name.casefold() and skeleton(v["name"]) == look), None)
    if twin is not None:  # one name on the screens for two variants
        raise BadRequest("There is already a house variant called {name}, which looks the same; pick another name.",
                         name=repr(twin))
    try:
        store.save_variant(name, mode, deck, now, owners[0], allowed=owners, limit=decks.VARIANTS_MAX)
    except NotOwner:
        raise Forbidden("The house rules {name} were saved by somebody else: "
                        "save your copy under another name.", name=repr(name)) from None
    except TooMany:
        raise BadRequest("This server keeps at most {count} house variant; delete one first.|"
                         "This server keeps at most {count} house variants; delete one first.",
                         count=decks.VARIANTS_MAX) from None
    except StoreUnavailable:
        raise _unavailable() from None
    return deck


def delete(store: Store, name: str, owners: list[str]) -> None:
    """Delete the variant ``name``, one of ``owners``' own."""
    try:
        deleted = store.delete_variant(name, allowed=owners)
    except NotOwner:
        raise Forbidden("The house rules {name} were saved by somebody else: "
                        "only they can delete them.", name=repr(name)) from None
    except StoreUnavailable:
        raise _unavailable() from None
    if not deleted:
        raise BadRequest("There is no house variant {name}.", name=repr(name))


def deck_for(store: Store, name: str, mode: str) -> dict:
    """The deck of the variant ``name`` a game of ``mode`` starts with."""
    found = store.get_variant(name)
    if found is None or found["mode"] != mode:
        raise BadRequest("There is no house variant {name} for this mode.", name=repr(name))
    return found["deck"]
